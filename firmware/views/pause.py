# The pause menu's view: a box over the board, just big enough for its rows, drawn straight to
# the panel as the board is (firmware/views/direct.py, issue 53): a row sent when its text or
# colour changes; closing it draws again only the box's area of the board (App.drop_view).
from firmware.views import ui, font
from firmware.views.paint import pen
from firmware.common import key

W = 96  # its longest row ("<Quit to menu>") and a margin
LINE = ui.CH_H  # the rows touch: each row is opaque


class PauseView:
    box = True

    def __init__(self, w, h, s, panel):
        n = len(s.scr.items)
        bw = min(w, W)
        bh = min(h, ((n + 2) * LINE + 4 + 15) // 16 * 16)  # (16s: its size when a backdrop)
        self.screen = panel
        font.glyphs()  # the labels' atlas (its letters' widths place the title)
        self.x = (w - bw) // 2
        self.y = (h - bh) // 2
        self.w = bw
        self.h = bh
        self.line = LINE
        self.n = min(n, (bh - 4) // LINE - 2)  # its rows, under the title, above its keys
        self.chars = (bw - 4) // ui.CH_W
        self.top = 0
        # what each row shows: (text, colour); the title's row, the rows, its own keys' line
        # (the board's "A: play" showed under it), None till drawn
        self.state = [None] * (self.n + 2)
        t = "%s: ok  %s: back" % (key(s, "a"), key(s, "b"))
        self.keys = " " * ((self.chars - len(t)) // 2) + t
        self.at = -1  # the row being drawn (-1: the whole box)
        self.rows = [""] * self.n  # the text of each visible row (for tests)

    def row_y(self, i):
        """Top pixel row of visible row i (in the box)."""
        return 2 + (i + 1) * LINE

    def tick(self, s):
        return False  # nothing on it moves on its own

    def repaint(self, x, y, w, h):
        self.state = [None] * (self.n + 2)  # the whole box at the next update

    def update(self, s):
        m = s.scr
        # what a press in it said ("Cannot undo"), else "Paused" (not what the last move did)
        said = s.msg and not s.msg_move
        # (and the battery's level at its right, not over what a press said: docs/app.md)
        st = [(ui.fit(s.msg, self.w) if said else "Paused", ui.YELLOW,
               None if said else s.idle.level)]
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
            self.rows[i] = row
            st.append((row, ui.YELLOW if k == sel else ui.TEXT if m.item_enabled(it) else
                       ui.DIM, None))
        st.append((self.keys, ui.DIM, None))
        for i in range(len(st)):  # each row's tiles, decoded once (direct.Panel.glyphs)
            t = st[i][0]
            b = bytearray(len(t) + 1)
            n = font.decode(t, b)
            st[i] += (bytes(b[:n & 0xFFFF]), n >> 16 & 0x7F)
        old = self.state
        self.state = st
        if old[0] is None:
            self.at = -1
            self.screen.draw(self.x, self.y, self.w, self.h, pen, self)
            return
        for i in range(len(st)):
            if st[i] != old[i]:
                self.at = i
                self.screen.draw(self.x, self.y + (2 if i == 0 else self.row_y(i - 1)), self.w,
                                 LINE, pen, self)

    def paint(self, p):
        """The box (at: -1) or its row at (0: the title), on the box's colour. The rows of one
        colour are made that colour together (replace_color walks the whole strip at each call),
        from their tiles decoded once (update): on the Display Pack 2.0 each of the box's four
        strips holds 25 columns of every row, and with a call and a decoding per row per strip
        the box's last pixel came 253 ms after the press, 177 ms since."""
        p.fill(self.x, self.y, self.w, self.h, ui.PANEL)  # (clipped to the strip)
        st = self.state
        rows = range(len(st)) if self.at < 0 else (self.at,)
        done = []  # the colours made so far
        for j in rows:
            c = st[j][1]
            if c in done:
                continue
            done.append(c)
            for i in rows:
                if st[i][1] == c:
                    self.text(p, i)
            p.replace(1, c)
        v = st[0][2] if 0 in rows else None
        if v is not None:  # the battery icon (views/gauge.py's, 12x7), filled to v %
            x, y, c = self.x + self.w - 14, self.y + 4, ui.RED if v < 10 else ui.TEXT
            p.fill(x, y, 11, 7, c)
            p.fill(x + 11, y + 2, 1, 3, c)
            p.fill(x + 1, y + 1, 9, 5, ui.PANEL)
            p.fill(x + 1, y + 1, (9 * v + 99) // 100, 5, ui.RED if v < 10 else ui.GREEN)

    def text(self, p, i):
        """Row i's text (0: the title, in the middle) into the strip as 1s (paint colours it)."""
        t, n = self.state[i][3], self.state[i][4]  # its tiles, its width in cells (update)
        if i:
            return p.glyphs(self.x + 2, self.y + self.row_y(i - 1), t, None)
        p.glyphs(self.x + self.w // 2 - n * ui.CH_W // 2, self.y + 2, t, None)
