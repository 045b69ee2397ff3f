# Omweso's sowing steps (drops, laps, relays) as trace dicts, for a trace that is a plain list:
# engine/omweso/run.py hands the steps over as parts (the app's firmware/trace.py keeps them
# as small ints); this adapter makes the dicts every other caller reads. Not loaded by the app.
class Dicts:
    def __init__(self, trace):
        self.t = trace

    def drop(self, p, at):
        self.t.append({"event": "drop", "player": p, "at": at})

    def lap(self, p, start, d, count, kind, n):
        self.t.append({"event": "lap", "player": p, "start": start, "dir": "+" if d > 0 else "-",
                       "count": count, "kind": kind, "n": n})

    def relay(self, p, at, count):
        self.t.append({"event": "relay", "player": p, "at": at, "count": count})
