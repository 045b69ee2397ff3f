# Small helpers shared by the session and the screens. Portable.
import sys


def unload(name):
    """Forget a module (sys.modules and its package's attribute), so that the heap it holds is
    freed once nothing else refers to it; the next import loads it again."""
    mod = sys.modules.pop(name, None)
    if mod is None:
        return
    i = name.rfind(".")
    pkg = sys.modules.get(name[:i]) if i > 0 else None
    if pkg is not None and getattr(pkg, name[i + 1:], None) is mod:
        delattr(pkg, name[i + 1:])


def num(text):
    """The square/hole/pit a move text starts from ("3+" -> 3, "son:4" -> 4, "14*" -> 14)."""
    if text[:4] == "son:":
        text = text[4:]
    n = 0
    i = 0
    while i < len(text) and "0" <= text[i] <= "9":
        n = n * 10 + ord(text[i]) - 48
        i += 1
    return n if i else -1


def suffix(text):
    """What follows the cell number in a move text: the direction and choices ("3+" -> "+")."""
    i = 4 if text[:4] == "son:" else 0
    while i < len(text) and "0" <= text[i] <= "9":
        i += 1
    return text[i:]


class Legal:
    """The mover's legal moves, read as (code, text) pairs like a list: the codes live in one
    buffer made once per game, the texts are made only when asked (an Omweso position has dozens
    of moves: making all their texts after every move was a move's largest allocation on the
    chip). s: the session (its game, position and the game's adapter)."""

    def __init__(self, s):
        self.s = s
        self.buf = []
        self.n = 0

    def fill(self):
        g = self.s.game
        if len(self.buf) < g.MAX_MOVES:
            self.buf = [0] * g.MAX_MOVES
        self.n = g.moves(self.s.rec.pos, self.buf)

    def clear(self):
        self.n = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError("no legal move %d" % i)
        c = self.buf[i]
        return c, self.s.game.move_str(self.s.rec.pos, c)

    def __iter__(self):
        for i in range(self.n):
            yield self[i]

    def cell(self, i):
        """The cell move i starts from (the adapter's cell(code) when it has one: no text)."""
        f = getattr(self.s.ad, "cell", None)
        return f(self.buf[i]) if f is not None else num(self[i][1])


def copy_scene(snap):
    """A copy of a position JSON deep enough for the animation to change its lists."""
    out = {}
    for k in snap:
        v = snap[k]
        if isinstance(v, list):
            v = [list(x) if isinstance(x, list) else x for x in v]
        out[k] = v
    return out


def wrap(lines, n):
    """Lines word-wrapped to n characters (a word longer than n is cut)."""
    out = []
    for line in lines:
        while len(line) > n:
            i = line.rfind(" ", 0, n + 1)
            if i <= 0:
                i = n
            out.append(line[:i].rstrip())
            line = " " + line[i:].lstrip() if line[:1] == " " else line[i:].lstrip()
        out.append(line)
    return out


class Trace:
    """A move's trace (the engine appends one dict per event) kept small: the drop events, most
    of a long Omweso move, are stored as small ints (no dict each) and rebuilt when read. The
    animation's lowest free heap is while a move's whole trace is held."""

    def __init__(self):
        self.ev = []

    def append(self, e):
        if e.get("event") == "drop" and len(e) == (3 if "player" in e else 2):
            self.drop(e.get("player", 2), e["at"])  # player 2: the event names none
        else:
            self.ev.append(e)

    def drop(self, p, at):
        """A drop event given as its parts (engine/omweso_run.py): no dict made at all. An
        int: at | player << 8, player 2 for a drop that names no player."""
        self.ev.append(at | (p << 8))

    def __len__(self):
        return len(self.ev)

    def __getitem__(self, i):
        e = self.ev[i]
        if isinstance(e, int):
            if e & 512:
                return {"event": "drop", "at": e & 255}
            return {"event": "drop", "player": e >> 8, "at": e & 255}
        return e

    def __iter__(self):
        for i in range(len(self.ev)):
            yield self[i]
