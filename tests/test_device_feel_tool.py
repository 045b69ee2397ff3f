# tools/device/feel.py without the emulator: a press's answer is the first burst of display writes
# after it, in-between pictures are counted, the session's marks are read from the console lines,
# and the table says which targets are met.
from tools.device import feel as F


class FakeChip:
    """Simulated time in us; display writes handed out as runner.mjs's spans op does."""

    def __init__(self, writes, lines=()):
        self.board = {"keys": {"a": 7}}
        self.t_us = 1000000
        self.writes = list(writes)  # (start, end) in ms after the press, again-count
        self.pins = []
        self.changed = (0, 0)
        self.lines = list(lines)
        self.hits = [0, 0]
        self.searches = []
        self.t0 = None

    def pin(self, gpio, v):
        self.pins.append((gpio, v))
        if self.t0 is None:
            self.t0 = self.t_us

    def run(self, ms):
        self.t_us += ms * 1000

    def spans(self, on=None):
        out = []
        again = 0
        while self.writes and self.t0 is not None and \
                self.t0 + self.writes[0][1] * 1000 <= self.t_us:
            a, b, n = self.writes.pop(0)
            out.append((self.t0 + a * 1000, self.t0 + b * 1000, 0, 0, 9, 9, 100))
            again += n
        self.changed = (100 * len(out), again)
        return out

    def heap_lines(self):
        out, self.lines = self.lines, []
        return out


def test_a_press_is_answered_by_its_first_burst_of_writes():
    chip = FakeChip([(30, 35, 0), (36, 50, 0), (400, 410, 0)])  # a refresh, then a later one
    r = F.press(chip, "a", quiet_ms=150)
    assert chip.pins == [(7, 0), (7, 1)]
    assert r["first"] == 30 and r["last"] == 50 and r["again"] == 0


def test_a_picture_sent_in_strips_is_one_refresh_and_the_ais_bar_is_not():
    # a picture drawn straight to the panel goes out a strip at a time, its next strip drawn in
    # between (the pause box's on the Display Pack 2.0: ~40 ms apart before 2026-12-06); the AI's
    # progress bar moves on its own every 60 ms at most: a refresh of its own
    chip = FakeChip([(100, 101, 0), (140, 141, 0), (181, 182, 0), (221, 222, 0)])
    r = F.press(chip, "a", quiet_ms=150)
    assert r["first"] == 100 and r["last"] == 222
    assert len(F.first_refresh([(0, 1000), (61000, 62000), (122000, 123000)])) == 1


def test_a_press_that_draws_nothing_and_one_that_flickers():
    chip = FakeChip([])
    r = F.press(chip, "a", limit_ms=300)
    assert r["first"] is None and r["last"] is None
    chip = FakeChip([(20, 30, 0), (31, 60, 40)])  # pixels changed twice: an in-between picture
    r = F.press(chip, "a")
    assert r["again"] == 40 and r["last"] == 60


def test_marks_come_from_the_console_lines():
    chip = FakeChip([], [{"t_us": 5, "line": "\x1b]0;x\x1b\\feel 123 ready 4 1 4690 7250"},
                         {"t_us": 9, "line": "feel 130 move"}, {"t_us": 11, "line": "other"}])
    got = F.marks(chip)
    assert got == [(5, "ready 4 1 4690 7250"), (9, "move")]
    assert chip.hits == [4, 1] and chip.searches == [[5, 4690, 7250]]
    # the counts add up over the AI's buffers made again (the pause box frees them on the
    # 320x240 boards): its counts start over
    lines = [{"t_us": t, "line": "feel 1 ready %s 4690 7250" % c}
             for t, c in ((1, "1 0"), (2, "2 1"), (3, "1 1"), (4, "1 0"), (5, "2 0"))]
    chip = FakeChip([], lines)
    F.marks(chip)
    assert chip.hits == [5, 2] and len(chip.searches) == 5
    # keep: every line's record too (tools/device/games.py places the heap's low between marks)
    chip = FakeChip([], [{"t_us": 9, "line": "feel 130 move"}, {"t_us": 11, "line": "other"}])
    kept = []
    assert F.marks(chip, kept) == [(9, "move")] and [r["t_us"] for r in kept] == [9, 11]
    assert F.mark_of("feel 130 turn 5") == "turn 5" and F.mark_of("other") is None
    # a sowing frame's chip time (App.step's "frame <ms>"): kept apart, not a mark to wait for
    chip = FakeChip([], [{"t_us": 3, "line": "feel 120 frame 12"},
                         {"t_us": 4, "line": "feel 121 frame 7"}, {"t_us": 9, "line": "feel 130 move"}])
    assert F.marks(chip) == [(9, "move")] and chip.frames == [12, 7]


