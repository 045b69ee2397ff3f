# The AI search (engine/search.py, engine/ai.py) on every game: no allocation per node (under
# micropython.heap_lock() on MicroPython), move ordering for both sides, wins found and losses
# avoided in fixed positions, a legal move in every position of random games. Portable: runs under
# CPython and the MicroPython Unix port (tests/mprun.py).
import gc

from engine import games
from engine import search as S
from engine import ai

try:
    import micropython
    micropython.heap_lock  # CPython may have a 'micropython' launcher package without it
except (ImportError, AttributeError):
    micropython = None

RULES = {"oanquan": {}, "sanyao": {}, "omweso": {"match_points": 1}}

# Positions taken from random games and fixed here as raw position bytes (hex) with the side to
# move: "W" has moves that win at once (the match/game ends with the mover winning), "L" has
# moves after which the opponent wins at once (and at least one that does not lose).
WINS = {
    "oanquan": (("0004020303000701030103000001090e00010000000800000000000000", (4,)),
                ("12000000000000000201000000000a1d00010000011300000000000000", (16, 18)),
                ("0101000102000201010101010000052b00010000011b00000000000000", (14,))),
    "sanyao": (("0005000100010101010000000000000101010101062203000101000000030065000000", (6,)),
               ("000100000d0001000200000000000000000000011f020000000000000007008f000000", (1,)),
               ("02000000000000010000000000000000000000012c0300000000000000070091000000", (7,))),
    "omweso": (("0000010002010201010102010100000002070102010303090003010106060600010000020007"
                "000600000002000000000001000d0000", (1088, 3136, 9)),
               ("00020001000000000504000101010302020101000500020e010303070002020100000002000b"
                "000b0003000400000000000100160000", (1089, 1064, 1065)),
               ("02020304010201030c0a0100040107000000010000010101010103000101000000000002000d"
                "000d00050004000000000001001a0000", (7, 9, 1068))),
}
LOSSES = {
    "oanquan": (("0100010102000200000000000000053000010000001a00000000000000", (5, 6, 7, 8)),
                ("0200010003000001010002000000052d00010000001c00000000000000", (5, 9)),
                ("0300010100000500000100000000032e00010000002800000000000000", (6, 7))),
    "sanyao": (("00000000120001010002000000000000010101011705000301000000000900f1000000", (7,)),
               ("00010201000001000001000000000001010101010329010000010000000a00eb000000", (1,)),
               ("000a010201010000000001010000000101010101061d030000010000000700cc000000", (2,))),
    "omweso": (("0000010201000201010102010100000002070102010303090003010106060600000000020006"
                "000600000002000000000001000c0000", (3,)),
               ("010102030200020009080003030006060200000005000000000003070000000101000002000c"
                "000b0004000400000000000100170000", (4, 10)),
               ("02020304010201030c0a0100040107000000010005000000000003000101000001000002000d"
                "000c0005000400000000000100190000", (4,))),
}


def _pos(hexstr, g=None):
    # positions are stored without the trailing zero bytes a later layout may add
    b = bytearray(bytes.fromhex(hexstr))
    if g is not None and len(b) < g.SIZE:
        b.extend(bytes(g.SIZE - len(b)))
    return b


def _moves(g, pos):
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    return buf[:n]


class _Rng:  # the same sequence on every interpreter
    def __init__(self, seed):
        self.s = seed & 0x3FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.s >> 8) % n


def _midgame(g, plies, seed):
    pos = g.new()
    rng = _Rng(seed)
    for _ in range(plies):
        ms = _moves(g, pos)
        if not ms:
            break
        g.play(pos, ms[rng.below(len(ms))])
    return pos


def _locked(name):
    g = games.load(name)
    s = S.Search(g)
    poss = []
    seed = 3
    while len(poss) < 8:
        for k in (0, 5, 10, 15, 20, 25, 30, 35):
            p = _midgame(g, k, seed)
            if len(_moves(g, p)) > 1:
                poss.append(p)
        seed += 1
    s.run(poss[0], 50, 0, 0)  # warm up (first calls may intern names)
    total = 0
    gc.collect()
    micropython.heap_lock()
    try:
        for pos in poss:
            s.run(pos, 5000, 0, 0)
            total += s.nodes
    finally:
        micropython.heap_unlock()
    assert total >= 20000, total
    for pos in poss:
        s.run(pos, 100, 0, 0)
        assert s.move in _moves(g, pos)


def test_no_allocation_oanquan():
    if micropython is not None:
        _locked("oanquan")


def test_no_allocation_sanyao():
    if micropython is not None:
        _locked("sanyao")


def test_no_allocation_omweso():
    if micropython is not None:
        _locked("omweso")


