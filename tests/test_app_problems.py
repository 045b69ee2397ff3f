# Omweso's problems on the console, driven by buttons (tests/portable/test_session_problems.py's
# walk: one solved and ticked, one missed with the stored reply, the hint, the solution). CPython
# only: an Omweso session does not fit MicroPython's 180 KB on a 64-bit machine beside the test
# module (as tests/test_app_lessons.py).
import gc

from test_session_problems import _solve, _fail


def test_an_Omweso_problem_solved_and_missed_with_the_buttons():
    _solve("omweso")
    gc.collect()
    _fail("omweso")
