# San-Yao random matches (portable, MicroPython under -X heapsize=180k): SY-1..SY-10 invariants.
# 50 stones conserved (SY-1, SY-8, SY-9), positions ready to move (SY-2), every round starts with 5
# in each hole (SY-9), and moves/play allocate nothing (checked under micropython.heap_lock()).
from engine.sanyao import Game
from rng import Rng


def _check(g, pos):
    board = 0
    for i in range(10):
        board += pos[i]
    assert board + g.material(pos, 0) + g.material(pos, 1) == 50
    buf = [0] * 10
    n = g.moves(pos, buf)
    if g.over(pos):
        assert n == 0 and board == 0
        r = g.result(pos)
        lo = g.rules["match_end_below"]
        assert r["totals"][1 - r["winner"]] < lo <= r["totals"][r["winner"]]
    else:
        assert n > 0  # SY-2: the handed-out position is ready to move
        if g.sons_due(pos) == 0:
            assert board >= 2


def _match(g, rng, plies):
    pos = g.new()
    buf = [0] * 10
    rounds = 1
    for _ in range(plies):
        if g.over(pos):
            break
        n = g.moves(pos, buf)
        r = g.round(pos)
        g.play(pos, buf[rng.below(n)])
        _check(g, pos)
        if g.round(pos) != r:
            rounds += 1
            if not g.over(pos) and not g.sons_due(pos):
                for i in range(10):
                    assert pos[i] == 5  # SY-9: every hole again holds 5
    return pos, rounds


def test_SY1_SY10_random_matches_conserve_50_stones():
    rng = Rng(1)
    ends = 0
    for opts in ({}, {"forbid_endless": True, "lap_limit": 20}, {"loan_is_gift": True},
                 {"winner_chooses_sons": True, "match_end_below": 6}):
        g = Game(opts)
        for _ in range(50):
            pos, rounds = _match(g, rng, 3000)
            ends += g.over(pos)
    assert ends > 100


def test_SY6_SY7_play_and_moves_allocate_nothing():
    try:
        import micropython
    except ImportError:
        return  # CPython: nothing to prove here
    if not hasattr(micropython, "heap_lock"):
        return  # a stand-in module (e.g. Blinka's on CPython)
    rng = Rng(5)
    buf = [0] * 10
    count = 0
    for opts in ({}, {"forbid_endless": True, "lap_limit": 20}, {"winner_chooses_sons": True}):
        g = Game(opts)
        start = g.new()
        pos = g.new()
        micropython.heap_lock()
        try:
            for _ in range(30):
                for i in range(len(start)):
                    pos[i] = start[i]
                while not g.over(pos):
                    n = g.moves(pos, buf)
                    g.play(pos, buf[rng.below(n)])
                    count += 1
                    if count > 100000:
                        break
        finally:
            micropython.heap_unlock()
    assert count > 1000
