# The save log (firmware/saves.py and the modules it loads) on a plain bytearray: portable, so it
# also runs under MicroPython (tests/test_micropython.py). The flash model, power cuts and wear
# are in tests/test_saves_flash.py (CPython). Tests that run the session are named test_session_*:
# mprun runs a module's tests in name order, so they come after the small ones.
from firmware import saves
from firmware import saves as S
from session_util import make, Clock, press, settle, human_move, encoded


def nvm():
    m = bytearray(4096)  # one 4 KB block (no b"\xff" * 4096 beside it)
    for i in range(4096):
        m[i] = 0xFF
    return m


def head(level):
    return ('{"v": 1, "cfg": {"level": %d}}\n' % level).encode()


def play(s, c, n):
    for _ in range(n):
        settle(s, c)
        if s.screen != "play":
            return
        if s.phase == "setup":
            press(s, c, "a", "a")
        elif s.phase == "select":
            human_move(s, c)


def test_session_ignores_a_saved_game_the_engine_rejects_with_a_notice():
    # issue 13 #9: a valid frame and checksum around an all-zero position
    only("oanquan")
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    st.save(b'{"v": 1, "cfg": {"game": "oanquan"}, "g": "oanquan", "r": {}, "h": 0}\n' +
            bytes(29))
    s = make(store=saves.Saver(saves.NvmLog(mem)))
    assert s.saved is None and s.scr.items[0] != ("resume", None)
    assert s.notice == "Saved game invalid: ignored"
    assert saves.Saver(saves.NvmLog(mem)).load() is not None  # the settings in it are still used


def started(name, moves):
    """(nvm, its Saver, a two-player session saving there, its clock) after `moves` moves."""
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    s = make(name, "two", store=st)
    c = Clock()
    s.new_game()
    play(s, c, moves)
    return mem, st, s, c


def only(name):
    # the other games' modules go, as on the device (these tests run in one MicroPython process)
    import gc
    from firmware.games import keep_game
    keep_game(name)
    gc.collect()


def moves_and_reload(name, most):
    import gc
    only(name)
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    s = make(name, "two", store=st)
    c = Clock()
    s.new_game()
    for i in range(8):
        end = st.store.end
        play(s, c, 1)
        if s.screen != "play":
            break
        assert 0 < st.store.end - end <= most, (name, st.store.end - end)
        assert not s.msg.startswith("Save failed"), s.msg
    want = encoded(s)
    s = st = None
    gc.collect()
    again = saves.Saver(saves.NvmLog(mem))  # a power cycle
    assert again.load() == want, (name, again.error)


def test_session_move_is_3_bytes_in_oanquan():
    moves_and_reload("oanquan", 3)


def test_session_move_is_3_bytes_in_sanyao():
    moves_and_reload("sanyao", 3)


def test_session_move_is_at_most_8_bytes_in_omweso():
    moves_and_reload("omweso", 8)


def test_session_next_rules_are_saved_only_when_not_the_games():
    import json
    only("oanquan")
    mem = nvm()
    s = make("oanquan", "two", store=saves.Saver(saves.NvmLog(mem)))
    s.new_game()
    p = encoded(s)
    head = json.loads(bytes(p[:p.find(b"\n")]).decode())
    assert "nr" not in head and head["r"] == s.rules["oanquan"]  # not twice (~280 bytes)
    nr = dict(s.rules["oanquan"])
    nr["mandarin_exchange"] = not nr["mandarin_exchange"]
    s.rules["oanquan"] = nr  # chosen for the next game while this one goes on
    s.save()
    p = encoded(s)
    head = json.loads(bytes(p[:p.find(b"\n")]).decode())
    assert head["nr"] == nr and head["r"] != nr
    again = make("oanquan", "two", store=saves.Saver(saves.NvmLog(mem)))  # a power cycle
    assert again.rules["oanquan"] == nr and again.saved["r"] == head["r"]


