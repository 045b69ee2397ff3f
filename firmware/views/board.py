# The part of every game screen that is the same: status line (whose turn, round), AI-thinking
# indicator, message/prompt line, pit styles (cursor, last move, hint, sowing, capture).
from firmware.views import ui, font
from firmware.views.paint import pen, Pit, Label
from engine.compat import const, ticks_diff
from firmware.common import num, key, suffix, unload

_BAR_W = const(30)  # the AI's progress bar at least (a fifth of the screen)


class BoardView:
    """A game's board on the panel screen (a direct.Panel), drawn straight to it (issue 53):
    each update sends what changed since the last (firmware/views/paint.py's pits and lines),
    nothing of it is displayio's."""

    def __init__(self, w, h, session, screen):
        self.w = w
        self.h = h
        self.screen = screen
        font.glyphs()  # the labels' atlas (its letters' widths place the lines: Label.send)
        self.due = []  # the lines changed since the last send (Frame.send)
        self.frame = f = Frame(screen, w, h, self.due)
        self.parts = [f.status, f.think, f.msg, f]  # every pit and line, for repaint()
        self.pits = {}
        self.corner_w = -1  # the corner text's length at the last update
        self.focus_at = None  # the pit shown as the AI's best move so far
        self.seen = None  # (scene, styles, position, names) of the pits drawn on a human's turn
        self.box = None  # the rectangle repaint() draws again
        self.layout(session)
        unload("firmware.views.atlas")  # (its half-moons' outlines made: Pit)

    def repaint(self, x, y, w, h):
        """The screen's rectangle x, y, w, h drawn again, everything in it composed in each strip
        before it is sent (each pixel sent once: no black between the pause box and the pits
        under it). (The board's first picture is drawn piece by piece over black: composed, each
        strip went over every piece in it, ~1.6 times as long on the chip.)"""
        from firmware.views import compose  # (loaded for the call: compose.py)
        self.box = (x, y, w, h)
        self.screen.draw(x, y, w, h, compose.pen, self)
        self.box = None
        self.seen = None
        unload("firmware.views.compose")

    def paint(self, p):
        """The first picture's pen: black (its pieces are drawn after it, each on its own)."""
        p.fill(0, 0, p.w, p.h, 0)

    def layout(self, s):
        pass

    def two_rows(self):
        """Geometry of a board of two rows of 5 with a tall cell at each end (Ô Ăn Quan, San-Yao),
        and the two players' info lines: returns (cell width, row height, x0, y0)."""
        w = self.w
        h = self.h
        line = ui.CH_H + 1
        cw = (w - 4) // 7
        bh = h - 4 * line
        rh = min(bh // 2, cw * 13 // 10)
        self.info1 = self.label(w // 2, line, ui.P_COL[1])
        self.info0 = self.label(w // 2, h - 2 * line, ui.P_COL[0])
        return cw, rh, (w - 7 * cw) // 2, 2 * line + (bh - 2 * rh) // 2

    # the pieces a game's layout makes: a line of text (centred on x), a pit
    def label(self, x, y, color):
        t = Label(self.screen, x, y, color, (0.5, 0), self.due)
        self.parts.append(t)
        return t

    def pit(self, x, y, w, h, shape="box"):
        t = Pit(self.screen, x, y, w, h, shape)
        self.parts.append(t)
        return t

    def viewer(self, s):
        """Whose side is at the bottom of the screen."""
        return 0

    def turn_text(self, s):
        if s.game is None:
            return ""
        if s.phase == "over" and getattr(s.scr, "kind", "") == "over":
            return s.scr.head  # the final board: who won
        if s.lesson is not None:  # a lesson: its goal stays on top while the player tries
            st = s.stage
            if s.puzzle:  # a problem: its goal, the solution shown, or the verdict
                return s.goal
            if st == "demo":
                return "Example: %s" % s.last[2] if s.phase == "anim" else "That was the example"
            if s.phase == "none" and st != "try":
                return "Goal met: well done!" if st == "met" else "Not this time"
            return s.goal
        if s.phase == "choose":  # the prompt's keys; the direction's too where they fit
            t = "%s: confirm  %s: cancel" % (key(s, "a"), key(s, "b"))
            w = key(s, "x", "y") if s.four else key(s, "left", "right")
            return t if (len(t) + len(w) + 13) * ui.CH_W > self.w - 40 else \
                "%s: direction  %s" % (w, t)
        nm = s.names()
        p = s.mover()
        if s.phase == "anim":
            who = s.last[1] if s.last else p
            return "%s %s" % (nm[who], "moved " + s.last[2] if s.last else "")
        if s.phase == "setup":
            return "%s: set up" % nm[p]
        if nm[p] == "You":
            return "Your turn"
        if s.phase == "ai" and s.cfg["mode"] != "demo":
            return "%s thinking" % nm[p]
        return "%s's turn" % nm[p]

    def extra(self, s):
        return ""

    def key_of(self, s, cell, player=0):
        return cell

    def styles(self, s):
        st = {}
        a = s.anim  # the sowing shown (firmware/trace.py Anim), None before a first move
        if s.last is not None and s.phase != "anim":
            st[self.key_of(s, s.last[0], s.last[1])] = "last"
        if s.phase in ("select", "choose", "setup"):
            st[self.key_of(s, s.play.cursor, s.mover())] = "cursor"
        if s.hint is not None and s.phase in ("select", "over"):  # green, even under the cursor
            p = s.last[1] if s.phase == "over" else s.mover()  # (over: a reviewed move's)
            st[self.key_of(s, s.hint, p)] = "hint"
            e = s.scr.shown() if s.phase == "over" and s.last[0] == s.hint and \
                getattr(s.scr, "kind", "") == "over" else None
            if e is not None:  # the better move from the same square: where it sows first
                t = s.ad.next_cell(s.hint, suffix(e[5])[:1])
                if t >= 0:
                    st[self.key_of(s, t, p)] = "next"
        if s.phase == "choose" and a is not None and a.scene is not None and a.at >= 0:
            st[self.key_of(s, a.at, a.player)] = "active"
        if s.phase == "choose":
            t = s.play.dir_target()  # where the selected direction sows first
            if t is not None:
                st[self.key_of(s, t[0], t[1])] = "next"
        if s.phase == "ai":  # the AI's best move so far: the pit it is considering
            f = self.focus(s)
            if f is not None:
                st[self.key_of(s, f, s.mover())] = "next"
        if s.phase == "anim" and a.at >= 0:
            st[self.key_of(s, a.at, a.player)] = "capture" if a.ev == "capture" else "active"
        return st

    def focus(self, s):
        """The cell the AI's search plays so far while it thinks, else None."""
        b = s.brain
        m = b.best() if b is not None and s.thinking() else -1
        if m < 0:
            return None
        f = getattr(s.ad, "cell", None)
        return f(m) if f is not None else num(s.game.move_str(s.rec.pos, m))

    def corner(self, s):
        # the top right corner: (text, bar) - the AI's progress bar while it thinks, the blitz
        # countdown on the human's turn, else nothing
        if s.thinking():
            return " " * (self.frame.bar_w // ui.CH_W + 1), s.ai_progress()
        if s.phase in ("select", "choose", "setup") and "blitz" in s.ad.SETTINGS \
                and s.cfg["blitz"] and s.lesson is None:
            left = s.cfg["blitz"] * 1000 - ticks_diff(s.now, s.turn_at)  # ticks wrap
            return "%ds" % ((left + 999) // 1000 if left > 0 else 0), None
        return "", None

    def tick(self, s):
        """Only the corner moved on (the session's version unchanged): redraw just that, so
        that the AI's progress bar costs no board redraw (and its garbage) per slice. False if
        the rest must be redrawn (the countdown's width changed the status line's room)."""
        th, bar = self.corner(s)
        if len(th) != self.corner_w or self.focus(s) != self.focus_at:
            return False  # the considered pit moved: the board too
        ui.set_text(self.frame.think, "" if bar is not None else th)
        self.frame.progress(bar, s.now // 60)
        self.frame.send()
        return True

    def update(self, s):
        """The board as the session has it: what changed sent (all of it the first time, over
        black: a menu was there)."""
        if self.corner_w < 0:
            self.screen.draw(0, 0, self.w, self.h, pen, self)
        if s.phase == "anim":  # a sowing's step: its garbage goes before the board's own (App.tidy:
            s.tidy()           # when it has piled up; never before a cursor step's picture: ~30 ms)
        f = self.frame
        t = self.turn_text(s)
        x = self.extra(s) if s.phase not in ("over", "choose") and s.lesson is None else ""
        if x:
            t = t + "  " + x
        th, bar = self.corner(s)
        self.corner_w = len(th)
        ui.set_text(f.think, "" if bar is not None else th)
        f.progress(bar, s.now // 60)
        ui.set_text(f.status, ui.fit(t, self.w - 4 - (len(th) + 1) * ui.CH_W if th else self.w - 4))
        m = s.msg
        pl = s.play
        col = ui.YELLOW
        if s.hint is not None and s.phase == "select" and m in ("", pl.hint_line):
            # the hint stays said until its move is made (or another asked), with its reason
            # where the line has room, else its reason once the words have been said
            t = pl.hint_line + ", " + pl.hint_why
            n = "%s: %s" % ("%d%s" % (s.hint, pl.hint_sfx), pl.hint_why)
            m = (m or pl.hint_line) if not pl.hint_why else t if len(t) * ui.CH_W <= self.w else \
                m or (n if len(n) * ui.CH_W <= self.w else pl.hint_why)
        elif not m and s.phase == "select" and s.is_human(s.mover()):
            m = pl.keys_line()  # nothing to say: which keys do what
            col = ui.CYAN
        elif not m and s.lesson is not None and s.phase in ("none", "anim"):
            a = key(s, "a")
            m = "%s: skip the example" % a if s.phase == "anim" else ("%s: your try  %s: menu"
                if s.stage == "demo" else "%s: why  %s: menu") % (a, key(s, "b"))
            col = ui.CYAN  # (a lesson's sowing ended: the board stays until A)
        if s.phase == "choose":  # the way to go between the keys that change it
            m = "< %s >" % pl.choice_text(pl.opts[pl.opt_i])
            if s.four:  # no left/right there: X and Y step through the ways
                m = key(s, "x") + " " + m + " " + key(s, "y")
        elif s.phase == "setup" and not m:
            m = "hand %d: %s take, %s drop" % (pl.hand, key(s, "b"), key(s, "a"))
        elif s.phase == "over":
            m = getattr(s.scr, "line", "")  # the result's keys, or a reviewed move's why
        if s.phase == "choose":
            col = ui.GREEN
        ui.set_text(f.msg, ui.fit(m, self.w), col)
        self.focus_at = self.focus(s)
        a = s.anim
        scene = a.scene if a is not None and a.scene is not None else s.snap
        st = self.styles(s)
        # nothing changed on a human's turn: no pit looked at (going over Omweso's 32 took 9-11
        # ms on the chip); else each pit is sent only if what it shows changed (a cursor step:
        # two pits)
        seen = self.seen
        nm = s.names()
        if s.phase == "select" and seen is not None and seen[0] is scene and seen[1] == st \
                and seen[2] == s.rec.pos and seen[3] == nm:
            self.frame.send()
            return
        self.draw(s, scene, st)
        self.seen = (scene, st, bytes(s.rec.pos), nm) if s.phase == "select" else None
        self.frame.send()

    def pit_of(self, s, key):
        """The pit drawn for a styles() key (None: none)."""
        return self.pits.get(key)

    def draw(self, s, scene, styles):
        pass


class Frame:
    """The lines round a board (status at the top, message at the bottom, the think line at
    the top right) and the AI's progress bar, on the panel: the bar is sent after the lines
    (the think line's place is under it)."""

    def __init__(self, screen, w, h, due):
        self.w = w
        self.h = h
        self.screen = screen
        self.due = due
        self.status = Label(screen, 2, 1, ui.TEXT, (0, 0), due)
        self.think = Label(screen, w - 2, 1, ui.YELLOW, (1.0, 0), due)
        self.msg = Label(screen, w // 2, h - ui.CH_H - 1, ui.YELLOW, (0.5, 0), due)
        self.bar_w = max(_BAR_W, w // 5)
        self.bar_v = -2
        self.state = (None, 0)

    def progress(self, v, tick=0):
        """The AI's progress v (0-100), a sweeping block when v < 0, the
        bar gone (black) when v is None."""
        bw = self.bar_w
        key = -2 if v is None else v if v >= 0 else -10 - tick % (bw - 6)
        if key == self.bar_v:
            return
        self.bar_v = key
        self.state = (v, tick)
        Label.mark(self)

    def send(self):
        """What is due: the changed lines, then the bar (again, if the think line was sent
        under it)."""
        due = self.due
        if self.think in due and self not in due and self.bar_v != -2:
            due.append(self)
        for t in due:
            if t is not self:
                t.send()
        if self in due:
            self.screen.draw(self.w - self.bar_w - 3, 2, self.bar_w, ui.BAR_H, pen, self)
        del due[:]

    def paint(self, p):
        v, tick = self.state
        x = self.w - self.bar_w - 3
        bw = self.bar_w
        if v is None:
            p.fill(x, 2, bw, ui.BAR_H, 0)
            return
        p.fill(x, 2, bw, ui.BAR_H, ui.DIM)
        p.fill(x, 2, bw, 1, ui.YELLOW)
        p.fill(x, 1 + ui.BAR_H, bw, 1, ui.YELLOW)
        if v >= 0:
            p.fill(x, 3, bw * min(v, 100) // 100, ui.BAR_H - 2, ui.YELLOW)
        else:
            p.fill(x + tick % (bw - 6), 3, 6, ui.BAR_H - 2, ui.YELLOW)
