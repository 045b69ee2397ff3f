# The desktop save file (firmware/saves.FileStore): one file holding a log header and one
# snapshot, written to a temporary file and put in place by one os.replace. Desktop only.
import os

from firmware.saves import SNAP, record
from firmware.saverewrite import gen_record
from firmware.saveload import read_log, _old_frame


class FileStore:
    """One file holding G + S, replaced atomically: os.replace on CPython, os.rename elsewhere
    (MicroPython's littlefs renames over a file atomically). Never removed first."""

    def __init__(self, path):
        self.path = path
        self.gen = 0
        self.error = None

    def read(self):
        self.error = None
        try:
            with open(self.path, "rb") as f:
                buf = f.read()
        except OSError:
            return []
        log = read_log(buf, len(buf))
        if log is None:
            old = _old_file(buf)
            if old is not None:
                return [(SNAP, old)]
            self.error = "not a save file"
            return []
        self.gen = log[0]
        if not log[3] or not log[1]:
            self.error = "save file damaged"
            return []
        return log[1]

    def capacity(self):
        return 60000

    def append(self, rec):
        return False  # every save rewrites the file

    def rewrite(self, payload, recs=None):
        self.gen += 1
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            s = record(SNAP, payload)
            f.write(gen_record(self.gen, len(s)))
            f.write(s)
        rep = getattr(os, "replace", None) or os.rename
        rep(tmp, self.path)


def _old_file(buf):
    r = _old_frame(buf, 0, len(buf))
    return r[1] if r else None
