# The lessons (firmware/lessons/, issue 31): every lesson's position is legal, its goal is met by
# some move and missed by another (a lesson to think about, a wrong move to retry), and the trace
# of the moves that meet it shows the rule the lesson names. Portable: also under MicroPython.
from engine import games
import firmware.lessons as L

# what a move's trace shows when each rule is at work (docs/rules.md)
SHOWS = {"OAQ-3": ("last",), "OAQ-4": ("relay", "capture"), "OAQ-5": ("capture",),
         "OAQ-6": ("refill", "borrow"), "OAQ-7": ("end",),
         "SY-4": ("relay",), "SY-5": ("capture",), "SY-7": ("round_end",), "SY-8": ("end",),
         "SY-9": ("loan", "son"),
         "OM-1": ("setup",), "OM-3": ("last",), "OM-4": ("relay", "capture"),
         "OM-5": ("reverse",), "OM-8": ("game_end",)}
PREFIX = {"oanquan": "OAQ-", "sanyao": "SY-", "omweso": "OM-"}


def _rule_ids():
    ids = set()
    with open("docs/rules.md") as f:  # line by line: the MicroPython port's heap is small
        for line in f:
            for word in line.replace("*", " ").replace("(", " ").replace(")", " ").split():
                w = word.rstrip(".,:;")
                for p in ("OAQ-", "SY-", "OM-"):
                    if w.startswith(p) and w[len(p):].isdigit():
                        ids.add(w)
    return ids


def _check(name):
    ids = _rule_ids()
    lessons = L.load(name)
    assert len(lessons) >= 6
    buf = None
    for lesson in lessons:
        rule = L.rule(name, lesson)
        assert rule in ids and rule.startswith(PREFIX[name]), rule
        want = lesson["want"]
        shown = "last" if "last" in want else want["event"]
        assert shown in SHOWS[rule], (lesson["title"], rule, shown)
        for k in ("title", "goal", "why", "line"):
            assert lesson[k] and len(lesson[k]) < 400
        assert len(lesson["goal"]) <= 80, lesson["goal"]  # one sentence, a few lines at 160x128
        g = games.load(name, lesson.get("rules"))
        pos = L.position(g, lesson)  # ValueError if the engine refuses the position
        if buf is None or len(buf) < g.MAX_MOVES:
            buf = [0] * g.MAX_MOVES
        n = g.moves(pos, buf)
        hits = 0
        for i in range(n):
            before = bytearray(pos)
            ok, trace, after = L.attempt(g, lesson, pos, buf[i])
            assert pos == before  # the lesson's position is kept for the next try
            assert L.meets(g, lesson, pos, buf[i]) == ok and pos == before  # (the console's)
            if ok:
                hits += 1
                if shown != "last":
                    assert [e for e in trace if e["event"] == shown]
        assert 0 < hits < n, (lesson["title"], hits, n)


def test_OAQ_lessons_are_legal_reachable_and_show_their_rule():
    _check("oanquan")


def test_SY_lessons_are_legal_reachable_and_show_their_rule():
    _check("sanyao")


def test_OM_lessons_are_legal_reachable_and_show_their_rule():
    _check("omweso")


def test_a_lesson_goal_is_judged_by_the_trace():
    assert L.met({"event": "capture", "times": 2}, [{"event": "capture"}, {"event": "capture"}])
    assert not L.met({"event": "capture", "times": 2}, [{"event": "capture"}])
    assert L.met({"event": "capture", "count_at_least": 4}, [{"event": "capture", "count": 5}])
    assert not L.met({"event": "capture", "count_at_least": 4}, [{"event": "capture", "count": 3}])
    assert L.met({"last": 5}, [{"event": "drop", "at": 4}, {"event": "drop", "at": 5}])
    assert not L.met({"last": 5}, [{"event": "drop", "at": 5}, {"event": "drop", "at": 6}])
    assert not L.met({"event": "capture", "big": 1}, [{"event": "capture", "big": 0}])


