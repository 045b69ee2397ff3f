# The public JSON command line (docs/protocol.md). Runs unchanged under CPython and MicroPython:
#   python3 tools/cli.py new --game oanquan [--rule name=value]...
#   python3 tools/cli.py moves --position FILE|-
#   python3 tools/cli.py apply --position FILE|- --moves "3+ 9-"|@FILE [--trace]
#   python3 tools/cli.py bestmove --position FILE|- (--nodes N | --level L | --ms T)
#   python3 tools/cli.py explain --position FILE|- --move M [--nodes N]
#   python3 tools/cli.py review --position FILE|- --moves "3+ 9-"|@FILE [--nodes N] [--player P]
#   python3 tools/cli.py problem --game G --n K [--check]
# Bad input: exit status 2, one line on stderr, nothing on stdout.
import sys

# Run by path under either interpreter, its own folder is already sys.path[0] (jsonfmt is found
# there); engine/ is imported from the repository root, one folder up.
_here = sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else "."
sys.path.insert(0, _here + "/..")

from jsonfmt import write, parse, JSONError  # noqa: E402
from engine import games, rules as rules_mod  # noqa: E402
from engine.record import Record  # noqa: E402

USAGE = "usage: cli.py new|moves|apply|bestmove|explain|review|problem [options] " \
    "(see docs/protocol.md)"
# Limits that keep every input inside the MicroPython port's 180 KB heap, with the same verdict
# on both interpreters (docs/protocol.md, "Limits").
MAX_POSITION = 32768   # bytes of position JSON (a full history fits)
MAX_HISTORY = 500      # repetition keys in `history`: 700 no longer fit in 180 KB
MAX_MOVE = 64          # characters of one move ("setup:" and 16 counts fit)
BUDGETS = {"nodes": 10000000, "ms": 600000, "level": 5}  # bestmove: the largest of each
EXPLAIN_NODES = 2500   # explain, review: the search budget when --nodes is not given
_CHUNK = 512


class Bad(Exception):
    pass


def _q(s):
    """s quoted for a message, printable ASCII only (so both interpreters print the same)."""
    return "'" + _ascii(s) + "'"


def _ascii(s):
    out = []
    for ch in s:
        o = ord(ch)
        if 32 <= o <= 126:
            out.append(ch)
        elif o < 256:
            out.append("\\x%02x" % o)
        elif o < 65536:
            out.append("\\u%04x" % o)
        else:
            out.append("\\U%08x" % o)
    return "".join(out)


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
            raise Bad("unknown argument %s" % _q(a))
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


def _read_all(read, what):
    """Everything `read(n)` gives, as bytes; Bad beyond MAX_POSITION (nothing larger is kept)."""
    parts = []
    n = 0
    while True:
        b = read(_CHUNK)
        if not b:
            break
        n += len(b)
        if n > MAX_POSITION:
            raise Bad("%s is larger than %d bytes" % (what, MAX_POSITION))
        parts.append(b)
    return b"".join(parts)


def _read_position(opts):
    src = _one(opts, "--position")
    try:
        if src == "-":
            data = _read_all(sys.stdin.buffer.read, "the position")
        else:
            with open(src, "rb") as f:
                data = _read_all(f.read, "the position")
    except OSError:
        raise Bad("cannot read position file %s" % _q(src))
    try:
        obj = parse(data, ("history",))
    except JSONError as e:
        raise Bad("position is not valid JSON: %s" % e)
    data = None
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
        rec = Record(game, pos, _history(obj, game, pos))
    except ValueError as e:
        raise Bad("position: %s" % e)
    return rec


def _history(obj, game, pos):
    h = obj.get("history")
    if h is None:
        return None
    k = game.key(pos)
    if k is None or not isinstance(h, list):
        raise ValueError("field 'history' must be a list of hex strings (games with a "
                         "repetition rule only)")
    if len(h) > MAX_HISTORY:
        raise ValueError("field 'history' holds %d positions, more than %d" % (len(h), MAX_HISTORY))
    for i in range(len(h)):  # the reader made bytes of every string of lowercase hex digits
        if not isinstance(h[i], bytearray) or len(h[i]) != len(k):
            raise ValueError("field 'history': entry %d is not %d lowercase hex digits"
                             % (i, 2 * len(k)))
    return h


def _position_json(rec):
    obj = rec.game.to_json(rec.pos)
    if rec.game.key(rec.pos) is not None:
        if len(rec.seen) > MAX_HISTORY:  # never write what `--position` would refuse
            raise Bad("the repetition history grew past %d positions (docs/protocol.md)"
                      % MAX_HISTORY)
        obj["history"] = rec.seen  # bytes: written as hex strings one at a time
    return obj


