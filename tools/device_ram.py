"""Heap the app holds during a level-5 search, on the emulated RP2040, for any checkout.

    python tools/device_ram.py [--board B] [--games oanquan,sanyao,omweso] [CHECKOUT]

CHECKOUT (default: this one) is bundled with its own tools/bundle.py, compiled with the mpy-cross
beside the emulator firmware and booted on CircuitPython 10.2.1 (tools/emu). Through the REPL it
takes the steps of tests/test_hw_heap.py: the board module, App and its title screen, a new game,
the AI and the game screen, then one level-5 move; it prints the heap in use after a collection
at each step, and at the search (the search itself allocates nothing). Comparing two checkouts
this way is how docs/app.md compares the app with an earlier commit (git worktree add /tmp/x REV).
"""
import argparse
import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "emu"))

import bundle  # noqa: E402
import emu  # noqa: E402

STEPS = r'''
import gc
def step(name):
    gc.collect()
    print("HELD", name, START - gc.mem_free())
gc.collect()
START = gc.mem_free()
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
s._brain()
app.render()
step("game_screen")
b = s._brain()
f0 = gc.mem_free()
b.move(s.rec.pos, 5)
print("HELD search", START - min(f0, gc.mem_free()))
'''


def measure(checkout, board, games):
    spec = importlib.util.spec_from_file_location(
        "checkout_bundle", os.path.join(checkout, "tools", "bundle.py"))
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


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("checkout", nargs="?", default=ROOT)
    p.add_argument("--board", default="pico_display_pack2")
    p.add_argument("--games", default="oanquan,sanyao,omweso")
    a = p.parse_args(argv)
    why = emu.missing(emu.BOARDS[a.board]["firmware"])
    if why:
        raise SystemExit("device_ram: " + why)
    res = measure(a.checkout, a.board, a.games.split(","))
    print("%s, %s: heap held (bytes) after each step" % (a.checkout, a.board))
    for game, held in res.items():
        print("  %-8s %s" % (game, "  ".join("%s %d" % kv for kv in held.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
