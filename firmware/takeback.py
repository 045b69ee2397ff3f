# Take-backs and the move log they rewind. Portable Python.
#
# TakeBack keeps the positions before the last MAX moves in one bytearray: it grows a position at
# a time up to MAX and is then reused as a ring, so a long game holds no more heap than its first
# MAX moves did (a list of bytes copies and tuples per move grew ~250 B a ply on the chip, issue
# 10). With each position: the repetition history as it was (the Record's list, shared, and its
# length) and where the move log ended. The last move is not stored: it is the log's last entry.
from array import array
from engine.compat import const
from firmware.common import num

MAX = const(24)      # take-backs kept: 12 of a player's moves against the AI
_LOG_MAX = const(1600)  # bytes of move log kept (about 200 moves); over it the oldest quarter goes


class TakeBack:
    def __init__(self):
        self.buf = bytearray()
        self.size = 0
        self.seen = [None] * MAX
        self.nseen = array("H", [0] * MAX)
        self.nlog = array("i", [0] * MAX)  # where the log ended, counting bytes trimmed off
        self.first = 0  # slot of the oldest entry
        self.n = 0

    def __len__(self):
        return self.n

    def clear(self):
        self.buf = bytearray()
        self.size = 0
        for i in range(MAX):
            self.seen[i] = None
        self.first = self.n = 0

    def push(self, pos, seen=None, nlog=0):
        """Keeps `pos` (copied) with the repetition list `seen` (not copied: the Record makes a
        new list when it starts another) and the log's length; the oldest goes when full."""
        size = self.size = len(pos)
        if self.n == MAX:
            self.first = (self.first + 1) % MAX
            self.n -= 1
        k = (self.first + self.n) % MAX
        if k * size < len(self.buf):
            self.buf[k * size:(k + 1) * size] = pos
        else:
            self.buf.extend(pos)
        self.seen[k] = seen
        self.nseen[k] = len(seen) if seen else 0
        self.nlog[k] = nlog
        self.n += 1

    def pos(self, i):
        """The position of entry i (0 the oldest, len - 1 the newest), as a view: copy it before
        the next push."""
        k = (self.first + i) % MAX
        return memoryview(self.buf)[k * self.size:(k + 1) * self.size]

    def pop(self):
        """The newest entry, removed: (position view, repetition list as it was, log length)."""
        self.n -= 1
        k = (self.first + self.n) % MAX
        seen = self.seen[k]
        self.seen[k] = None
        seen = seen[:self.nseen[k]] if seen else []
        return self.pos(self.n), seen, self.nlog[k]


# ---- the move log: per move player + 2 * captured, text length, text (bytes) --------------------

def log_add(s, p, caught, text):
    """Appends a move to session s's log; over _LOG_MAX the oldest quarter goes at once (one copy
    every few dozen moves, not one per move)."""
    log = s.log
    log.append(p | (min(caught, 127) << 1))
    log.append(len(text))
    log.extend(text.encode())
    if len(log) > _LOG_MAX:
        i = 0
        while len(log) - i > _LOG_MAX * 3 // 4:
            i += 2 + log[i + 1]
        s.log = log[i:]
        s.log_cut += i


def log_back(s, nlog):
    """Session s's log back to where it ended at `nlog` (a TakeBack's count); returns the last
    move then, (cell, player, text), or None."""
    n = nlog - s.log_cut
    log = s.log = s.log[:n] if n > 0 else bytearray()
    i = j = 0
    while i + 1 < len(log):
        j = i
        i += 2 + log[i + 1]
    if not log:
        return None
    text = bytes(log[j + 2:i]).decode()
    return (num(text), log[j] & 1, text)
