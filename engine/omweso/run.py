# Omweso: the move sown step by step with its trace (the animation) and its choice points counted
# (parse_move). The AI's untraced path is Game._sow (engine/omweso/__init__.py); both give the
# same board.
from engine.omweso import MAXCH, END, ENDLESS, TEMA


def run(g, b, p, pit, n, bits, pos, trace):
    # Sows the move (pit, n choices given by bits, later ones "+") for player p on b (pits
    # only). Returns END, ENDLESS or TEMA; g._m = choice points met, g._cap = 1 if
    # anything was captured. pos supplies the counters (first turn).
    o = p << 4
    e = 16 - o
    allow = g._allow(pos, p)
    frw = g.rules["front_row_win"]
    lim = g._lim
    snap = g._snap
    sv = 0
    s = pit
    hand = b[o + s]
    b[o + s] = 0
    if trace is not None:
        # drops, laps and relays go through the trace's own compact form when it has one (the
        # app's Trace: a long move sows hundreds of seeds in dozens of laps, a dict each was
        # ~50-80 bytes on the chip), else as dicts
        tr = trace if hasattr(trace, "lap") else _dicts(trace)
        trace.append({"event": "lift", "player": p, "at": s, "count": hand})
    kind = "first"
    laps = 0
    k = 0
    ends = 0
    g._cap = 0
    while True:
        d = 1
        if allow and (s < 2 or s > 13) and k < MAXCH:
            dl = (hand - 1) % 16 + 1
            t = (s - dl) & 15
            if t > 7 and b[o + t] + (hand - dl) // 16 and b[e + t - 8] and b[e + 23 - t]:
                if (bits >> k) & 1 and k < n:
                    d = -1
                k += 1
                sv = 0
        laps += 1
        if trace is not None:
            if d < 0:
                trace.append({"event": "reverse", "player": p, "start": s})
            tr.lap(p, s, d, hand, kind, laps)
        i = s
        for _ in range(hand):
            i = (i + d) & 15
            b[o + i] += 1
            if trace is not None:
                tr.drop(p, i)
        if b[o + i] == 1:
            if trace is not None:
                trace.append({"event": "stop", "player": p, "at": i})
            g._m = k
            return END
        if allow and i > 7 and b[e + i - 8] and b[e + 23 - i]:
            hand = b[e + i - 8] + b[e + 23 - i]
            if trace is not None:
                trace.append({"event": "capture", "player": p, "at": i, "count": hand,
                            "pits": [i - 8, 23 - i], "counts": [b[e + i - 8], b[e + 23 - i]]})
            b[e + i - 8] = 0
            b[e + 23 - i] = 0
            g._cap = 1
            ends |= 1 if i == 15 else (2 if i == 8 else 0)
            laps = 0
            sv = 0
            kind = "resow"
            if ends == 3 or (frw and not (b[e + 8] or b[e + 9] or b[e + 10] or b[e + 11] or
                                          b[e + 12] or b[e + 13] or b[e + 14] or b[e + 15])):
                if trace is not None:
                    tr.lap(p, s, 1, hand, "okutema", 1)
                for _ in range(hand):
                    s = (s + 1) & 15
                    b[o + s] += 1
                    if trace is not None:
                        tr.drop(p, s)
                g._m = k
                return TEMA
            continue
        # relay from the landing pit
        if laps >= lim:
            if trace is not None:
                trace.append({"event": "endless", "player": p, "at": i, "laps": laps})
            g._m = k
            return ENDLESS
        if sv and snap[16] == i:
            j = 0
            while j < 16 and snap[j] == b[o + j]:
                j += 1
            if j == 16:  # back at an earlier state with no choice or capture since: a cycle
                if trace is not None:
                    trace.append({"event": "endless", "player": p, "at": i, "laps": laps,
                                "cycle": laps - sv})
                g._m = k
                return ENDLESS
        elif not sv:
            for j in range(16):
                snap[j] = b[o + j]
            snap[16] = i
            sv = laps
        s = i
        hand = b[o + i]
        b[o + i] = 0
        if trace is not None:
            tr.relay(p, i, hand)
        kind = "relay"


def _dicts(trace):
    # a plain list (tests, the command line): its own module, never loaded by the app
    from engine.omweso.trace import Dicts
    return Dicts(trace)
