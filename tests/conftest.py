import gc
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The tests' one path set-up: the repository root (engine, firmware, boards, tools.<folder>) and
# tests/portable (the helpers shared with the MicroPython runs); pytest adds tests/ itself.
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))


def pytest_configure(config):
    # `make test` leaves these out (it must finish in ~10 min on 2 cores); `make test-long` runs them
    config.addinivalue_line("markers", "long: long sweeps and the remaining device games "
                            "(make test-long)")


def pytest_collection_modifyitems(items):
    # The emulated chip's tests (tests/test_device*.py, ~1-2 min each) first, the quick ones after:
    # with `-n 2 --maxschedchunk=1` (the Makefile) each worker takes the next test when it is free,
    # so the quick tests fill the gaps and no long one starts when the other worker is nearly done.
    items.sort(key=lambda item: not item.path.name.startswith("test_device"))


@pytest.fixture(autouse=True)
def _young_heap():
    # The app collects garbage after every move (firmware/app.py: on the device the heap is
    # small); on CPython a full collection walks every object of pytest, Blinka and the modules
    # (~12 ms each, most of a whole-match screen walk). Freezing what exists before the test
    # leaves the collector only the test's own objects; the test behaves exactly the same.
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


def pytest_terminal_summary(terminalreporter):
    # A fresh machine without ../shared/emu (or npm) skips the device tests: say so on one line that
    # names them and why, not just "N skipped" (tools/emu/README.md, docs/hardware.md "Emulator
    # files": where each file comes from)
    off = {}
    for rep in terminalreporter.stats.get("skipped", ()):
        why = rep.longrepr[2] if isinstance(rep.longrepr, tuple) else str(rep.longrepr)
        if "device test off" not in why:
            continue
        why = why.split("device test off:", 1)[1].strip()
        off.setdefault(why, {}).setdefault(rep.nodeid.split("::")[0].split("/")[-1], 0)
        off[why][rep.nodeid.split("::")[0].split("/")[-1]] += 1
    for why, files in sorted(off.items()):
        terminalreporter.write_line("device tests skipped (%d: %s): %s; see docs/hardware.md "
                                    "\"Emulator files\"" % (sum(files.values()), ", ".join(
                                        "%s x%d" % kv for kv in sorted(files.items())), why),
                                    yellow=True, bold=True)
