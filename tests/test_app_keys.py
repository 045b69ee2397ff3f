# Every line on screen that says which key does what names the key the player presses (issue 59):
# each board module says what its buttons are called (NAMES, in KEYS' order; boards/keymap.py for
# the desktop's keyboard) and the app builds its lines from that (firmware/common.py key). The app
# is driven through every screen that shows such a line, drawn on a headless board with a board's
# KEYS, NAMES and screen size, and the drawn text is checked:
# - on the desktop, at 320x240 and 160x128, word for word ("Z: play  C: hint  X: menu");
# - on every board, against the same lines made with that board's names (of its own buttons
#   only: a four-button board moves with X/Y, a board without X has the hint in the pause menu),
#   within 26 characters (a line at 160x128; a menu's note two lines).
from types import SimpleNamespace

import pytest

from boards import headless, keymap
from firmware.app import App
from firmware import lessons
from firmware.screens.over import Results
from firmware.screens.text import SummaryScreen
from firmware.views.label import wrap
from session_util import Clock, press, human_move, play_out
from test_hw_boards import load_board, EXPECTED

CHARS = 26  # a line of text on a 160 px wide screen: (160 - 4) // 6
NOTES = ("title", "settings", "learn")  # the menus' notes (wrapped on two lines)


def _render(app):
    app.session.version += 1  # (as a press does: the view draws the session again)
    app.render()
    return app.view


def _note(app):
    return " ".join(lb.text for lb in _render(app).note if lb.text)  # (wrapped on two lines)


def _foot(app):
    return _render(app).foot.text


def _msg(app):
    v = _render(app)
    return v.frame.msg.text if hasattr(v, "frame") else v.msg.text


def _row(app, name, item, back="title"):
    s = app.session
    s.menu(name, back=back, sel=item)
    return _note(app)


def tour(board):
    """{where: the line drawn} on every screen that shows which keys do what."""
    app = App(board, store=None, ai_ms=30)
    s = app.session
    c = Clock()
    out = {}
    s.cfg["mode"] = "two"
    s.cfg["anim"] = "off"
    out["title: a row that starts"] = _row(app, "title", ("start", None))
    out["title: a row with values"] = _row(app, "title", ("cfg", "mode"))
    out["settings: a row with values"] = _row(app, "settings", ("cfg", "anim"))
    s.saved = {"g": "oanquan", "pos": b"\x00"}  # a saved game: Start asks first
    s.menu("title", sel=("start", None))
    press(s, c, "a")
    out["title: start over a saved game"] = _msg(app)
    s.saved = None
    out["learn: how to play"] = _row(app, "learn", ("go", "help"))
    out["learn: a lesson"] = _row(app, "learn", ("lesson", 0))
    s.learnt |= lessons.bit(s.cfg["game"], 0)
    out["learn: a lesson met"] = _row(app, "learn", ("lesson", 0))
    press(s, c, "a")
    assert s.screen == "lesson"
    for kind in ("met", "again", "goal"):  # (the same screen before and after the lesson's move)
        s.scr.kind = kind
        out["lesson: " + kind] = _foot(app)
    s.cfg["anim"] = "normal"
    press(s, c, "a")  # its example, sown on the board
    assert s.stage == "demo" and s.phase == "anim"
    s.say("")  # (the sowing's words come first)
    out["lesson board: the example"] = _msg(app)
    press(s, c, "b")  # skips it
    assert s.stage == "demo" and s.phase == "none"
    out["lesson board: the example sown"] = _msg(app)
    s.cfg["anim"] = "off"
    press(s, c, "a")
    assert s.stage == "try" and s.phase == "select"
    human_move(s, c)
    assert s.stage in ("met", "again") and s.phase == "none"
    s.say("")
    out["lesson board: the try sown"] = _msg(app)
    press(s, c, "start")
    s.scr.select(("quit", None))  # back to the lessons
    press(s, c, "a")
    s.menu("learn", sel=("go", "help"))
    press(s, c, "a")
    assert s.screen == "help"
    out["help: the top"] = _foot(app)
    s.scr.top = len(s.scr.lines)
    out["help: the end"] = _foot(app)
    s.new_game()
    out["board: your turn"] = _msg(app)
    press(s, c, "a")  # a square: which way?
    assert s.phase == "choose"
    out["board: a direction to choose"] = _render(app).frame.status.text
    press(s, c, "b")
    human_move(s, c)
    press(s, c, "start")
    s.scr.select(("go", "history"))
    press(s, c, "a")
    assert s.screen == "history"
    out["history"] = _foot(app)
    s.cfg["game"] = "omweso"
    s.rules_for("omweso").update({"setup": "free", "match_points": 1})
    s.new_game()
    assert s.phase == "setup"
    out["omweso set-up"] = _msg(app)
    press(s, c, "a")  # an empty hand: A again ends the set-up
    out["omweso set-up: once more"] = _msg(app)
    s.show(SummaryScreen(s, "round", ["the round's lines"]))
    out["round summary"] = _foot(app)
    s.cfg["game"] = "oanquan"
    s.new_game()
    play_out(s, c)
    assert s.scr.kind == "over" and s.scr.page == 0
    out["game over"] = _msg(app)
    e = (3, 7, 0, b"", "3+", "1-", "takes 4", 3, 1, "lost 3")  # (a reviewed move's figures)
    s.review = Results(SimpleNamespace(items=[e], who=0, seen=1, moves=1, nodes=9, error="",
                                       final=s.last))
    out["game over: reviewed"] = _msg(app)
    s.review = None
    press(s, c, "a")
    assert s.scr.page == 1
    out["game over: the score"] = _foot(app)
    return out


