# The computer player: difficulty levels over engine/search.py (docs/ai.md).
# A level is a think time on the device. It becomes a node budget through the measured speed of
# each game's search on the emulated RP2040 (its Game's DEVICE_NPS), so play is reproducible;
# the app adds a wall-clock cap (ms_cap) as a safety net. A move can be searched at once (move,
# hint) or in slices (begin, work, result) so the app stays live while the AI thinks; ponder()
# searches while the human thinks (docs/ai.md "Slices and pondering").
from engine.record import Record
from engine.search import Search
from engine.compat import const

# level: (device think time in ms, short readings per 1000 moves, how far a short reading sees)
# A short reading is the level's mistake, the kind people make (docs/ai.md "Levels"): 1 = the
# move that takes most at once, blind to the reply (a capture the opponent sets up is missed);
# 2 = a search of two plies, the move and the reply (what comes after is missed).
LEVELS = {
    1: (50, 300, 1),
    2: (250, 100, 1),
    3: (700, 80, 1),
    4: (1800, 25, 2),
    5: (5000, 0, 0),
}
# A game whose levels the common rates separate too little has its own (Game.MISTAKES, None
# otherwise: docs/ai.md "Levels").
_HINT_LEVEL = const(4)
POLL_MS = 4  # device ms of search between two calls of work()'s poll
_PONDER_GUESS_LEVEL = const(3)  # the budget spent guessing the human's move before searching the reply

# A game's search speed on the console's firmware is Game.DEVICE_NPS (nodes/s, measured on the
# emulated RP2040: the game's module says how).
_MIN_NODES = const(12)
_BIG = const(1 << 20)


def level_nodes(game, level):
    """The node budget of `level` (1-5) for a game; ValueError if the level is unknown."""
    if level not in LEVELS:
        raise ValueError("level must be 1-5, got %r" % (level,))
    n = LEVELS[level][0] * game.DEVICE_NPS // 1000
    return n if n > _MIN_NODES else _MIN_NODES


def slice_nodes(game, ms=50):
    """Nodes the device searches in about `ms` milliseconds: a slice that keeps the app live."""
    n = ms * game.DEVICE_NPS // 1000
    return n if n > 1 else 1


def mistake_rate(game, level):
    """Mistakes per 1000 moves at `level` for a game."""
    t = game.MISTAKES
    return t[level - 1] if t else LEVELS[level][1]


def position_seed(pos):
    """A seed from the position bytes (the same on every interpreter): `bestmove --level` draws
    its mistakes from it, so the command line is reproducible and still makes them."""
    h = 5381
    for b in pos:
        h = (h * 33 + b) & 0x3FFFFFFF
    return h


