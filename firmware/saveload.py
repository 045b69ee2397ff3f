# Saves, the code needed only at start-up or outside a game (loaded for one call and dropped, so
# it takes no heap during play): the App's open_store(board), called once; the stores' reading
# (NvmLog.read, FilePair.read: the newest copy of the last save); Saver.load's replay of the
# records (load), the positions checked with the engine; and a payload read whole (Flat: a
# save on the title screen offering a saved game). Records are read from bytes by
# firmware/saveparse.py. The resident firmware/saves.py loads this module in those methods.
from firmware.saves import SNAP, HEAD, POS, MOVE, UNDO, PUSH, SHIFT, SHORT, SHORT_SHIFT, \
    VERSION, EMPTY, hash_at, Saver, NvmLog, FilePair, read_head
from firmware.saveparse import get_varint, read_log, old_slots


def open_store(board):
    """The App's Saver, made once at start-up: on the board's nvm (with the copy on the drive
    when boot.py made it writable by code), else on its SAVE_FILE (the desktop's store)."""
    mem = getattr(board, "storage", None)
    if mem is not None:
        return Saver(NvmLog(mem, drive_backup()))
    from firmware.savefile import FileStore
    return Saver(FileStore(getattr(board, "SAVE_FILE", None) or "mancala.sav"))


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


def read_nvm(nvm):
    """NvmLog.read (nvm: the NvmLog): [(kind, body)] of the newest copy (the nvm log, or the
    backup if newer), or []; sets the log's gen, end (-1: rewrite before appending), trusted,
    error."""
    nvm.error = None
    import gc
    gc.collect()  # this module's load left garbage: the sector's copy wants one 4 KB block
    buf = nvm.mem[0:nvm.size]
    log = read_log(buf, nvm.size)
    old = None if log is not None else old_slots(buf)
    del buf
    bk = None
    if nvm.backup is not None:
        try:
            bk = nvm.backup.read()
        except OSError:
            bk = None
    nvm.end = -1
    nvm.trusted = False
    if log is not None and (bk is None or log[0] >= bk[0]):
        nvm.gen = log[0]
        nvm.trusted = True
        if log[3]:
            if log[4] == VERSION:  # an older log is read, never appended to: rewritten
                nvm.end = log[2]
        else:
            nvm.error = "last save cut short"
        return log[1]
    if bk is not None:
        nvm.gen = max(bk[0], log[0] if log is not None else 0)
        return [(SNAP, bk[1])]
    if old is not None:
        return [(SNAP, old[1])]
    if log is None and not _blank(nvm.mem[0:nvm.size]):
        nvm.error = "foreign data"
    return []


def _blank(buf):
    # never written: erased flash (0xFF) or a zeroed buffer
    c = buf[0]
    if c != 0 and c != EMPTY:
        return False
    for x in buf:
        if x != c:
            return False
    return True


def _read_copy(opener, path):
    # (generation, payload) of the file at path if it is one G + S log (a drive copy), else None
    try:
        with opener(path, "rb") as f:
            buf = f.read()
    except OSError:
        return None
    log = read_log(buf, len(buf))
    if log is None or len(log[1]) != 1 or log[1][0][0] != SNAP:
        return None
    return log[0], log[1][0][1]


def read_pair(backup):
    """FilePair.read (backup: the FilePair): (generation, payload) of the newest valid file, or
    None; sets its gens."""
    best = None
    for i in (0, 1):
        r = _read_copy(backup.open, backup.paths[i])
        backup.gens[i] = -1 if r is None else r[0]
        if r is not None and (best is None or r[0] > best[0]):
            best = r
    return best


def load(saver):
    """Saver.load (saver: the Saver): the store's records replayed into the saver, the positions
    checked; the payload or None."""
    saver.head = None
    saver.sums = []
    saver.top = None
    saver.fresh = True
    saver.error = None
    saver.notice = ""
    if saver.store is None:
        return None
    try:
        recs = saver.store.read()
    except MemoryError:
        raise
    except Exception as e:  # an unreadable medium is a missing save, never a crash
        recs = []
        saver.error = "save unreadable (%s)" % e
    saver.error = saver.error or getattr(saver.store, "error", None)
    head = None
    blob = b""
    saver.codes = []
    games = {}  # head -> its engine game, for this load only
    damaged = False
    last = len(recs) - 1
    for k in range(len(recs)):
        try:
            head, blob = _apply(saver, games, head, blob, recs[k][0], recs[k][1], k == last)
        except MemoryError:
            raise
        except Exception:
            damaged = True
            saver.error = "save damaged: the part before it used"
            break
    saver.notice = "Corrupt save ignored" if saver.error else ""
    if head is None:
        return None
    if saver.error:
        saver.notice = "Save damaged: older one used" if damaged else \
            "Save cut short: previous one used"
    head, blob, why = _validate(games, head, blob)
    if why:
        saver.error = saver.notice = why
        saver.codes = []
    g = _game(games, head)
    saver.size = g.SIZE if g is not None else 0
    n = saver.size if saver.size and len(blob) >= saver.size else 0
    saver.keep(head, hashes(blob, saver.size), blob[:n])
    saver.fresh = damaged or bool(why)  # the store no longer matches: rewrite it next time
    return head + b"\n" + blob


