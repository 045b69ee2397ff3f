# "How to play" for the app's scrollable help screen (loaded only while it is shown): one string
# per paragraph ("" a blank line), word-wrapped to the screen's width (firmware/views/label.py
# wrap).
HELP = (
    "\u00d4 \u0102n Quan (Vietnam)",
    "12 squares: your 5 at the bottom, the other player's 5 on top. The half-moons at the ends "
    "are the mandarin squares, each with a big stone worth 10 (Rule options can change it).",
    "",
    "Your turn: pick one of your squares, then a direction. Its stones are sown one per square. "
    "\"5+\" (as in \"You moved 5+\") is square 5 anticlockwise, \"5-\" clockwise.",
    "When the last stone lands, look at the next square:",
    "- stones there: lift them and sow on;",
    "- a mandarin square with stones: the turn ends;",
    "- empty: capture the square after it, and keep capturing across single empty squares.",
    "",
    "If your row is empty at your turn, put 1 stone on each of your squares from what you "
    "captured; if you have too few, you borrow from the other player and owe them.",
    "",
    "The game ends when both mandarin squares are empty. The stones left on your side are yours. "
    "Score: your stones, 10 for each mandarin, less what you owe, plus what you lent.",
)
