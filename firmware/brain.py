# The one place that imports the AI (engine/ai.py). Without it the app falls back to a uniformly
# random legal move through the game face and shows the AI level as unavailable.
# Two ways to get a move: at once (move, hint), or in slices so the screen stays live:
#   begin(pos, level, ms_cap) once, then work() on every tick until it returns True (progress()
#   for an indicator), then result(); cancel() drops it; result() before the end takes the best
#   move so far. ponder(pos, level) on the human's turn, then work() on every tick: the AI
#   searches its likely reply, and begin() picks it up if the human played the guessed move.
import random
from engine.compat import ticks_ms, ticks_diff

try:
    from engine import ai as _ai
except ImportError:  # the AI module has not landed (or does not fit): random legal moves
    _ai = None

AVAILABLE = _ai is not None
# device milliseconds of search per work() call: the app checks its buttons between slices, so a
# slice is the longest a press waits for the search (40 ms made a cursor step feel sticky), or a
# sowing's next frame. On the AI's turn, when neither waits, slices are BIG_MS: each slice costs
# the search a little to resume.
SLICE_MS = 8
BIG_MS = 40


class Brain:
    def __init__(self, game, seed=1, use_ai=True):
        self.game = game
        self.buf = None  # the random fallback's move list, made when first needed
        self.rng = random.Random(seed) if hasattr(random, "Random") else None
        self.player = _ai.Player(game, seed=seed) if _ai is not None and use_ai else None
        self.slice = _ai.slice_nodes(game.NAME, SLICE_MS) if self.player is not None else 0
        self.big = _ai.slice_nodes(game.NAME, BIG_MS) if self.player is not None else 0
        self.pos = None  # random fallback: the position of begin()
        self.ready = False  # run() finished the search: result() gives its move

    def _random(self, pos):
        if self.buf is None:
            self.buf = [0] * self.game.MAX_MOVES
        n = self.game.moves(pos, self.buf)
        if n <= 0:
            return None
        i = self.rng.randrange(n) if self.rng else random.randrange(n)
        return self.buf[i]

    def move(self, pos, level, ms_cap=None):
        if self.player is not None:
            return self.player.move(pos, level, ms_cap)
        return self._random(pos)

    def hint(self, pos, ms_cap=None):
        if self.player is not None:
            return self.player.hint(pos, ms_cap)
        return self._random(pos)

    def begin(self, pos, level, ms_cap=None, seen=None):
        """Starts thinking about the move for `pos` (the AI to move); seen: Record.seen, so
        that the AI sees which moves would repeat a position a third time."""
        self.ready = False
        if self.player is not None:
            self.player.begin(pos, level, ms_cap, seen)
        else:
            self.pos = bytearray(pos)

    def ahead(self, pos, level, ms_cap=None, seen=None):
        """begin(), unless this position is being thought about already (its search goes on)."""
        if not self.thinking_about(pos):
            self.begin(pos, level, ms_cap, seen)

    def work(self, big=False):
        """One slice of search (about SLICE_MS on the device, BIG_MS if big). True once the move
        is ready."""
        if self.player is not None:
            return self.player.work(self.big if big else self.slice)
        return self.pos is not None

    def run(self, stop=None, ms=0, big=False):
        """Slices of work(big): at least one, then more until `ms` have passed, the search has
        nothing left or stop() is True (a button waits). True once the move is ready."""
        t0 = ticks_ms()
        while True:
            if self.work(big) and self.thinking():
                self.ready = True
                return True
            if not self.busy() or (stop is not None and stop()) or \
                    ticks_diff(ticks_ms(), t0) >= ms:
                return False

    def thinking(self):
        """True between begin() and result() / cancel()."""
        if self.player is not None:
            return self.player.thinking()
        return self.pos is not None

    def thinking_about(self, pos):
        """True if thinking about the move in exactly this position."""
        if self.player is not None:
            return self.player.thinking() and self.player.root == pos
        return self.pos is not None and self.pos == pos

    def busy(self):
        """True while work() has something to do (a move to find, a ponder not finished)."""
        if self.ready:
            return False
        if self.player is not None:
            return self.player.busy()
        return self.pos is not None

    def best(self):
        """The move the search would play now while thinking (-1: none yet)."""
        p = self.player
        return p.search.move if p is not None and p.thinking() else -1

    def hits(self):
        """(moves begun, how many found their pondered search under way, ms the last search
        spent searching, its nodes): the feel benchmark's figures."""
        p = self.player
        if p is None:
            return (0, 0, 0, 0)
        return (p.moves, p.hits, p.search.used, p.search.nodes)

    def progress(self):
        """0-100, for a progress indicator."""
        return self.player.progress() if self.player is not None else 100

    def result(self):
        """The move code to play (the best so far if the search is not finished); None if the
        position has no move."""
        self.ready = False
        if self.player is not None:
            if not self.player.thinking():
                return None
            return self.player.result()
        pos, self.pos = self.pos, None
        return self._random(pos) if pos is not None else None

    def cancel(self):
        if self.player is not None:
            self.player.cancel()
        self.pos = None

    def ponder(self, pos, level, seen=None):
        """Search while the human (to move in `pos`; seen: Record.seen) thinks; work() advances
        it."""
        if self.player is not None:
            self.player.ponder(pos, level, seen)
