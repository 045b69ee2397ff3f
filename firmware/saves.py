# Saves, the part resident during play: the record format, the head's codec (head, read_head), the
# Saver (what is written, when), the game's state as it reads it (Live) and the stores' append path.
# Portable Python. After every change the session calls save(state(session), move, game) (move: the
# code just played, if that is what changed; game: its engine game). The Saver compares that with
# what is stored and appends the smallest record that rebuilds it: a move code (3-8 bytes), "n
# positions taken back" (U), a new position (P), a new head (J), nothing if nothing changed, else
# the whole payload (S). On the RP2040, microcontroller.nvm is ONE 4 KB flash sector that
# CircuitPython programs page by page when the bytes written over are all 0xFF, else erases whole
# (common-hal/nvm/ByteArray.c): so records go to its erased part (NvmLog) and it is erased only when
# the log is full, about once a game, after the whole state went to a place that never shares an
# erase with it (FilePair: two files on the CIRCUITPY drive): a power cut at any instant loses at
# most the save being written. Start-up code: firmware/saveload.py (+ saveparse.py, records from
# bytes); a full log's rewrite: saverewrite.py (loaded for the call by the methods below); the
# desktop's store: savefile.py. docs/app.md "Saves", architecture.md "A move to the flash".
import gc
# Record: kind (1 byte) | body length (varint) | body | check of all that: CRC-32 (4 bytes, LE)
# for the header and snapshots, CRC-16 (2 bytes, BE) for the rest (docs/app.md "Saves": what the
# checks catch). Kinds 0x80-0xBF carry a small move code in the kind byte, no length, no body.
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
VERSION = 3     # 3: CRC checks (2: Adler-32, read still; 1: two slots, read still)
EMPTY = 0xFF    # erased flash: where the next record may go


# Nibble tables, big-endian: 16 entries of CRC-16/CCITT (0x1021, MSB first), then 16 of CRC-32
# (IEEE, reflected). Bytes, not a tuple of ints: 96 bytes of heap (the tests check every entry
# against zlib and binascii).
_T = b"\x00\x00\x10\x21\x20\x42\x30\x63\x40\x84\x50\xa5\x60\xc6\x70\xe7" \
    b"\x81\x08\x91\x29\xa1\x4a\xb1\x6b\xc1\x8c\xd1\xad\xe1\xce\xf1\xef" \
    b"\x00\x00\x00\x00\x1d\xb7\x10\x64\x3b\x6e\x20\xc8\x26\xd9\x30\xac" \
    b"\x76\xdc\x41\x90\x6b\x6b\x51\xf4\x4d\xb2\x61\x58\x50\x05\x71\x3c" \
    b"\xed\xb8\x83\x20\xf0\x0f\x93\x44\xd6\xd6\xa3\xe8\xcb\x61\xb3\x8c" \
    b"\x9b\x64\xc2\xb0\x86\xd3\xd2\xd4\xa0\x0a\xe2\x78\xbd\xbd\xf2\x1c"


def crc16(data, start=0, end=None, c=0xFFFF):
    """CRC-16/CCITT-FALSE of data[start:end], continuing from c. A record stores it big-endian:
    then any burst of <= 16 bits and any odd number of flipped bits in the record is caught."""
    t = _T
    if end is None:
        end = len(data)
    for i in range(start, end):
        c ^= data[i] << 8
        n = (c >> 11) & 30
        c = ((c << 4) & 0xFFFF) ^ (t[n] << 8) ^ t[n + 1]
        n = (c >> 11) & 30
        c = ((c << 4) & 0xFFFF) ^ (t[n] << 8) ^ t[n + 1]
    return c


