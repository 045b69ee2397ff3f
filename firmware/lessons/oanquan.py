# Ô Ăn Quan's lessons (firmware/lessons/__init__.py): one rule each, in the order a beginner needs
# them. You play the bottom row, squares 1-5; the mandarin squares are 0 (left) and 6 (right).


def complete(game, lesson, obj):
    # the stocks hold what is not on the board (a None in a lesson's "stock": the rest)
    from firmware.lessons import rest
    mv = game.rules["mandarin_value"]
    bigs = sum(obj["big"]) + sum(obj["mandarins"])
    obj["stock"] = rest(lesson["pos"].get("stock"), 50 + 2 * mv - sum(obj["squares"]) - mv * bigs)


LESSONS = (
    {"title": "Your first sowing", "rule": 3,
     "goal": "Make your last stone land on square 5.",
     "pos": {"squares": [0, 1, 3, 0, 0, 2, 0, 2, 0, 1, 0, 3]},
     "want": {"last": 5},
     "why": "You lifted a square and dropped its stones one by one, one per square. After your "
            "last stone comes a mandarin square with stones in it: that stops the turn."},
    {"title": "Relay sowing", "rule": 4,
     "goal": "Make a relay: end a sowing just before a square that holds stones.",
     "pos": {"squares": [0, 2, 0, 1, 0, 0, 0, 1, 2, 0, 1, 0]},
     "want": {"event": "relay"},
     "why": "When the square after your last stone has stones, you lift them and sow on: a "
            "relay. It goes on until you reach an empty square or a mandarin square."},
    {"title": "Your first capture", "rule": 4,
     "goal": "Capture 4 stones or more in one move.",
     "pos": {"squares": [0, 2, 0, 1, 1, 0, 0, 3, 0, 4, 0, 1]},
     "want": {"event": "capture", "count_at_least": 4},
     "why": "After your last stone came an empty square, then a square with stones: you "
            "captured them. A capture ends your turn."},
    {"title": "A chain of captures", "rule": 5,
     "goal": "Capture two squares or more in one move.",
     "pos": {"squares": [0, 0, 1, 0, 2, 0, 5, 1, 0, 3, 0, 2], "big": [0, 1],
             "mandarins": [1, 0]},
     "want": {"event": "capture", "times": 2},
     "why": "Empty square, full square, again: each time you capture the full one. An empty "
            "mandarin square counts as an empty square."},
    {"title": "Taking a mandarin", "rule": 5,
     "goal": "Capture a mandarin square with its big stone.",
     "pos": {"squares": [2, 0, 1, 1, 0, 0, 3, 1, 1, 0, 2, 0]},
     "want": {"event": "capture", "big": 1},
     "why": "A mandarin square is captured like any other, after an empty square. Its big stone "
            "is worth 10 stones."},
    {"title": "An empty row", "rule": 6,
     "goal": "Capture the last stones of your opponent's row.",
     "pos": {"squares": [3, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0, 0], "big": [1, 0],
             "mandarins": [0, 1]},
     "want": {"event": "refill"},
     "why": "A player whose five squares are all empty at the start of their turn puts one "
            "stone back in each, paid from their own store."},
    {"title": "Borrowing stones", "rule": 6,
     "goal": "Empty your opponent's row while they hold only 3 stones in store.",
     "pos": {"squares": [3, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0, 0], "big": [1, 0],
             "mandarins": [1, 0], "stock": [None, 3]},
     "want": {"event": "borrow"},
     "why": "They needed 5 stones to refill and had 3: they borrowed 2 from you. A debt counts "
            "against them in the final score."},
    {"title": "The end and the score", "rule": 7,
     "goal": "Take the last stones of the mandarin squares: the game ends.",
     "pos": {"squares": [0, 0, 0, 1, 0, 0, 3, 1, 0, 2, 0, 1], "big": [0, 0],
             "mandarins": [1, 1]},
     "want": {"event": "end"},
     "why": "Both mandarin squares are empty: the game is over. Each player adds the stones "
            "left in their row; the score is your stones plus 10 for each big stone, minus "
            "what you owe."},
)
