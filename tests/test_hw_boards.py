# The device board modules, imported on CPython over fake CircuitPython modules whose `board` has
# exactly the pins of that board's circuitpython-stubs definition: every module builds its display,
# its keypad.Keys with the right GPIOs and polarity, its audio and its storage, and meets the board
# interface of docs/boards.md. Plus boards/select.py.
import importlib
import os
import re
import sys
import types

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tools.build import bundle

KEY_NAMES = {"up", "down", "left", "right", "a", "b", "x", "y", "start", "select"}

# board -> (board_id, {key name: GPIO}) from the hardware documentation (docs/hardware.md)
EXPECTED = {
    "picosystem": ("pimoroni_picosystem", {"up": 23, "down": 20, "left": 22, "right": 21,
                                           "a": 18, "b": 19, "x": 17, "y": 16}),
    "picopad": ("raspberry_pi_pico", {"up": 4, "down": 5, "left": 3, "right": 2,
                                      "a": 7, "b": 6, "x": 9, "y": 8}),
    "ugame22": ("ugame22", {"up": 10, "down": 7, "left": 11, "right": 9,
                            "a": 8, "b": 6, "start": 0}),
    "sprig": ("hack_club_sprig", {"up": 5, "down": 7, "left": 6, "right": 8,
                                  "a": 15, "b": 14, "x": 12, "y": 13}),
    "pico_display_pack2": ("raspberry_pi_pico", {"a": 12, "b": 13, "x": 14, "y": 15}),
    "pico_lcd13": ("raspberry_pi_pico", {"up": 2, "down": 18, "left": 16, "right": 20,
                                         "a": 15, "b": 17, "x": 19, "y": 21, "start": 3}),
}
# board -> (SPI clock, MOSI, command/DC, chip select, reset, backlight, BusDisplay kwargs), for the
# boards whose module builds the display (the PicoPad: on the Pico build only)
SPI_DISPLAYS = {
    "picopad": (18, 19, 17, 21, 20, 16, {"width": 320, "height": 240}),
    "pico_display_pack2": (18, 19, 16, 17, None, 20,
                           {"width": 320, "height": 240, "rotation": 270}),
    "pico_lcd13": (10, 11, 8, 9, 12, 13,
                   {"width": 240, "height": 240, "rotation": 270, "rowstart": 80}),
}
# The Pico builds' ST7789 init sequence, as (command, arguments, delay ms): adafruit_st7789's
# commands and final MADCTL (0xC0, so the same picture) with only the datasheet's waits.
ST7789_INIT = [(0x01, b"", 120), (0x11, b"", 120), (0x3A, b"\x55", 0), (0x36, b"\xc0", 0),
               (0x21, b"", 0), (0x13, b"", 0), (0x29, b"", 0)]
# The PicoPad's on the Pico build: its own build's board.c set-up (landscape MADCTL 0x60, the
# panel's porch, voltages and gamma) with the datasheet's waits instead of 150 / 500 / 100 ms.
PICOPAD_INIT = [
    (0x01, b"", 120), (0x36, b"\x60", 0), (0x35, b"\x00", 0), (0xB2, b"\x0c\x0c\x00\x33\x33", 0),
    (0x3A, b"\x05", 0), (0xB7, b"\x14", 0), (0xBB, b"\x37", 0), (0xC0, b"\x2c", 0),
    (0xC2, b"\x01", 0), (0xC3, b"\x12", 0), (0xC4, b"\x20", 0), (0xD0, b"\xa4\xa1", 0),
    (0xC6, b"\x0f", 0),
    (0xE0, bytes.fromhex("d0040d11132b3f544c180d0b1f23"), 0),
    (0xE1, bytes.fromhex("d0040c11132c3f44512f1f1f2023"), 0),
    (0x21, b"", 0), (0x11, b"", 120), (0x29, b"", 0)]
INITS = {"picopad": PICOPAD_INIT}
# the boards that run on more than one build: board module -> the other board_ids
OTHER_IDS = {"picopad": ("pajenicko_picopad",)}


def st7789_init(seq):
    # displayio's format: command, argument count | 0x80 if a delay byte follows, arguments, delay
    # (255 means 500 ms)
    out, i = [], 0
    while i < len(seq):
        cmd, n = seq[i], seq[i + 1]
        args = bytes(seq[i + 2:i + 2 + (n & 0x7F)])
        i += 2 + (n & 0x7F)
        delay = 0
        if n & 0x80:
            delay = 500 if seq[i] == 255 else seq[i]
            i += 1
        out.append((cmd, args, delay))
    return out


