# The idle policy through the app on the headless board (the session's side on a fake clock:
# tests/portable/test_idle.py): the backlight follows the session's light (the board's dimmed
# brightness after 30 s, off at the sleep time, full at a press); a board without a backlight
# pin (the uGame22: brightness None) goes dark as a black picture; a direction held to wake does
# not move the cursor. The duty on the chip's pin: tests/test_device_idle.py.
from boards import headless
from firmware.app import App


def _run(app, clock, ms, step=500):
    end = clock[0] + ms
    while clock[0] < end:
        clock[0] = min(end, clock[0] + step)
        app.step(clock[0])


def test_the_backlight_dims_at_30_s_goes_off_at_the_sleep_time_and_a_press_only_wakes():
    board = headless.make(240, 240)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    d = board.display
    clock = [0]
    app.step(0)
    sel = s.scr.sel
    _run(app, clock, 29500)
    assert d.brightness == 1.0
    _run(app, clock, 500)
    assert d.brightness == board.brightness == 0.2
    _run(app, clock, 3 * 60000 - 30000)
    assert d.brightness == 0.0
    board.buttons.press("down")
    _run(app, clock, 10, 10)
    assert d.brightness == 1.0 and s.scr.sel == sel and s.screen == "title"
    board.buttons.press("down")
    _run(app, clock, 10, 10)
    assert s.scr.sel == (sel + 1) % len(s.scr.items)


def test_a_board_without_a_backlight_goes_dark_as_a_black_picture():
    board = headless.make(160, 128, brightness=None)
    app = App(board, store=None, ai_ms=30)
    d = board.display
    clock = [0]
    app.step(0)
    lit = bytes(d.snapshot().buf)
    assert any(lit)
    _run(app, clock, 30000)  # no dimming without a backlight: the picture stays
    assert app.session.idle.light == 1 and d.root_group is app.root
    _run(app, clock, 3 * 60000)
    assert app.session.idle.light == 0 and d.root_group is app.blank
    assert not any(d.snapshot().buf)
    board.buttons.press("a")  # wakes only: the same picture, the same screen
    _run(app, clock, 10, 10)
    assert d.root_group is app.root and bytes(d.snapshot().buf) == lit and app.session.screen == "title"


def test_a_direction_held_to_wake_does_not_move_the_cursor():
    board = headless.make(240, 240)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    s.cfg["anim"] = "off"
    s.cfg["mode"] = "two"
    s.new_game()
    clock = [0]
    _run(app, clock, 1000)
    cur = s.play.cursor
    _run(app, clock, 30000)
    assert board.display.brightness == 0.2
    board.buttons.hold("right")
    _run(app, clock, 2000, 20)  # past the auto-repeat's 350 ms
    board.buttons.release("right")
    _run(app, clock, 20, 20)
    assert board.display.brightness == 1.0 and s.play.cursor == cur
    board.buttons.hold("right")  # awake: held, it repeats
    _run(app, clock, 600, 20)
    board.buttons.release("right")
    _run(app, clock, 20, 20)
    assert s.play.cursor != cur


def test_the_loop_rests_longer_once_dimmed(monkeypatch):
    # 1 ms between two passes while lit (a press is answered at once), 50 ms dimmed or dark (the
    # first press only wakes; the chip's busy share: tools/device/power.py)
    import time
    board = headless.make(240, 240)
    app = App(board, store=None, ai_ms=30)
    clock = [0]
    rests = []
    monkeypatch.setattr(time, "sleep", rests.append)
    import firmware.app as A
    monkeypatch.setattr(A, "ticks_ms", lambda: clock[0])

    def passes(n):
        left = [n]

        def until():
            clock[0] += 10
            left[0] -= 1
            return left[0] < 0
        del rests[:]
        app.run(until)
        return rests[-3:]  # (the passes' last rests: the light as it then was)

    assert passes(5) == [0.001] * 3
    clock[0] += 31000
    assert passes(5) == [0.05] * 3 and app.light == 1
    board.buttons.press("down")  # wakes: lit again
    assert passes(5) == [0.001] * 3 and app.light == 2
