# Helpers for driving the session model with buttons only (portable: CPython and MicroPython).
from firmware.session import Session
from firmware.common import num
from firmware import saves


def encoded(s):
    """What a save of session s writes whole: saves.state(s)'s payload, built."""
    st = saves.state(s)
    return st.payload() if isinstance(st, saves.Live) else st


class Clock:
    def __init__(self):
        self.t = 0


def make(game="oanquan", mode="ai", level=1, store=None, rules=None, anim="off", seed=1,
         ai_ms=50):
    s = Session(store, seed=seed, ai_ms=ai_ms)
    s.cfg["game"] = game
    s.cfg["mode"] = mode
    s.cfg["level"] = level
    s.cfg["anim"] = anim
    if rules:
        s.rules_for(game).update(rules)
    return s


def nvm():
    return saves.Saver(saves.NvmLog(bytearray(4096)))


def played_then_cut(game, mode, level, turns):
    """A game saved to a fresh store after `turns` of the human's moves (and the AI's replies),
    then a power cut: (the store, the position it had). The session is gone (one fits the
    Unix port's heap at a time)."""
    import gc
    st = nvm()
    s = make(game, mode, level, store=st)
    c = Clock()
    s.new_game()
    for _ in range(turns):
        human_move(s, c)
        settle(s, c)
    pos = bytes(s.rec.pos)
    s = None
    gc.collect()
    return st, pos


def check(s):
    """Invariants of the session that must hold after any button."""
    assert s.screen in ("title", "rules", "settings", "learn", "pause", "help", "summary", "play",
                        "history", "lesson", "about", "problems", "record")
    if s.screen in ("title", "rules", "settings", "learn", "pause", "problems"):  # a menu
        assert 0 <= s.scr.sel < len(s.scr.items)
    if s.game is not None and s.screen == "play":
        assert s.phase in ("select", "choose", "anim", "ai", "setup", "over", "round", "none")
        if s.phase == "select":
            assert s.play.cursor in s.play.cells(), (s.play.cursor, s.play.cells())
        if s.phase == "choose":
            assert 0 <= s.play.opt_i < len(s.play.opts)
        if s.phase == "setup":
            assert sum(s.play.setup) + s.play.hand == 32 and min(s.play.setup) >= 0
    if s.game is not None:
        tm = s.game.to_move(s.rec.pos)
        assert tm in (0, 1)


def few():
    """A tick's stop(): as if a button waited, so that its search is a few nodes (the search asks
    every ai.POLL_MS of device nodes; left alone, it takes 8 ms of this machine's time), the same
    on every machine."""
    return True


def press(s, clock, *names):
    for n in names:
        clock.t += 10
        s.press(n, clock.t)
        s.tick(clock.t, few)
        check(s)


def settle(s, clock, limit=2000):
    """Let time pass (AI turns, animation) until a human must press something."""
    for _ in range(limit):
        if s.screen != "play" or s.phase not in ("anim", "ai", "none"):
            return
        clock.t += 400
        s.tick(clock.t)
        check(s)


def human_move(s, clock, pick=0, target=None):
    """Play one legal move with the buttons: walk the cursor to a playable cell (the target-th
    in move order if given), A, then A through every prompt (pick chooses the n-th option at the
    first prompt)."""
    cells = {num(t) for _, t in s.legal}
    want = None
    if target is not None:
        order = [num(t) for _, t in s.legal]
        want = order[target % len(order)] if target >= 0 else order[target]
    for _ in range(80):
        if s.play.cursor in cells and (want is None or s.play.cursor == want):
            break
        press(s, clock, "right")
    assert s.play.cursor in cells
    press(s, clock, "a")
    first = True
    while s.phase == "choose":
        if first:
            for _ in range(pick % len(s.play.opts)):
                press(s, clock, "right")
            first = False
        press(s, clock, "a")


def play_out(s, clock, max_moves=3000, pick=0):
    """Play until the game/match summary, answering round summaries with A."""
    n = 0
    while n < max_moves:
        settle(s, clock)
        if s.screen == "summary":
            if s.scr.kind == "over":
                return n
            press(s, clock, "a")
            continue
        if s.screen != "play":
            raise AssertionError("left the game: %s" % s.screen)
        if s.phase == "setup":
            press(s, clock, "a", "a")
        elif s.phase == "select":
            human_move(s, clock, pick + n)
        n += 1
    return n


def greedy(s, worst=False):
    """Index (in s.legal) of the move with the best (or worst) immediate material for the mover."""
    g = s.game
    p = g.to_move(s.rec.pos)
    best = 0
    bv = None
    for i in range(len(s.legal)):
        pos = bytearray(s.rec.pos)
        g.play(pos, s.legal[i][0])
        v = g.material(pos, p) - g.material(pos, 1 - p)
        if worst:
            v = -v
        if bv is None or v > bv:
            bv = v
            best = i
    return best
