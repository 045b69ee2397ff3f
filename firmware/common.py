# Small helpers shared by the session modules. Portable.


def adapter(name):
    mod = __import__("firmware.g_" + name)
    return getattr(mod, "g_" + name)


def num(text):
    """The square/hole/pit a move text starts from ("3+" -> 3, "son:4" -> 4, "14*" -> 14)."""
    if text[:4] == "son:":
        text = text[4:]
    n = 0
    i = 0
    while i < len(text) and "0" <= text[i] <= "9":
        n = n * 10 + ord(text[i]) - 48
        i += 1
    return n if i else -1


def suffix(text):
    i = 4 if text[:4] == "son:" else 0
    while i < len(text) and "0" <= text[i] <= "9":
        i += 1
    return text[i:]



def adapter_game(name):
    """The engine's Game class for a game name (loads only that module)."""
    mod = __import__("engine." + name)
    return getattr(mod, name).Game


def _copy(snap):
    out = {}
    for k in snap:
        v = snap[k]
        if isinstance(v, list):
            v = [list(x) if isinstance(x, list) else x for x in v]
        out[k] = v
    return out
