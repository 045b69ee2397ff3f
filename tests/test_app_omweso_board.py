# Omweso's board: seen from the mover, its free set-up screen, and its 32 pits drawn straight to
# the panel (firmware/games/omweso/view.py's Layers) where the render checks of
# test_app_render.py find every pit, each sent alone when it changes, every count drawn within
# its pit.
import pytest

from test_app_render import SIZES, check_board, load, press, setup_app, shot, shown
from boards import headless
from boards.headless import to565
from firmware.app import App
from firmware.views import ui
from firmware.games.omweso import adapter as g_omweso


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_omweso_pits_are_32_places_on_the_panel_and_nothing_of_displayio(size):
    # firmware/games/omweso/view.py's Layers: no bitmap or displayio object per pit, 32 pits
    # each in its own place on the screen, none over another; every pit drawn where check_board
    # finds it
    app, s = shown(size[0], size[1], "omweso")
    v = app.view
    pits = [v.layers.pit(k) for k in range(32)]
    w, h = size
    for i, p in enumerate(pits):
        assert 0 <= p.x and p.x + p.w <= w and 0 <= p.y and p.y + p.h <= h, i
        for q in pits[:i]:
            assert p.x + p.w <= q.x or q.x + q.w <= p.x or p.y + p.h <= q.y or \
                q.y + q.h <= p.y, (i, q)
    assert app.direct and len(app.root) == 0
    check_board(app, s)


