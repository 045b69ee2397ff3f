# The lean pit painter (firmware/views/paint.py) draws, pixel for pixel, the pit displayio draws
# from pit.py's bitmap: at each board size's pit sizes (squares, half-moons, Omweso's pits), with
# seeds, a big stone, a count past what fits, a son's text, its number and each ring style.
import pytest

from boards import headless
from firmware.views import direct, paint, ui
from test_direct_pit import SIZES, STATES, displayio_pixels

BODY = 0x8B5A2B


def painted(w, h, shape, state, numcol=None):
    buf = bytearray(2 * (w + 4) * (h + 4))
    panel = direct.Panel(headless.FrameBus(buf, w + 4, h + 4), w + 4, h + 4)
    count, style, big, text, num = state
    ring = ui.STYLE_RING.get(style, ui.RING)
    body = 0xA03020 if style == "capture" else BODY
    a = (2, 3, w, h, shape, None if shape == "box" else paint._outline(w, h, shape),
         count, body, ring, big, text, num, ring if numcol is None else numcol)
    panel.draw(2, 3, w, h, paint.pen, a)
    return bytes(buf), panel.total


@pytest.mark.parametrize("w, h, shape", SIZES)
@pytest.mark.parametrize("state", STATES)
def test_a_painted_pit_is_the_displayio_pit(w, h, shape, state):
    want = displayio_pixels(w, h, shape, state)
    got, sent = painted(w, h, shape, state)
    bad = [(i // 2 % (w + 4), i // 2 // (w + 4)) for i in range(0, len(want), 2)
           if want[i:i + 2] != got[i:i + 2]]
    assert not bad, "%d pixels differ, first %s" % (len(bad), bad[:5])
    assert sent == w * h  # its own rectangle, nothing else


def test_the_pits_number_can_have_its_own_colour():
    state = (3, "cursor", 0, None, 7)
    plain, _ = painted(43, 56, "box", state)
    dark, _ = painted(43, 56, "box", state, numcol=ui.RING)
    assert plain != dark
    again, _ = painted(43, 56, "box", state, numcol=ui.YELLOW)
    assert again == plain


TEXT = "\u00d4 \u0102n Quan: 23 +1Q owes 2 ~{|}"


def label_pixels(w, h, x, y, text, color):
    import displayio
    board = headless.make(w, h)
    g = displayio.Group()
    ui.label(g, text, x, y, color)
    board.display.root_group = g
    board.display.refresh()
    return bytes(board.display.buf)


@pytest.mark.parametrize("rotation, offset", ((0, (0, 0)), (270, (0, 0)), (270, (0, 80)),
                                              (90, (0, 0)), (180, (0, 0)), (0, (40, 53))))
@pytest.mark.parametrize("budget", (8192, 300))
def test_text_sent_direct_is_the_labels_text_on_every_turn(rotation, offset, budget):
    w, h = 200, 40
    want = label_pixels(w, h, 3, 5, TEXT, ui.P_COL[1])
    bus = headless.FrameBus(bytearray(2 * w * h), w, h, rotation, offset)
    panel = direct.Panel(bus, w, h, rotation, offset, budget)
    # a label's cell starts where ui.label puts its box: (x, y) with anchor (0, 0)
    drawn = []

    def pen(p, a):
        p.fill(0, 0, w, h, 0)
        drawn.append(p.glyphs(3, 5, TEXT, ui.P_COL[1]))
    panel.draw(0, 0, w, h, pen)
    assert bytes(bus.buf) == want
    assert drawn[0] == 6 * (len(TEXT))


@pytest.mark.parametrize("rotation, offset", ((270, (0, 0)), (270, (0, 80)), (90, (0, 0)),
                                              (180, (0, 0)), (0, (40, 53))))
@pytest.mark.parametrize("budget", (8192, 700))
def test_pits_on_a_turned_panel_are_the_upright_ones(rotation, offset, budget):
    # (a half-moon's outline is made in the panel's own turn: paint._outline)
    def board(rotation, offset, budget):
        w, h = 160, 128
        bus = headless.FrameBus(bytearray(2 * w * h), w, h, rotation, offset)
        panel = direct.Panel(bus, w, h, rotation, offset, budget)
        for x, shape in ((1, "left"), (50, "box"), (100, "right")):
            paint.Pit(panel, x, 5, 43, 114 if shape != "box" else 56, shape).draw(
                7, "capture" if shape == "right" else "", BODY, 1 if shape != "box" else 0, None, 6)
        return bytes(bus.buf)
    assert board(rotation, offset, budget) == board(0, (0, 0), 8192)
