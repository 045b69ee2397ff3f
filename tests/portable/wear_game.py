# One complete two-player game played through the session (its real save path: a save per move,
# the log's rewrites and their drive copies; no display, no animation), for the flash wear of a
# whole game (tests/test_device_saves.py): the same calls on the emulated chip (this file is its
# code.py, the moves sent on its console) and on CPython (the models), their erases compared.
# Portable: CPython, MicroPython, CircuitPython.
from firmware.session import Session


def play(store, game, pick, limit=3000):
    """A new game of `game` on `store`, pick(session) -> index in session.legal for each move
    (Omweso's set-up too), round summaries answered, until the game is over or `limit` moves
    were played (a game left unfinished): the move codes."""
    s = Session(store, seed=1)
    s.cfg["game"] = game
    s.cfg["mode"] = "two"
    s.cfg["anim"] = "off"
    s.new_game()
    codes = []
    while len(codes) < limit:
        if s.phase == "round":  # a San-Yao round's summary: A
            s.next_round()
            continue
        if s.phase == "over":
            return codes
        if s.phase not in ("select", "setup"):
            raise AssertionError("unexpected phase %s" % s.phase)
        code = s.legal[pick(s)][0]
        codes.append(code)
        s.play_move(code)
    return codes


def replay(codes):
    """pick() that plays `codes` in order."""
    it = iter(codes)

    def pick(s):
        code = next(it)
        for i in range(len(s.legal)):
            if s.legal[i][0] == code:
                return i
        raise AssertionError("move %r is not legal here" % code)
    return pick


def main():
    """The chip's code.py: says START, reads a line from the console (the game's name, then its
    move codes, comma separated), plays it, says DONE and the number of moves played."""
    import microcontroller
    from firmware.saveload import open_store

    class Board:
        storage = microcontroller.nvm
    print("START")
    game, codes = input().split()
    got = play(open_store(Board), game, replay([int(c) for c in codes.split(",")]))
    print("DONE %d" % len(got))