AUDIO = {"picosystem": ("pwm", 11), "picopad": ("pwm", 15), "ugame22": ("i2s", (24, 25, 23)),
         "sprig": ("i2s", (10, 11, 9)), "pico_display_pack2": None, "pico_lcd13": None}


class Pin:
    def __init__(self, name, gpio):
        self.name, self.gpio = name, gpio

    def __repr__(self):
        return "board.%s(GP%s)" % (self.name, self.gpio)


class Rec:
    """Records its constructor arguments (a fake CircuitPython class)."""
    made = None

    def __init__(self, *args, **kw):
        self.args, self.kw = args, kw
        type(self).made = self


class FakeDisplay(Rec):
    def __init__(self, *args, **kw):
        Rec.__init__(self, *args, **kw)
        self.width, self.height = kw.get("width", 240), kw.get("height", 240)
        self.root_group = None
        self.auto_refresh = True


class Events:
    def get(self):
        return None

    def clear(self):
        pass


class Keys(Rec):
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.02, max_events=64):
        Rec.__init__(self, pins, value_when_pressed=value_when_pressed, pull=pull)
        self.pins, self.value_when_pressed, self.pull = tuple(pins), value_when_pressed, pull
        self.events = Events()


class AudioOut(Rec):
    def __init__(self, *args, **kw):
        Rec.__init__(self, *args, **kw)
        self.played = []
        self.playing = False

    def play(self, sample, loop=False):
        self.played.append((sample, loop, bytes(sample.args[0])))
        self.playing = True

    def stop(self):
        self.playing = False


CLOCK = [0]


class RawSample(Rec):
    pass


# each board's battery gauge: (its ADC pin's GPIO, the divider in tenths), None: no gauge
BATTERY = {"picosystem": (26, 30), "picopad": (29, 30), "pico_display_pack2": (29, 30),
           "pico_lcd13": (29, 30), "sprig": (29, 30), "ugame22": None}


def stub_pins(board_id):
    with open(os.path.join(bundle.stubs_dir(), board_id, "__init__.pyi")) as f:
        text = f.read()
    return {m.group(1): int(m.group(2)) for m in
            re.finditer(r"^(\w+): microcontroller\.Pin\s+# GPIO(\d+)", text, re.M)}


def fake_modules(board_id):
    pins = stub_pins(board_id)
    board = types.ModuleType("board")
    for name, gpio in pins.items():
        setattr(board, name, Pin(name, gpio))
    board.board_id = board_id
    if "DISPLAY:" in open(os.path.join(bundle.stubs_dir(), board_id, "__init__.pyi")).read():
        board.DISPLAY = FakeDisplay(width=240, height=240)
        board.DISPLAY.auto_refresh = board_id != "ugame22"
    mods = {"board": board}

    def mod(name, **attrs):
        m = types.ModuleType(name)
        for k, v in attrs.items():
            setattr(m, k, v)
        mods[name] = m
        return m

    mod("keypad", Keys=Keys)
    mod("microcontroller", nvm=bytearray(4096), Pin=Pin)
    mod("micropython", const=lambda x: x)
    mod("busio", SPI=type("SPI", (Rec,), {}))
    mod("fourwire", FourWire=type("FourWire", (Rec,), {}))
    mod("displayio", release_displays=lambda: None, Group=object)
    mod("busdisplay", BusDisplay=type("BusDisplay", (FakeDisplay,), {}))
    mod("audiopwmio", PWMAudioOut=type("PWMAudioOut", (AudioOut,), {}))
    mod("audiobusio", I2SOut=type("I2SOut", (AudioOut,), {}))
    mod("audiocore", RawSample=RawSample)
    mod("supervisor", ticks_ms=lambda: CLOCK[0])
    mod("analogio", AnalogIn=type("AnalogIn", (Rec,), {"value": 43690}))

    class DIO(Rec):
        pull = None
    mod("digitalio", DigitalInOut=DIO, Pull=types.SimpleNamespace(UP="up", DOWN="down"))
    return mods


def load_board(name, monkeypatch, board_id=None):
    board_id = board_id or EXPECTED[name][0]
    for k, v in fake_modules(board_id).items():
        monkeypatch.setitem(sys.modules, k, v)
    monkeypatch.syspath_prepend(ROOT)
    monkeypatch.delitem(sys.modules, "boards." + name, raising=False)
    return importlib.import_module("boards." + name)


@pytest.mark.parametrize("name, board_id", [(n, EXPECTED[n][0]) for n in sorted(EXPECTED)] +
                         [(n, i) for n in sorted(OTHER_IDS) for i in OTHER_IDS[n]])
