# Shared by the views: colours, the font's cell, lines fitted, a label's text set. The board is
# drawn straight to the panel (firmware/views/paint.py); displayio's screens (menus, text pages:
# palette-indexed bitmaps only, nothing full-screen) have their labels and rectangles in
# firmware/views/label.py.
from engine.compat import const

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


def fit(text, width):
    n = width // CH_W
    return text if len(text) <= n else text[:n]


def set_text(lb, text, color=None):
    """A label's (label.Label's, paint.Label's) text and colour, set only where they change."""
    if lb.text != text:
        lb.text = text
    if color is not None and lb.color != color:
        lb.color = color


BAR_H = 8  # the AI's progress bar's height (firmware/views/paint.py Frame)
