# The direct renderer (firmware/views/direct.py) on the real firmware of every board, on the
# emulated RP2040 (tools/emu): a picture drawn straight to the panel is, pixel for pixel, the one
# the headless board draws (boards/headless.py's FrameBus, upright), so the renderer addresses
# each panel (its rotation, its offset) right; a rectangle sends its own pixels and no others;
# and its figures in simulated time: a full screen, a 40x40 pit, a one-colour screen.
# make test: the Pico + Display Pack 2.0 (320x240 ST7789, turned 270) and the PicoSystem
# (240x240, upright); make test-long: the other boards. Skipped, with the reason, when the emulator or a
# firmware is missing.
import inspect
import os

import pytest

from boards.headless import FrameBus
from firmware.views import direct
from tools.emu import emu
import test_direct as T  # (its picture: every corner and edge told apart)

FAST = ("pico_display_pack2", "picosystem")
BOARDS = [pytest.param(b, marks=() if b in FAST else pytest.mark.long) for b in sorted(emu.BOARDS)]
PIT = (40, 40)  # a pit of the 320x240 boards, about
# ceilings in simulated ms at 320x240 (2026-12-07 on the Display Pack 2.0: 28.6, 36.2 and 3.1 ms;
# the SPI alone carries a 320x240 screen in 19.7 ms, a 40x40 pit in 0.4 ms at 62.5 MHz). A fill
# costs ~0.2 ms of Python on the chip, so a pit's time is mostly its fills' count.
ONE_MS = 35       # a screen of one colour
FULL_MS = 45      # a screen of eight fills
PIT_MS = 6        # a 40x40 pit of 19 fills, its strip made before


