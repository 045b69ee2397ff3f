# The take-back store and the move log (firmware/common.py), portable (CPython and MicroPython
# -X heapsize=180k): a ring of MAX positions made at the first push, restores each position with its
# repetition history and the move log, and pushes without allocating after the first.
from firmware.common import TakeBack, TAKE_BACKS as MAX, MoveLog
from firmware.screens.history import log_entries
from firmware import saves
from session_util import make, press, settle, human_move, Clock, encoded

try:
    from micropython import heap_lock, heap_unlock
except ImportError:
    heap_lock = heap_unlock = None


def _pos(i, size=7):
    return bytearray([(i * 7 + k) & 255 for k in range(size)])


def test_ring_keeps_the_last_max_positions_and_stops_growing():
    t = TakeBack()
    seen = []
    for i in range(MAX + 10):
        seen.append(i)
        t.push(_pos(i), seen, 100 + i)
        assert len(t) == min(i + 1, MAX)
    assert len(t.buf) == MAX * 7  # no more than MAX positions, however long the game
    for i in range(MAX):
        assert bytes(t.pos(i)) == bytes(_pos(10 + i))
    for i in range(MAX + 9, 9, -1):  # newest first, each with its history and log length
        pos, s, nlog = t.pop()
        assert bytes(pos) == bytes(_pos(i)) and s == list(range(i + 1)) and nlog == 100 + i
    assert len(t) == 0


def test_ring_reuses_slots_after_take_backs():
    t = TakeBack()
    for i in range(MAX + 3):
        t.push(_pos(i))
    for _ in range(5):
        t.pop()
    for i in range(100, 108):
        t.push(_pos(i))
    assert len(t) == MAX and len(t.buf) == MAX * 7
    want = list(range(6, MAX - 2)) + list(range(100, 108))
    assert [bytes(t.pos(i)) for i in range(MAX)] == [bytes(_pos(i)) for i in want]
    pos, s, nlog = t.pop()
    assert bytes(pos) == bytes(_pos(107)) and s == [] and nlog == 0


def test_copy_to_gives_each_position_without_allocating():
    # a save copies the take-backs into the save with copy_to (issue 10: a view and a
    # slice per position were ~2.4 KB of garbage per save on the chip)
    t = TakeBack()
    for i in range(MAX + 5):  # wrapped round the ring
        t.push(_pos(i))
    out = bytearray(3 + 7 * MAX)
    if heap_lock is not None:
        heap_lock()
    try:
        for i in range(MAX):
            t.copy_to(i, out, 3 + 7 * i)
    finally:
        if heap_unlock is not None:
            heap_unlock()
    assert out[:3] == bytearray(3)
    for i in range(MAX):
        assert out[3 + 7 * i:10 + 7 * i] == _pos(5 + i), i


def test_the_ring_is_made_whole_at_the_first_push():
    # issue 33: a game's heap fell by a position a ply until the ring was full (Omweso: 1.3 KB
    # over the first 12 exchanges); now the first move takes it all, and a new game's ring
    # (another game's size) is made again
    t = TakeBack()
    t.push(_pos(0))
    assert len(t.buf) == MAX * 7 and len(t) == 1
    t.push(_pos(1))
    assert len(t.buf) == MAX * 7
    u = TakeBack()
    u.push(_pos(0, 9))
    assert len(u.buf) == MAX * 9 and bytes(u.pos(0)) == bytes(_pos(0, 9))


def test_push_allocates_nothing_after_the_first():
    if heap_lock is None:
        return  # CPython: the MicroPython run of this file proves it
    t = TakeBack()
    seen = [b"k"]
    t.push(_pos(0), seen, 0)
    p = _pos(99)
    heap_lock()
    try:
        for i in range(3 * MAX):
            t.push(p, seen, i)
    finally:
        heap_unlock()
    assert bytes(t.pos(MAX - 1)) == bytes(p)


def test_log_trims_a_quarter_and_rewinds_across_the_trim():
    log = MoveLog()
    marks = []
    for i in range(400):
        marks.append(log.end())
        log.add(i & 1, i % 5, "%d+" % (i % 12), i % 3)
        assert len(log) <= 1600
    assert log.cut > 0 and log.buf[0] & 1 in (0, 1)
    # the log still starts at an entry: it parses to its end
    i = 0
    while i < len(log):
        i += 3 + log.buf[i + 2]
    assert i == len(log)
    assert log_entries(log)[-1] == (399 & 1, "%d+" % (399 % 12), 399 % 5, 399 % 3)
    last = log.back(marks[395])  # back to before move 395: move 394 is the last one
    assert last == (394 % 12, 0, "%d+" % (394 % 12))
    assert log.back(marks[0]) is None and len(log) == 0


def test_session_takes_back_24_plies_with_the_history():
    s = make("oanquan", "two")
    c = Clock()
    s.new_game()
    seen = []
    for i in range(MAX + 6):
        settle(s, c)
        if s.phase != "select":
            break
        seen.append((bytes(s.rec.pos), list(s.rec.seen), s.last, bytes(s.log.buf)))
        human_move(s, c, target=3 * i)  # a game that lasts 38 plies
    settle(s, c)
    assert len(seen) == MAX + 6 and len(s.undo) == MAX
    # the save holds the position and the take-backs, newest first, within 2000 bytes
    data = encoded(s)
    a = data.index(b"\n") + 1
    size = s.game.SIZE
    assert (len(data) - a) % size == 0 and len(data) <= 2000
    blob = [bytes(data[i:i + size]) for i in range(a, len(data), size)]
    assert len(blob) == min(MAX + 1, (2000 - a) // size)
    assert blob == [bytes(s.rec.pos)] + [w[0] for w in reversed(seen)][:len(blob) - 1]
    for want in reversed(seen[-MAX:]):
        assert s.can_undo()
        s.do_undo()
        assert (bytes(s.rec.pos), list(s.rec.seen), s.last, bytes(s.log.buf)) == want
    assert not s.can_undo()
    press(s, c, "a")  # the game goes on from there


class _Many:
    """A game face whose positions have `n` moves (codes 1000 + i), listed up to len(out)."""
    MAX_MOVES = 256

    def __init__(self):
        self.n = 0

    def moves(self, pos, out):
        k = min(self.n, len(out))
        for i in range(k):
            out[i] = 1000 + i
        return k

    def move_str(self, pos, code):
        return str(code)


class _Rec:
    pos = bytearray(4)


class _S:
    def __init__(self, game):
        self.game = game
        self.rec = _Rec()
        self.ad = None


def test_legal_lists_every_move_however_many_from_a_short_list():
    # Legal (firmware/common.py) starts with a list of 64 (Omweso may list 256, a 1 KB list
    # beside the AI's buffers, but rarely lists 48): a position that fills it is listed again
    # in a list of MAX_MOVES, so no move is ever missing
    from firmware.common import Legal
    g = _Many()
    legal = Legal(_S(g))
    for n in (0, 3, 63, 64, 65, 200, 256, 5):
        g.n = n
        legal.fill()
        assert len(legal) == n
        assert [legal[i][0] for i in range(n)] == [1000 + i for i in range(n)]
        assert legal[-1][1] == str(999 + n) if n else True
    assert len(legal.buf) == 256  # kept once grown (no list made at every fill)
    legal = Legal(_S(g))
    g.n = 12
    legal.fill()
    assert len(legal.buf) == 64
