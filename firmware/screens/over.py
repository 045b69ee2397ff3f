# Game over (Ô Ăn Quan) / match over (San-Yao, Omweso): first the final board with the result
# and its reason in words, then (A) every term of the score by name, and below it the review: the
# player's costliest moves, searched while the score page shows (firmware/review.py; B: back to
# the board). On the board page up/down (X/Y) steps through them: the position before each, the
# move played (marked as the last move) and the better one (as a hint), what it lost and what
# the better one takes. Also your record (RecordScreen: Settings -> "Your record..." from the
# title): the score page here says it under the result. Portable.
from firmware.common import agree, key, unload


class GameOverScreen:
    name = "summary"
    kind = "over"
    STEPS = ("up", "down")

    def __init__(self, s):
        self.s = s
        self.page = 0    # 0: the final board, 1: the score table
        self.top = 0
        ad = s.ad
        res = s.snap.get("result") or {}
        nm = s.names()
        w = res.get("winner")
        self.table = ad.score_table(s.game, s.rec.pos, s.snap)  # (term, value p0, value p1)
        tot = self.table[-1]
        score = "%s-%s" % (tot[1], tot[2])
        if w is None:
            self.final = "Draw %s" % score
        else:
            # the winner's score first: "AI wins 46-24"
            self.final = "%s %s" % (agree(nm[w], "wins"),
                                   score if w == 0 else "%s-%s" % (tot[2], tot[1]))
        self.reason = ad.reason_words(res, nm)
        self.raw = self._lines(nm)
        self.made = self.raw
        self.chars = 0
        self.at = -1  # the review's progress when the lines were made
        self.rows = 4
        self.sel = -1  # the reviewed move shown on the board page (-1: the final position)

    def set_width(self, chars, rows):
        self.chars = chars
        self.at = -1
        self.rows = rows
        if chars:  # the score's lines wrapped once (wrapped again, they stay as they are)
            from firmware.views.label import wrap
            self.raw = wrap(self.raw, chars)

    @property
    def lines(self):
        """The score's lines and the review's, made; made again when the review moved on."""
        r = self.s.review
        at = r.seen + 1000 * (r.state == 4) if r is not None else 0
        if at != self.at:
            self.at = at
            self.made = self.raw  # (the old list goes before the new one is made)
            if r is not None:
                more = lines(r, self.s.names())
                if self.chars:  # (its view's width: set_width)
                    from firmware.views.label import wrap
                    more = wrap(more, self.chars)
                self.made = self.raw + more
        return self.made

    def shown(self):
        # the reviewed move on the board page, or None (the final position)
        r = self.s.review
        return r.items[self.sel] if r is not None and 0 <= self.sel < len(r.items) else None

    @property
    def head(self):
        """The board page's status line: the result, or the reviewed move and the better one."""
        e = self.shown()
        if e is None:
            return self.final
        who = "" if self.s.review.who is not None else self.s.names()[e[2]] + " "
        t = "%d. %s%s %s, %s better" % (e[1], who, e[4], e[9], e[5])  # "13. 3+ lost 6, 1- better"
        return t if len(t) <= 26 else t[:t.index(",")]  # (26: a line at 160x128; it is marked)

    @property
    def line(self):
        """The board page's message line: its keys, or the better move's line in words."""
        e = self.shown()
        if e is not None:
            return e[6]
        s = self.s
        r = s.review
        if r is not None and (r.items or r.state < 4):  # (26 characters at most)
            return "%s: score  %s: mistakes" % (key(s, "a"), key(s, "y" if s.four else "down"))
        return "%s: why, the score  %s: menu" % (key(s, "a"), key(s, "b"))

    def _lines(self, nm):
        out = [self.final, self.reason]
        s = self.s
        r = s.record.get(s.game.NAME) if s.cfg["mode"] == "ai" and s.lesson is None else None
        # (your record, this game added: firmware/tally.py)
        if r:
            lv = s.cfg["level"]
            i = 5 * (lv - 1)
            n = r[i + 3]
            if n > 1 or n < -1:  # (whole sentences: a string of up to 10 characters is a name)
                out.append(("%d wins in a row at level %d" if n > 0 else
                            "%d losses in a row at level %d") % (abs(n), lv))
            out.append("Level %d: won %d, lost %d, drawn %d" % (lv, r[i], r[i + 1], r[i + 2]))
        for term, a, b in self.table:  # the match's own figures ("rounds: 24"): a line each
            if b == "":
                out.append("%s: %s" % (term, a))
        out.append("%-13s%6s%6s" % ("", nm[0][:5], nm[1][:5]))
        for term, a, b in self.table:  # the players' figures: a column each
            if b != "":
                out.append("%-13s%6s%6s" % (term[:13], a, b))
        out += [""] + list(self.s.final_lines)
        return out

    def view(self, w, h, panel=None):
        if self.page == 0:  # the final board (drawn straight to the panel: App.build)
            from firmware.games import part
            return part(self.s.cfg["game"], "view").View(w, h, self.s, panel)
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return ("board:" + self.s.cfg["game"]) if self.page == 0 else "text"

    def title(self):
        return "Match over" if self.s.ad.MATCH else "Game over"

    def foot(self, rows):
        k = (key(self.s, "a"), key(self.s, "b"))
        if self.page == 0:
            return "%s score  %s menu" % k
        more = "v " if self.top + rows < len(self.lines) else ""
        return more + "%s again  %s board" % k

    def press(self, b):
        s = self.s
        if b == "start" or b == "b" and self.page == 0:
            s.leave_game()
        elif self.page == 0 and b in ("a", "right"):
            self.to(1)
        elif self.page == 0 and b in ("up", "down") and s.review is not None:
            n = len(s.review.items)  # (the final position, then each; round again)
            if not n or s.review.state < 4:  # not all in: the score page, where the review runs
                return self.to(1) if s.review.state < 4 else None
            k = self.sel + (1 if b == "down" else -1)
            self.sel = -1 if k >= n else n - 1 if k < -1 else k
            self.show(self.sel)
        elif self.page == 1:
            if b == "a":
                s.new_game()
            elif b in ("b", "left"):
                self.to(0)
            elif b == "up":
                self.top = max(0, self.top - 1)
            elif b == "down":
                self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)

    def show(self, k):
        """Move k of the review on the final board (-1: the final position again). Here, as
        to(): loading firmware/review.py for it was the lowest free heap of a review's steps."""
        s = self.s
        r = s.review
        if k < 0 or r is None or k >= len(r.items):
            s.show_move(s.game.to_json(s.rec.pos), r.final if r is not None else s.last, None)
        else:
            e = r.items[k]
            s.show_move(s.game.to_json(bytearray(e[3])), (e[7], e[2], e[4]), e[8])

    def to(self, page):
        # the review searches on the score page only: its buffers and the board's never together.
        # Here, not in firmware/review.py: loading that module for it put a second copy of its
        # code (its Review still holds the first) over the final board: the review's lowest
        # point on the chip
        self.page = page
        r = self.s.review
        if r is not None:
            r.page = page
            if page == 0:
                r.hold()


