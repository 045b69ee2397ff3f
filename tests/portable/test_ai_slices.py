# The AI thinking in slices inside the app's session model (engine/ai.py, firmware/brain.py,
# firmware/session.py): the screen updates while the AI thinks, B plays its best move so far, the
# pause menu pauses it, play is
# reproducible for a seed with pondering off, and pondering never makes a reply slower, different
# or illegal. Portable: CPython and the MicroPython Unix port.
import gc

from session_util import make, press, greedy, Clock, few as _few
from engine import games
from engine import ai

BIG_MS = 1000000  # no wall-clock cap: node budgets only, so the runs are reproducible


def _start(game="oanquan", level=5, ponder=True, seed=3):
    gc.collect()  # each session makes its AI's buffers: keep the small MicroPython heap whole
    s = make(game, "ai", level, seed=seed, ai_ms=BIG_MS)
    s.cfg["ponder"] = ponder
    s.new_game()
    return s, Clock()


def _ai_turn(s, c):
    """Ticks until the AI has moved; returns (ticks spent thinking, screen updates, progress
    readings: (first, last, times it moved on, never went back)). A tick searches a few nodes:
    thousands of ticks, so no list of them (the MicroPython heap)."""
    ticks = updates = moved = 0
    first = last = -1
    rising = True
    for _ in range(100000):
        if s.screen != "play" or s.phase not in ("ai", "anim", "none"):
            break
        c.t += 300
        changed = s.tick(c.t, _few)
        if s.phase == "ai" and s.brain is not None and s.brain.thinking():
            ticks += 1
            updates += 1 if changed else 0
            p = s.ai_progress()
            if first < 0:
                first = p
            elif p != last:
                moved += 1
                rising = rising and p > last
            last = p
    return ticks, updates, (first, last, moved, rising)


def _play_code(s, c, code):
    """The human plays the move `code` with the buttons: cursor to its cell, A, and at every
    prompt the option that leads to it."""
    from firmware.common import num
    want = num(s.game.move_str(s.rec.pos, code))
    for _ in range(80):
        if s.play.cursor == want:
            break
        press(s, c, "right")
    press(s, c, "a")
    while s.phase == "choose":
        pl = s.play
        k = len(pl.prefix)
        ch = [sfx[k:k + 1] for m, sfx in pl.cands if m == code][0]
        press(s, c, s.ad.arrow(pl.cursor, ch))  # the arrow pointing that way picks it
        assert pl.opts[pl.opt_i] == ch
        press(s, c, "a")


def _human_first(s, c, k=0):
    # the human (player 0) plays the k-th legal move
    from session_util import human_move
    human_move(s, c, target=k)


def test_screen_updates_while_the_ai_thinks():
    s, c = _start()
    _human_first(s, c)
    ticks, updates, (first, last, moved, rising) = _ai_turn(s, c)
    # level 5 is thousands of nodes, a tick's slice a few nodes: many ticks, and a new picture
    # whenever the percentage moves
    assert ticks >= 20, ticks
    assert moved >= 50 and updates >= moved, (updates, moved, ticks)
    assert rising and first < 20 and last >= 90, (first, last)
    assert s.phase in ("select", "over") or s.screen != "play"


def test_the_pause_menu_pauses_the_search_and_it_goes_on_afterwards():
    # with heap to spare (brain.BOX_ROOM: the box drops the AI's buffers only when short; CPython
    # tells no free heap, -1): tests/test_app_feel.py has the other way
    from firmware import brain as B
    room = B.BOX_ROOM
    B.BOX_ROOM = -2
    try:
        _pause_keeps_the_search()
    finally:
        B.BOX_ROOM = room


def _pause_keeps_the_search():
    s, c = _start(ponder=False)
    _human_first(s, c)
    for _ in range(200):  # a few nodes a tick
        c.t += 300
        s.tick(c.t, _few)
        if s.phase == "ai" and s.ai_progress() > 0:
            break
    assert s.phase == "ai" and s.brain.thinking() and 0 < s.ai_progress() < 100
    before = bytes(s.rec.pos)
    done = s.brain.player.search.nodes
    press(s, c, "start")
    assert s.screen == "pause"
    for _ in range(20):  # nothing is searched while the menu shows
        c.t += 300
        s.tick(c.t)
    assert s.brain.player.search.nodes == done and bytes(s.rec.pos) == before
    press(s, c, "a")  # back to the game
    assert s.screen == "play" and s.phase == "ai" and s.brain.thinking()
    assert s.brain.player.search.nodes >= done  # it goes on from where it was
    _ai_turn(s, c)
    assert bytes(s.rec.pos) != before


def _game(ponder, seed=5, moves=6, level=4, follow=False, script=None):
    # The human plays: the moves of `script` if given, else (follow=True) the move the AI guessed
    # when it has one, else the greedy or the k-th legal move. Returns the positions after every
    # AI move, the ticks each AI move took, how many guesses the human played, the human's moves.
    s, c = _start(level=level, ponder=ponder, seed=seed)
    out = []
    ticks = []
    hits = 0
    played = []
    for k in range(moves):
        if s.screen != "play" or s.phase != "select":
            break
        for _ in range(500):  # the human thinks: 500 ticks of a slice each (pondering then),
            c.t += 50  # 25 s: at 30 s the screen dims and the pondering stops (test_idle.py)
            s.tick(c.t, _few)
        p = s.brain.player if s.brain is not None else None
        if script is not None:
            code = script[k]
        elif follow and p is not None and p.guess >= 0 and p.state == 3:
            code = p.guess
            hits += 1
        else:
            code = s.legal[greedy(s) if k % 2 else k % len(s.legal)][0]
        played.append(code)
        _play_code(s, c, code)
        t, _, _ = _ai_turn(s, c)
        ticks.append(t)
        out.append(bytes(s.rec.pos))
    return out, ticks, hits, played


