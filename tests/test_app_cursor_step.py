# A cursor step on the board sends the panel the two pits it moves between and nothing else
# (issue 53: only what changed is sent), yet any other change is drawn: the picture always
# equals a view built anew from the same session.
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
def test_a_cursor_step_sends_only_the_two_pits_it_moves_between(game):
    app, s = shown(320, 240, game)
    v = app.view
    for key in ("right", "right", "left"):
        at = v.pit_of(s, v.key_of(s, s.play.cursor, s.mover()))
        press(s, key)
        to = v.pit_of(s, v.key_of(s, s.play.cursor, s.mover()))
        assert to is not at, "the test position lets the cursor move"
        sent = app.panel.total
        got = bytes(shot(app).buf)
        assert app.panel.total - sent == at.w * at.h + to.w * to.h
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
