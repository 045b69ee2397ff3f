# Evaluation weight tuning by self-play (docs/ai.md "Tuning").
#   python3 tools/tune.py GAME [--nodes N] [--games G] [--sweeps K] [--start w0,w1,...] [--jobs J]
# Coordinate descent: for each weight in turn try weight + step and weight - step; the candidate
# plays the current weights in a seat-swapped match from arena openings (fixed node budget, so
# reproducible) and replaces them when it scores at least --accept (default 55%). Steps halve
# after a sweep without change. Prints a log; the final weights go into engine/eval_<game>.py
# WEIGHTS by hand.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import arena  # noqa: E402

STEPS = {"oanquan": (3, 2, 2, 8), "sanyao": (4, 6, 2, 8), "omweso": (512, 6, 2, 8)}


def spec(nodes, w):
    return "N%d:%s" % (nodes, ",".join(str(x) for x in w))


def match(name, a, b, ops, pool):
    tasks = [(name, a, b, k, bytes(op), seat) for k, op in enumerate(ops) for seat in (0, 1)]
    res = pool.map(arena._job, tasks)
    return sum(r for r, c in res) / len(res)


def main(argv):
    from multiprocessing import Pool
    name = argv[0]
    opts = dict(zip(argv[1::2], argv[2::2]))
    nodes = int(opts.get("--nodes", 800))
    n_games = int(opts.get("--games", 160))
    sweeps = int(opts.get("--sweeps", 2))
    accept = float(opts.get("--accept", 0.55))
    mod = getattr(__import__("engine.eval_" + name), "eval_" + name)
    w = list(mod.WEIGHTS)
    if "--start" in opts:
        w = [int(x) for x in opts["--start"].split(",")]
    steps = list(STEPS[name])
    ops = arena.openings(name, n_games // 2)
    pool = Pool(int(opts.get("--jobs", 2)))
    print("tune %s nodes=%d games=%d start=%s" % (name, nodes, 2 * len(ops), w))
    for sweep in range(sweeps):
        changed = False
        for i in range(len(w)):
            for sign in (1, -1):
                c = list(w)
                c[i] += sign * steps[i]
                if c[i] < 0:
                    continue
                s = match(name, spec(nodes, c), spec(nodes, w), ops, pool)
                print("  sweep %d w%d %s vs %s: %.1f%%%s" % (sweep + 1, i, c, w, 100 * s,
                                                           "  accepted" if s >= accept else ""))
                sys.stdout.flush()
                if s >= accept:
                    w = c
                    changed = True
                    break
        if not changed:
            steps = [max(1, x // 2) for x in steps]
    print("final %s" % (w,))


if __name__ == "__main__":
    main(sys.argv[1:])
