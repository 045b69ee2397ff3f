"""The console's current in each state, from the emulated chip's busy fraction (issue 57 #4).

    python3 -m tools.device.power [--board picosystem ...] [--write]        (make power)

The board's shipped bundle runs on CircuitPython 10.2.1 in the emulated RP2040, in simulated
time, from an empty drive (the settings' defaults). The runner counts the cycles the core
executes; the cycles it waits in WFI (CircuitPython's idle, the app's time.sleep between two
passes of its loop) it skips (tools/emu/runner.mjs busy_cycles). A state's busy fraction is the
share of a window's cycles the core executed:
  title       the title menu, lit, nobody pressing
  pondering   your turn against the AI (level 5): the AI searches its reply meanwhile
  your turn   your turn once that search is done
  AI's turn   your move's sowing shown and the AI's search (level 5), from your press
  dimmed      30 s without a press: the backlight dimmed, pondering stopped (on the title)
  dark        the "Sleep after" time without a press (1 min, set in Settings): backlight off
A current is then ASSUMED, not measured: the RP2040 board's current with its core busy or
waiting (CHIP_MA), plus the backlight's at its level (full, the board's dimmed brightness, off),
and hours = the battery's capacity / that current, where the board has a battery of a known
capacity (BOARDS). Every figure of the table but the busy fraction is such an assumption, stated
beside the table (docs/performance.md "Power"): a meter on the real board replaces them.
Not modelled: the chip's deep sleep (CircuitPython's `alarm`: the app does not use it yet), the
panel's own controller, the flash's standby current, the regulator's efficiency.
"""
import argparse
import os
import shutil
import tempfile

from tools.build import bundle
from tools.emu import appflow, emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "performance.md")
WINDOW_MS = 2000
STATES = ("title", "pondering", "your turn", "AI's turn", "dimmed", "dark")
# ASSUMED currents, mA, of an RP2040 board at 125 MHz (core, flash, regulator), from public
# RP2040/Pico figures of that order (a busy core draws about twice what WFI leaves); not
# measured here, not read from a datasheet here: replace with a meter's reading.
CHIP_MA = {"busy": 24.0, "wait": 12.0}
# ASSUMED: each board's backlight at full (mA; a small IPS TFT's LED backlight) and its battery
# (mAh; None: the board has none, or its capacity is not known here: mA only). The PicoSystem's
# 525 mAh is the figure; the Pico add-on boards have no battery of their own.
BOARDS = {
    "picosystem": {"backlight": 20.0, "battery": 525},
    "pico_display_pack2": {"backlight": 40.0, "battery": None},
    "pico_lcd13": {"backlight": 20.0, "battery": None},
    "picopad": {"backlight": 40.0, "battery": None},
    "ugame22": {"backlight": 40.0, "battery": None},
    "sprig": {"backlight": 20.0, "battery": None},
}
LIGHT = {"title": 2, "pondering": 2, "your turn": 2, "AI's turn": 2, "dimmed": 1, "dark": 0}


def plan(board):
    """The key presses worked out on the headless twin (tools/emu/appflow.py): Settings ->
    "Sleep after: 1 min" and back to the title; then Ô Ăn Quan against the AI at level 5, you
    first, started; then your move (the cursor's pit, each prompt confirmed)."""
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    four = "up" not in keys
    down, change = ("y", "a") if four else ("down", "right")
    twin = appflow.Headless(w, h, keys)
    s = twin.session
    out = []

    def go(k):
        out[-1].append(k)
        twin.press(k)

    def to(item):
        for _ in range(len(s.scr.items)):
            if s.scr.items[s.scr.sel] == item:
                return
            go(down)
        raise AssertionError("no %r row: %r" % (item, s.scr.items))

    out.append([])
    to(("go", "settings"))
    go("a")
    to(("cfg", "sleep"))
    while s.cfg["sleep"] != 1:
        go(change)
    go("b")
    out.append([])
    for k, v in (("game", "oanquan"), ("mode", "ai"), ("level", 5), ("starts", "you")):
        to(("cfg", k))
        while s.cfg[k] != v:
            go(change)
    to(("start", None))
    go("a")
    assert s.screen == "play" and s.phase == "select", (s.screen, s.phase)
    out.append([])
    go("a")
    while s.phase == "choose":
        go("a")
    return out


def busy(chip, ms):
    """The share of the next ms (simulated) the core spent executing."""
    b, t = chip.busy_cycles, chip.t_us
    chip.run(ms)
    return (chip.busy_cycles - b) / ((chip.t_us - t) * chip.clk_hz / 1e6)


