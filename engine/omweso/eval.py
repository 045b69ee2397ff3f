# Evaluation for Omweso (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 seed. Seeds are conserved (64), a match is several games, and what
# carries over between games is the points:
#   points    W[0] x (my match points - the opponent's)
#   seeds     16 x (seeds on my 16 pits - on the opponent's): captures move seeds across
#   mobility  W[1] x (my pits holding >= 2 seeds - the opponent's): a player without one loses
#   exposure  W[2] x (seeds in the opponent's capturable columns - in mine): a column (inner pit
#             and the outer pit behind it) can be taken only when both are occupied
from engine.compat import const
from engine.search import WIN

_TM = const(32)
_OV = const(34)
_WIN = const(35)
_PT = const(45)

WEIGHTS = (2048, 12, 2, 0)
# per column j: player 0's outer and inner pit, then player 1's (pits in their owner's order)
_COLUMNS = tuple((j, 15 - j, 16 + j, 31 - j) for j in range(8))


class Eval:
    TURN = _TM  # the position's side-to-move byte and game-over byte (engine/search.py)
    OVER = _OV
    TABLE = 0  # no hash-move table: little gain at level 5's depth 4, no heap (docs/ai.md)
    # the search's child buffers (engine/search.py; 40 by default), here for the root's children
    # only: the same moves, 2.7 KB less heap at the 320x240 boards' lowest point, ~5% fewer
    # nodes/s on the chip. Lower case: a name the app has already (each new one stays in RAM)
    pool = 12

    def __init__(self, game, weights=None):
        self.game = game
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS
        # the seeds and mobility terms of one pit holding x seeds (64 seeds in all), one lookup
        self.pit = pit = [0] * 65  # filled in place: no comprehension's growing list left
        for x in range(1, 65):
            pit[x] = 16 * x + (self.w1 if x > 1 else 0)

    def score(self, pos, me):
        return self.leaf(pos, me, 0)

    def leaf(self, pos, me, ply):
        """The value of `pos` for `me` (to move or not) `ply` plies from the root: final() if
        the match is over, else the terms above; the one call the search makes per leaf."""
        if pos[_OV]:
            return self.final(pos, me, ply)
        pit = self.pit  # seeds and mobility of a pit, by its count
        v = 0  # player 0 minus player 1
        exp = 0
        for i, j, k, m in _COLUMNS:
            a = pos[i]  # player 0's outer pit and the inner pit in front of it
            b = pos[j]
            v += pit[a] + pit[b]
            if a and b:
                exp -= a + b
            a = pos[k]  # the same column of player 1
            b = pos[m]
            v -= pit[a] + pit[b]
            if a and b:
                exp += a + b
        v += self.w2 * exp + self.w0 * (
            (pos[_PT] | pos[_PT + 1] << 8) - (pos[_PT + 2] | pos[_PT + 3] << 8))
        v = -v if me else v
        if self.w3:
            v += self.w3 if pos[_TM] == me else -self.w3
        return v

    def final(self, pos, me, ply):
        w = pos[_WIN]
        if w == me:
            return WIN - ply
        if w == 1 - me:
            return ply - WIN
        return 0
