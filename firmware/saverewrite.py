# Rewriting a full save log (firmware/saves.py), about once a game: loaded for that call
# only, so it takes no heap during play.
from firmware.saves import G_HEAD, SNAP, MOVE, _VERSION, _EMPTY, record, _varint


def gen_record(gen, n):
    """The header of a log whose first records (written with it, in one go) take n bytes: a log
    whose first records do not all read back is a rewrite cut short."""
    return record(G_HEAD, b"MQ" + bytes((_VERSION, gen & 255, (gen >> 8) & 255,
                                         (gen >> 16) & 255, (gen >> 24) & 255,
                                         n & 255, n >> 8)))


def nvm_rewrite(self, payload, recs):
    """NvmLog.rewrite: a fresh log holding payload (or recs, records that rebuild it). At every
    instant one of the sector and the backup holds the last complete save: the backup is written
    before the sector is erased, and a sector not trusted (its log cut short, or older than the
    backup) is rewritten first, leaving the backup alone."""
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
            pair_write(self.backup, self.gen, payload)
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


def pair_write(self, gen, payload):
    """FilePair.write: the state into the file not holding the newest copy, in place."""
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


def rebuild(self, head, blob, codes):
    # the records of a fresh log: the positions no known move leads to, then one move record
    # per known move (~8 bytes instead of a position each)
    m = 0
    while m < len(codes) - 1 and codes[m] is not None:
        m += 1
    if m == 0:
        return None
    size = self.size
    n = len(blob) // size
    out = [record(SNAP, head + b"\n" + blob[m * size:])]
    for j in range(m - 1, -1, -1):
        body = bytearray()
        _varint(body, codes[j])
        body.append(n - j)
        out.append(record(MOVE, body))
    return out
