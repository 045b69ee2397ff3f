# The review after a game (issue 31 #3): the player's costliest moves (both players' between two
# people) against the search's best at a stated budget, searched in slices while the game-over
# screen's score page shows (Session.work: presses are answered as on the board; the board page
# and the search's buffers are never on the heap together), then shown one by one on the final
# board's page (firmware/screens/over.py): the position before the move, the move played and the
# better one, and what each leads to four plies deep (issue 55 #8: engine/lines.py, grown for
# the five listed moves once all are valued). The figures are `cli.py review`'s at the same
# budget (engine/explain.py; tests/portable/test_review.py compares them). The game is replayed from the
# move log (firmware/common.py MoveLog: the position it starts from and each move's text). Once
# done, its figures alone stay (Review.result: over.py's Results) and this module's code goes.
# begin(), after the class, makes it at the game's end, with the game-over screen, for the session
# to keep (Session._call loads this module for that call).
import gc
from engine.compat import const, ticks_ms, ticks_diff
from engine.record import Record
from engine.search import Search
from engine.lines import words
from engine.ai import level_nodes, slice_nodes, POLL_MS
from firmware.common import entry, num, unload
from firmware.games import adapter

unload("engine.lines")  # (words() stays with this module's code: it goes with the review)

_KEEP = const(5)  # the costliest moves listed
_SMALL = const(8)  # a loss under half a stone (the evaluation counts 16 a stone or seed): unlisted
_FORCED = const(500000)  # a value past this: a forced win, below minus it a loss (as the search)
_LEVEL = const(2)  # the search's budget: level 2's nodes (a quarter of a second on the chip)
_PLIES = const(4)  # a listed move's lines: the move, the reply, the move after, its reply


