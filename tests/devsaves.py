# The saves on the emulated chip (issue 54), for tests/test_device_saves.py and the long sweeps:
# the app on the chip and its headless twin get the same presses, two players (no AI: the same
# presses give the same game on both). The twin saves through the project's own loader and writer
# on CPython (firmware/saves*.py on tests/flashmodel.py + tests/drivemodel.py) on a copy of the
# chip's flash, so it says what every save should hold, and what the models predict it erases.
import json
import random

import drivemodel as DM
import flashmodel as FM
from tools.emu import appflow, cuts, emu

NVM_SECTOR = FM.NVM_SECTOR
SETTLE_MS = 700


def bundle(board, workdir, full=False):
    """The board's bundle with the drive copy's files made as `make deploy` makes them; full:
    without them, /saves there and the rest of the drive taken by a file (one cluster left), so
    the first copy fails for want of room (ENOSPC)."""
    import os
    from tools.build import bundle as B
    out = B.private_bundle(board, workdir)
    if not full:
        B.make_save_files(out)
        return out
    os.makedirs(os.path.join(out, "saves"), exist_ok=True)
    with open(os.path.join(out, "saves", "keep.txt"), "w") as f:
        f.write("the drive is full\n")
    img = emu.fat_image(out, os.path.join(workdir, "probe.img"))
    free, size = free_clusters(open(img, "rb").read())
    with open(os.path.join(out, "fill.bin"), "wb") as f:
        f.write(b"\0" * ((free - 1) * size))
    img = emu.fat_image(out, os.path.join(workdir, "probe.img"))
    assert free_clusters(open(img, "rb").read())[0] == 1
    return out


