# A MemoryError while the save is read back (a heap cut up, on the device or here) is not a
# verdict on the save: nothing is dropped, nothing written over it, the player is told. Portable
# (also under MicroPython: tests/test_micropython.py). Its own module: test_saves.py's session
# tests fill MicroPython's 180k heap as they are (each test here runs in a fresh interpreter).
from firmware import saves
from session_util import make


def nvm():
    m = bytearray(4096)
    for i in range(4096):
        m[i] = 0xFF
    return m


def head(level):
    return ('{"v": 1, "cfg": {"level": %d}}\n' % level).encode()


def only(name):
    import gc
    from firmware.games import keep_game
    keep_game(name)
    gc.collect()


def test_short_of_memory_the_save_is_not_judged():
    # a MemoryError while reading (a fragmented heap) is not a damaged save: it goes up to the
    # session (firmware/resume.py), which keeps the save (next test)
    mem = nvm()
    saves.Saver(saves.NvmLog(mem)).save(head(3) + bytes(10))

    class Short(saves.NvmLog):
        def read(self):
            raise MemoryError("memory allocation failed")

    again = saves.Saver(Short(mem))
    try:
        again.load()
        raise AssertionError("a MemoryError read as a verdict on the save: %s" % again.error)
    except MemoryError:
        pass


def test_session_short_of_memory_keeps_the_save_and_says_so():
    only("oanquan")
    mem = nvm()
    s = make("oanquan", "two", store=saves.Saver(saves.NvmLog(mem)))
    s.new_game()
    s.save()
    s = None
    before = bytes(mem)

    class Short(saves.NvmLog):
        def read(self):
            raise MemoryError("memory allocation failed")

    s = make(store=saves.Saver(Short(mem)))
    assert s.notice == "No memory to read the save: kept" and s.saved is None
    s.set_cfg("level", 4)
    s.save()
    assert bytes(mem) == before  # nothing written over it: the game is there at the next start
    s = make(store=saves.Saver(saves.NvmLog(mem)))
    assert s.saved is not None and s.saved["g"] == "oanquan"
