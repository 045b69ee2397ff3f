# Settings -> About: the game's version and which runtime runs it (the console image, with the
# game frozen into the firmware, or stock CircuitPython with the .mpy bundle on its drive), read
# from firmware/build_info.py, which the image and the bundle builds write (tools/build/).
# Loaded for the call. Portable.
import sys

RUNTIMES = {"image": "console image (game in the firmware)",
            "bundle": "CircuitPython + the game's bundle"}


def runtime():
    """(runtime, version): ("image" | "bundle" | "source", the game's version or "")."""
    try:
        from firmware import build_info
    except ImportError:  # run from the repository: the desktop, the tests
        return "source", ""
    return build_info.RUNTIME, build_info.VERSION


def lines():
    kind, version = runtime()
    impl = sys.implementation
    v = ".".join(str(n) for n in impl.version[:3])
    out = ["Mancala Pocket " + (version or "(from source)"),
           "Runs on: " + RUNTIMES.get(kind, "the desktop, from source"),
           "Python: %s %s" % (impl.name, v)]
    try:
        import gc
        out.append("Free memory: %d KB" % (gc.mem_free() // 1024))
    except (ImportError, AttributeError):  # CPython
        pass
    return out


class AboutScreen:
    name = "about"
    STEPS = ("up", "down")

    def __init__(self, s, back):
        self.s = s
        self.back = back  # where the settings menu under it goes back to (title or pause)
        self.raw = lines()
        self.lines = self.raw
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
        return "About"

    def foot(self, rows):
        return ("v more  " if self.top + rows < len(self.lines) else "") + "B: back"

    def press(self, b):
        if b == "up":
            self.top = max(0, self.top - 1)
        elif b == "down":
            self.top = min(max(0, len(self.lines) - self.rows), self.top + 1)
        elif b in ("a", "b", "start"):
            self.s.menu("settings", back=self.back, sel=("go", "about"))
