# Why a move (issue 31): what it takes now, the best answer to it and what that takes, and its
# value by the search; and a review of a game's moves against the search's best. Used by
# `cli.py explain` and `cli.py review` (docs/protocol.md). Game-agnostic: the common game face,
# engine/record.py and one engine/search.py Search made by the caller (its buffers made once).
from engine.compat import const
from engine.record import Record

_PLIES = const(4)  # the review's lines (issue 55 #8): the move, the reply, the move after, its reply


def value(search, rec, move, nodes):
    """(the value of `move` for its mover by a search of `nodes` from the position after it, that
    position as a Record, the search's best move there or None when the game is over)."""
    g = rec.game
    me = g.to_move(rec.pos)
    after = Record(g, bytearray(rec.pos), rec.seen)
    after.play(move)
    if g.over(after.pos):
        return search.ev.leaf(after.pos, me, 1), after, None
    m, score = search.best(after.pos, nodes, 0, 0, after.seen)[:2]
    return (score if g.to_move(after.pos) == me else -score), after, m


def gain(game, pos, move):
    """What `move` takes for its mover: its material after the move minus before (game units:
    stones, a mandarin at its value, seeds)."""
    me = game.to_move(pos)
    p = bytearray(pos)
    game.play(p, move)
    return game.material(p, me) - game.material(pos, me)


def explain(search, rec, move, nodes):
    """The hint's facts about `move` in `rec` as a dict: move, gain, reply (None when the game
    ends), reply_player, reply_gain, value and text (the hint's words)."""
    g = rec.game
    me = g.to_move(rec.pos)
    v, after, reply = value(search, rec, move, nodes)
    out = {"move": g.move_str(rec.pos, move), "gain": gain(g, rec.pos, move), "value": v,
           "reply": None, "reply_player": None, "reply_gain": 0}
    if reply is not None:
        out["reply"] = g.move_str(after.pos, reply)
        out["reply_player"] = g.to_move(after.pos)
        out["reply_gain"] = gain(g, after.pos, reply)
    out["text"] = words(out["gain"], out["reply_gain"], reply is None, out["reply_player"] == me,
                        not out["gain"] and not captures(search, rec.pos))
    return out


def captures(search, pos):
    """True if some legal move in `pos` captures (its list in the search's root buffer, free
    between two searches): a quiet move then chose not to."""
    g = search.game
    mv = search.mv[0]
    for i in range(g.moves(pos, mv)):
        if gain(g, pos, mv[i]) > 0:
            return True
    return False


# The hint's sentences (issue 55 #7): what the move captures (or gives: its seeds sown into the
# opponent's pits), then what follows: the best reply's capture, none, the game's end, or the
# mover again; a quiet move where no move could capture says so (Omweso's opening). Whole
# sentences of more than 10 characters each: a shorter string would be a name kept for good on
# the chip (tools/device/names.py). Rows: captures, none, gives, none possible.
_SAY = (("captures %d; then loses %d", "captures %d, nothing lost", "captures %d; game over",
         "captures %d; you go again"),
        ("no capture; then loses %d", "quiet move, nothing lost", "no capture; game over",
         "no capture; you go again"),
        ("gives %d; then loses %d", "gives %d, nothing lost", "gives %d; game over",
         "gives %d; you go again"),
        ("no capture; then loses %d", "no capture is possible yet", "no capture; game over",
         "no capture; you go again"),
        # the review's lines (told(): one string split at the call)
        "takes %d|gives %d|, loses %d|, %d back|, then %d more|, then takes %d|, then loses %d|"
        ", nothing lost|; game over|takes %d, loses %d in all|no capture; game over|"
        "takes %d in all; game over|loses %d in all; game over")


def words(taken, reply_taken, ends, again, none=False):
    """The hint's line, a sentence of at most 26 characters (a line at 160x128, the smallest
    screen): "captures 12; then loses 2", "quiet move, nothing lost", "gives 3; you go again";
    none: no legal move captured anything ("no capture is possible yet": Omweso's opening)."""
    row = _SAY[0 if taken > 0 else 3 if none and not taken else 1 if taken == 0 else 2]
    t = row[2 if ends else 3 if again else 0 if reply_taken > 0 else 1]
    n = taken if taken >= 0 else -taken
    if "%d" not in t:
        return t
    if t.count("%d") == 2:
        return t % (n, reply_taken) if taken else t % reply_taken
    return t % n if taken else t % reply_taken


