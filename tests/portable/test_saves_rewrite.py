# A full log's rewrite (firmware/saverewrite.py, about once a game) holds one 4 KB buffer: the
# payload is built at its end, the drive copy's file image at its start, then the new log over
# both, its move records written straight into it. It used to hold beside that buffer the payload
# (~1.8 KB late in an Omweso game), the file image (2 KB) and an object per move record (~2 KB
# on the chip): the lowest free heap of an Omweso game's rewrite on the chip (docs/app.md "Saves
# on the emulated chip"). Portable: under MicroPython (tests/test_micropython.py) the bytes the
# rewrite allocates, the collector off, with its module already loaded (on CPython a slice
# assignment from a memoryview copies it first: there only the bytes written are checked).
import gc
import sys

from session_util import make, Clock, press, settle, human_move, encoded
from firmware import common, saves


class Files:
    """Files of fixed size written in place, made before the measure (the pad and the two save
    files, as on a drive after its first copies), so that only the firmware's heap is counted."""

    def __init__(self):
        self.data = {}
        for name, n in (("/saves/m.pad", 4096), ("/saves/m-a.sav", 2048),
                        ("/saves/m-b.sav", 2048)):
            self.data[name] = bytearray(b"\xff" * n)

    def open(self, path, mode):
        if path not in self.data:
            raise OSError(2)
        return _File(self.data[path])


class _File:
    def __init__(self, buf):
        self.buf, self.at = buf, 0

    def read(self):
        return bytes(self.buf)

    def seek(self, at):
        assert at <= len(self.buf)
        self.at = at

    def write(self, b):
        assert self.at + len(b) <= len(self.buf)
        self.buf[self.at:self.at + len(b)] = b
        self.at += len(b)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def _late_omweso():
    """A two-player Omweso game far enough on that its take-backs fill the payload, saved to an
    nvm log with its drive copy."""
    from firmware.games import keep_game
    keep_game("omweso")
    # the view's heap, which the app frees before a rewrite (Saver.spare: App.spare drops the
    # board's view): taken while the heap is whole, given back by spare. Without it the 4 KB
    # image of the rewrite found no free block of its size at 180k on the 64-bit port (47 KB
    # free in pieces, 2026-12-06), the objects of a long game having spread over the heap.
    view = [bytearray(4096)]
    mem = bytearray(b"\xff" * 4096)
    fs = Files()
    st = saves.Saver(saves.NvmLog(mem, saves.FilePair("/saves/m", fs.open)))
    st.spare = lambda: (view.clear(), gc.collect())
    s = make("omweso", "two", store=st)
    c = Clock()
    s.new_game()
    for _ in range(60):
        settle(s, c)
        if s.phase == "setup":
            press(s, c, "a", "a")
        elif s.phase == "select":
            human_move(s, c)
        if len(s.undo) >= 24:
            break
    settle(s, c)
    assert s.phase == "select" and len(s.undo) >= 24, (s.phase, len(s.undo))
    return mem, fs, st, s, c


def _rewrite(mem, fs, st, s, c):
    """The next move's save with the log full: (bytes its rewrite allocated, MicroPython only,
    else None; the payload saved)."""
    from firmware import saverewrite  # loaded before: its code is not counted
    st.store.end = st.store.size - 2  # no record fits: this save rewrites the log
    real, real_unload = saverewrite.save, common.unload
    got = {}
    mp = sys.implementation.name == "micropython"

    def save(*a):
        gc.collect()
        if mp:
            gc.disable()
        a0 = gc.mem_alloc() if mp else 0
        try:
            real(*a)
        finally:
            got["n"] = gc.mem_alloc() - a0 if mp else None
            gc.enable()
    saverewrite.save = save
    common.unload = lambda name: None if name == "firmware.saverewrite" else real_unload(name)
    try:
        gen = st.store.gen
        human_move(s, c)
        assert st.store.gen == gen + 1, "no rewrite"
    finally:
        saverewrite.save, common.unload = real, real_unload
    return got["n"], bytes(encoded(s))


def test_a_rewrite_holds_one_4_kb_buffer_and_writes_the_same_bytes():
    mem, fs, st, s, c = _late_omweso()
    n, payload = _rewrite(mem, fs, st, s, c)
    assert len(payload) > 1700  # the take-backs fill the payload (Omweso: 54 bytes each)
    # the 4 KB buffer and small objects (the header, frames, the file: 1.7 KB on the 64-bit
    # port, 5 856 B in all at 2026-12-06); a payload of its own adds ~1.8 KB (6 720 B in all),
    # an object per move record ~3 KB (24 moves)
    assert n is None or 4096 <= n < 4096 + 2048, n
    # the new log and the drive copy both hold the state saved
    again = saves.Saver(saves.NvmLog(mem, saves.FilePair("/saves/m", fs.open)))
    assert again.load() == payload and again.store.trusted
    gen, copy = saves.FilePair("/saves/m", fs.open).read()
    assert gen == st.store.gen and copy == payload


def test_a_payload_built_before_the_rewrite_is_written_alike():
    # a save after a failed one (fresh: a snapshot) builds its payload first, then rewrites: the
    # payload is then not in the buffer, and the same bytes go to the flash
    mem, fs, st, s, c = _late_omweso()
    st.fresh = True
    st.store.end = st.store.size - 2
    gen = st.store.gen
    human_move(s, c)
    assert st.store.gen == gen + 1
    want = bytes(encoded(s))
    again = saves.Saver(saves.NvmLog(mem, saves.FilePair("/saves/m", fs.open)))
    assert again.load() == want
    assert saves.FilePair("/saves/m", fs.open).read() == (st.store.gen, want)
