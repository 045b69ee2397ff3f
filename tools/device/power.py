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
  asleep      the "Sleep after" time without a press (1 min, set in Settings): the app's deep
              sleep (firmware/resume.py), on a second boot with no USB host (with one,
              CircuitPython only pretends to sleep, its core spinning); the oscillator dormant,
              the core stopped (tools/emu/runner.mjs)
A current is then ASSUMED, not measured: the RP2040 board's current with its core busy or
waiting (CHIP_MA), plus the backlight's at its level (full, the board's dimmed brightness, off),
and hours = the battery's capacity / that current, where the board has a battery of a known
capacity (BOARDS). Every figure of the table but the busy fraction is such an assumption, stated
beside the table (docs/performance.md "Power"): a meter on the real board replaces them.
Not modelled: the panel's own controller, the flash's standby current, the regulator's
efficiency.
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
STATES = ("title", "pondering", "your turn", "AI's turn", "dimmed", "asleep")
# ASSUMED currents, mA, of an RP2040 board at 125 MHz (core, flash, regulator), from public
# RP2040/Pico figures of that order (a busy core draws about twice what WFI leaves); not
# measured here, not read from a datasheet here: replace with a meter's reading.
CHIP_MA = {"busy": 24.0, "wait": 12.0}
# ASSUMED: the whole board asleep (mA): the RP2040 dormant (well under 1 mA), its regulator and
# flash in standby, and the panel's controller, which CircuitPython's deep sleep releases without
# sending it to sleep: of the order of the "two weeks asleep" on 525 mAh. Not measured.
ASLEEP_MA = 1.5
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
LIGHT = {"title": 2, "pondering": 2, "your turn": 2, "AI's turn": 2, "dimmed": 1, "asleep": 0}


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
    """{state: busy fraction} on the board's emulated chip: the lit and dimmed states on a boot
    with the usual USB host (the console checked for errors), asleep on a second one with none."""
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
        got["asleep"] = asleep(board, drive, work, settings)
        if echo:
            print(board, {k: round(v, 3) for k, v in got.items()}, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return got


def asleep(board, drive, work, settings):
    """The busy share asleep: a boot with no USB host (on battery), "Sleep after: 1 min" set,
    a minute without a press; EmuError unless the chip went dormant (the app's deep sleep)."""
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    title = appflow.Headless(w, h, keys).frame565()
    with emu.circuitpython(board, bundle_dir=drive, workdir=work, usb=False) as chip:
        appflow.shows(chip, title, 20000)
        for k in settings:
            appflow.device_press(chip, k)
        last = chip.t_us
        while not chip.dormant and chip.t_us - last < 75e6:
            chip.run(500)
        if not chip.dormant:
            raise emu.EmuError("%s: not asleep 75 s after the last press" % board)
        return busy(chip, WINDOW_MS)


def current(board, state, frac):
    """The assumed current (mA) of the board in this state at this busy fraction."""
    # the backlight: off, dimmed (boards/<board>.py brightness: 0.2), full; the uGame22's has
    # no pin (its dark is a black picture): always lit
    light = 2 if board == "ugame22" else LIGHT[state]
    bl = BOARDS[board]["backlight"] * (0.0, 0.2, 1.0)[light]
    if state == "asleep":  # the core stopped; the backlight off but the uGame22's (no pin)
        return ASLEEP_MA + frac * (CHIP_MA["busy"] - CHIP_MA["wait"]) + bl
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


def section(text, at, missing=""):
    """The section docs/performance.md shows: the method, every assumption, the table (missing:
    a sentence on the boards it lacks)."""
    return """Written by `make power` (`python3 -m tools.device.power --write`, at %s): each board's
shipped bundle on CircuitPython 10.2.1 in the emulated RP2040 (simulated time, from an empty
drive), each state a %d ms window after the app reached it; **busy** is the share of the
window's cycles the core executed rather than waited in WFI or stood still (the app rests
between two passes of its loop when nothing is to be searched: 1 ms lit, 50 ms dimmed): the one
measured figure. States: *title* (lit, nobody pressing), *pondering* (your turn against the AI
at level 5: it searches its reply meanwhile), *your turn* (that search done), *AI's turn* (from
your move's press: its sowing shown and the AI's search), *dimmed* (30 s without a press: the
backlight at the board's dimmed brightness, 0.2, pondering stopped; the uGame22, with no
backlight pin, stays at full), *asleep* (the "Sleep
after" time, set to 1 min, without a press: the app's deep sleep, docs/app.md "Sleep", on a
second boot with no USB host, as on battery; the crystal oscillator dormant, the core stopped
until a button, tools/emu/README.md). Plugged into a computer CircuitPython only pretends to
sleep and its wait keeps the core 100%% busy (the USB supply pays).

The currents are **assumptions**, not measurements: the RP2040 board %.0f mA with its core
waiting, %.0f mA busy (linear between), plus the backlight at full (a small IPS panel's LED
backlight; mA): %s; 0.2 of that dimmed; asleep the whole board %.1f mA (the RP2040 dormant,
regulator and flash in standby, the panel's controller, which the deep sleep leaves on) with the
backlight off, but the uGame22's, which has no pin and stays lit (its figure is mostly that
LED). Hours = the battery / the current, where the board has one of a known capacity (the
PicoSystem's 525 mAh, the issue's figure). The Pico add-on boards (Display Pack 2.0, Pico-LCD-1.3)
have no battery of their own: they run from USB (or whatever supply the Pico is given), so their
hours are not a figure; the PicoPad's, the uGame22's and the Sprig's batteries (the Sprig: two AA
cells) are not known here: mA only. Not modelled: the panel's controller, the flash's standby, the
regulator's efficiency, the battery's own curve. A meter on a real board replaces every figure
but the busy share.%s

%s
""" % (at, WINDOW_MS, CHIP_MA["wait"], CHIP_MA["busy"],
       ", ".join("%s %.0f" % (b, v["backlight"]) for b, v in BOARDS.items()), ASLEEP_MA,
       missing, text)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--board", action="append", choices=sorted(BOARDS),
                   help="a board (again for more; default: every board)")
    p.add_argument("--write", action="store_true", help="the table into docs/performance.md")
    p.add_argument("--keep", metavar="FILE",
                   help="a JSON file: each board measured is added to it (and the commit it was "
                        "measured at), and the table is every board it holds (boards measured "
                        "by several runs side by side)")
    p.add_argument("--table-only", action="store_true",
                   help="measure nothing: the --keep file's table")
    a = p.parse_args(argv)
    import json
    from tools.sections import commit, write_section
    results, at = {}, {}
    if a.keep and os.path.exists(a.keep):
        with open(a.keep) as f:
            kept = json.load(f)
        results, at = kept["results"], kept["at"]
    for board in [] if a.table_only else a.board or list(BOARDS):
        results[board] = measure(board, echo=True)
        at[board] = commit(ROOT)
        if a.keep:  # (read again: another run may have added its boards meanwhile)
            kept = {"results": {}, "at": {}}
            if os.path.exists(a.keep):
                with open(a.keep) as f:
                    kept = json.load(f)
            kept["results"][board], kept["at"][board] = results[board], at[board]
            with open(a.keep, "w") as f:
                json.dump(kept, f, indent=1)
            results, at = kept["results"], kept["at"]
    results = {b: results[b] for b in BOARDS if b in results}  # (the boards' order)
    text = table(results)
    print(text)
    if a.write:
        when = sorted(set(at[b] for b in results))
        left = [b for b in BOARDS if b not in results]
        missing = (" Not measured in this run (the tool's ~15-30 min a board on a busy machine ran "
                   "out of time): %s; `make power POWER_ARGS=\"--board ...\"` adds them." %
                   ", ".join(left)) if left else ""
        write_section(DOC, "## Power: the chip's busy share in each state (emulated)",
                      section(text, ", ".join(when) if when else commit(ROOT), missing))


if __name__ == "__main__":
    main()