def cmd_new(argv):
    opts = _args(argv, ("--game", "--rule"))
    name = _one(opts, "--game")
    given = {}
    for r in opts.get("--rule", ()):
        if "=" not in r:
            raise Bad("--rule takes name=value, got %s" % _q(r))
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


def _tokens(read):
    """The moves in the text that read(n) returns piece by piece: (number, text), one at a time,
    so a long game never has to sit in memory as one string or one list."""
    cur = bytearray()
    k = 0
    while True:
        chunk = read(_CHUNK)
        if not chunk:
            break
        for b in chunk:
            if b == 32 or b == 10 or b == 13 or b == 9:
                if cur:
                    k += 1
                    yield k, cur.decode()
                    cur = bytearray()
            elif 33 <= b <= 126:
                if len(cur) >= MAX_MOVE:
                    raise Bad("move %d: longer than %d characters" % (k + 1, MAX_MOVE))
                cur.append(b)
            else:
                raise Bad("move %d: %s: moves are printable ASCII" % (
                    k + 1, "a non-ASCII character" if b > 127 else "control byte 0x%02x" % b))
    if cur:
        yield k + 1, cur.decode()


def _text_reader(text):
    """A read(n) over the characters of an argument; a non-ASCII one becomes byte 0x80 (refused
    by _tokens) whatever its code, so both interpreters give the same verdict."""
    data = bytearray(len(text))
    for i in range(len(text)):
        o = ord(text[i])
        data[i] = o if o < 128 else 128
    pos = [0]

    def read(n):
        i = pos[0]
        pos[0] = i + n
        return data[i:i + n]
    return read


def _moves_source(text):
    """(read(n), close()) over the moves of a --moves argument: the text itself, or @FILE for
    long games (MicroPython limits an argument to 255 characters)."""
    if text[:1] != "@":
        return _text_reader(text), lambda: None
    try:
        f = open(text[1:], "rb")
    except OSError:
        raise Bad("cannot read moves file %s" % _q(text[1:]))

    def read(n):
        try:
            return f.read(n)
        except OSError:
            raise Bad("cannot read moves file %s" % _q(text[1:]))
    return read, f.close


def _collect():
    # the MicroPython port's 180 KB: a long game replays within it with ~10 KB to spare after
    # a collection here, ~5 KB short without one (compiling the engine's code leaves garbage)
    import gc
    gc.collect()


def cmd_apply(argv):
    opts = _args(argv, ("--position", "--moves"), ("--trace",))
    rec = _read_position(opts)
    read, close = _moves_source(_one(opts, "--moves"))
    trace = [] if opts.get("--trace") else None
    _collect()  # the position's text and the game's compiled code leave their garbage
    try:
        for i, m in _tokens(read):
            if trace is not None:
                trace.append({"event": "move", "move": m, "player": rec.game.to_move(rec.pos)})
            try:
                rec.play_text(m, trace)
            except ValueError as e:
                raise Bad("move %d: %s" % (i, e))
    finally:
        close()
    obj = _position_json(rec)
    if trace is not None:
        obj["trace"] = trace
    return obj


def _budget(opts, name):
    v = _one(opts, "--" + name, False)
    if v is not None:
        hi = BUDGETS[name]
        if not rules_mod.decimal(v) or len(v) > 9 or not 1 <= int(v) <= hi:
            raise Bad("--%s takes a whole number 1..%d, got %s" % (name, hi, _q(v)))
        v = int(v)
    return v


def cmd_bestmove(argv):
    opts = _args(argv, ("--position", "--nodes", "--level", "--ms"))
    budget = {}
    for name in ("nodes", "level", "ms"):
        v = _budget(opts, name)
        if v is not None:
            budget[name] = v
    if len(budget) != 1:
        raise Bad("bestmove takes exactly one of --nodes, --level, --ms")
    rec = _read_position(opts)
    g = rec.game
    if g.over(rec.pos):
        raise Bad("the game is over: there is no move to find")
    try:
        if "level" in budget:
            from engine import ai  # the levels and their mistakes
            r = ai.level_best(rec, budget["level"])
        else:  # the search alone: importing engine/ai.py too took 15 ms on the RP2040
            from engine.search import Search
            r = Search(g).best(rec.pos, budget.get("nodes", 0), budget.get("ms", 0), 0, rec.seen)
    except ValueError as e:
        raise Bad(str(e))
    return {"move": g.move_str(rec.pos, r[0]), "score": r[1], "nodes": r[2], "depth": r[3]}


