# Methods of the Session (firmware/session.py) that it needs only to start: reading the saved
# settings and game back from the store (load), resuming that game (resume) and starting a new
# one (new_game). They live here, not in the class, so that their code takes no heap during
# play: Session._call imports this module for the one call and drops it. They are the session's
# own code (self is the session: they set its fields, as firmware/actions.py's do; the check is
# tests/test_session_owner.py). A save that cannot be read is ignored with a notice, never an
# exception.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload, num
from firmware.games import adapter, engine_game, keep_game


def start(self, name):
    # the previous game (and its AI's buffers) goes before the next one is loaded
    self.game = self.rec = self.brain = self.snap = self.play = self.lesson = self.review = None
    self.puzzle = False
    self.undo = TakeBack()
    self.log = MoveLog()
    self.ad = keep_game(name)
    unload("firmware.screens.over")  # a last game's end screen (loaded at its end)
    self.cfg["game"] = name
    from firmware.screens.play import PlayScreen
    self.play = PlayScreen(self)  # (the game-over screen's module loads at the end, into the
                                  # room the AI's buffers leave: Session._begin_turn)


def new_game(self):
    name = self.cfg["game"]
    start(self, name)
    self.game = games.load(name, self.rules_for(name))
    st = self.cfg["starts"]
    if st == "lot" and self.cfg["mode"] == "ai":
        import random
        self.human = random.getrandbits(1)
    else:
        self.human = 1 if st == "ai" and self.cfg["mode"] == "ai" else 0
    self.rec = Record(self.game, self.game.new())
    self.log = MoveLog(self.game, self.rec.pos)  # from the start: the review replays it
    reset_view(self)
    self.save()
    self._begin_turn()


def reset_view(self):
    self.last = None
    self.hint = None
    self.saved = None
    self.msg = ""
    self._refresh()
    self.play.cursor = self.play.cells()[0] if self.play.cells() else 0
    self.to_board()


def resume(self):
    s = self.saved
    try:
        name = s["g"]
        start(self, name)
        self.game = games.load(name, s["r"])
        size = self.game.SIZE
        blob = s["pos"]
        if len(blob) % size or not blob:
            raise ValueError("size")
        hist = [blob[i:i + size] for i in range(0, len(blob), size)]
        for h in hist:
            self.game.to_json(bytearray(h))
        pos = bytearray(hist[0])
        seen = []
        for h in reversed(hist):
            k = self.game.key(bytearray(h))
            if k is not None:
                seen.append(k)
        self.rec = Record(self.game, pos, seen[:-1])
        for h in reversed(hist[1:]):  # into the empty store start() made
            self.undo.push(h)
        self.human = s.get("h", 0)
        self.log = MoveLog(self.game, pos)  # (the review covers the moves since the resume)
    except Exception as e:
        self.saved = None
        self.game = None
        self.play = None
        self.notice = _kept(self) if isinstance(e, MemoryError) else \
            "Saved game unreadable: ignored"
        self.menu("title")
        return
    self.rules[name] = dict(self.game.rules)
    reset_view(self)
    if len(hist) > 1:  # the last move ringed: the one from the position before it to this one
        g, before = self.game, bytearray(hist[1])
        buf = [0] * g.MAX_MOVES
        for i in range(g.moves(before, buf)):
            p = bytearray(before)
            g.play(p, buf[i])
            if p == pos:
                t = g.move_str(before, buf[i])
                self.last = (num(t), g.to_move(before), t)
                break
    self._begin_turn()


