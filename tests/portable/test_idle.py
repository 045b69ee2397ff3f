# The idle policy on a fake clock (portable: CPython and MicroPython -X heapsize=180k): 30 s
# without a press dims the screen (Session.idle.light 1: firmware/common.py Idle) and stops the AI's pondering; the chosen
# "Sleep after" time makes it dark (0); the first press after either only wakes; the AI's turn
# is never cut short. The backlight itself: tests/test_app_idle.py (the app on the headless
# board) and tests/test_device_idle.py (the PWM duty on the emulated chip's pin).
from session_util import make, nvm, press, settle, human_move, few, Clock


def _wait(s, clock, ms, step=1000):
    """No press for ms: the clock runs on in ticks of step ms (work included, as in the app)."""
    end = clock.t + ms
    while clock.t < end:
        clock.t = min(end, clock.t + step)
        s.tick(clock.t, few)


def test_the_title_dims_at_30_s_and_goes_dark_at_the_default_3_minutes():
    s = make()
    c = Clock()
    assert s.cfg["sleep"] == 3 and s.idle.light == 2
    s.tick(c.t)
    _wait(s, c, 29999)
    assert s.idle.light == 2
    _wait(s, c, 1)
    assert s.idle.light == 1
    _wait(s, c, 3 * 60000 - 30001)
    assert s.idle.light == 1
    _wait(s, c, 1)
    assert s.idle.light == 0


def test_each_sleep_setting_darkens_at_its_time_and_never_stays_dimmed():
    for minutes in (1, 10, 0):
        s = make()
        c = Clock()
        s.set_cfg("sleep", minutes)
        s.tick(c.t)
        _wait(s, c, 30000, 5000)
        assert s.idle.light == 1, minutes
        if minutes:
            _wait(s, c, minutes * 60000 - 30001, 5000)
            assert s.idle.light == 1, minutes
            _wait(s, c, 1)
            assert s.idle.light == 0, minutes
        else:  # never: dimmed for good, even past the ticks' wrap on the chip (2**29 ms)
            _wait(s, c, 3600000, 60000)
            assert s.idle.light == 1
            c.t = 10  # ticks_diff(now, the last press) < 0 after a wrap
            s.tick(c.t, few)
            assert s.idle.light == 1


def test_the_first_press_after_a_dim_or_dark_screen_only_wakes():
    s = make()
    c = Clock()
    s.tick(c.t)
    sel, v = s.scr.sel, s.version
    for wait, light in ((30000, 1), (3 * 60000, 0)):
        _wait(s, c, wait, 5000)
        assert s.idle.light == light
        press(s, c, "down")  # (a menu: would have moved the selection)
        assert s.idle.light == 2 and s.scr.sel == sel and s.version == v and s.screen == "title"
    press(s, c, "down")  # awake: a press is a press again
    assert s.scr.sel == (sel + 1) % len(s.scr.items)
    # a press restarts the 30 s
    _wait(s, c, 29000, 1000)
    assert s.idle.light == 2
    press(s, c, "up")
    _wait(s, c, 29000, 1000)
    assert s.idle.light == 2
    _wait(s, c, 1000)
    assert s.idle.light == 1


def test_on_the_board_a_wake_press_neither_moves_the_cursor_nor_plays():
    s = make("oanquan", "ai", 1)
    c = Clock()
    s.new_game()
    s.tick(c.t, few)
    assert s.phase == "select"
    cur, pos, moves = s.play.cursor, bytes(s.rec.pos), len(s.undo)
    for b in ("right", "a", "x", "start"):
        _wait(s, c, 30000, 2000)
        assert s.idle.light == 1
        press(s, c, b)
        assert s.idle.light == 2, b
        assert s.screen == "play" and s.phase == "select", b
        assert s.play.cursor == cur and bytes(s.rec.pos) == pos and len(s.undo) == moves, b
    press(s, c, "right")  # awake: the cursor moves
    assert s.play.cursor != cur


def test_pondering_stops_once_dimmed_and_starts_again_at_a_press():
    s = make("oanquan", "ai", 2)
    c = Clock()
    s.new_game()
    s.tick(c.t, few)
    assert s.phase == "select" and s.busy()  # the AI searches its reply on the human's turn
    search = s.brain.player.search
    _wait(s, c, 30000, 1000)
    assert s.idle.light == 1 and not s.busy()
    done = search.nodes
    _wait(s, c, 20000, 1000)  # ticks with time to work: no node searched
    assert s.brain.player.search is search and search.nodes == done
    press(s, c, "b")  # wakes only
    assert s.busy()
    s.tick(c.t + 10, few)
    assert search.nodes > done or s.brain.player.state == 3


def test_the_ai_s_turn_is_never_cut_short_and_the_30_s_start_after_it():
    s = make("oanquan", "ai", 1, anim="normal")
    c = Clock()
    s.new_game()
    s.tick(c.t, few)
    human_move(s, c)
    played = len(s.undo)
    # the sowing and the AI's turn, ticks 40 s apart: no dimming, the AI plays its move
    for _ in range(200):
        if s.phase == "select":
            break
        assert s.idle.light == 2 and s.phase in ("anim", "ai")
        c.t += 40000
        s.tick(c.t)
    assert s.phase == "select" and len(s.undo) == played + 1 and s.idle.light == 2
    turn = c.t
    _wait(s, c, 29000, 1000)
    assert s.idle.light == 2
    _wait(s, c, 1000)
    assert s.idle.light == 1 and c.t - turn == 30000


def test_the_sleep_row_cycles_and_its_choice_is_saved_with_the_settings():
    from firmware.session import Session
    st = nvm()
    s = make(store=st)
    c = Clock()
    s.menu("settings")
    while s.scr.items[s.scr.sel] != ("cfg", "sleep"):
        press(s, c, "down")
    seen = []
    for _ in range(4):
        seen.append(s.scr.item_text(("cfg", "sleep")))
        press(s, c, "right")
    assert seen == ["Sleep after: 3 min", "Sleep after: 10 min", "Sleep after: off",
                    "Sleep after: 1 min"]
    assert s.cfg["sleep"] == 3  # round again
    press(s, c, "right")
    s.work()  # the setting's save (once its picture is on the panel)
    s = None
    s = Session(st)  # a power cut, then the boot
    assert s.cfg["sleep"] == 10
