# The real firmware on the emulated RP2040 (tools/emu): the bundle of `make bundle` (.mpy when
# CircuitPython's mpy-cross is there) on CircuitPython 10.2.1 for the PicoSystem and for the Pico +
# Display Pack 2.0 (320x240). Each test boots to the title screen, starts one game against the AI
# at level 5 with the AI moving first, lets it move, and checks the screen against the headless
# render of the same app (boards/headless.py) and the console for exceptions.
# Skipped, with the reason, when the firmware or rp2040js is missing (tools/emu/README.md).
# Slow by nature (the emulator runs ~3-10x slower than real time): one boot per test.
import pytest

from tools.emu import appflow, emu

BOARDS = ("picosystem", "pico_display_pack2")


def need(board):
    why = emu.missing(emu.BOARDS[board]["firmware"])
    if why:
        pytest.skip("device test off: " + why)


def build(board, tmp_path):
    from tools.build import bundle
    return bundle.private_bundle(board, str(tmp_path))


# make test plays Omweso (the heaviest game) on the Display Pack 2.0 (the PicoSystem boots in
# make test's lesson, review and direct tests); make test-long every board and game.
PLAYS = [pytest.param(b, g, marks=() if (b, g) == ("pico_display_pack2", "omweso") else
                      pytest.mark.long)
         for b in BOARDS for g in appflow.GAMES]


@pytest.mark.parametrize("board, game", PLAYS)
def test_device_boots_and_plays_against_the_ai(board, game, tmp_path):
    need(board)
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    presses, twin = appflow.plan_start(game, keys, w, h)  # title -> game at level 5, AI first
    with emu.circuitpython(board, build(board, tmp_path), workdir=str(tmp_path)) as chip:
        appflow.check_title(chip, w, h, keys, tmp_path, limit_ms=20000)
        for k in presses:
            appflow.device_press(chip, k)
        t0 = chip.t_us
        # the AI may think for seconds without drawing: settle again until the device shows a
        # screen of the twin's from after the AI's move (or give up after three rounds)
        twin_t = 0
        frames = []
        for _ in range(3):
            appflow.settle(chip, quiet_ms=1200, limit_ms=30000)
            screen = chip.frame565()
            errors = appflow.console_errors(chip.console)
            assert not errors, chip.console[-1500:]
            took = (chip.t_us - t0) / 1000
            frames += twin.frames(took + 3000 - twin_t)  # the twin plays the same presses
            twin_t = took + 3000
            best = min(((appflow.mismatch(screen, f), n) for _, n, f in frames),
                       key=lambda x: (x[0], -x[1]))
            if best[0] == 0 and best[1] >= 1:
                break
    assert frames[-1][1] >= 1, "the AI has not moved on the headless board"
    if best[0]:
        appflow.write_pair(str(tmp_path / "game.png"), screen, frames[-1][2])
    assert best[0] == 0, "the device screen matches no headless screen (%d px off; %s)" % (
        best[0], tmp_path / "game.png")
    assert best[1] >= 1, "the device screen is from before the AI's move"


# The harness reads the heap from the chip's RAM (tools/emu/runner.mjs) for every "lowest free"
# figure in docs/performance.md. Here the heap is grown until the outer heap is used up (the last
# GC area then fills its block exactly), some of it freed, and the reading must be the chip's own
# gc.mem_free().
_FILL = """import gc, time
keep = []
try:
    while True:
        keep.append(bytearray(2000))
except MemoryError:
    pass
del keep[-10:]
gc.collect()
print("FREE", gc.mem_free(), len(keep))
while True:
    time.sleep(1)
"""


def _boot_code(tmp_path, code):
    """The PicoSystem build booted with a drive that holds only this code.py."""
    need("picosystem")
    src = tmp_path / "fs"
    src.mkdir()
    (src / "code.py").write_text(code)
    return emu.circuitpython("picosystem", str(src), workdir=str(tmp_path))


def test_the_heap_reading_is_the_chips_gc_mem_free(tmp_path):
    with _boot_code(tmp_path, _FILL) as chip:
        chip.run(20000, until="FREE ")
        chip.run(1500)
        line = chip.console[chip.console.index("FREE "):].split("\n")[0].split()
        free = int(line[1])
        h = chip.heap()
    assert int(line[2]) > 50  # the heap was filled
    assert free >= 10 * 2000  # what was freed is free
    assert abs(h["free"] - free) <= 256, (h, free)


_LINES = """import gc, time
gc.collect()
print("LA")
x = bytearray(20000)
time.sleep(0.05)  # a low point counts once two heap samples saw it (flash writes shift them)
print("LB")
x = None
gc.collect()
print("LC")
"""