def measure(board, echo=False):
    """{state: busy fraction} on the board's emulated chip."""
    settings, start, move = plan(board)
    shipped = bundle.bundle(board, mpy_cross=bundle.default_mpy_cross(), quiet=True)
    work = tempfile.mkdtemp(prefix="power-")
    got = {}
    try:
        drive = os.path.join(work, "CIRCUITPY")
        shutil.copytree(shipped, drive)
        with emu.circuitpython(board, bundle_dir=drive, workdir=work) as chip:
            appflow.boot_to_title(chip)
            got["title"] = busy(chip, WINDOW_MS)
            for k in settings:
                appflow.device_press(chip, k)
            last = chip.t_us
            chip.run(31000 - (chip.t_us - last) // 1000)
            got["dimmed"] = busy(chip, WINDOW_MS)
            chip.run(61000 - (chip.t_us - last) // 1000)
            got["dark"] = busy(chip, WINDOW_MS)
            appflow.device_press(chip, "b")  # wakes only (B does nothing on the title)
            for k in start:
                appflow.device_press(chip, k)
            got["pondering"] = busy(chip, WINDOW_MS)
            for _ in range(16):  # its search done (level 5: ~5 s of the chip's time), well
                if busy(chip, 500) < 0.95:  # before the 30 s that dim the screen
                    break
            got["your turn"] = busy(chip, WINDOW_MS)
            for k in move[:-1]:
                appflow.device_press(chip, k)
            gpio = chip.board["keys"][move[-1]]  # the last press: the window starts at it
            chip.pin(gpio, 0)
            got["AI's turn"] = busy(chip, WINDOW_MS)
            chip.pin(gpio, 1)
            errors = appflow.console_errors(chip.console)
            if errors:
                raise emu.EmuError("%s: %s" % (board, errors[:3]))
            if echo:
                print(board, {k: round(v, 3) for k, v in got.items()}, "at %.1f s simulated"
                      % (chip.t_us / 1e6), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return got


def current(board, state, frac):
    """The assumed current (mA) of the board in this state at this busy fraction."""
    # the backlight: off, dimmed (boards/<board>.py brightness: 0.2), full; the uGame22's has
    # no pin (its dark is a black picture): always lit
    light = 2 if board == "ugame22" else LIGHT[state]
    bl = BOARDS[board]["backlight"] * (0.0, 0.2, 1.0)[light]
    return CHIP_MA["wait"] + frac * (CHIP_MA["busy"] - CHIP_MA["wait"]) + bl


def table(results):
    """The markdown table of results {board: {state: busy fraction}}."""
    head = "| board | " + " | ".join(STATES) + " |"
    out = [head, "|" + "---|" * (len(STATES) + 1)]
    for board, got in results.items():
        cells = []
        for st in STATES:
            f = got[st]
            ma = current(board, st, f)
            cap = BOARDS[board]["battery"]
            cells.append("%.0f%% busy, %.0f mA%s" % (100 * f, ma,
                                                     ", %.0f h" % (cap / ma) if cap else ""))
        out.append("| %s | %s |" % (board, " | ".join(cells)))
    return "\n".join(out)


def section(text, at):
    """The section docs/performance.md shows: the method, every assumption, the table."""
    return """Written by `make power` (`python3 -m tools.device.power --write`, at %s): the board's
shipped bundle on CircuitPython 10.2.1 in the emulated RP2040 (simulated time, from an empty
drive), each state a %d ms window after the app reached it; **busy** is the share of the
window's cycles the core executed rather than waited in WFI (the app rests between two passes
of its loop when nothing is to be searched: 1 ms lit, 50 ms dimmed or dark; 1 ms in every state
until the first run of this tool found the idle title 72%% busy, and dimmed and dark the same):
the one measured figure. States: *title*
(lit, nobody pressing), *pondering* (your turn against the AI at level 5: it searches its reply
meanwhile), *your turn* (that search done), *AI's turn* (from your move's press: its sowing
shown and the AI's search), *dimmed* (30 s without a press: the backlight at the board's dimmed
brightness, 0.2, pondering stopped), *dark* (the "Sleep after" time, set to 1 min, without a
press: the backlight off; the uGame22, with no backlight pin, shows a black picture instead).

The currents are **assumptions**, not measurements: the RP2040 board %.0f mA with its core
waiting, %.0f mA busy (linear between), plus the backlight at full (a small IPS panel's LED
backlight; mA): %s; 0.2 of that dimmed, none dark (the uGame22's, with no pin, always lit). Hours =
the battery / the current, where the board has one of a known capacity (the PicoSystem's 525
mAh, the issue's figure; the Pico add-on boards have none of their own; the others' are not
known here). Not modelled: the panel's controller, the flash's standby, the regulator's
efficiency, the battery's own curve; the chip's deep sleep (CircuitPython's `alarm`) is not
used by the app yet, so no state here is asleep. A meter on a real board replaces every figure
but the busy share.

%s
""" % (at, WINDOW_MS, CHIP_MA["wait"], CHIP_MA["busy"],
       ", ".join("%s %.0f" % (b, v["backlight"]) for b, v in BOARDS.items()), text)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--board", action="append", choices=sorted(BOARDS),
                   help="a board (again for more; default: the PicoSystem)")
    p.add_argument("--write", action="store_true", help="the table into docs/performance.md")
    a = p.parse_args(argv)
    results = {}
    for board in a.board or ["picosystem"]:
        results[board] = measure(board, echo=True)
    text = table(results)
    print(text)
    if a.write:
        from tools.sections import commit, write_section
        write_section(DOC, "## Power: the chip's busy share in each state (emulated)",
                      section(text, commit(ROOT)))


if __name__ == "__main__":
    main()
