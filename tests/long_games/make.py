# Writes the longest match that uniformly random play produces in 2 000 seeded games, per game,
# as <game>.txt (the moves, 20 per line: usable as `cli.py apply --moves @<game>.txt`), and the
# seed and length in SOURCES.txt. tests/test_long_games.py replays them under the MicroPython Unix
# port. Regenerate (about 5 minutes): python3 tests/long_games/make.py
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

from engine import games  # noqa: E402
from engine.record import Record  # noqa: E402

GAMES = 2000


def play(name, seed):
    g = games.load(name)
    rng = random.Random(seed)
    rec = Record(g, g.new())
    buf = [0] * g.MAX_MOVES
    out = []
    while not g.over(rec.pos):
        m = buf[rng.randrange(g.moves(rec.pos, buf))]
        out.append(g.move_str(rec.pos, m))
        rec.play(m)
    return out


def main(names):
    for name in names:
        best = []
        seed_of = None
        for seed in range(GAMES):
            moves = play(name, seed)
            if len(moves) > len(best):
                best, seed_of = moves, seed
        with open(os.path.join(HERE, name + ".txt"), "w") as f:
            for i in range(0, len(best), 20):
                f.write(" ".join(best[i:i + 20]) + "\n")
        print(name, seed_of, len(best))
        src = os.path.join(HERE, "SOURCES.txt")
        lines = []
        if os.path.exists(src):
            with open(src) as f:
                lines = [t for t in f if not t.startswith(name + ".txt:")]
        lines.append("%s.txt: the longest of %d random matches (Python random.Random(seed), "
                     "uniform over legal moves, default rules): seed %d, %d moves\n"
                     % (name, GAMES, seed_of, len(best)))
        with open(src, "w") as f:
            f.write("".join(sorted(lines)))


if __name__ == "__main__":
    main(sys.argv[1:] or list(games.NAMES))
