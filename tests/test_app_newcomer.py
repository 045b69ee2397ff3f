# What a newcomer still tripped on (issue 55 #9), headless at the sizes that matter: the AI's quiet
# move said until you act, "Resume" naming its game and ringing the last move, the players' lines
# keeping a name apart from its score and "+1Q" in words, the direction prompt's keys on a
# four-button board, the pause box's own keys, title and hidden rows, San-Yao's son mark, the
# title's picture back from Learn..., the simulator's warning, the terminal's bad-move message.
import os
import subprocess
import sys

import pytest

import test_app_render as R
from boards.headless import to565
from firmware.views import ui
from session_util import make, Clock, settle, press, human_move, nvm

SIZES = ((160, 128), (240, 240), (320, 240))


def _after_a_quiet_ai_move(s, c):
    for i in range(60):
        settle(s, c)
        assert s.screen == "play", "no quiet AI move in 60 moves"
        if s.phase == "select" and s.last is not None and s.last[1] != s.human and \
                s.msg == "AI moved %s" % s.last[2]:
            return
        human_move(s, c, target=i)
    raise AssertionError("no quiet AI move said")


@pytest.mark.parametrize("size", SIZES)
def test_the_ais_quiet_move_is_said_until_you_press_a_key(size):
    # it vanished when the AI's sowing ended: a quiet move left only its ring
    app, s = R.setup_app(size[0], size[1], "oanquan", mode="ai")
    s.cfg["anim"] = "normal"
    c = Clock()
    s.new_game()
    _after_a_quiet_ai_move(s, c)
    said = s.msg
    for _ in range(50):  # 10 s of your turn
        c.t += 200
        s.tick(c.t)
    assert s.msg == said
    R.shot(app)
    assert app.view.frame.msg.text == said
    assert app.view.frame.status.text.startswith("Your turn")
    press(s, c, "right")  # you act: the keys' line comes back
    assert s.msg == ""
    R.shot(app)
    assert app.view.frame.msg.text == s.play.keys_line()


def test_resume_names_its_game_and_rings_the_last_move():
    from engine.games import TITLES
    st = nvm()
    s = make("sanyao", "ai", 1, store=st)
    c = Clock()
    s.new_game()
    for _ in range(3):
        human_move(s, c)
        settle(s, c)
    last = s.last
    assert last is not None and s.phase == "select"
    s.leave_game(True)
    s2 = make("oanquan", "ai", 1, store=st)  # a new session on the same store: its title
    s2.cfg["game"] = "omweso"  # (the Game row may name another game than the save's)
    assert s2.scr.items[0] == ("resume", None)
    assert s2.scr.item_text(("resume", None)) == "Resume %s game" % TITLES["sanyao"]
    press(s2, Clock(), "a")
    assert s2.screen == "play" and s2.cfg["game"] == "sanyao"
    assert s2.last == last  # ringed as the last move, and said (the AI's)
    assert s2.msg == "AI moved %s" % last[2]
    app, s3 = R.setup_app(160, 128, "sanyao", mode="ai")
    app.session = s2  # (the same drawing of the resumed session)
    R.shot(app)
    assert app.view.styles(s2).get(last[0]) == "last"


@pytest.mark.parametrize("size", SIZES)
def test_a_players_line_keeps_the_name_apart_and_says_mandarin(size):
    # "AI 1 4 +1Q" read "AI 14"; "+1Q" was explained nowhere on the screen
    app, s = R.setup_app(size[0], size[1], "oanquan", mode="demo")
    s.new_game()
    R.load(s, "oanquan")  # stocks [23, 8], mandarins [1, 0], debt [0, 2]
    R.shot(app)
    v = app.view
    assert v.info0.text == "AI 1: 23 +1 mandarin"
    assert v.info1.text == "AI 2: 8 owes 2"
    o = dict(R.POS["oanquan"])
    o["rules"] = dict(s.game.rules)
    o["debt"] = [12, 0]
    s.rec.pos[:] = s.game.from_json(o)
    s._refresh()
    R.shot(app)
    t = "AI 1: 23 +1 mandarin owes 12"  # 28 characters: "+1Q" where the line is short
    assert v.info0.text == (t if len(t) * ui.CH_W <= size[0] else "AI 1: 23 +1Q owes 12")


@pytest.mark.parametrize("size", SIZES)
def test_san_yao_lines_say_owes_and_sons_are_starred(size):
    app, s = R.setup_app(size[0], size[1], "sanyao", mode="demo")
    s.new_game()
    R.load(s, "sanyao")  # owed [0, 3]; holes 7-9 are P1's sons... as control says
    R.shot(app)
    v = app.view
    assert v.info0.text == "AI 1: store 14" and v.info1.text == "AI 2: store 10 owes 3"
    sons = [i for i in range(10) if s.snap["control"][i] != (0 if i < 5 else 1)]
    assert sons and all(v.pits[i].state[4] == "*%d" % s.snap["holes"][i] for i in sons)


def test_the_direction_prompt_names_x_and_y_on_a_four_button_board():
    from boards import headless
    names = "A B X Y"
    b = headless.make(320, 240, keys=("a", "b", "x", "y"), names=names)
    from firmware.app import App
    app = App(b, store=None, ai_ms=30)
    s = app.session
    assert s.four
    s.cfg["game"], s.cfg["mode"] = "oanquan", "two"
    s.new_game()
    R.press(s, "a")  # a square: which way?
    assert s.phase == "choose"
    R.shot(app)
    m = app.view.frame.msg.text
    assert m.startswith("X < ") and m.endswith(" > Y")  # (no left/right keys there)
    R.press(s, "x")  # the other way
    R.shot(app)
    assert app.view.frame.msg.text != m and app.view.frame.msg.text.startswith("X < ")
    app2, s2 = R.setup_app(320, 240, "oanquan")  # a D-pad: the arrows alone
    s2.new_game()
    R.press(s2, "a")
    R.shot(app2)
    assert app2.view.frame.msg.text.startswith("< ")


