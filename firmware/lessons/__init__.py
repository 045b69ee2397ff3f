# Lessons (issue 31): one rule each, in the order a beginner needs them. A lesson is a small
# position made for it, a goal in one sentence, the move the player makes, and whether the goal
# was met and why; a wrong move can be tried again. The lessons of a game are data in
# firmware/lessons/<game>.py (LESSONS), loaded only for the game being learnt. Portable, no
# display: the terminal game (tools/terminal/learn.py) and, later, the device read the same lessons.
# A lesson (dict): title, rule (the number of its ID in docs/rules.md: rule()), goal, pos (fields of the game's
# position JSON over those of a new game, completed by the game's module: complete(), e.g. the
# stores holding what is not on the board),
# want (what the move's trace must show: an event with some fields, see met()), why (said when
# the goal is met: the rule at work).


def rule(name, lesson):
    """The ID of the rule the lesson teaches (docs/rules.md): "OAQ-4". A lesson gives its number
    (a short string would stay in the chip's table of names for good: tools/device/names.py)."""
    return ("OAQ-" if name == "oanquan" else "SY-" if name == "sanyao" else "OM-") + \
        str(lesson["rule"])


def bit(name, i):
    """Lesson i of game `name`: its bit in the lessons met (Session.learnt, saved), 8 a game."""
    from engine.games import NAMES
    return 1 << (8 * NAMES.index(name) + i)


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


class _Watch:
    """A trace that keeps nothing (meets()): it counts the events the lesson wants as the engine
    appends them, and where the last seed fell. A long Omweso move's whole trace is hundreds of
    dicts: too much to keep on the device."""

    def __init__(self, want):
        self.want = want
        self.n = 0
        self.at = None

    def append(self, ev):
        if ev["event"] == "drop":
            self.at = ev["at"]
        if _matches(ev, self.want):
            self.n += 1

    # Omweso's sowing steps come as their parts (engine/omweso_run.py): a dict only for the event
    # the lesson wants (a 46-seed relay is hundreds of drops: their dicts took a lesson's hint
    # on the chip to its lowest heap)
    def drop(self, p, at):
        self.at = at
        if self.want.get("event") == "drop":
            self.append({"event": "drop", "player": p, "at": at})

    def lap(self, p, start, d, count, kind, n):
        if self.want.get("event") == "lap":
            self.append({"event": "lap", "player": p, "start": start, "dir": "+" if d > 0 else "-",
                         "count": count, "kind": kind, "n": n})

    def relay(self, p, at, count):
        if self.want.get("event") == "relay":
            self.append({"event": "relay", "player": p, "at": at, "count": count})


def meets(game, lesson, pos, move):
    """Whether `move` from `pos` (unchanged) meets the lesson's goal, as attempt() says, without
    keeping its trace (the console: firmware/lesson.py)."""
    want = lesson["want"]
    w = _Watch(want)
    game.play(bytearray(pos), move, w)
    return w.at == want["last"] if "last" in want else w.n >= want.get("times", 1)


def attempt(game, lesson, pos, move):
    """Play `move` from the lesson's position `pos` (unchanged): (goal met, trace, position
    after)."""
    after = bytearray(pos)
    trace = []
    game.play(after, move, trace)
    return met(lesson["want"], trace), trace, after