def test_the_head_has_one_codec_that_reads_back_what_it_writes():
    # issue 58: the save's head is written by saves.head and read by saves.read_head only
    # (firmware/resume.py, firmware/saveload.py): a round trip on every interpreter, and what is
    # not such a head is refused
    from engine import games
    r = games.load("oanquan").rules
    nr = dict(r)
    nr["mandarin_exchange"] = not nr["mandarin_exchange"]
    cfg = {"game": "oanquan", "mode": "two", "level": 3, "starts": "ai", "anim": "fast",
           "sound": True, "take_back": False, "blitz": 5, "sleep": 10}
    w = {"sanyao": list(range(25))}  # your record (firmware/tally.py)
    for args in ((cfg, 0, {}, None, None, 0, None), (cfg, 5 | 1 << 83, w, "oanquan", r, 1, nr),
                 (cfg, 1 << 24, {}, "sanyao", games.load("sanyao").rules, 0, r),
                 (cfg, 0, w, None, None, 0, r)):
        b = saves.head(*args)
        assert b"\n" not in b
        assert saves.read_head(b) == args, (args, b)
    b = saves.head(cfg, 0, {}, "oanquan", r, 0, r)  # the next rules are the game's: not twice
    assert saves.read_head(b) == (cfg, 0, {}, "oanquan", r, 0, None) and len(b) < len(
        saves.head(cfg, 0, {}, "oanquan", r, 0, nr))
    for bad in (b'{"v": 2, "cfg": {}}', b"[1]", b'{"v": 1}', b"{", b'"v"'):
        try:
            saves.read_head(bad)
        except (ValueError, KeyError):
            continue
        assert False, bad
    s = make("oanquan", "two", store=saves.Saver(saves.NvmLog(nvm())))
    s.new_game()
    p = encoded(s)
    got = saves.read_head(bytes(p[:p.find(b"\n")]))
    assert got == (s.cfg, 0, {}, "oanquan", s.game.rules, s.human, None)


def test_session_state_reads_the_positions_where_they_are_kept():
    only("omweso")
    s = make("omweso", "two", store=saves.Saver(saves.NvmLog(nvm())))
    c = Clock()
    s.new_game()
    play(s, c, 6)
    st = saves.state(s)
    assert isinstance(st, saves.Live)
    want = encoded(s)
    i = want.index(b"\n")
    blob = want[i + 1:]
    size = s.game.SIZE
    # the same as the payload read whole (saveload.Flat: not loaded during a game)
    assert st.sums == [saves.hash_at(blob, k, size) for k in range(0, len(blob), size)]
    assert len(st.sums) > 1 and st.nbytes == len(blob)
    assert bytes(st.head) == bytes(want[:i]) and bytes(st.top()) == bytes(blob[:size])
    assert st.payload() == want


def test_session_move_saves_build_no_payload():
    # a move's save is written from the head, the hashes and the newest position: building
    # the payload (~1.7 KB late in an Omweso game) is left to snapshots and rewrites
    only("oanquan")
    mem, st, s, c = started("oanquan", 1)
    built = []
    make_it = saves.Live.payload

    def payload(self):
        built.append(1)
        return make_it(self)
    saves.Live.payload = payload
    try:
        end = st.store.end
        play(s, c, 3)
        assert st.store.end - end == 9 and built == []  # three 3-byte moves
        s.new_game()  # a position record: still nothing built
        assert built == []
        st.fresh = True  # as after a damaged store: the next save is a snapshot, built
        play(s, c, 1)
        assert built
    finally:
        saves.Live.payload = make_it
    assert saves.Saver(saves.NvmLog(mem)).load() == encoded(s)


def test_session_take_back_is_one_record_and_reloads():
    mem, st, s, c = started("sanyao", 4)
    end = st.store.end
    press(s, c, "y")
    assert st.store.end - end <= 6  # "U" + length + count + check
    assert saves.Saver(saves.NvmLog(mem)).load() == encoded(s)


def test_nothing_new_writes_nothing():
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    st.save(b'{"v": 1, "cfg": {}}\n')
    end = st.store.end
    st.save(b'{"v": 1, "cfg": {}}\n')
    assert st.store.end == end


def _oaq_payloads():
    # payloads of an Ô Ăn Quan game, positions newest first: after 0, 1, 2 and 3 moves
    from engine import games
    g = games.load("oanquan")
    buf = [0] * g.MAX_MOVES
    pos = [g.new()]
    codes = []
    for _ in range(3):
        p = bytearray(pos[0])
        g.moves(p, buf)
        g.play(p, buf[0])
        codes.append(buf[0])
        pos.insert(0, p)
    h = b'{"v": 1, "cfg": {"game": "oanquan"}, "g": "oanquan", "r": {}, "h": 0}\n'
    return g, codes, [bytearray(h + b"".join(bytes(q) for q in pos[len(pos) - 1 - k:]))
                      for k in range(len(pos))]


