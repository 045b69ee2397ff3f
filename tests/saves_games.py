# Scripted complete games played through the session model (the app's real save path), on the
# flash model of tests/flashmodel.py. Two players at the buttons: each move is the best one for
# immediate material 4 times in 5, a random legal one otherwise (seeded); every game also pauses
# and resumes, takes one move back, and ends with a power cycle (a new session loading the save).
import random

import flashmodel as FM
from firmware import saves as S
from session_util import make, Clock, press, settle, human_move, greedy


def play_game(s, c, rng, max_moves=3000):
    """One complete game from new_game() to its final summary; the number of moves played."""
    s.new_game()
    n = 0
    undo_at = rng.randrange(4, 12)
    pause_at = rng.randrange(2, 20)
    while n < max_moves:
        settle(s, c)
        if s.screen == "summary":
            if s.scr.kind == "over":
                return n
            press(s, c, "a")
            continue
        if s.phase == "setup":
            press(s, c, "a", "a")
            continue
        if s.phase != "select":
            raise AssertionError("unexpected phase %s" % s.phase)
        if n == pause_at:
            press(s, c, "start", "a")  # pause menu, resume
        if n == undo_at and s.can_undo():
            press(s, c, "y")
            undo_at = -1
            continue
        idx = greedy(s) if rng.random() < 0.8 else rng.randrange(len(s.legal))
        human_move(s, c, pick=rng.randrange(4), target=idx)
        n += 1
    return n


def run(game, games, seed=1, backup=True, watch=None, flash=None, place=None, mode="two"):
    """Play `games` complete games of `game` on one device; (flash, moves played). A power cycle
    (a new Saver and session on the same flash) after every game. place: the drive's layout
    (tests/drivemodel.PLACES; by default the first); mode "ai": vs the AI at level 1 (your
    record is then saved with each game's last move)."""
    import drivemodel as DM
    rng = random.Random(seed)
    if flash is None:
        img = DM.image(*(place or DM.PLACES[0]))
        flash = FM.new_flash(seed, img)
        if watch is not None and backup:
            watch.guard = DM.guard(img, FM.DRIVE_SECTOR)
    moves = 0
    for k in range(games):
        saver = FM.saver_on(flash, backup)
        if watch is not None:
            watch.attach(saver)
        s = make(game, mode, store=saver)
        c = Clock()
        moves += play_game(s, c, rng)
    return flash, moves


class CutSweep:
    """A power cut at every flash operation of a run: before each operation the flash is copied,
    the operation done only in part on the copy (an erase both as garbage and as a partial erase;
    a program once, with a random part of its bits), and a fresh Saver loads from the copy. The
    load must give the last complete save or the one being written, nothing else."""

    def __init__(self, backup=True, seed=7):
        self.backup = backup
        self.rng = random.Random(seed)
        self.prev = None     # payload of the last complete save (what a load must give at least)
        self.pending = None  # payload being saved
        self.cuts = 0
        self.lost = 0
        self.lost_at = []    # (operation kind, sector) of each lost save
        self.attached = None
        self.guard = None    # guard(flash): blocks of other files a cut damaged (drivemodel.guard)
        self.collateral = 0  # cut points that damaged other files
        self.worst = 0       # the most blocks of other files one cut damaged

    def attach(self, saver):
        flash = saver.store.mem.f
        flash.hook = self.cut
        sweep = self
        orig = saver.save
        self.prev = saver.load()  # what the power cycle found (the previous game's last save)

        def save(payload, move=None, game=None):
            sweep.pending = bytes(payload.payload() if isinstance(payload, S.Live) else payload)
            orig(payload, move, game)
            sweep.prev = sweep.pending  # the save is complete
            sweep.pending = None

        saver.save = save
        saver.load = lambda: sweep.prev  # the session's own load: the state already read above

    def cut(self, flash, op):
        modes = ("garbage", "partial") if op[0] == "erase" else ("bits",)
        for mode in modes:
            f = flash.clone()
            f.partial(op, self.rng, mode)
            got = FM.saver_on(f, self.backup).load()
            self.cuts += 1
            if self.guard is not None:
                n = self.guard(f)
                self.collateral += n > 0
                self.worst = max(self.worst, n)
            if got != self.prev and got != self.pending:
                self.lost += 1
                sector = op[1] if op[0] == "erase" else op[1] // FM.SECTOR
                self.lost_at.append((op[0], sector))
