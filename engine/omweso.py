# Omweso (RULES.md section 3): 4x8 pits, relay sowing, captures by opposition, reverse captures.
# Position bytearray: 0..15 player 0's pits, 16..31 player 1's (each in its owner's index order),
# then to_move, phase, over, winner, reason, moves_made, captures, points, game_no (16-bit each),
# ply (24-bit). Text notation, JSON and set-up parsing: engine/omweso_json.py; game end,
# points and the next game of the match: engine/omweso_match.py.
# Move code: pit | star << 4 | n << 5 | bits << 10 (n choice points, bit k set = k-th is "-");
# set-up codes are SETUP | k (k < 4 a preset arrangement, 15 the arrangement last parsed).
from engine.compat import const
from engine import rules as _rules
from engine import omweso_match as _mt
from engine.omweso_match import g16 as _g16, REASONS, PRESETS

TM = const(32)
PH = const(33)
OV = const(34)
WIN = const(35)
RSN = const(36)
MM = const(37)
CP = const(41)
PT = const(45)
GN = const(49)
PLY = const(51)
MAXCH = const(19)
SETUP = const(0x20000000)
END = const(0)
ENDLESS = const(1)
TEMA = const(2)


class Game:
    NAME = "omweso"
    OPTIONS = (("setup", "standard", ("standard", "free", "two_each")),
               ("first_turn_capture", False, (False, True)),
               ("forbid_endless", False, (False, True)),
               ("lap_limit", 200, [20, 100000]),
               ("match_points", 12, [1, 60000]),
               ("akawumbi_points", 12, (12, 6)),
               ("akakyala", False, (False, True)),
               ("front_row_win", False, (False, True)),
               ("next_starter", "loser", ("loser", "alternate")),
               ("three_seed_opening", False, (False, True)))
    MAX_MOVES = 256
    SIZE = 54

    def __init__(self, rules=None):
        r = self.rules = _rules.check("omweso", self.OPTIONS, rules)
        self._setup = ("standard", "free", "two_each").index(r["setup"])
        self._first = 1 if self._setup == 1 else 0  # moves_made of a player's first sowing turn
        self._ftc = r["first_turn_capture"]
        self._fe = r["forbid_endless"]
        self._lim = r["lap_limit"]
        self._three = r["three_seed_opening"]
        self._scr = bytearray(self.SIZE)
        self._snap = bytearray(17)
        self._fl = bytearray(self.MAX_MOVES)
        self._cut = 0  # moves() stopped at MAX_MOVES (parse_move then replays beyond it)
        self._fin = 0  # moves() met a move that is not endless
        self._arr = bytearray(PRESETS[0])
        self._m = 0
        self._cap = 0

    # ----- the face -----
    def new(self):
        b = bytearray(self.SIZE)
        b[WIN] = 2
        _mt.new_game(self._setup, b, 0, 1, None)
        return b

    def to_move(self, pos):
        return pos[TM]

    def over(self, pos):
        return pos[OV] != 0

    def result(self, pos):
        if not pos[OV]:
            return None
        return {"winner": pos[WIN], "reason": REASONS[pos[RSN]],
                "points": [_g16(pos, PT), _g16(pos, PT + 2)]}

    def key(self, pos):
        return None

    def end_repeated(self, pos, trace=None):
        pass

    def material(self, pos, player):
        s = 0
        o = player << 4
        for i in range(o, o + 16):
            s += pos[i]
        return s

    def move_str(self, pos, move):
        from engine import omweso_json
        return omweso_json.move_str(self, pos, move)

    def parse_move(self, pos, text):
        from engine import omweso_json
        return omweso_json.parse_move(self, pos, text)

    def to_json(self, pos):
        from engine import omweso_json
        return omweso_json.to_json(self, pos)

    def from_json(self, obj):
        from engine import omweso_json
        return omweso_json.from_json(self, obj)

    # ----- move generation -----
    def moves(self, pos, out):
        if pos[OV]:
            return 0
        if pos[PH]:
            for k in range(4):
                out[k] = SETUP | k
            return 4
        p = pos[TM]
        o = p << 4
        scr = self._scr
        fl = self._fl
        mx = self.MAX_MOVES
        n = 0
        fin = 0
        self._cut = 0
        three = self._three and _g16(pos, CP) == 0 and _g16(pos, CP + 2) == 0
        for pit in range(16):
            c = pos[o + pit]
            if c < 2:
                continue
            bits = 0
            k = 0
            while n < mx:
                for i in range(32):
                    scr[i] = pos[i]
                r = self._run(scr, p, pit, k, bits, pos, None)
                m = self._m
                out[n] = pit | m << 5 | bits << 10
                fl[n] = r == ENDLESS
                if r != ENDLESS:
                    fin = 1
                n += 1
                k = m - 1  # next leaf: deepest "+" choice turned into "-"
                while k >= 0 and (bits >> k) & 1:
                    k -= 1
                if k < 0:
                    break
                bits = (bits & ((1 << k) - 1)) | (1 << k)
                k += 1
            if n >= mx:
                self._cut = 1
            if three and c == 3 and n < mx:
                out[n] = pit | 16
                fl[n] = 0
                fin = 1
                n += 1
        self._fin = fin
        if self._fe and fin:
            j = 0
            for i in range(n):
                if not fl[i]:
                    out[j] = out[i]
                    j += 1
            n = j
        return n

    def _allow(self, pos, p):
        return self._ftc or _g16(pos, MM + 2 * p) > self._first

    def _run(self, b, p, pit, n, bits, pos, trace):
        # Sows the move (pit, n choices given by bits, later ones "+") for player p on b (pits
        # only). Returns END, ENDLESS or TEMA; self._m = choice points met, self._cap = 1 if
        # anything was captured. pos supplies the counters (first turn).
        o = p << 4
        e = 16 - o
        allow = self._allow(pos, p)
        frw = self.rules["front_row_win"]
        lim = self._lim
        snap = self._snap
        sv = 0
        s = pit
        hand = b[o + s]
        b[o + s] = 0
        if trace is not None:
            trace.append({"event": "lift", "player": p, "at": s, "count": hand})
        kind = "first"
        laps = 0
        k = 0
        ends = 0
        self._cap = 0
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
                trace.append({"event": "lap", "player": p, "start": s, "dir": "+" if d > 0 else "-",
                              "count": hand, "kind": kind, "n": laps})
            i = s
            for _ in range(hand):
                i = (i + d) & 15
                b[o + i] += 1
                if trace is not None:
                    trace.append({"event": "drop", "player": p, "at": i})
            if b[o + i] == 1:
                if trace is not None:
                    trace.append({"event": "stop", "player": p, "at": i})
                self._m = k
                return END
            if allow and i > 7 and b[e + i - 8] and b[e + 23 - i]:
                hand = b[e + i - 8] + b[e + 23 - i]
                if trace is not None:
                    trace.append({"event": "capture", "player": p, "at": i, "count": hand,
                                "pits": [i - 8, 23 - i], "counts": [b[e + i - 8], b[e + 23 - i]]})
                b[e + i - 8] = 0
                b[e + 23 - i] = 0
                self._cap = 1
                ends |= 1 if i == 15 else (2 if i == 8 else 0)
                laps = 0
                sv = 0
                kind = "resow"
                if ends == 3 or (frw and not (b[e + 8] or b[e + 9] or b[e + 10] or b[e + 11] or
                                              b[e + 12] or b[e + 13] or b[e + 14] or b[e + 15])):
                    if trace is not None:
                        trace.append({"event": "lap", "player": p, "start": s, "dir": "+",
                                    "count": hand, "kind": "okutema", "n": 1})
                    for _ in range(hand):
                        s = (s + 1) & 15
                        b[o + s] += 1
                        if trace is not None:
                            trace.append({"event": "drop", "player": p, "at": s})
                    self._m = k
                    return TEMA
                continue
            # relay from the landing pit
            if laps >= lim:
                if trace is not None:
                    trace.append({"event": "endless", "player": p, "at": i, "laps": laps})
                self._m = k
                return ENDLESS
            if sv and snap[16] == i:
                j = 0
                while j < 16 and snap[j] == b[o + j]:
                    j += 1
                if j == 16:  # back at an earlier state with no choice or capture since: a cycle
                    if trace is not None:
                        trace.append({"event": "endless", "player": p, "at": i, "laps": laps,
                                    "cycle": laps - sv})
                    self._m = k
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
                trace.append({"event": "relay", "player": p, "at": i, "count": hand})
            kind = "relay"

    # ----- playing -----
    def play(self, pos, move, trace=None):
        p = pos[TM]
        if move & SETUP:
            k = move & 15
            _mt.arrange(pos, self._arr if k == 15 else PRESETS[k], trace)
            return
        first = _mt.starter(pos)
        pit = move & 15
        if move & 16:  # OM-9: 2 seeds into the next pit, 1 into the one after; the turn ends
            o = p << 4
            pos[o + pit] = 0
            pos[o + ((pit + 1) & 15)] += 2
            pos[o + ((pit + 2) & 15)] += 1
            if trace is not None:
                trace.append({"event": "lap", "player": p, "start": pit, "dir": "+",
                              "count": 3, "kind": "three", "n": 1})
                for k in (1, 1, 2):
                    trace.append({"event": "drop", "player": p, "at": (pit + k) & 15})
            r = END
            self._cap = 0
        else:
            r = self._run(pos, p, pit, (move >> 5) & 31, move >> 10, pos, trace)
        _mt.finish(self, pos, p, r, self._cap, first, trace)
