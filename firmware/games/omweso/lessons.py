# Omweso's lessons (firmware/lessons/__init__.py). Your pits in your own sowing order: outer row
# 0-7 left to right, inner row (facing the opponent) 8-15 right to left. The positions are of a
# game under way (each player has moved and captured), so captures are allowed (OM-6): complete()
# adds that. A position's pits are a text, yours then the opponent's, made into lists only for
# the position asked (lists of every lesson's pits took 2.6 KB more while the lessons load).
prefix = "OM-"  # of its rules' IDs in docs/rules.md (lessons.rule: "OM-4")


def complete(game, lesson, obj):
    p = obj.get("pits")
    if type(p) is str:
        v = [int(x) for x in p.split()]
        obj["pits"] = [v[:16], v[16:]]
        obj["moves_made"] = [3, 3]
        obj["ply"] = 6
        obj["captures"] = [1, 1]


LESSONS = (
    {"title": "Sowing round your rows", "rule": 3,
     "why": "Sow a pit of 2 seeds or more one by one round your two rows. A last seed in an "
            "empty pit ends the move.",
     "demo": (0, {"pits": "0 0 2 0 0 0 0 0 0 0 0 0 0 0 0 3  1 1 1 44 1 1 1 1 1 1 1 1 1 1 1 1"}),
     "goal": "Make your last seed land on pit 4.", "line": "Goal: last seed in pit 4",
     "pos": {"pits": "0 3 0 0 0 0 2 0 0 0 0 0 0 0 0 0  1 1 1 44 1 1 1 1 1 1 1 1 1 1 1 1"},
     "want": {"last": 4}},
    {"title": "Relay sowing", "rule": 4,
     "why": "If your last seed falls into a pit with seeds, lift them all and sow on: a "
            "relay.",
     "demo": (0, {"pits": "0 0 0 0 0 2 2 1 0 0 0 0 0 0 0 0  1 1 1 44 1 1 1 1 1 1 1 1 1 1 1 1"}),
     "goal": "Make a relay: let a lap end in a pit that already has seeds.",
     "line": "Goal: make a relay",
     "pos": {"pits": "2 0 1 0 0 0 2 0 0 0 0 0 0 0 0 0  1 1 1 44 1 1 1 1 1 1 1 1 1 1 1 1"},
     "want": {"event": "relay"}},
    {"title": "Your first capture", "rule": 4,
     "why": "A lap ending in a full pit of your inner row (8-15) takes the seeds of both "
            "facing pits, if both have seeds.",
     "demo": (0, {"pits": "0 0 0 0 0 0 1 2 0 2 0 0 0 0 0 0  1 1 1 41 3 1 1 1 1 1 1 2 1 1 1 1"}),
     "goal": "Capture from the opponent's pits facing your inner row.", "line": "Goal: capture",
     "pos": {"pits": "0 0 0 0 0 2 0 0 0 0 2 0 1 0 0 0  1 1 1 41 3 1 1 1 1 1 1 2 1 1 1 1"},
     "want": {"event": "capture"}},
    {"title": "Re-sowing the capture", "rule": 4,
     "why": "Captured seeds are sown again from where the lap began; where they end, they can "
            "capture again.",
     "demo": (0, {"pits": "0 0 0 0 0 0 0 2 0 1 1 0 2 0 0 0  1 1 1 42 2 1 1 1 1 1 1 1 1 1 1 1"}),
     "goal": "Capture twice in one move.", "line": "Goal: capture twice",
     "pos": {"pits": "0 0 0 0 0 2 0 0 0 0 2 0 1 1 0 0  1 1 1 42 2 1 1 1 1 1 1 1 1 1 1 1"},
     "want": {"event": "capture", "times": 2}},
    {"title": "A reverse capture", "rule": 5,
     "why": "From pits 0, 1, 14 and 15 a lap may go clockwise, but only when it ends in a "
            "capture.",
     "demo": (1, {"pits": "0 0 0 0 0 0 0 0 0 0 0 0 1 0 2 0  1 1 1 46 1 1 1 1 1 1 1 1 1 1 1 1"}),
     "goal": "Capture by sowing the other way round.", "line": "Goal: a reverse capture",
     "pos": {"pits": "0 2 0 0 0 0 0 0 0 0 0 0 0 0 0 1  1 1 1 46 1 1 1 1 1 1 1 1 1 1 1 1"},
     "want": {"event": "reverse"}},
    {"title": "The free set-up", "rule": 1,
     "why": "In the free set-up each player puts their 32 seeds where they like before the "
            "first move.",
     "demo": (1, {}),
     "goal": "Put all 32 of your seeds in your inner row, 4 in each pit.",
     "line": "Goal: 4 in each inner pit",
     "rules": {"setup": "free"}, "pos": {},
     "want": {"event": "setup", "pits": [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]}},
    {"title": "Winning a game", "rule": 8,
     "why": "A player who cannot move (no pit of 2 seeds or more) loses the game: a point to "
            "the other.",
     "demo": (1, {"pits": "2 0 0 0 40 0 2 0 1 0 0 0 0 0 0 0  1 1 1 1 3 1 1 1 1 1 1 2 1 1 1 1"}),
     "goal": "Leave your opponent without a pit of 2 seeds or more.",
     "line": "Goal: leave them no move",
     "pos": {"pits": "0 0 0 0 0 2 0 40 0 0 2 0 1 0 0 0  1 1 1 1 3 1 1 1 1 1 1 2 1 1 1 1"},
     "want": {"event": "game_end"}},
)

