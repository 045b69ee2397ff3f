# The terminal game (make play without a display, or python3 tools/play.py --terminal): choose a
# game, who plays, the computer's level and the rules (in a player's words, firmware/rule_text.py),
# then play with typed moves; h help, i hint, m the moves so far, u take back, q quit. The board is
# drawn from one fixed seat: yours against the computer. Each game's words: terminal/<game>.py.
import importlib
import random
import sys
import textwrap

from engine import games
from engine.record import Record
from firmware import rule_text

try:
    from engine import ai as _ai
except ImportError:  # the AI is optional for the terminal game
    _ai = None

COMMANDS = "h help, i hint, m moves, u undo, q quit"
WIDTH = 79  # a standard terminal: longer lines are word-wrapped (boards are drawn narrower)


class Quit(Exception):
    pass


def fit(text):
    """Word-wrap each line longer than WIDTH, keeping its indentation."""
    out = []
    for line in text.split("\n"):
        if len(line) <= WIDTH:
            out.append(line)
            continue
        ind = " " * (len(line) - len(line.lstrip(" ")))
        rows = textwrap.wrap(line, WIDTH, subsequent_indent=ind, break_long_words=False,
                             break_on_hyphens=False)
        last = rows[-1].split()
        before = rows[-2].split() if len(rows) > 1 else []
        if len(last) == 1 and len(before) > 2 and len(ind) + len(before[-1]) + 1 + \
                len(last[0]) <= WIDTH:  # no word alone on the last line
            rows[-2] = rows[-2][:rows[-2].rindex(" ")]
            rows[-1] = ind + before[-1] + " " + last[0]
        out.extend(rows)
    return "\n".join(out)


def fitted(say):
    return lambda text="": say(fit(text))


class View:
    """How the terminal names the players and which of them sits at the bottom of the board."""

    def __init__(self, names, bottom=0):
        self.names = names
        self.bottom = bottom

    def name(self, p):
        return self.names[p]

    def Name(self, p):  # noqa: N802 (the capitalised form, at the start of a sentence)
        n = self.names[p]
        return n[:1].upper() + n[1:]

    def of(self, p):
        n = self.names[p]
        return "your" if n == "you" else n + "'s"

    def Of(self, p):  # noqa: N802
        n = self.of(p)
        return n[:1].upper() + n[1:]

    def verb(self, p, base, third):
        return base if self.names[p] == "you" else third


def view_for(players):
    """You at the bottom against the computer; Player 1 (who moves first) at the bottom else."""
    if players[0] is None and players[1] is None:
        return View(["Player 1", "Player 2"], 0)
    if players[0] is None:
        return View(["you", "the computer"], 0)
    if players[1] is None:
        return View(["the computer", "you"], 1)
    return View(["computer 1", "computer 2"], 0)


def _choose(ask, say, title, options, default=1):
    """Ask for one of `options` (list of labels) by number; returns the index."""
    say(title)
    for i, label in enumerate(options):
        say("  %d) %s" % (i + 1, label))
    while True:
        a = ask("choice [%d]: " % default).strip().lower()
        if a in ("q", "quit"):
            raise Quit()
        if a == "":
            return default - 1
        if a.isdigit() and 1 <= int(a) <= len(options):
            return int(a) - 1
        say("Please type a number from 1 to %d (or q to quit)." % len(options))


# ---- rules -------------------------------------------------------------------------------------
def _same(a, b):
    return a == b and type(a) is type(b)


def _range_text(allowed):
    lo, hi = allowed
    return "from %d up" % lo if hi is None else "from %d to %d" % (lo, hi)


