# Omweso (docs/rules.md section 3): 4x8 pits, relay sowing, captures by opposition, reverse captures.
# Position bytearray: 0..15 player 0's pits, 16..31 player 1's (each in its owner's index order),
# then to_move, phase, over, winner, reason, moves_made, captures, points, game_no (16-bit each),
# ply (24-bit). Text notation, JSON and set-up parsing: engine/omweso/json.py; game end,
# points and the next game of the match: engine/omweso/match.py.
# Move code: pit | star << 4 | n << 5 | bits << 10 (n choice points, bit k set = k-th is "-");
# set-up codes are SETUP | k (k < 4 a preset arrangement, 15 the arrangement last parsed).
# Speed (the AI): moves() and play() without a trace sow with _sow, the trace-free twin of _run;
# play() copies the result of the sowing moves() did for the same position and move when it still
# has it (the first _KEEP moves of the last list), so a listed move is usually sown once.
from engine.compat import const
from engine import rules as _rules
from engine.omweso import match as _mt
from engine.omweso.match import g16 as _g16, REASONS, PRESETS

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
_SNAPLAP = const(16)  # laps before _sow starts looking for a repeated state
# _sow: 1 at the four leftmost pits (0, 1, 14, 15) of either player, by absolute index
_LEFT = b"\x01\x01" + bytes(12) + b"\x01\x01\x01\x01" + bytes(12) + b"\x01\x01"
_NONE = bytes(32)
_KEEP = const(16)  # sowings of moves() kept for play() (16: 1.2% faster on the chip than 12, 200 B)
_ENDL = const(0x20000000)  # moves(): endless flag on a listed code (forbid_endless), stripped


