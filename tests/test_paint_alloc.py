# A pit is asked at every frame of a sowing whether what it shows changed (firmware/views/
# paint.py Pit.draw, Omweso's Layers.draw): a pit that did not change allocates nothing, under
# the real MicroPython Unix port with the heap locked (micropython.heap_lock: any allocation
# raises). A tuple made to compare each pit's state was 32 bytes a pit a frame (Omweso's 32 pits
# ~1 KB): the app collected after almost every frame of a sowing, ~20 ms of the AI's search each.
import test_hw_heap as H

SCRIPT = r'''
import sys, micropython, json
sys.path[0:0] = [sys.argv[1]]
from firmware.views import paint
from firmware.games.omweso.view import Layers


class Screen:
    sent = 0

    def draw(self, x, y, w, h, pen, arg=None, apart=False):
        self.sent += 1


s = Screen()
pit = paint.Pit(s, 10, 10, 31, 40)
pit.draw(3, "cursor", 0x8B5A2B, 0, None, 4)
grid = Layers(s, ((0, 40), (0, 0)), 8, 2, 30, 36, 28, 34)
grid.draw(5, 2, "", 0x8B5A2B, 0, None, 7)
got = [None, None]  # (made before the lock: a new global name would grow the module's dict)
micropython.heap_lock()
try:
    got[0] = pit.draw(3, "cursor", 0x8B5A2B, 0, None, 4)
    got[1] = grid.draw(5, 2, "", 0x8B5A2B, 0, None, 7)
finally:
    micropython.heap_unlock()
changed = pit.draw(4, "cursor", 0x8B5A2B, 0, None, 4)
print("RESULT", json.dumps({"again": got, "changed": changed, "sent": s.sent}))
'''


def run(script, tmp_path):
    """script's RESULT, run on the MicroPython Unix port with the fake hardware modules."""
    fakes = tmp_path / "fakes"
    fakes.mkdir()
    for name, text in H.FAKES.items():
        (fakes / name).write_text(text)
    return H.mp("180k", "import sys\nsys.path.insert(0, %r)\n" % str(fakes) + script, H.ROOT,
                tmp=tmp_path)


def test_a_pit_that_did_not_change_allocates_nothing(tmp_path):
    out = run(SCRIPT, tmp_path)
    assert out == {"again": [False, False], "changed": True, "sent": 3}, out


# A pit that changed (a sowing's frame): painted into its strip and sent through the panel
# (firmware/views/direct.py) with nothing allocated once its strip is made, on an upright and a
# turned panel, an even and an odd (sent with its gap's column) width, a square, a half-moon and
# Omweso's pits. Its 6-item state is the one object made (Pit.draw, Layers.draw). Before
# 2026-12-07 each such pit left ~200 bytes on the chip: the window's tuple, strip()'s cell (its
# comprehension), the bound fill method (three), the count's and the number's str, the sent
# slice, tuples of names assigned together, the list of strips grown again.
CHANGED = r'''
import sys, micropython, json
sys.path[0:0] = [sys.argv[1]]
import displayio


class _Strip(bytearray):  # a Bitmap with a buffer, as CircuitPython's (the fakes' has none)
    def fill(self, v):
        pass


def _bitmap(w, h, n):
    b = _Strip(2 * w * h)
    b.width = w
    b.height = h
    return b


def _fill(b, x1, y1, x2, y2, v):  # (the fakes' takes *args: a tuple each call)
    pass


displayio.Bitmap = _bitmap
import bitmaptools
bitmaptools.fill_region = _fill
from firmware.views import direct, paint, ui


class Bus:
    def send(self, command, data):
        pass


def locked(p, x, y, w, h, pits):
    """1 if the pit at x, y, w x h is painted (by pits: a Pit, Layers) and sent with the heap
    locked (Pit.draw's, Layers.draw's call)."""
    micropython.heap_lock()
    try:
        p.draw(x, y, w, h, paint.pen, pits, True)
    except MemoryError:
        return 0
    finally:
        micropython.heap_unlock()
    return 1


got = []
for turn, w, shape in ((0, 40, "box"), (270, 40, "box"), (270, 43, "box"), (90, 31, "box"),
                       (270, 43, "left"), (0, 36, "right")):
    p = direct.Panel(Bus(), 320, 240, turn)
    pit = paint.Pit(p, 61, 30, w, 56, shape)  # (a half-moon: Ô Ăn Quan's mandarin squares)
    line = paint.Pit(p, 2, 1, 200, 14)  # another strip used between two frames of the pit
    pit.draw(5, "", ui.BODY, 0, None, 3)
    line.draw(1)
    pit.draw(6, "", ui.BODY, 0, None, 3)
    line.draw(2)
    tries = [(7, "cursor", ui.BODY, 0, None, 3), (12, "sown", ui.BODY, 1, None, 3),
             (123, "", ui.BODY, 0, None, 11), (0, "capture", ui.BODY, 0, None, 3)]
    ok = 0
    for t in tries:
        pit.state = t  # (what Pit.draw sets, made before the lock)
        ok += locked(p, pit.x, pit.y, pit.w, pit.h, pit)
    got.append([turn, w, ok, len(tries), p.total > 0])
from firmware.games.omweso.view import Layers
p = direct.Panel(Bus(), 320, 240, 270)
grid = Layers(p, ((0, 120), (0, 40)), 8, 2, 40, 40, 38, 38)  # Omweso's 32 pits: no Pit each
grid.draw(13, 4, "", ui.BODY, 0, None, 14)
grid.draw(13, 5, "", ui.BODY, 0, None, 14)
ok = 0
for t in ((6, "cursor", ui.BODY, 0, None, 14), (0, "capture", ui.BODY, 0, None, 14)):
    grid.state[13] = t  # (what Layers.draw sets, made before the lock)
    ok += locked(p, grid.row_x(1) + 5 * 40, grid.row_y(1), 38, 38, grid)  # (pit 13's place)
got.append([270, "layers", ok, 2, p.total > 0])
print("RESULT", json.dumps(got))
'''


def test_a_changed_pit_is_painted_and_sent_with_nothing_allocated(tmp_path):
    out = run(CHANGED, tmp_path)
    assert all(ok == n and sent for _, _, ok, n, sent in out), out
