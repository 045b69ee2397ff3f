# Omweso's lesson moves told in a player's words (issue 55), from what the move's trace showed
# (w: firmware/lessons/__init__.py play()): where the last seed fell, why the sowing stopped
# there, what it captured, what followed. Loaded only to tell a move (firmware/lessons/
# __init__.py tell(), the text page, the board gone) and dropped after (firmware/lesson.py
# drop()), apart from the game's lessons' data (lessons.py), which load at every use.


def tell(game, lesson, pos, move, w):
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
