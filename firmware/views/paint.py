# The board drawn straight to the panel (firmware/views/direct.py, issue 53): its pits, lines
# and the AI's progress bar, the picture of displayio's board (firmware/views/pit.py, layers.py,
# label.py, ui.Frame: tests/test_paint.py, tests/test_paint_board.py compare them pixel for
# pixel). One pen paints a pit's rectangles in screen colours: no bitmap or layout per pit, its
# geometry is its call's numbers, a half-moon's outline worked out once. A pit, a line, the bar
# is sent only when what it shows changed. (Names: the app's own where they fit, Pit, Label,
# Layers, Frame: every new name is interned on the chip for good, docs/architecture.md.)
import displayio
from engine.compat import const
from firmware.views import ui, label
from firmware.views.pit import FONT, glyph

_CAPTURED = const(0xA03020)  # a capture's body (ui.palette)
_BAR_W = const(30)  # the AI's progress bar at least (ui.Frame's)


def _outline(w, h, shape):
    """A w x h half-moon's outline as pit.Pit._outline draws it (its rows' spans: the ring's,
    the body's over it), as column spans: per column i, bytes 4i..4i+3 = the ring's first row
    and rows, the body's first row and rows (each column's are one run: the shape is convex).
    Drawn by columns, a 114-pixel-tall half-moon is 2 fills a column, not 2 a row. Made once."""
    b = bytearray(4 * w)
    left = shape == "left"
    cx = w - 1 if left else 0
    for inner in (0, 2):
        rx = w - 1 - inner
        ry = h // 2 - inner
        for j in range(inner, h - inner):
            dy = (2 * j + 1 - h) / 2.0
            t = 1.0 - (dy * dy) / (ry * ry)
            if t <= 0:
                continue
            span = int(rx * (t ** 0.5))
            n = span + 1 if not inner else (span - 1 if span > 1 else 0)
            x = cx - span if left else (0 if not inner else 2)
            for i in range(x, x + n):
                k = 4 * i + inner
                if not b[k + 1]:
                    b[k] = j
                b[k + 1] = j + 1 - b[k]
    return b


