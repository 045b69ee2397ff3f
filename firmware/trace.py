# A move's trace as the app holds it while the move is animated (Trace), and the animation that
# shows it step by step (Anim: Session.play_move, the history's replay, a mid-move choice
# preview). Its own module, imported when a move is played: the code is not held while the AI's
# buffers are made at the start of a game, the opening's lowest point on the chip (issue 10).
from engine.compat import const, ticks_diff

_LAP = const(1 << 28)  # Trace's int tags: below _LAP a drop
_RELAY = const(2 << 28)
_KINDS = ("first", "relay", "resow", "okutema")


def copy_scene(snap):
    """A copy of a position JSON deep enough for the animation to change its lists."""
    out = {}
    for k in snap:
        v = snap[k]
        if isinstance(v, list):
            v = [list(x) if isinstance(x, list) else x for x in v]
        out[k] = v
    return out


class Trace:
    """A move's trace (the engine appends one dict per event) kept small: the sowing's steps,
    most of a long Omweso move (hundreds of drops, dozens of laps and relays), are stored as
    small ints (no dict each) and rebuilt when read; marks() gives the other events without
    rebuilding anything. The animation's lowest free heap is while a move's whole trace is
    held (issue 10: a 380-event Omweso move held ~6 KB of lap and relay dicts)."""

    def __init__(self):
        self.ev = []

    def append(self, e):
        if e.get("event") == "drop" and len(e) == (3 if "player" in e else 2):
            self.drop(e.get("player", 2), e["at"])  # player 2: the event names none
        else:
            self.ev.append(e)

    # the sowing's steps given as their parts (engine/omweso/run.py): no dict made at all
    def drop(self, p, at):
        """An int: at | player << 8, player 2 for a drop that names no player."""
        self.ev.append(at | (p << 8))

    def lap(self, p, start, d, count, kind, n):
        k = _KINDS.index(kind)
        if count > 255 or n > 4095 or start > 15:  # not met in Omweso (64 seeds, 16 pits)
            self.ev.append({"event": "lap", "player": p, "start": start,
                            "dir": "+" if d > 0 else "-", "count": count, "kind": kind, "n": n})
        else:
            self.ev.append(_LAP | p << 27 | n << 15 | k << 13 | count << 5 | (d < 0) << 4 | start)

    def relay(self, p, at, count):
        if count > 255 or at > 15:
            self.ev.append({"event": "relay", "player": p, "at": at, "count": count})
        else:
            self.ev.append(_RELAY | p << 27 | count << 5 | at)

    def marks(self):
        """The events that are not sowing steps (captures, stops, game ends...), as a list."""
        return [e for e in self.ev if not isinstance(e, int)]

    def __len__(self):
        return len(self.ev)

    def __getitem__(self, i):
        e = self.ev[i]
        if not isinstance(e, int):
            return e
        if e < _LAP:
            if e & 512:
                return {"event": "drop", "at": e & 255}
            return {"event": "drop", "player": e >> 8, "at": e & 255}
        if e < _RELAY:
            return {"event": "lap", "player": (e >> 27) & 1, "start": e & 15,
                    "dir": "-" if e & 16 else "+", "count": (e >> 5) & 255,
                    "kind": _KINDS[(e >> 13) & 3], "n": (e >> 15) & 4095}
        return {"event": "relay", "player": (e >> 27) & 1, "at": e & 15, "count": (e >> 5) & 255}

    def __iter__(self):
        for i in range(len(self.ev)):
            yield self[i]


def replay(game, before, had, code, p):
    """The trace of move `code` played again from `before` through a record with the history
    `had` it had (the same events, a repetition's ending included), and what player p captured
    with it: (trace, count, mandarins). Made after the move's save, so that the two do not add
    up on the heap."""
    from engine.record import Record
    trace = Trace()
    Record(game, before, had).play(code, trace)
    caught = bigs = 0
    for ev in trace.marks():  # no dict rebuilt per sown seed
        if ev.get("event") == "capture" and ev.get("player", p) == p:
            caught += ev.get("count", 0)
            bigs += ev.get("big", 0)
    return trace, caught, bigs


def pace(trace, anim, step_ms):
    """(ms per sowing step, ms a capture stays on screen) for this trace at setting `anim`."""
    # How long a move's animation may take, whatever its length (a San-Yao relay can sow 40+
    # seeds): "fast" at most 1 s, else 3 s; a capture is held 3 steps, together at most half of it.
    budget = 1000 if anim == "fast" else 3000
    caps = 0
    for e in trace.marks():
        if e.get("event") == "capture":
            caps += 1
    hold = 3 * step_ms
    if caps and caps * hold > budget // 2:
        hold = budget // 2 // caps
    n = len(trace) + 1  # the last step stays one step too
    dt = step_ms
    if n * dt + caps * hold > budget:
        dt = (budget - caps * hold) // n
    return (dt if dt > 1 else 1), hold


