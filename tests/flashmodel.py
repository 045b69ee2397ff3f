# A model of the RP2040's QSPI flash as CircuitPython 10 drives it, for the save tests.
# - Flash: 4 KB sectors and 256-byte pages. An erase sets a whole sector to 0xFF; a program
#   writes one page and can only clear bits (new = old AND data). Erases are counted per sector.
# - A power cut at operation number `cut`: that operation is done only in part (an erase leaves
#   the sector as garbage or partly erased, a program leaves some of its bits cleared) and
#   PowerCut (a BaseException) is raised; nothing after it happens.
# - Nvm: microcontroller.nvm, one sector (ports/raspberrypi/common-hal/nvm/ByteArray.c,
#   common_hal_nvm_bytearray_set_bytes): if the bytes being written over are all 0xFF, each page
#   touched is programmed with (the page as it is + the new bytes), no erase; otherwise the whole
#   sector is read, patched, erased and programmed again (16 pages).
# - Drive: files on the CIRCUITPY FAT drive (ports/raspberrypi/supervisor/internal_flash.c):
#   every block written is copied into a one-sector cache that is flushed as erase + 16 page
#   programs of the whole 4 KB sector, before another sector is touched and at sync. A file
#   rewritten in place ("r+b", same size) costs its data sector, then the directory sector (f_sync
#   rewrites the directory entry). Both files of a FilePair (4 clusters each) share one data
#   sector; the directory sector also holds entries of other files.
import random

SECTOR = 4096
PAGE = 256


class PowerCut(BaseException):
    """Not an Exception: no `except Exception` in the app may swallow a power cut (it would play
    on and write more after the power went)."""


class Flash:
    def __init__(self, sectors, seed=0):
        self.mem = bytearray(b"\xff" * (sectors * SECTOR))
        self.erases = [0] * sectors
        self.ops = 0
        self.cut = None        # the operation number at which the power goes
        self.mode = "garbage"  # an erase cut short: "garbage" (random) or "partial" (some bits set)
        self.rng = random.Random(seed)
        self.hook = None       # hook(flash, op) before each operation (the cut-point sweep)

    def erase(self, sector):
        self._step(("erase", sector, None))

    def program(self, addr, data):
        assert addr % PAGE == 0 and len(data) == PAGE
        self._step(("program", addr, bytes(data)))

    def _step(self, op):
        if self.hook is not None:
            self.hook(self, op)
        n = self.ops
        self.ops += 1
        if self.cut is not None and n == self.cut:
            self.partial(op, self.rng, self.mode)
            raise PowerCut()
        self.apply(op)

    def apply(self, op):
        kind, a, data = op
        if kind == "erase":
            self.erases[a] += 1
            self.mem[a * SECTOR:(a + 1) * SECTOR] = b"\xff" * SECTOR
        else:
            m = self.mem
            for i in range(PAGE):
                m[a + i] &= data[i]

    def partial(self, op, rng, mode):
        kind, a, data = op
        m = self.mem
        if kind == "erase":
            self.erases[a] += 1
            base = a * SECTOR
            if mode == "garbage":
                m[base:base + SECTOR] = bytes(rng.getrandbits(8) for _ in range(SECTOR))
            else:
                for i in range(base, base + SECTOR):
                    m[i] |= rng.getrandbits(8)
        else:
            for i in range(PAGE):
                clear = m[a + i] & ~data[i] & 255  # bits this program was clearing
                m[a + i] &= ~(clear & rng.getrandbits(8)) & 255

    def clone(self):
        f = Flash(0)
        f.mem = bytearray(self.mem)
        f.erases = list(self.erases)
        return f


def _range(k, n):
    if isinstance(k, slice):
        start, stop, step = k.indices(n)
        assert step == 1
        return start, stop
    raise TypeError("the model takes slices only")


class Nvm:
    """microcontroller.nvm: one sector of a Flash."""

    def __init__(self, flash, sector):
        self.f = flash
        self.sector = sector
        self.base = sector * SECTOR

    def __len__(self):
        return SECTOR

    def __getitem__(self, k):
        a, b = _range(k, SECTOR)
        return bytearray(self.f.mem[self.base + a:self.base + b])

    def __setitem__(self, k, values):
        a, b = _range(k, SECTOR)
        values = bytes(values)
        if len(values) != b - a:
            raise ValueError("Slice and value different lengths")
        m = self.f.mem
        if all(x == 0xFF for x in m[self.base + a:self.base + b]):
            addr = self.base + a
            off = addr % PAGE
            page = addr - off
            i = 0
            while i < len(values):
                w = min(len(values) - i, PAGE - off)
                buf = bytearray(m[page:page + PAGE])
                buf[off:off + w] = values[i:i + w]
                self.f.program(page, buf)
                i += w
                page += PAGE
                off = 0
        else:
            buf = bytearray(m[self.base:self.base + SECTOR])
            buf[a:b] = values
            self.f.erase(self.sector)
            for p in range(0, SECTOR, PAGE):
                self.f.program(self.base + p, buf[p:p + PAGE])


