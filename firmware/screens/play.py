# The session's play input: cursor, picking a cell, direction/choice prompts, Omweso set-up.
# A mixin of Session. Portable.
from firmware.common import num, suffix, _copy, unload
from firmware.smenu import MENUS


class PlayPart:
    def press(self, b, now=None):
        if now is not None:
            self.now = now
        if self.four and b in ("x", "y"):
            if self.screen in MENUS or self.screen == "help":
                b = "up" if b == "x" else "down"
            else:
                b = "left" if b == "x" else "right"
        self.version += 1
        s = self.screen
        if s in MENUS:
            self._menu_press(b)
        elif s == "help":
            lines = len(self.help_lines())
            if b == "up":
                self.help_top = max(0, self.help_top - 1)
            elif b == "down":
                self.help_top = min(max(0, lines - 4), self.help_top + 1)
            elif b == "left":
                self.help_top = max(0, self.help_top - 8)
            elif b == "right":
                self.help_top = min(max(0, lines - 4), self.help_top + 8)
            elif b in ("a", "b", "start"):
                self.drop_help()
                self.screen = self.back if self.back in MENUS else "title"
                if self.screen == "title":
                    self._menu("title")
        elif s == "summary":
            if b == "a":
                if self.summary_kind == "over":
                    self.new_game()
                else:
                    self.screen = "play"
                    self._begin_turn()
            elif b in ("b", "start"):
                if self.summary_kind == "over":
                    self.game = None
                    self.phase = "none"
                    self._menu("title")
                else:
                    self.screen = "play"
                    self._begin_turn()
        elif s == "play":
            self._play_press(b)

    def _play_press(self, b):
        ph = self.phase
        if ph == "anim":
            self._finish_anim()
            return
        if b == "start" or (b == "b" and ph in ("ai", "select", "none")):
            self._menu("pause", back="title")
            return
        if ph == "select":
            if b in ("up", "down", "left", "right"):
                self.cursor = self._nav(self.cursor, b)
            elif b == "a":
                self._pick(self.cursor)
            elif b == "x" or b == "select":
                self.do_hint()
            elif b == "y":
                if self.can_undo():
                    self.do_undo()
                else:
                    self.say("Undo not available")
        elif ph == "choose":
            arrows = [self.ad.arrow(self.cursor, ch) for ch in self.opts]
            if b in arrows:  # the arrow pointing the way the stones will go picks that way
                self.opt_i = arrows.index(b)
            elif b in ("left", "up"):
                self.opt_i = (self.opt_i - 1) % len(self.opts)
            elif b in ("right", "down"):
                self.opt_i = (self.opt_i + 1) % len(self.opts)
            elif b == "a":
                self._choose(self.opts[self.opt_i])
            elif b == "b":
                self.phase = "select"
                self.scene = None
                self.anim_at = -1
                self.anim_from = 0
        elif ph == "setup":
            self._setup_press(b)

    def cells(self):
        if self.phase == "setup":
            return list(range(16))
        return self.ad.cells(self.snap, self.mover())

    def _nav(self, cur, b):
        cs = self.cells()
        if not cs:
            return cur
        viewer = self.mover()
        g = self.ad.grid
        if cur not in cs:
            return cs[0]
        c0, r0 = g(cur, viewer)
        order = sorted(cs, key=lambda c: (g(c, viewer)[1], g(c, viewer)[0]))
        best = None
        bd = 999
        for c in cs:
            col, row = g(c, viewer)
            if b in ("left", "right"):
                if row != r0:
                    continue
                d = col - c0 if b == "right" else c0 - col
            else:
                if row != (r0 + 1 if b == "up" else r0 - 1):
                    continue
                d = abs(col - c0) + 1
            if 0 < d < bd:
                bd = d
                best = c
        if best is None and b in ("left", "right"):
            i = order.index(cur)
            best = order[(i + (1 if b == "right" else -1)) % len(order)]
        return cur if best is None else best

    def _pick(self, cell):
        cands = []
        for code, t in self.legal:
            if num(t) == cell:
                cands.append((code, suffix(t)))
        if not cands:
            self.say("Cannot move from there")
            return
        self.cands = cands
        self.prefix = ""
        self._next_choice()

    def _next_choice(self):
        k = len(self.prefix)
        live = [c for c in self.cands if c[1][:k] == self.prefix]
        if len(live) == 1:
            self.play_move(live[0][0])
            return
        opts = []
        for code, sfx in live:
            ch = sfx[k:k + 1]
            if ch not in opts:
                opts.append(ch)
        if len(opts) == 1 and opts[0] == "":
            self.play_move(live[0][0])
            return
        self.cands = live
        self.opts = opts
        self.opt_i = 0
        self.phase = "choose"
        if k:
            self.say("Choice point %d: which way?" % (k + 1))
        self._preview()

    def _preview(self):
        # Mid-move choice point: show the board as it is when that lap starts. The trace of a
        # move that reverses there has a "reverse" event at that lap start.
        k = len(self.prefix)
        self.scene = None
        self.anim_at = -1
        self.anim_from = 0  # the trace step the scene shows (play_move's animation starts there)
        if not k:
            return
        code = None
        for c, sfx in self.cands:
            if sfx[:k + 1] == self.prefix + "-":
                code = c
                break
        if code is None:
            return
        pos = bytearray(self.rec.pos)
        trace = []
        self.game.play(pos, code, trace)
        want = self.prefix.count("-") + 1
        scene = _copy(self.snap)
        n = 0
        for i in range(len(trace)):
            ev = trace[i]
            if ev.get("event") == "reverse":
                n += 1
                if n == want:
                    self.anim_at = ev.get("start", -1)
                    self.anim_player = ev.get("player", 0)
                    self.anim_from = i  # every move of self.cands has the same first i events
                    break
            self.ad.apply(scene, ev)
        self.scene = scene

    def dir_target(self):
        """(cell, player) of the pit the stones go to first in the direction selected at the
        prompt (from the lap start at a mid-move choice point, else from the cursor), or None."""
        if self.phase != "choose" or not self.opts:
            return None
        if self.scene is not None and self.anim_at >= 0:
            src, p = self.anim_at, self.anim_player
        else:
            src, p = self.cursor, self.mover()
        c = self.ad.next_cell(src, self.opts[self.opt_i])
        return None if c < 0 else (c, p)

    def _choose(self, ch):
        if ch == "":
            for code, sfx in self.cands:
                if sfx == self.prefix:
                    self.play_move(code)
                    return
            return
        self.prefix += ch
        self._next_choice()

    def choice_text(self, ch):
        if ch == "":
            return "normal sowing" if self.cfg["game"] == "omweso" else "play"
        return self.ad.choice_label(self.cursor, ch)

    # ------------------------------------------------------------------ Omweso free set-up
    def _setup_press(self, b):
        if b in ("up", "down", "left", "right"):
            self.cursor = self._nav(self.cursor, b)
            self.armed = False
        elif b == "a":
            if self.hand:
                self.setup[self.cursor] += 1
                self.hand -= 1
                self.armed = False
            elif self.armed:
                text = "setup:" + ",".join(str(x) for x in self.setup)
                try:
                    code = self.game.parse_move(self.rec.pos, text)
                except ValueError as e:
                    self.say(str(e)[:40])
                    return
                self.setup = None
                self.play_move(code)
            else:
                self.armed = True
                self.say("A again: done, B: edit")
        elif b == "b":
            self.armed = False
            if self.setup[self.cursor]:
                self.setup[self.cursor] -= 1
                self.hand += 1
            elif not self.hand:
                self._menu("pause", back="title")


    # ------------------------------------------------------------------ rules help
    def help_lines(self):
        """The rules help of the current game, imported only while the help screen shows."""
        h = getattr(self, "_help", None)
        if h is None or h[0] != self.cfg["game"]:
            name = "help_" + self.cfg["game"]
            mod = getattr(__import__("firmware." + name), name)
            h = (self.cfg["game"], mod.HELP)
            self._help = h
        return h[1]

    def drop_help(self):
        self._help = None
        unload("firmware.help_" + self.cfg["game"])
