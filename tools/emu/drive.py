"""The emulated chip's drives: where each firmware keeps its file system in flash, and the
images put there (tools/emu/emu.py re-exports these names: emu.fat_image ...)."""
import os
import struct
import subprocess
import sys
import tempfile

# CircuitPython's CIRCUITPY drive as the firmware sees it in rp2040js (JEDEC ID 0 -> 2 MB flash):
# FAT at 0x100000, 1 MB; on the Wi-Fi (CYW43) builds, whose firmware passes 1 MB
# (the Pico W's, the PicoPad's), the firmware area is 1536 KiB and the drive is at 0x181000,
# 508 KiB. MicroPython RPI_PICO: littlefs2 at 0xA0000, 1408 KiB, 4 KiB blocks.
CP_FS = (0x100000, 0x100000)
CYW43_FS = (0x181000, 508 * 1024)
MP_FS = (0xA0000, 1408 * 1024)


class EmuError(RuntimeError):
    """What the emulated chip or its drives could not do (here, the emulator's leaf module;
    emu.EmuError)."""


def fat_image(folder, dest, fs=CP_FS):
    """CIRCUITPY FAT image of a folder (fs = (flash offset, size)), made by folder2uf2."""
    exe = os.path.join(os.path.dirname(sys.executable), "folder2uf2")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([exe, folder, "-o", os.path.join(tmp, "fs.uf2"), "--board",
                        "raspberry_pi_pico", "--flash-offset", hex(fs[0]), "--fs-size",
                        str(fs[1]), "--label", "CIRCUITPY", "--img-out", dest],
                       check=True, stdout=subprocess.DEVNULL)
    if os.path.getsize(dest) != fs[1]:
        raise EmuError("FAT image of %s is %d bytes, not %d" % (folder, os.path.getsize(dest),
                                                               fs[1]))
    return dest


def littlefs_image(files, dest):
    """MicroPython rp2 littlefs2 image: files = {path on the device: local path or bytes}."""
    import littlefs
    fs = littlefs.LittleFS(block_size=4096, block_count=MP_FS[1] // 4096, prog_size=256,
                           read_size=256, lookahead_size=32, name_max=255)
    for name, src in sorted(files.items()):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                fs.mkdir(d)
            except FileExistsError:
                pass
        data = src if isinstance(src, bytes) else open(src, "rb").read()
        with fs.open(name.strip("/"), "wb") as f:
            f.write(data)
    with open(dest, "wb") as f:
        f.write(fs.context.buffer)
    return dest


def drive_of(uf2):
    """(flash offset, size) of the CIRCUITPY drive for a CircuitPython UF2: CYW43_FS when its
    firmware passes the first megabyte of flash, else CP_FS."""
    top = 0
    with open(uf2, "rb") as f:
        while True:
            block = f.read(512)
            if len(block) < 512:
                break
            addr, size = struct.unpack_from("<II", block, 12)
            top = max(top, addr + size)
    return CYW43_FS if top > 0x10000000 + CP_FS[0] else CP_FS
