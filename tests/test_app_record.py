# Your record (issue 57 #3) drawn headless at 160x128, 240x240 and 320x240: Settings -> "Your
# record..." (from the title) opens it, every line whole on the screen (26 characters at 160 px), its keys'
# line, the confirm before it is cleared; the game-over score page says the record and the
# streak. The model's side (counting, saving, reading back, clearing): tests/portable/
# test_saves_record.py. `python tests/test_app_record.py` writes docs/screenshots/record-*.png.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "tests"), os.path.join(ROOT, "tests", "portable")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import test_app_render as R  # noqa: E402
from session_util import Clock, press, play_out  # noqa: E402

SIZES = ((160, 128), (240, 240), (320, 240))
RECORD = {"oanquan": [3, 1, 0, 2, 17] + [0] * 20,
          "omweso": [0] * 15 + [1, 4, 0, -3, 6] + [0] * 5}


def _record_screen(app, s, c):
    for row in (("go", "settings"), ("go", "record")):  # the title's Settings..., its row
        while s.scr.items[s.scr.sel] != row:
            press(s, c, "down")
        press(s, c, "a")
    R.shot(app)
    assert s.screen == "record"


@pytest.mark.parametrize("size", SIZES)
def test_the_record_screen_shows_every_line_whole_and_asks_before_clearing(size, out=None):
    app, s = R.setup_app(size[0], size[1], "oanquan", mode="ai")
    s.record = {k: list(v) for k, v in RECORD.items()}
    c = Clock()
    _record_screen(app, s, c)
    v = app.view
    assert v.title.text == "Your record"
    want = ["Ô Ăn Quan   won lost drawn",
            "level 1       3    1     0",
            "  2 wins in a row",
            "  best win by 17",
            "Omweso      won lost drawn",
            "level 4       1    4     0",
            "  3 losses in a row",
            "  best win by 6"]
    assert s.scr.lines == want
    assert v.rows == want[:v.n]  # whole: none cut at the screen's edge
    more = "v " if v.n < len(want) else ""
    assert v.foot.text == more + "A: clear  B: back"
    if out:
        app.board.display.png(out % "record", 2)
    press(s, c, "a")  # asks first
    R.shot(app)
    assert v.foot.text == "A again: clear it all" and s.record
    if out:
        app.board.display.png(out % "record-clear", 2)
    press(s, c, "a")
    R.shot(app)
    assert s.record == {}
    assert " ".join(app.view.rows) == "No game against the AI finished yet"  # (wrapped at 160)
    assert app.view.foot.text == "B: back to Settings"
    press(s, c, "b")
    R.shot(app)
    assert s.screen == "settings" and s.scr.items[s.scr.sel] == ("go", "record")


def test_settings_from_the_pause_box_have_no_record_row():
    # its screen's code is the game-over screen's module: not loaded beside a game
    app, s = R.setup_app(240, 240, "oanquan", mode="ai")
    c = Clock()
    s.new_game()
    press(s, c, "start")
    s.scr.select(("go", "settings"))
    press(s, c, "a")
    assert s.screen == "settings" and ("go", "record") not in s.scr.items
    press(s, c, "b", "b")
    assert s.screen == "play"
    s.leave_game()  # the title's Settings... has it
    s.scr.select(("go", "settings"))
    press(s, c, "a")
    assert s.screen == "settings" and ("go", "record") in s.scr.items


@pytest.mark.parametrize("size", SIZES)
def test_the_score_page_says_your_record_and_the_streak_at_its_level(size):
    app, s = R.setup_app(size[0], size[1], "oanquan", mode="ai")
    s.record = {"oanquan": [0, 4, 0, -4, 0] + [0] * 20}  # 4 losses in a row at level 1
    c = Clock()
    s.new_game()
    play_out(s, c, 400)
    assert s.scr.kind == "over"
    r = s.record["oanquan"]
    press(s, c, "a")  # the score page
    R.shot(app)
    text = " ".join(app.view.rows)  # (a line wrapped at 160 px: joined again)
    assert "Level 1: won %d, lost %d, drawn %d" % tuple(r[:3]) in text, app.view.rows
    if s.snap["result"]["winner"] == 1 - s.human:
        assert r[:5] == [0, 5, 0, -5, 0] and "5 losses in a row at level 1" in text
    else:  # (a win or a draw ends the streak: no line for it)
        assert r[3] >= 0 and "in a row" not in text


if __name__ == "__main__":
    shots = os.path.join(ROOT, "docs", "screenshots")
    for w, h in SIZES:
        test_the_record_screen_shows_every_line_whole_and_asks_before_clearing(
            (w, h), os.path.join(shots, "%%s-%dx%d.png" % (w, h)))
        print("wrote record-%dx%d.png, record-clear-%dx%d.png" % (w, h, w, h))
