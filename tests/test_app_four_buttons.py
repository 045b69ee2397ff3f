# What the screen tells a four-button board (A, B, X, Y only: boards/pico_display_pack2.py), and
# the board's cursor (issue "Quick to the touch", item 8):
# - the hint lines name the board's own buttons (X/Y, A), never up/down/left/right; the words
#   mean the same on every board and fit a 160x128 screen (26 characters a line);
# - the cursor moves only over the cells that can be played (left/right, up/down), so no press is
#   spent on "Cannot move from there"; Omweso's free set-up still walks all 16 pits.
import random
import re

import pytest

from boards import headless
from firmware.app import App
from firmware.views.label import wrap
from test_app_session import load  # (a position JSON into a session)
from firmware.session import Session
from firmware.screens.menu import MenuScreen
from firmware.screens.text import HelpScreen
from session_util import make, press, settle, play_out, Clock

FOUR = ("a", "b", "x", "y")
CHARS = 26  # a line of text on a 160 px wide screen: (160 - 4) // 6
GAMES = ("oanquan", "sanyao", "omweso")
MISSING = re.compile(r"\b(up|down|left|right)\b|up/down|left/right|<board")

# Ô Ăn Quan, player 0 to move: of squares 1-5 only 2, 4 and 5 hold stones.
OANQUAN = {"game": "oanquan", "to_move": 0, "ply": 20, "result": None,
           "squares": [3, 0, 2, 0, 1, 4, 0, 6, 0, 1, 0, 2], "big": [0, 1],
           "stock": [23, 8], "mandarins": [1, 0], "debt": [0, 2]}
# Omweso, player 1 to move: pits 5, 6, 9 are empty and 12-15 hold one seed (no move from them).
OMWESO = {"game": "omweso", "rules": {}, "to_move": 1, "ply": 7, "result": None,
          "pits": [[0, 5, 0, 1, 2, 6, 6, 1, 2, 1, 1, 1, 0, 0, 0, 0],
                   [4, 4, 4, 4, 4, 0, 0, 6, 2, 0, 3, 3, 1, 1, 1, 1]],
          "phase": "play", "moves_made": [4, 3], "captures": [0, 1], "points": [0, 0],
          "game_no": 1}


def session(four, game="oanquan", mode="two", **rules):
    s = Session(store=None, four_button=four, ai_ms=50)
    s.cfg["game"] = game
    s.cfg["mode"] = mode
    s.cfg["anim"] = "off"
    s.rules_for(game).update(rules)
    s.menu("title")
    return s


def playable(s):
    return set(s.play.playable())


def menus(s):
    """Every menu (title, settings, rule options, pause) with every row selected: its note."""
    out = []
    for name in ("title", "settings", "rules", "pause"):
        if name == "pause" and s.game is None:
            s.new_game()
        back = "pause" if name == "pause" else "title"
        m = MenuScreen(s, name, back)
        s.show(m)
        for i in range(len(m.items)):
            m.sel = i
            out.append((name, m.items[i], m.note()))
    return out


# ---------------------------------------------------------------------------- the hint lines
def test_menu_notes_name_the_four_buttons():
    s = session(True)
    s.menu("title")
    m = s.scr
    m.select(("start", None))
    assert m.note() == "X/Y: choose, A: select"
    m.select(("cfg", "mode"))
    assert m.note() == "X/Y: choose, A: change"
    for name, it, note in menus(session(True)):
        assert not MISSING.search(note), (name, it, note)
        if it[0] == "cfg" and it != ("cfg", "game"):
            assert "X/Y" in note and "A: change" in note, (name, it, note)


def test_menu_notes_mean_the_same_on_every_board():
    four = menus(session(True))
    pad = menus(session(False))
    assert [x[:2] for x in four] == [x[:2] for x in pad]
    swap = (("X/Y", "up/down"), ("A: change", "left/right: change"))
    for (name, it, f), (_, _, p) in zip(four, pad):
        if it[0] == "cfg" and it != ("cfg", "game"):
            assert p == "up/down: choose, left/right: change", (name, it, p)
        for a, b in swap:
            f = f.replace(a, b)
        assert f == p, (name, it, f, p)  # the same words, the board's buttons
        assert len(wrap([p], CHARS)) <= 2 and len(wrap([f], CHARS)) <= 2  # the view's 2 lines


def test_dpad_menu_notes_still_name_the_dpad():
    s = session(False)
    m = s.scr
    m.select(("start", None))
    assert m.note() == "up/down: choose, A: select"
    m.select(("cfg", "mode"))
    assert "left/right: change" in m.note()


