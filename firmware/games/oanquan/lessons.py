# Ô Ăn Quan's lessons (firmware/lessons/__init__.py): one rule each, in the order a beginner needs
# them. You play the bottom row, squares 1-5; the mandarin squares are 0 (left) and 6 (right).
prefix = "OAQ-"  # of its rules' IDs in docs/rules.md (lessons.rule: "OAQ-4")


def complete(game, lesson, obj):
    # the stocks hold what is not on the board (a None in a lesson's "stock": the rest)
    from firmware.lessons import rest
    mv = game.rules["mandarin_value"]
    bigs = sum(obj["big"]) + sum(obj["mandarins"])
    obj["stock"] = rest(lesson["pos"].get("stock"), 50 + 2 * mv - sum(obj["squares"]) - mv * bigs)


LESSONS = (
    {"title": "Your first sowing", "rule": 3,
     "why": "Lift all the stones of one of your squares and drop them one per square, either "
            "way round the board.",
     "demo": (0, {"squares": [0, 0, 0, 2, 3, 1, 0, 1, 3, 0, 0, 2]}),
     "goal": "Make your last stone land on square 5.", "line": "Goal: last stone on 5",
     "pos": {"squares": [0, 1, 3, 0, 0, 2, 0, 2, 0, 1, 0, 3]},
     "want": {"last": 5}},
    {"title": "Relay sowing", "rule": 4,
     "why": "If the square after your last stone has stones, lift them and sow on: a relay. A "
            "mandarin square stops you.",
     "demo": (2, {"squares": [0, 2, 0, 0, 0, 1, 0, 1, 0, 2, 0, 1]}),
     "goal": "Make a relay: end a sowing just before a square that holds stones.",
     "line": "Goal: make a relay",
     "pos": {"squares": [0, 2, 0, 1, 0, 0, 0, 1, 2, 0, 1, 0]},
     "want": {"event": "relay"}},
    {"title": "Your first capture", "rule": 4,
     "why": "If the square after your last stone is empty and the next one has stones, you "
            "capture them.",
     "demo": (4, {"squares": [0, 0, 1, 0, 1, 2, 0, 1, 0, 3, 0, 4]}),
     "goal": "Capture 4 stones or more in one move.", "line": "Goal: capture 4 or more",
     "pos": {"squares": [0, 2, 0, 1, 1, 0, 0, 3, 0, 4, 0, 1]},
     "want": {"event": "capture", "count_at_least": 4}},
    {"title": "A chain of captures", "rule": 5,
     "why": "After a capture, an empty square then one with stones: you capture again, and so "
            "on.",
     "demo": (2, {"squares": [0, 0, 2, 0, 0, 1, 5, 3, 1, 0, 0, 2], "big": [0, 1],
                     "mandarins": [1, 0]}),
     "goal": "Capture two squares or more in one move.", "line": "Goal: capture 2 squares",
     "pos": {"squares": [0, 0, 1, 0, 2, 0, 5, 1, 1, 3, 0, 2], "big": [0, 1],
             "mandarins": [1, 0]},
     "want": {"event": "capture", "times": 2}},
    {"title": "Taking a mandarin", "rule": 5,
     "why": "A mandarin square is captured like any other, after an empty square. Its big "
            "stone counts 10.",
     "demo": (3, {"squares": [2, 0, 1, 0, 0, 1, 3, 2, 1, 1, 0, 0]}),
     "goal": "Capture a mandarin square with its big stone.", "line": "Goal: take a mandarin",
     "pos": {"squares": [2, 0, 1, 1, 0, 0, 3, 1, 1, 0, 2, 0]},
     "want": {"event": "capture", "big": 1}},
    {"title": "An empty row", "rule": 6,
     "why": "A player whose five squares are empty when their turn starts puts one stone back "
            "in each, from their store.",
     "demo": (1, {"squares": [3, 0, 2, 0, 0, 1, 0, 0, 0, 0, 2, 0], "big": [1, 0],
                     "mandarins": [0, 1]}),
     "goal": "Capture the last stones of your opponent's row.", "line": "Goal: empty their row",
     "pos": {"squares": [3, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0, 0], "big": [1, 0],
             "mandarins": [0, 1]},
     "want": {"event": "refill"}},
    {"title": "Borrowing stones", "rule": 6,
     "why": "A player who must refill their row with fewer than 5 stones in store borrows the "
            "rest: a debt.",
     "demo": (0, {"squares": [3, 2, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0], "big": [1, 0],
                     "mandarins": [1, 0], "stock": [None, 3]}),
     "goal": "Empty their row while they have only 3 stones in store.",
     "line": "Goal: make them borrow",
     "pos": {"squares": [3, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0, 0], "big": [1, 0],
             "mandarins": [1, 0], "stock": [None, 3]},
     "want": {"event": "borrow"}},
    {"title": "The end and the score", "rule": 7,
     "why": "The game ends when both mandarin squares are empty. Each player takes the stones "
            "left in their row.",
     "demo": (1, {"squares": [3, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1], "big": [0, 0],
                     "mandarins": [1, 1]}),
     "goal": "Take the last stones of the mandarin squares: the game ends.",
     "line": "Goal: end the game",
     "pos": {"squares": [0, 0, 0, 1, 0, 0, 3, 1, 0, 2, 0, 1], "big": [0, 0],
             "mandarins": [1, 1]},
     "want": {"event": "end"}},
)

