# A board without a window: a busdisplay.BusDisplay subclass that renders into an RGB565 buffer
# (pixel-identical to the pygame window), a PNG writer using only zlib + struct, and a scripted
# button queue. Used by the screenshot tests and `tools/sim.py --board headless`. Desktop only.
import os
import struct
import zlib
from collections import deque

import displayio
import busdisplay
from displayio._area import Area

NAME = "headless"
KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start", "select")


def names_of(keys):
    """A board's names for these buttons as a D-pad board with A, B, X, Y names them (the lines
    on screen, firmware/common.py key): "a" -> "A", "start" -> "Start", "up" -> "up"."""
    return " ".join(k.upper() if len(k) == 1 else k.capitalize() if k in ("start", "select")
                    else k for k in keys)


NAMES = names_of(KEYS)


def render_area(core, area):
    """(clipped area, its RGB565 pixels big-endian, 2 bytes each) from a display core, or None
    when the area is off-screen. Shared with boards/desktop.py."""
    clipped = Area()
    if not core.clip_area(area, clipped):
        return None
    n = clipped.width() * clipped.height()
    buffer = memoryview(bytearray(((n + 1) // 2) * 4)).cast("I")  # rounded up: odd sizes work
    mask = memoryview(bytearray(((n // 32) + 1) * 4)).cast("I")
    core.fill_area(clipped, mask, buffer)
    return clipped, buffer.tobytes()[:2 * n]


class FrameBus:
    """A panel's bus (fourwire.FourWire's send) that writes into a screen buffer: CASET, RASET
    and RAMWR (RGB565 big-endian) decoded as the panel does, in its controller coordinates, and
    turned into screen pixels as a panel of this rotation and offset shows them (the inverse of
    firmware/views/direct.py's Panel.ctrl). Other commands are ignored."""

    def __init__(self, buf, width, height, rotation=0, offset=(0, 0)):
        self.buf = buf
        self.w = width
        self.h = height
        self.rot = rotation % 360
        self.oc, self.orow = offset
        self.win = (0, 0, 0, 0)  # columns c0..c1, rows r0..r1 (inclusive)
        self.pixels = 0  # written since made

    def send(self, command, data):
        data = bytes(data)
        if command in (0x2A, 0x2B) and len(data) == 4:
            a = data[0] << 8 | data[1]
            b = data[2] << 8 | data[3]
            c0, c1, r0, r1 = self.win
            self.win = (a, b, r0, r1) if command == 0x2A else (c0, c1, a, b)
        elif command == 0x2C:
            self.ramwr(data)

    def ramwr(self, data):
        c0, c1, r0, r1 = self.win
        cw = c1 - c0 + 1
        n = min(len(data) // 2, cw * (r1 - r0 + 1))
        x0, y0 = self.screen(c0, r0)
        if self.rot == 0 and x0 >= 0 and x0 + cw <= self.w and n % cw == 0:
            for j in range(n // cw):  # (upright: a row at a time)
                if 0 <= y0 + j < self.h:
                    i = 2 * ((y0 + j) * self.w + x0)
                    self.buf[i:i + 2 * cw] = data[2 * cw * j:2 * cw * (j + 1)]
                    self.pixels += cw
            return
        for k in range(n):
            x, y = self.screen(c0 + k % cw, r0 + k // cw)
            if 0 <= x < self.w and 0 <= y < self.h:
                i = 2 * (y * self.w + x)
                self.buf[i:i + 2] = data[2 * k:2 * k + 2]
                self.pixels += 1

    def raw(self, b, n):
        """The first n rows of a strip (a Blinka Bitmap) as the chip's memoryview of a Bitmap
        gives them (a 16-bit value an item, little-endian): what firmware/views/direct.py sends
        on the desktop, whose Bitmap has no buffer."""
        w = b.width
        out = bytearray(2 * w * n)
        for j in range(n):
            for i in range(w):
                v = b[i, j]
                k = 2 * (j * w + i)
                out[k] = v & 255
                out[k + 1] = v >> 8
        return memoryview(out).cast("H")

    def replace(self, p, v, lo, hi):
        """bitmaptools.replace_color (CircuitPython's; Blinka's has none) for panel p's strip:
        its pixels of value v made p's colour code, in its columns lo to hi (hi < 0: all)."""
        b = p.bmp
        code = p.code
        for j in range(p.ch):
            for i in range(lo, hi if hi >= 0 else p.cw):
                if b[i, j] == v:
                    b[i, j] = code

    def screen(self, c, r):
        """Controller column c, row r -> the screen's (x, y)."""
        c -= self.oc
        r -= self.orow
        if self.rot == 0:
            return c, r
        if self.rot == 270:
            return self.w - 1 - r, c
        if self.rot == 90:
            return r, self.h - 1 - c
        return self.w - 1 - c, self.h - 1 - r


class HeadlessDisplay(busdisplay.BusDisplay):
    def __init__(self, width=240, height=240):
        self.buf = bytearray(width * height * 2)
        self.framebus = FrameBus(self.buf, width, height)
        # auto-refresh on, as a chip's display is made: the app turns it off and refreshes the
        # displayio screens itself, never while a picture drawn straight to the panel shows
        # (firmware/app.py); _background makes it refresh nothing on its own
        super().__init__(None, b"", width=width, height=height, auto_refresh=True)

    @property
    def bus(self):
        """The panel's bus as the direct renderer uses it (firmware/views/direct.py)."""
        return self.framebus

    def _refresh_area(self, area):
        got = render_area(self._core, area)
        if got is None:
            return True
        clipped, raw = got
        w = clipped.width()
        h = clipped.height()
        W = self._core.width
        for j in range(h):
            d = ((clipped.y1 + j) * W + clipped.x1) * 2
            self.buf[d:d + 2 * w] = raw[2 * w * j:2 * w * (j + 1)]
        return True

    def _write(self, command, data):
        pass

    def _background(self):
        pass  # no refresh from displayio's thread: by the app, or snapshot()

    def snapshot(self):
        """The panel's picture: self, its buffer up to date (refreshed now unless an app
        refreshes it: it then turned auto-refresh off; its buffer is the panel's picture)."""
        if self.auto_refresh:
            self.refresh()
        return self

    def pixel(self, x, y):
        """(r, g, b) 8-bit of the pixel at x, y (from RGB565, byte-swapped as sent to panels)."""
        i = (y * self.width + x) * 2
        v = self.buf[i] << 8 | self.buf[i + 1]
        return rgb565_to_rgb(v)

    def rgb(self):
        out = bytearray(self.width * self.height * 3)
        b = self.buf
        for i in range(self.width * self.height):
            v = b[2 * i] << 8 | b[2 * i + 1]
            out[3 * i:3 * i + 3] = bytes(rgb565_to_rgb(v))
        return out

    def png(self, path, scale=1):
        write_png(path, self.width, self.height, self.rgb(), scale)


def rgb565_to_rgb(v):
    r = (v >> 11) & 31
    g = (v >> 5) & 63
    b = v & 31
    return ((r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31)


def to565(rgb):
    """The RGB565 round trip of a 24-bit colour, as the display shows it."""
    r = (rgb >> 16) & 255
    g = (rgb >> 8) & 255
    b = rgb & 255
    return rgb565_to_rgb(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3))


def write_png(path, w, h, rgb, scale=1):
    rows = bytearray()
    for y in range(h):
        line = rgb[3 * w * y:3 * w * (y + 1)]
        if scale > 1:
            wide = bytearray()
            for x in range(w):
                wide += line[3 * x:3 * x + 3] * scale
            line = wide
        for _ in range(scale):
            rows.append(0)
            rows += line

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w * scale, h * scale, 8,
                                                             2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


class _Event:
    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class _Queue:
    def __init__(self):
        self.q = deque()

    def get(self):
        return self.q.popleft() if self.q else None

    def clear(self):
        self.q.clear()

    def __len__(self):
        return len(self.q)


class ScriptedButtons:
    """keypad.Keys-like: tests push presses, the app pops events."""

    def __init__(self, keys=KEYS):
        self.keys = keys
        self.events = _Queue()

    def press(self, name):
        k = self.keys.index(name)
        self.events.q.append(_Event(k, True))
        self.events.q.append(_Event(k, False))

    def hold(self, name):
        self.events.q.append(_Event(self.keys.index(name), True))

    def release(self, name):
        self.events.q.append(_Event(self.keys.index(name), False))

    def deinit(self):  # (keypad.Keys': before its pins become a sleep's alarms, resume.py)
        self.events.clear()


class Cell:
    """A battery for the headless board: its gauge's ADC, whose .value (16 bits of 3.3 V) reads
    volts / divider, as a board's analogio.AnalogIn on its battery pin; tests set volts."""

    def __init__(self, volts=4.2, divider=3.0):
        self.volts, self.divider = volts, divider

    @property
    def value(self):
        return max(0, min(65535, int(self.volts / self.divider / 3.3 * 65535 + 0.5)))


def battery(volts=4.2, ratio=30, empty=3400, full=4100):
    """A board's `battery` (docs/boards.md: its ADC, the divider in tenths, the empty and full
    mV) with a Cell at volts."""
    return (Cell(volts, ratio / 10), ratio, empty, full)


class Board:
    """The board interface (docs/boards.md) as an object, for any screen size."""

    def __init__(self, width=240, height=240, keys=KEYS, storage=None, save_file=None,
                 names=None, brightness=0.2, battery=None):
        displayio.release_displays()
        self.NAME = NAME
        self.KEYS = keys
        self.NAMES = names or names_of(keys)  # another board's (its NAMES) to draw its lines
        self.display = HeadlessDisplay(width, height)
        self.buttons = ScriptedButtons(keys)
        self.audio = None
        self.storage = storage
        self.SAVE_FILE = save_file
        self.brightness = brightness  # dimmed (None: no backlight, as the uGame22: docs/boards.md)
        self.battery = battery  # no gauge, or battery(volts): a Cell


def make(width=240, height=240, **kw):
    return Board(width, height, **kw)


def _size():
    t = os.environ.get("MANCALA_SIZE", "240x240")
    w, h = t.lower().split("x")
    return int(w), int(h)


_default = None


def __getattr__(name):
    # module-level board interface, built on first use (MANCALA_SIZE=WxH, default 240x240)
    global _default
    if name in ("display", "buttons", "audio", "storage", "SAVE_FILE"):
        if _default is None:
            _default = Board(*_size())
        return getattr(_default, name)
    raise AttributeError(name)
