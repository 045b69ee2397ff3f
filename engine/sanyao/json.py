# San-Yao position read from the protocol JSON object (docs/protocol.md, docs/sanyao.md), with checks, and
# moves from text (Game.to_json writes the object). Imported lazily by the Game
# (engine/sanyao/__init__.py): the device loads it only to read a position, never during a game.
from engine.compat import const
from engine.rules import check

# the position layout of the Game (const names are private to each module on MicroPython)
_C = const(10)
_S = const(20)
_O = const(22)
_TM = const(24)
_ST = const(25)
_PH = const(26)
_OV = const(27)
_WN = const(28)
_RD = const(29)
_PL = const(31)
_SIZE = const(35)

FIELDS = ("game", "rules", "to_move", "ply", "result", "holes", "control", "store", "owed",
          "round", "starter", "phase")


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(obj, name, n, lo, hi):
    v = obj[name]
    if not isinstance(v, list) or len(v) != n:
        raise ValueError("%s must be a list of %d integers" % (name, n))
    for x in v:
        if not _int(x) or x < lo or x > hi:
            raise ValueError("%s must hold integers %d..%d, got %r" % (name, lo, hi, x))
    return v


def _one(obj, name, lo, hi):
    v = obj[name]
    if not _int(v) or v < lo or v > hi:
        raise ValueError("%s must be an integer %d..%d, got %r" % (name, lo, hi, v))
    return v


def from_json(g, obj):
    if not isinstance(obj, dict):
        raise ValueError("a position must be a JSON object")
    for f in FIELDS:
        if f not in obj:
            raise ValueError("position has no field %r" % f)
    if obj["game"] != "sanyao":
        raise ValueError("game must be \"sanyao\", got %r" % (obj["game"],))
    rules = obj["rules"]
    if not isinstance(rules, dict):
        raise ValueError("rules must be an object")
    full = check("sanyao", g.OPTIONS, rules)
    if full != g.rules:
        raise ValueError("the position's rules differ from this game's rules")
    holes = _ints(obj, "holes", 10, 0, 50)
    control = _ints(obj, "control", 10, 0, 1)
    store = _ints(obj, "store", 2, 0, 50)
    owed = _ints(obj, "owed", 2, 0, 4)
    tm = _one(obj, "to_move", 0, 1)
    starter = _one(obj, "starter", 0, 1)
    rnd = _one(obj, "round", 1, 65535)
    ply = _one(obj, "ply", 0, (1 << 30) - 1)
    phase = obj["phase"]
    if phase not in ("play", "choose_sons"):
        raise ValueError("phase must be \"play\" or \"choose_sons\", got %r" % (phase,))
    board = sum(holes)
    n = board + store[0] + store[1]
    if n != 50:
        raise ValueError("holes + store must hold 50 stones, got %d" % n)
    if owed[0] and owed[1]:
        raise ValueError("owed: only one player can owe a loan")
    if g.rules["loan_is_gift"] and (owed[0] or owed[1]):
        raise ValueError("owed must be [0, 0] under loan_is_gift")
    far = [0, 0]  # holes each player controls in the other's home row
    for i in range(10):
        if control[i] != (0 if i < 5 else 1):
            far[control[i]] += 1
    if far[0] and far[1]:
        raise ValueError("control: both players hold sons")
    if far[0] > 4 or far[1] > 4:
        raise ValueError("control: a player must keep at least one hole")
    res = obj["result"]
    lo = g.rules["match_end_below"]
    pos = bytearray(_SIZE)
    if res is not None:
        if not isinstance(res, dict) or sorted(res) != ["reason", "totals", "winner"]:
            raise ValueError("result must be null or {winner, reason, totals}")
        if res["reason"] != "match":
            raise ValueError("result reason must be \"match\"")
        if res["totals"] != store or not isinstance(res["totals"], list):
            raise ValueError("result totals must equal store")
        if phase != "play" or board or owed[0] or owed[1]:
            raise ValueError("a finished match has empty holes, no loan and phase \"play\"")
        if store[0] >= lo and store[1] >= lo:
            raise ValueError("result: no total is below match_end_below=%d" % lo)
        w = 0 if store[1] < lo else 1
        if res["winner"] != w or isinstance(res["winner"], bool):
            raise ValueError("result winner must be %d" % w)
        pos[_OV] = 1
        pos[_WN] = w
    elif phase == "choose_sons":
        if not g.rules["winner_chooses_sons"]:
            raise ValueError("phase choose_sons needs winner_chooses_sons=true")
        if board or owed[0] or owed[1]:
            raise ValueError("in phase choose_sons holes and owed must be empty")
        if starter != tm or store[tm] <= store[1 - tm] or store[1 - tm] < lo:
            raise ValueError("in phase choose_sons the round winner (larger store) must be "
                             "to_move and starter")
        if far[1 - tm] or far[tm] >= (store[tm] - 25) // 5:
            raise ValueError("control does not fit the sons still to choose")
        pos[_PH] = 1
    else:
        if board < 2:
            raise ValueError("a round in play needs at least 2 stones on the board")
        if not any(holes[i] and control[i] == tm for i in range(10)):
            raise ValueError("to_move controls no stones (the position is not ready to move)")
    for i in range(10):
        pos[i] = holes[i]
        pos[_C + i] = control[i]
    pos[_S] = store[0]
    pos[_S + 1] = store[1]
    pos[_O] = owed[0]
    pos[_O + 1] = owed[1]
    pos[_TM] = tm
    pos[_ST] = starter
    pos[_RD] = rnd & 255
    pos[_RD + 1] = rnd >> 8
    for i in range(4):
        pos[_PL + i] = (ply >> (8 * i)) & 255
    return pos


def parse_move(g, pos, text):
    t = text.strip() if isinstance(text, str) else ""
    son = t[:4] == "son:"
    d = t[4:] if son else t
    if len(d) != 1 or d not in "0123456789":
        raise ValueError("malformed move %r (expected a hole 0-9, or son:<hole>)" % (text,))
    m = int(d) + (10 if son else 0)
    if pos[_OV]:
        raise ValueError("illegal move %r: the match is over" % (text,))
    if son != (pos[_PH] == 1):
        if son:
            raise ValueError("illegal move %r: no sons to choose now" % (text,))
        raise ValueError("illegal move %r: choose a son first (son:<hole>)" % (text,))
    buf = [0] * 10
    for i in range(g.moves(pos, buf)):
        if buf[i] == m:
            return m
    if son:
        raise ValueError("illegal move %r: hole %s is not a hole of the loser still free"
                         % (text, d))
    h = m
    if pos[_C + h] != pos[_TM]:
        why = "player %d does not control hole %d" % (pos[_TM], h)
    elif not pos[h]:
        why = "hole %d is empty" % h
    else:
        why = "endless moves are forbidden while another move exists"
    raise ValueError("illegal move %r: %s" % (text, why))
