# engine/record.py keeps only the repetition keys that can still recur (OAQ-10, SY-7): a key's
# first EPOCH bytes never come back once changed. Checked against a naive record that keeps every
# key of the game (O An Quan) or round (San-Yao): the same positions move by move. Portable.
from engine import games
from engine.record import Record
from rng import Rng


class _Naive:
    """Every key since the start of the game or round; ends on the third occurrence."""

    def __init__(self, g, pos):
        self.g = g
        self.pos = pos
        self.round = self._round()
        self.seen = [g.key(pos)]

    def _round(self):
        return self.g.key(self.pos)[0] if self.g.NAME == "sanyao" else 0

    def play(self, m):
        g = self.g
        mover = g.to_move(self.pos)
        g.play(self.pos, m)
        if self._round() != self.round:
            self.round = self._round()
            self.seen = []
        k = g.key(self.pos)
        self.seen.append(k)
        if self.seen.count(k) >= 3:
            g.end_repeated(self.pos, None, mover)


def _compare(name, games_, limit):
    g = games.load(name)
    buf = [0] * g.MAX_MOVES
    most = 0
    for seed in range(games_):
        rng = Rng(seed + 1)
        rec = Record(g, g.new())
        ref = _Naive(g, bytearray(rec.pos))
        n = 0
        while not g.over(rec.pos) and n < limit:
            k = g.moves(rec.pos, buf)
            m = buf[rng.below(k)]
            rec.play(m)
            ref.play(m)
            assert bytes(rec.pos) == bytes(ref.pos), (name, seed, n)
            e = g.EPOCH
            assert all(s[:e] == rec.seen[-1][:e] for s in rec.seen)
            most = max(most, len(rec.seen))
            n += 1
    return most


def test_OAQ10_pruned_record_plays_like_full_history():
    assert _compare("oanquan", 40, 400) < 200


def test_SY7_pruned_record_plays_like_full_history_and_stays_small():
    assert _compare("sanyao", 8, 1500) < 120
