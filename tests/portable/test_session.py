# The session model driven by buttons only, portable (CPython and MicroPython -X heapsize=180k):
# complete games vs the AI and between two players, undo, hint, pause, rule change, save/resume,
# corrupt saves, a San-Yao round change. Omweso: tests/test_app_session.py (CPython).
from session_util import make, nvm, press, settle, human_move, play_out, greedy, Clock, \
    played_then_cut


def test_title_menu_starts_oanquan_vs_ai():
    s = make()
    c = Clock()
    assert s.screen == "title"
    while s.scr.items[s.scr.sel][0] != "start":
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "play" and s.game.NAME == "oanquan"
    assert s.phase == "select" and s.is_human(0) and not s.is_human(1)


def test_oanquan_complete_game_vs_ai_level1():
    import sys
    s = make("oanquan", "ai", 1)
    c = Clock()
    s.new_game()
    # the game-over screen's module loads at the end, not during the game (its heap)
    assert "firmware.screens.over" not in sys.modules
    n = play_out(s, c, 400)
    assert s.screen == "summary" and s.scr.kind == "over", n
    assert "firmware.screens.over" in sys.modules
    r = s.game.result(s.rec.pos)
    assert r is not None and sum(r["score"]) == 70
    # issue 12 #6: every term of the OAQ-9 score by name, its total, the reason in words
    o = s.scr
    terms = [t[0] for t in o.table]
    assert terms == ["mandarins x10", "stones", "swept", "owed", "lent", "total"]
    for p in (0, 1):
        assert sum(t[1 + p] for t in o.table[:-1]) == o.table[-1][1 + p] == r["score"][p]
    assert o.reason in ("both mandarin squares are empty", "a player could not refill an empty row",
                        "the same position came a third time")
    assert o.lines[1] == o.reason and "(" not in o.reason
    assert o.page == 0 and o.view_key() == "board:oanquan"  # the final board first
    press(s, c, "a")
    assert o.page == 1 and o.view_key() == "text"
    press(s, c, "b", "b")  # back to the board, then the title
    assert s.screen == "title"
    s.new_game()  # and goes when the next game starts
    assert s.screen == "play" and "firmware.screens.over" not in sys.modules


def test_sanyao_two_players_round_change_and_match():
    # P1 plays the greedy move, P2 the worst one: P2's total falls below match_end_below
    s = make("sanyao", "two", rules={"match_end_below": 6})
    c = Clock()
    s.new_game()
    rounds = 0
    moves = 0
    while moves < 3000:
        settle(s, c)
        if s.screen == "summary":
            if s.scr.kind == "over":
                break
            assert s.scr.kind == "round" and s.scr.lines[0].startswith("Round")
            rounds += 1
            press(s, c, "a")
            assert s.snap["round"] == rounds + 1
            continue
        human_move(s, c, 0, greedy(s, s.mover() == 1))
        moves += 1
    assert rounds >= 1
    assert s.scr.kind == "over"


def test_direction_prompt_confirm_cancel():
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    press(s, c, "a")
    assert s.phase == "choose" and set(s.play.opts) == {"+", "-"}
    press(s, c, "b")
    assert s.phase == "select"
    press(s, c, "a", "right", "a")
    assert s.last is not None and s.last[2] == "1" + s.play.opts[1] or s.last[2][0] == "1"
    assert s.game.to_move(s.rec.pos) == 1


def test_direction_prompt_marks_the_next_square():
    # the board marks the square the first stone goes to in the selected direction
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    assert s.play.dir_target() is None
    s.play.cursor = 3
    press(s, c, "a")
    assert s.phase == "choose"
    for b, want in (("right", 4), ("left", 2), ("right", 4)):  # bottom row: + goes right
        press(s, c, b)
        assert s.play.opts[s.play.opt_i] == ("+" if b == "right" else "-")
        assert s.play.dir_target() == (want, 0)
    press(s, c, "b")
    assert s.phase == "select" and s.play.dir_target() is None
    s.play.cursor = 1
    press(s, c, "a", "left")  # from square 1 leftwards: the mandarin square 0
    assert s.play.dir_target() == (0, 0)


def test_undo_vs_ai_returns_to_players_turn():
    s = make("oanquan", "ai", 1)
    c = Clock()
    s.new_game()
    before = bytes(s.rec.pos)
    human_move(s, c)
    settle(s, c)
    assert s.phase == "select" and bytes(s.rec.pos) != before
    press(s, c, "b")  # pause menu
    assert s.screen == "pause"
    while s.scr.items[s.scr.sel][0] != "undo":
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "play" and bytes(s.rec.pos) == before
    assert s.game.to_move(s.rec.pos) == 0
    import sys  # the take-back's code (firmware/actions.py) was loaded for the call only
    assert "firmware.actions" not in sys.modules and "firmware.resume" not in sys.modules


