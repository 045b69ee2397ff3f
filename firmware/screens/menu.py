# The menu screens: title, rule options, settings (the pause menu: pause.py). One class: a list of
# items (what they are: firmware/screens/menu_items.py), the selected row, and what A / left /
# right / B do.
# Loaded only while a menu shows. Portable.
from firmware.screens import menu_items as M
from firmware.games import engine_game, adapter
from firmware import common  # (key: a row's `key` is a name here)


class MenuScreen:
    STEPS = ("up", "down")  # what X/Y do on a four-button board

    def __init__(self, s, name, back="title", sel=None):
        self.s = s
        self.name = name
        self.back = back          # the menu B returns to ("title" or "pause")
        self.rules_before = None  # the rules when the rule menu opened (a change: new game)
        self.items = self._items()
        self.sel = 0
        self.stamp = 0  # bumped when a row's text may have changed (not by a step)
        self.armed = False  # "Start game" pressed once over a saved game: A again replaces it
        if sel is not None:
            self.select(sel)
        elif name == "title":  # one press to play: resume the saved game, or start
            self.select(("start", None))
            self.select(("resume", None))
        if name == "rules":
            self.rules_before = dict(s.rules_for(s.cfg["game"]))

    def view(self, w, h, panel=None):
        from firmware.views.menu import MenuView
        return MenuView(w, h, self.s, panel)

    def view_key(self):
        return "menu"

    def select(self, item):
        for i in range(len(self.items)):
            if self.items[i] == item:
                self.sel = i
                return

    def _items(self):
        s = self.s
        n = self.name
        if n == "title":
            return M.title_items(self._resumable(), s.cfg["mode"])
        if n == "settings":
            return M.settings_items(adapter(s.cfg["game"]).SETTINGS, self.back == "title")
        if n == "learn":
            from firmware import lessons
            return M.learn_items(len(lessons.load(s.cfg["game"])))
        if n == "problems":  # the lessons' rows without "How to play" (firmware/puzzle.py)
            from firmware import problems
            return M.learn_items(len(problems.load(s.cfg["game"])))[1:]
        return M.rules_items(engine_game(s.cfg["game"]).OPTIONS)

    def _resumable(self):
        v = self.s.saved
        return v is not None and v.get("pos") is not None

    # ------------------------------------------------------------------ what a row says
    def item_text(self, item):
        s = self.s
        kind, key = item
        if kind == "cfg":
            return "%s: %s" % (M.CFG_LABEL[key], M.cfg_text(key, s.cfg[key]))
        if kind == "rule":
            from firmware import rule_text as R
            g = s.cfg["game"]
            return "%s: %s" % (R.label(g, key), R.value_text(g, key, s.rules_for(g)[key]))
        if kind == "go":
            return M.GO_TEXT[key]
        if kind == "resume":  # the game it resumes: the Game row below may name another
            from engine.games import TITLES
            return "Resume %s game" % TITLES[s.saved["g"]]
        if kind == "lesson" and self.name == "problems":  # its number, "+" once solved, its goal
            from firmware import problems as L
            g = s.cfg["game"]
            return "%d%s %s" % (key + 1, "+" if s.learnt & L.bit(g, key) else ".",
                                L.words(L.load(g)[key], True))
        if kind == "lesson":  # its number, a mark once met ("+"), its title
            from firmware import lessons
            g = s.cfg["game"]
            return "%d%s %s" % (key + 1, "+" if s.learnt & lessons.bit(g, key) else ".",
                                lessons.load(g)[key]["title"])
        return M.KIND_TEXT.get(kind, kind)

    def item_enabled(self, item):
        s = self.s
        kind = item[0]
        if kind == "cfg" and item[1] == "level":
            return s.cfg["mode"] != "two"
        return True

    def note(self):
        """One line under the menu: what the selected row is about. It names the board's own
        buttons (common.key), the same words on every board: on a four-button board (A, B, X,
        Y) X/Y choose the row and A changes a value (press()/activate()), on a D-pad up/down
        and left/right. At most two lines of 26 characters (the view wraps it; 160 px wide)."""
        s = self.s
        it = self.items[self.sel]
        a = common.key(s, "a")
        if it[0] == "rule":
            from firmware import rule_text as R
            return R.explain(s.cfg["game"], it[1])
        if it[0] == "lesson" and self.name == "problems":
            from firmware import problems as L
            met = s.learnt & L.bit(s.cfg["game"], it[1])
            return ("+: solved. %s: again, difficulty %d of 5" if met else
                    "%s: try it, difficulty %d of 5") % (a, L.load(s.cfg["game"])[it[1]][3])
        if it[0] == "lesson":
            from firmware import lessons
            met = s.learnt & lessons.bit(s.cfg["game"], it[1])
            return ("+: done. %s: again, about a minute" if met else  # (issue 55 #5)
                    "%s: its rule, an example, your try: about a minute") % a
        if it[0] == "version":  # Settings -> About: the game's version and its runtime
            return M.ABOUT
        if self.name == "title" and it == ("cfg", "game"):
            return common.module("firmware.games." + s.cfg["game"]).DESC[0]
        k = common.key
        ud = k(s, "x", "y") if s.four else k(s, "up", "down")
        if it[0] == "cfg":
            return "%s: choose, %s: change" % (ud, a if s.four else k(s, "left", "right"))
        if self.name in ("title", "learn", "problems"):
            return "%s: choose, %s: select" % (ud, a)
        if self.name == "rules":
            return "Rule change: new game"  # on Back
        return ""

    # ------------------------------------------------------------------ buttons
    def change(self, item, step):
        s = self.s
        kind, key = item
        if kind == "cfg":
            if key == "level" and not self.item_enabled(item):
                return
            # saved once its picture is on the panel (the chosen game's modules then:
            # Session.work)
            s.set_cfg(key, M.cycle(M.CFG_VALUES[key], s.cfg[key], step))
            if key == "mode" and self.name == "title":  # "Starts" is for games vs the AI only
                self.items = self._items()
                self.select(item)
        elif kind == "rule":
            r = s.rules_for(s.cfg["game"])
            for o in engine_game(s.cfg["game"]).OPTIONS:
                if o[0] == key:
                    r[key] = M.cycle(M.rule_values(o[1], o[2]), r[key], step)
        self.stamp += 1  # (the session's version: Session.press)

    def activate(self, item):
        s = self.s
        kind, key = item
        if kind in ("cfg", "rule"):
            self.change(item, 1)
        elif kind == "go":
            if key == "help":
                from firmware.screens.text import HelpScreen
                s.show(HelpScreen(s, self.name))
            elif key == "record":  # your record vs the AI (Settings, from the title)
                from firmware.screens.over import RecordScreen
                s.show(RecordScreen(s))
            else:
                s.menu(key, back=self.name)
        elif kind == "back":
            self.leave()
        elif kind == "start":
            if self._resumable() and not self.armed:  # the saved game would be lost: ask
                self.armed = True
                s.say("Saved game lost: %s again" % common.key(s, "a"))
                return
            s.new_game()
        elif kind == "resume":
            s.resume()
        elif kind == "lesson":
            s.learn("start" if self.name == "problems" else "begin", key)

    def leave(self):
        """B on a submenu: back to the menu that opened it, on the row that opened it."""
        s = self.s
        name = self.name
        ret = self.back
        if name == "rules":
            changed = self.rules_before is not None and \
                self.rules_before != s.rules_for(s.cfg["game"])
            if changed:
                s.save()
                if ret == "pause" and s.game is not None:
                    s.new_game()
                    s.say("Rules changed: new game")
                    return
                s.show(MenuScreen(s, "title", sel=("go", "rules")))
                s.say("New rules: Start a new game")
                return
        if name == "settings":
            s.save()
        if name == "problems":  # (their data gone with the list; a problem loads them)
            common.unload("firmware.games.%s.problems" % s.cfg["game"])
            common.unload("firmware.problems")
        if ret == "pause" and s.game is not None:
            s.pause(sel=("go", name))
        else:
            s.show(MenuScreen(s, "title", sel=("go", name)))

    def press(self, b):
        s = self.s
        n = len(self.items)
        if b != "a":
            self.armed = False  # another key: the saved game stays
        if b == "up":
            self.sel = (self.sel - 1) % n
        elif b == "down":
            self.sel = (self.sel + 1) % n
        elif b in ("left", "right"):
            it = self.items[self.sel]
            if it[0] in ("cfg", "rule"):
                self.change(it, -1 if b == "left" else 1)
        elif b == "a":
            it = self.items[self.sel]
            if self.item_enabled(it) or it[0] == "undo":
                self.activate(it)
        elif b in ("b", "start"):
            if self.name in ("rules", "settings", "learn", "problems"):
                self.leave()