@pytest.mark.parametrize("four", [True, False])
def test_help_foot_names_the_board_buttons(four):
    s = session(four, "omweso")
    h = HelpScreen(s, "title")
    s.show(h)
    h.set_width(CHARS, 8)
    feet = [h.foot(8)]
    h.top = len(h.lines) - 8
    feet.append(h.foot(8))
    assert feet[0].startswith("v more") and not feet[1].startswith("v")
    for f in feet:
        assert len(f) <= CHARS
        assert ("X/Y" in f) == four and ("up/down" in f) != four, f
        assert "B: back" in f
    if four:
        assert feet == ["v more  X/Y  B: back", "X/Y: scroll  B: back"]


@pytest.mark.parametrize("four", [True, False])
def test_score_table_foot_offers_no_missing_button(four):
    s = session(four, "oanquan")
    c = Clock()
    s.new_game()
    play_out(s, c)
    assert s.scr.kind == "over" and s.scr.page == 0
    assert not MISSING.search(s.scr.foot(4))
    press(s, c, "a")  # the score table
    assert s.scr.page == 1
    f = s.scr.foot(4)
    assert len(f) <= CHARS and "A again" in f and "B board" in f  # B: back, on every board
    press(s, c, "b")
    assert s.scr.page == 0 and "B menu" in s.scr.foot(4)


def test_every_text_on_a_four_button_160x128_app():
    # the app on a four-button board, as drawn: no line names a button the board lacks
    board = headless.make(160, 128, keys=FOUR)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    assert s.four

    def look():
        app.render()
        v = app.view
        out = {}
        for name in ("foot", "msg"):
            lb = getattr(v, name, None)
            if lb is not None:
                out[name] = lb.text
        if isinstance(getattr(v, "note", None), list):  # a menu's note: a label per line
            out["note"] = "\n".join(lb.text for lb in v.note if lb.text)
        for name, text in out.items():
            assert not MISSING.search(text), (s.screen, name, text)
        return out

    notes = set()
    t = 0
    for _ in range(len(s.scr.items)):  # every title row
        notes.add(look()["note"])
        t += 50
        s.press("y", t)
    assert "X/Y: choose, A: select" in notes
    assert "X/Y: choose, A: change" in notes
    s.scr.select(("go", "learn"))
    s.press("a", t + 50)
    assert s.screen == "learn"
    for _ in range(len(s.scr.items)):  # every row of "Learn...": how to play, the lessons
        notes.add(look()["note"])
        t += 50
        s.press("y", t)
    assert "A: its rule, an example,\nyour try: about a minute" in notes  # (issue 55 #5)
    s.scr.select(("lesson", 0))
    s.press("a", t + 50)
    assert s.screen == "lesson" and look()["foot"] == "A: example  B: lessons"
    s.press("b", t + 100)
    s.scr.select(("go", "help"))
    s.press("a", t + 150)
    assert s.screen == "help"
    assert look()["foot"] == "v more  X/Y  B: back"


# ---------------------------------------------------------------------------- the cursor
@pytest.mark.parametrize("four", [True, False])
def test_cursor_walks_only_over_playable_squares(four):
    s = session(four)
    s.new_game()
    load(s, OANQUAN)
    assert s.phase == "select" and playable(s) == {2, 4, 5}
    nxt = "y" if four else "right"
    prev = "x" if four else "left"
    c = Clock()
    walk = [s.play.cursor]
    for _ in range(6):
        press(s, c, nxt)
        walk.append(s.play.cursor)
    assert walk == [2, 4, 5, 2, 4, 5, 2]
    back = []
    for _ in range(3):
        press(s, c, prev)
        back.append(s.play.cursor)
    assert back == [5, 4, 2]


def test_next_press_then_a_never_says_cannot_move():
    s = session(True)
    s.new_game()
    load(s, OANQUAN)
    c = Clock()
    press(s, c, "y", "a")  # square 4
    assert s.msg != "Cannot move from there"
    assert s.phase == "choose" and s.play.cursor == 4


def test_omweso_cursor_skips_unplayable_pits_both_ways():
    s = session(False, "omweso")
    s.new_game()
    load(s, OMWESO)
    ok = playable(s)
    assert s.mover() == 1 and {5, 6, 9, 12, 13, 14, 15}.isdisjoint(ok) and {3, 4, 11} <= ok
    c = Clock()
    s.play.cursor = 4
    press(s, c, "right")
    assert s.play.cursor == 7  # over the empty pits 5 and 6
    s.play.cursor = 3
    press(s, c, "up")  # above pit 3 is pit 12 (one seed): the nearest playable inner pit
    assert s.play.cursor == 11
    press(s, c, "down")
    assert s.play.cursor == 4
    press(s, c, "left", "left", "left", "left", "left")
    assert s.play.cursor == 8  # 4 3 2 1 0, then round the board to the inner row's end
    rnd = random.Random(3)
    for _ in range(40):
        press(s, c, rnd.choice(("up", "down", "left", "right")))
        assert s.play.cursor in ok