def test_hint_shown_on_board():
    s = make("oanquan", "ai", 1)
    c = Clock()
    s.new_game()
    import sys
    assert "firmware.actions" not in sys.modules
    press(s, c, "x")  # said to be coming first (issue 55 #7), then the hint at the next tick
    assert s.hint is None and s.msg == "Looking for a hint..."
    c.t += 10
    s.tick(c.t)
    assert s.hint is not None and s.play.cursor == s.hint and s.msg.startswith("Hint: ")
    assert 1 <= s.hint <= 5
    assert "firmware.actions" not in sys.modules  # loaded for the hint, then dropped


def test_pause_resume_and_quit():
    s = make("sanyao", "two", store=nvm())
    c = Clock()
    s.new_game()
    press(s, c, "start")
    assert s.screen == "pause"
    press(s, c, "a")
    assert s.screen == "play"
    press(s, c, "start")
    while s.scr.items[s.scr.sel][0] != "quit":
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "title" and s.game is None
    assert s.scr.items[0] == ("resume", None)  # the game just left can be resumed
    press(s, c, "down", "down", "right", "up")  # a settings change on the title screen
    st = s.store
    s = None  # the first session goes before the next one starts (one session fits the heap)
    import gc
    gc.collect()
    s2 = make(store=st)
    assert s2.scr.items[0] == ("resume", None) and s2.saved["g"] == "sanyao"


def test_rules_chosen_on_title_kept_for_next_game():
    st = nvm()
    s = make("oanquan", store=st)
    c = Clock()
    while s.scr.items[s.scr.sel] != ("go", "rules"):
        press(s, c, "down")
    press(s, c, "a", "right", "b")
    assert "New rules" in s.msg
    s2 = make(store=st)
    s2.cfg["game"] = "oanquan"
    assert s2.rules_for("oanquan")["mandarin_value"] == 5
    s2.new_game()
    assert s2.game.rules["mandarin_value"] == 5


def test_rule_change_in_game_starts_new_game():
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    human_move(s, c)
    assert s.snap["ply"] == 1
    press(s, c, "start")
    while s.scr.items[s.scr.sel] != ("go", "rules"):
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "rules" and s.scr.items[0] == ("rule", "mandarin_value")
    # issue 12 #7: a human label and a one-line explanation, never the engine's name
    from firmware import rule_text
    assert "mandarin_value" not in s.scr.item_text(s.scr.items[0])
    assert s.scr.item_text(s.scr.items[0]).startswith(rule_text.label("oanquan", "mandarin_value"))
    assert s.scr.note() == rule_text.explain("oanquan", "mandarin_value") != ""
    s.scr.sel = len(s.scr.items) - 1
    assert s.scr.items[s.scr.sel] == ("back", None) and s.scr.note().startswith("Rule change")
    s.scr.sel = 0
    press(s, c, "right")
    assert s.rules_for("oanquan")["mandarin_value"] == 5
    press(s, c, "b")
    assert s.screen == "play" and s.snap["ply"] == 0
    assert s.game.rules["mandarin_value"] == 5 and "new game" in s.msg


def test_every_rule_option_in_menu():
    for name in ("oanquan", "sanyao"):
        s = make(name)
        c = Clock()
        while s.scr.items[s.scr.sel] != ("go", "rules"):
            press(s, c, "down")
        press(s, c, "a")
        opts = [o[0] for o in s.game.__class__.OPTIONS] if s.game else None
        from firmware.games import engine_game as adapter_game
        opts = [o[0] for o in adapter_game(name).OPTIONS]
        assert [it[1] for it in s.scr.items if it[0] == "rule"] == opts


def test_save_and_resume_after_every_move():
    st, pos = played_then_cut("oanquan", "ai", 1, 2)  # a new session on the same storage
    s2 = make(store=st)
    assert s2.scr.items[0] == ("resume", None) and s2.cfg["level"] == 1
    press(s2, Clock(), "a")
    assert s2.screen == "play" and bytes(s2.rec.pos) == pos
    assert s2.game.NAME == "oanquan" and len(s2.undo) >= 2


def test_corrupt_newest_slot_falls_back_to_previous_save():
    st = nvm()
    s = make("sanyao", "two", store=st)
    c = Clock()
    s.new_game()
    human_move(s, c)
    settle(s, c)
    first = bytes(s.rec.pos)
    human_move(s, c)
    settle(s, c)
    # the newest save is the last record of the nvm log: break it as a cut write would
    st.store.mem[st.store.end - 1] ^= 0x55
    s = None  # a power cut: the old session is gone
    import gc
    gc.collect()
    s2 = make(store=st)
    assert s2.notice  # reported on screen
    press(s2, Clock(), "a")
    assert s2.screen == "play" and bytes(s2.rec.pos) == first


