"""The app step by step on the emulated chip and on the headless board (device tests, bench).

The same key presses at the same (simulated) times go to both; the headless board (boards/headless,
Blinka displayio on CPython) renders what the device should show, pixel for pixel.
"""
import os

from tools.emu import emu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HOLD_MS = 80      # a key held down
AFTER_MS = 250    # after releasing it
GAMES = ("oanquan", "sanyao", "omweso")
GOAL = {"mode": "ai", "level": 5, "starts": "ai"}  # each game against the AI at level 5, AI first


# ---- the device ---------------------------------------------------------------------------------

def settle(chip, quiet_ms=1000, limit_ms=30000, step_ms=100):
    """Run until the display has not changed for quiet_ms (or limit_ms passed); the simulated
    time of the last pixel written, in µs."""
    start = chip.t_us
    while chip.t_us - start < limit_ms * 1000:
        chip.run(step_ms)
        if chip.last_pixel_us and chip.t_us - chip.last_pixel_us >= quiet_ms * 1000:
            return chip.last_pixel_us
    raise emu.EmuError("the display kept changing for %d ms (simulated); console ends:\n%s"
                       % (limit_ms, chip.console[-800:]))


def shows(chip, picture, limit_ms):
    """Run until the panel shows `picture` (RGB565 rows: the headless twin's) and is still; the
    simulated second of its last pixel. For a chip with no console (usb=False)."""
    end = chip.t_us + limit_ms * 1000
    while chip.t_us < end:
        last = settle(chip, quiet_ms=500, limit_ms=limit_ms)
        if mismatch(chip.frame565(), picture) == 0:
            return last / 1e6
    raise emu.EmuError("the panel did not show the expected picture within %d ms (simulated)"
                       % limit_ms)


def boot_to_title(chip, limit_ms=20000, title=None):
    """From reset to the title screen drawn and still: the simulated seconds to its last pixel.
    With `title` (the expected RGB565 rows, e.g. the headless twin's), the screen must also show
    it: a pause in drawing while a module compiles is not the title."""
    started = False
    while chip.t_us < limit_ms * 1000:
        chip.run(50)
        if "code.py" in chip.console:  # CircuitPython's title sequence as code.py starts
            started = True
            chip.code_start_s = chip.t_us / 1e6
            break
    if not started:
        raise emu.EmuError("code.py did not start within %d ms; console:\n%s"
                           % (limit_ms, chip.console[-800:]))
    while True:
        last = settle(chip, quiet_ms=1000, limit_ms=limit_ms)
        if title is None or mismatch(chip.frame565(), title) == 0:
            return last / 1e6
        if chip.t_us > limit_ms * 1000:
            raise emu.EmuError("no title screen after %d ms (simulated); console ends:\n%s"
                               % (limit_ms, chip.console[-800:]))


def device_press(chip, key):
    if key[:5] == "wait:":  # (a plan's pause: a lesson's example played to its end)
        chip.run(int(key[5:]))
        return
    chip.press(key, hold_ms=HOLD_MS, after_ms=AFTER_MS)


def console_errors(text):
    """Lines of a console that report an exception."""
    bad = ("Traceback", "Error:", "MemoryError", "Exception")
    return [ln for ln in text.splitlines() if any(b in ln for b in bad)]


# ---- the headless board ---------------------------------------------------------------------

def twin_battery(keys):
    """The headless twin's battery for a board (its keys: board_keys): its gauge, if it has one,
    reading what the emulated chip's ADC reads (emu.ADC_VOLTS: a full cell), else None."""
    from boards import headless
    cell = getattr(keys, "battery", None)
    return cell and headless.battery(emu.ADC_VOLTS * cell[0] / 10, *cell)


