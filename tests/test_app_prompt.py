# The direction prompt's mark on the board, and no full-screen bitmaps, rendered headless
# (boards/headless.py) at the four screen sizes. Split from tests/test_app_render.py, whose
# helpers it uses.
import pytest

from test_app_render import GAMES, SIZES, check_board, count, press, setup_app, shot, shown
from boards.headless import to565
from firmware.views import ui


def marked(app, pit):
    """Magenta (direction marker) pixels inside a pit, and on the whole screen."""
    d = app.board.display
    return (count(d, pit.x, pit.y, pit.w, pit.h, ui._MAGENTA),
            count(d, 0, 0, d.width, d.height, ui._MAGENTA))


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
def test_direction_prompt_marks_the_next_pit(size):
    # O An Quan: the square the first stone goes to in the selected direction has the magenta
    # ring, and only it; the mark follows the D-pad
    app, s = shown(size[0], size[1], "oanquan")
    v = app.view
    for sq, b, nxt in ((4, "right", 5), (4, "left", 3), (5, "right", 6), (2, "left", 1)):
        s.phase = "select"
        s.play.cursor = sq
        press(s, "a", b)
        assert s.phase == "choose"
        shot(app)
        check_board(app, s)
        inside, total = marked(app, v.pits[nxt])
        assert inside > 10 and inside == total, (sq, b, inside, total)
        if v.pits[nxt].shape == "box":
            d = app.board.display
            pit = v.pits[nxt]
            assert d.pixel(pit.x + pit.w // 2, pit.y) == to565(ui._MAGENTA)
            assert d.pixel(pit.x, pit.y + pit.h // 2) == to565(ui._MAGENTA)
        press(s, "b")
    shot(app)
    assert marked(app, v.pits[3])[1] == 0  # no prompt, no mark
    # Omweso, a mid-move choice point: the mark is next to the lap's start pit (white ring), on
    # the anticlockwise side for "+", the clockwise side for "-"
    app, s = shown(size[0], size[1], "omweso")
    v = app.view
    s.play.cursor = 0
    press(s, "a")  # the first choice point, at the start of the move: from the cursor pit
    shot(app)
    inside, total = marked(app, v.pit_at(s, 1, 1))
    assert inside > 10 and inside == total
    press(s, "right", "a")  # "-" at the first choice point, then the second one
    assert s.phase == "choose" and s.play.prefix == "-"
    lap = s.anim.at
    seen = set()
    for _ in range(2):
        press(s, "right")
        ch = s.play.opts[s.play.opt_i]
        seen.add(ch)
        nxt = (lap - 1) & 15 if ch == "-" else (lap + 1) & 15
        shot(app)
        check_board(app, s)
        inside, total = marked(app, v.pit_at(s, 1, nxt))
        assert inside > 10 and inside == total, (ch, nxt, inside, total)
        st = v.pit_at(s, 1, lap)
        assert app.board.display.pixel(st.x + st.w // 2, st.y) == to565(ui.TEXT)
    assert seen == {"+", "-"}


def test_no_full_screen_bitmaps():
    from displayio import Bitmap, TileGrid, Group
    for (w, h) in SIZES:
        for game in GAMES:
            app, s = setup_app(w, h, game)
            s.new_game()
            app.render()
            stack = [app.root]
            while stack:
                g = stack.pop()
                for el in g:
                    if isinstance(el, Group):
                        stack.append(el)
                    elif isinstance(el, TileGrid):
                        bmp = el.bitmap
                        if isinstance(bmp, Bitmap) and bmp.width * bmp.height >= w * h:
                            # only 1-colour backgrounds may cover the screen
                            assert el.pixel_shader is not None and len(el.pixel_shader) == 1