def test_corrupt_and_foreign_saves_are_ignored():
    from firmware import saves
    st = saves.Saver(saves.NvmLog(bytearray(b"\xA5" * 4096)))  # foreign data in both slots
    s = make(store=st)
    assert s.notice and s.scr.items[0] != ("resume", None)
    st = nvm()
    st.save(b'{"v": 1, "cfg": {}, "g": "oanquan", "r": {}}\n' + b"\x07" * 29)  # framed garbage
    s = make(store=st)
    c = Clock()
    if s.scr.items[0] == ("resume", None):
        press(s, c, "a")
    assert s.screen == "title" and s.game is None
    st.save(b"not json at all")
    s = make(store=st)
    assert s.notice and s.scr.items[0] != ("resume", None)


def test_settings_menu_and_animation():
    s = make("oanquan", "two", anim="normal")
    c = Clock()
    s.new_game()
    press(s, c, "a", "a")
    assert s.phase == "anim" and s.anim.scene is not None
    c.t += 200
    s.tick(c.t)
    assert s.anim.step >= 1
    press(s, c, "a")  # any button skips to the end
    assert s.phase == "select" and s.anim.scene is None
    press(s, c, "start")
    while s.scr.items[s.scr.sel] != ("go", "settings"):
        press(s, c, "down")
    press(s, c, "a")
    assert s.scr.items[0] == ("cfg", "anim")
    press(s, c, "right")
    assert s.cfg["anim"] == "fast"
    press(s, c, "down", "a")
    assert s.cfg["sound"] is True
    press(s, c, "b")
    assert s.screen == "pause"


def test_four_button_mapping():
    s = make("oanquan", "two")
    s.four = True
    c = Clock()
    press(s, c, "y")
    assert s.scr.sel == 1  # Y = down in menus
    s.new_game()
    cur = s.play.cursor
    press(s, c, "y")  # Y = right on the board
    assert s.play.cursor != cur
    press(s, c, "b")  # B with nothing to cancel = pause menu
    assert s.screen == "pause"


def test_help_scrolls():
    s = make("sanyao")
    c = Clock()
    for want in (("go", "learn"), ("go", "help")):  # the title's Learn..., its first row
        for _ in range(len(s.scr.items)):
            if s.scr.items[s.scr.sel] == want:
                break
            press(s, c, "down")
        press(s, c, "a")
    assert s.screen == "help"
    press(s, c, "down", "down")
    assert s.scr.top == 2
    press(s, c, "b")
    assert s.screen == "learn" and s.scr.items[s.scr.sel] == ("go", "help")
    press(s, c, "b")
    assert s.screen == "title" and s.scr.items[s.scr.sel] == ("go", "learn")


def test_sanyao_winner_chooses_sons_with_the_cursor():
    s = make("sanyao", "two", rules={"winner_chooses_sons": True})
    c = Clock()
    s.new_game()
    for _ in range(2000):
        settle(s, c)
        if s.screen == "summary":
            press(s, c, "a")
            continue
        if s.snap["phase"] == "choose_sons":
            break
        human_move(s, c, 0, greedy(s, s.mover() == 1))
    assert s.snap["phase"] == "choose_sons" and s.phase == "select"
    w = s.mover()
    free = s.play.cells()
    assert free and all((h >= 5) == (w == 0) for h in free)  # the loser's row
    assert s.play.cursor in free
    press(s, c, "a")
    settle(s, c)
    assert s.last[2] == "son:%d" % s.last[0]


def test_legal_moves_are_the_engines_with_texts_made_when_read():
    # s.legal reads like a list of (code, text) but keeps only the codes (issue 10: making every
    # text after every move was an Omweso move's largest allocation on the chip); the play
    # screen's cells come from the Omweso adapter's cell(code) without making a text
    import gc
    from firmware.common import num
    for game in ("oanquan", "sanyao", "omweso"):
        s = make(game, "two", anim="off")
        c = Clock()
        s.new_game()
        for k in range(12):
            settle(s, c)
            if s.game.over(s.rec.pos):
                break
            g = s.game
            buf = [0] * g.MAX_MOVES
            n = g.moves(s.rec.pos, buf)
            want = [(buf[i], g.move_str(s.rec.pos, buf[i])) for i in range(n)]
            assert len(s.legal) == n and list(s.legal) == want
            assert s.legal[-1] == want[-1] and [s.legal[i] for i in range(n)] == want
            cells = [s.legal.cell(i) for i in range(n)]
            assert cells == [-1 if t[:6] == "setup:" else num(t) for _, t in want], (game, cells)
            if s.phase == "select":  # each cell once, in the moves' order
                once = []
                for x in cells:
                    if x not in once:
                        once.append(x)
                assert s.play.playable() == once
            try:
                s.legal[n]
                assert False, "no IndexError"
            except IndexError:
                pass
            s.play_move(s.legal[(7 * k + 3) % n][0])
        s = g = want = buf = cells = None  # one game's modules at a time (the Unix port's 180k)
        gc.collect()