# the lines of every board, its names in braces: {ud} up/down, {lr} left/right (a four-button
# board: X/Y and A), {way} the prompt's left/right (X/Y); a leading "v " (more text below) is
# not part of them
LINES = {
    "title: a row that starts": "{ud}: choose, {a}: select",
    "title: a row with values": "{ud}: choose, {lr}: change",
    "settings: a row with values": "{ud}: choose, {lr}: change",
    "title: start over a saved game": "Saved game lost: {a} again",
    "learn: how to play": "{ud}: choose, {a}: select",
    "learn: a lesson": "{a}: its rule, an example, your try: about a minute",
    "learn: a lesson met": "+: done. {a}: again, about a minute",
    "lesson: goal": "{a}: example  {b}: lessons",
    "lesson: met": "{a}: next  {b}: board",
    "lesson: again": "{a}: again  {b}: board",
    "lesson board: the example": "{a}: skip the example",
    "lesson board: the example sown": "{a}: your try  {b}: menu",
    "lesson board: the try sown": "{a}: why  {b}: menu",
    "help: the top": "v more  {ud}  {b}: back",
    "help: the end": "{ud}: scroll  {b}: back",
    "board: your turn": "{a}: play  {x}: hint  {b}: menu",
    "board: a direction to choose": "{way}: direction  {a}: confirm  {b}: cancel",
    "history": "{a} replay last  {b} back",
    "omweso set-up": "hand 0: {b} take, {a} drop",
    "omweso set-up: once more": "{a} again: done, {b}: edit",
    "round summary": "{a} continue",
    "game over": "{a}: score  {down}: mistakes",  # (the review runs: down opens it)
    "game over: reviewed": "{a}: score  {down}: mistakes",
    "game over: the score": "{a} again  {b} board",
}

DESKTOP = {  # the desktop's keyboard, word for word
    "title: a row that starts": "up/down: choose, Z: select",
    "title: a row with values": "up/down: choose, left/right: change",
    "settings: a row with values": "up/down: choose, left/right: change",
    "title: start over a saved game": "Saved game lost: Z again",
    "learn: how to play": "up/down: choose, Z: select",
    "learn: a lesson": "Z: its rule, an example, your try: about a minute",
    "learn: a lesson met": "+: done. Z: again, about a minute",
    "lesson: goal": "Z: example  X: lessons",
    "lesson: met": "Z: next  X: board",
    "lesson: again": "Z: again  X: board",
    "lesson board: the example": "Z: skip the example",
    "lesson board: the example sown": "Z: your try  X: menu",
    "lesson board: the try sown": "Z: why  X: menu",
    "help: the top": "v more  up/down  X: back",
    "help: the end": "up/down: scroll  X: back",
    "board: your turn": "Z: play  C: hint  X: menu",
    "board: a direction to choose": "left/right: direction  Z: confirm  X: cancel",
    "history": "Z replay last  X back",
    "omweso set-up": "hand 0: X take, Z drop",
    "omweso set-up: once more": "Z again: done, X: edit",
    "round summary": "Z continue",
    "game over": "Z: score  down: mistakes",
    "game over: reviewed": "Z: score  down: mistakes",
    "game over: the score": "Z again  X board",
}


