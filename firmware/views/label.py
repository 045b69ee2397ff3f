# A text label for terminalio.FONT (used through firmware/views/ui.py): a TileGrid over one atlas
# of the font's glyphs, one tile per character, with the pixels and placement of
# adafruit_display_text's bitmap_label. Setting a text sets tile indices (C), where drawing each
# glyph into a bitmap of the label's own cost ~0.4 ms a character on the chip (a menu's rows
# ~60 ms), and a label holds a byte per character instead of a bitmap.
import displayio
import terminalio
from engine.compat import const

FONT = terminalio.FONT
_WHITE = const(0xFFFFFF)  # the default colour (firmware/views/ui.py TEXT)

# Vietnamese letters the device's font lacks (CircuitPython builds terminalio.FONT with the
# glyphs of its translation only), composed in the atlas (firmware/views/atlas.py).
_MARKED = "\u00d4\u00f4\u0102\u0103\u00c2\u00e2"  # Ô ô Ă ă Â â
_NONE = const(255)  # a character the font has no glyph for: left out, as bitmap_label leaves it

# The atlas (its tiles: firmware/views/atlas.py; this font's glyphs stay inside their advance:
# dx >= 0, dx + width <= shift_x).
_A = []  # atlas bitmap, tile width, tile height, the box's middle (yt), the font's greatest
#          ascent, the box's height for one line (adafruit_display_text's _text_bounding_box)
_HAS = bytearray(96)  # 1 for the ASCII characters the font has a glyph for (get_glyph makes a
#                       new object at every call: asked once per character, not per text)


def _atlas():
    """The atlas (_A), built at the first label by code loaded for that call and dropped: it
    takes no heap afterwards."""
    if not _A:
        from firmware.views import atlas
        atlas.build(_A, _HAS, FONT, _MARKED)
        from firmware.common import unload
        unload("firmware.views.atlas")
    return _A


def glyphs():
    """(atlas bitmap, tile width, tile height): for rows of text drawn as tiles of their own
    (firmware/views/pause.py: a TileGrid per row, no Label)."""
    a = _atlas()
    return a[0], a[1], a[2]


def tile_of(ch):
    """ch's tile in the atlas (_NONE if the font has no glyph for it)."""
    o = ord(ch)
    if 32 <= o < 128:
        return o - 32 if _HAS[o - 32] else _NONE
    m = _MARKED.find(ch)
    return 96 + m if m >= 0 else _NONE


_NL = const(254)  # a line's end among a text's tiles


