"""Device figures measured on the emulated RP2040 (tools/emu): make device-bench.

    python3 -m tools.device.bench [--quick] [--no-write] [--only boot,engine,app,mp]

- boot: reset to the title screen drawn, per board, bundle as .mpy and as .py; heap at the title.
- engine: on CircuitPython (the PicoSystem build, the bundle's .mpy, a fresh REPL): import time
  of each game's engine modules, search speed (nodes/s, from the start and seeded positions) and
  the think time of each AI level.
- app: per board, the app from the title through the start of each game against the AI at level 5
  (the AI moving first) and its reply to one move: free heap at each step and its lowest point.
- mp: the same search speed on MicroPython 1.28 (RPI_PICO), for comparison with the Unix port.
- feel: what the player feels (tools/device/feel.py): press -> picture, a turn's time, boot; its
  own section "## Feel on the emulated RP2040".
- sound: the capture sound up to the pins on each board with a speaker (tools/device/sound.py);
  its own section "## Sound on the emulated RP2040".
Writes the section "## Measured on the emulated RP2040" of docs/performance.md.
All times are simulated (Cortex-M0+ cycles at 125 MHz): a real chip is ~5-15% slower.
"""
import argparse
import inspect
import json
import os
import sys
import time

from tools.ai import bench as ai_bench
from tools.build import bundle
from tools.emu import appflow, emu
# what the figures say (tables, the targets, the docs section): tools/device/report.py
from tools.device import report as device_report
from tools.device.report import BOARDS, GAMES, report, targets, write_section  # noqa: F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Runs on the chip (CircuitPython or MicroPython): one JSON line per figure.
ENGINE_SCRIPT = r'''
import gc, json, time
try:
    from time import ticks_us, ticks_diff  # MicroPython
    def took_us(t):
        return ticks_diff(ticks_us(), t)
except ImportError:  # CircuitPython
    def ticks_us():
        return time.monotonic_ns() // 1000
    def took_us(t):
        return ticks_us() - t
def out(**kw):
    print("BENCH " + json.dumps(kw))
NAME = %(name)r
NODES = %(nodes)d
LEVELS = %(levels)r
gc.collect()
t = ticks_us()
from engine import games
g = games.load(NAME)
from engine import search as S
S.evaluator(g)
from engine import ai
out(what="import", game=NAME, ms=took_us(t) / 1000, free=gc.mem_free())
%(posfn)sposs = positions(g, %(positions)d)
gc.collect()
a = gc.mem_free()
s = S.Search(g)
gc.collect()
out(what="search_heap", game=NAME, bytes=a - gc.mem_free())
for i, pos in enumerate(poss):
    gc.collect()
    t = ticks_us()
    s.run(pos, NODES)
    us = took_us(t)
    out(what="nps", game=NAME, pos=i, nodes=s.nodes, ms=us / 1000, depth=s.depth)
p = ai.Player(g, seed=1)
for lv in LEVELS:
    gc.collect()
    t = ticks_us()
    p.move(poss[0], lv)
    us = took_us(t)
    out(what="level", game=NAME, level=lv, ms=us / 1000, nodes=p.last[2], depth=p.last[3],
        budget=ai.level_nodes(g, lv))
for i, pos in enumerate(positions(g, %(l5)d) if %(l5)d else ()):
    gc.collect()
    t = ticks_us()
    p.move(pos, 5)
    out(what="l5", game=NAME, pos=i, ms=took_us(t) / 1000, nodes=p.last[2], depth=p.last[3])
'''


