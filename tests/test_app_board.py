# Boards and the simulator: button auto-repeat, the app loop driven through the headless board's
# scripted buttons, sound events reaching a board's audio, the pygame window (SDL dummy driver),
# tools/sim.py available()/main().
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from boards import headless
from firmware.app import App
from firmware.buttons import Buttons, _DELAY as DELAY, _RATE as RATE


def test_held_direction_buttons_auto_repeat():
    keys = headless.ScriptedButtons()
    b = Buttons(keys, headless.KEYS)
    keys.hold("right")
    assert b.poll(0) == ["right"]
    assert b.poll(DELAY - 10) == []
    assert b.poll(DELAY) == ["right"]
    assert b.poll(DELAY + RATE) == ["right"]
    keys.release("right")
    assert b.poll(DELAY + 5 * RATE) == []
    keys.hold("a")  # A does not repeat
    assert b.poll(5000) == ["a"]
    assert b.poll(9000) == []


def test_app_loop_with_scripted_buttons(tmp_path):
    board = headless.make(240, 135, save_file=str(tmp_path / "s.sav"))
    app = App(board, ai_ms=20)
    s = app.session
    t = 0
    for k in ("down", "down", "right"):  # Start, Game, Mode: two players
        board.buttons.press(k)
        t += 50
        app.step(t)
    assert s.cfg["mode"] == "two"
    while s.scr.items[s.scr.sel][0] != "start":
        board.buttons.press("down")
        t += 50
        app.step(t)
    board.buttons.press("a")
    app.step(t + 50)
    assert s.screen == "play" and app.view_key == "board:oanquan"
    board.buttons.press("a")
    board.buttons.press("a")
    for i in range(40):
        app.step(t + 100 + 200 * i)
    assert s.snap["ply"] == 1 and s.phase == "select"
    assert os.path.exists(str(tmp_path / "s.sav"))
    # restored at start-up from the file
    app2 = App(headless.make(240, 135, save_file=str(tmp_path / "s.sav")))
    assert app2.session.scr.items[0] == ("resume", None) and app2.session.cfg["mode"] == "two"


class FakeAudio:
    def __init__(self):
        self.tones = []

    def tone(self, f, ms):
        self.tones.append((f, ms))


def test_sound_ticks_and_capture_chord_when_on():
    board = headless.make(160, 128)
    board.audio = FakeAudio()
    app = App(board, store=None)
    s = app.session
    s.cfg["mode"] = "two"
    s.cfg["anim"] = "fast"
    s.new_game()
    assert s.cfg["sound"] is False  # off by default
    s.press("a", 0)
    s.press("a", 0)
    for i in range(100):
        app.step(60 * i)
    assert board.audio.tones == []
    s.cfg["sound"] = True
    s.play.cursor = int(s.legal[0][1][:-1])
    s.press("a", 7000)
    s.press("a", 7000)
    for i in range(100):
        app.step(7000 + 60 * i)
    assert board.audio.tones and all(f > 0 for f, _ in board.audio.tones)


class BrokenAudio:
    def __init__(self):
        self.calls = 0

    def tone(self, f, ms):
        self.calls += 1
        raise MemoryError("memory allocation failed, allocating 64 bytes")


def test_a_failing_speaker_is_turned_off_and_the_game_goes_on(capsys):
    # A tone that raises (the heap full at that moment, the audio output gone) must not end
    # the game: the speaker is off for the rest of the session, said once on the console.
    board = headless.make(160, 128)
    board.audio = audio = BrokenAudio()
    app = App(board, store=None)
    s = app.session
    s.cfg["mode"] = "two"
    s.cfg["sound"] = True
    s.new_game()
    for i in range(3):
        s.play.cursor = int(s.legal[0][1][:-1])
        s.press("a", 0)
        s.press("a", 0)
        t = 8000 * i
        for k in range(140):
            app.step(t + 60 * k)
    assert audio.calls == 1 and board.audio is None
    assert s.snap["ply"] == 3
    assert capsys.readouterr().out.count("audio off:") == 1


def _env():
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
             PYGAME_HIDE_SUPPORT_PROMPT="1")
    return e


