"""Terminal renderer for Omweso (used by tools/play.py): board, help and game/match summaries."""

WHY = {
    "ordinary": "the opponent has no pit with 2 or more seeds left",
    "okutema": "okutema, both end columns captured in one move",
    "akawumbi": "akawumbi, an okutema that leaves the opponent without a move",
    "akakyala": "akakyala, a second capturing turn before the opponent captured at all",
}


def _cells(counts):
    return "".join("[%2d]" % c for c in counts)


def _idx(ids):
    return "".join(" %2d " % i for i in ids)


def board(game, pos):
    """The 4x8 board seen from the seat of the player to move (bottom two rows are theirs)."""
    j = game.to_json(pos)
    me = j["to_move"]
    op = 1 - me
    mine, theirs = j["pits"][me], j["pits"][op]
    head = "Omweso - game %d - points P0 %d : P1 %d (match to %d) - ply %d" % (
        j["game_no"], j["points"][0], j["points"][1], game.rules["match_points"], j["ply"])
    if j["result"] is not None:
        head += " - match over"
    elif j["phase"] == "setup":
        head += " - set-up: player %d arranges 32 seeds" % me
    else:
        head += " - player %d to move" % me
    top = [7 - c for c in range(8)]     # their outer row, seen from my seat
    mid = [8 + c for c in range(8)]     # their inner row (faces my inner row)
    inner = [15 - c for c in range(8)]  # my inner row
    outer = list(range(8))              # my outer row
    pad = " " * 14
    lines = [head,
             "  player %d     %s   moves %d, captures %d" % (
                 op, _cells(theirs[i] for i in top), j["moves_made"][op], j["captures"][op]),
             "  (opponent)   %s" % _cells(theirs[i] for i in mid),
             pad + " " + "-" * 31,
             "  player %d     %s   <- your inner row" % (me, _cells(mine[i] for i in inner)),
             pad + _idx(inner),
             "  (to move)    %s   <- your outer row" % _cells(mine[i] for i in outer),
             pad + _idx(outer) + "   moves %d, captures %d" % (
                 j["moves_made"][me], j["captures"][me]),
             "  (your pits are numbered 0..15 in sowing order: outer row left to right, inner row"
             " right to left)"]
    if j["phase"] == "setup":
        lines.append("  (pits not arranged yet show the 4-per-outer-pit layout until replaced)")
    return "\n".join(lines)


def help(game, pos):
    j = game.to_json(pos)
    buf = [0] * game.MAX_MOVES
    n = game.moves(pos, buf)
    legal = " ".join(game.move_str(pos, buf[i]) for i in range(n))
    if j["phase"] == "setup":
        return ("Arrange your 32 seeds: type setup: and 16 counts separated by commas, for pits "
                "0..15 in your numbering (plain numbers, no spaces), summing to 32, e.g.\n"
                "  setup:4,4,4,4,4,4,4,4,0,0,0,0,0,0,0,0   (4 in each outer pit)\n"
                "Any arrangement is legal; a few examples: " + legal)
    return ("Type a pit of yours holding at least 2 seeds, e.g. 5. Seeds are sown counter-"
            "clockwise (0 -> 15 -> 0); a landing in an occupied pit relays from it, and a landing "
            "in an occupied inner pit facing two occupied pits of the opponent captures them.\n"
            "From your four leftmost pits (0, 1, 14, 15) a lap may go clockwise when that lap "
            "itself captures: at each such choice point add + (counter-clockwise) or - "
            "(clockwise), in order, e.g. 14- or 0+-. %s\n"
            "Legal now: %s" % ("A pit with exactly 3 seeds may also be sown 2+1 with a star, e.g. "
                               "9* (OM-9)." if game.rules["three_seed_opening"] else "", legal))


def summary(game, pos, trace):
    trace = trace or []
    out = []
    caps = [e for e in trace if e["event"] == "capture"]
    if caps:
        got = sum(e["count"] for e in caps)
        rev = len([e for e in trace if e["event"] == "reverse"])
        out.append("Captured %d seed%s in %d capture%s%s." % (
            got, "" if got == 1 else "s", len(caps), "" if len(caps) == 1 else "s",
            " (%d reverse lap%s)" % (rev, "" if rev == 1 else "s") if rev else ""))
    for e in trace:
        ev = e["event"]
        if ev == "endless":
            out.append("The move did not end within %d laps: it is endless (OM-7)."
                       % game.rules["lap_limit"])
        elif ev == "annul":
            out.append("The game is annulled (no points) and replayed as game %d." % e["game_no"])
        elif ev == "game_end":
            out.append("Player %d wins game %d: %s, +%d point%s." % (
                e["winner"], e["game_no"], WHY[e["reason"]], e["award"],
                "" if e["award"] == 1 else "s"))
        elif ev == "points":
            out.append("Match points: P0 %d : P1 %d (first to %d)." % (
                e["points"][0], e["points"][1], game.rules["match_points"]))
        elif ev == "new_game":
            out.append("Game %d: player %d starts%s." % (
                e["game_no"], e["starter"],
                " (both arrange their seeds first)" if e["phase"] == "setup" else ""))
        elif ev == "match_end":
            out.append("Player %d wins the match %d : %d." % (
                e["winner"], e["points"][e["winner"]], e["points"][1 - e["winner"]]))
    return "\n".join(out)
