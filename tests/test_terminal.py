# The terminal renderers (tools/terminal/<game>.py) on chosen positions and events: every event a
# move can report is put in words with the players' names, never as "player 0/1".
import re

import pytest

from engine import games
from tools.terminal import game as play
from tools.terminal import oanquan as term_oanquan
from tools.terminal import omweso as term_omweso
from tools.terminal import sanyao as term_sanyao

YOU = play.View(["you", "the computer"], 0)
TWO = play.View(["Player 1", "Player 2"], 0)


def test_oanquan_refill_borrow_and_exchange_in_words():
    g = games.load("oanquan")
    pos = g.new()
    trace = [{"event": "capture", "at": 0, "count": 3, "big": 1},
             {"event": "exchange", "player": 1, "count": 10},
             {"event": "borrow", "player": 1, "from": 0, "count": 2},
             {"event": "refill", "player": 1, "count": 5}]
    text = term_oanquan.summary(g, pos, trace, YOU, 0)
    assert text.splitlines() == [
        "You captured 3 stones and a mandarin.",
        "The computer cashed a captured mandarin for 10 stones.",
        "The computer borrowed 2 stones from you (a debt, subtracted at the end).",
        "The computer's row was empty: 1 stone put in each square from the stock."]
    assert term_oanquan.note(g, trace) == "captured 3 stones and a mandarin"
    assert term_oanquan.note(g, []) == ""


def test_oanquan_board_from_the_top_players_seat():
    """Against the computer moving first you are player 1: your squares 7-11 at the bottom."""
    g = games.load("oanquan")
    view = play.View(["the computer", "you"], 1)
    lines = term_oanquan.board(g, g.new(), view).splitlines()
    assert lines[0] == "\u00d4 \u0102n Quan - move 1 - the computer's turn"
    assert re.match(r" +5 +4 +3 +2 +1 +<- the computer's squares$", lines[2])
    assert re.match(r" +7 +8 +9 +10 +11 +<- your squares$", lines[7])
    assert lines[5].split() == ["sq", "6", "sq", "0"]  # square 6 is next to square 7, on the left
    pos = g.new()
    g.play(pos, g.parse_move(pos, "3+"))
    helptext = term_oanquan.help(g, pos, view, ["7+"])
    assert "Type one of your squares (7-11)" in helptext
    assert "(right along your row)" in helptext  # + still goes right along the bottom row


def test_sanyao_events_in_words():
    g = games.load("sanyao")
    pos = g.new()
    trace = [{"event": "capture", "at": 4, "count": 2, "player": 0},
             {"event": "pass", "player": 1},
             {"event": "round_end", "reason": "leftover", "round": 1, "swept": [1, 0],
              "store": [33, 17]},
             {"event": "settlement", "before": [33, 17], "repaid": 2, "by": 1, "forgiven": 1,
              "totals": [35, 15], "winner": 0, "match_over": False},
             {"event": "loan", "from": 0, "to": 1, "count": 1, "gift": False},
             {"event": "round_start", "round": 2, "starter": 0}]
    text = term_sanyao.summary(g, pos, trace, YOU, 0)
    assert "You captured 2 stones." in text
    assert "The computer cannot move (all the holes the computer plays are empty): you move " \
           "again." in text
    assert "Round 1 is over: fewer than 2 stones left." in text
    assert "go to whoever played their holes: you +1, the computer +0." in text
    assert "The computer repays 2 to you (the loan) (1 forgiven: not enough stones)." in text
    assert "Totals: you 35, the computer 15: you win the round." in text
    assert "You lend 1 stone to the computer to fill the last hole (repaid next round)." in text
    assert "Round 2: every hole holds 5 again; you start." in text
    assert term_sanyao.note(g, trace) == ("captured 2 stones, (the other side had no move: "
                                          "pass), round 1 over")
    # the history names who had no move (issue 31 #6)
    assert term_sanyao.note(g, trace, YOU) == ("captured 2 stones, (the computer had no move: "
                                               "pass), round 1 over")
    assert not re.search(r"player [01]", text, re.I)


