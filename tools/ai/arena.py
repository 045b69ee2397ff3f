# AI arena (make arena): engines as in-process players with fixed node budgets (reproducible),
# every opening played twice with seats swapped, W/D/L, score and Elo difference with a 95%
# interval per game; writes the "## AI arena" section of docs/performance.md.
#   python3 -m tools.ai.arena [--games N] [--only oanquan,sanyao] [--pairs L5-greedy,...] [--jobs 2]
#                          [--section "AI arena: ..."] (another section of docs/performance.md)
#                          [--no-write] [--skip K] [--sampled]
# --skip K plays the openings after the first K of the balanced list (held-out openings: a result
# tuned on the default ones is checked on others, docs/ai.md "Tuning"). --sampled plays a seeded
# random sample of the same layer instead of the balanced openings.
# One arena game is one game of Ô Ăn Quan, a whole San-Yao match (default rules: 2-4 rounds when
# one side is clearly stronger), one game of Omweso (match_points=1). Games that reach the ply cap
# are counted as unresolved (listed, scored as draws), never adjudicated by an evaluation.
import math
import os
import sys

from engine import games
from engine import search as S
from engine import ai

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

RULES = {"oanquan": {}, "sanyao": {}, "omweso": {"match_points": 1}}
BALANCE_NODES = {"oanquan": 2000, "sanyao": 20000, "omweso": 10000}  # opening selection
PLY_CAP = {"oanquan": 300, "sanyao": 1500, "omweso": 400}
DEFAULT_PAIRS = ("L5-random", "L5-greedy", "L2-L1", "L3-L2", "L4-L3", "L5-L4", "L1-greedy",
                 "D4-D2")


class Rng:
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 7) & 0x3FFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.s >> 8) % n


def make_player(spec, game, seed):
    """spec: 'random', 'greedy', 'D<depth>' (fixed-depth search), 'L<level>', 'N<nodes>'
    (N<nodes>@<max_ply>, N<nodes>:<weights>, N<nodes>:<weights>@<max_ply>, N<nodes>/<slots>: a
    hash-move table of that many slots instead of the game's Eval.TABLE, 0 none);
    the AI as it was before issue 11 (tools/ai/ref_ai, frozen): 'R<level>', 'Q<nodes>'."""
    buf = [0] * game.MAX_MOVES
    if spec == "random":
        rng = Rng(seed)

        def f(pos, seen):
            n = game.moves(pos, buf)
            return buf[rng.below(n)]
        return f
    if spec == "greedy":
        rng = Rng(seed)
        child = bytearray(game.SIZE)

        def f(pos, seen):
            # the best immediate gain (material change for the mover); ties broken at random
            n = game.moves(pos, buf)
            me = game.to_move(pos)
            base = game.material(pos, me)
            best = None
            cands = []
            for i in range(n):
                child[:] = pos
                game.play(child, buf[i])
                gain = game.material(child, me) - base
                if game.over(child):
                    r = game.result(child)["winner"]
                    gain += 10000 if r == me else (-10000 if r == 1 - me else 0)
                if best is None or gain > best:
                    best = gain
                    cands = [buf[i]]
                elif gain == best:
                    cands.append(buf[i])
            return cands[rng.below(len(cands))]
        return f
    if spec[0] == "D":
        s = S.Search(game)
        d = int(spec[1:])
        return lambda pos, seen: s.best(pos, depth=d, nodes=1 << 28, seen=seen)[0]
    if spec[0] == "N":  # N<nodes>, N<nodes>:<w0>,<w1>,... (evaluation weights, tools/tune.py),
        # N<nodes>@<plies>: a deeper max_ply than the search's default (which large budgets reach)
        ev = None
        plies = 0
        table = -1
        if "/" in spec:
            spec, t = spec.split("/")
            table = int(t)
        if "@" in spec:
            spec, p = spec.split("@")
            plies = int(p)
        if ":" in spec:
            spec, w = spec.split(":")
            ev = S.evaluator(game).__class__(game, tuple(int(x) for x in w.split(",")))
        s = S.Search(game, max_ply=plies, ev=ev, table=table)
        k = int(spec[1:])
        return lambda pos, seen: s.best(pos, nodes=k, seen=seen)[0]
    if spec[0] == "L":
        p = ai.Player(game, seed=seed)
        level = int(spec[1:])
        return lambda pos, seen: p.move(pos, level, None, seen)
    if spec[0] in "RQ":  # the AI before issue 11 (tools/ai/ref_ai, frozen): R<level>, Q<nodes>
        from tools.ai.ref_ai import ai as ref_ai
        if spec[0] == "R":
            p = ref_ai.Player(game, seed=seed)
            level = int(spec[1:])
            return lambda pos, seen: p.move(pos, level)  # it knew no repetition history
        s = ref_ai.Search(game)
        k = int(spec[1:])
        return lambda pos, seen: s.best(pos, nodes=k)[0]
    raise ValueError("unknown player %r" % spec)


