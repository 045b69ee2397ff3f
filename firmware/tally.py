# Your record vs the AI (Session.record): a game's 25 figures, 5 for each level 1-5: won, lost,
# drawn, the streak (wins in a row > 0, losses in a row < 0, 0 after a draw) and the best winning
# margin (the difference of the totals the score page ends with). Loaded for the call at a game's
# end (Session.tally, before the save of its last move, which so holds both) and dropped. Portable.


def add(s):
    """Session s's record with its game just over added (its result, its totals, its AI level,
    your seat): a new dict, which the session keeps."""
    w = s.snap["result"]["winner"]
    tot = s.ad.score_table(s.game, s.rec.pos, s.snap)[-1]  # (term, player 0, player 1): totals
    r = list(s.record.get(s.game.NAME) or [0] * 25)
    i = 5 * (s.cfg["level"] - 1)
    if w is None:
        r[i + 2] += 1
        r[i + 3] = 0
    elif w == s.human:
        r[i] += 1
        r[i + 3] = max(r[i + 3], 0) + 1
        r[i + 4] = max(r[i + 4], abs(tot[1] - tot[2]))
    else:
        r[i + 1] += 1
        r[i + 3] = min(r[i + 3], 0) - 1
    out = dict(s.record)
    out[s.game.NAME] = r
    return out
