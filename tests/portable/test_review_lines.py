# The review's lines in words (issue 55 #8; engine/lines.py line() and words()): a move's line
# four plies deep, told for its player in three parts (what the move takes, what the reply
# takes, what follows), in a player's words, within a line of the 160x128 screen (26
# characters). The words are checked on a small made-up game whose moves say what they take, so
# that every case is named; the lines on the real games by tests/portable/test_review.py.
# Portable: also under the MicroPython Unix port.
from engine.lines import words as told, line
from engine.record import Record

# the words a line can be, as a regular expression (tests/test_play.py, test_explain_cli.py)
WORDS = (r"(quiet move, nothing lost|no capture is possible yet|no capture; game over|"
         r"(takes|loses) \d+( in all)?; game over|takes \d+, loses \d+( in all)?|"
         r"((takes|gives) \d+|then (loses|takes) \d+)(, loses \d+)?"
         r"(, \d+ back|, (then )?\d+ more|, then (takes|loses) \d+)?(; game over|, nothing lost)?)$")

_AGAIN = 128  # the mover moves again
_END = 256    # the game ends with the move


class Tally:
    """A made-up game: a position is (mover, player 0's stones, player 1's, over); a move is
    what it takes for its mover (64 + n), maybe with _AGAIN or _END; its one legal move takes 3
    (could) or nothing."""
    NAME = "tally"
    EPOCH = 1

    def new(self):
        return bytearray((0, 128, 128, 0))

    def to_move(self, pos):
        return pos[0]

    def material(self, pos, player):
        return pos[1 + player]

    def over(self, pos):
        return pos[3] != 0

    def key(self, pos):
        return None  # (no repetition rule)

    def __init__(self, could=True):
        self.could = could  # some legal move captures

    def moves(self, pos, buf):
        buf[0] = 64 + 3 if self.could else 64
        return 1

    def play(self, pos, move, trace=None):
        p = pos[0]
        pos[1 + p] += (move & 127) - 64
        if not move & _AGAIN:
            pos[0] = 1 - p
        if move & _END:
            pos[3] = 1


def _said(*plies, none=False):
    """words() of a line whose plies take these (for their movers; "a" after a number: the mover
    goes again, "e": the game ends)."""
    path = []
    for x in plies:
        n = int(x.rstrip("ae")) if isinstance(x, str) else x
        path.append((n + 64) | (_AGAIN if "a" in str(x) else 0) | (_END if "e" in str(x) else 0))
    if path[-1] & _END:
        path.append(-1)  # (as line() marks the game's end)
    g = Tally(not none)
    return told(Record(g, g.new()), path, Root(g))


class Root:
    """A search's root list, all words() asks of the search (whether a move could capture)."""

    def __init__(self, game):
        self.game = game
        self.mv = [[0] * 4]


def test_what_it_takes_what_the_reply_takes_and_what_follows():
    assert _said(6, 2, 4, 0) == "takes 6, loses 2, 4 back"
    assert _said(6, 11, 0, 6) == "takes 6, loses 11, 6 more"  # (", then 6 more": 26 at most)
    assert _said(6, 2, 0, 3) == "takes 6, loses 2, 3 more"
    assert _said(6, 0, 3, 0) == "takes 6, then 3 more"
    assert _said(6, 2, 0, 0) == "takes 6, loses 2"
    assert _said(3, 0, 0, 4) == "takes 3, then loses 4"
    assert _said(-3, 0, 2, 0) == "gives 3, then takes 2"


def test_a_move_that_takes_nothing_starts_with_then():
    assert _said(0, 5, 0, 0) == "then loses 5"
    assert _said(0, 5, 3, 0) == "then loses 5, 3 back"
    assert _said(0, 5, 0, 3) == "then loses 5, then 3 more"
    assert _said(0, 0, 7, 0) == "then takes 7, nothing lost"
    assert _said(0, 0, 0, 4) == "then loses 4"


def test_nothing_lost_is_said_when_nothing_is():
    assert _said(6, 0, 0, 0) == "takes 6, nothing lost"
    assert _said(0, 0, 0, 0) == "quiet move, nothing lost"  # (as the hint says it)
    assert _said(0, 0, 0, 0, none=True) == "no capture is possible yet"  # Omweso's opening
    assert _said(-3, 0, 0, 0) == "gives 3"


def test_the_games_end_is_said():
    assert _said("12e") == "takes 12; game over"
    assert _said(0, "5e") == "then loses 5; game over"
    assert _said(0, 0, "0e") == "no capture; game over"
    assert _said(16, 12, "14e") == "takes 18 in all; game over"  # (too long in parts: the net)
    assert _said(6, 16, "0e") == "loses 10 in all; game over"


def test_a_mover_again_is_one_turn():
    assert _said("3a", 4, 2, 0) == "takes 7, loses 2"  # (the move and the mover's next)
    assert _said(5, "2a", 1, 3) == "takes 5, loses 3, 3 back"


def test_too_long_in_parts_says_the_totals():
    assert _said(16, 12, 14, 20) == "takes 16, loses 12, 6 more"  # ("then" goes first)
    assert _said(16, 12, 14, 0) == "takes 30, loses 12 in all"


def test_every_line_fits_the_smallest_screen_and_names_no_engine_word():
    import re
    try:
        grammar = re.compile(WORDS)
    except ValueError:  # ("regex too complex" for MicroPython's: the grammar on CPython)
        grammar = None
    seen = 0
    sizes = (-60, -9, 0, 9, 60)  # (the made-up position holds a byte a player)
    for a in sizes:
        for b in sizes:
            for c in sizes:
                for d in sizes + ("0e", "9e"):
                    for none in (False, True):
                        t = _said(a, b, c, d, none=none)
                        assert 0 < len(t) <= 26 and "%" not in t, (a, b, c, d, t)
                        assert grammar is None or grammar.match(t), t
                        for word in ("node", "search", "ply", "value", "eval"):
                            assert word not in t
                        seen += 1
    assert seen == 5 * 5 * 5 * 7 * 2


def test_a_line_is_four_plies_or_ends_with_the_game():
    from engine import games
    from engine.search import Search
    g = games.load("oanquan")
    rec = Record(g, g.new())
    s = Search(g)
    m = s.best(rec.pos, 200)[0]
    ln = line(s, rec, m, 200)
    assert len(ln) == 4 and ln[0] == m
    a = Record(g, bytearray(rec.pos))
    for k in range(1, 4):  # each ply the search's best where the line stands
        a.play(ln[k - 1])
        assert ln[k] == s.best(a.pos, 200, 0, 0, a.seen)[0]
    assert line(s, rec, m, 200, ln[1]) == ln  # (the reply given, as the review has it)


def test_a_line_that_ends_the_game_says_so():
    # line() marks the game's end with -1 (words() says "game over" from it, with no replay of
    # its own): the last move of a game played out by the search
    from engine import games
    from engine.search import Search
    g = games.load("oanquan")
    rec = Record(g, g.new())
    s = Search(g)
    while True:
        m = s.best(rec.pos, 50, 0, 0, rec.seen)[0]
        a = Record(g, bytearray(rec.pos), rec.seen)
        a.play(m)
        if g.over(a.pos):
            break
        rec.play(m)
    ln = line(s, rec, m, 50)
    assert ln == [m, -1]
    assert told(rec, ln).endswith("; game over")
