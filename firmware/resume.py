# The session's code that it needs only to start: reading the saved settings and game back from
# the store (load), resuming that game (resume) and starting a new one (new_game). It lives here,
# not in the class, so that it takes no heap during play: Session.call imports this module for the
# one call and drops it. Each function is handed the session `s`; what it decides, the session
# sets (Session.update: only the session sets its fields, tests/test_session_owner.py). A save
# that cannot be read is ignored with a notice, never an exception.
from engine import games
from engine.record import Record
from firmware.common import TakeBack, MoveLog, unload, num
from firmware.games import adapter, engine_game, keep_game


def start(s, name):
    # the previous game (and its AI's buffers) goes before the next one is loaded
    s.update({"game": None, "rec": None, "brain": None, "snap": None, "play": None,
              "lesson": None, "review": None, "puzzle": False, "undo": TakeBack(),
              "log": MoveLog()})
    s.update({"ad": keep_game(name)})
    s.update({"game": name}, "cfg")
    unload("firmware.screens.over")  # a last game's end screen (loaded at its end)
    from firmware.screens.play import PlayScreen
    s.update({"play": PlayScreen(s)})  # (the game-over screen's module loads at the end, into
    #                                    the room the AI's buffers leave: Session.begin_turn)


def new_game(s):
    name = s.cfg["game"]
    start(s, name)
    g = games.load(name, s.rules_for(name))
    st = s.cfg["starts"]
    if st == "lot" and s.cfg["mode"] == "ai":
        import random
        human = random.getrandbits(1)
    else:
        human = 1 if st == "ai" and s.cfg["mode"] == "ai" else 0
    rec = Record(g, g.new())
    # the log from the start: the review replays it
    s.update({"game": g, "human": human, "rec": rec, "log": MoveLog(g, rec.pos)})
    g = rec = None
    reset_view(s)
    s.save()
    s.begin_turn()


def reset_view(s):
    s.update({"last": None, "hint": None, "saved": None, "msg": ""})
    s.refresh()
    s.play.cursor = s.play.cells()[0] if s.play.cells() else 0
    s.to_board()


def resume(s):
    sv = s.saved
    try:
        name = sv["g"]
        start(s, name)
        g = games.load(name, sv["r"])
        s.update({"game": g})
        size = g.SIZE
        blob = sv["pos"]
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
        for h in reversed(hist[1:]):  # into the empty store start() made
            s.undo.push(h)
        # (the log: the review covers the moves since the resume)
        s.update({"rec": Record(g, pos, seen[:-1]), "human": sv.get("h", 0),
                  "log": MoveLog(g, pos)})
    except Exception as e:
        s.update({"saved": None, "game": None, "play": None,
                  "notice": _kept(s) if isinstance(e, MemoryError) else
                  "Saved game unreadable: ignored"})
        s.menu("title")
        return
    s.update({name: dict(g.rules)}, "rules")
    reset_view(s)
    if len(hist) > 1:  # the last move ringed: the one from the position before it to this one
        before = bytearray(hist[1])
        buf = [0] * g.MAX_MOVES
        for i in range(g.moves(before, buf)):
            p = bytearray(before)
            g.play(p, buf[i])
            if p == pos:
                t = g.move_str(before, buf[i])
                s.update({"last": (num(t), g.to_move(before), t)})
                break
    g = None
    s.begin_turn()


def load(s):
    from firmware.screens.menu_items import CFG_VALUES
    if s.store is None:
        return
    data = None
    for again in (0, 1):
        try:
            data = s.store.load()
            break
        except MemoryError:  # the heap, not the save: once more after a collection, then kept
            if again:
                s.update({"notice": _kept(s)})
                return
            import gc
            gc.collect()
        except Exception:
            s.update({"notice": "Save unreadable: ignored"})
            break
    if getattr(s.store, "error", None):
        s.update({"notice": getattr(s.store, "notice", "") or "Corrupt save ignored"})
    if data is None:
        return
    try:
        from firmware.saves import read_head  # (the store's module: loaded)
        i = data.index(b"\n")
        cfg, ls, w, g, r, h, nr = read_head(data[:i])
        s.update({k: cfg[k] for k in s.cfg if k in cfg and cfg[k] in CFG_VALUES[k]}, "cfg")
        # the lessons met, a bit each (firmware/lesson.py; problems: 24-83)
        s.update({"ad": adapter(s.cfg["game"]),
                  "learnt": ls if isinstance(ls, int) and 0 <= ls < 1 << 84 else 0})
        if not isinstance(w, dict):  # your record (firmware/tally.py): 25 figures a game
            w = {"": w}  # (ignored below, with its notice: the settings and the game still load)
        c = {}
        for k in w:
            v = w[k]
            if k in games.NAMES and isinstance(v, list) and len(v) == 25 and \
                    all(isinstance(x, int) and -1 << 30 < x < 1 << 30 for x in v):
                c[k] = v
            else:
                s.update({"notice": "Your record was unreadable: ignored"})
        s.update(c, "record")
        if g:
            if g not in games.NAMES:
                raise ValueError("game")
            s.update({"saved": {"g": g, "r": r, "h": h, "pos": data[i + 1:]}})
            s.update({g: dict(engine_game(g)(r).rules)}, "rules")
        if nr:  # the next game's rules, when not the saved game's (saves.head)
            g = s.cfg["game"]
            s.update({g: dict(engine_game(g)(nr).rules)}, "rules")
    except MemoryError:  # not a verdict on the save either
        s.update({"saved": None, "notice": _kept(s)})
    except Exception:
        s.update({"saved": None, "notice": "Save unreadable: ignored"})


def _kept(s):
    # short of memory (a fragmented heap) the save is not judged: the store writes nothing over
    # it until the next start (firmware/saveload.py lets a MemoryError go up to here)
    s.store.store = None
    return "No memory to read the save: kept"
