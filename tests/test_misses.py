# tools/ai/misses.py (issue 31 #5: how often each level misses a capture): the positions are
# those where level 5's own move captures, so level 5 misses none of them; the table has a row
# per game and a column per level.
from tools.ai import misses


def test_level_5_misses_none_of_its_own_captures_and_the_table_shows_each_level():
    game, found = misses.positions("oanquan", 6, 4)
    assert len(found) == 6
    assert misses.missed(game, found, 5, 4) == 0
    counts = [misses.missed(game, found, k, 4) for k in misses.LEVELS]
    assert all(0 <= n <= 6 for n in counts)
    t = misses.table([("oanquan", 6, counts)], 4).split("\n")
    assert t[0] == "| game | positions | level 1 | level 2 | level 3 | level 4 |"
    assert t[2].startswith("| oanquan | 6 | ") and t[2].count("%") == 4
