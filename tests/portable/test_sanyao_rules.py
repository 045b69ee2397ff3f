# San-Yao rules SY-1..SY-10 and every option (docs/rules.md section 2). Portable: plain functions and
# asserts; run by pytest and by `micropython -X heapsize=180k tests/mprun.py <this file>`.
from engine.sanyao import Game

HOME = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]


def mk(g, holes, store=None, tm=0, control=None, owed=None, starter=0, rnd=1, phase="play"):
    """A position from its parts; store defaults to [rest, 0] so that 50 stones are conserved."""
    if store is None:
        store = [50 - sum(holes), 0]
    obj = {"game": "sanyao", "rules": dict(g.rules), "to_move": tm, "ply": 0, "result": None,
           "holes": list(holes), "control": list(control or HOME), "store": list(store),
           "owed": list(owed or [0, 0]), "round": rnd, "starter": starter, "phase": phase}
    return g.from_json(obj)


def js(g, pos):
    return g.to_json(pos)


def legal(g, pos):
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    return buf[:n]


def ending(g, a, b, owed=None, starter=0, rnd=1):
    """A position one move before the round ends with totals a, b before settlement (SY-7)."""
    if a >= 2:  # player 0 sows hole 3 (1 stone), captures hole 6, leftover in hole 4 is hers
        h = [0, 0, 0, 1, 0, 0, 1, 0, 0, 0]
        return mk(g, h, [a - 2, b], 0, owed=owed, starter=starter, rnd=rnd), 3
    h = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0]  # player 1 sows hole 8, captures hole 1, leftover in 9
    return mk(g, h, [a, b - 2], 1, owed=owed, starter=starter, rnd=rnd), 8


def settle(g, a, b, owed=None, starter=0, rnd=1):
    pos, m = ending(g, a, b, owed, starter, rnd)
    tr = []
    g.play(pos, m, tr)
    return pos, tr


def ev(tr, name):
    return [e for e in tr if e["event"] == name]


def test_SY1_setup():
    g = Game()
    j = js(g, g.new())
    assert j["holes"] == [5] * 10 and j["store"] == [0, 0] and j["owed"] == [0, 0]
    assert j["control"] == HOME and j["to_move"] == 0 and j["round"] == 1
    assert j["phase"] == "play" and j["result"] is None and j["ply"] == 0


def test_SY2_move_from_controlled_nonempty_holes_singletons_too():
    g = Game()
    p = mk(g, [0, 1, 0, 3, 0, 2, 0, 0, 4, 0], tm=0)
    assert legal(g, p) == [1, 3]
    p = mk(g, [0, 1, 0, 3, 0, 2, 0, 0, 4, 0], tm=1)
    assert legal(g, p) == [5, 8]


def test_SY2_pass_is_automatic():
    g = Game()
    p = mk(g, [2, 0, 0, 1, 0, 0, 0, 0, 0, 0], tm=0)
    tr = []
    g.play(p, 3, tr)  # lands in 4; 5 and 6 empty: no capture; player 1 controls no stone
    assert js(g, p)["holes"] == [2, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    assert g.to_move(p) == 0
    assert ev(tr, "pass") == [{"event": "pass", "player": 1}]


def test_SY3_lap_sows_counterclockwise_without_skipping_origin():
    g = Game()
    p = mk(g, [11, 0, 0, 0, 0, 0, 0, 0, 0, 1], tm=0)
    tr = []
    g.play(p, 0, tr)
    assert tr[0] == {"event": "lift", "at": 0, "count": 11}
    drops = [e["at"] for e in tr[1:12]]
    assert drops == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]
    assert sum(js(g, p)["holes"]) + sum(js(g, p)["store"]) == 50


def test_SY4_relay_lifts_hole_after_landing():
    g = Game()
    p = mk(g, [2, 1, 1, 3, 0, 0, 0, 0, 0, 0], tm=0)
    tr = []
    g.play(p, 0, tr)  # lands in 2 (kept), lifts 3, sows 4 5 6; 7 and 8 empty: stop
    assert js(g, p)["holes"] == [0, 2, 2, 0, 1, 1, 1, 0, 0, 0]
    assert ev(tr, "relay") == [{"event": "relay", "at": 3}]
    assert [e["at"] for e in ev(tr, "lift")] == [0, 3]
    assert g.to_move(p) == 1


