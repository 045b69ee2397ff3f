# Why a move (issue 31): what it takes now, the best answer to it and what that takes, and its
# value by the search; and a review of a game's moves against the search's best (the better
# move's line four plies deep: engine/lines.py, loaded for it). Used by
# `cli.py explain` and `cli.py review` (docs/protocol.md). Game-agnostic: the common game face,
# engine/record.py and one engine/search.py Search made by the caller (its buffers made once).
from engine.record import Record


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
         "no capture; you go again"))


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
            else:  # the better move's line, four plies deep (engine/lines.py, as the console)
                from engine import lines
                ln = lines.line(search, rec, best, nodes, -1 if reply is None else reply)
                text = "better %s: %s" % (bt, lines.words(rec, ln, search))
            out.append({"ply": i, "move": g.move_str(pos, m), "best": bt, "loss": loss,
                        "text": text})
        rec.play(m)
    return out
