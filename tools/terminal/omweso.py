"""Terminal renderer for Omweso (used by tools/terminal/game.py): the 4x8 board from one fixed
seat (the bottom player's: yours against the computer), help, what each move did and the match in
words. `view` (game.View) names the players and says who sits at the bottom."""
from engine import games
from firmware.games.omweso import adapter

# Why a game of the match ended, a clause about its loser (%s). The app's adapter words each
# reason for a small screen as (verb, phrase) ("lost", "both end columns (okutema)"); the
# terminal's sentence names the rule first and says more, so it keeps its own.
WHY = {
    "ordinary": "%s no pit with 2 or more seeds left",
    "okutema": "okutema: both end columns of %s side captured in one move",
    "akawumbi": "akawumbi: an okutema that leaves %s without a move",
    "akakyala": "akakyala: a second capturing turn before %s captured anything",
}


def _cells(counts):
    return "".join("[%2d]" % c for c in counts)


def _idx(ids):
    return "".join(" %2d " % i for i in ids)


def board(game, pos, view):
    """The 4x8 board: the bottom player's two rows below the line, the other player's above."""
    j = game.to_json(pos)
    b = view.bottom
    t = 1 - b
    me, them = j["pits"][b], j["pits"][t]
    head = "%s - game %d - points %s %d, %s %d (to %d)" % (
        games.TITLES[adapter.NAME], j["game_no"], view.name(b), j["points"][b], view.name(t),
        j["points"][t], game.rules["match_points"])
    if j["result"] is not None:
        head += " - match over"
    elif j["phase"] == "setup":
        head += " - set-up: %s arrange%s 32 seeds" % (
            view.name(j["to_move"]), view.verb(j["to_move"], "", "s"))
    else:
        head += " - %s turn" % view.of(j["to_move"])
    # the top player's pits seen from the bottom seat: their column 7 - c is our column c
    top = [7 - c for c in range(8)]     # their outer row (far edge)
    mid = [8 + c for c in range(8)]     # their inner row (faces ours)
    inner = [15 - c for c in range(8)]  # the bottom player's inner row
    outer = list(range(8))              # the bottom player's outer row
    w = max(len(view.of(t)), len(view.of(b))) + 11

    def row(p, which):
        return ("  %s %s row" % (view.of(p), which)).ljust(w + 2)

    def stats(p):
        m, c = j["moves_made"][p], j["captures"][p]
        return "%s: %d move%s, %d capture%s" % (view.Name(p) if p == b else view.name(p), m,
                                               "" if m == 1 else "s", c, "" if c == 1 else "s")
    pad = " " * (w + 2)
    lines = [head,
             "  " + stats(b) + "; " + stats(t),
             row(t, "outer") + _cells(them[i] for i in top),
             pad + _idx(top),
             row(t, "inner") + _cells(them[i] for i in mid),
             pad + _idx(mid),
             pad + "-" * 32,
             row(b, "inner") + _cells(me[i] for i in inner),
             pad + _idx(inner),
             row(b, "outer") + _cells(me[i] for i in outer),
             pad + _idx(outer),
             "  [n] = seeds in a pit; the small numbers are pit numbers. Each player numbers their "
             "own 16 pits in sowing order: outer row 0-7, inner row 8-15."]
    if j["phase"] == "setup":
        lines.append("  (pits not arranged yet show the 4-per-outer-pit layout until replaced)")
    return "\n".join(ln.rstrip() for ln in lines)


def seats(game, view):
    b = view.bottom
    t = 1 - b
    return ("%s %s the two bottom rows, %s the two top rows. Sow from a pit of yours with 2 or "
            "more seeds; land in an occupied pit of your inner row facing two occupied pits and "
            "you capture them. A player who cannot move loses the game (1 point, more for "
            "special captures); first to %d points wins the match."
            % (view.Name(b), view.verb(b, "play", "plays"), view.name(t),
               game.rules["match_points"]))


