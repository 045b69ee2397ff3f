# Every screen of every game rendered headless (boards/headless.py, Blinka displayio) at the four
# screen sizes, with pixel probes that what is drawn matches the session state: pit rings show the
# cursor / last move / hint / capture, stone dots match the counts, labels carry the numbers,
# menus highlight the selection, the AI-thinking indicator shows.
# `python tests/test_app_render.py` rewrites the screenshots in docs/screenshots/.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))

from boards import headless  # noqa: E402
from boards.headless import to565  # noqa: E402
from firmware.app import App  # noqa: E402
from firmware.views import ui  # noqa: E402
import pit_model as M  # noqa: E402
from firmware.views.menu import LINE  # noqa: E402

SIZES = ((240, 240), (320, 240), (240, 135), (160, 128))
GAMES = ("oanquan", "sanyao", "omweso")

POS = {
    "oanquan": {"game": "oanquan", "to_move": 0, "ply": 20, "result": None,
                "squares": [3, 0, 2, 0, 1, 4, 0, 6, 0, 1, 0, 2], "big": [0, 1],
                "stock": [23, 8], "mandarins": [1, 0], "debt": [0, 2]},
    "sanyao": {"game": "sanyao", "to_move": 0, "ply": 40, "result": None,
               "holes": [3, 5, 0, 2, 6, 1, 4, 0, 2, 3], "control": [0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
               "store": [14, 10], "owed": [0, 3], "round": 2, "starter": 0, "phase": "play"},
    "omweso": {"game": "omweso", "to_move": 1, "ply": 7, "result": None,
               "pits": [[0, 5, 0, 1, 2, 6, 6, 1, 2, 1, 1, 1, 0, 0, 0, 0],
                        [4, 4, 4, 4, 4, 0, 0, 6, 2, 0, 3, 3, 1, 1, 1, 1]],
               "phase": "play", "moves_made": [4, 3], "captures": [0, 1], "points": [3, 5],
               "game_no": 4},
}


def setup_app(w, h, game, mode="two"):
    b = headless.make(w, h)
    app = App(b, store=None, ai_ms=30)
    s = app.session
    s.cfg["game"] = game
    s.cfg["mode"] = mode
    s.cfg["level"] = 1
    return app, s


def load(s, name):
    o = dict(POS[name])
    o["rules"] = dict(s.game.rules)
    s.rec.pos[:] = s.game.from_json(o)
    s._refresh()
    s._begin_turn()


def shot(app):
    app.render()
    return app.board.display.snapshot()


def shown(w, h, game):
    """A two-player game at the test position of POS, drawn: (app, session)."""
    app, s = setup_app(w, h, game)
    s.new_game()
    load(s, game)
    shot(app)
    return app, s


def count(d, x, y, w, h, rgb):
    c = to565(rgb)
    n = 0
    for j in range(y, y + h):
        for i in range(x, x + w):
            if d.pixel(i, j) == c:
                n += 1
    return n


def pits(app, s):
    """(pit widget, count, big, key) for every pit drawn on the board."""
    v = app.view
    scene = s.anim.scene if s.anim is not None and s.anim.scene is not None else s.snap
    out = []
    if s.cfg["game"] == "oanquan":
        for i in range(12):
            big = scene["big"][i // 6] if i % 6 == 0 else 0
            out.append((v.pits[i], scene["squares"][i], big, i))
    elif s.cfg["game"] == "sanyao":
        for i in range(10):
            out.append((v.pits[i], scene["holes"][i], 0, i))
        out.append((v.pits["s0"], scene["store"][0], 0, "s0"))
        out.append((v.pits["s1"], scene["store"][1], 0, "s1"))
    else:
        pp = scene["pits"]
        if s.phase == "setup":
            pp = [list(pp[0]), list(pp[1])]
            pp[s.mover()] = s.play.setup
        for p in (0, 1):
            for i in range(16):
                out.append((v.pit_at(s, p, i), pp[p][i], 0, v.key_of(s, i, p)))
    return out


def check_board(app, s):
    """The board drawn (firmware/views/paint.py's pits: their state, read back from the
    picture): every pit's count (never cut off), its number, its seeds and its ring."""
    d = app.board.display
    styles = app.view.styles(s)
    stone = to565(ui.STONE)
    for pit, n, big, key in pits(app, s):
        count_, st, body, big_, text, num = pit.state
        assert count_ == n and big_ == big, (key, pit.state, n, big)
        t = text if text is not None else str(n)
        want = str(n)
        if s.cfg["game"] == "sanyao" and isinstance(key, int) and \
                s.snap["control"][key] != (0 if key < 5 else 1):
            want = "*%d" % n
        assert t == want, (key, t, want)
        tx, ty, sc = M.text_origin(pit, t)
        assert tx >= 0 and tx + 4 * sc * len(t) - sc <= pit.w, key  # never cut off
        glyph = [(x, y) for x, y in M.glyph_pixels(t, tx, ty, sc)
                 if 0 <= x < pit.w and 0 <= y < pit.h]
        for x, y in glyph:
            assert d.pixel(pit.x + x, pit.y + y) == stone, (key, t)
        # every pit/square/hole the move texts name carries its number, in the ring's colour
        # but under the cursor (the plain ring's); Omweso's always the plain ring's
        cell = key % 16 if s.cfg["game"] == "omweso" else key  # (player p's pit i: p * 16 + i)
        style = styles.get(key, "")
        assert st == style, (key, st, style)
        if isinstance(cell, int):
            assert num == cell, (key, num)
            nx, ny = M.number_origin(pit, cell)
            plain = style == "cursor" or s.cfg["game"] == "omweso"
            ring = to565(ui.STYLE_RING["" if plain else style])
            tab = not M.dots(pit)  # a small pit: light digits on a dark tab (issue 55)
            number = M.glyph_pixels(str(cell), nx, ny, 1)
            for x, y in number:
                assert d.pixel(pit.x + x, pit.y + y) == (stone if tab else ring), (key, cell)
            if tab:
                glyph += number  # (stone-coloured: counted below)
                tw = 4 * len(str(cell)) - 1
                for x in range(nx - 1, nx + tw + 1):
                    for y in range(ny - 1, ny + 5):
                        if (x, y) not in number:
                            assert d.pixel(pit.x + x, pit.y + y) == to565(ui.RING), (key, x, y)
                # the tab clear of the count's digits: a row or a column of the body between
                assert ny + 5 <= ty or nx + tw + 1 <= tx or tx + 4 * sc * len(t) <= nx - 1, key
        # stone dots: exactly min(count, capacity) dots of dot x dot pixels (+ the big stone)
        stones = count(d, pit.x, pit.y, pit.w, pit.h, ui.STONE)
        exp = min(n, M.capacity(pit, big)) * M.dot(pit) ** 2
        if big:  # the big stone, at every size
            r = M.big_box(pit)[0]
            assert r >= 3, key
            exp += (2 * r - 2) ** 2
        assert stones == exp + len(glyph), (key, n, stones, exp, len(glyph))
        # the ring shows the pit's state (cursor, last move, hint, sowing, capture)
        if pit.shape == "box":
            assert d.pixel(pit.x + pit.w // 2, pit.y) == to565(ui.STYLE_RING[style]), (key, st)
            if style == "capture":
                assert d.pixel(pit.x + 3, pit.y + pit.h // 2) == to565(0xA03020)


def check_menu(app, s):
    d = app.board.display
    v = app.view
    i = s.scr.sel - v.top
    assert v.rows[i].strip("<> ").startswith(s.scr.item_text(s.scr.items[s.scr.sel])[:10].strip())
    # the selected row is yellow, in its own row band; the title too (a box's rows: within it)
    box = getattr(v, "box", False)
    x, y = (v.x, v.y) if box else (v.group.x, v.group.y)  # (the box: drawn on the panel)
    w, line = v.w, v.line if box else LINE
    assert count(d, x, y + v.row_y(i), w, line, ui.YELLOW) > 10
    assert count(d, x, y, w, ui.CH_H + 2, ui.YELLOW) > 10
    for k in range(len(v.rows)):
        if v.rows[k] and k != i:
            assert count(d, x, y + v.row_y(k), w, line, ui.YELLOW) == 0
            it = s.scr.items[v.top + k]
            col = ui.TEXT if s.scr.item_enabled(it) else ui.DIM
            assert count(d, x, y + v.row_y(k), w, line, col) > 10, (k, v.rows[k])
    if box:  # the pause box: on its panel colour, the board still around it
        assert d.pixel(x + w - 1, y + 1) == to565(ui.PANEL)
        assert app.under is not None and app.direct


def check_text(app, s):
    d = app.board.display
    v = app.view
    assert v.rows[0]
    for k in range(len(v.rows)):
        if v.rows[k].strip():
            assert count(d, 0, v.y0 + k * ui.CH_H, d.width, ui.CH_H, ui.TEXT) > 5, k


def goto(s, item):
    """Move the menu selection to item (up/down)."""
    for _ in range(len(s.scr.items)):
        if s.scr.items[s.scr.sel] == item:
            return
        press(s, "down")
    assert s.scr.items[s.scr.sel] == item


def press(s, *names):
    for n in names:
        s.press(n, s.now + 10)


def lesson(app, s, snap):
    """Learn... (issues 31, 55): the list, a lesson's rule and goal, its example, its board with
    the goal on top and the hint, the goal met on the final board, then told in words."""
    from firmware.views.label import wrap
    goto(s, ("go", "learn"))
    press(s, "a")
    assert s.screen == "learn"
    snap("learn", "menu")
    goto(s, ("lesson", 2))
    press(s, "a")
    assert s.screen == "lesson" and s.scr.kind == "goal"
    snap("lesson", "text")
    v = app.view
    assert v.rows == wrap(s.scr.raw, (v.w - 4) // ui.CH_W)[:v.n]  # the goal, whole, wrapped
    assert v.foot.text == "A: example  B: lessons"
    press(s, "a", "a", "a")  # the example, to its end, the player's try
    assert s.screen == "play" and s.phase == "select" and s.stage == "try"
    press(s, "x")  # the lesson's hint: a move that meets the goal
    assert s.hint is not None and s.play.cursor == s.hint
    snap("lesson-board", "board")
    assert app.view.frame.status.text == s.goal  # the goal stays on top
    press(s, "a")
    while s.phase == "choose":
        press(s, "a")
    press(s, "a")  # the sowing to its end: the final board stays
    assert s.screen == "play" and s.stage == "met" and s.phase == "none"
    snap("lesson-met-board", "board")
    press(s, "a")
    assert s.screen == "lesson" and s.scr.kind == "met"
    snap("lesson-met", "text")
    assert app.view.title.text == "Goal met: well done!"
    press(s, "b", "b")  # the board, its pause menu: back to the lessons
    s.scr.select(("quit", None))
    press(s, "a")
    assert s.screen == "learn" and s.scr.item_text(("lesson", 2)).startswith("3+ ")
    snap("learn-done", "menu")
    press(s, "b")
    assert s.screen == "title"


def screens(app, s, game, out=None):
    """Walk every screen of one game; check each; optionally save PNGs (name -> path)."""
    def snap(name, kind):
        d = shot(app)
        {"board": check_board, "menu": check_menu, "text": check_text}[kind](app, s)
        if out is not None and name in out:
            d.png(out[name], 2)

    s.menu("title")
    goto(s, ("cfg", "game"))
    snap("title", "menu")
    goto(s, ("go", "rules"))
    press(s, "a")  # rule options
    assert s.screen == "rules"
    snap("rules", "menu")
    press(s, "b")
    lesson(app, s, snap)
    s.new_game()
    load(s, game)
    s.last = (3 if game != "omweso" else 0, 1 - s.mover(), "x")
    snap("play", "board")
    assert app.view.frame.status.text.startswith(("P1", "P2", "You"))
    press(s, "x")  # hint: said to be coming, then shown two ticks later
    s.tick(s.now + 10, ms=-1)
    s.tick(s.now + 10, ms=-1)
    snap("hint", "board")
    assert s.hint is not None
    cells = {int(t.split(":")[-1].rstrip("+-*")) for _, t in s.legal}
    for _ in range(40):
        if s.play.cursor in cells:
            break
        press(s, "right")
    press(s, "a")
    if s.phase == "choose":
        snap("choose", "board")
        assert app.view.frame.msg.text.startswith("<")
        assert count(app.board.display, 0, app.board.display.height - ui.CH_H - 1,
                     app.board.display.width, ui.CH_H, ui.GREEN) > 10
        press(s, "a")
    # animation: step to the first capture if the move has one, else mid-way
    s.cfg["anim"] = "normal"
    if s.phase == "anim":
        while s.phase == "anim" and s.anim.ev != "capture" and s.anim.step < len(s.anim.trace):
            s.tick(s.now + 100)
        if s.phase == "anim":
            snap("anim", "board")
    press(s, "a")
    # the pause menu and the help
    s.phase = "select" if s.phase == "none" else s.phase
    for _ in range(5):  # a button ends a sowing animation first
        if s.phase != "anim":
            break
        press(s, "a")
    press(s, "start")
    if s.screen == "pause":
        snap("pause", "menu")
        while s.scr.items[s.scr.sel] != ("go", "help"):
            press(s, "down")
        press(s, "a")
        snap("help", "text")
        press(s, "down", "down", "down")
        snap("help2", "text")
        press(s, "b")
        if s.scr.item_enabled(("go", "history")):  # the moves so far
            goto(s, ("go", "history"))
            press(s, "a")
            assert s.screen == "history"
            snap("history", "text")
            assert app.view.rows[-1].startswith("%d. " % s.snap["ply"])
            press(s, "b")
        press(s, "b")
    # AI thinking indicator
    s.cfg["mode"] = "ai"
    s.new_game()
    s.human = 1
    s._begin_turn()
    assert s.phase == "ai"
    d = shot(app)
    f = app.view.frame
    assert f.status.text.startswith("AI thinking") and f.bar_v != -2  # (-2: no bar)
    # the progress bar: its frame and a block of it yellow, at the top right, clear of the text
    bx = d.width - f.bar_w - 3
    bw = f.bar_w
    assert bw >= 30 and bw >= d.width // 5 and ui.BAR_H >= 8  # bigger than 30x6
    assert count(d, bx, 2, bw, ui.BAR_H, ui.YELLOW) >= 2 * bw
    assert len(f.status.text) * ui.CH_W + 2 < bx
    s.ai().thinking = lambda: True  # a sliced search at 40%: the bar fills 40%
    s.brain.progress = lambda: 40
    d = shot(app)
    fill = ui.BAR_H - 2
    assert count(d, bx, 3, bw, fill, ui.YELLOW) == fill * (bw * 40 // 100)
    # only the bar moved on (the session's version unchanged): the board is not redrawn
    updates = []
    full = app.view.update
    app.view.update = lambda s_: updates.append(1) or full(s_)
    s.brain.progress = lambda: 70
    d = shot(app)
    assert count(d, bx, 3, bw, fill, ui.YELLOW) == fill * (bw * 70 // 100)
    assert updates == []
    s.version += 1  # anything else changed: the whole view
    shot(app)
    assert updates == [1]
    del app.view.update
    del s.brain.thinking, s.brain.progress
    check_board(app, s)
    if out is not None and "thinking" in out:
        d.png(out["thinking"], 2)
    # the game-over summary: let the AI play both sides quickly
    s.cfg["mode"] = "demo"
    s.cfg["anim"] = "off"
    s.cfg["level"] = 1
    s.brain = None
    if game == "omweso":
        s.rules_for("omweso")["match_points"] = 1
    s.new_game()
    t = s.now
    for _ in range(5000):
        t += 1000
        s.tick(t)
        if s.screen == "summary":
            if s.scr.kind == "over":
                break
            snap("round", "text")
            press(s, "a")
    assert s.scr.kind == "over"
    snap("over", "board")  # the final board first
    press(s, "a")
    snap("score", "text")  # then every term of the score
    assert any("total" in ln or "point" in ln or "stones" in ln for ln in s.scr.lines)
    for term, a, b in s.scr.table:  # issue 31 #6: a match's own figure ("rounds: 24") is a line
        if b == "":                 # of its own, not a figure in the first player's column
            assert "%s: %s" % (term, a) in s.scr.raw
            assert not any(ln.startswith(term[:13]) and ln.split()[-1] == str(a) and
                           ":" not in ln for ln in s.scr.raw)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_renders_and_matches_state(game, size):
    app, s = setup_app(size[0], size[1], game)
    screens(app, s, game)


def make_screenshots():
    out = os.path.join(ROOT, "docs", "screenshots")
    os.makedirs(out, exist_ok=True)
    plan = {}
    for (w, h) in SIZES:  # every game at every size, the title screen at every size
        sz = "%dx%d" % (w, h)
        plan[("oanquan", (w, h))] = {"title": "menu-%s.png" % sz, "hint": "oanquan-%s.png" % sz}
        plan[("sanyao", (w, h))] = {"play": "sanyao-%s.png" % sz}
        plan[("omweso", (w, h))] = {"play": "omweso-%s.png" % sz}
    for sz in ((320, 240), (160, 128)):  # and every other screen at the largest and smallest
        n = "%dx%d.png" % sz
        plan[("oanquan", sz)].update({"choose": "oanquan-choice-" + n, "over": "oanquan-over-" + n,
                                      "score": "oanquan-score-" + n, "rules": "rules-" + n,
                                      "pause": "pause-" + n, "history": "history-" + n})
        plan[("sanyao", sz)].update({"round": "sanyao-round-" + n, "score": "sanyao-score-" + n,
                                     "learn-done": "learn-" + n, "lesson": "lesson-" + n,
                                     "lesson-board": "lesson-board-" + n,
                                     "lesson-met": "lesson-met-" + n})
        plan[("omweso", sz)].update({"choose": "omweso-choice-" + n, "help": "help-" + n,
                                     "thinking": "omweso-thinking-" + n,
                                     "anim": "omweso-sowing-" + n, "over": "omweso-over-" + n,
                                     "score": "omweso-score-" + n})
    for (game, (w, h)), names in plan.items():
        app, s = setup_app(w, h, game)
        screens(app, s, game, {k: os.path.join(out, v) for k, v in names.items()})
        print("wrote", ", ".join(names.values()))


if __name__ == "__main__":
    make_screenshots()
