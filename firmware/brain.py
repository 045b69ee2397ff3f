# The one place that runs the AI (engine/ai.py's Player; actions.py and review.py read its level
# figures only).
# A Brain serves one game of one session (firmware/session.py), which makes it and reads nothing
# back but its answers: it reads the session's game, record and settings, never sets them. What
# the session asks: reply() after a move (the AI's answer searched while the move is shown),
# turn(now) on the AI's turn, ponder_turn() on the human's, pace(stop, ms) from the app's loop and
# decide() for the move to play.
# Underneath, two ways to get a move: at once (player.hint, player.move: firmware/actions.py and
#   the tools), or in slices so the screen stays live:
#   begin(pos, level, ms_cap) once, then run(stop, ms) on every pass until it returns True
#   (progress() for an indicator), then result(); result() before the end takes the best move so
#   far. ponder(pos, level) on the human's turn, then run() on every pass: the AI searches its
#   likely reply, and begin() picks it up if the human played the guessed move.
import gc
from engine import ai as _ai
from engine.compat import const, ticks_ms, ticks_diff

# The search runs in one slice per pass of the app's loop, asking every few nodes (engine/ai.py
# POLL_MS: 4 ms on the device) whether a button waits or the pass's time is up (Brain.run): a press
# waits at most that long, and a slice ends only when it must (each resume walks back down the
# tree: Omweso's 4-node slices of 8 ms took 34-48% longer than one search on the chip).
# run()'s search at least: a long sowing's frames (~68 ms each on the chip at 320x240, a step
# due every 66 ms at "normal") left 8 ms about a tenth of the sowing's time; 40 ms a third
# (frames then show two seeds' steps at once now and then: the sowing keeps its time)
_MIN_MS = const(40)
# the AI's turn: search between two draws of its progress indicator (a pass draws for ~14 ms on
# the chip at 320x240: passes of 100 ms cost a seventh of its thinking time, of 250 ms a twentieth)
AI_PASS_MS = const(250)
# Free heap under which the pause box shows without the AI's buffers (Session.pause): the box and
# its modules take ~5.5 KB, and over the buffers they took Omweso at 320x240 under 40 KB on the
# chip. Made again at the tick after it closes: its pondering (or thinking) then starts over,
# which made the AI's wait after a paused turn ~1.8 s longer (Display Pack 2.0): so only then.
# 46 KB until 2026-12-05: with Omweso's smaller search the Display Pack 2.0 opened the box over
# the buffers at 46-47 KB free and fell to 39.3 KB (the box, a press's garbage: ~7 KB)
BOX_ROOM = const(51200)  # 50 KB
_AI_DELAY = const(250)     # ms at least between a sowing's end and the AI's move (vs AI)
_DEMO_DELAY = const(700)   # between moves in AI demo mode


def make(s):
    """The session's Brain, made once a game: its search buffers (7 KB in Omweso) go into a
    collected heap, not on top of the first board's garbage, and the lists they were made from
    go at once."""
    gc.collect()
    b = Brain(s.game, s.seed, s)
    gc.collect()
    return b


