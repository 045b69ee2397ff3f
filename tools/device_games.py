"""Complete games of the app on the emulated RP2040: make device-games.

    python tools/device_games.py [--boards picosystem,...] [--games oanquan,...] [--level 1]
                                 [--json build/device-games.json]

Each game boots the board's bundle (.mpy) on CircuitPython 10.2.1 (tools/emu) and, through the
REPL, runs the app in AI-demo mode (the AI plays both sides at --level, sowing animated "fast",
saves written to the board's store as in play) with App.step in a loop as App.run does, until the
game is over (Omweso: a match of one game; San-Yao: the whole match). It reports the plies, the
simulated time, the lowest free heap the chip showed (read from its RAM, not after a collect) and
any exception. The heap does not depend on the level (the search allocates nothing); a low level
keeps a game to minutes of emulation. Hours in all: a separate target, not part of make test.
"""
import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "emu"))

import appflow  # noqa: E402
import bundle  # noqa: E402
import emu  # noqa: E402

BOARDS = ("picosystem", "pico_display_pack2", "pico_lcd13")
GAMES = ("oanquan", "sanyao", "omweso")

BOOT = r'''
import gc, time, supervisor
from boards import select
hw = select.load(select.board_name(select.board_id()))
del select
from firmware.common import unload
unload("boards.select")
gc.collect()
from firmware.app import App
app = App(hw)
'''

# The game itself (also run on CPython by tests/test_device_tools.py). Between rounds (San-Yao's
# match, an Omweso match of more points) the summary screen waits for A, as for a player: the
# script presses it (before 2026-12-01 it waited there for ever: no San-Yao match ended).
LOOP = r'''
app.render()
s = app.session
s.cfg["game"] = %r
s.cfg["mode"] = "demo"
s.cfg["level"] = %d
s.cfg["anim"] = "fast"
if s.cfg["game"] == "omweso":
    s.rules_for("omweso")["match_points"] = 1
s.new_game()
while s.phase != "over":
    now = supervisor.ticks_ms()
    if s.screen == "summary" and s.phase == "round":
        print("ROUND", s.snap["ply"])
        s.press("a", now)
    app.step(now)
    time.sleep(0.01)
print("OVER", s.snap["ply"])  # the plies of the whole match
'''
PLAY = BOOT + LOOP


def play(board, game, level, shipped, log=print):
    t0 = time.time()
    with emu.circuitpython(board, bundle_dir=shipped) as chip:
        chip.interrupt_to_repl()
        chip.heap(reset=True)
        out, err, took = chip.raw_exec(PLAY % (game, level), ms=4 * 3600 * 1000)
        low = chip.heap().get("min_free")
    return parse(board, game, level, out, err, took, low, time.time() - t0)


def parse(board, game, level, out, err, took, low, wall):
    """The result of one game from what the REPL printed."""
    over = [ln.split() for ln in out.splitlines() if ln.startswith("OVER ")]
    errors = appflow.console_errors(out + err)
    return {"board": board, "game": game, "level": level, "sim_s": round(took, 1),
            "wall_s": round(wall), "low": low, "plies": int(over[-1][1]) if over else None,
            "over": bool(over) and not errors, "errors": errors}


def table(rows):
    L = ["| board | game | plies | simulated (s) | lowest free (KB) | over, no exception |",
         "|---|---|---:|---:|---:|---|"]
    for r in rows:
        L.append("| %s | %s | %s | %.0f | %s | %s |" % (
            r["board"], r["game"], r["plies"] if r["plies"] is not None else "-", r["sim_s"],
            "%.1f" % (r["low"] / 1024) if r["low"] is not None else "-",
            "yes" if r["over"] else "**no**: " + "; ".join(r["errors"])[:200]))
    return "\n".join(L)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--level", type=int, default=1)
    p.add_argument("--json", default=os.path.join(ROOT, "build", "device-games.json"))
    a = p.parse_args(argv)
    rows = []
    if os.path.exists(a.json):  # runs add to what earlier runs measured (one game each)
        with open(a.json) as f:
            rows = json.load(f).get("games", [])
    for board in a.boards.split(","):
        why = emu.missing(emu.BOARDS[board]["firmware"])
        if why:
            raise SystemExit("device-games: " + why)
        shipped = bundle.bundle(board, mpy_cross=bundle.default_mpy_cross(), quiet=True)
        for game in a.games.split(","):
            r = play(board, game, a.level, shipped)
            print("%s %s: %s" % (board, game, json.dumps(r)), flush=True)
            rows = [x for x in rows if (x["board"], x["game"]) != (board, game)] + [r]
            os.makedirs(os.path.dirname(a.json), exist_ok=True)
            with open(a.json, "w") as f:
                json.dump({"games": rows}, f, indent=1)
    print(table(rows))
    return 0 if all(r["over"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
