# Sleep and wake through the app on the headless board, the chip's code path with a stand-in
# `alarm` module (deep sleep = a reboot: a new board and App on the same saves). Dark at the
# "Sleep after" time, the App asks the session to sleep (firmware/resume.py): the keypad lets its
# pins go, a pin alarm per button is armed, the program ends; the next App on the same store
# shows the same picture (screen, game, cursor) with no question, and the press that woke the
# chip, still held while it boots, does nothing. The session's side: tests/portable/test_wake.py.
import sys

import pytest

from boards import headless
from firmware import saves
from firmware.app import App
from test_wake import Alarm, Slept  # tests/portable (conftest puts it on the path)


def _run(app, clock, ms, step=500):
    end = clock[0] + ms
    while clock[0] < end:
        clock[0] = min(end, clock[0] + step)
        app.step(clock[0])


def _board():
    b = headless.make(240, 240)
    b.pins = b.KEYS  # (the chip's: board.GP.. objects; here their names)
    return b


@pytest.mark.parametrize("game", ["oanquan", "omweso"])
def test_dark_at_the_sleep_time_the_chip_sleeps_and_wakes_on_the_same_picture(game, monkeypatch):
    store = saves.Saver(saves.NvmLog(bytearray(4096)))
    board = _board()
    app = App(board, store=store, ai_ms=30)
    s = app.session
    s.cfg.update(game=game, mode="ai", level=1, anim="off", sleep=1)
    s.new_game()
    clock = [0]
    _run(app, clock, 1000, 20)
    while s.phase != "select":  # (Omweso: its set-up first, A twice)
        board.buttons.press("a")
        _run(app, clock, 3000, 20)
    board.buttons.press("right")
    _run(app, clock, 100, 20)
    lit = bytes(board.display.snapshot().buf)
    pos, cur = bytes(s.rec.pos), s.play.cursor
    alarm = Alarm()
    monkeypatch.setitem(sys.modules, "alarm", alarm)
    with pytest.raises(Slept):
        _run(app, clock, 60000)
    assert board.display.brightness == 0.0 and s.idle.light == 0
    assert alarm.armed == tuple((k, False, True, True) for k in board.KEYS)
    app = s = None
    board = _board()  # the chip starts again: code.py, a new App on the same saves
    board.buttons.hold("a")  # the press that woke it, held while it boots
    app = App(board, store=store, ai_ms=30)
    s = app.session
    clock = [0]
    _run(app, clock, 100, 20)
    assert s.screen == "play" and s.phase == "select"
    assert bytes(s.rec.pos) == pos and s.play.cursor == cur
    assert bytes(board.display.snapshot().buf) == lit
    board.buttons.release("a")
    board.buttons.press("right")  # awake: a press is a press
    _run(app, clock, 100, 20)
    assert s.play.cursor != cur


def test_without_an_alarm_module_the_screen_stays_dark_until_a_press(monkeypatch):
    # (the desktop simulator: the same App, no chip to sleep)
    monkeypatch.delitem(sys.modules, "alarm", raising=False)
    board = _board()
    app = App(board, store=None, ai_ms=30)
    clock = [0]
    app.step(0)
    _run(app, clock, 3 * 60000)
    assert board.display.brightness == 0.0 and app.session.idle.light == 0
    board.buttons.press("down")
    _run(app, clock, 10, 10)
    assert board.display.brightness == 1.0 and app.session.screen == "title"
