# Saves that survive a power cut. A save is a payload (bytes) framed as
#   b"MQ" | version | seq (4, LE) | length (2, LE) | payload | checksum (4, Fletcher-32-ish, LE)
# and written into one of two slots (half of the storage each): the slot that does NOT hold the
# newest valid save, so a write cut short leaves the previous save intact. On the desktop the same
# frame goes to a file written atomically (temp file + rename).
_MAGIC = b"MQ"
_VERSION = 1
_HEAD = 9


def checksum(data, n=None):
    a = 1
    b = 0
    if n is None:
        n = len(data)
    for i in range(n):
        a = (a + data[i]) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def frame(seq, payload):
    n = len(payload)
    out = bytearray(_HEAD + n + 4)
    out[0:2] = _MAGIC
    out[2] = _VERSION
    for i in range(4):
        out[3 + i] = (seq >> (8 * i)) & 255
    out[7] = n & 255
    out[8] = n >> 8
    out[_HEAD:_HEAD + n] = payload
    c = checksum(out, _HEAD + n)
    for i in range(4):
        out[_HEAD + n + i] = (c >> (8 * i)) & 255
    return out


def unframe(buf):
    """(seq, payload) of a framed save, None if empty, or raises ValueError if corrupt/foreign."""
    if len(buf) < _HEAD + 4:
        return None
    if buf[0] == 0xFF and buf[1] == 0xFF or buf[0] == 0 and buf[1] == 0:
        return None  # never written
    if bytes(buf[0:2]) != _MAGIC:
        raise ValueError("foreign data")
    if buf[2] != _VERSION:
        raise ValueError("save version %d" % buf[2])
    seq = buf[3] | buf[4] << 8 | buf[5] << 16 | buf[6] << 24
    n = buf[7] | buf[8] << 8
    if _HEAD + n + 4 > len(buf):
        raise ValueError("bad length")
    c = checksum(buf, _HEAD + n)
    got = 0
    for i in range(4):
        got |= buf[_HEAD + n + i] << (8 * i)
    if c != got:
        raise ValueError("bad checksum")
    return seq, bytes(buf[_HEAD:_HEAD + n])


class SlotStore:
    """Two slots in a bytearray-like persistent store (microcontroller.nvm)."""

    def __init__(self, storage):
        self.mem = storage
        self.half = len(storage) // 2
        self.seq = 0
        self.cur = -1      # slot holding the newest save (-1: not known yet)
        self.error = None  # text describing a corrupt slot found at load time

    def capacity(self):
        return self.half - _HEAD - 4

    def _slot(self, i):
        h = self.half
        return self.mem[i * h:(i + 1) * h]

    def load(self):
        best = None
        self.error = None
        for i in (0, 1):
            try:
                r = unframe(self._slot(i))
            except ValueError as e:
                self.error = "slot %d: %s" % (i + 1, e)
                continue
            if r is not None and (best is None or r[0] > best[0]):
                best = r
                self.cur = i
        if best is None:
            return None
        self.seq = best[0]
        return best[1]

    def save(self, payload):
        if len(payload) > self.capacity():
            raise ValueError("save too big")
        # write over the slot that does not hold the newest save
        if self.cur < 0:
            target = 0
            newest = -1
            for i in (0, 1):
                try:
                    r = unframe(self._slot(i))
                except ValueError:
                    r = None
                if r is not None and r[0] > newest:
                    newest = r[0]
                    target = 1 - i
            self.seq = max(self.seq, newest)
        else:
            target = 1 - self.cur
        self.seq += 1
        f = frame(self.seq, payload)
        base = target * self.half
        self.mem[base:base + len(f)] = f
        self.cur = target

    def wipe(self):
        for i in (0, 1):
            self.mem[i * self.half:i * self.half + 2] = b"\x00\x00"
        self.cur = -1


class FileStore:
    """One framed save in a file, written atomically (temp + rename)."""

    def __init__(self, path):
        self.path = path
        self.seq = 0
        self.error = None

    def load(self):
        self.error = None
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        try:
            r = unframe(data)
        except ValueError as e:
            self.error = str(e)
            return None
        if r is None:
            return None
        self.seq = r[0]
        return r[1]

    def save(self, payload):
        import os
        self.seq += 1
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(frame(self.seq, payload))
        try:
            os.rename(tmp, self.path)
        except OSError:  # some ports refuse to rename over an existing file
            os.remove(self.path)
            os.rename(tmp, self.path)

    def wipe(self):
        import os
        try:
            os.remove(self.path)
        except OSError:
            pass
