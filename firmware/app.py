# The device app: a board (docs/boards.md) + the session model + the screens' views. run() is
# the loop: buttons -> session (-> the screen showing) -> that screen's view, redrawn whenever the
# session's version changes (a button, a tick of the AI turn or the animation).
import gc
import displayio
from engine.compat import const, ticks_ms, ticks_diff, mem_free
from firmware.session import Session, AI_CAP_MS
from firmware.buttons import Buttons
# the saves' resident module, loaded before the start-up code that makes the store
# (firmware/saveload.py, dropped after the call): that leaves no hole below it on the heap
from firmware import saves  # noqa: F401
from firmware.common import unload
from firmware.views import direct

# CircuitPython collects only when an allocation fails (no gc.threshold): left alone, the heap
# fills with garbage before each collection. The app collects once this much has piled up since
# the last collection, so the lowest free heap stays near what a collection leaves. The lowest
# free heap is about what a collection leaves minus this minus one step's garbage. A board redraw
# makes ~0.5 KB (320x240), so 1 KB means a collection every second frame of a "fast" sowing
# (50 ms a step; a frame ~17 ms and a collection ~25 ms on the RP2040 at 320x240); while the AI
# thinks only its progress bar is redrawn (little garbage: a collection every few seconds).
# 1.5 KB until 2026-12-01, when the AI's thinking still redrew the board at every slice.
_SLACK = const(1024)
# A pass that drew nothing (a menu waiting, the AI pondering) made little garbage: the app asks
# whether to collect after a pass that drew, else this often. Asked at every pass, mem_free() (it
# walks the heap: ~4 ms on the chip) took 4% of the pondering and delayed a menu's press. (A pass
# that draws asks at once: the AI's progress redrawn at every pass once its move was ready, but
# not yet due, piled up 8 KB of garbage in 250 ms.)
_TIDY_MS = const(250)
# Free heap a save log's rewrite (about once a game) wants as it starts (spare): it takes ~8.6 KB
# at its lowest (its code, its 4 KB buffer, the drive's file: Omweso at 320x240 on the PicoPad,
# 2026-12-06), and 40 KB are to stay free
_REWRITE_ROOM = const(50176)  # 49 KB
_TONES = {"tick": ((1760, 6),), "chord": ((523, 40), (659, 40), (784, 60))}


