# The lessons' moves told in a player's words (issue 55), one function per game, from what the
# move's trace showed (w: firmware/lessons/__init__.py play()): where the last seed fell, why the
# sowing stopped there, what it captured, what followed. Loaded only to tell a move (the text
# page, the board gone), apart from the lessons' data, which load at every use.



def oanquan(game, lesson, pos, move, w):
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



def sanyao(game, lesson, pos, move, w):
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



def omweso(game, lesson, pos, move, w):
    """The move in words, from what its trace showed (w: firmware/lessons/__init__.py play())."""
    me = game.to_move(pos)
    want = lesson["want"]
    out = []
    relays = 0
    caps = []
    for e in w.events:
        k = e["event"]
        if k == "lift" and not out:
            out.append("You lifted the %d seeds of pit %d and sowed them round your two rows."
                       % (e["count"], e["at"]))
        elif k == "relay":
            relays += 1
        elif k == "reverse" and not [x for x in out if "clockwise" in x]:
            out.append("From pit %d your lap went clockwise: a reverse lap, as it captures."
                       % e["start"])
        elif k == "capture":
            caps.append(e)
        elif k == "setup":
            p = e["pits"]
            out.append("You set up your 32 seeds: %s in your outer row, %s in your inner row."
                       % (",".join([str(x) for x in p[:8]]), ",".join([str(x) for x in p[8:]])))
    if relays:
        out.append("%d relay%s: a lap ended in a pit with seeds, you lifted them and sowed on."
                   % (relays, "" if relays == 1 else "s"))
    if caps:
        e = caps[0]
        out.append("A lap ended in your inner pit %d, which had seeds, facing seeds in both of "
                   "their pits: you took %d and sowed them again from where it began."
                   % (e["at"], e["count"]))
    if len(caps) > 1:
        out.append(("Then a capture again at pit %s." if len(caps) == 2 else
                    "Then captures again at pits %s.") %
                   ", ".join([str(e["at"]) for e in caps[1:]]))
    if w.at is not None:
        out.append("Your last seed fell into pit %d, which was empty: the move ended." % w.at)
    for e in w.events:
        if e["event"] == "game_end":
            out.append("They have no pit of 2 seeds or more: they cannot move, you win the "
                       "game." if e["winner"] == me else "The game is over.")
    if w.met:
        return out
    e = want.get("event")
    if "last" in want:
        out.append("The goal: pit %d." % want["last"])
    elif e == "relay":
        out.append("No relay: for one, a lap must end in a pit that has seeds.")
    elif e == "capture" and caps:
        out.append("One capture: the goal is two.")
    elif e == "capture":
        out.append("No capture: a lap must end in your inner row, in a pit with seeds, facing "
                   "seeds in both of their pits.")
    elif e == "reverse":
        out.append("No reverse lap: only a lap from pit 0, 1, 14 or 15 that ends in a capture "
                   "goes clockwise.")
    elif e == "setup":
        out.append("Not the set-up asked for: 4 in each inner pit, 8-15, none outside.")
    elif e == "game_end":
        out.append("They still have a pit of 2 seeds or more: the game goes on.")
    return out
