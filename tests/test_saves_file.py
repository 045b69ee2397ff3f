# The desktop save file (firmware/savefile.FileStore): written to a temporary file, then put in
# place by one os.replace, so at every instant the file holds the previous save or the new one
# (issue 13 #8: the old code removed the file before renaming the new one over it).
import os

import pytest

from firmware import saves
from firmware.savefile import FileStore


def payload(level):
    return ('{"v": 1, "cfg": {"level": %d}}\n' % level).encode()


def test_save_replaces_the_file_in_one_step(tmp_path, monkeypatch):
    path = str(tmp_path / "m.sav")
    saves.Saver(FileStore(path)).save(payload(1))
    calls = []
    real = os.replace

    def replace(a, b):
        calls.append((a, b))
        real(a, b)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "remove", lambda p: pytest.fail("a save must never remove the file"))
    st = saves.Saver(FileStore(path))
    st.load()
    st.save(payload(2))
    assert calls == [(path + ".tmp", path)]
    assert saves.Saver(FileStore(path)).load() == payload(2)


def test_a_failure_before_the_replace_keeps_the_previous_save(tmp_path, monkeypatch):
    path = str(tmp_path / "m.sav")
    saves.Saver(FileStore(path)).save(payload(1))

    def fail(a, b):
        raise OSError("the power went")

    monkeypatch.setattr(os, "replace", fail)
    monkeypatch.setattr(os, "rename", fail)
    st = saves.Saver(FileStore(path))
    st.load()
    with pytest.raises(OSError):
        st.save(payload(2))
    assert saves.Saver(FileStore(path)).load() == payload(1)


def test_a_cut_while_the_temporary_file_is_written_keeps_the_previous_save(tmp_path):
    path = str(tmp_path / "m.sav")
    saves.Saver(FileStore(path)).save(payload(1))
    with open(path + ".tmp", "wb") as f:  # a half-written temporary file left by a cut
        f.write(b"G\x09MQ")
    assert saves.Saver(FileStore(path)).load() == payload(1)
    st = saves.Saver(FileStore(path))
    st.load()
    st.save(payload(3))
    assert saves.Saver(FileStore(path)).load() == payload(3)