def test_the_saver_keeps_no_payload_and_still_writes_a_move_as_a_few_bytes():
    g, codes, pays = _oaq_payloads()
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    st.save(pays[1], None, g)
    for i in range(len(pays[1])):
        pays[1][i] = 0  # the caller's buffer is not kept: changing it changes nothing
    end = st.store.end
    st.save(bytearray(pays[2]), codes[1], g)
    assert st.store.end - end == 3  # a short push: kind + 2-byte check
    assert saves.Saver(saves.NvmLog(mem)).load() == pays[2]
    end = st.store.end
    st.save(bytearray(pays[2]), None, g)
    assert st.store.end == end  # nothing new


def test_a_changed_older_position_is_not_written_as_a_move():
    # the move replays to the newest position, but a position behind it differs: the hashes
    # see it and the whole state is written
    g, codes, pays = _oaq_payloads()
    size = g.SIZE
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    st.save(pays[2], None, g)
    odd = bytearray(pays[3])
    at = len(odd) - 2 * size  # the second-oldest position: move one seed to the next pit
    k = 0
    while odd[at + k] == 0 or odd[at + k + 1] == 255:
        k += 1
    odd[at + k] -= 1
    odd[at + k + 1] += 1
    end = st.store.end
    st.save(odd, codes[2], g)
    assert st.store.end - end > 2 * size  # a snapshot, not a 3-byte move
    assert saves.Saver(saves.NvmLog(mem)).load() == odd


def test_position_hashes_tell_a_moved_seed_apart():
    # a seed moved to the next pit keeps the seed sum: a plain sum would not see it
    a = bytes((5, 5, 0, 7))
    b = bytes((5, 4, 1, 7))
    from firmware.saveload import hashes
    assert hashes(a + b, 4) == [hashes(a, 4)[0], hashes(b, 4)[0]]
    assert hashes(a, 4) != hashes(b, 4)
    assert hashes(a + b, 0) == hashes(a + b, 3)  # no size: one hash of it all


def test_a_full_log_is_rewritten_with_the_newest_state():
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    for i in range(400):
        st.save(head(i % 5 + 1))
    assert st.store.gen > 1  # rewritten at least once
    assert saves.Saver(saves.NvmLog(mem)).load() == head(399 % 5 + 1)


def test_a_torn_newest_record_gives_the_save_before_it():
    mem = nvm()
    st = saves.Saver(saves.NvmLog(mem))
    st.save(head(1))
    st.save(head(2))
    mem[st.store.end - 1] &= 0x0F  # a program cut short clears only some bits
    again = saves.Saver(saves.NvmLog(mem))
    assert again.load() == head(1) and again.error
    again.save(head(3))  # never appended after the torn record
    assert saves.Saver(saves.NvmLog(mem)).load() == head(3)


class Files:
    """An in-memory file system for FilePair: open(path, mode)."""

    def __init__(self):
        self.data = {}

    def open(self, path, mode):
        if "r" in mode and path not in self.data:
            raise OSError(2)
        return _File(self, path, mode)


class _File:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.mode = mode
        self.buf = bytearray(fs.data.get(path, b"")) if "+" in mode else bytearray()
        self.at = 0

    def read(self):
        return bytes(self.fs.data[self.path])

    def seek(self, at):
        if at > len(self.buf):
            self.buf += bytes(at - len(self.buf))
        self.at = at

    def write(self, b):
        self.buf[self.at:self.at + len(b)] = b
        self.at += len(b)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        if "r" not in self.mode or "+" in self.mode:
            self.fs.data[self.path] = bytes(self.buf)
        return False


def test_backup_holds_the_state_while_the_sector_is_rewritten():
    mem = nvm()
    fs = Files()
    st = saves.Saver(saves.NvmLog(mem, S.FilePair("/saves/m", fs.open)))
    st.save(head(1))  # the first write: nvm only (nothing to keep yet)
    assert not fs.data
    i = 0
    while st.store.gen < 3:
        i += 1
        gen = st.store.gen
        st.save(head(i % 5 + 1))
    assert fs.data  # the rewrite copied the state to the drive first
    for k in range(0, 4096, 7):  # then the power went while the sector was erased
        mem[k] = 0x5A
    again = saves.Saver(saves.NvmLog(mem, S.FilePair("/saves/m", fs.open)))
    assert again.load() == head(i % 5 + 1) and gen == 2
    again.save(head(9))  # the sector is rewritten first, the backup left alone
    assert saves.Saver(saves.NvmLog(mem, S.FilePair("/saves/m", fs.open))).load() == head(9)


