# Property tests for engine/omweso.py over many random games and matches (CPython only).
# An independent, deliberately naive reference (plain lists, recursion at choice points, no cycle
# detection: only the OM-7 lap count) checks that moves() lists every choice sequence exactly once
# and that play() gives the same board, including the endless verdicts.
import random

import pytest

from engine import games
from engine import omweso

NOTATION_CHARS = "0123456789+-*"


def ref_leaves(own, opp, pit, allow, lim, frw):
    """{choice string: (status, own, opp, captured)} for the move from `pit` (docs/rules.md OM-3..7)."""
    res = {}

    def tema(ends, opp):
        return ends == 3 or (frw and not any(opp[8:16]))

    def run(own, opp, s, hand, laps, ends, ch, cap):
        while True:
            if allow and s in (0, 1, 14, 15) and len(ch) < 19:
                o2 = own[:]
                i = s
                for _ in range(hand):
                    i = (i - 1) % 16
                    o2[i] += 1
                if o2[i] > 1 and i >= 8 and opp[i - 8] and opp[23 - i]:
                    p2 = opp[:]
                    c = p2[i - 8] + p2[23 - i]
                    p2[i - 8] = p2[23 - i] = 0
                    e2 = ends | (1 if i == 15 else 2 if i == 8 else 0)
                    if tema(e2, p2):
                        j = s
                        for _ in range(c):
                            j = (j + 1) % 16
                            o2[j] += 1
                        res[ch + "-"] = ("tema", o2, p2, True)
                    else:
                        run(o2, p2, s, c, 0, e2, ch + "-", True)
                    ch += "+"
            laps += 1
            i = s
            for _ in range(hand):
                i = (i + 1) % 16
                own[i] += 1
            if own[i] == 1:
                res[ch] = ("end", own, opp, cap)
                return
            if allow and i >= 8 and opp[i - 8] and opp[23 - i]:
                hand = opp[i - 8] + opp[23 - i]
                opp = opp[:]
                opp[i - 8] = opp[23 - i] = 0
                ends |= 1 if i == 15 else 2 if i == 8 else 0
                cap = True
                laps = 0
                if tema(ends, opp):
                    j = s
                    for _ in range(hand):
                        j = (j + 1) % 16
                        own[j] += 1
                    res[ch] = ("tema", own, opp, True)
                    return
                continue
            if laps >= lim:
                res[ch] = ("endless", own, opp, cap)
                return
            s = i
            hand = own[i]
            own[i] = 0

    own = list(own)
    hand = own[pit]
    own[pit] = 0
    run(own, list(opp), pit, hand, 0, 0, "", False)
    return res


def ref_moves(g, js):
    """Reference legal move strings -> leaf, for a play-phase position object."""
    r = g.rules
    p = js["to_move"]
    own, opp = js["pits"][p], js["pits"][1 - p]
    first = 1 if r["setup"] == "free" else 0
    allow = r["first_turn_capture"] or js["moves_made"][p] > first
    out = {}
    for pit in range(16):
        if own[pit] < 2:
            continue
        leaves = ref_leaves(own, opp, pit, allow, r["lap_limit"], r["front_row_win"])
        for ch, leaf in leaves.items():
            out["%d%s" % (pit, ch)] = leaf
        if r["three_seed_opening"] and own[pit] == 3 and js["captures"] == [0, 0]:
            o2 = list(own)
            o2[pit] = 0
            o2[(pit + 1) % 16] += 2
            o2[(pit + 2) % 16] += 1
            out["%d*" % pit] = ("end", o2, list(opp), False)
    if r["forbid_endless"] and any(v[0] != "endless" for v in out.values()):
        out = dict((k, v) for k, v in out.items() if v[0] != "endless")
    return out


def all_moves(g, pos):
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    return buf[:n]


