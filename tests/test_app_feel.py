# Quick to the touch, on the desktop (the chip's own figures: tests/test_device_feel.py and
# tools/device/feel.py): one panel refresh per drawn change, the AI's search yielding to a
# waiting button, thinking ahead during the human's sowing, a sowing's animation within its time
# limit however long the move, and the AI's considered pit on the board.
import sys

from boards import headless
from firmware.app import App
from firmware.buttons import Buttons
from firmware import trace as T
from session_util import make, Clock, human_move, few


class CountingDisplay(headless.HeadlessDisplay):
    """A device-like display: auto-refresh on until the app turns it off; refreshes counted."""

    def __init__(self, w, h):
        super().__init__(w, h)
        self.auto_refresh = True
        self.refreshes = 0

    def refresh(self, *a, **k):
        self.refreshes += 1
        return super().refresh()


def _app(w=320, h=240, keys=headless.KEYS):
    board = headless.make(w, h, keys=keys)
    import displayio
    displayio.release_displays()
    board.display = CountingDisplay(w, h)
    return board, App(board, store=None, ai_ms=20)


def test_the_app_refreshes_the_panel_once_per_change_and_only_then():
    board, app = _app()
    d = board.display
    assert d.auto_refresh is False  # the app draws a change whole, then refreshes once
    app.step(10)
    n = d.refreshes
    assert n == 1  # the title
    for t in range(20, 400, 20):  # nothing changes: nothing refreshed
        app.step(t)
    assert d.refreshes == n
    for k, t in (("down", 500), ("down", 600), ("right", 700)):  # menu steps, a value change
        board.buttons.press(k)
        app.step(t)
        n += 1
        assert d.refreshes == n, k
    # what reached the panel is the whole new menu
    rows = app.view.rows
    assert any(r.startswith("<") for r in rows)


def test_a_waiting_button_stops_the_search_within_a_few_nodes():
    s = make("oanquan", "ai", 5, ai_ms=10 ** 6)
    s.new_game()
    c = Clock()
    human_move(s, c)
    while s.phase == "anim":
        c.t += 500
        s.tick(c.t)
    assert s.phase == "ai" and s.brain.thinking()
    n0 = s.brain.player.search.nodes
    every = s.brain.player.search.every  # the search asks every this many nodes
    s.work(stop=lambda: True, ms=10 ** 6)  # a button waits: a few nodes, then the player
    one = s.brain.player.search.nodes - n0
    assert 0 < one <= every + 1
    n0 = s.brain.player.search.nodes
    calls = []
    s.work(stop=lambda: calls.append(1) or len(calls) > 3, ms=10 ** 6)
    assert len(calls) == 4 and 3 * every < s.brain.player.search.nodes - n0 <= 4 * (every + 1)


def test_pending_sees_a_waiting_press_and_a_due_repeat():
    keys = headless.ScriptedButtons()
    b = Buttons(keys, headless.KEYS)
    assert not b.pending()
    keys.press("a")
    assert b.pending()
    b.poll(0)
    assert not b.pending()
    keys.hold("right")
    b.poll(0)
    assert b.pending()  # a held direction repeats: the search yields to it too


def test_the_ai_starts_thinking_when_the_human_confirms():
    s = make("oanquan", "ai", 5, anim="normal", ai_ms=10 ** 6)
    s.new_game()
    c = Clock()
    s.tick(c.t)
    s.ai()  # the app makes it when it shows the board
    human_move(s, c)
    assert s.phase == "anim" and s.brain.thinking()  # during the human's sowing
    steps = 0
    while s.phase == "anim":
        c.t += 20
        s.tick(c.t)
        steps += 1
    assert s.brain.player.search.nodes > 0 and steps > 3


def test_the_ai_searches_a_share_of_every_pass_and_its_own_turn_in_long_passes(monkeypatch):
    # on the chip a long sowing's frames took all the time of its steps (the AI's reply was
    # searched for 8 ms a frame); on the AI's turn a pass of 100 ms spent a seventh drawing
    from firmware import brain as B
    s = make("oanquan", "ai", 5, anim="normal", ai_ms=10 ** 6)
    s.new_game()
    c = Clock()
    s.tick(c.t)
    s.ai()
    human_move(s, c)
    assert s.phase == "anim" and s.brain.thinking()
    clock = [0]

    def one_ms_a_look():  # the search's clock: 1 ms passes at each look
        clock[0] += 1
        return clock[0]
    monkeypatch.setattr(B, "ticks_ms", one_ms_a_look)
    every = s.brain.player.search.every
    n0 = s.brain.player.search.nodes
    s.work(None, -30)  # the frame is late: the search still gets its share
    assert s.brain.player.search.nodes - n0 >= (B._MIN_MS - 2) * every
    assert B._MIN_MS >= 40
    while s.phase == "anim":
        c.t += 500
        s.tick(c.t, few)
    assert s.phase == "ai" and s.due(c.t) == B.AI_PASS_MS >= 250
    monkeypatch.undo()