def test_SY4_relay_never_lifts_landing_hole():
    g = Game()
    p = mk(g, [1, 4, 0, 0, 0, 0, 0, 0, 0, 0], tm=0)
    g.play(p, 0)  # lands in 1 (now 5), next hole 2 empty: stops, hole 3 empty: no capture
    assert js(g, p)["holes"] == [0, 5, 0, 0, 0, 0, 0, 0, 0, 0]


def test_SY5_cascade_of_one_capture():
    g = Game()
    p = mk(g, [2, 0, 0, 0, 3, 1, 0, 0, 0, 0], [40, 4], tm=0)
    tr = []
    g.play(p, 0, tr)  # lands 2, gap 3, captures 4; 5 is occupied: stop
    assert [(e["at"], e["count"]) for e in ev(tr, "capture")] == [(4, 3)]
    assert js(g, p)["store"] == [43, 4]
    assert js(g, p)["holes"] == [0, 1, 1, 0, 0, 1, 0, 0, 0, 0]


def test_SY5_cascade_of_two_captures_from_opponent_holes():
    g = Game()
    p = mk(g, [2, 0, 0, 0, 3, 0, 4, 1, 0, 0], [36, 4], tm=0)
    tr = []
    g.play(p, 0, tr)
    assert [(e["at"], e["count"]) for e in ev(tr, "capture")] == [(4, 3), (6, 4)]
    assert js(g, p)["store"] == [43, 4]


def test_SY5_cascade_of_three_captures():
    g = Game()
    p = mk(g, [2, 0, 0, 0, 3, 0, 4, 0, 2, 1], [34, 4], tm=0)
    tr = []
    g.play(p, 0, tr)
    assert [e["at"] for e in ev(tr, "capture")] == [4, 6, 8]
    assert js(g, p)["store"] == [43, 4]
    assert js(g, p)["holes"] == [0, 1, 1, 0, 0, 0, 0, 0, 0, 1]


def test_SY5_cascade_stops_at_two_empty_holes():
    g = Game()
    p = mk(g, [2, 0, 0, 0, 3, 0, 0, 0, 2, 1], [38, 4], tm=0)
    g.play(p, 0)
    assert js(g, p)["store"] == [41, 4]
    assert js(g, p)["holes"] == [0, 1, 1, 0, 0, 0, 0, 0, 2, 1]


def test_SY5_capture_from_sons():
    g = Game()
    ctl = [1, 1, 1, 0, 0, 1, 1, 1, 1, 1]  # player 1 holds sons 0, 1, 2
    p = mk(g, [0, 3, 0, 4, 0, 1, 1, 1, 0, 2], [10, 28], tm=0, control=ctl)
    tr = []
    g.play(p, 3, tr)  # sows 4..7, gap 8, captures 9, gap 0, captures son 1
    assert [e["at"] for e in ev(tr, "capture")] == [9, 1]
    assert js(g, p)["store"] == [15, 28]


def test_SY6_rules_example_is_endless_and_ends_round_by_default():
    g = Game()
    p = mk(g, [1, 0, 2, 1, 0, 2, 1, 2, 1, 0], [20, 20], tm=1)
    assert g.endless(p, 7) and not g.endless(p, 5)
    assert 7 in legal(g, p)
    tr = []
    g.play(p, 7, tr)
    e = ev(tr, "round_end")[0]
    assert e["reason"] == "endless" and e["swept"] == [4, 6]  # board as before the move
    assert ev(tr, "settlement")[0]["totals"] == [24, 26]
    j = js(g, p)
    assert j["round"] == 2 and j["holes"] == [5] * 10 and j["owed"] == [1, 0]
    assert j["to_move"] == 1 and j["starter"] == 1


def test_SY6_forbid_endless_removes_endless_moves():
    g = Game({"forbid_endless": True})
    p = mk(g, [1, 0, 2, 1, 0, 2, 1, 2, 1, 0], [20, 20], tm=1)
    assert legal(g, p) == [5, 6, 8]
    try:
        g.parse_move(p, "7")
        assert False
    except ValueError as e:
        assert "endless" in str(e)


def test_SY6_forbid_endless_when_every_move_is_endless_default_applies():
    g = Game({"forbid_endless": True})
    ctl = [0, 0, 0, 0, 0, 0, 0, 1, 0, 0]  # player 1 controls only hole 7
    p = mk(g, [1, 0, 2, 1, 0, 2, 1, 2, 1, 0], [20, 20], tm=1, control=ctl)
    assert legal(g, p) == [7]
    tr = []
    g.play(p, 7, tr)
    assert ev(tr, "round_end")[0]["swept"] == [8, 2]
    assert js(g, p)["round"] == 2


