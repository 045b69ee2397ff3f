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
