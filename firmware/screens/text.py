# Text screens: the game's "How to play" (scrollable), the round summary between rounds or
# games of a match, and a lesson's goal and result (firmware/lesson.py). Portable.
from firmware.games import part, drop
from firmware.common import key


class HelpScreen:
    name = "help"
    STEPS = ("up", "down")

    def __init__(self, s, back):
        self.s = s
        self.back = back   # the menu that opened it
        self.top = 0
        self.lines = part(s.cfg["game"], "help").HELP
        self.rows = 4     # text rows on the screen (set by the view)

    def set_width(self, chars, rows):
        """The view's size: the text is word-wrapped to it, nothing is cut off (wrap: in
        views/label.py, loaded by now)."""
        from firmware.views.label import wrap
        self.lines = wrap(part(self.s.cfg["game"], "help").HELP, chars)
        self.rows = rows

    def view(self, w, h):
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return "text"

    def title(self):
        return "How to play"

    def foot(self, rows):
        s = self.s
        k = (key(s, "x", "y") if s.four else key(s, "up", "down"), key(s, "b"))  # its own names
        if self.top + rows < len(self.lines):
            return "v more  %s  %s: back" % k
        return "%s: scroll  %s: back" % k

    def press(self, b):
        s = self.s
        last = max(0, len(self.lines) - self.rows)
        if b == "up":
            self.top = max(0, self.top - 1)
        elif b == "down":
            self.top = min(last, self.top + 1)
        elif b == "left":
            self.top = max(0, self.top - 8)
        elif b == "right":
            self.top = min(last, self.top + 8)
        elif b in ("a", "b", "start"):
            self.lines = ()
            drop(s.cfg["game"], "help")
            if self.back == "pause" and s.game is not None:
                s.pause(sel=("go", "help"))
            else:  # the title's "Learn..." menu (through the session: no import of menu.py)
                s.menu(self.back, sel=("go", "help"))


class SummaryScreen:
    """Between rounds (San-Yao) or games of a match (Omweso): what the last move settled."""
    name = "summary"
    kind = "round"
    STEPS = ("up", "down")

    def __init__(self, s, kind, lines):
        self.s = s
        self.raw = lines
        self.lines = lines
        self.top = 0
        self.rows = 4

    def set_width(self, chars, rows):  # (the view asks: views/label.py, loaded by now, has wrap)
        from firmware.views.label import wrap
        self.lines = wrap(self.raw, chars)
        self.rows = rows

    def view(self, w, h):
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return "text"

    def title(self):
        return self.s.ad.MATCH + " summary"

    def foot(self, rows):
        more = "v " if self.top + rows < len(self.lines) else ""
        return more + "%s continue" % key(self.s, "a")

    def press(self, b):
        s = self.s
        if b == "up":
            self.top = max(0, self.top - 1)
        elif b == "down":
            self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)
        elif b in ("a", "b", "start"):
            s.next_round()


class LessonScreen(SummaryScreen):
    """A lesson's text (firmware/lesson.py): its rule and goal before the board (kind "goal"),
    then the move told and the goal met ("met") or the goal again ("again")."""
    name = "lesson"

    def __init__(self, s, kind, head, lines):
        SummaryScreen.__init__(self, s, kind, lines)
        self.kind = kind
        self.head = head

    def title(self):
        return self.head

    def foot(self, rows):
        # (words of more than 10 letters: CircuitPython keeps shorter ones as names for good)
        more = "v " if self.top + rows < len(self.lines) else ""
        k = (key(self.s, "a"), key(self.s, "b"))
        if self.kind == "goal":
            return more + ("%s: to the board  %s: back" if self.s.puzzle else
                           "%s: example  %s: lessons") % k
        return more + ("%s: next  %s: board" if self.kind == "met" else
                       "%s: again  %s: board") % k

    def press(self, b):
        s = self.s
        if b == "a" and self.kind == "met":
            s.learn("start" if s.puzzle else "begin", s.lesson + 1)  # the next one
        elif b == "a":  # (a problem's goal: its board)
            s.learn(("board" if s.puzzle else "demo") if self.kind == "goal" else "again")
        elif b == "b" and self.kind != "goal":
            s.to_board()  # the final board again, to look at it (A there: this page again)
        elif b in ("b", "start"):
            s.leave_game()  # back to the list (a lesson's, a problem's)
        else:
            SummaryScreen.press(self, b)  # up/down scroll
