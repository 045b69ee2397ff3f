# A cursor step on the board moves the cursor's ring and draws no pit again (issue 29: going over
# Omweso's 32 pits took 9-11 ms of a 20-40 ms step on the chip), yet any other change is drawn:
# the picture always equals a view built anew from the same session.
import pytest

from test_app_render import shown, shot, press


def draws(app):
    """Counts the calls of the board view's draw() from now on: a list whose length is it."""
    calls = []
    view = app.view
    real = view.draw

    def counted(s, scene, styles):
        calls.append(1)
        return real(s, scene, styles)

    view.draw = counted
    return calls


def fresh(app):
    """The panel's bytes of the same session drawn by a view built anew."""
    app.drop_view()
    app.collect()
    return bytes(shot(app).buf)


@pytest.mark.parametrize("game", ["oanquan", "sanyao", "omweso"])
def test_a_cursor_step_draws_the_ring_only(game):
    app, s = shown(320, 240, game)
    calls = draws(app)
    for key in ("right", "right", "left"):
        at = s.play.cursor
        press(s, key)
        assert s.play.cursor != at, "the test position lets the cursor move"
        got = bytes(shot(app).buf)
        assert calls == [], "a cursor step drew the pits again"
        assert app.view.bars is not None and not app.view.bars[0].hidden
    assert got == fresh(app)


@pytest.mark.parametrize("game", ["oanquan", "omweso"])
def test_what_is_not_the_cursor_is_drawn(game):
    app, s = shown(320, 240, game)
    press(s, "right")
    shot(app)
    # a hint marks a pit (its style), the names change with the mode: each is drawn
    s.hint = s.play.cursor
    s.version += 1
    calls = draws(app)
    got = bytes(shot(app).buf)
    assert calls == [1]
    assert got == fresh(app)
    s.hint = None
    s.cfg["mode"] = "ai"
    s.version += 1
    calls = draws(app)
    got = bytes(shot(app).buf)
    assert calls == [1]
    assert got == fresh(app)