def load(self):
    """The settings, your record, the lessons met and the saved game (offered as "Resume") from
    the store; returns where the console went to sleep (sleep() below), if it did, else None."""
    from firmware.screens.menu_items import CFG_VALUES
    if self.store is None:
        return
    data = None
    for again in (0, 1):
        try:
            data = self.store.load()
            break
        except MemoryError:  # the heap, not the save: once more after a collection, then kept
            if again:
                self.notice = _kept(self)
                return
            import gc
            gc.collect()
        except Exception:
            self.notice = "Save unreadable: ignored"
            break
    if getattr(self.store, "error", None):
        self.notice = getattr(self.store, "notice", "") or "Corrupt save ignored"
    if data is None:
        return
    try:
        from firmware.saves import read_head  # (the store's module: loaded)
        i = data.index(b"\n")
        cfg, ls, w, g, r, h, nr = read_head(data[:i])
        for k in self.cfg:
            if k in cfg and cfg[k] in CFG_VALUES[k]:
                self.cfg[k] = cfg[k]
        self.ad = adapter(self.cfg["game"])
        # the lessons met, a bit each (firmware/lesson.py; problems: 24-83)
        self.learnt = ls if isinstance(ls, int) and 0 <= ls < 1 << 84 else 0
        if not isinstance(w, dict):  # your record (firmware/tally.py): 25 figures a game
            w = {"": w}  # (ignored below, with its notice: the settings and the game still load)
        for k in w:
            v = w[k]
            if k in games.NAMES and isinstance(v, list) and len(v) == 25 and \
                    all(isinstance(x, int) and -1 << 30 < x < 1 << 30 for x in v):
                self.record[k] = v
            else:
                self.notice = "Your record was unreadable: ignored"
        if g:
            if g not in games.NAMES:
                raise ValueError("game")
            self.saved = {"g": g, "r": r, "h": h, "pos": data[i + 1:]}
            self.rules[g] = dict(engine_game(g)(r).rules)
        if nr:  # the next game's rules, when not the saved game's (saves.head)
            self.rules[self.cfg["game"]] = dict(engine_game(self.cfg["game"])(nr).rules)
        return cfg.get("wake")  # (sleep() below)
    except MemoryError:  # not a verdict on the save either
        self.saved = None
        self.notice = _kept(self)
    except Exception:
        self.saved = None
        self.notice = "Save unreadable: ignored"


def sleep(self, board):
    """The "Sleep after" time reached, the screen dark (App.dim): where the player is goes into
    the save's head ("wake" with the settings: the screen's name, its row or the board's
    cursor, whether a game is on),
    then the chip sleeps until a button: CircuitPython's deep sleep, woken by a falling edge on
    any button's pin (boards/: pins), ends the program; the press starts code.py again and
    wake() brings that screen back. Without the alarm module (the desktop, MicroPython) or the
    pins, or if the save fails, nothing: the screen stays dark and a press lights it."""
    pins = getattr(board, "pins", None)
    try:
        import alarm
    except ImportError:
        return
    if not pins:
        return
    sc = self.scr
    g = self.game
    live = g is not None and self.lesson is None and not g.over(self.rec.pos)
    at = [sc.name, sc.cursor if sc is self.play else getattr(sc, "sel", 0), int(live)]
    if self.store is not None:
        from firmware import saves  # (the store's module: loaded)
        # saved with the settings (the one dict of the head the resident code writes whole),
        # for this save only: read by load(), which keeps only the settings it knows
        self.cfg["wake"] = at
        try:
            self.store.save(saves.state(self), None, g if self.lesson is None else None)
        except Exception as e:  # awake, the game in memory: it is not lost
            self.say("Save failed: %s" % e)
            return
        finally:
            del self.cfg["wake"]
    board.buttons.deinit()  # its pins become the alarms'
    alarm.exit_and_deep_sleep_until_alarms(
        *[alarm.pin.PinAlarm(p, value=False, edge=True, pull=True) for p in pins])


def wake(self, sleep=None):
    """Back from a sleep (code.py started again by a button), with no question: the game on its
    board with the cursor where it was, or the pause box, or Settings opened from it, on their
    row; outside a game the title, Settings, Learn or Problems on their row. A screen not kept
    (help, history, rules: the row that opens it; a lesson, a game's end: the title) gives the
    one it was opened from. (The press that woke the chip: App drops the boot's presses.)"""
    try:
        name, i, live = sleep
        i = int(i)
    except Exception:  # no sleep record: the usual start (the title offers the game)
        return
    if live and self.saved is not None:
        resume(self)
        if self.game is None:  # (unreadable: the title says so)
            return
        if name == "play":
            if i in self.play.cells():
                self.play.cursor = i
        elif name == "settings":
            self.menu(name, "pause")
        else:
            self.pause(("go", name))
    elif name in ("settings", "learn", "problems"):
        self.menu(name)
    else:
        self.menu("title", sel=("go", name))
    sc = self.scr
    if sc.name == name and sc is not self.play and 0 <= i < len(sc.items):
        sc.sel = i


def _kept(self):
    # short of memory (a fragmented heap) the save is not judged: the store writes nothing over
    # it until the next start (firmware/saveload.py lets a MemoryError go up to here)
    self.store.store = None
    return "No memory to read the save: kept"
