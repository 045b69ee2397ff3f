# The hint and what the board says (issue 12 items 4-5, issue 31 #2 and #6), headless: the hint's
# ring and words, its reason in cli.py explain's words, A, A playing the hinted move, whose
# capture is said and for how long. Split from tests/test_app_defects.py.
import pytest

from boards.headless import to565
from firmware.views import ui
from engine.games import NAMES
import test_app_render as R


def ask(s):
    """X on the board: the hint is said to be coming (drawn at once), then comes two ticks later
    (its search takes 1.5-4 s on the chip: issue 55 #7)."""
    R.press(s, "x")
    assert s.hint is None and s.msg == "Looking for a hint..." and s.hint_due
    for _ in range(2):
        s.tick(s.now + 10, ms=-1)


# ---------------------------------------------------------------- 4: the hint
def test_hint_green_ring_under_the_cursor_and_words_naming_a_numbered_square():
    app, s = R.setup_app(160, 128, "oanquan", mode="ai")
    s.new_game()
    ask(s)
    assert s.hint is not None and s.play.cursor == s.hint
    d = R.shot(app)
    pit = app.view.pits[s.hint]
    assert d.pixel(pit.x + pit.w // 2, pit.y) == to565(ui.GREEN)
    assert s.msg.startswith("Hint: square %d " % s.hint)
    assert s.msg.endswith(("clockwise", "anticlockwise"))
    assert pit.state[5] == s.hint  # the square the words name carries its number
    R.press(s, "right")  # the cursor moves on: the hint stays green, the cursor is yellow
    d = R.shot(app)
    assert d.pixel(pit.x + pit.w // 2, pit.y) == to565(ui.GREEN)


def test_hint_text_shown_after_a_long_search():
    # Omweso's hint search takes seconds on the device: its message must not expire unseen
    app, s = R.setup_app(160, 128, "omweso", mode="ai")
    s.new_game()
    b = s.ai()
    real = b.player.hint

    def slow(pos, ms=None):
        s.now += 5000  # time passes while it searches
        return real(pos, ms)
    b.player.hint = slow
    ask(s)
    s.tick(s.now + 10)
    assert s.msg.startswith("Hint: pit %d" % s.hint)
    R.shot(app)
    assert app.view.frame.msg.text.startswith("Hint: pit")
    s.tick(s.now + 3000)
    assert s.msg == ""  # the message has gone, the hint is still on the screen (issue 31),
    R.shot(app)  # its reason with its move (issue 55 #7)
    assert app.view.frame.msg.text in ("%d%s: %s" % (s.hint, s.play.hint_sfx, s.play.hint_why),
                                       s.play.hint_why)


@pytest.mark.parametrize("size", ((160, 128), (240, 240), (320, 240)))
@pytest.mark.parametrize("game", NAMES)
def test_a_hint_says_why_on_the_message_line_in_explains_words(game, size):
    # issue 31 #2: what the move takes and what the search's best reply takes back, the words of
    # cli.py explain for the same move and budget, on one line of the smallest screen. Issue 55
    # #7: on the message line, with the hint's words where they fit together (else after them):
    # the status line still says whose turn it is
    from engine import explain, search
    from engine.ai import level_nodes
    from engine.record import Record
    app, s = R.setup_app(size[0], size[1], game, mode="ai")
    s.new_game()
    s.human = s.mover()
    s._begin_turn()
    assert s.phase == "select"
    b = s.ai()
    real = b.player.hint
    got = []
    b.player.hint = lambda pos, ms=None: got.append(real(pos, ms)) or got[-1]
    pos = bytearray(s.rec.pos)
    R.press(s, "x")
    R.shot(app)  # drawn before the search: the hint is coming
    assert app.view.frame.msg.text == "Looking for a hint..." and not got
    assert app.view.frame.status.text.startswith("Your turn")
    for _ in range(2):
        s.tick(s.now + 10, ms=-1)
    assert got and s.play.cursor == s.hint
    want = explain.explain(search.Search(s.game), Record(s.game, pos, s.rec.seen), got[0],
                           level_nodes(s.game, 3))["text"]
    assert s.play.hint_why == want and len(want) <= 26
    words = s.play.hint_line
    assert words.startswith("Hint: ")
    both = "%s, %s" % (words, want)
    fits = len(both) * ui.CH_W <= size[0]
    R.shot(app)
    f = app.view.frame
    assert f.status.text.startswith("Your turn")  # (it held "captures 6..." and cut "G1 0-0")
    assert f.msg.text == (both if fits else words)
    s.tick(s.now + 10, ms=-1)
    s.tick(s.now + 3000, ms=-1)  # the words have been said: the reason stays, with the move
    R.shot(app)
    move = "%d%s: %s" % (s.hint, s.play.hint_sfx, want)
    alone = both if fits else move if len(move) * ui.CH_W <= size[0] else want
    assert f.msg.text == alone and f.status.text.startswith("Your turn")
    R.press(s, "right")  # the cursor moves: the reason stays
    R.shot(app)
    assert f.msg.text == alone and f.status.text.startswith("Your turn")


@pytest.mark.parametrize("game", NAMES)
def test_a_then_a_after_a_hint_plays_the_hinted_move(game):
    # the hint trap (issue 31): the direction prompt opened on the other direction, so A, A
    # played another move than the one the hint named
    app, s = R.setup_app(160, 128, game, mode="ai")
    played = []
    for seed in range(1, 40):
        s.seed = seed
        s.new_game()
        s.human = s.mover()
        s._begin_turn()
        if s.phase != "select":
            continue
        b = s.ai()
        real = b.player.hint
        got = []

        def hint(pos, ms=None, real=real, got=got):
            got.append(real(pos, ms))
            return got[-1]
        b.player.hint = hint
        ask(s)
        assert got and s.play.cursor == s.hint
        want = s.game.move_str(s.rec.pos, got[0])
        for _ in range(4):  # A until the move is made (one A per prompt)
            if s.last is not None:
                break
            R.press(s, "a")
        assert s.last is not None and s.last[2] == want, (seed, s.last, want)
        played.append(want)
        if len(played) >= 3 and (game != "oanquan" or any(t[-1:] in "+-" for t in played)):
            break
    # Ô Ăn Quan asks for a direction every move: a hinted move has gone through the prompt
    assert len(played) >= 3 and (game != "oanquan" or any(t[-1:] in "+-" for t in played))


# ---------------------------------------------------------------- 5: whose capture
def test_your_capture_message_does_not_stay_under_the_ai_move():
    from session_util import make, Clock, press
    s = make("oanquan", "ai", 1, anim="normal")
    c = Clock()
    s.new_game()
    o = dict(R.POS["oanquan"])
    o["rules"] = dict(s.game.rules)
    o["squares"] = [0, 0, 1, 0, 0, 5, 0, 0, 3, 3, 3, 3]  # 2+ : the last stone before an
    o["big"] = [1, 1]                                     # empty square, 5 behind it
    o["stock"] = [16, 16]
    o["mandarins"] = [0, 0]
    o["debt"] = [0, 0]
    s.rec.pos[:] = s.game.from_json(o)
    s._refresh()
    s._begin_turn()
    s.play.cursor = 2
    press(s, c, "a")
    while s.phase == "choose":
        if s.play.opts[s.play.opt_i] != "+":
            press(s, c, "right")
            continue
        press(s, c, "a")
    said = []
    for _ in range(200):
        c.t += 60
        s.tick(c.t)
        said.append(s.msg)
        if s.phase == "anim" and s.last[1] == 1:
            break
    assert any(m.startswith("You captured 5") for m in said), said
    assert s.last[1] == 1 and s.phase == "anim"  # the AI's move is showing
    assert not s.msg.startswith("You captured")


def test_what_the_ais_move_captured_stays_said_through_your_turn():
    # issue 31 #6: "AI captured 8!" went after 2.2 s, before the player had looked; it stays
    # until the player moves; a press's own message ("Cannot undo") still goes
    from session_util import make, Clock, press, settle, human_move
    s = make("oanquan", "ai", 1, anim="normal")
    c = Clock()
    s.new_game()
    for i in range(60):
        settle(s, c)
        assert s.screen == "play", "no capture by the AI in 60 moves"
        if s.phase == "select" and s.msg.startswith("AI captured"):
            break
        human_move(s, c, target=i)
    said = s.msg
    for _ in range(50):  # 10 s of the player's turn
        c.t += 200
        s.tick(c.t)
    assert s.phase == "select" and s.msg == said
    human_move(s, c)
    assert s.msg != said  # gone with the player's move
    settle(s, c)
    if s.phase == "select":
        s.take_back = False
        s.say("Cannot undo")
        for _ in range(15):
            c.t += 200
            s.tick(c.t)
        assert s.msg == ""


def test_a_hint_from_the_pause_box_comes_at_the_next_tick_with_the_boxs_code_gone():
    # issue 33: the hint's search and reason (engine/explain.py) ran inside the press that closed
    # the pause box, its code still on the stack: the AI's buffers were made again on top of it,
    # Omweso's lowest free heap in a complete game on the chip (35.9 KB, Display Pack 2.0)
    import sys
    app, s = R.setup_app(320, 240, "omweso", mode="ai")
    s.cfg["starts"] = "you"
    s.new_game()
    app.step(10)
    assert s.phase == "select" and s.brain is not None
    R.press(s, "start")
    assert s.screen == "pause" and s.brain is None  # the box holds no AI's buffers
    s.scr.select(("hint", None))
    R.press(s, "a")
    assert s.screen == "play" and s.hint is None and s.hint_due and s.brain is None
    assert "firmware.screens.pause" not in sys.modules
    assert s.msg == "Looking for a hint..."  # (drawn over the board first)
    s.tick(s.now + 10, ms=-1)
    assert s.hint is None and s.hint_due
    s.tick(s.now + 10, ms=-1)  # the pass after: the hint, its buffers made first
    assert s.hint is not None and not s.hint_due and s.brain is not None
    assert s.msg.startswith("Hint: pit %d" % s.hint)


def test_a_press_before_the_hint_came_gets_the_hint_first():
    # X then A at once: A picked the cursor's pit before the hint's search had run (it runs two
    # ticks after X, its words drawn first); the hint comes first, A then picks the hinted pit
    app, s = R.setup_app(160, 128, "oanquan", mode="ai")
    s.new_game()
    s.play.cursor = 5
    R.press(s, "x")
    assert s.hint is None and s.hint_due
    R.press(s, "a")
    assert s.hint is not None and not s.hint_due and s.hint != 5  # (not where the cursor was)
    assert s.phase == "choose" and s.play.cursor == s.hint
