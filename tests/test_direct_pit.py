# A pit drawn through the direct renderer (tests/direct_pit.py: pit.py's own drawing, each
# rectangle a fill of the panel) is, pixel for pixel, the pit displayio draws from its bitmap: at
# each board size's pit sizes (Ô Ăn Quan's squares and half-moons, Omweso's pits), with seeds, a
# big stone, a count past what fits, a son's text, its number, and each ring style. Issue 53:
# the drawing code stays, only where its rectangles go changes.
import displayio
import pytest

from boards import headless
from direct_pit import PanelPit
from firmware.views import direct
from firmware.views.pit import Pit

# (w, h, shape) of the pits at 320x240, 240x240, 160x128 and 240x135 (views' layouts)
SIZES = ((43, 56, "box"), (43, 114, "left"), (43, 114, "right"), (32, 35, "box"),
         (31, 40, "box"), (31, 82, "right"), (27, 32, "box"), (20, 26, "box"),
         (20, 54, "left"), (17, 20, "box"), (27, 23, "box"))
STATES = ((0, "", 0, None, -1), (1, "cursor", 0, None, 3), (5, "hint", 0, None, 11),
          (12, "last", 1, None, 0), (35, "capture", 0, None, 15), (4, "active", 0, "s4", 7),
          (17, "next", 1, None, -1))


def displayio_pixels(w, h, shape, state):
    board = headless.make(w + 4, h + 4)
    g = displayio.Group()
    pit = Pit(g, 2, 3, w, h, shape)
    count, style, big, text, num = state
    pit.draw(count, style, 0x8B5A2B, big, text, num)
    board.display.root_group = g
    board.display.refresh()
    return bytes(board.display.buf)


def direct_pixels(w, h, shape, state):
    buf = bytearray(2 * (w + 4) * (h + 4))
    panel = direct.Panel(headless.FrameBus(buf, w + 4, h + 4), w + 4, h + 4)
    count, style, big, text, num = state
    PanelPit(panel, 2, 3, w, h, shape).draw(count, style, 0x8B5A2B, big, text, num)
    return bytes(buf)


@pytest.mark.parametrize("w, h, shape", SIZES)
@pytest.mark.parametrize("state", STATES)
def test_a_pit_drawn_direct_is_the_displayio_pit(w, h, shape, state):
    want = displayio_pixels(w, h, shape, state)
    got = direct_pixels(w, h, shape, state)
    bad = [(i // 2 % (w + 4), i // 2 // (w + 4)) for i in range(0, len(want), 2)
           if want[i:i + 2] != got[i:i + 2]]
    assert not bad, "%d pixels differ, first %s" % (len(bad), bad[:5])