def test_omweso_free_setup_still_walks_all_pits():
    s = session(True, "omweso", setup="free")
    s.new_game()
    assert s.phase == "setup"
    c = Clock()
    seen = {s.play.cursor}
    for _ in range(16):
        press(s, c, "y")
        seen.add(s.play.cursor)
    assert seen == set(range(16))


def test_no_playable_cell_falls_back_to_every_cell():
    s = session(False)
    s.new_game()
    load(s, OANQUAN)
    s.legal.clear()  # nothing playable (the cursor must still move, over the mover's cells)
    cs = s.play.cells()
    c = Clock()
    s.play.cursor = cs[0]
    walk = []
    for _ in range(len(cs)):
        s.press("right", c.t)
        walk.append(s.play.cursor)
    assert sorted(walk) == sorted(cs)


@pytest.mark.parametrize("game", GAMES)
def test_cursor_stays_on_playable_cells_through_games(game):
    # random games: at every turn every arrow from every playable cell lands on a playable one,
    # and left/right (X/Y) reach every playable cell
    s = make(game, "two")
    s.four = True
    rnd = random.Random(7)
    c = Clock()
    s.new_game()
    turns = 0
    for _ in range(3000):
        settle(s, c)
        if s.screen == "summary":
            press(s, c, "a")
            if s.game is None or s.screen == "title":
                break
            continue
        if s.screen != "play":
            break
        if s.phase == "setup":
            press(s, c, "a", "a")
            continue
        if s.phase == "choose":
            press(s, c, "a")
            continue
        if s.phase != "select":
            continue
        ok = playable(s)
        pl = s.play
        assert ok <= set(pl.cells()) and len(ok) == len(pl.playable())
        for cell in ok:
            for b in ("up", "down", "left", "right"):
                assert pl.nav(cell, b) in ok, (game, cell, b, ok)
        pl.cursor = min(ok)
        seen = set()
        for _ in range(len(ok)):
            press(s, c, "y")
            seen.add(pl.cursor)
        assert seen == ok, (game, seen, ok)
        turns += 1
        if turns >= 40:
            break
        pl.cursor = rnd.choice(sorted(ok))
        press(s, c, "a")
    assert turns >= 10


@pytest.mark.parametrize("four", (False, True))
def test_the_board_says_which_keys_do_what(four):
    # issue 31 #6: on the human's turn, with nothing else to say, the message line names the
    # board's own keys (a four-button board steps with X/Y; its hint is in the pause menu)
    board = headless.make(160, 128, keys=FOUR if four else headless.KEYS)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    s.cfg["game"] = "oanquan"
    s.cfg["mode"] = "two"
    s.new_game()
    app.render()
    assert s.phase == "select" and s.msg == ""
    line = app.view.frame.msg.text
    assert line == ("X/Y: pit  A: play  B: menu" if four else "A: play  X: hint  B: menu")
    assert len(line) <= CHARS and not (four and MISSING.search(line))
    s.say("Cannot move from there")
    s.version += 1  # (as a press that says something does)
    app.render()
    assert app.view.frame.msg.text == "Cannot move from there"  # a message comes first


def test_a_small_screens_menu_shows_that_more_rows_lie_above_or_below():
    # issue 31 #6: the 160x128 title menu shows 4 of its rows: "v" under the list while more lie
    # below, "^" at the title's end once rows lie above
    board = headless.make(160, 128)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    app.render()
    v = app.view
    n = len(s.scr.items)
    assert n > v.n
    assert (v.up.text, v.down.text) == ("", "v")
    for _ in range(n - 1):
        s.press("down")
        app.render()
    assert s.scr.sel == n - 1 and (v.up.text, v.down.text) == ("^", "")
    shot = board.display.snapshot()
    from boards.headless import to565
    from firmware.views import ui
    assert any(shot.pixel(160 - 1 - i, j) == to565(ui.CYAN) for i in range(8)
               for j in range(16))  # drawn, at the title row's right end
    board = headless.make(320, 240)  # room for every row: no mark
    app = App(board, store=None, ai_ms=30)
    app.render()
    assert (app.view.up.text, app.view.down.text) == ("", "")
