# O An Quan screen: 5 squares per row, a mandarin half-moon at each end (big stone + small stones),
# stocks, captured mandarins and debts of both players.
from firmware.views import ui
from firmware.views.board import BoardView


class View(BoardView):
    def layout(self, s):
        cw, rh, x0, y0 = self.two_rows()
        for sq in range(12):
            if sq == 0:
                p = self.pit(x0 + 1, y0 + 1, cw - 2, 2 * rh - 2, "left")
            elif sq == 6:
                p = self.pit(x0 + 6 * cw + 1, y0 + 1, cw - 2, 2 * rh - 2, "right")
            elif sq < 6:
                p = self.pit(x0 + sq * cw + 1, y0 + rh + 1, cw - 2, rh - 2)
            else:
                p = self.pit(x0 + (12 - sq) * cw + 1, y0 + 1, cw - 2, rh - 2)
            self.pits[sq] = p

    def draw(self, s, scene, styles):
        sq = scene["squares"]
        big = scene["big"]
        for i in range(12):
            b = big[i // 6] if i % 6 == 0 else 0
            self.pits[i].draw(sq[i], styles.get(i, ""), ui.BODY, b, None, i)
        nm = s.names()
        for p, lb in ((0, self.info0), (1, self.info1)):
            # the name apart from the score ("AI 1 4" read "AI 14"); the mandarins in words
            # where they fit, else "+1Q" (Q: a mandarin, as the terminal's board says)
            t = "%s: %s" % (nm[p], scene["stock"][p])
            n = scene["mandarins"][p]
            d = " owes %d" % scene["debt"][p] if scene["debt"][p] else ""
            if n:
                m = " +%d mandarin%s" % (n, "s" if n > 1 else "")
                t += m if len(t + m + d) * ui.CH_W <= self.w else " +%dQ" % n
            ui.set_text(lb, ui.fit(t + d, self.w))
