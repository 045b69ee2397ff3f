# Pajenicko PicoPad: a Pico W on a 320x240 ST7789 handheld, D-pad + A/B/X/Y (active low, internal
# pull-ups), a speaker on GP15 driven by audiopwmio, and the 4 KB microcontroller.nvm for saves.
# Runs on two CircuitPython builds (docs/hardware.md):
# - "raspberry_pi_pico", the recommended one: the Pico build runs on the Pico W's RP2040 and flash
#   and leaves the Wi-Fi chip off, which the game never uses: 8 KB more heap than the PicoPad's own
#   build and no Wi-Fi start at boot. It does not know the PicoPad, so the bundle's settings.toml
#   says MANCALA_BOARD = "picopad" and this module sets the display up as the own build's board.c
#   does.
# - "pajenicko_picopad", the PicoPad's own build, whose firmware makes board.DISPLAY.
import analogio
import board
import displayio
import keypad
import microcontroller
from boards.tone import Tone

NAME = "picopad"
BOARD_ID = "raspberry_pi_pico"

# The PicoPad build's ST7789 set-up (its board.c): landscape addresses (MADCTL 0x60), the panel's
# porch, voltages and gamma; only the datasheet's waits (120 ms after SWRESET and after SLPOUT;
# the build waits 150 + 500 + 100 ms). Entries: command, argument count (| 0x80: a delay
# follows), arguments, delay ms.
_INIT = (
    b"\x01\x80\x78"                              # SWRESET, 120 ms
    b"\x36\x01\x60"                              # MADCTL: landscape
    b"\x35\x01\x00"                              # TEON
    b"\xb2\x05\x0c\x0c\x00\x33\x33"              # PORCTRL
    b"\x3a\x01\x05"                              # COLMOD: 16 bits per pixel
    b"\xb7\x01\x14\xbb\x01\x37\xc0\x01\x2c"      # GCTRL, VCOMS, LCMCTRL
    b"\xc2\x01\x01\xc3\x01\x12\xc4\x01\x20"      # VDVVRHEN, VRHS, VDVS
    b"\xd0\x02\xa4\xa1\xc6\x01\x0f"              # PWCTRL1, FRCTRL2
    b"\xe0\x0e\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23"  # positive gamma
    b"\xe1\x0e\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23"  # negative gamma
    b"\x21\x00"                                  # INVON
    b"\x11\x80\x78"                              # SLPOUT, 120 ms
    b"\x29\x00"                                  # DISPON
)

display = getattr(board, "DISPLAY", None)
if display is None:  # the Pico build: SPI0 SCK GP18, MOSI GP19, DC GP17, CS GP21, RST GP20
    import busio
    from busdisplay import BusDisplay
    from fourwire import FourWire
    displayio.release_displays()
    _bus = FourWire(busio.SPI(board.GP18, MOSI=board.GP19), command=board.GP17,
                    chip_select=board.GP21, reset=board.GP20, baudrate=60000000)
    display = BusDisplay(_bus, _INIT, width=320, height=240, backlight_pin=board.GP16)
display.root_group = displayio.Group()  # black, not the terminal redrawn, until the app's picture

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
NAMES = "up down left right A B X Y"  # KEYS as the lines on screen name them
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
# (the same GPIOs in both builds: the own build names them SW_UP, ...)
pins = (board.GP4, board.GP5, board.GP3, board.GP2, board.GP7, board.GP6, board.GP9, board.GP8)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

# the battery gauge (firmware/common.py Idle): BAT_SENSE (GP29; A3 in the Pico build) reads the
# LiPo cell through a divider taken as 3 (ASSUMED, as the Pico's VSYS / 3), empty at 3.4 V, full
# at 4.1 V (ASSUMED); the divider in tenths, the voltages in mV
battery = (analogio.AnalogIn(getattr(board, "BAT_SENSE", None) or getattr(board, "A3")),
           30, 3400, 4100)
storage = microcontroller.nvm
# the backlight dimmed after 30 s without a press (firmware/app.py): display.brightness, PWM on
# GP16 (backlight_pin above; the own build's board.c: the same pin)
brightness = 0.2

def _audio():
    try:
        import audiocore
        import supervisor
        import audiopwmio
        out = audiopwmio.PWMAudioOut(board.GP15)
        return Tone(out, audiocore.RawSample, supervisor.ticks_ms, 0xC0, 0x40)
    except Exception as e:  # pin busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
