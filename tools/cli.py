# The public JSON command line (docs/protocol.md). Runs unchanged under CPython and MicroPython:
#   python3 tools/cli.py new --game oanquan [--rule name=value]...
#   python3 tools/cli.py moves --position FILE|-
#   python3 tools/cli.py apply --position FILE|- --moves "3+ 9-"|@FILE [--trace]
#   python3 tools/cli.py bestmove --position FILE|- (--nodes N | --level L | --ms T)
# Bad input: exit status 2, one line on stderr, nothing on stdout.
import sys

_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, _here)
sys.path.insert(0, _here + "/..")

import json  # noqa: E402
from jsonfmt import write  # noqa: E402
from engine import games, rules as rules_mod  # noqa: E402
from engine.record import Record  # noqa: E402

USAGE = "usage: cli.py new|moves|apply|bestmove [options] (see docs/protocol.md)"


class Bad(Exception):
    pass


def _args(argv, flags, switches=()):
    """Parse '--name value' pairs (repeatable) and bare '--switch'es into a dict of lists."""
    out = {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in switches:
            out[a] = [True]
            i += 1
            continue
        if a not in flags:
            raise Bad("unknown argument %r" % a)
        if i + 1 >= len(argv):
            raise Bad("%s needs a value" % a)
        out.setdefault(a, []).append(argv[i + 1])
        i += 2
    return out


def _one(opts, name, required=True):
    v = opts.get(name)
    if not v:
        if required:
            raise Bad("missing %s" % name)
        return None
    if len(v) > 1:
        raise Bad("%s given more than once" % name)
    return v[0]


def _read_position(opts):
    src = _one(opts, "--position")
    try:
        if src == "-":
            text = sys.stdin.read()
        else:
            with open(src) as f:
                text = f.read()
    except OSError:
        raise Bad("cannot read position file %r" % src)
    try:
        obj = json.loads(text)
    except ValueError:
        raise Bad("position is not valid JSON")
    if not isinstance(obj, dict):
        raise Bad("position must be a JSON object")
    for f in ("game", "rules"):
        if f not in obj:
            raise Bad("position: missing field %r" % f)
    if not isinstance(obj["rules"], dict):
        raise Bad("position: field 'rules' must be an object")
    try:
        game = games.load(obj["game"], obj["rules"])
        pos = game.from_json(obj)
        rec = Record(game, pos, _history(obj))
    except ValueError as e:
        raise Bad("position: %s" % e)
    return rec


def _history(obj):
    h = obj.get("history")
    if h is None:
        return None
    if not isinstance(h, list):
        raise ValueError("field 'history' must be a list of hex strings")
    out = []
    for s in h:
        try:
            if not isinstance(s, str) or len(s) % 2:
                raise ValueError
            out.append(bytes(int(s[i:i + 2], 16) for i in range(0, len(s), 2)))
        except ValueError:
            raise ValueError("field 'history' must be a list of hex strings")
    return out


def _hex(b):
    return "".join("%02x" % x for x in b)


def _position_json(rec):
    obj = rec.game.to_json(rec.pos)
    if rec.game.key(rec.pos) is not None:
        obj["history"] = [_hex(k) for k in rec.seen]
    return obj


def cmd_new(argv):
    opts = _args(argv, ("--game", "--rule"))
    name = _one(opts, "--game")
    given = {}
    for r in opts.get("--rule", ()):
        if "=" not in r:
            raise Bad("--rule takes name=value, got %r" % r)
        k, v = r.split("=", 1)
        given[k] = rules_mod.parse_value(v)
    try:
        game = games.load(name, given)
    except ValueError as e:
        raise Bad(str(e))
    return _position_json(Record(game, game.new()))


def cmd_moves(argv):
    rec = _read_position(_args(argv, ("--position",)))
    g = rec.game
    buf = [0] * g.MAX_MOVES
    n = g.moves(rec.pos, buf)
    return [g.move_str(rec.pos, buf[i]) for i in range(n)]


def cmd_apply(argv):
    opts = _args(argv, ("--position", "--moves"), ("--trace",))
    rec = _read_position(opts)
    text = _one(opts, "--moves")
    if text[:1] == "@":  # --moves @FILE: for long games (MicroPython limits an argument to 255)
        try:
            with open(text[1:]) as f:
                text = f.read()
        except OSError:
            raise Bad("cannot read moves file %r" % text[1:])
    trace = [] if opts.get("--trace") else None
    for i, m in enumerate(text.split()):
        p = rec.game.to_move(rec.pos)
        if trace is not None:
            trace.append({"event": "move", "move": m, "player": p})
        try:
            rec.play_text(m, trace)
        except ValueError as e:
            raise Bad("move %d: %s" % (i + 1, e))
    obj = _position_json(rec)
    if trace is not None:
        obj["trace"] = trace
    return obj


def cmd_bestmove(argv):
    opts = _args(argv, ("--position", "--nodes", "--level", "--ms"))
    rec = _read_position(opts)
    budget = {}
    for flag in ("--nodes", "--level", "--ms"):
        v = _one(opts, flag, False)
        if v is not None:
            if not v.isdigit():
                raise Bad("%s takes a whole number, got %r" % (flag, v))
            budget[flag[2:]] = int(v)
    if len(budget) != 1:
        raise Bad("bestmove takes exactly one of --nodes, --level, --ms")
    from engine import ai
    try:
        return ai.cli_bestmove(rec, budget)
    except ValueError as e:
        raise Bad(str(e))


COMMANDS = {"new": cmd_new, "moves": cmd_moves, "apply": cmd_apply, "bestmove": cmd_bestmove}


def main(argv):
    if not argv or argv[0] not in COMMANDS:
        sys.stderr.write(USAGE + "\n")
        return 2
    try:
        out = COMMANDS[argv[0]](argv[1:])
    except Bad as e:
        sys.stderr.write("error: %s\n" % e)
        return 2
    write(out, sys.stdout.write)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