def openings(name, count, balanced=True, skip=0):
    """`count` opening positions: distinct positions k plies from the start (k the smallest
    giving >= count candidates). balanced: the candidates whose search score (BALANCE_NODES,
    side to move) is closest to 0, so that an opening is not already won for one seat (Ô Ăn Quan
    has a strong first-player advantage); else a seeded sample. skip: those after the first
    `skip` of the list of skip + count (held-out openings)."""
    count += skip
    g = games.load(name, RULES[name])
    buf = [0] * g.MAX_MOVES
    k = 0
    layer = [g.new()]
    while len(layer) < count and k < 6:
        nxt = []
        seen = set()
        for pos in layer:
            n = g.moves(pos, buf)
            for i in range(n):
                c = bytearray(pos)
                g.play(c, buf[i])
                b = bytes(c)
                if not g.over(c) and b not in seen:
                    seen.add(b)
                    nxt.append(c)
        layer = nxt
        k += 1
    rng = Rng(12345)
    layer = list(layer)
    sample = []
    while layer and len(sample) < (1000 if balanced else count):
        sample.append(layer.pop(rng.below(len(layer))))
    if not balanced:
        return sample[skip:]
    s = S.Search(g)
    scored = []
    for i, pos in enumerate(sample):
        sc = s.best(pos, nodes=BALANCE_NODES[name])[1]
        scored.append((abs(sc), i, pos))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [t[2] for t in scored[skip:count]]


def play_game(name, spec_a, spec_b, opening, a_seat, seed):
    """Plays one game; returns 1 (A won), 0.5 (draw), 0 (A lost) and whether it was capped."""
    g = games.load(name, RULES[name])
    pos = bytearray(opening)
    pl = [None, None]
    pl[a_seat] = make_player(spec_a, g, seed)
    pl[1 - a_seat] = make_player(spec_b, g, seed + 1)
    from engine.record import Record
    rec = Record(g, pos)
    for ply in range(PLY_CAP[name]):
        if g.over(rec.pos):
            w = g.result(rec.pos)["winner"]
            return (0.5 if w is None else (1.0 if w == a_seat else 0.0)), False
        m = pl[g.to_move(rec.pos)](rec.pos, rec.seen)  # as the app: with the history
        rec.play(m)
    return 0.5, True


def tasks(name, a, b, ops, first=0):
    """The jobs of a seat-swapped match of A against B: each opening twice; `first` is the
    index of ops[0] in the openings' list, which sets the games' seeds."""
    return [(name, a, b, first + k, bytes(op), seat) for k, op in enumerate(ops)
            for seat in (0, 1)]


def _job(args):
    name, a, b, idx, opening, seat = args
    r, capped = play_game(name, a, b, opening, seat, 1000 + idx * 2 + seat)
    return r, capped


def expand(spec):
    return spec.split("-", 1)


def elo(s):
    if s <= 0:
        return -999.0
    if s >= 1:
        return 999.0
    return -400.0 * math.log10(1.0 / s - 1.0)


def stats(results):
    n = len(results)
    w = sum(1 for r in results if r == 1.0)
    d = sum(1 for r in results if r == 0.5)
    l_ = n - w - d
    s = sum(results) / n
    var = sum((r - s) ** 2 for r in results) / n
    half = 1.96 * math.sqrt(var / n)
    return w, d, l_, s, elo(s), elo(s - half), elo(s + half)


