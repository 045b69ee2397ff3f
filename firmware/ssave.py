# The session's history and saves: undo, the blitz pass, encoding the game + settings compactly,
# loading and resuming. A mixin of Session.
from engine import games
from engine.record import Record
from firmware.common import adapter, adapter_game, keep_game


class SavePart:
    def _blitz_pass(self):
        # OM-10 blitz: the mover did not start in time, the turn passes to the other player.
        g = self.game
        try:
            obj = g.to_json(self.rec.pos)
            obj["to_move"] = 1 - obj["to_move"]
            pos = g.from_json(obj)
            self.undo.append((bytes(self.rec.pos), (self.rec.seen, len(self.rec.seen)), self.last))
            self.rec.pos[:] = pos
            self._refresh()
            self.say("Time! The turn passes")
            self._save()
            self._begin_turn()
        except ValueError:
            self.say("Time! Random move")
            self.play_move(self.legal[0][0])

    def do_undo(self):
        if not self.can_undo():
            return
        while self.undo:
            pos, seen, last = self.undo.pop()
            self.rec.pos[:] = pos
            self.rec.seen = seen[0][:seen[1]]  # the list as it was (shared, not copied)
            self.last = last
            if self.cfg["mode"] != "ai" or self.game.to_move(self.rec.pos) == self.human:
                break
        self.hint = None
        self.phase = "none"
        self._refresh()
        self._save()
        self.say("Move taken back")
        self._begin_turn()

    def resume(self):
        s = self.saved
        try:
            name = s["g"]
            self.game = self.rec = self.brain = None
            keep_game(name)
            self.ad = adapter(name)
            self.cfg["game"] = name
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
            self.undo = [(bytes(h), ([], 0), None) for h in reversed(hist[1:])]
            self.human = s.get("h", 0)
        except Exception:
            self.saved = None
            self.game = None
            self.notice = "Saved game unreadable: ignored"
            self._menu("title")
            return
        self.rules[name] = dict(self.game.rules)
        self.brain = None
        self.last = None
        self.hint = None
        self.saved = None
        self.screen = "play"
        self._refresh()
        self.cursor = self.cells()[0] if self.cells() else 0
        self._begin_turn()

    def encode(self):
        import json
        head = {"v": 1, "cfg": self.cfg}
        name = self.cfg["game"]
        if name in self.rules:
            head["nr"] = self.rules[name]  # the rules chosen for the next game
        blob = None
        if self.game is not None and not self.game.over(self.rec.pos):
            head["g"] = self.game.NAME
            head["r"] = self.game.rules
            head["h"] = self.human
        elif self.game is None and self.saved is not None and self.saved.get("pos"):
            s = self.saved  # on the title screen: keep the saved game offered as "Resume"
            head["g"] = s["g"]
            head["r"] = s["r"]
            head["h"] = s["h"]
            blob = s["pos"]
        h = json.dumps(head).encode()
        out = bytearray(h)
        out.append(10)
        if blob is not None:
            out += blob
        elif "g" in head:
            room = 2000 - len(out)
            size = self.game.SIZE
            out += self.rec.pos
            room -= size
            for i in range(len(self.undo) - 1, -1, -1):
                if room < size:
                    break
                out += self.undo[i][0]
                room -= size
        return bytes(out)

    def _save(self):
        if self.store is None:
            return
        try:
            self.store.save(self.encode())
        except Exception as e:  # a full or failing store must never stop the game
            self.say("Save failed: %s" % e)

    def _load(self):
        from firmware import menus as M  # loaded for menus only (app.py)
        if self.store is None:
            return
        try:
            data = self.store.load()
        except Exception:
            data = None
            self.notice = "Save unreadable: ignored"
        if getattr(self.store, "error", None):
            self.notice = "Corrupt save ignored" if data is None else \
                "Corrupt save: previous one used"
        if data is None:
            return
        try:
            import json
            i = data.index(b"\n")
            head = json.loads(data[:i].decode())
            if head.get("v") != 1:
                raise ValueError("version")
            cfg = head["cfg"]
            for k in self.cfg:
                if k in cfg and cfg[k] in M.CFG_VALUES[k]:
                    self.cfg[k] = cfg[k]
            self.ad = adapter(self.cfg["game"])
            nr = head.get("nr")
            if nr:
                self.rules[self.cfg["game"]] = dict(adapter_game(self.cfg["game"])(nr).rules)
            if head.get("g"):
                if head["g"] not in games.NAMES:
                    raise ValueError("game")
                self.saved = {"g": head["g"], "r": head["r"], "h": head.get("h", 0) & 1,
                              "pos": data[i + 1:]}
                self.rules[head["g"]] = dict(adapter_game(head["g"])(head["r"]).rules)
        except Exception:
            self.saved = None
            self.notice = "Save unreadable: ignored"


