"""Complete games of the app on the emulated RP2040: make device-games.

    python3 -m tools.device.games [--boards picosystem,...] [--games oanquan,...] [--level 1]
                                 [--json build/device-games.json]

Each game boots the board's bundle (.mpy) on CircuitPython 10.2.1 (tools/emu) and, through the
REPL, runs the app in AI-demo mode (the AI plays both sides at --level, sowing animated "fast",
saves written to the board's store as in play) with App.step in a loop as App.run does, until the
game is over (Omweso: a match of one game; San-Yao: the whole match). It reports the plies, the
simulated time, the lowest free heap the chip showed (read from its RAM, not after a collect) and
any exception. The heap does not depend on the level (the search allocates nothing); a low level
keeps a game to minutes of emulation. Hours in all: a separate target, not part of make test.

By default a game is played as a person plays it (issue 33): the shipped code.py (with
MANCALA_FEEL = 1, so the session prints its marks), the title menu pressed to the game against the
AI at level 5 with the AI first and pondering on, and on each of the human's turns, after a look
of 0.5-2.5 s, on three turns in four (drawn from --seed) a hint asked for in the pause menu (B,
two rows down, A: the cursor goes to the hinted pit), on the others the cursor stepped a random
number of pits, then A pressed (any prompt answered with its default: the hint's choices), all
through the buttons' GPIOs, until the game ends (San-Yao and Omweso: the first game of the match;
O An Quan: then A, the score page, until the review after the game has searched your moves: its
lowest point counts with the game's).
With the hints the human plays about as well as the AI, so games last as long as people's. The lowest free heap is placed between the session's marks
("move", "shown", "turn"...) around it. --demo plays the old way: the AI on both sides through the
REPL at --level, with no pondering.
"""
import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time

from tools import sections
from tools.build import bundle
from tools.device import feel
from tools.emu import appflow, emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

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


def image_with_marks(board, workdir):
    """The console image of the board (make image): (its drive with MANCALA_FEEL = 1 added to
    settings.toml, its firmware.uf2)."""
    from tools.build import image
    out = image.image(board)
    drive = os.path.join(workdir, "CIRCUITPY")
    shutil.copytree(os.path.join(out, "CIRCUITPY"), drive)
    with open(os.path.join(drive, "settings.toml"), "a") as f:
        f.write("MANCALA_FEEL = 1\n")
    return drive, os.path.join(out, "firmware.uf2")


def play_person(board, game, seed, log=print, on_image=False):
    """One game against level 5 pressed through the buttons (module docstring); on_image: on
    the console image (make image) instead of the stock firmware and its bundle."""
    keys = appflow.board_keys(board)
    four = "up" not in keys
    cursor, down = ("y", "y") if four else ("right", "down")
    w, h = emu.BOARDS[board]["size"]
    plan, _ = appflow.plan_start(game, keys, w, h)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="games-")
    t0 = time.time()
    lines = []  # every console line: {t_us, min_free (the low before it), line}
    try:
        firmware = None
        if on_image:
            shipped, firmware = image_with_marks(board, work)
        else:
            shipped = feel.bundle_with_marks(board, work)
        with emu.circuitpython(board, shipped, firmware=firmware, workdir=work) as chip:
            chip.heap_lines(on=True)
            chip.hits, chip.searches = [0, 0], []  # (feel.marks keeps the AI's there)
            appflow.boot_to_title(chip)
            for k in plan:
                feel.press(chip, k, limit_ms=4000)
            got = []
            _wait(chip, lines, got, (), limit_ms=0)
            start = len(lines)  # the game's console lines from here
            human = hints = 0
            end = None
            while end is None:
                t, what = _wait(chip, lines, got, ("turn", "over", "round"))
                if what.split()[0] != "turn":
                    end = what
                    break
                n = int(what.split()[1])
                chip.run(rng.randrange(500, 2500))  # a look at the board
                if rng.randrange(4):  # the pause menu's third row, Hint: the cursor goes there
                    for k in ("b", down, down, "a"):
                        feel.press(chip, k, limit_ms=8000)
                    _next_picture(chip)  # the hint's: its search is not sliced
                    hints += 1
                else:
                    for _ in range(rng.randrange(n) if n > 1 else 0):
                        feel.press(chip, cursor)
                for _ in range(6):  # A, and A again on any prompt (its default)
                    feel.press(chip, "a", quiet_ms=60, limit_ms=400)
                    _wait(chip, lines, got, (), limit_ms=0)
                    if any(x == "move" for _, x in got):
                        break
                else:
                    shot = chip.screenshot(os.path.join(
                        tempfile.gettempdir(), "games-%s-%s-no-move.png" % (board, game)))
                    raise emu.EmuError("A played no move (the screen: %s); console ends:\n%s"
                                       % (shot, "\n".join(r["line"] for r in lines[-12:])))
                human += 1
                if human % 5 == 0:
                    log("  %s %s: %d moves of yours, lowest free so far %s"
                        % (board, game, human, feel.low_point(lines[start:])))
            if end.split()[0] == "over":  # the score page (A), where the review after the game
                chip.run(1500)              # searches your moves (issue 31 #3) until it is done
                feel.press(chip, "a", limit_ms=4000)
                _wait(chip, lines, got, ("reviewed",), limit_ms=600000)
            chip.run(1500)
            _wait(chip, lines, got, (), limit_ms=0)
            took = (chip.t_us - lines[start]["t_us"]) / 1e6 if len(lines) > start else 0
            low, where = feel.low_point(lines[start:])
            lows = feel.lowest_points(lines[start:])
            moves = sum(1 for r in lines[start:] if r["line"].endswith(" move"))
            restarts = _restarts(lines[start:])
            errors = appflow.console_errors(chip.console)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {"board": board, "game": game, "level": 5, "how": "person", "seed": seed,
            "runtime": "image" if on_image else "bundle", "ai_remade": restarts,
            "sim_s": round(took, 1), "wall_s": round(time.time() - t0), "low": low,
            "where": where, "lows": lows, "plies": moves, "human": human, "hints": hints, "end": end,
            "over": not errors, "errors": errors}


