# Sleep for real on the chip: the Sprig's shipped bundle on CircuitPython 10.2.1 in the emulated
# RP2040 (simulated time), on battery: no USB host (with one, CircuitPython only pretends to
# sleep, and its pretence spins the core at 100%: docs/performance.md "Power"). After "Sleep
# after: 1 min" without a press the app saves where the player is and arms a pin alarm per button
# (firmware/resume.py); CircuitPython then stops the crystal oscillator (XOSC DORMANT: the core
# stops, busy 0 %) until a button's falling edge, and resets the chip; code.py starts again and
# the app is back on the same board, game and cursor, the press that woke it (held through the
# boot) played nowhere. The emulator's dormant model: tools/emu/runner.mjs (setupDormant, reboot).
# The app's side on the desktop: tests/test_app_sleep.py, tests/portable/test_wake.py.
import os
import shutil

import pytest

from tools.build import bundle
from tools.emu import appflow, emu

BOARD = "sprig"


def plan(board=BOARD, sleep=True):
    """The presses (worked out on the headless twin): Settings -> "Sleep after: 1 min", back (if
    sleep); a two-player Ô Ăn Quan started; the cursor one pit on. The twin's title and board
    pictures, and the twin."""
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    twin = appflow.Headless(w, h, keys)
    s = twin.session
    title = twin.frame565()
    out = []

    def go(k):
        out.append(k)
        twin.press(k)

    def to(item):
        for _ in range(len(s.scr.items)):
            if s.scr.items[s.scr.sel] == item:
                return
            go("down")
        raise AssertionError("no %r row: %r" % (item, s.scr.items))

    if sleep:
        to(("go", "settings"))
        go("a")
        to(("cfg", "sleep"))
        while s.cfg["sleep"] != 1:
            go("right")
        go("b")
    for k, v in (("game", "oanquan"), ("mode", "two")):
        to(("cfg", k))
        while s.cfg[k] != v:
            go("right")
    to(("start", None))
    go("a")
    go("right")
    assert s.screen == "play" and s.phase == "select", (s.screen, s.phase)
    return out, title, twin.frame565(), twin


def _busy(chip, ms):
    b, t = chip.busy_cycles, chip.t_us
    chip.run(ms)
    return (chip.busy_cycles - b) / ((chip.t_us - t) * 125)  # cycles of a 125 MHz core


@pytest.mark.long  # ~2 min of simulated time: make test-long
def test_asleep_the_core_stops_and_a_press_brings_the_game_back(tmp_path):
    why = emu.missing(emu.BOARDS[BOARD]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    presses, title, board, _ = plan()
    shipped = bundle.bundle(BOARD, mpy_cross=bundle.default_mpy_cross(), quiet=True)
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(shipped, drive)
    with emu.circuitpython(BOARD, bundle_dir=drive, workdir=str(tmp_path), usb=False) as chip:
        appflow.shows(chip, title, 20000)
        for k in presses:
            appflow.device_press(chip, k)
        appflow.shows(chip, board, 5000)
        lit = chip.frame565()
        left = chip.t_us
        chip.run(59000)
        assert not chip.dormant and chip.resets == 0, "asleep before the minute"
        for _ in range(40):  # the save, the alarms, CircuitPython's own wind-down
            chip.run(100)
            if chip.dormant:
                break
        assert chip.dormant, "not asleep %.1f s after the last press" % ((chip.t_us - left) / 1e6)
        print("asleep %.2f s after the last press" % ((chip.t_us - left) / 1e6), flush=True)
        busy = _busy(chip, 10000)
        assert busy == 0 and chip.dormant, busy
        key = chip.board["keys"]["a"]  # A on the board would play the cursor's pit
        chip.pin(key, 0)
        t = chip.t_us
        chip.run(5000)  # held through the boot
        chip.pin(key, 1)
        assert chip.resets == 1 and not chip.dormant
        back = appflow.shows(chip, board, 20000)
        print("the board back %.2f s after the press" % (back - t / 1e6), flush=True)
        assert back - t / 1e6 < 5, "the wake took longer than a boot"
        assert appflow.mismatch(chip.frame565(), lit) == 0
        appflow.device_press(chip, "right")  # awake: the cursor moves
        appflow.settle(chip, quiet_ms=500)
        assert appflow.mismatch(chip.frame565(), lit) > 0
