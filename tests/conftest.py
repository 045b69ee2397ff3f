import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
sys.path.insert(0, os.path.join(ROOT, "tools"))


def pytest_configure(config):
    # `make test` leaves these out (it must finish in ~10 min on 2 cores); `make test-long` runs them
    config.addinivalue_line("markers", "long: long sweeps and the remaining device games "
                            "(make test-long)")