def test_the_table_says_which_targets_are_met():
    res = {r: [] for r, _ in F.ROWS}
    res.update({"menu step": [20, 30, 70], "cursor step (pondering)": [10, 39], "again": 0,
                "turns": [(2.0, 3.0, 2.5, 1, 7.5, 5.0, 4.0, 7000)], "hits": [3, 1],
                "boot": [3.2]})
    t = F.table({"pico_display_pack2": res})
    lines = {ln.split(" | ")[0].strip("| "): ln for ln in t.splitlines()}
    assert "30 / 70 ms (3) ✗" in lines["menu step"]
    assert "39 / 39 ms (2) ✓" in lines["cursor step (pondering)"]
    assert "7.5 / 7.5 s" in lines["confirm -> your turn again (per AI move)"]
    assert "1750" in lines["nodes/s inside the search (median)"]
    assert "1 of 3" in lines["AI moves that found their pondered search under way"]
    # issue 53's targets: a sowing frame's chip time 8 ms (every frame), start game 0.6 s, the
    # AI's wait after your sowing median 2.5 s and max 5 s
    res.update({"a sowing frame (chip time)": [7, 8, 12], "start game": [590]})
    res["turns"] = [(2.0, 3.0, 2.5, 1, 7.5, 5.0, 4.0, 7000), (2.0, 2.0, 2.5, 1, 7.5, 5.0, 4.0,
                                                              7000)]
    lines = {ln.split(" | ")[0].strip("| "): ln
             for ln in F.table({"pico_display_pack2": res}).splitlines()}
    assert "| ≤ 8 ms | 8 / 12 ms (3) ✗" in lines["a sowing frame (chip time)"]
    assert "| ≤ 600 ms | 590 / 590 ms (1) ✓" in lines["start game"]
    assert "| median ≤ 2.5 s, max ≤ 5 s | 3.0 / 3.0 s (2) ✗" in \
        lines["the AI's wait after your sowing (per AI move)"]
    res["turns"] = [(2.0, 2.0, 2.5, 1, 7.5, 5.0, 4.0, 7000)]
    assert "2.0 / 2.0 s (1) ✓" in F.table({"pico_display_pack2": res})
    res["turns"] = [(2.0, 3.0, 2.5, 1, 7.5, 5.0, 4.0, 7000)]
    # where the run's heap was lowest: the session's marks round it, from every line kept
    chip = FakeChip([], [{"t_us": 1, "line": "feel 1 turn 5", "min_free": 50000},
                         {"t_us": 2, "line": "x", "min_free": 40100},
                         {"t_us": 3, "line": "feel 3 move", "min_free": 45000}])
    chip.kept = []
    F.marks(chip)
    from tools.device.feel import low_point
    res["low_heap"] = {"omweso": 40100}
    res["low_where"] = {"omweso": [low_point(chip.kept)[1], []]}
    t = F.table({"pico_display_pack2": res})
    assert "omweso 39.2 KB (after turn, before move)" in t


def test_a_turn_the_ais_move_ends_gives_its_splits_and_over():
    # A plays the human's move; the AI answers and its move ends the game: "over", not a wait
    # for a human turn that never comes
    lines = [{"t_us": 1000000 + 40000, "line": "feel 1 move"},
             {"t_us": 1000000 + 900000, "line": "feel 2 shown"},
             {"t_us": 1000000 + 3000000, "line": "feel 3 ready 1 0 2000 7250"},
             {"t_us": 1000000 + 3000100, "line": "feel 4 move"},
             {"t_us": 1000000 + 3600000, "line": "feel 5 shown"},
             {"t_us": 1000000 + 3600100, "line": "feel 6 over"}]

    class Chip(FakeChip):
        def heap_lines(self):  # the console's lines up to now
            out = [x for x in self.lines if x["t_us"] <= self.t_us]
            self.lines = self.lines[len(out):]
            return out

    chip = Chip([(30, 35, 0)], lines)
    res = {r: [] for r, _ in F.ROWS}
    split, w = F._confirm(chip, res, [])
    assert w == "over"
    assert split[3] == 1 and 3.5 < split[4] < 3.7, split  # one AI move, 3.6 s in all