class Anim:
    """A move's sowing on the board, one trace step at a time: the picture (scene, a copy of
    the position JSON that the trace's events change; None: the board shows the position), the
    trace, the step shown next and when it is due (step, step_at, step_ms; a capture stays
    hold_ms), the pit lit up (at, of player, by event ev), the trace step a mid-move choice
    point's picture shows (start) and whether this is a replay. One per session, made at its
    first move and reused (nothing made per move but the trace and the picture); it knows no
    session: the game's adapter changes the picture (apply)."""

    def __init__(self):
        self.step = self.step_at = self.step_ms = self.hold_ms = self.who = 0
        self.replaying = False
        self.sound = ""  # the sound of the step words() was last asked about
        self.clear()

    def clear(self):
        """Nothing animated, nothing lit: the board shows the position."""
        self.scene = self.trace = self.event = None
        self.at, self.ev, self.player, self.start = -1, "", 0, 0

    def begin(self, trace, snap, now, who, speed, ms):
        """Animates trace, the move of player who, from the position snap (a JSON), or on from
        the mid-move choice point's picture shown now (its laps are on the board already).
        speed: the setting ("normal", "fast"), ms: its ms a step (the move's pace())."""
        k = self.start
        if k and self.scene is not None and k < len(trace) and \
                trace[k].get("start") == self.at and trace[k].get("event") in ("reverse", "lap"):
            self.ev = ""
        else:
            k = 0
            self.scene = copy_scene(snap)
        self.trace = trace
        self.step = k
        self.step_at = now
        self.who = who
        self.start = 0
        self.step_ms, self.hold_ms = pace(trace, speed, ms)

    def next(self, ad):
        """Shows the next step (ad: the game's adapter changes the picture); its event."""
        ev = self.trace[self.step]
        self.step += 1
        ad.apply(self.scene, ev)
        self.ev = ev.get("event", "")
        self.at = ev.get("at", -1)
        self.player = ev.get("player", self.who)
        self.event = ev
        return ev

    def words(self, ev, ad, names):
        """What step ev says (its adapter's words; who did it: a capture by the AI must not
        read as yours), "" for nothing; self.sound: the sound it makes ("" for none). No tuple
        returned: this runs at every step of a sowing."""
        e = ev.get("event")
        self.sound = "tick" if e == "drop" else "chord" if e == "capture" else ""
        m = ad.message(ev)
        if not m:
            return ""
        if m.startswith("Captured"):
            m = "%s c%s" % (names[self.player], m[1:])
        return m

    def advance(self, now, ad):
        """The next step if its time has come (shown, its event returned), else None. On the
        clock, not from now: a frame drawn late takes the next step sooner (several seeds in
        one frame when far behind), so the move keeps its time."""
        if self.step >= len(self.trace) or ticks_diff(now, self.step_at) < self.step_ms:
            return None
        ev = self.next(ad)
        self.step_at += self.step_ms
        if ev.get("event") == "capture":
            self.step_at = now + self.hold_ms
        return ev

    def done(self, now):
        """Every step shown, and the last one for a step's time."""
        return self.step >= len(self.trace) and ticks_diff(now, self.step_at) >= self.step_ms

    def wait(self, now):
        """ms until the next step is due."""
        return max(0, self.step_ms - ticks_diff(now, self.step_at))

    def preview(self, game, pos, snap, code, n, ad):
        """The picture at a mid-move choice point: move code (one that reverses there) played
        from pos (snap its JSON) up to its n-th "reverse" lap start, which is lit. Every move
        choosing the same way so far has the same first steps: start is where it goes on."""
        self.clear()
        trace = Trace()
        game.play(bytearray(pos), code, trace)
        scene = copy_scene(snap)
        for i in range(len(trace)):
            ev = trace[i]
            if ev.get("event") == "reverse":
                n -= 1
                if not n:
                    self.at = ev.get("start", -1)
                    self.player = ev.get("player", 0)
                    self.start = i
                    break
            ad.apply(scene, ev)
        self.scene = scene

    def replay(self, game, before, text, now, who):
        """The sowing of move text (by player who) again from position before (bytes); False
        if it is not a move there."""
        try:
            code = game.parse_move(bytearray(before), text)
        except ValueError:
            return False
        trace = Trace()
        game.play(bytearray(before), code, trace)
        self.scene = copy_scene(game.to_json(bytearray(before)))
        self.trace = trace
        self.step = 0
        self.step_at = now
        self.who = who
        self.replaying = True
        return True
