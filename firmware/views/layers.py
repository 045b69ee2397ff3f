# Omweso's 32 pits in layers instead of 32 bitmaps: on the chip the board holds ~3 KB less and
# the lowest free heap of a game rose 2-4 KB (docs/performance.md, session 17).
# A pit's body and ring are the same picture everywhere, so one frame tile (4 colours) is shown
# by one TileGrid per half of the board (each half its body colour); a pit with a style (cursor,
# last move, capture...) gets one of a few overlay TileGrids showing that tile in the style's
# palette; the stones and counts are a 1-bit bitmap per row of pits on top; the pit numbers, in
# the ring's dark colour, are tiles of a strip of numbers, one TileGrid per row.
# Each pit is a LayerPit: the drawing of pit.Pit, into its place in its row's stone bitmap.
import displayio
from array import array
from engine.compat import const
from firmware.views import ui
from firmware.views.pit import Pit, FONT, glyph, box_outline

# overlays at most in use at once: BoardView.styles gives at most 5 single styles (last, cursor,
# hint, the sowing's pit, the next pit) and an Omweso capture 2 pits
_OVERLAYS = const(8)
_NONE = const(255)
# the stone bitmaps leave out the pit's ring (2 rows at top and bottom) and, in a pit with room
# for dots (Pit.show_dots), its body's edge: no stone or digit is drawn there
# (tests/test_app_omweso_board.py). 1.1 KB less at 320x240, and fewer pixels to redraw
_RING = const(2)


def _ink(color):
    # a 1-bit layer's palette: 0 clear, 1 the colour
    pal = displayio.Palette(2)
    pal[0] = 0
    pal.make_transparent(0)
    pal[1] = color
    return pal


