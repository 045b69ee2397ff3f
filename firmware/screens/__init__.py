# The screens: each a small object with its own buttons (press) and view (view, view_key).
#   menu.py     title, rule options, settings             (items: menu_items.py)
#   pause.py    the pause menu: a box over the board
#   play.py     the board of the game in progress: cursor, prompts, set-up
#   text.py     how to play, the round summary, a lesson's goal and result
#   over.py     game / match over: the final board, then every term of the score
#   history.py  the moves so far, replay the last move
from firmware.common import unload
from engine.games import NAMES


def drop_menus():
    """The menus' modules (and the words they show): loaded while a menu shows, dropped when the
    board comes back (Session.to_board), so that a game keeps only its own modules in RAM."""
    for m in ("firmware.views.menu", "firmware.views.pause", "firmware.views.text",
              "firmware.views.gauge", "firmware.views.label",
              "firmware.screens.menu", "firmware.screens.pause",
              "firmware.screens.menu_items", "firmware.screens.text", "firmware.screens.history",
              "firmware.rule_text", "firmware.lessons"):
        unload(m)
    for g in NAMES:  # the lessons of the games (Learn...)
        unload("firmware.games.%s.lessons" % g)
