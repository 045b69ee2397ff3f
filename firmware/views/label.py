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

_ASC = []   # (ascent, descent, max ascent, max descent) of FONT, as adafruit_display_text has them

# Vietnamese letters the device's font lacks (CircuitPython builds terminalio.FONT with the
# glyphs of its translation only): drawn as the base letter plus a mark in the cell's blank rows
# above it, as Terminus draws them. Always composed, so the desktop and the device look the same.
# The letters, their base letters and their marks: two rows of 5-bit masks (left pixel = 16)
# from the top of the cell for a capital, two rows lower for a small letter.
_MARKED = "\u00d4\u00f4\u0102\u0103\u00c2\u00e2"  # Ô ô Ă ă Â â
_BASE = b"OoAaAa"
_MARK = b"\x04\x0a\x04\x0a\x0a\x04\x0a\x04\x04\x0a\x04\x0a"  # circumflex 4 10, breve 10 4


# One atlas for every glyph, looked up once per character: get_glyph makes a new object at every
# call, so a label built from it left ~2 KB of garbage per line of text on the device.
_TILE = bytearray(96)  # ASCII 32..127: 1 + its tile in the atlas; 0 not looked up; 255 no glyph
_TEXT = bytearray(64)  # the tile (+ 1; 0 none) of each character of the text being set, looked
#                        up once per character, not once per pass
_F = []  # the atlas bitmap and the cell: width, height, dx, dy, shift_x (a monospace font)


def _font():
    if not _F:
        g = FONT.get_glyph(ord("M"))
        atlas = getattr(FONT, "bitmap", None)
        if atlas is None or g.bitmap is not atlas:  # type: ignore[attr-defined]
            # glyphs with bitmaps of their own (Blinka on the desktop): copied into one atlas
            atlas = displayio.Bitmap(g.width * 96, g.height, 2)  # type: ignore[attr-defined]
        # fontio.Glyph is a named tuple; its stub declares none of the fields
        _F.extend((atlas, g.width, g.height, g.dx, g.dy, g.shift_x))  # type: ignore
    return _F


def _tile(ch):
    """The tile of ch (the base letter of a composed one) in the atlas; -1 if FONT lacks it."""
    m = _MARKED.find(ch)
    c = (_BASE[m] if m >= 0 else ord(ch)) - 32
    if c < 0 or c >= 96:
        return -1
    t = _TILE[c]
    if not t:
        f = _font()
        g = FONT.get_glyph(c + 32)
        if g is None:
            t = 255
        elif g.bitmap is f[0]:  # type: ignore[attr-defined]
            t = g.tile_index + 1 if g.tile_index < 254 else 255  # type: ignore[attr-defined]
        else:
            w = f[1]
            src = g.bitmap  # type: ignore[attr-defined]
            x0 = g.tile_index * w  # type: ignore[attr-defined]
            for y in range(f[2]):
                for x in range(w):
                    f[0][c * w + x, y] = 1 if src[x0 + x, y] else 0
            t = c + 1
        _TILE[c] = t
    return t - 1 if t != 255 else -1


def _ascent():
    if not _ASC:
        f = _font()
        a = d = 0
        for ch in "M j'":
            if _tile(ch) >= 0:
                a = max(a, f[2] + f[4])
                d = max(d, -f[4])
        bb = FONT.get_bounding_box()
        if len(bb) == 4:  # a font with descent: adafruit_display_text's maxima
            _ASC.append((a, d, bb[1], -bb[3]))
        else:
            _ASC.append((a, d, a, d))
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
        self._ls = int(line_spacing * _font()[2])
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
        f = _font()
        gw = f[1]
        gh = f[2]
        gdx = f[3]
        gdy = f[4]
        gsx = f[5]
        asc, desc, amax, dmax = _ascent()
        global _TEXT
        if len(t) > len(_TEXT):
            _TEXT = bytearray(len(t))
        tiles = _TEXT
        # the box (adafruit_display_text's _text_bounding_box, loose background)
        yt = asc // 2
        lines = 1
        xp = yp = 0
        left = None
        right = top = bottom = 0
        nl = 0
        i = -1
        for ch in t:
            i += 1
            if ch == "\n":
                nl += 1
                continue
            ti = _tile(ch)
            tiles[i] = ti + 1
            if ti < 0:
                continue
            if nl:
                xp = 0
                yp += self._ls * nl
                lines += nl
                nl = 0
            if xp == 0:
                left = 0 if left is None else min(left, gdx)
            xr = xp + gw + gdx
            xp += gsx
            right = max(right, xp, xr)
            if yp == 0:
                top = min(top, -gh - gdy + yt)
            bottom = max(bottom, yp - gdy + yt)
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
        i = -1
        for ch in t:
            i += 1
            if ch == "\n":
                xp = -left
                yp += self._ls
                continue
            ti = tiles[i] - 1
            if ti < 0:
                continue
            gx = ti * gw
            yb = yp - gh - gdy
            yc = 0
            if yb < 0:
                yc = -yb
                yb = 0
            try:
                _copy_glyph(b, max(xp + gdx, 0), yb, f[0], gx, yc, gx + gw, gh)
            except ValueError:
                pass
            m = _MARKED.find(ch) if ch > "~" else -1  # the marked letters are not ASCII
            if m >= 0:
                _mark(b, xp + gdx, yb - yc + (0 if _BASE[m] < 97 else 2), _MARK[2 * m],
                      _MARK[2 * m + 1])
            xp += gsx
        self._place(tx, ty, w, bottom - top)

    def _place(self, bx, by, bw, bh):
        ap = self._ap
        pos = self._pos
        if ap is not None and pos is not None:
            self.x = int(pos[0] - bx - round(ap[0] * bw))
            self.y = int(pos[1] - by - round(ap[1] * bh))


def _mark(b, x, y, r0, r1):
    # a diacritic's two rows of pixels (colour 1) from x, y
    for r in (r0, r1):
        for i in range(5):
            if r & (16 >> i) and 0 <= x + i < b.width and 0 <= y < b.height:
                b[x + i, y] = 1
        y += 1


# Bitmap.blit (Blinka) or bitmaptools.blit (CircuitPython 9+), decided once: hasattr() on each
# glyph cost an AttributeError raised and caught on the device (~0.1 ms a character)
_METHOD = hasattr(displayio.Bitmap, "blit")


def _copy_glyph(dst, x, y, src, x1, y1, x2, y2):
    if _METHOD:
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
