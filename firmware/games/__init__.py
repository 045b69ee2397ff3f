# The app side of each game, one folder per game:
#   games/<name>/adapter.py  what the app knows about the game (cells, navigation grid, how a
#                            trace event changes the picture, messages, score terms), no display
#   games/<name>/view.py     its board on the screen (displayio)
#   games/<name>/help.py     its "How to play" text (loaded only while shown)
# The imports are written out (no names built at run time) so that a reader, and the bundler's
# import walk, see every module. Only the active game's modules stay loaded (keep_game).
from firmware.common import unload
from engine.games import NAMES

_PARTS = ("adapter", "view", "help")
_ENGINE = ("engine.%s", "engine.%s_json", "engine.%s_match", "engine.%s_run",
           "engine.eval_%s")


def part(name, what):
    """One part of a game's app side: what = "adapter", "view" or "help" (a module)."""
    if name == "omweso":
        if what == "view":
            from firmware.games.omweso import view as m
        elif what == "help":
            from firmware.games.omweso import help as m
        else:
            from firmware.games.omweso import adapter as m
    elif name == "sanyao":
        if what == "view":
            from firmware.games.sanyao import view as m
        elif what == "help":
            from firmware.games.sanyao import help as m
        else:
            from firmware.games.sanyao import adapter as m
    else:
        if what == "view":
            from firmware.games.oanquan import view as m
        elif what == "help":
            from firmware.games.oanquan import help as m
        else:
            from firmware.games.oanquan import adapter as m
    return m


def adapter(name):
    return part(name, "adapter")


def engine_game(name):
    """The engine's Game class for a game name (loads only that game's engine module)."""
    return getattr(__import__("engine." + name), name).Game


def drop_help(name):
    unload("firmware.games.%s.help" % name)


def keep_game(name):
    """Unload every other game's modules (engine and app side): only the game being played (or
    chosen) stays loaded. Returns its adapter."""
    for g in NAMES:
        if g != name:
            for m in _ENGINE:
                unload(m % g)
            for m in _PARTS:
                unload("firmware.games.%s.%s" % (g, m))
            unload("firmware.games." + g)
    return adapter(name)
