# The CIRCUITPY drive of an RP2040 as CircuitPython 10 writes it, for the save tests (issue 32),
# on the flash of tests/flashmodel.py. Two layers, each transcribed from the C it models:
# - Cache: ports/raspberrypi/supervisor/internal_flash.c. Every 512-byte block written goes into
#   one 4 KB sector cache, written out (an erase and 16 page programs) before another sector is
#   cached, before EVERY read ("we never read out of the cache") and at sync.
# - Volume, File: lib/oofatfs/ff.c with FF_FS_TINY (one 512-byte window per volume): f_open's
#   path lookup, f_lseek, f_read, f_write (a whole block at a block boundary goes straight to the
#   disk; a piece of a block is copied into the window, which is first filled by a read when the
#   file already has data there), f_sync (the directory entry re-read into the window, updated,
#   written back, then a sync). get_fat walks FAT12/16 through the window.
# The volume is whatever the image holds (made by the real FatFs: tests/fatdrive_mp.py), so the
# data region need not be sector-aligned and other files share the save files' sectors.
# Files are opened and rewritten in place; creating one is left to the real FatFs (the device's
# first two copies), so "wb" raises here. tests/test_saves_drive.py checks this model against
# the real FatFs, flush for flush.
SECTOR = 4096
BLOCK = 512
PER = SECTOR // BLOCK


def _u16(b, i):
    return b[i] | b[i + 1] << 8


def _u32(b, i):
    return _u16(b, i) | _u16(b, i + 2) << 16


