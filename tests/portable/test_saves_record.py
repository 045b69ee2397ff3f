# Your record vs the AI (issue 57 #3; firmware/tally.py, Session.record): wins, losses,
# draws, the streak and the best winning margin per game and level, added in the save of a game's
# last move (a power cut keeps both or neither: tests/test_saves_flash.py cuts every flash
# operation of games vs the AI), read back at the next start, shown on the game-over page and on
# its own screen (Your record...), cleared there with a confirm. Portable: CPython and the
# MicroPython port (each test in a fresh interpreter: tests/test_micropython.py FRESH).
from firmware import saves
from firmware import tally
from session_util import make, press, play_out, Clock


class _Ad:
    @staticmethod
    def score_table(game, pos, snap):
        return [("total", snap["t"][0], snap["t"][1])]


class _Game:
    NAME = "sanyao"


class _Rec:
    pos = None


class _Fake:
    """What tally.add reads of a session: the game's result and totals, the level, the human's
    seat, the record (kept as Session.tally keeps it)."""

    def __init__(self):
        self.record = {}
        self.cfg = {"level": 3}
        self.human = 0
        self.game, self.rec, self.ad = _Game(), _Rec(), _Ad()

    def end(self, winner, t0, t1):
        self.snap = {"result": {"winner": winner}, "t": (t0, t1)}
        self.record = tally.add(self)
        return self.record["sanyao"]


def test_tally_counts_each_result_the_streak_and_the_best_margin_at_its_level():
    s = _Fake()
    s.end(0, 30, 20)  # won by 10 at level 3
    r = s.end(0, 25, 20)  # won by 5: the best stays 10
    assert r[10:15] == [2, 0, 0, 2, 10] and r[:10] == [0] * 10 and r[15:] == [0] * 10
    s.human = 1
    assert s.end(1, 10, 40)[10:15] == [3, 0, 0, 3, 30]  # the human in seat 1 wins by 30
    s.end(0, 40, 10)  # a loss ends the streak and starts one of losses
    assert s.end(0, 40, 10)[10:15] == [3, 2, 0, -2, 30]
    assert s.end(None, 20, 20)[10:15] == [3, 2, 1, 0, 30]  # a draw: no streak either way
    assert s.end(1, 0, 1)[10:15] == [4, 2, 1, 1, 30]
    s.cfg["level"] = 1  # another level: its own figures
    r = s.end(0, 9, 1)
    assert r[0:5] == [0, 1, 0, -1, 0] and r[10:15] == [4, 2, 1, 1, 30]


def _mem():
    m = bytearray(4096)  # one 4 KB block, erased (no b"\xff" * 4096 beside it)
    for i in range(4096):
        m[i] = 0xFF
    return m


def _spy(store):
    # the heads (JSON) of the saves that ended a game in the store: the one before had a game,
    # this one has none (only these kept: every payload would not fit the port's heap)
    import json
    ends = []
    had = [False]
    save = store.save

    def spy(payload, move=None, game=None):
        p = payload.payload() if isinstance(payload, saves.Live) else payload
        head = json.loads(bytes(p[:p.index(b"\n")]).decode())
        p = None
        if had[0] and "g" not in head:
            ends.append(head)
        had[0] = "g" in head
        save(payload, move, game)
    store.save = spy
    return ends


def test_session_a_game_vs_the_ai_is_in_your_record_from_the_save_of_its_last_move():
    from firmware.session import Session
    st = saves.Saver(saves.NvmLog(_mem()))
    ends = _spy(st)
    s = make("oanquan", "ai", 2, store=st)
    c = Clock()
    s.new_game()
    play_out(s, c, 400)
    assert s.scr.kind == "over"
    res = s.snap["result"]
    won = res["winner"] == s.human
    lost = res["winner"] == 1 - s.human
    r = s.record["oanquan"]
    margin = abs(res["score"][0] - res["score"][1])
    assert r[5:10] == [int(won), int(lost), int(res["winner"] is None),
                       1 if won else -1 if lost else 0, margin if won else 0]
    assert r[:5] == [0] * 5 and r[10:] == [0] * 15  # level 2 only
    # the save that ended the game in the store is the one that added it: no game without it
    # (the saves before it had no record: the first game)
    assert len(ends) == 1 and ends[0]["w"] == {"oanquan": r}, ends
    # the game-over page says it
    page = s.scr.lines
    assert "Level 2: won %d, lost %d, drawn %d" % tuple(r[5:8]) in page, page
    # the next start reads it back
    s = None
    s = Session(st)
    assert s.record == {"oanquan": r} and s.notice == "", (s.record, r, s.notice)


def test_session_two_players_and_the_ai_demo_keep_no_record():
    st = saves.Saver(saves.NvmLog(_mem()))
    s = make("oanquan", "two", store=st)
    c = Clock()
    s.new_game()
    play_out(s, c, 400)
    assert s.scr.kind == "over" and s.record == {}
    assert not [ln for ln in s.scr.lines if ln.startswith("Level ")]


def _record_screen(s, c):
    # the title's Settings..., then its "Your record..." row
    for row in (("go", "settings"), ("go", "record")):
        while s.scr.items[s.scr.sel] != row:
            press(s, c, "down")
        press(s, c, "a")
    assert s.screen == "record"


def test_session_the_record_screen_shows_it_and_clears_it_only_when_asked_twice():
    from firmware.session import Session
    mem = _mem()
    st = saves.Saver(saves.NvmLog(mem))
    s = make("sanyao", "ai", 1, store=st)
    s.record = {"sanyao": [0] * 10 + [4, 2, 1, 3, 12] + [0] * 10,
                "oanquan": [1, 0, 0, 1, 9] + [0] * 20}
    s.save()
    s = None
    s = Session(saves.Saver(saves.NvmLog(mem)))
    c = Clock()
    _record_screen(s, c)
    assert s.scr.lines == ["Ô Ăn Quan   won lost drawn",
                           "level 1       1    0     0",
                           "  best win by 9",
                           "San-Yao     won lost drawn",
                           "level 3       4    2     1",
                           "  3 wins in a row",
                           "  best win by 12"]
    assert max(len(ln) for ln in s.scr.lines) <= 26  # a line at 160x128
    assert s.scr.foot(9) == "A: clear  B: back"
    press(s, c, "a")  # once: asks
    assert s.scr.foot(9) == "A again: clear it all" and s.record
    press(s, c, "down")  # another key: kept
    assert s.scr.foot(9) == "A: clear  B: back" and s.record
    press(s, c, "b")  # back to Settings, on its row
    assert s.screen == "settings" and s.scr.items[s.scr.sel] == ("go", "record")
    press(s, c, "a", "a", "a")  # its screen, A, A again: cleared and saved
    assert s.screen == "record" and s.record == {}
    assert s.scr.lines == ["No game against the AI finished yet"]
    assert s.scr.foot(9) == "B: back to Settings"
    s = None
    s = Session(saves.Saver(saves.NvmLog(mem)))
    assert s.record == {}


def test_session_an_unreadable_record_is_ignored_with_a_notice_the_rest_loads():
    from firmware.session import Session
    for bad in ('{"oanquan": [1, 2]}', '{"chess": [0]}', '[1, 2, 3]', '{"sanyao": "x"}'):
        mem = _mem()
        saves.Saver(saves.NvmLog(mem)).save(
            ('{"v": 1, "cfg": {"level": 4}, "w": %s}\n' % bad).encode())
        s = Session(saves.Saver(saves.NvmLog(mem)))
        assert s.record == {} and s.cfg["level"] == 4, bad
        assert s.notice == "Your record was unreadable: ignored", bad
        s = None
