# Small helpers shared by the session modules. Portable.
import sys
from engine.games import NAMES as GAMES

# the modules that belong to one game: its engine rules, JSON view, match rules and evaluation,
# and the app's adapter, view and rules help
_GAME_MODULES = ("engine.%s", "engine.%s_json", "engine.%s_match", "engine.eval_%s",
                 "firmware.g_%s", "firmware.v_%s", "firmware.help_%s")


def unload(name):
    """Forget a module (sys.modules and its package's attribute), so that the heap it holds is
    freed once nothing else refers to it; the next import loads it again."""
    mod = sys.modules.pop(name, None)
    if mod is None:
        return
    i = name.rfind(".")
    pkg = sys.modules.get(name[:i]) if i > 0 else None
    if pkg is not None and getattr(pkg, name[i + 1:], None) is mod:
        delattr(pkg, name[i + 1:])


def keep_game(name):
    """Unload every other game's modules: only the game being played (or chosen) stays loaded."""
    for g in GAMES:
        if g != name:
            for m in _GAME_MODULES:
                unload(m % g)


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
