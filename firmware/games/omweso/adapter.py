# Omweso as the app sees it (see ../oanquan/adapter.py). Pits are numbered in each player's own order; the
# board is drawn from one player's side: outer row at the bottom, inner row above it.
from firmware.common import agree, key

NAME = "omweso"
SETTINGS = ("take_back", "blitz")  # the flags: see ../oanquan/adapter.py
MATCH = "Game"
PLAIN_CHOICE = "normal sowing"
LOST = "lost %d seeds"

def cells(snap, player):
    return list(range(16))


def cell(code):
    """The pit a move code starts from (engine/omweso.py: bits 0-3; -1 for a set-up)."""
    return -1 if code & 0x20000000 else code & 15


def grid(cell, viewer):
    # the mover's own pits, seen from the mover's seat: outer row 0, inner row 1
    if cell < 8:
        return (cell, 0)
    return (15 - cell, 1)


def slot_index(p, pit, viewer):
    """Where player p's pit is on screen, seen by viewer: row * 8 + column, rows 0..3 from the
    bottom (the viewer's outer row, inner row, then the opponent's inner and outer rows). An int,
    so the view's redraw makes no tuple per pit."""
    if p == viewer:
        return pit if pit < 8 else 23 - pit  # grid(): outer row left to right, inner back
    return 31 - pit if pit < 8 else pit + 8


def screen_pos(p, pit, viewer):
    """(column, row) on screen of player p's pit, rows 0..3 from the bottom, seen by viewer."""
    i = slot_index(p, pit, viewer)
    return (i & 7, i >> 3)


def arrow(cell, ch):
    return ""


def next_cell(cell, ch):
    # the pit the first seed goes to: "-" (reverse) clockwise, anything else ("+", "", "*")
    # anticlockwise
    return (cell - 1) & 15 if ch == "-" else (cell + 1) & 15


def choice_label(cell, ch):
    if ch == "+":
        return "normal: anticlockwise"
    if ch == "-":
        return "reverse: clockwise"
    if ch == "*":
        return "3-seed sowing"
    return ch


def apply(s, ev):
    e = ev.get("event")
    p = ev.get("player", 0)
    pits = s["pits"]
    if e == "lift" or e == "relay":
        pits[p][ev["at"]] = 0
    elif e == "drop":
        pits[p][ev["at"]] += 1
    elif e == "capture":
        a, b = ev["pits"]
        pits[1 - p][a] = 0
        pits[1 - p][b] = 0
    elif e == "setup":
        pits[p] = list(ev["pits"])
    elif e == "points":
        s["points"] = list(ev["points"])


def message(ev):
    e = ev.get("event")
    if e == "capture":
        return "Captured %d!" % ev.get("count", 0)
    if e == "reverse":
        return "Reverse lap!"
    if e == "game_end":
        return "Game over: %s (+%d)" % (ev.get("reason", ""), ev.get("award", 0))
    if e == "annul":
        return "Endless move: game annulled"
    return None


def round_lines(trace, names):
    out = []
    for ev in trace:
        e = ev.get("event")
        if e == "game_end":
            out.append("Game %d: %s" % (ev.get("game_no", 0),
                                        agree(names[ev.get("winner", 0)], "wins")))
            out.append("%s: +%d point%s" % (ev.get("reason", ""), ev.get("award", 0),
                                           "" if ev.get("award", 0) == 1 else "s"))
        elif e == "points":
            pt = ev.get("points", [0, 0])
            out.append("Match points: %s %d - %s %d" % (names[0], pt[0], names[1], pt[1]))
        elif e == "annul":
            out.append("Endless move: game annulled")
        elif e == "new_game":
            out.append("Game %d: %s" % (ev.get("game_no", 0),
                                        agree(names[ev.get("starter", 0)], "starts")))
    return out


REASONS = {"ordinary": ("had", "no pit of 2 seeds to move"),
           "okutema": ("lost", "both end columns (okutema)"),
           "akawumbi": ("", "okutema and no move (akawumbi)"),
           "akakyala": ("was", "captured twice first (akakyala)")}


def reason_words(res, names):
    """The last game's end in words; its loser is the other player."""
    w = res.get("winner")
    loser = names[1 - w] if w in (0, 1) else "?"
    r = REASONS.get(res.get("reason"))
    if r is None:
        return loser
    return (agree(loser, r[0]) if r[0] else loser + ":") + " " + r[1]


def score_table(game, pos, snap):
    res = snap.get("result") or {}
    pt = res.get("points", snap.get("points", [0, 0]))
    return [("points to win", snap["rules"].get("match_points", 12), ""),
            ("games played", snap.get("game_no", 1), ""),
            ("match points", pt[0], pt[1])]


def move_words(text):
    """"14*" -> "pit 14, 3-seed sowing"; "3-" -> "pit 3, reverse"."""
    n = num_of(text)
    rest = text[len(str(n)):]
    if rest[:1] == "*":
        return "pit %d, 3-seed sowing" % n
    if rest[:1] == "-":
        return "pit %d, reverse" % n
    return "pit %d" % n


def num_of(text):
    i = 0
    while i < len(text) and "0" <= text[i] <= "9":
        i += 1
    return int(text[:i]) if i else -1


def setup_press(play, b):
    """The free set-up's buttons on the play screen (its cursor over the 16 pits, the seeds in
    hand, play.setup the counts): here, not in the screen, so that the other games do not hold
    the code."""
    s = play.s
    if b in ("up", "down", "left", "right"):
        play.cursor = play.nav(play.cursor, b)
        play.armed = False
    elif b == "a":
        if play.hand:
            play.setup[play.cursor] += 1
            play.hand -= 1
            play.armed = False
        elif play.armed:
            text = "setup:" + ",".join(str(x) for x in play.setup)
            try:
                code = s.game.parse_move(s.rec.pos, text)
            except ValueError as e:
                s.say(str(e)[:40])
                return
            play.setup = None
            s.play_move(code)
        else:
            play.armed = True
            s.say("%s again: done, %s: edit" % (key(s, "a"), key(s, "b")))
    elif b == "b":
        play.armed = False
        if play.setup[play.cursor]:
            play.setup[play.cursor] -= 1
            play.hand += 1
        elif not play.hand:
            s.pause()
