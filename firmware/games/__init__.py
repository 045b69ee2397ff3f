# The app side of each game, one folder per game:
#   games/<name>/adapter.py    what the app knows about the game (cells, navigation grid, how a
#                              trace event changes the picture, messages, score terms, and the
#                              flags the generic code asks instead of the game's name), no display
#   games/<name>/view.py       its board on the screen (displayio)
#   games/<name>/help.py       its "How to play" text (loaded only for the help screen)
#   games/<name>/rule_text.py  its rule options in a player's words (firmware/rule_text.py)
#   games/<name>/lessons.py    its lessons (LESSONS, its rules' prefix: firmware/lessons/)
#   games/<name>/words.py      a lesson's move told in words (tell(); loaded only for the call)
#   games/<name>/__init__.py   its note on the title and the title's picture of its board (DESC):
#                              the package's own file, so the title loads no other part of it
# A fourth game is a fourth folder here and one in engine/, its name in engine/games.py: no file
# outside a game's folders names it (tests/test_house.py). The parts are found by name (part(),
# through firmware.common.module); the bundle ships the whole package. Only the active game's
# modules stay loaded (keep_game).
import sys
from firmware.common import unload, module
from engine.games import NAMES


def part(name, what):
    """One part of a game's app side: what = "adapter", "view", "help", "rule_text", "lessons"
    or "words"."""
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