def test_building_a_search_leaves_little_garbage():
    # Search() makes its arrays without a list of zeros first: on the device such lists lay as
    # garbage next to the new buffers while the first board was drawn, and the lowest free heap
    # of an Omweso game at 320x240 was 3 KB lower (found on the emulated chip, 2026-12-01).
    # Measured on the 64-bit port: 1.5-2.7 KB of garbage left (the evaluation's table, the lists
    # of buffers growing), 5.9-10.3 KB with the lists of zeros.
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: no allocator figures
    s = None
    for name in games.NAMES:
        g = games.load(name)
        S.evaluator(g)  # its module loaded first
        s = None
        gc.collect()
        s = S.Search(g)
        made = gc.mem_alloc()
        gc.collect()
        assert made - gc.mem_alloc() < 4096, (name, made - gc.mem_alloc())
        assert not any(s.base)  # the pool's stack starts at 0


def _check_order(name):
    # Ordering by immediate gain must favour the side to move at nodes of BOTH players: a wrong
    # sign there is a classic fatal bug. Checked at the root and one ply down.
    g = games.load(name, RULES[name])
    s = S.Search(g)
    seen = [0, 0]
    for seed in range(1, 40):
        pos = _midgame(g, 4 + seed % 13, seed)
        if g.over(pos):
            continue
        me = g.to_move(pos)
        ms = _moves(g, pos)
        gains = []
        for m in ms:
            c = bytearray(pos)
            g.play(c, m)
            gains.append(g.material(c, me) - g.material(pos, me))
        mv = s.mv[0]
        n = g.moves(pos, mv)
        s._order_root(pos, s.stack[1], mv, s.key, n, me)
        assert s.key[0] == max(gains), (name, seed)
        for i in range(1, n):
            assert s.key[i - 1] >= s.key[i]
        # interior node: _ab on a position leaves its sorted gains in key (its children are
        # leaves at depth 2, which sort nothing)
        pos2 = bytearray(pos)
        s.limit = s.hard = 1 << 29
        s.ms = 0
        s.stop = False
        s.nodes = 0
        if len(ms) <= s.nk and len(ms) > 1:
            s._ab(pos2, 1, 2, -S.WIN * 2, S.WIN * 2)
            assert s.key[0] == max(gains), (name, seed, s.key[0], gains)
            for i in range(1, len(ms)):
                assert s.key[i - 1] >= s.key[i]
            seen[me] += 1
    assert seen[0] and seen[1], seen


def test_order_both_sides_oanquan():
    _check_order("oanquan")


def test_order_both_sides_sanyao():
    _check_order("sanyao")


def test_order_both_sides_omweso():
    _check_order("omweso")


def _check_fixed(name):
    g = games.load(name, RULES[name])
    s = S.Search(g)
    for hexstr, wins in WINS[name]:
        pos = _pos(hexstr, g)
        m, score, nodes, depth = s.best(pos, nodes=3000)
        assert m in wins, (name, hexstr, m)
        assert score > 500000, (name, hexstr, score)
    for hexstr, losses in LOSSES[name]:
        pos = _pos(hexstr, g)
        m, score, nodes, depth = s.best(pos, nodes=3000)
        assert m in _moves(g, pos) and m not in losses, (name, hexstr, m)


def test_wins_and_losses_oanquan():
    _check_fixed("oanquan")


def test_wins_and_losses_sanyao():
    _check_fixed("sanyao")


def test_wins_and_losses_omweso():
    _check_fixed("omweso")


def test_oanquan_hand_made_win():
    # Player 0: 3- takes the last big stone (square 0) and ends the game 41-29; 3+ does not.
    g = games.load("oanquan")
    pos = g.new()
    for i in range(12):
        pos[i] = 0
    pos[3] = 1
    pos[11] = 3
    pos[12] = 1  # big stone on square 0
    pos[13] = 0
    pos[14] = 30  # stocks
    pos[15] = 16
    pos[17] = 1  # player 1 holds the other big stone
    m, score, nodes, depth = S.Search(g).best(pos, nodes=500)
    assert g.move_str(pos, m) == "3-", g.move_str(pos, m)
    assert score > 500000


def _random_games(name, games_n, plies, every, nodes):
    g = games.load(name, RULES[name])
    s = S.Search(g)
    rng = _Rng(11)
    checked = 0
    for k in range(games_n):
        pos = g.new()
        for ply in range(plies):
            ms = _moves(g, pos)
            if not ms:
                break
            if ply % every == k % every:
                m = s.best(pos, nodes=nodes)[0]
                assert m in ms, (name, ply, m)
                checked += 1
            g.play(pos, ms[rng.below(len(ms))])
    return checked


def test_legal_moves_random_games_oanquan():
    assert _random_games("oanquan", 12, 80, 2, 150) > 100


def test_legal_moves_random_games_sanyao():
    assert _random_games("sanyao", 8, 120, 3, 150) > 100


def test_legal_moves_random_games_omweso():
    assert _random_games("omweso", 6, 60, 3, 60) > 50


