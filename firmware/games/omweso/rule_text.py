# Omweso's rule options in a player's words (loaded by
# firmware/rule_text.py while a menu or the terminal game shows them).
TEXT = {
    "setup": ("Setup", "How each player's 32 seeds are laid out at the start",
              (("standard", "4 per outer pit"), ("free", "you arrange"),
               ("two_each", "2 in every pit"))),
    "first_turn_capture": ("1st move captures", "May a player's first move capture seeds?",
                           ((False, "no"), (True, "yes"))),
    "forbid_endless": ("Endless move", "A move past the lap limit: game void, or illegal",
                       ((False, "voids game"), (True, "illegal"))),
    "lap_limit": ("Lap limit", "Laps since a capture before a move is endless",
                  ("%d laps",)),
    "match_points": ("Match to", "Points that win the match; a plain win scores 1",
                     ((1, "1 point"), "%d points")),
    "akawumbi_points": ("Akawumbi", "Two-end capture leaving the foe no move",
                        ("%d points",)),
    "akakyala": ("Akakyala", "2 points: capture in 2 turns before the foe does", ()),
    "front_row_win": ("Front-row win", "Emptying the foe's inner row scores 2 points", ()),
    "next_starter": ("Next game", "Who starts each new game of the match",
                     (("loser", "loser starts"), ("alternate", "take turns"))),
    "three_seed_opening": ("3-seed sowing", "Until a capture: sow a pit of 3 as 2+1, turn ends",
                           ()),
}
