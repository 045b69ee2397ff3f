# tools/device/power.py (make power, issue 57 #4) without the emulator: its key plan reaches every
# state on every board's headless twin, the busy share is read from the runner's cycle counts,
# the assumed currents follow the backlight and the busy share, hours only where a battery is
# known. The chip's own run: make power (docs/performance.md "Power").
import pytest

from tools.device import power
from tools.emu import appflow, emu


@pytest.mark.parametrize("board", sorted(power.BOARDS))
def test_the_plan_sets_sleep_then_starts_a_game_vs_level_5_and_plays_your_move(board):
    settings, start, move = power.plan(board)
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    twin = appflow.Headless(w, h, keys)
    s = twin.session
    for k in settings:
        twin.press(k)
    assert s.screen == "title" and s.cfg["sleep"] == 1
    for k in start:
        twin.press(k)
    assert s.screen == "play" and s.phase == "select" and s.game.NAME == "oanquan"
    assert s.cfg["mode"] == "ai" and s.cfg["level"] == 5 and s.mover() == s.human
    for k in move:
        twin.press(k)
    assert s.game.ply(s.rec.pos) >= 1  # your move was played


class _Chip:
    def __init__(self):
        self.busy_cycles, self.t_us, self.clk_hz = 1000, 5000000, 125000000

    def run(self, ms):  # 30% of the next ms busy
        self.busy_cycles += int(0.3 * ms * 125000)
        self.t_us += ms * 1000


def test_the_busy_share_is_the_cycles_executed_over_the_cycles_elapsed():
    assert power.busy(_Chip(), 2000) == pytest.approx(0.3)


def test_the_assumed_current_follows_the_backlight_and_the_busy_share():
    c = power.current
    for b in power.BOARDS:
        assert c(b, "title", 1.0) > c(b, "title", 0.1)  # busier, more
        assert c(b, "title", 0.1) == c(b, "your turn", 0.1)
        if b == "ugame22":  # no backlight pin: the backlight stays lit, asleep too
            assert c(b, "dimmed", 0.1) == c(b, "title", 0.1)
            assert c(b, "asleep", 0.0) == power.ASLEEP_MA + power.BOARDS[b]["backlight"]
        else:
            assert c(b, "title", 0.1) > c(b, "dimmed", 0.1) > c(b, "asleep", 0.1)
            assert c(b, "asleep", 0.0) == power.ASLEEP_MA  # the core stopped, the backlight off
    got = {st: 0.5 for st in power.STATES}
    text = power.table({"picosystem": got, "sprig": got})
    rows = text.splitlines()
    assert rows[0] == "| board | " + " | ".join(power.STATES) + " |"
    assert rows[2].count(" h") == len(power.STATES) and " h" not in rows[3]  # hours: a battery