class Headless:
    """The app on boards/headless.py with a clock we advance: the device's twin."""

    def __init__(self, width, height, keys):
        from boards import headless
        from firmware.app import App
        # (with the board's names for its keys, which its lines show: board_keys)
        self.board = headless.make(width, height, keys=tuple(keys),
                                   names=getattr(keys, "names", None), battery=twin_battery(keys))
        self.app = App(self.board, store=None, seed=1)
        self.t = 0
        self.run(50)

    def run(self, ms, dt=20):
        end = self.t + ms
        while self.t < end:
            self.t += dt
            self.app.step(self.t)

    def press(self, key):
        self.board.buttons.hold(key)
        self.run(HOLD_MS)
        self.board.buttons.release(key)
        self.run(AFTER_MS)

    def frame565(self):
        d = self.board.display.snapshot()
        w, h = d.width, d.height
        b = d.buf
        return [tuple(b[2 * (y * w + x)] << 8 | b[2 * (y * w + x) + 1] for x in range(w))
                for y in range(h)]

    def frames(self, ms, dt=20):
        """Run ms more; [(session version, moves logged, RGB565 rows)] at every change."""
        out = []
        end = self.t + ms
        while self.t < end:
            v = self.session.version
            self.run(dt, dt)
            if not out or self.session.version != v:
                out.append((self.session.version, len(self.session.log), self.frame565()))
        return out

    @property
    def session(self):
        return self.app.session


def plan_start(game, board_keys, width, height, before=()):
    """The key presses that take the title menu to `game` against the AI at level 5 with the AI
    starting, then start it (worked out on the headless app, so menu changes follow), after the
    presses `before` (not in the keys returned).
    Returns (keys, Headless at the moment the game started)."""
    four = "up" not in board_keys
    down, change = ("y", "a") if four else ("down", "right")
    h = Headless(width, height, board_keys)
    s = h.session
    for k in before:
        h.press(k)
    keys = []
    goal = dict(GOAL, game=game)
    for _ in range(80):
        scr = s.scr
        items = getattr(scr, "items", None)
        if items is None:
            raise AssertionError("not on a menu after %s" % keys)
        wrong = [k for k in ("game", "mode", "level", "starts") if s.cfg.get(k) != goal[k]]
        target = ("cfg", wrong[0]) if wrong else ("start", None)
        if target not in items:
            raise AssertionError("the title menu has no %r row: %r" % (target, items))
        key = (down if items[scr.sel] != target else change if wrong else "a")
        keys.append(key)
        h.press(key)
        if key == "a" and not wrong:
            return keys, h
    raise AssertionError("could not reach %r from the title menu: %s" % (goal, keys))


class Walk:
    """Presses worked out on a headless twin of the app and recorded for the chip (keys): go(key)
    presses, to(item) steps a menu down to its row, hint() asks for a hint (X, or the pause
    menu's Hint on a board without a D-pad, where X and Y step the pits, or without X: the
    uGame22), open(game, menu, k) takes the title to entry k of Learn... or Problems...."""

    def __init__(self, board_keys, width, height):
        self.four = "up" not in board_keys
        self.down, self.change = ("y", "a") if self.four else ("down", "right")
        self.x = not self.four and "x" in board_keys
        self.h = Headless(width, height, board_keys)
        self.s = self.h.session
        self.keys = []

    def go(self, key):
        self.keys.append(key)
        self.h.press(key)

    def to(self, item):
        s = self.s
        for _ in range(len(s.scr.items)):
            if s.scr.items[s.scr.sel] == item:
                return
            self.go(self.down)
        raise AssertionError("no %r row: %r" % (item, s.scr.items))

    def hint(self):
        if self.x:
            return self.go("x")
        self.go("b")
        self.to(("hint", None))
        self.go("a")

    def open(self, game, menu, k):
        """From the title: `game` chosen, then entry k of its `menu` ("learn", "problems")."""
        for _ in range(3):
            if self.s.cfg["game"] == game:
                break
            self.to(("cfg", "game"))
            self.go(self.change)
        self.to(("go", menu))
        self.go("a")
        self.to(("lesson", k))
        self.go("a")