# Free heap taken by each module as the app imports them (a fresh REPL, after gc.collect()):
# what the code itself costs on the chip, before any screen or game exists.
HEAPMAP_SCRIPT = r'''
import gc, json
def free():
    gc.collect()
    return gc.mem_free()
print("BENCH " + json.dumps({"what": "heapmap", "module": "(REPL)", "free": free()}))
from boards import select
f = free()
hw = select.load(%(board)r)
print("BENCH " + json.dumps({"what": "heapmap", "module": "board (display, keys)",
                             "bytes": f - free(), "free": free()}))
for name in %(modules)r:
    f = free()
    try:
        __import__(name)
        print("BENCH " + json.dumps({"what": "heapmap", "module": name, "bytes": f - free(),
                                     "free": free()}))
    except Exception as e:
        print("BENCH " + json.dumps({"what": "heapmap", "module": name, "error": repr(e)}))
from engine import games, search
for g in ("oanquan", "sanyao", "omweso"):
    f = free()
    s = search.Search(games.load(g))
    print("BENCH " + json.dumps({"what": "heapmap", "module": "Search(%%s) buffers" %% g,
                                 "bytes": f - free(), "free": free()}))
    s = None
'''
HEAPMAP_MODULES = ("engine.compat", "engine.games", "engine.record", "engine.search", "engine.ai",
                   "firmware.common", "firmware.brain", "firmware.buttons", "firmware.saves",
                   "firmware.session", "firmware.app", "firmware.views.ui",
                   "firmware.views.label", "firmware.views.menu", "firmware.screens.menu_items",
                   "firmware.screens.menu", "firmware.rule_text", "firmware.views.board",
                   "firmware.screens.play", "firmware.views.direct", "firmware.views.paint",
                   "engine.oanquan", "engine.oanquan.eval",
                   "firmware.games.oanquan.adapter", "firmware.games.oanquan.view",
                   "engine.sanyao", "engine.sanyao.eval", "firmware.games.sanyao.adapter",
                   "firmware.games.sanyao.view", "engine.omweso", "engine.omweso.eval",
                   "engine.omweso.run", "firmware.games.omweso.adapter",
                   "firmware.games.omweso.view")


def bench_heapmap(quick, log):
    rows = []
    for board in BOARDS[:2] if quick else BOARDS[:2]:
        with emu.circuitpython(board, build(board, True)) as chip:
            appflow.boot_to_title(chip)
            chip.interrupt_to_repl()
            mods = [m for m in HEAPMAP_MODULES if any(os.path.exists(
                os.path.join(ROOT, m.replace(".", "/") + end)) for end in (".py", "/__init__.py"))]
            out, err, _ = chip.raw_exec(HEAPMAP_SCRIPT % dict(board=board, modules=mods),
                                        ms=120000)
        got = lines_of(out)
        for r in got:
            r["board"] = board
            log("heapmap %s" % r)
        if err:
            log("heapmap %s error: %s" % (board, err))
        rows += got
    return rows


def lines_of(text):
    return [json.loads(ln[6:]) for ln in text.splitlines() if ln.startswith("BENCH ")]


def build(board, mpy):
    # a folder of its own: a bench may run beside another build of the same board
    import tempfile
    return bundle.private_bundle(board, tempfile.mkdtemp(prefix="bench-"), mpy)


# ---- measurements -------------------------------------------------------------------------------

def bench_boot(quick, log):
    rows = []
    for board in BOARDS[:2] if quick else BOARDS:
        title = appflow.Headless(*emu.BOARDS[board]["size"], appflow.board_keys(board)).frame565()
        for mpy in (True, False):
            if mpy and not bundle.default_mpy_cross():
                continue
            with emu.circuitpython(board, build(board, mpy)) as chip:
                t = appflow.boot_to_title(chip, title=title)
                h = chip.heap()
                bad = appflow.console_errors(chip.console)
            rows.append(dict(board=board, mpy=mpy, title_s=t, free=h["free"], low=h["min_free"],
                             errors=bad, code_s=getattr(chip, "code_start_s", None)))
            log("boot %s %s: %.2f s, free %s, lowest %s %s" % (board, ".mpy" if mpy else ".py", t,
                                                                 h["free"], h["min_free"], bad))
    return rows


def run_engine(chip, name, nodes, levels, positions, l5=0):
    # l5: level 5's move is also timed on that many positions (the start and seeded ones)
    code = ENGINE_SCRIPT % dict(name=name, nodes=nodes, levels=levels, positions=positions, l5=l5,
                                posfn=inspect.getsource(ai_bench.positions))
    out, err, took = chip.raw_exec(code, ms=600000)
    if err:
        raise emu.EmuError("engine bench %s failed:\n%s" % (name, err))
    return lines_of(out)


def bench_engine(quick, log):
    rows = []
    levels = (1, 3, 5) if quick else (1, 2, 3, 4, 5)
    for name in GAMES:
        with emu.circuitpython("picosystem", build("picosystem", True)) as chip:
            appflow.boot_to_title(chip)
            chip.interrupt_to_repl()
            got = run_engine(chip, name, 1000 if quick else 2000, levels, 2 if quick else 4,
                             3 if quick else 10)
        for r in got:
            log("engine cp %s" % r)
        rows += got
    return rows


