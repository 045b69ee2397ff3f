# How often each level misses a capture (issue 31 #5: show the levels' behaviour): positions
# from self-play (level 3 against itself, every game from its start) where level 5's own move
# takes at least N stones or seeds (engine/explain.py gain: the mover's material after the move
# minus before), so a capture worth making; each answered by engine/ai.py's Player at levels 1-4
# with its seeded mistakes, as in the app. A level misses the capture when its move takes less
# than N.
#   python3 -m tools.ai.misses [--positions 100] [--take 4] [--only oanquan,...] [--write]
# --write puts the table in docs/ai.md, section "How often each level misses a capture".
import argparse
import os
import sys

from engine import ai, games
from engine.explain import gain
from engine.record import Record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = {"oanquan": {}, "sanyao": {}, "omweso": {"match_points": 1}}
TITLE = "## How often each level misses a capture"
LEVELS = (1, 2, 3, 4)


def positions(name, count, take, seed=1):
    """[(position bytes, repetition history)] where level 5's move takes >= take."""
    game = games.load(name, RULES[name])
    player = ai.Player(game, seed=seed)
    judge = ai.Player(game, seed=seed)
    buf = [0] * game.MAX_MOVES
    out = []
    games_played = 0
    while len(out) < count and games_played < 200:
        rec = Record(game, game.new())
        games_played += 1
        while not game.over(rec.pos) and len(out) < count:
            n = game.moves(rec.pos, buf)
            if n > 1 and max(gain(game, rec.pos, buf[i]) for i in range(n)) >= take and \
                    gain(game, rec.pos, judge.move(rec.pos, 5, None, rec.seen)) >= take:
                out.append((bytes(rec.pos), list(rec.seen)))
            rec.play(player.move(rec.pos, 3, None, rec.seen))
    return game, out


def missed(game, found, level, take, seed=1):
    """How many of the positions `found` the level answers with a move taking less than take."""
    player = ai.Player(game, seed=seed)
    n = 0
    for pos, seen in found:
        m = player.move(bytearray(pos), level, None, seen)
        if gain(game, pos, m) < take:
            n += 1
    return n


def table(rows, take):
    out = ["| game | positions | " + " | ".join("level %d" % k for k in LEVELS) + " |",
           "|---|---:|" + "---:|" * len(LEVELS)]
    for name, total, missed in rows:
        out.append("| %s | %d | %s |" % (name, total, " | ".join(
            "%.0f%%" % (100.0 * m / total) if total else "-" for m in missed)))
    return "\n".join(out)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--positions", type=int, default=100)
    p.add_argument("--take", type=int, default=4, help="N: a capture of at least N")
    p.add_argument("--only", default="oanquan,sanyao,omweso")
    p.add_argument("--write", action="store_true")
    a = p.parse_args(argv)
    rows = []
    for name in a.only.split(","):
        game, found = positions(name, a.positions, a.take)
        rows.append((name, len(found), [missed(game, found, k, a.take) for k in LEVELS]))
        print(table(rows[-1:], a.take), flush=True)
    text = table(rows, a.take)
    if a.write:
        from tools import sections
        body = ("Written by `python3 -m tools.ai.misses --write` (tools/ai/misses.py); do not edit "
                "by hand. Positions from level 3 playing itself from the start of each game "
                "(Omweso: `match_points=1`), kept where level 5's own move takes at least %d "
                "stones or seeds (a capture worth making); each answered by engine/ai.py's Player "
                "at levels 1-4 with its seeded mistakes, as in the app. The share of them where "
                "the level's move takes less than %d: the capture missed, by a shorter search or "
                "by a mistake (a short reading: engine/ai.py LEVELS, docs/ai.md \"Levels\")."
                "\n\nRun at commit %s: "
                "`python3 -m tools.ai.misses %s`\n\n%s\n"
                % (a.take, a.take, sections.commit(ROOT), " ".join(argv or sys.argv[1:]), text))
        sections.write_section(os.path.join(ROOT, "docs", "ai.md"), TITLE, body)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
