"""The capture sound on the emulated RP2040, up to the pins: part of make device-bench.

    python3 -m tools.device.sound [--boards picosystem,picopad,ugame22,sprig] [--write]

Each board with a speaker boots its bundle (.mpy) on its CircuitPython 10.2.1 firmware with a
code.py that starts the app and asks its session for the capture sound (the "chord", three tones)
three times: with sound off, on, and off again. The emulator (tools/emu/runner.mjs) reports what
reached the board's sound output in each phase: the PWM compare levels written on the audio pin
(PicoSystem, PicoPad), or the words written into the TX FIFO of the PIO state machine whose OUT
pin is the I2S data pin, and the words it shifted out (uGame22, Sprig). tests/test_device_boards.py
asserts the same run; --write puts the table in docs/performance.md.
"""
import argparse
import os
import sys
import tempfile
import time

from tools import sections
from tools.build import bundle
from tools.emu import appflow, emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = tuple(b for b in emu.BOARDS if emu.BOARDS[b].get("audio"))

# code.py for the run: the app as code.py starts it, then the chord asked for in three phases
SCRIPT = """import time, supervisor
from boards import select
hw = select.load(select.board_name(select.board_id()))
from firmware.app import App
app = App(hw)
s = app.session
print("SOUND audio", hw.audio is not None)
for on in (False, True, False):
    time.sleep(0.6)
    print("SOUND", on)
    s.cfg["sound"] = on
    s.sounds = ["chord"]
    app.step(supervisor.ticks_ms())
time.sleep(0.6)
print("SOUND done")
while True:
    time.sleep(1)
"""


def measure(board, workdir):
    """{board, kind, set_up, off, on, off2, errors, console}: off / on / off2 are the emulator's
    audio reports of the three phases (on and off2 None when code.py ended before them)."""
    out = bundle.private_bundle(board, workdir)
    with open(os.path.join(out, "code.py"), "w") as f:
        f.write(SCRIPT)

    def phase(chip, marker):
        chip.wait_for(marker, 10000)
        return chip.audio()

    with emu.circuitpython(board, out, workdir=workdir) as chip:
        chip.wait_for("SOUND audio", 25000)
        phase(chip, "SOUND False")          # set-up noise (if any) dropped
        off = phase(chip, "SOUND True")     # the chord asked for with sound off
        try:
            on = phase(chip, "SOUND False")  # ... with sound on
            off2 = phase(chip, "SOUND done")  # ... off again
        except emu.EmuError:
            on = off2 = None  # code.py ended: the console says why
        console = chip.console
    errors = appflow.console_errors(console)
    if "audio off" in console:
        errors.append(console[console.index("audio off"):].split("\n")[0])
    return {"board": board, "kind": emu.BOARDS[board]["audio"][0],
            "set_up": "SOUND audio True" in console, "off": off, "on": on, "off2": off2,
            "errors": errors, "console": console[-800:]}


def heard(r):
    """The run's verdict: a square wave on the pins with sound on, nothing with it off."""
    on = r["on"]
    if not r["set_up"] or on is None or r["errors"] or on["kind"] != r["kind"]:
        return False
    # the chord: 140 ms at 8 kHz, each tone a half period of 5-8 samples: two levels, hundreds of
    # changes
    if on["distinct"] < 2 or on["changes"] < 100 or (r["kind"] == "i2s" and on["pulled"] < 100):
        return False
    return all(q["changes"] <= 1 and q["distinct"] <= 1 for q in (r["off"], r["off2"]))


def table(rows):
    L = ["| board | output | sound on: writes / level changes / levels (I2S words shifted out) "
         "| sound off: writes / level changes | heard, and silent when off |",
         "|---|---|---|---|---|"]
    for r in rows:
        on, off = r["on"], r["off"]
        L.append("| %s | %s | %s | %s | %s |" % (
            r["board"], "PWM on GP%s" % on["gpio"] if on and r["kind"] == "pwm" else
            "I2S data on GP%s" % on["gpio"] if on else r["kind"],
            "%d / %d / %d%s" % (on["writes"], on["changes"], on["distinct"],
                                " (%d)" % on["pulled"] if r["kind"] == "i2s" else "")
            if on else "-",
            "%d / %d" % (off["writes"], off["changes"]) if off else "-",
            "yes" if heard(r) else "**no**: " + ("; ".join(r["errors"]) or "see the run")[:200]))
    return "\n".join(L)


TITLE = "## Sound on the emulated RP2040"
METHOD = """Written by `python3 -m tools.device.sound --write` (part `sound` of `make device-bench`); do
not edit by hand. Each board with a speaker runs its bundle (.mpy) on its CircuitPython 10.2.1
firmware in the emulated RP2040 (the PicoPad on the Pico build it is shipped for, docs/hardware.md:
its own build's Wi-Fi retries take every DMA channel in the emulator); a code.py starts the app and asks for the capture sound (three
tones, 140 ms at 8 kHz) with sound off, on, and off again. What reached the pins in each phase:
PWM compare levels written on the audio pin, or words written into the I2S state machine's TX
FIFO (and shifted out by it). The speaker itself is not modelled. "Heard" means two levels
changing at least 100 times with sound on (the I2S machine shifting out at least 100 words), at
most one write of a level with sound off, no exception and no "audio off" on the console."""


def write(rows, argv):
    body = "%s\n\nRun on %s at commit %s: `python3 -m tools.device.sound %s`\n\n%s\n" % (
        METHOD, time.strftime("%Y-%m-%d"), sections.commit(ROOT), " ".join(argv), table(rows))
    sections.write_section(os.path.join(ROOT, "docs", "performance.md"), TITLE, body)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    p.add_argument("--write", action="store_true", help="write the table to docs/performance.md")
    a = p.parse_args(argv)
    rows = []
    for board in a.boards.split(","):
        why = emu.missing(emu.BOARDS[board]["firmware"])
        if why:
            raise SystemExit("sound: " + why)
        with tempfile.TemporaryDirectory() as tmp:
            r = measure(board, tmp)
        print("%s: %s" % (board, "heard" if heard(r) else "NOT heard: " + r["console"]),
              flush=True)
        rows.append(r)
    print(table(rows))
    if a.write:
        write(rows, argv if argv is not None else sys.argv[1:])
    return 0 if all(heard(r) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
