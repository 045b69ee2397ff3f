# "How to play" for the app's scrollable help screen (loaded only while it is shown): one string
# per paragraph ("" a blank line), word-wrapped to the screen's width (firmware/views/label.py
# wrap).
HELP = (
    "Omweso (Uganda)",
    "4 rows of 8 pits, 64 seeds. Your 16 pits are the 2 bottom rows: the outer row (bottom) and "
    "the inner row. Sowing goes anticlockwise: right along the outer row, left along the inner "
    "row.",
    "",
    "Your turn: pick a pit with 2 or more seeds and sow one per pit on your side. If the last "
    "seed lands in an empty pit, the turn ends. Otherwise, if it lands in your inner row and "
    "both of the other player's pits facing it hold seeds, capture them and sow them from the "
    "pit where that lap started. Else lift the pit and sow on.",
    "",
    "Reverse (clockwise) laps start only from your 4 leftmost pits and must end in a capture: "
    "the game then asks which way, even in the middle of a move. \"3-\" (as in \"You moved "
    "3-\") is pit 3 with a reverse lap, \"9*\" a 3-seed sowing. Nobody captures on their first "
    "turn.",
    "",
    "A player who cannot move loses the game (1 point). Capturing both end columns in one move "
    "(okutema) wins 2 points. The match goes to the points set in Rule options.",
    "",
    "Free set-up: arrange your 32 seeds a seed at a time, taking from a pit and dropping into "
    "another (the line under the board names the keys); with an empty hand, drop twice to end.",
)