def test_reproducible_with_pondering_off():
    a = _game(False)
    b = _game(False)
    assert a == b and len(a[0]) >= 5


def test_pondering_gives_the_same_replies_never_slower():
    # the human does not play the AI's guess (mostly): the replies are the same, never slower
    off, t_off, _, human = _game(False)
    on, t_on, _, _ = _game(True, script=human)
    assert on == off  # the same replies (hence legal: the session played them)
    for x, y in zip(t_on, t_off):
        assert x <= y, (t_on, t_off)


def test_pondering_hit_answers_sooner():
    # The human plays the move the AI guessed: the AI finds its reply search under way and
    # answers in fewer ticks with the same moves
    for level in (3, 4):
        on, t_on, hits, human = _game(True, follow=True, level=level)
        off, t_off, _, _ = _game(False, level=level, script=human)
        assert hits >= 3, hits
        assert on == off
        assert all(x <= y for x, y in zip(t_on, t_off)), (t_on, t_off)
        assert sum(t_on) * 4 < sum(t_off) * 3, (t_on, t_off)


def test_player_begin_work_result_equals_move():
    # the app's sliced calls give exactly the moves of the one-call API, mistakes included (one
    # Player, its random generator rewound: two Players' buffers do not fit MicroPython's heap)
    for name in ("oanquan", "sanyao", "omweso"):
        gc.collect()
        g = games.load(name, {"match_points": 1} if name == "omweso" else None)
        a = ai.Player(g, seed=9)
        pos = g.new()
        buf = [0] * g.MAX_MOVES
        for ply in range(10):
            if g.over(pos) or g.moves(pos, buf) == 0:
                break
            level = 1 + ply % 5
            r0 = a.rng
            m1 = a.move(pos, level)
            last = a.last
            a.rng = r0
            a.begin(pos, level)
            steps = 0
            while not a.work(ai.slice_nodes(g)):
                steps += 1
                assert 0 <= a.progress() < 100
            assert a.progress() == 100
            m2 = a.result()
            assert m1 == m2 and a.last == last, (name, ply, m1, m2)
            # a few slices, but for a short reading of 2 plies and a forced move
            assert steps >= 2 or level < 3 or a.short == 2 or a.search.n == 1, (name, ply, level)
            g.play(pos, m1)
        a = None


def test_bestmove_level_seed_comes_from_the_position():
    # through the command line each position draws its own mistake: level 1 is not always the
    # random move, and the same position always gives the same answer
    from engine.record import Record
    g = games.load("oanquan")
    buf = [0] * g.MAX_MOVES
    pos = g.new()
    wild = same = 0
    s = ai.Search(g)
    for k in range(40):
        n = g.moves(pos, buf)
        if g.over(pos) or n == 0:
            break
        gc.collect()
        r1 = ai.level_best(Record(g, bytearray(pos)), 1)
        r2 = ai.level_best(Record(g, bytearray(pos)), 1)
        assert r1 == r2
        if r1[0] != s.best(pos, nodes=ai.level_nodes(g, 1))[0]:
            wild += 1
        else:
            same += 1
        g.play(pos, buf[k % n])
    assert wild >= 3 and same >= 10, (wild, same)
    assert ai.position_seed(g.new()) == ai.position_seed(bytearray(g.new()))


def test_b_plays_the_best_move_so_far():
    # B while the AI thinks: it plays the best move its search has found so far, at once
    s, c = _start(ponder=False)
    _human_first(s, c)
    for _ in range(200):  # a few nodes a tick
        c.t += 300
        s.tick(c.t, _few)
        if s.phase == "ai" and s.ai_progress() > 0:
            break
    assert s.brain.thinking() and 0 < s.ai_progress() < 100
    pos = bytearray(s.rec.pos)
    so_far = s.brain.player.search.move
    g = s.game
    assert so_far in [m for m, _ in s.legal] or g.moves(pos, [0] * g.MAX_MOVES)
    press(s, c, "b")
    assert not s.brain.thinking() and s.phase != "ai"
    g.play(pos, so_far)
    _ai_turn(s, c)  # (the animation of that move, if any)
    assert bytes(s.rec.pos) == bytes(pos)


def test_the_loops_search_while_the_ai_ponders_allocates_nothing():
    # Session.tick and Session.work, every pass of the app's loop on the human's turn: the clock,
    # the AI asked to ponder again (it goes on), its search in slices (Brain.pace) and the
    # progress it made, without a byte of garbage (MicroPython, heap_lock; on CPython the same
    # calls run unlocked)
    s, c = _start("oanquan", level=5)
    while s.phase != "select":
        c.t += 300
        s.tick(c.t)
    c.t += 300
    s.tick(c.t, ms=-1)  # the human's turn: the AI starts pondering
    assert s.busy()
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):
        lock = unlock = None
    from firmware.buttons import Buttons

    class Queue:  # keypad.EventQueue: true while it holds an event (one waits here)
        def __len__(self):
            return 1

    class Keys:
        events = Queue()

    pending = Buttons(Keys(), ("a", "b")).pending  # the app's stop(): asked inside the search
    done = 0
    for k in range(20):
        if lock is not None:
            lock()
        try:
            s.work(pending if k % 2 else _few, 0)  # one slice: a few nodes (a press waits)
            c.t += 20
            s.tick(c.t, ms=-1)  # and the tick before it: the ponder asked again, the clock
        finally:
            if unlock is not None:
                unlock()
        done += 1
    assert done == 20 and s.phase == "select" and s.brain.player.search.nodes > 0
    s = None
    gc.collect()
