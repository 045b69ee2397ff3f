# Omweso's board: seen from the mover, its free set-up screen, and its pits in layers
# (firmware/views/layers.py: a 1-bit stone bitmap per row of pits, a shared frame tile, overlays
# for styled pits, a strip of pit numbers) - drawn where the render checks of test_app_render.py
# find every pit, and in the shape CircuitPython redraws cheaply.
import pytest

from test_app_render import SIZES, check_board, load, press, setup_app, shot, shown
from boards import headless
from boards.headless import to565
from firmware.app import App
from firmware.views import ui
from firmware.games.omweso import adapter as g_omweso


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_omweso_pits_are_layers_not_32_bitmaps(size):
    # views/layers.py: the 32 pits' stones in a 1-bit bitmap per row, body and ring from one
    # shared frame tile (on the chip ~3 KB less held, 2-4 KB more at a game's lowest): a
    # handful of TileGrids, not one per pit; every pit drawn where check_board finds it
    from displayio import TileGrid
    app, s = shown(size[0], size[1], "omweso")
    v = app.view
    L = v.layers
    pits = [L.pit(k) for k in range(32)]
    assert len({(p.k // L.cols, p.ox) for p in pits}) == 32  # each pit its own place
    assert sum(b.width * b.height for b in L.stones) <= 8 * v.cw * 4 * v.rh
    grids = [el for el in v.group if isinstance(el, TileGrid)]
    assert len(grids) < 24, len(grids)  # frames, overlays, stones, number rows, frame: not 32+
    # the bitmaps drawn into during play are each shown whole by one single-tile TileGrid:
    # CircuitPython redraws the whole of a multi-tile TileGrid when its bitmap changes (a
    # 16-tile stone layer cost ~0.5 s a frame on the chip)
    for tg in grids:
        if any(tg.bitmap is b for b in L.stones):
            assert (tg._width_in_tiles, tg._height_in_tiles) == (1, 1)
            assert tg._tile_width == tg.bitmap.width and tg._tile_height == tg.bitmap.height
    assert sum(1 for tg in grids if any(tg.bitmap is b for b in L.stones)) == 4
    check_board(app, s)


def test_omweso_styled_pits_take_an_overlay_and_give_it_back():
    # views/layers.py: a pit with a style (or another body) is shown by an overlay of the frame
    # tile in that palette; back to the half's plain look, the overlay is hidden and free again
    app, s = shown(320, 240, "omweso")
    v = app.view
    L = v.layers
    d = app.board.display
    for tg in v.bars:  # the app's own cursor ring (bars over pit 0) is not under test here
        tg.hidden = True
    styled = [(0, "cursor"), (3, "last"), (9, "hint"), (17, "capture"), (20, "capture"),
              (30, "next"), (12, "active")]
    for k, st in styled:
        p = L.pit(k)
        p.draw(p.state[0], st, p.state[2], 0, None, p.state[5])
    d.snapshot()
    assert sum(L.used) == len(styled)
    for k, st in styled:
        p = L.pit(k)
        assert d.pixel(p.x + p.w // 2, p.y) == to565(ui.STYLE_RING[st]), (k, st)
        if st == "capture":
            assert d.pixel(p.x + 3, p.y + p.h // 2) == to565(0xA03020)
    p = L.pit(5)  # the other side's body on this side: an overlay too
    p.draw(p.state[0], "", ui.BODY1, 0, None, p.state[5])
    assert sum(L.used) == len(styled) + 1
    for k in [k for k, _ in styled] + [5]:
        p = L.pit(k)
        p.draw(p.state[0], "", ui.BODY if k < 16 else ui.BODY1, 0, None, p.state[5])
    d.snapshot()
    assert sum(L.used) == 0 and all(tg.hidden for tg in L.over)
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
    assert v.pit_at(s, 1, 0).k == 0 and v.pit_at(s, 0, 0).k == 3 * 8 + 7
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
def test_omweso_stone_rows_hold_every_stone_and_digit_a_pit_draws(size):
    # views/layers.py keeps only the pit rows from y0 on in its stone bitmaps, as many as they
    # are high (the ring and, in pits with dots, the body's edge are never lit): every count Omweso can show (0-64 seeds, with
    # and without the pit's number above them) draws the very pixels a whole pit's bitmap
    # (views/pit.py) lights, none of them cut off
    import displayio
    from firmware.views.pit import Pit
    app, s = shown(size[0], size[1], "omweso")
    L = app.view.layers
    whole = Pit(displayio.Group(), 0, 0, L.pw, L.ph)
    sh = L.stones[0].height
    assert 0 < L.y0 and L.y0 + sh < L.ph
    k = 9  # a pit inside a row (its neighbours' pixels must stay as they are)
    row = L.stones[k // L.cols]
    ox = L.pit(k).ox
    for count in range(65):
        for num in (-1, k):
            whole.state = None
            whole.draw(count, num=num)
            L.draw(k, count, "", L.bodies[0], 0, None, num)
            lit = [(x, y) for y in range(L.ph) for x in range(L.pw) if whole.bmp[x, y] == 2]
            assert lit, (count, num)
            for x, y in lit:
                assert L.y0 <= y < L.y0 + sh, (count, num, x, y)
            got = [(x, y + L.y0) for y in range(sh) for x in range(L.pw)
                   if row[ox + x, y]]
            assert sorted(got) == sorted(lit), (size, count, num)
