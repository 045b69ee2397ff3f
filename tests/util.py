# Shared helpers for the CPython tests.
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MICROPYTHON = os.path.join(ROOT, ".venv", "bin", "micropython")
if not os.path.exists(MICROPYTHON):
    MICROPYTHON = "micropython"


def sources(top):
    """(path, path from the repository root with "/") of every .py file under the folder top."""
    for d, _, names in os.walk(os.path.join(ROOT, top)):
        for name in sorted(names):
            if name.endswith(".py"):
                p = os.path.join(d, name)
                yield p, os.path.relpath(p, ROOT).replace(os.sep, "/")


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
