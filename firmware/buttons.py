# Buttons: keypad events -> button names, with auto-repeat for held direction buttons.
from engine.compat import const, ticks_diff

REPEAT = ("up", "down", "left", "right")
_DELAY = const(350)  # ms a direction is held before it repeats
_RATE = const(110)  # ms between two repeats


class Buttons:
    def __init__(self, keys, names):
        self.keys = keys
        self.names = names
        self.held = {}
        self.out = []  # poll()'s answer, one list for every call (the loop runs ~100 times a s)

    def poll(self, now):
        """The button names pressed (or repeating) since the last call; the list is reused."""
        out = self.out
        del out[:]
        ev = self.keys.events.get()
        while ev is not None:
            k = ev.key_number
            if 0 <= k < len(self.names):
                n = self.names[k]
                if ev.pressed:
                    out.append(n)
                    if n in REPEAT:
                        self.held[n] = now + _DELAY
                else:
                    self.held.pop(n, None)
            ev = self.keys.events.get()
        for n in self.held:
            if ticks_diff(now, self.held[n]) >= 0:
                out.append(n)
                self.held[n] = now + _RATE
        return out

    def pending(self):
        """True if a press waits to be read (or a held direction is due to repeat): the AI's
        search stops its slices for it."""
        # keypad.EventQueue is true while it holds an event (its len() > 0); hasattr() does not
        # see C types' __len__ on CircuitPython, so no test of that here
        return bool(self.held) or bool(self.keys.events)
