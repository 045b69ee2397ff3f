# Move history (from the pause menu): every move of the game so far, who played it and what it
# captured, scrollable, the newest at the bottom; A replays the last move's sowing on the board.
# Portable.
from firmware.common import key


class HistoryScreen:
    name = "history"
    STEPS = ("up", "down")

    def __init__(self, s):
        self.s = s
        self.raw = history_lines(s)
        self.lines = self.raw
        self.rows = 4
        self.top = 0

    def set_width(self, chars, rows):  # (the view asks: views/label.py, loaded by now, has wrap)
        from firmware.views.label import wrap
        self.lines = wrap(self.raw, chars)
        self.rows = rows
        self.top = max(0, len(self.lines) - rows)  # the newest moves in view

    def view(self, w, h):
        from firmware.views.text import TextView
        return TextView(w, h, self.s)

    def view_key(self):
        return "text"

    def title(self):
        return "Moves (%d)" % len(log_entries(self.s.log))

    def foot(self, rows):
        return "%s replay last  %s back" % (key(self.s, "a"), key(self.s, "b"))

    def press(self, b):
        s = self.s
        last = max(0, len(self.lines) - self.rows)
        if b == "up":
            self.top = max(0, self.top - 1)
        elif b == "down":
            self.top = min(last, self.top + 1)
        elif b == "left":
            self.top = max(0, self.top - self.rows)
        elif b == "right":
            self.top = min(last, self.top + self.rows)
        elif b == "a":
            s.to_board()
            s.replay()
        elif b in ("b", "start"):
            s.pause(sel=("go", "history"))


def log_entries(log):
    """The session's move log (firmware/common.py MoveLog) as (player, text, captured,
    mandarins captured) tuples, oldest first."""
    b = log.buf
    out = []
    i = 0
    while i + 2 < len(b):
        n = b[i + 2]
        out.append((b[i] & 1, bytes(b[i + 3:i + 3 + n]).decode(), b[i + 1], b[i] >> 1))
        i += 3 + n
    return out


def history_lines(s):
    nm = s.names()
    log = log_entries(s.log)
    ply0 = s.snap.get("ply", len(log)) - len(log) if s.snap else 0
    out = []
    for i in range(len(log)):
        p, text, caught, bigs = log[i]
        t = "%d. %s %s" % (ply0 + i + 1, nm[p], text)
        if caught or bigs:  # (Ô Ăn Quan: the stones, and the mandarins named)
            t += "  captured " + ("%d" % caught if caught else "")
            if bigs:
                t += (" and " if caught else "") + ("a mandarin" if bigs == 1 else
                                                    "%d mandarins" % bigs)
        out.append(t)
    return out or ["No moves yet"]
