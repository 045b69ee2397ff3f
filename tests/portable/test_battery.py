# The battery gauge on a fake clock (portable: CPython and MicroPython -X heapsize=180k): the
# session's Idle reads the board's gauge (its ADC pin, divider, empty and full mV) every 10 s
# into idle.battery (the title's and the pause box's icon), says "Battery low" once under 10 %,
# and at 0 % (the cut-off voltage) goes dark at once: the App then saves and sleeps
# (tests/test_app_battery.py). A board with no gauge has no battery figure.
from session_util import press, Clock
from firmware.session import Session


class Adc:
    """A board's gauge ADC (analogio.AnalogIn: 16 bits of 3.3 V) set to a charge (%) of a cell
    read through a divider of 3, empty at 3.4 V and full at 4.1 V."""

    def __init__(self, level):
        self.level = level

    @property
    def value(self):
        mv = 3400 + 7 * self.level[0] + 1  # (1 mV over: the reading rounds down)
        return (mv * 65535 + 330 * 30 - 1) // (330 * 30)


def _session(level):
    return Session(None, battery=(Adc(level), 30, 3400, 4100))


def _wait(s, c, ms, step=1000):
    end = c.t + ms
    while c.t < end:
        c.t = min(end, c.t + step)
        s.tick(c.t)


def test_the_charge_is_read_at_once_then_every_10_s_and_a_change_is_a_new_picture():
    level = [80]
    s = _session(level)
    c = Clock()
    v = s.version
    s.tick(c.t)
    assert s.idle.level == 80 and s.version > v
    level[0] = 79
    v = s.version
    _wait(s, c, 9000)
    assert s.idle.level == 80 and s.version == v  # not read again yet
    _wait(s, c, 1000)
    assert s.idle.level == 79 and s.version > v
    v = s.version
    _wait(s, c, 10000)
    assert s.version == v  # read, the same: nothing to draw again


def test_low_is_said_once_under_10_percent_and_the_cut_off_darkens_at_once():
    level = [12]
    s = _session(level)
    c = Clock()
    s.tick(c.t)
    assert s.msg == ""
    level[0] = 9
    _wait(s, c, 10000)
    assert s.msg == "Battery low: 9%" and s.idle.light == 2
    s.msg = ""  # (said; its time over)
    level[0] = 8
    _wait(s, c, 10000)
    assert s.msg == "" and s.idle.level == 8
    level[0] = 0
    _wait(s, c, 10000)
    assert s.idle.light == 0 and s.idle.level == 0
    press(s, c, "down")  # (where the app has no alarm: a press lights it, the next read darkens)
    assert s.idle.light == 2
    _wait(s, c, 10000)
    assert s.idle.light == 0


def test_already_low_at_the_start_it_is_said():
    s = _session([5])
    s.tick(0)
    assert s.msg == "Battery low: 5%" and s.idle.level == 5


def test_no_gauge_no_figure():
    s = Session(None)
    c = Clock()
    _wait(s, c, 30000)
    assert s.idle.level is None
