# The screens: each a small object with its own buttons (press) and view (view, view_key).
#   menu.py     title, rule options, settings, pause     (items: menu_items.py)
#   play.py     the board of the game in progress: cursor, prompts, set-up
#   text.py     how to play, the round summary
#   over.py     game / match over: the final board, then every term of the score
#   history.py  the moves so far, replay the last move
