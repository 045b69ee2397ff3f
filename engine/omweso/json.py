# Omweso moves and positions read from text and JSON, with their checks (imported lazily by
# engine/omweso/__init__.py for parse_move and from_json; the app never needs it during a game).
from engine import rules as _rules
from engine import omweso as _om
from engine.omweso import match as _mt

_FIELDS = ("game", "rules", "to_move", "ply", "result", "pits", "phase", "moves_made",
           "captures", "points", "game_no")


def _counts(text):
    parts = text.split(",")
    if len(parts) != 16:
        raise ValueError("a set-up needs 16 comma-separated counts, got %d" % len(parts))
    out = []
    for t in parts:
        if not _rules.decimal(t) or (len(t) > 1 and t[0] == "0") or len(t) > 2:
            raise ValueError("bad count %r in set-up (plain decimal numbers 0..32)" % t)
        out.append(int(t))
    if sum(out) != 32:
        raise ValueError("a set-up must place exactly 32 seeds, got %d" % sum(out))
    return out


def _legal(g, pos, code, endless):
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    for i in range(n):
        if buf[i] == code:
            return True
    if not g._cut:
        return False
    # The list stopped at MAX_MOVES (rare positions with very many choice sequences): a move
    # beyond it whose replay met exactly its choice points is legal all the same.
    return not (endless and g._fe and g._fin)


def parse_move(g, pos, text):
    if not isinstance(text, str):
        raise ValueError("a move must be a string")
    if pos[_om.OV]:
        raise ValueError("the match is over: no move is legal")
    p = pos[_om.TM]
    if pos[_om.PH]:
        if text[:6] != "setup:":
            raise ValueError("player %d must arrange seeds first: setup:<16 counts summing to 32>"
                             % p)
        a = _counts(text[6:])
        for k in range(len(_om.PRESETS)):
            if tuple(a) == _om.PRESETS[k]:
                return _om.SETUP | k
        for i in range(16):
            g._arr[i] = a[i]
        return _om.SETUP | 15
    if text[:6] == "setup:":
        raise ValueError("the set-up phase is over: a move is a pit number 0..15")
    j = 0
    while j < len(text) and text[j] in "0123456789":
        j += 1
    num, rest = text[:j], text[j:]
    if not num or (len(num) > 1 and num[0] == "0") or int(num) > 15:
        raise ValueError("bad move %r: expected a pit 0..15, then + or - per choice point, or *"
                         % text)
    pit = int(num)
    c = pos[(p << 4) + pit]
    if rest == "*":
        if not g._three:
            raise ValueError("three-seed sowing %r needs the rule three_seed_opening" % text)
        if pos[_om.CP] or pos[_om.CP + 1] or pos[_om.CP + 2] or pos[_om.CP + 3]:
            raise ValueError("three-seed sowing is only allowed before the first capture")
        if c != 3:
            raise ValueError("three-seed sowing needs exactly 3 seeds in pit %d (it has %d)"
                             % (pit, c))
        return pit | 16
    for ch in rest:
        if ch not in "+-":
            raise ValueError("bad move %r: after the pit only + and - (or a lone *) may follow"
                             % text)
    if c < 2:
        raise ValueError("pit %d holds %d seed%s: a move needs at least 2"
                         % (pit, c, "" if c == 1 else "s"))
    n = len(rest)
    if n > _om.MAXCH:
        raise ValueError("move %r has too many choices" % text)
    bits = 0
    for k in range(n):
        if rest[k] == "-":
            bits |= 1 << k
    scr = g._scr
    for i in range(32):
        scr[i] = pos[i]
    r = g._run(scr, p, pit, n, bits, pos, None)
    if g._m != n:
        if g._m == 0:
            raise ValueError("move %r: sowing pit %d meets no choice point, write it as %r"
                             % (text, pit, num))
        raise ValueError("move %r: this sowing meets %d choice point%s (a lap start where a "
                         "reverse capture is possible): write one + or - for each, in order"
                         % (text, g._m, "" if g._m == 1 else "s"))
    code = pit | n << 5 | bits << 10
    if not _legal(g, pos, code, r == _om.ENDLESS):
        if r == _om.ENDLESS:
            raise ValueError("move %r is endless and another move exists (forbid_endless)" % text)
        raise ValueError("move %r is not legal here" % text)
    return code


def _int(v, name, lo, hi):
    if type(v) is not int or v < lo or v > hi:
        raise ValueError("%s must be an integer %d..%d, got %r" % (name, lo, hi, v))
    return v


def _pair(obj, name, hi):
    v = obj[name]
    if type(v) is not list or len(v) != 2:
        raise ValueError("%s must be a list of 2 integers" % name)
    return [_int(v[0], name, 0, hi), _int(v[1], name, 0, hi)]


