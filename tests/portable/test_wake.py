# Sleep and wake on a fake clock (portable: CPython and MicroPython -X heapsize=180k). At the
# "Sleep after" time the app calls Session.resume("sleep", board) (firmware/resume.py): where
# the player is goes into the save's head, the keypad lets its pins go, one pin alarm per button
# is armed (a falling edge, the pull-up on) and CircuitPython's deep sleep ends the program. A
# press starts code.py again: a new Session on the same store (a reboot) is back on that
# screen, game, cursor and settings with no question (resume.py wake). Here `alarm` is a
# stand-in that records what is armed and ends the "program" as the real one does (an
# exception); on the chip: tests/test_device_sleep.py; through the app on the headless board:
# tests/test_app_sleep.py.
import gc
import sys
from session_util import make, nvm, press, settle, human_move, Clock
from firmware.session import Session


class Slept(Exception):
    pass


class Alarm:
    """CircuitPython's alarm module as resume.sleep uses it (alarm.pin.PinAlarm, exit_and_...)."""

    def __init__(self):
        self.pin = self
        self.armed = None

    def PinAlarm(self, pin, value, edge=False, pull=False):
        return (pin, value, edge, pull)

    def exit_and_deep_sleep_until_alarms(self, *alarms):
        self.armed = alarms
        raise Slept()


class Keys:
    def __init__(self):
        self.on = True

    def deinit(self):
        self.on = False


class Board:
    def __init__(self):
        self.pins = ("GP2", "GP3", "GP4")
        self.buttons = Keys()


def _asleep(s, board=None):
    """Session.resume("sleep") with the stand-in alarm: the alarm armed, the program ended."""
    a = Alarm()
    board = board or Board()
    sys.modules["alarm"] = a
    try:
        s.resume("sleep", board)
        assert False, "the chip did not sleep"
    except Slept:
        pass
    finally:
        del sys.modules["alarm"]
    assert not board.buttons.on  # the keypad let its pins go
    assert a.armed == tuple((p, False, True, True) for p in board.pins)


def test_asleep_on_the_board_it_wakes_on_the_same_game_and_cursor():
    st = nvm()
    s = make("oanquan", "ai", 2, store=st)
    c = Clock()
    s.set_cfg("sleep", 1)
    s.cfg["sound"] = True
    s.new_game()
    human_move(s, c)
    settle(s, c)
    press(s, c, "right", "right")
    assert s.phase == "select"
    pos, cur, cfg, undo = bytes(s.rec.pos), s.play.cursor, dict(s.cfg), len(s.undo)
    _asleep(s)
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)  # code.py again
    assert s.screen == "play" and s.phase == "select"
    assert bytes(s.rec.pos) == pos and s.play.cursor == cur and s.cfg == cfg
    assert len(s.undo) == undo and s.saved is None  # no "Resume?": the game is on
    press(s, c, "a")  # awake: a press plays
    assert s.phase in ("anim", "ai", "choose")


def test_the_pause_box_and_settings_come_back_on_their_row():
    for name in ("pause", "settings"):
        st = nvm()
        s = make("sanyao", "two", store=st)
        c = Clock()
        s.new_game()
        human_move(s, c)
        press(s, c, "start")
        assert s.screen == "pause"
        if name == "settings":
            while s.scr.items[s.scr.sel] != ("go", "settings"):
                press(s, c, "down")
            press(s, c, "a")
        press(s, c, "down", "down")
        sel, pos = s.scr.sel, bytes(s.rec.pos)
        _asleep(s)
        s = None
        gc.collect()  # a wake is a reboot: the old session's heap is gone
        s = Session(st)
        assert s.screen == name and s.scr.sel == sel, name
        assert bytes(s.rec.pos) == pos and s.game is not None
        press(s, c, "b")  # back to the board as before (settings: the pause box first)
        press(s, c, "b") if name == "settings" else None
        assert s.screen == "play", name


