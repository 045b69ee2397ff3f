# San-Yao (docs/rules.md section 2): a 10-hole ring, relay sowing, capture across the gap, matches of
# rounds with "sons" and loans. Position = one bytearray (layout below); rules live in Game.
from engine.compat import const
from engine.rules import check

_C = const(10)    # control[0..9] (holes are bytes 0..9)
_S = const(20)    # store[2]
_O = const(22)    # owed[2]
_TM = const(24)   # to_move
_ST = const(25)   # starter of the current round
_PH = const(26)   # phase: 0 play, 1 choose_sons
_OV = const(27)   # 1 when the match is over
_WN = const(28)   # match winner: 0, 1, 2 = draw
_RD = const(29)   # round, 2 bytes little-endian
_PL = const(31)   # ply, 4 bytes little-endian
_SIZE = const(35)
_SON = const(10)  # move code of "son:<h>" = 10 + h

REASONS = ("leftover", "no_moves", "endless", "repetition")


def _home(pos):
    for i in range(10):
        pos[_C + i] = 0 if i < 5 else 1


class Game:
    NAME = "sanyao"
    OPTIONS = (
        ("forbid_endless", False, (False, True)),
        ("lap_limit", 200, [20, 100000]),
        ("match_end_below", 5, (5, 6)),
        ("loan_is_gift", False, (False, True)),
        ("winner_chooses_sons", False, (False, True)),
    )
    MAX_MOVES = 10
    SIZE = _SIZE
    # What the AI needs to know of the game (engine/ai.py): its search's speed on the console's
    # firmware, Search.run on the emulated RP2040 under CircuitPython 10.2.1 (bundle .mpy, 2000
    # nodes from the start and three seeded positions; tools/device/bench.py, docs/performance.md
    # "Measured on the emulated RP2040"), which makes a level's think time a node budget, and
    # its own short-reading rates per level: its low branching lets even level 3 search ~8 plies,
    # and its level 1 always plays what takes most at once (chosen with the arena, 200-game
    # ladders of 2026-12-05, so that every level scores >= 65% against the level below).
    # Measured 1562 nodes/s (1300 on 2026-12-02): it gets about 80%, since deeper searches cost a
    # little more per node and a real chip is 5-15% slower than the emulator.
    DEVICE_NPS = 1270
    MISTAKES = (1000, 700, 400, 300, 0)

    def __init__(self, rules=None):
        r = check("sanyao", self.OPTIONS, rules)
        self.rules = r
        self._forbid = r["forbid_endless"]
        self._limit = r["lap_limit"]
        self._below = r["match_end_below"]
        self._gift = r["loan_is_gift"]
        self._choose = r["winner_chooses_sons"]
        # the position before the move (its holes: the first lap's start) and a scratch one for
        # look-ahead sowing; whole positions, so that a copy is one slice assignment
        self._save = bytearray(_SIZE)
        self._scr = bytearray(_SIZE)

    def new(self):
        pos = bytearray(_SIZE)
        for i in range(10):
            pos[i] = 5
        _home(pos)
        pos[_RD] = 1
        return pos

    # ---- the face ----
    def to_move(self, pos):
        return pos[_TM]

    def over(self, pos):
        return pos[_OV] == 1

    def result(self, pos):
        if not pos[_OV]:
            return None
        w = pos[_WN]
        return {"winner": None if w == 2 else w, "reason": "match",
                "totals": [pos[_S], pos[_S + 1]]}

    def material(self, pos, player):
        return pos[_S + player]

    def round(self, pos):
        return pos[_RD] | (pos[_RD + 1] << 8)

    def ply(self, pos):
        return pos[_PL] | (pos[_PL + 1] << 8) | (pos[_PL + 2] << 16) | (pos[_PL + 3] << 24)

    def sons_due(self, pos):
        """Sons the round winner still has to pick (phase choose_sons), else 0."""
        if not pos[_PH]:
            return 0
        w = pos[_TM]
        k = (pos[_S + w] - 25) // 5
        b = 5 if w == 0 else 0
        for h in range(b, b + 5):
            if pos[_C + h] == w:
                k -= 1
        return k

    EPOCH = 3  # key bytes that never recur once changed: round, stores (captures only add)

    # SY-7's key: round (low byte), stores, holes, control, owed, side to move
    KEY = bytes((_RD, _S, _S + 1) + tuple(range(_S)) + (_O, _O + 1, _TM))

    def key(self, pos):
        """The repetition key (SY-7): pos's bytes at KEY."""
        return bytes(pos[i] for i in self.KEY)

    def end_repeated(self, pos, trace=None, mover=None):
        """SY-7: the third repetition ends the round. `mover` made the last move: after an
        automatic pass (SY-2) it is also the player to move, so it cannot be inferred."""
        if not pos[_OV] and not pos[_PH]:
            self._end_round(pos, 1 - pos[_TM] if mover is None else mover, 3, trace)

    def moves(self, pos, out):
        if pos[_OV]:
            return 0
        p = pos[_TM]
        n = 0
        if pos[_PH]:
            b = 5 if p == 0 else 0
            for h in range(b, b + 5):
                if pos[_C + h] != p:
                    out[n] = _SON + h
                    n += 1
            return n
        for h in range(10):
            if pos[h] and pos[_C + h] == p:
                out[n] = h
                n += 1
        if self._forbid and n > 1:
            m = 0
            for i in range(n):
                h = out[i]
                if not self.endless(pos, h):
                    out[m] = h
                    m += 1
            if m:
                n = m
        return n

    def endless(self, pos, h):
        """True if sowing hole h now would be an endless move (SY-6)."""
        self._save[:] = pos
        scr = self._scr
        scr[:] = pos
        return self._sow(scr, h, None) < 0

    def move_str(self, pos, move):
        if move >= _SON:
            return "son:%d" % (move - _SON)
        return "%d" % move

    def parse_move(self, pos, text):
        from engine.sanyao.json import parse_move
        return parse_move(self, pos, text)

    def to_json(self, pos):
        # here, not in sanyao/json.py (checks and parsing): the device draws every position from it
        rules = {}
        for o in self.OPTIONS:
            rules[o[0]] = self.rules[o[0]]
        return {"game": "sanyao", "rules": rules, "to_move": pos[_TM], "ply": self.ply(pos),
                "result": self.result(pos), "holes": [pos[i] for i in range(10)],
                "control": [pos[_C + i] for i in range(10)], "store": [pos[_S], pos[_S + 1]],
                "owed": [pos[_O], pos[_O + 1]], "round": self.round(pos), "starter": pos[_ST],
                "phase": "choose_sons" if pos[_PH] else "play"}

    def from_json(self, obj):
        from engine.sanyao.json import from_json
        return from_json(self, obj)

    # ---- playing ----
    def play(self, pos, move, trace=None):
        x = pos[_PL] + 1
        if x < 256:
            pos[_PL] = x
        else:
            i = _PL
            while i < _PL + 4:  # ply += 1 with carry
                if pos[i] < 255:
                    pos[i] += 1
                    break
                pos[i] = 0
                i += 1
        p = pos[_TM]
        if move >= _SON:
            self._son(pos, move - _SON, trace)
            return
        if trace is not None:  # look first, so that an endless move leaves no sowing events
            n = -1 if self.endless(pos, move) else self._sow(pos, move, trace)
        else:
            save = self._save
            save[:] = pos
            n = self._sow(pos, move, None)
            if n < 0:
                pos[:] = save
        if n < 0:  # SY-6 default: the move is not sown, the round ends
            self._end_round(pos, p, 2, trace)
            return
        # SY-5 capture cascade
        s = _S + p
        t = 0 if n == 9 else n + 1
        while pos[t]:
            x = pos[t]
            pos[s] += x
            pos[t] = 0
            if trace is not None:
                trace.append({"event": "capture", "at": t, "count": x, "player": p})
            n = 0 if t == 9 else t + 1
            if pos[n]:
                break
            t = 0 if n == 9 else n + 1
        if 50 - pos[_S] - pos[_S + 1] < 2:  # SY-7
            self._end_round(pos, p, 0, trace)
            return
        q = 1 - p
        for h in range(10):  # can the other player move? (self._can inline: the hot path)
            if pos[h] and pos[_C + h] == q:
                pos[_TM] = q
                return
        if self._can(pos, p):  # SY-2: the other player passes
            pos[_TM] = p
            if trace is not None:
                trace.append({"event": "pass", "player": 1 - p})
        else:
            self._end_round(pos, p, 1, trace)

    def _can(self, pos, p):
        for h in range(10):
            if pos[h] and pos[_C + h] == p:
                return True
        return False

    def _sow(self, b, h, trace):
        # SY-3/SY-4 on board b from hole h. Returns the empty hole where sowing stopped, or -1 if
        # the move is endless (SY-6): lap lap_limit ended with another lap to sow, or the lap start
        # came back to the first one (self._save, h), which proves it never ends.
        first = h
        save = self._save
        limit = self._limit
        laps = 1
        while True:
            m = b[h]
            b[h] = 0
            c = h
            if trace is not None:
                trace.append({"event": "lift", "at": h, "count": m})
                for _ in range(m):
                    c = 0 if c == 9 else c + 1
                    b[c] += 1
                    trace.append({"event": "drop", "at": c})
            else:
                if m > 9:  # whole laps first
                    q = m // 10
                    m -= 10 * q
                    for j in range(10):
                        b[j] += q
                e = c + m  # the last hole sown, counted on past 9
                if e > 9:
                    for j in range(c + 1, 10):
                        b[j] += 1
                    c = -1
                    e -= 10
                for j in range(c + 1, e + 1):
                    b[j] += 1
                c = e
            n = 0 if c == 9 else c + 1
            if not b[n]:
                return n
            if laps >= limit:
                return -1
            laps += 1
            h = n
            if h == first:
                j = 0
                while j < 10 and b[j] == save[j]:
                    j += 1
                if j == 10:
                    return -1
            if trace is not None:
                trace.append({"event": "relay", "at": h})

    def _end_round(self, pos, mover, why, trace):
        # SY-7 stones left go to the controllers of their holes; SY-8 settlement; SY-9/SY-10.
        a = b = 0
        for i in range(10):
            x = pos[i]
            if x:
                if pos[_C + i]:
                    b += x
                else:
                    a += x
                pos[i] = 0
        pos[_S] += a
        pos[_S + 1] += b
        if trace is not None:
            trace.append({"event": "round_end", "reason": REASONS[why], "round": self.round(pos),
                          "swept": [a, b], "store": [pos[_S], pos[_S + 1]]})
            before = [pos[_S], pos[_S + 1]]
        by = -1
        due = paid = 0
        for d in range(2):
            due = pos[_O + d]
            if due:
                by = d
                x = pos[_S + d]
                paid = due if due < x else x
                pos[_S + d] = x - paid
                pos[_S + 1 - d] += paid
                pos[_O + d] = 0
                break
        a = pos[_S]
        b = pos[_S + 1]
        lo = self._below
        if a < lo or b < lo:
            w = 2 if (a < lo and b < lo) else (1 if a < lo else 0)
        else:
            w = 0 if a > b else (1 if b > a else 2)
        over = a < lo or b < lo
        if trace is not None:
            trace.append({"event": "settlement", "before": before, "repaid": paid,
                          "by": None if by < 0 else by, "forgiven": due - paid if by >= 0 else 0,
                          "totals": [a, b], "winner": None if w == 2 else w,
                          "match_over": over})
        if over:  # SY-8 match end
            pos[_OV] = 1
            pos[_WN] = w
            pos[_TM] = 1 - mover
            if trace is not None:
                trace.append({"event": "end", "reason": "match", "winner": None if w == 2 else w,
                              "totals": [a, b]})
            return
        st = w if w < 2 else 1 - pos[_ST]  # SY-10
        pos[_ST] = st
        pos[_TM] = st
        if pos[_RD] < 255:
            pos[_RD] += 1
        elif pos[_RD + 1] < 255:
            pos[_RD] = 0
            pos[_RD + 1] += 1
        _home(pos)
        if w == 2:
            self._fill(pos, 0, trace)
            return
        k = (pos[_S + w] - 25) // 5
        if k and self._choose:
            pos[_PH] = 1
            if trace is not None:
                trace.append({"event": "choose_sons", "player": w, "count": k})
            return
        f = 5 if w == 0 else 0
        for h in range(f, f + k):
            pos[_C + h] = w
            if trace is not None:
                trace.append({"event": "son", "at": h, "player": w})
        self._fill(pos, w, trace)

    def _son(self, pos, h, trace):
        w = pos[_TM]
        pos[_C + h] = w
        if trace is not None:
            trace.append({"event": "son", "at": h, "player": w})
        if not self.sons_due(pos):
            self._fill(pos, w, trace)

    def _fill(self, pos, w, trace):
        # SY-9: every hole gets 5; the winner lends her remainder r to the loser.
        r = (pos[_S + w] - 25) % 5 if pos[_S + w] != pos[_S + 1 - w] else 0
        for i in range(10):
            pos[i] = 5
        pos[_S] = 0
        pos[_S + 1] = 0
        pos[_PH] = 0
        if r:
            if not self._gift:
                pos[_O + 1 - w] = r
            if trace is not None:
                trace.append({"event": "loan", "from": w, "to": 1 - w, "count": r,
                              "gift": self._gift})
        if trace is not None:
            trace.append({"event": "round_start", "round": self.round(pos),
                          "starter": pos[_ST]})
