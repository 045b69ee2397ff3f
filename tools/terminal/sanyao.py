"""Terminal renderer for San-Yao (used by tools/terminal/game.py): the board from the bottom
player's seat, who controls which hole, help, what each move did, round summaries and the match
result in words. `view` (game.View) names the players and says who sits at the bottom."""
from engine import games
from firmware.games.sanyao import adapter


def _n(count, word):
    return "%d %s%s" % (count, word, "" if count == 1 else "s")


def _home(p):
    return list(range(0, 5)) if p == 0 else list(range(5, 10))


def _tag(view, p):
    n = view.name(p)
    return "you" if n == "you" else "CPU" if n == "the computer" else "P" + n[-1]


def board(game, pos, view):
    """Multi-line picture of the position: both rows, controllers, sons (*), stores, loans."""
    j = game.to_json(pos)
    b = view.bottom
    t = 1 - b
    top = _home(t)[::-1]
    bot = _home(b)
    ctl = j["control"]
    head = "%s - round %d - " % (games.TITLES[adapter.NAME], j["round"])
    if j["result"] is not None:
        head += "match over"
    elif j["phase"] == "choose_sons":
        head += "%s pick%s sons" % (view.name(j["to_move"]), "" if view.name(j["to_move"]) == "you"
                                    else "s")
    else:
        head += "%s turn" % view.of(j["to_move"])

    def cells(holes):
        return "".join("%4d%s" % (j["holes"][i], "*" if ctl[i] != (0 if i < 5 else 1) else " ")
                       for i in holes)
    lines = [head,
             "  hole        " + "".join("%4d " % i for i in top) + "   <- %s row" % view.of(t),
             "  stones      " + cells(top),
             "  played by   " + "".join(" %4s" % _tag(view, ctl[i]) for i in top),
             "  %s store %d%s%s store %d" % (_tag(view, t), j["store"][t], " " * 16, _tag(view, b),
                                            j["store"][b]),
             "  played by   " + "".join(" %4s" % _tag(view, ctl[i]) for i in bot),
             "  stones      " + cells(bot),
             "  hole        " + "".join("%4d " % i for i in bot) + "   <- %s row" % view.of(b),
             "  (stores hold the stones each player captured this round; sowing goes"
             " counter-clockwise: right along the bottom row, left along the top)"]
    if any(ctl[i] != (0 if i < 5 else 1) for i in range(10)):
        lines.append("  * = a son: a hole of the other row that the round's winner plays this "
                     "round")
    for p in (0, 1):
        if j["owed"][p]:
            lines.append("  %s %s %d to %s (repaid at the end of the round)" % (
                view.Name(p), view.verb(p, "owe", "owes"), j["owed"][p], view.name(1 - p)))
    if j["phase"] == "choose_sons":
        w = j["to_move"]
        lines.append("  %s won the round with %d and %s %s more among %s holes" % (
            view.Name(w), j["store"][w], view.verb(w, "pick", "picks"),
            _n(game.sons_due(pos), "son"), view.of(1 - w)))
    return "\n".join(ln.rstrip() for ln in lines)


def seats(game, view):
    b = view.bottom
    return ("%s %s the bottom row (holes %d-%d), %s the top row (holes %d-%d). On your turn you"
            " sow from a hole you play; captured stones go to your store. A round ends when fewer"
            " than 2 stones are left; the richer player wins it and plays some of the other row's"
            " holes (sons) next round. A player left with fewer than %d stones loses the match."
            % (view.Name(b), view.verb(b, "play", "plays"), _home(b)[0], _home(b)[-1],
               view.name(1 - b), _home(1 - b)[0], _home(1 - b)[-1],
               game.rules["match_end_below"]))


def help(game, pos, view, legal):  # noqa: A001 (the renderer interface)
    """How to type moves, with the legal moves of this position."""
    rules = game.rules
    if game.over(pos):
        return "The match is over."
    if game.to_json(pos)["phase"] == "choose_sons":
        return ("Type son:<hole> to make one of the loser's holes your son (you play it next "
                "round), one son per move, e.g. %s.\nLegal now: %s" % (legal[0], " ".join(legal)))
    text = ("Type the number of a hole you play that holds stones, e.g. %s. All its stones are "
            "sown one per hole, counter-clockwise (right along the bottom row, left along the top)."
            "\nWhen the last one lands, the next hole's stones are lifted and sown on, until the "
            "next hole is empty;\nthen the hole after that gap is captured into your store (and "
            "again after each further single gap).\nLegal now: %s" % (legal[0], " ".join(legal)))
    if rules["forbid_endless"]:
        text += "\nEndless moves (more than %d laps) are forbidden while another move exists." \
            % rules["lap_limit"]
    else:
        text += "\nA move still sowing after %d laps is endless: it is not sown and the round " \
                "ends." % rules["lap_limit"]
    return text


