# The record format of firmware/saves.py read back: a log's records from its bytes, each checked
# (CRC, or Adler-32 in the older formats still read). Start-up code, imported by
# firmware/saveload.py (dropped with it: no heap during play) and by the desktop's store
# (firmware/savefile.py).
from firmware.saves import G_HEAD, SNAP, HEAD, POS, MOVE, UNDO, PUSH, SHIFT, SHORT, VERSION, \
    EMPTY, crc16, crc32


_KINDS = (G_HEAD, SNAP, HEAD, POS, MOVE, UNDO, PUSH, SHIFT)


def get_varint(buf, i, end):
    """(value, index after it) of the varint at buf[i], read no further than end; ValueError if
    it is not one."""
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


def parse(buf, i, end, v=VERSION):
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
            n, j = get_varint(buf, i + 1, end)
        except ValueError:
            return None
        k = j + n
    w = 4 if kind == G_HEAD or kind == SNAP else 2
    if k + w > end:
        return None
    got = 0
    if v == VERSION:
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
    if v != VERSION and v != 2:
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
    while i < end and buf[i] != EMPTY:
        r = parse(buf, i, end, v)
        if r is None:
            break
        recs.append((r[0], r[1]))
        i = r[2]
    if i < first or not recs:
        return None  # the rewrite that began this log was cut short
    if i < end and buf[i] != EMPTY:
        return gen, recs, i, False, v  # an append cut short: its record is dropped
    for j in range(i, end):
        if buf[j] != EMPTY:
            return gen, recs, i, False, v
    return gen, recs, i, True, v


def old_frame(buf, base, end):
    """(seq, payload) of the frame of version 1 (until 2026-11-30) at buf[base:end], or None: "MQ",
    1, seq (4), length (2), payload, Adler-32."""
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


def old_slots(buf):
    """(seq, payload) of version 1 on nvm (two slots, half of the store each): the newest valid
    slot, or None."""
    h = len(buf) // 2
    a = old_frame(buf, 0, h)
    b = old_frame(buf, h, 2 * h)
    if a is None or b is not None and b[0] > a[0]:
        return b
    return a