def test_omweso_styled_pits_are_drawn_and_sent_alone():
    # a pit's style (or another body) is drawn when it changes, its own rectangle only sent;
    # back to the plain look, the pit is as before
    app, s = shown(320, 240, "omweso")
    v = app.view
    L = v.layers
    d = app.board.display
    styled = [(0, "cursor"), (3, "last"), (9, "hint"), (17, "capture"), (20, "capture"),
              (30, "next"), (12, "active")]
    for k, st in styled:
        p = L.pit(k)
        sent = app.panel.total
        new = p.state[1] != st
        L.draw(k, p.state[0], st, p.state[2], 0, None, p.state[5])
        assert app.panel.total - sent == (p.w * p.h if new else 0)
    for k, st in styled:
        p = L.pit(k)
        assert d.pixel(p.x + p.w // 2, p.y) == to565(ui.STYLE_RING[st]), (k, st)
        if st == "capture":
            assert d.pixel(p.x + 3, p.y + p.h // 2) == to565(0xA03020)
    p = L.pit(5)  # the other side's body on this side
    L.draw(5, p.state[0], "", ui.BODY1, 0, None, p.state[5])
    assert d.pixel(p.x + 3, p.y + p.h // 2) == to565(ui.BODY1)
    sent = app.panel.total
    L.draw(5, p.state[0], "", ui.BODY1, 0, None, p.state[5])
    assert app.panel.total == sent  # the same again: nothing sent
    for k in [k for k, _ in styled] + [5]:
        p = L.pit(k)
        L.draw(k, p.state[0], "", ui.BODY if k < 16 else ui.BODY1, 0, None, p.state[5])
    for k, _ in styled:
        p = L.pit(k)
        assert d.pixel(p.x + p.w // 2, p.y) == to565(ui.RING), k
        assert d.pixel(p.x + 3, p.y + p.h // 2) == to565(ui.BODY if k < 16 else ui.BODY1), k


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_omweso_setup_screen(size):
    app, s = setup_app(size[0], size[1], "omweso")
    s.rules_for("omweso")["setup"] = "free"
    s.new_game()
    assert s.phase == "setup"
    press(s, "b", "up", "a", "b")
    shot(app)
    check_board(app, s)
    assert "hand 1" in app.view.frame.msg.text or s.msg


def test_omweso_board_seen_from_the_mover():
    app, s = setup_app(320, 240, "omweso")
    s.new_game()
    load(s, "omweso")  # player 1 to move: player 1's outer row at the bottom
    shot(app)
    v = app.view
    assert v.viewer(s) == 1
    L = v.layers
    assert (v.pit_at(s, 1, 0).x, v.pit_at(s, 1, 0).y) == (L.pit(0).x, L.pit(0).y)
    assert (v.pit_at(s, 0, 0).x, v.pit_at(s, 0, 0).y) == (L.pit(31).x, L.pit(31).y)
    assert g_omweso.screen_pos(0, 15, 1) == (7, 2)
    for viewer in (0, 1):  # the viewer's pits where grid() puts them, the opponent's mirrored
        for pit in range(16):
            assert g_omweso.screen_pos(viewer, pit, viewer) == g_omweso.grid(pit, viewer)
            col, row = g_omweso.screen_pos(1 - viewer, pit, viewer)
            assert (col, row) == ((7 - pit, 3) if pit < 8 else (pit - 8, 2))


def test_blitz_countdown_moves_on_without_a_new_version():
    # the countdown is redrawn alone (BoardView.tick) while nothing else changes; when its width
    # changes ("10s" -> "9s") the whole view is updated, the status line getting the room
    app = App(headless.make(240, 240), store=None, ai_ms=20)
    s = app.session
    s.cfg["game"] = "omweso"
    s.cfg["mode"] = "two"
    s.cfg["blitz"] = 10
    s.new_game()
    while s.phase == "setup":
        s.press("a", s.now)
    app.render()
    f = app.view.frame
    assert f.think.text == "10s"
    v = s.version
    s.now = s.turn_at + 1500
    app.render()
    assert f.think.text == "9s" and s.version == v
    s.now = s.turn_at + 2500
    updates = []
    full = app.view.update
    app.view.update = lambda s_: updates.append(1) or full(s_)
    app.render()
    assert f.think.text == "8s" and updates == []  # same width: the corner alone
    # across the clock's wrap (CircuitPython's ticks_ms wraps 65 s after boot): 1.5 s is 1.5 s
    s.turn_at = 0x1FFFFFFF - 500
    s.now = (s.turn_at + 1500) & 0x1FFFFFFF
    app.view.update = full
    app.render()
    assert f.think.text == "9s"


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_omweso_pits_show_every_count_within_themselves(size):
    # every count Omweso can show (0-64 seeds, with and without the pit's number above them):
    # its seeds as dots where they fit, its count's digits, nothing drawn outside the pit
    import pit_model as M
    from firmware.views import direct, paint
    app, s = shown(size[0], size[1], "omweso")
    q = app.view.layers.pit(9)  # a pit inside a row
    w, h = size
    buf = bytearray(2 * w * h)
    panel = direct.Panel(headless.FrameBus(buf, w, h), w, h)
    p = paint.Pit(panel, q.x, q.y, q.w, q.h, "box", ui.RING)
    for count in range(65):
        for num in (-1, 9):
            buf[:] = bytes(len(buf))
            p.draw(count, "", ui.BODY, 0, None, num)
            lit = [i // 2 for i in range(0, len(buf), 2) if buf[i] or buf[i + 1]]
            assert all(q.x <= i % w < q.x + q.w and q.y <= i // w < q.y + q.h for i in lit)
            t = str(count)
            tx, ty, sc = M.text_origin(p, t)
            assert 0 <= tx and tx + 4 * sc * len(t) - sc <= p.w, (count, num)
            dots = min(count, M.capacity(p)) * M.dot(p) ** 2
            if num >= 0 and not M.dots(p):  # a small pit's number: light on a dark tab
                dots += len(M.glyph_pixels(str(num), 3, 3, 1))
            n = sum(1 for i in lit if _rgb(buf, i) == to565(ui.STONE))
            assert n == dots + len(M.glyph_pixels(t, tx, ty, sc)), (size, count, num)


def _rgb(buf, i):
    return headless.rgb565_to_rgb(buf[2 * i] << 8 | buf[2 * i + 1])
