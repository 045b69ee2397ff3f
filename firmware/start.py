# The app's start on the device, the same on both runtimes: the drive's code.py (firmware/code.py,
# one line) imports this module, from the drive's bundle on stock CircuitPython or from the
# firmware itself on the console image (tools/build/image.py). The board module comes from
# boards/select.py (board.board_id; MANCALA_BOARD in settings.toml overrides).
# Holding B at power-up starts no game: CircuitPython's REPL waits on the USB serial console
# instead (the console image has no reset-twice safe mode; docs/hardware.md "The REPL").
import gc

# the B button of each board (active low), by board_id or by MANCALA_BOARD's build name
_B = {"pimoroni_picosystem": "SW_B", "pajenicko_picopad": "SW_B", "hack_club_sprig": "BUTTON_K",
      "ugame22": "BUTTON_X", "pico_display_pack2": "GP13", "pico_lcd13": "GP17", "picopad": "GP6"}


def b_held():
    try:
        import os
        import board
        import digitalio
    except ImportError:  # not CircuitPython
        return False
    pin = getattr(board, _B.get(os.getenv("MANCALA_BOARD") or board.board_id, ""), None)
    if pin is None:
        return False
    key = digitalio.DigitalInOut(pin)
    key.switch_to_input(pull=digitalio.Pull.UP)
    held = not key.value
    key.deinit()
    return held


def main():
    if b_held():
        print("B held at power-up: the game is not started. Press a key here for the REPL; "
              "reset (or Ctrl-D) to play.")
        return
    from boards import select
    hw = select.load(select.board_name(select.board_id()))
    del select
    from firmware.common import unload
    unload("boards.select")  # only needed to boot: its tables go
    gc.collect()
    from firmware.app import App
    mark = None
    if _feel():  # the feel benchmark (tools/device/feel.py) reads what happens on the console
        from engine.compat import ticks_ms
        mark = lambda what: print("feel", ticks_ms(), what)  # noqa: E731
    App(hw, mark=mark).run()


def _feel():
    try:
        import os
        return str(os.getenv("MANCALA_FEEL")) == "1"  # an int from settings.toml
    except (ImportError, AttributeError):
        return False


main()