class Brain:
    def __init__(self, game, seed=1, s=None):
        self.s = s  # the session served (read, never set)
        self.game = game
        self.player = _ai.Player(game, seed=seed)
        self.stop = None  # run()'s stop() and time, for poll()
        self.t0 = self.ms = 0
        self.due = False  # poll() said stop
        self.poll = self._poll  # the bound method made once: the search calls it heap-locked
        self.ready = False  # run() finished the search: result() gives its move
        self.moved = False  # pace() moved the progress on

    # ------------------------------------------------------------------ what the session asks
    def reply(self):
        """A move was played: the AI's answer is searched while it is shown (pondered already if
        the guess was right), so the player waits for the sowing and the search together."""
        s = self.s
        if not s.game.over(s.rec.pos) and not s.is_human(s.mover()):
            self.ahead(s.rec.pos, s.cfg["level"], s.ai_ms, s.rec.seen)

    def turn(self, now):
        """The AI's turn: its search goes on; True once its move is ready and due (a moment
        after the last sowing, longer between two AIs)."""
        s = self.s
        self.ahead(s.rec.pos, s.cfg["level"], s.ai_ms, s.rec.seen)
        wait = _DEMO_DELAY if s.cfg["mode"] == "demo" else _AI_DELAY
        return self.ready and ticks_diff(now, s.ai_at) >= wait

    def ponder_turn(self):
        """The human's turn against the AI: it searches its likely reply meanwhile."""
        s = self.s
        if s.cfg.get("ponder", True) and s.cfg["mode"] == "ai" and s.is_human(s.mover()):
            self.ponder(s.rec.pos, s.cfg["level"], s.rec.seen)

    def pace(self, stop, ms):
        """The app's time for search: run()'s slices (big ones on the AI's turn, when nothing
        on screen needs to keep time). True once the move is ready; self.moved: the progress
        moved on (an attribute, not a tuple: this runs every pass of the loop)."""
        p = self.progress()
        ready = self.run(stop, ms)
        self.moved = self.progress() != p
        return ready

    def decide(self):
        """The move the AI plays: its finished search's, or the best so far (the player took
        it); a search at once if it was not thinking about this position. None: no move."""
        s = self.s
        if not self.thinking_about(s.rec.pos):
            self.begin(s.rec.pos, s.cfg["level"], s.ai_ms, s.rec.seen)
            while not self.work():
                pass
        return self.result()

    # ------------------------------------------------------------------ the search
    def begin(self, pos, level, ms_cap=None, seen=None):
        """Starts thinking about the move for `pos` (the AI to move); seen: Record.seen, so
        that the AI sees which moves would repeat a position a third time."""
        self.ready = False
        self.player.begin(pos, level, ms_cap, seen)

    def ahead(self, pos, level, ms_cap=None, seen=None):
        """begin(), unless this position is being thought about already (its search goes on)."""
        if not self.thinking_about(pos):
            self.begin(pos, level, ms_cap, seen)

    def work(self):
        """The search to its end (at once). True once the move is ready."""
        return self.player.work(0)

    def run(self, stop=None, ms=0):
        """Searches until `ms` (at least _MIN_MS) have passed, the search has nothing left or
        stop() is True (a button waits: asked every few nodes, _poll). True once the move is
        ready."""
        self.stop = stop
        self.t0 = ticks_ms()
        self.ms = ms if ms > _MIN_MS else _MIN_MS
        self.due = False
        while True:  # (a ponder's guess found: its reply's search starts, the slice goes on)
            if self.player.work(0, self.poll) and self.thinking():
                self.ready = True
                return True
            if self.due or not self.busy():
                return False

    def _poll(self):
        st = self.stop
        self.due = (st is not None and st()) or ticks_diff(ticks_ms(), self.t0) >= self.ms
        return self.due

    def thinking(self):
        """True between begin() and result()."""
        return self.player.thinking()

    def thinking_about(self, pos):
        """True if thinking about the move in exactly this position."""
        return self.player.thinking() and self.player.root == pos

    def busy(self):
        """True while work() has something to do (a move to find, a ponder not finished: none
        while the screen is dimmed or dark, Session.idle)."""
        s = self.s
        return not self.ready and self.player.busy() and (s.idle.light > 1 or s.phase == "ai")

    def best(self):
        """The move the search would play now while thinking (-1: none yet)."""
        p = self.player
        return p.search.move if p.thinking() else -1

    def hits(self):
        """(moves begun, how many found their pondered search under way, ms the last search
        spent searching, its nodes): the feel benchmark's figures."""
        p = self.player
        return (p.moves, p.hits, p.search.used, p.search.nodes)

    def progress(self):
        """0-100, for a progress indicator."""
        return self.player.progress()

    def result(self):
        """The move code to play (the best so far if the search is not finished); None if the
        position has no move."""
        self.ready = False
        return self.player.result() if self.player.thinking() else None

    def ponder(self, pos, level, seen=None):
        """Search while the human (to move in `pos`; seen: Record.seen) thinks; work() advances
        it."""
        self.player.ponder(pos, level, seen)
