# The menus' view (title, rule options, settings, pause).
# Few objects: all rows of a list are one multi-line label per colour (enabled, disabled,
# selected) rather than a label per row (each label is a Group, a TileGrid and a bitmap).
import displayio
from firmware.views import ui
from engine.games import TITLES
from firmware.common import wrap

LINE = ui.CH_H + 2
lines_label = ui.lines_label


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
        self.n = max(3, (h - 4 * LINE - 4) // LINE)
        self.y0 = 4 + LINE
        self.on = lines_label(g, 2, self.y0, ui.TEXT)
        self.off = lines_label(g, 2, self.y0, ui.DIM)
        self.cur = lines_label(g, 2, self.y0, ui.YELLOW)
        self.chars = (w - 4) // ui.CH_W
        # what the selected row is about, word-wrapped on two lines (nothing cut off)
        self.note = lines_label(g, 2, h - 3 * LINE + 3, ui.CYAN, ui.CH_H)
        self.msg = ui.label(g, "", w // 2, h - LINE + 1, ui.YELLOW, (0.5, 0))
        self.top = 0
        self.rows = []  # the text of each visible row (for tests)

    def row_y(self, i):
        """Top pixel row of visible row i."""
        return self.y0 + i * LINE

    def update(self, s):
        m = s.scr
        t = self.TITLES.get(m.name, "")
        if m.name == "rules":
            t = "Rules: " + TITLES.get(s.cfg["game"], "")
        ui.set_text(self.title, t)
        items = m.items
        sel = m.sel
        if sel < self.top:
            self.top = sel
        if sel >= self.top + self.n:
            self.top = sel - self.n + 1
        on = []
        off = []
        cur = []
        rows = []
        for i in range(self.n):
            k = self.top + i
            txt = ""
            if k < len(items):
                it = items[k]
                txt = m.item_text(it)
                if it[0] in ("cfg", "rule"):  # left/right change it
                    txt = ("<%s>" if k == sel else " %s") % txt
                else:
                    txt = (">%s" if k == sel else " %s") % txt
                txt = ui.fit(txt, self.w - 4)
                if k == sel:
                    cur.append(txt)
                    on.append("")
                    off.append("")
                elif m.item_enabled(it):
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
        ui.set_text(self.note, "\n".join(wrap([m.note() or s.notice], self.chars)[:2]))
        ui.set_text(self.msg, ui.fit(s.msg or (s.notice if s.screen == "title" else ""), self.w),
                    ui.YELLOW if s.msg else ui.RED)
