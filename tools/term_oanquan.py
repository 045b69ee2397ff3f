# O An Quan in the terminal: the board, help and the end-of-game breakdown (used by tools/play.py).


def _mandarin(j, sq):
    big = j["big"][0 if sq == 0 else 1]
    small = j["squares"][sq]
    return ("(Q+%d)" % small) if big else ("( %d )" % small)


def board(game, pos):
    j = game.to_json(pos)
    sq = j["squares"]
    top = "".join("[%3d]" % sq[i] for i in range(11, 6, -1))
    bottom = "".join("[%3d]" % sq[i] for i in range(1, 6))
    pad = " " * 9

    def side(p):
        return "player %d: stock %d, mandarins %d, owes %d" % (
            p, j["stock"][p], j["mandarins"][p], j["debt"][p])
    return "\n".join([
        pad + "".join("%4d " % i for i in range(11, 6, -1)) + "   <- player 1's squares",
        pad + top + "   " + side(1),
        "%-9s%s%s" % (_mandarin(j, 0), " " * 25, _mandarin(j, 6)),
        " sq 0" + " " * 29 + "sq 6",
        pad + bottom + "   " + side(0),
        pad + "".join("%4d " % i for i in range(1, 6)) + "   <- player 0's squares",
        "(Q = the mandarin's big stone, worth %d; +n = small stones beside it)"
        % game.rules["mandarin_value"],
    ])


def help(game, pos):
    buf = [0] * game.MAX_MOVES
    n = game.moves(pos, buf)
    legal = " ".join(game.move_str(pos, buf[i]) for i in range(n))
    return ("Type a square of yours and a direction: + sows towards higher numbers "
            "(counter-clockwise), - towards lower, e.g. 3+ or 9-.\nLegal now: " + legal)


def summary(game, pos, trace):
    r = game.result(pos)
    if r is None:
        caps = [e for e in (trace or []) if e["event"] == "capture"]
        if not caps:
            return ""
        got = sum(e["count"] for e in caps)
        bigs = sum(e["big"] for e in caps)
        return "Captured %d stone%s%s." % (got, "" if got == 1 else "s",
                                           " and %d mandarin" % bigs if bigs else "")
    lines = ["Game over (%s)." % {"mandarins": "both mandarin squares are empty",
                                  "no_refill": "nobody could refill an empty row",
                                  "repetition": "the same position came up a third time"}
             [r["reason"]]]
    for p in (0, 1):
        stock, mand, swept, debt, lent = game.breakdown(pos, p)
        lines.append("player %d: %d + %d + %d - %d + %d = %d   (stock + mandarins + swept - debt"
                     " + lent)" % (p, stock, mand, swept, debt, lent, r["score"][p]))
    w = r["winner"]
    lines.append("A draw." if w is None else "Player %d wins." % w)
    return "\n".join(lines)
