# The desktop board: the device screen in a pygame window (blinka_displayio_pygamedisplay), scaled
# up, keyboard mapped to the buttons (boards/keymap.py: the lines on screen name the keys), a key
# map over the screen on F1 or ?, saves in a file, optional beeps through pygame.mixer.
# Size and scale: MANCALA_SIZE=WxH (default 320x240), MANCALA_SCALE=n (default 3), or make().
import os
import array
import math
from collections import deque

import pygame
import displayio
from busdisplay import BusDisplay
from blinka_displayio_pygamedisplay import PyGameDisplay
from boards import keymap
from boards.keymap import KEYS, NAMES  # noqa: F401 (the board's interface)


def _code(name):
    """pygame's key code for a keymap key name ("z" -> K_z, "escape" -> K_ESCAPE)."""
    return getattr(pygame, "K_" + (name if len(name) == 1 else name.upper()))


NAME = "desktop"
_MODIFIERS = tuple(getattr(pygame, "K_" + k) for k in (
    "LSHIFT", "RSHIFT", "LCTRL", "RCTRL", "LALT", "RALT", "LMETA", "RMETA", "CAPSLOCK", "MODE"))
KEYMAP = {_code(k): button for button, keys, _, _ in keymap.MAP for k in keys}
SAVE_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "saves", "mancala.sav")


class DesktopDisplay(PyGameDisplay):
    """PyGameDisplay drawing into the panel's picture (an RGB565 buffer, as boards/headless.py
    keeps it), which the window shows scaled (show()). The board is drawn straight to that
    picture through its bus (firmware/views/direct.py), displayio's screens by its refresh: as
    on a chip's display, auto-refresh is on until the app takes the refreshes over."""

    def __init__(self, width, height, scale=3, caption="Mancala Pocket"):
        from boards.headless import FrameBus
        self.scale = scale
        self._window = None
        self.overlay = None  # the key map's picture while it shows (show_keys)
        self.buf = bytearray(width * height * 2)
        self.framebus = FrameBus(self.buf, width, height)
        self.shown = -1  # the picture's changes when the window last showed it
        self.changes = 0  # displayio's refreshes (the bus's writes: framebus.pixels)
        super().__init__(width=width, height=height, caption=caption, auto_refresh=True)

    @property
    def bus(self):
        """The panel's bus as the direct renderer uses it (firmware/views/direct.py)."""
        return self.framebus

    def _initialize(self, init_sequence):
        pygame.init()
        pygame.display.set_caption(self._caption)
        self._window = pygame.display.set_mode((self.width * self.scale,
                                                self.height * self.scale))
        self._pygame_screen = pygame.Surface((self.width, self.height))

    def _refresh_display(self):
        BusDisplay._refresh_display(self)
        self.changes += 1
        self.show()
        self._refresh_pending = False

    def show(self, changed=False):
        """The screen scaled into the window, the key map over it while it shows (changed:
        only if the picture changed since the window last showed it)."""
        n = self.changes + self.framebus.pixels
        if changed and n == self.shown:
            return
        self.shown = n
        if self._window is not None:
            import numpy as np
            arr = np.frombuffer(bytes(self.buf), dtype=">u2")
            rgb = np.empty((arr.size, 3), dtype=np.uint8)
            rgb[:, 0] = ((arr >> 11) & 31) * 255 // 31
            rgb[:, 1] = ((arr >> 5) & 63) * 255 // 63
            rgb[:, 2] = (arr & 31) * 255 // 31
            self._pygame_screen.blit(pygame.image.frombuffer(rgb.tobytes(),
                                                             (self.width, self.height), "RGB"),
                                     (0, 0))
            pygame.transform.scale(self._pygame_screen, self._window.get_size(), self._window)
            if self.overlay is not None:
                self._window.blit(self.overlay, (0, 0))
            pygame.display.flip()

    def show_keys(self, on):
        """The key map (boards/keypicture.py) over the screen, or not; drawn at once."""
        if on and self.overlay is None and self._window is not None:
            from boards import keypicture
            self.overlay = keypicture.picture(self._window.get_size())
        elif not on:
            self.overlay = None
        self.show()

    def _get_refresh_areas(self):
        return BusDisplay._get_refresh_areas(self)

    def _background(self):
        pass  # the simulator's loop refreshes after each step (pygame wants the main thread)

    def _refresh_area(self, area):
        # into the picture (odd-sized areas work: boards/headless.py render_area)
        from boards.headless import HeadlessDisplay
        return HeadlessDisplay._refresh_area(self, area)  # type: ignore[arg-type]


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


