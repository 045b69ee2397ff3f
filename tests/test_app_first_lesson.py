# A newcomer finishes the first lesson of each game from the screen's words alone (issue 55,
# "Done when"), headless at 160x128, 240x240 and 320x240. The newcomer here knows nothing of the
# game's code or the lesson's data: it presses the keys the screen's lines name, reads the rule
# and the goal on the lesson's page, watches the example to see which way a sowing goes, reads
# the pits' numbers and counts on the board (check_board proves them drawn), works out a move
# from the rule's words (where the last stone falls, whether the next pit has stones), walks the
# cursor there, answers the direction prompt by the square it rings, and plays. The screen must
# then say the goal was met, and the lesson is marked done. Every move the words point to must
# meet the goal (else the words would mislead).
import math
import re

import pytest

from test_app_render import setup_app, shot, check_board, pits, press, GAMES
import firmware.lessons as L  # (only to check, at the end, the moves the words point to)

FIRST = ((160, 128), (240, 240), (320, 240))


def _selected(s):
    return s.scr.item_text(s.scr.items[s.scr.sel])


def _choose(app, s, starts):
    """Down until the highlighted row starts with `starts`, as drawn, then A."""
    for _ in range(len(s.scr.items) + 1):
        shot(app)
        if _selected(s).startswith(starts):
            assert any(r.strip("<> ").startswith(starts) for r in app.view.rows), app.view.rows
            return press(s, "a")
        press(s, "down")
    raise AssertionError("no row %r on the screen: %s" % (starts, app.view.rows))


def _page(app, s):
    """The text page's title and every row, scrolled down while its foot says there is more."""
    shot(app)
    v = app.view
    rows = list(v.rows)
    while v.foot.text.startswith("v"):
        press(s, "down")
        shot(app)
        rows.append(v.rows[-1])
    return v.title.text, " ".join(r.strip() for r in rows), v.foot.text


def _key_for(line, what):
    """The key a line names for `what` ("A: play  X: hint" -> "a"): the newcomer presses it."""
    m = re.search(r"\b([ABXY]): %s" % what, line)
    assert m, (line, what)
    return m.group(1).lower()


def _board(app, s):
    """What the board shows: {number: (count, x, y, w, h, key)} of the numbered pits, drawn."""
    shot(app)
    check_board(app, s)  # (every count and number below is on the screen, pixel by pixel)
    out = {}
    for pit, n, big, key in pits(app, s):
        count, style, body, big, text, num = pit.state  # (as drawn: the count's text, the number)
        if num is not None and num >= 0:  # (-1: a store, unnumbered)
            out.setdefault(num, []).append((int((text or str(count)).lstrip("*")), pit.x, pit.y,
                                             pit.w, pit.h, key))
    return out


def _centre(p):
    return p[1] + p[3] / 2, p[2] + p[4] / 2


def _way(ring, steps):
    """The way the lit pits went round (+1: up the numbers, -1: down), and whether that is
    anticlockwise on the screen (its angle round the ring's centre grows, y pointing down)."""
    d = [(b - a) % len(ring) for a, b in zip(steps, steps[1:])]
    way = 1 if d.count(1) > d.count(len(ring) - 1) else -1
    cx = sum(_centre(p)[0] for p in ring.values()) / len(ring)
    cy = sum(_centre(p)[1] for p in ring.values()) / len(ring)
    turn = 0.0
    for k in range(len(ring)):
        (ax, ay), (bx, by) = _centre(ring[k]), _centre(ring[(k + way) % len(ring)])
        a = math.atan2(cy - ay, ax - cx)
        b = math.atan2(cy - by, bx - cx)
        turn += (b - a + math.pi) % (2 * math.pi) - math.pi
    return way, turn > 0


def _moves(rule, goal, ring, mine, way):
    """The moves (number, way) the rule's words and the goal's point to, on what is shown."""
    least = int(re.search(r"of (\d+) seeds or more", rule).group(1)) \
        if "seeds or more" in rule else 1
    ways = (1, -1) if "either way" in rule else (way,)
    target = re.search(r"land on (?:square|pit|hole) (\d+)", goal)
    out = []
    n = len(ring)
    for c in sorted(mine):
        count = ring[c][0]
        if count < least:
            continue
        for w in ways:
            last = (c + w * count) % n
            if target:  # "land on pit 4" (and, where a last seed in an empty pit ends the
                # move, pit 4 empty)
                if last == int(target.group(1)) and \
                        ("in an empty pit ends" not in rule or ring[last][0] == 0):
                    out.append((c, w))
            elif "relay" in goal:  # "the hole after the last one has stones"
                if ring[(last + w) % n][0] > 0:
                    out.append((c, w))
    return out


