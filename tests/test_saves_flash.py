# Saves on the RP2040 flash as CircuitPython drives it (tests/flashmodel.py), through the app's
# real save path (the session model playing scripted complete games, tests/saves_games.py):
# - a power cut at every flash operation loses no save (issue 13 #8);
# - erases per flash sector over 100 complete games per game stay <= 1.5 a game (issue 14).
# `python tests/test_saves_flash.py` prints the figures quoted in docs/app.md "Saves".
import os
import sys

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
for _p in (os.path.dirname(_HERE), os.path.join(_HERE, "portable"), _HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import drivemodel as DM  # noqa: E402
import flashmodel as FM  # noqa: E402
import saves_games as SG  # noqa: E402

GAMES = ("oanquan", "sanyao", "omweso")
WEAR_GAMES = 100
LIMIT = 1.5          # erases of the worst sector per game, on average (issue 14)
CYCLES = 100000      # erase cycles a sector of these flash chips is rated for
# complete games per game for the cut sweep: enough for the nvm log to fill and be rewritten
SWEEP_GAMES = {"oanquan": 30, "sanyao": 2, "omweso": 5}
# make test sweeps Ô Ăn Quan (quickest to fill the log); make test-long all three
QUICK = [g if g == "oanquan" else pytest.param(g, marks=pytest.mark.long) for g in GAMES]


# ------------------------------------------------------------------ the model itself
def test_nvm_model_programs_erased_bytes_without_erase():
    f = FM.Flash(FM.NVM_SECTOR + 1)
    nvm = FM.Nvm(f, FM.NVM_SECTOR)
    nvm[250:270] = b"\x12" * 20  # crosses a page boundary: two page programs
    assert f.erases[FM.NVM_SECTOR] == 0 and f.ops == 2
    assert nvm[248:272] == b"\xff\xff" + b"\x12" * 20 + b"\xff\xff"
    nvm[270:272] = b"\x34\x56"   # still erased bytes: one more program, the rest untouched
    assert f.erases[FM.NVM_SECTOR] == 0 and f.ops == 3 and nvm[250:252] == b"\x12\x12"


def test_nvm_model_rewrites_the_whole_sector_otherwise():
    f = FM.Flash(FM.NVM_SECTOR + 1)
    nvm = FM.Nvm(f, FM.NVM_SECTOR)
    nvm[0:4] = b"abcd"
    nvm[3000:3002] = b"zz"
    nvm[1:2] = b"X"  # over a written byte: read, patch, erase, 16 page programs
    assert f.erases[FM.NVM_SECTOR] == 1 and f.ops == 2 + 1 + 16
    assert nvm[0:4] == b"aXcd" and nvm[3000:3002] == b"zz"


def test_cut_operations_leave_partial_results():
    import random
    rng = random.Random(3)
    f = FM.Flash(FM.NVM_SECTOR + 1)
    nvm = FM.Nvm(f, FM.NVM_SECTOR)
    nvm[0:256] = bytes(range(256))
    f.cut = f.ops  # the next operation is cut short
    with pytest.raises(FM.PowerCut):
        nvm[0:1] = b"\x00"  # needs an erase: cut during it
    assert nvm[0:256] != bytes(range(256))  # the sector is garbage now
    g = FM.Flash(FM.NVM_SECTOR + 1)
    old = bytes(g.mem[0:256])
    g.partial(("program", 0, bytes(256)), rng, "bits")
    got = bytes(g.mem[0:256])
    assert got != old and got != bytes(256)  # some bits cleared, not all
    assert all(a & b == a for a, b in zip(got, old))  # a program only clears bits


# ------------------------------------------------------------------ power cuts
@pytest.fixture(autouse=True)
def _no_collect(monkeypatch):
    # the loads at every cut point collect garbage for the chip's heap: ~0.1 s each on CPython
    import gc
    monkeypatch.setattr(gc, "collect", lambda: None)


def sweep(game, backup, place=None):
    w = SG.CutSweep(backup)
    flash, moves = SG.run(game, SWEEP_GAMES[game], watch=w, backup=backup, place=place)
    return w, flash, moves


def sweep_line(game, w, flash, moves):
    return ("cut sweep %s: %d games, %d moves, %d cut points, %d lost; nvm erased %d times; "
            "%d cut points damaged other files (at most %d blocks)"
            % (game, SWEEP_GAMES[game], moves, w.cuts, w.lost, flash.erases[FM.NVM_SECTOR],
               w.collateral, w.worst))


@pytest.mark.parametrize("game", QUICK)
def test_a_cut_at_any_flash_operation_loses_no_save(game):
    w, flash, moves = sweep(game, True)
    print(sweep_line(game, w, flash, moves))
    assert flash.erases[FM.NVM_SECTOR] >= 1  # the log filled up: the erase path was cut too
    assert w.cuts > moves
    assert w.lost == 0, w.lost_at[:10]
    # a cut while a copy erases a drive sector destroys what else that sector holds (FAT cannot
    # prevent it): counted, stated in docs/app.md; the guard itself is checked here
    assert w.guard is not None and 0 < w.collateral < w.cuts


def test_a_cut_at_any_flash_operation_loses_nothing_of_your_record():
    # games vs the AI: each game's last move is saved with your record (issue 57 #3), in one
    # save: a cut keeps the game before that move and the record before it, or both after
    import json
    w = SG.CutSweep(True)
    games = 12
    flash, moves = SG.run("oanquan", games, watch=w, mode="ai")
    print("cut sweep vs the AI: %d games, %d cut points, %d lost" % (games, w.cuts, w.lost))
    assert flash.erases[FM.NVM_SECTOR] >= 1 and w.cuts > moves
    assert w.lost == 0, w.lost_at[:10]
    got = FM.saver_on(flash, True).load()
    head = json.loads(bytes(got[:got.index(b"\n")]).decode())
    r = head["w"]["oanquan"]
    assert r[0] + r[1] + r[2] == games, r  # level 1: every game counted once


def test_without_the_drive_copy_only_the_rewrite_of_a_full_log_is_at_risk():
    # The drive read-only to code (no boot.py option): a cut while the full nvm sector is erased
    # and rewritten loses the save (the only copy); a cut at any other time loses nothing.
    w, flash, moves = sweep("oanquan", False)
    print("cut sweep without the drive copy: %d cut points, %d lost (all at %d rewrites)"
          % (w.cuts, w.lost, flash.erases[FM.NVM_SECTOR]))
    assert w.lost > 0
    assert all(sector == FM.NVM_SECTOR for kind, sector in w.lost_at)
    assert w.lost <= flash.erases[FM.NVM_SECTOR] * (2 + 16)  # the erase and its 16 programs


# ------------------------------------------------------------------ wear
def wear(game, games=WEAR_GAMES, seed=1, place=None):
    """(flash, moves, the most erased sector) of `games` complete games on a drive layout of
    drivemodel.PLACES, or place=FOLDER2UF2: the PicoSystem's bundle as folder2uf2 lays it out."""
    flash = FM.new_flash(seed, folder2uf2_image()) if place == FOLDER2UF2 else None
    flash, moves = SG.run(game, games, seed=seed, place=place, flash=flash)
    worst = max(range(len(flash.erases)), key=lambda i: flash.erases[i])
    return flash, moves, worst


FOLDER2UF2 = "folder2uf2"
_F2U = []


def folder2uf2_image(board="picosystem"):
    """The CIRCUITPY drive as folder2uf2 makes it from a board's bundle with its save files
    (`make uf2`, the console image's UF2, the emulator): the files in name order, so
    mancala.pad comes after mancala-a.sav, which then shares its directory's flash sector."""
    if not _F2U:
        import tempfile
        import devsaves
        from tools.emu import emu
        with tempfile.TemporaryDirectory() as d:
            with open(emu.fat_image(devsaves.bundle(board, d), os.path.join(d, "drive.img")),
                      "rb") as f:
                _F2U.append(f.read())
    return _F2U[0]


def wear_line(game, flash, moves, worst, games=WEAR_GAMES):
    per = flash.erases[worst] / games
    years = CYCLES / (per * 20) / 365 if per else float("inf")
    used = [(i, n) for i, n in enumerate(flash.erases) if n]
    return ("%s: %d games, %d moves (%.0f a game); erases per sector %s; worst sector %d: "
            "%.2f a game; %.0f years at 20 games a day" %
            (game, games, moves, moves / games, used, worst, per, years))


# make test: Ô Ăn Quan on the first drive layout; make test-long: every game on every layout
WEAR = [pytest.param(g, p, marks=() if (g, p) == ("oanquan", DM.PLACES[0]) else pytest.mark.long)
        for g in GAMES for p in DM.PLACES + [FOLDER2UF2]]


@pytest.mark.parametrize("game,place", WEAR)
def test_erases_per_game_on_the_worst_sector(game, place):
    flash, moves, worst = wear(game, place=place)
    print(place, wear_line(game, flash, moves, worst))
    assert moves > WEAR_GAMES * 10  # complete games were played
    assert flash.erases[worst] <= LIMIT * WEAR_GAMES, wear_line(game, flash, moves, worst)
    drive = [n for i, n in enumerate(flash.erases) if i >= FM.DRIVE_SECTOR and n]
    # a copy per rewrite, each sector erased once; on folder2uf2's drive the first file's sector
    # twice by a copy into that file (its data, its directory entry), once by one into the other
    nvm = flash.erases[FM.NVM_SECTOR]
    assert drive and max(drive) <= ((3 * nvm + 1) // 2 if place == FOLDER2UF2 else nvm), (
        drive, nvm)


def wear_table():
    """The wear section of docs/app.md, measured: every game on every drive layout."""
    rows = []
    for g in GAMES:
        worst = None
        for p in DM.PLACES:
            flash, moves, _ = wear(g, place=p)
            nvm = flash.erases[FM.NVM_SECTOR] / WEAR_GAMES
            drive = max(n for i, n in enumerate(flash.erases) if i >= FM.DRIVE_SECTOR) \
                / WEAR_GAMES
            if worst is None or max(nvm, drive) > max(worst[1], worst[2]):
                worst = (p, nvm, drive, moves)
        p, nvm, drive, moves = worst
        per = max(nvm, drive)
        rows.append("| %s | %.0f | %.2f | %.2f | %d MB flash, /saves after %d blocks of files "
                    "and %d blocks after its files | %.0f years |"
                    % (NAMES[g], moves / WEAR_GAMES, nvm, drive, p[0], p[1], p[2],
                       CYCLES / (per * 20) / 365))
    return rows


WEAR_HEAD = """Written by `python tests/test_saves_flash.py --write` (`make wear`); do not edit by hand.
Measured on the model of the RP2040's flash as CircuitPython 10 drives it (`tests/flashmodel.py`,
the drive through `tests/drivemodel.py`, checked against the real FatFs flush for flush by
`tests/test_saves_drive.py`), driven by the session model playing 100 scripted complete games per
game (`tests/saves_games.py`), on each drive layout of `drivemodel.PLACES` (a 2 MB flash with
512-byte clusters, the PicoSystem's 16 MB with 2 KB clusters; the save files at different places
in and across 4 KB sectors); the row is the layout with the most erases. Rated endurance: 100 000
erase cycles a sector.

| game | moves a game | erases a game, nvm sector | erases a game, worst drive sector | layout | flash life at 20 games a day |
|---|---|---|---|---|---|
"""
WEAR_FOOT = """The drive copy is written once per rewrite of the nvm log, in whole 512-byte blocks
(`FilePair.write`). On these layouts (the files as the device and `make deploy` make them:
/saves, its 4 KB pad, then the two files) each drive sector a copy touches is erased once: no
drive sector is erased more often than the nvm sector. `folder2uf2` (`make uf2`, the console
image's UF2, the emulator's drive) writes a folder's files in name order, and `mancala.pad` sorts
after `mancala-a.sav`: that file follows the directory's block in its flash sector, so a copy
into it erases that sector twice (its data, then its directory entry), a copy into
`mancala-b.sav` once (the entry; twice if its data starts in that sector too): 1.5-2 erases a
rewrite there, up to twice the nvm sector's, the flash life down to half of the above (1.5 and
two thirds with the PicoSystem's bundle: the folder2uf2 layout of `tests/test_saves_flash.py`,
`make test-long`; on the chip, "Saves on the emulated chip" below)."""


NAMES = {"oanquan": "Ô Ăn Quan", "sanyao": "San-Yao (a match of rounds)", "omweso": "Omweso"}


if __name__ == "__main__":  # the figures for docs/app.md; --write: its wear table
    if "--write" in sys.argv:
        from tools.sections import write_section
        body = WEAR_HEAD + "\n".join(wear_table()) + "\n\n" + WEAR_FOOT
        write_section(os.path.join(os.path.dirname(_HERE), "docs", "app.md"),
                      "## Flash wear of the saves", body)
        sys.exit(0)
    for g in GAMES:
        print(wear_line(g, *wear(g)))
    for g in GAMES:
        w, flash, moves = sweep(g, True)
        print(sweep_line(g, w, flash, moves))
        w, flash, moves = sweep(g, False)
        print("cut sweep %s nvm only: %d cut points, %d lost, at %d rewrites of the sector"
              % (g, w.cuts, w.lost, flash.erases[FM.NVM_SECTOR]))