def _next_picture(chip, limit_ms=20000):
    """Runs until the panel is drawn again: after "Looking for a hint...", the hint (its search
    and its reason's take 2-6 s on the chip in Omweso, while A pressed sooner only waits)."""
    end = chip.t_us + limit_ms * 1000
    chip.spans(on=True)
    while chip.t_us < end and not chip.spans():
        chip.run(50)
    chip.run(200)


def _wait(chip, lines, got, whats, limit_ms=180000):
    """Run until one of the session's marks `whats` (first word) is printed; the console lines
    go to `lines`, the marks to `got` (those up to the one found are dropped). limit_ms=0: only
    collect what is there. (t_us, mark) or None."""
    end = chip.t_us + limit_ms * 1000
    while True:
        got += feel.marks(chip, lines)
        for i, (t, w) in enumerate(got):
            if w.split(" ")[0] in whats:
                del got[:i + 1]
                return t, w
        if chip.t_us >= end:
            if limit_ms:
                raise emu.EmuError("no %s mark within %d ms; console ends:\n%s"
                                   % (whats, limit_ms, chip.console[-1200:]))
            return None
        chip.run(20)


def _restarts(lines):
    """How often the AI's buffers were made again during a game (the pause box drops them when
    the heap is short: Session.pause): the AI's "ready <moves begun> ..." count starting over."""
    n, last = 0, 0
    for r in lines:
        m = feel.mark_of(r["line"])
        if m and m.startswith("ready "):
            begun = int(m.split()[1])
            n += begun <= last
            last = begun
    return n


def parse(board, game, level, out, err, took, low, wall):
    """The result of one game from what the REPL printed."""
    over = [ln.split() for ln in out.splitlines() if ln.startswith("OVER ")]
    errors = appflow.console_errors(out + err)
    return {"board": board, "game": game, "level": level, "how": "demo", "sim_s": round(took, 1),
            "wall_s": round(wall), "low": low, "plies": int(over[-1][1]) if over else None,
            "over": bool(over) and not errors, "errors": errors}


