# The uGame22 (320x240 ILI9341, I2S), the PicoPad (320x240 ST7789, PWM speaker, a Pico W) and the
# Sprig (160x128 ST7735R, I2S) on CircuitPython 10.2.1 in the emulated RP2040 (tools/emu;
# ../shared/emu/NOTES.md): the uGame22 and the Sprig on their own builds, the PicoPad on the Pico
# build it is shipped for (boards/picopad.py; its own Pico W build also boots and plays, below):
# boot to the title, a round of its menu's rows (each step within 60 ms), a game against the AI
# at level 5 played by buttons, the screen compared with
# the headless render of the same board, and the sound reaching the pins. make test: the Sprig's
# sound (its 160x128 screen boots and plays in make test's problem test,
# tests/test_device_problems.py); make test-long: every board and game, every board's sound.
# Skipped, with the reason, when the firmware or rp2040js is missing (tools/emu/README.md).

import pytest

from tools.device import feel as F  # its marks: "feel <ms> move/turn/shown"
from tools.device import sound
from tools.emu import appflow, emu

BOARDS = ("ugame22", "picopad", "sprig")
TURNS = 3  # the human's moves after the AI's first


def need(board, firmware=None):
    why = emu.missing(firmware or emu.BOARDS[board]["firmware"])
    if why:
        pytest.skip("device test off: " + why)


def twin_title(w, h, keys):
    """The title menu's rows, as the headless app shows them to this board."""
    return appflow.Headless(w, h, keys).session.scr.items


def _confirm(chip, got):
    """A (and A again at a prompt) until the human's move is played."""
    for _ in range(6):
        appflow.device_press(chip, "a")
        got += F.marks(chip)
        if any(w == "move" for _, w in got):
            return True
    return False


PLAYS = [pytest.param(b, g, TURNS, None, marks=pytest.mark.long)
         for b in BOARDS for g in appflow.GAMES]
# the PicoPad's own build (its Wi-Fi chip absent here: boot prints "[CYW43] Failed to start")
PLAYS.append(pytest.param("picopad", "omweso", 1, "cp_picopad", marks=pytest.mark.long))


@pytest.mark.parametrize("board, game, turns, build", PLAYS)
def test_board_boots_and_plays_against_the_ai(board, game, turns, build, tmp_path):
    need(board, build)
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    presses, twin = appflow.plan_start(game, keys, w, h)  # title -> game at level 5, AI first
    out = F.bundle_with_marks(board, str(tmp_path))
    firmware = build and emu.firmware_path(build)
    with emu.circuitpython(board, out, firmware, workdir=str(tmp_path)) as chip:
        chip.heap_lines(on=True)
        chip.hits, chip.searches = [0, 0], []
        appflow.check_title(chip, w, h, keys, tmp_path, limit_ms=25000)
        assert "audio off" not in chip.console, chip.console[-800:]
        # a round of the title menu's rows, back to the first (at 160x128 the list scrolls at
        # most steps, the note changing with it): each step on the panel within 60 ms, in one
        # picture (issue 29)
        step = "down" if "down" in keys else "y"
        steps = [F.press(chip, step) for _ in range(len(twin_title(w, h, keys)))]
        assert all(r["last"] is not None and r["last"] <= 60 and not r["again"] for r in steps), \
            [(r["last"], r["again"]) for r in steps]
        for k in presses:
            appflow.device_press(chip, k)
        t0 = chip.t_us
        got = []
        F.wait_mark(chip, ("turn",), got, limit_ms=60000)  # the AI moved: the human's turn
        appflow.settle(chip, quiet_ms=1200, limit_ms=30000)
        screen = chip.frame565()
        frames = twin.frames((chip.t_us - t0) / 1000 + 3000)  # the twin plays the same presses
        best = min(((appflow.mismatch(screen, f), n) for _, n, f in frames),
                   key=lambda x: (x[0], -x[1]))
        if best[0]:
            appflow.write_pair(str(tmp_path / "game.png"), screen, frames[-1][2])
        assert best[0] == 0 and best[1] >= 1, (
            "after the AI's first move the chip's screen matches no headless screen from after "
            "it (%d px off, %d moves; %s)" % (best[0], best[1], tmp_path / "game.png"))
        # the human's moves by buttons (the cursor's pit, A), each answered by the AI
        moves = 0
        for _ in range(turns):
            chip.run(1500)
            assert _confirm(chip, got), "A did not play a move; console:\n" + chip.console[-800:]
            moves += 1
            _, what = F.wait_mark(chip, ("turn", "over"), got, limit_ms=90000)
            if what.startswith("over"):
                break
        errors = appflow.console_errors(chip.console)
        last = chip.frame565()
    assert not errors, errors
    assert moves == turns, "the game ended after %d moves of the human" % moves
    assert appflow.mismatch(last, screen) > 0, "the screen did not change over %d turns" % turns


# The capture sound (the app's "chord", three tones) played through the app on the chip with sound
# on, and asked for with sound off (tools/device/sound.py, whose table is in docs/performance.md):
# with it on, the board's output must carry a square wave (PWM compare levels written on the
# PicoPad's AUDIO pin, I2S words into the PIO state machine whose OUT pin is the data pin on the
# uGame22 and Sprig, and taken out by it); with it off, nothing.
# The PicoSystem too: the same PWM audio as the PicoPad's. (Not the PicoPad's own build: it starts
# its Wi-Fi chip again and again here, where there is none, and each failed start keeps a PIO
# state machine and 2 DMA channels, until the PWM audio finds no DMA channel.)
@pytest.mark.parametrize("board", [pytest.param(b, marks=() if b == "sprig" else pytest.mark.long)
                                   for b in BOARDS + ("picosystem",)])
def test_board_capture_sound_reaches_the_pins_and_sound_off_is_silent(board, tmp_path):
    need(board)
    r = sound.measure(board, str(tmp_path))
    assert r["set_up"] and r["on"] is not None and not r["errors"], (r["errors"], r["console"])
    assert r["on"]["kind"] == r["kind"] == emu.BOARDS[board]["audio"][0]
    assert sound.heard(r), (r["off"], r["on"], r["off2"])