def _read_value(name, opt, default, allowed, text):
    """The value typed for a rule, or ValueError saying in words what the rule accepts."""
    from engine import rules as rules_mod
    t = text.strip().lower()
    if isinstance(default, bool):
        if t in ("true", "on", "yes", "y", "1"):
            return True
        if t in ("false", "off", "no", "n", "0"):
            return False
        raise ValueError("%r is not on or off: type on or off" % text)
    if isinstance(allowed, list):
        if not (t[1:] if t[:1] == "-" else t).isdigit():
            raise ValueError("%r is not a number: type a whole number %s"
                             % (text, _range_text(allowed)))
        v = int(t)
        lo, hi = allowed
        if v < lo or (hi is not None and v > hi):
            raise ValueError("%d is out of range: type a whole number %s"
                             % (v, _range_text(allowed)))
        return v
    v = rules_mod.parse_value(text.strip())
    for a in allowed:
        if _same(a, v) or (isinstance(a, str) and a == t):
            return a
        if _same(rule_text.value_text(name, opt, a).lower(), t):
            return a
    raise ValueError("%r is not one of: %s" % (text, ", ".join(
        "%s (%s)" % (rule_text.value_text(name, opt, a), a) for a in allowed)))


def _ask_value(ask, say, name, opt, default, allowed, now):
    """Ask for a new value of one rule; returns it (the current one on Enter)."""
    lab = rule_text.label(name, opt)
    if isinstance(allowed, list):
        prompt = "%s: type a whole number %s (now %s; Enter keeps it): " % (
            lab, _range_text(allowed), rule_text.value_text(name, opt, now))
        while True:
            a = ask(prompt).strip()
            if a in ("q", "quit"):
                raise Quit()
            if not a:
                return now
            try:
                return _read_value(name, opt, default, allowed, a)
            except ValueError as e:
                say("Not changed: %s." % e)
    texts = ["%s%s" % (rule_text.value_text(name, opt, v), " (now)" if _same(v, now) else "")
             for v in allowed]
    cur = [i for i in range(len(allowed)) if _same(allowed[i], now)]
    i = _choose(ask, say, "%s - %s:" % (lab, rule_text.explain(name, opt)), texts,
                cur[0] + 1 if cur else 1)
    return allowed[i]


def _rules(ask, say, name):
    """The rules menu: every option in words, changed by number (or name=value)."""
    options = games.load(name).OPTIONS
    chosen = {}
    while True:
        full = games.load(name, chosen).rules
        say("")
        say("Rules of %s (the usual rules unless you change them):" % games.TITLES[name])
        for i, (opt, default, allowed) in enumerate(options):
            say("  %2d) %s: %s%s" % (i + 1, rule_text.label(name, opt),
                                     rule_text.value_text(name, opt, full[opt]),
                                     "" if _same(full[opt], default) else "   (changed)"))
            say("      %s  [%s]" % (rule_text.explain(name, opt), opt))
        a = ask("Type a rule's number to change it, or press Enter to start: ").strip()
        if a in ("q", "quit"):
            raise Quit()
        if not a:
            return chosen
        if a.isdigit() and 1 <= int(a) <= len(options):
            opt, default, allowed = options[int(a) - 1]
            v = _ask_value(ask, say, name, opt, default, allowed, full[opt])
        elif "=" in a:
            k, text = [s.strip() for s in a.split("=", 1)]
            spec = [o for o in options if o[0] == k]
            if not spec:
                say("Not changed: %s has no rule %r (the names are in [brackets])."
                    % (games.TITLES[name], k))
                continue
            opt, default, allowed = spec[0]
            try:
                v = _read_value(name, opt, default, allowed, text)
            except ValueError as e:
                say("Not changed: %s." % e)
                continue
        else:
            say("Type a number from 1 to %d, or name=value (e.g. %s=%s)."
                % (len(options), options[0][0], _text(options[0][1])))
            continue
        if _same(v, full[opt]):
            continue
        chosen[opt] = v
        games.load(name, chosen)  # every value offered above is legal: this cannot raise
        say("Rule changed: %s is now %s. The game starts with it."
            % (rule_text.label(name, opt), rule_text.value_text(name, opt, v)))


def _text(v):
    return "true" if v is True else "false" if v is False else str(v)


# ---- a game ------------------------------------------------------------------------------------
def _renderer(name):
    """The game's terminal renderer: tools/terminal/<name>.py."""
    return importlib.import_module("tools.terminal." + name)


def _legal(game, pos):
    buf = [0] * game.MAX_MOVES
    n = game.moves(pos, buf)
    return [game.move_str(pos, buf[i]) for i in range(n)]


def _history(say, view, history):
    if not history:
        say("No moves yet.")
        return
    w = max(len(view.name(p)) for p, _, _ in history)
    say("Moves so far:")
    for i, (p, text, note) in enumerate(history):
        say(("  %3d. %-*s %-8s %s" % (i + 1, w, view.name(p), text, note)).rstrip())


