# Which board module drives this device. firmware/code.py calls:
#     from boards import select
#     hw = select.load(select.board_name(select.board_id()))
# board_id() is CircuitPython's board.board_id (None off CircuitPython); MANCALA_BOARD in
# settings.toml (read with os.getenv) overrides the choice, and is required on a plain Pico build,
# where the display add-on cannot be detected (and on a PicoPad running the Pico build).
_BY_ID = {
    "pimoroni_picosystem": "picosystem",
    "pajenicko_picopad": "picopad",
    "ugame22": "ugame22",
    "hack_club_sprig": "sprig",
}
# Boards whose display is an add-on: the user names the build in settings.toml.
_PICO_IDS = ("raspberry_pi_pico", "raspberry_pi_pico_w")
PICO_BUILDS = ("pico_display_pack2", "pico_lcd13")
DEVICES = ("picosystem", "picopad", "ugame22", "sprig") + PICO_BUILDS
NAMES = DEVICES + ("desktop", "headless")


def board_id():
    import sys
    if sys.implementation.name != "circuitpython":
        return None  # never `import board` elsewhere: Blinka's board module fails on a desktop
    import board
    return board.board_id


def _setting():
    try:
        import os
        return os.getenv("MANCALA_BOARD")
    except (ImportError, AttributeError):  # MicroPython has no os.getenv
        return None


def board_name(board_id, override=None):
    # The board module name for a CircuitPython board_id; override (default: MANCALA_BOARD from
    # settings.toml) wins when set. ValueError with a clear message for anything unknown.
    if override is None:
        override = _setting()
    if override:
        override = override.strip()
        if override not in NAMES:
            raise ValueError("MANCALA_BOARD = %r in settings.toml is not a board; use one of: %s"
                             % (override, ", ".join(NAMES)))
        return override
    if board_id is None:
        return "desktop"
    name = _BY_ID.get(board_id)
    if name:
        return name
    if board_id in _PICO_IDS:
        raise ValueError("board %r: say which display is attached (or that it is a PicoPad) with "
                         "MANCALA_BOARD = \"%s\" in settings.toml"
                         % (board_id, "\" or \"".join(PICO_BUILDS + ("picopad",))))
    raise ValueError("unsupported board %r; supported: %s (or a Pico with MANCALA_BOARD = one "
                     "of %s in settings.toml)"
                     % (board_id, ", ".join(_BY_ID), ", ".join(PICO_BUILDS)))


def load(name):
    # Imports boards.<name> and returns the module (display, buttons, KEYS, audio, storage).
    if name not in NAMES:
        raise ValueError("no board module %r; known: %s" % (name, ", ".join(NAMES)))
    import sys
    __import__("boards." + name)
    return sys.modules["boards." + name]
