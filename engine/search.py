# Game-agnostic alpha-beta search over the common game face (docs/engine.md, docs/ai.md).
# Negamax with iterative deepening, move ordering by immediate gain (the mover's material change)
# with the previous iteration's best move first at the root, a budget in nodes and/or milliseconds,
# copy-make into per-ply buffers allocated once: no allocation per node (tests/portable).
# The search runs in slices: start() then step(k) as often as needed; a slice that runs out
# unwinds saving each frame's loop state in per-ply arrays, and the next step() walks back down
# the same path, so a sliced search visits exactly the nodes of an unsliced one.
from array import array
from engine.compat import const, ticks_ms, ticks_diff

try:  # MicroPython: the heap stays locked while the search runs (see step())
    from micropython import heap_lock, heap_unlock
except ImportError:
    heap_lock = heap_unlock = None

_INF = const(1000000000)  # < 2**30: stays a small int on the device
WIN = const(1000000)  # a won game scores WIN - ply (+ a small margin term), lost -(...)
_DEFAULT_NODES = const(20000)
_PROVEN = const(500000)  # |score| above this: a forced result
_TICK = const(256)  # nodes between clock checks
_WIDE = const(48)  # moves listed per node below the root
_ROOT = const(64)  # moves the root's list holds (Omweso lists up to 256, rarely 48: 1.5 KB)
_KEYED = const(3)  # nodes with this many plies left use the table (fewer: keying costs more)


def _scratch(code, n):
    # n items never read before written, made without a list of n zeros (garbage on the device)
    return array(code, range(n))


def evaluator(game):
    """The evaluation object for `game` (engine/<name>/eval.py); loads only that module."""
    name = game.NAME
    return getattr(__import__("engine." + name + ".eval"), name).eval.Eval(game)


