# The session model on CPython: Omweso (set-up, choice points, blitz, no take-back, matches),
# desktop file saves, and 50,000 random button presses per game without an exception or an
# illegal state. (Portable checks of the same model: tests/portable/test_session.py.)
import json
import os
import random

import pytest

from session_util import make, press, settle, human_move, play_out, check, Clock, encoded  # noqa: E402
from firmware import saves  # noqa: E402
from firmware.savefile import FileStore  # noqa: E402
from firmware.common import suffix  # noqa: E402
from firmware.screens.history import log_entries  # noqa: E402

# Player 1 to move; pit 0 has the moves 0+, 0-+ and 0--: a choice point at the first lap and
# another one later in the move (docs/rules.md OM-5).
CHOICE_POS = {
    "game": "omweso", "rules": {}, "to_move": 1, "ply": 7, "result": None,
    "pits": [[0, 5, 0, 1, 2, 6, 6, 1, 2, 1, 1, 1, 0, 0, 0, 0],
             [4, 4, 4, 4, 4, 0, 0, 6, 2, 0, 3, 3, 1, 1, 1, 1]],
    "phase": "play", "moves_made": [4, 3], "captures": [0, 1], "points": [0, 0], "game_no": 1}


def scene(s):
    """The picture the board shows instead of the position (a sowing, a mid-move choice)."""
    return s.anim.scene if s.anim is not None else None


def load(s, obj):
    o = dict(obj)
    o["rules"] = dict(s.game.rules)
    s.rec.pos[:] = s.game.from_json(o)
    s._refresh()
    s._begin_turn()


def test_omweso_complete_match_vs_ai_level1():
    s = make("omweso", "ai", 1, rules={"match_points": 2})
    c = Clock()
    s.new_game()
    play_out(s, c, 2000)
    assert s.scr.kind == "over"
    assert any("points" in ln for ln in s.scr.lines)
    assert max(s.game.result(s.rec.pos)["points"]) >= 2


def test_omweso_complete_match_two_players():
    s = make("omweso", "two", rules={"match_points": 1})
    c = Clock()
    s.new_game()
    play_out(s, c, 3000)
    assert s.scr.kind == "over"


def test_omweso_choice_point_mid_move():
    s = make("omweso", "two", anim="normal")
    c = Clock()
    s.new_game()
    load(s, CHOICE_POS)
    assert s.phase == "select" and s.mover() == 1
    s.play.cursor = 0
    press(s, c, "a")
    assert s.phase == "choose" and s.play.opts == ["+", "-"] and scene(s) is None
    press(s, c, "right", "a")  # "-": reverse first lap, then a second choice point
    assert s.phase == "choose" and s.play.prefix == "-" and s.play.opts == ["+", "-"]
    assert "Choice point 2" in s.msg
    assert scene(s) is not None and scene(s)["pits"] != s.snap["pits"]  # the board mid-move
    assert s.play.choice_text("-").startswith("reverse")
    press(s, c, "a")  # "+"
    assert s.last[2] == "0-+" and s.phase == "anim"
    press(s, c, "a")  # skip the animation
    assert s.phase == "select" and s.mover() == 0


