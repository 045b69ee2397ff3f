# The session's start (firmware/session.py), loaded for the call and dropped (Session._call), so
# that its code takes no heap during play: the settings and saved game read back from the store
# (load), a new game's match and the saved game's (new_game, resume), the sleep and the wake. They
# read the session (s) and call its verbs; what they read or build they hand back for the session
# to keep (tests/test_session_owner.py). A save that cannot be read is ignored with a notice, never
# an exception.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, num, unload
from firmware.games import engine_game, keep_game


def room(s, name):
    """The named game's adapter (the other games' modules gone: keep_game) and play screen, the
    first part of its match, made once the last game has gone (Session._drop)."""
    ad = keep_game(name)
    unload("firmware.screens.over")  # a last game's end screen (loaded at its end)
    from firmware.screens.play import PlayScreen
    return ad, PlayScreen(s)  # (the game-over screen's module loads at the end, into the room
    # the AI's buffers leave: Session._begin_turn)


def new_game(s):
    """A new game of the chosen game and rules: its match (adapter, play screen, game, record,
    the human's seat, take-backs, move log, last move, lesson, problem or not) for
    Session._board."""
    name = s.cfg["game"]
    ad, play = room(s, name)
    g = games.load(name, s.rules_for(name))
    st = s.cfg["starts"]
    if st == "lot" and s.cfg["mode"] == "ai":
        import random
        human = random.getrandbits(1)
    else:
        human = 1 if st == "ai" and s.cfg["mode"] == "ai" else 0
    rec = Record(g, g.new())
    play.cursor = (ad.cells(g.to_json(rec.pos), g.to_move(rec.pos)) or [0])[0]
    # (the log from the start: the review replays it)
    return ad, play, g, rec, human, TakeBack(), MoveLog(g, rec.pos), None, None, False


def resume(s):
    """The saved game offered as "Resume" (s.saved), read back: its match, with the last move
    ringed (the one from the position before it to this one); or why not, in words."""
    v = s.saved
    try:
        ad, play = room(s, v["g"])
        g = games.load(v["g"], v["r"])
        size = g.SIZE
        blob = v["pos"]
        if len(blob) % size or not blob:
            raise ValueError("size")
        hist = [blob[i:i + size] for i in range(0, len(blob), size)]
        for h in hist:
            g.to_json(bytearray(h))
        pos = bytearray(hist[0])
        seen = []
        for h in reversed(hist):
            k = g.key(bytearray(h))
            if k is not None:
                seen.append(k)
        rec = Record(g, pos, seen[:-1])
        undo = TakeBack()
        for h in reversed(hist[1:]):
            undo.push(h)
        log = MoveLog(g, pos)  # (the review covers the moves since the resume)
    except Exception as e:
        return _kept(s.store) if isinstance(e, MemoryError) else "Saved game unreadable: ignored"
    last = None
    if len(hist) > 1:
        before = bytearray(hist[1])
        buf = [0] * g.MAX_MOVES
        for i in range(g.moves(before, buf)):
            p = bytearray(before)
            g.play(p, buf[i])
            if p == pos:
                t = g.move_str(before, buf[i])
                last = (num(t), g.to_move(before), t)
                break
    play.cursor = (ad.cells(g.to_json(pos), g.to_move(pos)) or [0])[0]
    return ad, play, g, rec, v.get("h", 0), undo, log, last, None, False


