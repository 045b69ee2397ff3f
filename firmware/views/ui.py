# Shared displayio widgets: colours, palettes, rectangles, text labels (terminalio.FONT) and the
# board screens' frame (status line, message line, the AI's progress bar). Palette-indexed
# bitmaps only; nothing full-screen. The pits: firmware/views/pit.py.
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
# than it draws a layer's pixels (on the chip a full 320x240 backdrop cost ~0.4 s a screen).
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

# pit styles: ring colour (and body override for a capture)
STYLE_RING = {"": RING, "cursor": YELLOW, "last": CYAN, "hint": GREEN, "capture": RED,
              "active": TEXT, "next": _MAGENTA}
_pals = {}


def palette(style, body=BODY):
    # cached by style, then body colour: no key tuple made per call (every pit drawn)
    d = _pals.get(style)
    if d is None:
        d = _pals[style] = {}
    p = d.get(body)
    if p is None:
        p = displayio.Palette(4)
        p[0] = 0
        p.make_transparent(0)
        p[1] = 0xA03020 if style == "capture" else body
        p[2] = STONE
        p[3] = STYLE_RING.get(style, RING)
        d[body] = p
    return p


def solid(color):
    k = ("solid", color)
    p = _pals.get(k)
    if p is None:
        p = displayio.Palette(1)
        p[0] = color
        _pals[k] = p
    return p


def rect(bmp, x, y, w, h, v):
    if w <= 0 or h <= 0:
        return
    if _fill_region is not None:
        _fill_region(bmp, x, y, x + w, y + h, v)
        return
    for j in range(y, y + h):
        for i in range(x, x + w):
            bmp[i, j] = v


def box(group, x, y, w, h, color):
    """A filled rectangle as a 1-colour 1x1-bit bitmap stretched by a TileGrid of 1 tile."""
    bmp = displayio.Bitmap(w, h, 1)
    tg = displayio.TileGrid(bmp, pixel_shader=solid(color), x=x, y=y)
    group.append(tg)
    return tg


def backdrop(group, w, h, color):
    """A full-screen colour from one 16x16 1-bit tile repeated (a few hundred bytes, not a
    full-screen bitmap)."""
    if color == 0:
        return None  # black: what displayio shows where nothing is drawn (see BG)
    bmp = displayio.Bitmap(16, 16, 1)
    tg = displayio.TileGrid(bmp, pixel_shader=solid(color), width=(w + 15) // 16,
                            height=(h + 15) // 16, tile_width=16, tile_height=16)
    group.append(tg)
    return tg


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


_BAR_W = const(30)  # the AI's progress bar: at least this wide (a fifth of the screen), BAR_H high
BAR_H = 8


class Frame:
    """The lines around a board: status (top), message (bottom), side info, prompt."""

    def __init__(self, group, w, h):
        self.w = w
        self.h = h
        backdrop(group, w, h, BG)
        self.status = label(group, "", 2, 1, TEXT)
        self.think = label(group, "", w - 2, 1, YELLOW, (1.0, 0))
        self.msg = label(group, "", w // 2, h - CH_H - 1, YELLOW, (0.5, 0))
        # the AI's progress: a bar at the top right (hidden unless the AI thinks)
        self.bar_w = bw = max(_BAR_W, w // 5)
        self.bar = displayio.Bitmap(bw, BAR_H, 2)
        pal = displayio.Palette(2)
        pal[0] = DIM
        pal[1] = YELLOW
        self.bar_tg = displayio.TileGrid(self.bar, pixel_shader=pal, x=w - bw - 3, y=2)
        self.bar_tg.hidden = True
        group.append(self.bar_tg)
        self.bar_v = -2

    def progress(self, v, tick=0):
        """Show the AI's progress v (0-100), or a block sweeping with tick when v < 0 (unknown);
        v = None hides the bar."""
        if v is None:
            if not self.bar_tg.hidden:
                self.bar_tg.hidden = True
            self.bar_v = -2
            return
        if self.bar_tg.hidden:
            self.bar_tg.hidden = False
        bw = self.bar_w
        key = v if v >= 0 else -10 - tick % (bw - 6)
        if key == self.bar_v:
            return
        self.bar_v = key
        b = self.bar
        rect(b, 0, 0, bw, BAR_H, 0)
        rect(b, 0, 0, bw, 1, 1)
        rect(b, 0, BAR_H - 1, bw, 1, 1)
        if v >= 0:
            rect(b, 0, 1, bw * min(v, 100) // 100, BAR_H - 2, 1)
        else:
            rect(b, tick % (bw - 6), 1, 6, BAR_H - 2, 1)
