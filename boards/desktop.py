# The desktop board: the device screen in a pygame window (blinka_displayio_pygamedisplay), scaled
# up, keyboard mapped to the buttons, saves in a file, optional beeps through pygame.mixer.
# Size and scale: MANCALA_SIZE=WxH (default 320x240), MANCALA_SCALE=n (default 3), or make().
import os
import array
import math
from collections import deque

import pygame
import displayio
from busdisplay import BusDisplay
from blinka_displayio_pygamedisplay import PyGameDisplay

NAME = "desktop"
KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start", "select")
KEYMAP = {
    pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
    pygame.K_z: "a", pygame.K_RETURN: "a", pygame.K_SPACE: "a",
    pygame.K_x: "b", pygame.K_BACKSPACE: "b",
    pygame.K_c: "x", pygame.K_v: "y",
    pygame.K_ESCAPE: "start", pygame.K_p: "start", pygame.K_TAB: "select",
}
HELP = "arrows, Z/Enter=A, X/Bksp=B, C=X hint, V=Y undo, Esc/P=Start (pause), Q=quit"
SAVE_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "saves", "mancala.sav")


class DesktopDisplay(PyGameDisplay):
    """PyGameDisplay drawing into an off-screen surface shown scaled in the window."""

    def __init__(self, width, height, scale=3, caption="Mancala Pocket"):
        self.scale = scale
        self._window = None
        super().__init__(width=width, height=height, caption=caption, auto_refresh=False)

    def _initialize(self, init_sequence):
        pygame.init()
        pygame.display.set_caption(self._caption)
        self._window = pygame.display.set_mode((self.width * self.scale,
                                                self.height * self.scale))
        self._pygame_screen = pygame.Surface((self.width, self.height))

    def _refresh_display(self):
        BusDisplay._refresh_display(self)
        if self._window is not None:
            pygame.transform.scale(self._pygame_screen, self._window.get_size(), self._window)
            pygame.display.flip()
        self._refresh_pending = False

    def _get_refresh_areas(self):
        return BusDisplay._get_refresh_areas(self)

    def _background(self):
        pass  # the simulator's loop refreshes after each step (pygame wants the main thread)

    def _refresh_area(self, area):
        # like PyGameDisplay's, but odd-sized areas work (boards/headless.py render_area)
        import numpy as np
        from boards.headless import render_area
        got = render_area(self._core, area)
        if got is None:
            return True
        clipped, raw = got
        w = clipped.width()
        h = clipped.height()
        n = w * h
        arr = np.frombuffer(raw, dtype=">u2")
        rgb = np.empty((n, 3), dtype=np.uint8)
        rgb[:, 0] = ((arr >> 11) & 31) * 255 // 31
        rgb[:, 1] = ((arr >> 5) & 63) * 255 // 63
        rgb[:, 2] = (arr & 31) * 255 // 31
        surf = pygame.image.frombuffer(rgb.tobytes(), (w, h), "RGB")
        self._pygame_screen.blit(surf, (clipped.x1, clipped.y1))
        return True


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

    def __len__(self):
        return len(self.q)


class KeyboardButtons:
    """keypad.Keys-like, fed from pygame key events by pump()."""

    def __init__(self):
        self.events = _Queue()
        self.quit = False

    def pump(self):
        for ev in pygame.event.get():  # unfiltered: keeps the order of key events
            if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_q):
                self.quit = True
            elif ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = KEYMAP.get(ev.key)
                if name is not None:
                    self.events.q.append(_Event(KEYS.index(name), ev.type == pygame.KEYDOWN))
        return not self.quit


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
        self.display = DesktopDisplay(width, height, scale,
                                      "Mancala Pocket %dx%d  |  %s" % (width, height, HELP))
        self.buttons = KeyboardButtons()
        self.storage = None
        try:
            self.audio = Tone()
        except Exception:  # no audio device: silent
            self.audio = None


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