def test_the_heap_log_per_console_line_shows_where_the_heap_fell(tmp_path):
    # Chip.heap_lines: the lowest free heap between one console line and the next (how the
    # lowest points of a whole game were located, issue 10)
    with _boot_code(tmp_path, _LINES) as chip:
        chip.heap_lines(on=True)
        chip.run(20000, until="LC")
        chip.run(300)
        # a line may start with CircuitPython's status-bar escape sequence
        got = {r["line"][-2:]: r["min_free"] for r in chip.heap_lines() if r["line"][-2:] in
               ("LA", "LB", "LC")}
        assert chip.heap_lines() == []  # handed over once
    assert got["LB"] is not None and got["LA"] is not None, got
    assert got["LB"] <= got["LA"] - 19000, got  # the 20000 bytes lived between LA and LB
    assert got["LC"] <= got["LA"] - 19000, got  # and until the collection before LC


# The Omweso board at 320x240 built and drawn in the app's REPL on the chip, with the collector
# off: what a step keeps and what it leaves as garbage (gc.mem_alloc before, after, after a
# collection). Garbage counts against the lowest free heap until the next collection.
_DRAW = """import gc
from boards import select
hw = select.load(select.board_name(select.board_id()))
from firmware.app import App
app = App(hw)
app.render()
s = app.session
s.cfg["game"] = "omweso"
s.new_game()
app.drop_view()
s.ai()
def meas(name, f, off=True):
    gc.collect()
    if off:
        gc.disable()
    a0 = gc.mem_alloc()
    r = f()
    a1 = gc.mem_alloc()
    gc.collect()
    k = gc.mem_alloc()
    gc.enable()
    print("DRAW", name, k - a0, a1 - k)
    return r
d = hw.display
v = meas("build", lambda: s.scr.view(d.width, d.height, app.panel))
meas("first", lambda: v.update(s), False)  # (its strips made: the collector on)
s.version += 1
meas("again", lambda: v.update(s))
"""


def test_drawing_the_omweso_board_leaves_little_garbage_on_the_chip(tmp_path):
    # Before 2026-12-01 the first draw left 18 KB of garbage (a tuple per pixel of every pit's
    # digits, a glyph object per character of every label) and each redraw 2.3 KB (a state
    # tuple per pit): the lowest free heap of an Omweso game was set there.
    need("pico_display_pack2")
    with emu.circuitpython("pico_display_pack2", build("pico_display_pack2", tmp_path),
                           workdir=str(tmp_path)) as chip:
        chip.interrupt_to_repl()
        out, err, _ = chip.raw_exec(_DRAW, ms=120000)
    got = {}
    for line in out.splitlines():
        p = line.split()
        if p[:1] == ["DRAW"]:
            got[p[1]] = (int(p[2]), int(p[3]))
    assert set(got) == {"build", "first", "again"}, out + err
    # the board's pits and lines are there, in less than with a bitmap per pit (21 808 B held;
    # 19 408 with displayio layers; 20 528 at 57a1e7d), building them leaves little garbage (a
    # tuple per pixel of the pit numbers' strip once left 9 KB), and a redraw with nothing to
    # send none. Drawn straight to the panel (issue 53), the first picture makes the renderer's
    # strips (8 KB at most, the least recently used given up for a new width: garbage then, so
    # measured with the collector on: what it holds after)
    assert 8000 < got["build"][0] <= 16000, got
    assert got["build"][1] <= 1000, got
    assert got["first"][0] <= 11000, got   # its strips and what each pit shows (10 160)
    assert got["again"][1] <= 1000, got   # was 2320


def test_every_module_together_leaves_room_in_the_table_of_names():
    # CircuitPython keeps every name a loaded module brings for the whole session, in pools that
    # double (tools/device/names.py): all the modules a device session can load fit in the pools
    # below the 1280-name one (7.7 KB, never taken), with room for 10 more names: 15 now (the
    # review after a game took 5), the lessons and the hint's engine/explain.py counted
    # (2026-12-04: counted at last, they took
    # the 1280-name pool by 5 names; the lessons' rule IDs and short titles, kept as names for
    # good, went). The next module needs names freed first (e.g. the lessons as a data file).
    need("picosystem")
    from tools.device import names
    pools, errors = names.headroom("picosystem")
    assert not errors, errors
    assert pools and pools[0][1] < 10 * 1024, pools  # the next pool is the 1280-name one
    assert pools[0][0] >= 10, pools
