# FROZEN copy of engine/eval_sanyao.py at commit f7c651e (imports pointed here), not live code:
# never edit or tidy it. Why and how: __init__.py; tests/test_arena.py compares it with git.
# Evaluation for San-Yao (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 stone. A match is played over rounds; the board resets between rounds,
# and what carries over is control (sons), so the terms value stones where they will end up:
#   store     16 x (my store - the opponent's): captured this round (phase play)
#   control   W[0] x (stones in holes I control - in the opponent's): they go to the controller
#             when the round ends (SY-7), and a new round gives 5 per controlled hole (SY-9)
#   owed      W[1] x (what the opponent owes me - what I owe): repaid at settlement (SY-8)
#   mobility  W[2] x (my non-empty controlled holes - the opponent's)
#   tempo     W[3] if `me` is the side to move
from engine.compat import const
from tools.ai.ref_ai.search import WIN

_C = const(10)
_S = const(20)
_O = const(22)
_TM = const(24)
_WN = const(28)

WEIGHTS = (10, 16, 2, 0)


class Eval:
    def __init__(self, game, weights=None):
        self.game = game
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS

    def score(self, pos, me):
        c = 0  # stones under player 1's control minus player 0's
        k = 0  # non-empty holes of player 1 minus player 0's
        for h in range(10):
            x = pos[h]
            if x:
                if pos[_C + h]:
                    c += x
                    k += 1
                else:
                    c -= x
                    k -= 1
        v = 16 * (pos[_S + 1] - pos[_S]) + self.w0 * c + self.w1 * (pos[_O] - pos[_O + 1]) \
            + self.w2 * k
        v = -v if me == 0 else v
        if pos[_TM] == me:
            v += self.w3
        return v

    def final(self, pos, me, ply):
        w = pos[_WN]
        m = pos[_S + me] - pos[_S + 1 - me]
        if w == 2:
            return m
        if w == me:
            return WIN - ply + m
        return m - WIN + ply
