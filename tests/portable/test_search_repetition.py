# The search and the repetition rules (OAQ-10, SY-7; engine/repeat.py, docs/ai.md): a position
# the search reaches within repeat.PLIES plies that would occur for the third time (the history
# plus the search's own path) is valued as the ending the rule makes there. Checked against a
# plain minimax that plays every line through the rules with its history; sliced or not, the
# same search; the pondering AI searches the guessed reply with the history it will have.
# Portable: CPython and the MicroPython Unix port (where the search runs with the heap locked).
import gc

from engine import games
from engine import ai
from engine import repeat
from engine import search as S
from engine.record import Record

from test_search import RULES, _midgame, _moves

DEPTH = 4


def _ref(g, ev, pos, ply, depth, seen, path):
    # negamax value of pos for its side to move, each line with its history (seen + path), the
    # rule applied as Record applies it, at plies 1..PLIES (the search's horizon of the rule)
    me = g.to_move(pos)
    best = -S.WIN * 2
    for m in _moves(g, pos):
        kid = bytearray(pos)
        g.play(kid, m)
        v = None
        if g.over(kid):
            v = ev.leaf(kid, me, ply + 1)
        else:
            k = g.key(kid)
            if ply + 1 <= repeat.PLIES and seen.count(k) + path.count(k) >= 2:
                end = bytearray(kid)
                g.end_repeated(end, None, me)
                if end != kid:
                    v = ev.leaf(end, me, ply + 1)
            if v is None:
                if depth == 1:
                    v = ev.leaf(kid, me, ply + 1)
                else:
                    path.append(k)
                    if g.to_move(kid) != me:
                        v = -_ref(g, ev, kid, ply + 1, depth - 1, seen, path)
                    else:
                        v = _ref(g, ev, kid, ply + 1, depth - 1, seen, path)
                    path.pop()
        if v > best:
            best = v
    return best


def _children(g, pos):
    out = []
    for m in _moves(g, pos):
        kid = bytearray(pos)
        g.play(kid, m)
        if not g.over(kid):
            out.append(kid)
    return out


def _cases(name, count):
    # midgame positions with a history in which positions 2 plies ahead (after every second
    # root move) and 3 plies ahead (after the others, down their first replies) occurred twice
    gc.collect()  # the 64-bit port's 180 KB heap: room for the histories in one piece
    g = games.load(name, RULES[name])
    out = []
    seed = 1
    while len(out) < count:
        seed += 1
        pos = _midgame(g, 8 + seed % 17, seed)
        if g.over(pos) or len(_moves(g, pos)) < 2:
            continue
        seen = []
        for i, a in enumerate(_children(g, pos)[:6]):
            for b in _children(g, a):
                deeper = _children(g, b)[:1] if i & 1 else [b]
                for c in deeper:
                    seen += [g.key(c), g.key(c)]
        seen.append(g.key(pos))
        out.append((pos, seen))
    return g, out


def _exact(name):
    g, cases = _cases(name, 5)
    s = S.Search(g)
    changed = 0
    for pos, seen in cases:
        want = _ref(g, s.ev, pos, 0, DEPTH, seen, [])
        move, score, nodes, depth = s.best(pos, depth=DEPTH, seen=seen)
        assert score == want, (name, score, want)
        plain = s.best(pos, depth=DEPTH)
        assert plain[1] == _ref(g, s.ev, pos, 0, DEPTH, [], [])  # nothing seen: nothing repeats
        if plain[:2] != (move, score):
            changed += 1
    assert changed >= 2, (name, changed)  # the history changed the answer


def test_OAQ10_search_values_repetitions_within_its_plies_exactly():
    _exact("oanquan")


def test_SY7_search_values_repetitions_within_its_plies_exactly():
    _exact("sanyao")


