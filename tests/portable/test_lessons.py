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
        for k in ("title", "goal", "why"):
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
    # relays as their parts: the dicts of engine/omweso_trace.py (never loaded by the app) are
    # not made, and the answers are attempt()'s (checked move by move above)
    import sys
    from firmware.common import unload
    unload("engine.omweso_trace")
    g = games.load("omweso")
    buf = [0] * g.MAX_MOVES
    for lesson in L.load("omweso"):
        if lesson.get("rules"):
            continue
        pos = L.position(g, lesson)
        for i in range(g.moves(pos, buf)):
            L.meets(g, lesson, pos, buf[i])
    assert "engine.omweso_trace" not in sys.modules
