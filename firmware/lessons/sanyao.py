# San-Yao's lessons (firmware/lessons/__init__.py). You control holes 0-4 (the bottom row);
# sowing always goes round counter-clockwise, 0 to 9 and back to 0.


def complete(game, lesson, obj):
    # the stores hold what is not on the board (a None in a lesson's "store": the rest)
    from firmware.lessons import rest
    obj["store"] = rest(lesson["pos"].get("store"), 50 - sum(obj["holes"]))


LESSONS = (
    {"title": "Relay sowing", "rule": 4,
     "goal": "Make a relay: end a sowing just before a hole that holds stones.",
     "pos": {"holes": [2, 0, 0, 3, 0, 1, 2, 0, 3, 0]},
     "want": {"event": "relay"},
     "why": "The hole after your last stone had stones: you lift them and sow on from the next "
            "hole. A relay can go round the board many times."},
    {"title": "The stop and a capture", "rule": 5,
     "goal": "Capture 4 stones or more in one move.",
     "pos": {"holes": [0, 2, 0, 1, 0, 0, 4, 0, 1, 2]},
     "want": {"event": "capture", "count_at_least": 4},
     "why": "After your last stone came an empty hole: the sowing stops, and the hole after it "
            "is captured into your store. Any hole can be captured, yours too."},
    {"title": "A cascade of captures", "rule": 5,
     "goal": "Capture two holes or more in one move.",
     "pos": {"holes": [0, 1, 3, 0, 1, 0, 2, 0, 2, 0]},
     "want": {"event": "capture", "times": 2},
     "why": "After a capture, an empty hole then a full one: that one is captured too, and so "
            "on round the board."},
    {"title": "The end of a round", "rule": 7,
     "goal": "Leave fewer than 2 stones on the board.",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0]},
     "want": {"event": "round_end"},
     "why": "With fewer than 2 stones on the board the round ends; a last stone goes to the "
            "store of whoever controls its hole."},
    {"title": "Sons and lending", "rule": 9,
     "goal": "End the round with 37 stones: win sons.",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], "store": [35, None]},
     "want": {"event": "loan"},
     "why": "The winner fills their five holes with 5 each, then two of the loser's holes: "
            "those are sons, the winner's to play next round. The loser is 2 short for their "
            "last hole: the winner lends them 2, repaid after the next round."},
    {"title": "Winning the match", "rule": 8,
     "goal": "End the round while your opponent has fewer than 5 stones.",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], "store": [None, 3]},
     "want": {"event": "end"},
     "why": "A player who cannot fill even one hole with 5 stones has lost the match."},
)