def pit(p, at):
    """A pit as the board draws one: its body over the whole window first (a whole strip is
    filled a word at a time), the ring as bars, its corners, a few seeds and a count's fills."""
    x, y = at
    w, h = PIT
    p.fill(x, y, w, h, 0x8B5A2B)
    for bx, by, bw, bh in ((1, 0, w - 2, 2), (1, h - 2, w - 2, 2), (0, 1, 2, h - 2),
                           (w - 2, 1, 2, h - 2)):
        p.fill(x + bx, y + by, bw, bh, 0x2A180A)
    for cx, cy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        p.fill(x + cx, y + cy, 1, 1, 0x000000)
    for i in range(6):
        p.fill(x + 5 + 4 * (i % 3), y + 6 + 4 * (i // 3), 3, 3, 0xF2E8CC)
    for i in range(4):
        p.fill(x + 14 + 2 * i, y + h - 12, 1 + i % 2, 5 - i % 3, 0xF2E8CC)


_SETUP = """
import displayio, time
from boards import select
hw = select.load(select.board_name(select.board_id()))
d = hw.display
d.root_group = displayio.Group()
d.auto_refresh = False
d.refresh()
print("READY", d.width, d.height, d.rotation)
time.sleep(0.01)
"""

_DRAW = """
import time
from firmware.views import direct
p = direct.make(hw)
w, h = p.w, p.h
def timed(name, x, y, fw, fh, pen, arg=None):
    t = time.monotonic_ns()
    p.draw(x, y, fw, fh, pen, arg)
    print("T", name, (time.monotonic_ns() - t) // 1000)
timed("one", 0, 0, w, h, lambda q, a: q.fill(0, 0, w, h, 0x4A2E18))
timed("full", 0, 0, w, h, pattern)
timed("first pit", AT[0], AT[1], PIT[0], PIT[1], pit, AT)
timed("pit", AT[0], AT[1], PIT[0], PIT[1], pit, AT)
timed("odd", 3, 5, 13, 7, lambda q, a: q.fill(0, 0, w, h, 0x40C0FF))
print("DONE", p.total)
"""


def expected(w, h):
    """The same drawing on the headless board's upright panel: RGB565 rows."""
    buf = bytearray(2 * w * h)
    p = direct.Panel(FrameBus(buf, w, h), w, h)
    at = place(w, h)
    p.draw(0, 0, w, h, lambda q, a: q.fill(0, 0, w, h, 0x4A2E18))
    p.draw(0, 0, w, h, T.pattern)
    p.draw(at[0], at[1], PIT[0], PIT[1], pit, at)
    p.draw(at[0], at[1], PIT[0], PIT[1], pit, at)
    p.draw(3, 5, 13, 7, lambda q, a: q.fill(0, 0, w, h, 0x40C0FF))
    return [tuple(buf[2 * (y * w + x)] << 8 | buf[2 * (y * w + x) + 1] for x in range(w))
            for y in range(h)]


def place(w, h):
    return (w // 2 - 7, h // 2 - 23)  # (odd: neither edge on a strip's row)


@pytest.mark.parametrize("board", BOARDS)
def test_the_direct_picture_on_the_chip_is_the_headless_one(board, tmp_path):
    why = emu.missing(emu.BOARDS[board]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    from tools.build import bundle
    w, h = emu.BOARDS[board]["size"]
    code = "\n".join(("RED, GREEN, BLUE, WHITE, BROWN = %r" % ((T.RED, T.GREEN, T.BLUE, T.WHITE,
                                                                 T.BROWN),),
                      inspect.getsource(T.pattern), inspect.getsource(pit),
                      "PIT = %r\nAT = %r\n" % (PIT, place(w, h)), _DRAW))
    drive = bundle.private_bundle(board, str(tmp_path))
    with open(os.path.join(drive, "code.py"), "w") as f:  # this drawing instead of the app
        f.write(_SETUP + code + "while True:\n    time.sleep(1)\n")
    with emu.circuitpython(board, drive, workdir=str(tmp_path)) as chip:
        chip.spans(on=True)
        chip.heap_lines(on=True)  # (for the time of each console line)
        chip.run(30000, until="DONE")
        chip.run(200)
        spans = chip.spans()
        lines = chip.heap_lines()
        screen = chip.frame565()
        out = chip.console
    err = "Traceback" in out
    assert not err and "DONE" in out, out + err
    times = {ln[2:].rsplit(" ", 1)[0]: int(ln.rsplit(" ", 1)[1]) / 1000
             for ln in out.splitlines() if ln.startswith("T ")}
    print(board, times)
    want = expected(w, h)
    bad = sum(a != b for ra, rb in zip(screen, want) for a, b in zip(ra, rb))
    if bad:
        from tools.emu import appflow
        appflow.write_pair(str(tmp_path / "direct.png"), screen, want)
    assert bad == 0, "%d pixels differ from the headless picture (%s)" % (bad, tmp_path)
    # what reached the panel after displayio's last refresh: the four rectangles, nothing else
    ready = [ln["t_us"] for ln in lines if "READY" in ln["line"]]
    assert ready, lines
    sent = sum(s[6] for s in spans if s[0] >= ready[0])
    assert sent == 2 * w * h + 2 * PIT[0] * PIT[1] + 13 * 7, (sent, len(spans))
    assert "DONE %d" % sent in out
    if board == "pico_display_pack2":  # (the others' SPI clocks differ: 24-62.5 MHz)
        assert times["one"] <= ONE_MS and times["full"] <= FULL_MS, times
    assert times["full"] <= times["one"] + FULL_MS - ONE_MS, times  # the fills, not the SPI
    # the pit as a sowing's frames draw it, its strip there; the first one made its strip, and
    # collected the screen's strips it let go: ~4 ms more on the Sprig (7.8 ms, 2026-12-07)
    assert times["pit"] <= PIT_MS and times["first pit"] <= 2 * PIT_MS, times


# The board screen drawn direct (a game's board view: firmware/views/board.py with paint.py's
# pits, lines and bar) on the chip: a two-player game's board at its start, two presses, the first frames of
# the sowing, each drawn by the view's update as the app draws it, timed; the chip's panel at
# the end is the headless twin's picture (the same code on CPython into boards/headless.py's
# FrameBus), pixel for pixel. The same run on both sides: its source is sent to the chip.
_BOARD = """
import gc
import time
from firmware.session import Session
from firmware.games import part


def board_run(p, w, h, game):
    s = Session(None, seed=1)
    s.cfg["game"] = game
    s.cfg["mode"] = "two"
    s.new_game()
    v = part(game, "view").View(w, h, s, p)
    now = 1000
    sent = [p.total]

    def timed(name):
        gc.collect()  # as the app collects between its passes (App.collect: the panel's count too)
        p.waste = 0
        t = time.monotonic_ns()
        v.update(s)
        print("T", name, (time.monotonic_ns() - t) // 1000, p.total - sent[0])
        sent[0] = p.total
    timed("start")
    for b in ("right", "a", "a"):
        if s.phase == "anim":
            break
        now += 10
        s.press(b, now)
        timed("press-" + b + str(now))
    n = 0
    while s.phase == "anim" and n < 10:
        now += 100
        s.tick(now)
        n += 1
        timed("frame%d" % n)
    print("DONE", p.total)
"""
# Ceilings in simulated ms on the Display Pack 2.0, not targets (2026-12-06, the app's board
# views: the board first drawn, over black, 333 ms for Ô Ăn Quan, 482 for Omweso's 32 pits; a
# frame that sends two squares 11.5-12.1 ms, of which ~3 ms the view's update with nothing to
# send; one of Omweso's pits 10.4-11.3 (5.6-7.9 with nothing to send), two 17.3-17.8; one with a
# half-moon 35.4-35.7 ms). Issue 53's target for a sowing frame is 8 ms: not met (on the chip a
# fill costs ~53 us, 16 of them the call; any Panel.draw ~0.5 ms of FourWire sends before its
# pixels; a square's picture ~4.8 ms, ~3.2 of them paint.py's Python; a half-moon's ~19 ms).
BOARD_MS = 500     # a whole board, first drawn
FRAME_MS = 20      # a sowing frame that sends squares only (two at most)
MOON_FRAME_MS = 45  # one that sends a half-moon too
DIRECT_BOARDS = (("pico_display_pack2", "oanquan"),
                 pytest.param("pico_display_pack2", "omweso", marks=pytest.mark.long),
                 pytest.param("sprig", "sanyao", marks=pytest.mark.long),
                 # (its pits 31 wide: sent with their black neighbour column, Panel.draw apart)
                 pytest.param("picosystem", "oanquan", marks=pytest.mark.long))


@pytest.mark.parametrize("board, game", DIRECT_BOARDS)
def test_the_direct_board_on_the_chip_is_the_headless_one(board, game, tmp_path):
    why = emu.missing(emu.BOARDS[board]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    from tools.build import bundle
    w, h = emu.BOARDS[board]["size"]
    drive = bundle.private_bundle(board, str(tmp_path))
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write(_SETUP + _BOARD + "from firmware.views import direct\n"
                "board_run(direct.make(hw), %d, %d, %r)\n" % (w, h, game) +
                "while True:\n    time.sleep(1)\n")
    with emu.circuitpython(board, drive, workdir=str(tmp_path)) as chip:
        chip.run(60000, until="DONE")
        screen = chip.frame565()
        out = chip.console
    assert "Traceback" not in out and "DONE" in out, out[-1500:]
    rows = [ln.split() for ln in out.splitlines() if ln.startswith("T ")]
    times = {r[1]: int(r[2]) / 1000 for r in rows}
    print(board, game, {r[1]: (int(r[2]) / 1000, int(r[3])) for r in rows})
    # the twin: the same run on CPython into an upright screen buffer
    buf = bytearray(2 * w * h)
    twin = {}
    exec(_BOARD, twin)
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()) as said:
        twin["board_run"](direct.Panel(FrameBus(buf, w, h), w, h), w, h, game)
    assert [ln.split()[3] for ln in said.getvalue().splitlines() if ln.startswith("T ")] == \
        [r[3] for r in rows]  # the same pixels sent at each step
    want = [tuple(buf[2 * (y * w + x)] << 8 | buf[2 * (y * w + x) + 1] for x in range(w))
            for y in range(h)]
    bad = sum(a != b for ra, rb in zip(screen, want) for a, b in zip(ra, rb))
    if bad:
        from tools.emu import appflow
        appflow.write_pair(str(tmp_path / "board.png"), screen, want)
    assert bad == 0, "%d pixels differ from the headless board (%s)" % (bad, tmp_path)
    frames = [(int(r[2]) / 1000, int(r[3])) for r in rows if r[1].startswith("frame")]
    assert len(frames) >= 3, times
    if board == "pico_display_pack2":
        assert times["start"] <= BOARD_MS, times
        square = 43 * 56  # (Ô Ăn Quan's square on this board: a frame sends whole pits)
        assert all(t <= FRAME_MS for t, px in frames if px <= 2 * square), frames
        assert all(t <= MOON_FRAME_MS for t, px in frames), times
        # a frame sends the rectangles of the pits that changed and nothing else (the status
        # line, the same through a sowing, not again): whole squares, a half-moon with them
        pit = {"oanquan": (square, 43 * 114), "omweso": (32 * 35, 32 * 35)}[game]
        assert all(px % pit[0] == 0 or (px - pit[1]) % pit[0] == 0 for _, px in frames), frames
        assert any(px == pit[0] for _, px in frames), frames  # one pit changed: its own


# What displayio does to pixels sent straight to the panel (issue 53's step 2: the board drawn
# direct while menus stay displayio), on the chip: with auto-refresh off, a refresh with nothing
# changed sends nothing (the direct picture stays); but a new root group, an empty Group or None
# alike, makes the next refresh send the whole screen (CircuitPython 10: set_root_group sets
# full_refresh; None shows nothing: black), so a screen drawn direct must keep displayio from
# refreshing while it shows, and a displayio box over it (the pause box) repaints the screen.
_ROOT = """
import displayio, time
from firmware.views import direct
p = direct.make(hw)
g = displayio.Group()
b = displayio.Bitmap(8, 8, 1)
pal = displayio.Palette(1)
pal[0] = 0x40C0FF
g.append(displayio.TileGrid(b, pixel_shader=pal, x=10, y=10))
steps = (("shown", lambda: setattr(d, "root_group", g)),
         ("direct", lambda: p.draw(40, 40, 20, 20, lambda q, a: q.fill(0, 0, q.w, q.h, 0xFF4040))),
         ("unchanged", lambda: None),
         ("moved", lambda: setattr(g[0], "x", 12)),
         ("none", lambda: setattr(d, "root_group", None)),
         ("empty", lambda: setattr(d, "root_group", displayio.Group())))
for name, f in steps:
    f()
    if name != "direct":
        d.refresh()
    time.sleep(0.05)
    print("STEP", name)
    time.sleep(0.2)
print("DONE")
"""


@pytest.mark.long  # (a fact the app's design rests on, not a property of its code)
def test_displayio_repaints_the_whole_panel_after_a_new_root_only(tmp_path):
    board = "pico_display_pack2"
    why = emu.missing(emu.BOARDS[board]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    from tools.build import bundle
    w, h = emu.BOARDS[board]["size"]
    drive = bundle.private_bundle(board, str(tmp_path))
    with open(os.path.join(drive, "code.py"), "w") as f:
        f.write(_SETUP + _ROOT + "while True:\n    time.sleep(1)\n")
    sent = {}
    with emu.circuitpython(board, drive, workdir=str(tmp_path)) as chip:
        chip.spans(on=True)
        chip.run(30000, until="READY")
        chip.spans()
        for name in ("shown", "direct", "unchanged", "moved", "none", "empty"):
            chip.run(5000, until="STEP " + name)
            sent[name] = sum(s[6] for s in chip.spans())
        out = chip.console
    assert "Traceback" not in out, out[-1500:]
    print(sent)
    assert sent["shown"] >= w * h  # a new root: the whole screen
    assert sent["direct"] == 20 * 20
    assert sent["unchanged"] == 0  # the direct picture stays
    assert 0 < sent["moved"] <= 2 * 10 * 8  # only the moved TileGrid's areas
    assert sent["none"] == w * h and sent["empty"] == w * h