@pytest.mark.parametrize("last", ["+", "-"])
def test_omweso_animation_goes_on_from_the_choice_point(last):
    # After a direction is confirmed at a mid-move choice point, the sowing animation starts
    # from the board shown at that choice point (the laps before it were shown), not from the
    # start of the move; its last picture is the engine's position.
    s = make("omweso", "two", anim="normal")
    c = Clock()
    s.new_game()
    load(s, CHOICE_POS)
    pre = [list(r) for r in s.snap["pits"]]
    s.play.cursor = 0
    press(s, c, "a", "right", "a")  # "-" at the first choice point: the second one is shown
    assert s.phase == "choose" and s.play.prefix == "-" and scene(s) is not None
    shown = [list(r) for r in scene(s)["pits"]]
    lap = s.anim.at
    assert shown != pre and lap >= 0
    assert s.play.dir_target() == ((lap + 1) & 15, 1)  # "+" selected: anticlockwise
    if last == "-":
        press(s, c, "right")
        assert s.play.dir_target() == ((lap - 1) & 15, 1)
    press(s, c, "a")
    assert s.phase == "anim" and s.last[2] == "0-" + last
    a = s.anim
    tr = a.trace
    k = a.step
    assert k > 0, "the animation restarted from the start of the move"
    assert tr[k]["event"] == ("lap" if last == "+" else "reverse") and tr[k]["start"] == lap
    assert [r for r in a.scene["pits"]] == shown and a.at == lap
    # the board shown is exactly the start position with the first k events of the move
    sc = {"pits": [list(r) for r in pre], "points": [0, 0]}
    for ev in [tr[j] for j in range(k)]:
        s.ad.apply(sc, ev)
    assert sc["pits"] == shown
    assert sum(1 for j in range(k) if tr[j]["event"] == "reverse") == 1
    # the rest of the move is animated step by step, ending on the engine's position
    steps = []
    while s.phase == "anim" and a.step < len(tr):
        c.t += a.step_ms  # one step at a time (a capture is held longer)
        s.tick(c.t)
        steps.append(a.step)
    assert steps[0] == k + 1 and steps == sorted(steps)
    assert a.scene["pits"] == s.game.to_json(s.rec.pos)["pits"] == s.snap["pits"]
    c.t += 1000
    s.tick(c.t)
    assert s.phase == "select" and s.mover() == 0 and a.scene is None


def test_omweso_animation_from_the_start_without_a_mid_move_choice():
    s = make("omweso", "two", anim="normal")
    c = Clock()
    s.new_game()
    load(s, CHOICE_POS)
    s.play.cursor = 0
    press(s, c, "a", "a")  # "+" at the first choice point (the start of the move)
    assert s.phase == "anim" and s.last[2] == "0+" and s.anim.step <= 1


def test_omweso_free_setup_screen():
    s = make("omweso", "two", rules={"setup": "free"})
    c = Clock()
    s.new_game()
    assert s.phase == "setup" and sum(s.play.setup) == 32
    start = list(s.play.setup)
    press(s, c, "b")  # take one seed from pit 0 into the hand
    assert s.play.hand == 1 and s.play.setup[0] == start[0] - 1
    press(s, c, "up")  # to the inner row (pit 15)
    assert s.play.cursor == 15
    press(s, c, "a")  # drop it there
    assert s.play.hand == 0 and s.play.setup[15] == start[15] + 1
    want = list(s.play.setup)
    press(s, c, "a", "a")  # done (A twice)
    settle(s, c)
    assert s.snap["pits"][0] == want
    assert s.phase == "setup" and s.mover() == 1  # the second player's set-up
    press(s, c, "a", "a")
    settle(s, c)
    assert s.phase == "select" and s.snap["phase"] == "play"


def test_omweso_setup_b_on_an_empty_pit_with_nothing_in_hand_pauses():
    # it opened a list of the rule options titled "pause" (s.menu("pause")), whose B did
    # nothing: the player was stuck in it until its "Back" went to the title
    s = make("omweso", "two", rules={"setup": "free"})
    c = Clock()
    s.new_game()
    s.play.cursor = 15  # the inner row: empty at the start
    assert s.play.setup[15] == 0 and s.play.hand == 0
    press(s, c, "b")
    assert s.screen == "pause" and s.scr.items[0] == ("resume", None)
    press(s, c, "b")
    assert s.screen == "play" and s.phase == "setup"


def test_omweso_three_seed_opening_offered():
    s = make("omweso", "two", rules={"three_seed_opening": True, "setup": "two_each"})
    c = Clock()
    s.new_game()
    # make a 3-seed pit: two-player moves until one appears for the mover
    for _ in range(30):
        stars = [t for _, t in s.legal if t.endswith("*")]
        if stars:
            break
        human_move(s, c)
        settle(s, c)
    assert stars
    s.play.cursor = int(stars[0][:-1])
    press(s, c, "a")
    assert s.phase == "choose" and "*" in s.play.opts
    s.play.opt_i = s.play.opts.index("*")
    assert s.play.choice_text("*") == "3-seed sowing"
    press(s, c, "a")
    assert s.last[2] == stars[0]


def test_omweso_blitz_turn_passes():
    s = make("omweso", "two")
    s.cfg["blitz"] = 3
    c = Clock()
    s.new_game()
    assert s.mover() == 0
    c.t += 2000
    s.tick(c.t)
    assert s.mover() == 0
    c.t += 1500
    s.tick(c.t)
    assert s.mover() == 1 and "Time" in s.msg