def test_the_consoles_check_makes_no_dict_of_an_omweso_sowing_step():
    # lessons.meets (the console's lessons, firmware/lesson.py) takes Omweso's drops, laps and
    # relays as their parts: the dicts of engine/omweso/trace.py (never loaded by the app) are
    # not made, and the answers are attempt()'s (checked move by move above)
    import sys
    from firmware.common import unload
    unload("engine.omweso.trace")
    g = games.load("omweso")
    buf = [0] * g.MAX_MOVES
    for lesson in L.load("omweso"):
        if lesson.get("rules"):
            continue
        pos = L.position(g, lesson)
        for i in range(g.moves(pos, buf)):
            L.meets(g, lesson, pos, buf[i])
    assert "engine.omweso.trace" not in sys.modules


# Each lesson teaches before it tests (issue 55 #1, #6): its rule in plain words, an example move
# on a position of its own, a hint within the rules taught so far, and every move told from its
# own trace; every text fits the 160x128 screen's 26 columns (its rule page 8 lines).
COLS = 26
LAND = {"oanquan": "landed in square %d", "sanyao": "landed in hole %d",
        "omweso": "fell into pit %d"}


def _lines(texts):
    """How many lines `texts` take word-wrapped to COLS (no word may be longer)."""
    n = 0
    for t in texts:
        k = 0
        for w in t.split():
            assert len(w) <= COLS, w
            k = len(w) if k == 0 else k + 1 + len(w) if k + 1 + len(w) <= COLS else -len(w)
            if k < 0:
                n += 1
                k = -k
        n += 1
    return n


def _teaches(name):
    lessons = L.load(name)
    buf = None
    for i in range(len(lessons)):
        ls = lessons[i]
        rule = L.rule(name, ls)
        why = ls["why"]  # the rule in words, not its ID only
        assert len(why.split()) >= 10 and rule not in why and why[0].isupper(), why
        assert _lines(["%s (rule %s)" % (why, rule), "Your goal: " + ls["goal"]]) <= 8, rule
        assert ls["line"].startswith("Goal: ") and len(ls["line"]) <= COLS, ls["line"]
        assert len("%d. %s" % (i + 1, ls["title"])) <= COLS
        g = games.load(name, ls.get("rules"))
        pos = L.position(g, ls)
        bad = L.later(lessons, i)
        # the example: a move that shows the rule, no rule taught later, and not the answer (a
        # position of its own, or a move that misses the goal: Omweso's set-up)
        dp, dm = L.demo(g, ls)
        assert bytes(dp) != bytes(pos) or not L.meets(g, ls, pos, dm)
        w = L.play(g, ls, dp, dm)
        shown = ls["want"].get("event")
        assert w.met or shown == "setup" and shown in w.seen, (rule, ls["title"])
        assert not [e for e in w.seen if e in bad], (ls["title"], w.seen)
        # the hint: the goal met with the rules taught so far
        if buf is None or len(buf) < g.MAX_MOVES:
            buf = [0] * g.MAX_MOVES
        n = g.moves(pos, buf)
        legal = [(buf[k], g.move_str(pos, buf[k])) for k in range(n)]
        h = L.hint(g, lessons, i, pos, legal)
        w = L.play(g, ls, pos, h)
        assert w.met and not [e for e in w.seen if e in bad], (ls["title"], w.seen, bad)
        # every move told from its own trace: where its last seed fell, what it did
        told = {}
        for code, t in legal:
            met, lines = L.tell(g, ls, pos, code)
            ok, trace, after = L.attempt(g, ls, pos, code)
            assert met == ok
            text = " ".join(lines)
            _lines(lines)
            drops = [e["at"] for e in trace if e["event"] == "drop"]
            if drops:
                assert LAND[name] % drops[-1] in text, (t, text)
            for e in trace:
                if e["event"] == "capture":
                    assert str(e["at"]) in text, (t, text)
            if shown == "relay" and not ok:  # why it was no relay (issue 55 #4)
                assert "no relay" in text.lower(), (t, text)
            told[t] = text
        assert len(set(told.values())) == len(told), told  # not a fixed sentence


def test_OAQ_lessons_teach_the_rule_then_tell_each_move():
    _teaches("oanquan")


def test_SY_lessons_teach_the_rule_then_tell_each_move():
    _teaches("sanyao")


def test_OM_lessons_teach_the_rule_then_tell_each_move():
    _teaches("omweso")
