# What the search knows of the game's repetition rule (OAQ-10, SY-7; docs/ai.md): the positions
# of this epoch that already occurred (Record.seen). A position the search reaches in its first
# PLIES plies that would occur for the third time (counting the history and the search's own path)
# is valued as the ending the rule makes there, so the AI plays for a repetition that wins and
# against one that loses. Loaded only for games with the rule (Game.KEY).
# Positions are told apart by a 30-bit hash of their key bytes (small ints: the heap stays locked
# while the search runs). Two positions share a hash with odds of about 2**-30 per pair: that can
# only misjudge a line of the search; the rule itself (engine/record.py) compares keys exactly.
from array import array
from engine.compat import const

_M20 = const(0xFFFFF)  # h = (h & _M20) * _MUL ^ byte stays below 2**30, as engine/table.py
_MUL = const(1021)
PLIES = const(3)  # positions this many plies from the root are checked (150-700 a level-5 search)


def key_hash(key):
    """The hash of a key (bytes, Game.key())."""
    h = 0
    for b in key:
        h = (h & _M20) * _MUL ^ b
    return h


class Repeats:
    def __init__(self, game):
        self.game = game
        self.idx = game.KEY  # key(pos) == bytes(pos[i] for i in KEY)
        self.path = array("i", range(PLIES + 1))  # per ply the hash of the position on the path
        self.hs = array("i", range(32))  # the history's hashes, sorted, one per occurrence
        self.n = 0  # how many of hs are in use
        self.buf = bytearray(game.SIZE)  # the position the rule ended: ended() leaves it here

    def load(self, seen):
        """Takes the history (keys, oldest first; the root's own last); returns the plies to
        check (PLIES). Between searches: it may grow the hash array (4 bytes a key: cli.py's
        largest history, 500 keys, 2 KB)."""
        n = self.n = len(seen) if seen else 0
        if n > len(self.hs):
            self.hs = array("i", range(n + 32))  # range: no list of the size first
        hs = self.hs
        for i in range(n):
            hs[i] = key_hash(seen[i])
        gap = n >> 1
        while gap:  # Shell sort in place: no list made, ~n**1.5 steps (a few ms for 200 keys)
            for i in range(gap, n):
                x = hs[i]
                j = i
                while j >= gap and hs[j - gap] > x:
                    hs[j] = hs[j - gap]
                    j -= gap
                hs[j] = x
            gap >>= 1
        return PLIES

    def ended(self, pos, ply, mover):
        """True when `pos`, reached at `ply` (1..PLIES) by `mover`'s move, occurs for the third
        time and the rule ends the game or round there: the ended position is then in self.buf.
        Keeps pos's hash for the deeper plies of the path."""
        h = 0
        for i in self.idx:
            h = (h & _M20) * _MUL ^ pos[i]
        path = self.path
        path[ply] = h
        hs = self.hs
        lo = 0
        hi = n = self.n
        while lo < hi:  # the first hash >= h
            mid = (lo + hi) >> 1
            if hs[mid] < h:
                lo = mid + 1
            else:
                hi = mid
        c = 0
        while lo < n and hs[lo] == h:
            c += 1
            lo += 1
        if not c:
            return False  # not in the history: on a path of 3 plies it occurs at most twice
        for q in range(1, ply):
            if path[q] == h:
                c += 1
        if c < 2:
            return False
        buf = self.buf
        buf[:] = pos
        self.game.end_repeated(buf, None, mover)
        return buf != pos  # the rule did nothing (San-Yao while sons are chosen): play on
