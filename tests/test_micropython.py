# Every portable test module also runs under the real MicroPython Unix port with an RP2040-sized
# heap (-X heapsize=180k), not a mock.
import glob
import os

import pytest

from util import ROOT, run

FILES = sorted(os.path.relpath(p, ROOT)
               for p in glob.glob(os.path.join(ROOT, "tests", "portable", "test_*.py")))


@pytest.mark.parametrize("path", FILES)
def test_portable_module_under_micropython(path):
    r = run("micropython", ["tests/mprun.py", path])
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), r.stdout
