# Random O An Quan games on any interpreter (the MicroPython Unix port included): conservation,
# ready-to-move positions, terminating turns, and no allocation in moves/play (heap_lock).
from oaq_util import game, Rng
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


def test_OAQ_moves_and_play_allocate_nothing():
    try:
        import micropython
        micropython.heap_lock
    except (ImportError, AttributeError):
        return  # CPython (a 'micropython' launcher package may be importable): nothing to prove
    g = game(young_mandarin=True)
    pos = g.new()
    start = bytearray(pos)
    buf = bytearray(10)
    rng = Rng(3)
    count = 0
    micropython.heap_lock()
    try:
        for _ in range(200):
            pos[:] = start
            while not g.over(pos):
                n = g.moves(pos, buf)
                g.play(pos, buf[rng.below(n)])
                count += 1
    finally:
        micropython.heap_unlock()
    assert count > 1000
