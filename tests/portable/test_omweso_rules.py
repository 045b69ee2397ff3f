# Omweso rules OM-1..OM-6 on hand-checked positions (docs/rules.md section 3). Portable: runs under
# pytest and under MicroPython (tests/mprun.py). `mine` = pits of the player to move, own order.
from omweso_util import mk, pits, moves, play, refused, events, row
from engine import games

# opponent rows used as filler (sums noted)
FULL_OUTER = [8, 8, 8, 8, 8, 8, 8, 8] + [0] * 8  # 64, no capture possible


def test_OM1_standard_setup_four_per_outer_pit():
    g = games.load("omweso")
    js = g.to_json(g.new())
    assert js["pits"] == [[4] * 8 + [0] * 8, [4] * 8 + [0] * 8]
    assert js["phase"] == "play" and js["to_move"] == 0 and js["game_no"] == 1
    assert js["moves_made"] == [0, 0] and js["points"] == [0, 0] and js["result"] is None


def test_OM1_setup_two_each():
    g = games.load("omweso", {"setup": "two_each"})
    js = g.to_json(g.new())
    assert js["pits"] == [[2] * 16, [2] * 16] and js["phase"] == "play"
    assert len(moves(g, g.new())) == 16


def test_OM1_setup_free_sequential_arrangement():
    g = games.load("omweso", {"setup": "free"})
    pos = g.new()
    js = g.to_json(pos)
    assert js["phase"] == "setup" and js["to_move"] == 0
    ms = moves(g, pos)
    assert len(ms) == 4 and all(m.startswith("setup:") for m in ms)
    # any arrangement of 32 seeds parses and plays; malformed ones are refused
    a = "setup:0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,32"
    play(g, pos, a)
    js = g.to_json(pos)
    assert js["pits"][0] == [0] * 15 + [32] and js["to_move"] == 1 and js["phase"] == "setup"
    for bad in ("setup:1,1", "setup:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,3", "5",
                "setup:02,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2", "setup:+2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2",
                "setup: 2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2",
                "setup:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,0"):
        assert refused(g, pos, bad), bad
    play(g, pos, "setup:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2")
    js = g.to_json(pos)
    # the second player saw the first arrangement; now the first player moves
    assert js["phase"] == "play" and js["to_move"] == 0 and js["pits"][1] == [2] * 16
    assert js["moves_made"] == [1, 1] and js["ply"] == 2
    assert moves(g, pos) == ["15"]
    assert refused(g, pos, "setup:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2")


def test_OM2_only_pits_with_two_or_more_seeds_move():
    g, pos = mk(mine=row({0: 3, 2: 1, 5: 1}), theirs=row({0: 59}))
    assert moves(g, pos) == ["0"]
    assert refused(g, pos, "2") and refused(g, pos, "1") and refused(g, pos, "16")
    assert refused(g, pos, "00") and refused(g, pos, "0+") and refused(g, pos, "")


def test_OM3_lap_of_sixteen_sows_its_own_start_pit():
    # no origin skip: 16 seeds from pit 0 fill pits 1..15 and then pit 0 itself (empty -> stop)
    g, pos = mk(mine=row({0: 16}), theirs=row({0: 48}))
    tr = play(g, pos, "0")
    assert pits(g, pos, 0) == [1] * 16
    assert len(events(tr, "drop")) == 16 and events(tr, "stop")[0]["at"] == 0


def test_OM4_relay_chain_from_landing_pit():
    # 0(3) -> 1,2,3; pit 3 had 1: relay 2 -> 4,5; pit 5 had 1: relay 2 -> 6,7; 7 empty: stop
    g, pos = mk(mine=row({0: 3, 3: 1, 5: 1}), theirs=[8] * 7 + [3] + [0] * 8)
    tr = play(g, pos, "0")
    assert pits(g, pos, 0) == [0, 1, 1, 0, 1, 0, 1, 1] + [0] * 8
    assert [e["at"] for e in events(tr, "relay")] == [3, 5]
    assert [e["start"] for e in events(tr, "lap")] == [0, 3, 5]
    assert events(tr, "stop")[0]["at"] == 7
    assert g.to_json(pos)["captures"] == [1, 1] and g.to_move(pos) == 1


