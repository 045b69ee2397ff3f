# FROZEN copy of engine/eval_oanquan.py at commit f7c651e (imports pointed here), not live code:
# never edit or tidy it. Why and how: __init__.py; tests/test_arena.py compares it with git.
# Evaluation for O An Quan (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 stone. Terms (weights tuned by tools/tune.py, see docs/ai.md):
#   material  16 x (my banked material - the opponent's): stock + mandarins - debt + lent (OAQ-9)
#   side      W[0] x (stones on my citizen squares - on the opponent's): swept to their owner at
#             the end (OAQ-8), and what a player sows from
#   squares   W[1] x (my non-empty citizen squares - the opponent's): mobility / refill safety
#   mandarin  W[2] x (value still lying on the mandarin squares) x sign(material lead): what is
#             left to win matters more to the player behind
#   tempo     W[3] if `me` is the side to move
from engine.compat import const
from tools.ai.ref_ai.search import WIN

_TURN = const(20)
_WINNER = const(25)
_BIG = const(12)
_STOCK = const(14)
_MANDS = const(16)
_DEBT = const(18)

WEIGHTS = (6, 3, 0, 0)


class Eval:
    def __init__(self, game, weights=None):
        self.game = game
        self.mat = game.material
        self.mval = game.rules["mandarin_value"]
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS

    def score(self, pos, me):
        o = 1 - me  # banked material difference, as game.material (OAQ-9) but inline
        m = (pos[_STOCK + me] - pos[_STOCK + o] + self.mval * (pos[_MANDS + me] - pos[_MANDS + o])
             + 2 * (pos[_DEBT + o] - pos[_DEBT + me]))
        a = pos[1]
        b = pos[2]
        c = pos[3]
        d = pos[4]
        e = pos[5]
        s0 = a + b + c + d + e
        n0 = (a > 0) + (b > 0) + (c > 0) + (d > 0) + (e > 0)
        a = pos[7]
        b = pos[8]
        c = pos[9]
        d = pos[10]
        e = pos[11]
        s1 = a + b + c + d + e
        n1 = (a > 0) + (b > 0) + (c > 0) + (d > 0) + (e > 0)
        if me:
            s0 = s1 - s0
            n0 = n1 - n0
        else:
            s0 -= s1
            n0 -= n1
        v = 16 * m + self.w0 * s0 + self.w1 * n0
        if pos[_TURN] == me:
            v += self.w3
        if self.w2:
            left = pos[0] + pos[6] + self.mval * (pos[_BIG] + pos[_BIG + 1])
            if m < 0:
                v -= self.w2 * left
            elif m > 0:
                v += self.w2 * left
        return v

    def final(self, pos, me, ply):
        w = pos[_WINNER]
        m = self.mat(pos, me) - self.mat(pos, 1 - me)
        if w == 2:
            return m
        if w == me:
            return WIN - ply + m
        return m - WIN + ply
