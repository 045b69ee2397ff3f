# The drive copy of the saves on the CIRCUITPY drive (issue 32): tests/drivemodel.py checked
# against the real FatFs (the MicroPython Unix port's VfsFat, tests/fatdrive_mp.py), and the
# copy written so that it erases each flash sector it touches once.
import importlib.util
import os
import sys

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
for _p in (os.path.dirname(_HERE), _HERE):
    if _p not in sys.path:
        sys.path.insert(0, _p)
import drivemodel as DM  # noqa: E402
import flashmodel as FM  # noqa: E402
from firmware.saves import FilePair  # noqa: E402

_spec = importlib.util.spec_from_file_location("fatdrive_mp", os.path.join(_HERE, "fatdrive_mp.py"))
MP = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(MP)

COPIES = 6
PLACES = DM.PLACES


def model_copies(img, pieces=False, seed=1):
    """The copies of fatdrive_mp.py, on the model: (flash, the drive sectors of each copy's
    flushes)."""
    flash = FM.new_flash(0, img)
    vol = DM.Volume(DM.Cache(flash, FM.DRIVE_SECTOR))
    pair = FilePair("/saves/mancala", vol.open)
    pair.read()
    logs = []
    for k in range(COPIES):
        vol.c.log = []
        if pieces:
            with vol.open(pair.paths[k % 2], "r+b") as f:
                MP.write_pieces(f, MP.payload(k, seed))
        else:
            pair.write(k + 1, MP.payload(k, seed))
        logs.append(vol.c.log)
    return flash, logs


def drive(flash, n):
    base = FM.DRIVE_SECTOR * FM.SECTOR
    return bytes(flash.mem[base:base + n])


def unstamped(img):
    # the directory entries' modified times (22-25) and access dates (18-19): the real FatFs
    # takes the clock's, the model FatFs's "no clock" value
    b = bytearray(img)
    flash = FM.new_flash(0, img)
    vol = DM.Volume(DM.Cache(flash, FM.DRIVE_SECTOR))
    for name in ("mancala-a.sav", "mancala-b.sav"):
        sect, off, _ = vol._find(DM._u16(vol._find(0, "saves")[2], 26), name)
        for i in list(range(18, 20)) + list(range(22, 26)):
            b[sect * DM.BLOCK + off + i] = 0
    return bytes(b)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("pieces", [False, True], ids=["blocks", "pieces"])
def test_the_model_writes_the_flash_as_the_real_fatfs(place, pieces):
    # the same file calls on the same drive image: the same flushes of the sector cache (so the
    # same erases, in the same order) and the same bytes on the drive after them
    img, after, logs = DM.run_mp(*place, COPIES, 1, *(["pieces"] if pieces else []))
    flash, got = model_copies(img, pieces)
    assert got == logs
    assert unstamped(drive(flash, len(after))) == unstamped(after)


@pytest.mark.parametrize("place", PLACES)
def test_a_copy_erases_each_sector_it_touches_once(place):
    img, after, logs = DM.run_mp(*place, COPIES, 3)
    for log in logs:
        assert len(log) == len(set(log)) and len(log) <= 3, logs  # a straddling file: 2 + dir
    # written in pieces (as before issue 32) FatFs reads each block back, and each read writes
    # the cache out: the files' sector is erased several times a copy
    img, after, logs = DM.run_mp(*place, COPIES, 3, "pieces")
    assert max(max(log.count(s) for s in log) for log in logs) >= 2


def test_a_new_drive_gets_the_pad_then_the_files_away_from_their_directory():
    # the first two copies make the files (after a 4 KB pad); every copy after them erases each
    # sector once; without the pad the files' first blocks share the directory's sector
    img, after, logs = DM.run_mp(2, 0, 0, COPIES, 5, "fresh")
    for log in logs[2:]:
        assert len(log) == len(set(log)), logs
    img, after, logs = DM.run_mp(2, 0, 20, COPIES, 5)
    flash = FM.new_flash(0, after)
    vol = DM.Volume(DM.Cache(flash, FM.DRIVE_SECTOR))
    d = DM._u16(vol._find(0, "saves")[2], 26)
    for name in ("mancala-a.sav", "mancala-b.sav"):
        first = vol.clst2sect(DM._u16(vol._find(d, name)[2], 26))
        assert first // DM.PER != vol.clst2sect(d) // DM.PER
