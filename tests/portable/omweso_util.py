# Helpers for the portable Omweso tests (plain Python, runs under MicroPython too).
from engine import games


def mk(rules=None, mine=None, theirs=None, to_move=0, mm=(5, 5), caps=(1, 1), points=(0, 0),
       game_no=1):
    """A Game and a play-phase position; `mine` are the pits of the player to move."""
    g = games.load("omweso", rules)
    js = g.to_json(g.new())
    mine, theirs = list(mine), list(theirs)
    js["pits"] = [mine, theirs] if to_move == 0 else [theirs, mine]
    js["to_move"] = to_move
    js["phase"] = "play"
    js["moves_made"] = list(mm)
    js["captures"] = list(caps)
    js["points"] = list(points)
    js["game_no"] = game_no
    js["ply"] = mm[0] + mm[1]
    return g, g.from_json(js)


def pits(g, pos, p):
    return g.to_json(pos)["pits"][p]


def moves(g, pos):
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    return sorted([g.move_str(pos, buf[i]) for i in range(n)])


def play(g, pos, text):
    tr = []
    g.play(pos, g.parse_move(pos, text), tr)
    return tr


def refused(g, pos, text):
    try:
        g.parse_move(pos, text)
    except ValueError:
        return True
    return False


def events(tr, name):
    return [e for e in tr if e["event"] == name]


def row(d, n=16):
    """A 16-pit row from {pit: count}."""
    r = [0] * n
    for k in d:
        r[k] = d[k]
    return r
