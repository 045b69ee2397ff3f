# Evaluation for San-Yao (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 stone. A match is played over rounds; the board resets between rounds,
# and what carries over is control (sons), so the terms value stones where they will end up:
#   store     16 x (my store - the opponent's): captured this round (phase play)
#   control   W[0] x (stones in holes I control - in the opponent's): they go to the controller
#             when the round ends (SY-7), and a new round gives 5 per controlled hole (SY-9)
#   owed      W[1] x (what the opponent owes me - what I owe): repaid at settlement (SY-8)
#   mobility  W[2] x (my non-empty controlled holes - the opponent's)
#   tempo     +W[3] if `me` is the side to move, -W[3] if not
from engine.compat import const
from engine.search import WIN

_C = const(10)
_S = const(20)
_O = const(22)
_TM = const(24)
_OV = const(27)
_WN = const(28)

WEIGHTS = (10, 16, 2, 0)


class Eval:
    TURN = _TM  # the position's side-to-move byte and game-over byte (engine/search.py)
    OVER = _OV
    TABLE = 0  # no hash-move table: a third fewer nodes to a depth, no stronger (docs/ai.md)

    def __init__(self, game, weights=None):
        self.game = game
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS
        # the control and mobility terms of a hole holding x stones (50 in all), one lookup
        self.hole = hole = [0] * 51  # filled in place: no comprehension's growing list left
        for x in range(1, 51):
            hole[x] = self.w0 * x + self.w2

    def score(self, pos, me):
        return self.leaf(pos, me, 0)

    def leaf(self, pos, me, ply):
        """The value of `pos` for `me` (to move or not) `ply` plies from the root: final() if
        the match is over, else the terms above; the one call the search makes per leaf."""
        if pos[_OV]:
            return self.final(pos, me, ply)
        hole = self.hole
        v = 16 * (pos[_S + 1] - pos[_S]) + self.w1 * (pos[_O] - pos[_O + 1])
        for h in range(10):  # control and mobility: player 1's holes minus player 0's
            x = pos[h]
            if x:
                if pos[_C + h]:
                    v += hole[x]
                else:
                    v -= hole[x]
        v = -v if me == 0 else v
        if self.w3:
            v += self.w3 if pos[_TM] == me else -self.w3
        return v

    def final(self, pos, me, ply):
        w = pos[_WN]
        m = pos[_S + me] - pos[_S + 1 - me]
        if w == 2:
            return m
        if w == me:
            return WIN - ply + m
        return m - WIN + ply
