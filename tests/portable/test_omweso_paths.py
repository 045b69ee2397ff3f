# Omweso's sowing rules (OM-3..OM-7) live in two places on purpose: Game._sow, the AI's untraced
# hot path (with moves()' cache of sowings), and engine/omweso/run.py's run, traced for the animation
# and the choice points. They must give the same position for every move under every rule set
# (issue 30 #4). Portable: plain functions and asserts, run under MicroPython too.
from engine import omweso
from engine.omweso import SETUP
from rng import Rng


class _Events:
    """A trace that only counts its events: the traced path runs, and a move of a thousand events
    (an endless sowing to the lap limit) does not hold a thousand dicts in 180 KB."""

    def __init__(self):
        self.n = 0

    def append(self, e):
        self.n += 1


# every option at each of its other values, one at a time, and two mixes
RULE_SETS = [{}, {"setup": "free"}, {"setup": "two_each"}, {"first_turn_capture": True},
             {"forbid_endless": True}, {"lap_limit": 20}, {"akawumbi_points": 6},
             {"akakyala": True}, {"front_row_win": True}, {"next_starter": "alternate"},
             {"three_seed_opening": True}, {"match_points": 1},
             {"first_turn_capture": True, "akakyala": True, "front_row_win": True,
              "lap_limit": 40},
             {"setup": "free", "forbid_endless": True, "three_seed_opening": True}]


def _paths_agree(rules, seed, moves):
    rng = Rng(seed)
    g = omweso.Game(rules)
    cold = omweso.Game(rules)  # moves() never called: every untraced play goes through _sow
    pos = g.new()
    buf = [0] * g.MAX_MOVES
    tried = 0
    while tried < moves:
        if g.over(pos):
            pos = g.new()
        n = g.moves(pos, buf)  # fills g's cache of this position's sowings
        for k in range(n if n <= 6 else 6):
            m = buf[rng.below(n)]
            if m & SETUP:
                continue  # an arrangement is not sown
            traced = bytearray(pos)
            g.play(traced, m, _Events())
            cached = bytearray(pos)
            g.moves(pos, buf)  # (the cache is of the position moves() saw last)
            g.play(cached, m)
            fresh = bytearray(pos)
            cold.play(fresh, m)
            assert traced == cached == fresh, (rules, list(pos), m)
            tried += 1
        g.moves(pos, buf)
        g.play(pos, buf[rng.below(n)])
    return tried


def test_OM3_to_OM7_traced_and_untraced_sowing_agree_under_every_rule_set():
    total = 0
    for i in range(len(RULE_SETS)):
        total += _paths_agree(RULE_SETS[i], i, 1000)
    assert total >= 1000 * len(RULE_SETS)
