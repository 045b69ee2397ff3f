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


def adapter(name):
    if name == "omweso":
        from firmware.games.omweso import adapter as m
    elif name == "sanyao":
        from firmware.games.sanyao import adapter as m
    else:
        from firmware.games.oanquan import adapter as m
    return m


def view_class(name):
    if name == "omweso":
        from firmware.games.omweso.view import View
    elif name == "sanyao":
        from firmware.games.sanyao.view import View
    else:
        from firmware.games.oanquan.view import View
    return View


def help_text(name):
    if name == "omweso":
        from firmware.games.omweso.help import HELP
    elif name == "sanyao":
        from firmware.games.sanyao.help import HELP
    else:
        from firmware.games.oanquan.help import HELP
    return HELP


def engine_game(name):
    """The engine's Game class for a game name (loads only that game's engine module)."""
    if name == "omweso":
        from engine.omweso import Game
    elif name == "sanyao":
        from engine.sanyao import Game
    else:
        from engine.oanquan import Game
    return Game


def drop_help(name):
    unload("firmware.games.%s.help" % name)


def keep_game(name):
    """Unload every other game's modules (engine and app side): only the game being played (or
    chosen) stays loaded."""
    for g in NAMES:
        if g != name:
            for m in _ENGINE:
                unload(m % g)
            for m in _PARTS:
                unload("firmware.games.%s.%s" % (g, m))
            unload("firmware.games." + g)