def line(search, rec, move, nodes, reply=-1):
    """The review's line of `move` (issue 55 #8): the move, then the search's best (`nodes`) at
    each position after it, up to 4 plies or the game's end; `reply`: the second ply, when a
    search already found it."""
    g = rec.game
    a = Record(g, bytearray(rec.pos), rec.seen)
    out = [move]
    a.play(move)
    while len(out) < _PLIES and not g.over(a.pos):
        m = reply if reply >= 0 and len(out) == 1 else search.best(a.pos, nodes, 0, 0, a.seen)[0]
        out.append(m)
        a.play(m)
    return out


# A line in words for the player of its first move (issue 55 #8), in three parts: what the move
# takes, what the reply takes, what follows (the rest of the line, for that player); a mover's
# plies in a row are one turn. At most 26 characters (a line at 160x128): the totals when the
# parts would not fit. Its words are one string split at the call (_SAY's last): parts of up to
# 10 characters would each be a name kept for good on the chip.
def told(rec, path, none=False):
    """`path` (line()'s, from rec's position) in words: "takes 6, loses 2, 4 back", "takes 6,
    then 3 more", "then loses 5" (the move took nothing), "takes 12; game over", "takes 30,
    loses 14 in all" (too long in parts), or as the hint says a quiet line ("quiet move, nothing
    lost"; none: no legal move captured, "no capture is possible yet")."""
    g = rec.game
    a = Record(g, bytearray(rec.pos), rec.seen)
    me = g.to_move(a.pos)
    part = [0, 0, 0]  # for `me`: what the move takes, what the reply takes, what follows
    k = who = -1
    for m in path:
        p = g.to_move(a.pos)
        if p != who and k < 2:
            k += 1
        who = p
        n = gain(g, a.pos, m)
        part[k] += n if p == me else -n
        a.play(m)
    ends = g.over(a.pos)
    w = _SAY[4].split("|")
    n, lost, more = part
    if lost > 0:  # (the reply gave: told with what follows)
        more, lost = more + lost, 0
    t = w[0] % n if n > 0 else w[1] % -n if n < 0 else ""
    if lost:  # (the move took nothing: "then loses 5")
        t += (w[2] if t else w[6][2:]) % -lost
    if more:
        m = (w[3] if lost else w[4] if n > 0 else w[5]) % more if more > 0 else \
            (w[4] if lost else w[6]) % -more
        t += m if t else m[2:]
    if not t:  # nothing taken either way
        return w[10] if ends else _SAY[3 if none else 1][1]
    if ends:
        t += w[8]
    elif n >= 0 and not lost and more >= 0 and len(t) <= 12:  # (", nothing lost": 14)
        t += w[7]
    if len(t) > 26:  # ("then" goes: ", then " and ", " from the words, not names)
        t = t.replace(w[4][:7], w[4][:2])
    if len(t) > 26:
        took = (n if n > 0 else 0) + (more if more > 0 else 0)
        gave = took - n - lost - more
        t = w[9] % (took, gave) if not ends else \
            w[11] % (took - gave) if took >= gave else w[12] % (gave - took)
        if len(t) > 26:  # (numbers of three digits)
            t = t.replace(w[9][-7:], "")  # (" in all")
    return t


def review(search, rec, moves, nodes, player=None):
    """One dict per move (`moves`: an iterable of texts, played from `rec`, which ends after the
    last) of
    `player` (None: both): ply (the move's number in `moves`, from 1), move, best (the search's),
    loss (value of best minus value of the move by the same search, >= 0) and text. ValueError
    (with the move's number) on a malformed or illegal move."""
    g = rec.game
    out = []
    i = 0
    for text in moves:
        i += 1
        pos = rec.pos
        try:
            m = g.parse_move(pos, text)
        except ValueError as e:
            raise ValueError("move %d: %s" % (i, e))
        if player is None or g.to_move(pos) == player:
            best = search.best(pos, nodes, 0, 0, rec.seen)[0]
            vb, after, reply = value(search, rec, best, nodes)
            vm = vb if m == best else value(search, rec, m, nodes)[0]
            loss = vb - vm if vb > vm else 0
            bt = g.move_str(pos, best)
            if m == best:
                text = "the search's move"
            elif loss == 0:
                text = "as good as %s" % bt
            else:  # the better move's line, four plies deep
                ln = line(search, rec, best, nodes, -1 if reply is None else reply)
                text = "better %s: %s" % (bt, told(rec, ln, not captures(search, pos)))
            out.append({"ply": i, "move": g.move_str(pos, m), "best": bt, "loss": loss,
                        "text": text})
        rec.play(m)
    return out
