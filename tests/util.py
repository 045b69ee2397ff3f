# Shared helpers for the CPython tests.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
if not os.path.exists(MICROPYTHON):
    MICROPYTHON = "micropython"


def run(interp, args, stdin=None, heap="180k"):
    """Run tools/cli.py (or another script) under `interp` ('python' or 'micropython')."""
    if interp == "micropython":
        cmd = [MICROPYTHON, "-X", "heapsize=" + heap]
    else:
        cmd = [sys.executable]
    return subprocess.run(cmd + args, input=stdin, capture_output=True, text=True, cwd=ROOT,
                          timeout=600)


def cli(interp, *args, stdin=None):
    return run(interp, ["tools/cli.py"] + list(args), stdin=stdin)
