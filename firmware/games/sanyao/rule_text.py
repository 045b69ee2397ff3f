# San-Yao's rule options in a player's words (loaded by
# firmware/rule_text.py while a menu or the terminal game shows them).
TEXT = {
    "forbid_endless": ("Endless move", "A move past the lap limit: round ends, or illegal",
                       ((False, "ends round"), (True, "illegal"))),
    "lap_limit": ("Lap limit", "Laps a move may sow before it counts as endless",
                  ("%d laps",)),
    "match_end_below": ("Lose below", "A total this small can't fill a hole: match lost",
                        ("%d stones",)),
    "loan_is_gift": ("Stones lent", "Lent to the round's loser: repaid next round, or kept",
                     ((False, "repaid"), (True, "a gift"))),
    "winner_chooses_sons": ("Sons", "Loser's holes the round winner controls next round",
                            ((False, "next in row"), (True, "winner picks"))),
}
