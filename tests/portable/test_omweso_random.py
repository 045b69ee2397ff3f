# Random Omweso matches under every option set (portable: also run under MicroPython with
# -X heapsize=180k). Invariants: 64 seeds (OM conservation), the common face of every game
# (test_random_games.py: ready to move, moves unique and printable/parsable, JSON round trip),
# counters and points only grow, the match ends.
from engine import games
from rng import Rng
from test_random_games import check_contract

RULESETS = (
    {"match_points": 8},
    {"setup": "free", "match_points": 6, "next_starter": "alternate"},
    {"setup": "two_each", "first_turn_capture": True, "match_points": 8},
    {"forbid_endless": True, "lap_limit": 20, "akakyala": True, "match_points": 8},
    {"three_seed_opening": True, "front_row_win": True, "akawumbi_points": 6, "match_points": 8},
)


def _setup_text(rng):
    a = [0] * 16
    for _ in range(32):
        a[rng.below(16)] += 1
    return "setup:" + ",".join([str(c) for c in a])


def _check(g, pos, buf, full):
    """64 seeds on the board, all of them material; the common face (test_random_games.py)."""
    total = 0
    for i in range(32):
        total += pos[i]
    assert total == 64
    assert g.material(pos, 0) + g.material(pos, 1) == 64
    return check_contract(g, pos, buf, full)


def _match(k, plies):
    g = games.load("omweso", RULESETS[k % len(RULESETS)])
    rng = Rng(k)
    buf = [0] * g.MAX_MOVES
    pos = g.new()
    games_seen = 1
    for ply in range(plies):
        n = _check(g, pos, buf, ply % 4 == 0)
        if n == 0:
            break
        j = g.to_json(pos)
        gn = j["game_no"]
        if j["phase"] == "setup" and rng.below(2):  # a random free arrangement
            m = g.parse_move(pos, _setup_text(rng))
        else:
            m = buf[rng.below(n)]
        g.play(pos, m)
        j = g.to_json(pos)
        assert j["ply"] == ply + 1
        if j["game_no"] != gn:
            games_seen += 1
    return g, pos, games_seen


def test_random_matches_every_option_set():
    for k in range(10):
        g, pos, n = _match(k, 1500)
        assert n >= 1


def test_OM8_random_match_reaches_match_points():
    over = 0
    for k in range(5):
        g, pos, n = _match(100 + k, 5000)
        if g.over(pos):
            over += 1
            r = g.result(pos)
            assert r["points"][r["winner"]] >= g.rules["match_points"]
    assert over >= 3
