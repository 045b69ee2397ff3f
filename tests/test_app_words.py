# The words the app builds around a player's name agree with it: "You start", "AI starts"
# (issue 33: the Omweso and San-Yao summaries said "You starts", "You chooses", "You lends").
import pytest

from firmware.common import agree
from firmware.games import adapter

YOU_AI = ("You", "AI")
AI_YOU = ("AI", "You")


def test_agree():
    assert agree("AI", "starts") == "AI starts"
    assert agree("P2", "has") == "P2 has"
    assert agree("You", "starts") == "You start"
    assert agree("You", "chooses") == "You choose"
    assert agree("You", "has") == "You have"
    assert agree("You", "was") == "You were"
    assert agree("You", "had") == "You had" and agree("You", "lost") == "You lost"


@pytest.mark.parametrize("names", (YOU_AI, AI_YOU))
def test_san_yao_round_summary(names):
    ad = adapter("sanyao")
    trace = [{"event": "settlement", "repaid": 3, "by": 0, "totals": [40, 32], "winner": 0},
             {"event": "choose_sons", "player": 0, "count": 2},
             {"event": "loan", "from": 0, "to": 1, "count": 4},
             {"event": "round_start", "round": 2, "starter": 0}]
    text = "\n".join(ad.round_lines(trace, names))
    if names[0] == "You":
        for want in ("You repay 3 to AI", "You win the round", "You choose 2 son(s)",
                     "You lend 4 to AI", "Round 2: You start"):
            assert want in text, text
    else:
        for want in ("AI repays 3 to You", "AI wins the round", "AI chooses 2 son(s)",
                     "AI lends 4 to You", "Round 2: AI starts"):
            assert want in text, text
    assert "You starts" not in text and "You wins" not in text
    lo = ad.reason_words({"totals": [10, 62]}, names)
    assert lo == ("You have" if names[0] == "You" else "AI has") + " too few stones to fill a hole"


def test_san_yao_round_end_says_why_in_words():
    # issue 31 #6: "Round 23 over: leftover" showed the engine's word (SY-7, SY-6)
    from engine import sanyao
    ad = adapter("sanyao")
    for why in sanyao.REASONS:
        ev = {"event": "round_end", "reason": why, "round": 3, "swept": [1, 0], "store": [30, 19]}
        line = ad.round_lines([ev], YOU_AI)[0]
        assert line == "Round 3 over: " + ad.ROUND_ENDS[why] and ad.ROUND_ENDS[why] != why, line
        assert ad.message(ev) == line
    assert ad.round_lines([{"event": "round_end", "reason": "leftover", "round": 3, "swept": [1, 0],
                            "store": [30, 19]}], YOU_AI)[0] == \
        "Round 3 over: fewer than 2 stones left"


@pytest.mark.parametrize("names", (YOU_AI, AI_YOU))
def test_omweso_match_summary(names):
    ad = adapter("omweso")
    trace = [{"event": "game_end", "game_no": 1, "winner": 0, "reason": "ordinary", "award": 2},
             {"event": "new_game", "game_no": 2, "starter": 0}]
    text = "\n".join(ad.round_lines(trace, names))
    who = names[0]
    assert ("Game 1: %s" % agree(who, "wins")) in text and ("Game 2: %s" % agree(who, "starts")) \
        in text, text
    assert "You wins" not in text and "You starts" not in text
    # the loser is named by the reason: the other player
    r = ad.reason_words({"winner": 1, "reason": "akakyala"}, names)
    assert r == ("You were" if who == "You" else "AI was") + " captured twice first (akakyala)"
    assert ad.reason_words({"winner": 0, "reason": "ordinary"}, names) == \
        names[1] + " had no pit of 2 seeds to move"
    assert ad.reason_words({"winner": 0, "reason": "akawumbi"}, names) == \
        names[1] + ": okutema and no move (akawumbi)"
