# Save storage: a log of records and where it lives (firmware/saves.py decides what to write).
# Portable Python. On the RP2040, microcontroller.nvm is ONE 4 KB flash sector, and CircuitPython
# programs 256-byte pages without erasing when the bytes written over are all 0xFF, else erases and
# rewrites the whole sector (ports/raspberrypi/common-hal/nvm/ByteArray.c). So records are
# appended to the erased part of the sector (page programs only: earlier records are never
# touched) and the sector is erased only when the log is full. Before that erase the whole state
# goes to a second place that never shares an erase with the sector (FilePair: two files on the
# CIRCUITPY drive, when boot.py made it writable by code), so a power cut at any instant loses at
# most the save being written. Desktop: FileStore, one file replaced atomically.
# Record: kind (1 byte) | body length (varint) | body | Adler-32 of all that, LE: 4 bytes for the
# header and snapshots, its two halves XORed (2 bytes) for the small records written every move.
# Kinds 0x80-0xBF carry a small move code in the kind byte and have no length or body.
G_HEAD = 0x47   # "G": first record of a log: b"MQ", version, generation (4 bytes LE)
SNAP = 0x53     # "S": a whole payload
HEAD = 0x4A     # "J": a new JSON head, same positions
POS = 0x50      # "P": kept count (1 byte) + a new newest position
MOVE = 0x4D     # "M": move code (varint) + kept count (1 byte): newest = play(newest, code)
UNDO = 0x55     # "U": n (varint) newest positions taken back
PUSH = 0x41     # "A": move code (varint): as M, all earlier positions kept
SHIFT = 0x44    # "D": move code (varint): as M, the oldest position dropped
SHORT = 0x80    # 0x80 | code, no length, no body: PUSH of a code < 32 (3 bytes in all)
SHORT_SHIFT = 0xA0  # 0xA0 | code: SHIFT of a code < 32
_VERSION = 2
_EMPTY = 0xFF


def checksum(data, start=0, end=None):
    a = 1
    b = 0
    if end is None:
        end = len(data)
    for i in range(start, end):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _varint(out, v):
    while v >= 128:
        out.append((v & 127) | 128)
        v >>= 7
    out.append(v)


def _get_varint(buf, i, end):
    v = 0
    shift = 0
    while i < end and shift < 28:
        c = buf[i]
        i += 1
        v |= (c & 127) << shift
        if c < 128:
            return v, i
        shift += 7
    raise ValueError("bad varint")


def _check(kind, c):
    # (check value, its size in bytes) for a record of this kind with Adler-32 c
    if kind == G_HEAD or kind == SNAP:
        return c, 4
    return (c ^ (c >> 16)) & 0xFFFF, 2


def record(kind, body):
    out = bytearray((kind,))
    if kind < SHORT:
        _varint(out, len(body))
        out += body
    c, w = _check(kind, checksum(out))
    for i in range(w):
        out.append((c >> (8 * i)) & 255)
    return out


def parse(buf, i, end):
    """(kind, body, next index) of the record at i, or None if it is torn or not a record."""
    if buf[i] >= SHORT:
        if buf[i] >= 0xC0:
            return None
        j = k = i + 1
    else:
        try:
            n, j = _get_varint(buf, i + 1, end)
        except ValueError:
            return None
        k = j + n
    c, w = _check(buf[i], checksum(buf, i, k) if k <= end else 0)
    if k + w > end:
        return None
    got = 0
    for x in range(w):
        got |= buf[k + x] << (8 * x)
    if got != c:
        return None
    return buf[i], bytes(buf[j:k]), k + w


def gen_record(gen, n):
    """The header of a log whose first records (written with it, in one go) take n bytes: a log
    whose first records do not all read back is a rewrite cut short."""
    return record(G_HEAD, b"MQ" + bytes((_VERSION, gen & 255, (gen >> 8) & 255,
                                         (gen >> 16) & 255, (gen >> 24) & 255,
                                         n & 255, n >> 8)))


def read_gen(buf, end):
    """(generation, index after the G record, end of the first records) of a log, or None."""
    if end < 1 or buf[0] != G_HEAD:
        return None
    r = parse(buf, 0, end)
    if r is None or len(r[1]) != 9 or r[1][:2] != b"MQ" or r[1][2] != _VERSION:
        return None
    b = r[1]
    return b[3] | b[4] << 8 | b[5] << 16 | b[6] << 24, r[2], r[2] + (b[7] | b[8] << 8)


def read_log(buf, end):
    """(generation, [(kind, body)], end of the records, clean) of the log in buf, or None.
    clean: everything after the last record is erased (0xFF), so records can be appended."""
    g = read_gen(buf, end)
    if g is None:
        return None
    gen, i, first = g
    recs = []
    while i < end and buf[i] != _EMPTY:
        r = parse(buf, i, end)
        if r is None:
            break
        recs.append((r[0], r[1]))
        i = r[2]
    if i < first or not recs:
        return None  # the rewrite that began this log was cut short
    if i < end and buf[i] != _EMPTY:
        return gen, recs, i, False  # an append cut short: its record is dropped
    for j in range(i, end):
        if buf[j] != _EMPTY:
            return gen, recs, i, False
    return gen, recs, i, True


def _blank(buf):
    # never written: erased flash (0xFF) or a zeroed buffer
    c = buf[0]
    if c != 0 and c != _EMPTY:
        return False
    for x in buf:
        if x != c:
            return False
    return True


