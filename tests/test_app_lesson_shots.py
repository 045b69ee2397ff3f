# Every lesson of every game drawn on the console's smallest and largest screens (issue 31: a
# screenshot of each lesson at 320x240 and 160x128): Learn... -> the lesson -> its rule and goal
# -> its example (skipped) -> its board with the goal on top and the lesson's hint (a move that
# meets the goal), every pit pixel-probed as the other boards are (tests/test_app_render.py); and
# the first lesson of each game at 160x128, 240x240 and 320x240 (issue 55): its rule page, a miss
# on the final board, the miss told, and its board with the goal on top. `python
# tests/test_app_lesson_shots.py` writes them to docs/screenshots/lessons/ (<game>-<n>-<size>.png,
# <game>-1-<rule|goal|missed|why>-<size>.png).
import os

import pytest

from test_app_render import setup_app, shot, check_board, check_text, goto, press, ROOT, GAMES
import firmware.lessons as L  # (after test_app_render, which puts the project on the path)
from engine import games
from firmware.common import num

SIZES = ((320, 240), (160, 128))
FIRST = ((320, 240), (240, 240), (160, 128))
OUT = os.path.join(ROOT, "docs", "screenshots", "lessons")


def _hinted(w, h, game, i):
    """The app at lesson i's board with its hint shown, drawn: (app, session, lesson)."""
    app, s = setup_app(w, h, game)
    ls = L.load(game)[i]
    goto(s, ("go", "learn"))
    press(s, "a")
    goto(s, ("lesson", i))
    press(s, "a")  # its rule and goal
    assert s.screen == "lesson" and s.scr.raw[-1] == "Your goal: " + ls["goal"]
    press(s, "a", "a", "a")  # its example, skipped to its end, then its board
    if s.phase == "setup":  # (Omweso's set-up lesson: the set-up screen is the lesson)
        return app, s, ls
    assert s.screen == "play" and s.phase == "select"
    press(s, "x")  # the lesson's hint
    assert s.hint is not None and s.play.cursor == s.hint
    return app, s, ls


def _missed(w, h, game, out=None):
    """The first lesson's rule page drawn, its board with the goal on top, then a move that
    misses its goal played to the end, the final board, the page that tells the miss: (app,
    session); with `out`, each picture written as it is drawn (out % "rule", "goal", "missed",
    "why")."""
    app, s = setup_app(w, h, game)

    def pic(name):
        d = shot(app)
        if out is not None:
            d.png(out % name, 2)
            print("wrote", os.path.relpath(out % name, ROOT))

    ls = L.load(game)[0]
    goto(s, ("go", "learn"))
    press(s, "a")
    goto(s, ("lesson", 0))
    press(s, "a")
    pic("rule")
    check_text(app, s)
    press(s, "a", "a", "a")
    if s.phase == "select":  # its board, the goal on top while the player tries
        pic("goal")
        check_board(app, s)
        assert app.view.frame.status.text == ls["line"]
    g = games.load(game)
    code = [k for k, t in s.legal if not L.meets(g, ls, s.rec.pos, k)][0]
    s.play.cursor = num(s.game.move_str(s.rec.pos, code))
    s.play_move(code)
    while s.phase == "anim":
        press(s, "a")
    assert s.stage == "again" and s.screen == "play"
    pic("missed")
    check_board(app, s)
    assert app.view.viewer(s) == s.human  # the player's side below, in two-player mode too
    assert app.view.frame.status.text == "Not this time"
    press(s, "a")
    assert s.screen == "lesson" and s.scr.kind == "again"
    pic("why")
    return app, s


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_board_is_drawn_with_its_hint(game, size):
    for i in range(len(L.load(game))):
        app, s, ls = _hinted(size[0], size[1], game, i)
        shot(app)
        check_board(app, s)
        if s.phase == "select":
            assert app.view.frame.status.text == ls["line"], (game, i)  # the goal on top


@pytest.mark.parametrize("size", FIRST, ids=["%dx%d" % sz for sz in FIRST])
@pytest.mark.parametrize("game", GAMES)
def test_the_first_lesson_missed_is_told_over_its_final_board(game, size):
    app, s = _missed(size[0], size[1], game)
    check_text(app, s)
    assert "landed in" in " ".join(s.scr.raw) or "fell into" in " ".join(s.scr.raw)


def make_screenshots():
    os.makedirs(OUT, exist_ok=True)
    for game in GAMES:
        for i in range(len(L.load(game))):
            for w, h in SIZES:
                app, s, ls = _hinted(w, h, game, i)
                path = os.path.join(OUT, "%s-%d-%dx%d.png" % (game, i + 1, w, h))
                shot(app).png(path, 2)
                print("wrote", os.path.relpath(path, ROOT))
        for w, h in FIRST:
            _missed(w, h, game, os.path.join(OUT, "%s-1-%%s-%dx%d.png" % (game, w, h)))


if __name__ == "__main__":
    make_screenshots()