def test_repetition_hash_is_the_keys():
    # ended() hashes the position's bytes at Game.KEY: the same as the hash of Game.key()
    for name in ("oanquan", "sanyao"):
        g = games.load(name, RULES[name])
        r = repeat.Repeats(g)
        r.load([b"\x01"])
        for seed in range(1, 12):
            pos = _midgame(g, seed * 3, seed)
            assert not r.ended(pos, 2, 0)
            assert r.path[2] == repeat.key_hash(g.key(pos)) and 0 <= r.path[2] < 1 << 30


def test_a_sliced_search_with_a_history_is_the_same_search():
    for name in ("oanquan", "sanyao"):
        g, cases = _cases(name, 3)
        s = S.Search(g)
        for pos, seen in cases:
            whole = s.best(pos, nodes=2500, seen=seen)
            s.start(pos, 2500, 0, 0, seen)
            while not s.step(61):
                pass
            assert (s.move, s.score, s.nodes, s.depth) == whole, name


def test_a_large_history_changes_nothing_but_its_own_positions():
    g, cases = _cases("oanquan", 1)
    pos, seen = cases[0]
    s = S.Search(g)
    first = s.best(pos, depth=DEPTH, seen=seen)
    hist = [b""] * 200 + seen
    for i in range(200):
        hist[i] = bytes([2, 2]) + bytes([i]) * 17  # keys of another epoch: never reached
    again = s.best(pos, depth=DEPTH, seen=hist)
    hs, n = s.rep.hs, s.rep.n
    assert n == len(hist) and again == first
    assert all(hs[i] <= hs[i + 1] for i in range(n - 1))  # sorted, and every key's hash there:
    assert sum(hs[i] for i in range(n)) == sum(repeat.key_hash(k) for k in hist)


def test_pondering_searches_the_guessed_reply_with_its_history():
    # The reply search made while the human thinks uses the history the game will have after
    # the guessed move, so begin() keeps it when the human plays that move: the same answer
    # as a fresh search, sooner. A different history starts afresh.
    g, cases = _cases("oanquan", 2)
    p = None
    for pos, seen in cases:
        p = None
        gc.collect()  # the last Player's buffers go first, as the app does (Session.ai)
        p = ai.Player(g, 1)
        p.ponder(pos, 3, seen)
        while p.state == 2:
            p.work(500)
        if p.state != 3:
            continue
        rec = Record(g, bytearray(pos), seen)
        rec.play(p.guess)
        p.work(300)
        nodes = p.search.nodes
        p.begin(rec.pos, 3, None, rec.seen)
        assert p.search.nodes == nodes  # kept
        while not p.work(500):
            pass
        fresh = ai.Player(g, 1)
        fresh.begin(rec.pos, 3, None, rec.seen)
        while not fresh.work(0):
            pass
        assert (p.result(), p.search.score) == (fresh.result(), fresh.search.score)
        p.ponder(pos, 3, seen)
        while p.state == 2:
            p.work(500)
        p.begin(rec.pos, 3, None, rec.seen[:-1])  # not the history it searched with
        assert p.search.nodes == 0


def test_OAQ10_search_counts_its_own_path():
    # From this position (found in random games) 4-, 8+, 4- comes back to the position after the
    # first 9+: seen once before, it occurs for the third time at ply 3 and the game ends there.
    g = games.load("oanquan", RULES["oanquan"])
    pos = bytearray(bytes.fromhex("0001010101010900000000010000160d0200000000"
                                  "1a0000000000000000000000000000"))
    line = [pos]
    for m in (9, 16, 9):
        p = bytearray(line[-1])
        g.play(p, m)
        line.append(p)
    assert g.key(line[3]) == g.key(line[1])
    seen = [g.key(line[1]), g.key(pos)]
    r = repeat.Repeats(g)
    r.load(seen)
    me = g.to_move(pos)
    assert not r.ended(line[1], 1, me) and not r.ended(line[2], 2, 1 - me)
    assert r.ended(line[3], 3, me) and g.over(r.buf)
    s = S.Search(g)
    assert s.best(pos, depth=DEPTH, seen=seen)[1] == _ref(g, s.ev, pos, 0, DEPTH, seen, [])