class Cache:
    """internal_flash.c on a tests/flashmodel.Flash whose sector `first` is the drive's block 0."""

    def __init__(self, flash, first):
        self.f = flash
        self.first = first
        self.lba = None      # the cached sector (of the drive), or None
        self.buf = bytearray(SECTOR)
        self.log = []        # the drive sector of every flush

    def flush(self):
        if self.lba is None:
            return
        s = self.lba
        self.lba = None
        self.log.append(s)
        base = (self.first + s) * SECTOR
        self.f.erase(self.first + s)
        for p in range(0, SECTOR, 256):
            self.f.program(base + p, self.buf[p:p + 256])

    def read(self, block, n=1):
        self.flush()
        a = self.first * SECTOR + block * BLOCK
        got = bytes(self.f.mem[a:a + n * BLOCK])  # past the image: never written, erased
        return got + b"\xff" * (n * BLOCK - len(got))

    def write(self, block, data):
        for k in range(len(data) // BLOCK):
            s, o = divmod(block + k, PER)
            if self.lba != s:
                self.flush()
                a = (self.first + s) * SECTOR
                self.buf[:] = self.f.mem[a:a + SECTOR]
                self.lba = s
            self.buf[o * BLOCK:(o + 1) * BLOCK] = data[k * BLOCK:(k + 1) * BLOCK]

    def sync(self):
        self.flush()


class Volume:
    """A FAT12/16 volume inside the drive's one partition (CircuitPython's f_mkfs: an MBR, the
    volume 63 blocks in). open(path, mode) is a FilePair's opener."""

    def __init__(self, cache):
        self.c = cache
        mbr = cache.read(0)
        self.start = start = _u32(mbr, 446 + 8) if mbr[510:512] == b"\x55\xaa" and \
            mbr[446 + 4] else 0
        bpb = cache.read(start)
        self.csize = bpb[13]
        nfats = bpb[16]
        self.nroot = _u16(bpb, 17)
        total = _u16(bpb, 19) or _u32(bpb, 32)
        self.fatbase = start + _u16(bpb, 14)
        self.dirbase = self.fatbase + _u16(bpb, 22) * nfats
        self.database = self.dirbase + self.nroot * 32 // BLOCK
        nclst = (total - (self.database - start)) // self.csize
        self.fat12 = nclst <= 4085
        self.winsect = start  # find_volume leaves the boot sector in the window
        self.win = bytearray(bpb)
        self.wflag = False

    # ff.c: sync_window, move_window, sync_fs, clst2sect, get_fat
    def sync_window(self):
        if self.wflag:
            self.c.write(self.winsect, self.win)
            self.wflag = False

    def move_window(self, sect):
        if sect != self.winsect:
            self.sync_window()
            self.win[:] = self.c.read(sect)
            self.winsect = sect

    def sync_fs(self):
        self.sync_window()
        self.c.sync()

    def clst2sect(self, clst):
        return self.database + (clst - 2) * self.csize

    def get_fat(self, clst):
        if self.fat12:
            bc = clst + clst // 2
            self.move_window(self.fatbase + bc // BLOCK)
            w = self.win[bc % BLOCK]
            bc += 1
            self.move_window(self.fatbase + bc // BLOCK)
            w |= self.win[bc % BLOCK] << 8
            return w >> 4 if clst & 1 else w & 0xFFF
        self.move_window(self.fatbase + clst * 2 // BLOCK)
        return _u16(self.win, clst * 2 % BLOCK)

    def _next(self, clst):
        # create_chain on a chain that goes on (the model never grows a file)
        n = self.get_fat(clst)
        if n < 2 or n >= (0xFF8 if self.fat12 else 0xFFF8):
            raise OSError(5, "the model never grows a file")
        return n

    def _find(self, dclust, name):
        """dir_find: (the block and offset of name's entry, its entry) in the directory starting at
        cluster dclust (0: the root), reading its blocks through the window in order."""
        idx = 0
        lfn = {}
        clst = dclust
        sect = self.dirbase if dclust == 0 else self.clst2sect(dclust)
        while True:
            if dclust == 0 and idx >= self.nroot:
                return None
            off = idx * 32 % BLOCK
            if idx and off == 0:
                sect += 1
                if dclust and (idx * 32 // BLOCK) % self.csize == 0:
                    clst = self.get_fat(clst)
                    if clst >= (0xFF8 if self.fat12 else 0xFFF8):
                        return None
                    sect = self.clst2sect(clst)
            self.move_window(sect)
            e = bytes(self.win[off:off + 32])
            idx += 1
            if e[0] == 0:
                return None
            if e[0] == 0xE5:
                lfn = {}
                continue
            if e[11] == 0x0F:
                part = e[1:11] + e[14:26] + e[28:32]
                lfn[e[0] & 0x3F] = part.decode("utf-16-le", "replace").split("\x00")[0] \
                    .rstrip("\uffff")
                continue
            if e[11] & 0x08:
                lfn = {}
                continue
            long = "".join(lfn[k] for k in sorted(lfn))
            lfn = {}
            short = e[0:8].decode("latin-1").rstrip() + ("." + e[8:11].decode("latin-1").rstrip()
                                                if e[8:11].strip() else "")
            if name.lower() in (long.lower(), short.lower()):
                return sect, off, e

    def open(self, path, mode):
        if "w" in mode:
            raise OSError(5, "the model does not create files")
        dclust = 0
        parts = [p for p in path.split("/") if p]
        for k, name in enumerate(parts):
            found = self._find(dclust, name)
            if found is None:
                raise OSError(2, "no such file: %s" % path)
            sect, off, e = found
            dclust = _u16(e, 26)
        f = File(self, sect, off, dclust, _u32(e, 28))
        if "+" not in mode:  # CircuitPython's read mode: a fast-seek table of the chain at open
            f.chain = [dclust]
            while len(f.chain) * self.csize * BLOCK < f.size:
                f.chain.append(self._next(f.chain[-1]))
        return f


class File:
    """A FIL of ff.c, FF_FS_TINY: fptr, clust, sect; the data goes through the volume's window."""

    def __init__(self, vol, dir_sect, dir_off, sclust, size):
        self.v = vol
        self.dir_sect = dir_sect
        self.dir_off = dir_off
        self.sclust = sclust
        self.size = size
        self.fptr = 0
        self.clust = 0
        self.sect = 0
        self.modified = False
        self.chain = None

    def seek(self, ofs):  # f_lseek, normal seek
        v = self.v
        if ofs > self.size:
            raise OSError(5, "the model never grows a file")
        bcs = v.csize * BLOCK
        ifptr = self.fptr
        self.fptr = 0
        if ofs > 0:
            if ifptr > 0 and (ofs - 1) // bcs >= (ifptr - 1) // bcs:
                self.fptr = (ifptr - 1) & ~(bcs - 1)
                ofs -= self.fptr
                clst = self.clust
            else:
                clst = self.sclust
                self.clust = clst
            while ofs > bcs:
                ofs -= bcs
                self.fptr += bcs
                clst = v._next(clst)
                self.clust = clst
            self.fptr += ofs
            if ofs % BLOCK:
                nsect = v.clst2sect(clst) + ofs // BLOCK
                if nsect != self.sect:
                    self.sect = nsect

    def write(self, data):  # f_write
        v = self.v
        data = bytes(data)
        i = 0
        while i < len(data):
            btw = len(data) - i
            if self.fptr % BLOCK == 0:
                csect = (self.fptr // BLOCK) & (v.csize - 1)
                if csect == 0:
                    self.clust = self.sclust if self.fptr == 0 else v._next(self.clust)
                if v.winsect == self.sect:
                    v.sync_window()
                sect = v.clst2sect(self.clust) + csect
                cc = btw // BLOCK
                if cc:
                    cc = min(cc, v.csize - csect)
                    v.c.write(sect, data[i:i + cc * BLOCK])
                    if 0 <= v.winsect - sect < cc:
                        k = v.winsect - sect
                        v.win[:] = data[i + k * BLOCK:i + (k + 1) * BLOCK]
                        v.wflag = False
                    self._moved(cc * BLOCK)
                    i += cc * BLOCK
                    continue
                if self.fptr >= self.size:
                    v.sync_window()
                    v.winsect = sect
                self.sect = sect
            w = min(BLOCK - self.fptr % BLOCK, btw)
            v.move_window(self.sect)
            o = self.fptr % BLOCK
            v.win[o:o + w] = data[i:i + w]
            v.wflag = True
            self._moved(w)
            i += w
        self.modified = True
        return len(data)

    def _moved(self, n):
        self.fptr += n
        if self.fptr > self.size:
            raise OSError(5, "the model never grows a file")

    def read(self):
        # the whole file, block by block through the window (as a read of partial sizes does)
        v = self.v
        out = bytearray()
        for k in range((self.size + BLOCK - 1) // BLOCK):
            clst = self.chain[k // v.csize]
            v.move_window(v.clst2sect(clst) + k % v.csize)
            out += v.win
        return bytes(out[:self.size])

    def close(self):  # f_close -> f_sync
        if self.modified:
            v = self.v
            v.move_window(self.dir_sect)
            o = self.dir_off
            v.win[o + 11] |= 0x20                       # the archive bit
            v.win[o + 28:o + 32] = self.size.to_bytes(4, "little")
            v.win[o + 22:o + 26] = b"\x00\x00\x21\x00"  # modified time: FatFs's "no clock"
            v.win[o + 18:o + 20] = b"\x00\x00"          # last access date
            v.wflag = True
            v.sync_fs()
            self.modified = False

    def __enter__(self):
        return self

    def __exit__(self, *a):
        if a[0] is None or issubclass(a[0], Exception):  # a power cut (PowerCut) writes nothing
            self.close()
        return False


_IMAGES = {}


def image(mb=2, before=0, after=24):
    """The drive image the real FatFs makes (tests/fatdrive_mp.py under the MicroPython Unix
    port): a fresh CircuitPython drive of a `mb` MB flash, `before` blocks of code.py, /saves with
    the two save files (no save in them yet), `after` blocks of another file after them."""
    key = (mb, before, after)
    if key not in _IMAGES:
        _IMAGES[key] = run_mp(mb, before, after)[0]
    return _IMAGES[key]


def run_mp(mb, before, after, *more):
    """(the image, the image after the copies, the flushes' sectors) of fatdrive_mp.py."""
    import json
    import os
    import subprocess
    import tempfile
    from util import MICROPYTHON, ROOT
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "drive.img")
        r = subprocess.run([MICROPYTHON, "-X", "heapsize=64m", "tests/fatdrive_mp.py", str(mb),
                            str(before), str(after), out] + [str(m) for m in more],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        if r.returncode:
            raise RuntimeError("fatdrive_mp.py failed: %s" % (r.stderr or r.stdout))
        with open(out, "rb") as f:
            img = f.read()
        after_img = log = None
        if more:
            with open(out + ".after", "rb") as f:
                after_img = f.read()
            log = json.loads(r.stdout.strip().splitlines()[-1])
        return img, after_img, log


# (flash MB, blocks of code.py before /saves, blocks of a file after the save files): the data
# region starts at block 102 (2 MB flash: 512-byte clusters) or 126 (16 MB, the PicoSystem: 2 KB
# clusters), neither a multiple of 8, so these put the save files at different places within
# and across the flash's 4 KB sectors (tests/test_saves_drive.py, the wear table)
PLACES = [(2, 0, 20), (2, 3, 20), (2, 5, 30), (16, 0, 20), (16, 4, 20)]


def guard(img, first):
    """A check of the other files after a power cut on a flash whose drive (from sector
    `first`) started as img: the number of drive blocks, other than the save files' and their
    entries in /saves, that are no longer what they were."""
    import flashmodel as FM
    flash = FM.new_flash(0, img)
    vol = Volume(Cache(flash, FM.DRIVE_SECTOR))
    d = _u16(vol._find(0, "saves")[2], 26)
    free = set()  # bytes a save may change
    for name in ("mancala-a.sav", "mancala-b.sav"):
        sect, off, e = vol._find(d, name)
        free.update(range(sect * BLOCK + off, sect * BLOCK + off + 32))
        c = _u16(e, 26)
        for k in range(2048 // BLOCK):
            b = vol.clst2sect(c) + k % vol.csize
            free.update(range(b * BLOCK, (b + 1) * BLOCK))
            if k % vol.csize == vol.csize - 1 and k + 1 < 2048 // BLOCK:
                c = vol._next(c)

    def damaged(f):
        base = first * SECTOR
        now = f.mem[base:base + len(img)]
        bad = set()
        for i in range(0, len(img), BLOCK):
            if now[i:i + BLOCK] != img[i:i + BLOCK]:
                for j in range(i, i + BLOCK):
                    if now[j] != img[j] and j not in free:
                        bad.add(i // BLOCK)
                        break
        return len(bad)

    return damaged
