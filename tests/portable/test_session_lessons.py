# The lessons on the console (issues 31, 55; firmware/lesson.py, LessonScreen in
# firmware/screens/text.py): the title's "Learn..." lists a game's lessons; a lesson shows its rule
# in words and its goal, then its example played on the board, then its board with the goal on top;
# the player's move is judged at the end of its sowing and the final board stays with the verdict;
# A tells the move from its trace (a wrong move: why it missed, and the lesson's position comes
# back), B on that page shows the board again. The hinted move (one that meets the goal with the
# rules taught so far) meets it. Lessons met are saved and marked; a lesson neither saves itself as
# a game nor loses the game offered as "Resume". Driven by buttons only. Portable: also under
# MicroPython -X heapsize=180k. Omweso's session, as tests/portable/test_session.py's, does not
# fit there beside this module on a 64-bit machine: tests/test_app_lessons.py plays its lessons
# on CPython (its engine check is portable: tests/portable/test_lessons.py), and
# tests/test_device_lessons.py one on the chip.
import sys
from engine import games
import firmware.lessons as L
from firmware.common import num, unload
from session_util import make, nvm, press, settle, human_move, Clock


def _to_learn(s, c):
    assert s.screen == "title"
    s.scr.select(("go", "learn"))
    press(s, c, "a")
    assert s.screen == "learn"


def _lesson(name, i):
    """A session at lesson i's board (its goal read): (session, clock, lesson)."""
    s = make(name, store=nvm())
    c = Clock()
    _to_learn(s, c)
    return s, c, _open(s, c, i)


def _open(s, c, i):
    """From the lesson list: lesson i's rule and goal, its example played (A skips it to its
    end), then its board."""
    ls = L.load(s.cfg["game"])[i]  # (before the session's own load and drop)
    unload("firmware.games.%s.lessons" % s.cfg["game"])  # (its code: Omweso's engine loads next)
    s.scr.select(("lesson", i))
    press(s, c, "a")
    assert s.screen == "lesson" and s.scr.kind == "goal"
    assert s.scr.title() == "%d. %s" % (i + 1, ls["title"]) and len(s.scr.title()) <= 26
    assert s.scr.raw[0] == "%s (rule %s)" % (ls["why"], L.rule(s.cfg["game"], ls))
    assert s.scr.raw[-1] == "Your goal: " + ls["goal"]
    press(s, c, "a")  # the example, played from its own position
    g = s.game
    assert s.screen == "play" and s.stage == "demo"
    dp, dm = L.demo(g, ls)
    assert s.last[2] == g.move_str(dp, dm)
    assert s.phase in ("anim", "none")
    _sown(s, c)
    assert s.screen == "play" and s.phase == "none" and s.stage == "demo"  # its end stays
    press(s, c, "a")
    assert s.screen == "play" and s.phase in ("select", "setup") and s.stage == "try"
    assert s.goal == ls["line"] and len(s.goal) <= 26
    assert s.brain is None  # no AI in a lesson, and none named
    # its data go while it is played
    assert "firmware.games.%s.lessons" % s.cfg["game"] not in sys.modules
    assert s.names()[s.human] == "You" and s.names()[1 - s.human] == "Other"
    assert bytes(s.rec.pos) == bytes(L.position(s.game, ls))
    return ls


def _sown(s, c):
    """Time passes until the sowing shown has ended (its final board then waits for A)."""
    for _ in range(2000):
        if s.screen != "play" or s.phase != "anim":
            return
        c.t += 400
        s.tick(c.t)


def _set_up(s, c, want):
    """Omweso's free set-up with the buttons: every seed taken up (B), then dropped (A) so that
    the 16 pits hold `want`, then A, A."""
    pl = s.play
    for k in range(16):
        pl.cursor = k
        while pl.setup[k]:
            press(s, c, "b")
    for k in range(16):
        pl.cursor = k
        for _ in range(want[k]):
            press(s, c, "a")
    press(s, c, "a", "a")


def _wrong(s, ls):
    """A move that misses the goal."""
    for code, t in s.legal:
        if not L.attempt(s.game, ls, s.rec.pos, code)[0]:
            return code
    raise AssertionError("every move meets the goal: " + ls["title"])


