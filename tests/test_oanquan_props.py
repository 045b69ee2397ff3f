# Property tests over thousands of random O An Quan games (CPython): value conservation with
# debts, ready-to-move positions, exact JSON round-trips, terminating turns, move text round-trips.
import json
import random

from engine import games
from engine.record import Record
from tools.jsonfmt import dumps

OPTION_SETS = [
    {}, {"mandarin_value": 5}, {"young_mandarin": True}, {"young_mandarin": True, "young_window": 0},
    {"empty_mandarin_ends_turn": True}, {"end_when_big_captured": True},
    {"mandarin_exchange": False}, {"young_mandarin": True, "young_threshold": 8, "mandarin_value": 5},
]


def _random_games(n, seed):
    rng = random.Random(seed)
    buf = [0] * 10
    for i in range(n):
        g = games.load("oanquan", OPTION_SETS[i % len(OPTION_SETS)])
        rec = Record(g, g.new())
        while not g.over(rec.pos):
            k = g.moves(rec.pos, buf)
            yield g, rec, [buf[j] for j in range(k)]
            rec.play(buf[rng.randrange(k)])
        yield g, rec, []


def test_OAQ_props_thousands_of_games():
    games_seen = 0
    reasons = set()
    for g, rec, moves in _random_games(3000, 1):
        pos = rec.pos
        mv = g.rules["mandarin_value"]
        j = g.to_json(pos)
        # value conservation (OAQ-1, OAQ-6: borrowing moves stones, never makes them)
        total = (sum(j["squares"]) + sum(j["stock"]) + mv * (sum(j["big"]) + sum(j["mandarins"])))
        assert total == 50 + 2 * mv
        # exact JSON round-trip, through the text form too
        back = g.from_json(json.loads(dumps(j)))
        assert back == pos and dumps(g.to_json(back)) == dumps(j)
        if moves:
            p = j["to_move"]
            row = j["squares"][1:6] if p == 0 else j["squares"][7:12]
            assert any(row), "not ready to move"
            texts = [g.move_str(pos, m) for m in moves]
            assert len(set(texts)) == len(texts)
            assert [g.parse_move(pos, t) for t in texts] == moves
        else:
            games_seen += 1
            r = j["result"]
            reasons.add(r["reason"])
            # OAQ-9: scores count debts both ways; only big stones left on the board are lost
            lost = mv * sum(j["big"]) + sum(j["squares"])
            assert sum(r["score"]) == 50 + 2 * mv - lost
            assert r["winner"] == (None if r["score"][0] == r["score"][1]
                                   else int(r["score"][1] > r["score"][0]))
    assert games_seen == 3000
    assert "mandarins" in reasons


def test_OAQ6_random_games_reach_refills_and_borrowing():
    kinds = set()
    rng = random.Random(5)
    buf = [0] * 10
    g = games.load("oanquan")
    for _ in range(1500):
        pos = g.new()
        while not g.over(pos):
            k = g.moves(pos, buf)
            tr = []
            g.play(pos, buf[rng.randrange(k)], tr)
            kinds.update(e["event"] for e in tr)
            if any(e["event"] == "end" and e["reason"] == "no_refill" for e in tr):
                kinds.add("no_refill")
    assert {"refill", "borrow", "exchange"} <= kinds
