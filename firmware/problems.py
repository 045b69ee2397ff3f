# Problems (issue 56): endgame positions where the side to move reaches a stated goal against
# every defence with exactly one first move, found and proved by exhaustive search
# (tools/ai/problems.py, docs/problems.md). Portable, no display: the console (firmware/puzzle.py),
# the command line (tools/cli.py problem) and the prover (tools/prover.py) read the same data and
# the same meaning of a goal (step()).
# A game's problems are its own data, firmware/games/<game>/problems.py (written by
# tools/ai/problems.py --write; what differs by game beside them: rules, sweep, MANDS), loaded
# with this module for the call (data()). A problem is one bytes record:
#   0 goal kind (WIN, TAKE, MAND), 1 n (what TAKE / MAND ask for), 2 depth (the solver's moves),
#   3 difficulty, 4 tempting (other first moves that take as much at once), 5 L, 6 R, 7 0,
#   8 nodes, 12 ms, 16 refuted (u32 little-endian each: the proof's figures),
#   20 the position's bytes (the game's SIZE), then the main line (L indices among the legal
#   moves, solver first), then R pairs (a wrong first move, the reply that stops it; 255: none
#   needed, the move fails at once).
# Names: every key and short string of a loaded module stays in the chip's table of names for good
# (tools/device/names.py): the records are bytes, their fields read by offset.
from engine.compat import const
from firmware.common import module

_WIN = const(0)   # the goal kinds (byte 0): win the round (San-Yao) / the game by the last move,
_TAKE = const(1)  # capture at least n stones (seeds) in all,
_MAND = const(2)  # O An Quan: take n mandarins (big stones)
_POS = const(20)


def data(name):
    """Game `name`'s problems module (its records and what its goals need of it), loaded if it
    is not: the caller unloads it with this one after the call."""
    return module("firmware.games.%s.problems" % name)


def load(name):
    """The problems of game `name` (a tuple of bytes records), in order, easy first."""
    return data(name).problems


def rules(name):
    """The rules game `name`'s problems are played with (None: its defaults)."""
    return data(name).rules


def position(game, rec):
    """The problem's position (a new bytearray)."""
    return bytearray(rec[_POS:_POS + game.SIZE])


def line(game, rec):
    """The main line as legal-move indices (solver first, then the defence, ...)."""
    i = _POS + game.SIZE
    return rec[i:i + rec[5]]


def reply(game, rec, k):
    """The stored reply that stops wrong first move k (a legal index): its index, 255 if the
    move fails at once, -1 if k is not a stored wrong move."""
    i = _POS + game.SIZE + rec[5]
    for j in range(rec[6]):
        if rec[i + 2 * j] == k:
            return rec[i + 2 * j + 1]
    return -1


def words(rec, short=False):
    """The goal in a player's words (short: for a menu row and the board's top line, 22
    characters at most). Every text is longer than 10 characters: a shorter one would stay in
    the chip's table of names for good."""
    kind, n, d = rec[0], rec[1], rec[2]
    one = d == 1
    if kind == _WIN:
        return "Win in one move" if one else "Win in %d moves" % d
    if kind == _TAKE:
        if short:
            return "Take %d+ in one move" % n if one else "Take %d+ in %d moves" % (n, d)
        return "Capture %d or more in one move" % n if one else \
            "Capture %d or more in %d moves" % (n, d)
    if short:  # (a mandarin's short words)
        return ("Mandarin in one move" if one else "Mandarin in %d moves" % d) if n == 1 else \
            "2 mandarins in one move" if one else "2 mandarins in %d moves" % d
    what = "Take a mandarin" if n == 1 else "Take both mandarins"
    return what + (" in one move" if one else " in %d moves" % d)


def bit(name, i):
    """Problem i of game `name`: its bit in Session.learnt (saved), above the lessons' 24 bits,
    20 a game."""
    from engine.games import NAMES
    return 1 << (24 + 20 * NAMES.index(name) + i)


def step(game, rec, move, me, kind):
    """Play `move` on Record `rec` and say what it did for the goal: (the winner if the move ended
    the round or the game: 0, 1, 2 for a draw, else -1; what `me` gained towards `kind`)."""
    pos = rec.pos
    before = bytearray(pos)
    seen = list(rec.seen)  # (the record appends to its own list)
    rd = getattr(game, "round", None)
    r0 = rd(pos) if rd else 0
    m0 = game.material(pos, me)
    if kind == _MAND:  # the big stones `me` has taken, where the game keeps them
        at = data(game.NAME).MANDS + me
        m0 = pos[at]
    rec.play(move)
    if game.over(pos):
        w = game.result(pos)["winner"]
        won = 2 if w is None else w
    elif rd and rd(pos) != r0:
        won = -2  # a round ended: who won, and what was taken before the sweep, in its trace
    else:
        won = -1
    if kind == _MAND:
        return won, pos[at] - m0
    if won == -1 or not data(game.NAME).sweep:  # nothing swept off the board: the material
        return won, game.material(pos, me) - m0  # tells what was taken
    from engine.record import Record
    trace = []
    Record(game, before, seen).play(move, trace)
    got = 0
    for ev in trace:
        e = ev["event"]
        if e == "capture" and ev.get("player") == me:
            got += ev["count"]
        elif e == "settlement" and won == -2:
            w = ev["winner"]
            won = 2 if w is None else w
    return won, got


def met(kind, n, winner, gain, me):
    """Whether the goal is met: a win by the round's (game's) end with `me` the winner, the
    others by what was gained so far."""
    return winner == me if kind == _WIN else gain >= n
