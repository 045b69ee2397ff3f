# San-Yao property tests (CPython only): thousands of random matches, compared move by move with a
# small independent reference of docs/rules.md section 2 (SY-1..SY-10 and every option).
import json
import random

import pytest

from engine import games
from engine.record import Record

RULESETS = [
    {},
    {"forbid_endless": True},
    {"lap_limit": 20},
    {"lap_limit": 20, "forbid_endless": True},
    {"match_end_below": 6},
    {"loan_is_gift": True},
    {"winner_chooses_sons": True},
    {"winner_chooses_sons": True, "loan_is_gift": True, "match_end_below": 6},
]
HOME = [0] * 5 + [1] * 5


# ---- the reference: plain lists, lap limit only (no cycle shortcut) ----
def ref_sow(b, h, limit):
    b = list(b)
    laps = 1
    while True:
        m, b[h], c = b[h], 0, h
        for _ in range(m):
            c = (c + 1) % 10
            b[c] += 1
        n = (c + 1) % 10
        if b[n] == 0:
            return b, n
        if laps == limit:
            return None, None  # SY-6
        laps += 1
        h = n


def ref_moves(j):
    r = j["rules"]
    if j["result"]:
        return []
    p = j["to_move"]
    if j["phase"] == "choose_sons":
        lo = 5 if p == 0 else 0
        return ["son:%d" % h for h in range(lo, lo + 5) if j["control"][h] != p]
    ms = [h for h in range(10) if j["holes"][h] and j["control"][h] == p]
    if r["forbid_endless"] and len(ms) > 1:
        ok = [h for h in ms if ref_sow(j["holes"], h, r["lap_limit"])[0] is not None]
        ms = ok or ms
    return [str(h) for h in ms]


def ref_fill(j, w):
    r = j["rules"]
    if j["store"][0] != j["store"][1]:
        rem = (j["store"][w] - 25) % 5
        if rem and not r["loan_is_gift"]:
            j["owed"][1 - w] = rem
    j["holes"] = [5] * 10
    j["store"] = [0, 0]
    j["phase"] = "play"


def ref_end_round(j, mover):
    r = j["rules"]
    for i in range(10):
        j["store"][j["control"][i]] += j["holes"][i]
    j["holes"] = [0] * 10
    for d in (0, 1):  # SY-8 repayment
        pay = min(j["owed"][d], j["store"][d])
        j["store"][d] -= pay
        j["store"][1 - d] += pay
    j["owed"] = [0, 0]
    a, b = j["store"]
    lo = r["match_end_below"]
    if a < lo or b < lo:
        j["result"] = {"winner": 0 if b < lo else 1, "reason": "match", "totals": [a, b]}
        j["to_move"] = 1 - mover
        return
    w = 0 if a > b else 1 if b > a else None
    j["starter"] = w if w is not None else 1 - j["starter"]
    j["to_move"] = j["starter"]
    j["round"] += 1
    j["control"] = list(HOME)
    if w is None:
        ref_fill(j, 0)
        return
    k = (j["store"][w] - 25) // 5
    if k and r["winner_chooses_sons"]:
        j["phase"] = "choose_sons"
        return
    first = 5 if w == 0 else 0
    for h in range(first, first + k):
        j["control"][h] = w
    ref_fill(j, w)


def ref_play(j, text):
    j = json.loads(json.dumps(j))
    j["ply"] += 1
    p = j["to_move"]
    if text.startswith("son:"):
        j["control"][int(text[4:])] = p
        lo = 5 if p == 0 else 0
        have = sum(1 for h in range(lo, lo + 5) if j["control"][h] == p)
        if have == (j["store"][p] - 25) // 5:
            ref_fill(j, p)
        return j
    b, n = ref_sow(j["holes"], int(text), j["rules"]["lap_limit"])
    if b is None:
        ref_end_round(j, p)
        return j
    t = (n + 1) % 10
    while b[t]:
        j["store"][p] += b[t]
        b[t] = 0
        n = (t + 1) % 10
        if b[n]:
            break
        t = (n + 1) % 10
    j["holes"] = b
    can = [any(b[h] and j["control"][h] == q for h in range(10)) for q in (0, 1)]
    if sum(b) < 2:
        ref_end_round(j, p)
    elif can[1 - p]:
        j["to_move"] = 1 - p
    elif can[p]:
        j["to_move"] = p
    else:
        ref_end_round(j, p)
    return j


