# San-Yao as the app sees it (see ../oanquan/adapter.py for the meaning of each name). Portable,
# no display.
from firmware.common import agree

NAME = "sanyao"
SETTINGS = ()  # the flags: see ../oanquan/adapter.py
MATCH = "Round"
PLAIN_CHOICE = "play"
LOST = "lost %d stones"

def cells(snap, player):
    c = snap["control"]
    if snap.get("phase") == "choose_sons":
        b = 5 if player == 0 else 0
        return [h for h in range(b, b + 5) if c[h] != player]
    return [h for h in range(10) if c[h] == player]


def grid(cell, viewer):
    if cell < 5:
        return (cell + 1, 0)
    return (10 - cell, 1)


def arrow(cell, ch):
    return ""


def next_cell(cell, ch):
    return -1


def choice_label(cell, ch):
    return ch


def apply(s, ev):
    e = ev.get("event")
    h = s["holes"]
    if e == "lift":
        h[ev["at"]] = 0
    elif e == "drop":
        h[ev["at"]] += 1
    elif e == "capture":
        h[ev["at"]] = 0
        s["store"][ev.get("player", 0)] += ev.get("count", 0)
    elif e == "round_end":
        for i in range(10):
            h[i] = 0
        st = ev.get("store")
        if st:
            s["store"][0] = st[0]
            s["store"][1] = st[1]


# why a round ended (engine/sanyao.py REASONS, SY-6/SY-7) in a player's words (the terminal's too)
ROUND_ENDS = {"leftover": "fewer than 2 stones left", "no_moves": "neither player can move",
              "endless": "an endless move", "repetition": "a position came 3 times"}


def message(ev):
    e = ev.get("event")
    if e == "capture":
        return "Captured %d!" % ev.get("count", 0)
    if e == "pass":
        return "P%d cannot move: passes" % (ev.get("player", 0) + 1)
    if e == "round_end":
        return "Round %d over: %s" % (ev.get("round", 0), _why(ev))
    return None


def _why(ev):
    r = ev.get("reason", "")
    return ROUND_ENDS.get(r, r)


def round_lines(trace, names):
    """Round summary from the trace of the move that ended a round (settlement, sons, loan)."""
    out = []
    for ev in trace:
        e = ev.get("event")
        if e == "round_end":
            sw = ev.get("swept", [0, 0])
            st = ev.get("store", [0, 0])
            out.append("Round %d over: %s" % (ev.get("round", 0), _why(ev)))
            for p in (0, 1):
                out.append("%s: %d + %d left = %d" % (names[p], st[p] - sw[p], sw[p], st[p]))
        elif e == "settlement":
            if ev.get("repaid"):
                by = ev.get("by") or 0
                out.append("%s %d to %s" % (agree(names[by], "repays"), ev["repaid"],
                                              names[1 - by]))  # as "lends 2 to": one way
            if ev.get("forgiven"):
                out.append("(%d forgiven)" % ev["forgiven"])
            t = ev.get("totals", [0, 0])
            out.append("Totals %d - %d" % (t[0], t[1]))
            w = ev.get("winner")
            out.append("Tie" if w is None else agree(names[w], "wins") + " the round")
        elif e == "son":
            pass
        elif e == "choose_sons":
            out.append("%s %d son(s)" % (agree(names[ev.get("player", 0)], "chooses"),
                                         ev.get("count", 0)))
        elif e == "loan":
            out.append("%s %d to %s" % (agree(names[ev.get("from", 0)], "lends"), ev.get("count", 0),
                                           names[ev.get("to", 0)]))
        elif e == "round_start":
            out.append("Round %d: %s" % (ev.get("round", 0), agree(names[ev.get("starter", 0)],
                                                                    "starts")))
    sons = [ev.get("at") for ev in trace if ev.get("event") == "son"]
    if sons:
        out.append("Sons: holes " + " ".join(str(x) for x in sons))
    return out


def reason_words(res, names):
    t = res.get("totals", [0, 0])
    lo = 0 if t[0] < t[1] else 1
    return agree(names[lo], "has") + " too few stones to fill a hole"


def score_table(game, pos, snap):
    res = snap.get("result") or {}
    t = res.get("totals", snap.get("store", [0, 0]))
    return [("rounds", snap.get("round", 0), ""),
            ("stones", t[0], t[1])]


def move_words(text):
    """"son:4" -> "son: hole 4"; "7" -> "hole 7"."""
    if text[:4] == "son:":
        return "son: hole " + text[4:]
    return "hole " + text
