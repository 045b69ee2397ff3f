# Evaluation weight tuning by self-play (docs/ai.md "Tuning").
#   python3 -m tools.ai.tune GAME [--nodes N] [--games G] [--sweeps K] [--start w0,w1,...]
#                              [--jobs J] [--steps s0,s1,...]
#                              [--against SPEC [--margin M] [--check K]]
# Coordinate descent: for each weight in turn try weight + step and weight - step (a step of 0
# leaves that weight alone); steps halve after a sweep without change. Prints a log; the final
# weights go into engine/<game>/eval.py WEIGHTS by hand. Matches are seat-swapped, from the
# arena's balanced openings, at a fixed node budget (reproducible).
#   self-play (default): the candidate plays the current weights and replaces them when it
#     scores at least --accept (default 0.55);
#   --against SPEC: each candidate plays a fixed opponent (an arena player, e.g. R5: the AI
#     before issue 11) and replaces the current weights when it beats their score by more than
#     --margin (default 0.015); --check K then plays the final weights against SPEC on K held-out
#     openings (those after the first G/2, arena.py --skip), since the descent fits its openings.
import sys

from tools.ai import arena

STEPS = {"oanquan": (3, 2, 2, 8), "sanyao": (4, 6, 2, 8), "omweso": (512, 6, 2, 8)}


def spec(nodes, w):
    return "N%d:%s" % (nodes, ",".join(str(x) for x in w))


def match(name, a, b, ops, pool, first=0):
    # the score of A against B; `first`: the index of ops[0] in the balanced list (its seeds)
    res = pool.map(arena._job, arena.tasks(name, a, b, ops, first))
    return sum(r for r, c in res) / len(res)


def descend(w, steps, sweeps, trial, better, log=print):
    """Coordinate descent from weights `w`: trial(c, w) scores candidate c (the current weights
    w), better(s) says whether that score replaces them (then the next weight is tried).
    Returns the final weights."""
    w = list(w)
    steps = list(steps)
    for sweep in range(sweeps):
        changed = False
        for i in range(len(w)):
            for sign in (1, -1):
                c = list(w)
                c[i] += sign * steps[i]
                if c[i] < 0 or not steps[i]:
                    continue
                s = trial(c, w)
                ok = better(s)
                log("  sweep %d w%d %s (from %s): %.1f%%%s"
                    % (sweep + 1, i, c, w, 100 * s, "  accepted" if ok else ""))
                sys.stdout.flush()
                if ok:
                    w = c
                    changed = True
                    break
        if not changed:
            steps = [x and max(1, x // 2) for x in steps]
    return w


def main(argv):
    from multiprocessing import Pool
    name = argv[0]
    opts = dict(zip(argv[1::2], argv[2::2]))
    nodes = int(opts.get("--nodes", 800))
    n_games = int(opts.get("--games", 160))
    sweeps = int(opts.get("--sweeps", 2))
    mod = getattr(__import__("engine.%s.eval" % name), name).eval
    w = list(mod.WEIGHTS)
    if "--start" in opts:
        w = [int(x) for x in opts["--start"].split(",")]
    steps = STEPS[name]
    if "--steps" in opts:
        steps = [int(x) for x in opts["--steps"].split(",")]
    ops = arena.openings(name, n_games // 2)
    pool = Pool(int(opts.get("--jobs", 2)))
    opp = opts.get("--against")
    print("tune %s nodes=%d games=%d start=%s%s" % (name, nodes, 2 * len(ops), w,
                                                    " against " + opp if opp else ""))
    if opp:
        margin = float(opts.get("--margin", 0.015))
        best = [match(name, spec(nodes, w), opp, ops, pool)]
        print("  start %s: %.1f%%" % (w, 100 * best[0]))

        def better(s):
            if s > best[0] + margin:
                best[0] = s
                return True
            return False
        w = descend(w, steps, sweeps, lambda c, cur: match(name, spec(nodes, c), opp, ops, pool),
                    better)
    else:
        accept = float(opts.get("--accept", 0.55))
        w = descend(w, steps, sweeps, lambda c, cur: match(name, spec(nodes, c), spec(nodes, cur),
                                                           ops, pool), lambda s: s >= accept)
    print("final %s" % (w,))
    if opp and "--check" in opts:
        k = int(opts["--check"])
        held = arena.openings(name, k, skip=len(ops))
        print("held-out (%d games): %.1f%%" % (2 * len(held), 100 * match(
            name, spec(nodes, w), opp, held, pool, len(ops))))


if __name__ == "__main__":
    main(sys.argv[1:])
