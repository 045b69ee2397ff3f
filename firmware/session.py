# The app's logic without a display: menus, whose turn, cursor and selection, direction choice,
# undo, the AI turn, hint, timers, settings, saves, and the animation state driven by the engine's
# trace. Views only draw it. Driven by press(button, now_ms) and tick(now_ms). Portable Python.
from engine import games
from engine.record import Record
from engine.compat import ticks_diff
from firmware import brain as B

STEP_MS = {"normal": 160, "fast": 50, "off": 0}
_UNDO_MAX = 24
_MSG_MS = 2200
_AI_DELAY = 250     # ms the "thinking" indicator shows before the AI runs (vs AI)
_DEMO_DELAY = 700   # between moves in AI demo mode
from firmware.common import adapter, adapter_game, num, _copy, keep_game
from firmware.smenu import MenuPart, MENUS  # noqa: F401 (MENUS used by the app)
from firmware.splay import PlayPart
from firmware.ssave import SavePart

class Session(MenuPart, PlayPart, SavePart):
    def __init__(self, store=None, seed=1, four_button=False, ai_ms=3000, ai_available=None):
        self.store = store
        self.seed = seed
        self.four = four_button
        self.ai_ms = ai_ms
        self.ai_ok = B.AVAILABLE if ai_available is None else ai_available
        self.cfg = {"game": "oanquan", "mode": "ai", "level": 2, "starts": "you",
                    "anim": "normal", "sound": False, "take_back": True, "blitz": 0}
        self.rules = {}          # game name -> dict of every rule option
        self.screen = "title"
        self.back = "title"      # where a submenu returns
        self.items = []
        self.sel = 0
        self.msg = ""
        self.msg_at = 0
        self.notice = ""         # a standing line on the title screen (e.g. a corrupt save)
        self.help_top = 0
        self.game = None
        self.rec = None
        self.ad = adapter(self.cfg["game"])
        self.snap = None
        self.undo = []
        self.last = None         # (cell, player, text) of the last move
        self.hint = None         # cell of the hint, shown on the board
        self.phase = "none"
        self.cursor = 0
        self.cands = []
        self.prefix = ""
        self.opts = []
        self.opt_i = 0
        self.scene = None        # animation picture (copy of the position JSON being changed)
        self.trace = []
        self.step = 0
        self.step_at = 0
        self.anim_at = -1
        self.anim_ev = ""
        self.anim_player = 0
        self.anim_event = None
        self.anim_from = 0       # trace step shown at a mid-move choice point (see _preview)
        self.summary = []
        self.summary_kind = ""
        self.setup = None        # Omweso free set-up: 16 counts being arranged
        self.hand = 0
        self.armed = False
        self.turn_at = 0         # when the human's turn started (blitz)
        self.ai_at = 0
        self.human = 0
        self.brain = None
        self.sounds = []
        self.saved = None        # a decoded save offered as "Resume"
        self.rules_before = None
        self.version = 0
        self.now = 0
        self._load()
        keep_game(self.cfg["game"])  # a saved game of another game loaded its rules only
        self._menu("title")

    # ------------------------------------------------------------------ helpers
    def rules_for(self, name):
        r = self.rules.get(name)
        if r is None:
            r = {}
            for o in adapter_game(name).OPTIONS:
                r[o[0]] = o[1]
            self.rules[name] = r
        return r

    def say(self, text):
        self.msg = text
        self.msg_at = self.now

    def is_human(self, p):
        m = self.cfg["mode"]
        if m == "two":
            return True
        if m == "demo":
            return False
        return p == self.human

    def names(self):
        m = self.cfg["mode"]
        if m == "ai":
            return ("You", "AI") if self.human == 0 else ("AI", "You")
        if m == "demo":
            return ("AI 1", "AI 2")
        return ("P1", "P2")

    def can_undo(self):
        if not self.undo or self.game is None:
            return False
        if self.cfg["game"] == "omweso" and not self.cfg["take_back"]:
            return False
        return self.cfg["mode"] != "demo"

    def mover(self):
        return self.game.to_move(self.rec.pos)

    # ------------------------------------------------------------------ game flow
    def new_game(self):
        name = self.cfg["game"]
        # the previous game (and its AI's buffers) goes before the next one is loaded
        self.game = self.rec = self.brain = self.snap = None
        self.undo = []
        keep_game(name)
        self.ad = adapter(name)
        self.game = games.load(name, self.rules_for(name))
        st = self.cfg["starts"]
        if st == "lot":
            import random
            self.human = random.getrandbits(1)
        else:
            self.human = 0 if st == "you" else 1
        self.rec = Record(self.game, self.game.new())
        self.brain = None
        self.undo = []
        self.last = None
        self.hint = None
        self.saved = None
        self.msg = ""
        self.screen = "play"
        self._refresh()
        self.cursor = self.cells()[0] if self.cells() else 0
        self._save()
        self._begin_turn()

    def _refresh(self):
        self.snap = self.game.to_json(self.rec.pos)
        n = self.game.moves(self.rec.pos, self._buf())
        b = self._mbuf
        self.legal = [(b[i], self.game.move_str(self.rec.pos, b[i])) for i in range(n)]
        self.version += 1

    def _buf(self):
        if getattr(self, "_mbuf", None) is None or len(self._mbuf) < self.game.MAX_MOVES:
            self._mbuf = [0] * self.game.MAX_MOVES
        return self._mbuf

    def _begin_turn(self):
        self.scene = None
        self.anim_at = -1
        if self.game.over(self.rec.pos):
            self.phase = "over"
            self.summary_kind = "over"
            self.summary = self._over_lines()
            self.screen = "summary"
            return
        p = self.mover()
        self.turn_at = self.now
        self.cands = []
        if not self.is_human(p):
            self.phase = "ai"
            self.ai_at = self.now
            return
        if self.legal and self.legal[0][1][:6] == "setup:":
            self.phase = "setup"
            self.setup = [int(x) for x in self.legal[0][1][6:].split(",")]
            self.hand = 0
            self.armed = False
            self.cursor = 0
            return
        self.phase = "select"
        cs = self.cells()
        if cs and self.cursor not in cs:
            self.cursor = cs[0]
        if self.hint is not None and self.hint in cs:
            self.cursor = self.hint

    def _over_lines(self):
        snap = self.snap
        res = snap.get("result") or {}
        nm = self.names()
        w = res.get("winner")
        head = "Draw" if w is None else "%s win%s" % (nm[w], "" if nm[w] == "You" else "s")
        return [head, "(%s)" % res.get("reason", "")] + \
            self.ad.score_lines(self.game, self.rec.pos, snap, nm) + \
            [""] + getattr(self, "final_lines", [])

    def play_move(self, code):
        g = self.game
        pos = self.rec.pos
        p = g.to_move(pos)
        text = g.move_str(pos, code)
        self.undo.append((bytes(pos), (self.rec.seen, len(self.rec.seen)), self.last))
        if len(self.undo) > _UNDO_MAX:
            self.undo.pop(0)
        pre = self.snap
        # a move confirmed at a mid-move choice point: its laps up to there are on the board
        # already (the preview scene), so the animation goes on from that step
        start = self.anim_from if self.phase == "choose" and self.scene is not None else 0
        if start and not any(c[0] == code for c in self.cands):
            start = 0
        seen = self.scene
        self.anim_from = 0
        trace = []
        self.rec.play(code, trace)
        self.last = (num(text), p, text)
        self.hint = None
        self.phase = "anim"
        self.trace = trace
        self.step = 0
        self.step_at = self.now
        if start and start < len(trace) and trace[start].get("start") == self.anim_at and \
                trace[start].get("event") in ("reverse", "lap"):
            self.scene = seen
            self.step = start
            self.anim_ev = ""
        else:
            self.scene = _copy(pre)
        self._refresh()
        self._save()
        if STEP_MS.get(self.cfg["anim"], 0) == 0:
            self._finish_anim()

    def _finish_anim(self):
        while self.step < len(self.trace):
            self._apply_step(quiet=True)
        self.scene = None
        self.anim_at = -1
        rl = getattr(self.ad, "round_lines", None)
        lines = rl(self.trace, self.names()) if rl else []
        self.trace = []
        self.final_lines = lines
        if lines and not self.game.over(self.rec.pos):
            self.summary = lines
            self.summary_kind = "round"
            self.screen = "summary"
            self.phase = "round"
            return
        self._begin_turn()

    def _apply_step(self, quiet=False):
        ev = self.trace[self.step]
        self.step += 1
        self.ad.apply(self.scene, ev)
        self.anim_ev = ev.get("event", "")
        self.anim_at = ev.get("at", -1)
        self.anim_player = ev.get("player", self.last[1] if self.last else 0)
        self.anim_event = ev
        m = self.ad.message(ev)
        if m:
            self.say(m)
        if not quiet and self.cfg["sound"]:
            if self.anim_ev == "drop":
                self.sounds.append("tick")
            elif self.anim_ev == "capture":
                self.sounds.append("chord")
        return ev

    def tick(self, now):
        self.now = now
        v = self.version
        if self.msg and ticks_diff(now, self.msg_at) > _MSG_MS and self.phase != "anim":
            self.msg = ""
            self.version += 1
        if self.screen == "play" and self.game is not None:
            ph = self.phase
            if ph == "anim":
                dt = STEP_MS.get(self.cfg["anim"], 0)
                while self.phase == "anim" and self.step < len(self.trace) and \
                        ticks_diff(now, self.step_at) >= dt:
                    ev = self._apply_step()
                    self.step_at = now if ticks_diff(now, self.step_at) < 2 * dt else \
                        self.step_at + dt
                    if ev.get("event") == "capture":
                        self.step_at = now + 3 * dt
                    self.version += 1
                if self.step >= len(self.trace) and ticks_diff(now, self.step_at) >= dt:
                    self._finish_anim()
            elif ph == "ai":
                wait = _DEMO_DELAY if self.cfg["mode"] == "demo" else _AI_DELAY
                if ticks_diff(now, self.ai_at) >= wait:
                    self._ai_move()
            elif ph in ("select", "choose", "setup") and self.cfg["game"] == "omweso" \
                    and self.cfg["blitz"] and ticks_diff(now, self.turn_at) > \
                    self.cfg["blitz"] * 1000:
                self._blitz_pass()
        return self.version != v

    def thinking(self):
        return self.screen == "play" and self.phase == "ai"

    def _brain(self):
        if self.brain is None:
            self.brain = B.Brain(self.game, self.seed, self.ai_ok)
        return self.brain

    def _ai_move(self):
        code = self._brain().move(self.rec.pos, self.cfg["level"], self.ai_ms)
        if code is None:
            self._begin_turn()
            return
        self.play_move(code)

    def do_hint(self):
        if self.phase != "select" or not self.is_human(self.mover()):
            self.say("No hint now")
            return
        code = self._brain().hint(self.rec.pos, self.ai_ms)
        if code is None:
            return
        t = self.game.move_str(self.rec.pos, code)
        self.hint = num(t)
        self.cursor = self.hint
        self.say("Hint: " + t)

