# O An Quan's lesson moves told in a player's words (issue 55), from what the move's trace showed
# (w: firmware/lessons/__init__.py play()): where the last seed fell, why the sowing stopped
# there, what it captured, what followed. Loaded only to tell a move (firmware/lessons/
# __init__.py tell(), the text page, the board gone) and dropped after (firmware/lesson.py
# drop()), apart from the game's lessons' data (lessons.py), which load at every use.


def tell(game, lesson, pos, move, w):
    """The move in words, from what its trace showed (w: firmware/lessons/__init__.py play())."""
    c = move >> 1
    d = 11 if move & 1 else 1
    n = pos[c]
    out = ["You sowed the %d stone%s of square %d %s, one per square." % (
        n, "" if n == 1 else "s", c, "clockwise" if move & 1 else "anticlockwise")]
    want = lesson["want"]
    relays = []
    caps = []
    for e in w.events:
        k = e["event"]
        if k == "relay":
            relays.append(e["at"])
        elif k == "capture":
            caps.append(e)
    if len(relays) == 1:
        out.append("Square %d after your last stone had stones: you lifted them and sowed on, "
                   "a relay." % relays[0])
    elif relays:
        out.append("%d times the square after your last stone had stones: you lifted them and "
                   "sowed on, a relay each time." % len(relays))
    at = w.at
    nx = (at + d) % 12
    line = "Your last stone landed in square %d." % at
    if "last" in want and at != want["last"]:
        line += " The goal: square %d." % want["last"]
    out.append(line)
    got = 0
    if caps:
        for e in caps:
            t = e["at"]
            got += e["count"]
            out.append(("Square %d was empty%s and square %d had %s: you captured square %d."
                        if e is caps[0] else
                        "Then square %d was empty%s and square %d had %s: you captured square "
                        "%d too.") % (
                (t - d) % 12, ", so no relay," if want.get("event") == "relay" and not relays
                else "", t, ("%d and its big stone" if e["big"] else "%d") % e["count"]
                if e["count"] or not e["big"] else "its big stone", t))
    elif nx % 6 == 0:
        out.append("After it comes the mandarin square %d: it stops your turn%s." % (
            nx, ", so no relay" if want.get("event") == "relay" and not relays else ""))
    else:
        t = (nx + d) % 12
        out.append("Square %d after it was empty, and %s: your turn ended%s." % (
            nx, "square %d too" % t if not w.pos[t] else "nothing was taken",
            ", so no relay" if want.get("event") == "relay" and not relays else ""))
    for e in w.events:
        k = e["event"]
        if k == "borrow":
            out.append("Their row was empty and their store short: they borrowed %d stones from "
                       "you to put one back in each square." % e["count"])
        elif k == "refill" and "borrow" not in w.seen:
            out.append("Their row was empty: they put one stone back in each square, from their "
                       "store.")
        elif k == "end":
            sc = e["score"]
            me = game.to_move(pos)
            out.append("Both mandarin squares are empty: the game is over. Score: you %d, "
                       "them %d." % (sc[me], sc[1 - me]))
    if w.met:
        return out
    e = want.get("event")
    if e == "capture" and caps:
        if "count_at_least" in want:
            out.append("You captured %d stones: the goal is %d or more." % (
                got, want["count_at_least"]))
        elif "times" in want:
            out.append("One square captured: the goal is %d." % want["times"])
        else:
            out.append("No big stone: it is taken with its mandarin square.")
    elif e == "capture":
        out.append("No capture: for one, an empty square must follow your last stone, then a "
                   "square with stones.")
    elif e in ("refill", "borrow"):
        out.append("Their row still has stones: no refill.")
    elif e == "end":
        out.append("A mandarin square still has stones: the game goes on.")
    return out
