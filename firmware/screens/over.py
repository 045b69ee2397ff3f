# Game over (Ô Ăn Quan) / match over (San-Yao, Omweso): first the final board with the result
# and its reason in words, then (A) every term of the score by name. Portable.
from firmware.common import agree


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
            self.head = "Draw %s" % score
        else:
            # the winner's score first: "AI wins 46-24"
            self.head = "%s %s" % (agree(nm[w], "wins"),
                                   score if w == 0 else "%s-%s" % (tot[2], tot[1]))
        self.reason = ad.reason_words(res, nm)
        self.raw = self._lines(nm)
        self.lines = self.raw
        self.rows = 4

    def set_width(self, chars, rows):
        from firmware.views.ui import wrap
        self.lines = wrap(self.raw, chars)
        self.rows = rows

    def _lines(self, nm):
        out = [self.head, self.reason]
        for term, a, b in self.table:  # the match's own figures ("rounds: 24"): a line each
            if b == "":
                out.append("%s: %s" % (term, a))
        out.append("%-13s%6s%6s" % ("", nm[0][:5], nm[1][:5]))
        for term, a, b in self.table:  # the players' figures: a column each
            if b != "":
                out.append("%-13s%6s%6s" % (term[:13], a, b))
        out += [""] + list(self.s.final_lines)
        return out

    def view(self, w, h):
        if self.page == 0:
            from firmware.games import part
            return part(self.s.cfg["game"], "view").View(w, h, self.s)
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return ("board:" + self.s.cfg["game"]) if self.page == 0 else "text"

    def title(self):
        return "Match over" if self.s.ad.MATCH else "Game over"

    def foot(self, rows):
        if self.page == 0:
            return "A score  B menu"
        more = "v " if self.top + rows < len(self.lines) else ""
        # "<": left goes back to the board; a four-button board has no left (X/Y scroll here)
        return more + "A again B menu" + ("" if self.s.four else " <board")

    def press(self, b):
        s = self.s
        if b == "a":
            if self.page == 0:
                self.page = 1
            else:
                s.new_game()
        elif b in ("b", "start"):
            s.leave_game()
        elif self.page == 1:
            if b == "left":
                self.page = 0
            elif b == "up":
                self.top = max(0, self.top - 1)
            elif b == "down":
                self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)
        elif b == "right":
            self.page = 1
