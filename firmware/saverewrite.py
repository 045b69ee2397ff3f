# Rewriting a full save log (firmware/saves.py), about once a game: NvmLog.rewrite and
# FilePair.write, the records that rebuild the state (rebuild, for Saver.save), the log's header
# (gen_record, also for the desktop's store). Loaded for that call only, so it takes no heap
# during play. One 4 KB buffer serves the whole rewrite (save): the payload is built at its end,
# the drive copy's file image at its start, then the new log over both; the records are written
# straight into it, never assembled in RAM first. A rewrite so holds that buffer, this module and
# the open file at most (its own payload and file image were 4 KB more at the lowest point of an
# Omweso game on the chip: docs/app.md "Saves on the emulated chip").
import gc

from firmware.saves import G_HEAD, SNAP, MOVE, VERSION, EMPTY, FilePair, crc16, crc32, record, \
    put_varint
from engine.compat import const

_BLOCK = const(512)  # a FAT block of the CIRCUITPY drive: FilePair.SIZE is a multiple of it


def _gen_body(gen, n):
    # the header's body: a log whose first records (written with it, in one go) take n bytes;
    # a log whose first records do not all read back is a rewrite cut short
    return bytes((0x4D, 0x51, VERSION, gen & 255, (gen >> 8) & 255, (gen >> 16) & 255,
                  (gen >> 24) & 255, n & 255, n >> 8))


def gen_record(gen, n):
    """The G record that begins a log (generation gen) whose first records take n bytes."""
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
    put_varint(out, n)
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


def save(store, st, size, head, codes):
    """Saver.save's rewrite of a full log: store.rewrite of st's payload (st: a saves.Live or a
    saveload.Flat), with the records that rebuild it from the moves known (codes). An NvmLog's
    payload is built at the end of its new sector image (nvm.buf, rewrite_nvm), where neither the
    drive copy's file image (its first FilePair.SIZE bytes) nor the new log (the payload moved
    up to 19 bytes on, the header's and its record's) reach it before it has been read."""
    n = len(st.head) + 1 + st.nbytes
    k = getattr(store, "size", 0)
    if st.p is None and k and n <= k - FilePair.SIZE and 2 * n + 32 <= k:
        store.buf = bytearray(k)
        p = st.payload(memoryview(store.buf)[k - n:])
    else:
        p = st.payload()
    try:
        store.rewrite(p, rebuild(size, head, memoryview(p)[len(head) + 1:], codes))
    finally:
        if k:
            store.buf = None


def rewrite_nvm(nvm, payload, recs):
    """NvmLog.rewrite (nvm: the NvmLog): a fresh log holding payload (or recs, rebuild's records
    that rebuild it). At every instant one of the sector and the backup holds the last complete save:
    the backup is written before the sector is erased, and a sector not trusted (its log cut
    short, or older than the backup) is rewritten first, leaving the backup alone. nvm.buf, if
    set (save): the image to use, the payload at its end."""
    img = nvm.buf
    snap, codes, m, kept = recs or ((payload,), None, 0, 0)
    n = _size(SNAP, _length(snap))
    for j in range(m):
        c, k = codes[j], 1  # k: the bytes of the code as a varint
        while c >= 128:
            c >>= 7
            k += 1
        n += _size(MOVE, k + 1)
    if _size(G_HEAD, 9) + n > nvm.size:
        raise ValueError("save too big")
    nvm.gen += 1
    if nvm.backup is not None and nvm.trusted:
        try:
            nvm.backup.write(nvm.gen, payload, img)
            nvm.error = None
        except OSError as e:
            # The drive failed (e.g. a directory block garbled by a cut): this save fails and
            # the sector keeps the last one rather than be erased with no copy; the next save
            # tries again (FatFs makes the file anew). Twice in a row: the drive is taken as
            # broken (full, worn) and the sector rewritten without a copy, as with the copy off.
            again = nvm.error is not None and nvm.error[:6] == "backup"
            nvm.error = "backup failed: %s" % e
            if not again:
                nvm.gen -= 1
                raise
    if img is None:
        gc.collect()  # the move's garbage goes before the one 4 KB block a rewrite needs
        img = bytearray(nvm.size)
    at = _put(img, 0, G_HEAD, (_gen_body(nvm.gen, n),))
    at = _put(img, at, SNAP, snap)
    for j in range(m - 1, -1, -1):  # the move records, straight into the image (no object each)
        s = at
        c = codes[j]
        img[at] = MOVE
        at += 2
        while c >= 128:
            img[at] = (c & 127) | 128
            c >>= 7
            at += 1
        img[at] = c
        img[at + 1] = kept - j
        img[s + 1] = at - s  # the body's length (code and count from s + 2: < 128, one byte)
        at = _check(img, at + 2, img, s, at + 2)
    for i in range(at, nvm.size):
        img[i] = EMPTY
    nvm.end = -1
    nvm.trusted = False
    nvm.mem[0:nvm.size] = img  # CircuitPython: one erase + 16 page programs
    nvm.end = at
    nvm.trusted = True