def test_OM4_capture_resows_from_start_pit_into_second_capture():
    # 6(3) -> 7,8,9; 9 had 1 and faces their 1 and 14 (2+2): capture 4, sown again from 6 ->
    # 7,8,9,10; 10 had 1 and faces their 2 and 13 (1+2): capture 3, sown from 6 -> 7,8,9; 9 faces
    # two empty pits: relay 4 -> 10,11,12,13; 13 empty: stop
    theirs = [10, 2, 1, 10, 10, 10, 10, 2, 0, 0, 0, 0, 0, 2, 2, 0]
    g, pos = mk(mine=row({6: 3, 9: 1, 10: 1}), theirs=theirs)
    tr = play(g, pos, "6")
    assert pits(g, pos, 0) == [0, 0, 0, 0, 0, 0, 0, 3, 3, 0, 3, 1, 1, 1, 0, 0]
    assert pits(g, pos, 1) == [10, 0, 0, 10, 10, 10, 10, 2, 0, 0, 0, 0, 0, 0, 0, 0]
    caps = events(tr, "capture")
    assert [(c["at"], c["count"], c["pits"]) for c in caps] == [(9, 4, [1, 14]), (10, 3, [2, 13])]
    laps = events(tr, "lap")
    assert [(e["start"], e["kind"], e["count"]) for e in laps] == \
        [(6, "first", 3), (6, "resow", 4), (6, "resow", 3), (9, "relay", 4)]
    # one turn with a capture counts once
    assert g.to_json(pos)["captures"] == [2, 1]


def test_OM4_inner_landing_facing_one_empty_pit_relays():
    # 6(3) -> 7,8,9; 9 faces their 1 (2 seeds) and 14 (empty): no capture, relay 2 -> 10,11
    g, pos = mk(mine=row({6: 3, 9: 1}), theirs=[10, 2, 10, 10, 10, 10, 8, 0] + [0] * 8)
    tr = play(g, pos, "6")
    assert events(tr, "capture") == []
    assert pits(g, pos, 0) == [0] * 7 + [1, 1, 0, 1, 1, 0, 0, 0, 0]


def test_OM4_landing_in_empty_pit_ends_even_facing_two_full_pits():
    g, pos = mk(mine=row({6: 3}), theirs=[8, 2, 8, 8, 8, 8, 8, 3, 0, 0, 0, 0, 0, 0, 8, 0])
    tr = play(g, pos, "6")
    assert events(tr, "capture") == [] and pits(g, pos, 0)[7:10] == [1, 1, 1]


# reverse captures from each of the four leftmost pits: (pit, mine, theirs, final mine after "-")
REVERSE = (
    (0, {0: 2, 14: 1}, [8, 8, 8, 8, 8, 8, 3, 8, 0, 2, 0, 0, 0, 0, 0, 0],
     {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 14: 2, 15: 1}),
    (1, {1: 2, 15: 1}, [10, 8, 8, 8, 8, 8, 8, 2, 1, 0, 0, 0, 0, 0, 0, 0],
     {0: 1, 2: 1, 3: 1, 4: 1, 15: 2}),
    (15, {15: 2, 13: 1}, [10, 8, 8, 8, 8, 2, 8, 8, 0, 0, 1, 0, 0, 0, 0, 0],
     {0: 1, 1: 1, 2: 1, 13: 2, 14: 1}),
    (14, {14: 2, 12: 1}, [10, 8, 8, 8, 2, 8, 8, 8, 0, 0, 0, 1, 0, 0, 0, 0],
     {0: 1, 1: 1, 12: 2, 13: 1, 15: 1}),
)


def test_OM5_reverse_capture_from_each_leftmost_pit():
    for pit, mine, theirs, after in REVERSE:
        g, pos = mk(mine=row(mine), theirs=theirs)
        assert moves(g, pos) == ["%d+" % pit, "%d-" % pit], pit
        assert refused(g, pos, "%d" % pit) and refused(g, pos, "%d--" % pit)
        tr = play(g, pos, "%d-" % pit)
        assert pits(g, pos, 0) == row(after), (pit, pits(g, pos, 0))
        laps = events(tr, "lap")
        assert laps[0]["dir"] == "-" and events(tr, "reverse")[0]["start"] == pit
        # the captured seeds are sown again from the same start pit (here counter-clockwise)
        assert laps[1]["start"] == pit and laps[1]["dir"] == "+" and laps[1]["kind"] == "resow"
        assert len(events(tr, "capture")) == 1


