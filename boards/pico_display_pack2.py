# Raspberry Pi Pico (or Pico W) + Pimoroni Pico Display Pack 2.0 (CircuitPython board_id
# "raspberry_pi_pico" / "raspberry_pi_pico_w"; select it with MANCALA_BOARD = "pico_display_pack2"
# in settings.toml). 320x240 ST7789 on SPI0: SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20
# (no reset line), set up as Adafruit's Pico Display 2.0 example does (rotation 270).
# Four buttons A GP12, B GP13, X GP14, Y GP15, active low (internal pull-ups). A and B sit left of
# the screen, X and Y right of it. No speaker. The 4 KB microcontroller.nvm holds the saves.
import board
import busio
import displayio
import keypad
import microcontroller
from adafruit_st7789 import ST7789
from fourwire import FourWire

NAME = "pico_display_pack2"
BOARD_ID = "raspberry_pi_pico"

displayio.release_displays()
_spi = busio.SPI(board.GP18, MOSI=board.GP19)
_bus = FourWire(_spi, command=board.GP16, chip_select=board.GP17, baudrate=62500000)
display = ST7789(_bus, width=320, height=240, rotation=270, backlight_pin=board.GP20)

# Four buttons only: the app's four-button mode (no "up" in KEYS) uses A to confirm, B to go back,
# X and Y to move the cursor (up/left and down/right).
KEYS = ("a", "b", "x", "y")
buttons = keypad.Keys(
    (board.GP12, board.GP13, board.GP14, board.GP15),
    value_when_pressed=False, pull=True)

storage = microcontroller.nvm
audio = None
