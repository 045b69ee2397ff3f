# The session's menus (title, rule options, settings, pause): a mixin of Session. Portable.
from firmware.common import adapter, adapter_game, keep_game

MENUS = ("title", "rules", "settings", "pause")


class MenuPart:
    def _menu(self, name, back=None):
        from firmware import menus as M  # loaded for menus only (app.py)
        self.screen = name
        if back is not None:
            self.back = back
        self.sel = 0
        if name == "title":
            self.items = M.title_items(self._resumable(), self.cfg["game"])
        elif name == "settings":
            self.items = M.settings_items(self.cfg["game"])
        elif name == "rules":
            self.items = M.rules_items(adapter_game(self.cfg["game"]).OPTIONS)
        elif name == "pause":
            self.items = list(M.PAUSE)
        self.version += 1

    def _resumable(self):
        s = self.saved
        return s is not None and s.get("pos") is not None

    def item_text(self, item):
        from firmware import menus as M  # loaded for menus only (app.py)
        kind, key = item
        if kind == "cfg":
            return "%s: %s" % (M.CFG_LABEL[key], M.cfg_text(key, self.cfg[key], self.ai_ok))
        if kind == "rule":
            return "%s: %s" % (key, M.text(self.rules_for(self.cfg["game"])[key]))
        if kind == "go":
            return M.GO_TEXT[key]
        if kind == "resume" and self.screen == "title":
            return "Resume saved game"
        return M.KIND_TEXT.get(kind, kind)

    def item_enabled(self, item):
        kind = item[0]
        if kind == "undo":
            return self.can_undo()
        if kind == "hint":
            return self.phase == "select" and self.is_human(self.mover())
        if kind == "cfg" and item[1] == "level":
            return self.ai_ok and self.cfg["mode"] != "two"
        return True

    def menu_note(self):
        """One line under a menu: the game's description, or what a rule change does."""
        if self.screen == "title":
            return adapter(self.cfg["game"]).DESC
        if self.screen == "rules":
            return "Rule change: new game"
        return ""

    def _change(self, item, step):
        from firmware import menus as M  # loaded for menus only (app.py)
        kind, key = item
        if kind == "cfg":
            if key == "level" and not self.item_enabled(item):
                return
            self.cfg[key] = M.cycle(M.CFG_VALUES[key], self.cfg[key], step)
            if key == "game":
                keep_game(self.cfg["game"])  # only the chosen game's modules stay loaded
                self.ad = adapter(self.cfg["game"])
            self._save()
        elif kind == "rule":
            r = self.rules_for(self.cfg["game"])
            for o in adapter_game(self.cfg["game"]).OPTIONS:
                if o[0] == key:
                    r[key] = M.cycle(M.rule_values(o[1], o[2]), r[key], step)
        self.version += 1

    def _activate(self, item):
        kind, key = item
        if kind in ("cfg", "rule"):
            self._change(item, 1)
        elif kind == "go":
            if key == "help":
                self.help_top = 0
                self.back = self.screen
                self.screen = "help"
                self.version += 1
            else:
                ret = self.screen
                if key == "rules":
                    self.rules_before = dict(self.rules_for(self.cfg["game"]))
                self._menu(key, back=ret)
        elif kind == "back":
            self._leave_submenu()
        elif kind == "start":
            self.new_game()
        elif kind == "resume":
            if self.screen == "title":
                self.resume()
            else:
                self.screen = "play"
                self.version += 1
        elif kind == "undo":
            if self.can_undo():
                self.do_undo()
                self.screen = "play"
            else:
                self.say("Undo not available")
        elif kind == "hint":
            self.screen = "play"
            self.do_hint()
        elif kind == "restart":
            self.new_game()
        elif kind == "quit":
            self._save()
            self.game = None
            self.brain = None  # the AI's buffers are made again for the next game
            self.phase = "none"
            self._load()  # the game just saved is offered as "Resume"
            self._menu("title")

    def _leave_submenu(self):
        name = self.screen
        ret = self.back if self.back in MENUS else "title"
        if name == "rules":
            changed = self.rules_before is not None and \
                self.rules_before != self.rules_for(self.cfg["game"])
            self.rules_before = None
            if changed:
                self._save()
                if ret == "pause" and self.game is not None:
                    self.new_game()
                    self.say("Rules changed: new game")
                    return
                self._menu("title")
                self.say("New rules: Start a new game")
                return
        if name == "settings":
            self._save()
        if ret == "pause" and self.game is not None:
            self._menu("pause", back="title")
        else:
            self._menu("title")

    def _menu_press(self, b):
        n = len(self.items)
        if b == "up":
            self.sel = (self.sel - 1) % n
        elif b == "down":
            self.sel = (self.sel + 1) % n
        elif b in ("left", "right"):
            it = self.items[self.sel]
            if it[0] in ("cfg", "rule"):
                self._change(it, -1 if b == "left" else 1)
        elif b == "a":
            it = self.items[self.sel]
            if self.item_enabled(it) or it[0] == "undo":
                self._activate(it)
        elif b in ("b", "start"):
            if self.screen == "pause":
                self.screen = "play"
            elif self.screen in ("rules", "settings"):
                self._leave_submenu()
        self.version += 1