def _play(s, c, code):
    """Play `code` with the buttons: the cursor to its cell, A, then at each prompt the way
    that leads to it (its arrow, or another key until it is selected), A."""
    text = s.game.move_str(s.rec.pos, code)
    cell = num(text)
    for _ in range(80):
        if s.play.cursor == cell:
            break
        press(s, c, "right")
    press(s, c, "a")
    pl = s.play
    while s.phase == "choose":
        want = [sfx for k, sfx in pl.cands if k == code][0]
        ch = want[len(pl.prefix):len(pl.prefix) + 1]
        arrows = [s.ad.arrow(pl.cursor, o) for o in pl.opts]  # an arrow picks its way
        step = [k for k in ("right", "down", "left", "up") if k not in arrows][:1]
        for _ in range(len(pl.opts)):
            if pl.opts[pl.opt_i] == ch:
                break
            a = arrows[pl.opts.index(ch)]
            press(s, c, a if a in ("up", "down", "left", "right") else step[0])
        press(s, c, "a")
    assert s.last[2] == text


def _told(s, ls):
    """The last move in a player's words, as the lesson told it (L.tell), and the words' module
    dropped again as the app drops it (firmware/lesson.py): the test's own check must not keep
    it, nor its garbage, on the port's 180 KB heap (it failed there, loading it, by a few
    hundred bytes as the app's modules changed size)."""
    import gc
    gc.collect()
    pos = L.position(s.game, ls)
    said = L.tell(s.game, ls, pos, s.game.parse_move(pos, s.last[2]))[1]
    unload("firmware.games.%s.words" % s.game.NAME)
    return said


def _lessons(name, other=None):
    # with `other`: a two-player game of that game in progress, quit to the title, offered as
    # "Resume" (the store then holds positions of another size than the lesson's game: a lesson
    # must not save over them)
    store = nvm()
    s = make(other or name, "two", store=store, anim="fast")
    c = Clock()
    if other:
        s.new_game()
        human_move(s, c)
        settle(s, c)
        saved = bytes(s.rec.pos)
        s.leave_game(True)
        assert s.saved is not None, s.notice
    s.scr.select(("cfg", "game"))  # the game to learn, chosen on the title
    while s.cfg["game"] != name:
        press(s, c, "right")
    _to_learn(s, c)
    lessons = L.load(name)
    assert [s.scr.item_text(it) for it in s.scr.items] == \
        ["How to play"] + ["%d. %s" % (i + 1, ls["title"]) for i, ls in enumerate(lessons)] + \
        ["Back"]
    for i in range(len(lessons)):
        ls = _open(s, c, i)
        start = bytes(s.rec.pos)
        gone = "firmware.games.%s.lessons" % name
        if s.phase == "setup":
            _set_up(s, c, [2] * 16)  # 32 seeds, not as the goal wants
        else:
            _play(s, c, _wrong(s, ls))
        _sown(s, c)
        assert s.screen == "play" and s.phase == "none" and s.stage == "again", (name, i)
        after = bytes(s.rec.pos)  # the final board stays, until A
        press(s, c, "a")
        assert s.screen == "lesson" and s.scr.kind == "again", (name, i)
        assert s.scr.title() == "Not this time" and s.scr.raw[-1] == "Your goal: " + ls["goal"]
        assert "firmware.games.%s.words" % name not in sys.modules  # told, and dropped
        assert s.scr.raw[:-2] == _told(s, ls)
        assert not s.learnt & L.bit(name, i)
        press(s, c, "b")  # the board again, to look at it, then the page again
        assert s.screen == "play" and s.phase == "none" and bytes(s.rec.pos) == after
        press(s, c, "a")
        assert s.screen == "lesson" and s.scr.kind == "again"
        press(s, c, "a")  # try again: the lesson's position back
        assert s.screen == "play" and bytes(s.rec.pos) == start and s.last is None
        if s.phase == "setup":
            _set_up(s, c, ls["want"]["pits"])
        else:
            press(s, c, "x")  # the lesson's hint: a move that meets the goal
            assert s.hint is not None and s.play.hint_why == "meets the goal"
            assert s.play.cursor == s.hint and gone not in sys.modules
            press(s, c, "a")
            while s.phase == "choose":  # the prompt starts on the hinted way
                press(s, c, "a")
        _sown(s, c)
        assert s.screen == "play" and s.stage == "met", (name, i, s.screen)
        assert s.learnt & L.bit(name, i)
        press(s, c, "a")
        assert s.screen == "lesson" and s.scr.kind == "met", (name, i, s.screen)
        assert s.scr.title() == "Goal met: well done!"
        assert s.scr.raw == _told(s, ls)
        press(s, c, "b", "b")  # the board, its pause menu, back to the list, on this lesson
        assert s.screen == "pause"
        s.scr.select(("quit", None))
        press(s, c, "a")
        assert s.screen == "learn" and s.scr.items[s.scr.sel] == ("lesson", i)
        assert s.scr.item_text(("lesson", i)) == "%d+ %s" % (i + 1, ls["title"])
        assert s.game is None and s.lesson is None
        assert s.msg == ""  # what the lesson's sowing said stays with the lesson
    press(s, c, "b")
    assert s.screen == "title" and s.scr.items[s.scr.sel] == ("go", "learn")
    # the saved game was kept through every lesson; the lessons met come back after a restart
    learnt = s.learnt
    n = len(lessons)
    # one session, as on the device (two do not fit MicroPython's 180 KB with a save), and the
    # lessons' data the test read go too
    s = lessons = ls = None
    unload("firmware.games.%s.lessons" % name)
    import gc
    gc.collect()
    t = make(name, store=store)
    assert t.learnt == learnt == (1 << n) - 1 << 8 * games.NAMES.index(name), \
        (t.learnt, t.notice)
    if other:
        t.resume()
        assert t.screen == "play" and t.game.NAME == other and bytes(t.rec.pos) == saved


