# Omweso screen: 4 rows of 8 pits seen from one player's side (the mover's in a two-player game,
# the human's against the AI): the viewer's outer row at the bottom, inner row above it.
from firmware.views import ui
from firmware.views.board import BoardView
from firmware.views.paint import pen, pit_pen, same, Pit
from firmware.games.omweso import adapter as G
from engine.compat import const

LINE = ui.CH_H + 1
_PIT_W = const(32)
_PIT_H = const(35)


class View(BoardView):
    def layout(self, s):
        w = self.w
        h = self.h
        cw = (w - 2) // 8
        lines = 3 if h >= 200 else 2
        bh = h - lines * LINE - 2
        # pits at most 32 px wide, at most 1.2 times as tall as wide, as on the 240x240 boards,
        # and at most 35 px tall (sizes chosen when each pit was its own 4-colour bitmap)
        pw = cw - 2 if cw - 2 < _PIT_W else _PIT_W
        rh = min((bh - 4) // 4, pw * 12 // 10 + 2, _PIT_H + 2)
        x0 = (w - 8 * cw) // 2
        y0 = LINE + 1 + (bh - 4 * rh) // 2 + (LINE // 2 if lines == 3 else 0)
        self.cw, self.rh, self.x0, self.y0 = cw, rh, x0, y0
        self.info = self.label(w // 2, h - 2 * LINE, ui.TEXT) if lines == 3 else None
        px = (cw - pw) // 2
        # the pits by screen position (G.slot_index: row * 8 + column, rows from the bottom);
        # the viewer's half 2 px lower, the other's 2 px higher, for a gap between the sides
        self.layers = t = Layers(self.screen, ((x0 + px, y0 + 2 * rh + 5), (x0 + px, y0 + 1)), 8,
                                 2, cw, rh, pw, rh - 2)
        self.parts.append(t)

    def viewer(self, s):
        m = s.cfg["mode"]
        if m == "two" and s.lesson is None:  # (a lesson: always the player's side)
            if s.phase == "anim" and s.last is not None:
                return s.last[1]
            return s.mover()
        if m == "demo":
            return 0
        return s.human

    def key_of(self, s, cell, player=0):
        return player * 16 + cell  # an int: a tuple per pit and redraw would be garbage

    def styles(self, s):
        st = BoardView.styles(self, s)
        a = s.anim
        if s.phase == "anim" and a.ev == "capture" and a.event is not None:
            for pit in a.event.get("pits", ()):
                st[(1 - a.player) * 16 + pit] = "capture"
        return st

    def extra(self, s):
        sn = s.snap
        if not sn:
            return ""
        return "G%d %d-%d" % (sn["game_no"], sn["points"][0], sn["points"][1])

    def pit_at(self, s, p, pit):
        return self.layers.pit(G.slot_index(p, pit, self.viewer(s)))

    def pit_of(self, s, key):
        return self.pit_at(s, key // 16, key % 16)

    def draw(self, s, scene, styles):
        v = self.viewer(s)
        pits = scene["pits"]
        if s.phase == "setup" and s.play.setup is not None:
            pits = [list(pits[0]), list(pits[1])]
            pits[s.mover()] = s.play.setup
        for p in (0, 1):
            body = ui.BODY if p == v else ui.BODY1
            drawn = 0
            for i in range(16):
                if self.layers.draw(G.slot_index(p, i, v), pits[p][i],
                                    styles.get(p * 16 + i, ""), body, 0, None, i):
                    drawn += 1
                # a pit drawn anew leaves ~100 B of garbage (its count's text, a few tuples):
                # the app may collect after each row of 8 (App.tidy) so that a whole board's
                # does not pile up (~2 KB under the low of a game on the chip); not for a pit or
                # two (a cursor step waited ~30 ms for a collection before its picture)
                if i % 8 == 7 and drawn > 4:
                    s.tidy()
                    drawn = 0
        if self.info is not None:  # the points in player order, as the status line has them
            nm = s.names()
            pt = scene["points"]
            t = "%s: %dpt  %s: %dpt  to %d" % (nm[0], pt[0], nm[1], pt[1],
                                           scene["rules"]["match_points"])
            ui.set_text(self.info, ui.fit(t, self.w))


class Layers:
    """Omweso's pits on the panel, drawn by firmware/views/paint.py's pen as a Pit is (pit k:
    row k // cols from the bottom, column k % cols; each half's top-left pit at
    origins[half]), their numbers dark. No object per pit (32 of them
    next to the AI's search): each pit's state in one list (a Pit's, see Pit.draw)."""

    def __init__(self, screen, origins, cols, rows, cw, rh, pw, ph):
        self.screen = screen
        self.cols = cols
        self.rows = rows
        self.origins = origins
        self.cw = cw
        self.rh = rh
        self.w = pw
        self.h = ph
        self.state = [None] * (2 * rows * cols)
        self.k = 0  # the pit being drawn

    def row_x(self, r):
        return self.origins[r // self.rows][0]

    def row_y(self, r):
        rows = self.rows
        return self.origins[r // rows][1] + (rows - 1 - r % rows) * self.rh

    def draw(self, k, count, style, body, big, text, num):
        if same(self.state[k], count, style, body, big, text, num):
            return False
        self.state[k] = (count, style, body, big, text, num)
        self.k = k
        self.screen.draw(self.row_x(k // self.cols) + k % self.cols * self.cw,
                         self.row_y(k // self.cols), self.w, self.h, pen, self, True)
        return True

    def paint(self, p, x0=0, y0=0, x1=-1, y1=-1):
        """Pit k (draw()'s) into p's strip, or (x1 >= 0) the pits in the screen's rectangle x0,
        y0 to x1, y1 (not included)."""
        area = x1 >= 0  # (a range either way: a tuple of one pit was made at every frame)
        for k in range(0 if area else self.k, len(self.state) if area else self.k + 1):
            st = self.state[k]
            x = self.row_x(k // self.cols) + k % self.cols * self.cw
            y = self.row_y(k // self.cols)
            if st is not None and (x1 < 0 or x < x1 and x0 < x + self.w and y < y1 and
                                   y0 < y + self.h):
                pit_pen(p, x, y, self.w, self.h, "box", None, st, ui.RING)

    def pit(self, k):
        """Pit k as a Pit (its place, size and state: to read; drawn by draw(k, ...))."""
        p = Pit(self.screen, self.row_x(k // self.cols) + k % self.cols * self.cw,
                self.row_y(k // self.cols), self.w, self.h, "box", ui.RING)
        p.state = self.state[k]
        return p