def test_desktop_window_with_sdl_dummy(tmp_path):
    out = str(tmp_path / "w.png")
    r = subprocess.run([sys.executable, "tools/sim.py", "--size", "240x135", "--scale", "2",
                        "--frames", "40", "--keys", "down down down down down down down a",
                        "--png", out, "--save", str(tmp_path / "s.sav")], cwd=ROOT, env=_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Z/Enter/Space = A" in r.stdout
    data = open(out, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import struct
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (480, 270)


def test_headless_sim_writes_png(tmp_path):
    out = str(tmp_path / "h.png")
    r = subprocess.run([sys.executable, "tools/sim.py", "--board", "headless", "--size", "160x128",
                        "--keys", "down", "--png", out, "--scale", "1",
                        "--save", str(tmp_path / "s.sav")], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert open(out, "rb").read()[:4] == b"\x89PNG"


def test_sim_available_needs_a_display(monkeypatch):
    from tools import sim
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    if sys.platform.startswith("linux"):
        assert sim.available() is False
        monkeypatch.setenv("DISPLAY", ":99")
        assert sim.available() is True  # pygame and displayio import
    assert sim.main(["--size", "nonsense"]) == 2


def test_tests_leave_the_users_save_file_alone(tmp_path):
    """The simulator runs above wrote only to their --save file."""
    user = os.path.join(ROOT, "saves", "mancala.sav")
    before = os.path.getmtime(user) if os.path.exists(user) else None
    r = subprocess.run([sys.executable, "tools/sim.py", "--board", "headless", "--size", "160x128",
                        "--keys", "down a", "--save", str(tmp_path / "mine.sav")], cwd=ROOT,
                       env=_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    after = os.path.getmtime(user) if os.path.exists(user) else None
    assert before == after


def test_the_app_collects_once_garbage_piles_up(monkeypatch):
    # CircuitPython has no gc.threshold: App.step collects when the free heap has fallen _SLACK
    # below what the last collection left, and not before (a collection costs milliseconds).
    # It asks (mem_free walks the heap: ~4 ms on the chip) after a pass that changed or drew
    # something, else once every _TIDY_MS.
    import firmware.app as A
    free = [100000]
    collects = []
    asked = []
    monkeypatch.setattr(A, "mem_free", lambda: asked.append(1) or free[0])
    monkeypatch.setattr(A.gc, "collect", lambda: collects.append(free[0]))
    app = App(headless.make(240, 135), store=None, ai_ms=20)
    app.step(0)  # the title screen is built (its own collections)
    n = len(collects)
    app.t0 = 0
    free[0] = app.floor + 1
    app.step(20)
    assert len(collects) == n
    free[0] = app.floor - 1
    del asked[:]
    app.step(40)  # nothing changed, 40 ms after the last look: not even asked
    assert len(collects) == n and asked == []
    app.step(A._TIDY_MS)
    assert len(collects) == n + 1 and app.floor == free[0] - A._SLACK
    app.step(A._TIDY_MS * 2)
    assert len(collects) == n + 1  # the floor moved down with it
    free[0] = app.floor - 1
    app.board.buttons.press("down")  # a change: asked at once
    app.step(A._TIDY_MS * 2 + 20)
    assert len(collects) == n + 2
    # a pass that draws asks at once, the session's version unchanged (the AI's progress redrawn
    # at every pass while its ready move waits: 8 KB of garbage in 250 ms on the chip)
    free[0] = app.floor - 1
    app.drawn = -1
    app.step(A._TIDY_MS * 2 + 40)
    assert len(collects) == n + 3


def test_a_move_collects_before_and_after_its_save(monkeypatch):
    # A move allocates three times in one step: the move (position JSON, legal moves), its save
    # (~1.3 KB on the chip late in an Omweso game) and the animation's trace (~1.5 KB, kept while
    # it plays). The session collects between them in any case (twice a move: ~25 ms each on
    # the chip), so none comes on top of another's garbage or of up to _SLACK of earlier garbage.
    import firmware.app as A
    free = [100000]
    events = []
    monkeypatch.setattr(A, "mem_free", lambda: free[0])
    monkeypatch.setattr(A.gc, "collect", lambda: events.append("collect"))
    app = App(headless.make(240, 135), store=None, ai_ms=20)
    s = app.session
    s.cfg["game"] = "omweso"
    s.cfg["mode"] = "two"
    s.new_game()
    save = s.save
    monkeypatch.setattr(s, "save", lambda *a: (events.append("save"), save(*a)))
    free[0] = app.floor + 1  # room left: collected all the same
    del events[:]
    s.play_move(s.legal[0][0])
    assert events == ["collect", "save", "collect"]


def test_a_new_view_is_collected_before_its_first_drawing(monkeypatch):
    # Building a screen's view (32 pit bitmaps for Omweso) leaves garbage; the app collects
    # before drawing it, so the first drawing's garbage does not add to it (the lowest point of
    # an Omweso game's first step on the chip).
    import firmware.app as A
    events = []
    monkeypatch.setattr(A.gc, "collect", lambda: events.append("collect"))
    app = App(headless.make(240, 135), store=None, ai_ms=20)
    scr = app.session.scr
    make = scr.view

    def view(w, h, *panel):
        v = make(w, h, *panel)
        events.append("built")
        up = v.update

        def update(s):
            events.append("update")
            up(s)
        v.update = update
        return v
    scr.view = view
    app.step(0)
    b = events.index("built")
    assert "collect" in events[b:events.index("update")], events


def test_the_first_omweso_board_may_collect_half_way(monkeypatch):
    # Drawing 32 pits for the first time leaves ~4 KB of garbage on the chip: the Omweso view
    # offers the app a collection (App.tidy) after each side's 16 pits.
    import firmware.app as A
    free = [100000]
    monkeypatch.setattr(A, "mem_free", lambda: free[0])
    app = App(headless.make(320, 240), store=None, ai_ms=20)
    s = app.session
    s.cfg["game"] = "omweso"
    s.cfg["mode"] = "two"
    s.new_game()
    calls = []
    monkeypatch.setattr(s, "tidy", lambda: calls.append(len(calls)))
    app.render()
    assert app.view_key.startswith("board") and len(calls) >= 2
