# San-Yao screen: 5 holes per row, stores at the ends (S1 left, S0 right), the controller of each
# hole shown by its colour, sons marked "*", loans owed, round number.
from firmware.views import ui
from firmware.views.board import BoardView


class View(BoardView):
    def layout(self, s):
        cw, rh, x0, y0 = self.two_rows()
        for i in range(10):
            if i < 5:
                p = self.pit(x0 + (i + 1) * cw + 1, y0 + rh + 1, cw - 2, rh - 2)
            else:
                p = self.pit(x0 + (10 - i) * cw + 1, y0 + 1, cw - 2, rh - 2)
            self.pits[i] = p
        self.pits["s1"] = self.pit(x0 + 1, y0 + 1, cw - 2, 2 * rh - 2)
        self.pits["s0"] = self.pit(x0 + 6 * cw + 1, y0 + 1, cw - 2, 2 * rh - 2)

    def extra(self, s):
        return "R%d" % s.snap["round"] if s.snap else ""

    def draw(self, s, scene, styles):
        hl = scene["holes"]
        c = scene["control"]
        for i in range(10):
            home = 0 if i < 5 else 1
            son = c[i] != home
            text = ("*" + str(hl[i])) if son else None  # ("s9" read as 59)
            self.pits[i].draw(hl[i], styles.get(i, ""), ui.BODY1 if c[i] else ui.BODY, 0, text, i)
        st = scene["store"]
        self.pits["s0"].draw(st[0], "", ui.BODY, 0)
        self.pits["s1"].draw(st[1], "", ui.BODY1, 0)
        nm = s.names()
        for p, lb in ((0, self.info0), (1, self.info1)):
            t = "%s: store %d" % (nm[p], st[p])
            if scene["owed"][p]:  # (one way to say the loan: "lends 2 to", "owes 2", "repays")
                t += " owes %d" % scene["owed"][p]
            ui.set_text(lb, ui.fit(t, self.w))
