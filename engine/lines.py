# A move's line a few plies deep and its words (issue 55 #8): the review after a game says what
# the better move, and the move played, lead to, four plies deep: what the move takes, what the
# reply takes, what follows. Used by firmware/review.py (the console, in slices) and by
# engine/explain.py review() (`cli.py review`); not by the hint, which loads engine/explain.py
# over a game's board and the AI's buffers (this module's code stays off that heap).
# Game-agnostic: the common game face, engine/record.py, a Search made by the caller.
from engine.compat import const
from engine.record import Record

_PLIES = const(4)  # the move, the reply, the move after, its reply


def line(search, rec, move, nodes, reply=-1):
    """The line of `move` in `rec`: the move, then the search's best (`nodes`) at each position
    after it, up to 4 plies, then -1 if the game ends there (by the repetition rule too);
    `reply`: the second ply, when a search already found it."""
    g = rec.game
    a = Record(g, bytearray(rec.pos), rec.seen)
    out = [move]
    a.play(move)
    while len(out) < _PLIES and not g.over(a.pos):
        m = reply if reply >= 0 and len(out) == 1 else search.best(a.pos, nodes, 0, 0, a.seen)[0]
        out.append(m)
        a.play(m)
    if g.over(a.pos):
        out.append(-1)
    return out


def words(rec, path, search=None):
    """`path` (line()'s, from rec's position) in words for the player of its first move, in
    three parts: what the move takes, what the reply takes, what follows (the rest of the line;
    a mover's plies in a row are one turn): "takes 6, loses 2, 4 back", "takes 6, then 3 more",
    "then loses 5" (the move took nothing), "takes 12; game over"; "takes 30, loses 14 in all"
    where the parts would not fit; nothing either way as the hint says it ("quiet move, nothing
    lost", or "no capture is possible yet" where no legal move captures: Omweso's opening;
    asked of `search`'s root list, free between two searches). At most 26 characters: a line
    at 160x128."""
    g = rec.game
    a = bytearray(rec.pos)  # (no Record: its -1 says where the game ends; a Record's keys were
    # 1.4 KB of the review's lowest free heap on the chip)
    me = g.to_move(a)
    part = [0, 0, 0]  # for `me`: what the move takes, what the reply takes, what follows
    k = who = -1
    for m in path:
        if m < 0:
            break
        p = g.to_move(a)
        if p != who and k < 2:
            k += 1
        who = p
        n = g.material(a, p)
        g.play(a, m)
        part[k] += g.material(a, p) - n if p == me else n - g.material(a, p)
    ends = path[-1] < 0
    # the words, one string read by their places: parts of up to 10 characters would each be a
    # name kept for good on the chip (tools/device/names.py)
    w = ("takes %d|gives %d|, loses %d|, %d back|, then %d more|, then takes %d|, then loses %d|"
         ", nothing lost|; game over|takes %d, loses %d in all|no capture; game over|"
         "takes %d in all; game over|loses %d in all; game over|quiet move, nothing lost|"
         "no capture is possible yet").split("|")
    n, lost, more = part
    if lost > 0:  # (the reply gave: told with what follows)
        more, lost = more + lost, 0
    t = w[0] % n if n > 0 else w[1] % -n if n < 0 else ""
    if lost:  # (after a move that took nothing: "then loses 5")
        t += (w[2] if t else w[6][2:]) % -lost
    if more:
        m = (w[3] if lost else w[4] if n > 0 else w[5]) % more if more > 0 else \
            (w[4] if lost else w[6]) % -more
        t += m if t else m[2:]
    if not t:  # nothing taken either way: could a legal move capture? (as engine/explain.py
        # captures(): that module stays off the review's heap)
        if ends or search is None:
            return w[10] if ends else w[13]
        mv = search.mv[0]
        for i in range(g.moves(rec.pos, mv)):
            a[:] = rec.pos
            g.play(a, mv[i])
            if g.material(a, me) > g.material(rec.pos, me):
                return w[13]
        return w[14]
    if ends:
        t += w[8]
    elif n >= 0 and not lost and more >= 0 and len(t) <= 12:  # (", nothing lost": 14)
        t += w[7]
    if len(t) > 26:  # "then" goes (", then " and ", " from the words: not names)
        t = t.replace(w[4][:7], w[4][:2])
    if len(t) > 26:  # the totals
        took = (n if n > 0 else 0) + (more if more > 0 else 0)
        gave = took - n - lost - more
        t = w[9] % (took, gave) if not ends else \
            w[11] % (took - gave) if took >= gave else w[12] % (gave - took)
        if len(t) > 26:  # (numbers of three digits: " in all" goes)
            t = t.replace(w[9][-7:], "")
    return t