class KeyboardButtons:
    """keypad.Keys-like, fed from pygame key events by pump(). A key held is a button held (no
    key repeat from pygame: the app repeats held directions as on the device, firmware/
    buttons.py); F1 or ? shows the key map on display, and any key then closes it."""

    def __init__(self, display=None):
        self.events = _Queue()
        self.quit = False
        self.display = display
        self.down = set()  # the keys held: released if the window loses the keyboard

    def pump(self):
        for ev in pygame.event.get():  # unfiltered: keeps the order of key events
            if ev.type == pygame.QUIT:
                self.quit = True
            elif ev.type == pygame.KEYDOWN and self.display is not None and \
                    self.display.overlay is not None:
                if ev.key not in _MODIFIERS:  # (Shift is half of "?", which closes it too)
                    self.display.show_keys(False)  # the key that closes the map does nothing else
            elif ev.type == pygame.KEYDOWN and ev.key == _code(keymap.QUIT_KEY):
                self.quit = True
            elif ev.type == pygame.KEYDOWN and (ev.key == pygame.K_F1 or
                                                getattr(ev, "unicode", "") == "?"):
                if self.display is not None:
                    self.display.show_keys(True)
            elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                self.key(ev.key, ev.type == pygame.KEYDOWN)
            elif ev.type == getattr(pygame, "WINDOWFOCUSLOST", -1):
                for k in list(self.down):  # its key-ups go to another window
                    self.key(k, False)
        return not self.quit

    def key(self, code, pressed):
        name = KEYMAP.get(code)
        if name is None or (not pressed and code not in self.down):
            return
        if pressed:
            self.down.add(code)
        else:
            self.down.discard(code)
        self.events.q.append(_Event(KEYS.index(name), pressed))


class Tone:
    def __init__(self):
        pygame.mixer.init(22050, -16, 1)

    def tone(self, freq, ms):
        n = 22050 * ms // 1000
        buf = array.array("h", (int(8000 * math.sin(2 * math.pi * freq * i / 22050))
                                for i in range(n)))
        pygame.mixer.Sound(buffer=buf.tobytes()).play()


class Board:
    def __init__(self, width=320, height=240, scale=3):
        displayio.release_displays()
        self.NAME = NAME
        self.KEYS = KEYS
        self.SAVE_FILE = SAVE_FILE
        self.NAMES = NAMES
        self.display = DesktopDisplay(width, height, scale, caption(width, height))
        self.buttons = KeyboardButtons(self.display)
        self.storage = None
        try:
            self.audio = Tone()
        except Exception:  # no audio device: silent
            self.audio = None


def caption(width, height):
    """The window's title: the main keys, and F1 for the rest."""
    return "Mancala Pocket %dx%d  |  %s" % (width, height, keymap.title())


def make(width=320, height=240, scale=3):
    d = os.path.dirname(SAVE_FILE)
    if not os.path.isdir(d):
        os.makedirs(d)
    return Board(width, height, scale)


_default = None


def __getattr__(name):
    global _default
    if name in ("display", "buttons", "audio", "storage"):
        if _default is None:
            w, h = os.environ.get("MANCALA_SIZE", "320x240").lower().split("x")
            _default = make(int(w), int(h), int(os.environ.get("MANCALA_SCALE", "3")))
        return getattr(_default, name)
    raise AttributeError(name)
