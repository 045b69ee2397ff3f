# AI benchmark (make bench): search speed, depth per level and search heap, under CPython and the
# MicroPython Unix port; writes the "## AI benchmark" section of docs/performance.md.
#   python3 -m tools.ai.bench [--quick] [--no-write]
# The worker part (`python3 -m tools.ai.bench worker GAME NODES REPS`, from the repository root)
# is portable and is what runs under MicroPython (`micropython -m tools.ai.bench worker ...`).
import sys

from engine import games
from engine import search as S
from engine import ai

try:
    from time import ticks_us, ticks_diff
except ImportError:
    import time as _t

    def ticks_us():
        return int(_t.perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b

POSITIONS = 8


def positions(g, count):
    # The start and positions from seeded random games (same on every interpreter; its source is
    # sent to the chip by tools/device/bench.py and bench_chip.py)
    out = [g.new()]
    buf = [0] * g.MAX_MOVES
    seed = 1
    while len(out) < count:
        pos = g.new()
        s = seed * 7919 + 1
        plies = 4 + (seed * 5) % 23
        for _ in range(plies):
            n = g.moves(pos, buf)
            if n == 0:
                break
            s = (s * 1103515245 + 12345) & 0x3FFFFFFF
            g.play(pos, buf[(s >> 8) % n])
        if not g.over(pos) and g.moves(pos, buf) > 1:
            out.append(pos)
        seed += 1
    return out


def worker(name, nodes, reps):
    """Prints lines 'key value...' for one game on the running interpreter."""
    import gc
    g = games.load(name)
    S.evaluator(g)
    poss = positions(g, POSITIONS)
    gc.collect()
    a = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    s = S.Search(g)
    gc.collect()
    b = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    print("heap_search %d" % (b - a))
    print("max_ply %d" % s.max_ply)
    # raw speed: best of `reps` runs over all positions at a fixed node budget
    best_us = 0
    tot = 0
    for r in range(reps):
        us = 0
        tot = 0
        for pos in poss:
            t = ticks_us()
            s.run(pos, nodes, 0, 0)
            us += ticks_diff(ticks_us(), t)
            tot += s.nodes
        if not best_us or us < best_us:
            best_us = us
    c = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    print("heap_during %d" % (c - b))
    print("speed %d %d" % (tot, best_us if best_us else 1))
    # levels: the node budget of each level, depth reached and time per move (mean over positions)
    for level in sorted(ai.LEVELS):
        n = ai.level_nodes(g, level)
        us = 0
        dsum = 0
        nsum = 0
        for pos in poss:
            t = ticks_us()
            s.run(pos, n, 0, 0)
            us += ticks_diff(ticks_us(), t)
            dsum += s.depth
            nsum += s.nodes
        print("level %d %d %d %d %d" % (level, n, nsum, dsum, us))


def _run_worker(interp, name, nodes, reps):
    # Returns the worker's figures plus its CPU time (user+sys, from getrusage of the child), so
    # the figures hold on a busy machine: wall time counts other processes' time too.
    import subprocess
    import os
    import resource
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    cmd = interp + ["-m", "tools.ai.bench", "worker", name, str(nodes), str(reps)]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = {"level": {}}
    res["cpu"] = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    for line in out.splitlines():
        f = line.split()
        if f[0] == "level":
            res["level"][int(f[1])] = [int(x) for x in f[2:]]
        else:
            res[f[0]] = [int(x) for x in f[1:]]
    return res


def measure(interp, name, nodes, reps):
    """(nodes/s from CPU time, the worker's figures): CPU time of a run with the timed searches
    minus a run without them (reps=0: start-up, positions, levels)."""
    full = _run_worker(interp, name, nodes, reps)
    base = _run_worker(interp, name, nodes, 0)
    tot = full["speed"][0] * reps
    cpu = full["cpu"] - base["cpu"]
    return int(tot / cpu) if cpu > 0 else 0, full


def main(argv):
    import os
    quick = "--quick" in argv
    nodes = 3000 if quick else 20000
    reps = 1 if quick else 3
    from tools.sections import write_section
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    mp = os.path.join(root, ".venv", "bin", "micropython")
    rows = []
    for name in games.NAMES:
        cps, cp = measure([sys.executable], name, nodes, reps)
        mps, mu = measure([mp, "-X", "heapsize=180k"], name, nodes, reps)
        rows.append((name, cps, cp, mps, mu))
        print("%-8s CPython %7d n/s   MicroPython %7d n/s   heap %d B"
              % (name, cps, mps, mu["heap_search"][0]))
    text = report(rows, nodes, reps)
    if "--no-write" not in argv:
        write_section(os.path.join(root, "docs", "performance.md"), "## AI benchmark", text)
        print("wrote docs/performance.md (## AI benchmark)")
    else:
        print(text)


def report(rows, nodes, reps):
    import platform
    L = []
    L.append("Written by `make bench` (tools/ai/bench.py). Machine: %s, %s, CPython %s; "
             "MicroPython "
             "Unix port (`.venv/bin/micropython -X heapsize=180k`)."
             % (platform.machine(), platform.processor() or "cpu", platform.python_version()))
    L.append("")
    L.append("Method: each game's search (engine/search.py + engine/<game>/eval.py) runs on %d "
             "fixed positions (the start and positions from seeded random games), %d nodes each, "
             "%d runs; nodes/s = nodes / CPU time of the searches (getrusage of the worker "
             "process, minus a run without the timed searches; the machine is shared, so CPU "
             "time is steadier than wall time, which is listed too). The device's figures are "
             "not derived from these: they are measured on the emulated RP2040 by `make "
             "device-bench` (sections \"AI on the emulated RP2040\" and \"Measured on the "
             "emulated RP2040\"). Heap = `gc.mem_alloc()` after building the Search (buffers "
             "for every ply, children and move lists) minus before, after `gc.collect()`; the "
             "search itself allocates nothing (growth during the timed runs is listed, and "
             "tests/portable/test_search.py proves it under `micropython.heap_lock()`)."
             % (POSITIONS, nodes, reps))
    L.append("")
    L.append("| game | CPython nodes/s | MicroPython nodes/s | "
             "MicroPython nodes/s, wall clock | search heap (B) | heap growth in search (B) | "
             "max ply |")
    L.append("|---|---|---|---|---|---|---|")
    for name, cps, cp, mps, mu in rows:
        tot, us = mu["speed"]
        L.append("| %s | %d | %d | %d | %d | %d | %d |" % (
            name, cps, mps, tot * 1000000 // us, mu["heap_search"][0],
            mu["heap_during"][0], mu["max_ply"][0]))
    L.append("")
    L.append("Levels (engine/ai.py `LEVELS`: device think time -> node budget through "
             "`DEVICE_NPS`, measured on the emulated RP2040). Depth = mean completed iteration "
             "over the positions; time = mean nodes per move / MicroPython nodes/s above. Level "
             "5's seconds per move on the device: `make device-bench`.")
    L.append("")
    L.append("| game | level | device budget (ms) | nodes | mean depth | MicroPython ms/move |")
    L.append("|---|---|---|---|---|---|")
    for name, cps, cp, mps, mu in rows:
        for level in sorted(mu["level"]):
            n, nsum, dsum, us = mu["level"][level]
            k = POSITIONS
            t = nsum / k / mps  # seconds per move under MicroPython, from the CPU-time speed
            L.append("| %s | %d | %d | %d | %.1f | %.1f |" % (
                name, level, ai.LEVELS[level][0], n, dsum / k, 1000 * t))
    L.append("")
    return "\n".join(L)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        worker(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        main(sys.argv[1:])
