# Raspberry Pi Pico (or Pico W) + Waveshare Pico-LCD-1.3 (CircuitPython board_id
# "raspberry_pi_pico" / "raspberry_pi_pico_w"; select it with MANCALA_BOARD = "pico_lcd13" in
# settings.toml). 240x240 ST7789 on SPI1: CLK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12,
# backlight GP13, set up as Adafruit's Pico-LCD-1.3 example does (rotation 270, rowstart 80).
# Joystick up GP2, down GP18, left GP16, right GP20, press GP3; keys A GP15, B GP17, X GP19,
# Y GP21; all active low (internal pull-ups). The joystick press acts as "start". No speaker.
import analogio
import board
import busio
import displayio
import keypad
import microcontroller
from busdisplay import BusDisplay
from fourwire import FourWire
from boards.st7789 import INIT  # the datasheet's waits only: 0.9 s less boot

NAME = "pico_lcd13"
BOARD_ID = "raspberry_pi_pico"

displayio.release_displays()
_spi = busio.SPI(board.GP10, MOSI=board.GP11)
_bus = FourWire(_spi, command=board.GP8, chip_select=board.GP9, reset=board.GP12,
                baudrate=62500000)
offset = (0, 80)  # the screen's first column, row in the controller (firmware/views/direct.py)
display = BusDisplay(_bus, INIT, width=240, height=240, rotation=270, rowstart=offset[1],
                     backlight_pin=board.GP13)
display.root_group = displayio.Group()  # black until the app's picture (pico_display_pack2.py)

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start")
NAMES = "up down left right A B X Y press"  # KEYS as the lines on screen name them
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
pins = (board.GP2, board.GP18, board.GP16, board.GP20,
        board.GP15, board.GP17, board.GP19, board.GP21, board.GP3)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

# the battery gauge (firmware/common.py Idle): the Pico's VOLTAGE_MONITOR (GP29) reads VSYS / 3
# (the Pico's own divider). The board has no battery: on USB VSYS is ~4.7 V and reads full; a
# LiPo on VSYS: empty at 3.4 V, full at 4.1 V (ASSUMED); the divider in tenths, mV
battery = (analogio.AnalogIn(board.VOLTAGE_MONITOR), 30, 3400, 4100)
storage = microcontroller.nvm
# the backlight dimmed after 30 s without a press (firmware/app.py): display.brightness, PWM on
# GP13 (backlight_pin above)
brightness = 0.2
audio = None
