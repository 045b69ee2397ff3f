# boot.py (the bundle puts it at the root of CIRCUITPY): CircuitPython runs it once at power-up,
# before USB starts. It lets the app write the CIRCUITPY drive, where the saves keep a second
# copy while the flash sector that holds them (microcontroller.nvm) is erased, so a power cut at
# that moment loses nothing (docs/app.md "Saves"). The computer then sees the drive read-only.
# To copy new files to the device: hold A while powering it up (or plugging it in); the drive
# stays writable by the computer until the next power-up, and the saves have no second copy
# meanwhile. MANCALA_DRIVE_SAVES = 0 in settings.toml turns the second copy off for good.
import os

import board
import digitalio
import storage

# the A button of each board (all active low), by board_id or by MANCALA_BOARD's build name
_A = {"pimoroni_picosystem": "SW_A", "pajenicko_picopad": "SW_A", "hack_club_sprig": "BUTTON_L",
      "ugame22": "BUTTON_O", "pico_display_pack2": "GP12", "pico_lcd13": "GP15",
      "picopad": "GP7"}  # the PicoPad on the Pico build (boards/picopad.py)


def a_held():
    pin = getattr(board, _A.get(os.getenv("MANCALA_BOARD") or board.board_id, ""), None)
    if pin is None:
        return False
    key = digitalio.DigitalInOut(pin)
    key.switch_to_input(pull=digitalio.Pull.UP)
    held = not key.value
    key.deinit()
    return held


if str(os.getenv("MANCALA_DRIVE_SAVES", 1)) != "0" and not a_held():
    storage.remount("/", readonly=False)
