# The play screen: the board of the game in progress. Its input: the cursor over the mover's
# cells that can be played, picking one, the direction/choice prompts (also at an Omweso mid-move
# choice point), hint, undo, pause; during a set-up (Omweso's) the game's adapter takes the
# buttons (setup_press). The game flow itself (AI turn, animation) is the session's. Portable.
from firmware.common import num, suffix, key


class PlayScreen:
    name = "play"
    STEPS = ("left", "right")  # what X/Y do on a four-button board

    def __init__(self, s):
        self.s = s
        self.cursor = 0
        self.cands = []    # (code, choices text) of the moves from the picked cell
        self.prefix = ""   # the choices made so far
        self.opts = []     # the choices offered at the prompt
        self.opt_i = 0
        self.setup = None  # Omweso free set-up: 16 counts being arranged
        self.hand = 0
        self.armed = False
        self.hint_line = ""  # the last hint's words: on the message line until the move is made
        self.hint_sfx = ""   # its choices ("+" clockwise...): the prompt starts on them
        self.hint_why = ""   # why that move ("captures 4; then loses 2"): with its words
        self.want = None     # the choices the prompt starts on (the hint's, from its cell)

    def view(self, w, h, panel):
        from firmware.games import part  # (drawn straight to the panel: App.build)
        return part(self.s.cfg["game"], "view").View(w, h, self.s, panel)

    def view_key(self):
        return "board:" + self.s.cfg["game"]

    # ------------------------------------------------------------------ turn start
    def playable(self):
        """The cells the mover can pick now (each once, in the order of the legal moves)."""
        return self.s.legal.cells()

    def start_turn(self):
        self.cands = []
        s = self.s
        cs = self.cells()
        ok = self.playable()
        if s.hint is not None and s.hint in cs:
            self.cursor = s.hint
        elif self.cursor not in ok:  # the cursor starts on a cell that can be played
            for c in cs:
                if c in ok:
                    self.cursor = c
                    break
            else:
                if cs and self.cursor not in cs:
                    self.cursor = cs[0]
        t = s.last  # the AI's move said until the player acts (a quiet one left only its ring)
        if t is not None and not s.msg and not s.is_human(t[1]):
            s.say("%s moved %s" % (s.names()[t[1]], t[2]), True)

    def start_setup(self, counts):
        self.setup = counts
        self.hand = 0
        self.armed = False
        self.cursor = 0

    # ------------------------------------------------------------------ buttons
    def press(self, b):
        s = self.s
        ph = s.phase
        if ph == "anim":
            s.skip_anim()
            return
        if b == "b" and ph == "ai" and s.ai_hurry():  # the AI plays its best move so far
            return
        if b == "start" or (b == "b" and ph in ("ai", "select", "none")):
            s.pause()
            return
        if ph == "none" and b == "a" and s.lesson is not None:  # a lesson's sowing ended:
            s.learn("next")  # the player's try after the example, or the try told in words
            return
        if ph == "select":
            if s.msg_move:  # what the last move did has been seen: the keys' line comes back
                s.say("")
            if b in ("up", "down", "left", "right"):
                self.cursor = self.nav(self.cursor, b)
            elif b == "a":
                self.pick(self.cursor)
            elif b == "x" or b == "select":
                s.do_hint(s.lesson is None)  # (a lesson's is at once: no search)
            elif b == "y":
                if s.can_undo():
                    s.do_undo()
                else:
                    s.say("Cannot undo")
        elif ph == "choose":
            arrows = [s.ad.arrow(self.cursor, ch) for ch in self.opts]
            if b in arrows:  # the arrow pointing the way the stones will go picks that way
                self.opt_i = arrows.index(b)
            elif b in ("left", "up"):
                self.opt_i = (self.opt_i - 1) % len(self.opts)
            elif b in ("right", "down"):
                self.opt_i = (self.opt_i + 1) % len(self.opts)
            elif b == "a":
                self.choose(self.opts[self.opt_i])
            elif b == "b":
                s.cancel_choice()
        elif ph == "setup":  # a game's set-up (Omweso's): its adapter's buttons
            s.ad.setup_press(self, b)

    def cells(self):
        s = self.s
        if s.phase == "setup":
            return list(range(16))
        return s.ad.cells(s.snap, s.mover())

    def nav(self, cur, b):
        cs = self.cells()
        if self.s.phase != "setup":  # only over the cells that can be played (all if none can)
            ok = self.playable()
            if ok:
                cs = ok
        if not cs:
            return cur
        viewer = self.s.mover()
        g = self.s.ad.grid
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

    def hinted(self, text, words, why=""):
        """The hint (a move text) is shown: the cursor on its cell, its words said, why (what it
        takes, what the reply takes) on the message line with them while it stands."""
        self.cursor = num(text)  # (the session keeps it as its hint once this has returned)
        self.hint_sfx = suffix(text)
        self.hint_line = words
        self.hint_why = why
        self.s.say(words)

    def keys_line(self):
        """Which of the board's own keys do what on the human's turn, by their names (26
        characters at most: a line at 160x128): X/Y step on a four-button board; the hint is
        in the pause menu there and where no X button is (the uGame's O/X/Z)."""
        s = self.s
        if s.four:
            return "%s: pit  %s: play  %s: menu" % (key(s, "x", "y"), key(s, "a"), key(s, "b"))
        h = key(s, "x")
        if h:
            return "%s: play  %s: hint  %s: menu" % (key(s, "a"), h, key(s, "b"))
        return "%s: play  %s: menu" % (key(s, "a"), key(s, "b"))

    # ------------------------------------------------------------------ picking a move
    # A press of A on a pit: pick(cursor) lists its legal moves; next_choice() plays the one left,
    # or asks which way (Session.ask_choice: the choose phase, its prompt's buttons in press());
    # choose() narrows the moves by the answer and comes back; play() hands the code over to
    # Session.play_move (record, save, trace, animation: docs/architecture.md).
    def pick(self, cell):
        cands = []
        lg = self.s.legal
        for i in range(len(lg)):
            if lg.cell(i) == cell:
                code, t = lg[i]
                cands.append((code, suffix(t)))
        if not cands:
            self.s.say("Cannot move from there")
            return
        self.cands = cands
        self.prefix = ""
        self.want = self.hint_sfx if cell == self.s.hint else None  # A, A plays the hint
        self.next_choice()

    def next_choice(self):
        s = self.s
        k = len(self.prefix)
        live = [c for c in self.cands if c[1][:k] == self.prefix]
        if len(live) == 1:
            self.play(live[0][0])
            return
        opts = []
        for code, sfx in live:
            ch = sfx[k:k + 1]
            if ch not in opts:
                opts.append(ch)
        if len(opts) == 1 and opts[0] == "":
            self.play(live[0][0])
            return
        self.cands = live
        self.opts = opts
        self.opt_i = 0
        w = self.want
        if w is not None and w[:k] == self.prefix and w[k:k + 1] in opts:
            self.opt_i = opts.index(w[k:k + 1])
        # Mid-move choice point: the board is shown as it is when that lap starts (the trace of
        # a move that reverses there has a "reverse" event at that lap start)
        code = None
        if k:
            s.say("Choice point %d: which way?" % (k + 1))
            for c, sfx in self.cands:
                if sfx[:k + 1] == self.prefix + "-":
                    code = c
                    break
        s.ask_choice(code, self.prefix.count("-") + 1)

    def play(self, code):
        # shown=True: when confirmed at a mid-move choice point, its laps up to there are on the
        # board already (the preview), and the animation goes on from that step
        self.s.play_move(code, True)

    def dir_target(self):
        """(cell, player) of the pit the stones go to first in the direction selected at the
        prompt (from the lap start at a mid-move choice point, else from the cursor), or None."""
        s = self.s
        if s.phase != "choose" or not self.opts:
            return None
        a = s.anim
        if a is not None and a.scene is not None and a.at >= 0:
            src, p = a.at, a.player
        else:
            src, p = self.cursor, s.mover()
        c = s.ad.next_cell(src, self.opts[self.opt_i])
        return None if c < 0 else (c, p)

    def choose(self, ch):
        if ch == "":
            for code, sfx in self.cands:
                if sfx == self.prefix:
                    self.play(code)
                    return
            return
        self.prefix += ch
        self.next_choice()

    def choice_text(self, ch):
        if ch == "":
            return self.s.ad.PLAIN_CHOICE
        return self.s.ad.choice_label(self.cursor, ch)
