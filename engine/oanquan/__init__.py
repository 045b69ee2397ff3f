# O An Quan (Mandarin Square Capturing), Vietnam: rules OAQ-1..OAQ-10 of docs/rules.md section 1.
# A position is one bytearray (layout below); the rules live in the Game instance.
from engine.compat import const
from engine import rules as _rules

# Position layout (byte offsets). Squares 0..11 in ring order; 0 and 6 are the mandarin squares.
BIG = const(12)      # 2 bytes: big stone still on square 0 / square 6
STOCK = const(14)    # 2: captured small stones per player (the final sweep lands here too)
MANDS = const(16)    # 2: captured big stones per player
_DEBT = const(18)     # 2: low byte of the stones each player has borrowed (OAQ-6c), see _DEBT_HI
TURN = const(20)     # player to move
PLY = const(21)      # 3 bytes, little-endian: moves since the start
OVER = const(24)     # 1 when the game is over
WINNER = const(25)   # 0, 1, or 2 for a draw
REASON = const(26)   # index into REASONS
SWEPT = const(27)    # 2: stones each player gained by the final sweep (OAQ-8)
_WIDE = const(29)     # 1 once a debt has reached 256 (the high bytes below are in use)
_DEBT_HI = const(30)  # 3 per player: bits 8..31 of the debts. Debts only grow and OAQ-10 leaves
SIZE = const(36)     # them out of the repetition key, so no fixed bound holds them: 5 per turn
_GUARD = const(5000)  # relays in one turn: turns always end (docs/rules.md); this only catches bugs

REASONS = ("", "mandarins", "no_refill", "repetition")
_MANDARINS = const(1)
_NO_REFILL = const(2)
_REPETITION = const(3)


def debt(pos, p):
    """Stones player p has borrowed (OAQ-6c)."""
    h = _DEBT_HI + 3 * p
    return pos[_DEBT + p] | pos[h] << 8 | pos[h + 1] << 16 | pos[h + 2] << 24


def set_debt(pos, p, v):
    h = _DEBT_HI + 3 * p
    pos[_DEBT + p] = v & 255
    pos[h] = (v >> 8) & 255
    pos[h + 1] = (v >> 16) & 255
    pos[h + 2] = (v >> 24) & 255
    if v > 255:
        pos[_WIDE] = 1