def test_budgets_and_levels():
    g = games.load("oanquan")
    s = S.Search(g)
    pos = g.new()
    m, score, nodes, depth = s.best(pos, nodes=1)  # a budget too small still gives a legal move
    assert m in _moves(g, pos)
    m, score, nodes, depth = s.best(pos, depth=3)
    assert depth == 3 and m in _moves(g, pos)
    m, score, nodes, depth = s.best(pos, ms=30)
    assert m in _moves(g, pos)
    a = s.best(pos, nodes=2500)
    b = S.Search(g).best(pos, nodes=2500)
    assert a == b and a[2] == 2500
    p1 = ai.Player(g, seed=7)
    p2 = ai.Player(g, seed=7)
    for level in (1, 2, 3):
        assert p1.move(pos, level) == p2.move(pos, level)
    assert p1.hint(pos) in _moves(g, pos)
    try:
        p1.move(pos, 9)
        assert False, "level 9 accepted"
    except ValueError:
        pass


def _sliced_same(name, budgets, slices):
    # A search run in slices (start, then step(k) until it reports the end) visits exactly the
    # nodes of the same search run at once: same move, score, node count and depth, for slices of
    # every size, including 1 node. Between slices .move is always a legal move.
    g = games.load(name, RULES[name])
    s = S.Search(g)
    seen = 0
    for seed in (1, 2, 3):
        for plies in (0, 9, 23):
            pos = _midgame(g, plies, seed)
            legal = _moves(g, pos)
            if len(legal) < 2:
                continue
            for nodes in budgets:
                whole = s.best(pos, nodes=nodes)
                for k in slices:
                    s.start(pos, nodes)
                    steps = 0
                    while not s.step(k):
                        steps += 1
                        assert s.move in legal, (name, s.move)
                        assert s.nodes == steps * k, (name, s.nodes, steps, k)
                    got = (s.move, s.score, s.nodes, s.depth)
                    assert got == whole, (name, seed, plies, nodes, k, got, whole)
                    seen += 1
    assert seen >= 20, seen


def test_sliced_search_is_the_same_search_oanquan():
    _sliced_same("oanquan", (1, 2, 400, 1500), (1, 7, 256))


def test_sliced_search_is_the_same_search_sanyao():
    _sliced_same("sanyao", (1, 400, 1500), (1, 13, 300))


def test_sliced_search_is_the_same_search_omweso():
    _sliced_same("omweso", (1, 150, 600), (1, 11, 100))


def test_sliced_search_depth_budget_and_restart():
    # a depth budget sliced gives the unsliced answer; start() abandons a paused search cleanly
    g = games.load("oanquan")
    s = S.Search(g)
    pos = _midgame(g, 12, 5)
    whole = s.best(pos, depth=4)
    s.start(_midgame(g, 7, 9), 3000)
    s.step(333)  # paused deep inside the tree
    s.start(pos, 0, 0, 4)
    while not s.step(50):
        pass
    assert (s.move, s.score, s.nodes, s.depth) == whole
    assert s.step(50)  # a finished search stays finished


def test_sliced_search_allocates_nothing():
    if micropython is None:
        return
    for name in ("oanquan", "sanyao", "omweso"):
        g = games.load(name, RULES[name])
        s = S.Search(g)
        pos = _midgame(g, 10, 4)
        s.start(pos, 50)
        s.step(7)
        s.step(0)
        gc.collect()
        micropython.heap_lock()
        try:
            s.start(pos, 3000)
            steps = 0
            while not s.step(97):
                steps += 1
        finally:
            micropython.heap_unlock()
        assert steps >= 20 and s.nodes == 3000, (name, steps, s.nodes)


def _repetition(name):
    # A root move that makes a position of the history occur a third time ends the game (O An
    # Quan, OAQ-10) or the round (San-Yao, SY-7): the search scores that ending, plays the move
    # when the ending wins and avoids it when it loses.
    g = games.load(name, RULES[name])
    s = S.Search(g)
    won = lost = cases = 0
    for seed in range(1, 30):
        pos = _midgame(g, 6 + seed % 20, seed)
        if g.over(pos):
            continue
        me = g.to_move(pos)
        legal = _moves(g, pos)
        if len(legal) < 2:
            continue
        for m in legal:
            child = bytearray(pos)
            g.play(child, m)
            k = g.key(child)
            if k is None or g.over(child):
                continue
            end = bytearray(child)
            g.end_repeated(end, None, me)
            v = s.ev.leaf(end, me, 1)
            seen = [g.key(pos), k, k]  # k twice already: m makes it three times
            best, score, nodes, depth = s.best(pos, nodes=3000, seen=seen)
            assert score >= v, (name, seed, m, score, v)  # m is there with exactly that value
            cases += 1
            plain = s.best(pos, nodes=3000)  # the same search without the history
            if v > S.WIN // 2:  # the repetition ending wins for the mover
                assert score > S.WIN // 2, (name, seed, m, score)
                won += 1
            elif v < -S.WIN // 2 and plain[0] != m and plain[1] > -S.WIN // 2:
                # it loses, and without the history another move looks safe: m is avoided
                assert best != m, (name, seed, m)
                lost += 1
            break
    return won, lost, cases


def test_repetition_oanquan():
    won, lost, cases = _repetition("oanquan")
    assert won + lost >= 3 and cases >= 10, (won, lost, cases)


def test_repetition_sanyao():
    won, lost, cases = _repetition("sanyao")  # the round ends: rarely a won or lost match
    assert cases >= 10, cases
