# The problems' prover (issue 56, docs/problems.md): an exhaustive AND-OR search over every legal
# move of both sides, to the goal or the stated depth (the solver's moves), with the repetition
# rule as the game record applies it (engine/record.py). No node budget, no evaluation: a problem
# is proved or it is not. Portable: tools/cli.py problem --check runs it under CPython and the
# MicroPython Unix port; tools/ai/problems.py finds problems with it.
from engine.record import Record
from firmware import problems as P

WIN = 0   # the goal kinds of firmware/problems.py
TAKE = 1
MAND = 2


def u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


class Prover:
    def __init__(self, game, kind, n, me):
        self.game = game
        self.kind = kind
        self.n = n
        self.me = me
        self.nodes = 0  # moves played, in all the searches so far
        self.bufs = []  # a move list per ply, made once

    def moves(self, rec, ply):
        """The legal move codes at rec (a list made for this ply once, filled again)."""
        while len(self.bufs) <= ply:
            self.bufs.append([0] * self.game.MAX_MOVES)
        b = self.bufs[ply]
        return b, self.game.moves(rec.pos, b)

    def child(self, rec, move, gain):
        """(the record after `move`, the winner if it ended the round or game else -1, gain)."""
        self.nodes += 1
        kid = Record(self.game, bytearray(rec.pos), rec.seen)
        won, got = P.step(self.game, kid, move, self.me, self.kind)
        return kid, won, gain + got

    def after(self, rec, move, d, gain=0, ply=0):
        """True if `move` from rec (d solver moves left, this one counted if the solver's) reaches
        the goal against every defence."""
        solver = self.game.to_move(rec.pos) == self.me
        kid, won, gain = self.child(rec, move, gain)
        if P.met(self.kind, self.n, won, gain, self.me):
            return True
        if won != -1:
            return False  # the round (game) ended without the goal
        if solver:
            d -= 1
        return d > 0 and self.wins(kid, d, gain, ply + 1)

    def wins(self, rec, d, gain=0, ply=0):
        """True if the goal is reached from rec within d solver moves whatever the defence."""
        buf, n = self.moves(rec, ply)
        if n == 0:
            return False
        solver = self.game.to_move(rec.pos) == self.me
        for i in range(n):
            if self.after(rec, buf[i], d, gain, ply) == solver:
                return solver  # a move that works (solver) or a defence that holds
        return not solver

    def need(self, rec, move, d, gain=0):
        """The fewest solver moves (<= d) with which `move` reaches the goal, else 0."""
        for k in range(1, d + 1):
            if self.after(rec, move, k, gain):
                return k
        return 0

    def tree(self, rec, move, d, gain=0):
        """Defender moves answered in the proof that `move` works (d solver moves left)."""
        g = self.game
        solver = g.to_move(rec.pos) == self.me
        kid, won, gain = self.child(rec, move, gain)
        if P.met(self.kind, self.n, won, gain, self.me) or won != -1:
            return 0
        if solver:
            d -= 1
        buf = [0] * g.MAX_MOVES
        n = g.moves(kid.pos, buf)
        if g.to_move(kid.pos) == self.me:
            for i in range(n):
                if self.after(kid, buf[i], d, gain):
                    return self.tree(kid, buf[i], d, gain)
            return 0
        out = n
        for i in range(n):
            out += self.tree(kid, buf[i], d, gain)
        return out


def analyse(game, pos, kind, n, depth):
    """The proof of a problem from scratch: a dict with `ok` (the first moves that work, as legal
    indices), `shallow` (whether the goal can be reached in fewer moves), `refute` ((wrong first
    move, the reply that stops it or 255), ...), `line` (the main line as legal indices: the
    defence that holds out longest, the quickest answer), `refuted` (defences answered in the
    proof), `nodes` (moves played)."""
    rec = Record(game, bytearray(pos))
    me = game.to_move(rec.pos)
    pr = Prover(game, kind, n, me)
    first = [0] * game.MAX_MOVES
    k = game.moves(rec.pos, first)
    ok = [i for i in range(k) if pr.after(rec, first[i], depth)]
    shallow = depth > 1 and pr.wins(rec, depth - 1)
    out = {"ok": ok, "shallow": shallow, "refute": [], "line": [], "refuted": 0}
    if len(ok) == 1:
        for i in range(k):
            if i != ok[0]:
                out["refute"].append((i, _stop(pr, rec, first[i], depth)))
        out["refuted"] = pr.tree(rec, first[ok[0]], depth)
        out["line"] = main_line(pr, rec, first[ok[0]], ok[0], depth)
    out["nodes"] = pr.nodes
    return out