def help(game, pos, view, legal):  # noqa: A001 (the renderer interface)
    j = game.to_json(pos)
    me = j["to_move"]
    legal_txt = " ".join(legal[:40]) + (" ..." if len(legal) > 40 else "")
    if j["phase"] == "setup":
        return ("Arrange your 32 seeds: type setup: and 16 counts separated by commas, for pits "
                "0..15 in your numbering (plain numbers, no spaces), summing to 32, e.g.\n"
                "  setup:4,4,4,4,4,4,4,4,0,0,0,0,0,0,0,0   (4 in each outer pit)\n"
                "Any arrangement is legal; a few examples: " + legal_txt)
    where = "bottom" if me == view.bottom else "top"
    return ("Type the number of a pit of yours (%s two rows) holding at least 2 seeds, e.g. %s.\n"
            "Its seeds are sown one per pit round your own 16 pits, counter-clockwise (0 -> 15 -> "
            "0).\nA last seed landing in an occupied pit lifts that pit and sows on (relay); "
            "landing in an occupied pit of your\ninner row when both facing pits of the opponent "
            "are occupied captures them: they are sown on from where the move began.\n"
            "From your four leftmost pits (0, 1, 14, 15) a lap may go clockwise when that lap "
            "itself captures:\nat each such choice point add + (counter-clockwise) or - "
            "(clockwise), in order, e.g. 14- or 0+-. %s\n%sLegal now: %s" % (
                where, legal[0] if legal else "5",
                "A pit with exactly 3 seeds may also be sown 2+1 with a star, e.g. 9*."
                if game.rules["three_seed_opening"] else "",
                "" if game.rules["first_turn_capture"] else "Nobody captures on their first "
                "move. ", legal_txt))


def note(game, trace, view=None):
    """Short words for the history: captures and game ends."""
    caps = [e for e in trace or [] if e["event"] == "capture"]
    out = []
    if caps:
        got = sum(e["count"] for e in caps)
        out.append("captured %d seed%s" % (got, "" if got == 1 else "s"))
    for e in trace or []:
        if e["event"] == "game_end":
            out.append("won game %d (+%d)" % (e["game_no"], e["award"]))
        elif e["event"] == "annul":
            out.append("endless: game annulled")
    return ", ".join(out)


def summary(game, pos, trace, view, mover):
    trace = trace or []
    out = []
    caps = [e for e in trace if e["event"] == "capture"]
    if caps:
        got = sum(e["count"] for e in caps)
        rev = len([e for e in trace if e["event"] == "reverse"])
        out.append("%s captured %d seed%s in %d capture%s%s." % (
            view.Name(mover), got, "" if got == 1 else "s", len(caps),
            "" if len(caps) == 1 else "s",
            " (%d clockwise lap%s)" % (rev, "" if rev == 1 else "s") if rev else ""))
    for e in trace:
        ev = e["event"]
        if ev == "endless":
            out.append("The move did not end within %d laps: it is endless."
                       % game.rules["lap_limit"])
        elif ev == "annul":
            out.append("The game is annulled (no points) and replayed as game %d." % e["game_no"])
        elif ev == "game_end":
            p = e["winner"]
            loser = view.name(1 - p) + view.verb(1 - p, " have", " has")
            why = WHY[e["reason"]] % (loser if e["reason"] == "ordinary" else
                                      view.of(1 - p) if e["reason"] == "okutema" else
                                      view.name(1 - p))
            out.append("%s game %d: %s. +%d point%s." % (
                view.Name(p) + view.verb(p, " win", " wins"), e["game_no"], why, e["award"],
                "" if e["award"] == 1 else "s"))
        elif ev == "points":
            b = view.bottom
            out.append("Match points: %s %d, %s %d (first to %d wins the match)." % (
                view.name(b), e["points"][b], view.name(1 - b), e["points"][1 - b],
                game.rules["match_points"]))
        elif ev == "new_game":
            s = e["starter"]
            out.append("Game %d: %s%s." % (
                e["game_no"], view.name(s) + view.verb(s, " start", " starts"),
                " (both arrange their seeds first)" if e["phase"] == "setup" else ""))
    return "\n".join(out)


def final(game, pos, view):
    """The match result in words: the points of each player and how points are won."""
    r = game.result(pos)
    p = r["winner"]
    pts = r["points"]
    return ("%s the match, %d points to %d (first to %d).\n"
            "(Points: a game won because the other player cannot move scores 1; okutema, capturing "
            "both end columns in one move, 2; akawumbi %d%s.)" % (
                view.Name(p) + view.verb(p, " win", " wins"), pts[p], pts[1 - p],
                game.rules["match_points"], game.rules["akawumbi_points"],
                "; akakyala 2" if game.rules["akakyala"] else ""))