class Search:
    def __init__(self, game, max_ply=0, ev=None, kids=10, pool=0, wide=_WIDE, table=-1):
        self.game = game
        self.ev = ev = ev if ev is not None else evaluator(game)
        # bound methods made once: taking `obj.method` into a variable allocates on MicroPython
        self._moves = game.moves
        self._play = game.play
        # where the position keeps the side to move and the game-over flag (non-zero = over):
        # a subscript is much cheaper than a call on MicroPython (Eval.TURN, Eval.OVER)
        self._ti = ev.TURN
        self._oi = ev.OVER
        self._mat = game.material
        self._leaf = ev.leaf
        size = game.SIZE
        nm = game.MAX_MOVES
        self.nk = nk = nm if nm <= kids else kids
        if not max_ply:
            # 15, 15 and 7 plies: the depth that kept the buffers within 22 KB (MicroPython,
            # 64-bit) when every ply had its own child buffers; the shared pool costs less
            blk = (size + 15) & ~15
            per = nk * (32 + blk) + 6 * nm + 3 * blk + 450  # measured bytes per ply, roughly
            max_ply = 22000 // per
            max_ply = 20 if max_ply > 20 else (6 if max_ply < 6 else max_ply)
        self.max_ply = max_ply
        self.stack = [bytearray(size) for _ in range(max_ply + 2)]
        # move lists: the root's holds every move the game lists (MAX_MOVES); below the root and
        # the spare one (repetition check, a level's mistake) `wide` at most. Omweso lists up to
        # 256 moves, but positions with 48 are rare (3 in 108 524 of random games): a node whose
        # list fills up is searched no deeper (_ab), a mistake is drawn among the first `wide`.
        wide = nm if nm < wide else wide
        self._full = wide if wide < nm else -1  # a list below the root that may be cut
        top = nm if nm < _ROOT else _ROOT  # the root's list: whole once a root fills it (start)
        self.mv = [_scratch("i", top if p == 0 else wide) for p in range(max_ply + 1)]
        # ordering keys (material gains fit in 16 bits): scratch while a node sorts its moves,
        # so one array serves every ply; per ply the permutation of the kids
        self.key = _scratch("h", top if top > wide else wide)
        # a pool of child buffers shared by the interior plies, used as a stack: a node takes
        # one per move from base[ply] on (its children are played once, ordered, searched) and
        # its children's nodes take theirs after them. A node the pool cannot serve orders by
        # replaying (_ab_big): the same order and values, one more play per child (Eval.pool).
        npool = pool or getattr(ev, "pool", 0) or 4 * nk
        self.npool = npool = npool if npool < 256 else 255  # perm holds pool indices in bytes
        self.pool = [bytearray(size) for _ in range(npool)]
        self.base = array("h", bytes(2 * max_ply + 2))  # zeros: the root starts the pool
        np = nm if nm < npool else npool
        self.perm = [bytearray(np) for _ in range(max_ply + 1)]
        # a paused slice: per ply the loop index, move count, best, alpha and best move index
        self.saved = _scratch("i", 5 * max_ply + 5)
        # the hash-move table (engine/table.py): `table` slots, a power of 2; 0 none; -1 the
        # evaluation's choice (Eval.TABLE: Ô Ăn Quan 512, 4.6 KB on the RP2040; none where the
        # arena showed no gain, docs/ai.md). Nodes with _KEYED or more plies left use it.
        if table < 0:
            table = ev.TABLE
        self.table = None
        self.keyed = 255  # nodes with this many plies left use the table (255: no node, no table)
        if table:
            from engine.table import Table
            # the bytes a key hashes: the repetition KEY where the game has one, else all (made
            # only when needed: no garbage beside the buffers)
            self.table = Table(table, max_ply + 1, getattr(game, "KEY", None) or bytes(range(size)))
            self.keyed = _KEYED
        self.resume = -1  # >= 0 while walking back down to a paused frame: its ply
        # the repetition history (engine/repeat.py, loaded when a history can repeat): positions
        # of the first `rply` plies that occur for the third time are valued as the rule ends them
        self.rep = None
        self.rply = 0
        self.pause_at = _INF
        # step(poll=...): a function asked every `every` nodes; True pauses the slice there (a
        # press waiting, the next frame due): one long slice, not many short ones each walking
        # back down to resume (Omweso: 4-node slices took 34-48% longer)
        self.poll = None
        self.every = 1
        self.move = self.bi = -1
        self.done = True
        self.pause = self.stop = self.cut = False
        self.nodes = self.score = self.depth = self.limit = self.hard = 0
        self.ms = self.used = self.t0 = self.n = self.d = self.maxd = self.i = self.alpha = 0

    def _halt(self, ply, j, n, best, alpha, bi, counted):
        # A frame stops (self.stop). On a pause it saves its loop state; `counted`: the frame
        # itself ran out while counting child j, which is uncounted and searched on resume.
        if self.pause:
            if counted:
                self.nodes -= 1
                self.resume = ply
            k = 5 * ply
            sv = self.saved
            sv[k] = j
            sv[k + 1] = n
            sv[k + 2] = best
            sv[k + 3] = alpha
            sv[k + 4] = bi
        return 0

    def _ab(self, pos, ply, depth, alpha, beta):
        # Negamax value of `pos` (not over, depth >= 1) for its side to move; each child is a
        # node. Out of budget or slice: self.stop is set and callers unwind.
        mv = self.mv[ply]
        ti = self._ti
        me = pos[ti]
        j0 = 0
        best = -_INF
        bi = -1
        fresh = True
        if self.resume >= 0:  # back to where the last slice stopped
            fresh = False
            sv = self.saved
            k = 5 * ply
            j0 = sv[k]
            n = sv[k + 1]
            best = sv[k + 2]
            alpha = sv[k + 3]
            bi = sv[k + 4]
            if self.resume == ply:
                self.resume = -1
            else:
                self.nodes -= 1  # child j0 is counted again on the way down
        else:
            n = self._moves(pos, mv)
            if n == 0:  # only when over: callers check over() first
                return self._leaf(pos, me, ply)
            if n == self._full:
                # the list filled up and may be cut: the node is valued as it stands
                self.cut = True
                return self._leaf(pos, me, ply)
        play = self._play
        limit = self.limit
        if (depth == 1 and ply >= self.rply) or ply + 1 >= self.max_ply:
            # children are leaves: evaluate them in this loop (no ordering, one call each); not
            # those the repetition history must see (_ab_big checks them)
            self.cut = True
            child = self.stack[ply + 1]
            leaf = self._leaf
            nodes = self.nodes
            ply1 = ply + 1
            for i in range(j0, n):
                child[:] = pos
                play(child, mv[i])
                nodes += 1
                if nodes >= limit:
                    self.nodes = nodes
                    if self._check():
                        return self._halt(ply, i, n, best, alpha, -1, 1)
                    limit = self.limit
                v = leaf(child, me, ply1)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            self.nodes = nodes
            return best
        b = self.base[ply]
        if b + n > self.npool or ply < self.rply:  # the few nodes the repetition history sees too
            return self._ab_big(pos, ply, depth, alpha, beta, mv, n, me, j0, best, bi, fresh)
        # interior: play every child into its own buffer, order by the mover's immediate gain
        # with the table's move first
        self.base[ply + 1] = b + n
        kids = self.pool
        perm = self.perm[ply]
        if fresh:
            key = self.key
            mat = self._mat
            base = mat(pos, me)
            for i in range(n):
                kid = kids[b + i]
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
            if depth >= self.keyed:
                self.table.first(pos, ply, mv, perm, n)
        oi = self._oi
        for j in range(j0, n):
            kid = kids[b + perm[j]]
            nodes = self.nodes + 1
            self.nodes = nodes
            if nodes >= self.limit and self._check():
                return self._halt(ply, j, n, best, alpha, bi, 1)
            if kid[oi]:
                v = self._leaf(kid, me, ply + 1)
            elif kid[ti] != me:
                v = -self._ab(kid, ply + 1, depth - 1, -beta, -alpha)
            else:
                v = self._ab(kid, ply + 1, depth - 1, alpha, beta)
            if self.stop:
                return self._halt(ply, j, n, best, alpha, bi, 0)
            if v > best:
                best = v
                bi = perm[j]
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if depth >= self.keyed:
            self.table.store(ply, depth, mv[bi])
        return best

    def _ab_big(self, pos, ply, depth, alpha, beta, mv, n, me, j0, best, bi, fresh):
        # Interior node with more moves than child buffers, or within the repetition history's
        # plies (its children checked, leaves too): order by gain with a replay.
        play = self._play
        ti = self._ti
        child = self.stack[ply + 1]
        self.base[ply + 1] = self.base[ply]
        if fresh:
            self._order_root(pos, child, mv, self.key, n, me)
            if depth >= self.keyed:
                self.table.first(pos, ply, mv, None, n)
        rep = self.rep if ply < self.rply else None
        for i in range(j0, n):
            child[:] = pos
            play(child, mv[i])
            nodes = self.nodes + 1
            self.nodes = nodes
            if nodes >= self.limit and self._check():
                return self._halt(ply, i, n, best, alpha, bi, 1)
            if child[self._oi]:
                v = self._leaf(child, me, ply + 1)
            elif rep and rep.ended(child, ply + 1, me):
                v = self._leaf(rep.buf, me, ply + 1)
            elif depth == 1:  # a leaf the repetition history saw
                self.cut = True
                v = self._leaf(child, me, ply + 1)
            elif child[ti] != me:
                v = -self._ab(child, ply + 1, depth - 1, -beta, -alpha)
            else:
                v = self._ab(child, ply + 1, depth - 1, alpha, beta)
            if self.stop:
                return self._halt(ply, i, n, best, alpha, bi, 0)
            if v > best:
                best = v
                bi = i
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        if depth >= self.keyed:
            self.table.store(ply, depth, mv[bi])
        return best

    def _late(self):
        return self.used + ticks_diff(ticks_ms(), self.t0) >= self.ms

    def _check(self):
        # Reached self.limit: the node budget, the end of the slice or the next clock check.
        nodes = self.nodes
        if nodes >= self.hard or (self.ms and self._late()):
            self.stop = True
            return True
        if nodes > self.pause_at or (self.poll is not None and self.poll()):
            self.stop = True
            self.pause = True
            return True
        self._limit()
        return False

    def _limit(self):
        # the next node count at which _check must run
        lim = self.hard
        if self.pause_at < lim:
            lim = self.pause_at + 1
        if self.ms and self.nodes + _TICK < lim:
            lim = self.nodes + _TICK
        if self.poll is not None and self.nodes + self.every < lim:
            lim = self.nodes + self.every
        self.limit = lim

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

    def spare(self):
        """A move list no search frame uses: a paused search stays intact when the caller lists
        moves into it. It holds `wide` moves (all of them but in Omweso, where a list stops
        after 48)."""
        return self.mv[self.max_ply]

    def best(self, pos, nodes=0, ms=0, depth=0, seen=None):
        """(move, score, nodes, depth): see run()."""
        self.run(pos, nodes, ms, depth, seen)
        return self.move, self.score, self.nodes, self.depth

    def run(self, pos, nodes=0, ms=0, depth=0, seen=None):
        """Searches `pos` (unchanged) for its side to move; sets self.move/score/nodes/depth.
        Budgets (first reached ends it; none = _DEFAULT_NODES): nodes (reproducible), ms, depth.
        The move: best of the last completed iteration, or of the interrupted one once its first
        move (the previous best) is done; depth = last completed iteration (docs/ai.md)."""
        self.start(pos, nodes, ms, depth, seen)
        self.step(0)

    def start(self, pos, nodes=0, ms=0, depth=0, seen=None):
        """Starts a search of `pos` (copied) that step() runs; budgets as in run(), `ms` counts
        only the time spent inside step(). self.move is a legal move from here on. `seen`: the
        repetition history (Record.seen, the root's key last), so that a position within 3 plies
        that occurs for the third time is scored as the ending the rule makes there
        (engine/repeat.py)."""
        g = self.game
        # with the root's key alone nothing repeats within repeat.PLIES plies (a move always
        # changes the position, so the path holds the root at most once more): no checks
        self.rply = 0
        if seen and len(seen) > 1 and hasattr(g, "KEY"):
            if self.rep is None:
                from engine.repeat import Repeats
                self.rep = Repeats(g)
            self.rply = self.rep.load(seen)
        mv = self.mv[0]
        n = g.moves(pos, mv)
        if n == len(mv) < g.MAX_MOVES:  # maybe more (rare): the whole list, kept from now on
            self.mv[0], self.key = _scratch("i", g.MAX_MOVES), _scratch("h", g.MAX_MOVES)
            return self.start(pos, nodes, ms, depth, seen)
        if n == 0:
            raise ValueError("no legal move: the game is over")
        if not nodes and not ms and not depth:
            nodes = _DEFAULT_NODES
        self.hard = nodes if nodes else _INF
        self.ms = ms
        self.used = 0
        self.nodes = 0
        self.resume = -1
        if self.table:  # a fresh table: a search depends on its position and budget only
            self.table.clear()
        root = self.stack[0]
        root[:] = pos
        me = g.to_move(root)
        self._order_root(root, self.stack[1], mv, self.key, n, me)
        self.n = n
        self.move = mv[0]
        self.score = 0
        self.depth = 0
        self.done = False
        if n == 1:
            self.score = self._leaf(root, me, 0)
            self.done = True
            return
        maxd = self.max_ply
        if depth and depth < maxd:
            maxd = depth
        self.maxd = maxd
        self.d = 0
        self._next_iteration()

    def _next_iteration(self):
        self.d += 1
        self.i = 0
        self.alpha = -_INF
        self.bi = -1
        self.cut = False

    def step(self, slice_nodes=0, poll=None):
        """Runs the started search for up to `slice_nodes` more nodes (0: to its end), or until
        poll() (asked every self.every nodes; it must allocate nothing) returns True. True when
        the search is finished; self.move is always the best move found so far."""
        if self.done:
            return True
        self.poll = poll
        # MicroPython gives a function whose locals and stack exceed 11 words (play, leaf, _ab
        # ...) a frame on the heap at every call, unless the heap is locked: then on the C
        # stack. The search allocates nothing, so it runs locked: 25% faster on the RP2040, up
        # to 2x when the heap is fragmented (docs/performance.md "AI on the emulated RP2040").
        if heap_lock is None:
            return self._step(slice_nodes)
        heap_lock()
        try:
            return self._step(slice_nodes)
        finally:
            heap_unlock()

    def _step(self, slice_nodes):
        self.pause_at = self.nodes + slice_nodes if slice_nodes else _INF
        self.pause = False
        self.stop = False
        self.t0 = ticks_ms()
        self._limit()
        root = self.stack[0]
        child = self.stack[1]
        mv = self.mv[0]
        n = self.n
        ti = self._ti
        oi = self._oi
        me = root[ti]
        play = self._play
        while True:
            d = self.d
            alpha = self.alpha
            bi = self.bi
            i = self.i
            if self.resume > 0:
                self.nodes -= 1  # root child i is counted again on the way down
            while i < n:
                child[:] = root
                play(child, mv[i])
                self.nodes += 1
                if self.nodes >= self.limit and self._check():
                    if self.pause:
                        self.nodes -= 1  # child i is counted and searched on resume
                    break
                if child[oi]:
                    v = self._leaf(child, me, 1)
                elif self.rply and self.rep.ended(child, 1, me):  # the repetition rule ends it
                    v = self._leaf(self.rep.buf, me, 1)
                elif d == 1:
                    self.cut = True
                    v = self._leaf(child, me, 1)
                elif child[ti] != me:
                    v = -self._ab(child, 1, d - 1, -_INF, -alpha)
                else:
                    v = self._ab(child, 1, d - 1, alpha, _INF)
                if self.stop:
                    break
                if v > alpha:
                    alpha = v
                    bi = i
                i += 1
            if self.stop and self.pause:  # the slice is over: keep the root loop's state
                self.i = i
                self.alpha = alpha
                self.bi = bi
                if bi >= 0:  # the best so far, as the end of the search would take it
                    self.move = mv[bi]
                    self.score = alpha
                self.used += ticks_diff(ticks_ms(), self.t0)
                return False
            if bi >= 0:  # the first move (previous best) was searched fully: a sound choice
                best_move = mv[bi]
                self.move = best_move
                self.score = alpha
                # previous best first for the next iteration, the rest keeps its order
                while bi > 0:
                    mv[bi] = mv[bi - 1]
                    bi -= 1
                mv[0] = best_move
            if self.stop:
                break
            self.depth = d
            if d >= self.maxd or not self.cut or self.score > _PROVEN or self.score < -_PROVEN:
                break  # the tree is solved: deeper iterations cannot change anything
            if self.ms and self._late():
                break
            self._next_iteration()
        self.done = True
        self.used += ticks_diff(ticks_ms(), self.t0)
        return True
