# The problems on the console (issue 56; firmware/puzzle.py, the data and the goal's meaning in
# firmware/problems.py): the title's "Problems..." lists a game's problems; a problem shows its
# goal, then its board with the goal on top; the console answers from the proof (the main line's
# reply, the reply stored against a wrong first move) at once; the verdict stays on top of the
# final board, "Solved!" or "Not yet: this reply stops it"; the hint is the solution's next move;
# "Show solution" plays the main line; solved problems are ticked and saved. Driven by buttons
# only. Portable: also under MicroPython -X heapsize=180k (San-Yao and O An Quan; Omweso's
# session does not fit there beside the test module: tests/test_app_problems.py runs it).
import gc
import sys
from firmware import problems as P
from firmware.common import num, unload
from engine.record import Record
from session_util import make, nvm, press, Clock


def _data(name, i):
    """(the problem's record, its main line's codes, its position's legal codes)."""
    from engine import games
    g = games.load(name, P.rules(name))
    rec = P.load(name)[i]
    r = Record(g, P.position(g, rec))
    codes = []
    buf = [0] * g.MAX_MOVES
    for k in P.line(g, rec):
        g.moves(r.pos, buf)
        codes.append(buf[k])
        r.play(buf[k])
    first = [0] * g.MAX_MOVES
    first = first[:g.moves(P.position(g, rec), first)]
    unload("firmware.games.%s.problems" % name)
    unload("firmware.problems")
    return rec, codes, first


def _sown(s, c):
    for _ in range(2000):
        if s.screen != "play" or s.phase != "anim":
            return
        c.t += 400
        s.tick(c.t)


def _play(s, c, code):
    """`code` played with the buttons: the cursor to its cell, A, the prompt's ways to it."""
    text = s.game.move_str(s.rec.pos, code)
    for _ in range(80):
        if s.play.cursor == num(text):
            break
        press(s, c, "right")
    press(s, c, "a")
    pl = s.play
    while s.phase == "choose":
        want = [sfx for k, sfx in pl.cands if k == code][0]
        ch = want[len(pl.prefix):len(pl.prefix) + 1]
        for _ in range(len(pl.opts)):
            if pl.opts[pl.opt_i] == ch:
                break
            press(s, c, "right" if pl.opts != ["+", "-"] else "down")
            if pl.opts[pl.opt_i] != ch:
                pl.opt_i = pl.opts.index(ch)  # (an arrow's way: the test's own shortcut)
        press(s, c, "a")
    assert s.last[2] == text


def _count(s):
    """The moves played since the problem's start (the session's move log)."""
    n = i = 0
    b = s.log.buf
    while i < len(b):
        i += 3 + b[i + 2]
        n += 1
    return n


def _open(name, i, store=None):
    s = make(name, "two", store=store or nvm(), anim="fast")
    c = Clock()
    s.scr.select(("go", "problems"))
    press(s, c, "a")
    assert s.screen == "problems"
    s.scr.select(("lesson", i))
    press(s, c, "a")
    assert s.screen == "lesson" and s.scr.kind == "goal" and s.puzzle
    press(s, c, "a")
    assert s.screen == "play" and s.phase == "select" and s.stage == "try"
    assert "firmware.games.%s.problems" % name not in sys.modules  # the data go while it is played
    assert s.goal == P.words(P.load(name)[i], True) and len(s.goal) <= 22
    return s, c


def _deep(name):
    """The first problem of two moves or more with a wrong first move the proof answers."""
    for i in range(len(P.load(name))):
        rec = P.load(name)[i]
        if rec[2] >= 2 and rec[6]:
            from engine import games
            g = games.load(name, P.rules(name))
            for w in range(g.moves(P.position(g, rec), [0] * g.MAX_MOVES)):
                if 0 <= P.reply(g, rec, w) < 255:
                    unload("firmware.games.%s.problems" % name)
                    unload("firmware.problems")
                    return i, w
    raise AssertionError("no problem with a stored reply")


