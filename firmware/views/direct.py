# Pictures sent straight to the panel, without displayio's compositor (issue 53): a screen
# rectangle is drawn with fills (bitmaptools, C speed) into a strip of RGB565 pixels, then sent
# as CASET/RASET/RAMWR over the display's own bus. displayio composes every layer under every
# pixel (~5 us a pixel a layer on the chip); a strip costs the fills plus the SPI time.
#
# Addressing: the panel is addressed as displayio addresses it, in the panel's own (controller)
# coordinates: the display's rotation is applied here (0/90/180/270, as displayio's core does)
# and the board's offset (colstart, rowstart: boards/*.py OFFSET) added; the panel's MADCTL is
# never changed, so displayio's refreshes and these writes agree (tools/emu/README.md).
# A strip's pixels are stored byte-swapped, so that its Bitmap's memory is the big-endian stream
# the panel reads; its width (in controller columns) even, so that its rows have no padding.
import gc

import bitmaptools
import displayio
from engine.compat import const
from firmware.views import font
from firmware.common import unload

_fill = bitmaptools.fill_region
_blit = bitmaptools.blit
# (the desktop's Blinka bitmaptools has no replace_color, nor its Bitmap a buffer: there the
# panel's bus, boards/headless.py FrameBus, does those two)
_swap = getattr(bitmaptools, "replace_color", None)

_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
# a strip's bytes at most: the strips of every width drawn so far share it (a 320x240 screen
# goes out in strips of 12 rows; a 40x40 pit in one)
_BUDGET = const(8192)
# A line of text (a window at most _LINE pixels tall on the screen) goes out in pieces of one
# size, so that every line goes through the same small strip and a pit's strip stays beside it:
# a line's strip as wide as its text (a new width for each text) let the pit's strip go, and
# the pit's the line's, each a new strip of 2-5 KB, and the heap they left was collected
# inside the picture (a cursor step on the Display Pack 2.0 31 ms median, 41 max, 2026-12-06).
# Upright, a line is sent in pieces _PIECE columns wide (the last one overlapping the one
# before it), turned, a line's strip holds _PIECE rows at most.
_LINE = const(16)
_PIECE = const(64)
# The garbage a piece's drawing leaves, as the panel counts it (strip(): when to collect): 1 KB,
# though a square of the Display Pack 2.0 leaves ~0.5 KB on the chip and a line ~0.45 KB
# (2026-12-06). Counted 0.5 KB, the pictures collected less often inside themselves but more
# often at the start of the next frame: a sowing frame's chip time 17 -> 21 ms median on the
# Display Pack 2.0, and the lowest free heap of a run 1.5 KB lower (the PicoPad's San-Yao).
_LEFT = const(1024)


