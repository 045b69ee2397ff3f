# The idle policy on the chip: the Sprig's shipped bundle on CircuitPython 10.2.1 in the emulated
# RP2040 (simulated time). Its backlight is GP17, driven by displayio's PWM (the firmware's
# board.c): full while the title is used, the board's dimmed brightness (boards/sprig.py) 30 s
# after the last press, full again at a press, which only wakes (the same picture, the same
# title). The timers themselves: tests/portable/test_idle.py; the app: tests/test_app_idle.py.
# Skipped, with the reason, when the firmware or rp2040js is missing (tools/emu/README.md).
import os
import shutil

import pytest

from tools.build import bundle
from tools.emu import appflow, emu

BACKLIGHT = 17  # the Sprig's TFT_BACKLIGHT (ports/raspberrypi/boards/hack_club_sprig)


def _duty(chip):
    p = chip.pwm(BACKLIGHT)
    assert p["on"] and p["routed"], p
    return min(1.0, p["cc"] / (p["top"] + 1))


def _sprig_brightness():
    # boards/sprig.py imports the chip's modules: its dimmed brightness read from its source
    with open(os.path.join(os.path.dirname(__file__), "..", "boards", "sprig.py")) as f:
        return float(f.read().split("\nbrightness = ")[1].split()[0])


@pytest.mark.long  # ~45 s of simulated time: make test-long
def test_the_sprig_s_backlight_dims_after_30_s_and_a_press_only_wakes(tmp_path):
    why = emu.missing(emu.BOARDS["sprig"]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    shipped = bundle.bundle("sprig", mpy_cross=bundle.default_mpy_cross(), quiet=True)
    drive = str(tmp_path / "CIRCUITPY")  # (build/sprig is shared: a copy of its bundle)
    shutil.copytree(shipped, drive)
    with emu.circuitpython("sprig", bundle_dir=drive, workdir=str(tmp_path)) as chip:
        appflow.boot_to_title(chip)
        print("title at %.1f s (simulated)" % (chip.t_us / 1e6), flush=True)
        chip.press("down")  # the title in use: the 30 s start here
        chip.run(1000)
        title = chip.frame565()
        assert _duty(chip) == 1.0
        chip.run(28000)
        assert _duty(chip) == 1.0, "dimmed before 30 s"
        chip.run(2000)
        dim = _duty(chip)
        print("duty after 30 s: %.3f" % dim, flush=True)
        assert abs(dim - _sprig_brightness()) < 0.01, dim
        chip.press("down")  # wakes only
        chip.run(500)
        assert _duty(chip) == 1.0
        assert chip.frame565() == title, "the waking press changed the title"
        assert not appflow.console_errors(chip.console), chip.console[-800:]