def _walk(app, s, to):
    """The cursor (its ring) to the pit `to`, by the arrows toward it on the screen."""
    for _ in range(40):
        st = app.view.styles(s)
        at = [k for k, v in st.items() if v == "cursor"]
        assert at, st
        if at[0] == to[5]:
            return
        here = [p for p, n, big, key in pits(app, s) if key == at[0]][0]
        there = [p for p, n, big, key in pits(app, s) if key == to[5]][0]
        (hx, hy), (tx, ty) = (here.x + here.w / 2, here.y + here.h / 2), _centre(to)
        if abs(ty - hy) > here.h / 2:
            press(s, "down" if ty > hy else "up")
        else:
            press(s, "right" if tx > hx else "left")
        shot(app)
    raise AssertionError("the cursor never reached %s" % (to,))


@pytest.mark.parametrize("size", FIRST, ids=["%dx%d" % sz for sz in FIRST])
@pytest.mark.parametrize("game", GAMES)
def test_a_newcomer_finishes_the_first_lesson_from_the_screens_words(game, size):
    app, s = setup_app(size[0], size[1], game)
    _choose(app, s, "Learn")
    _choose(app, s, "1. ")
    title, text, foot = _page(app, s)  # the rule in words, the goal
    assert "Your goal: " in text, text
    rule, goal = text.split("Your goal: ")
    press(s, _key_for(foot, "example"))
    # the example, watched to its end: the pits lit one after another as it sows
    shot(app)
    assert app.view.frame.status.text.startswith("Example: ")
    lit, t = [], s.now
    while s.phase == "anim":
        t += 50
        s.tick(t)
        shot(app)
        on = [k for k, v in app.view.styles(s).items() if v == "active"]
        if on and (not lit or lit[-1] != on[0]):
            lit.append(on[0])
    f = app.view.frame
    assert f.status.text == "That was the example", f.status.text  # (its end said)
    press(s, _key_for(f.msg.text, "your try"))
    board = _board(app, s)
    f = app.view.frame
    assert f.status.text.startswith("Goal: ")  # the goal on top while the newcomer tries
    half = sum(_centre(ps[0])[1] for ps in board.values()) / len(board)
    low = {c: [p for p in ps if _centre(p)[1] > half] for c, ps in board.items()}
    short = min(p[4] for ps in board.values() for p in ps)
    mine = {c: ps[0] for c, ps in low.items() if ps and ps[0][4] < 1.5 * short}  # yours: the
    # row (Omweso: the rows) nearest you, the tall end squares aside
    ring = mine if "your two rows" in rule else {c: ps[0] for c, ps in board.items()}
    assert sorted(ring) == list(range(len(ring)))  # the numbers run round what is sown
    steps = [k % 16 if game == "omweso" else k for k in lit]
    way, anticlockwise = _way(ring, [c for c in steps if c in ring])
    if "anticlockwise" in rule:
        assert anticlockwise, "the example did not go anticlockwise on the screen"
    found = _moves(rule, goal, ring, mine, way)
    assert found, (rule, goal, {c: p[0] for c, p in ring.items()})
    c, w = found[0]
    _walk(app, s, mine[c])
    press(s, _key_for(f.msg.text, "play"))
    shot(app)
    if s.phase == "choose":  # which way: the square it sows first is ringed
        for _ in range(3):
            nxt = [k for k, v in app.view.styles(s).items() if v == "next"]
            if nxt and nxt[0] == ring[(c + w) % len(ring)][5]:
                break
            assert f.msg.text.startswith("<"), f.msg.text  # "< -> anticlockwise >": the arrows
            press(s, "left" if w < 0 else "right")
            shot(app)
        press(s, "a")
    t = s.now
    while s.phase == "anim":
        t += 50
        s.tick(t)
    shot(app)
    f = app.view.frame  # (the final board: a view built again)
    assert f.status.text == "Goal met: well done!", (f.status.text, found)
    press(s, _key_for(f.msg.text, "why"))
    title, text, foot = _page(app, s)
    assert title == "Goal met: well done!" and text, text
    assert s.learnt & L.bit(game, 0)
    # every move the words point to meets the goal
    g = s.game
    ls = L.load(game)[0]
    pos = L.position(g, ls)
    for c, w in found:
        moves = [m for m in _legal(g, pos) if _cell(g.move_str(pos, m)) == c and
                 (w > 0) == (not g.move_str(pos, m).endswith("-"))]
        assert moves and all(L.meets(g, ls, pos, m) for m in moves), (c, w)


def _legal(g, pos):
    buf = [0] * g.MAX_MOVES
    return buf[:g.moves(pos, buf)]


def _cell(text):
    return int(re.match(r"\d+", text).group(0))
