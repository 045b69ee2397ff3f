# The pause menu's view: a box over the board, just big enough for its rows, so that closing it
# sends the panel only the box's area of the board (App.render keeps the board's view under it).
# Its rows are a TileGrid each over the labels' glyph atlas, in one of three shared palettes (the
# board, the AI's buffers and this box share the heap: a Label a row took ~3 KB more), and the
# text is on the box's colour: displayio draws a letter's pixels once, not over the box.
import displayio
from firmware.views import ui
from firmware.views.label import glyphs, tile_of
from firmware.common import key

W = 96  # its longest row ("<Quit to menu>") and a margin: 6 tiles of 16 (ui.backdrop)
LINE = ui.CH_H  # the rows touch: each row is opaque
_NONE = 255  # (label.tile_of: no glyph)


class PauseView:
    box = True

    def __init__(self, w, h, s):
        n = len(s.scr.items)
        bw = min(w, W)
        bh = min(h, ((n + 2) * LINE + 4 + 15) // 16 * 16)  # whole tiles of the backdrop
        self.group = g = displayio.Group(x=(w - bw) // 2, y=(h - bh) // 2)
        self.w = bw
        self.h = bh
        self.line = LINE
        ui.backdrop(g, bw, bh, ui.PANEL)
        self.title = ui.label(g, "", bw // 2, 2, ui.YELLOW, (0.5, 0), ui.PANEL)
        self.n = min(n, (bh - 4) // LINE - 2)  # its rows, under the title, above its keys
        self.chars = (bw - 4) // ui.CH_W
        atlas, tw, th = glyphs()
        self.pals = []  # selected, enabled, disabled
        for c in (ui.YELLOW, ui.TEXT, ui.DIM):
            p = displayio.Palette(2)
            p[0] = ui.PANEL
            p[1] = c
            self.pals.append(p)
        self.lines = []
        for i in range(self.n):
            tg = displayio.TileGrid(atlas, pixel_shader=self.pals[1], width=self.chars, height=1,
                                    tile_width=tw, tile_height=th, default_tile=0, x=2,
                                    y=self.row_y(i))
            g.append(tg)
            self.lines.append(tg)
        # its own keys' line (the board's "A: play" showed under it), dim: a row as the others
        tg = displayio.TileGrid(atlas, pixel_shader=self.pals[2], width=self.chars, height=1,
                                tile_width=tw, tile_height=th, default_tile=0, x=2,
                                y=self.row_y(self.n))
        g.append(tg)
        t = "%s: ok  %s: back" % (key(s, "a"), key(s, "b"))
        self._text(tg, " " * ((self.chars - len(t)) // 2) + t)
        self.top = 0
        self.rows = [""] * self.n  # the text of each visible row (for tests)

    def row_y(self, i):
        """Top pixel row of visible row i (in the box)."""
        return 2 + (i + 1) * LINE

    def tick(self, s):
        return False  # nothing on it moves on its own

    def update(self, s):
        m = s.scr
        # what a press in it said ("Cannot undo"), else "Paused" (not what the last move did)
        ui.set_text(self.title, ui.fit(s.msg, self.w) if s.msg and not s.msg_move else "Paused")
        sel = m.sel
        if sel < self.top:
            self.top = sel
        if sel >= self.top + self.n:
            self.top = sel - self.n + 1
        for i in range(self.n):
            k = self.top + i
            it = m.items[k]
            row = (">" if k == sel else " ") + m.item_text(it)
            if i == 0 and self.top or i == self.n - 1 and k < len(m.items) - 1:
                row = (row + " " * 14)[:14] + ("^" if i == 0 else "v")  # more rows there
            if row != self.rows[i]:
                self.rows[i] = row
                self._text(self.lines[i], row)
            pal = self.pals[0 if k == sel else 1 if m.item_enabled(it) else 2]
            if self.lines[i].pixel_shader is not pal:
                self.lines[i].pixel_shader = pal

    def _text(self, tg, text):
        # only the tiles that change are set: only their pixels go to the panel
        for j in range(self.chars):
            v = tile_of(text[j]) if j < len(text) else 0
            if v == _NONE:
                v = 0
            if tg[j] != v:
                tg[j] = v