class Drive:
    """Files on the CIRCUITPY drive, enough of FAT for a FilePair: each file lives in 4 blocks of
    the shared data sector, its directory entry (name, size) in the directory sector, next to the
    entries of other files. open(path, mode) is the FilePair's opener."""
    ENTRY = 32

    def __init__(self, flash, dir_sector, data_sector, names):
        self.f = flash
        self.dir = dir_sector
        self.data = data_sector
        self.names = list(names)  # slot i: blocks 4i..4i+3 of the data sector
        self.stamp = 0

    def _entry(self, i):
        base = self.dir * SECTOR + i * self.ENTRY
        e = self.f.mem[base:base + self.ENTRY]
        name = self.names[i].encode()[-20:]
        if bytes(e[:len(name)]) != name or e[len(name)] != 0:
            return None
        return e[24] | e[25] << 8  # size

    def open(self, path, mode):
        i = self.names.index(path)
        if "r" in mode:
            size = self._entry(i)
            if size is None:
                raise OSError(2, "no such file")
            if "+" not in mode:
                base = self.data * SECTOR + i * 2048
                return _Reader(bytes(self.f.mem[base:base + min(size, 2048)]))
        return _Writer(self, i)

    def _flush(self, sector, patch):
        # internal_flash.c: the whole sector, patched in the cache, erased and programmed
        buf = bytearray(self.f.mem[sector * SECTOR:(sector + 1) * SECTOR])
        patch(buf)
        self.f.erase(sector)
        for p in range(0, SECTOR, PAGE):
            self.f.program(sector * SECTOR + p, buf[p:p + PAGE])

    def write(self, i, data):
        assert len(data) <= 2048

        def put_data(buf):
            buf[i * 2048:i * 2048 + len(data)] = data

        def put_entry(buf):
            self.stamp += 1  # f_sync rewrites the entry (size, time) every time
            e = bytearray(self.ENTRY)
            name = self.names[i].encode()[-20:]
            e[:len(name)] = name
            e[24] = len(data) & 255
            e[25] = len(data) >> 8
            e[28] = self.stamp & 255
            buf[i * self.ENTRY:(i + 1) * self.ENTRY] = e

        self._flush(self.data, put_data)
        self._flush(self.dir, put_entry)


class _Reader:
    def __init__(self, data):
        self.data = data

    def read(self):
        return self.data

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class _Writer:
    def __init__(self, drive, i):
        self.drive = drive
        self.i = i
        self.buf = bytearray()

    def write(self, b):
        self.buf += b

    def close(self):
        self.drive.write(self.i, bytes(self.buf))

    def __enter__(self):
        return self

    def __exit__(self, *a):
        if a[0] is None:
            self.close()
        return False


# The flash layout of a CircuitPython RP2040 build (ports/raspberrypi/mpconfigport.h): nvm at
# flash offset 1020 KB (sector 255), the CIRCUITPY drive from 1 MB (sector 256 on). The drive's
# directory and the save files' data sector are placed at sectors 260 and 300 (any two work).
NVM_SECTOR = 255
DIR_SECTOR = 260
DATA_SECTOR = 300
FLASH_SECTORS = 301


def device(seed=0, backup=True):
    """(flash, a fresh Saver on it) as the firmware builds it, with or without the drive copy."""
    from firmware import saves
    flash = Flash(FLASH_SECTORS, seed)
    return flash, saver_on(flash, backup)


def saver_on(flash, backup=True):
    from firmware import saves
    bk = None
    if backup:
        drive = Drive(flash, DIR_SECTOR, DATA_SECTOR,
                      ("/saves/mancala-a.sav", "/saves/mancala-b.sav"))
        bk = saves.FilePair("/saves/mancala", drive.open)
    return saves.SlotStore(Nvm(flash, NVM_SECTOR), bk)
