# Every lesson's text pages drawn headless at 160x128 (the smallest screen, 26 columns), however
# the lesson was reached (issue 55 #4, #6): from the Learn list, or with "A: next" from the lesson
# before (a text screen after a text screen keeps the view, which once left the new page unwrapped:
# a goal's second line cut off at the edge). The rule page fits the screen whole (no scrolling to
# find the goal); the board's top line is the lesson's goal while the player tries.
import pytest

from test_app_render import setup_app, shot, check_text, goto, press, GAMES
from firmware.views import ui
from firmware.views.label import wrap
import firmware.lessons as L

W, H = 160, 128
COLS = (W - 4) // ui.CH_W


def _page_whole(app, s):
    """The text page shown is its text word-wrapped to the screen, every line whole: no line
    longer than the screen, and what the view shows is the wrapped text's first lines."""
    shot(app)
    check_text(app, s)
    v = app.view
    want = wrap(s.scr.raw, COLS)
    assert all(len(ln) <= COLS for ln in want), want
    assert v.rows == want[:v.n], (v.rows, want)
    assert len(s.scr.title()) <= COLS and len(v.foot.text) <= W // ui.CH_W


def _sown(s):
    for _ in range(400):
        if s.screen != "play" or s.phase != "anim":
            break
        press(s, "a")  # the sowing to its end
    s.tick(s.now + 10)
    s.tick(s.now + 3000)  # what the sowing said goes: the keys' line

def _met(app, s):
    """The lesson's board: its hint played to the goal met, the final board, A: the page."""
    press(s, "x", "a")
    while s.phase == "choose":
        press(s, "a")
    _sown(s)
    assert s.screen == "play" and s.phase == "none" and s.stage == "met"
    shot(app)
    assert app.view.frame.status.text == "Goal met: well done!"
    assert app.view.frame.msg.text == "A: why  B: menu"
    press(s, "a")


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_goal_is_whole_from_the_list_and_after_A_next(game):
    app, s = setup_app(W, H, game)
    goto(s, ("go", "learn"))
    press(s, "a")
    goto(s, ("lesson", 0))
    press(s, "a")
    n = len(L.load(game))
    for i in range(n):
        assert s.screen == "lesson" and s.scr.kind == "goal", (i, s.screen)
        _page_whole(app, s)
        assert app.view.foot.text == "A: example  B: lessons"  # no "v": the page is whole
        press(s, "a")  # the example, A to its end, A: the player's try
        assert s.screen == "play" and s.stage == "demo"
        _sown(s)
        shot(app)
        assert app.view.frame.msg.text == "A: your try  B: menu"
        press(s, "a")
        assert s.screen == "play" and s.stage == "try"
        shot(app)
        assert app.view.frame.status.text == L.load(game)[i]["line"]  # the goal, on top
        if s.phase == "setup":  # (Omweso's set-up lesson: the last but one) its list, as it was
            press(s, "start")  # (B takes a seed up there)
            s.scr.select(("quit", None))
            press(s, "a")
            goto(s, ("lesson", i + 1))
            press(s, "a")
            continue
        _met(app, s)
        assert s.screen == "lesson" and s.scr.kind == "met", (game, i)
        _page_whole(app, s)
        press(s, "a")  # A: next, the next lesson's goal on the same view
    assert s.screen == "learn"