@pytest.mark.parametrize("size", SIZES)
def test_the_pause_box_has_its_keys_its_title_and_marks_hidden_rows(size):
    app, s = R.setup_app(size[0], size[1], "oanquan", mode="ai")
    s.new_game()
    s.say("AI captured 8!", True)  # what the last move did: not the box's title
    R.press(s, "start")
    R.shot(app)
    v = app.view
    assert s.screen == "pause" and v.state[0][0] == "Paused"  # (its rows: (text, colour))
    keys = v.state[-1]  # a row as the others, under them, dim
    assert keys[0].strip() == "A: ok  B: back" and keys[1] == ui.DIM and len(keys[0]) <= v.chars
    d = app.board.display
    x, y = v.x, v.y
    assert R.count(d, x, y + v.row_y(v.n), v.w, ui.CH_H, ui.DIM) > 10  # drawn, under its rows
    n = len(s.scr.items)
    if v.n < n:  # (160x128) rows below: "v" on the last row shown, "^" once scrolled
        assert v.rows[-1].endswith("v") and not v.rows[0].endswith("^")
        for _ in range(n - 1):
            R.press(s, "down")
        R.shot(app)
        assert v.rows[0].endswith("^") and not v.rows[-1].endswith("v")
    else:
        assert not any(r.endswith(("^", "v")) for r in v.rows)
    s.say("Cannot undo")  # a press's own words still show there
    R.shot(app)
    assert v.state[0][0] == "Cannot undo"
    assert R.count(d, x, y, v.w, ui.CH_H + 2, ui.YELLOW) > 10


def test_the_title_picture_shows_again_back_from_learn():
    app, s = R.setup_app(320, 240, "oanquan")
    R.shot(app)
    tg = app.view.board[0]
    assert not tg.hidden
    R.goto(s, ("go", "learn"))
    R.press(s, "a")
    R.press(s, "a")  # its first row: How to play... or a lesson
    R.shot(app)
    for _ in range(6):  # back to the title, whatever opened
        if s.screen == "title":
            break
        if s.screen == "play":
            R.press(s, "start")
            s.scr.select(("quit", None))
            R.press(s, "a")
        else:
            R.press(s, "b")
        R.shot(app)
    assert s.screen == "title"
    R.shot(app)
    assert app.view.board is not None and not app.view.board[0].hidden


def test_the_title_picture_after_a_lessons_quit():
    # the lesson's quit builds the Learn list's view anew: the title's picture was then missing
    app, s = R.setup_app(320, 240, "oanquan")
    s.learn("begin", 0)
    R.shot(app)
    s.leave_game()
    R.shot(app)
    assert s.screen == "learn" and app.view.board is None  # (built for the list)
    R.press(s, "b")
    R.shot(app)
    assert s.screen == "title"
    tg = app.view.board[0]
    assert not tg.hidden
    d = app.board.display
    assert R.count(d, tg.x, tg.y, 40, 20, ui.BG) < 800  # something drawn there


def test_the_headless_simulator_prints_no_blinka_warning(tmp_path):
    out = subprocess.run([sys.executable, os.path.join(R.ROOT, "tools", "sim.py"), "--board",
                          "headless", "--size", "160x128", "--frames", "2", "--save",
                          str(tmp_path / "x.sav")],
                         capture_output=True, text=True, timeout=120, cwd=R.ROOT)
    assert "GENERIC_X86" not in out.stdout and "GENERIC_X86" not in out.stderr, out.stdout


def test_the_terminals_bad_move_suggests_only_your_moves():
    from tools.terminal import game as play
    said = []
    answers = iter(["1", "2", "1", "1", "", "99", "q"])
    try:
        play.terminal(lambda prompt: next(answers), said.append, seed=5)
    except StopIteration:
        pass
    text = "\n".join(said)
    k = text.index("99")
    line = text[k - 40:k + 200]
    assert "e.g." not in line and "Legal now: 1+ 1-" in line.replace("\n", " "), line


def test_the_readme_tells_a_newcomer_of_learn_the_hint_the_review_and_i():
    # issue 55 #10: README says where to learn, what the hint and the review say, and the
    # terminal's i; and what it says is there: the title's row, the terminal's hint with its why
    import re
    from tools.terminal import game as play
    with open(os.path.join(R.ROOT, "README.md"), encoding="utf-8") as f:
        text = " ".join(f.read().split())  # (its lines wrap anywhere)
    assert "**Learn…**" in text and "one rule at a time" in text
    assert "the **hint**" in text and "says why" in text
    assert "the **review**" in text and "costliest moves" in text
    assert "`i` gives a hint and why" in text
    s = make("oanquan")
    assert "Learn..." in [s.scr.item_text(it) for it in s.scr.items]
    said = []
    answers = iter(["1", "2", "1", "1", "", "i", "q"])
    try:
        play.terminal(lambda prompt: next(answers), said.append, seed=5)
    except StopIteration:
        pass
    hint = [t for t in said if t.startswith("Hint: ")]
    assert hint and re.match(r"Hint: \d+[+-] \((captures|no capture|quiet move|gives) ", hint[0]), \
        hint
