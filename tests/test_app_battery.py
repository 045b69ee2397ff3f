# The battery gauge through the app on the headless board (its fake cell: boards/headless.py
# Cell): the board's ADC reading turned into a charge (firmware/common.py Idle), the icon on the
# title and in the pause box (firmware/views/gauge.py), red when low, and at the cut-off
# voltage the game saved and the chip asleep (the stand-in alarm of tests/portable/test_wake.py)
# with the game back at the wake. The session's side: tests/portable/test_battery.py; on the
# chip (the ADC pin set low): tests/test_device_battery.py.
import sys

import pytest

from boards import headless
from firmware import saves
from firmware.app import App
from firmware.views import ui
from test_wake import Alarm, Slept  # tests/portable


def _run(app, clock, ms, step=500):
    end = clock[0] + ms
    while clock[0] < end:
        clock[0] = min(end, clock[0] + step)
        app.step(clock[0])


def _icon(board, x, y):
    """The icon's 12x7 pixels (RGB565) at x, y of the panel."""
    d = board.display.snapshot()
    return [d.pixel(x + i, y + j) for j in range(7) for i in range(12)]


def test_the_charge_is_the_voltage_between_empty_and_full():
    from firmware.session import Session
    for volts, pct in ((4.1, 100), (4.3, 100), (3.751, 50), (3.4, 0), (3.0, 0), (3.475, 10)):
        s = Session(None, battery=headless.battery(volts))
        s.tick(0)
        assert s.idle.level == pct, volts
    s = Session(None, battery=headless.battery(2.501, 30, 2000, 3000))  # the Sprig's two AA cells
    s.tick(0)
    assert s.idle.level == 50


def test_the_title_and_the_pause_box_show_the_gauge_red_when_low():
    board = headless.make(240, 240, battery=headless.battery(4.2))
    app = App(board, store=None, ai_ms=30)
    s = app.session
    clock = [0]
    app.step(0)
    full = _icon(board, 2, 4)
    assert s.idle.level == 100 and headless.to565(ui.GREEN) in full
    bare = headless.make(240, 240)  # no gauge: no icon
    App(bare, store=None, ai_ms=30).step(0)
    assert set(_icon(bare, 2, 4)) == {(0, 0, 0)}
    board.battery[0].volts = 3.45  # 7 %
    _run(app, clock, 10000)
    low = _icon(board, 2, 4)
    assert s.idle.level == 7 and headless.to565(ui.RED) in low
    assert headless.to565(ui.GREEN) not in low
    assert s.msg == "Battery low: 7%"
    s.cfg.update(mode="two", anim="off")
    s.new_game()
    board.buttons.press("start")
    _run(app, clock, 3000, 20)
    assert s.screen == "pause"
    box = app.view  # (drawn straight to the panel: views/pause.py)
    x = box.x + box.w - 14
    red = headless.to565(ui.RED)
    inbox = _icon(board, x, box.y + 4)  # the same icon at the box's top right (on its colour)
    assert [p == red for p in inbox] == [p == red for p in low]


def test_at_the_cut_off_the_game_is_saved_and_the_chip_sleeps(monkeypatch):
    store = saves.Saver(saves.NvmLog(bytearray(4096)))
    board = headless.make(240, 240, battery=headless.battery(3.9))
    board.pins = board.KEYS
    app = App(board, store=store, ai_ms=30)
    s = app.session
    s.cfg.update(game="sanyao", mode="two", anim="off")
    s.new_game()
    clock = [0]
    _run(app, clock, 1000, 20)
    board.buttons.press("right")
    _run(app, clock, 100, 20)
    pos, cur = bytes(s.rec.pos), s.play.cursor
    monkeypatch.setitem(sys.modules, "alarm", Alarm())
    board.battery[0].volts = 3.35
    with pytest.raises(Slept):
        _run(app, clock, 10000)
    app = s = None
    board = headless.make(240, 240, battery=headless.battery(4.0))  # charged, then a press
    board.pins = board.KEYS
    app = App(board, store=store, ai_ms=30)
    s = app.session
    assert s.screen == "play" and bytes(s.rec.pos) == pos and s.play.cursor == cur
