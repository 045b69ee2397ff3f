# The real FatFs on the RP2040's CIRCUITPY drive, under the MicroPython Unix port: its VfsFat is
# MicroPython's lib/oofatfs, whose f_open, f_lseek, f_read, f_write, f_sync, move_window and
# get_fat are line for line CircuitPython 10's (both FF_FS_TINY: one 512-byte window per volume),
# on a block device that does what CircuitPython's ports/raspberrypi/supervisor/internal_flash.c
# does. tests/test_saves_drive.py uses it to make drive images for tests/drivemodel.py and to
# check that model against the real thing. Usage (from the repository's root):
#   micropython tests/fatdrive_mp.py MB BEFORE AFTER OUT [COPIES SEED]
# MB: the flash (2 or 16; the drive is all but its first 1 MB, as CircuitPython lays it out);
# BEFORE, AFTER: blocks of other files written before /saves is made and after its two files
# (where the save files land, and what shares their flash sectors); OUT: the drive image (up to
# its last written sector). With COPIES: that many drive copies by the app's own FilePair (from
# firmware/saverewrite.py), seeded payloads; prints the drive sectors each copy's flushes wrote, as JSON,
# and writes the image after them to OUT + ".after". A 7th argument: "pieces" (each copy's
# payload written in place in 100-byte pieces instead) or "fresh" (no save files yet: the copies
# make them, as on a new device).
import json
import os
import sys

sys.path.insert(0, ".")

BLOCK = 512
SECTOR = 4096
PER = SECTOR // BLOCK
VOL = 63  # CircuitPython formats without FM_SFD: an MBR, the volume from block 63


class InternalFlash:
    """internal_flash.c: every block written goes into a one-sector cache, written out (an erase
    and 16 page programs) before another sector is cached, before every read and at sync."""

    def __init__(self, blocks):
        self.blocks = blocks
        self.sectors = {}  # sector -> its bytes (never written: erased)
        self.lba = None
        self.cache = bytearray(SECTOR)
        self.log = []      # the sector of every flush

    def _get(self, s):
        return self.sectors.get(s) or bytearray(b"\xff" * SECTOR)

    def flush(self):
        if self.lba is None:
            return
        self.log.append(self.lba)
        self.sectors[self.lba] = bytearray(self.cache)
        self.lba = None

    def readblocks(self, b, buf):
        self.flush()  # "we never read out of the cache"
        for k in range(len(buf) // BLOCK):
            s, o = divmod(b + k, PER)
            buf[k * BLOCK:(k + 1) * BLOCK] = self._get(s)[o * BLOCK:(o + 1) * BLOCK]

    def writeblocks(self, b, buf):
        for k in range(len(buf) // BLOCK):
            s, o = divmod(b + k, PER)
            if self.lba != s:
                self.flush()
                self.cache[:] = self._get(s)
                self.lba = s
            self.cache[o * BLOCK:(o + 1) * BLOCK] = buf[k * BLOCK:(k + 1) * BLOCK]

    def ioctl(self, op, arg):
        if op == 3:  # sync
            self.flush()
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        return 0


class Partition:
    def __init__(self, dev, start, count):
        self.dev = dev
        self.start = start
        self.count = count

    def readblocks(self, b, buf):
        self.dev.readblocks(self.start + b, buf)

    def writeblocks(self, b, buf):
        self.dev.writeblocks(self.start + b, buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.count
        return self.dev.ioctl(op, arg)


def mbr(count):
    b = bytearray(BLOCK)
    e = 446
    b[e + 4] = 0x01 if count < 8400 else 0x06  # FAT12 / FAT16 as f_mkfs marks them
    b[e + 8:e + 12] = VOL.to_bytes(4, "little")
    b[e + 12:e + 16] = count.to_bytes(4, "little")
    b[510] = 0x55
    b[511] = 0xAA
    return b


def fill(path, blocks, seed):
    with open(path, "wb") as f:
        for k in range(blocks):
            f.write(bytes(((seed * 31 + k * 7 + j) & 255 for j in range(BLOCK))))


def payload(k, seed):
    n = 200 + (k * 397 + seed * 131) % 1700
    return bytes(((j * 7 + k + seed) & 255 for j in range(n)))


def write_pieces(f, data):
    for i in range(0, len(data), 100):
        f.write(data[i:i + 100])


def main(argv):
    mb, before, after, out = int(argv[0]), int(argv[1]), int(argv[2]), argv[3]
    fresh = len(argv) > 6 and argv[6] == "fresh"  # the copies make the files
    blocks = (mb - 1) * 1024 * 1024 // BLOCK
    dev = InternalFlash(blocks)
    dev.writeblocks(0, mbr(blocks - VOL))
    dev.flush()
    vol = Partition(dev, VOL, blocks - VOL)
    os.VfsFat.mkfs(vol)
    os.mount(os.VfsFat(vol), "/d")
    if before:
        fill("/d/code.py", before, 1)
    os.mkdir("/d/saves")
    from firmware.saves import FilePair
    from firmware.saverewrite import make_pad
    pair = FilePair("/d/saves/mancala")
    if not fresh:
        make_pad(pair)  # as the app's first two copies leave the drive, no save in them yet
        for name in pair.paths:
            with open(name, "wb") as f:
                f.write(b"\xff" * 2048)
    if after:
        fill("/d/after.bin", after, 2)
    dev.flush()

    def dump(path):
        top = max(dev.sectors) + 1
        with open(path, "wb") as f:
            for s in range(top):
                f.write(dev._get(s))

    dump(out)
    if len(argv) > 4:
        copies, seed = int(argv[4]), int(argv[5])
        pair.read()
        logs = []
        for k in range(copies):
            dev.log = []
            logs.append(dev.log)
            if len(argv) > 6 and argv[6] == "pieces":  # rewritten in place in 100-byte writes
                with open(pair.paths[k % 2], "r+b") as f:
                    write_pieces(f, payload(k, seed))
            else:
                pair.write(k + 1, payload(k, seed))
        print(json.dumps(logs))
        dump(out + ".after")
    os.umount("/d")


if __name__ == "__main__":
    main(sys.argv[1:])