def _take_back(rec, undo, history, players):
    """Undo back to the last position where a person was to move; the moves taken back."""
    if not any(players[u[2]] is None for u in undo):
        return []
    taken = []
    while undo:
        pos, seen, mover, n = undo.pop()
        taken.insert(0, history[n])
        del history[n:]
        rec.pos[:] = pos
        rec.seen = seen
        if players[mover] is None:
            break
    return taken


def _hint(game, rec):
    """The console's hint (engine/ai.py Player.hint: level 4's budget, no mistake) and why, in
    the words of the console and of cli.py explain (the reply searched with level 3's budget)."""
    from engine import ai, explain
    p = ai.Player(game)
    m = p.hint(rec.pos, None, rec.seen)
    why = explain.explain(p.search, rec, m, ai.level_nodes(game, 3))["text"]
    return "Hint: %s (%s)." % (game.move_str(rec.pos, m), why)


def _turn(ask, say, game, term, rec, view, undo, history, players):
    """Read a person's move; returns (move code, text), or None after a command."""
    p = game.to_move(rec.pos)
    legal = _legal(game, rec.pos)
    who = "Your move" if view.name(p) == "you" else "%s, your move" % view.Name(p)
    while True:
        a = ask("%s (e.g. %s; %s): " % (who, legal[0] if legal else "", COMMANDS)).strip()
        low = a.lower()
        if low in ("q", "quit"):
            raise Quit()
        if low in ("h", "help", "?"):
            say(term.help(game, rec.pos, view, legal))
        elif low in ("i", "hint"):
            say(_hint(game, rec))
        elif low in ("m", "moves", "history"):
            _history(say, view, history)
        elif low in ("u", "undo"):
            taken = _take_back(rec, undo, history, players)
            if not taken:
                say("Nothing to undo: no move of yours yet.")
                continue
            say("Taken back: %s." % ", ".join("%s %s" % (view.of(q), t) for q, t, _ in taken))
            return None
        elif not a:
            say("Type a move, e.g. %s (h: help)." % (legal[0] if legal else ""))
        else:
            try:
                m = game.parse_move(rec.pos, a)
            except ValueError as e:
                msg = str(e)
                if "player " in msg:  # the engine counts players from 0: say it in words
                    msg = "%s is not one of your moves now" % a
                msg = msg.split(", e.g.")[0]  # (its examples may be the other side's: 9-)
                say("%s. Legal now: %s%s (h: help)." % (msg, " ".join(legal[:20]),
                                                         " ..." if len(legal) > 20 else ""))
                continue
            return m, game.move_str(rec.pos, m)


def play_game(ask, say, name, rules, players, seed=None, view=None, kept=None):
    """One game/match. players[p] is None for a person, else a callable(game, pos) -> move.
    kept: a dict that gets the game, the position it started from and its moves (the review)."""
    say = fitted(say)
    game = games.load(name, rules)
    term = _renderer(name)
    view = view or view_for(players)
    rec = Record(game, game.new())
    undo = []     # (position, repetition history, mover, len(history)) before each move
    history = []  # (mover, move text, what it captured)
    if kept is not None:
        kept.update(game=game, start=bytes(rec.pos), moves=history, view=view)
    say("")
    say(term.seats(game, view))
    p0 = game.to_move(rec.pos)
    say("%s %s first. At your turn, type h to see how moves work." % (
        view.Name(p0), view.verb(p0, "move", "moves")))
    while not game.over(rec.pos):
        say("")
        say(term.board(game, rec.pos, view))
        p = game.to_move(rec.pos)
        if players[p] is None:
            got = _turn(ask, say, game, term, rec, view, undo, history, players)
            if got is None:
                continue
            m, text = got
        else:
            m = players[p](game, rec.pos)
            text = game.move_str(rec.pos, m)
        undo.append((bytearray(rec.pos), list(rec.seen), p, len(history)))
        trace = []
        rec.play(m, trace)
        history.append((p, text, term.note(game, trace, view)))
        say("%s %s %s." % (view.Name(p), view.verb(p, "play", "plays"), text))
        s = term.summary(game, rec.pos, trace, view, p)
        if s:
            say(s)
    say("")
    say(term.board(game, rec.pos, view))
    say(term.final(game, rec.pos, view))
    return game.result(rec.pos)