class Label(displayio.Group):
    """A line (or lines, spaced by the font's cell: line_spacing 1) of FONT text: bitmap_label's
    pixels and placement (loose box, scale 1, no padding or outline). text and color can be
    changed; anchor_point / anchored_position as there. A new text sets only the tiles that
    change, so only their pixels go to the panel; a new length makes a new TileGrid (its whole
    area sent), unless `grid` (columns, lines) is given: the grid is at least that and only
    grows, a shorter text keeps it and sends the box round its changed tiles only (a menu's
    note and rows, whose lengths change at every step)."""

    # the tiles of the text being set (a longer text gets its own, dropped); one for every label
    buf = bytearray(128)

    def __init__(self, text="", color=_WHITE, background_color=None, anchor_point=None,
                 anchored_position=None, x=0, y=0, line_spacing=1.0, grid=None):
        super().__init__(x=x, y=y)
        self._pal = p = displayio.Palette(2)
        if background_color is None:
            p[0] = 0
            p.make_transparent(0)
        else:
            p[0] = background_color
        self._color = None
        self.color = color
        self._ap = anchor_point
        self._pos = anchored_position
        self.spacing = line_spacing
        self.grid = grid
        self.tg = None
        self._text = None
        self.text = text

    def decode(self, t, out):
        """t's tiles into out (len(t) bytes at least: buf, or a longer text's own), a line's
        end as _NL, characters without a glyph left out: how many | the longest line's tiles
        << 16 | the lines up to the last with a tile << 23, one small int (a tuple was garbage
        at every text set). The text is read as its UTF-8 bytes: iterating a str makes a new
        object per character (~85 us each on the chip: a menu's four rows took ~10 ms)."""
        try:
            b = memoryview(t)  # (MicroPython: the str's own bytes, no copy)
        except TypeError:
            b = t.encode()  # (CPython)
        has = _HAS
        n = cols = rows = col = line = 0
        i = 0
        end = len(b)
        while i < end:
            o = b[i]
            i += 1
            if o == 10:
                out[n] = _NL
                n += 1
                line += 1
                col = 0
                continue
            if o < 128:
                if o < 32 or not has[o - 32]:
                    continue
                v = o - 32
            elif o < 0xE0:  # a letter of two bytes (U+0080..U+07FF): the marked ones have a tile
                if o < 0xC0 or i >= end:
                    continue  # (a stray continuation byte)
                m = _MARKED.find(chr(((o & 0x1F) << 6) | (b[i] & 0x3F)))
                i += 1
                if m < 0:
                    continue
                v = 96 + m
            else:  # three or four bytes: no glyph
                i += 2 if o < 0xF0 else 3
                continue
            out[n] = v
            n += 1
            col += 1
            if col > cols:
                cols = col
            rows = line + 1
        return n | cols << 16 | rows << 23

    def write(self, i, t):
        """Line i of a label with a grid (grid=) becomes t (one line, cut to the grid's width):
        a page set line by line makes no text of the whole page, nor its tiles' buffer (their
        garbage was the review's lowest free heap on the chip, on the score page)."""
        self._text = None  # (its text is now its lines)
        tiles = self.buf if len(t) <= len(self.buf) else bytearray(len(t))
        n = self.decode(t, tiles) & 0xFFFF
        tg = self.tg
        w = tg.width
        k = i * w
        for j in range(w):
            v = tiles[j] if j < n else 0
            if v == _NL:
                n = j  # (one line: the rest blank)
                v = 0
            if tg[k + j] != v:  # an unchanged tile is not sent to the panel again
                tg[k + j] = v

    @property
    def color(self):
        return self._color

    @color.setter
    def color(self, c):
        self._color = c
        self._pal[1] = c

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, t):
        if t == self._text:
            return
        self._text = t
        atlas, adv, th, yt, amax, box = _atlas()
        # the grid: the longest line's glyphs across, the lines up to the last with a glyph down
        tiles = self.buf if len(t) <= len(self.buf) else bytearray(len(t))
        n = self.decode(t, tiles)
        cols, rows, n = n >> 16 & 0x7F, n >> 23, n & 0xFFFF
        if self.grid is not None:
            tg = self.tg
            cols = max(cols, self.grid[0], tg.width if tg else 0)
            rows = max(rows, self.grid[1], tg.height if tg else 0)
        if not cols:
            if self.tg is not None:
                self.pop()
                self.tg = None
            self._place(0, 0, 0, 0)
            return
        if rows > 1 and self.spacing != 1:
            raise ValueError("lines are a font cell apart (line_spacing 1)")
        tg = self.tg
        if tg is None or tg.width != cols or tg.height != rows:
            if tg is not None:
                self.pop()
                self.tg = tg = None  # the old grid goes before the new one is made
            tg = self.tg = displayio.TileGrid(atlas, pixel_shader=self._pal, width=cols,
                                              height=rows, tile_width=adv, tile_height=th,
                                              default_tile=0, x=0, y=yt - amax)
            self.append(tg)
        end = rows * cols
        k = 0  # the tile being set: row * cols + column
        col = 0
        for i in range(n):
            v = tiles[i]
            if v == _NL:
                while col < cols:  # the rest of the row blank
                    if tg[k]:
                        tg[k] = 0
                    k += 1
                    col += 1
                col = 0
                if k >= end:
                    break
            else:  # (a grid is never narrower than the text's longest line)
                if tg[k] != v:  # an unchanged tile is not sent to the panel again
                    tg[k] = v
                k += 1
                col += 1
        while k < end:
            if tg[k]:
                tg[k] = 0
            k += 1
        # bitmap_label's box: from the first line's ascent to the last line's descent
        self._place(0, yt - amax, cols * adv, (rows - 1) * th + box)

    def _place(self, bx, by, bw, bh):
        ap = self._ap
        pos = self._pos
        if ap is not None and pos is not None:
            self.x = int(pos[0] - bx - round(ap[0] * bw))
            self.y = int(pos[1] - by - round(ap[1] * bh))


def label(group, text, x, y, color=_WHITE, anchor=(0, 0), bg=None):
    lb = Label(text=text, color=color, background_color=bg, anchor_point=anchor,
               anchored_position=(x, y))
    group.append(lb)
    return lb


def set_text(lb, text, color=None):
    if lb.text != text:
        lb.text = text
    if color is not None and lb.color != color:
        lb.color = color
