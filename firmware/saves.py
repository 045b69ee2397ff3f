# Saves: what is written and when (the storage is firmware/savestore.py). Portable Python.
# The session hands over its whole state after every change: save(payload, move), payload =
# session.encode() (a JSON head + "\n" + positions of SIZE bytes, newest first), move = the code
# just played, if that is what changed. The Saver compares it with what is stored and appends the
# smallest record that rebuilds it: a move code (M, ~9 bytes), a position (P), "n positions
# taken back" (U), a new head (J), nothing if nothing changed, else the whole payload (S). So
# every move is saved at once, yet the 4 KB nvm sector fills (and is erased) about once a game.
# load() replays the records and hands back the payload; a saved game whose positions the engine
# rejects (or that is over) is dropped, with a notice.
import json
from firmware import savestore as S


class Saver:
    def __init__(self, store):
        self.store = store
        self.head = None    # the stored JSON head (bytes), None: nothing stored
        self.blob = b""     # the stored positions, newest first
        self.codes = []     # codes[k]: the move from position k+1 to k (None: not known)
        self.fresh = True   # the next save rewrites the store (unknown or damaged contents)
        self.error = None   # what was wrong with the stored save (for logs and tests)
        self.notice = ""    # the same in a player's words, for the title screen
        self._ghead = None
        self._game = None
        self._mbuf = None

    def capacity(self):
        """The largest payload the store takes."""
        return self.store.capacity() if self.store is not None else 0

    # ---------------------------------------------------------------- the engine, for moves
    def _game_for(self, head):
        if head != self._ghead:
            self._game = None
            self._ghead = head
            try:
                h = json.loads(head.decode())
            except ValueError:  # not a head this app wrote: no game in it
                return None
            if h.get("g"):
                from engine import games
                self._game = games.load(h["g"], h["r"])
                self._mbuf = [0] * self._game.MAX_MOVES
        return self._game

    def _play(self, g, pos, code):
        # ValueError unless code is legal in pos (a record must never replay an illegal move)
        b = self._mbuf
        n = g.moves(pos, b)
        for i in range(n):
            if b[i] == code:
                g.play(pos, code)
                return
        raise ValueError("illegal move in save")

    def _derive(self, g, top, new):
        # the move from top to new, when the session did not say (one play per legal move)
        b = self._mbuf
        n = g.moves(bytearray(top), b)
        for i in range(n):
            p = bytearray(top)
            g.play(p, b[i])
            if p == new:
                return b[i]
        return None

    # ---------------------------------------------------------------- writing
    def save(self, payload, move=None):
        if self.store is None:
            return
        i = payload.find(b"\n")
        if i < 0:
            i = len(payload)
        head = bytes(payload[:i])
        blob = bytes(payload[i + 1:])
        got = None
        if not self.fresh and self.head is not None:
            if blob == self.blob:
                if head == self.head:
                    return  # nothing new: no flash write
                got = S.record(S.HEAD, head), self.codes
            elif head == self.head:
                got = self._compact(head, blob, move)
        if got is None:
            got = S.record(S.SNAP, payload), self._unknown(head, blob)
        self.fresh = True  # until the write is known to be complete
        if not self.store.append(got[0]):
            self.store.rewrite(payload, self._rebuild(head, blob, got[1]))
        self.head = head
        self.blob = blob
        self.codes = got[1]
        self.fresh = False

    def _unknown(self, head, blob):
        g = self._game_for(head)
        return [None] * (len(blob) // g.SIZE) if g is not None else []

    def _rebuild(self, head, blob, codes):
        # the records of a fresh log: the positions no known move leads to, then one move record
        # per known move (~8 bytes instead of a position each)
        m = 0
        while m < len(codes) - 1 and codes[m] is not None:
            m += 1
        if m == 0:
            return None
        size = self._game_for(head).SIZE
        n = len(blob) // size
        out = [S.record(S.SNAP, head + b"\n" + blob[m * size:])]
        for j in range(m - 1, -1, -1):
            body = bytearray()
            S._varint(body, codes[j])
            body.append(n - j)
            out.append(S.record(S.MOVE, body))
        return out

    def _move_record(self, code, keep, had):
        # the smallest record for "code played, keep positions of the had + 1 kept"
        if keep == had + 1 or keep == had:
            if code < 32:
                return S.record((S.SHORT if keep > had else S.SHORT_SHIFT) | code, b"")
            body = bytearray()
            S._varint(body, code)
            return S.record(S.PUSH if keep > had else S.SHIFT, body)
        body = bytearray()
        S._varint(body, code)
        body.append(keep)
        return S.record(S.MOVE, body)

    def _compact(self, head, blob, move):
        # (record, codes after it) for a move or a take-back, None if it is neither
        g = self._game_for(head)
        if g is None:
            return None
        size = g.SIZE
        old = self.blob
        d = len(old) - len(blob)
        if d > 0 and d % size == 0 and old[d:] == blob:
            body = bytearray()
            S._varint(body, d // size)
            return S.record(S.UNDO, body), self.codes[d // size:]
        keep = len(blob) // size
        if len(blob) % size or not blob or len(old) < size or \
                blob[size:] != old[:len(blob) - size] or keep > 255:
            return None
        new = blob[:size]
        if move is None:
            move = self._derive(g, old[:size], new)
        if move is not None:
            p = bytearray(old[:size])
            try:
                self._play(g, p, move)
            except ValueError:
                p = None
            if p == new:  # replaying the code gives the same position (repetition rules aside)
                return self._move_record(move, keep, len(old) // size), \
                    ([move] + self.codes)[:keep]
        return S.record(S.POS, bytes((keep,)) + new), ([None] + self.codes)[:keep]

    # ---------------------------------------------------------------- reading
    def load(self):
        """The stored payload (as session.encode() made it) or None; self.error says what was
        wrong, if anything (a record cut short, a rejected position)."""
        self.head = None
        self.blob = b""
        self.fresh = True
        self.error = None
        self.notice = ""
        if self.store is None:
            return None
        try:
            recs = self.store.read()
        except Exception as e:  # an unreadable medium is a missing save, never a crash
            recs = []
            self.error = "save unreadable (%s)" % e
        self.error = self.error or getattr(self.store, "error", None)
        head = None
        blob = b""
        self.codes = []
        damaged = False
        last = len(recs) - 1
        for k in range(len(recs)):
            try:
                head, blob = self._apply(head, blob, recs[k][0], recs[k][1], k == last)
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
        head, blob, why = self._check(head, blob)
        if why:
            self.error = self.notice = why
            self.codes = []
        self.head = head
        self.blob = blob
        self.fresh = damaged or bool(why)  # the store no longer matches: rewrite it next time
        return head + b"\n" + blob

    def _apply(self, head, blob, kind, body, last):
        # last: the newest record, the only one a power cut can have left torn (nothing is
        # appended after a torn record), so the only one whose move is checked for legality
        if kind == S.SNAP:
            i = body.index(b"\n")  # ValueError: not a payload
            self.codes = self._unknown(body[:i], body[i + 1:])
            return body[:i], body[i + 1:]
        if head is None:
            raise ValueError("record before a snapshot")
        if kind == S.HEAD:
            return body, blob
        g = self._game_for(head)
        size = g.SIZE
        if kind == S.POS:
            if len(body) != size + 1 or body[0] < 1:
                raise ValueError("bad position record")
            self.codes = ([None] + self.codes)[:body[0]]
            return head, (body[1:] + blob)[:body[0] * size]
        if kind == S.MOVE or kind == S.PUSH or kind == S.SHIFT or kind >= S.SHORT:
            had = len(blob) // size
            if kind >= S.SHORT:
                code = kind & 31
                keep = had + 1 if kind < S.SHORT_SHIFT else had
            else:
                code, i = S._get_varint(body, 0, len(body))
                if kind == S.MOVE:
                    keep = body[i] if i == len(body) - 1 else 0
                elif i != len(body):
                    keep = 0
                else:
                    keep = had + 1 if kind == S.PUSH else had
            if keep < 1 or had < 1:
                raise ValueError("bad move record")
            pos = bytearray(blob[:size])
            if last:
                self._play(g, pos, code)
            else:
                g.play(pos, code)
            self.codes = ([code] + self.codes)[:keep]
            return head, (bytes(pos) + blob)[:keep * size]
        if kind == S.UNDO:
            n = S._get_varint(body, 0, len(body))[0]
            if n < 1 or n * size >= len(blob):
                raise ValueError("bad undo record")
            self.codes = self.codes[n:]
            return head, blob[n * size:]
        raise ValueError("unknown record")

    def _check(self, head, blob):
        # (head, blob, notice): a saved game the engine rejects, or that is over, is dropped
        try:
            h = json.loads(head.decode())
            if not h.get("g"):
                return head, blob, None
            g = self._game_for(head)
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
        self._ghead = None
        self._game = None
        return json.dumps(h).encode(), b"", why


def SlotStore(mem, backup=None):
    """A Saver on a microcontroller.nvm-like store (and a FilePair backup, if given)."""
    return Saver(S.NvmLog(mem, backup))


def FileStore(path):
    """A Saver on one file replaced atomically (desktop)."""
    return Saver(S.FileStore(path))


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
        return S.FilePair(base)
    except (ImportError, AttributeError, OSError, ValueError):
        return None


def make_store(board):
    """The Saver for a board: its nvm (+ the drive backup), else its SAVE_FILE."""
    mem = getattr(board, "storage", None)
    if mem is not None:
        return SlotStore(mem, drive_backup())
    return FileStore(getattr(board, "SAVE_FILE", None) or "mancala.sav")
