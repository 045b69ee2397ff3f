# Evaluation for O An Quan (docs/ai.md). Pure function of the position bytearray, from the point of
# view of `me`, in 1/16 stone. Terms (weights tuned by tools/ai/tune.py, see docs/ai.md):
#   material  16 x (my banked material - the opponent's): stock + mandarins - debt + lent (OAQ-9)
#   side      W[0] x (stones on my citizen squares - on the opponent's): swept to their owner at
#             the end (OAQ-8), and what a player sows from
#   squares   W[1] x (my non-empty citizen squares - the opponent's): mobility / refill safety
#   mandarin  W[2] x (value still lying on the mandarin squares) x sign(material lead): what is
#             left to win matters more to the player behind
#   tempo     +W[3] if `me` is the side to move, -W[3] if not
from engine.compat import const
from engine.search import WIN

_TURN = const(20)
_WINNER = const(25)
_BIG = const(12)
_STOCK = const(14)
_MANDS = const(16)
_DEBT = const(18)
_OVER = const(24)
_WIDE = const(29)

WEIGHTS = (6, 3, 0, 0)


class Eval:
    TURN = _TURN  # the position's side-to-move byte and game-over byte (engine/search.py)
    OVER = _OVER
    TABLE = 512  # the search's hash-move table: slots (docs/ai.md: 58% at equal nodes)

    def __init__(self, game, weights=None):
        self.game = game
        self.mat = game.material
        self.mval = game.rules["mandarin_value"]
        self.w0, self.w1, self.w2, self.w3 = weights or WEIGHTS
        # the side and squares terms of one citizen square holding x stones, one lookup (at most
        # 70 stones: the 50 and two mandarins exchanged, OAQ-6b; engine/oanquan/json.py checks)
        self.sq = sq = [0] * 71  # filled in place: a comprehension leaves its growing list behind
        for x in range(1, 71):
            sq[x] = self.w0 * x + self.w1

    def score(self, pos, me):
        return self.leaf(pos, me, 0)

    def leaf(self, pos, me, ply):
        """The value of `pos` for `me` (to move or not) `ply` plies from the root: final() if
        the game is over, else the terms above; the one call the search makes per leaf."""
        if pos[_OVER]:
            return self.final(pos, me, ply)
        o = 1 - me  # banked material difference, as game.material (OAQ-9) but inline
        m = (pos[_STOCK + me] - pos[_STOCK + o] + self.mval * (pos[_MANDS + me] - pos[_MANDS + o])
             + 2 * (pos[_DEBT + o] - pos[_DEBT + me]))
        if pos[_WIDE]:  # a debt of 256+ (low bytes above are then not enough): exact, rare
            m = self.mat(pos, me) - self.mat(pos, o)
        sq = self.sq  # side and squares terms of a citizen square, by its stone count
        v = (sq[pos[1]] + sq[pos[2]] + sq[pos[3]] + sq[pos[4]] + sq[pos[5]]
             - sq[pos[7]] - sq[pos[8]] - sq[pos[9]] - sq[pos[10]] - sq[pos[11]])
        v = 16 * m + (v if me == 0 else -v)
        if self.w3:
            v += self.w3 if pos[_TURN] == me else -self.w3
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
