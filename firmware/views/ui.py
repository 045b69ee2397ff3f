# Shared by the views: colours, rectangles, text labels (terminalio.FONT), lines fitted and
# wrapped. displayio's screens (menus, text pages) use palette-indexed bitmaps only, nothing
# full-screen; the board is drawn straight to the panel (firmware/views/paint.py).
import displayio
import terminalio
from engine.compat import const

try:
    import bitmaptools
    _fill_region = bitmaptools.fill_region
except (ImportError, AttributeError):
    _fill_region = None

FONT = terminalio.FONT
CH_W = 6      # terminalio glyph cell
CH_H = 12

# The background is the display's own black: displayio fills what no layer covers ~10x faster
# than it draws a layer's pixels (on the chip a full 320x240 backdrop cost ~0.4 s a screen), so
# no screen has a backdrop.
BG = 0x000000
BOARD = 0x4A2E18
BODY = 0x8B5A2B
BODY1 = 0x6E4A6A      # body of a hole controlled by player 1 (San-Yao)
STONE = 0xF2E8CC
RING = 0x2A180A
TEXT = 0xFFFFFF
DIM = 0x808080
YELLOW = 0xFFD700
CYAN = 0x40C0FF
GREEN = 0x40FF60
RED = 0xFF4040
P_COL = (0x60A0FF, 0xFF8060)
_MAGENTA = const(0xFF40FF)
PANEL = 0x202838      # the pause box over the board

# pit styles: ring colour (and body override for a capture: firmware/views/paint.py)
STYLE_RING = {"": RING, "cursor": YELLOW, "last": CYAN, "hint": GREEN, "capture": RED,
              "active": TEXT, "next": _MAGENTA}


def rect(bmp, x, y, w, h, v):
    if w <= 0 or h <= 0:
        return
    if _fill_region is not None:
        _fill_region(bmp, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bmp[i, j] = v


# Text: firmware/views/label.py (a label of font tiles), re-exported here for the views.
from firmware.views.label import Label, label, set_text  # noqa: E402,F401


def lines_label(group, x, y, color, grid=None):
    """A multi-line label whose line i is centred on y + i * CH_H (x = left edge); grid: its
    (columns, lines) at least (Label)."""
    lb = Label(text="", color=color, x=x, y=y + CH_H // 2, grid=grid)
    group.append(lb)
    return lb


def fit(text, width):
    n = width // CH_W
    return text if len(text) <= n else text[:n]


def wrap(lines, n):
    """Lines word-wrapped to n characters (a word longer than n is cut; a line's last word never
    alone on its last line; a "- " item's lines indented under it): the text screens and
    the menus' notes. Here, loaded with every view: in a module of its own, the pause menu
    waited ~15 ms more for its import."""
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


BAR_H = 8  # the AI's progress bar's height (firmware/views/paint.py Frame)
