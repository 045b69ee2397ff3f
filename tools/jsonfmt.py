# One JSON text for one value, the same byte for byte under CPython and MicroPython:
# keys sorted, ", " and ": " separators, ASCII only. Used by the command line and the saves.

_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _str(s):
    out = []
    for ch in s:
        e = _ESC.get(ch)
        if e is None:
            o = ord(ch)
            e = ch if 32 <= o < 127 else "\\u%04x" % o
        out.append(e)
    return '"' + "".join(out) + '"'


def dumps(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(dumps(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(_str(k) + ": " + dumps(v[k]) for k in sorted(v)) + "}"
    raise TypeError("cannot write %r as JSON" % (v,))
