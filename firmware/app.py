# The device app: a board (docs/boards.md) + the session model + the views. run() is the loop.
import gc
import displayio
from engine.compat import ticks_ms
from firmware.session import Session, MENUS
from firmware.buttons import Buttons
from firmware import saves
from firmware.common import unload

_TONES = {"tick": ((1760, 6),), "chord": ((523, 40), (659, 40), (784, 60))}


def make_store(board):
    st = getattr(board, "storage", None)
    if st is not None:
        return saves.SlotStore(st)
    path = getattr(board, "SAVE_FILE", None) or "mancala.sav"
    return saves.FileStore(path)


class App:
    def __init__(self, board, store="board", seed=1, ai_ms=3000):
        self.board = board
        keys = board.KEYS
        four = "up" not in keys
        if store == "board":
            store = make_store(board)
        self.session = Session(store, seed=seed, four_button=four, ai_ms=ai_ms)
        self.input = Buttons(board.buttons, keys)
        self.root = displayio.Group()
        board.display.root_group = self.root
        self.view = None
        self.view_key = None
        self.drawn = -1

    def _key(self):
        s = self.session
        if s.screen in MENUS:
            return "menu"
        if s.screen in ("help", "summary"):
            return "text"
        return "board:" + s.cfg["game"]

    def render(self):
        s = self.session
        k = self._key()
        if k != self.view_key:
            if self.view is not None:
                self.root.remove(self.view.group)
                self.view = None
                gc.collect()
            d = self.board.display
            if k.startswith("board") and s.game is not None:
                # the menus' modules go while a game is on screen (loaded again for the pause
                # menu), then the AI's buffers, in one piece, before the board's bitmaps
                unload("firmware.vmenu")
                unload("firmware.menus")
                gc.collect()
                s._brain()
                gc.collect()
            if k == "menu":
                from firmware.vmenu import MenuView
                self.view = MenuView(d.width, d.height, s)
            elif k == "text":
                from firmware.vmenu import TextView
                self.view = TextView(d.width, d.height, s)
            else:
                name = s.cfg["game"]
                mod = __import__("firmware.v_" + name)
                self.view = getattr(mod, "v_" + name).View(d.width, d.height, s)
            self.root.append(self.view.group)
            self.view_key = k
        self.view.update(s)
        self.drawn = s.version

    def step(self, now):
        s = self.session
        for b in self.input.poll(now):
            s.press(b, now)
        s.tick(now)
        if s.sounds:
            audio = getattr(self.board, "audio", None)
            if audio is not None and s.cfg["sound"]:
                for name in s.sounds[:4]:
                    for f, ms in _TONES.get(name, ()):
                        audio.tone(f, ms)
            s.sounds = []
        if s.version != self.drawn or (s.phase in ("select", "setup") and s.cfg["blitz"]):
            self.render()

    def run(self, until=None):
        import time
        while until is None or not until():
            self.step(ticks_ms())
            time.sleep(0.01)
