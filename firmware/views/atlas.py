# The pictures made once and kept, by code loaded for the call and dropped (no heap afterwards):
# the labels' atlas of the font's glyphs (firmware/views/font.py), built at the first text; its
# copy turned as the panel is (firmware/views/direct.py); a half-moon's outline (paint.py Pit).
# Tile c - 32 is ASCII c (32..127), tile 96 + i the marked letter marked[i]: its base letter plus
# the mark in the cell's blank rows above it, as Terminus draws them (always composed, so the
# desktop and the device look the same). A tile is the font's advance wide and its ascent +
# descent tall, the glyph where bitmap_label puts it in a line.
import displayio

try:
    import bitmaptools
    _blit = bitmaptools.blit
except (ImportError, AttributeError):
    _blit = None

# The marked letters' marks (their base letters: O o A a A a, build): two rows of 5-bit masks (left
# pixel = 16) from the top of the cell for a capital, two rows lower for a small letter (font.py
# MARKED: Ô ô Ă ă Â â).
_MARK = b"\x04\x0a\x04\x0a\x0a\x04\x0a\x04\x04\x0a\x04\x0a"  # circumflex 4 10, breve 10 4


def build(out, has, font, marked):
    """out gets (atlas bitmap, tile width, tile height, the box's middle, the font's greatest
    ascent, the box's height for one line); has[c - 32] = 1 for each ASCII c the font has."""
    g = font.get_glyph(ord("M"))
    gw, gh, gdx, gdy, adv = g.width, g.height, g.dx, g.dy, g.shift_x  # type: ignore
    asc = dsc = 0
    for ch in "M j'":
        if font.get_glyph(ord(ch)) is not None:
            asc = max(asc, gh + gdy)
            dsc = max(dsc, -gdy)
    bb = font.get_bounding_box()
    amax, dmax = (bb[1], -bb[3]) if len(bb) == 4 else (asc, dsc)
    th = amax + dmax
    top = amax - gh - gdy
    b = displayio.Bitmap(adv * (96 + len(marked)), th, 2)
    # Bitmap.blit (Blinka), bitmaptools.blit (CircuitPython 9+) or pixel by pixel, decided once
    # (here, not in a helper of its own: each function's name is interned on the chip for good)
    copy = 1 if hasattr(b, "blit") else 2 if _blit is not None else 0
    for t in range(96 + len(marked)):
        c = 32 + t if t < 96 else b"OoAaAa"[t - 96]  # a marked letter's base
        g = font.get_glyph(c)
        if g is None:
            continue
        if t < 96:
            has[t] = 1
        # the glyph's pixels (other than 0) into b at its place, clipped to b
        x = t * adv + gdx
        src = g.bitmap  # type: ignore
        gw = g.width  # type: ignore
        gh = g.height  # type: ignore
        x0 = g.tile_index * gw  # type: ignore
        y0 = 0
        y = top
        if y < 0:
            y0 = -y
            y = 0
        n = min(gh - y0, th - y)
        if n > 0:
            if copy == 1:  # (Blinka's Bitmap.blit: not in CircuitPython's stubs)
                b.blit(x, y, src, x1=x0, y1=y0, x2=x0 + gw, y2=y0 + n,  # type: ignore
                       skip_index=0)
            elif copy == 2:
                _blit(b, src, x, y, x1=x0, y1=y0, x2=x0 + gw, y2=y0 + n, skip_source_index=0)
            else:
                for j in range(n):
                    for i in range(gw):
                        if src[x0 + i, y0 + j]:
                            b[x + i, y + j] = 1
        if t >= 96:
            m = t - 96
            y = top + (0 if c < 97 else 2)
            for r in (_MARK[2 * m], _MARK[2 * m + 1]):
                for i in range(5):
                    if r & (16 >> i) and 0 <= y < th:
                        b[t * adv + gdx + i, y] = 1
                y += 1
    out.extend((b, adv, th, asc // 2, amax, asc + dsc))


def turn(glyphs, rotation):
    """(the labels' atlas as the panel's rotation shows it, tile width, tile height), from
    glyphs (font.glyphs(): the atlas, its tile width and height): tile v at v times its width
    across, each pixel where the panel's strip has it (turned 90 or 270, a tile is th wide and
    adv tall: the tiles side by side, not one under the other, whose rows of 14 pixels each
    took a 32-bit word, 2.4 KB held during play, against 1.1 KB). Made once per panel, at its
    first text (firmware/views/direct.py)."""
    a, adv, th = glyphs
    turn = rotation
    if turn == 0:
        return a, adv, th
    side = turn == 90 or turn == 270
    n = a.width // adv
    b = displayio.Bitmap(n * th if side else a.width, adv if side else th, 2)
    for v in range(n):
        o = v * adv
        t = v * th
        for j in range(th):
            for i in range(adv):
                if a[o + i, j]:
                    if turn == 270:
                        b[t + j, adv - 1 - i] = 1
                    elif turn == 90:
                        b[t + th - 1 - j, i] = 1
                    else:
                        b[o + adv - 1 - i, th - 1 - j] = 1
    return b, adv, th


def outline(w, h, shape):
    """A w x h half-moon's outline (an ellipse's half, the ring 2 px wide inside it; worked
    out by rows, the ring's span then the body's over it), as column spans: per column i,
    bytes 4i..4i+3 = the ring's first row and rows, the body's first row and rows (each
    column's are one run: the shape is convex).
    Drawn by columns, a 114-pixel-tall half-moon is 2 fills a column, not 2 a row. Made once,
    as the board's view is made (firmware/views/paint.py Pit)."""
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
