# The desktop's keyboard (boards/desktop.py): which keys press which button, and the words the
# app's lines, the window's title, its key map (F1 or ?), the console and README use for them.
# Plain data without pygame: tools/sim.py prints the keys before the libraries load. Desktop only.
KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start", "select")
# Each button's keys (pygame key names; the first is the one the lines name), the device's name
# for the button and what it does. Emulator habits: Z/X for A/B, Enter/Space also A, Esc pause.
MAP = (
    ("up", ("up",), "up", "move"),
    ("down", ("down",), "down", "move"),
    ("left", ("left",), "left", "move"),
    ("right", ("right",), "right", "move"),
    ("a", ("z", "return", "space"), "A", "play"),
    ("b", ("x", "backspace"), "B", "back"),
    ("x", ("c",), "X", "hint"),
    ("y", ("v",), "Y", "undo"),
    ("start", ("escape", "p"), "Start", "pause"),
    ("select", ("tab",), "Select", "hint"),
)
HELP_KEYS = ("f1", "?")  # show or hide the key map (any other key hides it too)
QUIT_KEY = "q"
_LABEL = {"return": "Enter", "space": "Space", "backspace": "Bksp", "escape": "Esc", "tab": "Tab",
          "f1": "F1"}


def label(k):
    """A pygame key name as printed on the key: "z" -> "Z", "escape" -> "Esc", "up" -> "up"."""
    return _LABEL.get(k, k.upper() if len(k) == 1 else k)


# KEYS as the lines on screen name them (firmware/common.py key): each button's first key
NAMES = " ".join(label(m[1][0]) for m in MAP)


def sentence():
    """The keys in one line: the console's, README's and docs/app.md's."""
    out = ["arrows = D-pad"]
    for button, keys, name, does in MAP[4:]:
        out.append("%s = %s (%s)" % ("/".join(label(k) for k in keys), name, does))
    return ", ".join(out + ["F1/? = this key map", "Q = quit"])


def title():
    """The window title's keys: the main ones and how to see the rest."""
    return "arrows: move  " + "  ".join("%s: %s" % (label(m[1][0]), m[3]) for m in MAP[4:9]) + \
        "  F1: all keys"
