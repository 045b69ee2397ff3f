"""What the player feels, measured on the emulated RP2040 (make device-bench, its "feel" part).

    python3 -m tools.device.feel [--boards picosystem,pico_display_pack2] [--games ...]
                                [--turns 4] [--no-write]

The app as bundled (with MANCALA_FEEL = 1 in settings.toml: the session prints "feel <ms> <what>"
at a move, a sowing's end, the AI's search done and the human's turn) runs on CircuitPython on
the emulated chip. A press is the button's GPIO driven low for 80 ms; the answer is what the
display controller receives (tools/emu/runner.mjs logs every RAMWR with its simulated time):
press -> first pixel, press -> last pixel of the refresh the press caused (writes less than
GAP_MS apart), and how many pixels changed colour more than once (an in-between picture reached
the panel: flicker, a blank screen). Times are simulated (125 MHz, no flash wait states).
"""
import argparse
import os
import shutil
import sys
import tempfile

from tools.emu import appflow, emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# display writes further apart than this belong to different refreshes: a picture drawn straight
# to the panel goes out in strips with the next strip's drawing between (the pause box's four on
# the Display Pack 2.0 ~40 ms apart before 2026-12-06: at 20 ms its "open" was its first strip);
# the AI's progress bar, which moves on its own, is drawn at most every 60 ms
GAP_MS = 50
HOLD_MS = 80
BOARDS = ("picosystem", "pico_display_pack2")
GAMES = appflow.GAMES
# what each row of the table measures, and its target (ms, on the last pixel; None: shown only)
# (issue 53's: start game 0.6 s, pause 120 ms, a sowing frame 8 ms of the chip; the AI's wait
# after your sowing: TURN_ROWS)
ROWS = (("menu step", 60), ("value change", 60), ("cursor step (pondering)", 40),
        ("confirm -> first sowing frame", None), ("pause open", 120), ("pause close", 120),
        ("start game", 600), ("a sowing frame (chip time)", 8))


# the turn's rows: (name, its place in a turn's splits (_confirm), target); issue 53's target for
# the AI's wait after your sowing (its search gets the chip between your sowing's frames)
TURN_ROWS = (("your sowing", 0, None), ("the AI's wait after your sowing (per AI move)", 1,
                                         (2.5, 5)),
             ("the AI's sowing (per AI move)", 2, (3, None)),
             ("confirm -> your turn again (per AI move)", 4, (8, None)))


def bundle_with_marks(board, workdir):
    """The board's bundle (.mpy) with MANCALA_FEEL = 1 added to its settings.toml."""
    from tools.build import bundle
    out = bundle.private_bundle(board, workdir)
    with open(os.path.join(out, "settings.toml"), "a") as f:
        f.write("MANCALA_FEEL = 1\n")
    return out


def press(chip, key, quiet_ms=150, limit_ms=3000):
    """Press key; {first, last (ms after the press, None: nothing drawn), again (pixels changed
    twice), changed} of the first refresh it caused."""
    gpio = chip.board["keys"][key]
    chip.spans(on=True)
    t0 = chip.t_us
    chip.pin(gpio, 0)
    chip.run(HOLD_MS)
    chip.pin(gpio, 1)
    got = []
    changed = [0, 0]
    while chip.t_us - t0 < limit_ms * 1000:
        got += chip.spans()
        changed[0] += chip.changed[0]
        changed[1] += chip.changed[1]
        if got and chip.t_us - got[-1][1] > quiet_ms * 1000:
            break
        chip.run(20)
    burst = first_refresh(got)
    if not burst:
        return {"first": None, "last": None, "again": changed[1], "changed": 0, "t0": t0}
    return {"first": (burst[0][0] - t0) / 1000, "last": (burst[-1][1] - t0) / 1000,
            "again": changed[1], "changed": changed[0], "t0": t0}


def first_refresh(spans):
    """The spans (display writes: start, end in us, ...) of the first refresh: up to the first
    gap over GAP_MS."""
    burst = []
    for s in spans:
        if burst and s[0] - burst[-1][1] > GAP_MS * 1000:
            break
        burst.append(s)
    return burst


