# Words a player understands for every rule option of every game (docs/rules.md option tables), for the
# app's rule menus and the terminal game. Portable. A menu line is "label: value_text" and fits 24
# columns (a 160-pixel screen, 6-pixel font, cursor included); explain() word-wraps into two
# 26-column lines. tests/portable/test_rule_text.py checks that every engine option is covered.
#
# The words live in each game's folder, firmware/games/<game>/rule_text.py, one game loaded at a
# time (a few KB of heap each): TEXT = {option: (label, explanation, values)}, `values` being
# (value, text) pairs, optionally ending with a format string for any other integer ("%d laps").
# Booleans not listed read on/off.
from engine.games import NAMES
from firmware.games import part, drop

_loaded = [None, None]  # the game whose words are loaded, its TEXT


def _table(game):
    if _loaded[0] == game:
        return _loaded[1]
    if _loaded[0] is not None:  # forget the other game's words so their heap can be freed
        drop(_loaded[0], "rule_text")
        _loaded[0] = _loaded[1] = None
    if game not in NAMES:
        return None
    t = part(game, "rule_text").TEXT
    _loaded[0] = game
    _loaded[1] = t
    return t


def known(game, option):
    """True when the option has a player's words here."""
    t = _table(game)
    return t is not None and option in t


def _entry(game, option):
    t = _table(game)
    return None if t is None else t.get(option)


def label(game, option):
    """Short name of the rule for a menu line, e.g. "Mandarin"."""
    e = _entry(game, option)
    return option if e is None else e[0]  # never stop a device over a new engine option


def explain(game, option):
    """One line saying what the rule means to a player (about 50 characters at most)."""
    e = _entry(game, option)
    return "" if e is None else e[1]


def value_text(game, option, value):
    """The value as a player reads it: "10 points", "gap", "on"."""
    e = _entry(game, option)
    if e is not None:
        for v in e[2]:
            if type(v) is tuple:
                if v[0] == value and type(v[0]) is type(value):
                    return v[1]
            elif type(value) is int:
                return v % value
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)
