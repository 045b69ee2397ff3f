"""The real firmware on an emulated RP2040 (rp2040js under node; tools/emu/README.md): the
chips the tests and the device tools drive. Its command line is tools/emu/command.py (make emu):
`cp` boots CircuitPython with the board's bundle (`make bundle`) on a FAT CIRCUITPY drive, presses
the keys, prints the serial console and saves PNG screenshots; `mp` runs a script on MicroPython
(engine/ on a littlefs drive) through the raw REPL and prints its output and simulated time.
Times are simulated: Cortex-M0+ cycles at the firmware's clock (125 MHz), no flash wait states.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile

# the drives' places in flash and their images (re-exported: emu.CP_FS, emu.fat_image ...)
from tools.emu.drive import (CP_FS, CYW43_FS, MP_FS, EmuError, drive_of,  # noqa: F401
                             fat_image, littlefs_image)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RUNNER = os.path.join(HERE, "runner.mjs")

# Firmware files: $MANCALA_EMU_DIR (default ../shared/emu beside the repository), each one
# overridable by its own variable.
FIRMWARE = {
    "bootrom": ("MANCALA_EMU_BOOTROM", "rp2040-bootrom-b1.mjs"),
    "cp_picosystem": ("MANCALA_CP_PICOSYSTEM_UF2", "circuitpython-10.2.1-pimoroni_picosystem.uf2"),
    "cp_pico": ("MANCALA_CP_PICO_UF2", "circuitpython-10.2.1-raspberry_pi_pico.uf2"),
    "cp_ugame22": ("MANCALA_CP_UGAME22_UF2", "circuitpython-10.2.1-ugame22.uf2"),
    "cp_picopad": ("MANCALA_CP_PICOPAD_UF2", "circuitpython-10.2.1-pajenicko_picopad.uf2"),
    "cp_sprig": ("MANCALA_CP_SPRIG_UF2", "circuitpython-10.2.1-hack_club_sprig.uf2"),
    "mp_pico": ("MANCALA_MP_PICO_UF2", "micropython-1.28.0-rpi_pico.uf2"),
    "mpy_cross": ("MANCALA_CP_MPY_CROSS", "circuitpython-10.2.1-mpy-cross"),
}

# What each ADC input (GP26-GP29) reads unless a test sets it (Emu.adc): 1.4 V, a full LiPo
# (4.2 V) through a battery gauge's divider of 3 (boards/: battery), so no board starts on an
# empty battery (rp2040js reads 0 V: the app would save and sleep at once)
ADC_VOLTS = 1.4

# What the emulator must know of each board: firmware, the display's SPI (index, DC and CS GPIOs),
# how the controller's address space maps to the screen, and the buttons (GPIO, active low).
# crop = (x, y, w, h) in controller addresses; rotate = quarter turns clockwise applied after;
# panel = (rotation, (colstart, rowstart)): how the board module sets displayio up, which the
# direct renderer (firmware/views/direct.py) addresses the same way (tests/test_direct.py checks
# the two descriptions agree; tests/test_device_direct.py that the chip does);
# audio = how the board's
# sound leaves the chip (runner.mjs watches it: "pwm" GPIO, or "i2s" data GPIO of a PIO program).
# The last three: pins and display set-up from the firmware's board.c (../shared/emu/NOTES.md).
BOARDS = {
    "picosystem": dict(firmware="cp_picosystem", spi=0, dc=9, cs=5, size=(240, 240),
                       crop=(0, 0, 240, 240), rotate=0, panel=(0, (0, 0)), audio=("pwm", 11),
                       keys=dict(up=23, down=20, left=22, right=21, a=18, b=19, x=17, y=16)),
    "pico_display_pack2": dict(firmware="cp_pico", spi=0, dc=16, cs=17, size=(320, 240),
                               crop=(0, 0, 240, 320), rotate=1, panel=(270, (0, 0)),
                               keys=dict(a=12, b=13, x=14, y=15)),
    "pico_lcd13": dict(firmware="cp_pico", spi=1, dc=8, cs=9, size=(240, 240),
                       crop=(0, 80, 240, 240), rotate=1, panel=(270, (0, 80)),
                       keys=dict(up=2, down=18, left=16, right=20, start=3, a=15, b=17, x=19,
                                 y=21)),
    # ILI9341, MADCTL 0x38: the controller's addresses are already the 320x240 landscape screen
    "ugame22": dict(firmware="cp_ugame22", spi=0, dc=4, cs=5, size=(320, 240),
                    crop=(0, 0, 320, 240), rotate=0, panel=(0, (0, 0)), audio=("i2s", 23),
                    keys=dict(up=10, down=7, left=11, right=9, a=8, b=6, start=0)),
    # ST7789, MADCTL 0x60: landscape addresses too. A Pico W: run on the Pico build (the
    # recommended one, boards/picopad.py); its own build (cp_picopad) starts the Wi-Fi chip, which
    # is not emulated, and fails
    "picopad": dict(firmware="cp_pico", spi=0, dc=17, cs=21, size=(320, 240),
                    crop=(0, 0, 320, 240), rotate=0, panel=(0, (0, 0)), audio=("pwm", 15),
                    keys=dict(up=4, down=5, left=3, right=2, a=7, b=6, x=9, y=8)),
    # ST7735R 128x160 panel, displayio rotation 270: portrait addresses, turned a quarter clockwise
    "sprig": dict(firmware="cp_sprig", spi=0, dc=22, cs=20, size=(160, 128),
                  crop=(0, 0, 128, 160), rotate=1, panel=(270, (0, 0)), audio=("i2s", 9),
                  keys=dict(up=5, down=7, left=6, right=8, a=15, b=14, x=12, y=13)),
}


def emu_dir():
    return os.environ.get("MANCALA_EMU_DIR") or os.path.join(os.path.dirname(ROOT), "shared", "emu")


def firmware_path(kind):
    """Path of a firmware file, or None when it is not there."""
    var, name = FIRMWARE[kind]
    path = os.environ.get(var) or os.path.join(emu_dir(), name)
    return path if os.path.exists(path) else None


def missing(*kinds):
    """Why the emulator cannot run these firmware kinds here (None if it can): for skip reasons."""
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        return "rp2040js is not installed (make emu-deps: npm ci in tools/emu)"
    for kind in ("bootrom",) + kinds:
        if not firmware_path(kind):
            var, name = FIRMWARE[kind]
            return "%s not found (put it in %s or set %s)" % (name, emu_dir(), var)
    return None


# ---- PNG: tools/emu/picture.py (re-exported: emu.write_png ...) ----------------------------

from tools.emu.picture import crop_rotate, to_rgb_rows, write_png  # noqa: E402,F401


# ---- the emulator ---------------------------------------------------------------------------

class Emu:
    """One emulated RP2040 running `uf2` with filesystem `images` [(path, flash offset)].

    Everything is in simulated time: run(ms) advances the chip by ms milliseconds."""

    def __init__(self, uf2, images=(), board=None, echo=False, flash=None, counts=None,
                 usb=True):
        """flash: a whole flash image (flash_image()) to boot from instead of uf2 and images;
        counts: erase/program counts per sector carried over (reset); usb=False: no USB host
        (on battery: no console; CircuitPython's deep sleep is then real, runner.mjs)."""
        if missing():
            raise EmuError(missing())
        self.board = BOARDS.get(board) if board else None
        self.board_name = board
        self.echo = echo
        self.console = ""  # everything the firmware printed (since the last reset)
        self.t_us = 0
        self.last_pixel_us = 0
        self.busy_cycles = 0  # cycles the core executed, not waiting in WFI (runner.mjs), since boot
        self.dormant = False  # the oscillator in DORMANT (deep sleep): the core stopped
        self.dormant_us = 0  # simulated time spent so, in all
        self.resets = 0  # watchdog resets (a wake from deep sleep) since boot
        self.clk_hz = 125000000  # the system clock as the firmware set it (the runner's reading)
        self.changed = (0, 0)
        self.proc = None
        # absolute: the runner's working folder is tools/emu, not the caller's
        cfg = {"bootrom": os.path.abspath(firmware_path("bootrom")), "uf2": [os.path.abspath(uf2)],
               "images": [{"path": os.path.abspath(p), "offset": o} for p, o in images],
               "usb": usb, "adc": [round(ADC_VOLTS / 3.3 * 4095)] * 4}
        if self.board:
            b = self.board
            cfg["display"] = {"spi": b["spi"], "dc": b["dc"], "cs": b["cs"]}
            cfg["high"] = sorted(b["keys"].values())
            if b.get("audio"):
                cfg["audio"] = {"kind": b["audio"][0], "gpio": b["audio"][1]}
        self.cfg = cfg
        self._start(flash, counts)

    def _start(self, flash=None, counts=None):
        self.proc = subprocess.Popen(["node", RUNNER], cwd=HERE, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        cfg = dict(self.cfg)
        if flash is not None:
            cfg["flash"] = os.path.abspath(flash)
        if counts is not None:
            cfg["counts"] = counts
        self._call({"op": "boot", "config": cfg})

    # -- the flash chip (flash.mjs) -------------------------------------------------------------
    def flash_image(self):
        """The whole flash (2 MB) as the firmware left it: bytes."""
        fd, path = tempfile.mkstemp(prefix="flash-", suffix=".bin")
        os.close(fd)
        try:
            self._call({"op": "flash_save", "path": path})
            with open(path, "rb") as f:
                return f.read()
        finally:
            os.remove(path)

    def flash_counts(self):
        """{'erases': {sector: n}, 'programs': {sector: page programs}} since the first boot."""
        ans = self._call({"op": "flash_counts"})
        return {k: {int(s): n for s, n in ans[k].items()} for k in ("erases", "programs")}

    def flash_log(self, on=None):
        """The erases and programs since the last call: [(kind, addr, len, start_ns, end_ns)],
        a program's with where in its page it starts and its bytes (base64) after them
        (tools/emu/cuts.py); on=True starts recording, on=False stops it."""
        cmd = {"op": "flash_log"}
        if on is not None:
            cmd["on"] = on
        return [tuple(x) for x in self._call(cmd)["log"]]

    def run_until_ns(self, ns):
        """Run to the simulated instant ns (to the instruction)."""
        self._call({"op": "run", "ms": 0, "until_ns": ns, "heap": True})

    def cut(self, mode="random", seed=1):
        """Power cut now: an erase still running is left as `mode` ('random', 'half', 'zero'), a
        program partly done. (what was cut: {kind, addr, frac, mode} or None, the instant in ns)."""
        ans = self._call({"op": "cut", "mode": mode, "seed": seed})
        return ans["cut"], ans["now_ns"]

    def reset(self, flash=None):
        """Power off and on: a new chip boots from this one's flash (or `flash`, an image), its
        erase counts carried over. The console and the clock start again."""
        counts = self.flash_counts()
        image = self.flash_image() if flash is None else flash
        self.close()
        fd, path = tempfile.mkstemp(prefix="flash-", suffix=".bin")
        with os.fdopen(fd, "wb") as f:
            f.write(image)
        try:
            self.console = ""
            self.t_us = 0
            self.last_pixel_us = 0
            self.busy_cycles = 0
            self._start(path, {k: {str(s): n for s, n in v.items()} for k, v in counts.items()})
        finally:
            os.remove(path)

    def _call(self, cmd):
        try:
            self.proc.stdin.write(json.dumps(cmd) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            raise EmuError("the emulator (node %s) stopped" % RUNNER)
        ans = json.loads(line)
        if "error" in ans:
            raise EmuError(ans["error"])
        if "serial" in ans:
            text = base64.b64decode(ans["serial"]).decode("utf-8", "replace")
            self.console += text
            if self.echo and text:
                sys.stdout.write(text)
                sys.stdout.flush()
            self.t_us = ans["t_us"]
            self.last_pixel_us = ans.get("last_pixel_us", 0)
            self.busy_cycles = ans.get("busy_cycles", self.busy_cycles)
            self.dormant = ans.get("dormant", False)
            self.dormant_us = ans.get("dormant_us", 0)
            self.resets = ans.get("resets", 0)
            self.clk_hz = ans.get("clk_hz") or self.clk_hz
        return ans

    def run(self, ms, until=None, heap=True):
        """Advance ms of simulated time, or until `until` appears on the console; True if it did."""
        start = len(self.console)
        ans = self._call({"op": "run", "ms": ms, "until": until, "heap": heap})
        if until and not ans["hit"] and until in self.console[max(0, start - len(until)):]:
            return True
        return ans.get("hit", False)

    def wait_for(self, text, ms):
        if not self.run(ms, until=text):
            raise EmuError("%r did not appear within %d ms (simulated); console ends:\n%s"
                           % (text, ms, self.console[-1500:]))

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        self._call({"op": "send", "data": base64.b64encode(data).decode()})

    def adc(self, gpio, volts):
        """The voltage on an ADC pin (GP26-GP29) from now on (a watchdog reset keeps it)."""
        self._call({"op": "adc", "channel": gpio - 26,
                    "value": max(0, min(4095, round(volts / 3.3 * 4095)))})

    def pin(self, gpio, value):
        self._call({"op": "pin", "gpio": gpio, "value": 1 if value else 0})

    def press(self, key, hold_ms=80, after_ms=150):
        """Press and release a board button (driven low, as a pressed key reads)."""
        if not self.board or key not in self.board["keys"]:
            raise EmuError("no key %r on this board (keys: %s)"
                           % (key, ", ".join(self.board["keys"]) if self.board else "none"))
        gpio = self.board["keys"][key]
        self.pin(gpio, 0)
        self.run(hold_ms)
        self.pin(gpio, 1)
        self.run(after_ms)

    def frame565(self):
        """Rows of RGB565 values: the display as the board shows it."""
        ans = self._call({"op": "frame"})
        data = base64.b64decode(ans["rgb565"])
        b = self.board
        return crop_rotate(data, ans["w"], ans["h"], b["crop"] if b else None,
                           b["rotate"] if b else 0)

    def screenshot(self, path):
        px = self.frame565()
        write_png(path, len(px[0]), len(px), to_rgb_rows(px))
        return path

    def heap_lines(self, on=None):
        """The lowest free heap between consecutive console lines since the last call:
        [{t_us, min_free, line}] (the low before each line was printed). on=True starts
        recording, on=False stops it."""
        cmd = {"op": "lines"}
        if on is not None:
            cmd["on"] = on
        return self._call(cmd)["lines"]

    def spans(self, on=None):
        """The display writes (one per RAMWR command that wrote pixels) since the last call:
        [(start_us, end_us, x0, y0, x1, y1, pixels)] in controller coordinates. on=True starts
        recording, on=False stops it. Afterwards self.changed = (pixels whose colour changed,
        pixels whose colour changed more than once: an in-between picture reached the panel)
        over the same time; the count restarts at each call."""
        cmd = {"op": "spans"}
        if on is not None:
            cmd["on"] = on
        ans = self._call(cmd)
        self.changed = (ans["changed"], ans["again"])
        return [tuple(x) for x in ans["spans"]]

    def audio(self):
        """What reached the board's sound output since the last call: {kind ("pwm"/"i2s"), gpio,
        writes (PWM compare levels written, or words into the I2S state machine's TX FIFO),
        changes (writes that differ from the one before), distinct, values (up to 50), pulled
        (I2S: words the state machine took out of its FIFO)}."""
        return self._call({"op": "audio"})

    def pwm(self, gpio):
        """A GPIO's PWM as the chip has set it: {cc (the compare level of its slice's half), top
        (the wrap), on (the slice enabled), routed (the pin's function is PWM)}; its duty is
        cc / (top + 1) (a backlight's brightness: tests/test_device_idle.py)."""
        return self._call({"op": "pwm", "gpio": gpio})

    def heap(self, reset=False):
        """GC heap read from RAM: free, total, min_free (lowest sampled), min_free_after_collect."""
        return self._call({"op": "heap_reset" if reset else "heap"})

    # -- REPL ---------------------------------------------------------------------------------
    def interrupt_to_repl(self, ms=5000):
        """Stop code.py (Ctrl-C) and enter the REPL."""
        for _ in range(3):
            mark = len(self.console)
            self.send(b"\x03")
            self.run(ms, until="Press any key to enter the REPL")
            if "Press any key" in self.console[mark:]:
                break
            if self.console.endswith(">>> "):
                return
        self.send(b"\r")
        self.wait_for(">>> ", ms)

    def raw_exec(self, code, ms=60000):
        """Run code through the raw REPL: (stdout, stderr, simulated seconds it took)."""
        self.send(b"\x01")
        self.wait_for("raw REPL; CTRL-B to exit\r\n>", ms)
        mark = len(self.console)
        t0 = self.t_us
        self.send(code.encode() + b"\x04")
        self.wait_for("OK", ms)
        body = mark + self.console[mark:].index("OK") + 2
        if not self.run(ms, until="\x04>") and not self.console[body:].count("\x04") >= 2:
            raise EmuError("script did not finish within %d ms (simulated); console ends:\n%s"
                           % (ms, self.console[-1500:]))
        while self.console[body:].count("\x04") < 2:
            self.run(10)
        out, err = self.console[body:].split("\x04")[:2]
        took = (self.t_us - t0) / 1e6
        self.send(b"\x02")
        self.run(50)
        return out, err, took

    def close(self):
        if self.proc.poll() is None:
            try:
                self._call({"op": "quit"})
            except EmuError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---- CircuitPython with a bundle, MicroPython with files --------------------------------------

def circuitpython(board, bundle_dir=None, firmware=None, echo=False, workdir=None, py=False,
                  usb=True):
    """Boot the board's CircuitPython firmware with its bundle on CIRCUITPY (not yet run);
    usb=False: no USB host (Emu)."""
    if board not in BOARDS:
        raise EmuError("no emulator description for board %r (have: %s)"
                       % (board, ", ".join(BOARDS)))
    firmware = firmware or firmware_path(BOARDS[board]["firmware"])
    if not firmware or not os.path.exists(firmware):
        raise EmuError(missing(BOARDS[board]["firmware"]) or "%s does not exist" % firmware)
    if bundle_dir is None:
        from tools.build import bundle as bundle_tool
        bundle_dir = bundle_tool.bundle(board, mpy_cross=None if py else
                                        bundle_tool.default_mpy_cross(), quiet=True)
    workdir = workdir or tempfile.mkdtemp(prefix="emu-")
    fs = drive_of(firmware)
    img = fat_image(bundle_dir, os.path.join(workdir, "circuitpy.img"), fs)
    return Emu(firmware, [(img, fs[0])], board=board, echo=echo, usb=usb)


def from_flash(board, image, echo=False):
    """The board's chip booting from a whole flash image (bytes: Emu.flash_image())."""
    fd, path = tempfile.mkstemp(prefix="flash-", suffix=".bin")
    with os.fdopen(fd, "wb") as f:
        f.write(image)
    try:
        return Emu(firmware_path(BOARDS[board]["firmware"]), board=board, echo=echo, flash=path)
    finally:
        os.remove(path)


def engine_files(mpy=False):
    """{device path: local path or bytes} for engine/ (.py, or .mpy from MicroPython's mpy-cross)."""
    files = {}
    top = os.path.join(ROOT, "engine")
    for here, dirs, names in os.walk(top):  # (a game's folder too: engine/<game>/)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(here, ROOT).replace(os.sep, "/")
        for name in sorted(n for n in names if n.endswith(".py")):
            path = os.path.join(here, name)
            if mpy and name != "__init__.py":
                from tools.build import bundle as bundle_tool
                with tempfile.TemporaryDirectory() as tmp:
                    out = os.path.join(tmp, name[:-3] + ".mpy")
                    subprocess.run([bundle_tool.mpy_cross_exe(), bundle_tool.MPY_OPT,
                                    "-march=armv6m", "-o", out, "-s", rel + "/" + name, path],
                                   check=True)
                    files[rel + "/" + name[:-3] + ".mpy"] = open(out, "rb").read()
            else:
                files[rel + "/" + name] = path
    return files


def micropython(files=None, firmware=None, echo=False, workdir=None):
    """Boot MicroPython with `files` on its littlefs drive and wait for the REPL."""
    firmware = firmware or firmware_path("mp_pico")
    if not firmware:
        raise EmuError(missing("mp_pico"))
    workdir = workdir or tempfile.mkdtemp(prefix="emu-")
    img = littlefs_image(files if files is not None else engine_files(),
                         os.path.join(workdir, "lfs.img"))
    emu = Emu(firmware, [(img, MP_FS[0])], echo=echo)
    emu.run(1500)
    emu.send(b"\r\x03")
    emu.wait_for(">>> ", 10000)
    return emu