def mark_of(line):
    """The session's mark in a console line ("feel <ms> <what>"): what, or None."""
    i = line.find("feel ")
    if i < 0:
        return None
    parts = line[i:].split(" ", 2)
    return parts[2] if len(parts) > 2 else ""


def marks(chip, keep=None):
    """The session's "feel" lines printed since the last call: [(t_us, what)]; keep: a list
    that gets every console line's record. The "ready" lines' ponder counts add up in chip.hits
    (the session's counts start over when the AI's buffers are made again)."""
    out = []
    kept = getattr(chip, "kept", None)  # every line of the run, for where its heap was lowest
    for r in chip.heap_lines():
        if keep is not None:
            keep.append(r)
        if kept is not None:
            kept.append(r)
        what = mark_of(r["line"])
        if what is not None and what[:6] == "frame ":  # a sowing frame's chip time (App.step)
            chip.frames = getattr(chip, "frames", [])
            chip.frames.append(int(what[6:]))
        elif what is not None:
            out.append((r["t_us"], what))
            if what.startswith("ready"):  # moves, hits, ms searching, nodes
                m, h = [int(x) for x in what.split()[1:3]]
                was = getattr(chip, "ready_was", (0, 0))
                if m <= was[0]:  # the AI's buffers made again (the pause box): counts start over
                    # (a line per search: one player's count of moves only grows)
                    was = (0, 0)
                chip.hits = [chip.hits[0] + m - was[0], chip.hits[1] + h - was[1]]
                chip.ready_was = (m, h)
                chip.searches.append([r["t_us"]] + [int(x) for x in what.split()[3:5]])
    return out


def low_point(lines):
    """(lowest free heap, between which marks) over console lines."""
    lows = [(r["min_free"], i) for i, r in enumerate(lines) if r["min_free"] is not None]
    if not lows:
        return None, ""
    low, i = min(lows)

    def mark(r):
        m = mark_of(r["line"])
        return m.split(" ")[0] if m else None
    before = next((m for m in (mark(r) for r in reversed(lines[:i])) if m), "start")
    after = next((m for m in (mark(r) for r in lines[i:]) if m), "end")
    return low, "after %s, before %s" % (before, after)


def lowest_points(lines, n=6):
    """The n lowest points between two consecutive marks: [(KB, "mark -> mark", t_s)]."""
    segs, low, at, before = [], None, 0, "start"
    for r in lines:
        m = mark_of(r["line"])
        if r["min_free"] is not None and (low is None or r["min_free"] < low):
            low, at = r["min_free"], r["t_us"]
        if m is not None:
            if low is not None:
                segs.append((round(low / 1024, 1), "%s -> %s" % (before, m), round(at / 1e6, 1)))
            low, before = None, m
    segs.sort()
    return segs[:n]


def wait_mark(chip, whats, got, limit_ms=60000):
    """Run until one of the marks `whats` arrives (marks are collected into got, the ones up to
    it dropped); (its time in us, the mark)."""
    end = chip.t_us + limit_ms * 1000
    while chip.t_us < end:
        got += marks(chip)
        for i, (t, w) in enumerate(got):
            if w.split(" ")[0] in whats:  # "turn 5": the turn, 5 pits playable
                del got[:i + 1]
                return t, w
        chip.run(20)
    raise emu.EmuError("no %s mark within %d ms; console ends:\n%s"
                       % (whats, limit_ms, chip.console[-1200:]))


