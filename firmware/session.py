# The session model (no display): settings, the game in progress and its flow, saves, the screen
# showing (screens/: press(button) goes to it; tick(now_ms) moves time on). The one state machine:
# only it sets its fields; screens, the app and its code loaded for the call (resume.py, actions.py,
# lesson.py, puzzle.py, review.py, tally.py: they hand back what they built or decided) call its
# verbs (tests/test_session_owner.py). Its parts: the AI (brain.py), the animation (trace.py),
# the move log, take-backs, idle timers (common.py). Portable.
import gc
import sys
from engine import games
from engine.compat import const, ticks_diff, mem_free
from firmware import brain as B
from firmware.common import num, module, unload, Legal, TakeBack, MoveLog, Idle
from firmware.games import default_rules, keep_game, drop
from firmware.screens import drop_menus

STEP_MS = {"normal": 130, "fast": 50, "off": 0}  # ms a seed (160 made a turn ~1 s longer)
_MSG_MS = const(2200)
_WORK_MS = const(100)      # pondering: search between two looks at the clock (a blitz countdown's)
AI_CAP_MS = 7500  # one AI move's wall-clock cap: a safety net (a level is a node budget)


def _none(*args):  # the app's hooks where none is given (the tests, the terminal)
    pass


class Session:
    def __init__(self, store=None, seed=1, four_button=False, ai_ms=AI_CAP_MS,
                 mark=None, tidy=None, drop_view=None, keys=None, battery=None):
        self.store, self.seed, self.ai_ms, self.battery = store, seed, ai_ms, battery  # (Idle)
        self.four, self.keys = four_button, keys  # keys: the board's KEYS, its NAMES (common.key)
        self.cfg = {"game": games.NAMES[0], "mode": "ai", "level": 2, "starts": "you",
                    "anim": "normal", "sound": False, "take_back": True, "blitz": 0, "sleep": 3}
        self.rules, self.final_lines, self.sounds = {}, [], []  # game name -> its rule options
        self.record = {}  # your record vs the AI (firmware/tally.py)
        self.scr = None  # the screen showing (screens/)
        self.msg, self.msg_at, self.msg_move = "", 0, False  # what, when said, a sowing's (kept)
        self.notice, self.hint_due = "", 0  # a standing title line; ticks till a hint (do_hint)
        self._drop()  # no game in progress (its fields: there)
        self.legal, self.idle = Legal(self), Idle()  # (code, text) of each legal move; dim, dark
        self.last = self.hint = self.anim = None  # the last move (cell, player, text), hint, Anim
        self.turn_at = self.ai_at = self.human = 0  # the human's, the AI's turn began; its seat
        self.saved, self.unsaved = None, False  # a save offered as "Resume"; a setting to save
        self.learnt, self.goal = 0, ""  # the lessons and problems met, a bit each; a lesson's goal
        self.version = self.moved_on = self.now = 0  # moved_on: only the AI's progress moved
        self.tidy = tidy or _none  # the app's collection (a move, its save)
        self.drop_view = drop_view or _none  # the view goes before a menu
        self.mark = mark or _none  # told what happens ("move"...): device_feel
        at = self._load()  # where the console went to sleep, if it did
        self.ad = keep_game(self.cfg["game"])  # a saved game of another game: its rules only
        self.menu("title")
        at is None or self.resume("wake", at)  # back where it went to sleep (resume.py)

    @property
    def screen(self):
        return self.scr.name

    def show(self, scr):
        self.scr, self.version = scr, self.version + 1

    def menu(self, name, back="title", sel=None):
        if "firmware.screens.menu" not in sys.modules:
            self.clear()  # the board's bitmaps go before the menus' modules load
        from firmware.screens.menu import MenuScreen
        self.show(MenuScreen(self, name, back, sel))

    def clear(self):
        """The view (and a board under the pause box) go before a full screen's modules load."""
        self.drop_view()
        gc.collect()

    def pause(self, sel=None):
        """The pause menu: a box over the board (App.render), without the AI's buffers."""
        if self.scr is not self.play:
            self.to_board()
        if mem_free() < B.BOX_ROOM:  # (CPython: -1) the box over them: under 40 KB (Omweso)
            self.brain = None  # tick makes them again, its thinking (or pondering) starts over
        from firmware.screens.pause import PauseScreen
        self.show(PauseScreen(self, sel))

    def to_board(self):
        """Back to the board (under the pause box); the AI's buffers come at the next tick."""
        self.show(self.play)
        self.drop_view(True)
        drop_menus()
        drop(self.cfg["game"], "rule_text")
        gc.collect()

    def press(self, b, now=None):
        self.now = self.now if now is None else now
        if self.idle.press(self.now):  # the first press on a dimmed or dark screen only wakes
            return
        if self.four and b in ("x", "y"):  # four-button boards: X/Y step back/forward
            b = self.scr.STEPS[b == "y"]
        self.version += 1
        if self.hint_due:  # a press before the hint came (do_hint): the hint first
            self.do_hint()
        self.scr.press(b)

    def rules_for(self, name):  # a game's rule options (option -> value), defaults till changed
        if name not in self.rules:
            self.rules[name] = default_rules(name)
        return self.rules[name]

    def say(self, text, move=False):  # move: a sowing's words, kept through the next turn
        self.msg, self.msg_move = text, move
        self.msg_at = None  # its time starts at the next tick (after an AI search, say)

    def is_human(self, p):
        m = self.cfg["mode"]
        return m == "two" or self.lesson is not None or (m != "demo" and p == self.human)

    def names(self):
        if self.cfg["mode"] == "ai" or self.lesson is not None:  # a lesson has no AI: "Other"
            o = "AI" if self.lesson is None else "Other"
            return ("You", o) if self.human == 0 else (o, "You")
        return ("AI 1", "AI 2") if self.cfg["mode"] == "demo" else ("P1", "P2")

    def can_undo(self):
        return len(self.undo) > 0 and self.game is not None and self.cfg["mode"] != "demo" and \
            ("take_back" not in self.ad.SETTINGS or self.cfg["take_back"])

    def mover(self):
        return self.game.to_move(self.rec.pos)

    def new_game(self):
        self.resume("new_game")

    def _drop(self):
        # the game in progress gone (its AI's buffers with it) before the next one's code loads
        # (resume.py, lesson.py, puzzle.py make its match, _enter): its engine game, record, its
        # JSON, brain.py, its screen (kept under a menu), review.py; a lesson's (a problem's)
        # number and stage (lesson.py, puzzle.py); the positions before the last moves, every move
        self.game = self.rec = self.snap = self.brain = self.play = self.review = None
        self.lesson = self.stage = None
        self.puzzle, self.phase = False, "none"  # none/select/choose/setup/anim/ai/round/over
        self.undo, self.log = TakeBack(), MoveLog()

    def _enter(self, match):  # a match, the game in progress (resume.py, lesson.py, puzzle.py)
        self.ad, self.play, self.game, self.rec, self.human, self.undo, self.log, self.last, \
            self.lesson, self.puzzle = match
        self.hint = None
        self._refresh()

    def _load(self):  # what the store holds (resume.py reads it): kept; where it slept, if it did
        cfg, self.learnt, w, self.saved, rules, self.notice, at = self._call("resume", "load")
        self.cfg.update(cfg)  # (in place: a new dict's order changed the save head on MicroPython)
        self.record.update(w)
        self.rules.update(rules)
        return at

    def _refresh(self):
        self.snap = self.game.to_json(self.rec.pos)
        self.legal.fill()
        self.version += 1

    def _anim(self):
        if self.anim is None:  # firmware/trace.py: loaded at the first move
            from firmware.trace import Anim
            self.anim = Anim()
        return self.anim

    def _begin_turn(self):
        if self.anim is not None:
            self.anim.clear()
        self.version += 1  # a new phase is a new picture (the window redraws on a version change)
        if self.game.over(self.rec.pos):
            self.phase = "over"
            self.mark("over")
            self.brain = None  # the AI's buffers go before the game-over screen loads
            gc.collect()
            self.review, scr = self._call("review", "begin")  # its screen, its review (review.py)
            return self.show(scr)
        self.turn_at = self.now
        if not self.is_human(self.mover()):
            self.phase, self.ai_at = "ai", self.now
            return
        if self.legal and self.legal[0][1][:6] == "setup:":
            self.phase = "setup"
            self.play.start_setup([int(x) for x in self.legal[0][1][6:].split(",")])
            return
        self.phase = "select"
        self.tidy()  # the sowing's end and this turn's start left ~1.5 KB: gone before the board's
        self.play.start_turn()
        self.mark("turn %d" % len(self.legal.cells()))  # pits the cursor can step to

    def play_move(self, code, shown=False):
        """Take-back ring, record (untraced), save, trace (the move again), log, animation, the
        AI's reply searched while it shows. shown: confirmed at the choice prompt, whose picture
        (a mid-move choice point's: ask_choice) the animation goes on from."""
        g, rec, pos = self.game, self.rec, self.rec.pos
        p = g.to_move(pos)
        text = g.move_str(pos, code)
        if self.lesson is None:  # (a lesson takes nothing back: its 1.3 KB in Omweso's lessons)
            self.undo.push(pos, rec.seen, self.log.end())
        before, had = bytearray(pos), list(rec.seen)  # (the record appends to its history)
        pre = self.snap
        a = self._anim()
        if not shown or self.phase != "choose":
            a.clear()
        rec.play(code)
        self.mark("move")
        self.last = (num(text), p, text)
        self.hint, self.msg = None, ""  # nothing said about the previous move stays under it
        self.phase = "anim"
        self._refresh()
        self.tally()  # a game vs the AI over: your record, in this move's save (a cut keeps both)
        self.tidy(True)  # the garbage so far goes before the save makes its own
        self.save(code)
        self.tidy(True)  # and the save's (~1.3 KB) before the trace (~1.5 KB, kept) is made
        # the trace after the save (their heaps do not add up): the move again from before it
        from firmware.trace import replay
        trace, caught, bigs = replay(g, before, had, code, p)
        before = had = None
        self.log.add(p, caught, text, bigs)
        speed = self.cfg["anim"]
        a.begin(trace, pre, self.now, p, speed, STEP_MS.get(speed, 0))
        trace = pre = None
        self.version += 1
        if STEP_MS.get(speed, 0) == 0:
            self.skip_anim()
        elif self.brain is not None:
            self.brain.reply()

    def skip_anim(self):
        """The animation's end (at once: a button): the rest of its steps, then the turn."""
        self.mark("shown")
        a = self.anim
        while a.step < len(a.trace):
            self._told(a.next(self.ad), True)
        rl = getattr(self.ad, "round_lines", None)
        lines = rl(a.trace.marks(), self.names()) if rl else []
        a.clear()
        if self.lesson is not None:  # a lesson's move: judged (firmware/lesson.py) once the board
            self.anim = None  # has gone (2 KB), and the animation and its code (they come back at
            unload("firmware.trace")  # the next move): lesson.py loads in their room (the lowest)
            if self.stage != "demo":
                self.clear()
            return self.learn("judge")
        if a.replaying:  # a replay: back to where the player was
            a.replaying = False
            return self._begin_turn()
        self.final_lines = lines
        if lines and not self.game.over(self.rec.pos):
            self.phase = "round"
            self.mark("round")
            self.clear()  # the board's bitmaps go before the summary loads (a low point)
            from firmware.screens.text import SummaryScreen
            return self.show(SummaryScreen(self, "round", lines))
        self._begin_turn()

    def _told(self, ev, quiet=False):
        m = self.anim.words(ev, self.ad, self.names())
        if m:
            self.say(m, True)
        if self.anim.sound and not quiet and self.cfg["sound"]:
            self.sounds.append(self.anim.sound)

    def ask_choice(self, code=None, n=0):
        """The play screen's prompt: which way. code: a move reversing there, pictured up to
        its n-th reverse lap (a mid-move choice point)."""
        self.phase = "choose"
        if code is not None:
            self._anim().preview(self.game, self.rec.pos, self.snap, code, n, self.ad)
        elif self.anim is not None:
            self.anim.clear()

    def cancel_choice(self):  # B at the prompt: back to picking a cell
        self.phase = "select"
        if self.anim is not None:
            self.anim.clear()

    def replay(self):  # the last move's sowing again, then the game goes on; False: none now
        ok = self._call("actions", "replay", self._anim())  # (the animation shows it)
        if ok:
            self.phase = "anim"
        return ok

    def take_sounds(self):  # the sounds of the steps shown since the last call (the app plays them)
        out = self.sounds
        if out:
            self.sounds = []
        return out

    def tick(self, now, stop=None, ms=0):
        """Time passes (animation, AI turn, messages); then work(stop, ms) unless ms < 0."""
        self.now = now
        v, m = self.version, self.moved_on
        if self.msg and self.msg_at is None:
            self.msg_at = now
        if self.msg and ticks_diff(now, self.msg_at) > _MSG_MS and self.phase != "anim" and \
                not (self.msg_move and self.phase == "select"):  # what the last move did stays
            self.msg = ""
            self.version += 1
        self.version += self.idle.tick(now, self)  # dimmed, dark; the battery's charge changed
        if self.play is not None and self.scr is self.play and self.game is not None:
            ph = self.phase
            if ph == "anim":
                a = self.anim
                ev = a.advance(now, self.ad)
                while ev is not None:
                    self._told(ev)
                    self.version += 1
                    ev = a.advance(now, self.ad)
                if a.done(now):
                    self.skip_anim()
            elif ph == "ai":
                if self.ai().turn(now):
                    self._ai_move()
            elif ph in ("select", "choose", "setup") and "blitz" in self.ad.SETTINGS and \
                    self.cfg["blitz"] and self.lesson is None and \
                    ticks_diff(now, self.turn_at) > self.cfg["blitz"] * 1000:
                r = self._call("actions", "blitz_pass")  # None: a random move was played
                if r:
                    self._back(*r)
            if self.hint_due:  # asked two ticks ago: its words drawn since (do_hint)
                self.hint_due -= 1
                if not self.hint_due:
                    self.do_hint()
            if self.phase == "select" and not self.is_human(1 - self.human):
                self.ai().ponder_turn()  # (B.make collects first)
            if ms >= 0:
                self.work(stop, ms)
        return self.version != v or self.moved_on != m

    def thinking(self):
        return self.screen == "play" and self.phase == "ai"

    def busy(self):
        """True while the AI has something to search (its move, its reply) or the review."""
        r = self.review
        return self.brain is not None and self.scr is self.play and self.brain.busy() or \
            r is not None and self.phase == "over" and r.busy()

    def work(self, stop=None, ms=0):
        """A late save (save(later=True)), then the AI's search (Brain.pace) for ms or stop()."""
        if self.unsaved:
            if self.game is None and self.ad.NAME != self.cfg["game"]:
                self.ad = keep_game(self.cfg["game"])
            self.save()
        if not self.busy():
            return
        if self.phase == "over":  # the review after the game (firmware/review.py)
            if self.review.run(stop, ms):
                self.version += 1  # a reviewed move's figures: the score page is redrawn
                self.review = self.review.result()  # once done: its figures, not its code
        elif self.brain.pace(stop, ms):
            self.mark("ready %d %d %d %d" % self.brain.hits())
        if self.brain is not None and self.brain.moved:
            self.moved_on += 1  # not the version: the view redraws just its progress bar

    def due(self, now):  # ms of search the app may run before the session needs its next tick
        ph = self.phase
        return self.anim.wait(now) if ph == "anim" else B.AI_PASS_MS if ph == "ai" else _WORK_MS

    def ai_progress(self):  # the AI's progress 0-100 while a sliced search runs, else -1
        return self.brain.progress() if self.brain is not None and self.brain.thinking() else -1

    def ai_hurry(self):
        """B while the AI thinks: its best move so far is played (False if not thinking)."""
        b = self.brain
        return self.phase == "ai" and b is not None and b.thinking() and self._ai_move()

    def ai(self):  # the game's AI (brain.py), made at the first call
        self.brain = self.brain or B.make(self)
        return self.brain

    def _ai_move(self):
        code = self.ai().decide()
        self._begin_turn() if code is None else self.play_move(code)
        return True

    def do_hint(self, later=False):  # later: at the tick after next, said first (its search:
        self.hint_due = 2 if later else 0  # 1.5-4 s on the chip), the pause box's code gone
        if later:
            return self.say("Looking for a hint...")
        h = self._call("actions", "hint")  # its cell (its words said), or None: no hint now
        if h is not None:
            self.hint, self.version = h, self.version + 1

    def tally(self, clear=False):  # your record: a game vs the AI over added (tally.py), or none
        if clear or self.cfg["mode"] == "ai" and self.lesson is None and self.snap["result"]:
            self.record = {} if clear else self._call("tally", "add")

    def do_undo(self):  # the positions to take back: actions.py
        if self.can_undo():
            self._back(*self._call("actions", "undo"))

    def _back(self, pos, seen, last, words):  # a position taken back to (undo, the blitz pass)
        self.rec.pos[:] = pos  # (pos: a view into the take-back store, gone with this call)
        self.rec.seen, self.last, self.hint = seen, last, None
        self._refresh()
        self.say(words)
        self.save()
        self._begin_turn()

    def resume(self, verb="resume", arg=None):  # the saved game resumed or ("new_game") a new
        # one, its match made by resume.py; ("sleep", board): the dark screen saved, then the chip
        # sleeps (App); ("wake", where): back there
        if arg is not None:
            return self._call("resume", verb, arg)
        self._drop()  # the last game (and its AI's buffers) gone before this one loads
        m = self._call("resume", verb)  # its match, or why not (the title says it)
        if m.__class__ is str:
            self.saved, self.notice, self.ad = None, m, keep_game(self.cfg["game"])
            return self.menu("title")
        self._enter(m)
        g = self.game
        if verb == "resume":  # its rules, the next game's
            self.rules[g.NAME] = dict(g.rules)
        self.cfg["game"], self.saved, self.msg = g.NAME, None, ""
        self.to_board()
        if verb != "resume":  # a new game saved (a resumed one is the save)
            self.save()
        self._begin_turn()

    def learn(self, verb, arg=None):
        """A lesson's verb (firmware/lesson.py), a problem's (puzzle.py): what it hands back,
        (match, stage, goal, bit, then), kept (lesson.py's head says what each one means)."""
        m = "puzzle" if self.puzzle or verb == "start" else "lesson"
        if verb in ("begin", "start"):  # lesson (problem) arg, loaded once the last one's gone
            self._drop()
        out = self._call(m, verb, arg)
        if out is None:  # (none left: its list shows)
            return
        match, stage, goal, bit, then = out
        if match:
            self._enter(match)
        self.phase, self.stage, self.goal = "none", stage or self.stage, goal or self.goal
        self.version += 1  # (the example's end: its lines drawn again)
        if bit:  # a lesson's saved once its board is drawn (Omweso's lowest point else); a
            self.learnt |= bit  # problem's at once, its board gone (the solver's lowest else)
            self.save(later=not self.puzzle)
        if then == "turn":
            self._begin_turn()
        elif then is not None:
            self.play_move(self.legal[then][0])

    def show_move(self, snap, last, hint):  # the game-over board: a move the review found
        self.snap, self.last, self.hint, self.version = snap, last, hint, self.version + 1

    def next_round(self):  # after the round (game) summary: the next round's first turn
        self.to_board()
        self._begin_turn()

    def leave_game(self, load=False):
        """The game (and its AI's buffers) gone: to the title (load, quitting: the game saved and
        read back, offered as "Resume"), or back to a lesson's (problem's) list, on it."""
        i, menu = self.lesson, "problems" if self.puzzle else "learn"
        load and self.save()  # (a game's: a lesson's is not saved)
        self._drop()
        if i is None:
            load and self._load()
            return self.menu("title")
        self.menu(menu, sel=("lesson", i))
        self.say("")  # (what the lesson's sowing said is not said over the list)

    def set_cfg(self, key, value):
        """A setting (the menus): saved once its picture is on the panel (work())."""
        self.cfg[key] = value
        self.save(later=True)

    def save(self, move=None, later=False):
        # move: the code just played, if that is all that changed (saved in a few bytes).
        # later: a setting's save (~120 ms of nvm on the chip) waits for its picture (work())
        self.unsaved = later
        if later or self.store is None:
            return
        try:
            from firmware import saves  # the store's own module: already loaded
            self.store.save(saves.state(self), move, self.game if self.lesson is None else None)
        except Exception as e:  # a full or failing store must never stop the game
            self.say("Save failed: %s" % e)

    def _call(self, name, verb, arg=None):  # its code loaded for the call, dropped (resume.py...)
        m = "firmware." + name
        f = getattr(module(m), verb)
        r = f(self) if arg is None else f(self, arg)
        unload(m)
        return r

