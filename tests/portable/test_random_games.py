# Random games of every game (engine.games.NAMES) through the common Game face, on any interpreter
# (the MicroPython Unix port too): docs/engine.md's contract holds at every position — ready to
# move until over, moves unique small ints, each printed and parsed back, the JSON round trip, a
# result exactly when over, the ply counted — and moves/play allocate nothing (heap_lock). What
# each game conserves and restores is checked in its own test_<game>_random.py.
from engine import games
from engine.record import Record
from rng import Rng

GAMES = 4  # per rule set of a game, each to its end or PLIES
PLIES = 500


def rule_sets(g):
    """The defaults, then every option at each of its other values one at a time (a range: its
    lowest value), so no option goes untried."""
    out = [{}]
    for name, default, allowed in g.OPTIONS:
        values = allowed if isinstance(allowed, tuple) else (allowed[0],)
        out += [{name: v} for v in values if v != default]
    return out


def check_contract(g, pos, buf, full):
    """The common face at one position; the number of legal moves."""
    n = g.moves(pos, buf)
    if g.over(pos):
        assert n == 0 and g.result(pos) is not None
        return 0
    assert n > 0 and g.result(pos) is None
    assert g.to_move(pos) in (0, 1)
    seen = {}
    for i in range(n):
        m = buf[i]
        assert 0 <= m < (1 << 30) and m not in seen
        seen[m] = 1
        if full:
            assert g.parse_move(pos, g.move_str(pos, m)) == m
    if full:
        assert g.from_json(g.to_json(pos)) == pos
    return n


def play_random(g, rng, buf):
    """One random game (or match) from the start; True if it ended within PLIES."""
    rec = Record(g, g.new())
    for ply in range(PLIES):
        n = check_contract(g, rec.pos, buf, ply % 5 == 0)
        if n == 0:
            return True
        before = g.to_json(rec.pos)["ply"]
        rec.play(buf[rng.below(n)])
        assert g.to_json(rec.pos)["ply"] == before + 1, g.NAME
    return False


def test_every_game_plays_random_games_within_its_contract():
    for k, name in enumerate(games.NAMES):
        rng = Rng(k + 1)
        ended = 0
        for rules in rule_sets(games.load(name)):
            g = games.load(name, rules)
            buf = [0] * g.MAX_MOVES
            for _ in range(GAMES):
                ended += play_random(g, rng, buf)
        assert ended > 0, name  # random play reaches the end of a game (or match)


def test_every_game_moves_and_play_allocate_nothing():
    try:
        import micropython
        micropython.heap_lock
    except (ImportError, AttributeError):
        return  # CPython (a 'micropython' stand-in may be importable): nothing to prove
    for k, name in enumerate(games.NAMES):
        g = games.load(name)
        rng = Rng(k + 3)
        buf = [0] * g.MAX_MOVES  # small ints: writing them allocates nothing
        start = g.new()
        pos = g.new()
        count = 0
        micropython.heap_lock()
        try:
            for _ in range(20):
                for i in range(len(start)):
                    pos[i] = start[i]
                while not g.over(pos) and count < 20000 * (k + 1):
                    g.play(pos, buf[rng.below(g.moves(pos, buf))])
                    count += 1
        finally:
            micropython.heap_unlock()
        assert count > 500, name
