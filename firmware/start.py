# The app's start on the device, the same on both runtimes: the drive's code.py (firmware/code.py)
# calls run() of this module, from the drive's bundle on stock CircuitPython or from the
# firmware itself on the console image (tools/build/image.py). The board module comes from
# boards/select.py (board.board_id; MANCALA_BOARD in settings.toml overrides).
# Holding B at power-up starts no game: CircuitPython's REPL waits on the USB serial console
# instead (the console image has no reset-twice safe mode; docs/hardware.md "The REPL").
import gc


def run():
    """The app on the board (or, B held at power-up, no game). (Every name here is one the app
    has already: the chip keeps each new one for good.)"""
    try:
        import os
        import board
        import digitalio
        # the B button of each board (active low) after MANCALA_BOARD (settings.toml: the
        # project's board name, boards/) or else the firmware's board_id: one long text, not a
        # table of short ones (each a new name on the chip)
        at = (" picosystem SW_B pimoroni_picosystem SW_B pajenicko_picopad SW_B sprig BUTTON_K"
              " hack_club_sprig BUTTON_K ugame22 BUTTON_X pico_display_pack2 GP13 pico_lcd13 GP17"
              " picopad GP6 ")
        i = at.find(" " + (os.getenv("MANCALA_BOARD") or board.board_id) + " ")
        pin = getattr(board, at[i:].split()[1], None) if i >= 0 else None
    except Exception:  # not CircuitPython (Blinka's board module fails on a desktop)
        pin = None
    if pin is not None:
        pin = digitalio.DigitalInOut(pin)
        pin.switch_to_input(pull=digitalio.Pull.UP)
        i = pin.value
        pin.deinit()
        if not i:  # held
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
    try:  # the feel benchmark (tools/device/feel.py) reads what happens on the console
        if str(os.getenv("MANCALA_FEEL")) == "1":  # settings.toml's 1 (CircuitPython: "1")
            from engine.compat import ticks_ms
            mark = lambda name: print("feel", ticks_ms(), name)  # noqa: E731
    except NameError:  # no os: not CircuitPython
        pass
    App(hw, mark=mark).run()
