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
# - The CIRCUITPY drive (its sector cache and FatFs): tests/drivemodel.py, on this flash.
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


# The flash layout of a CircuitPython RP2040 build (ports/raspberrypi/mpconfigport.h): nvm at
# flash offset 1020 KB (sector 255), the CIRCUITPY drive from 1 MB (sector 256 on), modelled up to
# the end of its image (tests/drivemodel.py; past it the drive reads erased).
NVM_SECTOR = 255
DRIVE_SECTOR = 256


def new_flash(seed=0, image=None):
    """A Flash holding a fresh drive: `image` (tests/drivemodel.image(), by default a 2 MB
    flash's drive with the save files right after the first cluster) from sector 256."""
    import drivemodel as DM
    img = DM.image() if image is None else image
    flash = Flash(DRIVE_SECTOR + (len(img) + SECTOR - 1) // SECTOR, seed)
    flash.mem[DRIVE_SECTOR * SECTOR:DRIVE_SECTOR * SECTOR + len(img)] = img
    return flash


def device(seed=0, backup=True):
    """(flash, a fresh Saver on it) as the firmware builds it, with or without the drive copy."""
    flash = new_flash(seed)
    return flash, saver_on(flash, backup)


def saver_on(flash, backup=True):
    from firmware import saves
    bk = None
    if backup:
        import drivemodel as DM
        vol = DM.Volume(DM.Cache(flash, DRIVE_SECTOR))
        bk = saves.FilePair("/saves/mancala", vol.open)
    return saves.Saver(saves.NvmLog(Nvm(flash, NVM_SECTOR), bk))
