# The review after a game drawn (issue 31 #3; firmware/review.py, firmware/screens/over.py): a
# game against the AI played to its end with the buttons, the review searched while the game-over
# screen shows, then its board page on each reviewed move (the position before it, the move
# played in the last move's colour and the better one in the hint's, what it lost and what the
# better one takes) and its score page, at every size, every pixel checked as the other screens'
# (tests/test_app_render.py). `python tests/test_app_review.py` writes the screenshots in
# docs/screenshots/ (review-*.png). Its logic on both interpreters: tests/portable/test_review.py.
import os

import pytest

from test_app_render import setup_app, shot, check_board, check_text, SIZES, GAMES, ROOT
from session_util import play_out, Clock, few
from firmware.views import ui


def _reviewed(w, h, game, setup="standard"):
    """A game against the AI (level 1, no animation) played to its end with the buttons and its
    review searched, drawn: (app, session)."""
    app, s = setup_app(w, h, game, mode="ai")
    s.cfg["anim"] = "off"
    if game == "omweso":
        s.rules_for("omweso").update({"match_points": 1, "setup": setup})
    s.new_game()
    c = Clock()
    play_out(s, c, 1500)
    assert s.screen == "summary" and s.scr.kind == "over"
    shot(app)
    assert not s.review.busy()  # not on the board page
    s.press("a")  # the score page: the review searches
    shot(app)
    assert app.view_key == "text" and s.review.busy()  # (its search made at the next pass)
    while s.review.busy():  # the app's loop: a pass draws, then searches until a button waits
        c.t += 1  # (its passes within the 30 s that dim the screen: tests/portable/test_idle.py)
        s.tick(c.t, few, -1)
        s.work(few, 0)
    s.press("b")  # back to the board
    shot(app)
    return app, s


def _walk(app, s, out=None):
    o = s.scr
    f = app.view.frame
    d = shot(app)
    check_board(app, s)
    assert f.status.text == ui.fit(o.final, app.view.w - 4)
    found = s.review.items
    if found:
        assert f.msg.text == "A: score  down: mistakes"  # (26 characters: a line at 160x128)
    for k, e in enumerate(found):
        s.press("down")
        d = shot(app)
        check_board(app, s)  # the position before the move, its pits and marks
        st = app.view.styles(s)
        assert st.get(app.view.key_of(s, s.hint, e[2])) == "hint"
        if s.hint != s.last[0]:
            assert st.get(app.view.key_of(s, s.last[0], e[2])) == "last"
        else:  # the same square the other way (issue 55 #8): where the better one sows first
            from firmware.common import suffix
            t = s.ad.next_cell(s.hint, suffix(e[5])[:1])
            assert t < 0 or st.get(app.view.key_of(s, t, e[2])) == "next"
        assert f.status.text == ui.fit(o.head, app.view.w - 4)
        assert f.msg.text == ui.fit(e[6], app.view.w) == e[6]  # the better move's why, whole
        if out is not None and k == 0:
            d.png(out["board"], 2)
    s.press("down")
    shot(app)
    check_board(app, s)
    assert f.status.text == ui.fit(o.final, app.view.w - 4)
    s.press("a")  # the score, then the review's list
    d = shot(app)
    check_text(app, s)
    lines = o.lines
    head = lines.index("Your costliest moves:")
    while o.top + app.view.n <= head + 3 * min(len(found), 2) or \
            not lines[o.top] and o.top < head:
        s.press("down")
    d = shot(app)
    check_text(app, s)
    assert "Your costliest moves:" in app.view.rows
    if out is not None:
        d.png(out["score"], 2)


@pytest.mark.parametrize("size", SIZES, ids=["%dx%d" % sz for sz in SIZES])
@pytest.mark.parametrize("game", GAMES)
def test_the_review_is_drawn(game, size):
    app, s = _reviewed(size[0], size[1], game)
    assert s.review.seen == s.review.moves > 0 and s.idle.light == 2
    _walk(app, s)


@pytest.mark.parametrize("size", ((160, 128), (240, 240), (320, 240)))
def test_the_final_boards_down_key_opens_the_review_and_its_line_says_so(size):
    # issue 55 #8: on the final board the review had found nothing yet (it searches on the
    # score page) and down did nothing; the line says it, down goes there
    app, s = setup_app(size[0], size[1], "oanquan", mode="ai")
    s.cfg["anim"] = "off"
    s.new_game()
    play_out(s, Clock(), 1500)
    shot(app)
    assert s.scr.page == 0 and s.review.busy() is False and not s.review.items
    assert app.view.frame.msg.text == "A: score  down: mistakes"
    s.press("down")
    shot(app)
    assert s.scr.page == 1 and app.view_key == "text" and s.review.busy()
    assert any(r.startswith("Reviewing: ") for r in s.scr.lines)


