# Issue 54, finding 5: a MemoryError while the save is read back is retried once after a
# collection (the first try's pieces are garbage then), and if it fails again the save is kept
# and the title says so; it is never reported as a corrupt save, even when the store had noted
# something about the save before the memory ran out. Portable (MicroPython too).
from firmware import saves
from session_util import make


def nvm():
    m = bytearray(4096)
    for i in range(4096):
        m[i] = 0xFF
    return m


def only(name):
    import gc
    from firmware.games import keep_game
    keep_game(name)
    gc.collect()


def saved_game():
    only("oanquan")
    mem = nvm()
    s = make("oanquan", "two", store=saves.Saver(saves.NvmLog(mem)))
    s.new_game()
    s.save()
    return mem


def short(fails, note=None):
    # an NvmLog whose first `fails` reads run out of memory (after noting `note`, as a read that
    # found a record cut short would)
    class Short(saves.NvmLog):
        n = 0

        def read(self):
            Short.n += 1
            if Short.n <= fails:
                self.error = note
                raise MemoryError("memory allocation failed")
            return saves.NvmLog.read(self)
    return Short


def test_a_memory_error_is_retried_after_a_collection():
    mem = saved_game()
    s = make(store=saves.Saver(short(1)(mem)))
    assert s.saved is not None and s.saved["g"] == "oanquan", s.notice
    assert s.notice == "", s.notice


def test_twice_short_of_memory_keeps_the_save_and_never_says_corrupt():
    # the replay ran out of memory after the log's read had noted a record cut short (the
    # Saver's error set): that note was then shown as "Corrupt save ignored"
    mem = saved_game()
    before = bytes(mem)

    class Noted(saves.Saver):
        def load(self):
            self.error = "last save cut short"
            raise MemoryError("memory allocation failed")

    s = make(store=Noted(saves.NvmLog(mem)))
    assert s.notice == "No memory to read the save: kept", s.notice
    assert s.saved is None
    s.set_cfg("level", 4)
    s.save()
    assert bytes(mem) == before  # nothing written over it
    s = make(store=saves.Saver(saves.NvmLog(mem)))
    assert s.saved is not None and s.saved["g"] == "oanquan"
