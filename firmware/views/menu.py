# The menus' view (title, rule options, settings; the pause menu's box: views/pause.py).
# A label per row, each as wide as its text: a step redraws two rows, not the list.
import displayio
from firmware.views import ui, label
from firmware.views.gauge import battery, show
from engine.games import TITLES

LINE = ui.CH_H + 2
_COLORS = (ui.BG, ui.BOARD, ui.BODY, ui.STONE)  # the title's picture's (its palette)


class MenuView:
    TITLES = {"title": "MANCALA POCKET", "rules": "Rule options", "settings": "Settings"}

    def __init__(self, w, h, s, panel=None):
        self.w = w
        self.h = h
        self.panel = panel  # the title's picture, a Game-row change: straight to it (update)
        self.group = displayio.Group()
        g = self.group
        self.title = label.label(g, "", w // 2, 2, ui.YELLOW, (0.5, 0))
        self.n = max(3, (h - 4 * LINE - 4) // LINE)
        self.y0 = 4 + LINE
        # a label per row: a step recolours and re-marks two rows, and only their pixels are
        # sent to the panel (one label for all rows redrew the whole list, ~0.4 s at 320x240)
        self.lines = [label.Label(text="", color=ui.TEXT, x=2, y=self.row_y(i) + ui.CH_H // 2,
                               grid=(0, 1)) for i in range(self.n)]
        for lb in self.lines:
            g.append(lb)
        # the selected row's marks (">" before an action, "<" ">" round a value) are labels of
        # their own: a step moves them and recolours two rows, no row's text is drawn again
        self.mark_l = label.Label(text="", color=ui.YELLOW, x=2, y=self.y0 + ui.CH_H // 2)
        self.mark_r = label.Label(text="", color=ui.YELLOW, x=2, y=self.y0 + ui.CH_H // 2)
        g.append(self.mark_l)
        g.append(self.mark_r)
        # more rows above / below than the screen shows (160x128): "^" at the title's right
        # end, "v" under the list's (the rows themselves may be as wide as the screen)
        self.up = label.label(g, "", w - 2, 2, ui.CYAN, (1.0, 0))
        self.battery = battery(g, 2, 4)  # the title's: the board's battery gauge, if any
        self.down = label.label(g, "", w - 2, min(self.row_y(self.n), h - 4 * LINE + 7), ui.CYAN,
                             (1.0, 0))
        self.chars = (w - 4) // ui.CH_W
        # what the selected row is about, word-wrapped on two lines (nothing cut off): a label
        # of fixed width per line, so a new note sends each line's changed characters only
        # (the keys' hints share their start: "up/down: choose, A: select")
        self.note = [label.Label(text="", color=ui.CYAN, x=2, y=h - 3 * LINE + 3 + i * ui.CH_H +
                               ui.CH_H // 2, grid=(self.chars, 1)) for i in range(2)]
        for lb in self.note:
            g.append(lb)
        self.msg = label.label(g, "", w // 2, h - LINE + 1, ui.YELLOW, (0.5, 0))
        self.top = 0
        self.rows = [""] * self.n  # the text of each visible row (for tests)
        self.seen = None  # (screen, its stamp, top row, selected row) at the last update
        self.board = None  # the title's picture, made when the title shows (update)
        self.late = False  # its bitmap still to get the picture sent to the panel (settle)

    def row_y(self, i):
        """Top pixel row of visible row i."""
        return self.y0 + i * LINE

    def _mark(self, lb, text, x, y):
        ui.set_text(lb, text)
        if lb.x != x or lb.y != y:
            lb.x = x
            lb.y = y

    def tick(self, s):
        return False  # nothing on it moves on its own: App.render redraws it whole

    def settle(self):
        """After the refresh that showed a Game-row change (App.render): the title picture's
        bitmap gets what repaint sent, before displayio may need it again."""
        if self.late:
            self.late = False
            settle(self.board)

    def update(self, s):
        m = s.scr
        w, h = self.w, self.h
        if self.board is None and m.name == "title" and h >= 200:
            # room under the menu: a board drawn on it (made here, not at the start: back from
            # a lesson this view was built for Learn...)
            bw = min(w - 16, 224)
            self.board = mini_board(self.group, (w - bw) // 2, h - 3 * LINE - 52, bw, 44)
        if self.board is not None:  # the picture: on the title screen, below its rows
            tg, bmp, game = self.board[0], self.board[1], self.board[2]
            hide = m.name != "title" or self.row_y(min(len(m.items), self.n)) > tg.y
            shown = not tg.hidden and game is not None  # (displayio has drawn it)
            if tg.hidden != hide:
                tg.hidden = hide
            if not hide and game != s.cfg["game"]:  # the Game row changed: its own board
                self.board[2] = game = s.cfg["game"]
                if shown and self.panel is not None:  # straight to the panel (issue 53)
                    self.late = repaint(self.panel, self.board)
                else:  # displayio draws it as it shows it
                    draw(bmp, game)
        t = self.TITLES.get(m.name, "")
        if m.name in ("rules", "learn"):
            t = ("Rules: " if m.name == "rules" else "Learn ") + TITLES.get(s.cfg["game"], "")
        elif m.name == "problems":
            t = "%s problems" % TITLES.get(s.cfg["game"], "")
        ui.set_text(self.title, t)
        show(self.battery, s.idle.level if m.name == "title" else None)
        items = m.items
        sel = m.sel
        if sel < self.top:
            self.top = sel
        if sel >= self.top + self.n:
            self.top = sel - self.n + 1
        # a step within the same menu changes two rows: only they are made again
        same = self.seen is not None and self.seen[0] is m and self.seen[1] == m.stamp and \
            self.seen[2] == self.top
        was = self.seen[3] if same else -1
        self.seen = (m, m.stamp, self.top, sel)
        rows = self.rows
        for i in range(self.n):
            k = self.top + i
            if same and k != sel and k != was:
                continue
            txt = ""
            color = ui.TEXT
            if k < len(items):
                it = items[k]
                value = it[0] in ("cfg", "rule")  # left/right change it
                txt = ui.fit(("<%s>" if value else ">%s") % m.item_text(it), self.w - 4)
                color = ui.YELLOW if k == sel else ui.TEXT if m.item_enabled(it) else ui.DIM
                row = " " + txt[1:-1] if value and txt[-1:] == ">" else " " + txt[1:]
                if k == sel:
                    y = self.row_y(i) + ui.CH_H // 2
                    self._mark(self.mark_l, txt[0], 2, y)
                    self._mark(self.mark_r, ">" if len(row) < len(txt) else "",
                               2 + len(row) * ui.CH_W, y)
                else:
                    txt = row
                ui.set_text(self.lines[i], row, color)
            else:
                ui.set_text(self.lines[i], "", color)
            rows[i] = txt
        ui.set_text(self.up, "^" if self.top > 0 else "")
        ui.set_text(self.down, "v" if self.top + self.n < len(items) else "")
        if not items or not self.top <= sel < self.top + self.n:
            ui.set_text(self.mark_l, "")
            ui.set_text(self.mark_r, "")
        note = label.wrap([m.note() or s.notice], self.chars)
        for i in range(2):
            ui.set_text(self.note[i], note[i] if i < len(note) else "")
        ui.set_text(self.msg, ui.fit(s.msg or (s.notice if s.screen == "title" else ""), self.w),
                    ui.YELLOW if s.msg else ui.RED)


def mini_board(group, x, y, w, h):
    """The title screen's picture, [its TileGrid, its 4-colour bitmap, the game drawn on it, a
    bitmap to draw the next one aside (repaint)]: draw() draws the chosen game's board into it."""
    bmp = displayio.Bitmap(w, h, 4)
    pal = displayio.Palette(4)
    for i in range(4):
        pal[i] = _COLORS[i]
    tg = displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)
    group.append(tg)
    return [tg, bmp, None, None]


def repaint(panel, board):
    """A Game-row change: the title's picture (board: mini_board's list, its game the new one)
    sent straight to the panel (firmware/views/direct.py: displayio's compositor costs ~5 us a
    pixel, issue 53), in one strip (the fills run once per strip). True: its bitmap is to get
    the same picture later (settle), after the row's text is on the panel: ~20 ms of the
    press's answer on the chip. (Blinka's Bitmap has no buffer: drawn here as usual, the
    desktop's displayio then sends the same pixels again.)"""
    tg, bmp, game = board[0], board[1], board[2]
    was = panel.budget
    panel.budget = 2 * (bmp.width + 16) * (bmp.height + 16)  # (the strip as the panel turns)
    try:
        panel.draw(tg.x, tg.y, bmp.width, bmp.height, draw, board)
    except MemoryError:  # no room for one strip (before any pixel was sent): the usual ones
        panel.budget = was
        del panel.buf[:]
        panel.draw(tg.x, tg.y, bmp.width, bmp.height, draw, board)
    panel.budget = was
    del panel.buf[:]  # (the title keeps no strip)
    try:
        memoryview(bmp)  # type: ignore[arg-type]
    except TypeError:
        draw(bmp, game)
        return False
    return True


def settle(board):
    """The title picture's bitmap gets the picture repaint sent, where displayio does not see
    it (through its buffer: no area marked to refresh), so that any later refresh of that area
    sends the same pixels: drawn into a bitmap of its own (kept while the title shows), then
    copied (drawn into the shown bitmap, its area would be marked and composed again)."""
    bmp = board[1]
    if board[3] is None:
        board[3] = displayio.Bitmap(bmp.width, bmp.height, 4)
    draw(board[3], board[2])
    memoryview(bmp)[:] = memoryview(board[3])  # type: ignore[arg-type]


def draw(bmp, game):
    """A game's board at its start (its rows of pits, the seeds in them, its stores or mandarin
    squares: firmware/games/<game>/__init__.py DESC) over the whole title picture; or, as
    Panel.draw's pen (bmp the panel, game mini_board's list), into the strip it is sending.
    (Its names are ones the app has already: the chip keeps every new name for good.)"""
    from firmware.common import module
    if type(game) is list:  # the pen: each rectangle a fill of its colour at the picture's place
        p = bmp
        tg, bmp, game = game[0], game[1], game[2]

        def rect(b, x, y, w, h, v):
            if w > 0 and h > 0:
                p.fill(tg.x + x, tg.y + y, w, h, _COLORS[v])
    else:
        rect = label.rect
    _, cols, rows, ends, seeds = module("firmware.games." + game).DESC
    w, h = bmp.width, bmp.height
    rect(bmp, 0, 0, w, h, 1)  # the board (one fill of the whole: a word at a time, direct.py),
    for cx in (0, w - 2):  # its corners cut
        rect(bmp, cx, 0, 2, 2, 0)
        rect(bmp, cx, h - 2, 2, 2, 0)
    cw = w // (cols + (2 if ends else 0))
    x0 = (w - cw * cols) // 2
    if ends:
        for ex in (3, w - x0 + 1):
            rect(bmp, ex, 3, x0 - 4, h - 6, 2)
            if ends == 2:  # a mandarin square: rounded outside, its big stone inside
                rect(bmp, ex if ex == 3 else ex + x0 - 6, 3, 2, 2, 1)
                rect(bmp, ex if ex == 3 else ex + x0 - 6, h - 5, 2, 2, 1)
                rect(bmp, ex + (x0 - 4) // 2 - 3, h // 2 - 3, 6, 6, 3)
    ph = (h - 6) // rows
    dot = 3 if ph >= 14 else 2
    for r in range(rows):
        py = 3 + r * ph
        for c in range(cols):
            px = x0 + c * cw + 2
            rect(bmp, px, py, cw - 4, ph - 1, 2)
            n = seeds[r]
            cx = px + (cw - 4) // 2
            cy = py + (ph - 1) // 2
            d = dot + 1 if n == 5 else 0  # five: four corners spread, one in the middle
            for k in range(min(n, 4)):  # four seeds two by two
                rect(bmp, cx - dot - 1 - d + (dot + 2 + 2 * d) * (k & 1),
                        cy - dot - 1 - d + (dot + 2 + 2 * d) * (k >> 1), dot, dot, 3)
            if n == 5:
                rect(bmp, cx - dot // 2 - 1, cy - dot // 2 - 1, dot, dot, 3)