def main(argv):
    import time
    from multiprocessing import Pool
    n_games = 200
    only = list(games.NAMES)
    pairs = list(DEFAULT_PAIRS)
    jobs = 2
    write = True
    section = "## AI arena"
    skip = 0
    balanced = True
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--games":
            n_games = int(argv[i + 1])
            i += 1
        elif a == "--only":
            only = argv[i + 1].split(",")
            i += 1
        elif a == "--pairs":
            pairs = argv[i + 1].split(",")
            i += 1
        elif a == "--jobs":
            jobs = int(argv[i + 1])
            i += 1
        elif a == "--no-write":
            write = False
        elif a == "--skip":
            skip = int(argv[i + 1])
            i += 1
        elif a == "--sampled":
            balanced = False
        elif a == "--section":
            section = "## " + argv[i + 1]
            i += 1
        else:
            sys.exit("usage: arena.py [--games N] [--only g1,g2] [--pairs A-B,...] [--jobs J] "
                     "[--no-write] [--section TITLE] [--skip K] [--sampled]")
        i += 1
    rows = []
    pool = Pool(jobs) if jobs > 1 else None
    for name in only:
        ops = openings(name, (n_games + 1) // 2, balanced, skip)
        for pair in pairs:
            a, b = expand(pair)
            t = time.time()
            work = tasks(name, a, b, ops, skip)
            res = pool.map(_job, work) if pool else [_job(x) for x in work]
            results = [r for r, c in res]
            capped = sum(1 for r, c in res if c)
            pairs_fav = sum(1 for k in range(0, len(results), 2)
                            if results[k] + results[k + 1] > 1)
            pairs_unf = sum(1 for k in range(0, len(results), 2)
                            if results[k] + results[k + 1] < 1)
            st = stats(results)
            rows.append((name, a, b, len(results), st, capped, pairs_fav, pairs_unf,
                         time.time() - t))
            print("%-8s %-7s vs %-7s n=%d  +%d =%d -%d  score %.1f%%  Elo %+.0f [%+.0f, %+.0f]"
                  "  capped %d  pairs +%d -%d  (%.0fs)"
                  % ((name, a, b, len(results)) + st[:3] + (100 * st[3],) + st[4:]
                     + (capped, pairs_fav, pairs_unf, time.time() - t)))
            sys.stdout.flush()
    if write:
        from tools.sections import commit, write_section
        write_section(os.path.join(ROOT, "docs", "performance.md"), section,
                      run_line(argv, commit(ROOT)) + "\n\n"
                      + report(rows, n_games, balanced, skip))
        print("wrote docs/performance.md (%s)" % section)


def run_line(argv, commit):
    """When, at which commit and with which command line the section was written."""
    import shlex
    import time
    return "Run on %s at commit %s: `python3 -m tools.ai.arena %s`." % (
        time.strftime("%Y-%m-%d"), commit, shlex.join(argv))


def report(rows, n_games, balanced=True, skip=0):
    chosen = ("the most balanced by a search score" if balanced
              else "a seeded random sample of them (--sampled)")
    if skip:
        chosen += ", after the first %d of the list (--skip)" % skip
    L = ["Written by `make arena` (tools/ai/arena.py). In-process players with fixed node budgets, "
         "so every game is reproducible. `L1`..`L5` are engine/ai.py levels (their node budgets "
         "and seeded mistakes), `R<n>` level n of the AI before issue 11 (tools/ai/ref_ai: "
         "today's level 5 in issue 11's words), `N<nodes>` a search with that node budget "
         "(`N<nodes>/<slots>`: with a hash-move table of that many slots), "
         "`D<n>` a fixed-depth search, `greedy` the best immediate gain "
         "(material change for the mover, a game-winning move first, ties at random), `random` "
         "a uniformly random legal move. Openings: distinct positions a few plies from the start "
         "(" + chosen + ", see `openings()`), each played twice with seats "
         "swapped. One arena game = one game of O An Quan, one whole San-Yao match (default "
         "rules), one game of Omweso (`match_points=1`). Score = (W + D/2) / N for the "
         "first-named player; Elo = -400 log10(1/score - 1), 95% interval from the normal "
         "approximation of the mean score; pairs +/- = openings where the first-named player "
         "scored more/less than 1 of 2. Games that reach the ply cap are counted as draws and "
         "listed (never adjudicated).",
         "",
         "| game | player | opponent | games | W | D | L | score | Elo | 95% interval | "
         "pairs + / - | capped |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for name, a, b, n, st, capped, fav, unf, secs in rows:
        w, d, l_, s, e, lo, hi = st
        L.append("| %s | %s | %s | %d | %d | %d | %d | %.1f%% | %+.0f | [%+.0f, %+.0f] | "
                 "%d / %d | %d |" % (name, a, b, n, w, d, l_, 100 * s, e, lo, hi, fav, unf,
                                     capped))
    L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    main(sys.argv[1:])