class Game:
    NAME = "oanquan"
    MAX_MOVES = 10
    # What the AI needs to know of the game (engine/ai.py): its search's speed on the console's
    # firmware, Search.run on the emulated RP2040 under CircuitPython 10.2.1 (bundle .mpy, 2000
    # nodes from the start and three seeded positions; tools/device/bench.py, docs/performance.md
    # "Measured on the emulated RP2040"), which makes a level's think time a node budget, and
    # its own short-reading rates per level (engine/ai.py LEVELS; chosen with the arena, 200-game
    # ladders of 2026-12-05, so that every level scores >= 65% against the level below).
    # Measured 1390 nodes/s (1388 on 2026-12-02); level 5 took a median 3.65 s at 1200, so 1450
    # (4.06 s; 4.19 s with the hash-move table of 2026-12-02, whose keys make a node dearer).
    DEVICE_NPS = 1450
    MISTAKES = (500, 200, 90, 80, 0)
    OPTIONS = (
        ("mandarin_value", 10, (10, 5)),
        ("empty_mandarin_ends_turn", False, (False, True)),
        ("young_mandarin", False, (False, True)),
        ("young_threshold", 5, [1, 70]),
        ("young_window", 10, [0, 0xFFFFFF]),  # 0 = whole game; the ply counter's range
        ("end_when_big_captured", False, (False, True)),
        ("mandarin_exchange", True, (True, False)),
    )

    def __init__(self, rules=None):
        r = _rules.check(self.NAME, self.OPTIONS, rules)
        self.rules = r
        self._mv = r["mandarin_value"]
        self._emet = r["empty_mandarin_ends_turn"]
        self._young = r["young_mandarin"]
        self._ythr = r["young_threshold"]
        self._ywin = r["young_window"]
        self._ebig = r["end_when_big_captured"]
        self._exch = r["mandarin_exchange"]

    # ---- the face --------------------------------------------------------------------------
    def new(self):
        """OAQ-1: 5 stones in each citizen square, a big stone on each mandarin square."""
        pos = bytearray(SIZE)
        for i in range(1, 12):
            if i != 6:
                pos[i] = 5
        pos[BIG] = pos[BIG + 1] = 1
        return pos

    def to_move(self, pos):
        return pos[TURN]

    def over(self, pos):
        return pos[OVER] == 1

    def ply(self, pos):
        return pos[PLY] | pos[PLY + 1] << 8 | pos[PLY + 2] << 16

    def moves(self, pos, out):
        """OAQ-2: each own non-empty citizen square, in both directions. Code = square*2 + (1 if '-')."""
        if pos[OVER]:
            return 0
        n = 0
        first = 1 if pos[TURN] == 0 else 7
        for sq in range(first, first + 5):
            if pos[sq]:
                out[n] = sq << 1
                out[n + 1] = (sq << 1) | 1
                n += 2
        return n

    def material(self, pos, player):
        o = 1 - player
        if pos[_WIDE]:
            return (pos[STOCK + player] + self._mv * pos[MANDS + player]
                    - debt(pos, player) + debt(pos, o))
        return (pos[STOCK + player] + self._mv * pos[MANDS + player]
                - pos[_DEBT + player] + pos[_DEBT + o])

    def play(self, pos, move, trace=None):
        """Play a legal move in place: sowing, relays, captures (OAQ-3..5), then game end or the
        next player's refill (OAQ-6, OAQ-7), so the position is ready to move again."""
        p = pos[TURN]
        c = move >> 1
        d = 11 if move & 1 else 1  # a step of -1 around the ring of 12 is +11
        tr = trace is not None
        relays = 0
        while True:  # OAQ-3 lap, then OAQ-4 decides
            # the hot loop of the whole AI (a lap costs more than its stones): whole laps only
            # where a sowing passes the end of the ring, then at most two runs of squares
            n = pos[c]
            pos[c] = 0
            if tr:
                trace.append({"event": "lift", "at": c, "count": n})
                for k in range(1, n + 1):
                    trace.append({"event": "drop", "at": (c + k * d) % 12})
            if d == 1:
                e = c + n  # the last square sown, counted on past 11
                if e > 11:
                    if n >= 12:
                        q = n // 12
                        e -= 12 * q
                        for j in range(12):
                            pos[j] += q
                    if e > 11:
                        for j in range(c + 1, 12):
                            pos[j] += 1
                        c = -1
                        e -= 12
                for j in range(c + 1, e + 1):
                    pos[j] += 1
            else:
                e = c - n
                if e < 0:
                    if n >= 12:
                        q = n // 12
                        e += 12 * q
                        for j in range(12):
                            pos[j] += q
                    if e < 0:
                        for j in range(c):
                            pos[j] += 1
                        c = 12
                        e += 12
                for j in range(e, c):
                    pos[j] += 1
            nx = (e + d) % 12
            if nx % 6:
                if pos[nx]:  # OAQ-4.1 relay: lift the square after the landing square
                    c = nx
                    relays += 1
                    if relays > _GUARD:
                        raise RuntimeError("oanquan: sowing did not end")
                    if tr:
                        trace.append({"event": "relay", "at": c})
                    continue
            elif pos[nx] or pos[BIG + nx // 6] or self._emet:
                break  # OAQ-4.2 a mandarin square stops the turn (an empty one too, by option)
            # OAQ-4.3 gap, OAQ-5: capture the square behind it, then on across single gaps
            # (here, not in a method: a call costs as much as a lap on the chip)
            t = (nx + d) % 12
            while True:
                big = BIG + t // 6 if t % 6 == 0 else 0
                if pos[t] == 0 and (big == 0 or pos[big] == 0):
                    break  # nothing behind the gap: the turn ends
                if big and self._young and pos[big] and pos[t] < self._ythr and (
                        self._ywin == 0 or self.ply(pos) < self._ywin):  # before ply += 1
                    break  # young mandarin: cannot be captured, the turn ends
                got = pos[t]
                pos[STOCK + p] += got
                pos[t] = 0
                took_big = 0
                if big and pos[big]:
                    pos[big] = 0
                    pos[MANDS + p] += 1
                    took_big = 1
                if tr:
                    trace.append({"event": "capture", "at": t, "count": got, "big": took_big,
                                  "player": p})
                nx = (t + d) % 12
                if nx % 6:
                    if pos[nx]:
                        break
                elif pos[nx] or pos[BIG + nx // 6] or self._emet:
                    break
                t = (nx + d) % 12
            break
        ply = pos[PLY] + 1
        if ply < 256:
            pos[PLY] = ply
        else:
            ply = self.ply(pos) + 1
            pos[PLY] = ply & 255
            pos[PLY + 1] = (ply >> 8) & 255
            pos[PLY + 2] = ply >> 16
        pos[TURN] = 1 - p
        # OAQ-7: both mandarin squares completely empty (or both big stones gone, by option)
        if pos[BIG] == 0 and pos[BIG + 1] == 0 and (self._ebig or (pos[0] == 0 and pos[6] == 0)):
            self._finish(pos, _MANDARINS, trace)
        elif p:  # the next player's row may need a refill (OAQ-6)
            if not (pos[1] or pos[2] or pos[3] or pos[4] or pos[5]):
                self._refill(pos, 0, trace)
        elif not (pos[7] or pos[8] or pos[9] or pos[10] or pos[11]):
            self._refill(pos, 1, trace)

    def _refill(self, pos, p, trace):
        # OAQ-6: the player to move has an empty row: put one stone in each square.
        first = 1 if p == 0 else 7
        for sq in range(first, first + 5):
            if pos[sq]:
                return
        o = 1 - p
        if pos[STOCK + p] < 5 and self._exch and pos[MANDS + p]:
            self._exchange(pos, p, trace)
        short = 5 - pos[STOCK + p] if pos[STOCK + p] < 5 else 0
        if short:
            if pos[STOCK + o] < short and self._exch and pos[MANDS + o]:
                self._exchange(pos, o, trace)
            if pos[STOCK + o] < short:
                self._finish(pos, _NO_REFILL, trace)  # OAQ-6d: nobody can pay, nothing placed
                return
            pos[STOCK + o] -= short
            set_debt(pos, p, debt(pos, p) + short)
            if trace is not None:
                trace.append({"event": "borrow", "player": p, "from": o, "count": short})
        pos[STOCK + p] -= 5 - short
        for sq in range(first, first + 5):
            pos[sq] = 1
        if trace is not None:
            trace.append({"event": "refill", "player": p, "count": 5})

    def _exchange(self, pos, p, trace):
        # OAQ-6b: a captured mandarin becomes mandarin_value small stones
        pos[MANDS + p] -= 1
        pos[STOCK + p] += self._mv
        if trace is not None:
            trace.append({"event": "exchange", "player": p, "count": self._mv})

    def _finish(self, pos, reason, trace):
        # OAQ-8 sweep, OAQ-9 score
        for p in (0, 1):
            first = 1 if p == 0 else 7
            s = 0
            for sq in range(first, first + 5):
                s += pos[sq]
                pos[sq] = 0
            pos[STOCK + p] += s
            pos[SWEPT + p] = s
        for sq in (0, 6):
            half = pos[sq] >> 1  # small stones left in a mandarin square are split; odd one stays
            pos[sq] -= half << 1
            for p in (0, 1):
                pos[STOCK + p] += half
                pos[SWEPT + p] += half
        pos[OVER] = 1
        pos[REASON] = reason
        s0 = self.material(pos, 0)
        s1 = self.material(pos, 1)
        pos[WINNER] = 0 if s0 > s1 else 1 if s1 > s0 else 2
        if trace is not None:
            for p in (0, 1):
                trace.append({"event": "sweep", "player": p, "count": pos[SWEPT + p]})
            trace.append({"event": "end", "reason": REASONS[reason], "score": [s0, s1]})

    def result(self, pos):
        if not pos[OVER]:
            return None
        w = pos[WINNER]
        return {"winner": None if w == 2 else w, "reason": REASONS[pos[REASON]],
                "score": [self.material(pos, 0), self.material(pos, 1)],
                "swept": [pos[SWEPT], pos[SWEPT + 1]]}

    def breakdown(self, pos, p):
        """OAQ-9 score of player p as its terms: (stock, mandarin value, swept, debt, lent)."""
        sw = pos[SWEPT + p]
        return (pos[STOCK + p] - sw, self._mv * pos[MANDS + p], sw, debt(pos, p),
                debt(pos, 1 - p))

    # ---- repetition (OAQ-10) ----------------------------------------------------------------
    EPOCH = 2  # key bytes that never recur once changed: the big stones still on the board

    # OAQ-10's key: big stones, board, stocks, captured mandarins, mover. Not the debts (amended
    # rule): they only grow, and with them a borrowing cycle would never repeat.
    KEY = bytes((BIG, BIG + 1) + tuple(range(BIG)) + tuple(range(STOCK, _DEBT)) + (TURN,))

    def key(self, pos):
        """The repetition key (OAQ-10): pos's bytes at KEY."""
        return bytes(pos[i] for i in self.KEY)

    def end_repeated(self, pos, trace=None, mover=None):
        if not pos[OVER]:
            self._finish(pos, _REPETITION, trace)

    # ---- text and JSON ----------------------------------------------------------------------
    def move_str(self, pos, move):
        return "%d%s" % (move >> 1, "-" if move & 1 else "+")

    def parse_move(self, pos, text):
        if not isinstance(text, str) or len(text) < 2 or text[-1] not in "+-" \
                or not _rules.decimal(text[:-1]) or len(text) > 3 \
                or (len(text) == 3 and text[0] == "0"):
            raise ValueError("bad move %r: write a square and a direction, e.g. 3+ or 9-" % (text,))
        sq = int(text[:-1])
        if pos[OVER]:
            raise ValueError("illegal move %s: the game is over" % text)
        p = pos[TURN]
        first = 1 if p == 0 else 7
        if not first <= sq < first + 5:
            raise ValueError("illegal move %s: player %d moves from squares %d-%d"
                             % (text, p, first, first + 4))
        if not pos[sq]:
            raise ValueError("illegal move %s: square %d is empty" % (text, sq))
        return sq << 1 | (1 if text[-1] == "-" else 0)

    def to_json(self, pos):
        # here, not in oanquan/json.py (checks): the device draws every position from it
        return {"game": "oanquan", "rules": dict(self.rules), "to_move": pos[TURN],
                "ply": self.ply(pos), "result": self.result(pos),
                "squares": list(pos[0:12]), "big": [pos[BIG], pos[BIG + 1]],
                "stock": [pos[STOCK], pos[STOCK + 1]], "mandarins": [pos[MANDS], pos[MANDS + 1]],
                "debt": [debt(pos, 0), debt(pos, 1)]}

    def from_json(self, obj):
        from engine.oanquan.json import from_json
        return from_json(self, obj)


Game.SIZE = SIZE
