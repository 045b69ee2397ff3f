# Lessons (issue 31): one rule each, in the order a beginner needs them. A lesson is the rule in
# plain words, an example move played on the board, then a small position made for it, a goal in
# one sentence, the move the player makes, and whether the goal was met, told from the move's own
# trace (tell()); a wrong move can be tried again. The lessons of a game are data in its folder,
# firmware/games/<game>/lessons.py (LESSONS), loaded only for the game being learnt and only for
# the call; the words that tell a move are its words.py there (tell()). Portable, no display: the
# terminal game (tools/terminal/learn.py) and the device (firmware/lesson.py) read the same
# lessons.
# A lesson (dict): title, rule (the number of its ID in docs/rules.md: rule()), why (the rule in
# plain words: the lesson's first page), demo (the example: the index of its move among the legal
# ones and the fields of its position, as pos), goal, line (the goal on the board's top line: 26
# characters at most), pos (fields of the game's position JSON over those of a new game,
# completed by the game's module: complete(), e.g. the stores holding what is not on the board),
# want (what the move's trace must show: an event with some fields, see met()). Every key is a
# name the app has anyway: a new one would stay in the chip's table of names for good
# (tools/device/names.py).


def rule(name, lesson):
    """The ID of the rule the lesson teaches (docs/rules.md): "OAQ-4". A lesson gives its number
    (a short string would stay in the chip's table of names for good: tools/device/names.py),
    the game's lessons module its rules' prefix."""
    return module(name).prefix + str(lesson["rule"])


def bit(name, i):
    """Lesson i of game `name`: its bit in the lessons met (Session.learnt, saved), 8 a game."""
    from engine.games import NAMES
    return 1 << (8 * NAMES.index(name) + i)


def module(name):
    from firmware.common import module as get
    return get("firmware.games.%s.lessons" % name)


def load(name):
    """The lessons of game `name`, in order."""
    return module(name).LESSONS


def position(game, lesson):
    """The lesson's position, checked by the engine (ValueError if it is not a legal one)."""
    obj = game.to_json(game.new())
    obj.pop("history", None)
    for k in lesson["pos"]:
        obj[k] = lesson["pos"][k]
    m = module(game.NAME)
    if hasattr(m, "complete"):  # what the lesson leaves out (stores holding the rest)
        m.complete(game, lesson, obj)
    return game.from_json(obj)


def demo(game, lesson):
    """The lesson's example: (its position, its move: the k-th legal there; a move's text would
    be a short string, kept as a name for good on the chip)."""
    k, fields = lesson["demo"]
    pos = position(game, {"pos": fields})
    buf = [0] * game.MAX_MOVES
    game.moves(pos, buf)
    return pos, buf[k]


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


def matches(ev, want):
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
        if matches(ev, want):
            n += 1
    return n >= want.get("times", 1)


class Trace:
    """A trace that keeps little (play()): it counts the events the lesson wants as the engine
    appends them, where the last seed fell, the kinds of events seen (the rules at work) and, to
    tell the move in words (keep), its events but the drops and laps. A long Omweso move's whole
    trace is hundreds of dicts: too much to keep on the device."""

    def __init__(self, want, keep=False):
        self.want = want
        self.n = 0
        self.at = None
        self.seen = []  # the kinds of events, but the drops and laps, each once
        self.events = [] if keep else None
        self.met = False

    def append(self, ev):
        e = ev["event"]
        if e == "drop":
            self.at = ev["at"]
        else:
            if e not in self.seen:
                self.seen.append(e)
            k = self.events
            if k is not None:
                if len(k) > 24:  # (an Omweso move's dozens of relays: the first and the last)
                    del k[1]
                k.append(ev)
        if matches(ev, self.want):
            self.n += 1

    # Omweso's sowing steps come as their parts (engine/omweso/run.py): a dict only for the event
    # the lesson wants or keeps (a 46-seed relay is hundreds of drops: their dicts took a
    # lesson's hint on the chip to its lowest heap)
    def drop(self, p, at):
        self.at = at
        if self.want.get("event") == "drop":
            self.append({"event": "drop", "player": p, "at": at})

    def lap(self, p, start, d, count, kind, n):
        if self.want.get("event") == "lap":
            self.append({"event": "lap", "player": p, "start": start, "dir": "+" if d > 0 else "-",
                         "count": count, "kind": kind, "n": n})

    def relay(self, p, at, count):
        if self.want.get("event") == "relay" or self.events is not None:
            self.append({"event": "relay", "player": p, "at": at, "count": count})
        elif "relay" not in self.seen:
            self.seen.append("relay")


def play(game, lesson, pos, move, keep=False):
    """`move` played from `pos` (unchanged) for the lesson: a Trace, its `met` whether the goal
    was met, `seen` the kinds of events (keep: `events` too, for tell())."""
    want = lesson["want"]
    w = Trace(want, keep)
    w.pos = bytearray(pos)  # (the position after the move, for tell())
    game.play(w.pos, move, w)
    w.met = w.at == want["last"] if "last" in want else w.n >= want.get("times", 1)
    return w


def meets(game, lesson, pos, move):
    """Whether `move` from `pos` (unchanged) meets the lesson's goal, as attempt() says, without
    keeping its trace (the console: firmware/lesson.py)."""
    return play(game, lesson, pos, move).met


def later(lessons, i):
    """The events of the rules taught after lesson i (and not before): a lesson's hint and its
    example use none of them (issue 55: the first lesson's hint sowed through two relays)."""
    now = []
    out = []
    for k in range(len(lessons)):
        e = lessons[k]["want"].get("event")
        if k <= i:
            now.append(e)
        elif e not in now and e not in out:
            out.append(e)
    return out


def hint(game, lessons, i, pos, legal):
    """A move of `legal` ((code, text) pairs) that meets lesson i's goal with only the rules
    taught so far, the one that shows the fewest (else one that meets it), or None."""
    bad = later(lessons, i)
    best = other = None
    k = 99
    for code, t in legal:
        w = play(game, lessons[i], pos, code)
        if w.met:
            for e in w.seen:
                if e in bad:
                    break
            else:
                if len(w.seen) < k:
                    best = code
                    k = len(w.seen)
            if other is None:
                other = code
    return other if best is None else best


def tell(game, lesson, pos, move):
    """(goal met, the move in a player's words: what its trace shows, one sentence a line)."""
    w = play(game, lesson, pos, move, True)
    # the game's words (firmware/games/<game>/words.py): the caller unloads them (firmware/lesson.py
    # drop())
    from firmware.games import part
    return w.met, part(game.NAME, "words").tell(game, lesson, pos, move, w)


def attempt(game, lesson, pos, move):
    """Play `move` from the lesson's position `pos` (unchanged): (goal met, trace, position
    after)."""
    after = bytearray(pos)
    trace = []
    game.play(after, move, trace)
    return met(lesson["want"], trace), trace, after
