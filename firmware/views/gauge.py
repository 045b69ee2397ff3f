# The battery icon (the board's gauge: docs/app.md "Battery") of the title and the pause box:
# loaded with their views only, not while a game's board is the screen (the heap of the AI's
# search). Portable displayio.
import displayio
from firmware.views.ui import RED, TEXT, GREEN
from firmware.views.label import rect  # (dropped with the menus: screens/)


def battery(group, x, y):
    """A battery icon, 12x7 at x, y (hidden until show() draws it): the board's gauge."""
    p = displayio.Palette(3)
    p[0] = 0
    p.make_transparent(0)
    tg = displayio.TileGrid(displayio.Bitmap(12, 7, 3), pixel_shader=p, x=x, y=y)
    tg.hidden = True
    group.append(tg)
    return tg


def show(tg, v):
    """The icon filled to v % (red under 10 %: the low battery); hidden when v is None."""
    if v is None:
        tg.hidden = True
        return
    bmp, p = tg.bitmap, tg.pixel_shader
    p[1] = RED if v < 10 else TEXT
    p[2] = RED if v < 10 else GREEN
    rect(bmp, 0, 0, 11, 7, 1)  # its case, the tip at its right
    rect(bmp, 11, 2, 1, 3, 1)
    rect(bmp, 1, 1, 9, 5, 0)
    rect(bmp, 1, 1, (9 * v + 99) // 100, 5, 2)
    tg.hidden = False
