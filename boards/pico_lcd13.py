# Raspberry Pi Pico (or Pico W) + Waveshare Pico-LCD-1.3 (CircuitPython board_id
# "raspberry_pi_pico" / "raspberry_pi_pico_w"; select it with MANCALA_BOARD = "pico_lcd13" in
# settings.toml). 240x240 ST7789 on SPI1: CLK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12,
# backlight GP13, set up as Adafruit's Pico-LCD-1.3 example does (rotation 270, rowstart 80).
# Joystick up GP2, down GP18, left GP16, right GP20, press GP3; keys A GP15, B GP17, X GP19,
# Y GP21; all active low (internal pull-ups). The joystick press acts as "start". No speaker.
import board
import busio
import displayio
import keypad
import microcontroller
from busdisplay import BusDisplay
from fourwire import FourWire

NAME = "pico_lcd13"
BOARD_ID = "raspberry_pi_pico"

# adafruit_st7789's ST7789 is a BusDisplay whose init sequence waits 150 + 500 + 10 + 10 + 500 ms
# (1.2 s of boot); ours is the same commands with the datasheet's waits only: 120 ms after SWRESET
# (before SLPOUT is allowed) and 120 ms after SLPOUT (supplies and clocks settle); the others take
# effect at once. Entries: command, argument count (| 0x80: a delay follows), arguments, delay ms.
# MADCTL 0xC0 (rows and columns mirrored) is what adafruit_st7789 leaves (its default bgr=True);
# displayio does the rotation, so the picture is the same as with that driver.
_INIT = (
    b"\x01\x80\x78"  # SWRESET, 120 ms
    b"\x11\x80\x78"  # SLPOUT, 120 ms
    b"\x3a\x01\x55"  # COLMOD: 16 bits per pixel (RGB565)
    b"\x36\x01\xc0"  # MADCTL
    b"\x21\x00"      # INVON: this panel needs inverted colours
    b"\x13\x00"      # NORON
    b"\x29\x00"      # DISPON
)

displayio.release_displays()
_spi = busio.SPI(board.GP10, MOSI=board.GP11)
_bus = FourWire(_spi, command=board.GP8, chip_select=board.GP9, reset=board.GP12,
                baudrate=62500000)
display = BusDisplay(_bus, _INIT, width=240, height=240, rotation=270, rowstart=80,
                     backlight_pin=board.GP13)
display.root_group = displayio.Group()  # black until the app's picture (pico_display_pack2.py)

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start")
buttons = keypad.Keys(
    (board.GP2, board.GP18, board.GP16, board.GP20,
     board.GP15, board.GP17, board.GP19, board.GP21, board.GP3),
    value_when_pressed=False, pull=True, interval=0.005)  # a 5 ms scan (default 20)

storage = microcontroller.nvm
audio = None