class Player:
    """Deterministic for a given seed: the same positions and levels give the same moves, whether
    searched at once or in slices, with or without pondering."""

    def __init__(self, game, seed=1, max_ply=0):
        self.game = game
        self.search = Search(game, max_ply)
        self.search.every = slice_nodes(game, POLL_MS)  # work(poll=...) asks this often
        self.rng = (seed * 2654435761 + 1) & 0x3FFFFFFF
        self.last = None  # (move, score, nodes, depth) of the last search
        self.root = bytearray(game.SIZE)  # the position being searched
        self.state = 0  # 0 idle, 1 thinking for a move (begin), 2 pondering: guess, 3 reply
        self.budget = 0
        self.wild = -1  # the move to play instead (a short reading of 1), else -1
        self.short = 0  # how far this move is read: 0 in full, else LEVELS[level][2]
        self.kid = bytearray(game.SIZE)  # a short reading's child position
        self.ponder_budget = 0
        self.asked = bytearray(game.SIZE)  # the position ponder() was last asked about
        self.asked_ok = False
        self.guess = -1  # the human's move that ponder() expects
        self.seen = None  # ponder(): the history of the asked position, then of the guessed one
        self.seen0 = None  # the history ponder() was last asked with, and its length
        self.nseen0 = 0
        self.moves = 0  # begin() calls, and how many found their ponder search under way
        self.hits = 0

    def _rand(self, n):
        # 30-bit linear congruential generator (same sequence on CPython and MicroPython)
        self.rng = (self.rng * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.rng >> 8) % n

    # ---- searching at once -----------------------------------------------------------------
    def move(self, pos, level, ms_cap=None, seen=None):
        """The move code the computer plays at `level` (1-5); ms_cap: wall-clock limit in ms;
        seen: the repetition history (Record.seen)."""
        self.begin(pos, level, ms_cap, seen)
        self.work(0)
        return self.result()

    def hint(self, pos, ms_cap=None, seen=None):
        """The move the AI recommends for the side to move (level 4 budget, no mistakes)."""
        self.state = 0
        self.asked_ok = False
        r = self.search.best(pos, level_nodes(self.game, _HINT_LEVEL), ms_cap or 0, 0, seen)
        self.last = r
        return r[0]

    # ---- searching in slices ---------------------------------------------------------------
    def begin(self, pos, level, ms_cap=None, seen=None):
        """Starts thinking about the move to play at `level` in `pos`; work() runs it. When a
        ponder() search of exactly this position and budget is under way it is kept: the answer
        is the same, only sooner. The mistake (if any) is drawn here."""
        nodes = level_nodes(self.game, level)  # ValueError for an unknown level
        mistakes = mistake_rate(self.game, level)
        s = self.search
        self.moves += 1
        if self.state == 3 and self.root == pos and self.budget == nodes and \
                (self.seen or None) == (seen or None):  # searched with the same history
            s.ms = ms_cap or 0  # the ponder search goes on (its time so far counts)
            self.hits += 1
        else:
            self.root[:] = pos
            self.budget = nodes
            s.start(pos, nodes, ms_cap or 0, 0, seen)
        self.state = 1
        self.asked_ok = False
        self.wild = -1
        self.short = 0
        if mistakes and self._rand(1000) < mistakes:
            self.short = LEVELS[level][2]
            if self.short == 1:  # the search goes on: the level thinks as long as ever
                self.wild = self._grab(pos)
            else:  # the move and the reply only
                s.start(pos, nodes, ms_cap or 0, self.short, seen)

    def _grab(self, pos):
        # the move that gains the mover most at once (material), ties drawn at random
        g = self.game
        buf = self.search.spare()
        kid = self.kid
        me = g.to_move(pos)
        base = g.material(pos, me)
        n = g.moves(pos, buf)
        best = -_BIG
        ties = 0
        pick = buf[0]
        for i in range(n):
            kid[:] = pos
            g.play(kid, buf[i])
            v = g.material(kid, me) - base
            if v > best:
                best = v
                ties = 1
                pick = buf[i]
            elif v == best:
                ties += 1
                if self._rand(ties) == 0:  # each of the tied moves as likely
                    pick = buf[i]
        return pick

    def work(self, nodes=0, poll=None):
        """Runs the current search (thinking or pondering) for up to `nodes` more nodes (0: to
        its end), or until poll() returns True (Search.step). True when a begin() search is
        done; pondering never reports done."""
        st = self.state
        if st == 0:
            return False
        s = self.search
        if st == 1:
            return s.step(nodes, poll)
        if s.step(nodes, poll) and st == 2:  # the guess is made: search the reply to it
            self.guess = s.move
            rec = Record(self.game, self.root, self.seen)  # plays into self.root
            rec.play(s.move)  # as the game record will: the repetition rule included
            self.seen = rec.seen
            if self.game.over(self.root):
                self.state = 0
            else:
                self.state = 3
                s.start(self.root, self.ponder_budget, 0, 0, self.seen)
        return False

    def thinking(self):
        return self.state == 1

    def busy(self):
        """True while work() has something to search: a move, or a ponder not finished."""
        return self.state != 0 and not (self.state == 3 and self.search.done)

    def progress(self):
        """0-100: how much of the node budget of the current move is spent."""
        if self.state != 1 or not self.budget:
            return 0
        p = self.search.nodes * 100 // self.budget
        return 100 if self.search.done else (99 if p > 99 else p)

    def result(self):
        """The move to play now: the finished search's, or the best so far when the player does
        not want to wait; the level's mistake if one was drawn. Ends the thinking."""
        s = self.search
        self.last = (s.move, s.score, s.nodes, s.depth)
        self.state = 0
        return self.wild if self.wild >= 0 else s.move

    def cancel(self):
        """Drops the current search (thinking or pondering)."""
        self.state = 0
        self.asked_ok = False

    def ponder(self, pos, level, seen=None):
        """While the human (to move in `pos`; `seen`: Record.seen) thinks: guess their move with
        a small search, then search the position after it with `level`'s budget. If the human
        plays the guessed move, begin() finds that search under way. Call work() to advance it.
        Asked again about the same position, it goes on with what it has."""
        ns = len(seen) if seen else 0  # a history only grows (or starts anew) as a game goes on
        if self.asked_ok and self.asked == pos and self.state != 1 and self.seen0 is seen and \
                self.nseen0 == ns:
            return
        self.seen0 = seen
        self.nseen0 = ns
        self.asked[:] = pos
        self.asked_ok = True
        self.guess = -1
        if self.game.over(pos):
            self.state = 0
            return
        self.ponder_budget = level_nodes(self.game, level)
        self.budget = self.ponder_budget
        self.root[:] = pos
        self.state = 2
        self.seen = seen
        self.search.start(pos, level_nodes(self.game, _PONDER_GUESS_LEVEL), 0, 0, seen)


def level_best(rec, level):
    """tools/cli.py bestmove --level: (move, score, nodes, depth) with the move `level` plays in
    the app (its mistake, if it draws one, from position_seed(): reproducible) and its search's
    score, nodes and depth. ValueError on a bad level."""
    p = Player(rec.game, seed=position_seed(rec.pos))
    m = p.move(rec.pos, level, None, rec.seen)
    return (m,) + p.last[1:]
