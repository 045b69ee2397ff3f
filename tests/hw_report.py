# The "RAM and flash budget" section of docs/performance.md, written from what tests/test_hw_heap.py
# measured in the last `make test` (build/hw-budget/*.json):
#   python tests/hw_report.py          print it        python tests/hw_report.py --write   write it
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "hw-budget")
TITLE = "## RAM and flash budget"
GAMES = ("oanquan", "sanyao", "omweso")
NAMES = {"oanquan": "Ô Ăn Quan", "sanyao": "San-Yao", "omweso": "Omweso"}
BOARDS = ("picopad", "ugame22", "pico_display_pack2", "picosystem", "pico_lcd13", "sprig")
STEPS = (("board", "board module"), ("session", "+ session model, saves, the AI's modules"),
         ("app", "+ `firmware.app`"), ("ui_display_text", "+ the views' widgets"),
         ("app_object", "+ App object"), ("title_screen", "title screen drawn"),
         ("new_game", "new game (its engine modules, adapter, first save)"),
         ("brain", "+ the session's AI and its search buffers"),
         ("game_screen", "game screen (menus' modules dropped)"),
         ("used_during_search", "**during a level-5 search**"))

METHOD = """Written by `python tests/hw_report.py --write` from what `tests/test_hw_heap.py` measured
in the last `make test` (`build/hw-budget/*.json`); do not edit by hand. These are the desktop's
fast checks; the chip's own figures (the real CircuitPython on the emulated RP2040, "Measured on
the emulated RP2040" below) are the final word where they differ.

**Method.** For every board the test builds that board's bundle (`tools/build/bundle.py`, exactly the
files that go on CIRCUITPY), compiles it to `.mpy` (`mpy-cross -s <path on the drive>`, so the
names kept on the heap are as short as on the device) and boots it under the MicroPython Unix port
from the bundle's root as `firmware/code.py` does: `boards/select.py` loads the real board module
(over stand-ins for CircuitPython's C modules `board`, `keypad`, `microcontroller`, audio, SPI),
then the app, the title screen, a new game (one game per run, as on the device), the session's own
AI, the game screen and one level-5 search by that AI, recording the heap in use since boot after
each step (collected). `displayio` is a stand-in that allocates what CircuitPython's does
(`Bitmap`: 32-bit-word stride × height; `Palette`: 12 bytes per colour; `Group` and `TileGrid` as
small Python objects about the size of their C structs). The port is a 64-bit build: pointers,
object headers and GC blocks are twice the RP2040's, while bitmaps, bytecode and byte buffers are
the same size. The **RP2040 estimate** counts in full the bitmaps, the bytecode of the modules
loaded and the AI's byte buffers, and 0.5-0.75 of everything else (an assumption, not a
measurement); "free" is 170 KB minus that. The test fails when the heap held during the search
passes its per-game ceiling (`USED_LIMIT_KB`)."""


def _load(name):
    with open(os.path.join(OUT, name + ".json")) as f:
        return json.load(f)


def _kb(b):
    return "%.1f" % (b / 1024)


def report():
    boards = [b for b in BOARDS if os.path.exists(os.path.join(OUT, "app_%s.json" % b))]
    if not boards:
        raise SystemExit("no build/hw-budget/app_*.json: run make test (tests/test_hw_heap.py)")
    runs = {b: _load("app_" + b) for b in boards}
    L = [METHOD, "", "### The bundle on each board", "",
         "| board | screen | bundle (.py) | bundle (.mpy, as the heap test runs it) |",
         "|---|---|---:|---:|"]
    for b in boards:
        r = runs[b]
        L.append("| %s | %dx%d | %s KB | %s KB |" % (b, r["screen"][0], r["screen"][1],
                                                   _kb(r["bundle_bytes_py"]),
                                                   _kb(r["bundle_bytes_mpy"])))
    first = boards[0]
    L += ["", "### The whole app, step by step (%s, 64-bit port, KB in use since boot; "
          "bitmaps and palettes in brackets)" % first, "",
          "| step | " + " | ".join(NAMES[g] for g in GAMES) + " |",
          "|---|" + "---:|" * len(GAMES)]
    for key, label in STEPS:
        cells = []
        for g in GAMES:
            r = runs[first][g]
            v = _kb(r[key])
            dk = key + "_displayio"
            if r.get(dk):
                v += " (%s)" % _kb(r[dk])
            cells.append(v)
        L.append("| %s | %s |" % (label, " | ".join(cells)))
    L += ["", "### Held during the search on every board (64-bit KB) and the RP2040 estimate "
          "(KB free of 170)", "",
          "| board | " + " | ".join(NAMES[g] for g in GAMES) + " |",
          "|---|" + "---|" * len(GAMES)]
    for b in boards:
        cells = []
        for g in GAMES:
            r = runs[b][g]
            lo, hi = r["device_estimate_free"]
            cells.append("%s → **%.0f–%.0f**" % (_kb(r["used_during_search"]), lo / 1024,
                                                 hi / 1024))
        L.append("| %s | %s |" % (b, " | ".join(cells)))
    searches = [(g, _load("search_170k_" + g)) for g in GAMES
                if os.path.exists(os.path.join(OUT, "search_170k_%s.json" % g))]
    if searches:
        L += ["", "### Engine, session model and one search without a display "
              "(`-X heapsize=170k`, one game loaded)", "",
              "| game | AI and its buffers | lowest free during the search | nodes |",
              "|---|---:|---:|---:|"]
        for g, r in searches:
            L.append("| %s | %s KB | %s KB | %d |" % (NAMES[g], _kb(r["brain"]),
                                                     _kb(r["min_free_search"]), r["nodes"]))
    if os.path.exists(os.path.join(OUT, "imports_180k.json")):
        r = _load("imports_180k")
        L += ["", "Importing the three games, the search, the AI and the session model "
              "(`-X heapsize=180k`, from `.py`) leaves %s KB free." % _kb(r["free"])]
    L += ["", "Run at commit %s." % _commit()]
    return "\n".join(L) + "\n"


def _commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip() or "unknown"
    except OSError:
        return "unknown"


if __name__ == "__main__":
    text = report()
    if "--write" in sys.argv:
        sys.path.insert(0, ROOT)  # run as a script: tools/ from the repository root
        from tools.sections import write_section
        write_section(os.path.join(ROOT, "docs", "performance.md"), TITLE, text)
    else:
        print(text)