def test_omweso_no_take_back():
    s = make("omweso", "two")
    s.cfg["take_back"] = False
    c = Clock()
    s.new_game()
    human_move(s, c)
    settle(s, c)
    assert not s.can_undo()
    press(s, c, "y")
    assert s.msg == "Cannot undo"
    press(s, c, "start")
    undo = s.scr.items.index(("undo", None))
    assert not s.scr.item_enabled(s.scr.items[undo])


def test_file_save_atomic_and_resume(tmp_path):
    path = str(tmp_path / "m.sav")
    st = saves.Saver(FileStore(path))
    s = make("omweso", "ai", 1, store=st)
    c = Clock()
    s.new_game()
    human_move(s, c)
    settle(s, c)
    pos = bytes(s.rec.pos)
    assert os.path.exists(path) and not os.path.exists(path + ".tmp")
    s2 = make(store=saves.Saver(FileStore(path)))
    assert s2.scr.items[0] == ("resume", None) and s2.saved["g"] == "omweso"
    press(s2, Clock(), "a")
    assert bytes(s2.rec.pos) == pos and s2.cfg["game"] == "omweso"
    with open(path, "r+b") as f:  # a corrupt file is reported and ignored
        f.seek(30)
        f.write(b"\xff\xff")
    s3 = make(store=saves.Saver(FileStore(path)))
    assert s3.notice and s3.scr.items[0] != ("resume", None)


def test_start_game_asks_before_it_replaces_a_saved_game(tmp_path):
    # issue 31 #6: "Start game" on the title offering a saved game threw it away at once
    path = str(tmp_path / "m.sav")
    s = make("oanquan", "ai", 1, store=saves.Saver(FileStore(path)))
    c = Clock()
    s.new_game()
    human_move(s, c)
    settle(s, c)
    pos = bytes(s.rec.pos)
    s = make(store=saves.Saver(FileStore(path)))
    assert s.scr.items[0] == ("resume", None)
    press(s, c, "down")
    assert s.scr.items[s.scr.sel] == ("start", None)
    press(s, c, "a")  # asks: the game stays saved
    assert s.screen == "title" and s.msg == "Saved game lost: A again"
    assert make(store=saves.Saver(FileStore(path))).saved["pos"][:len(pos)] == pos
    press(s, c, "up", "down", "a")  # another key in between: it asks again
    assert s.screen == "title" and s.game is None
    press(s, c, "a")  # A again: the new game
    assert s.screen == "play" and bytes(s.rec.pos) != pos
    s = make(store=saves.Saver(FileStore(bytes(tmp_path / "none.sav").decode())))
    press(s, c, "a")  # no saved game: no question
    assert s.screen == "play"


def test_save_is_compact():
    st = saves.Saver(saves.NvmLog(bytearray(4096)))
    for name in ("oanquan", "sanyao", "omweso"):
        s = make(name, "two", store=st)
        c = Clock()
        s.new_game()
        for _ in range(12):
            settle(s, c)
            if s.screen != "play":
                break
            if s.phase == "setup":
                press(s, c, "a", "a")
            elif s.phase == "select":
                human_move(s, c)
        data = encoded(s)
        head = json.loads(data[:data.index(b"\n")].decode())
        # a rewrite holds it: a header and a snapshot (22 bytes) in the drive copy's 2 KB file
        assert head["g"] == name and len(data) <= saves.FilePair.SIZE - 22
        assert (len(data) - data.index(b"\n") - 1) % s.game.SIZE == 0


def _random_presses(name, n, seed):
    rng = random.Random(seed)
    # the AI at level 1 (its smallest budget: the complete games above play the higher levels)
    s = make(name, "ai", 1, store=saves.Saver(saves.NvmLog(bytearray(4096))), anim="fast")
    c = Clock()
    buttons = ("up", "down", "left", "right", "a", "b", "x", "y", "start", "select")
    weights = ("a",) * 6 + ("b",) * 2 + ("up", "down", "left", "right") * 2 + buttons
    games = 0
    for i in range(n):
        b = rng.choice(weights)
        c.t += rng.choice((5, 20, 60, 200, 800))
        s.press(b, c.t)
        s.tick(c.t)
        check(s)
        if s.screen == "play" and s.phase == "choose":
            assert all(c2[1][:len(s.play.prefix)] == s.play.prefix for c2 in s.play.cands)
        if s.screen == "summary" and s.scr.kind == "over":
            games += 1
        if s.cfg["game"] != name and s.screen == "title" and rng.random() < 0.5:
            s.cfg["game"] = name  # keep exploring this game mostly
    return games


