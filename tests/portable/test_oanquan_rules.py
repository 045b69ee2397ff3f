# O An Quan rules, one or more tests per rule ID of docs/rules.md section 1 (portable: CPython and
# the MicroPython Unix port run the same file).
from oaq_util import game, position, play, events, value
from engine.record import Record


def _raises(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError")


def test_OAQ1_setup():
    g = game()
    j = g.to_json(g.new())
    assert j["squares"] == [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5]
    assert j["big"] == [1, 1] and j["stock"] == [0, 0] and j["to_move"] == 0
    assert value(g, j) == 70


def test_OAQ2_moves_only_own_nonempty_squares_both_directions():
    g = game()
    pos = position(g, {1: 2, 3: 1, 8: 4})
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    assert sorted(g.move_str(pos, buf[i]) for i in range(n)) == ["1+", "1-", "3+", "3-"]
    assert "empty" in _raises(g.parse_move, pos, "2+")
    assert "squares 1-5" in _raises(g.parse_move, pos, "8+")  # the opponent's square
    assert "squares 1-5" in _raises(g.parse_move, pos, "0+")  # a mandarin square
    assert "bad move" in _raises(g.parse_move, pos, "3")


def test_OAQ3_lap_of_12_or_more_drops_into_origin_and_big_stone_stays():
    g = game()
    pos = position(g, {2: 13, 5: 1, 7: 1})
    tr = []
    play(g, pos, "2+", tr)
    drops = [e["at"] for e in events(tr, "drop")]
    assert drops[:13] == [3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3]
    assert g.to_json(pos)["big"] == [1, 1] or events(tr, "capture")


def test_OAQ4_relay_lifts_square_after_landing():
    g = game()
    pos = position(g, {1: 2, 4: 3, 7: 1, 9: 2})
    tr = []
    play(g, pos, "1+", tr)  # drops 2, 3; square 4 follows with 3 stones: lifted and sown 5, 6, 7
    assert [e["at"] for e in events(tr, "relay")][0] == 4
    assert [e["at"] for e in events(tr, "drop")][:5] == [2, 3, 5, 6, 7]


def test_OAQ4_full_mandarin_square_ends_turn():
    g = game()
    pos = position(g, {4: 1, 7: 5})
    tr = []
    j = play(g, pos, "4+", tr)  # lands in 5, next is mandarin square 6 with its big stone
    assert not events(tr, "capture") and j["squares"][5] == 1 and j["to_move"] == 1


def test_OAQ4_mandarin_with_only_small_stones_blocks():
    g = game()
    pos = position(g, {4: 1, 6: 2, 7: 5}, big=(1, 0), mandarins=(1, 0))
    tr = []
    play(g, pos, "4+", tr)
    assert not events(tr, "capture")


def test_OAQ4_empty_then_4_stones_captures_4():
    g = game()
    pos = position(g, {1: 1, 4: 4, 5: 3, 8: 5})
    tr = []
    j = play(g, pos, "1+", tr)  # drop in 2; 3 empty; capture the 4 in square 4; 5 not empty: stop
    caps = events(tr, "capture")
    assert len(caps) == 1 and caps[0]["at"] == 4 and caps[0]["count"] == 4
    assert j["stock"][0] == 4 and j["squares"][4] == 0


def test_OAQ4_two_empty_squares_end_turn():
    g = game()
    pos = position(g, {1: 1, 5: 2, 8: 5})
    tr = []
    j = play(g, pos, "1+", tr)  # drop in 2; 3 and 4 empty
    assert not events(tr, "capture") and j["stock"][0] == 0 and j["to_move"] == 1


def test_OAQ4_empty_mandarin_square_is_a_gap():
    g = game()
    pos = position(g, {4: 1, 7: 5, 8: 1}, big=(1, 0), mandarins=(1, 0))
    tr = []
    j = play(g, pos, "4+", tr)  # drop in 5; square 6 has no big stone and no small: capture 7
    caps = events(tr, "capture")
    assert [c["at"] for c in caps] == [7] and j["stock"][0] == 5


def test_OAQ4_option_empty_mandarin_ends_turn():
    g = game(empty_mandarin_ends_turn=True)
    pos = position(g, {4: 1, 7: 5, 8: 1}, big=(1, 0), mandarins=(1, 0))
    tr = []
    play(g, pos, "4+", tr)
    assert not events(tr, "capture")


def test_OAQ5_chain_across_empty_mandarin_and_option_stops_it():
    # 4- drops in 3; 2 empty -> capture 1 (2 stones); 0 is an empty mandarin -> gap -> capture 11
    for emet, want in ((False, [1, 11]), (True, [1])):
        g = game(empty_mandarin_ends_turn=emet)
        pos = position(g, {4: 1, 1: 2, 11: 3, 8: 1}, big=(0, 1), mandarins=(1, 0))
        tr = []
        play(g, pos, "4-", tr)
        assert [c["at"] for c in events(tr, "capture")] == want


def test_OAQ5_chain_ending_on_mandarin_with_2_small_stones_is_worth_12():
    g = game()
    pos = position(g, {5: 1, 2: 3, 0: 2, 11: 1, 9: 4})
    before = g.material(pos, 0)
    tr = []
    j = play(g, pos, "5-", tr)  # drop 4; 3 empty: capture 2 (3); 1 empty: capture 0 (big + 2)
    caps = events(tr, "capture")
    assert [c["at"] for c in caps] == [2, 0]
    assert caps[1]["big"] == 1 and caps[1]["count"] == 2
    assert g.material(pos, 0) - before == 3 + 10 + 2
    assert j["mandarins"][0] == 1 and j["big"] == [0, 1]


def test_OAQ5_capture_ends_the_turn():
    g = game()
    pos = position(g, {1: 1, 4: 4, 5: 3, 8: 5})
    tr = []
    j = play(g, pos, "1+", tr)
    assert j["squares"][5] == 3 and j["to_move"] == 1  # sowing did not resume after the capture


def test_OAQ6_refill_from_stock():
    g = game()
    pos = position(g, {4: 1, 1: 3}, stock=(40, 6), mandarins=(0, 0))
    tr = []
    j = play(g, pos, "4+", tr)  # blocked at 6; player 1's row is empty: refilled from stock
    assert j["squares"][7:12] == [1, 1, 1, 1, 1] and j["stock"] == [40, 1]
    assert events(tr, "refill")[0]["player"] == 1 and j["to_move"] == 1


def test_OAQ6_refill_from_exchanged_mandarin():
    g = game()
    pos = position(g, {4: 1, 1: 3, 6: 3}, big=(1, 0), stock=(41, 2), mandarins=(0, 1))
    tr = []
    j = play(g, pos, "4+", tr)
    assert events(tr, "exchange") and j["mandarins"][1] == 0 and j["stock"][1] == 2 + 10 - 5
    assert j["squares"][7:12] == [1] * 5 and j["debt"] == [0, 0]


def test_OAQ6_refill_by_borrowing_and_option_mandarin_exchange_off():
    g = game()
    pos = position(g, {4: 1, 1: 3}, stock=(44, 2))
    j = play(g, pos, "4+", [])
    assert j["stock"] == [41, 0] and j["debt"] == [0, 3] and j["squares"][7:12] == [1] * 5
    g = game(mandarin_exchange=False)
    pos = position(g, {4: 1, 1: 3, 6: 3}, big=(1, 0), stock=(41, 2), mandarins=(0, 1))
    tr = []
    j = play(g, pos, "4+", tr)
    assert not events(tr, "exchange") and j["mandarins"][1] == 1 and j["debt"][1] == 3


def test_OAQ6_lender_exchanges_a_mandarin_to_lend():
    g = game()
    pos = position(g, {4: 1, 1: 3, 6: 43}, big=(1, 0), stock=(1, 2), mandarins=(1, 0))
    tr = []
    j = play(g, pos, "4+", tr)
    assert events(tr, "exchange")[0]["player"] == 0
    assert j["stock"] == [1 + 10 - 3, 0] and j["debt"] == [0, 3]


def test_OAQ6_game_ends_when_nobody_can_refill():
    g = game()
    pos = position(g, {4: 1, 1: 3, 0: 20, 6: 23}, big=(1, 1), stock=(1, 2))
    tr = []
    j = play(g, pos, "4+", tr)
    assert j["result"]["reason"] == "no_refill" and not events(tr, "refill")
    assert j["squares"][7:12] == [0] * 5 and j["debt"] == [0, 0]
    # OAQ-8: citizen squares swept, mandarin small stones halved (odd one stays), big stones stay
    assert j["squares"][0] == 0 and j["squares"][6] == 1 and j["big"] == [1, 1]
    assert value(g, j) == 70


def test_OAQ7_game_ends_when_both_mandarin_squares_empty():
    g = game()
    pos = position(g, {3: 1, 7: 2, 1: 2}, big=(0, 1), mandarins=(0, 1))
    tr = []
    j = play(g, pos, "3+", tr)  # drop 4; 5 empty: capture mandarin 6 (big, 0 small); 7 full: stop
    assert j["result"]["reason"] == "mandarins" and j["big"] == [0, 0]
    assert events(tr, "end")


def test_OAQ7_game_goes_on_while_small_stones_lie_in_a_mandarin_square():
    g = game()
    pos = position(g, {3: 1, 7: 2, 1: 2, 0: 3}, big=(0, 1), mandarins=(0, 1))
    j = play(g, pos, "3+")
    assert j["result"] is None and j["big"] == [0, 0]


def test_option_end_when_big_captured():
    g = game(end_when_big_captured=True)
    pos = position(g, {3: 1, 7: 2, 1: 2, 0: 3}, big=(0, 1), mandarins=(0, 1))
    j = play(g, pos, "3+")
    assert j["result"]["reason"] == "mandarins"
    assert j["squares"][0] == 1 and j["stock"][0] >= 1  # 3 small stones: 1 each, odd one stays


def test_OAQ8_OAQ9_worked_example_10_plus_23_plus_4_minus_2_is_35():
    g = game()
    pos = position(g, {1: 3, 3: 1, 7: 1, 8: 2}, big=(0, 1), stock=(23, 20), mandarins=(0, 1),
                   debt=(2, 0))
    j = play(g, pos, "3+")  # drop 4; 5 empty: capture mandarin 6; 7 full: stop. Game over.
    assert j["result"]["reason"] == "mandarins"
    assert g.breakdown(pos, 0) == (23, 10, 4, 2, 0)  # stock, mandarins, swept, debt, lent
    assert j["result"]["score"] == [35, 35] and j["result"]["winner"] is None
    assert g.breakdown(pos, 1) == (20, 10, 3, 0, 2)


def test_OAQ9_score_sums_to_70_and_higher_wins():
    g = game()
    pos = position(g, {3: 1, 7: 2, 1: 2}, big=(0, 1), stock=(25, 20), mandarins=(0, 1))
    j = play(g, pos, "3+")
    s = j["result"]["score"]
    assert s[0] + s[1] == 70 and j["result"]["winner"] == (0 if s[0] > s[1] else 1)


def test_OAQ10_third_occurrence_ends_the_game():
    g = game()
    pos = position(g, {1: 1, 5: 2, 8: 5})
    after = bytearray(pos)
    g.play(after, g.parse_move(after, "1+"))
    rec = Record(g, pos)
    rec.seen = [g.key(after), rec.seen[0], g.key(after), rec.seen[0]]
    rec.play_text("1+")
    r = g.result(rec.pos)
    assert r["reason"] == "repetition"
    j = g.to_json(rec.pos)
    assert j["big"] == [1, 1] and sum(r["score"]) == 70 - 20  # big stones score for nobody
    rec2 = Record(g, position(g, {1: 1, 5: 2, 8: 5}))
    rec2.seen = [g.key(after)] + rec2.seen  # only the second occurrence: play goes on
    rec2.play_text("1+")
    assert g.result(rec2.pos) is None


def test_option_young_mandarin_inside_and_after_window():
    for ply, protected in ((3, True), (9, True), (10, False)):
        g = game(young_mandarin=True)
        pos = position(g, {3: 1, 0: 2, 11: 1, 9: 4}, ply=ply)
        tr = []
        play(g, pos, "3-", tr)  # drop 2; 1 empty: reach mandarin 0 (big + 2 < 5)
        assert bool(events(tr, "capture")) != protected, ply


def test_option_young_window_0_whole_game_and_young_threshold():
    g = game(young_mandarin=True, young_window=0)
    pos = position(g, {3: 1, 0: 4, 11: 1, 9: 4}, ply=500)
    tr = []
    play(g, pos, "3-", tr)
    assert not events(tr, "capture")
    g = game(young_mandarin=True, young_window=0, young_threshold=4)
    pos = position(g, {3: 1, 0: 4, 11: 1, 9: 4}, ply=500)
    tr = []
    play(g, pos, "3-", tr)
    assert events(tr, "capture")


def test_option_young_mandarin_stops_a_chain():
    g = game(young_mandarin=True)
    pos = position(g, {5: 1, 2: 3, 0: 2, 11: 1, 9: 4}, ply=0)
    tr = []
    play(g, pos, "5-", tr)
    assert [c["at"] for c in events(tr, "capture")] == [2]


def test_option_mandarin_value_5():
    g = game(mandarin_value=5)
    j = g.to_json(g.new())
    assert value(g, j) == 60
    pos = position(g, {5: 1, 2: 3, 0: 2, 11: 1, 9: 4})
    before = g.material(pos, 0)
    play(g, pos, "5-")
    assert g.material(pos, 0) - before == 3 + 5 + 2


def test_rules_unknown_or_out_of_range_are_refused():
    from engine import games
    assert "unknown rule" in _raises(games.load, "oanquan", {"mandarin_vale": 10})
    assert "out of range" in _raises(games.load, "oanquan", {"mandarin_value": 7})
    assert "out of range" in _raises(games.load, "oanquan", {"young_mandarin": 1})
    assert "unknown game" in _raises(games.load, "chess", None)


def test_from_json_refuses_bad_positions():
    g = game()
    good = g.to_json(g.new())
    for field, bad, word in (("squares", [5] * 11, "list of 12"),
                             ("squares", [0, 6, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5], "add up"),
                             ("to_move", 2, "to_move"), ("big", [1, 2], "big"),
                             ("game", "sanyao", "game"), ("result", 3, "result")):
        obj = dict(good)
        obj[field] = bad
        assert word in _raises(g.from_json, obj), field
    obj = dict(good)
    del obj["stock"]
    assert "missing" in _raises(g.from_json, obj)
    obj = dict(good)
    obj["squares"] = [0, 0, 0, 0, 0, 0, 0, 10, 10, 10, 10, 10]
    assert "not ready" in _raises(g.from_json, obj)


def _with_debt(g, pos, debt):
    j = g.to_json(pos)
    j["debt"] = list(debt)
    return g.from_json(j)


def test_OAQ10_debts_are_not_part_of_the_repetition_key():
    # Issue 13.2: a row that keeps emptying borrows again and again (OAQ-6c) while the board
    # repeats; with debts in the key such a game never ended. The same board, stocks and mover
    # with other debts is the same position for OAQ-10.
    g = game()
    start = position(g, {4: 1, 1: 3}, stock=(44, 2))
    after = bytearray(start)
    g.play(after, g.parse_move(after, "4+"))  # player 1's row is empty: borrows 3 (OAQ-6c)
    assert g.to_json(after)["debt"] == [0, 3]
    earlier = _with_debt(g, after, (0, 0))  # the same board reached before, with less debt
    assert g.key(earlier) == g.key(after) and bytes(earlier) != bytes(after)
    rec = Record(g, start)
    rec.seen = [g.key(earlier), g.key(start), g.key(earlier), g.key(start)]
    rec.play_text("4+")
    assert g.result(rec.pos)["reason"] == "repetition"


def test_OAQ6_OAQ10_debts_beyond_70_and_256_are_stored_and_read_back():
    # Issue 13.2: debts have no bound but 5 stones a refill; JSON takes what the rules produce.
    g = game()
    for d in ((72, 0), (0, 300), (70000, 5)):
        pos = position(g, {4: 1, 1: 3}, stock=(44, 2), debt=d)
        j = g.to_json(pos)
        assert j["debt"] == list(d) and bytes(g.from_json(j)) == bytes(pos)
        assert g.material(pos, 0) == 44 - d[0] + d[1] and g.material(pos, 1) == 2 - d[1] + d[0]
    pos = position(g, {4: 1, 1: 3}, stock=(44, 2), debt=(0, 254))
    j = play(g, pos, "4+")  # borrows 3: 254 -> 257 needs the high bytes
    assert j["debt"] == [0, 257] and g.material(pos, 1) == 0 - 257
    assert g.breakdown(pos, 1)[3] == 257 and g.breakdown(pos, 0)[4] == 257
    from engine.oanquan.eval import Eval
    assert Eval(g, (0, 0, 0, 0)).score(pos, 0) == 16 * (g.material(pos, 0) - g.material(pos, 1))
    assert "debt" in _raises(position, g, {4: 1, 1: 3}, (1, 1), (44, 2), (0, 0), (0, 1 << 30))
    assert "debt" in _raises(position, g, {4: 1, 1: 3}, (1, 1), (44, 2), (0, 0), (-1, 0))


def test_OAQ8_OAQ9_finished_position_in_the_design_form_without_swept():
    # Issue 13.7: the protocol's result has winner, reason and score; `swept` is optional.
    g = game()
    pos = position(g, {1: 3, 3: 1, 7: 1, 8: 2}, big=(0, 1), stock=(23, 20), mandarins=(0, 1),
                   debt=(2, 0))
    j = play(g, pos, "3+")
    del j["result"]["swept"]
    back = g.from_json(j)
    assert g.result(back)["score"] == [35, 35] and g.result(back)["winner"] is None
    assert "swept" not in g.to_json(back)["result"] or g.to_json(back)["result"]["swept"] == [0, 0]
    j["result"]["score"] = [36, 34]
    assert "does not match" in _raises(g.from_json, j)


CYCLE = "4+ 10- 2- 9+ 1+ 10+ 3+ 7+ 2+ 8-".split()  # found by a search of small end games


def test_OAQ10_borrowing_cycle_ends_on_the_third_occurrence():
    # Issue 13.2 in a real game: mandarin square 6 is empty, so player 0 captures player 1's
    # stones across it; player 0's row empties and borrows 3 (OAQ-6c) every 10 plies, and the
    # board comes back each time with 3 more stones of debt. Counting debts, no position ever
    # repeats and the debt passes 70 after ~240 plies; without them the game ends at ply 40.
    g = game()
    rec = Record(g, position(g, [0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0], big=(1, 0),
                             mandarins=(0, 1), stock=(0, 43)))
    keys = [rec.seen[0]]
    debts = [g.to_json(rec.pos)["debt"]]
    for lap in range(2):
        for i in range(len(CYCLE)):
            assert g.result(rec.pos) is None
            rec.play_text(CYCLE[i])
        keys.append(g.key(rec.pos))
        debts.append(g.to_json(rec.pos)["debt"])
    assert debts == [[0, 0], [3, 0], [6, 0]]
    r = g.result(rec.pos)
    assert r["reason"] == "repetition" and g.ply(rec.pos) == 40
    assert keys[1] == keys[0] and g.to_json(rec.pos)["debt"] == [6, 0]
    assert r["score"][0] + r["score"][1] == 70 - 10  # the big stone left on square 0: nobody's