def crc32(data, start=0, end=None, c=0):
    """CRC-32 (zlib's) of data[start:end], continuing from c (the CRC-32 of what comes before),
    in two 16-bit halves: small ints only, nothing allocated per byte."""
    t = _T
    if end is None:
        end = len(data)
    hi = (c >> 16) ^ 0xFFFF
    lo = (c & 0xFFFF) ^ 0xFFFF
    for i in range(start, end):
        lo ^= data[i]
        for _ in (0, 1):
            n = 32 + ((lo & 15) << 2)
            lo = ((lo >> 4) | ((hi & 15) << 12)) ^ (t[n + 2] << 8) ^ t[n + 3]
            hi = (hi >> 4) ^ (t[n] << 8) ^ t[n + 1]
    return ((hi ^ 0xFFFF) << 16) | (lo ^ 0xFFFF)


def hash_at(data, start, size):
    """A 25-bit polynomial hash of the size bytes of data from start (a stored position). Small
    ints on the device: h * 31 + 255 < 2**30."""
    h = 0
    for i in range(start, start + size):
        h = (h * 31 + data[i]) % 33554393
    return h


def put_varint(out, v):
    """Append v to out as a varint (7 bits a byte, low first)."""
    while v >= 128:
        out.append((v & 127) | 128)
        v >>= 7
    out.append(v)


def record(kind, body):
    out = bytearray((kind,))
    if kind < SHORT:
        put_varint(out, len(body))
        out += body
    if kind == G_HEAD or kind == SNAP:  # CRC-32, little-endian
        c = crc32(out)
        for i in range(4):
            out.append((c >> (8 * i)) & 255)
    else:  # CRC-16, big-endian: the bit order the CRC reads, so bursts into the check are caught
        c = crc16(out)
        out.append(c >> 8)
        out.append(c & 255)
    return out