def test_the_better_move_from_the_same_square_shows_its_way():
    # issue 55 #8: 3+ played, 3- better: one ring on one square showed only one of them; the
    # square the better move sows first is marked as the direction prompt marks it
    from firmware.views.ui import STYLE_RING
    from boards.headless import to565
    app, s = setup_app(240, 240, "oanquan", mode="ai")
    s.cfg["anim"] = "off"
    s.new_game()
    play_out(s, Clock(), 1500)
    o = s.scr
    r = s.review
    e = (48, 5, s.human, bytes(s.game.new()), "3+", "3-", "takes 2, nothing lost", 3, 3,
         "lost 3 stones", "then loses 1")
    r.items.append(e)
    r.state = 4  # (as if done: the board page steps through a finished review's moves only)
    s.press("down")
    shot(app)
    st = app.view.styles(s)
    assert st[3] == "hint" and st[2] == "next" and 4 not in st
    d = app.board.display
    p = app.view.pits[2]
    assert d.pixel(p.x + p.w // 2, p.y) == to565(STYLE_RING["next"])
    assert app.view.frame.status.text.startswith("5. 3+ lost 3 stones")


def test_omweso_review_is_cli_reviews_without_its_set_ups():
    # (an Omweso session does not fit the Unix port beside the tests: tests/portable/
    # test_review.py compares O An Quan and San-Yao on both interpreters)
    from engine.ai import level_nodes
    from engine.explain import review
    from engine.record import Record
    from engine.search import Search
    app, s = _reviewed(240, 240, "omweso", "free")
    g, r = s.game, s.review
    from firmware.common import entry
    b, i, texts = s.log.buf, 0, []
    while i + 2 < len(b):
        _, text, i = entry(b, i)
        texts.append(text.decode())
    out = review(Search(g), Record(g, g.new()), texts, level_nodes(g, 2), s.human)
    out = [e for e in out if not e["move"].startswith("setup:")]
    assert r.seen == r.moves == len(out) and any(t.startswith("setup:") for t in texts)
    want = sorted([e for e in out if e["loss"] >= 8], key=lambda e: (-e["loss"], e["ply"]))[:5]
    assert [(e[1], e[4], e[5], e[0]) for e in r.items] == \
        [(e["ply"], e["move"], e["best"], e["loss"]) for e in want]


def test_a_blitz_pass_ends_the_review_there_and_says_so():
    # OM-10 blitz: the turn passes with no move logged, so the log replays no further
    from session_util import make
    s = make("omweso", "two")
    s.rules_for("omweso")["match_points"] = 1
    s.cfg["blitz"] = 3
    c = Clock()
    s.new_game()
    c.t += 3500
    s.tick(c.t)
    assert s.mover() == 1 and "Time" in s.msg  # the first player's turn passed
    s.cfg["blitz"] = 0
    play_out(s, c, 1500)
    assert s.scr.kind == "over"
    s.press("a", c.t)
    while s.review.busy():
        c.t += 10
        s.work(few, 0)
    r = s.review
    assert r.error == "Review ends at move 1" and r.seen == 0 and not r.items
    assert "Review ends at move 1" in s.scr.lines and "No move to review" in s.scr.lines


def make_screenshots():
    out = os.path.join(ROOT, "docs", "screenshots")
    for w, h in ((320, 240), (240, 240), (160, 128)):
        n = "%dx%d.png" % (w, h)
        app, s = _reviewed(w, h, "oanquan")
        _walk(app, s, {"board": os.path.join(out, "review-board-" + n),
                       "score": os.path.join(out, "review-score-" + n)})
        print("wrote review-board-%s, review-score-%s" % (n, n))


if __name__ == "__main__":
    make_screenshots()


def test_turning_the_game_over_pages_loads_no_code(monkeypatch):
    """The score page and back, the reviewed moves on the board: without loading
    firmware/review.py again (its Review holds the first copy of its code: a second one, over
    the final board, was the review's lowest free heap on the chip, 38.6 KB on the PicoPad)."""
    import firmware.session as S
    app, s = setup_app(160, 128, "oanquan", mode="ai")
    s.cfg["anim"] = "off"
    s.new_game()
    c = Clock()
    play_out(s, c, 1500)
    assert s.screen == "summary" and s.review is not None
    shot(app)
    loaded = []
    real = S.module
    monkeypatch.setattr(S, "module", lambda m: loaded.append(m) or real(m))
    s.press("a")  # the score page: the review searches
    shot(app)
    assert s.review.busy() and s.review.page == 1
    s.press("b")  # the board page: the search's buffers go
    shot(app)
    assert not s.review.busy() and s.review.search is None
    s.press("a")
    shot(app)
    assert s.review.busy()
    while s.review.busy():
        c.t += 10
        s.tick(c.t, few, -1)
        s.work(few, 0)
    s.press("b")  # the board page, then its reviewed moves
    shot(app)
    for _ in range(len(s.review.items) + 1):
        s.press("down")
        shot(app)
    assert loaded == [], loaded
