# One JSON text for one value, the same byte for byte under CPython and MicroPython:
# keys sorted, ", " and ": " separators, ASCII only. Written piece by piece, so a long position
# or trace never has to fit in memory as one string (the MicroPython port runs with 180 KB).

_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _str(s):
    for ch in s:
        o = ord(ch)
        if o < 32 or o > 126 or ch in _ESC:
            break
    else:
        return '"' + s + '"'
    out = []
    for ch in s:
        e = _ESC.get(ch)
        if e is None:
            o = ord(ch)
            e = ch if 32 <= o < 127 else "\\u%04x" % o
        out.append(e)
    return '"' + "".join(out) + '"'


def write(v, out):
    """Write value v as JSON through the function out(text)."""
    if v is None:
        out("null")
    elif v is True:
        out("true")
    elif v is False:
        out("false")
    elif isinstance(v, int):
        out(str(v))
    elif isinstance(v, str):
        out(_str(v))
    elif isinstance(v, (bytes, bytearray)):  # a repetition key: lowercase hex digits
        out('"')
        out(v.hex())  # one string: one per digit pair fragmented the MicroPython heap
        out('"')
    elif isinstance(v, (list, tuple)):
        out("[")
        first = True
        for x in v:
            if not first:
                out(", ")
            first = False
            write(x, out)
        out("]")
    elif isinstance(v, dict):
        out("{")
        first = True
        for k in sorted(v):
            if not first:
                out(", ")
            first = False
            out(_str(k))
            out(": ")
            write(v[k], out)
        out("}")
    else:
        raise TypeError("cannot write %r as JSON" % (v,))


def dumps(v):
    parts = []
    write(v, parts.append)
    return "".join(parts)


# ---- reading ---------------------------------------------------------------------------------
# A strict JSON reader of our own: CPython's and MicroPython's json modules disagree on trailing
# commas, leading zeros, NaN, control characters, depth (RecursionError / MemoryError) and
# invalid UTF-8, and the protocol promises the same verdict on both. Positions hold only small
# integers and short ASCII words, so that is all this reader accepts (docs/protocol.md).
MAX_DEPTH = 16    # positions nest 3 deep
MAX_STRING = 200  # the longest string of a position is a history key (52 hex digits)
MAX_DIGITS = 12

