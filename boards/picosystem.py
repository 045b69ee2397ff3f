# Pimoroni PicoSystem (CircuitPython board_id "pimoroni_picosystem").
# 240x240 ST7789 built in (board.DISPLAY, set up by the firmware), D-pad + A/B/X/Y (active low,
# internal pull-ups, as the board's frozen ugame module sets them), a piezo speaker on AUDIO (GP11)
# driven by audiopwmio, and the RP2040's 4 KB microcontroller.nvm for saves.
import analogio
import board
import displayio
import keypad
import microcontroller
from boards.tone import Tone

NAME = "picosystem"
BOARD_ID = "pimoroni_picosystem"

display = board.DISPLAY
display.root_group = displayio.Group()  # black, not the terminal redrawn, until the app's picture

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
NAMES = "up down left right A B X Y"  # KEYS as the lines on screen name them
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
pins = (board.SW_UP, board.SW_DOWN, board.SW_LEFT, board.SW_RIGHT,
        board.SW_A, board.SW_B, board.SW_X, board.SW_Y)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

# the battery gauge (firmware/common.py Idle): BAT_SENSE (GP26) reads the LiPo cell through a
# divider taken as 3 (ASSUMED: the board files do not say; the Pico's VSYS divider), empty at
# 3.4 V, full at 4.1 V (ASSUMED, a LiPo's usual range); the divider in tenths, the voltages in
# mV. CHARGE_STAT (GP24) is not read.
battery = (analogio.AnalogIn(board.BAT_SENSE), 30, 3400, 4100)
storage = microcontroller.nvm
# the backlight dimmed after 30 s without a press (firmware/app.py): display.brightness, PWM on
# GP12, PWM at 50 kHz (the firmware's board.c)
brightness = 0.2

def _audio():
    try:
        import audiocore
        import supervisor
        import audiopwmio
        out = audiopwmio.PWMAudioOut(board.AUDIO)
        return Tone(out, audiocore.RawSample, supervisor.ticks_ms, 0xC0, 0x40)
    except Exception as e:  # pin busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
