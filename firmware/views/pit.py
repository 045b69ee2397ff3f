# A pit drawn into one small 4-colour bitmap: body, stone dots, a ring showing its state and the
# count in a 3x5 font (the board screens' only: not loaded with the menus). Omweso's layered pits
# (views/layers.py) draw the same way into shared row bitmaps.
import displayio
from firmware.views.ui import palette, rect, BODY

# A 3x5 pixel font for the counts drawn into the pit bitmaps (no label object per pit: 32 labels,
# each a Group, a TileGrid, a palette and a bitmap, would not fit next to Omweso's search).
# Each glyph: 5 rows of 3 bits, top row first, in one bytes constant (a dict of tuples held ~0.4 KB
# more heap on the chip), in the order of "0123456789Q+*": glyph(ch) says where a character's rows
# start.
FONT = (
    b"\x07\x05\x05\x05\x07"  # 0
    b"\x02\x06\x02\x02\x07"  # 1
    b"\x07\x01\x07\x04\x07"  # 2
    b"\x07\x01\x03\x01\x07"  # 3
    b"\x05\x05\x07\x01\x01"  # 4
    b"\x07\x04\x07\x01\x07"  # 5
    b"\x07\x04\x07\x05\x07"  # 6
    b"\x07\x01\x02\x02\x02"  # 7
    b"\x07\x05\x07\x05\x07"  # 8
    b"\x07\x05\x07\x01\x07"  # 9
    b"\x07\x05\x05\x07\x01"  # Q
    b"\x00\x02\x07\x02\x00"  # +
    b"\x05\x02\x07\x02\x05"  # * (a San-Yao son: its "s" read as a 5, "s9" as 59)
)


def glyph(ch):
    """Where character ch's five rows start in FONT; -1 if the font has no glyph for it."""
    i = "0123456789Q+*".find(ch)
    return i * 5 if i >= 0 else -1


def box_outline(bmp, w, h):
    """A box pit's ring (3) and body (1), rounded corners clear, at the top left of bmp."""
    rect(bmp, 1, 0, w - 2, h, 3)
    rect(bmp, 0, 1, w, h - 2, 3)
    rect(bmp, 2, 2, w - 4, h - 4, 1)


