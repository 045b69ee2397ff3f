# The direct renderer (firmware/views/direct.py) on the desktop: what it sends lands where the
# screen says, on every rotation and offset a board's panel uses, in strips of any size, with odd
# widths; a rectangle sends only its own pixels; and its addressing of each board's panel is the
# emulator's picture of that panel (tools/emu/emu.py BOARDS: crop and rotate), so a picture
# drawn on the chip is the headless one (tests/test_device_direct.py checks the chip itself).
import pytest

from boards import headless
from boards.headless import FrameBus
from firmware.views import direct
from tools.emu import emu
from tools.emu.picture import crop_rotate

RED, GREEN, BLUE, WHITE, BROWN = 0xFF4040, 0x40FF60, 0x0000FF, 0xFFFFFF, 0x8B5A2B


def pattern(p, arg=None):
    """A picture with every corner and edge told apart: a backdrop, boxes touching the edges,
    a 1-pixel line and an odd-sized box."""
    w, h = p.w, p.h
    p.fill(0, 0, w, h, BROWN)
    p.fill(0, 0, 7, 5, RED)
    p.fill(w - 9, 0, 9, 3, GREEN)
    p.fill(0, h - 4, 5, 4, BLUE)
    p.fill(w - 3, h - 11, 3, 11, WHITE)
    p.fill(w // 3, h // 2, w // 4 + 1, 1, WHITE)
    p.fill(w // 2 + 1, h // 4, 13, 17, RED)
    p.fill(-5, h // 3, 12, 3, GREEN)  # (partly off the screen: clipped)


def upright(w, h):
    """The pattern drawn by hand into a screen buffer: the picture every panel must show."""
    buf = bytearray(2 * w * h)

    class Hand:
        pass
    hand = Hand()
    hand.w, hand.h = w, h

    def fill(x, y, fw, fh, color):
        v = rgb565(color)
        be = bytes((v >> 8, v & 255))  # (big-endian, as sent)
        for j in range(max(y, 0), min(y + fh, h)):
            for i in range(max(x, 0), min(x + fw, w)):
                buf[2 * (j * w + i):2 * (j * w + i) + 2] = be
    hand.fill = fill
    pattern(hand)
    return buf


SIZES = ((320, 240), (240, 240), (160, 128), (240, 135))
TURNS = ((0, (0, 0)), (270, (0, 0)), (270, (0, 80)), (90, (0, 0)), (180, (0, 0)),
         (0, (40, 53)))


@pytest.mark.parametrize("w, h", SIZES)
@pytest.mark.parametrize("rotation, offset", TURNS)
@pytest.mark.parametrize("budget", (8192, 600))
def test_every_rotation_and_offset_shows_the_same_picture(w, h, rotation, offset, budget):
    buf = bytearray(2 * w * h)
    bus = FrameBus(buf, w, h, rotation, offset)
    p = direct.Panel(bus, w, h, rotation, offset, budget)
    p.draw(0, 0, w, h, pattern)
    assert buf == upright(w, h)
    assert bus.pixels == w * h == p.total



def words(p, arg=None):
    """Lines of text over a backdrop: one across strips' edges, one cut by the screen's left
    edge, one by its bottom edge (direct.Panel.glyphs, the labels' atlas turned as the panel)."""
    p.fill(0, 0, p.w, p.h, BROWN)
    p.glyphs(3, p.h // 2 - 7, "\u00d4 \u0102n Quan 12, Wg!", WHITE)
    p.glyphs(-8, 5, "left edge", GREEN)
    p.glyphs(p.w // 3, p.h - 6, "bottom", RED)


@pytest.mark.parametrize("w, h", SIZES)
@pytest.mark.parametrize("rotation, offset", TURNS[1:])
@pytest.mark.parametrize("budget", (8192, 600))
def test_text_on_every_rotation_and_offset_is_the_upright_panels(w, h, rotation, offset, budget):
    want = bytearray(2 * w * h)
    direct.Panel(FrameBus(want, w, h), w, h).draw(0, 0, w, h, words)
    assert len(set(bytes(want[i:i + 2]) for i in range(0, len(want), 2))) == 4  # (text drawn)
    buf = bytearray(2 * w * h)
    direct.Panel(FrameBus(buf, w, h, rotation, offset), w, h, rotation, offset,
                 budget).draw(0, 0, w, h, words)
    assert buf == want

def test_a_rectangle_sends_only_its_own_pixels_and_leaves_the_rest():
    d = headless.make(240, 135).display
    d.framebus = FrameBus(d.buf, 240, 135, 270, (52, 40))  # (the 240x135 ST7789's)
    p = direct.Panel(d.bus, 240, 135, 270, (52, 40), budget=900)
    p.draw(0, 0, 240, 135, pattern)
    before = bytes(d.buf)
    sent, pixels = p.total, d.bus.pixels
    for x, y, w, h in ((100, 50, 40, 41), (3, 7, 1, 1), (231, 120, 20, 30), (-4, -4, 9, 9)):
        p.draw(x, y, w, h, lambda q, a: q.fill(0, 0, 240, 135, WHITE))
        got = min(x + w, 240) - max(x, 0), min(y + h, 135) - max(y, 0)
        assert p.total - sent == d.bus.pixels - pixels == got[0] * got[1]
        sent, pixels = p.total, d.bus.pixels
        for j in range(135):
            for i in range(240):
                k = 2 * (j * 240 + i)
                inside = max(x, 0) <= i < x + w and max(y, 0) <= j < y + h
                want = b"\xff\xff" if inside else before[k:k + 2]
                assert d.buf[k:k + 2] == want, (x, y, w, h, i, j)
        before = bytes(d.buf)


def test_fills_outside_the_rectangle_being_painted_are_clipped_to_it():
    b = headless.make(160, 128)
    d = b.display
    p = direct.make(b)
    p.draw(10, 10, 20, 20, lambda q, a: q.fill(0, 0, 160, 128, RED))
    lit = {(i, j) for j in range(128) for i in range(160) if d.buf[2 * (j * 160 + i)]}
    assert lit == {(i, j) for j in range(10, 30) for i in range(10, 30)}


def test_strips_share_one_budget():
    # a strip per width drawn, as tall as its window (16s) or the budget allows, the least
    # recently used going first: a pit's and a line's strips stay from frame to frame
    p = direct.Panel(FrameBus(bytearray(2 * 320 * 240), 320, 240), 320, 240, budget=8192)
    for cw in (320, 40, 41, 32, 96, 320, 40, 12):
        p.draw(0, 0, cw, 60, pattern)
        assert sum(2 * b.width * b.height for b, _, _ in p.buf) <= 8192
        assert all(b.width % 2 == 0 for b, _, _ in p.buf)
        assert p.buf[-1][0].width == cw + (cw & 1)
    assert [b.width for b, _, _ in p.buf] == [40, 12] and p.buf[0][0].height == 64
    made = p.buf[0]
    p.draw(0, 0, 40, 30, pattern)  # a strip of that width with the rows: the same one again
    assert p.buf[-1] is made and len(p.buf) == 2


class CountingBus(FrameBus):
    """A FrameBus that counts its pixel writes (RAMWR)."""
    writes = 0

    def send(self, command, data):
        self.writes += command == 0x2C
        FrameBus.send(self, command, data)


def pit_like(p, at):
    """A pit's picture over its whole window (its body, a ring, a seed)."""
    x, y = at
    p.fill(x, y, 31, 31, BROWN)
    p.fill(x, y, 31, 2, WHITE)
    p.fill(x + 29, y, 2, 31, WHITE)
    p.fill(x + 5, y + 7, 3, 3, RED)


@pytest.mark.parametrize("rotation, offset", ((0, (0, 0)), (180, (0, 0)), (270, (0, 80))))
def test_an_odd_window_apart_goes_out_in_one_write_its_black_neighbour_column_with_it(
        rotation, offset):
    # a pit 31 wide (the PicoSystem's) has a black gap round it (paint.py Pit.draw: apart):
    # sent with one more column, black, it is one write, not one a row (80 sends, ~2.5 ms on
    # the chip); the picture is the same. At the panel's last column it cannot widen: a row
    # at a time, as any odd window.
    w = h = 240
    for at in ((50, 60), (w - 31, 60), (50, h - 31)):
        got = {}
        for apart in (False, True):
            buf = bytearray(2 * w * h)
            bus = CountingBus(buf, w, h, rotation, offset)
            p = direct.Panel(bus, w, h, rotation, offset)
            p.draw(0, 0, w, h, lambda q, a: q.fill(0, 0, w, h, 0))
            # (a white square through the same strip first, its spare column left white: on
            # the chip a fill of the whole window fills the whole strip)
            p.draw(100, 150, 31, 31, lambda q, a: q.fill(0, 0, w, h, WHITE))
            b = p.buf[-1][0]
            for j in range(b.height):
                b[b.width - 1, j] = 0xFFFF
            n = bus.writes
            p.draw(at[0], at[1], 31, 31, pit_like, at, apart)
            got[apart] = (bytes(buf), bus.writes - n)
        assert got[True][0] == got[False][0]
        assert len(set(got[True][0])) > 2  # (the pit drawn)
        # the panel's last controller column: the screen's right edge upright, its bottom edge
        # turned 270 (turned 180 the last column is the screen's left edge: none here)
        edge = at == {0: (w - 31, 60), 270: (50, h - 31)}.get(rotation)
        assert got[False][1] == 31
        assert got[True][1] == (31 if edge else 1), (at, got[True][1])


def rgb565(color):
    """displayio's RGB565 of a 24-bit colour (the top 5, 6, 5 bits), as the panel gets it."""
    r, g, b = color >> 16, color >> 8 & 255, color & 255
    return (r >> 3) << 11 | (g >> 2) << 5 | b >> 3


@pytest.mark.parametrize("color", (0xFFFFFF, 0xFF0000, 0x00FF00, 0x0000FF, 0x8B5A2B, 0x070307))
def test_colours_reach_the_panel_as_displayio_sends_them(color):
    buf = bytearray(2 * 4 * 2)
    direct.Panel(FrameBus(buf, 4, 2), 4, 2).draw(0, 0, 4, 2, lambda q, a: q.fill(0, 0, 4, 2, color))
    assert buf == bytes((rgb565(color) >> 8, rgb565(color) & 255)) * 8
    assert rgb565(0x8B5A2B) == 0x8AC5


class ControllerBus(FrameBus):
    """The emulator's view of a panel: controller addresses into a 320x320 framebuffer
    (tools/emu/runner.mjs), which tools/emu/picture.py crops and turns into the screen."""

    def __init__(self):
        FrameBus.__init__(self, bytearray(2 * 320 * 320), 320, 320)


@pytest.mark.parametrize("board", sorted(emu.BOARDS))
def test_each_boards_addressing_is_the_emulators_picture_of_its_panel(board):
    b = emu.BOARDS[board]
    w, h = b["size"]
    rotation, offset = b["panel"]
    bus = ControllerBus()
    direct.Panel(bus, w, h, rotation, offset).draw(0, 0, w, h, pattern)
    rows = crop_rotate(bytes(bus.buf), 320, 320, b["crop"], b["rotate"])
    want = upright(w, h)
    got = bytearray()
    for r in rows:
        for v in r:
            got += bytes((v >> 8, v & 255))
    assert (len(rows[0]), len(rows)) == (w, h)
    assert got == want


def test_the_pits_glyph_rectangles_cover_their_glyphs_lit_pixels_and_no_other():
    # firmware/views/paint.py draws a count's glyphs as RECTS (a fill each), read from FONT
    from firmware.views.paint import AT, RECTS
    from pit_model import FONT, glyph
    for ch in "0123456789Q+*":
        k = glyph(ch)
        want = {(c, r) for r in range(5) for c in range(3) if FONT[k + r] & (4 >> c)}
        got = set()
        i = k // 5
        for j in range(AT[i], AT[i + 1], 2):
            x, y, w, h = RECTS[j] >> 4, RECTS[j] & 15, RECTS[j + 1] >> 4, RECTS[j + 1] & 15
            cells = {(x + a, y + b) for a in range(w) for b in range(h)}
            assert cells <= want, (ch, x, y, w, h)
            got |= cells
        assert got == want, ch
    assert AT[-1] == len(RECTS)

