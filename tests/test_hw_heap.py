# RAM on the device, measured under the real MicroPython Unix port (a 64-bit build: pointers,
# and so objects, dicts and code tables, are twice the RP2040's; bitmap buffers and bytecode
# are not), results in build/hw-budget/*.json for docs/performance.md "RAM and flash budget":
# - -X heapsize=180k: importing the engine's games (required: never passes on nothing), the
#   search, the AI and the firmware session model from .py leaves a free heap;
# - -X heapsize=170k: per game, as on the device (one game loaded): engine + session model +
#   AI, one search at level 5: at least 40 KB stay free during the search (no per-node allocation);
# - the whole app as it ships (the picopad bundle, compiled to .mpy, on a 320x240 board) through
#   the title screen, the game screen and one search per game, with a displayio stand-in that
#   allocates what CircuitPython's Bitmap/Palette allocate: each step's heap use is recorded
#   (measured with a large heap, and compared with 170 KB).
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import bundle  # noqa: E402

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
OUT = os.path.join(ROOT, "build", "hw-budget")

IMPORTS = r'''
import sys, gc
sys.path[0:0] = [sys.argv[1]]
gc.collect()
base = gc.mem_free()
out = {"heap": base + gc.mem_alloc()}
from engine import games
for n in games.NAMES:
    games.load(n)
gc.collect()
out["games"] = gc.mem_free()
got = ["games"]
for mod in ("engine.search", "engine.ai", "firmware.session"):
    try:
        __import__(mod)
        got.append(mod)
    except ImportError as e:
        if "no module named" not in str(e):
            raise
gc.collect()
out["free"] = gc.mem_free()
out["imported"] = got
import json
print("RESULT " + json.dumps(out))
'''

SEARCH = r'''
import sys, gc
sys.path[0:0] = [sys.argv[1]]
gc.collect()
out = {"heap": gc.mem_free() + gc.mem_alloc()}
from engine import games, ai
from firmware.session import Session
s = Session(None)
s.cfg["game"] = sys.argv[2]
s.cfg["mode"] = "ai"
s.new_game()
gc.collect()
out["used_before_player"] = out["heap"] - gc.mem_free()
p = ai.Player(s.game)
gc.collect()
ready = gc.mem_free()
p.move(s.rec.pos, 5)
after = gc.mem_free()  # no collection: a search allocates nothing per node
out["min_free_search"] = min(ready, after)
out["nodes"], out["depth"] = p.last[2], p.last[3]
import json
print("RESULT " + json.dumps(out))
'''

# displayio stand-ins: allocate what CircuitPython allocates (shared-module/displayio/Bitmap.c:
# stride (32-bit words) * height * 4 bytes; a Palette holds ~12 bytes per colour).
FAKES = {
    "displayio.py": r'''
ALLOC = [0]
def _bits(n):
    b = 1
    while (1 << b) < n:
        b *= 2
    return b
class Bitmap:
    def __init__(self, width, height, value_count):
        self.width, self.height = width, height
        stride = (width * _bits(value_count) + 31) // 32
        self._data = bytearray(stride * height * 4)
        ALLOC[0] += len(self._data)
    def __setitem__(self, k, v): pass
    def __getitem__(self, k): return 0
    def fill(self, v): pass
    def blit(self, *a, **k): pass
    def dirty(self, *a, **k): pass
class Palette:
    def __init__(self, n, dither=False):
        self._c = bytearray(12 * n)
        self._n = n
        ALLOC[0] += 12 * n
    def __setitem__(self, k, v): pass
    def __getitem__(self, k): return 0
    def __len__(self): return self._n
    def make_transparent(self, i): pass
    def make_opaque(self, i): pass
    def is_transparent(self, i): return False
class ColorConverter:
    def __init__(self, *a, **k): pass
class Group:
    scale = 1
    x = y = 0
    hidden = False
    def __init__(self, scale=1, x=0, y=0):
        # plain attributes only when needed: subclasses (Label) turn scale into a property
        self._l = []
        if x:
            self.x = x
        if y:
            self.y = y
    def append(self, o): self._l.append(o)
    def insert(self, i, o): self._l.insert(i, o)
    def remove(self, o): self._l.remove(o)
    def pop(self, i=-1): return self._l.pop(i)
    def index(self, o): return self._l.index(o)
    def __len__(self): return len(self._l)
    def __getitem__(self, i): return self._l[i]
    def __setitem__(self, i, o): self._l[i] = o
    def __contains__(self, o): return o in self._l
class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap, self.pixel_shader, self.x, self.y = bitmap, pixel_shader, x, y
        self.width, self.height = width, height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.hidden = self.flip_x = self.flip_y = self.transpose_xy = False
    def __setitem__(self, k, v): pass
    def __getitem__(self, k): return 0
def release_displays(): pass
''',
    "terminalio.py": r'''
import displayio
class _Glyph:
    def __init__(self, bmp, i):
        self.bitmap, self.tile_index = bmp, i
        self.width, self.height, self.dx, self.dy, self.shift_x, self.shift_y = 6, 12, 0, 0, 6, 0
class _Font:
    def __init__(self):
        self.bitmap = displayio.Bitmap(6 * 95, 12, 2)  # built into the firmware on the device
        self._g = {}
    def get_bounding_box(self): return (6, 12)
    def get_glyph(self, cp):  # a new short-lived object per call, as BuiltinFont does
        return _Glyph(self.bitmap, max(0, cp - 32))
FONT = _Font()
''',
    "bitmaptools.py": "def fill_region(*a, **k): pass\ndef blit(*a, **k): pass\n"
                      "def replace_color(*a, **k): pass\n",
    "fontio.py": "class FontProtocol: pass\nclass BuiltinFont: pass\n",
}