def _solve(name):
    i, _ = _deep(name)
    rec, line, _ = _data(name, i)
    store = nvm()
    s, c = _open(name, i, store)
    me = s.human
    for _ in range(len(line)):
        _sown(s, c)
        if s.stage == "met":
            break
        assert s.phase == "select" and s.game.to_move(s.rec.pos) == me
        k = _count(s)  # the main line so far: the console answered from it
        _play(s, c, line[k])
    _sown(s, c)
    assert s.stage == "met" and s.goal == "Solved: well done!", (s.stage, s.goal)
    assert _count(s) == len(line)  # the console's replies were the main line's
    assert s.learnt & P.bit(name, i)
    press(s, c, "a")
    assert s.screen == "lesson" and s.scr.kind == "met" and s.scr.title() == "Solved: well done!"
    press(s, c, "b", "b")  # the board, its pause menu, back to the list
    s.scr.select(("quit", None))
    press(s, c, "a")
    assert s.screen == "problems" and s.scr.items[s.scr.sel] == ("lesson", i)
    assert s.scr.item_text(("lesson", i)).startswith("%d+ " % (i + 1))
    s = None
    gc.collect()
    t = make(name, store=store)  # the tick is saved
    assert t.learnt & P.bit(name, i), t.notice


def _fail(name):
    i, w = _deep(name)
    rec, line, first = _data(name, i)
    s, c = _open(name, i)
    _play(s, c, first[w])
    _sown(s, c)
    for _ in range(3):  # the console's stored reply, at once
        _sown(s, c)
    assert s.stage == "again" and s.goal == "Not yet: this reply stops it", (s.stage, s.goal)
    assert s.last[1] != s.human and s.brain is None  # the reply came from the proof: no search
    press(s, c, "a")
    assert s.screen == "lesson" and s.scr.title() == "Not yet: try again"
    assert any("stops it" in ln for ln in s.scr.raw)
    press(s, c, "a")  # again: the problem's position back
    assert s.screen == "play" and s.phase == "select" and s.last is None
    press(s, c, "x")  # the hint: the solution's first move
    assert s.hint == num(s.game.move_str(s.rec.pos, line[0]))
    assert s.play.cursor == s.hint
    press(s, c, "b")  # the pause menu: show the solution
    texts = [s.scr.item_text(it) for it in s.scr.items]
    assert texts == ["Resume", "Hint", "Show solution", "How to play", "Settings...",
                     "Start again", "Back to problems"]
    s.scr.select(("replay", None))
    press(s, c, "a")
    shown = []
    for _ in range(len(line) + 2):
        if s.last is not None and (not shown or shown[-1] != s.log.end()):
            shown.append(s.log.end())
        _sown(s, c)
    assert s.goal == "That was the solution" and s.stage == "demo" and s.phase == "none"
    assert len(s.log) and len(shown) >= 1
    press(s, c, "a")  # the player's try again
    assert s.screen == "play" and s.stage == "try" and s.last is None and s.phase == "select"


def test_a_San_Yao_problem_solved_with_the_buttons_is_ticked_and_saved():
    _solve("sanyao")


def test_a_San_Yao_problem_missed_the_stored_reply_stops_it_hint_and_solution():
    _fail("sanyao")


def test_an_O_An_Quan_problem_solved_and_missed():
    _solve("oanquan")
    gc.collect()
    _fail("oanquan")


def test_the_problems_list_names_each_goal_within_a_row():
    s = make("sanyao", store=nvm())
    c = Clock()
    s.scr.select(("go", "problems"))
    press(s, c, "a")
    rows = [s.scr.item_text(it) for it in s.scr.items]
    n = len(P.load("sanyao"))
    assert len(rows) == n + 1 and rows[-1] == "Back" and n >= 16
    for i in range(n):
        assert rows[i].startswith("%d. " % (i + 1)) and len(rows[i]) <= 26, rows[i]
    press(s, c, "b")
    assert s.screen == "title" and s.scr.items[s.scr.sel] == ("go", "problems")
    assert "firmware.games.sanyao.problems" not in sys.modules  # gone with the list


def test_off_the_main_line_the_console_answers_with_a_search_and_judges_the_goal():
    # the right first move, the main line's defence, then another second move: the console's
    # next reply comes from the AI's hint search; the goal is judged by the same rule either way
    name = "sanyao"
    for i in range(len(P.load(name))):
        rec = P.load(name)[i]
        if rec[2] == 3 and rec[5] >= 4:
            break
    rec, line, _ = _data(name, i)
    s, c = _open(name, i)
    _play(s, c, line[0])
    _sown(s, c)
    assert s.phase == "select" and _count(s) == 2  # the main line's defence, from the proof
    other = [k for k, t in s.legal if k != line[2]]
    assert other
    _play(s, c, other[0])
    for _ in range(4):
        _sown(s, c)
    assert s.stage in ("try", "again", "met") and s.phase in ("select", "none")
    if s.stage == "try":  # the goal still open: the console answered off the proof's lines
        assert _count(s) == 4 and s.last[1] != s.human and s.phase == "select"
    assert s.brain is None  # the search's buffers went with its answer