def note(game, trace, view=None):
    """Short words for the history: captures, round ends, and who had no move."""
    got = sum(e["count"] for e in trace or [] if e["event"] == "capture")
    out = []
    if got:
        out.append("captured %d stone%s" % (got, "" if got == 1 else "s"))
    for e in trace or []:
        if e["event"] == "round_end":
            out.append("round %d over" % e["round"])
        elif e["event"] == "pass":
            who = view.name(e["player"]) if view is not None else "the other side"
            out.append("(%s had no move: pass)" % who)
    return ", ".join(out)


def summary(game, pos, trace, view, mover):
    """What the move captured, and the round/match summary when the move ended a round."""
    out = []
    got = sum(e["count"] for e in trace or [] if e["event"] == "capture")
    if got:
        out.append("%s captured %d stone%s." % (view.Name(mover), got, "" if got == 1 else "s"))
    for e in trace or []:
        k = e.get("event")
        if k == "pass":
            q = e["player"]
            out.append("%s cannot move (all the holes %s %s are empty): %s again." % (
                view.Name(q), view.name(q), view.verb(q, "play", "plays"),
                view.name(1 - q) + view.verb(1 - q, " move", " moves")))
        elif k == "round_end":
            out.append("Round %d is over: %s." % (e["round"],
                                                   adapter.ROUND_ENDS.get(e["reason"], e["reason"])))
            left = e["swept"]
            if left[0] or left[1]:
                out.append("  Stones left on the board go to whoever played their holes: "
                           "%s +%d, %s +%d." % (view.name(0), left[0], view.name(1), left[1]))
            out.append("  Stores: %s %d, %s %d." % (view.name(0), e["store"][0], view.name(1),
                                                    e["store"][1]))
        elif k == "settlement":
            if e["by"] is not None:
                t = "  %s %s %d to %s (the loan)" % (  # as the loan was said: "lends 2 to"
                    view.Name(e["by"]), view.verb(e["by"], "repay", "repays"), e["repaid"],
                    view.name(1 - e["by"]))
                if e["forgiven"]:
                    t += " (%d forgiven: not enough stones)" % e["forgiven"]
                out.append(t + ".")
            a, b = e["totals"]
            line = "  Totals: %s %d, %s %d" % (view.name(0), a, view.name(1), b)
            if e["match_over"]:
                out.append(line + ".")
            elif e["winner"] is None:
                out.append(line + ": a tie, each side plays its own row again.")
            else:
                w = e["winner"]
                out.append(line + ": %s %s the round." % (view.name(w),
                                                           view.verb(w, "win", "wins")))
        elif k == "choose_sons":
            out.append("  %s %s among %s holes%s." % (
                view.Name(e["player"]) + view.verb(e["player"], " pick", " picks"),
                _n(e["count"], "son"), view.of(1 - e["player"]),
                " (type son:<hole>)" if view.name(e["player"]) != "the computer" else ""))
        elif k == "loan":
            out.append("  %s %s to %s to fill the last hole%s." % (
                view.Name(e["from"]) + (view.verb(e["from"], " give", " gives") if e["gift"]
                                        else view.verb(e["from"], " lend", " lends")),
                _n(e["count"], "stone"), view.name(e["to"]),
                "" if e["gift"] else " (repaid next round)"))
        elif k == "round_start":
            out.append("Round %d: every hole holds 5 again; %s." % (
                e["round"], view.name(e["starter"]) + view.verb(e["starter"], " start",
                                                                " starts")))
    if any(e.get("event") == "round_start" for e in trace or []):
        ctl = game.to_json(pos)["control"]
        sons = [i for i in range(10) if ctl[i] != (0 if i < 5 else 1)]
        if sons:
            w = ctl[sons[0]]
            out.insert(len(out) - 1, "  %s %s: hole%s %s (filled with 5, played by %s this "
                       "round)." % (view.Of(w), "sons" if len(sons) > 1 else "son",
                                   "s" if len(sons) > 1 else "", ", ".join(str(h) for h in sons),
                                   view.name(w)))
    return "\n".join(out)


def final(game, pos, view):
    """The match result in words: why it ended and the settled totals."""
    r = game.result(pos)
    w = r["winner"]
    tot = r["totals"]
    lo = game.rules["match_end_below"]
    poor = [p for p in (0, 1) if tot[p] < lo]
    out = []
    if len(poor) == 1:
        out.append("Match over after round %d: %s total of %d stones is below %d, too few to "
                   "fill a hole." % (game.round(pos), view.of(poor[0]), tot[poor[0]], lo))
    else:
        out.append("Match over after round %d: both totals are below %d, too few to fill a "
                   "hole." % (game.round(pos), lo))
    out.append("(A total = the stones a player captured in the last round plus the stones left "
               "in the holes they played, after any loan was repaid.)")
    if w is None:
        out.append("A draw, %d to %d." % (tot[0], tot[1]))
    else:
        out.append("%s the match, %d to %d." % (view.Name(w) + view.verb(w, " win", " wins"),
                                                tot[w], tot[1 - w]))
    return "\n".join(out)
