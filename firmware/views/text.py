# Text screens' view: "How to play" (scrollable), round summaries, the game-over score table.
# One multi-line label for the body, a grid of the whole page written line by line.
import displayio
from firmware.views import ui, label


class TextView:
    """Rules help (scrollable) and round/game/match summaries: one multi-line label."""

    def __init__(self, w, h, s):
        self.w = w
        self.h = h
        self.group = displayio.Group()
        g = self.group
        self.title = label.label(g, "", w // 2, 1, ui.YELLOW, (0.5, 0))
        self.n = (h - 2 * ui.CH_H - 4) // ui.CH_H
        self.y0 = ui.CH_H + 2
        # a grid of the whole page, made once: a new page (a scroll, the review's progress on
        # the score page) sends only the box round the characters that changed
        self.body = label.lines_label(g, 3, self.y0, ui.TEXT, ((w - 4) // ui.CH_W, self.n))
        self.foot = label.label(g, "", w // 2, h - ui.CH_H - 1, ui.CYAN, (0.5, 0))
        self.rows = []
        self.scr = None  # the screen whose text was wrapped to this view (update)

    def tick(self, s):
        return False  # nothing on it moves on its own: App.render redraws it whole

    def update(self, s):
        t = s.scr
        if t is not self.scr:  # a text screen after another (a lesson's "A: next") keeps the
            self.scr = t       # view: its text is wrapped to it too, else cut at the edge
            t.set_width((self.w - 4) // ui.CH_W, self.n)
        lines = t.lines
        top = t.top
        ui.set_text(self.title, t.title())
        foot = t.foot(self.n)
        rows = [ui.fit(lines[k], self.w - 4) for k in range(top, min(len(lines), top + self.n))]
        old, self.rows = self.rows, rows
        for i in range(self.n):  # the lines that changed (the grid starts blank): no text of
            row = rows[i] if i < len(rows) else ""  # the whole page made
            if row != (old[i] if i < len(old) else ""):
                self.body.write(i, row)
        ui.set_text(self.foot, ui.fit(foot, self.w))
