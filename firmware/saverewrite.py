# Rewriting a full save log (firmware/saves.py), about once a game: loaded for that call
# only, so it takes no heap during play. The records are written straight into the one 4 KB
# sector image (and the backup file), never assembled in RAM first: at the lowest point of a game
# the rewrite holds that image and a few small buffers (docs/performance.md).
import gc

from firmware.saves import G_HEAD, SNAP, MOVE, _VERSION, _EMPTY, crc16, crc32, record, \
    _varint

_FF = b"\xff" * 64  # padding, 64 bytes at a time


def _gen_body(gen, n):
    # the header's body: a log whose first records (written with it, in one go) take n bytes;
    # a log whose first records do not all read back is a rewrite cut short
    return bytes((0x4D, 0x51, _VERSION, gen & 255, (gen >> 8) & 255, (gen >> 16) & 255,
                  (gen >> 24) & 255, n & 255, n >> 8))


def gen_record(gen, n):
    return record(G_HEAD, _gen_body(gen, n))


def _length(parts):
    n = 0
    for p in parts:
        n += len(p)
    return n


def _size(kind, n):
    # bytes of a record of this kind with an n-byte body
    k = 2
    while n >= 128 << (7 * (k - 2)):
        k += 1
    return k + n + (4 if kind == G_HEAD or kind == SNAP else 2)


def _frame(kind, n):
    # a record's kind and body length
    out = bytearray((kind,))
    _varint(out, n)
    return out


def _put(img, at, kind, parts):
    """Write the record (kind, body = the parts one after the other) into img at `at`; its end."""
    s = at
    f = _frame(kind, _length(parts))
    for p in (f,) + parts:
        img[at:at + len(p)] = p
        at += len(p)
    return _check(img, at, img, s, at)


def _check(out, at, data, start, end, c=None):
    # write the check of the record data[start:end] into out at `at` (as saves.record does);
    # the index after it. c: its CRC-32, if already known.
    k = data[start]
    if k == G_HEAD or k == SNAP:
        c = crc32(data, start, end) if c is None else c
        for i in range(4):
            out[at + i] = (c >> (8 * i)) & 255
        return at + 4
    c = crc16(data, start, end)
    out[at] = c >> 8
    out[at + 1] = c & 255
    return at + 2


def nvm_rewrite(self, payload, recs):
    """NvmLog.rewrite: a fresh log holding payload (or recs, [(kind, parts)] records that
    rebuild it). At every instant one of the sector and the backup holds the last complete save:
    the backup is written before the sector is erased, and a sector not trusted (its log cut
    short, or older than the backup) is rewritten first, leaving the backup alone."""
    recs = recs or ((SNAP, (payload,)),)
    n = 0
    for kind, parts in recs:
        n += _size(kind, _length(parts))
    if _size(G_HEAD, 9) + n > self.size:
        raise ValueError("save too big")
    self.gen += 1
    if self.backup is not None and self.trusted:
        try:
            pair_write(self.backup, self.gen, payload)
        except OSError as e:  # a failing drive: go on (the erase below is then a risk)
            self.error = "backup failed: %s" % e
    gc.collect()  # the move's garbage goes before the one 4 KB block a rewrite needs
    img = bytearray(self.size)
    at = _put(img, 0, G_HEAD, (_gen_body(self.gen, n),))
    for kind, parts in recs:
        at = _put(img, at, kind, parts)
    for i in range(at, self.size):
        img[i] = _EMPTY
    self.end = -1
    self.trusted = False
    self.mem[0:self.size] = img  # CircuitPython: one erase + 16 page programs
    self.end = at
    self.trusted = True


def pair_write(self, gen, payload):
    """FilePair.write: the state into the file not holding the newest copy, in place, written
    piece by piece (no copy of the payload: the file's sector cache assembles it)."""
    i = 0 if self.gens[0] <= self.gens[1] else 1
    n = _size(SNAP, len(payload))
    g = gen_record(gen, n)
    pad = self.SIZE - len(g) - n
    if pad < 0:
        raise ValueError("save too big")
    f = _frame(SNAP, len(payload))
    tail = bytearray(4)
    _check(tail, 0, f, 0, len(f), crc32(payload, 0, len(payload), crc32(f)))
    self.gens[i] = -1  # while it is being written
    try:
        fh = self.open(self.paths[i], "r+b")
    except OSError:
        fh = self.open(self.paths[i], "wb")
    with fh:
        for p in (g, f, payload, tail):
            fh.write(p)
        while pad > 0:
            fh.write(_FF if pad >= 64 else _FF[:pad])
            pad -= 64
    self.gens[i] = gen


def rebuild(self, head, blob, codes):
    # the records of a fresh log, [(kind, parts)]: the positions no known move leads to, then one
    # move record per known move (~8 bytes instead of a position each)
    m = 0
    while m < len(codes) - 1 and codes[m] is not None:
        m += 1
    if m == 0:
        return None
    size = self.size
    n = len(blob) // size
    out = [(SNAP, (head, b"\n", memoryview(blob)[m * size:]))]
    for j in range(m - 1, -1, -1):
        body = bytearray()
        _varint(body, codes[j])
        body.append(n - j)
        out.append((MOVE, (body,)))
    return out