def test_app_trace_reads_back_the_engines_events_and_keeps_drops_as_ints():
    # firmware/common.Trace: what the animation reads equals the engine's list trace; Omweso's
    # sowing hands its drops, laps and relays over as parts (Trace.drop/lap/relay), the others
    # as dicts (drops stored as ints); marks() is everything else, as the engine gave it
    import gc
    from engine import games
    from firmware.trace import Trace
    for name in ("omweso", "oanquan", "sanyao"):
        g = games.load(name)
        pos = g.new()
        buf = [0] * g.MAX_MOVES
        longest = 0
        for k in range(40):
            n = g.moves(pos, buf)
            if g.over(pos) or n == 0:
                break
            for i in range(0, n, 3):
                a = bytearray(pos)
                b = bytearray(pos)
                want = []
                got = Trace()
                g.play(a, buf[i], want)
                g.play(b, buf[i], got)
                assert a == b and list(got) == want, (name, k, i)
                drops = [e for e in want if e["event"] == "drop"]
                # Omweso's laps and relays are ints too (no dict held per lap, issue 10)
                steps = [e for e in want if e["event"] == "drop" or
                         (name == "omweso" and e["event"] in ("lap", "relay"))]
                assert sum(1 for e in got.ev if isinstance(e, int)) == len(steps)
                assert got.marks() == [e for e in want if not any(e is x for x in steps)]
                longest = max(longest, len(drops))
            g.play(pos, buf[(5 * k + 1) % n])
        assert longest >= 8, (name, longest)
        g = pos = buf = None
        gc.collect()
    t = Trace()  # every field at its widest, and past it (kept as a dict)
    t.lap(1, 15, -1, 255, "okutema", 4095)
    t.relay(1, 15, 255)
    t.lap(0, 2, 1, 256, "first", 1)
    t.relay(0, 3, 300)
    assert list(t) == [
        {"event": "lap", "player": 1, "start": 15, "dir": "-", "count": 255, "kind": "okutema",
         "n": 4095}, {"event": "relay", "player": 1, "at": 15, "count": 255},
        {"event": "lap", "player": 0, "start": 2, "dir": "+", "count": 256, "kind": "first",
         "n": 1}, {"event": "relay", "player": 0, "at": 3, "count": 300}]
    assert [isinstance(e, int) for e in t.ev] == [True, True, False, False]


def test_the_session_makes_the_ai_when_it_shows_the_board_and_never_for_a_finished_game():
    # Issue 30 #1: the AI (its search buffers, 7-11 KB on the chip) is made by the session at
    # its first tick on a game's board (Session.tick: after the press that showed it, whose code
    # then has left the heap), not by whoever draws it; a finished game has none, whichever page
    # of the game-over screen is shown (the app once made it again there).
    s = make("oanquan", "demo", level=1)
    c = Clock()
    s.new_game()
    assert s.screen == "play" and s.brain is None
    c.t += 10
    s.tick(c.t, ms=-1)
    assert s.brain is not None  # no app drew anything
    n = play_out(s, c, 400)
    assert s.screen == "summary" and s.scr.kind == "over", n
    assert s.brain is None
    for b in ("a", "left", "right", "left"):
        press(s, c, b)
        assert s.brain is None and s.phase == "over"
    press(s, c, "b")
    assert s.screen == "title" and s.game is None and s.brain is None


def test_a_sowing_steps_words_and_sound_allocate_nothing():
    # Anim.words runs at every step of a sowing: a drop says nothing and ticks, with no tuple or
    # string made (MicroPython, heap_lock); a capture says who took what, and chords
    from firmware.trace import Anim
    from firmware.games import adapter
    a = Anim()
    ad = adapter("oanquan")
    drop = {"event": "drop", "at": 3, "player": 0}
    names = ("You", "AI")
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):
        lock = unlock = None
    if lock is not None:
        lock()
    try:
        m = a.words(drop, ad, names)
    finally:
        if unlock is not None:
            unlock()
    assert m == "" and a.sound == "tick"
    a.player = 1
    m = a.words({"event": "capture", "at": 5, "player": 1, "count": 8}, ad, names)
    assert m.startswith("AI captured") and a.sound == "chord", m
