# `make play`: the device simulator where a display exists, the terminal game otherwise.
#   python3 tools/play.py [--terminal] [simulator options...]
# A thin launcher: the simulator is tools/sim.py, the terminal game tools/terminal/.
import os
import sys

if __name__ == "__main__" and not __package__:  # run by path: import from the repository root
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from tools.terminal import game as terminal_game  # noqa: E402


def main(argv):
    terminal_game.fit_console()
    if "--terminal" not in argv:
        from tools import sim
        if sim.available():
            return sim.main(argv)
        print("No display found: playing in the terminal. (The simulator opens where a display"
              " exists.)")
    return terminal_game.terminal()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
