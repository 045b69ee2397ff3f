#!/usr/bin/env python3
"""The device app in a desktop window: the same firmware/ code drawn by Blinka displayio.

    python tools/sim.py [--board desktop|headless] [--size 320x240] [--scale 3]
                        [--keys "a down a"] [--png out.png] [--frames N]

Keys (desktop): arrows = D-pad, Z/Enter/Space = A, X/Backspace = B, C = X (hint),
V = Y (undo), Esc/P = Start (pause menu), Tab = Select, Q or closing the window quits.
--board headless runs without a window (scripted --keys, then --png writes the screen).
tools/play.py calls available() and main(argv).
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

SIZES = ("240x240", "320x240", "240x135", "160x128")


def available():
    """True when a window can be opened: a display exists and pygame + displayio import."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            return False
    elif sys.platform not in ("darwin", "win32", "cygwin"):
        return False
    try:
        import pygame  # noqa: F401
        import displayio  # noqa: F401
        import blinka_displayio_pygamedisplay  # noqa: F401
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
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from firmware.app import App
    from engine.compat import ticks_ms
    if a.board == "headless":
        from boards import headless
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
    from boards import desktop
    board = desktop.make(w, h, a.scale)
    board.SAVE_FILE = a.save
    os.makedirs(os.path.dirname(os.path.abspath(a.save)), exist_ok=True)
    app = App(board)
    for k in a.keys.split():
        board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), True))
        board.buttons.events.q.append(desktop._Event(desktop.KEYS.index(k), False))
    print("Mancala Pocket %s: %s" % (a.size, desktop.HELP))
    n = 0
    while board.buttons.pump():
        v = app.drawn
        app.step(ticks_ms())
        if app.drawn != v or n == 0:
            board.display.refresh()
        n += 1
        if a.frames and n >= a.frames:
            break
        time.sleep(0.01)
    if a.png:
        board.display.refresh()
        import pygame
        pygame.image.save(board.display._window, a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