def check_position(g, pos, rng, ref=True):
    js = g.to_json(pos)
    # OM: 64 seeds always on the board, JSON round trip exact
    assert sum(js["pits"][0]) + sum(js["pits"][1]) == 64
    assert g.from_json(js) == pos
    assert g.to_json(g.from_json(js)) == js
    assert g.key(pos) is None
    ms = all_moves(g, pos)
    if g.over(pos):
        assert ms == [] and js["result"] is not None
        return ms
    assert js["result"] is None
    assert ms, "every position is ready to move"
    assert len(set(ms)) == len(ms), "no duplicate move codes"
    texts = [g.move_str(pos, m) for m in ms]
    assert len(set(texts)) == len(texts)
    for m, t in zip(ms, texts):
        assert 0 <= m < 2 ** 30
        assert g.parse_move(pos, t) == m
    if js["phase"] == "play" and ref:
        rm = ref_moves(g, js)
        assert set(rm) == set(texts), (js, sorted(rm), texts)
        p = js["to_move"]
        for m, t in zip(ms, texts):
            status, own, opp, cap = rm[t]
            q = bytearray(pos)
            g.play(q, m)
            jq = g.to_json(q)
            changed = jq["game_no"] != js["game_no"] or g.over(q)
            caps = js["captures"][p] + (1 if cap else 0)
            expect = (status != "end" or max(opp) < 2 or
                      (g.rules["akakyala"] and cap and caps == 2 and js["captures"][1 - p] == 0))
            assert changed == expect, (t, status)
            if status == "endless":  # OM-7: annulled, no points, same starter
                assert jq["game_no"] == js["game_no"] + 1 and jq["points"] == js["points"]
            elif not changed:
                assert jq["pits"][p] == own and jq["pits"][1 - p] == opp
                assert jq["captures"][p] == caps
        # every other string of the notation is refused
        legal = set(texts)
        for _ in range(30):
            signs = "".join(rng.choice("+-") for _ in range(rng.randrange(0, 4)))
            t = str(rng.randrange(0, 18)) + signs
            if rng.random() < 0.1:
                t = str(rng.randrange(0, 16)) + "*"
            if rng.random() < 0.1:
                t = "".join(rng.choice(NOTATION_CHARS) for _ in range(rng.randrange(0, 5)))
            if t in legal:
                assert g.move_str(pos, g.parse_move(pos, t)) == t
            else:
                with pytest.raises(ValueError):
                    g.parse_move(pos, t)
    return ms


RULESETS = [
    {},
    {"setup": "free", "match_points": 3},
    {"setup": "two_each", "first_turn_capture": True, "match_points": 4},
    {"forbid_endless": True, "lap_limit": 20, "match_points": 3},
    {"akakyala": True, "front_row_win": True, "next_starter": "alternate", "match_points": 5},
    {"three_seed_opening": True, "akawumbi_points": 6, "match_points": 6},
]


def random_setup(rng):
    a = [0] * 16
    for _ in range(32):
        a[rng.randrange(16)] += 1
    return "setup:" + ",".join(str(c) for c in a)


@pytest.mark.parametrize("seed", range(24))
def test_random_matches(seed):
    rng = random.Random(seed)
    r = RULESETS[seed % len(RULESETS)]
    g = games.load("omweso", r)
    pos = g.new()
    for ply in range(400 if seed % 3 else 150):
        ms = check_position(g, pos, rng, ref=(ply % 3 == 0))
        if not ms:
            break
        js = g.to_json(pos)
        if js["phase"] == "setup" and rng.random() < 0.7:
            m = g.parse_move(pos, random_setup(rng))
        else:
            m = rng.choice(ms)
        before = g.to_json(pos)
        g.play(pos, m)
        after = g.to_json(pos)
        assert after["ply"] == before["ply"] + 1
        for p in (0, 1):
            assert after["points"][p] >= before["points"][p]
        if after["game_no"] == before["game_no"]:
            assert after["to_move"] == 1 - before["to_move"] or g.over(pos)