def test_a_failed_drive_copy_keeps_the_sector_once_then_the_log_goes_on_without():
    # issue 32: a copy that fails must not be followed by an erase of the only other copy; a
    # drive that keeps failing (full, worn) must not stop the saves for good
    mem = nvm()
    fs = Files()
    st = saves.Saver(saves.NvmLog(mem, S.FilePair("/saves/m", fs.open)))
    i = 0
    while st.store.gen < 2:  # a rewrite with its copy
        i += 1
        st.save(head(i % 5 + 1))

    def broken(path, mode):
        raise OSError(28)

    st.store.backup.open = broken
    failed = None
    for k in range(400):
        try:
            st.save(head(k % 5 + 1))
            last = head(k % 5 + 1)
        except OSError:
            failed = k
            break
    assert failed is not None and st.store.gen == 2
    assert saves.Saver(saves.NvmLog(mem)).load() == last  # the sector was not erased
    st.save(head(7))  # the second failure in a row: rewritten without the copy
    assert st.store.gen == 3 and saves.Saver(saves.NvmLog(mem)).load() == head(7)


def test_a_save_of_the_previous_format_is_read():
    mem = bytearray(4096)
    payload = b'{"v": 1, "cfg": {"level": 4}}\n'
    frame = bytearray(b"MQ\x01") + bytes((7, 0, 0, 0, len(payload), 0)) + payload
    from firmware.saveparse import adler32
    c = adler32(frame)
    frame += bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, c >> 24))
    mem[2048:2048 + len(frame)] = frame
    assert saves.Saver(saves.NvmLog(mem)).load() == payload


def test_the_record_checks_give_the_standard_crcs_on_every_interpreter():
    # the check values of CRC-16/CCITT-FALSE and CRC-32 (zlib); small ints only on the chip
    assert S.crc16(b"123456789") == 0x29B1 and S.crc32(b"123456789") == 0xCBF43926
    assert S.crc32(b"56789", 0, 5, S.crc32(b"1234")) == 0xCBF43926
    assert len(set(bytes(S.record(k, b""))[1:] for k in range(0x80, 0xC0))) == 64


def _v2(kind, body):
    # a record as version 2 wrote it: Adler-32, its halves XORed for the 2-byte checks
    from firmware.saveparse import adler32
    out = bytearray((kind, len(body))) + body
    c = adler32(out)
    w = 4 if kind in (S.G_HEAD, S.SNAP) else 2
    if w == 2:
        c = (c ^ (c >> 16)) & 0xFFFF
    for i in range(w):
        out.append((c >> (8 * i)) & 255)
    return out


def test_a_log_of_version_2_is_read_then_rewritten_as_version_3():
    mem = nvm()
    snap = _v2(S.SNAP, head(3))
    log = _v2(S.G_HEAD, b"MQ\x02\x05\x00\x00\x00" + bytes((len(snap), 0))) + snap + \
        _v2(S.HEAD, head(4)[:-1])
    mem[0:len(log)] = log
    st = saves.Saver(saves.NvmLog(mem))
    assert st.load() == head(4) and st.error is None
    assert st.store.end == -1  # never appended to: the next save rewrites it
    st.save(head(5))
    assert mem[4] == S.VERSION and saves.Saver(saves.NvmLog(mem)).load() == head(5)


def test_foreign_data_is_reported_and_replaced():
    mem = bytearray(b"\xA5" * 4096)
    st = saves.Saver(saves.NvmLog(mem))
    assert st.load() is None and st.error
    st.save(b'{"v": 1, "cfg": {}}\n')
    assert saves.Saver(saves.NvmLog(mem)).load() == b'{"v": 1, "cfg": {}}\n'


def test_session_saves_with_no_game_in_progress_load_no_code():
    # the save of a game's last move (the game is then over: no position saved) and a setting's
    # save with no saved game offered are a Live with no position: written without loading the
    # start-up code (saveload.Flat), which the end of a game has no heap for
    import sys
    only("oanquan")
    mem, st, s, c = started("oanquan", 2)
    s.game.over = lambda pos: True  # as after the last move
    try:
        got = saves.state(s)
        assert isinstance(got, saves.Live) and got.sums == [] and got.nbytes == 0
        assert bytes(got.top()) == b"" and got.payload() == encoded(s)
        st.save(got, None, s.game)
        assert "firmware.saveload" not in sys.modules
    finally:
        del s.game.over
    assert saves.Saver(saves.NvmLog(mem)).load() == got.payload()
