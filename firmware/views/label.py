# A small bitmap text label for terminalio.FONT (used through firmware/ui.py): the pixels and
# placement of adafruit_display_text's bitmap_label, without that library's heap cost.
import displayio
import terminalio

try:
    import bitmaptools
    _blit = bitmaptools.blit
except (ImportError, AttributeError):
    _blit = None

FONT = terminalio.FONT
_WHITE = 0xFFFFFF  # the default colour (firmware/ui.py TEXT)

_ASC = []   # (ascent, descent) of FONT, as adafruit_display_text measures it

# Vietnamese letters the device's font lacks (CircuitPython builds terminalio.FONT with the
# glyphs of its translation only): drawn as the base letter plus a mark in the cell's blank rows
# above it, as Terminus draws them. Always composed, so the desktop and the device look the same.
# letter: (base, first cell row of the mark, mark rows as 5-bit masks, left pixel = 16)
_MARKS = {
    "\u00d4": ("O", 0, (4, 10)),    # Ô  circumflex
    "\u00f4": ("o", 2, (4, 10)),    # ô
    "\u0102": ("A", 0, (10, 4)),    # Ă  breve
    "\u0103": ("a", 2, (10, 4)),    # ă
    "\u00c2": ("A", 0, (4, 10)),    # Â
    "\u00e2": ("a", 2, (4, 10)),    # â
}


def _glyph(ch):
    """(bitmap, tile_index, width, height, dx, dy, shift_x) of a FONT glyph, or None."""
    m = _MARKS.get(ch)
    g = FONT.get_glyph(ord(m[0] if m else ch))
    if g is None:
        return None
    # fontio.Glyph is a named tuple; its stub declares none of the fields
    return (g.bitmap, g.tile_index, g.width, g.height, g.dx, g.dy,  # type: ignore[attr-defined]
            g.shift_x)  # type: ignore[attr-defined]


def _ascent():
    if not _ASC:
        a = d = 0
        for ch in "M j'":
            g = _glyph(ch)
            if g:
                a = max(a, g[3] + g[5])
                d = max(d, -g[5])
        _ASC.append((a, d))
    return _ASC[0]


class Label(displayio.Group):
    """A line (or lines) of FONT text drawn into one 1-bit bitmap: the pixels and the placement
    of adafruit_display_text's bitmap_label.Label (loose box, left to right, scale 1, no padding
    or outline), without its library (~20 KB of heap on the device) and with a third of its
    per-label state. text and color can be changed; anchor_point / anchored_position as there."""

    def __init__(self, text="", color=_WHITE, background_color=None, anchor_point=None,
                 anchored_position=None, x=0, y=0, line_spacing=1.25):
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
        self._ls = int(line_spacing * FONT.get_bounding_box()[1])
        self.bitmap = None
        self._text = None
        self.text = text

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
        if not t:
            if len(self):
                self.pop()
            self.bitmap = None
            self._place(0, 0, 0, 0)
            return
        bb = FONT.get_bounding_box()
        asc, desc = _ascent()
        if len(bb) == 4:
            amax, dmax = bb[1], -bb[3]
        else:
            amax, dmax = asc, desc
        # the box (adafruit_display_text's _text_bounding_box, loose background)
        yt = asc // 2
        lines = 1
        xp = yp = 0
        left = None
        right = top = bottom = 0
        nl = 0
        for ch in t:
            if ch == "\n":
                nl += 1
                continue
            g = _glyph(ch)
            if g is None:
                continue
            if nl:
                xp = 0
                yp += self._ls * nl
                lines += nl
                nl = 0
            if xp == 0:
                left = 0 if left is None else min(left, g[4])
            xr = xp + g[2] + g[4]
            xp += g[6]
            right = max(right, xp, xr)
            if yp == 0:
                top = min(top, -g[3] - g[5] + yt)
            bottom = max(bottom, yp - g[5] + yt)
        if left is None:
            left = 0
        w = right - left
        h = (lines - 1) * self._ls + amax + dmax
        b = self.bitmap
        tx = left
        ty = yt - amax
        if b is None or b.width != w or b.height != h:
            if len(self):
                self.pop()
            b = self.bitmap = None  # the old bitmap can go before the new one is made
            b = self.bitmap = displayio.Bitmap(w, h, 2)
            self.append(displayio.TileGrid(b, pixel_shader=self._pal, x=tx, y=ty))
        else:
            b.fill(0)
        # the glyphs (its _place_text): glyph pixels other than 0 are copied
        xp = -left
        yp = amax
        for ch in t:
            if ch == "\n":
                xp = -left
                yp += self._ls
                continue
            g = _glyph(ch)
            if g is None:
                continue
            gx = g[1] * g[2]
            yb = yp - g[3] - g[5]
            yc = 0
            if yb < 0:
                yc = -yb
                yb = 0
            try:
                _copy_glyph(b, max(xp + g[4], 0), yb, g[0], gx, yc, gx + g[2], g[3])
            except ValueError:
                pass
            m = _MARKS.get(ch)
            if m is not None:
                _mark(b, xp + g[4], yb - yc + m[1], m[2])
            xp += g[6]
        self._place(tx, ty, w, bottom - top)

    def _place(self, bx, by, bw, bh):
        ap = self._ap
        pos = self._pos
        if ap is not None and pos is not None:
            self.x = int(pos[0] - bx - round(ap[0] * bw))
            self.y = int(pos[1] - by - round(ap[1] * bh))


def _mark(b, x, y, rows):
    # a diacritic's pixels (colour 1) at the cell's top-left x, y
    for r in rows:
        for i in range(5):
            if r & (16 >> i) and 0 <= x + i < b.width and 0 <= y < b.height:
                b[x + i, y] = 1
        y += 1


def _copy_glyph(dst, x, y, src, x1, y1, x2, y2):
    if hasattr(dst, "blit"):
        dst.blit(x, y, src, x1=x1, y1=y1, x2=x2, y2=y2, skip_index=0)
    elif _blit is not None:
        _blit(dst, src, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=0)
    else:
        for j in range(y2 - y1):
            for i in range(x2 - x1):
                if 0 <= x + i < dst.width and 0 <= y + j < dst.height:
                    v = src[x1 + i, y1 + j]
                    if v:
                        dst[x + i, y + j] = v


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
