# Every portable test module also runs under the real MicroPython Unix port with an RP2040-sized
# heap (-X heapsize=180k), not a mock. The engine and the app are compiled to .mpy first (the
# port's own mpy-cross, no optimisation: the same code, line numbers kept) and found before their
# sources, as on the device, which loads .mpy. Compiled from source inside a test, each module
# wanted the compiler's large blocks in a heap a played game had cut up: a save read back after
# 8 Omweso moves failed or not with a few bytes of unrelated code (test_saves.py; with .mpy it
# passes down to 160k).
import glob
import os
import shutil
import subprocess

import pytest

from util import ROOT, run
from tools.build import bundle

FILES = sorted(os.path.relpath(p, ROOT)
               for p in glob.glob(os.path.join(ROOT, "tests", "portable", "test_*.py")))


# These play whole app sessions (or search with long histories) at the edge of the 180 KB heap: each test runs in a fresh
# interpreter (as after a device boot), so one test's garbage and interned names cannot starve the next.
FRESH = ("tests/portable/test_saves.py", "tests/portable/test_saves_memory.py",
         "tests/portable/test_search_repetition.py",
         "tests/portable/test_session.py", "tests/portable/test_session_lessons.py",
         "tests/portable/test_review.py", "tests/portable/test_session_problems.py",
         "tests/portable/test_saves_record.py",
         # measures the rewrite's allocations with the collector off: its 4 KB block needs a
         # heap not cut up by the test before it (as after a boot)
         "tests/portable/test_saves_rewrite.py")


def _names(path):
    with open(os.path.join(ROOT, path)) as f:
        return [ln[4:ln.index("(")] for ln in f if ln.startswith("def test_")]


CASES = [(p, None) for p in FILES if p not in FRESH] + \
    [(p, n) for p in FILES if p in FRESH for n in _names(p)]


@pytest.fixture(scope="module")
def mpy(worker_id):
    """engine/ and firmware/ compiled to .mpy in build/mpy-<test process> (a short relative path:
    each module keeps its file name on the heap)."""
    rel = os.path.join("build", "mpy-" + worker_id)
    out = os.path.join(ROOT, rel)
    shutil.rmtree(out, ignore_errors=True)
    exe = bundle.mpy_cross_exe()
    for pkg in ("engine", "firmware"):
        for d, _, names in os.walk(os.path.join(ROOT, pkg)):
            sub = os.path.relpath(d, ROOT)
            os.makedirs(os.path.join(out, sub), exist_ok=True)
            for n in names:
                if n.endswith(".py"):
                    src = os.path.join(sub, n)
                    subprocess.run([exe, "-o", os.path.join(out, src[:-3] + ".mpy"), "-s",
                                    bundle.source_name(src), os.path.join(ROOT, src)], check=True)
    return rel


def test_the_compiled_modules_are_the_ones_used(mpy):
    # never passes on sources: with --mpy the engine and the app come from the .mpy
    r = run("micropython", ["tests/mprun.py", "--mpy", mpy, "tests/portable/mpy_check.py"])
    assert r.stdout.strip().endswith("1 passed, 0 failed"), r.stdout + r.stderr
    r = run("micropython", ["tests/mprun.py", "tests/portable/mpy_check.py"])
    assert r.stdout.strip().endswith("0 passed, 1 failed"), r.stdout + r.stderr


@pytest.mark.parametrize("path,only", CASES)
def test_portable_module_under_micropython(path, only, mpy):
    r = run("micropython", ["tests/mprun.py", "--mpy", mpy, path] +
            (["--only", only] if only else []))
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), r.stdout
