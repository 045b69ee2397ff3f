"""Screenshots of each board's title and of a game in progress, taken from the emulated chip
(the board's bundle on its own CircuitPython firmware): docs/screenshots/chip/, for
docs/hardware.md.

    python3 -m tools.emu.shots [--boards ugame22,picopad,sprig] [--game oanquan] [--out DIR]

The game: from the title to `game` against the AI at level 5 (the AI first, as the device tests
play it), the AI's move, one move of ours (the cursor's pit, A), the AI's reply; the screen once
the display has been still for a second. Minutes of emulation per board.
"""
import argparse
import os
import sys

from tools.device import feel as F
from tools.emu import appflow, emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BOARDS = ("picosystem", "pico_display_pack2", "pico_lcd13", "ugame22", "picopad", "sprig")


def shoot(board, game, out, log=print):
    keys = appflow.board_keys(board)
    w, h = emu.BOARDS[board]["size"]
    presses, _ = appflow.plan_start(game, keys, w, h)
    work = os.path.join(ROOT, "build", "shots", board)
    os.makedirs(work, exist_ok=True)
    bundle_dir = F.bundle_with_marks(board, work)
    with emu.circuitpython(board, bundle_dir, workdir=work) as chip:
        chip.heap_lines(on=True)
        chip.hits, chip.searches = [0, 0], []
        appflow.boot_to_title(chip, limit_ms=25000)
        title = chip.screenshot(os.path.join(out, "%s-title.png" % board))
        for k in presses:
            appflow.device_press(chip, k)
        got = []
        F.wait_mark(chip, ("turn",), got)
        chip.run(1500)
        for _ in range(6):  # our move: A (and A at a prompt)
            appflow.device_press(chip, "a")
            got += F.marks(chip)
            if any(wh == "move" for _, wh in got):
                break
        F.wait_mark(chip, ("turn",), got, limit_ms=90000)
        appflow.settle(chip, quiet_ms=1000)
        shot = chip.screenshot(os.path.join(out, "%s-%s.png" % (board, game)))
        errors = appflow.console_errors(chip.console)
    log("%s: %s, %s%s" % (board, os.path.relpath(title, ROOT), os.path.relpath(shot, ROOT),
                          "; errors: %s" % errors if errors else ""))
    return not errors


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", default="ugame22,picopad,sprig")
    p.add_argument("--game", default="oanquan", choices=appflow.GAMES)
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots", "chip"))
    a = p.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    ok = True
    for board in a.boards.split(","):
        why = emu.missing(emu.BOARDS[board]["firmware"])
        if why:
            raise SystemExit("shots: " + why)
        ok = shoot(board, a.game, a.out) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
