# Lessons (issue 31): one rule each, in the order a beginner needs them. A lesson is a small
# position made for it, a goal in one sentence, the move the player makes, and whether the goal
# was met and why; a wrong move can be tried again. The lessons of a game are data in
# firmware/lessons/<game>.py (LESSONS), loaded only for the game being learnt. Portable, no
# display: the terminal game (tools/terminal/learn.py) and, later, the device read the same lessons.
# A lesson (dict): title, rule (its ID in docs/rules.md), goal, pos (fields of the game's
# position JSON over those of a new game, completed by the game's module: complete(), e.g. the
# stores holding what is not on the board),
# want (what the move's trace must show: an event with some fields, see met()), why (said when
# the goal is met: the rule at work).


def _module(name):
    from firmware.common import module
    return module("firmware.lessons." + name)


def load(name):
    """The lessons of game `name`, in order."""
    return _module(name).LESSONS


def position(game, lesson):
    """The lesson's position, checked by the engine (ValueError if it is not a legal one)."""
    obj = game.to_json(game.new())
    obj.pop("history", None)
    for k in lesson["pos"]:
        obj[k] = lesson["pos"][k]
    m = _module(game.NAME)
    if hasattr(m, "complete"):  # what the lesson leaves out (stores holding the rest)
        m.complete(game, lesson, obj)
    return game.from_json(obj)


def rest(given, left):
    """Two players' stores holding `left` in all: as given, a None taking what the other
    leaves, both None: halves."""
    a, b = given or (None, None)
    if a is None and b is None:
        return [left - left // 2, left // 2]
    if a is None:
        return [left - b, b]
    if b is None:
        return [a, left - a]
    return [a, b]


def _matches(ev, want):
    for k in want:
        if k == "times" or k == "last":
            continue
        v = want[k]
        if k == "count_at_least":
            if ev.get("count", 0) < v:
                return False
        elif ev.get(k) != v:
            return False
    return True


def met(want, trace):
    """Whether a move's trace shows what the lesson wants: `times` (default 1) events matching
    every other field of `want` (count_at_least: the event's count at least that); with `last`,
    the last drop must be at that place."""
    if "last" in want:
        at = None
        for ev in trace:
            if ev["event"] == "drop":
                at = ev["at"]
        return at == want["last"]
    n = 0
    for ev in trace:
        if _matches(ev, want):
            n += 1
    return n >= want.get("times", 1)


def attempt(game, lesson, pos, move):
    """Play `move` from the lesson's position `pos` (unchanged): (goal met, trace, position
    after)."""
    after = bytearray(pos)
    trace = []
    game.play(after, move, trace)
    return met(lesson["want"], trace), trace, after