def test_sanyao_sons_are_offered_only_to_a_person():
    g = games.load("sanyao")
    pick = [{"event": "choose_sons", "player": 0, "count": 2}]
    assert "You pick 2 sons among the computer's holes (type son:<hole>)." in \
        term_sanyao.summary(g, g.new(), pick, YOU, 0)
    pick = [{"event": "choose_sons", "player": 1, "count": 1}]
    assert term_sanyao.summary(g, g.new(), pick, YOU, 1).strip() == \
        "The computer picks 1 son among your holes."


def test_sanyao_final_names_the_short_player_and_the_threshold():
    g = games.load("sanyao", {"match_end_below": 6})
    out = []
    play.play_game(lambda p: "", out.append, "sanyao", {"match_end_below": 6},
                   [play._opponent(0, 1), play._opponent(0, 2)], view=YOU)
    text = " ".join("\n".join(out).split())
    assert re.search(r"Match over after round \d+: (your|the computer's) total of \d stones? "
                     r"is below 6, too few to fill a hole\.", text)
    assert g.rules["match_end_below"] == 6


def test_omweso_events_in_words():
    g = games.load("omweso", {"match_points": 3})
    pos = g.new()
    trace = [{"event": "capture", "player": 1, "at": 8, "count": 5},
             {"event": "reverse", "player": 1, "start": 0},
             {"event": "capture", "player": 1, "at": 15, "count": 4},
             {"event": "game_end", "winner": 1, "reason": "okutema", "award": 2, "game_no": 1},
             {"event": "points", "points": [0, 2]},
             {"event": "new_game", "game_no": 2, "starter": 0, "phase": "play"}]
    text = term_omweso.summary(g, pos, trace, YOU, 1)
    assert text.splitlines() == [
        "The computer captured 9 seeds in 2 captures (1 clockwise lap).",
        "The computer wins game 1: okutema: both end columns of your side captured in one "
        "move. +2 points.",
        "Match points: you 0, the computer 2 (first to 3 wins the match).",
        "Game 2: you start."]
    assert term_omweso.note(g, trace) == "captured 9 seeds, won game 1 (+2)"
    ordinary = [{"event": "game_end", "winner": 0, "reason": "ordinary", "award": 1,
                 "game_no": 3}]
    assert term_omweso.summary(g, pos, ordinary, YOU, 0) == (
        "You win game 3: the computer has no pit with 2 or more seeds left. +1 point.")
    assert term_omweso.summary(g, pos, [{"event": "annul", "game_no": 4}], TWO, 0) == (
        "The game is annulled (no points) and replayed as game 4.")


@pytest.mark.parametrize("name", ["oanquan", "sanyao", "omweso"])
def test_seats_say_who_plays_where(name):
    term = play._renderer(name)
    g = games.load(name)
    assert term.seats(g, YOU).startswith("You play the ")
    assert "the computer" in term.seats(g, YOU).lower()
    assert term.seats(g, TWO).startswith("Player 1 plays the ")


def test_reason_words_come_from_the_adapters_and_cover_every_reason_the_engine_gives():
    # the app's words where the terminal says the same (firmware/games/<game>/adapter.py); every
    # reason the engine can report has words in the terminal
    from engine import oanquan, sanyao
    from engine.omweso import match as omweso_match
    from firmware.games.oanquan import adapter
    assert term_oanquan.REASONS["mandarins"] == adapter.REASONS["mandarins"]
    assert set(term_oanquan.REASONS) == set(r for r in oanquan.REASONS if r)
    from firmware.games.sanyao import adapter as sanyao_words
    assert set(sanyao_words.ROUND_ENDS) == set(sanyao.REASONS)  # the terminal's words too
    assert set(term_omweso.WHY) == set(r for r in omweso_match.REASONS if r)