class Pit:
    """One pit/square/hole/store: a body with stone dots, a ring showing its state and the count
    drawn with the 3x5 font, all in one 4-colour bitmap (0 clear, 1 body, 2 stones and digits,
    3 ring). shape: "box", "left" / "right" (half-moons, flat side right/left)."""

    # Few attributes per pit (Omweso has 32 of them next to the AI's search): the bitmap, its
    # TileGrid, what is drawn; position, size and the layout numbers are derived from them.
    shape = "box"
    big_r = 0
    tsc = 1           # the scale the count is drawn at (sc, or 1 when it would not fit)
    numbered = False  # the pit's number is drawn in its top corner (move texts refer to it)
    text = ""         # the count as drawn (a son's "*4" in San-Yao)

    def __init__(self, group, x, y, w, h, shape="box"):
        if shape != "box":
            self.shape = shape
        self.bmp = displayio.Bitmap(w, h, 4)
        self.tg = displayio.TileGrid(self.bmp, pixel_shader=palette(""), x=x, y=y)
        group.append(self.tg)
        self.state = None
        self._outline()

    @property
    def x(self):
        return self.tg.x

    @property
    def y(self):
        return self.tg.y

    @property
    def w(self):
        return self.bmp.width

    @property
    def h(self):
        return self.bmp.height

    def _rect(self, x, y, w, h, v):
        # every pixel the pit draws goes through here (views/layers.py draws elsewhere)
        rect(self.bmp, x, y, w, h, v)

    def _style(self, style, body):
        self.tg.pixel_shader = palette(style, body)

    @property
    def dot(self):
        return 3 if self.w >= 28 and self.h >= 28 else 2

    @property
    def show_dots(self):
        return self.h >= 30 and self.w >= 22

    @property
    def sc(self):
        return 2 if (self.h >= 18 and self.w >= 16) else 1

    @property
    def text_h(self):
        return 5 * self.sc + 3 if self.show_dots else 0

    def _outline(self):
        w = self.w
        h = self.h
        self._rect(0, 0, w, h, 0)
        if self.shape == "box":
            box_outline(self.bmp, w, h)
            return
        # half-moon: an ellipse cut in half; flat side towards the board centre
        cx = w - 1 if self.shape == "left" else 0
        for inner in (0, 2):
            rx = w - 1 - inner
            ry = h // 2 - inner
            for j in range(inner, h - inner):
                dy = (2 * j + 1 - h) / 2.0
                t = 1.0 - (dy * dy) / (ry * ry)
                if t <= 0:
                    continue
                span = int(rx * (t ** 0.5))
                v = 3 if not inner else 1
                n = span + 1 if not inner else (span - 1 if span > 1 else 0)
                if self.shape == "left":
                    self._rect(cx - span, j, n, 1, v)
                else:
                    self._rect(0 if not inner else 2, j, n, 1, v)

    def _area(self):
        """(x0, x1, y0, y1): where the dots go (below the pit's number, if any)."""
        top = 7 if self.numbered else 0
        if self.shape == "box":
            return 4, self.w - 4, 4 + top, self.h - 3 - self.text_h
        y0 = self.h // 4 + top
        if self.shape == "right":
            return 4, self.w - self.w // 3, y0, self.h - self.h // 4 - self.text_h
        return self.w // 3, self.w - 4, y0, self.h - self.h // 4 - self.text_h

    def slots(self):
        """The room's dot positions (x, y), rows from the top left: how many seeds fit
        (capacity). A pit with a big stone draws its seeds there; others as a heap (_cluster)."""
        d = self.dot
        s = d + 1
        x0, x1, y0, y1 = self._area()
        out = []
        y = y0
        while y + d <= y1:
            x = x0
            while x + d <= x1:
                out.append((x, y))
                x += s
            y += s
        return out

    def _dots(self, n, big):
        """Draw the first n free dots (the order of _free) without building the list: drawing
        allocates nothing that stays, and no list next to the AI's buffers."""
        d = self.dot
        s = d + 1
        x0, x1, y0, y1 = self._area()
        if big:
            r, cx, cy = self._big_box()
        elif n > 0 and x1 - x0 >= d and y1 - y0 >= d:
            return self._cluster(n, d, s, x0, x1, y0, y1)
        y = y0
        while y + d <= y1 and n > 0:
            x = x0
            while x + d <= x1 and n > 0:
                if not (big and cx - r - d <= x <= cx + r and cy - r - d <= y <= cy + r):
                    self._rect(x, y, d, d, 2)
                    n -= 1
                x += s
            y += s
        return n  # the seeds that did not fit

    def _cluster(self, n, d, s, x0, x1, y0, y1):
        """n dots in the middle of the room, as a heap of seeds lies (not rows from a corner):
        full rows centred, the last row centred under them. The seeds that did not fit."""
        room = (x1 - x0 - d) // s + 1
        rows = (y1 - y0 - d) // s + 1
        cols = 1  # about as many across as down: a heap, not a line
        while cols * cols < n and cols < room:
            cols += 1
        while (n + cols - 1) // cols > rows and cols < room:
            cols += 1
        x0 += (room - cols) * s // 2
        used = (n + cols - 1) // cols
        used = used if used < rows else rows
        y = y0 + (rows - used) * s // 2
        left = n
        for _ in range(used):
            k = cols if left > cols else left
            x = x0 + (cols - k) * s // 2
            for _ in range(k):
                self._rect(x, y, d, d, 2)
                x += s
            left -= k
            y += s
        return left

    def _big_box(self):
        if not self.show_dots:  # a small pit: the big stone above the count
            r = min(self.w, self.h) // 4
            return r, self.w // 2, self.h // 2 - r - 1
        r = min(self.w, self.h) // 5
        return r, self.w // 2, self.h // 2 - self.text_h // 2

    def text_origin(self, text):
        """Top-left (in the pit) of the count text (drawn at scale tsc)."""
        sc = self.tsc
        tw = 4 * sc * len(text) - sc
        if self.shape == "left":
            x = self.w - tw - 4
        elif self.shape == "right":
            x = 4
        else:
            x = (self.w - tw) // 2
        if self.show_dots:
            y = self.h - 5 * sc - 3 if self.shape == "box" else self.h * 3 // 4 - 5 * sc // 2
        elif self.big_r:
            y = self.h // 2 + 1  # under the big stone
        else:
            y = (self.h - 5 * sc) // 2 + (3 if self.numbered else 0)
        return x, y

    def number_origin(self, n):
        """Top-left of the pit's number (3x5 font, scale 1): a top corner, the flat side of a
        half-moon."""
        tw = 4 * len(str(n)) - 1
        if self.shape == "left":
            return self.w - tw - 3, self.h // 4 - 2
        if self.shape == "right":
            return 3, self.h // 4 - 2
        return 3, 3

    def draw(self, count, style="", body=BODY, big=0, text=None, num=-1):
        """count seeds as dots (the count as a number only when they do not all fit, or a text
        given), the big stone when big, the pit's number num in a corner (-1: none). True if its
        pixels were drawn again (not only its colours changed)."""
        d = self._keep(count, style, body, big, text, num)
        if d == 0:  # unchanged: nothing drawn and nothing allocated (every redraw)
            return False
        if d == 1:  # only the ring or body colour: another palette, the bitmap as it is (a
            self._style(style, body)  # cursor step redraws no pixel of its own)
            return False
        # an attribute is set only when it differs from the class's default (each one set
        # makes a pit's object bigger: Omweso has 32 next to the AI's search)
        if self.numbered != (num >= 0):
            self.numbered = num >= 0
        self._style(style, body)
        if self.shape != "box":
            self._outline()
        else:
            self._rect(2, 2, self.w - 4, self.h - 4, 1)
        if self.big_r:
            self.big_r = 0
        if big:
            r, cx, cy = self._big_box()
            self._rect(cx - r, cy - r, 2 * r, 2 * r, 3)
            self._rect(cx - r + 1, cy - r + 1, 2 * r - 2, 2 * r - 2, 2)
            self.big_r = r
        if self.show_dots:  # seeds as seeds, and the count under them (issue 31: no counting
            self._dots(count, big)  # dots in rows of 9 at 320x240)
        t = text if text is not None else str(count)
        sc = self.sc
        if len(t) * 4 * sc - sc > self.w - 4:
            sc = 1  # a long count in a small pit: the small digits, never cut off
        if sc != self.tsc:
            self.tsc = sc
        if t != self.text:
            self.text = t
        x, y = self.text_origin(t)
        self._glyphs(t, x, y, sc, 2)
        self._number(num)
        return True

    def _keep(self, count, style, body, big, text, num):
        """Remembers what draw() was asked: 0 if it is what the pit shows, 1 if only its colours
        (style, body) differ, 2 if its pixels do."""
        st = self.state
        d = 2
        if st is not None and st[0] == count and st[3] == big and st[4] == text and \
                st[5] == num:
            if st[1] == style and st[2] == body:
                return 0
            d = 1
        self.state = (count, style, body, big, text, num)
        return d

    def _number(self, num):
        if num >= 0:
            x, y = self.number_origin(num)
            self._glyphs(str(num), x, y, 1, 3)

    def _glyphs(self, t, x, y, sc, v):
        """Text t in the 3x5 font at scale sc, colour index v (the pixels of glyph_pixels() in
        tests/test_app_render.py), clipped to the pit. Each run of lit pixels in a glyph row is one fill: writing pixel by
        pixel would make a tuple per pixel (~18 KB of garbage for a first Omweso board)."""
        w = self.w
        h = self.h
        for ch in t:
            k = glyph(ch)
            if k >= 0:
                for r in range(5):
                    bits = FONT[k + r]
                    y0 = y + r * sc
                    y1 = y0 + sc
                    y0 = y0 if y0 > 0 else 0
                    y1 = y1 if y1 < h else h
                    c = 0
                    while c < 3 and y0 < y1:
                        if bits & (4 >> c):
                            c1 = c + 1
                            while c1 < 3 and bits & (4 >> c1):
                                c1 += 1
                            x0 = x + c * sc
                            x1 = x + c1 * sc
                            x0 = x0 if x0 > 0 else 0
                            x1 = x1 if x1 < w else w
                            if x0 < x1:
                                self._rect(x0, y0, x1 - x0, y1 - y0, v)
                            c = c1
                        else:
                            c += 1
            x += 4 * sc
