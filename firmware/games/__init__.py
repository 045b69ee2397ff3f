# The app side of each game, one folder per game:
#   games/<name>/adapter.py    what the app knows about the game (cells, navigation grid, how a
#                              trace event changes the picture, messages, score terms, and the
#                              flags the generic code asks instead of the game's name), no display
#   games/<name>/view.py       its board on the screen (displayio)
#   games/<name>/help.py       its "How to play" text (loaded only for the help screen)
#   games/<name>/rule_text.py  its rule options in a player's words (firmware/rule_text.py)
#   games/notes.py             one line about each game for the title menu (menus only)
# A fourth game is a fourth folder, its name in engine/games.py and its line in notes.py: no
# session, screen or view file names a game. The parts are found by name (part(), through
# firmware.common.module); the bundle ships the whole package. Only the active game's modules
# stay loaded (keep_game).
import sys
from firmware.common import unload, module
from engine.games import NAMES


def part(name, what):
    """One part of a game's app side: what = "adapter", "view", "help" or "rule_text"."""
    return module("firmware.games.%s.%s" % (name, what))


def adapter(name):
    return part(name, "adapter")


def engine_game(name):
    """The engine's Game class for a game name (loads only that game's engine module)."""
    return module("engine." + name).Game


def default_rules(name):
    """Every rule option of a game at its default (option -> value)."""
    r = {}
    for o in engine_game(name).OPTIONS:
        r[o[0]] = o[1]
    return r


def drop(name, what):
    """A part goes again (the help text, the rule words: loaded only while shown)."""
    unload("firmware.games.%s.%s" % (name, what))


def keep_game(name):
    """Unload every other game's modules (engine and app side): only the game being played (or
    chosen) stays loaded. Returns its adapter."""
    for g in NAMES:
        if g != name:
            for m in ("engine.", "firmware.games."):  # each game's two packages, whole
                m += g
                for k in [k for k in sys.modules if k.startswith(m + ".")]:
                    unload(k)
                unload(m)
    return adapter(name)