def lines(r, names):
    """The review's lines on the score page (r: a Review searching, or its Results): each move
    listed, what it led to and the better move's line, once all are in (the costliest first:
    a list growing would reorder under the reader)."""
    out = ["", "The costliest moves:" if r.who is None else "Your costliest moves:"]
    if r.state < 4:
        out.append("Reviewing: %d of %d moves" % (r.seen, r.moves))
    else:
        for e in r.items:
            out.append("%d. %s %s: %s" % (e[1], names[e[2]], e[4], e[9]))
            out.append("  played %s: %s" % (e[4], e[10]))
            out.append("  better %s: %s" % (e[5], e[6]))
        if not r.items:
            out.append("None lost anything" if r.seen else "No move to review")
    if r.error:
        out.append(r.error)
    return out


class Results:
    """A finished review's figures (firmware/review.py Review.result), without its code."""
    state = 4  # (done)
    page = 0

    def __init__(self, r):
        self.items, self.who, self.seen, self.moves = r.items, r.who, r.seen, r.moves
        self.nodes, self.error, self.final = r.nodes, r.error, r.final

    def busy(self):
        return False

    def hold(self):
        pass


class RecordScreen:
    """Your record vs the AI (Session.record, firmware/tally.py): a table a game, a row a level
    played; A, then A again, clears it all (any other key keeps it). Here, not with the text
    screens: a lesson's pages load those (this module loads at a game's end, or for this)."""
    name = "record"
    kind = "record"
    STEPS = ("up", "down")

    def __init__(self, s):
        from engine.games import NAMES, TITLES
        self.s = s
        out = []
        for g in NAMES:
            r = s.record.get(g)
            if r:
                t = TITLES[g]  # (padded by hand: MicroPython's %-11s counts UTF-8 bytes)
                out.append(t + " " * (11 - len(t)) + " won lost drawn")  # (26 characters)
                for i in range(0, 25, 5):
                    if r[i] + r[i + 1] + r[i + 2]:
                        out.append("level %d %7d %4d %5d" % (i // 5 + 1, r[i], r[i + 1], r[i + 2]))
                        n = r[i + 3]
                        if n > 1 or n < -1:
                            out.append(("  %d wins in a row" if n > 0 else
                                        "  %d losses in a row") % abs(n))
                        if r[i]:
                            out.append("  best win by %d" % r[i + 4])
        self.raw = self.lines = out or ["No game against the AI finished yet"]
        self.top = 0
        self.rows = 4
        self.armed = False  # A pressed once: A again clears the record

    def set_width(self, chars, rows):  # (the view asks: views/label.py, loaded by now, has wrap)
        from firmware.views.label import wrap
        self.lines = wrap(self.raw, chars)
        self.rows = rows

    def view(self, w, h):
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return "text"

    def title(self):
        return "Your record"

    def foot(self, rows):
        k = key(self.s, "a")
        if self.armed:
            return "%s again: clear it all" % k
        more = "v " if self.top + rows < len(self.lines) else ""
        return more + ("%s: clear  %s: back" % (k, key(self.s, "b")) if self.s.record else
                       "%s: back to Settings" % key(self.s, "b"))

    def press(self, b):
        s = self.s
        if b == "a" and self.armed:
            s.tally(True)
            s.save()
            s.show(RecordScreen(s))  # (its one line: no game finished yet)
        elif b == "a" and s.record:
            self.armed = True
        elif b in ("b", "start"):  # back to Settings (opened from the title), on its row
            s.menu("settings", sel=("go", "record"))
            unload("firmware.screens.over")  # (loaded for this screen: no game is over)
        else:
            self.armed = False
            if b == "up":
                self.top = max(0, self.top - 1)
            elif b == "down":
                self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)
