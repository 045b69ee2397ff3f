# Menus (title, rule options, settings, pause), the scrollable rules help and the summaries.
# Few objects: all rows of a list are one multi-line label per colour (enabled, disabled,
# selected) rather than a label per row (each label is a Group, a TileGrid and a bitmap).
import displayio
from firmware import ui
from engine.games import TITLES

LINE = ui.CH_H + 2


def lines_label(group, x, y, color, step=LINE):
    """A multi-line label whose line i is centred on y + i * step (x = left edge)."""
    lb = ui.Label(text="", color=color, x=x, y=y + ui.CH_H // 2, line_spacing=step / ui.CH_H)
    group.append(lb)
    return lb


class MenuView:
    TITLES = {"title": "MANCALA POCKET", "rules": "Rule options", "settings": "Settings",
              "pause": "Paused"}

    def __init__(self, w, h, s):
        self.w = w
        self.h = h
        self.group = displayio.Group()
        g = self.group
        ui.backdrop(g, w, h, ui.BG)
        self.title = ui.label(g, "", w // 2, 2, ui.YELLOW, (0.5, 0))
        self.n = max(3, (h - 3 * LINE - 4) // LINE)
        self.y0 = 4 + LINE
        self.on = lines_label(g, 4, self.y0, ui.TEXT)
        self.off = lines_label(g, 4, self.y0, ui.DIM)
        self.cur = lines_label(g, 4, self.y0, ui.YELLOW)
        self.note = ui.label(g, "", w // 2, h - 2 * LINE + 2, ui.CYAN, (0.5, 0))
        self.msg = ui.label(g, "", w // 2, h - LINE + 1, ui.YELLOW, (0.5, 0))
        self.top = 0
        self.rows = []  # the text of each visible row (for tests)

    def row_y(self, i):
        """Top pixel row of visible row i."""
        return self.y0 + i * LINE

    def update(self, s):
        t = self.TITLES.get(s.screen, "")
        if s.screen == "rules":
            t = "Rules: " + TITLES.get(s.cfg["game"], "")
        ui.set_text(self.title, t)
        items = s.items
        if s.sel < self.top:
            self.top = s.sel
        if s.sel >= self.top + self.n:
            self.top = s.sel - self.n + 1
        on = []
        off = []
        cur = []
        rows = []
        for i in range(self.n):
            k = self.top + i
            txt = ""
            if k < len(items):
                it = items[k]
                txt = s.item_text(it)
                if it[0] in ("cfg", "rule"):
                    txt = ("< %s >" if k == s.sel else "  %s  ") % txt
                else:
                    txt = ("> %s" if k == s.sel else "  %s") % txt
                txt = ui.fit(txt, self.w - 6)
                if k == s.sel:
                    cur.append(txt)
                    on.append("")
                    off.append("")
                elif s.item_enabled(it):
                    on.append(txt)
                    off.append("")
                    cur.append("")
                else:
                    off.append(txt)
                    on.append("")
                    cur.append("")
            rows.append(txt)
        self.rows = rows
        ui.set_text(self.on, "\n".join(on).rstrip())
        ui.set_text(self.off, "\n".join(off).rstrip())
        ui.set_text(self.cur, "\n".join(cur).rstrip())
        ui.set_text(self.note, ui.fit(s.menu_note() or s.notice, self.w))
        ui.set_text(self.msg, ui.fit(s.msg or (s.notice if s.screen == "title" else ""), self.w),
                    ui.YELLOW if s.msg else ui.RED)


class TextView:
    """Rules help (scrollable) and round/game/match summaries: one multi-line label."""

    def __init__(self, w, h, s):
        self.w = w
        self.h = h
        self.group = displayio.Group()
        g = self.group
        ui.backdrop(g, w, h, ui.BG)
        self.title = ui.label(g, "", w // 2, 1, ui.YELLOW, (0.5, 0))
        self.n = (h - 2 * ui.CH_H - 4) // ui.CH_H
        self.y0 = ui.CH_H + 2
        self.body = lines_label(g, 3, self.y0, ui.TEXT, ui.CH_H)
        self.foot = ui.label(g, "", w // 2, h - ui.CH_H - 1, ui.CYAN, (0.5, 0))
        self.rows = []

    def update(self, s):
        if s.screen == "help":
            lines = s.help_lines()
            top = s.help_top
            ui.set_text(self.title, "How to play")
            foot = "up/down scroll  B back"
            if top + self.n < len(lines):
                foot = "more v  " + foot
        else:
            lines = s.summary
            top = 0
            head = {"over": "Match over" if s.cfg["game"] != "oanquan" else "Game over",
                    "round": "Round summary" if s.cfg["game"] == "sanyao" else "Game summary"}
            ui.set_text(self.title, head.get(s.summary_kind, ""))
            foot = "A play again  B menu" if s.summary_kind == "over" else "A continue"
        rows = [ui.fit(lines[k], self.w - 4) for k in range(top, min(len(lines), top + self.n))]
        self.rows = rows
        ui.set_text(self.body, "\n".join(rows).rstrip())
        ui.set_text(self.foot, ui.fit(foot, self.w))
