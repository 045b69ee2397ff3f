# `make play`: the device simulator where a display exists, the terminal game otherwise.
#   python3 tools/play.py [--terminal] [simulator options...]
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

from engine import games  # noqa: E402
from engine.record import Record  # noqa: E402

try:
    from engine import ai as _ai
except ImportError:  # the AI is optional for the terminal game
    _ai = None


class Quit(Exception):
    pass


def _present():
    return [n for n in games.NAMES if os.path.exists(os.path.join(HERE, "..", "engine", n + ".py"))]


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


def _rules(ask, say, name):
    from engine import rules as rules_mod
    cls = games.load(name).__class__
    chosen = {}
    while True:
        say("Rules (name = value):")
        full = games.load(name, chosen).rules
        for opt, default, allowed in cls.OPTIONS:
            say("  %-26s %-6s (%s)" % (opt, _text(full[opt]), rules_mod.describe(allowed)))
        a = ask("change a rule as name=value, or press Enter to start: ").strip()
        if a in ("q", "quit"):
            raise Quit()
        if not a:
            return chosen
        if "=" not in a:
            say("Write it as name=value, e.g. mandarin_value=5.")
            continue
        k, v = [s.strip() for s in a.split("=", 1)]
        trial = dict(chosen)
        trial[k] = rules_mod.parse_value(v)
        try:
            games.load(name, trial)
        except ValueError as e:
            say("Not changed: %s" % e)
            continue
        chosen = trial
        say("Rule changed: a new game will start with it.")


def _text(v):
    return "true" if v is True else "false" if v is False else str(v)


def _renderer(name):
    return __import__("term_" + name)


def play_game(ask, say, name, rules, players, seed=None):
    """One game/match. players[p] is None for a person, else a callable(game, pos) -> move."""
    game = games.load(name, rules)
    term = _renderer(name)
    rec = Record(game, game.new())
    while not game.over(rec.pos):
        say("")
        say(term.board(game, rec.pos))
        p = game.to_move(rec.pos)
        trace = []
        if players[p] is None:
            while True:
                a = ask("player %d, your move (h = help, q = quit): " % p).strip()
                if a in ("q", "quit"):
                    raise Quit()
                if a in ("h", "help", "?"):
                    say(term.help(game, rec.pos))
                    continue
                try:
                    text = a
                    rec.play_text(a, trace)
                    break
                except ValueError as e:
                    say("%s. Type h for help." % e)
        else:
            m = players[p](game, rec.pos)
            text = game.move_str(rec.pos, m)
            rec.play(m, trace)
        say("player %d plays %s" % (p, text))
        s = term.summary(game, rec.pos, trace)
        if s:
            say(s)
    say("")
    say(term.board(game, rec.pos))
    return game.result(rec.pos)


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
    names = _present()
    try:
        while True:
            i = _choose(ask, say, "Which game?",
                        ["%s - %s" % (games.TITLES[n], games.BLURBS[n]) for n in names])
            name = names[i]
            mode = _choose(ask, say, "Who plays?", ["two players on this keyboard",
                                                    "you against the computer"], 2)
            players = [None, None]
            if mode == 1:
                if _ai is None:
                    level = 0
                    say("The AI is not installed: the computer plays random moves.")
                else:
                    level = _choose(ask, say, "Computer level?",
                                    ["level %d" % k for k in range(1, 6)], 2) + 1
                side = _choose(ask, say, "Who starts?", ["you", "the computer", "by lot"])
                if side == 2:
                    side = random.Random(seed).randrange(2)
                    say("Lots drawn: %s start." % ("you" if side == 0 else "the computer"))
                players[1 - side if side in (0, 1) else 1] = _opponent(level, seed)
            rules = _rules(ask, say, name)
            play_game(ask, say, name, rules, players, seed)
            if ask("play again? [y/N]: ").strip().lower() not in ("y", "yes"):
                return 0
    except (Quit, EOFError, KeyboardInterrupt):
        say("\nbye")
        return 0


def main(argv):
    if "--terminal" not in argv:
        try:
            import sim
        except ImportError:
            sim = None
        if sim is not None and sim.available():
            return sim.main(argv)
        say = print
        say("No display found: playing in the terminal. (The simulator opens where a display"
            " exists.)")
    return terminal()


if __name__ == "__main__":
    sys.exit(main([a for a in sys.argv[1:]]))
