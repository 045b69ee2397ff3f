"""The emulator's command line (make emu): the real firmware on an emulated RP2040.

    python3 -m tools.emu.command cp BOARD [--firmware UF2] [--bundle DIR] [--keys "a 2000ms down a"]
                                        [--shots DIR] [--each] [--ms N]
    python3 -m tools.emu.command mp SCRIPT.py [--firmware UF2] [--mpy] [--files engine]

`cp` boots CircuitPython with the board's bundle, presses the keys, prints the serial console and
saves PNG screenshots; `mp` runs a script on MicroPython (tools/emu/emu.py has the details).
"""
import argparse
import os
import sys

from tools.emu.emu import BOARDS, ROOT, circuitpython, emu_dir, engine_files, micropython


def parse_keys(text):
    """'a 2000ms 3*down a' -> [('key','a'), ('wait',2000), ('key','down') x3, ('key','a')]."""
    steps = []
    for tok in (text or "").replace(",", " ").split():
        if tok.endswith("ms") and tok[:-2].isdigit():
            steps.append(("wait", int(tok[:-2])))
        elif tok.endswith("s") and tok[:-1].replace(".", "", 1).isdigit():
            steps.append(("wait", int(float(tok[:-1]) * 1000)))
        elif "*" in tok and tok.split("*")[0].isdigit():
            n, key = tok.split("*", 1)
            steps += [("key", key)] * int(n)
        else:
            steps.append(("key", tok))
    return steps


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cp", help="CircuitPython + a board's bundle")
    c.add_argument("board", choices=sorted(BOARDS))
    c.add_argument("--firmware", help="CircuitPython UF2 (default: the one in %s)" % emu_dir())
    c.add_argument("--bundle", help="CIRCUITPY folder (default: make bundle's, as .mpy)")
    c.add_argument("--mpy-cross", help="CircuitPython's mpy-cross for the bundle (default: "
                   "$MPY_CROSS or the emulator folder's)")
    c.add_argument("--py", action="store_true", help="bundle of .py sources (compiled at boot)")
    c.add_argument("--keys", default="", help="key presses and waits: 'a 2000ms 3*down a'")
    c.add_argument("--boot-ms", type=int, default=8000, help="simulated ms before the first key")
    c.add_argument("--step-ms", type=int, default=1500, help="simulated ms after each key")
    c.add_argument("--shots", default=os.path.join(ROOT, "build", "emu"), help="PNG folder")
    c.add_argument("--each", action="store_true", help="a screenshot after every step")
    c.add_argument("--quiet", action="store_true", help="do not echo the console")
    m = sub.add_parser("mp", help="MicroPython + engine/: run a script through the raw REPL")
    m.add_argument("script")
    m.add_argument("--firmware")
    m.add_argument("--mpy", action="store_true", help="engine as .mpy (MicroPython mpy-cross)")
    m.add_argument("--ms", type=int, default=600000, help="simulated time limit")
    a = p.parse_args(argv)
    if a.cmd == "mp":
        with micropython(engine_files(a.mpy), a.firmware) as emu:
            out, err, took = emu.raw_exec(open(a.script).read(), a.ms)
            sys.stdout.write(out)
            sys.stderr.write(err)
            print("-- %.3f s simulated; heap %s" % (took, emu.heap()))
        return 1 if err else 0
    os.makedirs(a.shots, exist_ok=True)
    if a.mpy_cross:
        os.environ["MPY_CROSS"] = a.mpy_cross
    with circuitpython(a.board, a.bundle, a.firmware, echo=not a.quiet, py=a.py) as emu:
        emu.run(a.boot_ms)
        shot = 0
        for kind, arg in parse_keys(a.keys):
            if kind == "wait":
                emu.run(arg)
            else:
                emu.press(arg)
                emu.run(a.step_ms)
            if a.each:
                shot += 1
                emu.screenshot(os.path.join(a.shots, "%s-%02d-%s.png" % (a.board, shot, arg)))
        path = emu.screenshot(os.path.join(a.shots, "%s-final.png" % a.board))
        h = emu.heap()
        print("\n-- %.3f s simulated; screenshot %s; heap free %s, lowest %s, lowest after a "
              "collect %s" % (emu.t_us / 1e6, os.path.relpath(path), h["free"], h["min_free"],
                              h["min_free_after_collect"]))
        bad = "Traceback" in emu.console or "MemoryError" in emu.console
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
