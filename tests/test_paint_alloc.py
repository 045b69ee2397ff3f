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


def test_a_pit_that_did_not_change_allocates_nothing(tmp_path):
    fakes = tmp_path / "fakes"
    fakes.mkdir()
    for name, text in H.FAKES.items():
        (fakes / name).write_text(text)
    script = "import sys\nsys.path.insert(0, %r)\n" % str(fakes) + SCRIPT
    out = H.mp("180k", script, H.ROOT, tmp=tmp_path)
    assert out == {"again": [False, False], "changed": True, "sent": 3}, out
