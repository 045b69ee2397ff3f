# San-Yao's lessons (firmware/lessons/__init__.py). You control holes 0-4 (the bottom row);
# sowing always goes round counter-clockwise, 0 to 9 and back to 0.
prefix = "SY-"  # of its rules' IDs in docs/rules.md (lessons.rule: "SY-4")


def complete(game, lesson, obj):
    # the stores hold what is not on the board (a None in a lesson's "store": the rest)
    from firmware.lessons import rest
    obj["store"] = rest(lesson["pos"].get("store"), 50 - sum(obj["holes"]))


LESSONS = (
    {"title": "Relay sowing", "rule": 4,
     "why": "Sow a hole's stones one per hole, anticlockwise. If the hole after the last one "
            "has stones, sow on: a relay.",
     "demo": (1, {"holes": [2, 0, 0, 0, 3, 0, 2, 0, 3, 1]}),
     "goal": "Make a relay: end a sowing before a hole with stones.",
     "line": "Goal: make a relay",
     "pos": {"holes": [2, 0, 0, 3, 0, 1, 2, 0, 0, 0]},
     "want": {"event": "relay"}},
    {"title": "The stop and a capture", "rule": 5,
     "why": "If the hole after your last stone is empty, you stop and capture the hole after "
            "that one, any hole.",
     "demo": (0, {"holes": [0, 1, 0, 0, 2, 0, 4, 1, 0, 2]}),
     "goal": "Capture 4 stones or more in one move.", "line": "Goal: capture 4 or more",
     "pos": {"holes": [0, 2, 0, 1, 0, 0, 4, 0, 1, 2]},
     "want": {"event": "capture", "count_at_least": 4}},
    {"title": "A cascade of captures", "rule": 5,
     "why": "After a capture, an empty hole then one with stones: you capture that too, and "
            "so on.",
     "demo": (0, {"holes": [1, 3, 0, 1, 0, 2, 2, 0, 0, 0]}),
     "goal": "Capture two holes or more in one move.", "line": "Goal: capture 2 holes",
     "pos": {"holes": [0, 1, 3, 0, 1, 0, 2, 0, 2, 0]},
     "want": {"event": "capture", "times": 2}},
    {"title": "The end of a round", "rule": 7,
     "why": "With fewer than 2 stones left on the board the round ends; a last stone goes to "
            "its hole's owner.",
     "demo": (0, {"holes": [0, 1, 0, 0, 1, 0, 0, 0, 0, 0], "store": [23, None]}),
     "goal": "Leave fewer than 2 stones on the board.", "line": "Goal: end the round",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], "store": [23, None]},
     "want": {"event": "round_end"}},
    {"title": "Sons and lending", "rule": 9,
     "why": "The winner fills their holes with 5 each, then some of the loser's: sons. A "
            "loser short for a hole is lent stones.",
     "demo": (0, {"holes": [0, 1, 0, 0, 1, 0, 0, 0, 0, 0], "store": [35, None]}),
     "goal": "End the round with 37 stones: win sons.", "line": "Goal: end with 37 stones",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], "store": [35, None]},
     "want": {"event": "loan"}},
    {"title": "Winning the match", "rule": 8,
     "why": "A player who cannot fill even one hole with 5 stones when a round ends loses the "
            "match.",
     "demo": (0, {"holes": [0, 1, 0, 0, 1, 0, 0, 0, 0, 0], "store": [None, 3]}),
     "goal": "End the round while your opponent has fewer than 5 stones.",
     "line": "Goal: win the match",
     "pos": {"holes": [1, 0, 0, 1, 0, 0, 0, 0, 0, 0], "store": [None, 3]},
     "want": {"event": "end"}},
)