def write_pair(backup, gen, payload, buf=None):
    """FilePair.write (backup: the FilePair): the state into the file not holding the newest
    copy, in place, the whole file in one write from its start, so in whole 512-byte blocks.
    FatFs writes a whole block straight to the drive's one-sector cache; a piece of a block it
    first reads back, and every read writes that cache out (an erase of its 4 KB flash sector:
    written in pieces a copy erased the files' sector ~4 times, issue 32). The seek to the end
    first walks the file's cluster chain (a new file: allocates it), so the FAT is in FatFs's
    window before the first write and nothing is read between the writes: a copy erases each
    flash sector it touches once, the directory's when the file is closed. buf: the file's
    image goes into its first SIZE bytes (a rewrite's sector image; payload may lie after them)."""
    i = 0 if backup.gens[0] <= backup.gens[1] else 1
    n = _size(SNAP, len(payload))
    g = gen_record(gen, n)
    if len(g) + n > backup.SIZE:
        raise ValueError("save too big")
    f = _frame(SNAP, len(payload))
    tail = bytearray(4)
    _check(tail, 0, f, 0, len(f), crc32(payload, 0, len(payload), crc32(f)))
    backup.gens[i] = -1  # while it is being written
    try:
        fh = backup.open(backup.paths[i], "r+b")
    except OSError:
        make_pad(backup)
        fh = backup.open(backup.paths[i], "wb")
    if buf is None:
        buf = bytearray(backup.SIZE)  # (freed before the rewrite's 4 KB sector image)
    at = 0
    for p in (g, f, payload, tail):
        buf[at:at + len(p)] = p
        at += len(p)
    for j in range(at, backup.SIZE):
        buf[j] = 0xFF
    with fh:
        fh.seek(backup.SIZE)
        fh.seek(0)
        fh.write(memoryview(buf)[:backup.SIZE])  # FatFs: whole blocks, straight to the cache
    backup.gens[i] = gen


def make_pad(backup):
    """Before a save file is made for the first time: a 4 KB file of 0xFF (once in the drive's
    life), so that the files, allocated after it, never share a flash sector with their
    directory's block. A copy ends by rewriting its directory entry, which FatFs reads first,
    and that read writes the cache out: with the file's data in the same sector, that sector was
    erased twice per copy (tests/test_saves_drive.py)."""
    path = backup.paths[0][:-6] + ".pad"  # (".../mancala-a.sav" -> ".../mancala.pad")
    try:
        with backup.open(path, "rb"):
            return
    except OSError:
        pass
    blk = bytearray(b"\xff" * _BLOCK)
    with backup.open(path, "wb") as fh:
        for _ in range(4096 // _BLOCK):
            fh.write(blk)


def rebuild(size, head, blob, codes):
    """The records of a fresh log, for Saver.save: (the parts of a snapshot of the positions
    (size bytes each) no known move leads to, codes, m, n): then one move record per known move
    (~8 bytes instead of a position each), codes[j] for j from m - 1 down to 0, n - j positions
    kept, written by rewrite_nvm straight into the sector image (an object per move was ~2 KB of
    a late Omweso game's heap on the chip); None if no move is known."""
    m = 0
    while m < len(codes) - 1 and codes[m] is not None:
        m += 1
    if m == 0:
        return None
    return (head, b"\n", memoryview(blob)[m * size:]), codes, m, len(blob) // size