_WS = b" \t\n\r"
_UNESC = {34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t"}


_hexkeys = ()


class JSONError(ValueError):
    pass


def parse(data, hexlists=()):
    """The value of the JSON text `data` (bytes); JSONError saying what and where if it is not
    strict JSON within the limits above. In a list that is the value of a key named in
    `hexlists`, strings of lowercase hex digits come back as bytearrays, converted as they are read:
    a long history then never sits in memory twice (the MicroPython heap fragments)."""
    global _hexkeys
    _hexkeys = hexlists
    v, i = _value(data, _skip(data, 0), 0)
    i = _skip(data, i)
    if i < len(data):
        _fail(data, i, "extra data after the value")
    return v


def _fail(data, i, what):
    if i < len(data) and data[i] > 126:
        what = "byte 0x%02x: only ASCII text is accepted" % data[i]
    raise JSONError("%s at byte %d" % (what, i))


def _skip(data, i):
    n = len(data)
    while i < n and data[i] in _WS:
        i += 1
    return i


def _value(data, i, depth):
    if i >= len(data):
        _fail(data, i, "unexpected end")
    c = data[i]
    if 48 <= c <= 57 or c == 45:  # most values of a position are numbers
        return _number(data, i)
    if c == 34:
        return _string(data, i + 1)
    if c == 123 or c == 91:  # { [
        if depth >= MAX_DEPTH:
            _fail(data, i, "nested deeper than %d" % MAX_DEPTH)
        return (_object if c == 123 else _array)(data, i + 1, depth + 1)
    for word, v in ((b"true", True), (b"false", False), (b"null", None)):
        if data[i:i + len(word)] == word:
            return v, i + len(word)
    _fail(data, i, "unexpected character")


def _array(data, i, depth, hexes=False):
    out = []
    n = len(data)
    i = _skip(data, i)
    if i < n and data[i] == 93:
        return out, i + 1
    while True:
        if hexes and i < n and data[i] == 34:
            v, i = _hexstring(data, i + 1)
        else:
            v, i = _value(data, i, depth)
        out.append(v)
        if i < n and data[i] <= 32:  # a call only where there is space to skip
            i = _skip(data, i)
        if i < n and data[i] == 44:
            i = _skip(data, i + 1)
        elif i < n and data[i] == 93:
            return out, i + 1
        else:
            _fail(data, i, "expected , or ] in a list")


def _object(data, i, depth):
    out = {}
    n = len(data)
    i = _skip(data, i)
    if i < n and data[i] == 125:
        return out, i + 1
    while True:
        if i >= n or data[i] != 34:
            _fail(data, i, "expected a \"key\"")
        k, j = _string(data, i + 1)
        if k in out:
            _fail(data, i, "duplicate key \"%s\"" % k)
        if j < n and data[j] <= 32:
            j = _skip(data, j)
        if j >= n or data[j] != 58:
            _fail(data, j, "expected :")
        j = _skip(data, j + 1)
        if k in _hexkeys and j < n and data[j] == 91:
            if depth >= MAX_DEPTH:
                _fail(data, j, "nested deeper than %d" % MAX_DEPTH)
            out[k], i = _array(data, j + 1, depth + 1, True)
        else:
            out[k], i = _value(data, j, depth)
        if i < n and data[i] <= 32:  # a call only where there is space to skip
            i = _skip(data, i)
        if i < n and data[i] == 44:
            i = _skip(data, i + 1)
        elif i < n and data[i] == 125:
            return out, i + 1
        else:
            _fail(data, i, "expected , or } in an object")


def _string(data, i):
    # the common string (no escape, printable ASCII) checked by C loops (find, in, min, max):
    # byte by byte in Python the reader spent 50 µs a byte on the RP2040
    j = data.find(b'"', i)
    if 0 <= j - i <= MAX_STRING:
        s = data[i:j]
        if b"\\" not in s and (i == j or (min(s) >= 32 and max(s) <= 126)):
            return s.decode(), j + 1
    start = i
    parts = []
    n = len(data)
    run = i
    while True:
        if i >= n:
            _fail(data, start - 1, "unterminated string")
        c = data[i]
        if c == 34:
            break
        if c == 92:
            parts.append(data[run:i].decode())
            e = data[i + 1] if i + 1 < n else -1
            if e == 117:  # \uXXXX
                h = data[i + 2:i + 6]
                if len(h) < 4 or not all(x in b"0123456789abcdefABCDEF" for x in h):
                    _fail(data, i, "bad \\u escape")
                c = int(h.decode(), 16)
                if not 32 <= c <= 126:
                    _fail(data, i, "strings hold printable ASCII only (\\u%04x)" % c)
                parts.append(chr(c))
                i += 6
            elif e in _UNESC:
                if e in (98, 102, 110, 114, 116):
                    _fail(data, i, "strings hold printable ASCII only (a control character)")
                parts.append(_UNESC[e])
                i += 2
            else:
                _fail(data, i, "bad escape")
            run = i
            continue
        if not 32 <= c <= 126:
            _fail(data, i, "strings hold printable ASCII only")
        i += 1
        if i - start > MAX_STRING:
            _fail(data, start - 1, "string longer than %d characters" % MAX_STRING)
    parts.append(data[run:i].decode())
    s = "".join(parts)
    if len(s) > MAX_STRING:
        _fail(data, start - 1, "string longer than %d characters" % MAX_STRING)
    return s, i + 1


def _hexstring(data, i):
    # bytes if data[i:] is lowercase hex digits (an even number) and a closing quote, else str
    j = i
    n = len(data)
    while j < n and (48 <= data[j] <= 57 or 97 <= data[j] <= 102):
        j += 1
    if j < n and data[j] == 34 and not (j - i) & 1 and j - i <= MAX_STRING:
        b = bytearray((j - i) >> 1)  # one object per key, no garbage: the heap stays whole
        for k in range(len(b)):
            h = data[i + 2 * k]
            lo = data[i + 2 * k + 1]
            b[k] = (h - (48 if h < 58 else 87)) << 4 | (lo - (48 if lo < 58 else 87))
        return b, j + 1
    return _string(data, i)


def _number(data, i):
    start = i
    if data[i] == 45:
        i += 1
    j = i
    n = len(data)
    v = 0
    while i < n and 48 <= data[i] <= 57:
        if i - j < MAX_DIGITS:  # (a longer one is refused below: no big int grows meanwhile)
            v = v * 10 + data[i] - 48  # no slice, text and int(): a third of a number's time
        i += 1
    if i == j:
        _fail(data, start, "bad number")
    if data[j] == 48 and i - j > 1:
        _fail(data, start, "number with a leading zero")
    if i < n and data[i] in b".eE":
        _fail(data, start, "numbers are whole (no fraction or exponent)")
    if i - j > MAX_DIGITS:
        _fail(data, start, "number longer than %d digits" % MAX_DIGITS)
    return (-v if start < j else v), i