class App:
    def __init__(self, board, store="board", seed=1, ai_ms=AI_CAP_MS, mark=None):
        self.board = board
        keys = board.KEYS
        four = "up" not in keys
        if store == "board":  # the board's nvm (+ the drive copy), else its SAVE_FILE
            from firmware.saveload import open_store  # start-up code: dropped after the call
            store = open_store(board)
            unload("firmware.saveload")
            unload("firmware.saveparse")  # (imported by saveload)
        if store is not None:
            store.spare = self.spare  # (a saves.Saver)
        self.floor = -1 - _SLACK
        self.view = None
        # mark: told what happens in a turn ("move", "turn"...), for tools/device/feel.py;
        # the app tells it each sowing frame's chip time (step)
        self.mark = mark
        names = getattr(board, "NAMES", None)  # what the board calls its buttons (boards/)
        self.panel = direct.make(board)  # (before the session: a wake tidies as it starts)
        self.session = Session(store, seed=seed, four_button=four, ai_ms=ai_ms, mark=mark,
                               tidy=self.tidy, drop_view=self.drop_view,
                               keys=names and (keys, names.split()),
                               battery=getattr(board, "battery", None))  # (boards.md)
        self.input = Buttons(board.buttons, keys)
        self.pending = self.input.pending  # made once: the loop passes it at every pass
        # a press before the first picture is none: after a sleep, the one that woke the chip
        board.buttons.events.clear()  # (held through the boot) only woke it (resume.py wake)
        d = board.display
        # The app refreshes the panel itself, once a change is drawn whole: with displayio's
        # auto-refresh a redraw reached the panel in pieces (a menu step flickered through 4-5
        # half-drawn pictures, a closing pause menu showed an empty screen for a second).
        # Desktop displays that refresh on their own terms (auto_refresh False) are left so.
        self.refresh = getattr(d, "auto_refresh", False)
        if self.refresh:
            d.auto_refresh = False
        # the board and the pause box are drawn straight to the panel (firmware/views/direct.py,
        # issue 53): while such a picture shows (direct), displayio never refreshes, as any
        # refresh after a new root sends the whole screen over it; a displayio screen after it
        # gets a new root, so displayio sends it whole
        self.direct = False
        self.root = displayio.Group()
        self.blank = displayio.Group()  # the panel's root while a new screen is built
        d.root_group = self.root
        self.view = None
        self.view_key = None
        self.under = None  # the board's view under the pause box (its key: under_key)
        self.under_key = None
        self.gone = False  # the pause box went: its modules are garbage once the press is over
        self.drawn = -1
        self.light = 2  # the backlight as last set: Session.idle.light (2 full, 1 dim, 0 dark)
        self.t0 = ticks_ms()  # the last pass that asked whether to collect (step)
        self.collect()

    def collect(self):
        gc.collect()
        self.panel.waste = 0  # (the garbage the panel counts to collect within a picture)
        self.floor = mem_free() - _SLACK  # CPython: -1 - _SLACK, never reached

    def spare(self):
        """Before the save log's rewrite (saves.Saver calls it): with less than _REWRITE_ROOM
        free, the view goes, built again at the next render (~0.5 s at 320x240, the panel keeping
        its picture meanwhile); its bitmaps (Omweso's board: ~15 KB) give the rewrite its room."""
        self.collect()
        if 0 <= self.floor + _SLACK < _REWRITE_ROOM:  # (CPython: never)
            self.drop_view()
            self.collect()

    def tidy(self, full=False):
        """Collect if the garbage has piled up (full: in any case): the session calls it inside
        a step that allocates a lot (a move, then its save), so the two peaks do not add up."""
        if full or mem_free() < self.floor:
            self.collect()
        self.panel.waste = 0  # (measured: collected, or under the slack since the last one)

    def drop_view(self, keep_board=False):
        """The screen's view goes at once, its heap free for what the next screen loads; the
        panel keeps its picture until render() has built the next one whole. The pause box goes
        alone with keep_board (only the box's area of the board is then sent to the panel)."""
        if self.view is None:
            return
        if self.under is not None:  # the pause box: the board under it is the view again
            box = self.view  # (drawn straight to the panel, as the board under it)
            self.view, self.view_key = self.under, self.under_key
            self.under = self.under_key = None
            if keep_board:  # the board under the box drawn again at the next update
                self.view.repaint(box.x, box.y, box.w, box.h)
                self.gone = True  # collected once the press that closed it has returned
                return
        if not self.direct:  # (a view drawn straight to the panel has no displayio group)
            if self.refresh:
                self.board.display.root_group = self.blank
            self.root.remove(self.view.group)
        del self.panel.buf[:]  # the strips it was drawn through: made again when needed
        self.view = None
        self.view_key = None  # (the caller collects: Session.clear, Session.to_board)

    def render(self):
        """Brings the view up to date with the session, then the panel (a displayio screen's
        refresh); True if anything was drawn. The old screen stays on the panel until the new
        one is built."""
        s = self.session
        k = s.scr.view_key()
        d = self.board.display
        whole = False
        if k == "box" and self.under is None:
            # the pause menu: a box on top of the board, whose view stays (drop_view); back from
            # a screen it opened, the board is built (and drawn) first
            if self.view_key != s.play.view_key():
                self.build(s.play, s.play.view_key())
                self.view.update(s)
            self.under, self.under_key = self.view, self.view_key
            self.view = s.scr.view(d.width, d.height, self.panel)
            self.view_key = k
            self.collect()
        elif k != self.view_key:
            self.build(s.scr, k)
            whole = self.direct  # the board's first picture: sent whole, below
        elif self.gone:  # (the session's collection ran while the box's code was on the stack)
            self.gone = False
            del self.panel.buf[:]  # (the strips the board under the box went out through)
            self.collect()
        elif s.version == self.drawn and self.view.tick(s):
            k = None  # only the AI's progress indicator or the countdown moved on
        if k is not None:
            self.view.update(s)
            self.drawn = s.version
            if whole:  # its strips, as wide as the screen (8 KB), serve no pit or line: they go
                del self.panel.buf[:]  # before the AI's first search (measured with the AI
                self.collect()  # searching: 8 KB more heap free, tools/device/ram.py)
        if self.refresh and not self.direct:
            d.refresh()
        if getattr(self.view, "late", False):  # (the title's picture: views/menu.py settle)
            self.view.settle()
        return True

    def build(self, scr, k):
        """The view of screen scr (view key k) in place of what is shown."""
        s = self.session
        d = self.board.display
        flat = k[:6] == "board:"  # drawn straight to the panel
        new = not flat and (self.refresh or self.direct)  # a displayio screen: a new root
        if new:  # the panel keeps the old picture meanwhile (no refresh till then)
            d.root_group = self.blank
        if self.under is not None:  # a screen from the pause box: the board goes too
            self.under = self.under_key = None
        if self.view is not None:
            if not self.direct:
                self.root.remove(self.view.group)
            self.view = None
        if not flat:  # the strips the board was drawn through: their heap to this screen
            del self.panel.buf[:]
            self.collect()
        elif scr is s.play:
            # the board again, its view dropped by the session (Session.to_board): the menu
            # that was pressed, and the modules it unloaded, were still alive on the stack at
            # the session's collection (after a pause menu: Omweso's lowest point, 6 KB under
            # what this collection leaves, on the chip). A menu needs none: Session.clear
            # collected after dropping the board (one collection less: ~40 ms)
            self.collect()
        # (a game's board: the session made the AI's buffers when it showed it, in one
        # piece before these bitmaps, Session.to_board)
        if flat or k == "menu":  # (a menu: its title's picture, views/menu.py)
            self.view = scr.view(d.width, d.height, self.panel)
        else:
            self.view = scr.view(d.width, d.height)
        if not flat:
            self.root.append(self.view.group)
        if new:  # a new root: displayio sends the whole panel once, where the old view's area
            d.root_group = self.root  # then every new piece's went out again
        self.direct = flat
        self.view_key = k
        # building it left garbage: gone before the first drawing adds its own (the first
        # Omweso board was the lowest point of a game's first step on the chip)
        self.collect()

    def dim(self, light):
        """The backlight at the session's idle light: the board's dimmed brightness (PWM), off when
        dark, full again at a press. A board with no backlight pin (brightness None: the uGame22)
        goes dark as a black picture and does not dim. Dark, the chip then sleeps."""
        self.light = light
        d = self.board.display
        low = getattr(self.board, "brightness", None)
        if low is not None:
            d.brightness = (0.0, low, 1.0)[light]
        elif light != 1:
            d.root_group = self.root if light else self.blank
            if self.refresh:
                d.refresh()
            if light and self.direct:  # that refresh blacked out the board: drawn again
                for v in (self.under, self.view):
                    if v is not None:
                        v.repaint(0, 0, d.width, d.height)
                        v.update(self.session)
        self.input.held.clear()  # a direction held to wake does not move the cursor
        if not light:  # dark: the chip sleeps till a button (resume.py sleep), if it can
            self.session.resume("sleep", self.board)

    def step(self, now):
        """One pass of the loop: buttons, time, the picture (refreshed once), then the AI's
        search until the next frame is due or a button waits."""
        s = self.session
        t0 = ticks_ms()
        v = s.version
        sowing = s.phase == "anim"  # a frame of a sowing already under way (not the move's pass)
        for b in self.input.poll(now):
            s.press(b, now)
        s.tick(now, ms=-1)
        if s.idle.light != self.light:
            self.dim(s.idle.light)
        sounds = s.take_sounds()
        if sounds:
            audio = getattr(self.board, "audio", None)
            if audio is not None and s.cfg["sound"]:
                try:
                    for name in sounds[:4]:
                        for f, ms in _TONES.get(name, ()):
                            audio.tone(f, ms)
                except Exception as e:  # (MemoryError, OSError of the output): no sound, the game goes on
                    print("audio off:", e)
                    self.board.audio = None
        if s.version != self.drawn or (s.phase in ("select", "setup") and s.cfg["blitz"]) or \
                s.thinking():  # the countdown / the AI's progress indicator move on their own
            v = None  # a pass that draws makes garbage: looked at below
            self.render()
            if self.mark is not None and sowing and s.phase == "anim":  # a sowing's frame: its
                self.mark("frame %d" % ticks_diff(ticks_ms(), t0))  # chip time (the search waits)
        if v != s.version or ticks_diff(now, self.t0) >= _TIDY_MS:
            self.t0 = now
            self.tidy()
        s.work(self.pending, s.due(now) - ticks_diff(ticks_ms(), t0))  # less the drawing

    def run(self, until=None):
        import time
        while until is None or not until():
            self.step(ticks_ms())
            if not self.session.busy() and not self.pending():
                # nothing to search: the chip may rest until the next scan. A press waits for
                # the key scan (5 ms, boards/), then at most this 1 ms (5 ms until 2026-12-05: a
                # menu step on the chip began 5-10 ms after its press); dimmed or dark, 50 ms (a
                # press there only wakes: at 1 ms the idle chip was 72% busy, make power)
                time.sleep(0.001 if self.light > 1 else 0.05)
