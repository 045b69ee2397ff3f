# The board drawn straight to the panel (firmware/views/direct.py, issue 53): its pits and its
# lines, the pieces firmware/views/board.py's BoardView makes (with its Frame: the lines round
# the board and the AI's progress bar). One pen paints
# a pit's rectangles in screen colours: no bitmap or layout per pit, its geometry is its call's
# numbers, a half-moon's outline worked out once. A pit, a line, the bar is sent only when what
# it shows changed. (Names: the app's own where they fit, Pit, Label, Layers, Frame: every new
# name is interned on the chip for good, docs/architecture.md.)
from engine.compat import const
from firmware.views import ui, font

_CAPTURED = const(0xA03020)  # a capture's body

# The pits' counts and numbers in a 3x5 pixel font (no label per pit: 32 labels would not fit
# next to Omweso's search; its glyphs' picture: tests/pit_model.py FONT), each glyph a few
# rectangles, a fill each (no bit read while drawing: issue 53's sowing frames), in the order of
# "0123456789Q+*" ("*": a San-Yao son), two bytes each: x << 4 | y, width << 4 | height in font
# pixels; glyph k's at RECTS[AT[k]:AT[k + 1]] (FONT's lit pixels and only those: test_direct.py).
RECTS = (  # 0 1 / 2 3 / 4 5 / 6 7 / 8 9 / Q + * (overlaps: the same colour)
    b"\x00\x15\x20\x15\x10\x11\x14\x11" b"\x10\x15\x04\x31\x01\x11"
    b"\x00\x31\x02\x13\x12\x21\x14\x21\x21\x11" b"\x20\x15\x00\x21\x04\x21\x12\x11"
    b"\x20\x15\x00\x13\x12\x11" b"\x00\x13\x04\x31\x10\x21\x12\x21\x23\x11"
    b"\x00\x15\x22\x13\x10\x21\x12\x11\x14\x11" b"\x00\x31\x12\x13\x21\x11"
    b"\x00\x15\x20\x15\x10\x11\x12\x11\x14\x11" b"\x20\x15\x00\x13\x04\x21\x10\x11\x12\x11"
    b"\x20\x15\x00\x14\x10\x11\x13\x11" b"\x02\x31\x11\x13"
    b"\x02\x31\x11\x13\x00\x11\x04\x11\x20\x11\x24\x11"
)
AT = b"\x00\x08\x0e\x18\x20\x26\x30\x3a\x40\x4a\x54\x5c\x60\x6c"


_tiles = None  # the tiles of the line being sent (Label.send)


def pen(p, a):
    """Panel.draw's pen for everything here: a's own paint(p)."""
    a.paint(p)


