# Raspberry Pi Pico (or Pico W) + Pimoroni Pico Display Pack 2.0 (CircuitPython board_id
# "raspberry_pi_pico" / "raspberry_pi_pico_w"; select it with MANCALA_BOARD = "pico_display_pack2"
# in settings.toml). 320x240 ST7789 on SPI0: SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20
# (no reset line), set up as Adafruit's Pico Display 2.0 example does (rotation 270).
# Four buttons A GP12, B GP13, X GP14, Y GP15, active low (internal pull-ups). A and B sit left of
# the screen, X and Y right of it. No speaker. The 4 KB microcontroller.nvm holds the saves.
import analogio
import board
import busio
import displayio
import keypad
import microcontroller
from busdisplay import BusDisplay
from fourwire import FourWire
from boards.st7789 import INIT  # the datasheet's waits only: 0.9 s less boot

NAME = "pico_display_pack2"
BOARD_ID = "raspberry_pi_pico"

displayio.release_displays()
_spi = busio.SPI(board.GP18, MOSI=board.GP19)
_bus = FourWire(_spi, command=board.GP16, chip_select=board.GP17, baudrate=62500000)
display = BusDisplay(_bus, INIT, width=320, height=240, rotation=270, backlight_pin=board.GP20)
# Nothing shown until the app's first picture: CircuitPython would show its terminal on the new
# display and redraw it (~0.4 s a refresh at 320x240) while the app loads: an empty group
# shows black.
display.root_group = displayio.Group()

# Four buttons only: the app's four-button mode (no "up" in KEYS) uses A to confirm, B to go back,
# X and Y to move the cursor (up/left and down/right).
KEYS = ("a", "b", "x", "y")
NAMES = "A B X Y"  # KEYS as the lines on screen name them (firmware/common.py key)
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
pins = (board.GP12, board.GP13, board.GP14, board.GP15)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

# the battery gauge (firmware/common.py Idle): the Pico's VOLTAGE_MONITOR (GP29) reads VSYS / 3
# (the Pico's own divider). The pack has no battery: on USB VSYS is ~4.7 V and reads full; a
# LiPo on VSYS: empty at 3.4 V, full at 4.1 V (ASSUMED); the divider in tenths, mV
battery = (analogio.AnalogIn(board.VOLTAGE_MONITOR), 30, 3400, 4100)
storage = microcontroller.nvm
# the backlight dimmed after 30 s without a press (firmware/app.py): display.brightness, PWM on
# GP20 (backlight_pin above)
brightness = 0.2
audio = None
