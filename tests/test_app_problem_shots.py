# Every problem of every game drawn on the console's smallest and largest screens (issue 56:
# screenshots at 160x128 and 320x240): Problems... -> the list (each row's goal within the
# screen) -> the problem's goal page -> its board with the goal on top, every pit pixel-probed as
# the other boards are (tests/test_app_render.py); and San-Yao's problem 4 (docs/problems.md's
# worked one) solved, its final board with "Solved: well done!". `python
# tests/test_app_problem_shots.py` writes docs/screenshots/problems/ (list-<size>.png,
# <game>-<n>-<size>.png, sanyao-4-solved-<size>.png).
import os

import pytest

from test_app_render import setup_app, shot, check_board, check_menu, check_text, goto, press, \
    ROOT, GAMES
from firmware import problems as P

SIZES = ((320, 240), (160, 128))
OUT = os.path.join(ROOT, "docs", "screenshots", "problems")


def _list(w, h, game):
    app, s = setup_app(w, h, game)
    goto(s, ("go", "problems"))
    press(s, "a")
    assert s.screen == "problems"
    return app, s


def _board(w, h, game, i):
    """The app at problem i's board, drawn: (app, session)."""
    app, s = _list(w, h, game)
    goto(s, ("lesson", i))
    press(s, "a")  # its goal
    assert s.screen == "lesson" and s.scr.kind == "goal"
    shot(app)
    check_text(app, s)
    press(s, "a")
    assert s.screen == "play" and s.phase == "select"
    return app, s


def _solved(w, h):
    """San-Yao's problem 4 solved on its main line: its final board, drawn."""
    app, s = _board(w, h, "sanyao", 3)
    from engine.record import Record
    g = s.game
    rec = P.load("sanyao")[3]
    r = Record(g, P.position(g, rec))
    buf = [0] * g.MAX_MOVES
    for k in P.line(g, rec):
        g.moves(r.pos, buf)
        if g.to_move(r.pos) == s.human:
            assert s.phase == "select"
            s.play_move(buf[k])
        r.play(buf[k])
        while s.phase == "anim":
            press(s, "a")
    assert s.stage == "met"
    shot(app)
    check_board(app, s)
    assert app.view.frame.status.text == "Solved: well done!"
    return app, s


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_every_problem_is_listed_and_drawn_with_its_goal_on_top(game, size):
    app, s = _list(size[0], size[1], game)
    shot(app)
    check_menu(app, s)
    for i in range(len(P.load(game))):
        app, s = _board(size[0], size[1], game, i)
        shot(app)
        check_board(app, s)
        assert app.view.frame.status.text == P.words(P.load(game)[i], True), (game, i)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_the_worked_problem_solved_is_drawn(size):
    _solved(*size)


def make_screenshots():
    os.makedirs(OUT, exist_ok=True)

    def write(app, name):
        path = os.path.join(OUT, name)
        shot(app).png(path, 2)
        print("wrote", os.path.relpath(path, ROOT))
    for w, h in SIZES:
        write(_list(w, h, "sanyao")[0], "list-%dx%d.png" % (w, h))
        for game in GAMES:
            for i in range(len(P.load(game))):
                write(_board(w, h, game, i)[0], "%s-%d-%dx%d.png" % (game, i + 1, w, h))
        write(_solved(w, h)[0], "sanyao-4-solved-%dx%d.png" % (w, h))


if __name__ == "__main__":
    make_screenshots()
