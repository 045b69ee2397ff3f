"""Terminal renderer for San-Yao (used by tools/play.py): board, help and round summaries."""

REASONS = {
    "leftover": "fewer than 2 stones were left on the board",
    "no_moves": "neither player could move",
    "endless": "an endless move was played (SY-6)",
    "repetition": "the same position occurred a third time (SY-7)",
}


def _cell(game, j, i):
    son = j["control"][i] != (0 if i < 5 else 1)
    return "%4d%s" % (j["holes"][i], "*" if son else " ")


def board(game, pos):
    """Multi-line picture of the position: both rows, controllers, sons (*), stores, loans."""
    j = game.to_json(pos)
    top = list(range(9, 4, -1))
    bot = list(range(0, 5))
    ctl = j["control"]
    lines = []
    head = "San-Yao - round %d - ply %d" % (j["round"], j["ply"])
    if j["result"] is not None:
        head += " - match over"
    elif j["phase"] == "choose_sons":
        head += " - player %d chooses sons" % j["to_move"]
    else:
        head += " - player %d to move" % j["to_move"]
    lines.append(head)
    lines.append("  hole      " + "".join("%4d " % i for i in top) + "    <- player 1's row")
    lines.append("  stones    " + "".join(_cell(game, j, i) for i in top))
    lines.append("  control   " + "".join("  P%d " % ctl[i] for i in top))
    lines.append("  store P1 %2d%s store P0 %2d" % (j["store"][1], " " * 24, j["store"][0]))
    lines.append("  control   " + "".join("  P%d " % ctl[i] for i in bot))
    lines.append("  stones    " + "".join(_cell(game, j, i) for i in bot))
    lines.append("  hole      " + "".join("%4d " % i for i in bot) + "    <- player 0's row")
    if any(ctl[i] != (0 if i < 5 else 1) for i in range(10)):
        lines.append("  * = son: a hole controlled by the other row's player this round")
    for p in (0, 1):
        if j["owed"][p]:
            lines.append("  player %d owes %d to player %d (repaid at the next settlement)"
                         % (p, j["owed"][p], 1 - p))
    lines.append("  round %d started by player %d" % (j["round"], j["starter"]))
    if j["phase"] == "choose_sons":
        lines.append("  player %d wins the round with %d and picks %d more son(s) among "
                     "player %d's holes" % (j["to_move"], j["store"][j["to_move"]],
                                           game.sons_due(pos), 1 - j["to_move"]))
    r = j["result"]
    if r is not None:
        w = r["winner"]
        lines.append("  match over: %s (totals %d-%d)" % (
            "draw" if w is None else "player %d wins" % w, r["totals"][0], r["totals"][1]))
    return "\n".join(lines)


def help(game, pos):  # noqa: A001 (the name is the renderer interface)
    """How to type moves, with the legal moves of this position."""
    buf = [0] * game.MAX_MOVES
    n = game.moves(pos, buf)
    legal = " ".join(game.move_str(pos, m) for m in buf[:n])
    rules = game.rules
    if game.over(pos):
        return "The match is over. Start a new one."
    if game.to_json(pos)["phase"] == "choose_sons":
        return ("Type son:<hole> to make one of the loser's holes your son (you control it next "
                "round), one son per move, e.g. son:%s.\nLegal: %s"
                % (game.move_str(pos, buf[0])[4:], legal))
    text = ("Type the number of a hole you control that holds stones (0-9), e.g. %s. All its "
            "stones are sown counter-clockwise; when the last one lands, the next hole is lifted "
            "and sown too, until the next hole is empty; then the hole after the gap is captured "
            "(and the next one after each further gap).\nLegal: %s"
            % (game.move_str(pos, buf[0]), legal))
    if rules["forbid_endless"]:
        text += "\nEndless moves (more than %d laps) are forbidden while another move exists." \
            % rules["lap_limit"]
    else:
        text += "\nA move still sowing after %d laps is endless: it is not sown and the round " \
                "ends." % rules["lap_limit"]
    return text


def summary(game, pos, trace):
    """Round/match summary when the last move's trace ends a round or sets up the next one."""
    if not trace or not any(e.get("event") in ("round_end", "round_start") for e in trace):
        return ""
    out = []
    for e in trace:
        k = e.get("event")
        if k == "round_end":
            why = REASONS.get(e["reason"], e["reason"])
            out.append("Round %d is over: %s." % (e["round"], why))
            a, b = e["swept"]
            if a or b:
                out.append("  Stones left on the board go to their holes' controllers: "
                           "player 0 +%d, player 1 +%d." % (a, b))
            out.append("  Stores: player 0 %d, player 1 %d." % tuple(e["store"]))
        elif k == "settlement":
            if e["by"] is not None:
                t = "  Loan: player %d repays %d to player %d" % (e["by"], e["repaid"], 1 - e["by"])
                if e["forgiven"]:
                    t += " (%d forgiven: not enough stones)" % e["forgiven"]
                out.append(t + ".")
            a, b = e["totals"]
            line = "  Settled totals: player 0 %d, player 1 %d" % (a, b)
            if e["match_over"]:
                out.append(line + ".")
            elif e["winner"] is None:
                out.append(line + ": a tie, home rows are restored.")
            else:
                out.append(line + ": player %d wins the round." % e["winner"])
        elif k == "choose_sons":
            out.append("  Player %d picks %d son(s) among the loser's holes (type son:<hole>)."
                       % (e["player"], e["count"]))
        elif k == "loan":
            out.append("  Player %d %s %d stone(s) to player %d to fill her last hole%s."
                       % (e["from"], "gives" if e["gift"] else "lends", e["count"], e["to"],
                          "" if e["gift"] else " (repaid at the next settlement)"))
        elif k == "end":
            w = e["winner"]
            lo = game.rules["match_end_below"]
            out.append("Match over: %s, totals %d-%d (a total below %d cannot fill a hole)."
                       % ("a draw" if w is None else "player %d wins" % w,
                          e["totals"][0], e["totals"][1], lo))
        elif k == "round_start":
            out.append("Round %d: every hole holds 5; player %d starts."
                       % (e["round"], e["starter"]))
    if any(e.get("event") == "round_start" for e in trace):
        ctl = game.to_json(pos)["control"]
        sons = [i for i in range(10) if ctl[i] != (0 if i < 5 else 1)]
        if sons:
            w = ctl[sons[0]]
            out.insert(len(out) - 1, "  Sons of player %d: hole%s %s (she fills them with 5 and "
                       "controls them this round)." % (w, "s" if len(sons) > 1 else "",
                                                       ", ".join(str(h) for h in sons)))
    return "\n".join(out)
