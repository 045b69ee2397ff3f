# The review after a game on the console (issue 31 #3; firmware/review.py): at the game-over
# screen the player's costliest moves are searched in slices (the screen stays live: each tick
# searches a few nodes), listed on the score page, and shown one by one on the board page with
# the better move. Its figures are `cli.py review`'s at the same budget (engine/explain.py).
# The move log's start follows the moves it trims, so that a long game replays from it.
# Portable: also under MicroPython -X heapsize=180k (a fresh interpreter per test).
from engine import games
from engine.ai import level_nodes
from engine.explain import review as cli_review
from engine.record import Record
from engine.search import Search
from firmware.common import MoveLog, entry, num
from session_util import make, press, play_out, Clock, few, played_then_cut


def _over(game="oanquan", mode="ai", pick=0):
    s = make(game, mode, 1)
    c = Clock()
    s.new_game()
    play_out(s, c, 600, pick)
    assert s.screen == "summary" and s.scr.kind == "over"
    return s, c


def _texts(s):
    b, i, out = s.log.buf, 0, []
    while i + 2 < len(b):
        p, text, i = entry(b, i)
        out.append((p, text.decode()))
    return out


def _finish(s, c):
    """The score page (A), then passes of the app's loop (each a few nodes: a button "waits")
    until the review is done; their number."""
    if s.scr.page == 0:
        press(s, c, "a")
    n = 0
    while s.review.busy():  # (few nodes a pass: 5 ms each keeps them within the 30 s that dim
        c.t += 5  # the screen, tests/portable/test_idle.py, whose first press only wakes it)
        s.tick(c.t, few, -1)
        s.work(few, 0)
        n += 1
        assert n < 200000
    return n


def _move_texts(s):
    # the log's move texts one at a time: a long match's list would not fit the Unix port's heap
    b, i = s.log.buf, 0
    while i + 2 < len(b):
        p, text, i = entry(b, i)
        yield text.decode()


def _expected(s, who):
    """cli.py review's entries for the same game and budget: the costliest first, at most 5.
    Asked a move at a time (its ply set here), keeping the listed ones: a long match's entries
    all at once would not fit the Unix port's heap."""
    g = s.game
    rec = Record(g, bytearray(g.new()))
    search = Search(g)
    nodes = level_nodes(g, 2)
    lost, n, ply = [], 0, 0
    for text in _move_texts(s):
        ply += 1
        for e in cli_review(search, rec, (text,), nodes, who):
            n += 1
            if e["loss"] >= 8:  # (under half a stone: not listed)
                e["ply"] = ply
                lost.append(e)
    lost.sort(key=lambda e: (-e["loss"], e["ply"]))
    return lost[:5], n


def test_review_lists_the_costliest_moves_as_cli_review_does():
    _same_as_cli("oanquan")


def test_a_san_yao_match_is_reviewed_across_its_rounds():
    _same_as_cli("sanyao")


def _same_as_cli(name):
    import gc
    import sys
    s, c = _over(name)
    r = s.review
    assert r is not None and r.who == s.human
    assert not r.busy() and r.search is None  # not on the board page (its view's heap)
    press(s, c, "a")
    assert r.busy() and s.busy()  # the app's loop does not rest while it searches
    ticks = _finish(s, c)
    assert ticks > 10  # it searched in slices, a tick at a time
    assert r.search is None  # its buffers went with its end, and its code: its figures stay
    assert s.review is not r and s.review.items is r.items and "firmware.review" not in sys.modules
    r = None  # (its code: the Unix port's heap is needed for cli.py review's search below)
    gc.collect()
    r = s.review
    want, n = _expected(s, s.human)
    assert r.moves == r.seen == n
    got = [{"ply": e[1], "move": e[4], "best": e[5], "loss": e[0],
            "text": "better %s: %s" % (e[5], e[6])} for e in r.items]
    assert got == want
    o = s.scr
    lines = o.lines
    assert "Your costliest moves:" in lines
    for e in r.items:  # (issue 55 #8) the loss with its unit, what the move led to, the better
        k = lines.index("%d. You %s: %s" % (e[1], e[4], e[9]))  # move's line: four plies each
        assert lines[k + 1:k + 3] == ["  played %s: %s" % (e[4], e[10]), "  better %s: %s" % (e[5], e[6])]
        assert e[9] in ("missed a win", "lost the game", "lost a game") or \
            e[9].endswith(" stones" if name != "omweso" else " seeds")
    assert not any("search" in ln or "node" in ln for ln in lines)  # no engine words
    _played_lines_as_told(s, r.items)