def expected(keys, names, width=320):
    """LINES with a board's names (KEYS, NAMES): the lines that board must draw, width pixels
    wide. A four-button board moves with X/Y (its hint in the pause menu), a board without X
    has the hint there; the direction prompt names the direction's keys where they fit."""
    n = dict(zip(keys, names.split()))
    four = "up" not in n
    if four:
        n.update(ud=n["x"] + "/" + n["y"], lr=n["a"], down=n["y"], way=n["x"] + "/" + n["y"])
    else:
        n.update(ud=n["up"] + "/" + n["down"], lr=n["left"] + "/" + n["right"])
        n["way"] = n["lr"]
    out = {}
    for where, line in LINES.items():
        if where == "board: your turn" and four:
            line = "{ud}: pit  {a}: play  {b}: menu"
        elif where == "board: your turn" and "x" not in n:
            line = "{a}: play  {b}: menu"
        for k, v in n.items():
            line = line.replace("{%s}" % k, v)
        assert "{" not in line, (where, line)  # it names a button the board does not have
        if where == "board: a direction to choose" and len(line) * 6 > width - 40:
            line = line[line.index("  ") + 2:]  # (the status line: room for a countdown)
        out[where] = line
    return out


def _unmore(lines):
    return {k: v[2:] if v.startswith("v ") and not k.startswith("help") else v
            for k, v in lines.items()}


@pytest.mark.parametrize("size", [(320, 240), (160, 128)])
def test_the_desktop_names_its_keyboard_keys_on_every_screen(size):
    board = headless.make(*size, keys=keymap.KEYS, names=keymap.NAMES)
    got = _unmore(tour(board))
    want = dict(DESKTOP)
    if size[0] < 320:  # the direction's keys fit 320 px, not 160
        want["board: a direction to choose"] = "Z: confirm  X: cancel"
    assert got == want
    assert expected(keymap.KEYS, keymap.NAMES) == DESKTOP  # (the table below says the same)


def test_a_line_without_the_boards_names_would_be_caught():
    # the check is not vacuous: a device's names drawn on the desktop differ on every line
    got = _unmore(tour(headless.make(160, 128)))
    differ = [k for k in DESKTOP if got[k] != DESKTOP[k]]
    assert set(differ) == set(DESKTOP) - {"title: a row with values",
                                          "settings: a row with values"}, differ


DEVICES = sorted(EXPECTED)


@pytest.mark.parametrize("name", DEVICES + ["desktop"])
def test_every_board_names_its_own_buttons_and_only_those(name, monkeypatch):
    if name == "desktop":
        keys, names, size = keymap.KEYS, keymap.NAMES, (320, 240)
    else:
        m = load_board(name, monkeypatch)  # (with the device's modules faked, till undo())
        keys, names, size = m.KEYS, m.NAMES, (m.display.width, m.display.height)
        monkeypatch.undo()
    assert len(names.split()) == len(keys), (name, names)  # a name per button, in KEYS' order
    got = _unmore(tour(headless.make(*size, keys=keys, names=names)))
    assert got == expected(keys, names, size[0])  # (its own names only, each where it belongs)
    for where, line in got.items():  # a menu's note has two lines, the others one of 26
        if where == "board: a direction to choose":  # (the direction's keys where there is room)
            assert len(line) * 6 <= size[0] - 40, (name, line)
        else:
            assert len(wrap([line], CHARS)) <= (2 if where.startswith(NOTES) else 1), (name, line)


def test_the_boards_say_what_is_printed_on_their_buttons(monkeypatch):
    # the Sprig's keys are lettered W A S D and I J K L (its A is the left key), the uGame's
    # O X Z: "A: play" there would send the player the wrong way
    names = {}
    for n in ("sprig", "ugame22", "pico_display_pack2", "picosystem"):
        m = load_board(n, monkeypatch)
        names[n] = dict(zip(m.KEYS, m.NAMES.split()))
        monkeypatch.undo()
    assert names["sprig"] == {"up": "W", "down": "S", "left": "A", "right": "D", "a": "L",
                              "b": "K", "x": "I", "y": "J"}
    assert names["ugame22"] == {"up": "up", "down": "down", "left": "left", "right": "right",
                                "a": "O", "b": "X", "start": "Z"}
    assert names["pico_display_pack2"] == {"a": "A", "b": "B", "x": "X", "y": "Y"}
    assert names["picosystem"]["a"] == "A" and names["picosystem"]["up"] == "up"
