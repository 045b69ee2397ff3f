# The simulator's keyboard (issue 59 #2, #3): the window (pygame under SDL's dummy driver) says
# its main keys in its title, F1 or ? shows the key map over the screen (a picture of the device's
# buttons with their keys, boards/keypicture.py), the keys keep the emulators' habits, a held
# direction repeats as on the device, and README and docs/app.md list the same keys
# (boards/keymap.py). The lines on screen: tests/test_app_keys.py.
import os
import re

import pytest

if __name__ == "__main__" and not __package__:  # run by path: the tests' path set-up
    import sys
    sys.path[:0] = [os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    os.path.dirname(os.path.abspath(__file__))]
from util import ROOT  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pygame = pytest.importorskip("pygame")

from boards import keymap, headless  # noqa: E402
from tools import sim  # noqa: E402

with sim.quiet_imports():
    from boards import desktop  # noqa: E402
    from firmware.app import App  # noqa: E402
from firmware import buttons  # noqa: E402


def _key(code, down=True, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code,
                                         mod=0, unicode=text))


def _game(board):
    app = App(board, store=None, ai_ms=30)
    s = app.session
    s.cfg["mode"] = "two"
    s.cfg["anim"] = "off"
    s.new_game()
    app.step(0)
    return app, s


def test_the_keys_keep_the_emulators_habits():
    m = desktop.KEYMAP
    want = {pygame.K_z: "a", pygame.K_RETURN: "a", pygame.K_SPACE: "a", pygame.K_x: "b",
            pygame.K_ESCAPE: "start", pygame.K_UP: "up", pygame.K_DOWN: "down",
            pygame.K_LEFT: "left", pygame.K_RIGHT: "right", pygame.K_c: "x", pygame.K_v: "y"}
    assert {k: m[k] for k in want} == want
    assert set(m.values()) == set(desktop.KEYS)  # every button has a key
    assert [b for b, _, _, _ in keymap.MAP] == list(keymap.KEYS)


def test_the_window_names_its_keys_and_the_lines_name_them_too():
    board = desktop.make(160, 128, 1)
    title = pygame.display.get_caption()[0]
    for words in ("arrows: move", "Z: play", "X: back", "C: hint", "V: undo", "Esc: pause",
                  "F1: all keys"):
        assert words in title, title
    assert board.NAMES == keymap.NAMES
    app, s = _game(board)
    assert app.view.frame.msg.text == "Z: play  C: hint  X: menu"  # the keys of this keyboard


def test_f1_or_a_question_mark_shows_the_key_map_and_any_key_closes_it():
    board = desktop.make(160, 128, 3)
    app, s = _game(board)
    board.display.refresh()
    plain = pygame.image.tostring(board.display._window, "RGB")
    q = board.buttons.events.q
    for code, text in ((pygame.K_F1, ""), (pygame.K_SLASH, "?")):
        _key(code, text=text)
        board.buttons.pump()
        assert board.display.overlay is not None
        shown = pygame.image.tostring(board.display._window, "RGB")
        assert shown != plain  # drawn over the screen at once
        board.display.refresh()  # the app's next picture keeps it on top
        assert pygame.image.tostring(board.display._window, "RGB") == shown
        _key(pygame.K_ESCAPE)  # closes it, and is not the pause button
        _key(pygame.K_ESCAPE, down=False)
        board.buttons.pump()
        assert board.display.overlay is None and not q
        assert pygame.image.tostring(board.display._window, "RGB") == plain
    _key(pygame.K_LSHIFT)  # "?" again: Shift, then the key of "?", closes it
    _key(pygame.K_SLASH, text="?")
    board.buttons.pump()
    assert board.display.overlay is not None
    _key(pygame.K_LSHIFT)
    board.buttons.pump()
    assert board.display.overlay is not None
    _key(pygame.K_SLASH, text="?")
    board.buttons.pump()
    assert board.display.overlay is None and not q
    _key(pygame.K_ESCAPE)  # the map closed: Esc is Start again
    board.buttons.pump()
    assert [(e.key_number, e.pressed) for e in q] == [(desktop.KEYS.index("start"), True)]


def test_the_key_map_lists_every_key():
    from boards import keypicture
    listed = " ".join(" ".join(r) for r in keypicture.rows())
    for button, keys, name, does in keymap.MAP[4:]:
        for k in keys:
            assert keymap.label(k) in listed, k
        assert name in listed and does in listed
    assert "F1, ?" in listed and "quit" in listed
    for size in ((480, 384), (960, 720)):  # 160x128 and 320x240 scaled x3
        pic = keypicture.picture(size)
        assert pic.get_size() == size
        assert len({pic.get_at((x, y))[:3] for x in range(0, size[0], 7)
                    for y in range(0, size[1], 7)}) > 4  # drawn: the body, the caps, the keys


def test_holding_an_arrow_repeats_as_on_the_device():
    # the keyboard gives one key-down and one key-up; the app repeats the held direction (after
    # 350 ms, every 110 ms: firmware/buttons.py) exactly as for the device's buttons
    def walk(board, hold, release):
        app, s = _game(board)
        start = s.play.cursor
        out = []
        hold()
        for t in range(0, 1000, 10):
            if t == 800:
                release()
            app.step(t)
            out.append(s.play.cursor)
        return start, out

    board = desktop.make(160, 128, 1)
    pump = board.buttons.pump
    start, got = walk(board, lambda: (_key(pygame.K_RIGHT), pump()),
                      lambda: (_key(pygame.K_RIGHT, down=False), pump()))
    moves = sum(1 for a, b in zip([start] + got, got) if a != b)
    assert moves == 1 + 1 + (800 - buttons._DELAY) // buttons._RATE  # a press, then the repeats
    pad = headless.make(160, 128)
    assert walk(pad, lambda: pad.buttons.hold("right"),
                lambda: pad.buttons.release("right")) == (start, got)


def test_a_window_losing_the_keyboard_lets_go_of_the_keys_held():
    board = desktop.make(160, 128, 1)
    q = board.buttons.events.q
    _key(pygame.K_LEFT)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    _key(pygame.K_LEFT, down=False)  # (a key-up the window never had: ignored)
    board.buttons.pump()
    left = desktop.KEYS.index("left")
    assert [(e.key_number, e.pressed) for e in q] == [(left, True), (left, False)]


def _flat(path):
    return re.sub(r"\s+", " ", open(os.path.join(ROOT, path), encoding="utf-8").read())


def test_readme_and_the_docs_list_the_keys_of_the_key_map():
    keys = keymap.sentence()
    assert keys in _flat("README.md")
    assert keys in _flat("docs/app.md")
    assert "Keys: " + keys == "Keys: " + sim.KEYS_HELP  # what the console prints


def write_shot(path):
    """The simulator's window at 320x240 (x2) with the key map shown: docs/app.md's picture."""
    board = desktop.make(320, 240, 2)
    app, s = _game(board)
    board.display.refresh()
    board.display.show_keys(True)
    pygame.image.save(board.display._window, path)


if __name__ == "__main__":  # python tests/test_sim_keys.py: docs/screenshots/sim-keys-320x240.png
    out = os.path.join(ROOT, "docs", "screenshots", "sim-keys-320x240.png")
    write_shot(out)
    print("wrote", out)