class Panel:
    """The panel of a w x h screen on `bus` (anything with send(command, data): fourwire.FourWire,
    or boards/headless.py's FrameBus) turned by `rotation` as displayio turns it, its screen's
    first pixel at controller column, row `offset`. (Its names are ones the app already has but
    Panel: each new name is interned on the chip for good, docs/architecture.md.)"""

    def __init__(self, bus, w, h, rotation=0, offset=(0, 0), budget=_BUDGET):
        self.bus = bus
        self.w = w
        self.h = h
        self.turn = rotation % 360
        self.offset = offset
        self.budget = budget
        self.buf = []  # the strips: [Bitmap, its memoryview, its part last sent], the most
        #                recently used last
        self.arg = bytearray(4)  # CASET / RASET's arguments, made once
        self.bmp = self.mv = None  # the strip being drawn (its memoryview: the chip's only),
        # and its window in controller coordinates:
        self.x0 = self.y0 = self.cw = self.ch = 0  # first column, first row, width, rows
        self.waste = 0  # the bytes of strips let go since the last collection (strip())
        self.total = 0  # pixels sent since made (tests: a change sends only its rectangle)
        self.last = -1  # the colour of the last fill, and its strip value
        self.code = 0
        self.font = None  # the labels' atlas turned as the panel is (glyphs())

    def strip(self, cw, ch):
        """The strip for a window cw controller columns wide and ch rows (its Bitmap an even
        number of columns wide, ch rows rounded up to 16s or what the budget allows: a taller
        window goes out in several strips), made when no strip of that width has the rows. The
        strips together stay within the budget: the least recently used go first (a pit's, a
        line's and a half-moon's strips are kept from frame to frame where they fit)."""
        ew = cw + (cw & 1)
        rows = self.budget // (2 * ew)
        if ew <= _LINE:  # a line on a turned panel (a column of its text's cells)
            rows = min(rows, _PIECE)
        rows = min(rows, (ch + 15) & ~15) if rows > 0 else 1
        buf = self.buf
        for i in range(len(buf)):
            s = buf[i]
            if s[0].width == ew and s[0].height >= rows:
                for j in range(i, len(buf) - 1):  # the most recently used last (moved in
                    buf[j] = buf[j + 1]  # place: a pop and an append grew the list again at
                buf[-1] = s  # every other frame of a sowing, the lines' strip used in between)
                return s
        used = 2 * ew * rows
        n = 0  # the bytes of the strips let go (garbage until the next collection)
        for s in buf:
            n += 2 * s[0].width * s[0].height
        keep = []  # (a shorter one of this width goes; a loop, not a comprehension: its
        for s in buf:  # use of ew made ew a cell, a heap object at every call of strip())
            if s[0].width != ew:
                keep.append(s)
        del buf[:]
        for s in reversed(keep):
            used += 2 * s[0].width * s[0].height
            if used > self.budget:
                break
            buf.insert(0, s)
            n -= 2 * s[0].width * s[0].height
        keep = s = None
        # CircuitPython collects only when an allocation fails: the strips let go while a
        # board is drawn (each new width lets others go) and the pieces' own garbage piled up
        # ~40 KB in one picture on the chip (the lowest free heap of a review's board page
        # 16 KB, with 57 KB free after it). Collected once half a budget's worth has gone.
        self.waste += n
        if self.waste >= self.budget // 2:
            self.waste = 0
            gc.collect()
        b = displayio.Bitmap(ew, rows, 65536)
        try:
            m = memoryview(b)  # type: ignore[arg-type]  # (the stubs miss Bitmap's buffer)
        except TypeError:  # (Blinka's Bitmap: its bytes made at each send, desktop only)
            m = None
        s = [b, m, None]  # (and the slice of it draw() last sent)
        buf.append(s)
        return s

    def draw(self, x, y, w, h, pen, arg=None, apart=False):
        """The screen rectangle x, y, w, h drawn by pen(panel, arg) (fill() calls in screen
        coordinates, clipped to the rectangle) and sent, a strip at a time: pen is called once
        per strip. Parts off the screen are left out. apart: the pixels round the rectangle
        are black (a pit's gap), so an odd window may take one more column, sent black, and go
        out in one write, not in two a row (a PicoSystem pit 31 wide: 80 sends, ~2.5 ms)."""
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        w = min(w, self.w - x)
        h = min(h, self.h - y)
        if w <= 0 or h <= 0:
            return
        t = self.turn
        if h <= _LINE and w > _PIECE and (t == 0 or t == 180):  # an upright line: in pieces
            i = 0
            while i < w:
                if i:
                    self.waste -= _LEFT  # (a line's garbage counted once, below)
                j = i if i + _PIECE <= w else w - _PIECE
                self.draw(x + j, y, _PIECE, h, pen, arg)
                i += _PIECE
            self.total -= (w + _PIECE - 1) // _PIECE * _PIECE * h - w * h  # (each pixel once)
            return
        o = self.offset  # the window in controller coordinates: the display's rotation, then
        side = t == 90 or t == 270  # the offset (no tuple made: a sowing's frames allocate
        #                             nothing here, tests/test_paint_alloc.py)
        cw = h if side else w
        ch = w if side else h
        if t == 0:
            c = x + o[0]
            r = y + o[1]
        elif t == 270:
            c = y + o[0]
            r = self.w - x - w + o[1]
        elif t == 90:
            c = self.h - y - h + o[0]
            r = x + o[1]
        else:
            c = self.w - x - w + o[0]
            r = self.h - y - h + o[1]
        s = self.strip(cw, ch)
        b = s[0]
        m = s[1]
        ew = b.width
        rows = b.height
        self.bmp = b
        self.mv = m
        self.x0 = c - o[0]  # (the window's origin as fill() works it out: less the offset)
        self.cw = cw
        sw = cw  # the columns sent: the window's, and the black one beside it if apart
        if apart and ew != cw and c + ew <= o[0] + (self.w if t == 0 or t == 180 else self.h):
            sw = ew
        a = self.arg
        bus = self.bus
        a[0] = c >> 8
        a[1] = c & 255
        a[2] = (c + sw - 1) >> 8
        a[3] = (c + sw - 1) & 255
        bus.send(_CASET, a)
        done = 0
        while done < ch:
            n = min(rows, ch - done)
            r0 = r + done
            self.y0 = r0 - o[1]
            self.ch = n
            pen(self, arg)
            if sw != cw:
                _fill(b, cw, 0, sw, n, 0)  # type: ignore[arg-type]
            d = m if m is not None else bus.raw(b, n)  # (the desktop's)
            if ew == sw:  # the rows follow each other: one write
                a[0] = r0 >> 8
                a[1] = r0 & 255
                a[2] = (r0 + n - 1) >> 8
                a[3] = (r0 + n - 1) & 255
                bus.send(_RASET, a)
                cut = s[2]  # the strip's part sent (a Bitmap's memoryview: a pixel an item),
                if m is None or cut is None or len(cut) != sw * n:  # kept with the strip: a
                    cut = d[:sw * n]  # pit's frames send the same one, not a new slice each
                    if m is not None:
                        s[2] = cut
                bus.send(_RAMWR, cut)
            else:
                for j in range(n):  # an odd width: a row at a time, its padding left out
                    a[0] = a[2] = (r0 + j) >> 8
                    a[1] = a[3] = (r0 + j) & 255
                    bus.send(_RASET, a)
                    bus.send(_RAMWR, d[ew * j:ew * j + cw])
            done += n
        self.total += cw * ch
        self.bmp = self.mv = None  # (a strip let go by strip() must not live on through them)
        self.waste += _LEFT
        if self.waste >= self.budget // 2:  # (strip()'s collection: why)
            self.waste = 0
            gc.collect()

    def fill(self, x, y, w, h, color):
        """A screen rectangle of a 24-bit colour, into the strip being drawn (clipped to it).
        Called a dozen times a pit: everything inline (a method call costs ~50 us on the chip)."""
        t = self.turn  # screen -> the window's coordinates (draw()'s, less the window's origin)
        if t == 0:
            c = x - self.x0
            r = y - self.y0
            x1 = c + w
            y1 = r + h
        elif t == 270:
            c = y - self.x0
            r = self.w - x - w - self.y0
            x1 = c + h
            y1 = r + w
        elif t == 90:
            c = self.h - y - h - self.x0
            r = x - self.y0
            x1 = c + h
            y1 = r + w
        else:
            c = self.w - x - w - self.x0
            r = self.h - y - h - self.y0
            x1 = c + w
            y1 = r + h
        if c < 0:
            c = 0
        if r < 0:
            r = 0
        if x1 > self.cw:
            x1 = self.cw
        if y1 > self.ch:
            y1 = self.ch
        if c >= x1 or r >= y1:
            return
        if color != self.last:  # RGB565 as displayio rounds it (the top bits), byte-swapped
            self.last = color  # as the strip stores it; the last one kept (runs of one colour)
            v = (color >> 8 & 0xF800) | (color >> 5 & 0x07E0) | (color >> 3 & 0x1F)
            self.code = (v & 0xFF) << 8 | v >> 8
        b = self.bmp
        if c == 0 and r == 0 and x1 == self.cw and y1 == self.ch and self.mv is not None:
            # the whole window: the whole Bitmap a word at a time (fill_region writes a pixel at
            # a time, ~0.7 us each on the chip); its rows not sent do not matter. (Blinka's
            # fill leaves some pixels out: the desktop fills a region.)
            b.fill(self.code)
        else:
            _fill(b, c, r, x1, y1, self.code)  # type: ignore[arg-type]  # (drawing: a strip)

    def glyphs(self, x, y, t, color):
        """One line of text t in the labels' font (firmware/views/font.py: its atlas, its
        letters), its first cell's top left at screen x, y, into the strip being drawn (clipped
        to it): each glyph's tile copied (bitmaptools.blit, C) as value 1, then the 1s made the
        colour (no colour the app uses is stored as 1; color None: left as 1s, for one replace()
        after several lines of that colour). t may be its tiles already (bytes: font.decode's,
        one line), decoded once for every strip. Only the glyphs the strip may hold are looked
        at. Returns the text's width in pixels."""
        f = self.font
        if f is None:
            from firmware.views import atlas  # (its code loaded for the call: atlas.py)
            f = self.font = atlas.turn(font.glyphs(), self.turn)
            unload("firmware.views.atlas")
        a, adv, th = f
        if type(t) is str:
            tiles = font.buf if len(t) <= len(font.buf) else bytearray(len(t))
            n = font.decode(t, tiles)
            lines = n >> 23
            n &= 0xFFFF
        else:
            tiles = t
            n = len(t)
            lines = 0
        b = self.bmp
        turn = self.turn
        side = turn == 90 or turn == 270  # a tile is th wide and adv tall in the atlas turned so
        lo = hi = -1  # the window's columns written
        # the first glyph that may be in the strip (less one), and past the last (glyphs()'s
        # placing below, solved for i): a strip of the pause box on a panel turned 270 holds
        # 4-5 of a row's 14 glyphs
        if turn == 0:
            k = (self.x0 - x) // adv
        elif turn == 90:
            k = (self.y0 - x) // adv
        elif turn == 270:
            k = (self.w - x - self.y0 - self.ch) // adv
        else:
            k = (self.w - x - self.x0 - self.cw) // adv
        i1 = k + (self.ch if side else self.cw) // adv + 3
        k = 0 if lines or k < 1 else k - 1  # (a line's end before it: every glyph looked at)
        for i in range(k, n if n < i1 else i1):
            v = tiles[i]
            if v == 254:  # (a line's end: one line only)
                n = i
                break
            gx = x + i * adv
            if turn == 0:
                c = gx - self.x0
                r = y - self.y0
            elif turn == 270:
                c = y - self.x0
                r = self.w - gx - adv - self.y0
            elif turn == 90:
                c = self.h - y - th - self.x0
                r = gx - self.y0
            else:
                c = self.w - gx - adv - self.x0
                r = self.h - y - th - self.y0
            tw = th if side else adv
            sx = v * tw  # the tile in the atlas
            sy = 0
            tt = adv if side else th
            x1 = c + tw
            y1 = r + tt
            if c < 0:
                sx -= c
                c = 0
            if r < 0:
                sy -= r
                r = 0
            if x1 > self.cw:
                x1 = self.cw
            if y1 > self.ch:
                y1 = self.ch
            if c >= x1 or r >= y1:
                continue
            _blit(b, a, c, r, x1=sx, y1=sy, x2=sx + x1 - c, y2=sy + y1 - r,  # type: ignore
                  skip_source_index=0)  # (b: the strip being drawn)
            lo = c if lo < 0 or c < lo else lo
            hi = x1 if x1 > hi else hi
        if lo >= 0 and color is not None:
            self.replace(1, color, lo, hi)
        return n * adv

    def replace(self, v, color, lo=0, hi=-1):
        """The strip's pixels of value v (a value no colour of the app is stored as: 1, 3)
        made the colour (bitmaptools.replace_color, C; the desktop: the window's columns lo to
        hi, by hand)."""
        if color != self.last:
            self.last = color
            c = (color >> 8 & 0xF800) | (color >> 5 & 0x07E0) | (color >> 3 & 0x1F)
            self.code = (c & 0xFF) << 8 | c >> 8
        if _swap is not None:
            _swap(self.bmp, v, self.code)
        else:  # (the desktop's: its bus does it, in the strip's columns lo to hi)
            self.bus.replace(self, v, lo, hi)


def make(board):
    """The Panel of a board module (boards/): its display's bus, size and rotation, its offset
    (colstart, rowstart; (0, 0) if it has none)."""
    d = board.display
    return Panel(d.bus, d.width, d.height, d.rotation, getattr(board, "offset", (0, 0)))
