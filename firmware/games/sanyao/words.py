# San-Yao's lesson moves told in a player's words (issue 55), from what the move's trace showed
# (w: firmware/lessons/__init__.py play()): where the last seed fell, why the sowing stopped
# there, what it captured, what followed. Loaded only to tell a move (firmware/lessons/
# __init__.py tell(), the text page, the board gone) and dropped after (firmware/lesson.py
# drop()), apart from the game's lessons' data (lessons.py), which load at every use.


def tell(game, lesson, pos, move, w):
    """The move in words, from what its trace showed (w: firmware/lessons/__init__.py play())."""
    me = game.to_move(pos)
    n = pos[move]
    out = ["You sowed the %d stone%s of hole %d counter-clockwise, one per hole." % (
        n, "" if n == 1 else "s", move)]
    want = lesson["want"]
    relays = 0
    caps = []
    for e in w.events:
        k = e["event"]
        if k == "relay":
            relays += 1
        elif k == "capture":
            caps.append(e)
    if relays == 1:
        out.append("The hole after your last stone had stones: you lifted them and sowed on, a "
                   "relay.")
    elif relays:
        out.append("%d times the hole after your last stone had stones: you lifted them and "
                   "sowed on, a relay each time." % relays)
    at = w.at
    nx = (at + 1) % 10
    t = (nx + 1) % 10
    out.append("Your last stone landed in hole %d. Hole %d after it was empty: the sowing "
               "stopped there%s." % (at, nx, ", so no relay" if want.get("event") == "relay"
                                     and not relays else ""))
    got = 0
    for e in caps:
        got += e["count"]
        out.append(("Hole %d had %d: you captured hole %d." if e is caps[0] else
                    "Then after an empty hole, hole %d had %d: you captured hole %d too.") % (
            e["at"], e["count"], e["at"]))
    if not caps:
        out.append("Hole %d after it was empty too: nothing to capture." % t)
    sons = [str(e["at"]) for e in w.events if e["event"] == "son" and e["player"] == me]
    for e in w.events:
        k = e["event"]
        if k == "round_end":
            st = e["store"]
            out.append("Fewer than 2 stones were left: the round ended, %d stones in your store, "
                       "%d in theirs." % (st[me], st[1 - me]))
        elif k == "son" and e["at"] == int(sons[0]):
            out.append("Your holes filled with 5 each, their hole%s %s became your son%s." % (
                "" if len(sons) == 1 else "s", ", ".join(sons), "" if len(sons) == 1 else "s"))
        elif k == "loan":
            out.append(("They were %d short for a last hole: you lent them %d, repaid after "
                        "the next round." if e["to"] != me else "You were %d short for a last "
                        "hole: they lent you %d, repaid after the next round.") % (
                e["count"], e["count"]))
        elif k == "end":
            out.append("They cannot fill one hole with 5 stones: you win the match."
                       if e["winner"] == me else "The match is over.")
    if w.met:
        return out
    e = want.get("event")
    if e == "capture" and caps:
        if "count_at_least" in want:
            out.append("You captured %d stones: the goal is %d or more." % (
                got, want["count_at_least"]))
        else:
            out.append("One hole captured: the goal is %d." % want["times"])
    elif e == "round_end" or e == "loan" or e == "end":
        out.append("%d stones are still on the board: the round goes on." % (
            sum(w.pos[:10])) if "round_end" not in w.seen else
            "That was not the goal.")
    return out