def bench_mp(quick, log):
    rows = []
    for name in GAMES:
        with emu.micropython(emu.engine_files(mpy=True)) as chip:
            got = run_engine(chip, name, 1000 if quick else 2000, (), 2 if quick else 4)
        for r in got:
            log("engine mp %s" % r)
        rows += got
    return rows


def bench_app(quick, log):
    rows = []
    for board in BOARDS[:2] if quick else BOARDS:
        keys = appflow.board_keys(board)
        w, h = emu.BOARDS[board]["size"]
        for game in GAMES:
            presses, _ = appflow.plan_start(game, keys, w, h)
            with emu.circuitpython(board, build(board, True)) as chip:
                steps = []

                def mark(step):
                    hp = chip.heap()
                    steps.append(dict(step=step, t=chip.t_us / 1e6, free=hp["free"],
                                      low=hp["min_free"], after_collect=hp["min_free_after_collect"]))
                    chip.heap(reset=True)
                    log("app %s %s %-14s free %6s lowest %6s (after a collect %s)" % (
                        board, game, step, hp["free"], hp["min_free"],
                        hp["min_free_after_collect"]))

                appflow.boot_to_title(chip)
                mark("title")
                for k in presses[:-1]:
                    appflow.device_press(chip, k)
                appflow.settle(chip, quiet_ms=500)
                mark("menus")
                appflow.device_press(chip, presses[-1])
                appflow.settle(chip, quiet_ms=1200, limit_ms=30000)
                mark("AI moved")
                # our move: the cursor's pit (A), then the AI's reply
                appflow.device_press(chip, "a")
                if game == "omweso" or "up" not in keys:
                    appflow.device_press(chip, "a")  # a direction / confirm where asked
                appflow.settle(chip, quiet_ms=1200, limit_ms=40000)
                mark("reply")
                bad = appflow.console_errors(chip.console)
                rows.append(dict(board=board, game=game, steps=steps, errors=bad,
                                 console=chip.console[-600:] if bad else ""))
    return rows


# ---- report ---------------------------------------------------------------------------------

def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="fewer boards, positions and levels")
    p.add_argument("--no-write", action="store_true", help="print, do not touch the docs")
    p.add_argument("--only", default="boot,engine,app,heapmap,mp,feel,sound",
                   help="parts; feel, sound: tools/device/feel.py, sound.py, their own sections")
    p.add_argument("--json", help="also save the raw figures here")
    p.add_argument("--from-json", nargs="+", help="write the report from saved figures")
    a = p.parse_args(argv)
    if a.from_json:
        res = {}
        wall = 0
        for path in a.from_json:
            with open(path) as f:
                got = json.load(f)
            wall += got.pop("_wall", 0)
            res.update(got)
        text = report(res, wall)
        print(text)
        if not a.no_write:
            write_section(text)
        return
    why = emu.missing("cp_picosystem", "cp_pico", "mp_pico")
    if why:
        sys.exit("device-bench: " + why)
    t0 = time.time()
    log = lambda s: print(s, flush=True)  # noqa: E731
    res = {}
    parts = a.only.split(",")
    if "feel" in parts:  # what the player feels: its own table and section (tools/device/feel.py)
        parts.remove("feel")
        from tools.device import feel as device_feel
        device_feel.main(["--turns", "2" if a.quick else "3"] + (["--no-write"] if a.no_write
                                                                  else []))
    if "sound" in parts:  # the capture sound up to the pins: its own section (tools/device/sound.py)
        parts.remove("sound")
        from tools.device import sound as device_sound
        device_sound.main([] if a.no_write else ["--write"])
    if not parts:
        return
    for part in parts:
        res[part] = {"boot": bench_boot, "engine": bench_engine, "app": bench_app,
                     "mp": bench_mp, "heapmap": bench_heapmap}[part](a.quick, log)
    res["_wall"] = time.time() - t0
    text = report(res, res["_wall"])
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)
    print(text)
    if not a.no_write:
        write_section(text)
        print("wrote %s" % os.path.relpath(device_report.DOC, ROOT))


if __name__ == "__main__":
    main()