def _review(say, kept, players):
    """The review after a game, the console's (firmware/review.py): each move of the person (of
    both people between two) valued against the search's best at level 2's budget, the five
    costliest with what they lost and what the better move takes."""
    try:
        from firmware.review import Review
    except ImportError:  # (engine/ai.py not installed)
        say("The review needs the AI, which is not installed.")
        return
    from firmware.common import MoveLog
    game, view = kept["game"], kept["view"]
    if all(p is not None for p in players):
        say("No move of yours to review.")
        return
    log = MoveLog(game, kept["start"])  # (a long match: the oldest moves go, its start follows)
    for p, text, _ in kept["moves"]:
        log.add(p, 0, text)
    who = None if players == [None, None] else players.index(None)
    r = Review(game, log.start, log.buf, who)
    r.page = 1
    while r.state < 4:
        r.run(None, 60000)
    from firmware.screens.over import lines  # the console's score page's words
    for ln in lines(r, (view.Name(0), view.Name(1)))[1:]:
        say(ln)


def _opponent(level, seed=None):
    if seed is None:  # a new game each time; tests pass a seed to replay one
        seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    if _ai is None or level == 0:
        def pick(game, pos):
            buf = [0] * game.MAX_MOVES
            return buf[rng.randrange(game.moves(pos, buf))]
        return pick
    players = {}

    def think(game, pos):
        pl = players.get(id(game))
        if pl is None:
            pl = players[id(game)] = _ai.Player(game, seed=seed)
        return pl.move(pos, level)
    return think


def terminal(ask=input, say=print, seed=None):
    say = fitted(say)
    names = games.NAMES
    try:
        while True:
            i = _choose(ask, say, "Which game?",
                        ["%s - %s" % (games.TITLES[n], games.BLURBS[n]) for n in names])
            name = names[i]
            mode = _choose(ask, say, "Who plays?", ["two players on this keyboard",
                                                    "you against the computer",
                                                    "learn the game: a lesson per rule"], 2)
            if mode == 2:
                from tools.terminal.learn import learn
                learn(ask, say, name, View(["you", "your opponent"], 0), _renderer(name))
                continue
            players = [None, None]
            if mode == 1:
                if _ai is None:
                    level = 0
                    say("The AI is not installed: the computer plays random moves.")
                else:
                    level = _choose(ask, say, "Computer level? (1 = easiest)",
                                    ["level %d" % k for k in range(1, 6)], 2) + 1
                side = _choose(ask, say, "Who starts?", ["you", "the computer", "by lot"])
                if side == 2:
                    side = random.Random(seed).randrange(2)
                    say("Lots drawn: %s." % ("you start" if side == 0 else "the computer starts"))
                players[1 - side] = _opponent(level, seed)
            rules = _rules(ask, say, name)
            kept = {}
            play_game(ask, say, name, rules, players, seed, kept=kept)
            while True:
                a = ask("Play again? [y/N; r: review your moves]: ").strip().lower()
                if a not in ("r", "review"):
                    break
                _review(say, kept, players)
            if a not in ("y", "yes"):
                return 0
    except (Quit, EOFError, KeyboardInterrupt):
        say("\nBye.")
        return 0


def _fold(err):
    # a letter the console cannot show is printed as its base letter (Ô Ăn Quan -> O An Quan)
    import unicodedata
    bad = err.object[err.start:err.end]
    base = unicodedata.normalize("NFKD", bad).encode("ascii", "ignore").decode()
    return (base or "?" * len(bad)), err.end


def fit_console(stream=None):
    """Where the console's encoding lacks the game names' letters (a Windows code page, ASCII),
    print them folded to their base letters instead of failing."""
    stream = stream or sys.stdout
    enc = getattr(stream, "encoding", None) or "ascii"
    try:
        "".join(games.TITLES.values()).encode(enc)
    except (UnicodeEncodeError, LookupError):
        import codecs
        codecs.register_error("fold", _fold)
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="fold")

