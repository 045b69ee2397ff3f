# Helpers for the O An Quan tests (portable: CPython and MicroPython).
from engine import games


def game(**rules):
    return games.load("oanquan", rules)


def position(g, squares, big=(1, 1), stock=None, mandarins=(0, 0), debt=(0, 0), to_move=0,
             ply=20):
    """A checked position. `squares` is a dict {square: count} (others 0) or a list of 12.
    Without `stock`, the stones missing to make the total value all go to player 1's stock."""
    if isinstance(squares, dict):
        sq = [0] * 12
        for k in squares:
            sq[k] = squares[k]
    else:
        sq = list(squares)
    mv = g.rules["mandarin_value"]
    if stock is None:
        rest = 50 + 2 * mv - sum(sq) - mv * (big[0] + big[1] + mandarins[0] + mandarins[1])
        stock = (0, rest)
    return g.from_json({"game": "oanquan", "rules": g.rules, "to_move": to_move, "ply": ply,
                        "result": None, "squares": sq, "big": list(big), "stock": list(stock),
                        "mandarins": list(mandarins), "debt": list(debt)})


def play(g, pos, text, trace=None):
    g.play(pos, g.parse_move(pos, text), trace)
    return g.to_json(pos)


def events(trace, kind):
    return [e for e in trace if e["event"] == kind]


def value(g, j):
    """Total value of a JSON position: must always be 50 + 2 * mandarin_value."""
    mv = g.rules["mandarin_value"]
    return (sum(j["squares"]) + sum(j["stock"])
            + mv * (sum(j["big"]) + sum(j["mandarins"])))
