# The board screen drawn straight to the panel (firmware/views/paint.py's view: a game's board
# view with paint.py's pits, lines and bar, through firmware/views/direct.py) is, pixel for
# pixel, the board displayio draws, in every game at every screen size, as one game goes on: at
# rest, with the hint, cursor steps, at the direction prompt, mid-sowing, after it, while the AI
# thinks (its progress bar); each picture sent as changes to the one before (a pit sent again
# only when it changed).
import pytest

from test_app_render import SIZES, load, press, setup_app, shot
from boards.headless import FrameBus
from firmware.games import part
from firmware.views import direct, paint


class Twin:
    """The direct board of the app's session, on a panel of its own (the app's display's
    size), updated as the app's displayio board is drawn."""

    def __init__(self, app):
        d = app.board.display
        self.d = d
        self.buf = bytearray(len(d.buf))
        self.panel = direct.Panel(FrameBus(self.buf, d.width, d.height), d.width, d.height)
        s = app.session
        self.drawn = -1
        self.view = paint.view(part(s.cfg["game"], "view").View, d.width, d.height, s, self.panel)

    def check(self, app, what):
        d = shot(app)
        s = app.session
        before = self.panel.total
        # as App.render: only the corner (the AI's bar) when the session did not change
        if s.version != self.drawn or not self.view.tick(s):
            self.view.update(s)
        self.drawn = s.version
        w = d.width
        bad = [(i // 2 % w, i // 2 // w) for i in range(0, len(d.buf), 2)
               if d.buf[i:i + 2] != self.buf[i:i + 2]]
        assert not bad, "%s: %d pixels differ, first %s" % (what, len(bad), bad[:8])
        return self.panel.total - before


def walk(app, s, game):
    """(what, check) at each step of a game: the direct twin made at its first board."""
    twin = Twin(app)
    yield twin, "start"
    press(s, "x")  # the hint
    s.tick(s.now + 10, ms=-1)
    s.tick(s.now + 10, ms=-1)
    yield twin, "hint"
    cells = {int(t.split(":")[-1].rstrip("+-*")) for _, t in s.legal}
    for _ in range(40):
        if s.play.cursor in cells:
            break
        press(s, "right")
        yield twin, "cursor step"
    press(s, "a")
    if s.phase == "choose":
        yield twin, "choose"
        press(s, "right")
        yield twin, "choose, the other way"
        press(s, "a")
    s.cfg["anim"] = "normal"
    n = 0
    while s.phase == "anim" and n < 12:
        s.tick(s.now + 100)
        n += 1
        yield twin, "sowing %d" % n
    while s.phase == "anim":
        s.tick(s.now + 100)
    yield twin, "sown"


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", ("oanquan", "sanyao", "omweso"))
def test_the_direct_board_is_the_displayio_board(game, size):
    app, s = setup_app(size[0], size[1], game)
    s.new_game()
    load(s, game)
    shot(app)
    for twin, what in walk(app, s, game):
        twin.check(app, what)


@pytest.mark.parametrize("size", ((320, 240), (160, 128)), ids=("320x240", "160x128"))
def test_the_direct_board_shows_the_ais_progress_as_displayio_does(size):
    app, s = setup_app(size[0], size[1], "omweso", mode="ai")
    s.cfg["starts"] = "ai"
    s.new_game()
    shot(app)
    twin = Twin(app)
    twin.check(app, "the AI's turn")
    bars = set()
    for i in range(6):  # the app's passes: the AI's search in slices, its bar redrawn (tick)
        app.step(s.now + 50)
        bars.add(app.view.frame.bar_v)
        twin.check(app, "the AI thinking, pass %d" % i)
        if s.phase != "ai":
            break
    assert len(bars - {-2}) >= 2, bars  # the bar was drawn, and moved on
