# A text label for terminalio.FONT, for the displayio screens (menus, text pages): a TileGrid over
# the font's atlas (firmware/views/font.py), one tile per character, with the pixels and placement
# of adafruit_display_text's bitmap_label. Setting a text sets tile indices (C), where drawing each
# glyph into a bitmap of the label's own cost ~0.4 ms a character on the chip (a menu's rows
# ~60 ms), and a label holds a byte per character instead of a bitmap. Loaded with the menus and
# dropped with them (screens/__init__.py drop_menus): the board's lines are drawn straight to the
# panel (firmware/views/paint.py Label).
import displayio
from engine.compat import const
from firmware.views import font
from firmware.views.font import decode
from firmware.views.ui import CH_H

try:
    import bitmaptools
    _fill_region = bitmaptools.fill_region
except (ImportError, AttributeError):
    _fill_region = None

_WHITE = const(0xFFFFFF)  # the default colour (firmware/views/ui.py TEXT)
_NL = const(254)  # a line's end among a text's tiles (font.NL)


class Label(displayio.Group):
    """A line (or lines, spaced by the font's cell: line_spacing 1) of FONT text: bitmap_label's
    pixels and placement (loose box, scale 1, no padding or outline). text and color can be
    changed; anchor_point / anchored_position as there. A new text sets only the tiles that
    change, so only their pixels go to the panel; a new length makes a new TileGrid (its whole
    area sent), unless `grid` (columns, lines) is given: the grid is at least that and only
    grows, a shorter text keeps it and sends the box round its changed tiles only (a menu's
    note and rows, whose lengths change at every step)."""

    buf = font.buf  # the tiles of the text being set (a longer text gets its own, dropped)

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

    def write(self, i, t):
        """Line i of a label with a grid (grid=) becomes t (one line, cut to the grid's width):
        a page set line by line makes no text of the whole page, nor its tiles' buffer (their
        garbage was the review's lowest free heap on the chip, on the score page)."""
        self._text = None  # (its text is now its lines)
        tiles = self.buf if len(t) <= len(self.buf) else bytearray(len(t))
        n = decode(t, tiles) & 0xFFFF
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
        atlas, adv, th, yt, amax, box = font.atlas()
        # the grid: the longest line's glyphs across, the lines up to the last with a glyph down
        tiles = self.buf if len(t) <= len(self.buf) else bytearray(len(t))
        n = decode(t, tiles)
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


def lines_label(group, x, y, color, grid=None):
    """A multi-line label whose line i is centred on y + i * CH_H (x = left edge); grid: its
    (columns, lines) at least (Label)."""
    lb = Label(text="", color=color, x=x, y=y + CH_H // 2, grid=grid)
    group.append(lb)
    return lb


def wrap(lines, n):
    """Lines word-wrapped to n characters (a word longer than n is cut; a line's last word never
    alone on its last line; a "- " item's lines indented under it): the text screens and
    the menus' notes. Here, loaded with every displayio view: in a module of its own, the
    pause menu waited ~15 ms more for its import."""
    out = []
    for line in lines:
        k = len(out)
        pad = "  " if line[:2] == "- " else " " if line[:1] == " " else ""  # a list's item
        while len(line) > n:
            i = line.rfind(" ", 0, n + 1)
            if i <= len(pad):  # no space after the indent: the word is cut
                i = n
            out.append(line[:i].rstrip())
            line = pad + line[i:].lstrip()
        if len(out) > k and " " not in line.strip():  # no word left alone on the last line:
            prev = out[-1]                            # the one before gives it its last word
            i = prev.rfind(" ")
            if i > 0 and " " in prev[:i].strip() and len(prev) - i + len(line) <= n:
                out[-1] = prev[:i]
                line = pad + prev[i + 1:] + " " + line.lstrip()
        out.append(line)
    return out


def rect(bmp, x, y, w, h, v):
    if w <= 0 or h <= 0:
        return
    if _fill_region is not None:
        _fill_region(bmp, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bmp[i, j] = v