def cmd_explain(argv):
    opts = _args(argv, ("--position", "--move", "--nodes"))
    nodes = _budget(opts, "nodes") or EXPLAIN_NODES
    rec = _read_position(opts)
    g = rec.game
    if g.over(rec.pos):
        raise Bad("the game is over: there is no move to explain")
    text = _one(opts, "--move")
    try:
        m = g.parse_move(rec.pos, text)
    except ValueError as e:
        raise Bad("--move: %s" % e)
    from engine.search import Search
    from engine.explain import explain
    return explain(Search(g), rec, m, nodes)


def cmd_review(argv):
    opts = _args(argv, ("--position", "--moves", "--nodes", "--player"))
    nodes = _budget(opts, "nodes") or EXPLAIN_NODES
    player = _one(opts, "--player", False)
    if player is not None:
        if player not in ("0", "1"):
            raise Bad("--player takes 0 or 1, got %s" % _q(player))
        player = int(player)
    rec = _read_position(opts)
    from engine.search import Search
    from engine.explain import review
    read, close = _moves_source(_one(opts, "--moves"))
    try:
        return review(Search(rec.game), rec, (t for _, t in _tokens(read)), nodes, player)
    except ValueError as e:
        raise Bad(str(e))
    finally:
        close()


def cmd_problem(argv):
    opts = _args(argv, ("--game", "--n"), ("--check",))
    name = _one(opts, "--game")
    if name not in games.NAMES:
        raise Bad("--game takes one of %s, got %s" % (", ".join(games.NAMES), _q(name)))
    from firmware import problems
    from prover import describe, check
    shipped = problems.load(name)
    k = _one(opts, "--n")
    if not rules_mod.decimal(k) or len(k) > 3 or not 1 <= int(k) <= len(shipped):
        raise Bad("--n takes a whole number 1..%d (the problems of %s), got %s"
                  % (len(shipped), name, _q(k)))
    game = games.load(name, problems.rules(name))
    rec = shipped[int(k) - 1]
    shipped = None
    if opts.get("--check"):
        return check(game, rec, int(k))
    out = describe(game, rec, int(k))
    out["position"] = _position_json(Record(game, problems.position(game, rec)))
    return out


COMMANDS = {"new": cmd_new, "moves": cmd_moves, "apply": cmd_apply, "bestmove": cmd_bestmove,
            "explain": cmd_explain, "review": cmd_review, "problem": cmd_problem}


MAX_ARG = 255  # characters of one argument: the MicroPython Unix port's own limit (below)


def _run(argv):
    # The port interns every sys.argv entry (at most 255 bytes) before any script runs: a longer
    # one stops it with "FATAL: uncaught NLR", exit 1, out of this file's reach. CPython refuses
    # the same argument here, so both refuse it (only CPython can say so on an error: line).
    for i in range(len(argv)):
        if len(argv[i]) > MAX_ARG:
            raise Bad("argument %d is %d characters, at most %d (the MicroPython port's limit): "
                      "give long moves as --moves @FILE" % (i + 1, len(argv[i]), MAX_ARG))
    if not argv:
        raise Bad("no command (%s)" % USAGE)
    if argv[0] not in COMMANDS:
        raise Bad("unknown command %s (%s)" % (_q(argv[0]), USAGE))
    return COMMANDS[argv[0]](argv[1:])


def main(argv):
    try:
        out = _run(argv)
        failed = isinstance(out, dict) and out.get("proved") is False  # problem --check
        text = _render(out)  # all of it before the first byte: an error leaves stdout empty
    except Bad as e:
        return _error(str(e))
    except MemoryError:  # the MicroPython port's 180 KB: a clear error, never a traceback
        out = text = None
        return _error("out of memory (the input is too large for this interpreter)")
    out = None
    for t in text:
        sys.stdout.write(t)
    sys.stdout.write("\n")
    return 1 if failed else 0


def _render(v):
    """The JSON text of v as a list of strings of about 1 KB (not one string: no large block)."""
    parts = []
    buf = []

    def out(s):
        buf.append(s)
        if len(buf) >= 128:
            parts.append("".join(buf))
            del buf[:]
    write(v, out)
    parts.append("".join(buf))
    return parts


def _error(msg):
    msg = _ascii(msg)
    if len(msg) > 300:
        msg = msg[:300] + "..."
    sys.stderr.write("error: %s\n" % msg)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
