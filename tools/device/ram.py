"""Heap the app holds during a level-5 search, on the emulated RP2040, for any checkout.

    python3 -m tools.device.ram [--board B] [--games oanquan,sanyao,omweso] [CHECKOUT]

CHECKOUT (default: this one) is bundled with its own tools/build/bundle.py (tools/bundle.py in
checkouts from before the tools/ folders), compiled with the mpy-cross beside the emulator
firmware and booted on CircuitPython 10.2.1 (tools/emu). Through the REPL it takes the steps of
tests/test_hw_heap.py: the board module, App and its title screen, a new game, the AI and the
game screen, then one level-5 move; it prints the heap in use after a collection
at each step, and at the search (the search itself allocates nothing). Comparing two checkouts
this way is how docs/app.md compares the app with an earlier commit (git worktree add /tmp/x REV).

    python3 -m tools.device.ram --boards all --against /tmp/x --write

measures this checkout and the one at /tmp/x on every board and writes the table "Heap during
play against an earlier commit" of docs/performance.md (a checkout's own bundle tool may need its
own requirements: give /tmp/x a .venv made from its requirements.txt).
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys

from tools.build import bundle, devicestubs
from tools.emu import emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# gc.mem_alloc(), exact, not gc.mem_free(), which moves in steps of up to 8 KB (METHOD below)
STEPS = r'''
import gc
def step(name):
    gc.collect()
    print("HELD", name, gc.mem_alloc() - START)
gc.collect()
START = gc.mem_alloc()
from boards import select
hw = select.load(select.board_name(select.board_id()))
del select
from firmware.common import unload
unload("boards.select")
step("board")
from firmware.app import App
app = App(hw)
app.render()
step("title")
s = app.session
s.cfg["game"] = %r
s.new_game()
s.tick(0, ms=-1)  # its first tick on the board makes the AI (before 2026-12-04: new_game did)
app.render()
step("game_screen")
b = s.brain
a0 = gc.mem_alloc()
b.player.move(s.rec.pos, 5)
print("HELD search", max(a0, gc.mem_alloc()) - START)
'''


def measure(checkout, board, games):
    path = os.path.join(checkout, "tools", "build", "bundle.py")
    if not os.path.exists(path):  # a checkout from before the tools/ folders
        path = os.path.join(checkout, "tools", "bundle.py")
        # it imported its sibling devicestubs by a bare name: lend it this one
        sys.modules.setdefault("devicestubs", devicestubs)
    spec = importlib.util.spec_from_file_location("checkout_bundle", path)
    theirs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(theirs)
    theirs.BUILD = os.path.join(ROOT, "build", "device-ram", os.path.basename(
        os.path.abspath(checkout)))
    shipped = theirs.bundle(board, mpy_cross=bundle.default_mpy_cross(), quiet=True)
    out = {}
    for game in games:
        with emu.circuitpython(board, bundle_dir=shipped) as chip:
            chip.interrupt_to_repl()
            text, err, _ = chip.raw_exec(STEPS % game, ms=120000)
        held = {}
        for line in text.splitlines():
            p = line.split()
            if p[:1] == ["HELD"]:
                held[p[1]] = int(p[2])
        if "search" not in held:
            raise SystemExit("%s on %s did not finish:\n%s%s" % (game, board, text, err))
        out[game] = held
    return out


TITLE = "## Heap during play against an earlier commit"
METHOD = """Written by `python3 -m tools.device.ram --boards all --against CHECKOUT --write`; do
not edit by hand. Each checkout's own bundle (its `tools/build/bundle.py`, .mpy) boots on CircuitPython
10.2.1 in the emulated RP2040, and through the REPL takes the steps of `tests/test_hw_heap.py`:
the board module, the App and its title screen, a new game against the AI (the AI made with its
search buffers as the board is shown), then one level-5 search. The figure is the heap held during
that search: `gc.mem_alloc()` around the search (its highest) less `gc.mem_alloc()` at the REPL's
start, each after a collection: what a game keeps in RAM while the AI thinks. Less is better.
`gc.mem_alloc()`, not `gc.mem_free()`: CircuitPython 10's `mem_free` adds the outer heap's largest
free block rounded down to a 1/16 step of its power of two (8 KB steps at the REPL's 150 KB, 2 KB
at a game's 40 KB), which moved two bundles' figures up to 2 KB apart for the same bytes held;
`mem_alloc` counts the bytes of the GC's blocks in use, exactly."""


def rev(checkout):
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=checkout,
                              capture_output=True, text=True).stdout.strip() or "?"
    except OSError:
        return "?"


def table(res, old, new):
    L = ["| board | game | %s (KB) | %s (KB) | change (KB) |" % (old, new),
         "|---|---|---:|---:|---:|"]
    for board in res:
        for game in res[board]["new"]:
            a = res[board]["old"].get(game, {}).get("search")
            b = res[board]["new"][game]["search"]
            L.append("| %s | %s | %s | %.1f | %s |" % (
                board, game, "%.1f" % (a / 1024) if a is not None else "—", b / 1024,
                "%+.1f" % ((b - a) / 1024) if a is not None else "—"))
    return "\n".join(L)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("checkout", nargs="?", default=ROOT)
    p.add_argument("--board", default="pico_display_pack2")
    p.add_argument("--boards", help="several boards (all: every board the emulator runs)")
    p.add_argument("--games", default="oanquan,sanyao,omweso")
    p.add_argument("--against", help="an earlier checkout to measure beside this one")
    p.add_argument("--json", default=os.path.join(ROOT, "build", "device-ram.json"))
    p.add_argument("--write", action="store_true", help="write the table to docs/performance.md")
    a = p.parse_args(argv)
    boards = (list(emu.BOARDS) if a.boards == "all" else a.boards.split(",")) if a.boards \
        else [a.board]
    games = a.games.split(",")
    for board in boards:
        why = emu.missing(emu.BOARDS[board]["firmware"])
        if why:
            raise SystemExit("device_ram: " + why)
    if not a.against:
        for board in boards:
            res = measure(a.checkout, board, games)
            print("%s, %s: heap held (bytes) after each step" % (a.checkout, board))
            for game, held in res.items():
                print("  %-8s %s" % (game, "  ".join("%s %d" % kv for kv in held.items())))
        return 0
    res = {}
    for board in boards:
        res[board] = {"old": measure(a.against, board, games),
                      "new": measure(a.checkout, board, games)}
        print(board, json.dumps(res[board]), flush=True)
    old, new = rev(a.against), rev(a.checkout)
    os.makedirs(os.path.dirname(a.json), exist_ok=True)
    with open(a.json, "w") as f:
        json.dump({"old": old, "new": new, "boards": res}, f, indent=1)
    text = table(res, old, new)
    print(text)
    if a.write:
        from tools import sections
        sections.write_section(os.path.join(ROOT, "docs", "performance.md"), TITLE,
                               "%s\n\nRun on %s: `python3 -m tools.device.ram %s`\n\n%s\n" % (
                                   METHOD, __import__("time").strftime("%Y-%m-%d"),
                                   " ".join(sys.argv[1:] if argv is None else argv), text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