def from_json(g, obj):
    if type(obj) is not dict:
        raise ValueError("a position must be a JSON object")
    for f in _FIELDS:
        if f not in obj:
            raise ValueError("missing field %r" % f)
    if obj["game"] != "omweso":
        raise ValueError("game must be \"omweso\", got %r" % (obj["game"],))
    if type(obj["rules"]) is not dict:
        raise ValueError("rules must be an object")
    if _rules.check("omweso", g.OPTIONS, obj["rules"]) != g.rules:
        raise ValueError("the position's rules differ from the rules of this game")
    tm = _int(obj["to_move"], "to_move", 0, 1)
    ply = _int(obj["ply"], "ply", 0, 0xFFFFFF)
    gn = _int(obj["game_no"], "game_no", 1, 65535)
    pits = obj["pits"]
    if type(pits) is not list or len(pits) != 2:
        raise ValueError("pits must be a list of 2 lists of 16 counts")
    b = bytearray(g.SIZE)
    side = [0, 0]
    for p in range(2):
        row = pits[p]
        if type(row) is not list or len(row) != 16:
            raise ValueError("pits[%d] must be a list of 16 counts" % p)
        for i in range(16):
            b[16 * p + i] = _int(row[i], "pits[%d][%d]" % (p, i), 0, 64)
            side[p] += row[i]
    if side[0] + side[1] != 64:
        raise ValueError("the board must hold 64 seeds, got %d" % (side[0] + side[1]))
    ph = obj["phase"]
    if ph not in ("setup", "play"):
        raise ValueError("phase must be \"setup\" or \"play\", got %r" % (ph,))
    mm = _pair(obj, "moves_made", 65535)
    cp = _pair(obj, "captures", 65535)
    pt = _pair(obj, "points", 65535)
    for p in range(2):
        if cp[p] > mm[p]:
            raise ValueError("captures[%d] exceeds moves_made[%d]" % (p, p))
    if mm[0] < 65535 and mm[1] < 65535:
        if mm[0] + mm[1] > ply:
            raise ValueError("ply %d is less than the moves made in this game" % ply)
        if abs(mm[0] - mm[1]) > 1 or (mm[0] != mm[1] and mm[tm] > mm[1 - tm]):
            raise ValueError("moves_made %r does not fit to_move %d (players alternate)"
                             % (mm, tm))
    if cp[0] == 0 and cp[1] == 0 and side[0] != 32:
        raise ValueError("with no capture made each side must hold 32 seeds")
    mp = g.rules["match_points"]
    if ph == "setup":
        if g.rules["setup"] != "free":
            raise ValueError("phase setup needs the rule setup=free")
        if mm[tm] != 0 or mm[1 - tm] > 1 or cp[1 - tm]:
            raise ValueError("in phase setup only the other player may have moved (arranged), "
                             "with no capture: moves_made[%d] must be 0" % tm)
    elif g._first and (mm[0] == 0 or mm[1] == 0):
        raise ValueError("with setup=free both players arrange before play (moves_made >= 1)")
    res = obj["result"]
    if res is None:
        if pt[0] >= mp or pt[1] >= mp:
            raise ValueError("points reach match_points %d but result is null" % mp)
        if gn == 1 and (pt[0] or pt[1]):
            raise ValueError("points were won but game_no is 1 (no game has ended yet)")
        b[_om.WIN] = 2
    else:
        if type(res) is not dict:
            raise ValueError("result must be null or an object")
        for f in ("winner", "reason", "points"):
            if f not in res:
                raise ValueError("result is missing %r" % f)
        w = res["winner"]
        if w not in (0, 1) or type(w) is not int:
            raise ValueError("result winner must be 0 or 1")
        if res["reason"] not in _om.REASONS[1:]:
            raise ValueError("result reason must be one of %s" % ", ".join(_om.REASONS[1:]))
        if res["points"] != pt:
            raise ValueError("result points differ from points")
        if pt[w] < mp or pt[1 - w] >= mp:
            raise ValueError("result winner %d must have reached match_points %d (the other not)"
                             % (w, mp))
        if ph != "play" or w == tm:
            raise ValueError("a finished match is in phase play with the loser to move")
        b[_om.OV] = 1
        b[_om.WIN] = w
        b[_om.RSN] = _om.REASONS.index(res["reason"])
    b[_om.TM] = tm
    b[_om.PH] = 1 if ph == "setup" else 0
    for p in range(2):
        _mt.s16(b, _om.MM + 2 * p, mm[p])
        _mt.s16(b, _om.CP + 2 * p, cp[p])
        _mt.s16(b, _om.PT + 2 * p, pt[p])
    _mt.s16(b, _om.GN, gn)
    b[_om.PLY] = ply & 255
    b[_om.PLY + 1] = (ply >> 8) & 255
    b[_om.PLY + 2] = ply >> 16
    if res is None and ph == "play" and not _mt.can_move(b, tm):
        raise ValueError("player %d has no pit with 2 seeds: the game should already be over"
                         % tm)
    if res is not None:
        stuck = not _mt.can_move(b, tm)
        if res["reason"] in ("ordinary", "akawumbi") and not stuck:
            raise ValueError("result %s needs the loser without a pit of 2 seeds" % res["reason"])
        if res["reason"] == "okutema" and stuck:
            raise ValueError("result okutema with the loser unable to move is an akawumbi")
    return b