def test_outside_a_game_the_title_and_its_menus_come_back_with_the_game_offered():
    st = nvm()
    s = make("oanquan", "ai", 1, store=st)
    c = Clock()
    s.new_game()
    human_move(s, c)
    settle(s, c)
    pos = bytes(s.rec.pos)
    press(s, c, "start")
    while s.scr.items[s.scr.sel] != ("quit", None):
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "title" and s.saved is not None
    press(s, c, "down", "down")
    sel = s.scr.sel
    _asleep(s)
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)
    assert s.screen == "title" and s.scr.sel == sel != 0 and s.game is None
    assert s.saved is not None  # still offered
    while s.scr.items[s.scr.sel] != ("go", "learn"):
        press(s, c, "down")
    press(s, c, "a", "down")
    sel = s.scr.sel
    _asleep(s)
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)
    assert s.screen == "learn" and s.scr.sel == sel
    press(s, c, "b")
    assert s.screen == "title"
    while s.scr.items[s.scr.sel] != ("resume", None):
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "play" and bytes(s.rec.pos) == pos


def test_a_screen_not_kept_gives_the_one_that_opened_it():
    st = nvm()
    s = make("oanquan", "two", store=st)
    c = Clock()
    s.new_game()
    press(s, c, "start")
    while s.scr.items[s.scr.sel] != ("go", "help"):
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "help"
    _asleep(s)
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)
    assert s.screen == "pause" and s.scr.items[s.scr.sel] == ("go", "help")


def test_after_the_wake_the_next_save_forgets_the_sleep_and_a_power_on_asks_again():
    st = nvm()
    s = make("oanquan", "two", store=st)
    c = Clock()
    s.new_game()
    _asleep(s)
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)
    assert s.screen == "play"
    human_move(s, c)  # saved without the sleep
    s = None
    gc.collect()  # a wake is a reboot: the old session's heap is gone
    s = Session(st)  # a power-on: the title offers the game
    assert s.screen == "title" and s.saved is not None and b'"wake"' not in st.head


def test_without_the_alarm_module_or_pins_nothing_is_saved_and_it_stays_awake():
    st = nvm()
    s = make("oanquan", "two", store=st)
    s.new_game()
    head = st.head
    b = Board()
    s.resume("sleep", b)  # no alarm module (the desktop, MicroPython): the screen stays dark
    assert b.buttons.on and st.head == head
    b.pins = None
    sys.modules["alarm"] = Alarm()
    try:
        s.resume("sleep", b)
    finally:
        del sys.modules["alarm"]
    assert b.buttons.on and st.head == head


def test_a_bad_sleep_record_is_the_usual_start():
    from firmware import saves
    st = nvm()
    s = make("oanquan", "two", store=st)
    s.new_game()
    for bad in (["play"], [1, 2, 3, 4], ["play", "x", 1], "sleep", 7):
        s.cfg["wake"] = bad  # (what resume.sleep saves with the settings)
        st.save(saves.state(s), None, s.game)
        t = Session(st)
        assert t.screen == "title" and t.saved is not None and t.scr.sel == 0, bad
        assert "wake" not in t.cfg  # (not a setting: never saved again)
        t = None


def test_the_sleep_leaves_the_settings_as_they_were_saved_or_not():
    # the wake record goes into that one save's head (saves.state's cfg), never into the
    # session's settings: a failed save stays awake with them as they were
    st = nvm()
    s = make("oanquan", "two", store=st)
    s.new_game()
    cfg, kept = s.cfg, dict(s.cfg)
    _asleep(s)
    assert s.cfg is cfg and s.cfg == kept and "wake" not in s.cfg
    assert b'"wake": ["play"' in st.head or b'"wake":["play"' in st.head, st.head

    def full(*args):
        raise OSError("full")

    st.save = full
    b = Board()
    sys.modules["alarm"] = Alarm()
    try:
        s.resume("sleep", b)  # (the stand-in alarm raises Slept if armed)
    finally:
        del sys.modules["alarm"]
    assert b.buttons.on and s.msg == "Save failed: full"
    assert s.cfg is cfg and s.cfg == kept and "wake" not in s.cfg
