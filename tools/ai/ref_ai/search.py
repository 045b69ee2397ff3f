# FROZEN copy of engine/search.py at commit f7c651e (imports pointed here), not live code:
# never edit or tidy it. Why and how: __init__.py; tests/test_arena.py compares it with git.
# Game-agnostic alpha-beta search over the common game face (docs/engine.md, docs/ai.md).
# Negamax with iterative deepening, move ordering by immediate gain (the mover's material change)
# with the previous iteration's best move first at the root, a budget in nodes and/or milliseconds,
# copy-make into per-ply buffers allocated once: no allocation per node (tests/portable).
from array import array
from engine.compat import const, ticks_ms, ticks_diff

_INF = const(1000000000)  # < 2**30: stays a small int on the device
WIN = const(1000000)  # a won game scores WIN - ply (+ a small margin term), lost -(...)
_DEFAULT_NODES = const(20000)
_PROVEN = const(500000)  # |score| above this: a forced result


def evaluator(game):
    """The evaluation object for `game` (engine/eval_<name>.py); loads only that module."""
    name = "eval_" + game.NAME
    mod = __import__("tools.ai.ref_ai." + name, None, None, [name])
    return mod.Eval(game)


class Search:
    def __init__(self, game, max_ply=0, ev=None, kids=10):
        self.game = game
        self.ev = ev = ev if ev is not None else evaluator(game)
        # bound methods made once: taking `obj.method` into a variable allocates on MicroPython
        self._moves = game.moves
        self._play = game.play
        self._tomove = game.to_move
        self._over = game.over
        self._mat = game.material
        self._score = ev.score
        self._final = ev.final
        size = game.SIZE
        nm = game.MAX_MOVES
        self.nk = nk = nm if nm <= kids else kids
        if not max_ply:  # deepest that keeps the buffers within 22 KB (MicroPython, 64-bit)
            blk = (size + 15) & ~15
            per = nk * (32 + blk) + 6 * nm + 3 * blk + 450  # measured bytes per ply, roughly
            max_ply = 22000 // per
            max_ply = 20 if max_ply > 20 else (6 if max_ply < 6 else max_ply)
        self.max_ply = max_ply
        self.stack = [bytearray(size) for _ in range(max_ply + 2)]
        self.mv = [array("i", [0] * nm) for _ in range(max_ply + 1)]
        # per-ply ordering keys (material gains fit in 16 bits) and permutations of the kids
        self.key = [array("h", [0] * nm) for _ in range(max_ply + 1)]
        self.perm = [bytearray(nk) for _ in range(max_ply + 1)]
        # one buffer per child at interior plies (children are played once, ordered, searched);
        # a node with more moves than that orders by replaying (_ab_big)
        self.kids = [[bytearray(size) for _ in range(nk)] for _ in range(max_ply - 1)]
        self.nodes = 0
        self.move = -1
        self.score = 0
        self.depth = 0
        self.limit = 0
        self.hard = 0
        self.ms = 0
        self.t0 = 0
        self.stop = False
        self.cut = False

    def _ab(self, pos, ply, depth, alpha, beta):
        # Negamax value of `pos` (not over, depth >= 1) for its side to move; each child is a
        # node. Out of budget: self.stop is set and callers unwind.
        mv = self.mv[ply]
        n = self._moves(pos, mv)
        tomove = self._tomove
        me = tomove(pos)
        if n == 0:  # only when over: callers check over() first
            return self._final(pos, me, ply)
        play = self._play
        over = self._over
        final = self._final
        limit = self.limit
        best = -_INF
        if depth == 1 or ply + 1 >= self.max_ply:
            # children are leaves: evaluate them in this loop (no call, no ordering)
            self.cut = True
            child = self.stack[ply + 1]
            score = self._score
            nodes = self.nodes
            for i in range(n):
                child[:] = pos
                play(child, mv[i])
                nodes += 1
                if nodes >= limit:
                    self.nodes = nodes
                    if self._check():
                        return 0
                    limit = self.limit
                p = tomove(child)
                if over(child):
                    v = final(child, p, ply + 1)
                else:
                    v = score(child, p)
                if p != me:
                    v = -v
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            self.nodes = nodes
            return best
        # interior: play every child into its own buffer, order by the mover's immediate gain
        kids = self.kids[ply]
        if n > self.nk:
            return self._ab_big(pos, ply, depth, alpha, beta, mv, n, me)
        key = self.key[ply]
        perm = self.perm[ply]
        mat = self._mat
        base = mat(pos, me)
        for i in range(n):
            kid = kids[i]
            kid[:] = pos
            play(kid, mv[i])
            k = mat(kid, me) - base
            j = i - 1
            while j >= 0 and key[j] < k:  # insertion sort, stable, best gain first
                key[j + 1] = key[j]
                perm[j + 1] = perm[j]
                j -= 1
            key[j + 1] = k
            perm[j + 1] = i
        for j in range(n):
            kid = kids[perm[j]]
            nodes = self.nodes + 1
            self.nodes = nodes
            if nodes >= self.limit and self._check():
                return 0
            p = tomove(kid)
            if over(kid):
                v = final(kid, p, ply + 1)
                if p != me:
                    v = -v
            elif p != me:
                v = -self._ab(kid, ply + 1, depth - 1, -beta, -alpha)
            else:
                v = self._ab(kid, ply + 1, depth - 1, alpha, beta)
            if self.stop:
                return 0
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def _ab_big(self, pos, ply, depth, alpha, beta, mv, n, me):
        # Interior node with more moves than child buffers: order by gain with a replay.
        play = self._play
        tomove = self._tomove
        child = self.stack[ply + 1]
        self._order_root(pos, child, mv, self.key[ply], n, me)
        best = -_INF
        for i in range(n):
            child[:] = pos
            play(child, mv[i])
            nodes = self.nodes + 1
            self.nodes = nodes
            if nodes >= self.limit and self._check():
                return 0
            p = tomove(child)
            if self._over(child):
                v = self._final(child, p, ply + 1)
                if p != me:
                    v = -v
            elif p != me:
                v = -self._ab(child, ply + 1, depth - 1, -beta, -alpha)
            else:
                v = self._ab(child, ply + 1, depth - 1, alpha, beta)
            if self.stop:
                return 0
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def _late(self):
        return ticks_diff(ticks_ms(), self.t0) >= self.ms

    def _check(self):
        # Reached self.limit: the node budget (stop) or the next clock check (every 256 nodes).
        nodes = self.nodes
        if nodes >= self.hard or (self.ms and self._late()):
            self.stop = True
            return True
        nxt = nodes + 256
        self.limit = nxt if nxt < self.hard else self.hard
        return False

    def _order_root(self, pos, child, mv, key, n, me):
        # Sorts mv[0:n] by immediate gain for the mover `me`, best first (stable insertion sort).
        mat = self._mat
        base = mat(pos, me)
        for i in range(n):
            m = mv[i]
            child[:] = pos
            self._play(child, m)
            k = mat(child, me) - base
            j = i - 1
            while j >= 0 and key[j] < k:
                key[j + 1] = key[j]
                mv[j + 1] = mv[j]
                j -= 1
            key[j + 1] = k
            mv[j + 1] = m

    def best(self, pos, nodes=0, ms=0, depth=0):
        """(move, score, nodes, depth): see run()."""
        self.run(pos, nodes, ms, depth)
        return self.move, self.score, self.nodes, self.depth

    def run(self, pos, nodes=0, ms=0, depth=0):
        """Searches `pos` (unchanged) for its side to move; sets self.move/score/nodes/depth.
        Budgets (first reached ends it; none = _DEFAULT_NODES): nodes (reproducible), ms, depth.
        The move: best of the last completed iteration, or of the interrupted one once its first
        move (the previous best) is done; depth = last completed iteration (docs/ai.md)."""
        g = self.game
        mv = self.mv[0]
        n = g.moves(pos, mv)
        if n == 0:
            raise ValueError("no legal move: the game is over")
        if not nodes and not ms and not depth:
            nodes = _DEFAULT_NODES
        self.hard = nodes if nodes else _INF
        self.ms = ms
        self.limit = self.hard if not ms or self.hard < 256 else 256
        self.t0 = ticks_ms()
        self.nodes = 0
        self.stop = False
        root = self.stack[0]
        root[:] = pos
        child = self.stack[1]
        me = g.to_move(root)
        ev = self.ev
        self._order_root(root, child, mv, self.key[0], n, me)
        best_move = mv[0]
        if n == 1:
            self.move = best_move
            self.score = ev.score(root, me)
            self.depth = 0
            return
        best_score = 0
        done = 0
        maxd = self.max_ply
        if depth and depth < maxd:
            maxd = depth
        play = self._play
        tomove = self._tomove
        over = self._over
        d = 0
        while d < maxd:
            d += 1
            self.cut = False
            alpha = -_INF
            bi = -1
            for i in range(n):
                child[:] = root
                play(child, mv[i])
                self.nodes += 1
                if self.nodes >= self.limit and self._check():
                    break
                p = tomove(child)
                if over(child) or d == 1:
                    if over(child):
                        v = self._final(child, p, 1)
                    else:
                        self.cut = True
                        v = self._score(child, p)
                    if p != me:
                        v = -v
                elif p != me:
                    v = -self._ab(child, 1, d - 1, -_INF, -alpha)
                else:
                    v = self._ab(child, 1, d - 1, alpha, _INF)
                if self.stop:
                    break
                if v > alpha:
                    alpha = v
                    bi = i
            if bi >= 0:  # the first move (previous best) was searched fully: a sound choice
                best_move = mv[bi]
                best_score = alpha
                # previous best first for the next iteration, the rest keeps its order
                while bi > 0:
                    mv[bi] = mv[bi - 1]
                    bi -= 1
                mv[0] = best_move
            if self.stop:
                break
            done = d
            if not self.cut or best_score > _PROVEN or best_score < -_PROVEN:
                break  # the tree is solved: deeper iterations cannot change anything
            if self.ms and self._late():
                break
        self.move = best_move
        self.score = best_score
        self.depth = done