def random_board(rng, tm, total_me):
    me = [0] * 16
    for _ in range(total_me):
        me[rng.randrange(16)] += 1
    while max(me) < 2:
        me = [0] * 16
        for _ in range(total_me):
            me[rng.randrange(16)] += 1
    them = [0] * 16
    quiet = rng.random() < 0.3  # no capture possible: relay-only moves, endless ones (OM-7)
    for _ in range(64 - total_me):
        them[rng.randrange(8) if quiet else rng.randrange(16) if rng.random() < 0.7
             else rng.randrange(8, 16)] += 1
    return me, them


@pytest.mark.parametrize("seed", range(16))
def test_random_positions_against_reference(seed):
    # positions far from the opening: many choice points, long relays, endless moves
    rng = random.Random(1000 + seed)
    r = RULESETS[seed % len(RULESETS)]
    g = games.load("omweso", r)
    for _ in range(25):
        tm = rng.randrange(2)
        total = rng.randrange(10, 50) if rng.random() < 0.6 else rng.randrange(12, 24)
        me, them = random_board(rng, tm, total)
        pits = [me, them] if tm == 0 else [them, me]
        js = g.to_json(g.new())
        js.update(pits=pits, to_move=tm, phase="play", moves_made=[6, 6], captures=[2, 3],
                  ply=20)
        if rng.random() < 0.2:
            js["moves_made"][tm] = 1 if r.get("setup") == "free" else 0
            js["moves_made"][1 - tm] = js["moves_made"][tm]
            js["captures"] = [0, 0] if sum(me) == 32 else [1, 1]
            if js["captures"] == [1, 1]:
                js["moves_made"] = [6, 6]
        pos = g.from_json(js)
        check_position(g, pos, rng)


def test_code_bounds_and_max_moves():
    # MAX_MOVES bounds moves(); codes stay small ints
    rng = random.Random(5)
    g = games.load("omweso", {"first_turn_capture": True})
    worst = 0
    for _ in range(300):
        tm = rng.randrange(2)
        me, them = random_board(rng, tm, rng.randrange(20, 44))
        js = g.to_json(g.new())
        js.update(pits=[me, them] if tm == 0 else [them, me], to_move=tm, moves_made=[3, 3],
                  captures=[1, 1], ply=6)
        pos = g.from_json(js)
        ms = all_moves(g, pos)
        worst = max(worst, len(ms))
        assert all(0 <= m < 2 ** 30 for m in ms)
    assert worst <= g.MAX_MOVES


def test_from_json_rejects_bad_positions():
    g = games.load("omweso")
    good = g.to_json(g.new())
    bad = []
    for k, v in (("game", "oanquan"), ("to_move", 2), ("ply", -1), ("phase", "setup"),
                 ("game_no", 0), ("moves_made", [1]), ("captures", [1, 0]),
                 ("points", [12, 0]), ("result", {"winner": 0}), ("rules", {"x": 1})):
        d = dict(good)
        d[k] = v
        bad.append(d)
    d = dict(good)
    d["pits"] = [[4] * 8 + [0] * 8, [4] * 8 + [0] * 7 + [1]]
    bad.append(d)
    d = dict(good)
    d["pits"] = [[4] * 8 + [0] * 8, [4] * 8 + [0] * 7]
    bad.append(d)
    d = dict(good)
    del d["points"]
    bad.append(d)
    d = dict(good)
    d["points"] = [1, 0]  # points but no game ended yet
    bad.append(d)
    d = dict(good)
    d["pits"] = [[1] * 16, [4] * 8 + [8] * 4 + [0] * 4]  # player 0 to move cannot move
    d["captures"] = [1, 1]
    d["moves_made"] = [3, 3]
    d["ply"] = 6
    bad.append(d)
    d = dict(good)
    d["moves_made"] = [4, 2]  # players alternate
    d["ply"] = 6
    bad.append(d)
    for d in bad:
        with pytest.raises(ValueError):
            g.from_json(d)
    gf = games.load("omweso", {"setup": "free"})
    pf = gf.new()
    js = gf.to_json(pf)
    for k, v in (("moves_made", [0, 1]), ("captures", [1, 0]), ("phase", "play")):
        d = dict(js)
        d[k] = v
        with pytest.raises(ValueError):
            gf.from_json(d)