def _old_frame(buf, base, end):
    # version 1 (until 2026-11-30): "MQ", 1, seq (4), length (2), payload, Adler-32: (seq, payload)
    if end - base < 13 or buf[base:base + 3] != b"MQ\x01":
        return None
    seq = buf[base + 3] | buf[base + 4] << 8 | buf[base + 5] << 16 | buf[base + 6] << 24
    e = base + 9 + (buf[base + 7] | buf[base + 8] << 8)
    if e + 4 > end:
        return None
    c = buf[e] | buf[e + 1] << 8 | buf[e + 2] << 16 | buf[e + 3] << 24
    if checksum(buf, base, e) != c:
        return None
    return seq, bytes(buf[base + 9:e])


def _old_slots(buf):
    # version 1 on nvm: two slots, half of the store each; the newest valid one
    h = len(buf) // 2
    a = _old_frame(buf, 0, h)
    b = _old_frame(buf, h, 2 * h)
    if a is None or b is not None and b[0] > a[0]:
        return b
    return a


class NvmLog:
    """The log in a bytearray-like store that behaves as CircuitPython's microcontroller.nvm,
    plus an optional backup (FilePair) that holds the state while the sector is erased.
    At every instant one of the two holds the last complete save: the backup is written before
    the sector is erased, and when the sector is not trusted (its log was cut short or older than
    the backup) it is rewritten first, leaving the backup alone."""

    def __init__(self, mem, backup=None):
        self.mem = mem
        self.backup = backup
        self.size = len(mem)
        self.gen = 0
        self.end = -1       # where the next record goes; -1: the sector must be rewritten
        self.trusted = False  # the sector holds the newest complete save
        self.error = None

    def read(self):
        """[(kind, body)] of the newest copy (the nvm log, or the backup if newer), or []."""
        self.error = None
        buf = self.mem[0:self.size]
        log = read_log(buf, self.size)
        old = None if log is not None else _old_slots(buf)
        del buf
        bk = None
        if self.backup is not None:
            try:
                bk = self.backup.read()
            except OSError:
                bk = None
        self.end = -1
        self.trusted = False
        if log is not None and (bk is None or log[0] >= bk[0]):
            self.gen = log[0]
            self.trusted = True
            if log[3]:
                self.end = log[2]
            else:
                self.error = "last save cut short"
            return log[1]
        if bk is not None:
            self.gen = max(bk[0], log[0] if log is not None else 0)
            return [(SNAP, bk[1])]
        if old is not None:
            return [(SNAP, old[1])]
        if log is None and not _blank(self.mem[0:self.size]):
            self.error = "foreign data"
        return []

    def capacity(self):
        """The largest payload a rewrite can hold (a header and a snapshot: 22 bytes)."""
        n = self.size
        if self.backup is not None:
            n = min(n, self.backup.SIZE)
        return n - 22

    def append(self, rec):
        """Write rec after the last record (page programs only); False if it must wait for a
        rewrite (log full, or the sector holds a write cut short)."""
        e = self.end
        if e < 0 or e + len(rec) > self.size:
            return False
        self.mem[e:e + len(rec)] = rec
        self.end = e + len(rec)
        return True

    def rewrite(self, payload, recs=None):
        """A fresh log holding payload (as recs, the records that rebuild it, if given), the
        backup first if the sector holds the only copy."""
        s = bytearray()
        for r in recs or (record(SNAP, payload),):
            s += r
        g = gen_record(self.gen + 1, len(s))
        n = len(g) + len(s)
        if n > self.size:
            raise ValueError("save too big")
        self.gen += 1
        if self.backup is not None and self.trusted:
            try:
                self.backup.write(self.gen, payload)
            except OSError as e:  # a failing drive: go on (the erase below is then a risk)
                self.error = "backup failed: %s" % e
        img = bytearray(self.size)  # the one 4 KB block a rewrite needs (no b"\xff" * size)
        img[0:len(g)] = g
        img[len(g):n] = s
        del s
        for i in range(n, self.size):
            img[i] = _EMPTY
        self.end = -1
        self.trusted = False
        self.mem[0:self.size] = img  # CircuitPython: one erase + 16 page programs
        self.end = n
        self.trusted = True


class FilePair:
    """Two files, each one G + S log padded to a fixed size (so FAT's allocation table never
    changes: only the file's clusters and its directory entry are rewritten). The write goes to
    the file that does not hold the newest copy; nothing is ever removed or renamed (CircuitPython's
    FAT cannot rename over a file)."""
    SIZE = 2048

    def __init__(self, base, opener=open):
        self.paths = (base + "-a.sav", base + "-b.sav")
        self.open = opener
        self.gens = [-1, -1]

    def _read(self, i):
        try:
            with self.open(self.paths[i], "rb") as f:
                buf = f.read()
        except OSError:
            return None
        log = read_log(buf, len(buf))
        if log is None or len(log[1]) != 1 or log[1][0][0] != SNAP:
            return None
        return log[0], log[1][0][1]

    def read(self):
        """(generation, payload) of the newest valid file, or None."""
        best = None
        for i in (0, 1):
            r = self._read(i)
            self.gens[i] = -1 if r is None else r[0]
            if r is not None and (best is None or r[0] > best[0]):
                best = r
        return best

    def write(self, gen, payload):
        i = 0 if self.gens[0] <= self.gens[1] else 1
        img = bytearray(b"\xff" * self.SIZE)
        s = record(SNAP, payload)
        g = gen_record(gen, len(s))
        if len(g) + len(s) > self.SIZE:
            raise ValueError("save too big")
        img[0:len(g)] = g
        img[len(g):len(g) + len(s)] = s
        self.gens[i] = -1  # while it is being written
        try:
            f = self.open(self.paths[i], "r+b")
        except OSError:
            f = self.open(self.paths[i], "wb")
        with f:
            f.write(img)
        self.gens[i] = gen


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
        import os
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
