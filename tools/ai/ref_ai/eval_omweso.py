# FROZEN copy of engine/eval_omweso.py at commit f7c651e (imports pointed here), not live code:
# never edit or tidy it. Why and how: __init__.py; tests/test_arena.py compares it with git.
# Evaluation for Omweso (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 seed. Seeds are conserved (64), a match is several games, and what
# carries over between games is the points:
#   points    W[0] x (my match points - the opponent's)
#   seeds     16 x (seeds on my 16 pits - on the opponent's): captures move seeds across
#   mobility  W[1] x (my pits holding >= 2 seeds - the opponent's): a player without one loses
#   exposure  W[2] x (seeds in the opponent's capturable columns - in mine): a column (inner pit
#             and the outer pit behind it) can be taken only when both are occupied
from engine.compat import const
from tools.ai.ref_ai.search import WIN

_TM = const(32)
_WIN = const(35)
_PT = const(45)

WEIGHTS = (2048, 12, 2, 0)


class Eval:
    def __init__(self, game, weights=None):
        self.game = game
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS

    def score(self, pos, me):
        s = 0  # player 0 minus player 1, in each term
        mob = 0
        exp = 0
        for j in range(8):
            a = pos[j]          # player 0 outer pit j (column j)
            b = pos[15 - j]     # player 0 inner pit in column j
            c = pos[16 + j]
            d = pos[31 - j]
            s += a + b - c - d
            mob += (a > 1) + (b > 1) - (c > 1) - (d > 1)
            if a and b:
                exp -= a + b
            if c and d:
                exp += c + d
        v = 16 * s + self.w1 * mob + self.w2 * exp + self.w0 * (
            (pos[_PT] | pos[_PT + 1] << 8) - (pos[_PT + 2] | pos[_PT + 3] << 8))
        v = -v if me else v
        if pos[_TM] == me:
            v += self.w3
        return v

    def final(self, pos, me, ply):
        w = pos[_WIN]
        if w == me:
            return WIN - ply
        if w == 1 - me:
            return ply - WIN
        return 0