def test_a_sowing_is_shown_within_its_time_however_long():
    for n in (3, 20, 60, 400):
        tr = T.Trace()
        for i in range(n):
            tr.drop(0, i % 12)
        for caps in (0, 1, 5):
            tr2 = T.Trace()
            tr2.ev = list(tr.ev) + [{"event": "capture", "count": 2}] * caps
            for anim, step, limit in (("normal", 130, 3000), ("fast", 50, 1000)):
                dt, hold = T.pace(tr2, anim, step)
                total = (len(tr2) + 1) * dt + caps * hold
                assert total <= limit, (n, caps, anim, dt, hold)
                assert dt <= step and dt >= 1
                assert caps == 0 or hold >= min(3 * step, limit // 2 // caps)
                if n <= 10 and not caps:
                    assert dt == step  # a short move keeps its pace


def test_the_board_rings_the_pit_the_ai_is_considering():
    board, app = _app(240, 240)
    s = app.session
    s.cfg["mode"] = "ai"
    s.cfg["level"] = 5
    s.ai_ms = 10 ** 6
    s.new_game()
    s.human = 1
    s._begin_turn()
    app.step(10)
    assert s.phase == "ai"
    for t in range(20, 200, 20):
        app.step(t)
    best = s.brain.best()
    assert best >= 0
    cell = app.view.focus(s)
    assert cell is not None and app.view.styles(s).get(app.view.key_of(s, cell, 0)) == "next"


class LoggingStore:
    """A store that notes each save in the display's refresh log (saves after refreshes)."""

    def __init__(self, log):
        self.log = log

    def load(self):
        return None

    def save(self, payload, move=None, game=None):
        self.log.append("save")


def test_a_value_change_is_on_the_panel_before_its_save():
    # a setting's save is ~120 ms of nvm on the chip: the player sees the new value first
    board = headless.make(320, 240)
    import displayio
    displayio.release_displays()
    log = []

    class D(CountingDisplay):
        def refresh(self, *a, **k):
            log.append("refresh")
            return super().refresh()

    board.display = D(320, 240)
    app = App(board, store=LoggingStore(log), ai_ms=20)
    app.step(10)
    s = app.session
    del log[:]
    board.buttons.press("down")
    app.step(50)
    assert s.scr.items[s.scr.sel] == ("cfg", "game") and log == ["refresh"]
    del log[:]
    board.buttons.press("right")
    app.step(100)
    assert log == ["refresh", "save"] and s.cfg["game"] != "oanquan"
    app.step(200)  # saved once
    assert log == ["refresh", "save"]
    board.buttons.press("down")  # a step changes no setting: no save
    app.step(300)
    assert log == ["refresh", "save", "refresh"]


class _SeeImport:
    """A meta-path finder that notes, when `name` is imported, what the app holds then."""

    def __init__(self, name, app):
        self.name = name
        self.app = app
        self.seen = None

    def find_spec(self, name, path=None, target=None):
        if name == self.name and self.seen is None:
            a = self.app
            self.seen = (a.view, len(a.root), a.board.display.root_group is a.blank)
        return None  # the import itself goes on as usual


def _your_turn(game):
    """A game of `game` against the AI on its board, the human to move: (board, app, session)."""
    board, app = _app()
    s = app.session
    s.cfg["game"] = game
    s.cfg["starts"] = "you"
    s.new_game()
    app.step(10)
    return board, app, s


def test_the_pause_menu_is_a_box_over_the_board_which_stays():
    # closing the pause menu sends the panel only the box's area of the board, which was never
    # taken down (rebuilding it took ~0.8 s on the chip); the box loads one small module, not the
    # menus', and the AI's buffers go while it shows (issue 33: the box over the board and them
    # was Omweso's lowest heap on the chip, 36 KB at 320x240), made again as it closes
    board, app, s = _your_turn("omweso")
    assert app.view_key.startswith("board") and "firmware.screens.pause" not in sys.modules
    brain = s.brain
    assert brain is not None
    d = board.display
    n = d.refreshes
    sent = app.panel.total
    board_view = app.view
    see = _SeeImport("firmware.screens.pause", app)
    sys.meta_path.insert(0, see)
    try:
        board.buttons.press("b")
        app.step(100)
    finally:
        sys.meta_path.remove(see)
    # the board shown all along (drawn straight to the panel: nothing of it in displayio's
    # root), nothing blanked
    assert see.seen == (board_view, 0, False)
    assert s.brain is None and "firmware.screens.menu" not in sys.modules
    assert s.scr.name == "pause" and app.view_key == "box" and app.under is board_view
    assert list(app.root) == [] and app.direct  # the box drawn straight to the panel too
    box = app.view.w * app.view.h
    assert d.refreshes == n and app.panel.total - sent == box  # the box whole, once; no refresh
    bx, by = app.view.x, app.view.y
    assert 0 < bx and bx + app.view.w <= d.width and 0 < by and by + app.view.h <= d.height
    assert d.pixel(0, by + 20) != d.pixel(bx + 1, by + 20)  # the board beside the box
    sent = app.panel.total
    board.buttons.press("b")  # and back: the same board, the box gone
    app.step(200)
    assert app.view is board_view and app.under is None and list(app.root) == []
    assert d.refreshes == n and d.root_group is app.root
    # the box's area again, with the pits and lines it covered composed in it: each pixel once
    assert app.panel.total - sent == box
    assert s.brain is not None and s.brain is not brain  # its buffers again, its ponder anew
    assert "firmware.screens.pause" not in sys.modules
    app.step(300)
    assert s.phase == "select" and bytes(s.brain.player.asked) == bytes(s.rec.pos)  # pondered


def test_with_heap_to_spare_the_box_keeps_the_ai_and_its_ponder(monkeypatch):
    # brain.BOX_ROOM: the buffers go only when the heap is short (CPython tells no free heap:
    # -1, so the other tests see them go); with room they stay, and the ponder goes on
    from firmware import brain as B
    monkeypatch.setattr(B, "BOX_ROOM", -2)
    board, app, s = _your_turn("omweso")
    brain = s.brain
    board.buttons.press("b")
    app.step(100)
    assert s.screen == "pause" and s.brain is brain
    board.buttons.press("b")
    app.step(200)
    assert s.screen == "play" and s.brain is brain


def test_paused_on_the_ais_turn_its_search_starts_over_when_the_box_closes():
    board, app = _app()
    s = app.session
    s.cfg["game"] = "oanquan"
    s.cfg["starts"] = "ai"
    s.new_game()
    app.step(10)
    assert s.phase == "ai" and s.brain is not None
    board.buttons.press("start")
    app.step(100)
    assert s.screen == "pause" and s.brain is None
    board.buttons.press("b")
    app.step(200)
    assert s.screen == "play" and s.phase == "ai" and s.brain is not None
    t = 200
    while s.phase != "select" and t < 60000:  # the AI thinks again, then moves
        t += 50
        app.step(t)
    assert s.phase == "select" and len(s.log) > 0


def test_a_screen_from_the_pause_box_takes_the_board_down_and_back_builds_it_again():
    board, app, s = _your_turn("oanquan")
    old = app.view
    board.buttons.press("b")
    app.step(100)
    assert app.view_key == "box"
    s.scr.select(("go", "settings"))
    board.buttons.press("a")
    app.step(200)  # the settings fill the screen: the board and the box are gone
    assert s.screen == "settings" and app.under is None and list(app.root) == [app.view.group]
    board.buttons.press("b")  # back to the pause box, over the board built again
    app.step(300)
    assert s.screen == "pause" and app.view_key == "box" and app.under is not None
    assert app.under is not old and list(app.root) == [] and app.direct
    assert s.scr.items[s.scr.sel] == ("go", "settings")
    assert "firmware.screens.menu" not in sys.modules
    board.buttons.press("b")
    app.step(400)
    assert app.view_key.startswith("board") and app.under is None
    assert list(app.root) == [] and s.brain is not None


def test_a_game_change_is_on_the_panel_before_its_modules_load():
    # on the chip loading a game's modules took ~30 ms of a 90 ms value change: the title shows
    # the new game's name first; its modules (and the save) follow
    board = headless.make(320, 240)
    import displayio
    displayio.release_displays()
    seen = []

    class D(CountingDisplay):
        def refresh(self, *a, **k):
            seen.append(sorted(m for m in sys.modules if m.startswith("firmware.games.")
                               and m.endswith(".adapter")))
            return super().refresh()

    board.display = D(320, 240)
    app = App(board, store=None, ai_ms=20)
    app.step(10)
    s = app.session
    assert s.ad.NAME == s.cfg["game"] == "oanquan"
    board.buttons.press("down")
    app.step(50)
    assert s.scr.items[s.scr.sel] == ("cfg", "game")
    del seen[:]
    board.buttons.press("right")
    app.step(100)
    new = s.cfg["game"]
    assert new != "oanquan" and app.view.rows[s.scr.sel - app.view.top].find(
        ui_title(new)) >= 0
    assert seen == [["firmware.games.oanquan.adapter"]]  # the picture came first
    assert s.ad.NAME == new and "firmware.games.oanquan.adapter" not in sys.modules
    assert ("firmware.games.%s.adapter" % new) in sys.modules


def ui_title(name):
    from engine.games import TITLES
    return TITLES[name]
