# Regression tests for the defects a first player found (issue 12), one test (or more) each:
#  1 Omweso not redrawn after the AI's move   2 text cut off at 160x128
#  3 O An Quan's big stones at 160x128        (4 the hint, 5 your capture message under the AI's
#  move: tests/test_app_hints.py)             6 game over: terms, reason in words, final board
#  7 rule menus in engine names               9 menus: Settings return, Starts in 2-player mode,
#    Start one press away, Omweso points in one order, the cursor on a playable cell
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from boards import headless
from firmware.app import App
from firmware.views import ui
from firmware import rule_text
from firmware.common import num
from engine.games import NAMES
import test_app_render as R
import pit_model as M

# the repro of defect 1 with today's title menu: Game -> Omweso, back up to Start, start, pick
OMWESO_KEYS = ("down", "right", "right", "up", "a", "a")


def _loop(app, t, until, limit=4000, step=30):
    for _ in range(limit):
        if until():
            return t
        t += step
        app.step(t)
    return t


# ---------------------------------------------------------------- 1: redraw after the AI's move
def test_omweso_redrawn_after_the_ai_move_without_a_key():
    board = headless.make(320, 240)
    app = App(board, store=None, ai_ms=30)
    s = app.session
    t = 0
    for k in OMWESO_KEYS:
        board.buttons.press(k)
        t += 50
        app.step(t)
    assert s.cfg["game"] == "omweso" and s.screen == "play"
    assert s.snap["ply"] >= 1  # the human's move was played
    t = _loop(app, t, lambda: s.phase == "select" and s.snap["ply"] >= 2)
    assert s.phase == "select" and s.last[1] == 1  # the AI moved and it is the human's turn
    for _ in range(5):  # a few idle loop steps: no key pressed
        t += 30
        app.step(t)
    assert app.drawn == s.version
    # what is on the screen is the current state: "Your turn", no sowing ring left over
    assert app.view.frame.status.text.startswith("Your turn")
    styles = app.view.styles(s)
    assert "active" not in styles.values() and "capture" not in styles.values()
    d = app.board.display
    for pit, n, big, key in R.pits(app, s):
        st = styles.get(key, "")
        assert pit.state[0] == n and pit.state[1] == st, key
        ring = R.to565(R.ui.STYLE_RING[st])
        assert d.pixel(pit.x + pit.w // 2, pit.y) == ring, key  # the panel shows it


WINDOW = r'''
import os, sys
sys.path.insert(0, ".")
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from boards import desktop
from firmware.app import App
board = desktop.make(320, 240, 1)
board.SAVE_FILE = sys.argv[1]
app = App(board, store=None, ai_ms=30)
s = app.session
for k in %r:
    board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), True))
    board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), False))
t = 0
n = 0
refreshed = -1
# the simulator's own loop (tools/sim.py main): pump, step, refresh the window on a new drawing
while board.buttons.pump() and n < 3000:
    v = app.drawn
    t += 30
    app.step(t)
    if app.drawn != v or n == 0:
        board.display.refresh()
        refreshed = app.drawn
    n += 1
    if s.screen == "play" and s.phase == "select" and s.snap["ply"] >= 2 and n > 50:
        break
print(s.phase, s.snap["ply"], app.drawn == s.version, refreshed == s.version,
      app.view.frame.status.text)
'''


def test_omweso_window_redrawn_after_the_ai_move(tmp_path):
    pytest.importorskip("pygame")
    pytest.importorskip("blinka_displayio_pygamedisplay")
    path = tmp_path / "win.py"
    path.write_text(WINDOW % (OMWESO_KEYS,))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, str(path), str(tmp_path / "s.sav")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("select ") and "True True Your turn" in last, last


# ---------------------------------------------------------------- 2: nothing cut off at 160x128
def _walk_everything(app, s, game):
    """Every menu row, the help to its end, the history, a round summary and both game-over
    pages of one game, each rendered."""
    s.cfg["game"] = game
    for mode in ("ai", "two", "demo"):
        s.cfg["mode"] = mode
        s.menu("title")
        for i in range(len(s.scr.items)):
            s.scr.sel = i
            app.render()
    s.cfg["mode"] = "two"
    for name in ("rules", "settings"):
        s.menu(name)
        for i in range(len(s.scr.items)):
            s.scr.sel = i
            app.render()
            for _ in range(8):  # every value of the row
                R.press(s, "right")
                app.render()
    s.rules.pop(game, None)
    s.new_game()
    R.press(s, "start")
    for i in range(len(s.scr.items)):
        s.scr.sel = i
        app.render()
    R.goto(s, ("go", "help"))
    R.press(s, "a")
    for _ in range(60):
        app.render()
        R.press(s, "down")
    R.press(s, "b")
    # play to the end (the AI at level 1 on both sides), through every summary
    s.cfg["mode"] = "demo"
    s.cfg["anim"] = "off"
    s.cfg["level"] = 1
    s.brain = None
    if game == "omweso":
        s.rules_for("omweso")["match_points"] = 2
    s.new_game()
    t = s.now
    history = False
    for _ in range(8000):
        t += 1000
        s.tick(t)
        if s.screen == "play" and not history and s.snap["ply"] > 30:
            history = True
            R.press(s, "start")
            R.goto(s, ("go", "history"))
            R.press(s, "a")
            assert s.screen == "history"
            app.render()
            R.press(s, "b", "b")
        if s.screen == "summary":
            app.render()
            if s.scr.kind == "over":
                break
            for _ in range(20):
                R.press(s, "down")
                app.render()
            R.press(s, "a")
    assert s.scr.kind == "over"
    app.render()
    R.press(s, "a")
    for _ in range(20):
        app.render()
        R.press(s, "down")


@pytest.mark.parametrize("game", NAMES)
def test_nothing_is_cut_off_at_160x128(game, monkeypatch):
    cut = []
    fit = ui.fit

    def watch(text, width):
        out = fit(text, width)
        if out != text:
            cut.append(text)
        return out
    monkeypatch.setattr(ui, "fit", watch)
    app, s = R.setup_app(160, 128, game)
    _walk_everything(app, s, game)
    assert cut == []


def test_help_text_is_wrapped_not_cut():
    from firmware.games import part
    from firmware.views.label import wrap
    for g in NAMES:
        help_ = part(g, "help").HELP
        words = " ".join(help_).split()
        for n in (26, 34, 38, 53):  # the help's width at 160, 200, 240 and 320 pixels
            rows = wrap(help_, n)
            assert max(len(r) for r in rows) <= n
            assert " ".join(rows).split() == words  # every word is still there, in order
            for para in help_:  # issue 31 #6: no word left alone on a paragraph's last line
                got = wrap([para], n)
                assert len(got) == 1 or len(got[-1].split()) > 1, (g, n, got)


def test_how_to_play_is_in_plain_words_and_explains_the_move_texts():
    # issue 31 #6: no "(player 0)", "(rule mandarin_value)"; the "+"/"-" of "You moved 5+" said
    from firmware.games import part
    for g in NAMES:
        text = " ".join(part(g, "help").HELP)
        assert "player 0" not in text and "(rule" not in text and "_" not in text, g
    assert '"5+" (as in "You moved 5+") is square 5 anticlockwise' in \
        " ".join(part("oanquan", "help").HELP)
    assert '"3-" (as in "You moved 3-") is pit 3 with a reverse lap' in \
        " ".join(part("omweso", "help").HELP)


# ---------------------------------------------------------------- 3: big stones at 160x128
@pytest.mark.parametrize("size", R.SIZES, ids=["%dx%d" % sz for sz in R.SIZES])
def test_oanquan_big_stones_drawn_at_every_size(size):
    app, s = R.setup_app(size[0], size[1], "oanquan")
    s.new_game()
    app.render()
    d = app.board.display.snapshot()
    for sq in (0, 6):
        pit = app.view.pits[sq]
        r, cx, cy = M.big_box(pit)
        assert r >= 3
        cx += pit.x
        cy += pit.y
        # a square of stone colour, framed in the ring colour: the big stone
        assert R.count(d, cx - r + 1, cy - r + 1, 2 * r - 2, 2 * r - 2, ui.STONE) == \
            (2 * r - 2) ** 2
        n = s.snap["squares"][sq]  # the small stones counted beside the big one; no "+0" / "Q"
        assert pit.state[4] is None and pit.state[0] == n  # drawn as its count


# ---------------------------------------------------------------- 6: game over
@pytest.mark.parametrize("game", NAMES)
def test_game_over_explains_the_result(game):
    app, s = R.setup_app(160, 128, game)
    s.cfg["mode"] = "demo"
    s.cfg["anim"] = "off"
    s.cfg["level"] = 1
    if game == "omweso":
        s.rules_for("omweso")["match_points"] = 1
    s.new_game()
    t = 0
    for _ in range(8000):
        t += 1000
        s.tick(t)
        if s.screen == "summary":
            if s.scr.kind == "over":
                break
            R.press(s, "a")
    o = s.scr
    assert o.kind == "over" and o.view_key() == "board:" + game  # the final board first
    R.shot(app)
    assert app.view.frame.status.text == o.head
    assert app.view.frame.msg.text.startswith("A: why")
    res = s.snap["result"]
    if res.get("winner") is not None:  # the winner's score first (issue 31): "AI wins 46-24"
        a, b = o.head.split()[-1].split("-")
        w = res["winner"]
        assert (int(a), int(b)) == (o.table[-1][1 + w], o.table[-1][2 - w]), (o.head, o.table)
        assert o.head.startswith(s.names()[w] + (" win " if s.names()[w] == "You" else " wins "))
    assert o.reason and "_" not in o.reason and "(" + res["reason"] + ")" != o.reason
    for term, a, b in o.table:  # every term has its name
        assert term and term.strip() == term
    assert o.table[-1][0] in ("total", "match points", "stones")
    R.press(s, "a")
    assert o.view_key() == "text"
    R.shot(app)
    assert app.view.rows[0] == o.head and o.reason.split()[0] in app.view.rows[1]
    # back to the final board: its AI (and the search's buffers, dropped at the end) is not
    # made again
    assert s.brain is None
    R.press(s, "left")
    assert o.view_key() == "board:" + game
    R.shot(app)
    assert s.brain is None


def test_sanyao_summary_names_only_numbered_holes():
    app, s = R.setup_app(160, 128, "sanyao")
    s.new_game()
    R.load(s, "sanyao")
    app.render()
    for i in range(10):
        assert app.view.pits[i].state[5] == i


# ---------------------------------------------------------------- 7: rule menus in words
@pytest.mark.parametrize("game", NAMES)
def test_rule_menu_in_a_players_words(game):
    app, s = R.setup_app(160, 128, game)
    s.menu("rules")
    for i, it in enumerate(s.scr.items[:-1]):
        s.scr.sel = i
        text = s.scr.item_text(it)
        assert it[1] not in text or it[1] == rule_text.label(game, it[1]).lower(), text
        assert text.startswith(rule_text.label(game, it[1]) + ": ")
        assert s.scr.note() == rule_text.explain(game, it[1]) and s.scr.note()
        R.shot(app)
        shown = " ".join(lb.text for lb in app.view.note if lb.text)
        assert shown == s.scr.note()  # the whole explanation, on up to two lines


# ---------------------------------------------------------------- 9: menus
def test_leaving_settings_returns_to_the_settings_row():
    app, s = R.setup_app(160, 128, "oanquan")
    s.menu("title")
    R.goto(s, ("go", "settings"))
    R.press(s, "a")
    assert s.screen == "settings"
    R.press(s, "b")
    assert s.screen == "title" and s.scr.items[s.scr.sel] == ("go", "settings")
    s.new_game()
    R.press(s, "start")
    R.goto(s, ("go", "rules"))
    R.press(s, "a", "b")
    assert s.screen == "pause" and s.scr.items[s.scr.sel] == ("go", "rules")


def test_two_players_has_no_starts_row_and_start_is_one_press_away():
    app, s = R.setup_app(160, 128, "oanquan", mode="two")
    s.menu("title")
    assert s.scr.items[s.scr.sel] == ("start", None)  # A starts at once
    assert ("cfg", "starts") not in s.scr.items and ("cfg", "level") not in s.scr.items
    s.cfg["mode"] = "ai"
    s.menu("title")
    assert ("cfg", "starts") in s.scr.items
    R.goto(s, ("cfg", "mode"))
    R.press(s, "right")  # -> two players: the Starts row goes, the selection stays on Mode
    assert s.cfg["mode"] == "two" and ("cfg", "starts") not in s.scr.items
    assert s.scr.items[s.scr.sel] == ("cfg", "mode")
    s.new_game()
    assert s.human == 0 and s.mover() == 0  # P1 starts
    s.menu("title")
    R.goto(s, ("cfg", "game"))
    assert "up/down" in s.scr.note() or s.scr.note().startswith(("Vietnam", "China", "Uganda"))


def test_omweso_points_in_one_order():
    app, s = R.setup_app(320, 240, "omweso")
    s.new_game()
    R.load(s, "omweso")  # points [3, 5], P2 to move (the board seen from P2's side)
    app.render()
    st = app.view.frame.status.text
    info = app.view.info.text
    assert "3-5" in st
    assert info.index("P1: 3pt") < info.index("P2: 5pt")  # (the name apart: issue 55)


@pytest.mark.parametrize("game", NAMES)
def test_cursor_starts_on_a_playable_cell(game):
    from session_util import make, Clock, settle, human_move
    s = make(game, "two")
    c = Clock()
    s.new_game()
    for _ in range(12):
        settle(s, c)
        if s.screen != "play" or s.phase != "select":
            break
        assert s.play.cursor in {num(t) for _, t in s.legal}, (s.play.cursor, s.legal)
        human_move(s, c)


def test_a_son_mark_reads_as_no_digit():
    # issue 31 #6: San-Yao's son mark "s4" was drawn with a zigzag "s" that read as "$4"; then
    # its S curve read as a 5 ("s9": 59, issue 55 #9). The mark is a star, "*9", as the
    # terminal's board and docs/sanyao.md mark a son: no column of it is a digit's
    from pit_model import FONT, glyph
    rows = FONT[glyph("*"):glyph("*") + 5]
    assert rows == b"\x05\x02\x07\x02\x05"
    assert glyph("s") < 0
    for d in "0123456789":
        assert rows != FONT[glyph(d):glyph(d) + 5]
        assert rows[1] != FONT[glyph(d) + 1]  # its second row, one pixel in the middle: no digit's
