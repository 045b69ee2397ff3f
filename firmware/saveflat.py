# A whole payload (saves.encode(session): JSON head, "\n", positions newest first) as the Saver
# reads it (firmware/saves.py): for the saves made outside a game - settings, the title screen -
# and at load. Loaded for that call only: a game's saves are a saves.Live, read in place.
from firmware.saves import hash_at


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
