# A lesson's text screens (firmware/lesson.py): its goal before the board, then whether the move
# met it and why, or what the move did and a try again. The text is word-wrapped to the screen
# and scrolls (up/down). Portable.


class LessonScreen:
    name = "lesson"
    STEPS = ("up", "down")

    def __init__(self, s, kind, head, raw):
        self.s = s
        self.kind = kind  # goal / met / again
        self.head = head
        self.raw = raw
        self.lines = raw
        self.top = 0
        self.rows = 4

    def set_width(self, chars, rows):  # (the view asks: views/ui.py, loaded by now, has wrap)
        from firmware.views.ui import wrap
        self.lines = wrap(self.raw, chars)
        self.rows = rows

    def view(self, w, h):
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return "text"

    def title(self):
        return self.head

    def foot(self, rows):
        # (words of more than 10 letters: CircuitPython keeps shorter ones as names for good)
        more = "v " if self.top + rows < len(self.lines) else ""
        if self.kind == "goal":
            return more + "A: play  B: lessons"
        return more + ("A: next  B: lessons" if self.kind == "met" else "A: again  B: lessons")

    def press(self, b):
        s = self.s
        if b == "up":
            self.top = max(0, self.top - 1)
        elif b == "down":
            self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)
        elif b == "a":
            if self.kind == "goal":
                s.learn("board")
            elif self.kind == "met":
                s.learn("begin", s.lesson + 1)
            else:
                s.learn("again")
        elif b in ("b", "start"):
            s.learn("leave")
