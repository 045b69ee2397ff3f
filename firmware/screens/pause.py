# The pause menu (B or Start on the board): a box over the board, which stays (closing the box
# sends the panel only the box's area); short of heap the AI's buffers go while it shows and come
# back when it closes (Session.pause, brain.BOX_ROOM). Loaded while it shows, dropped with the
# menus. Portable.
ITEMS = (("resume", None), ("undo", None), ("hint", None), ("go", "history"), ("replay", None),
         ("go", "help"), ("go", "rules"), ("go", "settings"), ("restart", None), ("quit", None))
# in a lesson (firmware/lesson.py): its own way back and start again, nothing of a game
LESSON = (("resume", None), ("hint", None), ("go", "help"), ("go", "settings"),
          ("restart", None), ("quit", None))
TEXT = {"resume": "Resume", "undo": "Undo", "hint": "Hint", "history": "History...",
        "replay": "Replay move", "help": "How to play", "rules": "Rules...",
        "settings": "Settings...", "restart": "Restart", "quit": "Quit to menu"}


class PauseScreen:
    name = "pause"
    STEPS = ("up", "down")  # what X/Y do on a four-button board
    box = True

    def __init__(self, s, sel=None):
        self.s = s
        self.items = ITEMS if s.lesson is None else LESSON
        if s.puzzle:  # a problem (firmware/puzzle.py): the lessons' items and its solution
            self.items = LESSON[:2] + (("replay", None),) + LESSON[2:]
        self.sel = 0
        self.stamp = 0  # (the menus' view: bumped when a row's text may change; never here)
        if sel is not None:
            self.select(sel)

    def view(self, w, h, panel):
        from firmware.views.pause import PauseView
        return PauseView(w, h, self.s, panel)

    def view_key(self):
        return "box"

    def select(self, item):
        for i in range(len(self.items)):
            if self.items[i] == item:
                self.sel = i
                return

    def item_text(self, item):
        if self.s.lesson is not None and item[0] in ("restart", "quit", "replay"):
            return "Start again" if item[0] == "restart" else "Show solution" if \
                item[0] == "replay" else "Back to problems" if self.s.puzzle else "Back to lessons"
        return TEXT[item[1] or item[0]]

    def item_enabled(self, item):
        s = self.s
        kind = item[0]
        if kind == "undo":
            return s.can_undo()
        if kind == "hint":
            return s.phase == "select" and s.is_human(s.mover())
        if kind == "replay" and s.puzzle:
            return s.phase in ("select", "none")
        if kind == "replay" or item == ("go", "history"):
            return bool(s.log) and s.phase in ("select", "setup", "ai")
        return True

    def press(self, b):
        n = len(self.items)
        if b == "up":
            self.sel = (self.sel - 1) % n
        elif b == "down":
            self.sel = (self.sel + 1) % n
        elif b == "a":
            it = self.items[self.sel]
            if self.item_enabled(it) or it[0] == "undo":
                self.activate(it)
        elif b in ("b", "start"):
            self.s.to_board()

    def activate(self, item):
        s = self.s
        kind, key = item
        if kind == "resume":
            s.to_board()
        elif kind == "undo":
            if s.can_undo():
                s.do_undo()
                s.to_board()
            else:
                s.say("Cannot undo")
        elif kind == "hint":
            s.to_board()
            s.do_hint(later=True)  # with this code off the stack: a game's lowest heap else
        elif kind == "replay":
            s.to_board()
            s.learn("demo") if s.puzzle else s.replay()
        elif kind == "restart":
            s.new_game() if s.lesson is None else s.learn("again")
        elif kind == "quit":
            s.leave_game(s.lesson is None)  # a game: saved, offered as "Resume"
        elif key in ("help", "history"):  # full screen: the board goes before their module loads
            s.clear()
            if key == "help":
                from firmware.screens.text import HelpScreen
                s.show(HelpScreen(s, "pause"))
            else:
                from firmware.screens.history import HistoryScreen
                s.show(HistoryScreen(s))
        else:
            s.menu(key, back="pause")
