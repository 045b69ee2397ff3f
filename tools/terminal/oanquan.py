# O An Quan in the terminal (used by tools/terminal/game.py): the board seen from the bottom
# player's seat, who plays which row, help, what each move did, and the final score with every
# term named. `view` (game.View) names the players ("you", "the computer", "Player 1") and says who
# sits at the bottom.
from engine import games
from firmware.games.oanquan import adapter

# Why the game ended: the app's words (its adapter), but for two the terminal says at more length
# than the app's screen has room for.
REASONS = dict(adapter.REASONS,
               no_refill="a player's row was empty and nobody had the stones to refill it",
               repetition="the same position came up a third time")


def _row(p):
    return list(range(1, 6)) if p == 0 else list(range(7, 12))


def _mandarin(j, sq):
    big = j["big"][0 if sq == 0 else 1]
    small = j["squares"][sq]
    return ("(Q+%d)" % small) if big else ("( %d )" % small)


def _side(game, pos, view, p):
    stock, mand, swept, debt, lent = game.breakdown(pos, p)
    n = mand // game.rules["mandarin_value"]
    out = "%s: stock %d, %d mandarin%s" % (view.Name(p), stock, n, "" if n == 1 else "s")
    if debt:
        out += ", owes %d" % debt
    if game.over(pos):
        out += ", swept %d" % swept
    return out


def board(game, pos, view):
    j = game.to_json(pos)
    sq = j["squares"]
    b = view.bottom
    t = 1 - b
    top = _row(t)[::-1]
    bot = _row(b)
    left, right = 6 * b, 6 * t
    pad = " " * 9
    if game.over(pos):
        head = games.TITLES[adapter.NAME] + " - game over"
    else:
        head = "%s - move %d - %s turn" % (games.TITLES[adapter.NAME], j["ply"] + 1,
                                           view.of(j["to_move"]))
    lines = [
        head,
        "  " + _side(game, pos, view, t),
        pad + "".join("%4d " % i for i in top) + "   <- %s squares" % view.of(t),
        pad + "".join("[%3d]" % sq[i] for i in top),
        "%-9s%s%s" % (_mandarin(j, left), " " * 25, _mandarin(j, right)),
        " sq %-2d%s sq %d" % (left, " " * 28, right),
        pad + "".join("[%3d]" % sq[i] for i in bot),
        pad + "".join("%4d " % i for i in bot) + "   <- %s squares" % view.of(b),
        "  " + _side(game, pos, view, b),
        "[n] = stones in a square; (Q+n) = a mandarin square: its big stone Q (worth %d) and n"
        " small stones; stock = small stones captured" % game.rules["mandarin_value"],
    ]
    return "\n".join(ln.rstrip() for ln in lines)


def seats(game, view):
    """Who plays which row, said once before the first move."""
    out = []
    for p in (view.bottom, 1 - view.bottom):
        r = _row(p)
        out.append("%s %s the %s row, squares %d-%d." % (
            view.Name(p), view.verb(p, "play", "plays"), "bottom" if p == view.bottom else "top",
            r[0], r[-1]))
    out.append("The two half-moons at the ends are the mandarin squares (0 and 6): nobody owns"
               " them. Sow stones round the board and capture squares: each stone scores 1, a"
               " big mandarin stone %d. The game ends when both mandarin squares are empty;"
               " the higher score wins." % game.rules["mandarin_value"])
    return " ".join(out)


def help(game, pos, view, legal):  # noqa: A001 (the renderer interface)
    p = game.to_move(pos)
    r = _row(p)
    way = "right" if p == view.bottom else "left"
    back = "left" if way == "right" else "right"
    return ("Type one of your squares (%d-%d) that holds stones, then + or -, e.g. %s.\n"
            "  + sows towards higher numbers (%s along your row), - towards lower (%s).\n"
            "The stones go one per square. When the last one lands, look at the next square:\n"
            "  stones there: lift them and sow on; a mandarin square with stones: your turn ends;\n"
            "  empty: you capture the square after it, and on across each further single gap.\n"
            "A player whose row is empty refills it with 1 stone per square from their stock.\n"
            "The game ends when both mandarin squares are empty; stones left in your row are"
            " yours.\nLegal now: %s"
            % (r[0], r[-1], legal[0] if legal else "3+", way, back, " ".join(legal)))


def captures(game, trace):
    """Short words for the history: "captured 6 stones and a mandarin", or ""."""
    caps = [e for e in (trace or []) if e["event"] == "capture"]
    if not caps:
        return ""
    got = sum(e["count"] for e in caps)
    bigs = sum(e["big"] for e in caps)
    out = "captured %d stone%s" % (got, "" if got == 1 else "s")
    if bigs:
        out += " and %s" % ("a mandarin" if bigs == 1 else "%d mandarins" % bigs)
    return out


def summary(game, pos, trace, view, mover):
    """What the move did beyond the sowing, and the final score when the game ended."""
    out = []
    c = captures(game, trace)
    if c:
        out.append("%s %s." % (view.Name(mover), c))
    for e in trace or []:
        k = e["event"]
        if k == "exchange":
            out.append("%s cashed a captured mandarin for %d stones." % (
                view.Name(e["player"]), e["count"]))
        elif k == "borrow":
            out.append("%s borrowed %d stone%s from %s (a debt, subtracted at the end)." % (
                view.Name(e["player"]), e["count"], "" if e["count"] == 1 else "s",
                view.name(e["from"])))
        elif k == "refill":
            out.append("%s row was empty: 1 stone put in each square from the stock." % (
                view.Of(e["player"])))
    return "\n".join(out)


def final(game, pos, view):
    """The result in words: why the game ended and each player's score, every term named."""
    r = game.result(pos)
    out = []
    out.append("Game over: %s." % REASONS[r["reason"]])
    mv = game.rules["mandarin_value"]
    w = max(len(view.name(p)) for p in (0, 1)) + 1
    for p in (view.bottom, 1 - view.bottom):
        stock, mand, swept, debt, lent = game.breakdown(pos, p)
        n = mand // mv
        out.append("  %-*s %2d stock + %2d (%d mandarin%s) + %d swept - %d owed + %d lent = %d"
                   % (w, view.Name(p) + ":", stock, mand, n, "" if n == 1 else "s", swept, debt,
                      lent, r["score"][p]))
    out.append("  stock = small stones captured (less any spent refilling an empty row); each "
               "captured mandarin is worth %d; swept = stones left in the player's own squares "
               "at the end; owed = stones borrowed from the other player to refill a row, "
               "lent = stones lent to them." % mv)
    w = r["winner"]
    s = r["score"]
    if w is None:
        out.append("A draw, %d to %d." % (s[0], s[1]))
    else:
        out.append("%s %s, %d to %d." % (view.Name(w), view.verb(w, "win", "wins"), s[w],
                                         s[1 - w]))
    return "\n".join(out)


def note(game, trace, view=None):
    """What the history lists beside the move."""
    return captures(game, trace)
