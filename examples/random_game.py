# Play one random game of each game through the common face and print how it ended.
# Runs from the repository root under CPython or MicroPython:
#   python3 examples/random_game.py      micropython examples/random_game.py
import sys

sys.path.insert(0, ".")
from engine import games  # noqa: E402
from engine.record import Record  # noqa: E402


def main(seed=12345):
    for name in games.NAMES:
        g = games.load(name)
        rec = Record(g, g.new())
        buf = [0] * g.MAX_MOVES
        s = seed
        while not g.over(rec.pos):
            n = g.moves(rec.pos, buf)
            s = (s * 1103515245 + 12345) & 0x7FFFFFFF
            rec.play(buf[(s >> 8) % n])
        print("%-8s %4d plies  %s" % (name, g.to_json(rec.pos)["ply"], g.result(rec.pos)))


main()
