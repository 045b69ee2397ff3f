# Small helpers shared by the session and the screens, the session's take-back store and its
# move log (MoveLog), and module(): a module found by its name. Portable.
import sys
from array import array
from engine.compat import const, ticks_diff


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


def module(name):
    """The module of this dotted name, imported if it is not loaded: the one way the app loads a
    module found by its name (a game's parts and engine, firmware/games/__init__.py)."""
    __import__(name)
    return sys.modules[name]


def agree(name, verb):
    """name and its verb, given in the "AI" form, agreeing: ("AI", "starts") -> "AI starts",
    ("You", "starts") -> "You start", ("You", "has") -> "You have"."""
    if name != "You":
        return name + " " + verb
    if verb in ("has", "was"):
        return "You have" if verb == "has" else "You were"
    return "You " + (verb[:-1] if verb[-1:] == "s" else verb)  # "had", "lost": as they are


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


def key(s, *b):
    """What the board calls buttons b, joined by "/" ("Z", "up/down", "X/Y"; "" for a button it
    lacks): its NAMES (boards/), which the app gives the session, so that every line names the
    keys the player presses; a session without them (tests) says a letter's capital, a word."""
    k = s.keys
    return "/".join([(k[1][k[0].index(x)] if x in k[0] else "") if k else
                     x.upper() if len(x) < 2 else x for x in b])


# moves a Legal lists at first: Omweso lists up to 256 (1 KB of list), rarely more than 48
_FEW = const(64)


class Legal:
    """The mover's legal moves, read as (code, text) pairs like a list (iterated through
    __getitem__ up to its IndexError, on MicroPython too): the codes live in one buffer made once
    per game, the texts are made only when asked (an Omweso position has dozens of moves: making
    all their texts after every move was a move's largest allocation on the chip). s: the
    session (its game, position and the game's adapter)."""

    def __init__(self, s):
        self.s = s
        self.buf = []
        self.n = 0
        self.made = None  # cells(), made once per fill (every cursor step asks for them)

    def fill(self):
        g = self.s.game
        top = g.MAX_MOVES
        want = top if top < _FEW else _FEW
        if len(self.buf) < want or len(self.buf) > top:
            self.buf = [0] * want
        self.n = n = g.moves(self.s.rec.pos, self.buf)
        if n == len(self.buf) < top:  # maybe more: the whole list (kept for the game)
            self.buf = [0] * top
            self.n = g.moves(self.s.rec.pos, self.buf)
        self.made = None

    def clear(self):
        self.n = 0
        self.made = None

    def cells(self):
        """The cells the moves start from, each once, in the order of the moves."""
        if self.made is None:
            out = []
            for i in range(self.n):
                c = self.cell(i)
                if c not in out:
                    out.append(c)
            self.made = out
        return self.made

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if i < 0 or i >= self.n:
            raise IndexError("no legal move %d" % i)
        c = self.buf[i]
        return c, self.s.game.move_str(self.s.rec.pos, c)

    def cell(self, i):
        """The cell move i starts from (the adapter's cell(code) when it has one: no text)."""
        f = getattr(self.s.ad, "cell", None)
        return f(self.buf[i]) if f is not None else num(self[i][1])


# ---- take-backs and the move log they rewind ------------------------------------------------
# TakeBack keeps the positions before the last TAKE_BACKS moves in one bytearray, a ring made
# whole at the first move: a game's heap no longer falls by a position a ply until the ring is
# full (1.3 KB over Omweso's first 12 exchanges: issue 33's "lower each exchange"), and a list of
# bytes copies and tuples per move grew ~250 B a ply on the chip (issue 10). With each position: the repetition history as it was (the Record's list, shared,
# and its length) and where the move log ended. The last move is read back from the log.
TAKE_BACKS = 24  # 12 of a player's moves against the AI
_LOG_MAX = const(1600)  # bytes of move log kept (about 200 moves); over it the oldest quarter goes


class TakeBack:
    def __init__(self):
        self.buf = bytearray()
        self.size = 0
        self.seen = [None] * TAKE_BACKS
        self.ns = array("i", [0] * (2 * TAKE_BACKS))  # per slot: len(seen), the log's length
        self.first = 0  # slot of the oldest entry
        self.n = 0

    def __len__(self):
        return self.n

    def push(self, pos, seen=None, nlog=0):
        """Keeps `pos` (copied) with the repetition list `seen` (not copied: the Record makes a
        new list when it starts another) and the log's length; the oldest goes when full."""
        size = self.size = len(pos)
        if self.n == TAKE_BACKS:
            self.first = (self.first + 1) % TAKE_BACKS
            self.n -= 1
        if len(self.buf) != size * TAKE_BACKS:
            self.buf = bytearray(size * TAKE_BACKS)  # (empty: a new game)
        k = (self.first + self.n) % TAKE_BACKS
        self.buf[k * size:(k + 1) * size] = pos
        self.seen[k] = seen
        self.ns[2 * k] = len(seen) if seen else 0
        self.ns[2 * k + 1] = nlog
        self.n += 1

    def pos(self, i):
        """The position of entry i (0 the oldest), a view: copy it before the next push."""
        k = (self.first + i) % TAKE_BACKS
        return memoryview(self.buf)[k * self.size:(k + 1) * self.size]

    def offset(self, i):
        """Where entry i's position starts in self.buf (its size bytes follow)."""
        return ((self.first + i) % TAKE_BACKS) * self.size

    def copy_to(self, i, out, at):
        """Copies entry i's position into out from index at: a byte loop, nothing allocated (a
        view and a slice per position were ~100 B of garbage each on the chip, 2.4 KB per
        save once 24 positions are kept; issue 10)."""
        b = self.buf
        k = ((self.first + i) % TAKE_BACKS) * self.size
        for j in range(self.size):
            out[at + j] = b[k + j]

    def pop(self):
        """The newest entry, removed: (position view, repetition list as it was, log length)."""
        self.n -= 1
        k = (self.first + self.n) % TAKE_BACKS
        seen = self.seen[k]
        self.seen[k] = None
        return self.pos(self.n), seen[:self.ns[2 * k]] if seen else [], self.ns[2 * k + 1]


