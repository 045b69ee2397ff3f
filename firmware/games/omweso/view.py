# Omweso screen: 4 rows of 8 pits seen from one player's side (the mover's in a two-player game,
# the human's against the AI): the viewer's outer row at the bottom, inner row above it.
from firmware.views import ui
from firmware.views.board import BoardView
from firmware.games.omweso import adapter as G

LINE = ui.CH_H + 1
_PIT_W = 32
_PIT_H = 35


class View(BoardView):
    def layout(self, s):
        w = self.w
        h = self.h
        cw = (w - 2) // 8
        lines = 3 if h >= 200 else 2
        bh = h - lines * LINE - 2
        # pits at most 32 px wide (a 4-colour bitmap row is then 2 words, not 3: 6 KB less heap
        # at 320x240, where the cells are 39 px wide), at most 1.2 times as tall as wide, as on
        # the 240x240 boards, and at most 35 px tall (at 320x240 2.3 KB less heap next to the
        # AI's search: the opening's lowest point there was 0.6 KB short of 40 KB on the chip)
        pw = cw - 2 if cw - 2 < _PIT_W else _PIT_W
        rh = min((bh - 4) // 4, pw * 12 // 10 + 2, _PIT_H + 2)
        x0 = (w - 8 * cw) // 2
        y0 = LINE + 1 + (bh - 4 * rh) // 2 + (LINE // 2 if lines == 3 else 0)
        g = self.group
        self.cw, self.rh, self.x0, self.y0 = cw, rh, x0, y0
        self.info = ui.label(g, "", w // 2, h - 2 * LINE, ui.TEXT, (0.5, 0)) if lines == 3 \
            else None
        px = (cw - pw) // 2
        self.slot = []  # the pits by screen position (G.slot_index)
        sheet = ui.Sheet(pw, rh - 2, 32)  # one bitmap for the 32 pits
        for row in range(4):
            for col in range(8):
                y = y0 + 2 + (3 - row) * rh + (2 if row < 2 else -2)  # a gap between the sides
                self.slot.append(ui.Pit(g, x0 + col * cw + px, y + 1, pw, rh - 2, "box", sheet,
                                        len(self.slot)))
        self.shown = -1

    def viewer(self, s):
        m = s.cfg["mode"]
        if m == "two":
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
        ev = s.anim_event
        if s.phase == "anim" and s.anim_ev == "capture" and ev is not None:
            for pit in ev.get("pits", ()):
                st[(1 - s.anim_player) * 16 + pit] = "capture"
        return st

    def extra(self, s):
        sn = s.snap
        if not sn:
            return ""
        return "G%d %d-%d" % (sn["game_no"], sn["points"][0], sn["points"][1])

    def pit_at(self, s, p, pit):
        return self.slot[G.slot_index(p, pit, self.viewer(s))]

    def draw(self, s, scene, styles):
        v = self.viewer(s)
        pits = scene["pits"]
        if s.phase == "setup" and s.play.setup is not None:
            pits = [list(pits[0]), list(pits[1])]
            pits[s.mover()] = s.play.setup
        for p in (0, 1):
            body = ui.BODY if p == v else ui.BODY1
            for i in range(16):
                self.slot[G.slot_index(p, i, v)].draw(pits[p][i], styles.get(p * 16 + i, ""),
                                                    body, 0, None, i)
            # the first drawing of 32 pits leaves ~4 KB of garbage (small tuples per pit): the
            # app may collect half-way (App.tidy), so that it does not pile up at once
            s.tidy()
        if self.info is not None:  # the points in player order, as the status line has them
            nm = s.names()
            pt = scene["points"]
            t = "%s %dpt  %s %dpt  to %d" % (nm[0], pt[0], nm[1], pt[1],
                                           scene["rules"]["match_points"])
            ui.set_text(self.info, ui.fit(t, self.w))