def test_SY6_lap_limit_finite_move_longer_than_limit_is_endless():
    board = [3, 0, 0, 0, 1, 1, 0, 2, 1, 2]  # hole 5 ends after exactly 25 laps
    for limit, endless in ((20, True), (24, True), (25, False), (200, False)):
        g = Game({"lap_limit": limit})
        p = mk(g, board, [20, 20], tm=1)
        assert g.endless(p, 5) == endless
        tr = []
        g.play(p, 5, tr)
        assert (js(g, p)["round"] == 2) == endless
        if not endless:
            assert len(ev(tr, "lift")) == 25


def test_SY6_lap_limit_with_forbid_endless():
    g = Game({"lap_limit": 20, "forbid_endless": True})
    p = mk(g, [3, 0, 0, 0, 1, 1, 0, 2, 1, 2], [20, 20], tm=1)
    assert 5 not in legal(g, p)
    assert 5 in legal(Game({"lap_limit": 25, "forbid_endless": True}), p)


def test_SY7_single_leftover_goes_to_controller():
    g = Game()
    pos, tr = settle(g, 30, 20)
    e = ev(tr, "round_end")[0]
    assert e["reason"] == "leftover" and e["swept"] == [1, 0]
    assert ev(tr, "settlement")[0]["totals"] == [30, 20]


def test_SY7_SY10_leftover_in_a_son_goes_to_its_controller():
    g = Game()
    ctl = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1]  # hole 5 is a son of player 0
    p = mk(g, [0, 0, 0, 0, 1, 0, 0, 1, 0, 0], [28, 20], tm=0, control=ctl)
    tr = []
    g.play(p, 4, tr)  # lands in son 5; 6 empty; captures 7: one stone left, in son 5
    assert ev(tr, "round_end")[0]["swept"] == [1, 0]
    assert ev(tr, "settlement")[0]["totals"] == [30, 20]
    p = mk(g, [0, 0, 0, 0, 0, 1, 0, 1, 0, 0], [28, 20], tm=1, control=ctl)
    tr = []
    g.play(p, 7, tr)  # player 1 lands in 8; 9 and 0 empty: no capture
    assert g.to_move(p) == 0 and legal(g, p) == [5]


def test_SY7_repetition_ends_round_stones_to_controllers():
    g = Game()
    p = mk(g, [3, 0, 0, 0, 0, 0, 2, 0, 0, 0], [25, 20], tm=1)
    k = g.key(p)
    assert k[0] == 1 and isinstance(k, bytes)
    tr = []
    g.end_repeated(p, tr)
    e = ev(tr, "round_end")[0]
    assert e["reason"] == "repetition" and e["swept"] == [3, 2]
    assert ev(tr, "settlement")[0]["totals"] == [28, 22]
    assert g.key(p)[0] == 2


def test_SY8_loan_repaid_in_full():
    g = Game()
    pos, tr = settle(g, 30, 20, owed=[0, 3])
    s = ev(tr, "settlement")[0]
    assert s["repaid"] == 3 and s["by"] == 1 and s["forgiven"] == 0
    assert s["totals"] == [33, 17] and s["winner"] == 0
    j = js(g, pos)
    assert j["owed"] == [0, 3] and j["control"] == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1]


def test_SY8_loan_repaid_partially_rest_forgiven():
    g = Game()
    pos, tr = settle(g, 47, 3, owed=[0, 4])
    s = ev(tr, "settlement")[0]
    assert s["repaid"] == 3 and s["forgiven"] == 1 and s["totals"] == [50, 0]
    assert g.over(pos) and g.result(pos) == {"winner": 0, "reason": "match", "totals": [50, 0]}


def test_SY8_match_end_below_5():
    g = Game()
    pos, tr = settle(g, 46, 4)
    assert g.over(pos) and g.result(pos)["winner"] == 0
    assert ev(tr, "end")[0]["totals"] == [46, 4]
    j = js(g, pos)
    assert j["holes"] == [0] * 10 and j["store"] == [46, 4] and legal(g, pos) == []
    pos, tr = settle(g, 45, 5)
    assert not g.over(pos)
    assert js(g, pos)["control"] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]  # four sons
    pos, tr = settle(g, 1, 49)
    assert g.result(pos) == {"winner": 1, "reason": "match", "totals": [1, 49]}