def _game(games, head):
    # the engine game a head names (None if none)
    if head not in games:
        games[head] = None
        try:
            g, r = read_head(head)[3:5]
        except Exception:  # not a head this app wrote: no game in it
            return None
        if g:
            from engine import games as G
            games[head] = G.load(g, r)
    return games[head]


def _apply(saver, games, head, blob, kind, body, last):
    # last: the newest record, the only one a power cut can have left torn (nothing is
    # appended after a torn record), so the only one whose move is checked for legality
    if kind == SNAP:
        i = body.index(b"\n")  # ValueError: not a payload
        g = _game(games, body[:i])
        saver.codes = [None] * ((len(body) - i - 1) // g.SIZE) if g is not None else []
        return body[:i], body[i + 1:]
    if head is None:
        raise ValueError("record before a snapshot")
    if kind == HEAD:  # a whole JSON object, nothing after it (a length read wrong fails here)
        if body[-1:] != b"}":
            raise ValueError("bad head record")
        read_head(body)  # (ValueError, KeyError: not a head)
        return body, blob
    size = _game(games, head).SIZE
    if kind == POS:
        if len(body) != size + 1 or body[0] < 1:
            raise ValueError("bad position record")
        saver.codes = ([None] + saver.codes)[:body[0]]
        return head, (body[1:] + blob)[:body[0] * size]
    if kind == MOVE or kind == PUSH or kind == SHIFT or kind >= SHORT:
        had = len(blob) // size
        if kind >= SHORT:
            code = kind & 31
            keep = had + 1 if kind < SHORT_SHIFT else had
        else:
            code, i = get_varint(body, 0, len(body))
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
        saver.codes = ([code] + saver.codes)[:keep]
        return head, (bytes(pos) + blob)[:keep * size]
    if kind == UNDO:
        n, i = get_varint(body, 0, len(body))
        if i != len(body) or n < 1 or n * size >= len(blob):
            raise ValueError("bad undo record")
        saver.codes = saver.codes[n:]
        return head, blob[n * size:]
    raise ValueError("unknown record")


def _validate(games, head, blob):
    # (head, blob, notice): a saved game the engine rejects, or that is over, is dropped
    try:
        cfg, ls, w, name, r, h, nr = read_head(head)
    except MemoryError:
        raise
    except Exception:
        return b"{}", b"", "Save unreadable: ignored"
    why = None
    try:
        if not name:
            return head, blob, None
        g = _game(games, head)
        size = g.SIZE
        if not blob or len(blob) % size:
            raise ValueError("size")
        for i in range(0, len(blob), size):
            g.from_json(g.to_json(bytearray(blob[i:i + size])))  # ValueError if rejected
        if not g.over(bytearray(blob[:size])):
            return head, blob, None
    except MemoryError:
        raise
    except Exception:
        why = "Saved game invalid: ignored"
    from firmware import saves  # (resident)
    return saves.head(cfg, ls, w, nr=nr), b"", why  # the head without its game


def _play(g, pos, code):
    # ValueError unless code is legal in pos (a record must never replay an illegal move)
    b = [0] * g.MAX_MOVES
    n = g.moves(pos, b)
    for i in range(n):
        if b[i] == code:
            g.play(pos, code)
            return
    raise ValueError("illegal move in save")


# A whole payload (saves.state(session)'s: JSON head, "\n", positions newest first) as the Saver
# reads it: for the saves made outside a game (settings, the title screen) and at load; a game's
# saves are a saves.Live, read where the session keeps the positions.
def hashes(blob, size):
    """hash_at of each size-byte position in blob (the whole blob as one if size is 0 or does not
    divide it)."""
    n = len(blob)
    if not size or n % size:
        size = n if n else 1
    out = []
    for s in range(0, n, size):
        out.append(hash_at(blob, s, size))
    return out


class Flat:
    """A payload with the face of a saves.Live: head, sums, nbytes, top(), payload()."""

    def __init__(self, payload, size):
        i = payload.find(b"\n")
        if i < 0:
            i = len(payload)
        v = memoryview(payload)
        self.p = payload
        self.head = v[:i]
        self.blob = v[i + 1:]
        self.nbytes = len(self.blob)
        self.sums = hashes(self.blob, size)
        self.size = size

    def top(self):
        """The newest position (empty if none or the size is unknown)."""
        n = self.size if self.size and self.nbytes >= self.size else 0
        return self.blob[:n]

    def payload(self):
        return self.p
