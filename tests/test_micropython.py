# Every portable test module also runs under the real MicroPython Unix port with an RP2040-sized
# heap (-X heapsize=180k), not a mock.
import glob
import os

import pytest

from util import ROOT, run

FILES = sorted(os.path.relpath(p, ROOT)
               for p in glob.glob(os.path.join(ROOT, "tests", "portable", "test_*.py")))


# These play whole app sessions (or search with long histories) at the edge of the 180 KB heap: each test runs in a fresh
# interpreter (as after a device boot), so one test's garbage and interned names cannot starve the next.
FRESH = ("tests/portable/test_saves.py", "tests/portable/test_saves_memory.py",
         "tests/portable/test_search_repetition.py",
         "tests/portable/test_session.py")


def _names(path):
    with open(os.path.join(ROOT, path)) as f:
        return [ln[4:ln.index("(")] for ln in f if ln.startswith("def test_")]


CASES = [(p, None) for p in FILES if p not in FRESH] + \
    [(p, n) for p in FILES if p in FRESH for n in _names(p)]


@pytest.mark.parametrize("path,only", CASES)
def test_portable_module_under_micropython(path, only):
    r = run("micropython", ["tests/mprun.py", path] + (["--only", only] if only else []))
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), r.stdout