def test_board_module_meets_interface(name, board_id, monkeypatch):
    m = load_board(name, monkeypatch, board_id)
    keys = EXPECTED[name][1]
    assert m.NAME == name
    assert board_id in bundle.BOARDS[name][0]
    # buttons: exact GPIOs, active low with pull-ups, one name per key
    assert isinstance(m.KEYS, tuple) and set(m.KEYS) <= KEY_NAMES
    assert len(set(m.KEYS)) == len(m.KEYS) == len(m.buttons.pins)
    # a full pad, or the app's four-button mode (A, B, X, Y; firmware/app.py: no "up" in KEYS)
    assert {"a", "b", "up", "down", "left", "right"} <= set(m.KEYS) or set(m.KEYS) == set("abxy")
    assert {k: p.gpio for k, p in zip(m.KEYS, m.buttons.pins)} == keys
    assert m.buttons.value_when_pressed is False and m.buttons.pull is True
    assert m.buttons.events.get() is None
    # display
    d = m.display
    assert hasattr(d, "width") and hasattr(d, "height") and hasattr(d, "root_group")
    assert d.auto_refresh is True
    if name in SPI_DISPLAYS and not hasattr(sys.modules["board"], "DISPLAY"):
        sck, mosi, dc, cs, rst, bl, kw = SPI_DISPLAYS[name]
        spi = sys.modules["busio"].SPI.made
        assert spi.args[0].gpio == sck and spi.kw["MOSI"].gpio == mosi
        bus = sys.modules["fourwire"].FourWire.made
        assert bus.args[0] is spi
        assert bus.kw["command"].gpio == dc and bus.kw["chip_select"].gpio == cs
        assert (bus.kw.get("reset").gpio if bus.kw.get("reset") else None) == rst
        st = sys.modules["busdisplay"].BusDisplay.made
        assert st is d and st.args[0] is bus and st.kw["backlight_pin"].gpio == bl
        assert st7789_init(st.args[1]) == INITS.get(name, ST7789_INIT)
        assert set(st.kw) == set(kw) | {"backlight_pin"}, st.kw  # nothing else: same geometry
        for k, v in kw.items():
            assert st.kw[k] == v, (k, st.kw[k])
        assert (d.width, d.height) == (kw["width"], kw["height"])
    else:
        assert d is sys.modules["board"].DISPLAY
    # the pins a sleep's alarms wake on: the keypad's
    assert tuple(m.pins) == m.buttons.pins
    # the battery gauge: its ADC pin and divider (docs/boards.md), or none
    if BATTERY[name] is None:
        assert m.battery is None
    else:
        adc, ratio, empty, full = m.battery
        assert (adc.args[0].gpio, ratio) == BATTERY[name] and 0 < empty < full
    # storage: the 4 KB NVM
    assert m.storage is sys.modules["microcontroller"].nvm and len(m.storage) == 4096
    # audio
    want = AUDIO[name]
    if want is None:
        assert m.audio is None
    else:
        kind, pins = want
        assert m.audio is not None
        out = m.audio._out
        if kind == "pwm":
            assert out.args[0].gpio == pins
        else:
            assert tuple(p.gpio for p in out.args) == pins


def square(hz, n):
    half = 8000 // (2 * hz)
    return bytes(0xC0 if i % (2 * half) < half else 0x40 for i in range(n))


@pytest.mark.parametrize("name", ["picosystem", "sprig"])
def test_tone_makes_a_square_wave_of_the_right_length(name, monkeypatch):
    m = load_board(name, monkeypatch)
    assert m.audio._buf is None  # no buffer until a first tone: sound is off by default
    m.audio._out.playing = False
    m.audio.tone(440, 100)
    buf = m.audio._buf
    sample, loop, data = m.audio._out.played[-1]
    assert loop is False and sample.kw["sample_rate"] == 8000
    assert len(data) == 800  # 100 ms at 8 kHz
    half = 8000 // (2 * 440)
    period = data[:2 * half]
    assert set(period[:half]) == {period[0]} and set(period[half:]) == {period[-1]}
    assert period[0] > 0x80 > period[-1]
    assert all(data[i] == period[i % (2 * half)] for i in range(len(data)))
    m.audio._out.stop()
    m.audio.tone(2000, 5000)  # longer than the buffer: clipped, never a new allocation
    assert len(m.audio._out.played[-1][2]) == 1200 and m.audio._buf is buf
    m.audio._out.stop()
    n = len(m.audio._out.played)
    m.audio.tone(0, 100)  # silence: nothing played
    assert len(m.audio._out.played) == n