def plan_lesson(game, board_keys, width, height, lesson):
    """The key presses that take the title menu to lesson `lesson` of `game` (Learn...), its
    board, the lesson's hint and its move, confirmed at every prompt (the lesson's example
    played to its end first): the goal is then met once the sowing ends, on the final board.
    Worked out on the headless app. Returns (keys, Headless after the last press)."""
    w = Walk(board_keys, width, height)
    h, s = w.h, w.s
    w.open(game, "learn", lesson)  # its rule and goal
    w.go("a")  # its example, played on the board to its end (a press that skipped it could
    t = h.t  # come after its end on the chip, whose pace is not the twin's: it would play a move)
    while s.phase == "anim" and h.t - t < 60000:
        h.run(100)
    w.keys.append("wait:%d" % (2 * (h.t - t) + 2000))
    h.run(h.t - t + 2000)
    w.go("a")  # the lesson's board
    w.hint()
    w.go("a")  # the hinted pit
    for _ in range(4):
        if s.screen == "play" and s.phase == "choose":
            w.go("a")
    if s.last is None:
        raise AssertionError("no move played in the lesson: %s" % s.msg)
    return w.keys, h


def diff(a, b):
    """Number of differing pixels of two RGB565 row lists (sizes must match)."""
    if (len(a), len(a[0])) != (len(b), len(b[0])):
        raise AssertionError("sizes differ: %dx%d vs %dx%d" % (len(a[0]), len(a), len(b[0]),
                                                               len(b)))
    return sum(1 for ra, rb in zip(a, b) for x, y in zip(ra, rb) if x != y)


def mismatch(device, twin, shift=1):
    """Pixels of `device` that match no pixel of `twin` at the same x within `shift` rows, and
    the other way round. CircuitPython's terminalio font sits 1 px higher than Blinka's: text is
    compared up to that offset; anything else that differs still counts."""
    if (len(device), len(device[0])) != (len(twin), len(twin[0])):
        raise AssertionError("sizes differ: %dx%d vs %dx%d" % (len(device[0]), len(device),
                                                               len(twin[0]), len(twin)))
    h = len(device)
    bad = 0
    for a, b in ((device, twin), (twin, device)):
        for y in range(h):
            ra = a[y]
            near = [b[j] for j in range(max(0, y - shift), min(h, y + shift + 1))]
            if ra == b[y]:
                continue
            for x, v in enumerate(ra):
                if all(r[x] != v for r in near):
                    bad += 1
    return bad


class Keys(tuple):
    """A board's KEYS, and as .names its NAMES: what the lines on its screen call them; as
    .battery its gauge's (divider in tenths, empty mV, full mV), or None."""
    names = None
    battery = None


def board_keys(board):
    """The KEYS tuple of boards/<board>.py, its NAMES as .names (read, not imported: it needs
    CircuitPython)."""
    import ast
    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        tree = ast.parse(f.read())
    got = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            got[getattr(node.targets[0], "id", None)] = node.value
    if "KEYS" not in got:
        raise AssertionError("boards/%s.py has no KEYS" % board)
    keys = Keys(ast.literal_eval(got["KEYS"]))
    keys.names = ast.literal_eval(got["NAMES"]) if "NAMES" in got else None
    b = got.get("battery")
    if isinstance(b, ast.Tuple):  # (its ADC, divider, empty mV, full mV)
        keys.battery = tuple(ast.literal_eval(x) for x in b.elts[1:])
    return keys


def write_pair(path, device, headless):
    """A PNG of the device screen beside the headless render (for a failing comparison)."""
    rows = [tuple(d) + (0,) * 4 + tuple(h) for d, h in zip(device, headless)]
    emu.write_png(path, len(rows[0]), len(rows), emu.to_rgb_rows(rows))


def check_title(chip, w, h, keys, folder, limit_ms=20000):
    """Boot to the title and require it to match the headless render of the same board (a PNG
    pair in folder when it does not)."""
    expect = Headless(w, h, keys).frame565()
    try:
        boot_to_title(chip, limit_ms=limit_ms, title=expect)
    except emu.EmuError:
        pass  # the comparison below says what the screen shows instead
    title = chip.frame565()
    bad = mismatch(title, expect)
    path = os.path.join(str(folder), "title.png")
    if bad:
        write_pair(path, title, expect)
    assert bad == 0, "title screen differs from the headless render in %d px (%s)" % (bad, path)
