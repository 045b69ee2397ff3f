# The labels' font (terminalio.FONT) as tiles: the atlas of its glyphs (firmware/views/atlas.py
# builds it once, at the first text) and a text's tiles in it (decode). Resident: the board draws
# its lines with them straight to the panel (firmware/views/direct.py glyphs); the displayio
# label of the menus and text pages (firmware/views/label.py) goes with them (screens/__init__.py).
import terminalio
from engine.compat import const

FONT = terminalio.FONT

# Vietnamese letters the device's font lacks (CircuitPython builds terminalio.FONT with the
# glyphs of its translation only), composed in the atlas (firmware/views/atlas.py).
MARKED = "\u00d4\u00f4\u0102\u0103\u00c2\u00e2"  # Ô ô Ă ă Â â
NONE = const(255)  # a character the font has no glyph for: left out, as bitmap_label leaves it
NL = const(254)  # a line's end among a text's tiles

# The atlas (its tiles: firmware/views/atlas.py; this font's glyphs stay inside their advance:
# dx >= 0, dx + width <= shift_x).
_A = []  # atlas bitmap, tile width, tile height, the box's middle (yt), the font's greatest
#          ascent, the box's height for one line (adafruit_display_text's _text_bounding_box)
_HAS = bytearray(96)  # 1 for the ASCII characters the font has a glyph for (get_glyph makes a
#                       new object at every call: asked once per character, not per text)
# the tiles of the text being decoded (a longer text gets its own, dropped); one for every text
buf = bytearray(128)


def atlas():
    """The atlas (_A), built at the first text by code loaded for that call and dropped: it
    takes no heap afterwards."""
    if not _A:
        from firmware.views import atlas as build
        build.build(_A, _HAS, FONT, MARKED)
        from firmware.common import unload
        unload("firmware.views.atlas")
    return _A


def glyphs():
    """(atlas bitmap, tile width, tile height): for rows of text drawn as tiles of their own
    (firmware/views/direct.py glyphs)."""
    a = atlas()
    return a[0], a[1], a[2]


def tile_of(ch):
    """ch's tile in the atlas (NONE if the font has no glyph for it)."""
    o = ord(ch)
    if 32 <= o < 128:
        return o - 32 if _HAS[o - 32] else NONE
    m = MARKED.find(ch)
    return 96 + m if m >= 0 else NONE


def decode(t, out):
    """t's tiles into out (len(t) bytes at least: buf, or a longer text's own), a line's
    end as NL, characters without a glyph left out: how many | the longest line's tiles
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
            out[n] = NL
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
            m = MARKED.find(chr(((o & 0x1F) << 6) | (b[i] & 0x3F)))
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
