# Omweso's lessons on the console, driven by buttons (tests/portable/test_session_lessons.py's
# walk: each lesson missed, tried again, met with its hint, marked and saved). CPython only: an
# Omweso session does not fit MicroPython's 180 KB on a 64-bit machine beside the test module
# (the Unix port's objects are twice the chip's); the chip plays one (tests/test_device_lessons.py).
from test_session_lessons import _lessons


def test_OM_1_to_OM_8_lessons_met_and_missed_with_the_buttons():
    _lessons("omweso", "oanquan")