def pit_pen(p, x, y, w, h, shape, m, st, tone):
    """A pit at x, y, w x h (its shape, a half-moon's outline m) showing state st (count, style,
    body, big, text, num: a Pit's) painted into panel p's strip: ring, body, big stone, seeds,
    count, number (in tone; None: the ring's colour, the plain ring's under the cursor). The
    seeds and count ui.STONE. Nothing allocated (a sowing's frames: tests/test_paint_alloc.py):
    no bound method kept (p.fill called as a method), a number's digits taken from the int."""
    count, style, body, big, text, num = st
    ring = ui.STYLE_RING.get(style, ui.RING)
    if tone is None:
        tone = ui.RING if style == "cursor" else ring
    if style == "capture":
        body = _CAPTURED
    box = shape == "box"
    if box:  # the body over the whole window (a fill of a whole strip is
        p.fill(x, y, w, h, body)  # ~10 times faster a pixel), the ring round it, corners clear
        p.fill(x + 1, y, w - 2, 2, ring)
        p.fill(x + 1, y + h - 2, w - 2, 2, ring)
        p.fill(x, y + 1, 2, h - 2, ring)
        p.fill(x + w - 2, y + 1, 2, h - 2, ring)
        p.fill(x, y, 1, 1, 0)
        p.fill(x + w - 1, y, 1, 1, 0)
        p.fill(x, y + h - 1, 1, 1, 0)
        p.fill(x + w - 1, y + h - 1, 1, 1, 0)
    else:  # the half-moon: its outline by columns (m: atlas.outline), those in this strip only
        p.fill(x, y, w, h, 0)  # (a tall one takes two strips on a turned 320x240 panel)
        t = p.turn
        lo = p.x0 if t == 0 else p.w - p.ch - p.y0 if t == 270 else p.y0 if t == 90 else \
            p.w - p.cw - p.x0  # the strip's first screen column
        hi = lo + (p.cw if t == 0 or t == 180 else p.ch)
        for i in range(lo - x if lo > x else 0, hi - x if hi - x < w else w):
            k = 4 * i
            if m[k + 1]:
                p.fill(x + i, y + m[k], 1, m[k + 1], ring)
            if m[k + 3]:
                p.fill(x + i, y + m[k + 2], 1, m[k + 3], body)
    dots = h >= 30 and w >= 22
    sc = 2 if h >= 18 and w >= 16 else 1
    th = 5 * sc + 3 if dots else 0
    top = 7 if num >= 0 else 0
    r = 0
    if big:
        if dots:
            r = (w if w < h else h) // 5
            cx = w // 2
            cy = h // 2 - th // 2
        else:
            r = (w if w < h else h) // 4
            cx = w // 2
            cy = h // 2 - r - 1
        p.fill(x + cx - r, y + cy - r, 2 * r, 2 * r, ring)
        p.fill(x + cx - r + 1, y + cy - r + 1, 2 * r - 2, 2 * r - 2, ui.STONE)
    if dots:
        d = 3 if w >= 28 and h >= 28 else 2
        s = d + 1
        if box:  # (one assignment a name: a tuple of them is made on the chip)
            x0 = 4
            x1 = w - 4
            y0 = 4 + top
            y1 = h - 3 - th
        else:
            y0 = h // 4 + top
            y1 = h - h // 4 - th
            x0 = 4 if shape == "right" else w // 3
            x1 = w - w // 3 if shape == "right" else w - 4
        n = count
        if big:  # rows from the top left, round the big stone
            yy = y0
            while yy + d <= y1 and n > 0:
                xx = x0
                while xx + d <= x1 and n > 0:
                    if not (cx - r - d <= xx <= cx + r and cy - r - d <= yy <= cy + r):
                        p.fill(x + xx, y + yy, d, d, ui.STONE)
                        n -= 1
                    xx += s
                yy += s
        elif n > 0 and x1 - x0 >= d and y1 - y0 >= d:  # a heap in the middle
            room = (x1 - x0 - d) // s + 1
            rows = (y1 - y0 - d) // s + 1
            cols = 1
            while cols * cols < n and cols < room:
                cols += 1
            while (n + cols - 1) // cols > rows and cols < room:
                cols += 1
            x0 += (room - cols) * s // 2
            used = (n + cols - 1) // cols
            used = used if used < rows else rows
            yy = y + y0 + (rows - used) * s // 2
            for _ in range(used):
                k = cols if n > cols else n
                xx = x + x0 + (cols - k) * s // 2
                for _ in range(k):
                    p.fill(xx, yy, d, d, ui.STONE)
                    xx += s
                n -= k
                yy += s
    t = text if text is not None else count  # (a count's digits drawn from the int: no str)
    n = _chars(t)
    if n * 4 * sc - sc > w - 4:
        sc = 1  # a long count in a small pit: the small digits, never cut off
    tw = 4 * sc * n - sc
    tx = w - tw - 4 if shape == "left" else 4 if shape == "right" else (w - tw) // 2
    if dots:
        ty = h - 5 * sc - 3 if box else h * 3 // 4 - 5 * sc // 2
    elif big and r:
        ty = h // 2 + 1
    else:
        ty = (h - 5 * sc) // 2 + (3 if top else 0)
    _glyphs(p, t, x, y, w, h, tx, ty, sc, ui.STONE)
    if num >= 0:
        tw = 4 * _chars(num) - 1
        if box:
            tx = ty = 3
        else:
            tx = w - tw - 3 if shape == "left" else 3
            ty = h // 4 - 2
        if not dots:  # a small pit (160x128): the number light on a dark tab in its corner
            p.fill(x + tx - 1, y + ty - 1, tw + 2, 6, ui.RING)  # (dark digits on the body
            tone = ui.STONE                                     # did not read, issue 55)
        _glyphs(p, num, x, y, w, h, tx, ty, 1, tone)


def same(st, count, style, body, big, text, num):
    """True if a pit's state st (Pit.state) shows these already: asked of every pit at every
    frame, so no tuple is made to compare (32 bytes a pit a frame: Omweso's 32 pits ~1 KB, a
    collection at almost every frame of a sowing, ~20 ms of the AI's search each)."""
    return st is not None and st[0] == count and st[1] == style and st[2] == body and \
        st[3] == big and st[4] == text and st[5] == num


_TEN = (1, 10, 100, 1000, 10000, 100000)


