# Every lesson of every game drawn on the console's smallest and largest screens (issue 31: a
# screenshot of each lesson at 320x240 and 160x128): Learn... -> the lesson -> its goal -> its
# board with the lesson's hint (a move that meets the goal), every pit pixel-probed as the other
# boards are (tests/test_app_render.py). `python tests/test_app_lesson_shots.py` writes them to
# docs/screenshots/lessons/ (<game>-<n>-<size>.png).
import os

import pytest

from test_app_render import setup_app, shot, check_board, goto, press, ROOT, GAMES
import firmware.lessons as L  # (after test_app_render, which puts the project on the path)

SIZES = ((320, 240), (160, 128))
OUT = os.path.join(ROOT, "docs", "screenshots", "lessons")


def _hinted(w, h, game, i):
    """The app at lesson i's board with its hint shown, drawn: (app, session, lesson)."""
    app, s = setup_app(w, h, game)
    ls = L.load(game)[i]
    goto(s, ("go", "learn"))
    press(s, "a")
    goto(s, ("lesson", i))
    press(s, "a")  # its goal
    assert s.screen == "lesson" and s.scr.raw[0] == ls["goal"]
    press(s, "a")  # its board
    if s.phase == "setup":  # (Omweso's set-up lesson: the set-up screen is the lesson)
        return app, s, ls
    assert s.screen == "play" and s.phase == "select"
    press(s, "x")  # the lesson's hint
    assert s.hint is not None and s.play.cursor == s.hint
    return app, s, ls


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_board_is_drawn_with_its_hint(game, size):
    for i in range(len(L.load(game))):
        app, s, ls = _hinted(size[0], size[1], game, i)
        shot(app)
        check_board(app, s)
        if s.phase == "select":
            assert app.view.frame.status.text.startswith("meets the goal"), (game, i)


def make_screenshots():
    os.makedirs(OUT, exist_ok=True)
    for game in GAMES:
        for i in range(len(L.load(game))):
            for w, h in SIZES:
                app, s, ls = _hinted(w, h, game, i)
                path = os.path.join(OUT, "%s-%d-%dx%d.png" % (game, i + 1, w, h))
                shot(app).png(path, 2)
                print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    make_screenshots()