def test_SY8_option_match_end_below_6():
    g = Game({"match_end_below": 6})
    pos, tr = settle(g, 45, 5)
    assert g.over(pos) and g.result(pos)["winner"] == 0
    pos, tr = settle(g, 44, 6)
    assert not g.over(pos)


def test_SY9_redistribution_tie_25_25():
    g = Game()
    pos, tr = settle(g, 25, 25)
    j = js(g, pos)
    assert j["control"] == HOME and j["owed"] == [0, 0] and j["holes"] == [5] * 10
    assert j["store"] == [0, 0] and ev(tr, "son") == [] and ev(tr, "loan") == []


def test_SY9_redistribution_31_19_one_son_loan_1():
    g = Game()
    pos, tr = settle(g, 31, 19)
    j = js(g, pos)
    assert j["control"] == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1]
    assert j["owed"] == [0, 1] and j["holes"] == [5] * 10 and j["store"] == [0, 0]
    assert ev(tr, "loan") == [{"event": "loan", "from": 0, "to": 1, "count": 1, "gift": False}]


def test_SY9_redistribution_44_6_three_sons_loan_4():
    g = Game()
    pos, tr = settle(g, 44, 6)
    j = js(g, pos)
    assert j["control"] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 1] and j["owed"] == [0, 4]
    assert [e["at"] for e in ev(tr, "son")] == [5, 6, 7]


def test_SY9_redistribution_player1_wins_sons_from_hole_0():
    g = Game()
    for a, b, ctl, owed in ((20, 30, [1, 0, 0, 0, 0, 1, 1, 1, 1, 1], [0, 0]),
                            (24, 26, HOME, [1, 0]),
                            (12, 38, [1, 1, 0, 0, 0, 1, 1, 1, 1, 1], [3, 0])):
        pos, tr = settle(g, a, b)
        j = js(g, pos)
        assert j["control"] == ctl and j["owed"] == owed, (a, b, j)
        assert j["to_move"] == 1


def test_SY9_option_loan_is_gift():
    g = Game({"loan_is_gift": True})
    pos, tr = settle(g, 44, 6)
    assert js(g, pos)["owed"] == [0, 0]
    assert ev(tr, "loan")[0]["gift"] is True and ev(tr, "loan")[0]["count"] == 4
    pos, tr = settle(g, 30, 20)  # nothing is owed, nothing repaid
    assert ev(tr, "settlement")[0]["repaid"] == 0


def test_SY10_round_winner_starts_and_tie_rule():
    g = Game()
    pos, tr = settle(g, 20, 30, starter=1)
    assert js(g, pos)["starter"] == 1 and g.to_move(pos) == 1
    pos, tr = settle(g, 30, 20, starter=0)
    assert js(g, pos)["starter"] == 0 and g.to_move(pos) == 0
    pos, tr = settle(g, 25, 25, starter=0)  # tie: the player who did not start starts
    assert js(g, pos)["starter"] == 1 and g.to_move(pos) == 1
    pos, tr = settle(g, 25, 25, starter=1, rnd=7)
    assert js(g, pos)["starter"] == 0 and g.to_move(pos) == 0 and js(g, pos)["round"] == 8


def test_SY10_control_recomputed_each_round_only_controller_starts():
    g = Game()
    ctl = [0, 0, 0, 0, 0, 0, 0, 1, 1, 1]  # last round player 0 won two sons
    p = mk(g, [0, 0, 0, 1, 0, 0, 1, 0, 0, 0], [23, 25], tm=0, control=ctl, owed=[0, 2])
    assert legal(g, p) == [3, 6]
    g.play(p, 3)  # totals 25-25 before repayment, 27-23 after
    j = js(g, p)
    assert j["control"] == HOME and j["owed"] == [0, 2] and j["starter"] == 0