def play_board(board, games, turns, log=print):
    """All the figures of one board: {row: [ms...]}, turns [(splits)], boot s, hits."""
    keys = appflow.board_keys(board)
    four = "up" not in keys
    step, change = ("y", "a") if four else ("down", "right")
    cursor = "y" if four else "right"
    w, h = emu.BOARDS[board]["size"]
    work = tempfile.mkdtemp(prefix="feel-")
    res = {r: [] for r, _ in ROWS}
    res["again"] = 0
    res["turns"] = []
    res["hits"] = [0, 0]
    try:
        out = bundle_with_marks(board, work)
        for gi, game in enumerate(games):
            plan, twin = appflow.plan_start(game, keys, w, h)
            with emu.circuitpython(board, out, workdir=work) as chip:
                chip.heap_lines(on=True)
                chip.kept = []
                boot = appflow.boot_to_title(chip)
                res.setdefault("boot", []).append(boot)
                if gi == 0:  # a full round of the title menu's rows: back where it started
                    n = len(appflow.Headless(w, h, keys).session.scr.items)
                    for _ in range(n):
                        _row(res, "menu step", press(chip, step))
                for i, k in enumerate(plan):
                    row = ("start game" if i == len(plan) - 1
                           else "menu step" if k == step else "value change")
                    _row(res, row, press(chip, k, limit_ms=4000))
                chip.hits = [0, 0]
                chip.ready_was = (0, 0)
                chip.searches = []
                got = []
                # the AI moved first; then _confirm ends on the human's next turn
                _, turn = wait_mark(chip, ("turn",), got)
                for t in range(turns):
                    # pondering runs (5-7 s at level 5); the AI's last message goes (2.2 s after
                    # it was said) before the cursor steps, so its redraw is not taken for theirs
                    chip.run(2400)
                    if int(turn.split()[1]) < 2:  # one playable pit: the cursor cannot move
                        res["one pit"] = res.get("one pit", 0) + 1
                    else:
                        for _ in range(3):
                            _row(res, "cursor step (pondering)", press(chip, cursor))
                    _row(res, "pause open", press(chip, "b", limit_ms=4000))
                    _row(res, "pause close", press(chip, "b", limit_ms=4000))
                    r = _confirm(chip, res, got)
                    if r is None:
                        break
                    split, turn = r
                    res["turns"].append(split)
                    log("  %s %s turn %d: %s" % (board, game, t + 1, split))
                    if turn == "over":  # the AI's move ended the game
                        break
                res.setdefault("searches", []).extend(chip.searches)
                res.setdefault("low_heap", {})[game] = chip.heap()["min_free"]
                marks(chip)  # the lines up to now
                res["a sowing frame (chip time)"] += getattr(chip, "frames", [])
                res.setdefault("low_where", {})[game] = [low_point(chip.kept)[1], lowest_points(chip.kept, 3)]
                res["hits"][0] += chip.hits[0]
                res["hits"][1] += chip.hits[1]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return res


def _row(res, row, r):
    if r["last"] is None:  # the press changed nothing on the panel: counted in the table
        res.setdefault("no answer", []).append(row)
    else:
        res[row].append(r["last"] if row != "confirm -> first sowing frame" else r["first"])
    res["again"] += r["again"] and row != "confirm -> first sowing frame"


def _confirm(chip, res, got):
    """A until the move is played (prompts answered with their default), then the turn's
    splits: (your sowing, the AI's wait, its sowing, moves by the AI, total) in seconds and
    the "turn n" mark of the human's next turn ("over" when the AI's move ended the game)."""
    for _ in range(6):
        r = press(chip, "a", quiet_ms=60, limit_ms=400)
        got += marks(chip)
        if any(w == "move" for _, w in got):
            break
    else:
        return None
    t0 = r["t0"]
    if r["first"] is not None:
        res["confirm -> first sowing frame"].append(r["first"])
    wait_mark(chip, ("move",), got)
    shown, _ = wait_mark(chip, ("shown",), got)
    ai = 0
    wait_ai = sow_ai = 0.0
    prev = shown
    while True:  # the AI's moves until the human's turn (or the game's end)
        t, w = wait_mark(chip, ("move", "turn", "over"), got)
        if w.startswith("turn") or w == "over":
            break
        ai += 1
        wait_ai += (t - prev) / 1e6
        prev, _ = wait_mark(chip, ("shown",), got)
        sow_ai += (prev - t) / 1e6
    after = [x for x in chip.searches if x[0] > t0]
    search = ((after[0][0] - t0) / 1e6, after[0][1] / 1e3, after[0][2]) if after else ()
    # your sowing, the AI's wait, its sowing, AI moves, total; the first AI search: confirm ->
    # its end, the time inside the search, its nodes
    return ((shown - t0) / 1e6, wait_ai, sow_ai, ai, (t - t0) / 1e6) + search, w


