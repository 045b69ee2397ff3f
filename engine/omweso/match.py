# Omweso bookkeeping around the sowing of the Game (engine/omweso/__init__.py): set-up moves, the
# end of a move (OM-7 annulment, OM-8 wins and points), the match and the automatic next game.
# Allocates nothing without a trace. Byte layout: see the Game (the numbers are repeated here as
# constants).
from engine.compat import const

_TM = const(32)
_PH = const(33)
_OV = const(34)
_WIN = const(35)
_RSN = const(36)
_MM = const(37)
_CP = const(41)
_PT = const(45)
_GN = const(49)
_PLY = const(51)
REASONS = (None, "ordinary", "okutema", "akawumbi", "akakyala")
PRESETS = ((4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0), (2,) * 16,
           (0, 0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 4), (4, 0) * 8)


def g16(b, i):
    return b[i] | b[i + 1] << 8


def s16(b, i, v):
    if v > 65535:
        v = 65535
    b[i] = v & 255
    b[i + 1] = v >> 8


def can_move(pos, p):
    o = p << 4
    for i in range(o, o + 16):
        if pos[i] > 1:
            return True
    return False


def starter(pos):
    """The player who started this game: the one with more moves made, else the one to move."""
    a = g16(pos, _MM)
    c = g16(pos, _MM + 2)
    if a == c:
        return pos[_TM]
    return 0 if a > c else 1


def new_game(setup, b, first, game_no, trace):
    for i in range(32):
        b[i] = (2 if setup == 2 else (4 if (i & 15) < 8 else 0))
    for i in range(_MM, _PT):
        b[i] = 0
    s16(b, _GN, game_no)
    b[_TM] = first
    b[_PH] = 1 if setup == 1 else 0
    if trace is not None:
        trace.append({"event": "new_game", "game_no": game_no, "starter": first,
                      "phase": "setup" if setup == 1 else "play"})


def _count(pos, p):
    s16(pos, _MM + 2 * p, g16(pos, _MM + 2 * p) + 1)
    v = pos[_PLY] | pos[_PLY + 1] << 8 | pos[_PLY + 2] << 16
    if v < 0xFFFFFF:
        v += 1
    pos[_PLY] = v & 255
    pos[_PLY + 1] = (v >> 8) & 255
    pos[_PLY + 2] = v >> 16


def arrange(pos, a, trace):
    """OM-1 free set-up: the player to move places arrangement `a`; the other arranges next,
    or, if they already have, the game starts with the player who arranged first."""
    p = pos[_TM]
    q = 1 - p
    o = p << 4
    for i in range(16):
        pos[o + i] = a[i]
    if trace is not None:
        trace.append({"event": "setup", "player": p, "pits": list(a)})
    _count(pos, p)
    pos[_TM] = q
    if g16(pos, _MM + 2 * q):
        pos[_PH] = 0


def finish(g, pos, p, r, cap, first, trace):
    """After player p's sowing ended with r (0 end, 1 endless, 2 okutema): counters, OM-7/OM-8."""
    q = 1 - p
    _count(pos, p)
    if cap:
        s16(pos, _CP + 2 * p, g16(pos, _CP + 2 * p) + 1)
    pos[_TM] = q
    rules = g.rules
    if r == 1:
        n = g16(pos, _GN) + 1
        if trace is not None:
            trace.append({"event": "annul", "game_no": n})
        new_game(g._setup, pos, first, n, trace)
        return
    if r == 2:
        if can_move(pos, q):
            rs = pts = 2
        else:
            rs = 3
            pts = rules["akawumbi_points"]
    elif (rules["akakyala"] and cap and g16(pos, _CP + 2 * p) == 2
          and g16(pos, _CP + 2 * q) == 0):
        rs = 4
        pts = 2
    elif not can_move(pos, q):
        rs = pts = 1
    else:
        return
    t = g16(pos, _PT + 2 * p) + pts
    s16(pos, _PT + 2 * p, t)
    if trace is not None:
        trace.append({"event": "game_end", "winner": p, "reason": REASONS[rs], "award": pts,
                      "game_no": g16(pos, _GN)})
        trace.append({"event": "points", "points": [g16(pos, _PT), g16(pos, _PT + 2)]})
    if t >= rules["match_points"]:
        pos[_OV] = 1
        pos[_WIN] = p
        pos[_RSN] = rs
        if trace is not None:
            trace.append({"event": "match_end", "winner": p, "reason": REASONS[rs],
                          "points": [g16(pos, _PT), g16(pos, _PT + 2)]})
        return
    nxt = q if rules["next_starter"] == "loser" else 1 - first
    new_game(g._setup, pos, nxt, g16(pos, _GN) + 1, trace)