def test_OAQ_3_to_OAQ_7_lessons_met_and_missed_with_the_buttons():
    _lessons("oanquan", "sanyao")


def test_SY_4_to_SY_9_lessons_met_and_missed_with_the_buttons():
    _lessons("sanyao", "oanquan")


def test_a_lesson_from_its_pause_menu_starts_again_or_goes_back():
    s, c, ls = _lesson("oanquan", 2)
    press(s, c, "b")
    assert s.screen == "pause"
    texts = [s.scr.item_text(it) for it in s.scr.items]
    assert texts == ["Resume", "Hint", "How to play", "Settings...", "Start again",
                     "Back to lessons"]
    press(s, c, "b")
    _play(s, c, _wrong(s, ls))
    _sown(s, c)
    assert s.stage == "again" and s.screen == "play"
    press(s, c, "b")  # the final board's pause menu
    s.scr.select(("restart", None))
    press(s, c, "a")
    assert s.screen == "play" and bytes(s.rec.pos) == bytes(L.position(s.game, ls))
    press(s, c, "b")
    s.scr.select(("quit", None))
    press(s, c, "a")
    assert s.screen == "learn" and s.scr.items[s.scr.sel] == ("lesson", 2) and s.game is None


def test_the_last_lesson_met_goes_back_to_the_list_and_blitz_waits_in_a_lesson():
    s = make("omweso", store=nvm())
    s.cfg["blitz"] = 3  # OM-10's countdown is a game's, not a lesson's
    c = Clock()
    _to_learn(s, c)
    n = len(L.load("omweso"))
    ls = _open(s, c, n - 1)
    c.t += 60000
    s.tick(c.t)
    assert s.phase == "select" and bytes(s.rec.pos) == bytes(L.position(s.game, ls))
    assert s.idle.light == 1  # dimmed after 30 s: the first press only wakes (test_idle.py)
    press(s, c, "a")
    assert s.phase == "select" and bytes(s.rec.pos) == bytes(L.position(s.game, ls))
    press(s, c, "x", "a")
    while s.phase == "choose":
        press(s, c, "a")
    _sown(s, c)
    assert s.stage == "met"
    press(s, c, "a")
    assert s.scr.kind == "met"
    press(s, c, "a")  # "next" after the last: the list, and a word
    assert s.screen == "learn" and s.msg == "Every lesson done!"
    assert s.scr.items[s.scr.sel] == ("lesson", n - 1)


def test_the_hint_in_a_lesson_meets_the_goal_where_the_AI_would_not_look():
    # the lesson's hint is a move that meets the goal, whatever the search prefers
    s, c, ls = _lesson("oanquan", 0)
    press(s, c, "x")
    code = [k for k, t in s.legal if num(t) == s.hint]
    assert any(L.attempt(s.game, ls, s.rec.pos, k)[0] for k in code)