class Review:
    """Replays a game's log and values each reviewed move: loss = the value of the search's best
    move minus the move's, each valued by a search of `nodes` from the position after it (as
    engine/explain.py value()). run() advances it in slices."""

    def __init__(self, game, start, log, who, nodes=0, mark=None):
        self.game = game
        self.mark = mark  # the session's: told when the review ends (tools/device/games.py)
        self.rec = Record(game, bytearray(start))  # the game replayed up to the move reviewed
        self.log = log   # the move log's bytes (read only: the game is over)
        self.at = 0      # where the next move starts in the log
        self.ply = 0     # moves replayed (the reviewed move's number)
        self.who = who   # the seat reviewed, None: both
        self.nodes = nodes or level_nodes(game, _LEVEL)
        self.moves = self.count()  # the moves to review, and how many are reviewed
        self.seen = 0
        self.items = []  # (loss, ply, player, position before, move, better, why, the move's
        # cell, the better one's, the loss in words, what the move led to), the costliest first
        # (listed once all are in: the list does not reorder under the reader); why and what
        # it led to are lines of moves until the review's end (with the position's history
        # last: grown then to 4 plies each, a search a ply), then words

        self.lost = adapter(game.NAME).LOST  # "lost %d stones": the game's unit
        self.error = ""  # a logged move that does not replay: the review ends there, said so
        self.search = None  # made on the score page (run), dropped on the board's (hold)
        self.page = 0  # the game-over page showing: the search runs on the score page (1) only
        self.back = 0  # where the move under review starts in the log
        self.poll = self._poll  # made once: the search asks it with the heap locked
        self.stop = None
        self.t0 = self.ms = 0
        self.state = 0  # 0: to the next move, 1: the best's search, 2: its value, 3: the move's
        # (at the review's end: a ply of a listed move's lines)
        self.code = self.best = self.goal = self.me = 0  # the move, the best, its value, mover
        self.pos = self.text = self.root = None
        self.why = self.after = -1  # the search's replies to the better move and to the move
        self.path = None  # at the review's end: (a listed move, its better move's line, its own)
        self.final = None  # the game's last move (cell, player, text): the final board's mark

    def count(self):
        n = i = 0
        while i + 2 < len(self.log):
            p, text, i = entry(self.log, i)
            if self.want(p, text):
                n += 1
        return n

    def want(self, p, text):
        return (self.who is None or p == self.who) and text[:6] != b"setup:"  # (set-ups: no)

    def busy(self):
        return self.state < 4 and self.page == 1

    def hold(self):
        """The board page: the search's buffers go (9 KB in Omweso: the board's view is built
        next); the move under review is searched again from its start."""
        if self.state < 4 and self.search is not None:
            if self.path is not None:  # (the listed moves' lines: each grows from its end)
                self.state, self.root, self.path = 0, None, None
            elif self.state > 0:
                self.state, self.at, self.root = 0, self.back, None
                self.ply -= 1
            self.search = None
            gc.collect()

    def run(self, stop=None, ms=0):
        """Searches until `ms` have passed or stop() is True (a button waits); True when a
        move's figures came in (or the review ended): the screen has something new."""
        self.stop = stop
        self.t0 = ticks_ms()
        self.ms = ms if ms > 20 else 20
        if self.search is None:
            gc.collect()  # (in one piece)
            try:
                self.search = Search(self.game)
            except MemoryError:  # (a fragmented heap): the review ends, said so; the game goes on
                self.state, self.error = 4, "No memory left for the review"
                return True
            self.search.every = slice_nodes(self.game, POLL_MS)  # its poll's pace
        while self.state < 4:
            if self.state == 0:
                self.advance()
                continue
            if not self.search.step(0, self.poll):
                return False  # the time is up (the search goes on at the next pass)
            if self.step():
                return True
        return True

    def _poll(self):
        st = self.stop
        return (st is not None and st()) or ticks_diff(ticks_ms(), self.t0) >= self.ms

    def advance(self):
        # replays the log up to the next move reviewed and starts the search for the best there
        b, g, rec = self.log, self.game, self.rec
        while self.at + 2 < len(b):
            self.back = self.at
            p, text, self.at = entry(b, self.at)
            self.ply += 1
            try:
                if g.to_move(rec.pos) != p:
                    raise ValueError("not the mover")
                code = self.seek(text.decode())
            except ValueError:  # (an Omweso blitz pass: the turn passed with no move logged)
                self.error = "Review ends at move %d" % self.ply
                self.at = len(b)
                break
            if self.want(p, text) and not g.over(rec.pos):
                self.code, self.text, self.me = code, text.decode(), p
                self.pos = bytes(rec.pos)
                self.state = 1
                self.search.start(rec.pos, self.nodes, 0, 0, rec.seen)
                return
            rec.play(code)
        for k, e in enumerate(self.items):  # then the listed moves' lines, 4 plies each
            if len(e) > 11:
                self.rec = Record(g, bytearray(e[3]), e[11])  # (the position before the move)
                self.path = [k, e[6], e[10]]
                self.state = 3
                if not self.extend(-1):
                    return  # (its search started)
                self.step()  # (whole already, the game over within them: in words now)
                return
        self.state = 4
        self.search = self.root = None  # its buffers (9 KB in Omweso) go
        gc.collect()
        if self.mark is not None:
            self.mark("reviewed %d %d" % (self.seen, len(self.items)))

    def seek(self, text):
        # the move `text` names in the replayed position: found among its legal moves by its
        # text, else parsed (an Omweso set-up of your own): parse_move loads the game's JSON
        # module (4 KB in Omweso), which goes again at once
        g, pos = self.game, self.rec.pos
        mv = self.search.mv[0]  # (the root's list: no search runs between two moves reviewed)
        for i in range(g.moves(pos, mv)):
            if g.move_str(pos, mv[i]) == text:
                return mv[i]
        try:
            return g.parse_move(pos, text)
        finally:
            unload("engine.%s.json" % g.NAME)

    def value(self, move):
        # the search of the position after `move` starts (False), or the game ends there (True:
        # score() knows its value at once)
        rec = self.rec
        self.root = a = Record(self.game, bytearray(rec.pos), rec.seen)  # the position searched
        a.play(move)
        if self.game.over(a.pos):
            return True
        self.search.start(a.pos, self.nodes, 0, 0, a.seen)
        return False

    def score(self):
        # the value of the position after the move, for its mover (engine/explain.py value())
        s, a = self.search, self.root.pos
        if self.game.over(a):
            return s.ev.leaf(a, self.me, 1)
        return s.score if self.game.to_move(a) == self.me else -s.score

    def step(self):
        # a search is done: the next state; True once the move's figures are in
        g, s = self.game, self.search
        if self.state == 1:
            self.best = s.move
            if self.best == self.code:  # the search's own move: nothing lost
                return self.done(0)
            self.state = 2
            if not self.value(self.best):
                return False
        if self.state == 2:  # the best's value, and its reply (its line's second ply)
            self.goal = self.score()
            self.why = self.reply()
            self.state = 3
            if not self.value(self.code):
                return False
        if self.path is None:  # (state 3) the move's value: what it lost
            vm = self.score()
            loss = self.goal - vm if self.goal > vm else 0
            self.after = self.reply()
            return self.done(loss, say(loss, self.goal, vm, self.lost))
        if not self.extend(s.move):  # (the review's end: a ply of a listed move's lines searched)
            return False
        k, b, m = self.path  # both lines whole: in words (engine/lines.py words())
        e, rec = self.items[k], self.rec
        self.root = self.path = None
        gc.collect()  # (the lines' replays: their garbage and told()'s together were the
        # review's lowest free heap on the chip)
        self.items[k] = e[:6] + (words(rec, b, s),) + e[7:10] + (words(rec, m, s),)
        self.state = 0
        gc.collect()
        return True

    def reply(self):
        # the search's reply to the move just valued (-1: the game ended with it)
        return -1 if self.game.over(self.root.pos) else self.search.move

    def extend(self, move):
        """Plays `move` (the search's, -1: none) at the end of the first line not yet whole and
        starts the search of the lines' next ply (False); True once both are whole: 4 plies, or
        -1 last where the game ends (as engine/lines.py line())."""
        g = self.game
        for ln in self.path[1:]:
            if ln[-1] < 0 or len(ln) == _PLIES:
                continue
            self.root = a = Record(g, bytearray(self.rec.pos), self.rec.seen)
            for m in ln:
                a.play(m)
            if move >= 0:  # (the search's move: this line's next ply)
                ln.append(move)
                a.play(move)
                move = -1
            if g.over(a.pos):
                ln.append(-1)
            elif len(ln) < _PLIES:
                self.search.start(a.pos, self.nodes, 0, 0, a.seen)
                return False
        return True

    def done(self, loss, text=""):
        g = self.game
        if loss >= _SMALL:  # listed (its lines, the better move's and its own, from the
            # search's replies: grown at the review's end, with the position's history)
            bt = g.move_str(self.rec.pos, self.best)
            f = self.items
            f.append((loss, self.ply, self.me, self.pos, self.text, bt, [self.best, self.why],
                      num(self.text), num(bt), text, [self.code, self.after],
                      list(self.rec.seen)))
            f.sort(key=lambda e: (-e[0], e[1]))  # the costliest first, then the earliest
            if len(f) > _KEEP:
                f.pop()
        self.rec.play(self.code)
        self.seen += 1
        self.state = 0
        self.pos = self.root = None
        return True

    def result(self):
        """Itself while it searches; once done, its figures alone (firmware/screens/over.py
        Results), so that this module's code goes from the heap (with engine/lines.py's)."""
        if self.state < 4:
            return self
        from firmware.screens.over import Results
        return Results(self)


def say(loss, best, move, lost="lost %d"):
    """A loss in words: "lost 3 stones" (lost: the game's adapter's LOST, its unit), "missed a
    win" (the better move won by force), "lost the game" (the move played lost by force), "lost
    a game" (more than a board's stones or seeds: a game of the match, as the evaluation counts
    it)."""
    if best > _FORCED > move:
        return "missed a win"
    if move < -_FORCED < best:
        return "lost the game"
    n = (loss + 8) // 16
    return lost % n if n < 100 else "lost a game"


# ---- loaded for the call at the game's end --------------------------------------------------
def begin(s):
    """The game-over screen and the review of the game just ended (None: none, when its log
    cannot be replayed: a game not played from its log's start, a lesson), for the session to
    show and keep."""
    from firmware.screens.over import GameOverScreen
    log, mode = s.log, s.cfg["mode"]
    r = None
    if mode != "demo" and s.lesson is None and log.start is not None and len(log):
        try:
            r = Review(s.game, log.start, log.buf, s.human if mode == "ai" else None, 0, s.mark)
            r.final = s.last  # the last move, marked on the final board
        except MemoryError:  # no room for it: the game-over screen without it
            r = None
    return r, GameOverScreen(s)
