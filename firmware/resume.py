# What the session needs only to start: reading the saved settings and game back from the store
# (load) and resuming that game (resume). firmware/session.py imports it for one call and drops
# it, so it takes no heap during play. Both take the session and fill it in; a save that cannot
# be read is ignored with a notice, never an exception.
from engine import games
from engine.record import Record
from firmware.games import adapter, engine_game


def resume(session):
    s = session.saved
    try:
        name = s["g"]
        session._start(name)
        session.game = games.load(name, s["r"])
        size = session.game.SIZE
        blob = s["pos"]
        if len(blob) % size or not blob:
            raise ValueError("size")
        hist = [blob[i:i + size] for i in range(0, len(blob), size)]
        for h in hist:
            session.game.to_json(bytearray(h))
        pos = bytearray(hist[0])
        seen = []
        for h in reversed(hist):
            k = session.game.key(bytearray(h))
            if k is not None:
                seen.append(k)
        session.rec = Record(session.game, pos, seen[:-1])
        for h in reversed(hist[1:]):  # into the empty store _start() made
            session.undo.push(h)
        session.human = s.get("h", 0)
    except Exception:
        session.saved = None
        session.game = None
        session.play = None
        session.notice = "Saved game unreadable: ignored"
        session.menu("title")
        return
    session.rules[name] = dict(session.game.rules)
    session.brain = None
    session._reset_view()
    session._begin_turn()


def load(session):
    from firmware.screens.menu_items import CFG_VALUES
    if session.store is None:
        return
    try:
        data = session.store.load()
    except Exception:
        data = None
        session.notice = "Save unreadable: ignored"
    if getattr(session.store, "error", None):
        session.notice = getattr(session.store, "notice", "") or "Corrupt save ignored"
    if data is None:
        return
    try:
        import json
        i = data.index(b"\n")
        head = json.loads(data[:i].decode())
        if head.get("v") != 1:
            raise ValueError("version")
        cfg = head["cfg"]
        for k in session.cfg:
            if k in cfg and cfg[k] in CFG_VALUES[k]:
                session.cfg[k] = cfg[k]
        session.ad = adapter(session.cfg["game"])
        if head.get("g"):
            if head["g"] not in games.NAMES:
                raise ValueError("game")
            session.saved = {"g": head["g"], "r": head["r"], "h": head.get("h", 0) & 1,
                          "pos": data[i + 1:]}
            session.rules[head["g"]] = dict(engine_game(head["g"])(head["r"]).rules)
        nr = head.get("nr")  # the next game's rules, when not the saved game's (saves.encode)
        if nr:
            session.rules[session.cfg["game"]] = dict(engine_game(session.cfg["game"])(nr).rules)
    except Exception:
        session.saved = None
        session.notice = "Save unreadable: ignored"