APP = r'''
import sys, gc
sys.path[0:0] = [sys.argv[1], sys.argv[2], sys.argv[2] + "/lib"]
import displayio
gc.collect()
heap = gc.mem_free() + gc.mem_alloc()
out = {"heap": heap}
import terminalio  # stands in for the firmware's built-in font (not on the device heap)
font_bytes = displayio.ALLOC[0]
gc.collect()
start = gc.mem_free()
out["start"] = start

class _Keys:
    class events:
        def get():
            return None
class Board:
    NAME = "budget"
    KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
    buttons = _Keys
    audio = None
    storage = bytearray(4096)
    class display:
        width = int(sys.argv[3])
        height = int(sys.argv[4])
        root_group = None
        auto_refresh = True

def step(name):
    gc.collect()
    out[name] = start - gc.mem_free()
    out[name + "_displayio"] = displayio.ALLOC[0] - font_bytes
    print("STEP", name, out[name], gc.mem_free(), displayio.ALLOC[0] - font_bytes)
from engine import games
step("engine")
from firmware.session import Session
step("session")
from firmware.app import App
step("app")
from firmware import ui
step("ui_display_text")
app = App(Board)
step("app_object")
app.render()
step("title_screen")
s = app.session
name = sys.argv[5]  # one game per run, as on the device: only that game's modules are loaded
s.cfg["game"] = name
s.new_game()
app.render()
step("game_screen")
from engine import ai
p = ai.Player(s.game)
step("player")
ready = gc.mem_free()
move = p.move(s.rec.pos, 5)
after = gc.mem_free()   # no collection: the search allocates nothing per node
out["search"] = {"free_before": ready, "free_after": after, "min_free": min(ready, after),
                 "nodes": p.last[2] if p.last else None, "depth": p.last[3] if p.last else None}
out["min_free_search"] = min(ready, after)
out["displayio_allocated"] = displayio.ALLOC[0] - font_bytes
import json
print("RESULT " + json.dumps(out))
'''


def mp(heap, script, *args, tmp):
    path = tmp / "script.py"
    path.write_text(script)
    r = subprocess.run([MP, "-X", "heapsize=" + heap, str(path)] + [str(a) for a in args],
                       capture_output=True, text=True, cwd=ROOT, timeout=120)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT ")]
    steps = "\n".join(ln for ln in r.stdout.splitlines() if ln.startswith("STEP "))
    assert r.returncode == 0 and lines, steps + "\n" + r.stdout[-3000:] + r.stderr[-3000:]
    return json.loads(lines[-1][7:])


def record(name, data):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)


def test_engine_session_ai_import_under_180k(tmp_path):
    r = mp("180k", IMPORTS, ROOT, tmp=tmp_path)
    assert "games" in r["imported"]  # never passes on nothing: the three games must load
    assert r["free"] > 40 * 1024, r
    record("imports_180k", r)
    sys.stdout.write("\n180k heap: %d free after importing %s\n" % (r["free"], r["imported"]))


need_app = pytest.mark.skipif(
    not all(os.path.exists(os.path.join(ROOT, *p)) for p in
            (("engine", "ai.py"), ("firmware", "session.py"), ("firmware", "app.py"))),
    reason="engine/ai.py, firmware/session.py or firmware/app.py not written yet")


@need_app
@pytest.mark.parametrize("game", ["oanquan", "sanyao", "omweso"])
def test_a_search_keeps_40k_free_under_170k(game, tmp_path):
    r = mp("170k", SEARCH, ROOT, game, tmp=tmp_path)
    record("search_170k_" + game, r)
    assert r["min_free_search"] >= 40 * 1024, r


@need_app
def test_whole_app_on_a_320x240_board(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "BUILD", str(tmp_path / "build"))
    shipped = bundle.bundle("picopad", quiet=True)  # exactly the files that go on the device
    # As .mpy (what CircuitPython's mpy-cross, or the Adafruit bundle's .mpy libraries, give):
    # no compilation on the device, so no compile-time peak. MicroPython's magic byte here.
    exe = bundle.mpy_cross_exe()
    for dirpath, _, names in os.walk(shipped):
        for n in names:
            p = os.path.join(dirpath, n)
            if n.endswith(".py") and os.path.relpath(p, shipped) != "code.py":
                subprocess.run([exe, "-o", p[:-3] + ".mpy", p], check=True)
                os.remove(p)
    fakes = tmp_path / "fakes"
    fakes.mkdir()
    for name, text in FAKES.items():
        (fakes / name).write_text(text)
    report = {}
    for game in ("oanquan", "sanyao", "omweso"):
        r = mp("600k", APP, fakes, shipped, 320, 240, game, tmp=tmp_path)
        used = r["heap"] - r["min_free_search"]
        r["used_during_search"] = used
        r["free_of_170k_during_search"] = 170 * 1024 - used
        report[game] = r
        assert r["search"]["nodes"] > 0
    record("app_320x240", report)
    sys.stdout.write("\n320x240 app, 64-bit port, KB used during the search: %s\n" % ", ".join(
        "%s %.1f" % (g, v["used_during_search"] / 1024) for g, v in report.items()))