class Saver:
    def __init__(self, store):
        self.store = store
        self.head = None    # the stored JSON head (bytes), None: nothing stored
        # the stored positions are not kept (the session holds them; a copy was ~1.4 KB of a
        # late Omweso game's heap): their hashes, newest first, and a copy of the newest
        self.sums, self.top = [], None
        self.size = 0       # bytes per position of the stored game (0: not known)
        self.codes = []     # codes[k]: the move from position k+1 to k (None: not known)
        self.fresh = True   # the next save rewrites the store (unknown or damaged contents)
        self.error = None   # what was wrong with the stored save (for logs and tests)
        self.notice = ""    # the same in a player's words, for the title screen
        self.spare = None   # before a log's rewrite: frees what can be made again (App.spare)

    def save(self, payload, move=None, game=None):
        """Store payload (saves.state(session): a Live builds it only if a snapshot or a rewrite
        needs it). payload and game are used during the call only (only the active game's modules
        stay loaded): the Saver keeps the head, the positions' hashes and the newest position."""
        if self.store is None:
            return
        if game is not None:
            self.size = game.SIZE
        if isinstance(payload, Live):
            st = payload
        else:  # a payload read whole (the title screen offering a saved game): start-up code
            from firmware.saveload import Flat
            st = Flat(payload, self.size)
            _drop_reader()
        head = st.head
        sums = st.sums
        got = None
        if not self.fresh and self.head is not None:
            if sums == self.sums:
                if head == self.head:
                    return  # nothing new: no flash write
                got = record(HEAD, head), self.codes
            elif head == self.head and self.size:
                got = self._compact(st, move, game)
        if got is None:  # a snapshot if it fits the log, else the rewrite builds it in its 4 KB
            e = getattr(self.store, "end", -1)
            got = record(SNAP, st.payload()) if 0 <= e <= self.store.size - len(head) - \
                st.nbytes - 8 else None, [None] * (st.nbytes // self.size) if self.size else []
        self.fresh = True  # until the write is known to be complete
        (rec, codes), got = got, None
        if rec is None or not self.store.append(rec):
            rec = None
            (self.spare or gc.collect)()  # (App.spare collects too): the save's garbage goes
            from firmware import saverewrite  # about once a game: loaded for this call only
            from firmware.common import unload
            try:
                saverewrite.save(self.store, st, self.size, head, codes)
            finally:
                unload("firmware.saverewrite")
        self.keep(head, sums, st.top())
        self.codes = codes
        self.fresh = False

    def keep(self, head, sums, top):
        """Remember what the store holds: its head, positions' hashes, newest position (copied)."""
        if self.head is None or head != self.head:
            self.head = bytes(head)
        self.sums = sums
        n = len(top)
        if self.top is None or len(self.top) != n:
            self.top = bytearray(n)
        for i in range(n):
            self.top[i] = top[i]

    def _compact(self, st, move, game):
        # (record, codes after it) for a take-back or a move, None if it is neither: the
        # positions are compared with the stored ones through their hashes, a move's newest
        # position byte for byte with the stored newest one played on
        size = self.size
        old = self.sums
        sums = st.sums
        d = len(old) - len(sums)
        if d > 0 and old[d:] == sums:
            body = bytearray()
            put_varint(body, d)
            return record(UNDO, body), self.codes[d:]
        keep = len(sums)
        had = len(old)
        if st.nbytes % size or not st.nbytes or not had or keep > 255 or \
                sums[1:] != old[:keep - 1]:
            return None
        new = st.top()
        if move is not None and game is not None and len(self.top) == size:
            p = bytearray(self.top)
            try:
                game.play(p, move)
            except Exception:
                p = None
            if p == new:  # the code replays to the same position (repetition rules aside)
                body = bytearray()
                if keep != had + 1 and keep != had:
                    put_varint(body, move)
                    body.append(keep)
                    kind = MOVE
                elif move < 32:
                    kind = (SHORT if keep > had else SHORT_SHIFT) | move
                else:
                    put_varint(body, move)
                    kind = PUSH if keep > had else SHIFT
                return record(kind, body), ([move] + self.codes)[:keep]
        body = bytearray((keep,))
        body += new
        return record(POS, body), ([None] + self.codes)[:keep]

    def load(self):
        """The stored payload (as saves.state(session) gives it) or None; self.error and
        self.notice say what was wrong, if anything (a record cut short, a rejected position).
        The reading code (firmware/saveload.py) is loaded for this call only."""
        gc.collect()  # loading a module wants large free blocks
        from firmware import saveload
        try:
            return saveload.load(self)
        finally:
            _drop_reader()


def _drop_reader():  # start-up code goes after its call: saveload and its record reader
    from firmware.common import unload
    unload("firmware.saveload")
    unload("firmware.saveparse")


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
        self.buf = None     # during a rewrite: the sector's new image (saverewrite.save)

    def append(self, rec):
        """Write rec after the last record (page programs only); False if it must wait for a
        rewrite (log full, or the sector holds a write cut short)."""
        e = self.end
        if e < 0 or e + len(rec) > self.size:
            return False
        self.mem[e:e + len(rec)] = rec
        self.end = e + len(rec)
        return True

    def read(self):
        """[(kind, body)] of the newest complete save (the sector's log, or the backup's copy if
        newer), or []; sets gen, end, trusted and error. Start-up code: firmware/saveload.py
        (Saver.load loads it and drops it)."""
        from firmware import saveload
        return saveload.read_nvm(self)

    def rewrite(self, payload, recs=None):
        """A fresh log holding payload (or recs, records that rebuild it), the backup first if
        the sector holds the only copy. About once a game: firmware/saverewrite.py (Saver.save
        loads it and drops it)."""
        from firmware import saverewrite
        saverewrite.rewrite_nvm(self, payload, recs)


class FilePair:
    """Two files, each one G + S log padded to a fixed size (so FAT's allocation table never
    changes: only the file's clusters and its directory entry are rewritten). The write goes to
    the file that does not hold the newest copy; nothing is ever removed or renamed (CircuitPython's
    FAT cannot rename over a file)."""
    SIZE = 2048

    def __init__(self, base, opener=open):
        self.paths = (base + "-a.sav", base + "-b.sav")
        self.open = opener
        self.gens = [-1, -1]  # the generation each file holds (-1: none, or being written)

    def read(self):
        """(generation, payload) of the newest valid file, or None (at start-up: saveload)."""
        from firmware import saveload
        return saveload.read_pair(self)

    def write(self, gen, payload, buf=None):
        """The state into the file not holding the newest copy (saverewrite.write_pair)."""
        from firmware import saverewrite
        saverewrite.write_pair(self, gen, payload, buf)


def head(cfg, learnt=0, w=None, g=None, r=None, h=0, nr=None):
    """The save's head, its one encoder (read_head reads it back): a JSON line of the settings, the
    lessons and problems met (bits), your record (w: tally.py), the game on or offered as "Resume"
    (name, rules, the human's seat), the next game's rules when not that game's (~280 B)."""
    import json
    d = {"v": 1, "cfg": cfg}
    if learnt:
        d["l"] = learnt
    if w:
        d["w"] = w
    if g:
        d["g"], d["r"], d["h"] = g, r, h
    if nr is not None and not (g == cfg["game"] and r == nr):
        d["nr"] = nr
    return json.dumps(d).encode()


def read_head(b):
    """head()'s arguments back: (cfg, learnt, w, g, r, h, nr); ValueError, KeyError: not a head."""
    import json
    d = json.loads(b.decode())
    if not isinstance(d, dict) or d.get("v") != 1:
        raise ValueError("head")
    g = d.get  # (cfg, learnt, w, g, r, h, nr)
    return d["cfg"], g("l", 0), g("w", {}), g("g"), g("r"), g("h", 0) & 1, g("nr")


def state(s, cfg=None):
    """What a save hands the Saver: the session's payload, a JSON head (head()) + "\n" + its
    positions, newest first, as many as fit in 2000 bytes; built only if needed (a Live: it was
    ~1.7 KB of garbage per move, issue 10), but on the title screen offering a saved game (its
    positions read whole, saveload.Flat). cfg: the settings to write, if not the session's."""
    game = s.game if s.lesson is None else None  # a lesson is not a game to resume
    live = game is not None and not game.over(s.rec.pos)
    g, r, h, blob = None, None, 0, None
    if live:
        g, r, h = game.NAME, game.rules, s.human
    elif game is None and s.saved is not None and s.saved.get("pos"):
        v = s.saved  # on the title screen: keep the saved game offered as "Resume"
        g, r, h, blob = v["g"], v["r"], v["h"], v["pos"]
    h = head(cfg or s.cfg, s.learnt, s.record, g, r, h, s.rules.get(s.cfg["game"]))
    if blob is None:
        return Live(s if live else None, h)
    out = bytearray(len(h) + 1 + len(blob))  # the title screen's: the head, the saved positions
    out[:len(h)] = h
    out[len(h)] = 10
    out[len(h) + 1:] = blob
    return out


class Live:
    """The state as the Saver reads it, where the session keeps it: the newest position
    (rec.pos), then the take-backs newest first, or no position (session None: no game in
    progress, e.g. the save of a game's last move, which so loads no code); the payload is built
    only when a snapshot or a rewrite asks for it (about once a game)."""

    def __init__(self, session, head):
        self.s = session
        self.head = head
        self.p = None
        self.n = -1  # take-backs read; -1: no position
        self.nbytes = 0
        self.sums = []
        if session is not None:
            size = self.size = session.game.SIZE
            u = session.undo
            # take-backs that fit in 2000 bytes with the head
            self.n = n = max(0, min(len(u), (2000 - len(head) - 1) // size - 1))
            self.nbytes = (n + 1) * size
            sums = [hash_at(session.rec.pos, 0, size)]
            for i in range(n):
                sums.append(hash_at(u.buf, u.offset(len(u) - 1 - i), size))
            self.sums = sums

    def top(self):
        return self.s.rec.pos if self.n >= 0 else b""

    def payload(self, out=None):  # out: where to build it (len(head) + 1 + nbytes bytes)
        if self.p is None:
            # made at its final size (growing it copied it at every position: garbage on the chip)
            h = self.head
            a = len(h) + 1
            out = bytearray(a + self.nbytes) if out is None else out
            out[:len(h)] = h
            out[len(h)] = 10
            if self.n >= 0:
                size = self.size
                u = self.s.undo
                out[a:a + size] = self.s.rec.pos
                for i in range(self.n):
                    a += size
                    u.copy_to(len(u) - 1 - i, out, a)
            self.p = out
        return self.p
