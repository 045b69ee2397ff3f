# Desktop tools (CPython; cli.py and jsonfmt.py also MicroPython), one folder per purpose:
#   cli.py, jsonfmt.py  the public JSON command line (docs/protocol.md)
#   play.py             make play: the simulator where a display exists, else the terminal game
#   sim.py              the device app in a desktop window (Blinka displayio + pygame)
#   sections.py         writes the generated sections of docs/*.md (the measuring tools use it)
#   terminal/           the terminal game: menus and turns, lessons, one renderer per game
#   build/              make bundle / uf2 / deploy / mpy: the CIRCUITPY drive for a board
#   ai/                 measuring the AI: make arena, make bench, tune; ref_ai/ is a frozen old AI
#   device/             measuring the device on the emulated RP2040: make device-bench, device-games
#   emu/                the emulated RP2040 itself (rp2040js under node): make emu
# Paths: everything imports from the repository root (engine, firmware, boards, tools.<folder>).
# The tools in folders run as modules from the root (python3 -m tools.ai.arena); the three
# scripts at the top (cli.py, play.py, sim.py) also run by path and put the root on sys.path
# themselves, in their first lines. The tests get the root from tests/conftest.py.
