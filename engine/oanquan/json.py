# The O An Quan position read from the protocol's JSON object (docs/protocol.md), with checks
# (Game.to_json writes it). Loaded only by tools and saves, never by the search or a game's play.
from engine import oanquan as _o
from engine.compat import const

_MAX_DEBT = const((1 << 30) - 1)  # 5 stones per move for 2^24 moves (the ply counter) fit below this


def _ints(obj, name, n, lo, hi):
    v = obj.get(name)
    if not isinstance(v, list) or len(v) != n:
        raise ValueError("field %r must be a list of %d integers" % (name, n))
    for x in v:
        if type(x) is not int or not lo <= x <= hi:
            raise ValueError("field %r: %r is not an integer in %d..%d" % (name, x, lo, hi))
    return v


def _int(obj, name, lo, hi):
    v = obj.get(name)
    if type(v) is not int or not lo <= v <= hi:
        raise ValueError("field %r must be an integer in %d..%d" % (name, lo, hi))
    return v


def from_json(game, obj):
    if not isinstance(obj, dict):
        raise ValueError("a position must be a JSON object")
    for f in ("game", "rules", "to_move", "ply", "result", "squares", "big", "stock",
              "mandarins", "debt"):
        if f not in obj:
            raise ValueError("missing field %r" % f)
    if obj["game"] != "oanquan":
        raise ValueError("field 'game' is %r, expected 'oanquan'" % (obj["game"],))
    pos = bytearray(_o.SIZE)
    sq = _ints(obj, "squares", 12, 0, 70)
    for i in range(12):
        pos[i] = sq[i]
    for off, name, hi in ((_o.BIG, "big", 1), (_o.STOCK, "stock", 70),
                          (_o.MANDS, "mandarins", 2)):
        v = _ints(obj, name, 2, 0, hi)
        pos[off] = v[0]
        pos[off + 1] = v[1]
    # OAQ-6c/OAQ-10: debts only grow (5 stones a refill at most) and no rule bounds them
    v = _ints(obj, "debt", 2, 0, _MAX_DEBT)
    _o.set_debt(pos, 0, v[0])
    _o.set_debt(pos, 1, v[1])
    pos[_o.TURN] = _int(obj, "to_move", 0, 1)
    ply = _int(obj, "ply", 0, 0xFFFFFF)
    pos[_o.PLY] = ply & 255
    pos[_o.PLY + 1] = (ply >> 8) & 255
    pos[_o.PLY + 2] = ply >> 16
    mv = game.rules["mandarin_value"]
    bigs = pos[_o.BIG] + pos[_o.BIG + 1] + pos[_o.MANDS] + pos[_o.MANDS + 1]
    if bigs > 2:
        raise ValueError("there are only 2 big stones, the position has %d" % bigs)
    total = sum(pos[0:12]) + pos[_o.STOCK] + pos[_o.STOCK + 1] + mv * bigs
    if total != 50 + 2 * mv:
        raise ValueError("stones do not add up: total value %d, expected %d" % (total, 50 + 2 * mv))
    res = obj["result"]
    if res is None:
        _check_ready(game, pos)
    else:
        _check_result(game, pos, res)
    return pos


def _check_ready(game, pos):
    p = pos[_o.TURN]
    first = 1 if p == 0 else 7
    if not any(pos[first:first + 5]):
        raise ValueError("not ready to move: player %d's row is empty (refill not applied)" % p)
    if pos[_o.BIG] == 0 and pos[_o.BIG + 1] == 0 and (
            game.rules["end_when_big_captured"] or (pos[0] == 0 and pos[6] == 0)):
        raise ValueError("the game is over (mandarin squares empty) but 'result' is null")


def _check_result(game, pos, res):
    if not isinstance(res, dict):
        raise ValueError("field 'result' must be null or an object")
    reason = res.get("reason")
    if reason not in _o.REASONS[1:]:
        raise ValueError("result.reason must be one of: %s" % ", ".join(_o.REASONS[1:]))
    if any(pos[1:6]) or any(pos[7:12]):
        raise ValueError("a finished game has its citizen squares swept (OAQ-8)")
    # `swept` is the breakdown's extra figure: the protocol's older result form has only winner, reason, score.
    # Without it the swept stones are counted in the stock (the score is the same).
    sw = _ints(res, "swept", 2, 0, 70) if "swept" in res else [0, 0]
    if sw[0] > pos[_o.STOCK] or sw[1] > pos[_o.STOCK + 1]:
        raise ValueError("result.swept exceeds the stock it is part of")
    pos[_o.SWEPT] = sw[0]
    pos[_o.SWEPT + 1] = sw[1]
    pos[_o.OVER] = 1
    pos[_o.REASON] = _o.REASONS.index(reason)
    s0 = game.material(pos, 0)
    s1 = game.material(pos, 1)
    pos[_o.WINNER] = 0 if s0 > s1 else 1 if s1 > s0 else 2
    want = game.result(pos)
    if "swept" not in res:
        del want["swept"]
    if res != want:
        raise ValueError("result does not match the position (expected %r)" % (want,))