# ---- properties ----
def check_position(g, pos):
    j = g.to_json(pos)
    assert sum(j["holes"]) + sum(j["store"]) == 50
    assert g.from_json(j) == pos
    s = json.dumps(j, sort_keys=True)
    assert json.dumps(g.to_json(g.from_json(json.loads(s))), sort_keys=True) == s
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    texts = [g.move_str(pos, m) for m in buf[:n]]
    assert len(set(texts)) == n
    for m, t in zip(buf[:n], texts):
        assert g.parse_move(pos, t) == m
    if g.over(pos):
        assert n == 0 and j["result"]["reason"] == "match"
    else:
        assert n > 0
        assert g.key(pos)[0] == j["round"] & 255
    return j, buf[:n], texts


def random_match(g, rng, ref=True, maxply=4000):
    pos = g.new()
    j, ms, texts = check_position(g, pos)
    while not g.over(pos) and j["ply"] < maxply:
        if ref:
            assert texts == ref_moves(j)
        i = rng.randrange(len(ms))
        for bad in range(10 if j["ply"] % 8 == 0 else 0):  # every other hole is refused
            if str(bad) not in texts and j["phase"] == "play":
                with pytest.raises(ValueError):
                    g.parse_move(pos, str(bad))
        traced = bytearray(pos)
        tr = []
        g.play(traced, ms[i], tr)
        g.play(pos, ms[i])
        assert traced == pos and all("event" in e for e in tr)
        if ref:
            want = ref_play(j, texts[i])
        j, ms, texts = check_position(g, pos)
        if ref:
            assert j == want, (texts, want)
    return pos


@pytest.mark.parametrize("rules", RULESETS)
def test_SY1_to_SY10_random_matches_match_reference(rules):
    g = games.load("sanyao", rules)
    rng = random.Random(repr(sorted(rules.items())))
    over = 0
    for _ in range(16):
        over += g.over(random_match(g, rng))
    assert over >= 12


@pytest.mark.parametrize("rules", RULESETS)
def test_SY7_many_random_matches_through_record(rules):
    """Thousands of matches overall; Record applies the SY-7 threefold-repetition safeguard."""
    g = games.load("sanyao", rules)
    rng = random.Random(7)
    buf = [0] * g.MAX_MOVES
    for _ in range(300):
        rec = Record(g, g.new())
        while not g.over(rec.pos) and g.ply(rec.pos) < 3000:
            n = g.moves(rec.pos, buf)
            assert n > 0
            rec.play(buf[rng.randrange(n)])
            pos = rec.pos
            assert sum(pos[:10]) + g.material(pos, 0) + g.material(pos, 1) == 50
        check_position(g, rec.pos)


def test_SY6_random_boards_endless_equals_lap_limit_rule():
    """The cycle shortcut never changes the verdict of the lap-limit rule."""
    rng = random.Random(3)
    for limit in (20, 40, 200):
        g = games.load("sanyao", {"lap_limit": limit})
        for _ in range(3000):
            holes = [0] * 10
            for _ in range(rng.randint(2, 30)):
                holes[rng.randrange(10)] += 1
            h = rng.choice([i for i in range(10) if holes[i]])
            j = g.to_json(g.new())
            j.update(holes=holes, store=[50 - sum(holes), 0], to_move=0 if h < 5 else 1)
            pos = g.from_json(j)
            assert g.endless(pos, h) == (ref_sow(holes, h, limit)[0] is None)


def test_SY6_rules_example_repeats_every_40_laps():
    board = [1, 0, 2, 1, 0, 2, 1, 2, 1, 0]
    assert ref_sow(board, 7, 100000)[0] is None
    g = games.load("sanyao", {"lap_limit": 100000})
    j = g.to_json(g.new())
    j.update(holes=board, store=[20, 20], to_move=1)
    assert g.endless(g.from_json(j), 7)
