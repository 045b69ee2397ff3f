# "How to play" for the app's scrollable help screen (loaded only while it is shown): one string
# per paragraph ("" a blank line), word-wrapped to the screen's width (firmware/views/label.py
# wrap).
HELP = (
    "San-Yao (Henan, China)",
    "10 holes with 5 stones each. You control the bottom row at first. Sowing always goes "
    "anticlockwise: to the right along the bottom row. A move is the number of its hole.",
    "",
    "Your turn: pick a hole you control that holds stones, and sow them one per hole. After the "
    "last stone, if the next hole has stones, lift them and sow on. If it is empty, capture the "
    "hole after it, and keep capturing across single empty holes. Any hole can be captured.",
    "",
    "A round ends when fewer than 2 stones are left (or nobody can move, or a move would never "
    "end). Each player then fills holes with 5 stones from what they captured. The winner's "
    "extra holes in the loser's row become sons (marked *): the winner controls them. A loser "
    "with too few stones is lent them by the winner, owes them and repays them at the next "
    "round's end.",
    "",
    "The match ends when a player cannot fill a hole (fewer than 5 stones; Rule options can "
    "change it).",
)
