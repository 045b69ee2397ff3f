# O An Quan screen: 5 squares per row, a mandarin half-moon at each end (big stone + small stones),
# stocks, captured mandarins and debts of both players.
from firmware.views import ui
from firmware.views.pit import Pit
from firmware.views.board import BoardView


class View(BoardView):
    def layout(self, s):
        cw, rh, x0, y0 = self.two_rows()
        g = self.group
        for sq in range(12):
            if sq == 0:
                p = Pit(g, x0 + 1, y0 + 1, cw - 2, 2 * rh - 2, "left")
            elif sq == 6:
                p = Pit(g, x0 + 6 * cw + 1, y0 + 1, cw - 2, 2 * rh - 2, "right")
            elif sq < 6:
                p = Pit(g, x0 + sq * cw + 1, y0 + rh + 1, cw - 2, rh - 2)
            else:
                p = Pit(g, x0 + (12 - sq) * cw + 1, y0 + 1, cw - 2, rh - 2)
            self.pits[sq] = p

    def draw(self, s, scene, styles):
        sq = scene["squares"]
        big = scene["big"]
        for i in range(12):
            b = big[i // 6] if i % 6 == 0 else 0
            self.pits[i].draw(sq[i], styles.get(i, ""), ui.BODY, b, None, i)
        nm = s.names()
        for p, lb in ((0, self.info0), (1, self.info1)):
            t = "%s %d" % (nm[p], scene["stock"][p])
            if scene["mandarins"][p]:
                t += " +%dQ" % scene["mandarins"][p]
            if scene["debt"][p]:
                t += " owes %d" % scene["debt"][p]
            ui.set_text(lb, ui.fit(t, self.w))