def free_clusters(img):
    """(free clusters, bytes per cluster) of a FAT12/16 image."""
    u16 = lambda i: img[i] | img[i + 1] << 8
    bps, spc, res, nf, roots = u16(11), img[13], u16(14), img[16], u16(17)
    total = u16(19) or (u16(32) | u16(34) << 16)
    spf = u16(22)
    first = res + nf * spf + (roots * 32 + bps - 1) // bps
    n = (total - first) // spc
    fat = img[res * bps:(res + spf) * bps]
    free = 0
    for c in range(2, n + 2):
        if n < 4085:
            v = fat[c * 3 // 2] | fat[c * 3 // 2 + 1] << 8
            v = v >> 4 if c & 1 else v & 0xFFF
        else:
            v = fat[2 * c] | fat[2 * c + 1] << 8
        free += v == 0
    return free, bps * spc


def norm(payload):
    """A payload with its JSON head's keys sorted: CircuitPython's dicts keep no order, so the
    chip writes the same head with its keys in another order."""
    if payload is None:
        return None
    payload = bytes(payload)
    i = payload.index(b"\n")
    return json.dumps(json.loads(payload[:i]), sort_keys=True).encode() + payload[i:]


def flash_of(image):
    """A tests/flashmodel Flash holding a copy of a chip's flash image."""
    f = FM.Flash(0)
    f.mem = bytearray(image)
    f.erases = [0] * (len(image) // FM.SECTOR)
    return f


def load(image):
    """What the firmware's loader reads from a flash image, on CPython: (payload or None,
    notice)."""
    saver = FM.saver_on(flash_of(image))
    return norm(saver.load()), saver.notice


def drive_copy(image):
    """(generation, payload) of the newest drive copy in a flash image, or None."""
    vol = DM.Volume(DM.Cache(flash_of(image), FM.DRIVE_SECTOR))
    from firmware import saves
    got = saves.FilePair("/saves/mancala", vol.open).read()
    return got and (got[0], norm(got[1]))


class Twin(appflow.Headless):
    """The app on the headless board, its store a Saver on a copy of a chip's flash; `saved`:
    every payload it saved (norm), in order (consecutive repeats once)."""

    def __init__(self, board, image, full=False):
        from boards import headless
        from firmware import saves
        from firmware.app import App
        w, h = emu.BOARDS[board]["size"]
        self.flash = flash_of(image)
        self.saver = FM.saver_on(self.flash)
        if full:  # no room for a new file: FatFs's error
            vol_open = self.saver.store.backup.open

            def open_(path, mode):
                if "w" in mode:
                    raise OSError(28, "ENOSPC")
                return vol_open(path, mode)
            self.saver.store.backup.open = open_
        self.said = []  # every message the session showed
        self.saved = []
        self.rewrites = 0
        real = self.saver.save
        store = self.saver.store
        real_rewrite = store.rewrite

        def save(payload, move=None, game=None):
            p = norm(payload.payload() if isinstance(payload, saves.Live) else payload)
            if not self.saved or self.saved[-1] != p:
                self.saved.append(p)
            real(payload, move, game)

        def rewrite(payload, recs=None):
            self.rewrites += 1
            real_rewrite(payload, recs)
        self.saver.save = save
        store.rewrite = rewrite
        keys = appflow.board_keys(board)  # (with the names its lines show, as the chip's)
        self.board = headless.make(w, h, keys=tuple(keys), names=getattr(keys, "names", None),
                                   battery=appflow.twin_battery(keys))  # (the chip's gauge)
        self.app = App(self.board, store=self.saver, seed=1)
        real_say = self.app.session.say

        def say(text, move=False):
            self.said.append(text)
            real_say(text, move)
        self.app.session.say = say
        self.loaded = self.saved_at_start = None
        self.t = 0
        self.run(50)


class Pair:
    """A chip and its twin, pressed together."""

    def __init__(self, board, chip, twin):
        self.board = board
        self.chip = chip
        self.twin = twin
        keys = appflow.board_keys(board)
        self.four = "up" not in keys
        self.y = "y" in keys  # the take-back button (the uGame22 has none: the pause menu)
        self.down, self.change = ("y", "a") if self.four else ("down", "right")
        self.cursor = "y" if self.four else "right"

    def press(self, key):
        if self.chip is None:  # planning on the twin alone
            self.twin.press(key)
            self.twin.run(SETTLE_MS + 1500)
            return
        appflow.device_press(self.chip, key)
        self.twin.press(key)
        t0 = self.chip.t_us
        appflow.settle(self.chip, quiet_ms=SETTLE_MS, limit_ms=60000)
        self.twin.run(max(SETTLE_MS, (self.chip.t_us - t0) / 1000))

    def item(self):
        s = self.twin.session.scr
        return s.items[s.sel] if getattr(s, "items", None) else None

    def to(self, item):
        for _ in range(len(self.twin.session.scr.items)):
            if self.item() == item:
                return
            self.press(self.down)
        raise AssertionError("no %r row: %r" % (item, self.twin.session.scr.items))

    def same_screen(self, what, folder):
        dev = self.chip.frame565()
        bad = appflow.mismatch(dev, self.twin.frame565())
        if bad:  # a message's 2.2 s may have run out on one only: both wait for it to go
            self.chip.run(2500)
            self.twin.run(2500)
            dev = self.chip.frame565()
            bad = appflow.mismatch(dev, self.twin.frame565())
        if bad:
            appflow.write_pair(str(folder / ("%s.png" % what)), dev, self.twin.frame565())
        assert bad == 0, "%s: the chip's screen differs from the twin's in %d px (%s)" % (
            what, bad, folder)

    def move(self, rng):
        """One move by the player to move: the cursor stepped 0-2 times, then A until it is
        played (a direction prompt answered with its default)."""
        s = self.twin.session
        n = len(s.log)
        for _ in range(rng.randrange(3)):
            self.press(self.cursor)
        for _ in range(6):
            self.press("a")
            if len(s.log) != n or s.game is None or s.game.over(s.rec.pos):
                self.flash_idle()
                return
        raise AssertionError("no move played: %s" % s.msg)

    def flash_idle(self, ms=300):
        """Run the chip until it has written nothing to its flash for ms (a save's drive copy
        holds the app: the display may be still while the save goes on)."""
        if self.chip is None:
            return
        for _ in range(100):
            c = self.chip.flash_counts()
            self.chip.run(ms)
            if self.chip.flash_counts() == c:
                break
        else:
            raise AssertionError("the chip never stopped writing its flash")
        # then its screen still: short of heap the app lets its view go before a log's rewrite
        # and builds it again after (App.spare), ~1.4 s with no pixel sent, longer than press()'s
        # settling: the next press must not come while the chip is still at it
        t0 = self.chip.t_us
        appflow.settle(self.chip, quiet_ms=SETTLE_MS, limit_ms=60000)
        self.twin.run((self.chip.t_us - t0) / 1000)

    def undo(self):
        """Take back a move: Y, or the pause menu's row (a four-button board, the uGame22)."""
        if not self.four and self.y:
            self.press("y")
            return
        for _ in range(3):  # B first cancels a prompt, if one is open
            self.press("b")
            if getattr(self.twin.session.scr, "items", None):
                break
        for _ in range(len(self.twin.session.scr.items)):
            if self.item()[0] == "undo":
                break
            self.press(self.down)
        self.press("a")

    def nvm_erases(self):
        """Erases of the nvm sector on the chip so far."""
        return self.chip.flash_counts()["erases"].get(NVM_SECTOR, 0)


def start_two_player(pair, game, fill):
    """From the title: `fill` changes of the mode row (each one a head record in the nvm log),
    then a two-player game of `game`, animation as set."""
    s = pair.twin.session
    for _ in range(3):
        if s.cfg["game"] == game:
            break
        pair.to(("cfg", "game"))
        pair.press(pair.change)
    assert s.cfg["game"] == game
    pair.to(("cfg", "mode"))
    for _ in range(fill):
        pair.press(pair.change)
    for _ in range(3):
        if s.cfg["mode"] == "two":
            break
        pair.press(pair.change)
    assert s.cfg["mode"] == "two", s.cfg
    pair.to(("start", None))
    pair.press("a")
    assert s.game is not None and s.screen == "play", (s.screen, s.msg)


def plan_fill(board, image, game, moves, seed):
    """How many mode changes on the title fill the nvm log so that the log rewrite (with its
    drive copy) comes at move `moves` or a few before it; worked out on twins (CPython)."""
    best = None
    for fill in range(0, 40, 2):
        twin = Twin(board, image)
        pair = Pair(board, None, twin)
        start_two_player(pair, game, fill)
        rng = random.Random(seed)
        at = None
        for k in range(moves):
            before = twin.rewrites
            pair.move(rng)
            if twin.rewrites != before:
                at = k
                break
        if at is not None and at >= 2:
            best = fill
        elif best is not None:
            break
    return best


def cut_check(base, log, saved, n, rng, modes=cuts.MODES):
    """n power cuts over log (the chip's flash log from image `base`), each loaded on CPython:
    [(t, mode, index of the loaded payload in saved or None, notice)]; index -1 means nothing
    was loaded."""
    out = []
    for i, t in enumerate(cuts.instants(log, n, rng)):
        mode = modes[i % len(modes)]
        img = cuts.image_at(base, log, t, mode, seed=i + 1)
        p, notice = load(img)
        idx = -1 if p is None else (saved.index(p) if p in saved else None)
        out.append((t, mode, idx, notice))
    return out


def fill_log(pair, room=15, limit=600):
    """On the twin alone (pair.chip None), from its title offering a saved two-player game: mode
    changes (a head record each) while three more fit (the mode must come back to two players),
    then the game resumed and moves taken back and played again (a take-back and a move record
    each time, the game goes no further) until the nvm log has less than `room` bytes left: the
    next few moves rewrite it."""
    s = pair.twin.session
    store = pair.twin.saver.store
    pair.to(("cfg", "mode"))
    head = 0
    while store.end + 3 * head + 60 < store.size or s.cfg["mode"] != "two":
        e = store.end
        pair.press(pair.change)
        assert store.end > e, "a mode change wrote no record"
        head = max(head, store.end - e)
    pair.to(("resume", None))
    pair.press("a")
    rng = random.Random(7)
    for _ in range(limit):
        left = store.size - store.end
        if left < room:
            return
        pair.move(rng)
        assert not s.game.over(s.rec.pos), "the game ended before the log was full"
        if left > 40:
            pair.undo()
    raise AssertionError("the log did not fill in %d moves" % limit)


def with_nvm(image, flash):
    """image with the nvm sector of a tests/flashmodel Flash."""
    a = NVM_SECTOR * FM.SECTOR
    out = bytearray(image)
    out[a:a + FM.SECTOR] = flash.mem[a:a + FM.SECTOR]
    return bytes(out)


def whole_game(board, game, workdir, seed=1, games=10, limit_ms=3600000):
    """A complete two-player game of `game` whose saves rewrite the nvm log, played on the chip
    by the session alone (tests/portable/wear_game.py as its code.py) and on the models, from the
    same flash: the chip's fresh drive, its nvm log as the games before it on the models left it
    (each game's moves: the best for immediate material 4 times in 5, else a random one, as
    tests/saves_games.py); the game counted is the shortest of the first `games` that rewrites
    the log and ends within 3000 moves.
    {moves, before (games played before it), rewrites, chip_erases, model_erases (sector: n over
    the game), same_save (the chip's last save is the models')}."""
    import os
    import wear_game as W
    from session_util import greedy
    rng = random.Random(seed)
    pick = lambda s: greedy(s) if rng.random() < 0.8 else rng.randrange(len(s.legal))  # noqa
    out = bundle(board, workdir)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "portable",
                           "wear_game.py")) as f:
        src = f.read()
    with open(os.path.join(out, "code.py"), "w") as f:
        f.write(src + "\nmain()\n")
    with emu.circuitpython(board, out, workdir=workdir) as chip:
        chip.wait_for("START", 30000)
        flash = flash_of(chip.flash_image())
        best = None  # (moves, index, the nvm before it, its codes)
        for k in range(games):
            nvm = bytes(flash.mem[NVM_SECTOR * FM.SECTOR:(NVM_SECTOR + 1) * FM.SECTOR])
            n = flash.erases[NVM_SECTOR]
            codes = W.play(FM.saver_on(flash), game, pick)
            if flash.erases[NVM_SECTOR] > n and len(codes) < 3000 and (
                    best is None or len(codes) < best[0]):  # (3000: play()'s limit)
                best = (len(codes), k, nvm, codes)
        assert best is not None, "no game rewrote the log"
        image = bytearray(chip.flash_image())
        image[NVM_SECTOR * FM.SECTOR:(NVM_SECTOR + 1) * FM.SECTOR] = best[2]
        chip.reset(flash=bytes(image))
        chip.wait_for("START", 30000)
        image = chip.flash_image()
        before = chip.flash_counts()["erases"]
        codes = best[3]
        chip.send("%s %s\r\n" % (game, ",".join(str(c) for c in codes)))
        chip.wait_for("DONE", limit_ms)
        assert chip.console.split("DONE")[1].split()[0] == str(len(codes)), chip.console[-500:]
        assert not appflow.console_errors(chip.console), chip.console[-1500:]
        after = chip.flash_counts()["erases"]
        last = load(chip.flash_image())[0]
    flash = flash_of(image)
    assert W.play(FM.saver_on(flash), game, W.replay(codes)) == codes
    return {"moves": len(codes), "before": best[1], "rewrites": flash.erases[NVM_SECTOR],
            "chip_erases": {s: after.get(s, 0) - before.get(s, 0) for s in after
                            if after.get(s, 0) != before.get(s, 0)},
            "model_erases": {s: n for s, n in enumerate(flash.erases) if n},
            "same_save": last is not None and last == load(bytes(flash.mem))[0]}
