import gc
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
sys.path.insert(0, os.path.join(ROOT, "tools"))


def pytest_configure(config):
    # `make test` leaves these out (it must finish in ~10 min on 2 cores); `make test-long` runs them
    config.addinivalue_line("markers", "long: long sweeps and the remaining device games "
                            "(make test-long)")


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
