# Which games exist and how to load one. Only the chosen game's module is imported.
NAMES = ("oanquan", "sanyao", "omweso")
TITLES = {"oanquan": "\u00d4 \u0102n Quan", "sanyao": "San-Yao", "omweso": "Omweso"}
BLURBS = {
    "oanquan": "Vietnam: sow both ways, capture across gaps, take the mandarins.",
    "sanyao": "China: one ring of 10 holes, endless relays, win sons round by round.",
    "omweso": "Uganda: 4x8 pits, relay sowing, capture from the inner row, reverse laps.",
}


def load(name, rules=None):
    """Return a Game for `name` with `rules` (dict of option -> value); ValueError if unknown."""
    if name not in NAMES:
        raise ValueError("unknown game %r (expected one of: %s)" % (name, ", ".join(NAMES)))
    pkg = __import__("engine." + name)
    return getattr(pkg, name).Game(rules)