def test_SY9_option_winner_chooses_sons_phase():
    g = Game({"winner_chooses_sons": True})
    pos, tr = settle(g, 38, 12)  # k = 2, r = 3
    j = js(g, pos)
    assert j["phase"] == "choose_sons" and j["holes"] == [0] * 10 and j["store"] == [38, 12]
    assert j["to_move"] == 0 and j["control"] == HOME and j["round"] == 2
    assert g.sons_due(pos) == 2
    assert legal(g, pos) == [15, 16, 17, 18, 19]
    assert g.move_str(pos, 18) == "son:8" and g.parse_move(pos, "son:8") == 18
    for bad in ("8", "son:3", "son:x"):
        try:
            g.parse_move(pos, bad)
            assert False, bad
        except ValueError:
            pass
    assert g.from_json(g.to_json(pos)) == pos
    tr = []
    g.play(pos, 18, tr)
    assert js(g, pos)["phase"] == "choose_sons" and legal(g, pos) == [15, 16, 17, 19]
    g.play(pos, g.parse_move(pos, "son:5"), tr)
    j = js(g, pos)
    assert j["phase"] == "play" and j["holes"] == [5] * 10 and j["store"] == [0, 0]
    assert j["control"] == [0, 0, 0, 0, 0, 0, 1, 1, 0, 1] and j["owed"] == [0, 3]
    assert [e["at"] for e in ev(tr, "son")] == [8, 5] and j["ply"] == 3
    assert g.to_move(pos) == 0 and legal(g, pos) == [0, 1, 2, 3, 4, 5, 8]


def test_SY9_option_winner_chooses_sons_without_sons_skips_phase():
    g = Game({"winner_chooses_sons": True})
    pos, tr = settle(g, 27, 23)
    j = js(g, pos)
    assert j["phase"] == "play" and j["owed"] == [0, 2] and j["control"] == HOME


def test_SY2_move_text_roundtrip_and_errors():
    """SY-2 moves as text: "<hole>" for a controlled non-empty hole, anything else refused."""
    g = Game()
    p = g.new()
    for m in legal(g, p):
        assert g.parse_move(p, g.move_str(p, m)) == m
    for bad in ("", "12", "-1", "x", "son:1", "7", " 3x"):
        try:
            g.parse_move(p, bad)
            assert False, bad
        except ValueError:
            pass


def test_SY1_SY9_json_validation():
    """Protocol JSON: 50 stones (SY-1), one loan at most (SY-9), fields, ranges, phase."""
    g = Game()
    good = g.to_json(g.new())
    assert g.from_json(good) == g.new()
    bad = [("holes", [5] * 9), ("holes", [6] + [5] * 9), ("control", [2] * 10),
           ("store", [0]), ("owed", [1, 1]), ("to_move", 2), ("phase", "x"), ("round", 0),
           ("result", {"winner": 0, "reason": "match", "totals": [0, 0]}), ("game", "omweso"),
           ("ply", -1), ("starter", True), ("control", [1] * 10)]
    for k, v in bad:
        o = dict(good)
        o[k] = v
        try:
            g.from_json(o)
            assert False, k
        except ValueError:
            pass
    o = dict(good)
    del o["owed"]
    try:
        g.from_json(o)
        assert False
    except ValueError as e:
        assert "owed" in str(e)


def test_SY7_threefold_repetition_through_record():
    from engine.record import Record
    g = Game()
    rec = Record(g, mk(g, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0], [24, 24], tm=1))
    seq = [5, 0, 6, 1, 7, 2, 8, 3, 9, 4] * 2  # the two stones chase each other round the ring
    for i in range(len(seq)):
        assert g.round(rec.pos) == 1
        tr = []
        rec.play_text(str(seq[i]), tr)
    e = ev(tr, "round_end")[0]
    assert e["reason"] == "repetition" and e["swept"] == [1, 1]
    assert ev(tr, "settlement")[0]["totals"] == [25, 25]
    assert js(g, rec.pos)["starter"] == 1 and g.to_move(rec.pos) == 1  # tie: 0 started


def test_SY2_SY7_match_ended_by_repetition_right_after_a_pass_other_player_to_move():
    # Issue 13.1: player 0 moves, player 1 controls no stone and passes (SY-2), and that position
    # is the third occurrence (SY-7): the round ends, settlement ends the match (SY-8), and
    # to_move names the other player of the mover (docs/protocol.md), not the mover.
    from engine.record import Record
    g = Game()
    start = mk(g, [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], [46, 2], tm=0)
    after = bytearray(start)
    tr = []
    g.play(after, 3, tr)  # lands in 4; 5 and 6 empty: no capture; player 1 passes
    assert ev(tr, "pass") and g.to_move(after) == 0
    rec = Record(g, start)
    rec.seen = [g.key(after), g.key(start), g.key(after), g.key(start)]
    tr = []
    rec.play(3, tr)
    assert ev(tr, "round_end")[0]["reason"] == "repetition"
    j = js(g, rec.pos)
    assert j["result"] == {"winner": 0, "reason": "match", "totals": [48, 2]}
    assert j["to_move"] == 1
