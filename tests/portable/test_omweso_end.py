# Omweso rules OM-7..OM-10, game end, points and the match, on hand-checked positions.
# Portable: runs under pytest and under MicroPython (tests/mprun.py).
from omweso_util import mk, pits, moves, play, refused, events, row
from engine import games

EXAMPLE = [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1, 2, 2, 1]  # docs/rules.md OM-7, 18 seeds
QUIET = [6, 6, 6, 6, 6, 6, 5, 5] + [0] * 8  # 46 seeds, empty inner row: no capture possible
LONG = [1, 1, 0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 2, 1]  # "4" ends after exactly 22 laps
TRIVIAL = [3, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]  # "0" is endless, the only move


def _opp(mine):
    t = 64 - sum(mine)
    return [t // 8 + (1 if i < t % 8 else 0) for i in range(8)] + [0] * 8


def test_OM7_rules_example_is_endless_and_annuls():
    for lim in (200, 100000):
        g, pos = mk({"lap_limit": lim}, mine=EXAMPLE, theirs=QUIET, mm=(5, 6), points=(3, 4),
                    game_no=5)
        assert "13" in moves(g, pos)
        tr = play(g, pos, "13")
        e = events(tr, "endless")
        assert len(e) == 1 and e[0]["cycle"] == 100
        assert len(events(tr, "annul")) == 1
        js = g.to_json(pos)
        # annulled: no points, game_no + 1, replayed with the same starter (player 1 here)
        assert js["points"] == [3, 4] and js["game_no"] == 6 and js["to_move"] == 1
        assert js["pits"] == [[4] * 8 + [0] * 8] * 2 and js["moves_made"] == [0, 0]
        assert js["result"] is None and js["ply"] == 12


def test_OM7_rules_example_other_pits_finish():
    g, pos = mk(mine=EXAMPLE, theirs=QUIET)
    assert moves(g, pos) == ["0", "13", "14", "3", "6", "9"]
    play(g, pos, "14")
    assert g.to_json(pos)["game_no"] == 1


def test_OM7_finite_move_longer_than_lap_limit_is_endless():
    g, pos = mk(mine=LONG, theirs=_opp(LONG))
    tr = play(g, pos, "4")
    assert len(events(tr, "lap")) == 22 and events(tr, "stop") and g.to_json(pos)["game_no"] == 1
    # lap 21 ends with another lap to sow: endless
    g, pos = mk({"lap_limit": 21}, mine=LONG, theirs=_opp(LONG))
    tr = play(g, pos, "4")
    assert events(tr, "endless")[0]["laps"] == 21 and g.to_json(pos)["game_no"] == 2
    # lap 22 ends the move: not endless
    g, pos = mk({"lap_limit": 22}, mine=LONG, theirs=_opp(LONG))
    play(g, pos, "4")
    assert g.to_json(pos)["game_no"] == 1
    g, pos = mk({"lap_limit": 20}, mine=LONG, theirs=_opp(LONG))
    play(g, pos, "4")
    assert g.to_json(pos)["game_no"] == 2


def test_OM7_forbid_endless_removes_endless_moves():
    g, pos = mk({"forbid_endless": True}, mine=EXAMPLE, theirs=QUIET)
    assert moves(g, pos) == ["0", "14", "3", "6", "9"]
    assert refused(g, pos, "13")
    g, pos = mk({"forbid_endless": True, "lap_limit": 20}, mine=LONG, theirs=_opp(LONG))
    assert "4" not in moves(g, pos) and "14" in moves(g, pos)


def test_OM7_forbid_endless_when_every_move_is_endless_annuls():
    g, pos = mk({"forbid_endless": True}, mine=TRIVIAL, theirs=_opp(TRIVIAL))
    assert moves(g, pos) == ["0"]
    tr = play(g, pos, "0")
    assert events(tr, "annul") and g.to_json(pos)["game_no"] == 2


def test_OM7_capture_restarts_the_lap_count():
    # 6(3) -> 7,8,9 captures (lap 1); the relay chain after the re-sowing counts from 1 again
    g, pos = mk({"lap_limit": 20}, mine=row({6: 3, 9: 1, 10: 1}),
                theirs=[10, 2, 1, 10, 10, 10, 10, 2, 0, 0, 0, 0, 0, 2, 2, 0])
    tr = play(g, pos, "6")
    assert [e["n"] for e in events(tr, "lap")] == [1, 1, 1, 2]


# okutema: 6(2) -> 7,8; 8 had 1, faces their 0 and 15 (5+4): capture 9, re-sown from 6 -> 7..15;
# 15 had 1, faces their 7 and 8 (2+1): both end columns taken, the 3 seeds go 7,8,9, game over
TEMA_MINE = {6: 2, 8: 1, 15: 1}
TEMA_THEIRS = [5, 8, 8, 8, 8, 8, 8, 2, 1, 0, 0, 0, 0, 0, 0, 4]


def test_OM8_okutema_two_points_and_next_game():
    g, pos = mk(mine=row(TEMA_MINE), theirs=TEMA_THEIRS, mm=(5, 6), points=(1, 2), game_no=4)
    tr = play(g, pos, "6")
    assert [c["at"] for c in events(tr, "capture")] == [8, 15]
    last = events(tr, "lap")[-1]
    assert last["kind"] == "okutema" and last["count"] == 3 and last["start"] == 6
    assert [e["at"] for e in events(tr, "drop")][-3:] == [7, 8, 9]
    end = events(tr, "game_end")[0]
    assert end["winner"] == 0 and end["reason"] == "okutema" and end["award"] == 2
    js = g.to_json(pos)
    assert js["points"] == [3, 2] and js["game_no"] == 5 and js["to_move"] == 1
    assert js["captures"] == [0, 0] and js["result"] is None


def test_OM8_akawumbi_and_option_akawumbi_points():
    theirs = [5, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 4]  # 24; singletons left after okutema
    mine = row({0: 6, 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 2, 8: 1, 15: 1})  # 40
    g, pos = mk(mine=mine, theirs=theirs)
    play(g, pos, "6")
    assert g.over(pos) and moves(g, pos) == []
    assert g.result(pos) == {"winner": 0, "reason": "akawumbi", "points": [12, 0]}
    js = g.to_json(pos)
    assert js["to_move"] == 1 and js["pits"][1] == [0, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0]
    g, pos = mk({"akawumbi_points": 6}, mine=mine, theirs=theirs)
    tr = play(g, pos, "6")
    assert events(tr, "game_end")[0]["reason"] == "akawumbi"
    assert not g.over(pos) and g.to_json(pos)["points"] == [6, 0]


# ordinary win: 6(3) -> 7,8,9 captures their 1 and 14 (1+2); they keep only singletons
WIN_MINE = {0: 8, 1: 8, 2: 8, 3: 8, 4: 8, 5: 3, 6: 3, 9: 1}  # 47
WIN_THEIRS = [1] * 14 + [2, 1]  # 17


def test_OM8_ordinary_win_one_point_loser_starts():
    g, pos = mk(mine=row(WIN_MINE), theirs=WIN_THEIRS)
    tr = play(g, pos, "6")
    end = events(tr, "game_end")[0]
    assert (end["winner"], end["reason"], end["award"]) == (0, "ordinary", 1)
    js = g.to_json(pos)
    assert js["points"] == [1, 0] and js["game_no"] == 2 and js["to_move"] == 1


def test_OM8_next_starter_loser_or_alternate():
    # player 1 started this game (moves_made 5 and 6, player 0 to move) and loses
    g, pos = mk(mine=row(WIN_MINE), theirs=WIN_THEIRS, mm=(5, 6))
    play(g, pos, "6")
    assert g.to_move(pos) == 1
    g, pos = mk({"next_starter": "alternate"}, mine=row(WIN_MINE), theirs=WIN_THEIRS, mm=(5, 6))
    play(g, pos, "6")
    assert g.to_move(pos) == 0
    g, pos = mk({"next_starter": "alternate"}, mine=row(WIN_MINE), theirs=WIN_THEIRS)
    play(g, pos, "6")
    assert g.to_move(pos) == 1


def test_OM8_match_ends_at_match_points():
    g, pos = mk({"match_points": 3}, mine=row(WIN_MINE), theirs=WIN_THEIRS, points=(2, 1),
                game_no=4)
    tr = play(g, pos, "6")
    assert events(tr, "match_end")
    assert g.over(pos) and g.result(pos) == {"winner": 0, "reason": "ordinary", "points": [3, 1]}
    js = g.to_json(pos)
    assert js["game_no"] == 4 and js["to_move"] == 1 and g.from_json(js) == pos
    buf = [0] * g.MAX_MOVES
    assert g.moves(pos, buf) == 0


def test_OM8_akakyala_second_capturing_turn_before_any_opponent_capture():
    mine = row({6: 3, 9: 1, 10: 1})
    theirs = [10, 2, 1, 10, 10, 10, 10, 2, 0, 0, 0, 0, 0, 2, 2, 0]
    g, pos = mk({"akakyala": True}, mine=mine, theirs=theirs, caps=(1, 0))
    tr = play(g, pos, "6")
    end = events(tr, "game_end")[0]
    assert (end["reason"], end["award"]) == ("akakyala", 2) and g.to_json(pos)["points"] == [2, 0]
    # off by default; and not once the opponent has captured
    for rules, caps in ((None, (1, 0)), ({"akakyala": True}, (1, 1)), ({"akakyala": True}, (2, 0))):
        g, pos = mk(rules, mine=mine, theirs=theirs, caps=caps)
        tr = play(g, pos, "6")
        assert events(tr, "game_end") == [] and g.to_json(pos)["game_no"] == 1


def test_OM8_precedence_okutema_over_akakyala_over_ordinary():
    g, pos = mk({"akakyala": True}, mine=row(WIN_MINE), theirs=WIN_THEIRS, caps=(1, 0))
    tr = play(g, pos, "6")
    assert events(tr, "game_end")[0]["reason"] == "akakyala"
    g, pos = mk({"akakyala": True}, mine=row(TEMA_MINE), theirs=TEMA_THEIRS, caps=(1, 0))
    tr = play(g, pos, "6")
    assert events(tr, "game_end")[0]["reason"] == "okutema"


def test_OM8_front_row_win_counts_as_okutema():
    # 6(3) -> 7,8,9 captures their 1 and 14: their inner row is then empty
    mine = row({6: 3, 9: 1})
    theirs = [8, 2, 8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 2, 0]
    g, pos = mk({"front_row_win": True}, mine=mine, theirs=theirs)
    tr = play(g, pos, "6")
    end = events(tr, "game_end")[0]
    assert (end["reason"], end["award"]) == ("okutema", 2)
    assert events(tr, "lap")[-1]["kind"] == "okutema"
    g, pos = mk(mine=mine, theirs=theirs)
    tr = play(g, pos, "6")
    assert events(tr, "game_end") == [] and pits(g, pos, 0)[6:11] == [0, 2, 2, 3, 1]


def test_OM9_three_seed_opening():
    mine = [4, 4, 3, 4, 4, 4, 4, 5] + [0] * 8  # 32
    theirs = [4] * 8 + [0] * 8
    g, pos = mk({"three_seed_opening": True}, mine=mine, theirs=theirs, mm=(2, 2), caps=(0, 0))
    ms = moves(g, pos)
    assert "2*" in ms and "2" in ms and "0*" not in ms and refused(g, pos, "0*")
    tr = play(g, pos, "2*")
    assert pits(g, pos, 0)[:5] == [4, 4, 0, 6, 5] and g.to_move(pos) == 1
    assert [e["at"] for e in events(tr, "drop")] == [3, 3, 4] and events(tr, "relay") == []
    # off by default; not once a capture has been made in the game
    g, pos = mk(mine=mine, theirs=theirs, mm=(2, 2), caps=(0, 0))
    assert "2*" not in moves(g, pos) and refused(g, pos, "2*")
    g, pos = mk({"three_seed_opening": True}, mine=mine, theirs=theirs, mm=(2, 2), caps=(0, 1))
    assert "2*" not in moves(g, pos) and refused(g, pos, "2*")


def test_OM10_blitz_is_not_a_rule_option():
    for bad in ({"blitz_seconds": 3}, {"take_back": False}):
        try:
            games.load("omweso", bad)
            assert False, bad
        except ValueError:
            pass


def test_options_table_and_ranges_validated():
    names = [o[0] for o in games.load("omweso").OPTIONS]
    assert names == ["setup", "first_turn_capture", "forbid_endless", "lap_limit", "match_points",
                     "akawumbi_points", "akakyala", "front_row_win", "next_starter",
                     "three_seed_opening"]
    for bad in ({"lap_limit": 19}, {"lap_limit": 100001}, {"match_points": 0},
                {"akawumbi_points": 7}, {"setup": "random"}, {"next_starter": "winner"},
                {"akakyala": 1}):
        try:
            games.load("omweso", bad)
            assert False, bad
        except ValueError:
            pass


def test_no_repetition_key_and_material_is_seeds_on_own_side():
    g, pos = mk(mine=row(WIN_MINE), theirs=WIN_THEIRS)
    assert g.key(pos) is None and g.material(pos, 0) == 47 and g.material(pos, 1) == 17


def test_moves_and_play_allocate_nothing_heap_locked():
    try:
        import micropython
    except ImportError:
        return  # CPython: nothing to prove
    if not hasattr(micropython, "heap_lock"):
        return  # a CPython stand-in module
    g = games.load("omweso", {"three_seed_opening": True, "akakyala": True, "match_points": 2})
    pos = g.new()
    buf = [0] * g.MAX_MOVES
    x = 12345
    for _ in range(400):
        if g.over(pos):
            break
        micropython.heap_lock()
        try:
            n = g.moves(pos, buf)
            x = (x * 1103515245 + 12345) & 0xFFFFFF
            g.play(pos, buf[x % n])
        finally:
            micropython.heap_unlock()
    for mine, theirs in ((EXAMPLE, QUIET), (row(TEMA_MINE), TEMA_THEIRS)):
        g, pos = mk(None, mine=mine, theirs=theirs)
        micropython.heap_lock()
        try:
            n = g.moves(pos, buf)
            g.play(pos, buf[n - 1])
        finally:
            micropython.heap_unlock()
