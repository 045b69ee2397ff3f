# Random O An Quan games on any interpreter (the MicroPython Unix port included): conservation,
# ready-to-move positions, terminating turns (no allocation in moves/play: test_random_games.py).
from oaq_util import game
from rng import Rng
from engine.record import Record

GAMES = 300


def _check(g, pos, mv):
    total = sum(pos[0:12]) + pos[14] + pos[15] + mv * (pos[12] + pos[13] + pos[16] + pos[17])
    assert total == 50 + 2 * mv, total
    if not g.over(pos):
        p = g.to_move(pos)
        first = 1 if p == 0 else 7
        assert sum(pos[first:first + 5]) > 0  # ready to move: refill already applied
    else:
        r = g.result(pos)
        assert sum(r["score"]) <= 50 + 2 * mv


def test_OAQ_random_games_conserve_value_and_end():
    rng = Rng(7)
    buf = [0] * 10
    for i in range(GAMES):
        g = game(mandarin_value=(10, 5)[i % 2], young_mandarin=(i % 3 == 0),
                 empty_mandarin_ends_turn=(i % 4 == 1), mandarin_exchange=(i % 5 != 2),
                 end_when_big_captured=(i % 7 == 3))
        rec = Record(g, g.new())
        plies = 0
        while not g.over(rec.pos):
            n = g.moves(rec.pos, buf)
            assert n > 0
            rec.play(buf[rng.below(n)])
            _check(g, rec.pos, g.rules["mandarin_value"])
            plies += 1
            assert plies < 2000