def _where(res, game):
    """ (after turn, before move): the session's marks round a run's lowest free heap."""
    w = res.get("low_where", {}).get(game)
    return " (%s)" % w[0] if w and w[0] else ""


def _stats(xs):
    xs = sorted(xs)
    return (xs[len(xs) // 2], xs[-1]) if xs else (None, None)


def table(results):
    """The markdown table of the feel figures, a column pair (median, max) per board."""
    boards = list(results)
    head = "| what the player does | target | " + " | ".join(
        "%s median / max (n)" % b for b in boards) + " |"
    out = [head, "|---|---|" + "---|" * len(boards)]
    for row, target in ROWS:
        cells = []
        for b in boards:
            xs = results[b].get(row, [])
            med, mx = _stats(xs)
            ok = "" if target is None or mx is None else (" ✓" if mx <= target else " ✗")
            cells.append("—" if med is None else "%d / %d ms (%d)%s" % (med, mx, len(xs), ok))
        out.append("| %s | %s | %s |" % (row, "≤ %d ms" % target if target else "—",
                                         " | ".join(cells)))
    for name, k, target in TURN_ROWS:  # target: (median, max) in s, None: shown only
        cells = []
        for b in boards:
            ts = results[b]["turns"]
            xs = [t[k] / (t[3] if k in (1, 2, 4) and t[3] else 1) for t in ts]
            med, mx = _stats(xs)
            ok = "" if target is None or med is None else \
                " ✓" if med <= target[0] and (target[1] is None or mx <= target[1]) else " ✗"
            cells.append("—" if med is None else "%.1f / %.1f s (%d)%s" % (med, mx, len(xs), ok))
        aim = "—" if target is None else "median ≤ %g s" % target[0] + (
            ", max ≤ %g s" % target[1] if target[1] else "")
        out.append("| %s | %s | %s |" % (name, aim, " | ".join(cells)))
    for name, k in (("the AI's search: your confirm -> its move ready", 5),
                    ("... of which inside the search", 6)):
        cells = []
        for b in boards:
            med, mx = _stats([t[k] for t in results[b]["turns"] if len(t) > 7])
            cells.append("—" if med is None else "%.1f / %.1f s" % (med, mx))
        out.append("| %s | %s | %s |" % (name, "median ≤ 5 s, max ≤ 8 s" if k == 5 else "—",
                                         " | ".join(cells)))
    cells = []
    for b in boards:
        ts = [t for t in results[b]["turns"] if len(t) > 7 and t[6] > 0]
        med, _ = _stats([t[7] / t[6] for t in ts])
        cells.append("—" if med is None else "%d" % med)
    out.append("| nodes/s inside the search (median) | — | %s |" % " | ".join(cells))
    cells = []
    for b in boards:
        med, mx = _stats(results[b].get("boot", []))
        cells.append("%.2f / %.2f s" % (med, mx))
    out.append("| reset -> title drawn | Pico ≤ 3.5 s, PicoSystem ≤ 4.6 s | %s |"
               % " | ".join(cells))
    cells = [", ".join("%s %.1f KB%s" % (g, v / 1024, _where(results[b], g)) for g, v in
                       sorted(results[b].get("low_heap", {}).items())) or "—" for b in boards]
    out.append("| lowest free heap of a run (boot, menus, the turns above) | ≥ 40 KB | %s |"
               % " | ".join(cells))
    cells = ["%d" % results[b]["again"] for b in boards]
    out.append("| pixels that showed an in-between picture (all presses above) | 0 | %s |"
               % " | ".join(cells))
    cells = [", ".join(results[b].get("no answer", [])) or "none" for b in boards]
    out.append("| presses that changed nothing on the panel | none | %s |" % " | ".join(cells))
    cells = ["%d" % results[b].get("one pit", 0) for b in boards]
    out.append("| turns with one playable pit (no cursor steps: the cursor cannot move) | — | %s |"
               % " | ".join(cells))
    cells = ["%d of %d" % (results[b]["hits"][1], results[b]["hits"][0]) for b in boards]
    out.append("| AI moves that found their pondered search under way | — | %s |"
               % " | ".join(cells))
    return "\n".join(out)


TITLE = "## Feel on the emulated RP2040"
METHOD = """What the player feels (issue "Quick to the touch"), measured by `tools/device/feel.py` (part
`feel` of `make device-bench`): the app as bundled, on CircuitPython 10.2.1 in the emulated RP2040,
default settings, each game against the AI at level 5 with the AI moving first. A press is the
button's GPIO driven low for 80 ms. The answer is what the display controller receives: press ->
last pixel of the refresh the press caused (its writes less than %d ms apart); "confirm -> first
sowing frame" is press -> first pixel. Cursor steps are pressed 2.4 s into your turn (the AI
ponders meanwhile; the message of its move has gone by then, so its redraw is not taken for the
step's), only in turns with two playable pits or more. A turn is timed from the A that confirms your move to your
turn again, from the session's own marks (`MANCALA_FEEL = 1` in settings.toml prints them): your
sowing, the AI's wait after it and its sowing, per AI move (San-Yao's AI may move several times).
"AI search" is from your confirm (the AI starts thinking then, during your sowing) to its move
being ready, beside the time spent inside the search and its nodes. "A sowing frame (chip time)"
is each pass of the app's loop that drew a sowing's step, from the pass's start (its buttons, the
animation's step) to its picture sent (App.step marks it), every frame of every sowing of the run,
yours and the AI's: what the AI's search, which runs after it in the same pass, waits for.
The targets are issue 53's. The runner counts, per pixel,
the writes that changed its colour: a change drawn in one refresh changes a pixel once, more is an
in-between picture (flicker, a blank screen). In every turn the runner opens and closes the pause
menu before its confirm: where less than 50 KB is free then (`brain.BOX_ROOM`; in these runs the
320x240 boards) the box frees the AI's buffers and its pondering starts over after it, with less
of your turn left to search. Simulated time (125 MHz, no flash wait states: a real chip is 5-15%%
slower). Median / max (number of presses)."""


def write(results, argv):
    from tools import sections
    when = __import__("time").strftime("%Y-%m-%d")
    # the commit and command each board was measured with (--report: as run, not as now)
    runs = sorted(set((r.get("commit") or sections.commit(ROOT), r.get("argv") or " ".join(argv))
                      for r in results.values()))
    body = "%s\n\nRun on %s at commit %s: `python3 -m tools.device.feel %s`\n\n%s\n" % (
        METHOD % GAP_MS, when, ", ".join(sorted(set(c for c, _ in runs))),
        "; ".join(sorted(set(a for _, a in runs))), table(results))
    sections.write_section(os.path.join(ROOT, "docs", "performance.md"), TITLE, body)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boards", default=",".join(BOARDS))
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--turns", type=int, default=4)
    p.add_argument("--out", default=os.path.join(ROOT, "build", "feel"),
                   help="folder of the per-board JSON results")
    p.add_argument("--report", action="store_true",
                   help="only make the table from the results in --out")
    p.add_argument("--no-write", action="store_true", help="print, do not touch the docs")
    a = p.parse_args(argv)
    import json
    os.makedirs(a.out, exist_ok=True)
    results = {}
    for b in a.boards.split(","):
        path = os.path.join(a.out, b + ".json")
        if not a.report:
            from tools import sections
            r = play_board(b, a.games.split(","), a.turns)
            r["commit"] = sections.commit(ROOT)
            r["argv"] = " ".join(argv)
            with open(path, "w") as f:
                json.dump(r, f)
        with open(path) as f:
            results[b] = json.load(f)
    print(table(results))
    if not a.no_write:
        write(results, argv)


if __name__ == "__main__":
    main()