@pytest.mark.parametrize("rules", [{"lap_limit": 20}, {"lap_limit": 20, "forbid_endless": True},
                                   {"lap_limit": 21, "first_turn_capture": True}])
def test_OM7_endless_moves_against_reference(rules):
    # quiet boards (the opponent's inner row empty: no capture) with a small lap_limit give many
    # long and endless moves; the engine (with its early cycle detection) must agree with the
    # plain lap count of the reference.
    rng = random.Random(str(rules))
    g = games.load("omweso", rules)
    endless = 0
    fixed = ([1, 1, 0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 1],  # "4": 22 laps
             [3, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1],  # "0": endless cycle
             [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 2, 1])  # docs/rules.md OM-7 example
    for k in range(150):
        me = list(fixed[k]) if k < len(fixed) else [0] * 16
        while max(me) < 2:
            me = [rng.choice((0, 1, 1, 2, 2, 3)) for _ in range(16)]
        them = [0] * 16
        for _ in range(64 - sum(me)):
            them[rng.randrange(8) if k < len(fixed) or rng.random() < 0.9
                 else rng.randrange(8, 16)] += 1
        js = g.to_json(g.new())
        js.update(pits=[me, them], moves_made=[3, 3], captures=[1, 1], ply=6)
        pos = g.from_json(js)
        for pit in range(16):
            if me[pit] > 1:
                leaves = ref_leaves(me, them, pit, True, g.rules["lap_limit"], False)
                endless += sum(1 for v in leaves.values() if v[0] == "endless")
        check_position(g, pos, random.Random(k))
    assert endless > 0


def test_OM5_big_choice_tree_against_reference():
    # found by a local search maximising the number of moves: 290 distinct choice sequences, up
    # to 13 choice points in one move. With a larger move buffer all are listed once; the default
    # MAX_MOVES (256, sized for the device's AI buffers) lists the first 256 of them.
    me = [3, 2, 1, 3, 3, 4, 5, 2, 3, 5, 4, 3, 2, 1, 2, 2]
    them = [3, 0, 3, 1, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2]

    class Big(omweso.Game):
        MAX_MOVES = 512

    g = Big()
    js = g.to_json(g.new())
    js.update(pits=[me, them], moves_made=[3, 3], captures=[1, 1], ply=6)
    pos = g.from_json(js)
    ms = check_position(g, pos, random.Random(1))
    assert len(ms) == 290
    assert max((m >> 5) & 31 for m in ms) == 13
    g = games.load("omweso")
    assert all_moves(g, g.from_json(js)) == ms[:g.MAX_MOVES]


def test_OM5_moves_beyond_the_listed_256_still_play():
    """In a position with more choice sequences than MAX_MOVES, moves() lists the first 256, and
    parse_move still accepts every one of the 290 (they are all legal) and nothing else."""
    me = [3, 2, 1, 3, 3, 4, 5, 2, 3, 5, 4, 3, 2, 1, 2, 2]
    them = [3, 0, 3, 1, 3, 3, 0, 0, 0, 0, 1, 1, 1, 1, 0, 2]

    class Big(omweso.Game):
        MAX_MOVES = 512

    big = Big()
    js = big.to_json(big.new())
    js.update(pits=[me, them], moves_made=[3, 3], captures=[1, 1], ply=6)
    pos = big.from_json(js)
    buf = [0] * 512
    n = big.moves(pos, buf)
    every = [big.move_str(pos, buf[i]) for i in range(n)]
    g = games.load("omweso")
    pos = g.from_json(js)
    for text in every:
        m = g.parse_move(pos, text)
        assert g.move_str(pos, m) == text
        p2 = bytearray(pos)
        g.play(p2, m)
    for text in ("5" + "+" * 14, "0+", "16"):
        try:
            g.parse_move(pos, text)
        except ValueError:
            continue
        raise AssertionError(text)
