# What saving needs only at start-up or rarely (firmware/saves.py imports it for one call and
# drops it, so it takes no heap during play): reading the record log of firmware/saves.py
# back, picking the newest copy, replaying the records and checking the positions with the
# engine; finding the store (nvm + the drive copy).
import json

from firmware.saves import G_HEAD, SNAP, HEAD, POS, MOVE, UNDO, PUSH, SHIFT, SHORT, \
    SHORT_SHIFT, _VERSION, _EMPTY, crc16, crc32, NvmLog, FilePair
from firmware.saveflat import hashes


_KINDS = (G_HEAD, SNAP, HEAD, POS, MOVE, UNDO, PUSH, SHIFT)


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


def adler32(data, start=0, end=None, c=1):
    """Adler-32 of data[start:end]: the check of versions 1 and 2 (read, never written)."""
    a = c & 0xFFFF
    b = c >> 16
    if end is None:
        end = len(data)
    for i in range(start, end):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def parse(buf, i, end, v=_VERSION):
    """(kind, body, next index) of the record at i of a log of version v, or None if it is torn
    or not a record (its check does not match)."""
    kind = buf[i]
    if kind >= SHORT:
        if kind >= 0xC0:
            return None
        j = k = i + 1
    elif kind not in _KINDS:  # a flipped bit in a kind never gives another kind
        return None
    else:
        try:
            n, j = _get_varint(buf, i + 1, end)
        except ValueError:
            return None
        k = j + n
    w = 4 if kind == G_HEAD or kind == SNAP else 2
    if k + w > end:
        return None
    got = 0
    if v == _VERSION:
        c = crc32(buf, i, k) if w == 4 else crc16(buf, i, k)
        for x in range(w):  # CRC-32 little-endian, CRC-16 big-endian
            got |= buf[k + x] << (8 * x if w == 4 else 8 - 8 * x)
    else:  # version 2: Adler-32, its halves XORed for the 2-byte checks
        c = adler32(buf, i, k)
        if w == 2:
            c = (c ^ (c >> 16)) & 0xFFFF
        for x in range(w):
            got |= buf[k + x] << (8 * x)
    if got != c:
        return None
    return kind, bytes(buf[j:k]), k + w


def read_gen(buf, end):
    """(generation, index after the G record, end of the first records, version) of a log,
    or None."""
    if end < 5 or buf[0] != G_HEAD:
        return None
    v = buf[4]  # the version byte of the G record's body (kind, length 9, "MQ", version)
    if v != _VERSION and v != 2:
        return None
    r = parse(buf, 0, end, v)
    if r is None or len(r[1]) != 9 or r[1][:2] != b"MQ" or r[1][2] != v:
        return None
    b = r[1]
    return b[3] | b[4] << 8 | b[5] << 16 | b[6] << 24, r[2], r[2] + (b[7] | b[8] << 8), v


def read_log(buf, end):
    """(generation, [(kind, body)], end of the records, clean, version) of the log in buf, or
    None. clean: everything after the last record is erased (0xFF), so records can be appended."""
    g = read_gen(buf, end)
    if g is None:
        return None
    gen, i, first, v = g
    recs = []
    while i < end and buf[i] != _EMPTY:
        r = parse(buf, i, end, v)
        if r is None:
            break
        recs.append((r[0], r[1]))
        i = r[2]
    if i < first or not recs:
        return None  # the rewrite that began this log was cut short
    if i < end and buf[i] != _EMPTY:
        return gen, recs, i, False, v  # an append cut short: its record is dropped
    for j in range(i, end):
        if buf[j] != _EMPTY:
            return gen, recs, i, False, v
    return gen, recs, i, True, v


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
    if adler32(buf, base, e) != c:
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


def nvm_read(self):
    """NvmLog.read: [(kind, body)] of the newest copy (the nvm log, or the backup if
    newer), or []; sets the log's gen, end (-1: rewrite before appending), trusted, error."""
    self.error = None
    import gc
    gc.collect()  # this module's load left garbage: the sector's copy wants one 4 KB block
    buf = self.mem[0:self.size]
    log = read_log(buf, self.size)
    old = None if log is not None else _old_slots(buf)
    del buf
    bk = None
    if self.backup is not None:
        try:
            bk = pair_read(self.backup)
        except OSError:
            bk = None
    self.end = -1
    self.trusted = False
    if log is not None and (bk is None or log[0] >= bk[0]):
        self.gen = log[0]
        self.trusted = True
        if log[3]:
            if log[4] == _VERSION:  # an older log is read, never appended to: rewritten
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


def _pair_file(self, i):
    try:
        with self.open(self.paths[i], "rb") as f:
            buf = f.read()
    except OSError:
        return None
    log = read_log(buf, len(buf))
    if log is None or len(log[1]) != 1 or log[1][0][0] != SNAP:
        return None
    return log[0], log[1][0][1]


def pair_read(self):
    """FilePair.read: (generation, payload) of the newest valid file, or None."""
    best = None
    for i in (0, 1):
        r = _pair_file(self, i)
        self.gens[i] = -1 if r is None else r[0]
        if r is not None and (best is None or r[0] > best[0]):
            best = r
    return best