def _stop(pr, rec, move, depth):
    # the first reply after a wrong first move with which the goal is not reached (255: none is
    # needed, the move fails at once or the solver moves again)
    g = pr.game
    kid, won, gain = pr.child(rec, move, 0)
    if won != -1 or depth == 1 or g.to_move(kid.pos) == pr.me:
        return 255
    buf = [0] * g.MAX_MOVES
    n = g.moves(kid.pos, buf)
    for j in range(n):
        if not pr.after(kid, buf[j], depth - 1, gain):
            return j
    return 255


def main_line(pr, rec, move, index, d):
    """The solution's main line as legal indices: after each solver move the defence that needs
    the most solver moves to beat, then the solver move that beats it soonest."""
    g = pr.game
    line = [index]
    gain = 0
    solver = True
    while True:
        kid, won, gain = pr.child(rec, move, gain)
        if P.met(pr.kind, pr.n, won, gain, pr.me) or won != -1:
            return line
        if solver:
            d -= 1
        rec = kid
        buf = [0] * g.MAX_MOVES
        n = g.moves(rec.pos, buf)
        solver = g.to_move(rec.pos) == pr.me
        best = -1
        bk = 0
        for i in range(n):
            k = pr.need(rec, buf[i], d, gain)
            if solver and k and (best < 0 or k < bk) or not solver and (best < 0 or k > bk):
                best, bk = i, k
        if best < 0:
            return line
        line.append(best)
        move = buf[best]


def greedy(game, pos):
    """The legal indices of the moves that take most at once (the greedy player's: what they
    capture, or their material gain; a round's end does not count as the stores' loss)."""
    buf = [0] * game.MAX_MOVES
    k = game.moves(pos, buf)
    me = game.to_move(pos)
    gains = []
    for i in range(k):
        gains.append(P.step(game, Record(game, bytearray(pos)), buf[i], me, TAKE)[1])
    top = max(gains)
    return [i for i in range(k) if gains[i] == top], gains


def level2(game, pos):
    """The legal index of level 2's move (engine/ai.py level_best: its mistake drawn from the
    position, as `bestmove --level 2` plays it)."""
    from engine import ai
    m = ai.level_best(Record(game, bytearray(pos)), 2)[0]
    buf = [0] * game.MAX_MOVES
    k = game.moves(pos, buf)
    return [i for i in range(k) if buf[i] == m][0]


_KIND = ("win", "take", "mandarins")


def _texts(game, pos, line):
    rec = Record(game, bytearray(pos))
    buf = [0] * game.MAX_MOVES
    out = []
    for i in line:
        game.moves(rec.pos, buf)
        out.append(game.move_str(rec.pos, buf[i]))
        rec.play(buf[i])
    return out


def describe(game, rec, k):
    """tools/cli.py problem: problem k (1-based) as the protocol's object (docs/protocol.md)."""
    pos = P.position(game, rec)
    line = P.line(game, rec)
    buf = [0] * game.MAX_MOVES
    n = game.moves(pos, buf)
    refs = []
    for i in range(n):
        r = P.reply(game, rec, i)
        if r < 0:
            continue
        after = _texts(game, pos, (i, r)) if r != 255 else [game.move_str(pos, buf[i]), None]
        refs.append(after)
    return {"game": game.NAME, "n": k,
            "goal": {"kind": _KIND[rec[0]], "count": rec[1], "moves": rec[2],
                     "text": P.words(rec)},
            "solution": _texts(game, pos, line), "refutations": refs,
            "refuted": u32(rec, 16), "difficulty": rec[3], "tempting": rec[4],
            "proof": {"nodes": u32(rec, 8), "ms": u32(rec, 12)}}


def check(game, rec, k):
    """tools/cli.py problem --check: problem k proved again from scratch. `proved` is true when
    exactly the stored first move reaches the goal against every defence, not in fewer moves,
    the stored main line and refutations come out again, and the greedy move and level 2's move
    are not the solution."""
    pos = P.position(game, rec)
    kind, n, d = rec[0], rec[1], rec[2]
    a = analyse(game, pos, kind, n, d)
    line = P.line(game, rec)
    refs = []
    for i in range(game.moves(pos, [0] * game.MAX_MOVES)):
        r = P.reply(game, rec, i)
        if r >= 0:
            refs.append((i, r))
    out = {"game": game.NAME, "n": k,
           "unique": a["ok"] == [line[0]], "shortest": not a["shallow"],
           "line": a["line"] == list(line), "refutations": a["refute"] == refs,
           "greedy_fails": line[0] not in greedy(game, pos)[0],
           "level2_fails": level2(game, pos) != line[0],
           "refuted": a["refuted"], "nodes": a["nodes"]}
    ok = True
    for f in ("unique", "shortest", "line", "refutations", "greedy_fails", "level2_fails"):
        ok = ok and out[f]
    out["proved"] = ok and a["refuted"] == u32(rec, 16)
    return out