@pytest.mark.parametrize("name", ["oanquan", "sanyao", "omweso"])
def test_5000_random_presses(name):
    _random_presses(name, 5000, {"oanquan": 4, "sanyao": 5, "omweso": 6}[name])


@pytest.mark.long
@pytest.mark.parametrize("name", ["oanquan", "sanyao", "omweso"])
def test_50000_random_presses(name):
    _random_presses(name, 50000, {"oanquan": 1, "sanyao": 2, "omweso": 3}[name])


def test_moves_shown_are_the_games_moves():
    s = make("omweso", "two")
    s.new_game()
    load(s, CHOICE_POS)
    texts = sorted(t for _, t in s.legal)
    assert "0-+" in texts and "0--" in texts
    assert all(suffix(t) in ("", "+", "-", "-+", "--", "*", "++", "+-") for t in texts)


def test_move_history_lists_every_move_and_replays_the_last():
    s = make("oanquan", "two", anim="normal")
    c = Clock()
    s.new_game()
    played = []
    for _ in range(4):
        settle(s, c)
        p = s.mover()
        human_move(s, c)
        played.append((p, s.last[2]))
        settle(s, c)
    log = log_entries(s.log)
    assert [(p, t) for p, t, _, _ in log] == played
    press(s, c, "start")
    while s.scr.items[s.scr.sel] != ("go", "history"):
        press(s, c, "down")
    press(s, c, "a")
    assert s.screen == "history" and s.scr.title() == "Moves (4)"
    for i, (p, t) in enumerate(played):
        assert s.scr.lines[i].startswith("%d. P%d %s" % (i + 1, p + 1, t))
    pos = bytes(s.rec.pos)
    press(s, c, "a")  # replay the last move: its sowing from the position before it
    assert s.screen == "play" and s.phase == "anim" and s.anim.replaying
    assert s.anim.scene["squares"] != s.snap["squares"] or s.anim.trace
    settle(s, c)
    assert s.phase == "select" and bytes(s.rec.pos) == pos and len(log_entries(s.log)) == 4
    s.do_undo()  # a move taken back leaves the history too
    assert [(p, t) for p, t, _, _ in log_entries(s.log)] == played[:3]


def test_history_records_captures():
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    for _ in range(30):
        settle(s, c)
        if s.screen != "play":
            break
        before = list(s.snap["stock"])
        p = s.mover()
        human_move(s, c)
        settle(s, c)
        if s.screen != "play":
            break
        gained = s.snap["stock"][p] - before[p]
        if s.snap["debt"] == [0, 0] and s.snap["mandarins"] == [0, 0]:
            assert log_entries(s.log)[-1][2] == max(0, gained), (log_entries(s.log)[-1], gained)
    assert any(e[2] for e in log_entries(s.log))  # some moves captured, and say so


def test_history_names_the_mandarins_captured():
    # issue 31 #6: "AI 11- captured 10" where the terminal said "captured 10 stones and a
    # mandarin": the history says the mandarin too, as the terminal counts it
    from firmware.screens.history import history_lines
    from tools.terminal import oanquan as term
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    said = []
    for i in range(200):
        settle(s, c)
        if s.screen != "play":
            break
        pos = bytearray(s.rec.pos)
        human_move(s, c, target=i * 7)
        e = log_entries(s.log)[-1]
        tr = []
        s.game.play(pos, s.game.parse_move(pos, e[1]), tr)
        words = term.captures(s.game, tr)  # "captured 6 stones and a mandarin"
        want = words.replace(" stones", "").replace(" stone", "").replace(
            "captured 0 and ", "captured ")  # "captured 6 and a mandarin", "captured a mandarin"
        line = history_lines(s)[-1]
        assert line.endswith(want) if want else "captured" not in line, (line, words)
        if e[3]:
            said.append(line)
            if len(said) > 1:
                break
    assert said and all(" and a mandarin" in t or "mandarins" in t for t in said)