def _played_lines_as_told(s, items):
    """What each listed move led to: its own line four plies deep (engine/lines.py line(),
    words()), replayed here from the log with the game's history; each within 26 characters."""
    from engine.lines import line, words as told
    g = s.game
    rec = Record(g, bytearray(g.new()))
    search = Search(g)
    nodes = level_nodes(g, 2)
    want = {e[1]: e for e in items}
    ply = 0
    for text in _move_texts(s):
        ply += 1
        m = g.parse_move(rec.pos, text)
        e = want.get(ply)
        if e is not None:
            assert bytes(rec.pos) == e[3]
            ln = line(search, rec, m, nodes)
            assert e[10] == told(rec, ln, search), (ply, e)
            assert len(e[6]) <= 26 and len(e[10]) <= 26
        rec.play(m)


def test_the_board_page_steps_through_the_reviewed_moves():
    s, c = _over("oanquan")
    _finish(s, c)
    r, o = s.review, s.scr
    assert r.items, "a level-1 game with the first legal move loses something"
    press(s, c, "b")  # back to the board
    final = dict(s.snap)
    last = s.last
    assert o.page == 0 and o.line.startswith("A: score")
    for k, e in enumerate(r.items):
        press(s, c, "down")
        assert o.sel == k
        assert s.snap == s.game.to_json(bytearray(e[3]))  # the position before the move
        assert s.last == (num(e[4]), e[2], e[4]) and s.hint == num(e[5])
        h = "%d. %s %s, %s better" % (e[1], e[4], e[9], e[5])
        assert o.head == (h if len(h) <= 26 else h[:h.index(",")])
        assert o.line == e[6] and len(o.line) <= 26
    press(s, c, "down")  # round again: the final position
    assert o.sel == -1 and s.snap == final and s.last == last and s.hint is None
    assert o.head == o.final
    press(s, c, "up")
    assert o.sel == len(r.items) - 1
    press(s, c, "a")  # the score page, then again: a new game without the review
    assert o.page == 1
    press(s, c, "a")
    assert s.screen == "play" and s.review is None


def test_a_press_is_answered_while_it_searches():
    s, c = _over("oanquan")
    r = s.review
    press(s, c, "a")  # the score page at once, the review going on
    assert s.scr.page == 1 and r.busy()
    assert any(ln.startswith("Reviewing: ") for ln in s.scr.lines)
    while r.seen < 2 or r.state == 0:  # in the middle of a move's searches
        c.t += 10
        s.work(few, 0)
    # issue 55 #8: nothing listed till all are in (the costliest first would reorder under
    # the reader as they come)
    assert r.items and not any(ln[:1].isdigit() or "better" in ln for ln in s.scr.lines)
    seen, ply = r.seen, r.ply
    press(s, c, "b")  # the board: the search holds, its buffers gone
    assert s.scr.page == 0 and not r.busy() and r.search is None and not s.busy()
    assert r.seen == seen and r.state == 0 and r.ply == ply - 1  # that move again, later
    press(s, c, "a")
    assert r.busy()
    _finish(s, c)
    assert r.seen == r.moves
    want, n = _expected(s, s.human)
    assert [(e[1], e[0]) for e in r.items] == [(e["ply"], e["loss"]) for e in want]
    assert not any(ln.startswith("Reviewing: ") for ln in s.scr.lines)
    press(s, c, "b", "b")  # the board, then the title: the review goes with the game
    assert s.screen == "title" and s.review is None


def test_two_players_are_both_reviewed_and_the_ai_demo_not():
    s, c = _over("oanquan", "two")
    assert s.review.who is None
    _finish(s, c)
    want, n = _expected(s, None)
    assert s.review.seen == n and [(e[1], e[0]) for e in s.review.items] == \
        [(e["ply"], e["loss"]) for e in want]
    assert "The costliest moves:" in s.scr.lines
    s = c = None  # (one session at a time fits the Unix port's 180 KB)
    import gc
    gc.collect()
    d = make("oanquan", "demo", 1)
    d.new_game()
    play_out(d, Clock(), 600)
    assert d.scr.kind == "over" and d.review is None
    assert d.scr.line == "A: why, the score  B: menu"


def test_the_log_start_follows_the_moves_it_trims():
    # a San-Yao match is long: the log trims its oldest quarter several times; each time the
    # moves it keeps, played from its start, make the position now
    import sys
    from firmware.common import unload
    g = games.load("sanyao")
    pos = g.new()
    log = MoveLog(g, pos)
    unload("engine.sanyao.json")  # (parse_move's module: loaded for the trim, then gone again)
    buf = [0] * g.MAX_MOVES
    k = cut = 0
    while not g.over(pos) and k < 3000:
        n = g.moves(pos, buf)
        m = buf[(k * 7) % n]
        p = g.to_move(pos)
        t = g.move_str(pos, m)
        g.play(pos, m)
        log.add(p, 0, t)
        k += 1
        if log.cut != cut:
            assert "engine.sanyao.json" not in sys.modules
            cut = log.cut
            again = bytearray(log.start)
            b, i = log.buf, 0
            while i + 2 < len(b):
                p, text, i = entry(b, i)
                assert g.to_move(again) == p
                g.play(again, g.parse_move(again, text.decode()))
            assert again == pos, k
            unload("engine.sanyao.json")  # (this check's parse_move loaded it)
    assert cut > 0