def table(rows):
    remade = any("ai_remade" in r for r in rows)  # counted since 2026-12-06
    L = ["| board | game | played | plies | simulated (s) | lowest free (KB) | where | "
         + ("AI's buffers made again | " if remade else "") + "no exception |",
         "|---|---|---|---:|---:|---:|---|" + ("---:|" if remade else "") + "---|"]
    for r in rows:
        how = ("buttons vs level 5, pondering (seed %s)" % r.get("seed")
               if r.get("how") == "person" else "AI demo, level %s" % r["level"])
        L.append("| %s | %s | %s | %s | %.0f | %s | %s | %s%s |" % (
            r["board"], r["game"], how, r["plies"] if r["plies"] is not None else "-",
            r["sim_s"], "%.1f" % (r["low"] / 1024) if r["low"] is not None else "-",
            r.get("where") or "—",
            ("%s | " % r.get("ai_remade", "-")) if remade else "",
            "yes" if r["over"] else "**no**: " + "; ".join(r["errors"])[:200]))
    return "\n".join(L)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--level", type=int, default=1, help="--demo: the AI's level")
    p.add_argument("--demo", action="store_true",
                   help="the AI on both sides through the REPL (the old way), not buttons")
    p.add_argument("--seed", type=int, default=1, help="the human's random cursor steps")
    p.add_argument("--write", action="store_true", help="write the table to docs/performance.md")
    p.add_argument("--image", action="store_true",
                   help="on the console image (make image), not stock CircuitPython + bundle")
    p.add_argument("--json")
    p.add_argument("--report", action="store_true",
                   help="play nothing: the table of the games in --json (with --write: the docs)")
    a = p.parse_args(argv)
    if a.image and a.demo:
        raise SystemExit("device-games: --image plays through the buttons only (no --demo)")
    a.json = a.json or os.path.join(ROOT, "build", "device-games%s.json" % (
        "-image" if a.image else ""))
    rows = []
    if os.path.exists(a.json):  # runs add to what earlier runs measured (one game each)
        with open(a.json) as f:
            rows = json.load(f).get("games", [])
    for board in [] if a.report else a.boards.split(","):
        why = emu.missing(emu.BOARDS[board]["firmware"])
        if why:
            raise SystemExit("device-games: " + why)
        shipped = None if not a.demo else bundle.bundle(
            board, mpy_cross=bundle.default_mpy_cross(), quiet=True)
        for game in a.games.split(","):
            r = play(board, game, a.level, shipped) if a.demo else \
                play_person(board, game, a.seed, on_image=a.image)
            r["commit"] = sections.commit(ROOT)
            print("%s %s: %s" % (board, game, json.dumps(r)), flush=True)
            rows = [x for x in rows if (x["board"], x["game"], x.get("how", "demo")) !=
                    (board, game, r["how"])] + [r]
            os.makedirs(os.path.dirname(a.json), exist_ok=True)
            with open(a.json, "w") as f:
                json.dump({"games": rows}, f, indent=1)
    print(table(rows))
    if a.write:
        args = argv if argv is not None else sys.argv[1:]
        if a.report:  # the rows come from earlier runs, a game each
            args = ["%s--boards <board> --games <game> (a run per row, merged by --report)"
                    % ("--image " if a.image else "")]
        write(rows, args, a.image)
    return 0 if all(r["over"] for r in rows) else 1


TITLE = "## Complete games on the emulated RP2040"
METHOD = """Written by `python3 -m tools.device.games --write` (`make device-games`); do not edit
by hand. Each row is one game of the app as bundled (.mpy) on the board's CircuitPython 10.2.1
firmware in the emulated RP2040, from reset to the game's end. "Buttons vs level 5" is the game as
a person plays it: the title menu pressed through the buttons' GPIOs to the game against the AI at
level 5 (the AI first, pondering on, sowing animated at "normal"); on each of the human's turns,
after a look of 0.5-2.5 s, a hint asked for in the pause menu on three turns in four (the seed
draws which), a random pit otherwise, then A. San-Yao and Omweso end at the first game of the
match; Ô Ăn Quan at its game-over screen, whose score page (A) it looks at while the review
after the game searches your moves ("reviewed" marks its end). The lowest free heap is
CircuitPython's `gc.mem_free()` read from the chip's RAM every 20 000 instructions (not after a
collection: garbage counts); "where" names the session's marks (`MANCALA_FEEL = 1`) printed
before and after it: "move" a move is played, "shown" its sowing ends, "turn" the human's turn
begins, "ready" the AI's search ends, "over" the game's end, "reviewed" the review's. Target
(issues 29 and 33): at least 40 KB free at the lowest point of every game on every board."""


IMAGE_TITLE = "## Complete games on the console image"
IMAGE_METHOD = """Written by `python3 -m tools.device.games --image --write`; do not edit by hand. The same
games as in "Complete games on the emulated RP2040" above, played the same way through the
buttons, on the console image (`make image`: CircuitPython 10.2.1 built here with the game frozen
into the firmware; the drive holds code.py, boot.py, settings.toml and the saves) instead of the
stock firmware with the .mpy bundle. "AI's buffers made again": how often the AI's search
buffers were dropped and made again during the game (the pause box drops them when the heap is
under 50 KB, which restarts the AI's pondering; the count of moves in its "ready" marks starts
over). Target (issue 52): at least 100 KB free at the lowest point of every game on every
board, and the buffers never made again."""


def write(rows, argv, on_image=False):
    when = time.strftime("%Y-%m-%d")
    commits = sorted(set(r.get("commit", "?") for r in rows))
    body = "%s\n\nRun on %s at commit %s: `python3 -m tools.device.games %s`\n\n%s\n" % (
        IMAGE_METHOD if on_image else METHOD, when, ", ".join(commits), " ".join(argv),
        table(rows))
    sections.write_section(os.path.join(ROOT, "docs", "performance.md"),
                           IMAGE_TITLE if on_image else TITLE, body)


if __name__ == "__main__":
    sys.exit(main())