def pen(p, a):
    """Panel.draw's pen for everything here: a Label's or a Frame's own (a.paint), else pit
    a = (x, y, w, h, shape, its half-moon's outline, count, body, ring, big, text, num, the
    number's colour) painted into panel p's strip: ring, body, big stone, seeds, count, number.
    body and ring are colours (a style's: ui.palette), the seeds and count ui.STONE."""
    if type(a) is not tuple:
        return a.paint(p)
    x, y, w, h, shape, m, count, body, ring, big, text, num, tone = a
    fill = p.fill
    box = shape == "box"
    if box:  # pit.box_outline: the body over the whole window (a fill of a whole strip is
        fill(x, y, w, h, body)  # ~10 times faster a pixel), the ring round it, corners clear
        fill(x + 1, y, w - 2, 2, ring)
        fill(x + 1, y + h - 2, w - 2, 2, ring)
        fill(x, y + 1, 2, h - 2, ring)
        fill(x + w - 2, y + 1, 2, h - 2, ring)
        fill(x, y, 1, 1, 0)
        fill(x + w - 1, y, 1, 1, 0)
        fill(x, y + h - 1, 1, 1, 0)
        fill(x + w - 1, y + h - 1, 1, 1, 0)
    else:  # the half-moon: its outline by columns (m: _outline), those in this strip only
        fill(x, y, w, h, 0)  # (a tall one takes two strips on a turned 320x240 panel)
        t = p.turn
        lo = p.x0 if t == 0 else p.w - p.ch - p.y0 if t == 270 else p.y0 if t == 90 else \
            p.w - p.cw - p.x0  # the strip's first screen column
        hi = lo + (p.cw if t == 0 or t == 180 else p.ch)
        for i in range(lo - x if lo > x else 0, hi - x if hi - x < w else w):
            k = 4 * i
            if m[k + 1]:
                fill(x + i, y + m[k], 1, m[k + 1], ring)
            if m[k + 3]:
                fill(x + i, y + m[k + 2], 1, m[k + 3], body)
    dots = h >= 30 and w >= 22  # Pit.show_dots
    sc = 2 if h >= 18 and w >= 16 else 1  # Pit.sc
    th = 5 * sc + 3 if dots else 0  # Pit.text_h
    top = 7 if num >= 0 else 0
    r = 0
    if big:  # Pit._big_box
        if dots:
            r = (w if w < h else h) // 5
            cx = w // 2
            cy = h // 2 - th // 2
        else:
            r = (w if w < h else h) // 4
            cx = w // 2
            cy = h // 2 - r - 1
        fill(x + cx - r, y + cy - r, 2 * r, 2 * r, ring)
        fill(x + cx - r + 1, y + cy - r + 1, 2 * r - 2, 2 * r - 2, ui.STONE)
    if dots:
        d = 3 if w >= 28 and h >= 28 else 2  # Pit.dot
        s = d + 1
        if box:  # Pit._area
            x0, x1, y0, y1 = 4, w - 4, 4 + top, h - 3 - th
        else:
            y0 = h // 4 + top
            y1 = h - h // 4 - th
            x0, x1 = (4, w - w // 3) if shape == "right" else (w // 3, w - 4)
        n = count
        if big:  # rows from the top left, round the big stone (Pit._dots)
            yy = y0
            while yy + d <= y1 and n > 0:
                xx = x0
                while xx + d <= x1 and n > 0:
                    if not (cx - r - d <= xx <= cx + r and cy - r - d <= yy <= cy + r):
                        fill(x + xx, y + yy, d, d, ui.STONE)
                        n -= 1
                    xx += s
                yy += s
        elif n > 0 and x1 - x0 >= d and y1 - y0 >= d:  # a heap in the middle (Pit._cluster)
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
                    fill(xx, yy, d, d, ui.STONE)
                    xx += s
                n -= k
                yy += s
    t = text if text is not None else str(count)
    if len(t) * 4 * sc - sc > w - 4:
        sc = 1  # a long count in a small pit: the small digits, never cut off (Pit.draw)
    tw = 4 * sc * len(t) - sc  # Pit.text_origin
    tx = w - tw - 4 if shape == "left" else 4 if shape == "right" else (w - tw) // 2
    if dots:
        ty = h - 5 * sc - 3 if box else h * 3 // 4 - 5 * sc // 2
    elif big and r:
        ty = h // 2 + 1
    else:
        ty = (h - 5 * sc) // 2 + (3 if top else 0)
    _glyphs(p, t, x, y, w, h, tx, ty, sc, ui.STONE)
    if num >= 0:  # Pit.number_origin
        t = str(num)
        tw = 4 * len(t) - 1
        if box:
            tx = ty = 3
        else:
            tx = w - tw - 3 if shape == "left" else 3
            ty = h // 4 - 2
        _glyphs(p, t, x, y, w, h, tx, ty, 1, tone)


def _glyphs(p, t, x, y, w, h, dx, dy, sc, color):
    """Text t in pit.py's 3x5 font at scale sc, its top left at dx, dy of the pit at x, y (w x
    h: clipped to it), each run of lit pixels in a glyph's row one fill (Pit._glyphs)."""
    fill = p.fill
    for ch in t:
        k = glyph(ch)
        if k >= 0:
            for r in range(5):
                bits = FONT[k + r]
                y0 = dy + r * sc
                y1 = y0 + sc
                y0 = y0 if y0 > 0 else 0
                y1 = y1 if y1 < h else h
                c = 0
                while c < 3 and y0 < y1:
                    if bits & (4 >> c):
                        c1 = c + 1
                        while c1 < 3 and bits & (4 >> c1):
                            c1 += 1
                        x0 = dx + c * sc
                        x1 = dx + c1 * sc
                        x0 = x0 if x0 > 0 else 0
                        x1 = x1 if x1 < w else w
                        if x0 < x1:
                            fill(x + x0, y + y0, x1 - x0, y1 - y0, color)
                        c = c1
                    else:
                        c += 1
        dx += 4 * sc


class Pit:
    """A pit on the panel (pit.Pit's place and picture, no bitmap): draw() (pit.Pit.draw's
    arguments) sends its rectangle when what it shows changed. Its number is in the ring's
    colour but for the cursor (the displayio board rings the cursor with bars over a plain
    pit), or in tone (Omweso's: a strip of dark numbers there)."""

    def __init__(self, screen, x, y, w, h, shape="box", tone=None):
        self.screen = screen
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.shape = shape
        self.rows = None if shape == "box" else _outline(w, h, shape)  # a half-moon's
        self.tone = tone
        self.state = None

    def draw(self, count, style="", body=ui.BODY, big=0, text=None, num=-1):
        st = (count, style, body, big, text, num)
        if st == self.state:
            return False
        self.state = st
        ring = ui.STYLE_RING.get(style, ui.RING)
        tone = self.tone if self.tone is not None else ui.RING if style == "cursor" else ring
        x, y, w, h = self.x, self.y, self.w, self.h
        self.screen.draw(x, y, w, h, pen, (x, y, w, h, self.shape, self.rows, count,
                                           _CAPTURED if style == "capture" else body, ring,
                                           big, text, num, tone))
        return True


class Layers:
    """Omweso's pits on the panel, placed as views/layers.py's Layers places them (pit k: row
    k // cols from the bottom, column k % cols; each half's top-left pit at origins[half]),
    their numbers dark as there."""

    def __init__(self, screen, origins, cols, rows, cw, rh, pw, ph):
        self.cols = cols
        self.rows = rows
        self.origins = origins
        self.rh = rh
        self.pits = [Pit(screen, self.row_x(k // cols) + k % cols * cw, self.row_y(k // cols),
                         pw, ph, "box", ui.RING) for k in range(2 * rows * cols)]

    def row_x(self, r):
        return self.origins[r // self.rows][0]

    def row_y(self, r):
        rows = self.rows
        return self.origins[r // rows][1] + (rows - 1 - r % rows) * self.rh

    def draw(self, k, count, style, body, big, text, num):
        return self.pits[k].draw(count, style, body, big, text, num)

    def pit(self, k):
        return self.pits[k]


class Label:
    """A line of text on the panel, placed as ui.label places a label.Label (x, y and the
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
        t = self._text
        L = label.Label
        n = L.decode(None, t, L.buf if len(t) <= len(L.buf) else bytearray(len(t)))
        tw = (n >> 16 & 0x7F) * ui.CH_W
        x = self.pos[0] - round(self.anchor[0] * tw)
        x0, w0 = self.at
        left = x if x < x0 or not w0 else x0
        right = x + tw if x + tw > x0 + w0 else x0 + w0
        self.at = (x, tw)
        if right > left:
            self.screen.draw(left, self.pos[1], right - left, ui.CH_H, pen, self)

    def paint(self, p):
        p.fill(0, 0, p.w, p.h, 0)
        p.glyphs(self.at[0], self.pos[1], self._text, self._color)


class Frame:
    """ui.Frame's lines and the AI's progress bar, on the panel: the bar is sent after the
    lines (the think line's place is under it, as in ui.Frame)."""

    def __init__(self, screen, w, h, due):
        self.w = w
        self.h = h
        self.screen = screen
        self.due = due
        self.status = Label(screen, 2, 1, ui.TEXT, (0, 0), due)
        self.think = Label(screen, w - 2, 1, ui.YELLOW, (1.0, 0), due)
        self.msg = Label(screen, w // 2, h - ui.CH_H - 1, ui.YELLOW, (0.5, 0), due)
        self.bar_w = max(_BAR_W, w // 5)
        self.bar_v = -2
        self.state = (None, 0)

    def progress(self, v, tick=0):
        """As ui.Frame.progress: the AI's progress v (0-100), a sweeping block when v < 0, the
        bar gone (black) when v is None."""
        bw = self.bar_w
        key = -2 if v is None else v if v >= 0 else -10 - tick % (bw - 6)
        if key == self.bar_v:
            return
        self.bar_v = key
        self.state = (v, tick)
        Label.mark(self)

    def send(self):
        """What is due: the changed lines, then the bar (again, if the think line was sent
        under it)."""
        due = self.due
        if self.think in due and self not in due and self.bar_v != -2:
            due.append(self)
        for t in due:
            if t is not self:
                t.send()
        if self in due:
            self.screen.draw(self.w - self.bar_w - 3, 2, self.bar_w, ui.BAR_H, pen, self)
        del due[:]

    def paint(self, p):
        v, tick = self.state
        x = self.w - self.bar_w - 3
        bw = self.bar_w
        if v is None:
            p.fill(x, 2, bw, ui.BAR_H, 0)
            return
        p.fill(x, 2, bw, ui.BAR_H, ui.DIM)
        p.fill(x, 2, bw, 1, ui.YELLOW)
        p.fill(x, 1 + ui.BAR_H, bw, 1, ui.YELLOW)
        if v >= 0:
            p.fill(x, 3, bw * min(v, 100) // 100, ui.BAR_H - 2, ui.YELLOW)
        else:
            p.fill(x + tick % (bw - 6), 3, 6, ui.BAR_H - 2, ui.YELLOW)


def view(View, w, h, s, screen):
    """The board of a game's View class (a views/board.py BoardView) drawn on the panel screen
    (a direct.Panel): its pieces are this module's, what changed is sent at each update, and
    the displayio group stays empty. (The app does not use it yet: issue 53.)"""

    class BoardView(View):
        def __init__(self):
            self.screen = screen
            self.due = []  # the lines changed since the last send (Frame.send)
            View.__init__(self, w, h, s)
            self.group = displayio.Group()  # (the displayio frame's labels go)
            self.frame = Frame(screen, w, h, self.due)

        def label(self, x, y, color):
            return Label(screen, x, y, color, (0.5, 0), self.due)

        def pit(self, x, y, w, h, shape="box"):
            return Pit(screen, x, y, w, h, shape)

        def grid(self, at, cw, rh, pw):
            return Layers(screen, at, 8, 2, cw, rh, pw, rh - 2)

        def ring(self, s, st):
            pass  # (a pit here is drawn with its ring: a cursor step sends two pits)

        def tick(self, s):
            done = View.tick(self, s)
            self.frame.send()
            return done

        def update(self, s):
            View.update(self, s)
            self.frame.send()

    return BoardView()
