# A pit of firmware/views/pit.py drawn through the direct renderer (firmware/views/direct.py)
# instead of its own displayio bitmap: Pit's own drawing code, each of its rectangles a fill of
# the panel in its palette's colour (index 0, clear, the backdrop's black). Test code for issue
# 53's next step (the board's view on the renderer): tests/test_direct_pit.py checks it draws
# displayio's pixels, tests/test_device_direct.py times it on the chip. Runs on the chip too
# (its source is sent there), so it uses nothing but pit.py, ui.py and the Panel.
from firmware.views import ui
from firmware.views.pit import Pit


class PanelPit(Pit):
    def __init__(self, panel, x, y, w, h, shape="box"):
        self.panel = panel
        self.at = (x, y, w, h)
        if shape != "box":
            self.shape = shape
        self.state = None
        self.ink = (0, ui.BODY, ui.STONE, ui.RING)

    @property
    def x(self):
        return self.at[0]

    @property
    def y(self):
        return self.at[1]

    @property
    def w(self):
        return self.at[2]

    @property
    def h(self):
        return self.at[3]

    def _style(self, style, body):  # ui.palette's colours
        self.ink = (0, 0xA03020 if style == "capture" else body, ui.STONE,
                    ui.STYLE_RING.get(style, ui.RING))

    def _rect(self, x, y, w, h, v):
        if w > 0 and h > 0:
            self.panel.fill(self.at[0] + x, self.at[1] + y, w, h, self.ink[v])

    def _outline(self):
        if self.shape != "box":
            return Pit._outline(self)
        w, h = self.w, self.h  # pit.box_outline's ring, its corners clear (the body: Pit.draw)
        self._rect(0, 0, w, h, 3)  # (the whole window: the fast fill)
        for cx, cy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            self._rect(cx, cy, 1, 1, 0)

    def draw(self, count, style="", body=ui.BODY, big=0, text=None, num=-1):
        """The whole pit sent again (a panel keeps no layers: its ring and body are drawn too)."""
        self.panel.draw(self.x, self.y, self.w, self.h, _pen,
                        (self, (count, style, body, big, text, num)))
        return True


def _pen(panel, arg):
    pit, a = arg
    pit.state = None  # (Pit.draw draws only what changed since its last call: all, each strip)
    if pit.shape == "box":  # (a half-moon's Pit.draw draws its outline itself)
        pit._style(a[1], a[2])
        pit._outline()
    Pit.draw(pit, *a)