def _empty_inner(b, e):
    return not (b[e + 8] or b[e + 9] or b[e + 10] or b[e + 11] or b[e + 12] or b[e + 13] or
                b[e + 14] or b[e + 15])


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
    # What the AI needs to know of the game (engine/ai.py): its search's speed on the console's
    # firmware, Search.run on the emulated RP2040 under CircuitPython 10.2.1 (bundle .mpy, 2000
    # nodes from the start and three seeded positions; tools/device/bench.py, docs/performance.md
    # "Measured on the emulated RP2040"), which makes a level's think time a node budget, and
    # the common short-reading rates (None). Measured 684 nodes/s (683 on 2026-12-02), but set
    # from level 5's own times (ten positions: median 5.26 s at 620, 5.08 s at 560, 4.56 s at
    # 500): its speed per node falls as the seeds gather and the sowings grow long (380-550
    # nodes/s in later positions). Level 5 over ten positions: a median 4.11 / 4.47 / 4.33 s
    # (Ô Ăn Quan / San-Yao / Omweso), never over 5.21 / 4.97 / 6.11 s.
    DEVICE_NPS = 500
    MISTAKES = None

    def __init__(self, rules=None):
        r = self.rules = _rules.check("omweso", self.OPTIONS, rules)
        self._setup = ("standard", "free", "two_each").index(r["setup"])
        self._first = 1 if self._setup == 1 else 0  # moves_made of a player's first sowing turn
        self._ftc = r["first_turn_capture"]
        self._fe = r["forbid_endless"]
        self._lim = r["lap_limit"]
        self._frw = r["front_row_win"]
        self._akk = r["akakyala"]
        self._three = r["three_seed_opening"]
        self._scr = bytearray(self.SIZE)
        self._snap = bytearray(17)
        # play() reuses moves()'s sowings: the position moves() last listed, and for its first
        # _KEEP sowings the move code (-1: none), the pits after it, the result and the capture
        self._cpos = bytearray(self.SIZE)
        self._cpos[OV] = 1  # no position listed yet
        self._cn = 0
        self._cj = 0
        self._code = [-1] * _KEEP
        self._pits = [bytearray(32) for _ in range(_KEEP)]
        self._res = bytearray(_KEEP)
        self._caps = bytearray(_KEEP)
        self._scrv = memoryview(self._scr)[0:32]
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
        o = player << 4  # the seeds on the player's 16 pits, unrolled: the AI orders moves by it
        return (pos[o] + pos[o + 1] + pos[o + 2] + pos[o + 3] + pos[o + 4] + pos[o + 5] +
                pos[o + 6] + pos[o + 7] + pos[o + 8] + pos[o + 9] + pos[o + 10] + pos[o + 11] +
                pos[o + 12] + pos[o + 13] + pos[o + 14] + pos[o + 15])

    def move_str(self, pos, move):
        if move & SETUP:
            k = move & 15
            return "setup:" + ",".join(str(c) for c in (self._arr if k == 15 else PRESETS[k]))
        pit = move & 15
        if move & 16:
            return "%d*" % pit
        bits = move >> 10
        return "%d" % pit + "".join("-" if (bits >> k) & 1 else "+"
                                    for k in range((move >> 5) & 31))

    def parse_move(self, pos, text):
        from engine.omweso import json
        return json.parse_move(self, pos, text)

    def to_json(self, pos):
        # here, not in omweso/json.py (checks and parsing): the device draws every position from it
        return {"game": "omweso", "rules": dict(self.rules), "to_move": pos[TM],
                "ply": pos[PLY] | pos[PLY + 1] << 8 | pos[PLY + 2] << 16,
                "result": self.result(pos),
                "pits": [list(pos[0:16]), list(pos[16:32])],
                "phase": "setup" if pos[PH] else "play",
                "moves_made": [_g16(pos, MM), _g16(pos, MM + 2)],
                "captures": [_g16(pos, CP), _g16(pos, CP + 2)],
                "points": [_g16(pos, PT), _g16(pos, PT + 2)],
                "game_no": _g16(pos, GN)}

    def from_json(self, obj):
        from engine.omweso import json
        return json.from_json(self, obj)

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
        scrv = self._scrv
        code = self._code
        pits = self._pits
        res = self._res
        caps = self._caps
        self._cpos[:] = pos
        self._cj = 0
        fe = self._fe
        mx = len(out)  # a shorter list (the search's below its root) stops there, as at 256
        if mx > self.MAX_MOVES:
            mx = self.MAX_MOVES
        n = 0
        fin = 0
        self._cut = 0
        mi = MM + 2 * p
        allow = self._ftc or (pos[mi] | pos[mi + 1] << 8) > self._first
        three = self._three and not (pos[CP] or pos[CP + 1] or pos[CP + 2] or pos[CP + 3])
        for pit in range(16):
            c = pos[o + pit]
            if c < 2:
                continue
            if not allow and not fe:
                # no capture this turn (OM-6): no choice point, one move; whether it is endless
                # only matters with forbid_endless
                if n < mx:
                    if n < _KEEP:
                        code[n] = -1
                    out[n] = pit
                    fin = 1
                    n += 1
            else:
                bits = 0
                k = 0
                while n < mx:
                    scr[:] = pos
                    r = self._sow(scr, o, pit, k, bits, allow)
                    m = self._m
                    mv = pit | m << 5 | bits << 10
                    if n < _KEEP:
                        code[n] = mv
                        pits[n][:] = scrv
                        res[n] = r
                        caps[n] = self._cap
                    out[n] = mv
                    if r != ENDLESS:
                        fin = 1
                    elif fe:
                        out[n] = mv | _ENDL
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
                if n < _KEEP:
                    code[n] = -1
                out[n] = pit | 16
                fin = 1
                n += 1
        self._fin = fin
        self._cn = n if n < _KEEP else _KEEP
        if fe:  # drop the endless moves if another exists, else just their flags
            j = 0
            for i in range(n):
                mv = out[i]
                if mv & _ENDL:
                    if fin:
                        continue
                    mv ^= _ENDL
                out[j] = mv
                j += 1
            n = j
        return n

    def _sow(self, b, o, s, n, bits, allow):
        # The hot-path twin of _run (same verdict, same choice count and, unless ENDLESS, the
        # same board; no trace): sows from pit s for the player whose pits start at o, on
        # absolute indices of b. Returns END, ENDLESS or TEMA; self._m = choice points met,
        # self._cap = 1 if anything was captured. Lap bookkeeping beyond the lap count waits
        # until lap `nxt`: the repeated-state check starts after _SNAPLAP laps (a repetition
        # proves the move endless whenever it is found; the lap limit decides otherwise).
        end = o + 16
        if allow:
            ch = _LEFT
            inner = o + 8
        else:  # OM-6: no capture, no choice point
            ch = _NONE
            inner = 99
        f1 = 8 - 2 * o  # the opponent's outer pit facing own inner pit I is I + f1, their
        # inner pit 39 - I
        nxt = _SNAPLAP
        sv = 0
        S = o + s
        hand = b[S]
        b[S] = 0
        laps = 0
        k = 0
        ends = 0
        cap = 0
        while True:
            laps += 1
            if ch[S] and k < MAXCH:
                t = (S - 1 - ((hand - 1) & 15)) & 15
                T = o + t
                if t > 7 and (b[T] or hand > 16) and b[T + f1] and b[39 - T]:
                    sv = 0
                    if k < n and (bits >> k) & 1:
                        k += 1
                        i = S - o
                        for _ in range(hand):
                            i = (i - 1) & 15
                            b[o + i] += 1
                        # a reverse lap ends in a capture at T (OM-5)
                        hand = b[T + f1] + b[39 - T]
                        b[T + f1] = 0
                        b[39 - T] = 0
                        cap = 1
                        if t == 15:
                            ends |= 1
                        elif t == 8:
                            ends |= 2
                        laps = 0
                        nxt = _SNAPLAP
                        if ends == 3 or (self._frw and _empty_inner(b, 16 - o)):
                            break
                        continue
                    k += 1
            if hand < 16:
                I = S + hand
                if I < end:
                    for x in range(S + 1, I + 1):
                        b[x] += 1
                else:
                    for x in range(S + 1, end):
                        b[x] += 1
                    I -= 16
                    for x in range(o, I + 1):
                        b[x] += 1
            else:
                i = S - o
                for _ in range(hand):
                    i = (i + 1) & 15
                    b[o + i] += 1
                I = o + i
            v = b[I]
            if v == 1:
                self._m = k
                self._cap = cap
                return END
            if I >= inner:
                a = b[I + f1]
                if a:
                    c = b[39 - I]
                    if c:
                        hand = a + c
                        b[I + f1] = 0
                        b[39 - I] = 0
                        cap = 1
                        if I == o + 15:
                            ends |= 1
                        elif I == inner:
                            ends |= 2
                        laps = 0
                        sv = 0
                        nxt = _SNAPLAP
                        if ends == 3 or (self._frw and _empty_inner(b, 16 - o)):
                            break
                        continue
            # relay from the landing pit
            if laps >= nxt:
                if laps >= self._lim:
                    self._m = k
                    self._cap = cap
                    return ENDLESS
                snap = self._snap
                if sv:
                    if snap[16] == I:
                        j = 0
                        while j < 16 and snap[j] == b[o + j]:
                            j += 1
                        if j == 16:  # back at an earlier state with no choice or capture since
                            self._m = k
                            self._cap = cap
                            return ENDLESS
                else:
                    for j in range(16):
                        snap[j] = b[o + j]
                    snap[16] = I
                    sv = 1
                    nxt = laps + 1
            S = I
            hand = v
            b[I] = 0
        # okutema: the captured seeds are sown once counter-clockwise from S and the move ends
        i = S - o
        for _ in range(hand):
            i = (i + 1) & 15
            b[o + i] += 1
        self._m = k
        self._cap = cap
        return TEMA

    def _allow(self, pos, p):
        return self._ftc or _g16(pos, MM + 2 * p) > self._first

    def _run(self, b, p, pit, n, bits, pos, trace):
        # the traced sowing (animation, parse_move) lives in engine/omweso/run.py
        from engine.omweso.run import run
        return run(self, b, p, pit, n, bits, pos, trace)

    # ----- playing -----
    def play(self, pos, move, trace=None):
        p = pos[TM]
        if trace is None and not move & (SETUP | 16):
            # the hot path (the AI's): _sow, then the counters of an ordinary move inline;
            # match.finish takes over when the game may end
            o = p << 4
            mi = MM + 2 * p
            mm = pos[mi] | pos[mi + 1] << 8
            j = self._cj
            cn = self._cn
            code = self._code
            if j >= cn or code[j] != move:
                j = 0
                while j < cn and code[j] != move:
                    j += 1
            if j < cn and pos == self._cpos:
                pos[0:32] = self._pits[j]
                r = self._res[j]
                self._cap = self._caps[j]
                self._cj = j + 1
            else:
                r = self._sow(pos, o, move & 15, (move >> 5) & 31, move >> 10,
                              self._ftc or mm > self._first)
            if r == END and not self._akk:
                q = o ^ 16
                for i in range(q, q + 16):
                    if pos[i] > 1:
                        break
                else:
                    i = -1
                x = pos[PLY] + 1
                if i >= 0 and mm < 65535 and x < 256:
                    mm += 1
                    pos[mi] = mm & 255
                    pos[mi + 1] = mm >> 8
                    pos[PLY] = x
                    if self._cap:
                        ci = CP + 2 * p
                        c = (pos[ci] | pos[ci + 1] << 8) + 1
                        if c < 65536:
                            pos[ci] = c & 255
                            pos[ci + 1] = c >> 8
                    pos[TM] = 1 - p
                    return
            _mt.finish(self, pos, p, r, self._cap, _mt.starter(pos), None)
            return
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
