#!/usr/bin/env python3
"""The device app in a desktop window: the same firmware/ code drawn by Blinka displayio.

    python3 tools/sim.py [--board desktop|headless] [--size 320x240] [--scale 3]
                         [--keys "a down a"] [--png out.png] [--frames N]

Keys (desktop, boards/keymap.py): arrows = D-pad, Z/Enter/Space = A, X/Backspace = B, C = X
(hint), V = Y (undo), Esc/P = Start (pause), Tab = Select; F1 or ? shows the key map in the
window; Q or closing the window quits. The lines on screen name these keys.
--board headless runs without a window (scripted --keys, then --png writes the screen).
tools/play.py calls available() and main(argv).
"""
import contextlib
import io
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__" and not __package__:  # run by path: import from the repository root
    sys.path[0] = ROOT

from boards import keymap  # noqa: E402 (plain data: no pygame yet)

SIZES = ("240x240", "320x240", "240x135", "160x128")
KEYS_HELP = keymap.sentence()  # printed before pygame loads (boards/desktop.py maps the same)
# What the desktop libraries print on import that says nothing to a player: pygame's greeting
# (hidden by PYGAME_HIDE_SUPPORT_PROMPT) and Blinka's board-detection warning on a PC.
NOISE = ("WARNING: GENERIC_X86 is not fully supported", "WARNING: chip_id == None is not fully")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def sound_device():
    """False on a Linux machine with no sound card and no sound server (ALSA would complain)."""
    if not sys.platform.startswith("linux"):
        return True
    if os.environ.get("PULSE_SERVER"):
        return True
    run = os.environ.get("XDG_RUNTIME_DIR")
    if run and any(os.path.exists(os.path.join(run, n)) for n in ("pulse/native", "pipewire-0")):
        return True
    try:
        return any(n.startswith("pcm") for n in os.listdir("/dev/snd"))
    except OSError:
        return False


def quiet_audio():
    """Without a sound device SDL's ALSA backend fills the console with errors: use SDL's silent
    driver instead (the app's sound setting then plays nothing). A user's choice is kept."""
    if not sound_device():
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@contextlib.contextmanager
def quiet_imports():
    """Import the desktop libraries without their NOISE; anything else they print still shows."""
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            yield
    finally:
        for line in buf.getvalue().splitlines():
            if not line.startswith(NOISE):
                print(line)


def available():
    """True when a window can be opened: a display exists and pygame + displayio import."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            return False
    elif sys.platform not in ("darwin", "win32", "cygwin"):
        return False
    try:
        with quiet_imports():
            import pygame  # noqa: F401
            import displayio  # noqa: F401
            import blinka_displayio_pygamedisplay  # noqa: F401
    except Exception:
        return False
    try:  # DISPLAY can name an X server that is not running: ask SDL itself
        import pygame
        pygame.display.init()
        pygame.display.quit()
    except Exception:
        return False
    return True


def _args(argv):
    import argparse
    p = argparse.ArgumentParser(prog="sim.py", description=__doc__.split("\n")[0])
    p.add_argument("--board", choices=("desktop", "headless"), default="desktop")
    p.add_argument("--size", default="320x240", help="screen size WxH, e.g. " + ", ".join(SIZES))
    p.add_argument("--scale", type=int, default=3)
    p.add_argument("--keys", default="", help="buttons pressed first, e.g. 'down a a'")
    p.add_argument("--png", help="write the screen to this PNG at the end (headless)")
    p.add_argument("--frames", type=int, default=0, help="stop after N loop steps (0 = never)")
    p.add_argument("--save", default=os.path.join(ROOT, "saves", "mancala.sav"),
                   help="the save file (default: saves/mancala.sav)")
    return p.parse_args(argv)


def main(argv=None):
    a = _args(sys.argv[1:] if argv is None else argv)
    try:
        w, h = (int(x) for x in a.size.lower().split("x"))
    except ValueError:
        sys.stderr.write("sim.py: --size must look like 320x240\n")
        return 2
    if a.board == "desktop":  # the keys first, before the libraries load and the window opens
        print("Mancala Pocket simulator, %s screen (window scaled x%d).\nKeys: %s\n"
              "Quit: Q or close the window." % (a.size, a.scale, KEYS_HELP))
    quiet_audio()
    with quiet_imports():
        from firmware.app import App
        from engine.compat import ticks_ms
        if a.board == "desktop":
            from boards import desktop
        else:  # (its Blinka import printed the PC's warning twice, unfiltered)
            from boards import headless
    if a.board == "headless":
        board = headless.make(w, h, save_file=a.save)
        os.makedirs(os.path.dirname(os.path.abspath(a.save)), exist_ok=True)
        app = App(board)
        for k in a.keys.split():
            board.buttons.press(k)
            app.step(ticks_ms())
        t_end = time.time() + 0.5
        while time.time() < t_end or app.session.phase in ("anim", "ai"):
            app.step(ticks_ms())
            if time.time() > t_end + 20:
                break
        app.render()
        if a.png:
            board.display.snapshot().png(a.png, max(1, a.scale))
        return 0
    board = desktop.make(w, h, a.scale)
    board.SAVE_FILE = a.save
    os.makedirs(os.path.dirname(os.path.abspath(a.save)), exist_ok=True)
    app = App(board)
    for k in a.keys.split():
        board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), True))
        board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), False))
    n = 0
    while board.buttons.pump():
        app.step(ticks_ms())
        board.display.show(changed=n > 0)  # the window shows the panel's new picture
        n += 1
        if a.frames and n >= a.frames:
            break
        time.sleep(0.01)
    if a.png:
        board.display.show()
        import pygame
        pygame.image.save(board.display._window, a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
