# Screenshots of the emulated panel: its RGB565 frame cropped and turned as the board's panel is
# mounted, and written as a PNG with nothing but zlib (tools/emu/emu.py re-exports these).
import struct
import zlib


def crop_rotate(data, w, h, crop=None, rotate=0):
    """Rows of RGB565 values of a big-endian frame, cropped then turned `rotate` quarters
    clockwise."""
    x0, y0, cw, ch = crop or (0, 0, w, h)
    px = [struct.unpack_from(">%dH" % cw, data, ((y * w) + x0) * 2) for y in range(y0, y0 + ch)]
    for _ in range(rotate % 4):  # clockwise: new[y][x] = old[H-1-x][y]
        px = [tuple(r) for r in zip(*px[::-1])]
    return px


def to_rgb_rows(px):
    rows = []
    for r in px:
        out = bytearray()
        for v in r:
            out += bytes(((v >> 8) & 0xF8 | (v >> 13), (v >> 3) & 0xFC | (v >> 9) & 3,
                          (v << 3) & 0xF8 | (v >> 2) & 7))
        rows.append(bytes(out))
    return rows


def write_png(path, w, h, rows):
    def chunk(tag, body):
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))
    raw = b"".join(b"\0" + r for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