def test_OM5_reverse_lap_refused_when_it_would_not_capture():
    # as REVERSE[0] but their pit 9 is empty: no capture, so pit 0 only sows counter-clockwise
    g, pos = mk(mine=row({0: 2, 14: 1}), theirs=[8, 8, 8, 8, 8, 8, 3, 8, 0, 0, 2, 0, 0, 0, 0, 0])
    assert moves(g, pos) == ["0"]
    assert refused(g, pos, "0-") and refused(g, pos, "0+")
    # pit 13 would capture clockwise (-> 12, 11 facing their 3 and 12) but is not a leftmost pit
    g, pos = mk(mine=row({13: 2, 11: 1}), theirs=[8, 8, 8, 8, 8, 8, 8, 4, 0, 0, 0, 0, 1, 0, 0, 0])
    assert moves(g, pos) == ["13"] and refused(g, pos, "13-")


def test_OM5_choice_point_in_the_middle_of_a_move():
    # 12(2) -> 13,14; 14 had 2, faces their 6 and 9 (9 empty): relay 3 from 14, a choice point:
    # "+" -> 15,0,1 (1 empty: stop); "-" -> 13,12,11, 11 had 1 and faces their 3 and 12: capture
    # 4, re-sown from 14 (start of the capturing lap) -> 15,0,1,2: stop
    theirs = [8, 8, 8, 2, 8, 8, 8, 7, 0, 0, 0, 0, 2, 0, 0, 0]
    g, pos = mk(mine=row({12: 2, 14: 2, 11: 1}), theirs=theirs)
    ms = moves(g, pos)
    assert "12+" in ms and "12-" in ms and "12" not in ms
    g2, pos2 = mk(mine=row({12: 2, 14: 2, 11: 1}), theirs=theirs)
    play(g2, pos2, "12+")
    assert pits(g2, pos2, 0) == row({0: 1, 1: 1, 11: 1, 13: 1, 15: 1})
    tr = play(g, pos, "12-")
    assert pits(g, pos, 0) == row({0: 1, 1: 1, 2: 1, 11: 2, 12: 1, 13: 2, 15: 1})
    laps = events(tr, "lap")
    assert [(e["start"], e["dir"], e["kind"]) for e in laps] == \
        [(12, "+", "first"), (14, "-", "relay"), (14, "+", "resow")]


def _first_turn(rules, to_move):
    mine = [5, 5, 5, 5, 4, 4, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0]  # 32
    theirs = [4, 2, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 2, 0]  # 32
    mm = (0, 0) if to_move == 0 else (1, 0)
    g, pos = mk(rules, mine=mine, theirs=theirs, to_move=to_move, mm=mm, caps=(0, 0))
    tr = play(g, pos, "6")
    return g, pos, tr


def test_OM6_no_capture_on_first_turn_of_either_player():
    for p in (0, 1):
        # 6(3) -> 7,8,9; 9 had 1 and faces two full pits, but on a first turn it relays: 10,11
        g, pos, tr = _first_turn(None, p)
        assert events(tr, "capture") == []
        assert pits(g, pos, p)[6:12] == [0, 1, 1, 0, 1, 1]
        assert g.to_json(pos)["captures"] == [0, 0]


def test_OM6_option_first_turn_capture():
    for p in (0, 1):
        g, pos, tr = _first_turn({"first_turn_capture": True}, p)
        assert len(events(tr, "capture")) == 1
        assert pits(g, pos, p)[6:11] == [0, 2, 2, 3, 1]
        assert g.to_json(pos)["captures"][p] == 1


def test_OM6_no_reverse_choice_on_first_turn():
    mine = [2, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 1, 1]  # 32
    theirs = [4, 4, 4, 4, 4, 4, 3, 3, 0, 2, 0, 0, 0, 0, 0, 0]  # 32
    g, pos = mk(mine=mine, theirs=theirs, mm=(0, 0), caps=(0, 0))
    assert "0" in moves(g, pos) and refused(g, pos, "0-")
    g, pos = mk(mine=mine, theirs=theirs, mm=(1, 1), caps=(0, 0))
    assert "0-" in moves(g, pos) and "0+" in moves(g, pos)


def test_OM6_first_sowing_turn_after_free_setup():
    g = games.load("omweso", {"setup": "free"})
    pos = g.new()
    play(g, pos, "setup:5,5,5,5,4,4,3,0,0,1,0,0,0,0,0,0")
    play(g, pos, "setup:4,2,4,4,4,4,4,4,0,0,0,0,0,0,2,0")
    tr = play(g, pos, "6")
    assert events(tr, "capture") == [] and events(tr, "relay")[0]["at"] == 9