def _chars(t):
    """How many characters text t shows (an int: its digits)."""
    if type(t) is not int:
        return len(t)
    n = 1
    while n < 5 and t >= _TEN[n]:
        n += 1
    return n


def _glyphs(p, t, x, y, w, h, dx, dy, sc, color):
    """Text t in the 3x5 font at scale sc (an int: its digits), its top left at dx, dy of the
    pit at x, y (w x h: clipped to it), a fill each of its glyphs' rectangles (RECTS)."""
    n = _chars(t)
    inside = dx >= 0 and dy >= 0 and dx + 4 * sc * n - sc <= w and dy + 5 * sc <= h
    for j in range(n):
        if type(t) is int:
            k = t // _TEN[n - 1 - j] % 10
        else:
            k = "0123456789Q+*".find(t[j])
        if k >= 0:
            for i in range(AT[k], AT[k + 1], 2):
                a = RECTS[i]
                b = RECTS[i + 1]
                x0 = dx + (a >> 4) * sc
                y0 = dy + (a & 15) * sc
                x1 = x0 + (b >> 4) * sc
                y1 = y0 + (b & 15) * sc
                if not inside:  # (a long count: cut at the pit's edge)
                    x0 = x0 if x0 > 0 else 0
                    y0 = y0 if y0 > 0 else 0
                    x1 = x1 if x1 < w else w
                    y1 = y1 if y1 < h else h
                    if x0 >= x1 or y0 >= y1:
                        continue
                p.fill(x + x0, y + y0, x1 - x0, y1 - y0, color)
        dx += 4 * sc


class Pit:
    """One pit/square/hole/store on the panel, x, y, w, h, shape "box" or "left" / "right"
    (half-moons, flat side right/left): draw() sends its rectangle when what it shows changed
    (its state: count, style, body colour, big stone, text, number). Its body with seeds, the
    count in the 3x5 font, a ring in the style's colour, its number in the ring's colour but
    under the cursor (the plain ring's: it reads on the yellow), or in tone (Omweso's: dark)."""

    def __init__(self, screen, x, y, w, h, shape="box", tone=None):
        self.screen = screen
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.shape = shape
        self.rows = None  # a half-moon's outline, by code loaded while the view is made
        if shape != "box":  # (firmware/views/atlas.py; dropped by BoardView once it is made)
            from firmware.views import atlas
            self.rows = atlas.outline(w, h, shape)
        self.tone = tone
        self.state = None

    def draw(self, count, style="", body=ui.BODY, big=0, text=None, num=-1):
        st = self.state
        if same(st, count, style, body, big, text, num):
            return False
        self.state = (count, style, body, big, text, num)
        self.screen.draw(self.x, self.y, self.w, self.h, pen, self, True)  # (a gap round it)
        return True

    def paint(self, p):
        if self.state is not None:
            pit_pen(p, self.x, self.y, self.w, self.h, self.shape, self.rows, self.state, self.tone)


class Label:
    """A line of text on the panel, placed as label.label places a label.Label (x, y and the
    anchor's share of its width), on the black backdrop. Setting text or color marks it due;
    the view sends what is due once per update (Frame.send), the old text's place blacked out
    with the new."""

    def __init__(self, screen, x, y, color, anchor=(0, 0), due=None):
        self.screen = screen
        self.pos = (x, y)
        self.anchor = anchor
        self._text = ""
        self._color = color
        self.at = (x, 0)  # the drawn text's left and width
        self.due = due  # the list it joins when changed (None: sent at once)

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, t):
        self._text = t
        self.mark()

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, c):
        self._color = c
        self.mark()

    def mark(self):
        if self.due is None:
            self.send()
        elif self not in self.due:
            self.due.append(self)

    def send(self):
        global _tiles  # its tiles while it is sent (its strips need not decode it again)
        t = self._text
        b = font.buf
        if len(t) > len(b):
            b = bytearray(len(t))
        n = font.decode(t, b)
        _tiles = memoryview(b)[:n & 0xFFFF]
        tw = (n >> 16 & 0x7F) * ui.CH_W
        x = self.pos[0] - round(self.anchor[0] * tw)
        x0, w0 = self.at
        left = x if x < x0 or not w0 else x0
        right = x + tw if x + tw > x0 + w0 else x0 + w0
        self.at = (x, tw)
        if right > left:
            self.screen.draw(left, self.pos[1], right - left, ui.CH_H, pen, self)
        _tiles = None  # (not kept: font.buf is every line's)

    def paint(self, p):
        p.fill(0, 0, p.w, p.h, 0)
        p.glyphs(self.at[0], self.pos[1], _tiles, self._color)
