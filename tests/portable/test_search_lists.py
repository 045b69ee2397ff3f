# The search's move lists and child buffers (engine/search.py), portable (CPython and MicroPython
# -X heapsize=180k): the pool's size never changes the search, a node wider than its list is
# valued as it stands, and a root wider than its first list is searched whole.
import gc

from engine import games
from engine import search as S
from test_search import RULES, _midgame, _moves


def test_the_child_pool_size_never_changes_the_search():
    # The interior plies share one pool of child buffers (Search(pool=...)); a node the pool
    # cannot serve orders its moves by replaying them. Both ways give the same order, so any
    # pool size, from none usable (1) to more than any path needs, finds the same move, score,
    # node count and depth, at once and in slices.
    for name in ("oanquan", "sanyao", "omweso"):
        g = games.load(name, RULES[name])
        positions = [_midgame(g, plies, seed) for seed, plies in ((1, 0), (2, 9), (3, 23))]
        positions = [p for p in positions if len(_moves(g, p)) >= 2]
        assert positions
        found = []
        own = getattr(S.evaluator(g), "pool", 0) or 40  # the game's default (Eval.pool)
        for k, size in ((1, 1), (12, 12), (0, own), (40, 40), (255, 255)):
            s = S.Search(g, pool=k)  # one at a time: four Omweso searches exceed a 180 KB heap
            assert s.npool == size
            got = []
            for pos in positions:
                got.append(s.best(pos, nodes=900))
                s.start(pos, 900)
                while not s.step(37):
                    pass
                got.append((s.move, s.score, s.nodes, s.depth))
            found.append(got)
            s = None
            gc.collect()
        assert all(f == found[0] for f in found), (name, found)


def test_a_node_wider_than_its_move_list_is_valued_as_it_stands():
    # Below the root the move lists hold `wide` moves (64: Omweso lists up to 256, but even 48
    # are rare). A node whose list fills up may be missing moves: it is not searched deeper.
    g = games.load("omweso", RULES["omweso"])
    out = [0] * 3
    pos = g.new()
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    assert n > 3 and g.moves(pos, out) == 3 and out == buf[:3]  # a short list stops there
    pos = _midgame(g, 23, 2)
    legal = _moves(g, pos)
    full = S.Search(g, wide=256)
    got = {}
    for wide in (2, 4, 64):
        s = S.Search(g, wide=wide)
        assert len(s.mv[0]) == 64 and len(s.mv[1]) == wide and len(s.spare()) == wide
        got[wide] = s.best(pos, nodes=1500)
        assert got[wide][0] in legal
        s = None
        gc.collect()
    assert got[64] == full.best(pos, nodes=1500)  # no node this wide: the same search
    assert got[2] != got[64]  # most nodes have more than 2 moves: valued without a search


class _Doubled:
    """Omweso listing each of its moves `k` times over (k copies of the list): a root wider
    than the search's first root list (64), as a rare real position is."""

    def __init__(self, g, k):
        self.g = g
        self.k = k
        self.NAME = g.NAME
        self.MAX_MOVES = g.MAX_MOVES
        self.SIZE = g.SIZE
        self.buf = [0] * g.MAX_MOVES

    def moves(self, pos, out):
        n = self.g.moves(pos, self.buf)
        m = 0
        for _ in range(self.k):
            for i in range(n):
                if m == len(out):
                    return m
                out[m] = self.buf[i]
                m += 1
        return m

    def __getattr__(self, name):
        return getattr(self.g, name)


def test_a_root_wider_than_its_first_list_is_searched_whole():
    # The root's move list starts at 64 (Omweso lists up to 256: 1.5 KB with the ordering keys,
    # for positions that rarely list 48); a root that fills it is listed again whole, and the
    # list stays whole for the searches after it
    g = games.load("omweso", RULES["omweso"])
    pos = _midgame(g, 23, 2)
    legal = _moves(g, pos)
    k = 70 // len(legal) + 1
    wide = _Doubled(g, k)
    s = S.Search(wide)
    assert len(s.mv[0]) == 64
    s.start(pos, nodes=400)
    assert s.n == k * len(legal) > 64 and len(s.mv[0]) == g.MAX_MOVES
    assert sorted(s.mv[0][i] for i in range(s.n)) == sorted(legal * k)
    while not s.step(50):
        pass
    assert s.move in legal
    s.start(pos, nodes=400)  # whole from now on: nothing made again
    assert len(s.mv[0]) == g.MAX_MOVES and s.n == k * len(legal)
