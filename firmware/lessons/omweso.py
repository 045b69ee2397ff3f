# Omweso's lessons (firmware/lessons/__init__.py). Your pits in your own sowing order: outer row
# 0-7 left to right, inner row (facing the opponent) 8-15 right to left. The positions are of a
# game under way (each player has moved and captured), so captures are allowed (OM-6).
_ON = {"moves_made": [3, 3], "ply": 6, "captures": [1, 1]}


def _at(pits):
    d = dict(_ON)
    d["pits"] = pits
    return d


LESSONS = (
    {"title": "Sowing round your rows", "rule": 3,
     "goal": "Make your last seed land on pit 4.",
     "pos": _at([[0, 3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                 [1, 1, 1, 44, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]),
     "want": {"last": 4},
     "why": "You lift a pit of 2 or more seeds and sow them one by one round your own two rows. "
            "Your last seed fell into an empty pit: the move ends."},
    {"title": "Relay sowing", "rule": 4,
     "goal": "Make a relay: let a lap end in a pit that already has seeds.",
     "pos": _at([[2, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                 [1, 1, 1, 44, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]),
     "want": {"event": "relay"},
     "why": "Your last seed fell into a pit with seeds: you lift them all and sow on."},
    {"title": "Your first capture", "rule": 4,
     "goal": "Capture from the opponent's pits facing your inner row.",
     "pos": _at([[0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0],
                 [1, 1, 1, 41, 3, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1]]),
     "want": {"event": "capture"},
     "why": "A lap ended in your inner row, in a pit that had seeds, and both of the opponent's "
            "pits in that column had seeds: you take them all."},
    {"title": "Re-sowing the capture", "rule": 4,
     "goal": "Capture twice in one move.",
     "pos": _at([[0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 1, 0, 0],
                 [1, 1, 1, 42, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]),
     "want": {"event": "capture", "times": 2},
     "why": "Captured seeds are sown again from the pit where the lap began; where they end, "
            "they can capture again."},
    {"title": "A reverse capture", "rule": 5,
     "goal": "Capture by sowing the other way round.",
     "pos": _at([[0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                 [1, 1, 1, 46, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]),
     "want": {"event": "reverse"},
     "why": "From your four leftmost pits (outer 0 and 1, inner 14 and 15) a lap may go "
            "clockwise, but only when it ends in a capture."},
    {"title": "The free set-up", "rule": 1,
     "goal": "Put all 32 of your seeds in your inner row, 4 in each pit.",
     "rules": {"setup": "free"}, "pos": {},
     "want": {"event": "setup", "pits": [0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4]},
     "why": "In the free set-up each player arranges their 32 seeds as they like before the "
            "first move: seeds in front can capture at once, seeds behind are safe."},
    {"title": "Winning a game", "rule": 8,
     "goal": "Leave your opponent without a pit of 2 seeds or more.",
     "pos": _at([[0, 0, 0, 0, 0, 2, 0, 40, 0, 0, 2, 0, 1, 0, 0, 0],
                 [1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1]]),
     "want": {"event": "game_end"},
     "why": "A player who cannot move (no pit of 2 or more) has lost the game: 1 point, and "
            "the match goes on to 12 points."},
)
