# The simulator's console (issue 12, item 10): it opened with pygame's greeting, Blinka's
# GENERIC_X86 warnings and a screenful of ALSA errors, and the key list came last.
import os
import subprocess
import sys

import pytest

from tools import sim
from util import ROOT


def _env(**extra):
    env = dict(os.environ)
    for k in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT"):
        env.pop(k, None)
    env["SDL_VIDEODRIVER"] = "dummy"  # a window without a display server
    env.update(extra)
    return env


def test_the_console_shows_the_keys_first_and_no_library_noise(tmp_path):
    r = subprocess.run([sys.executable, "tools/sim.py", "--frames", "3", "--save",
                        str(tmp_path / "s.sav")], capture_output=True, text=True, cwd=ROOT,
                       env=_env(), timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Mancala Pocket simulator, 320x240 screen"), r.stdout
    assert lines[1] == "Keys: " + sim.KEYS_HELP
    assert lines[2] == "Quit: Q or close the window."
    assert len(lines) == 3, r.stdout
    for noise in ("pygame", "WARNING", "ALSA"):
        assert noise not in r.stdout + r.stderr
    if not sim.sound_device():
        assert r.stderr == ""  # no sound card here: SDL's silent driver, not ALSA's errors


def test_no_sound_device_picks_sdls_silent_driver(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    monkeypatch.setattr(sim, "sound_device", lambda: False)
    sim.quiet_audio()
    assert os.environ["SDL_AUDIODRIVER"] == "dummy"
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")  # the user's choice wins
    sim.quiet_audio()
    assert os.environ["SDL_AUDIODRIVER"] == "pulseaudio"


def test_a_sound_device_keeps_the_audio_driver(monkeypatch):
    monkeypatch.delenv("SDL_AUDIODRIVER", raising=False)
    monkeypatch.setattr(sim, "sound_device", lambda: True)
    sim.quiet_audio()
    assert "SDL_AUDIODRIVER" not in os.environ


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux probe")
def test_sound_device_probe(monkeypatch, tmp_path):
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    real = os.listdir
    monkeypatch.setattr(os, "listdir", lambda p: [] if p == "/dev/snd" else real(p))
    assert not sim.sound_device()
    (tmp_path / "pipewire-0").write_text("")
    assert sim.sound_device()
    (tmp_path / "pipewire-0").unlink()
    monkeypatch.setenv("PULSE_SERVER", "tcp:host")
    assert sim.sound_device()


def test_quiet_imports_drops_only_the_known_noise(capsys):
    with sim.quiet_imports():
        print("WARNING: GENERIC_X86 is not fully supported. Some features may not work.")
        print("something a user should see")
    assert capsys.readouterr().out == "something a user should see\n"


def test_the_printed_keys_are_the_desktop_boards_keys():
    pygame = pytest.importorskip("pygame")
    with sim.quiet_imports():
        from boards import desktop
    names = {"return": "Enter", "escape": "Esc", "backspace": "Bksp", "space": "Space",
             "tab": "Tab"}
    printed = {}
    for clause in sim.KEYS_HELP.split(", "):  # "Z/Enter/Space = A (play)"
        keys, button = clause.split(" = ")
        if button in ("this key map", "quit"):  # (no button: boards/desktop.py reads them)
            continue
        for k in keys.split("/"):
            assert printed.get(k, button.split(" ")[0]) == button.split(" ")[0]
            printed[k] = button.split(" ")[0]
    buttons = {"a": "A", "b": "B", "x": "X", "y": "Y", "start": "Start", "select": "Select"}
    want = {}
    for key, button in desktop.KEYMAP.items():
        if button in ("up", "down", "left", "right"):
            continue
        name = pygame.key.name(key)
        want[names.get(name, name.upper())] = buttons[button]
    assert printed.pop("arrows") == "D-pad"
    assert printed == want


def test_a_display_variable_without_an_x_server_falls_back_to_the_terminal():
    # DISPLAY set but nothing listening (an ssh session's stale variable): make play must not try
    # to open a window; tools/play.py then runs the terminal game.
    env = dict(os.environ, DISPLAY=":97", SDL_VIDEODRIVER="x11")
    env.pop("WAYLAND_DISPLAY", None)
    r = subprocess.run([sys.executable, "-c", "from tools import sim; print(sim.available())"],
                       cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.strip().splitlines()[-1] == "False", r.stdout + r.stderr