def load(self):
    """Saver.load (self: the Saver): replay the store's records, check the positions."""
    self.head = None
    self.sums = []
    self.top = None
    self.fresh = True
    self.error = None
    self.notice = ""
    if self.store is None:
        return None
    try:
        st = self.store
        recs = nvm_read(st) if isinstance(st, NvmLog) else st.read()
    except Exception as e:  # an unreadable medium is a missing save, never a crash
        recs = []
        self.error = "save unreadable (%s)" % e
    self.error = self.error or getattr(self.store, "error", None)
    head = None
    blob = b""
    self.codes = []
    games = {}  # head -> its engine game, for this load only
    damaged = False
    last = len(recs) - 1
    for k in range(len(recs)):
        try:
            head, blob = _apply(self, games, head, blob, recs[k][0], recs[k][1], k == last)
        except Exception:
            damaged = True
            self.error = "save damaged: the part before it used"
            break
    self.notice = "Corrupt save ignored" if self.error else ""
    if head is None:
        return None
    if self.error:
        self.notice = "Save damaged: older one used" if damaged else \
            "Save cut short: previous one used"
    head, blob, why = _validate(games, head, blob)
    if why:
        self.error = self.notice = why
        self.codes = []
    g = _game(games, head)
    self.size = g.SIZE if g is not None else 0
    n = self.size if self.size and len(blob) >= self.size else 0
    self.keep(head, hashes(blob, self.size), blob[:n])
    self.fresh = damaged or bool(why)  # the store no longer matches: rewrite it next time
    return head + b"\n" + blob


def _game(games, head):
    # the engine game a head names (None if none)
    if head not in games:
        games[head] = None
        try:
            h = json.loads(head.decode())
        except ValueError:  # not a head this app wrote: no game in it
            return None
        if h.get("g"):
            from engine import games as G
            games[head] = G.load(h["g"], h["r"])
    return games[head]


def _apply(self, games, head, blob, kind, body, last):
    # last: the newest record, the only one a power cut can have left torn (nothing is
    # appended after a torn record), so the only one whose move is checked for legality
    if kind == SNAP:
        i = body.index(b"\n")  # ValueError: not a payload
        g = _game(games, body[:i])
        self.codes = [None] * ((len(body) - i - 1) // g.SIZE) if g is not None else []
        return body[:i], body[i + 1:]
    if head is None:
        raise ValueError("record before a snapshot")
    if kind == HEAD:  # a whole JSON object, nothing after it (a length read wrong fails here)
        if body[-1:] != b"}" or not isinstance(json.loads(body.decode()), dict):
            raise ValueError("bad head record")
        return body, blob
    size = _game(games, head).SIZE
    if kind == POS:
        if len(body) != size + 1 or body[0] < 1:
            raise ValueError("bad position record")
        self.codes = ([None] + self.codes)[:body[0]]
        return head, (body[1:] + blob)[:body[0] * size]
    if kind == MOVE or kind == PUSH or kind == SHIFT or kind >= SHORT:
        had = len(blob) // size
        if kind >= SHORT:
            code = kind & 31
            keep = had + 1 if kind < SHORT_SHIFT else had
        else:
            code, i = _get_varint(body, 0, len(body))
            if kind == MOVE:
                keep = body[i] if i == len(body) - 1 else 0
            elif i != len(body):
                keep = 0
            else:
                keep = had + 1 if kind == PUSH else had
        if keep < 1 or had < 1:
            raise ValueError("bad move record")
        pos = bytearray(blob[:size])
        g = _game(games, head)
        if last:
            _play(g, pos, code)
        else:
            g.play(pos, code)
        self.codes = ([code] + self.codes)[:keep]
        return head, (bytes(pos) + blob)[:keep * size]
    if kind == UNDO:
        n, i = _get_varint(body, 0, len(body))
        if i != len(body) or n < 1 or n * size >= len(blob):
            raise ValueError("bad undo record")
        self.codes = self.codes[n:]
        return head, blob[n * size:]
    raise ValueError("unknown record")


def _validate(games, head, blob):
    # (head, blob, notice): a saved game the engine rejects, or that is over, is dropped
    try:
        h = json.loads(head.decode())
        if not h.get("g"):
            return head, blob, None
        g = _game(games, head)
        size = g.SIZE
        if not blob or len(blob) % size:
            raise ValueError("size")
        for i in range(0, len(blob), size):
            g.from_json(g.to_json(bytearray(blob[i:i + size])))  # ValueError if rejected
        if not g.over(bytearray(blob[:size])):
            return head, blob, None
        why = None
    except Exception:
        h = None
        why = "Saved game invalid: ignored"
    if h is None:
        try:
            h = json.loads(head.decode())
        except Exception:
            return b"{}", b"", "Save unreadable: ignored"
    for k in ("g", "r", "h"):
        h.pop(k, None)
    return json.dumps(h).encode(), b"", why


def _play(g, pos, code):
    # ValueError unless code is legal in pos (a record must never replay an illegal move)
    b = [0] * g.MAX_MOVES
    n = g.moves(pos, b)
    for i in range(n):
        if b[i] == code:
            g.play(pos, code)
            return
    raise ValueError("illegal move in save")


def drive_backup(base="/saves/mancala"):
    """The backup FilePair on the CIRCUITPY drive when boot.py made it writable by code, else
    None (CircuitPython only; the drive is read-only to code by default)."""
    try:
        import storage
        if storage.getmount("/").readonly:
            return None
        import os
        try:
            os.mkdir(base[:base.rindex("/")])
        except OSError:
            pass  # already there
        return FilePair(base)
    except (ImportError, AttributeError, OSError, ValueError):
        return None


def make_store(board):
    """saves.make_store: the board's nvm (+ the drive copy), else its SAVE_FILE."""
    from firmware import saves
    mem = getattr(board, "storage", None)
    if mem is not None:
        return saves.SlotStore(mem, drive_backup())
    return saves.FileStore(getattr(board, "SAVE_FILE", None) or "mancala.sav")
