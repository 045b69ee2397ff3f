# The desktop's store (firmware/saveload.open_store makes a Saver on it for a board with a
# SAVE_FILE and no nvm): one file holding a log header and one snapshot, written to a temporary
# file and put in place by one os.replace. Desktop only.
import os

from firmware.saves import SNAP, record
from firmware.saveparse import read_log, old_frame
from firmware.saverewrite import gen_record


class FileStore:
    """One file holding G + S, replaced atomically: os.replace on CPython, os.rename elsewhere
    (MicroPython's littlefs renames over a file atomically). Never removed first."""

    def __init__(self, path):
        self.path = path
        self.gen = 0
        self.error = None

    def read(self):
        """[(kind, body)] of the file's log, or []; sets gen and error."""
        self.error = None
        try:
            with open(self.path, "rb") as f:
                buf = f.read()
        except OSError:
            return []
        log = read_log(buf, len(buf))
        if log is None:
            old = old_frame(buf, 0, len(buf))  # the format before 2026-11-30
            if old is not None:
                return [(SNAP, old[1])]
            self.error = "not a save file"
            return []
        self.gen = log[0]
        if not log[3] or not log[1]:
            self.error = "save file damaged"
            return []
        return log[1]

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
