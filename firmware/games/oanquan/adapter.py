# O An Quan as the app sees it: which squares a player picks, where they sit on the screen grid,
# how trace events change the picture, what the summary says. Plain portable Python, no display.
NAME = "oanquan"
# What the generic code (session, screens, views) asks instead of the game's name:
SETTINGS = ()          # the game's own rows in the settings menu ("take_back", "blitz")
MATCH = ""             # a match of several parts: what one is called ("Round", "Game"), else ""
PLAIN_CHOICE = "play"  # the prompt's words for a move's plain form (no direction, no choice)
LOST = "lost %d stones"  # a loss in the review after a game (firmware/review.py)
# A game whose first move is a set-up (its legal move "setup:..."; Omweso) also has
# setup_press(play, b): the play screen's buttons during it.

def cells(snap, player):
    f = 1 if player == 0 else 7
    return list(range(f, f + 5))


def grid(cell, viewer):
    # (column, row); row 0 is the bottom row. Mandarin squares at columns 0 and 6.
    if cell == 0:
        return (0, 0)
    if cell == 6:
        return (6, 0)
    if cell < 6:
        return (cell, 0)
    return (12 - cell, 1)


def arrow(cell, ch):
    # which way a direction goes on screen from this square
    if ch == "+":
        return "right" if cell < 6 else "left"
    if ch == "-":
        return "left" if cell < 6 else "right"
    return ""


def next_cell(cell, ch):
    # the square the first stone goes to in that direction ("+" = up the square numbers)
    if ch == "+":
        return (cell + 1) % 12
    if ch == "-":
        return (cell + 11) % 12
    return -1


def choice_label(cell, ch):
    a = arrow(cell, ch)
    return ("<- " if a == "left" else "-> ") + ("anticlockwise" if ch == "+" else "clockwise")


def apply(s, ev):
    """Apply one trace event to the scene dict s (a copy of the position JSON)."""
    e = ev.get("event")
    sq = s["squares"]
    if e == "lift":
        sq[ev["at"]] = 0
    elif e == "drop":
        sq[ev["at"]] += 1
    elif e == "capture":
        at = ev["at"]
        p = ev.get("player", 0)
        sq[at] = 0
        s["stock"][p] += ev.get("count", 0)
        if ev.get("big"):
            s["big"][at // 6] = 0
            s["mandarins"][p] += 1


def message(ev):
    e = ev.get("event")
    if e == "capture":
        n = ev.get("count", 0)
        if ev.get("big"):
            return "Captured a mandarin + %d!" % n
        return "Captured %d!" % n
    if e == "refill":
        return "Row refilled (P%d)" % (ev.get("player", 0) + 1)
    if e == "borrow":
        return "P%d borrows %d" % (ev.get("player", 0) + 1, ev.get("count", 0))
    if e == "exchange":
        return "P%d trades a mandarin" % (ev.get("player", 0) + 1)
    return None


REASONS = {"mandarins": "both mandarin squares are empty",
           "no_refill": "a player could not refill an empty row",
           "repetition": "the same position came a third time"}


def reason_words(res, names):
    return REASONS.get(res.get("reason"), res.get("reason") or "")


def score_table(game, pos, snap):
    """Every term of the OAQ-9 score by name: (term, player 0, player 1); the total last."""
    res = snap.get("result") or {}
    sc = res.get("score", [0, 0])
    t = (game.breakdown(pos, 0), game.breakdown(pos, 1))
    mv = snap["rules"].get("mandarin_value", 10)
    return [("mandarins x%d" % mv, t[0][1], t[1][1]),
            ("stones", t[0][0], t[1][0]),
            ("swept", t[0][2], t[1][2]),
            ("owed", -t[0][3], -t[1][3]),
            ("lent", t[0][4], t[1][4]),
            ("total", sc[0], sc[1])]


def move_words(text):
    """A move as the board shows it: "2-" -> "square 2 clockwise"."""
    n = text[:-1]
    return "square %s %s" % (n, "anticlockwise" if text[-1:] == "+" else "clockwise")
