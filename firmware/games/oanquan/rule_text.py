# O An Quan's rule options in a player's words (loaded by
# firmware/rule_text.py while a menu or the terminal game shows them).
TEXT = {
    "mandarin_value": ("Mandarin", "Points a captured big mandarin stone scores",
                       ("%d points",)),
    "empty_mandarin_ends_turn": ("Empty mandarin",
                                 "Gap: you capture past it. Wall: it ends the turn",
                                 ((False, "gap"), (True, "wall"))),
    "young_mandarin": ("Young mandarin safe",
                       "Early on, a mandarin with few stones can't be taken", ()),
    "young_threshold": ("Young under", "A mandarin with fewer small stones is young",
                        ((1, "1 stone"), "%d stones")),
    "young_window": ("Safe for", "Young mandarins are safe for this many turns",
                     ((0, "all game"), (1, "1 turn"), "%d turns")),
    "end_when_big_captured": ("Game end", "Both mandarin squares empty, or big stones gone",
                              ((False, "squares empty"), (True, "big stones out"))),
    "mandarin_exchange": ("Cash in mandarin", "Cash a won mandarin to refill an empty row", ()),
}