def test_a_move_that_does_not_replay_drops_the_start():
    g = games.load("oanquan")
    log = MoveLog(g, g.new())
    log.add(1, 0, "3+")  # not the mover (an Omweso blitz pass logs no move)
    while log.cut == 0:
        log.add(0, 0, "1+")
    assert log.start is None


def test_a_loss_in_words():
    from firmware.review import say
    from firmware.games import adapter
    assert say(50, 200, 150) == "lost 3"  # 16 a stone, rounded
    assert say(50, 200, 150, adapter("oanquan").LOST) == "lost 3 stones"  # its unit (issue 55)
    assert say(50, 200, 150, adapter("omweso").LOST) == "lost 3 seeds"
    assert say(999000, 999100, 100) == "missed a win"
    assert say(999000, 100, -998900) == "lost the game"
    assert say(20, 999100, 999080) == "lost 1"  # a slower win
    assert say(5008, 6000, 992) == "lost a game"  # (Omweso's match points: a game of the match)


def test_a_resumed_game_is_reviewed_from_where_it_was_resumed():
    st, _ = played_then_cut("oanquan", "ai", 1, 1)  # a new session on the same storage
    c = Clock()
    s = make(store=st)
    press(s, c, "a")  # Resume
    assert s.screen == "play" and len(s.log) == 0
    start = bytes(s.log.start)
    assert start == bytes(s.rec.pos)
    play_out(s, c, 600)
    assert s.scr.kind == "over"
    _finish(s, c)
    g = s.game
    out = cli_review(Search(g), Record(g, bytearray(start)), [t for _, t in _texts(s)],
                     level_nodes(g, 2), s.human)
    assert s.review.seen == len(out) > 0


def test_no_memory_for_the_search_ends_the_review_and_says_so():
    import firmware.review as R
    g = games.load("oanquan")
    log = MoveLog(g, g.new())
    log.add(0, 0, "1+")
    r = R.Review(g, log.start, log.buf, None)
    r.page = 1
    real = R.Search

    def no_room(game):
        raise MemoryError
    R.Search = no_room
    try:
        assert r.run(None, 100)  # (no exception: the game-over screen goes on)
    finally:
        R.Search = real
    assert r.state == 4 and not r.busy() and r.error == "No memory left for the review"
    from firmware.screens.over import lines
    assert "No memory left for the review" in lines(r, ("You", "AI"))


def test_the_hints_words_are_sentences_that_fit_a_line():
    # issue 55 #7: "takes 6; reply takes 0" became a sentence; Omweso's opening (nothing either
    # way) says something true; every one fits 26 characters, the line of a 160x128 screen
    from engine.explain import words
    assert words(6, 0, False, False) == "captures 6, nothing lost"
    assert words(6, 11, False, False) == "captures 6; then loses 11"
    assert words(0, 0, False, False) == "quiet move, nothing lost"
    assert words(0, 4, False, False) == "no capture; then loses 4"
    assert words(-3, 5, False, False) == "gives 3; then loses 5"
    assert words(12, 0, True, False) == "captures 12; game over"
    assert words(3, 0, False, True) == "captures 3; you go again"
    # no legal move could capture (Omweso's opening): said, instead of "quiet move"
    assert words(0, 0, False, False, True) == "no capture is possible yet"
    assert words(0, 4, False, False, True) == "no capture; then loses 4"
    assert words(5, 0, False, False, True) == "captures 5, nothing lost"
    for a in (64, 0, -64):
        for r in (64, 0):
            for ends, again in ((False, False), (True, False), (False, True)):
                for none in (False, True):
                    assert len(words(a, r, ends, again, none)) <= 26


def test_the_hint_at_omwesos_opening_says_no_capture_is_possible_yet():
    # issue 55 #7: "takes 0; reply takes 0" at Omweso's opening said nothing useful
    from engine import omweso
    from engine.explain import explain
    from engine.record import Record
    from engine.search import Search
    g = omweso.Game()
    rec = Record(g, g.new())
    s = Search(g)
    m = s.best(rec.pos, 200)[0]
    assert explain(s, rec, m, 200)["text"] == "no capture is possible yet"