def load(s):
    """What the store holds, for the session to keep: (the settings read, the lessons met, your
    record's games, the saved game offered as "Resume", rules, the notice for the title screen,
    where the console went to sleep if it did: sleep() below). What is not read is the session's
    own, unchanged."""
    from firmware.screens.menu_items import CFG_VALUES
    cfg, w, rules = {}, {}, {}
    learnt, saved, at = s.learnt, s.saved, None
    data, notice = _read(s.store, s.notice)
    if data is None:
        return cfg, learnt, w, saved, rules, notice, at
    try:
        from firmware.saves import read_head  # (the store's module: loaded)
        i = data.index(b"\n")
        got, ls, wins, g, r, h, nr = read_head(data[:i])
        for k in s.cfg:
            if k in got and got[k] in CFG_VALUES[k]:
                cfg[k] = got[k]
        # the lessons met, a bit each (firmware/lesson.py; problems: 24-83)
        learnt = ls if isinstance(ls, int) and 0 <= ls < 1 << 84 else 0
        if not isinstance(wins, dict):  # your record (firmware/tally.py): 25 figures a game
            wins = {"": wins}  # (ignored below, with its notice: the settings, the game still load)
        for k in wins:
            x = wins[k]
            if k in games.NAMES and isinstance(x, list) and len(x) == 25 and \
                    all(isinstance(n, int) and -1 << 30 < n < 1 << 30 for n in x):
                w[k] = x
            else:
                notice = "Your record was unreadable: ignored"
        if g:
            if g not in games.NAMES:
                raise ValueError("game")
            saved = {"g": g, "r": r, "h": h, "pos": data[i + 1:]}
            rules[g] = dict(engine_game(g)(r).rules)
        if nr:  # the next game's rules, when not the saved game's (saves.head)
            name = cfg.get("game", s.cfg["game"])
            rules[name] = dict(engine_game(name)(nr).rules)
        at = got.get("wake")  # (sleep() below)
    except MemoryError:  # not a verdict on the save either
        saved = None
        notice = _kept(s.store)
    except Exception:
        saved = None
        notice = "Save unreadable: ignored"
    return cfg, learnt, w, saved, rules, notice, at


def _read(store, notice):
    """The store's payload (None: none, or none to read) and the notice to give about it."""
    if store is None:
        return None, notice
    data = None
    for again in (0, 1):
        try:
            data = store.load()
            break
        except MemoryError:  # the heap, not the save: once more after a collection, then kept
            if again:
                return None, _kept(store)
            import gc
            gc.collect()
        except Exception:
            notice = "Save unreadable: ignored"
            break
    if getattr(store, "error", None):
        notice = getattr(store, "notice", "") or "Corrupt save ignored"
    return data, notice


def sleep(s, board):
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
    sc = s.scr
    g = s.game
    live = g is not None and s.lesson is None and not g.over(s.rec.pos)
    at = [sc.name, sc.cursor if sc is s.play else getattr(sc, "sel", 0), int(live)]
    if s.store is not None:
        from firmware import saves  # (the store's module: loaded)
        # saved with the settings (the one dict of the head the resident code writes whole),
        # for this save only (a copy of them): read by load(), which keeps the settings it knows
        cfg = dict(s.cfg)
        cfg["wake"] = at
        try:
            s.store.save(saves.state(s, cfg), None, g if s.lesson is None else None)
        except Exception as e:  # awake, the game in memory: it is not lost
            s.say("Save failed: %s" % e)
            return
    board.buttons.deinit()  # its pins become the alarms'
    alarm.exit_and_deep_sleep_until_alarms(
        *[alarm.pin.PinAlarm(p, value=False, edge=True, pull=True) for p in pins])


def wake(s, sleep=None):
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
    if live and s.saved is not None:
        s.resume()
        if s.game is None:  # (unreadable: the title says so)
            return
        if name == "play":
            if i in s.play.cells():
                s.play.cursor = i
        elif name == "settings":
            s.menu(name, "pause")
        else:
            s.pause(("go", name))
    elif name in ("settings", "learn", "problems"):
        s.menu(name)
    else:
        s.menu("title", sel=("go", name))
    sc = s.scr
    if sc.name == name and sc is not s.play and 0 <= i < len(sc.items):
        sc.sel = i


def _kept(store):
    # short of memory (a fragmented heap) the save is not judged: the store writes nothing over
    # it until the next start (firmware/saveload.py lets a MemoryError go up to here)
    store.store = None
    return "No memory to read the save: kept"