def test_the_app_s_longest_sound_fits_the_tone_buffer():
    # the capture chord's three notes play one after another from one buffer: none is cut
    from boards import tone
    from firmware import app
    for name, notes in app._TONES.items():
        assert sum(8000 * ms // 1000 for _, ms in notes) <= tone._MAX, name


def test_tones_asked_for_together_play_one_after_the_other(monkeypatch):
    m = load_board("picosystem", monkeypatch)
    out = m.audio._out
    CLOCK[0] = 1000
    m.audio.tone(500, 40)  # 320 samples
    m.audio.tone(400, 40)  # same instant: queued behind it
    assert out.played[-1][2] == square(500, 320) + square(400, 320)
    CLOCK[0] += 60  # 480 of the 640 samples played: 160 left, then the new tone
    m.audio.tone(800, 10)
    assert out.played[-1][2] == square(400, 320)[160:] + square(800, 80)
    CLOCK[0] += 1000
    out.playing = False  # finished
    m.audio.tone(250, 20)
    assert out.played[-1][2] == square(250, 160)


def test_boards_with_a_speaker_share_one_tone_player():
    for name in ("picosystem", "picopad", "ugame22", "sprig"):
        src = open(os.path.join(ROOT, "boards", name + ".py")).read()
        assert "from boards.tone import Tone" in src and "class " not in src, name


def test_select_maps_board_ids_and_override(monkeypatch):
    monkeypatch.syspath_prepend(ROOT)
    monkeypatch.delenv("MANCALA_BOARD", raising=False)
    from boards import select
    for name, (ids, _, _) in bundle.BOARDS.items():
        if name not in select.PICO_BUILDS:  # the PicoPad: by its own build's id
            assert select.board_name(ids[-1]) == name
        assert select.board_name(ids[0], override=name) == name
    assert set(select.DEVICES) == set(bundle.BOARDS)
    assert select.board_name(None) == "desktop"
    for pico in ("raspberry_pi_pico", "raspberry_pi_pico_w"):
        with pytest.raises(ValueError, match="MANCALA_BOARD.*pico_lcd13.*picopad"):
            select.board_name(pico)  # a PicoPad on the Pico build is named there too
    with pytest.raises(ValueError, match="unsupported board 'adafruit_feather_rp2040'"):
        select.board_name("adafruit_feather_rp2040")
    with pytest.raises(ValueError, match="not a board"):
        select.board_name("ugame22", override="gameboy")
    monkeypatch.setenv("MANCALA_BOARD", "pico_lcd13")  # os.getenv is how settings.toml reads
    assert select.board_name("raspberry_pi_pico") == "pico_lcd13"
    assert select.board_id() is None  # not CircuitPython: never imports `board`


def test_select_load_imports_the_module(monkeypatch):
    for k, v in fake_modules("pimoroni_picosystem").items():
        monkeypatch.setitem(sys.modules, k, v)
    monkeypatch.syspath_prepend(ROOT)
    monkeypatch.delitem(sys.modules, "boards.picosystem", raising=False)
    from boards import select
    m = select.load("picosystem")
    assert m.NAME == "picosystem" and m.display is sys.modules["board"].DISPLAY
    with pytest.raises(ValueError):
        select.load("nonesuch")


class HeldButton(Rec):
    """digitalio.DigitalInOut of a button held down (active low) at power-up."""
    value = False

    def switch_to_input(self, pull=None):
        self.pull = pull

    def deinit(self):
        pass


@pytest.mark.parametrize("name, board_id, setting",
                         [(n, EXPECTED[n][0], n) for n in sorted(EXPECTED)] +
                         [(n, EXPECTED[n][0], None) for n in sorted(EXPECTED)
                          if EXPECTED[n][0] != "raspberry_pi_pico"] +
                         [(n, i, None) for n in sorted(OTHER_IDS) for i in OTHER_IDS[n]])
def test_b_held_at_power_up_is_each_boards_own_b(name, board_id, setting, monkeypatch, capsys):
    # firmware/start.py finds B by MANCALA_BOARD (settings.toml, as the bundle and the image write
    # it) or by the firmware's board_id, and starts no game while it is held (docs/hardware.md
    # "The REPL"): the pin it reads must be the board module's B
    for k, v in fake_modules(board_id).items():
        monkeypatch.setitem(sys.modules, k, v)
    sys.modules["digitalio"].DigitalInOut = HeldButton
    if setting:
        monkeypatch.setenv("MANCALA_BOARD", setting)
    else:
        monkeypatch.delenv("MANCALA_BOARD", raising=False)
    monkeypatch.delitem(sys.modules, "firmware.start", raising=False)
    from firmware import start
    HeldButton.made = None
    start.run()
    assert HeldButton.made is not None, "no B button read on %s (%s)" % (name, board_id)
    assert HeldButton.made.args[0].gpio == EXPECTED[name][1]["b"]
    assert "B held at power-up" in capsys.readouterr().out