def entry(log, i):
    """The move at offset i of a move log's bytes (MoveLog.buf): (its player, its text as bytes,
    where the next move starts)."""
    n = log[i + 2]
    return log[i] & 1, bytes(log[i + 3:i + 3 + n]), i + 3 + n


class MoveLog:
    """Every move, for the history: per move player + 2 x mandarins captured, what it captured,
    the text's length, the text, in one bytearray; over _LOG_MAX the oldest quarter goes at
    once (one copy every few dozen moves, not every move). len(): its bytes; the history screen
    reads the moves back (firmware/screens/history.py)."""

    def __init__(self, game=None, pos=None):
        self.buf = bytearray()
        self.cut = 0  # bytes trimmed off the front (the oldest moves)
        self.game = game  # with pos: the position the log's first move was played from (a
        self.start = bytearray(pos) if pos is not None else None  # copy), for the review

    def __len__(self):
        return len(self.buf)

    def end(self):
        """Where the log ends, counting the bytes trimmed (what TakeBack keeps per move)."""
        return len(self.buf) + self.cut

    def add(self, p, caught, text, bigs=0):
        log = self.buf
        log.append(p | (bigs << 1))
        log.append(min(caught, 255))
        log.append(len(text))
        log.extend(text.encode())
        if len(log) > _LOG_MAX:
            i = 0
            while len(log) - i > _LOG_MAX * 3 // 4:
                i += 3 + log[i + 2]
            self.advance(log, i)
            self.buf = log[i:]
            self.cut += i

    def advance(self, log, end):
        # the start follows the moves trimmed (a take-back never reaches them: TAKE_BACKS is far
        # fewer moves); one that does not replay (an Omweso blitz pass logs none) drops it.
        # parse_move loads the game's JSON module (4 KB in Omweso): it goes again after
        g, pos, i = self.game, self.start, 0
        if pos is None:
            return
        name = "engine.%s.json" % g.NAME
        had = name in sys.modules
        while pos is not None and i < end:
            p, text, i = entry(log, i)
            try:
                if g.to_move(pos) != p:
                    raise ValueError("not the mover")
                g.play(pos, g.parse_move(pos, text.decode()))
            except ValueError:
                self.start = pos = None
        if not had:
            unload(name)

    def back(self, end):
        """The log back to where it ended at `end` (an end() kept by TakeBack); returns the last
        move then, (cell, player, text), or None."""
        n = end - self.cut
        log = self.buf = self.buf[:n] if n > 0 else bytearray()
        i = j = 0
        while i + 2 < len(log):
            j = i
            i += 3 + log[i + 2]
        if not log:
            return None
        text = bytes(log[j + 3:i]).decode()
        return (num(text), log[j] & 1, text)


_DIM_MS = const(30000)  # no press for this long: the backlight dims and the AI's pondering stops
_GAUGE_MS = const(10000)  # the battery read this often (an ADC read: microseconds)
_LOW = const(10)  # % of charge under which the battery is low: said once, the icon red


class Idle:
    """The idle timers on the app's clock (ms). light: 2 lit, 1 dimmed (30 s without a press), 0
    dark (the "Sleep after" setting's minutes); the app's backlight follows it (firmware/app.py),
    the AI's pondering stops below 2 (brain.py busy). The AI's turn and a sowing shown are never
    idle: the player waits for them (the AI finishes its move; the 30 s start after it).
    The battery too: the session's, the board's gauge (its ADC, divider, empty and full mV),
    read every 10 s into level (% of charge, None: no gauge), "Battery low" said once under
    10 %, and at 0 % (the cut-off voltage) dark at once: the app then saves where the player is
    and sleeps (resume.py)."""

    def __init__(self):
        self.light, self.last = 2, None  # last: the last press, or the last tick not idle (ms)
        self.level = self.read = None  # read: the 10 s of the clock the battery was last read in

    def press(self, now):
        """A press at now: True if it only woke a dimmed or dark screen (it does nothing else)."""
        was, self.light, self.last = self.light, 2, now
        return was < 2

    def tick(self, now, s):
        """Time passes for session s: its phase (the AI's turn, a sowing) and "Sleep after"; the
        battery read when due. True if its charge changed (the title and the pause box show it)."""
        if self.last is None or s.scr is s.play and s.phase in ("ai", "anim"):
            self.last = now
        elif self.light:  # (only a press lights it again: dark stays dark past the ticks' wrap)
            idle = ticks_diff(now, self.last)
            sleep = s.cfg["sleep"] * 60000
            self.light = 0 if sleep and idle >= sleep else 1 if idle >= _DIM_MS else self.light
        g, k = s.battery, now // _GAUGE_MS
        if g is None or k == self.read:
            return False
        self.read = k
        # its ADC pin's 16 bits of 3.3 V times the divider (tenths), in mV, straight between
        # the empty and full mV (integers: no float made on the heap every 10 s)
        adc, ratio, empty, full = g
        pct = max(0, min(100, (adc.value * 330 * ratio // 65535 - empty) * 100 // (full - empty)))
        if not pct:
            self.light = 0  # the cut-off: saved and asleep before the battery gives out
        was, self.level = self.level, pct
        if pct < _LOW <= (was or 100):  # (first read, or back from the cut-off: said again)
            s.say("Battery low: %d%%" % pct)
        return pct != was