class Layers:
    """Pits of pw x ph, `cols` per row, in two halves of `rows` rows (bottom half first; each
    half's top-left pit at origin[half], rows rh apart, columns cw apart). Pit k is row k // cols
    from the bottom, column k % cols."""

    def __init__(self, group, origins, cols, rows, cw, rh, pw, ph, bodies, numbers=16):
        self.cols = cols
        self.rows = rows
        self.cw = cw
        self.rh = rh
        self.pw = pw
        self.ph = ph
        self.bodies = bodies
        self.origins = origins
        n = 2 * rows * cols
        frame = displayio.Bitmap(cw, rh, 4)  # the pit's picture at its top left, gaps 0
        box_outline(frame, pw, ph)
        # the halves' palettes are opaque, the gaps the backdrop's colour: a TileGrid that covers
        # an area whole spares displayio the layers below it (~12% faster redraws on the chip)
        self.base = []
        for half in (0, 1):
            pal = displayio.Palette(4)
            pal[0] = ui.BG
            pal[1] = bodies[half]
            pal[2] = ui.STONE
            pal[3] = ui.RING
            tg = displayio.TileGrid(frame, pixel_shader=pal,
                                    width=cols, height=rows, tile_width=cw, tile_height=rh,
                                    x=origins[half][0], y=origins[half][1])
            group.append(tg)
            self.base.append(tg)
        self.over = []
        for _ in range(_OVERLAYS):
            tg = displayio.TileGrid(frame, pixel_shader=ui.palette(""), x=0, y=0)
            tg.hidden = True
            group.append(tg)
            self.over.append(tg)
        self.used = bytearray(_OVERLAYS)
        self.ov = bytearray(n)  # per pit: its overlay, or _NONE
        for k in range(n):
            self.ov[k] = _NONE
        # the stones: a 1-bit bitmap per row of pits, each shown whole by its own TileGrid, so a
        # change redraws only what changed (CircuitPython redraws the whole of a TileGrid whose
        # bitmap holds several tiles: one layer of 16 tiles made each frame ~0.5 s)
        pal = _ink(ui.STONE)
        self.stones = []
        dots = ph >= 30 and pw >= 22  # as Pit.show_dots
        self.y0 = y0 = 4 if dots else _RING  # the pit's first row in them (their height: theirs)
        for r in range(2 * rows):  # rows from the bottom
            b = displayio.Bitmap(cols * cw, ph - y0 - (3 if dots else _RING), 2)
            group.append(displayio.TileGrid(b, pixel_shader=pal, x=self.row_x(r),
                                            y=self.row_y(r) + y0))
            self.stones.append(b)
        # the numbers 0 .. numbers-1 and a blank, 3x5 font at Pit.number_origin (3, 3) of
        # the pit; a row of pits shows them through one TileGrid
        self.blank = numbers
        strip = displayio.Bitmap(cw * (numbers + 1), 5, 2)
        for i in range(numbers):  # pixel by pixel with fills: no tuple per pixel (garbage)
            x = i * cw
            for ch in str(i):
                k = glyph(ch)
                for r in range(5):
                    for c in range(3):
                        if FONT[k + r] & (4 >> c):
                            ui.rect(strip, x + c, r, 1, 1, 1)
                x += 4
        pal = _ink(ui.RING)
        self.nums = []
        for r in range(2 * rows):  # rows from the bottom
            tg = displayio.TileGrid(strip, pixel_shader=pal, width=cols, height=1,
                                    tile_width=cw, tile_height=5, default_tile=numbers,
                                    x=self.row_x(r) + 3, y=self.row_y(r) + 3)
            group.append(tg)
            self.nums.append(tg)
        # what each pit shows, in arrays (a pit object per pit held ~4 KB at 320x240 next to
        # the AI's search): the arguments of its last draw and what Pit.draw derived
        self.cnt = array("h", bytes(2 * n))
        self.sty = [""] * n
        self.bod = [0] * n
        self.arg = [None] * n   # draw()'s text
        self.big = bytearray(n)
        self.num = array("b", bytes(n))
        self.numd = bytearray(n)  # what Pit.draw derives: numbered,
        self.bigr = bytearray(n)  # big_r,
        self.tsc = bytearray(n)   # tsc
        self.txt = [""] * n       # and text (LayerPit.load)
        for k in range(n):
            self.cnt[k] = -1  # nothing drawn yet
            self.num[k] = -1
            self.tsc[k] = 1
        self.pen = LayerPit(self, 0)  # draws pit k (draw()): no object per pit

    def draw(self, k, count, style, body, big, text, num):
        """Pit k drawn as Pit.draw draws (True if its pixels were drawn again)."""
        pen = self.pen
        pen.k = k
        return pen.draw(count, style, body, big, text, num)

    def pit(self, k):
        """Pit k as an object of its own (the cursor's ring, the tests): a LayerPit with its
        state, made on each call."""
        p = LayerPit(self, k)
        p.load()
        # what the pit was last asked to show, as Pit keeps it
        p.state = None if self.cnt[k] < 0 else (self.cnt[k], self.sty[k], self.bod[k],
                                                 self.big[k], self.arg[k], self.num[k])
        return p

    def row_x(self, r):
        """Screen x of the first pit of row r (rows from the bottom)."""
        return self.origins[r // self.rows][0]

    def row_y(self, r):
        """Screen y of row r's pits (the half's top row of pits comes first in it)."""
        rows = self.rows
        return self.origins[r // rows][1] + (rows - 1 - r % rows) * self.rh

    def style(self, k, style, body):
        """Pit k shown with the style's ring and this body: an overlay unless it is the half's
        own look."""
        half = k // (self.rows * self.cols)
        o = self.ov[k]
        if style == "" and body == self.bodies[half]:
            if o != _NONE:
                self.over[o].hidden = True
                self.used[o] = 0
                self.ov[k] = _NONE
            return
        if o == _NONE:
            o = 0
            while o < _OVERLAYS and self.used[o]:
                o += 1
            if o == _OVERLAYS:
                return  # never (see _OVERLAYS): the pit keeps its plain ring
            self.used[o] = 1
            self.ov[k] = o
            tg = self.over[o]
            r = k // self.cols
            tg.x = self.row_x(r) + k % self.cols * self.cw
            tg.y = self.row_y(r)
            tg.hidden = False
        self.over[o].pixel_shader = ui.palette(style, body)


class LayerPit(Pit):
    """One pit of a Layers: Pit's drawing into its place in its row's 1-bit stone bitmap
    (stones and count; body, ring and number belong to the other layers)."""

    def __init__(self, layers, k):
        self.layers = layers
        self.k = k

    def _keep(self, count, style, body, big, text, num):
        L = self.layers
        k = self.k
        d = 2
        if L.cnt[k] == count and L.big[k] == big and L.arg[k] == text and L.num[k] == num:
            if L.sty[k] == style and L.bod[k] == body:
                return 0
            d = 1
        L.cnt[k] = count
        L.sty[k] = style
        L.bod[k] = body
        L.big[k] = big
        L.arg[k] = text
        L.num[k] = num
        return d

    def load(self):
        """Takes on pit k's drawing state from the arrays (what Pit.draw reads)."""
        L = self.layers
        k = self.k
        self.numbered = L.numd[k] != 0
        self.big_r = L.bigr[k]
        self.tsc = L.tsc[k]
        self.text = L.txt[k]

    def draw(self, count, style="", body=ui.BODY, big=0, text=None, num=-1):
        self.load()
        done = Pit.draw(self, count, style, body, big, text, num)
        L = self.layers
        k = self.k
        L.numd[k] = self.numbered
        L.bigr[k] = self.big_r
        L.tsc[k] = self.tsc
        L.txt[k] = self.text
        return done

    @property
    def ox(self):  # where the pit is in its row's stone bitmap
        return self.k % self.layers.cols * self.layers.cw

    @property
    def x(self):
        L = self.layers
        return L.row_x(self.k // L.cols) + self.ox

    @property
    def y(self):
        L = self.layers
        return L.row_y(self.k // L.cols)

    @property
    def w(self):
        return self.layers.pw

    @property
    def h(self):
        return self.layers.ph

    def _rect(self, x, y, w, h, v):
        # body (1) is the frame's: clear here; stones (2), ring-coloured marks (3): lit. The
        # stone bitmap holds the pit's rows from y0 on, as many as it is high (no others lit)
        L = self.layers
        b = L.stones[self.k // L.cols]
        y -= L.y0
        if y < 0:
            h += y
            y = 0
        if y + h > b.height:
            h = b.height - y
        ui.rect(b, self.ox + x, y, w, h, 1 if v >= 2 else 0)

    def _outline(self):
        self._rect(0, 0, self.w, self.h, 0)

    def _style(self, style, body):
        self.layers.style(self.k, style, body)

    def _number(self, num):
        L = self.layers
        L.nums[self.k // L.cols][self.k % L.cols] = num if 0 <= num < L.blank else L.blank

