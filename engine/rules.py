# Rule options shared by every game: validation of a rules dict against a game's OPTIONS table.
# An option is (name, default, allowed): allowed is a tuple of values, or a range (lo, hi) given as
# a list [lo, hi] (hi None = no upper bound). Values are bool, int or str as in the JSON form.


def _ok(value, default, allowed):
    if type(value) is not type(default):
        return False
    if isinstance(allowed, list):
        lo, hi = allowed
        return value >= lo and (hi is None or value <= hi)
    return value in allowed


def describe(allowed):
    if isinstance(allowed, list):
        lo, hi = allowed
        return "%d..%s" % (lo, "" if hi is None else str(hi))
    return "|".join(_text(v) for v in allowed)


def _text(v):
    if v is True:
        return "true"
    if v is False:
        return "false"
    return str(v)


def check(game_name, options, given):
    """Full rules dict (every option) from `given` (may be None or partial); ValueError if bad."""
    out = {}
    for name, default, allowed in options:
        out[name] = default
    if given:
        # in sorted order: the first bad rule named is then the same on every interpreter
        # (CPython keeps a dict's insertion order, MicroPython its hash order)
        for name in sorted(given):
            spec = None
            for o in options:
                if o[0] == name:
                    spec = o
            if spec is None:
                raise ValueError("unknown rule %r for %s (known: %s)"
                                 % (name, game_name, ", ".join(o[0] for o in options)))
            value = given[name]
            if not _ok(value, spec[1], spec[2]):
                raise ValueError("rule %s=%s is out of range (allowed: %s)"
                                 % (name, _text(value), describe(spec[2])))
            out[name] = value
    return out


def decimal(text):
    """True if text is plain ASCII digits. Not str.isdigit(): CPython also takes other scripts'
    digits ("５") and MicroPython does not, and the protocol promises the same verdict on both."""
    if not text:
        return False
    for ch in text:
        if ch not in "0123456789":
            return False
    return True


def parse_value(text):
    """A --rule value typed on a command line: true/false, an integer, or a word."""
    if text == "true":
        return True
    if text == "false":
        return False
    t = text[1:] if text[:1] == "-" else text
    if decimal(t) and len(t) <= 12:  # longer: kept as a word, refused as out of range
        return int(text)
    return text
