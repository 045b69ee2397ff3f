# uGame22 by deshipu (CircuitPython board_id "ugame22").
# 320x240 display built in (board.DISPLAY; the firmware creates it with auto_refresh off, we turn
# it on because the app relies on it), D-pad + O/X/Z (active low with pull-ups; the board's own
# ugame module uses value_when_pressed=False), an I2S amplifier (BCLK GP24, LRCLK GP25, DIN GP23,
# GAIN GP22) and the 4 KB microcontroller.nvm for saves. O is the main button, X goes back,
# Z is the menu/start button.
import board
import displayio
import keypad
import microcontroller
from boards.tone import Tone

NAME = "ugame22"
BOARD_ID = "ugame22"

display = board.DISPLAY
display.auto_refresh = True
display.root_group = displayio.Group()  # black, not the terminal redrawn, until the app's picture

KEYS = ("up", "down", "left", "right", "a", "b", "start")
NAMES = "up down left right O X Z"  # KEYS as the lines on screen name them
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
pins = (board.BUTTON_UP, board.BUTTON_DOWN, board.BUTTON_LEFT, board.BUTTON_RIGHT,
        board.BUTTON_O, board.BUTTON_X, board.BUTTON_Z)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

battery = None  # no gauge: no pin reads the battery (board.c, pins.c)
storage = microcontroller.nvm
brightness = None  # no backlight pin (board.c): no dimming; dark is a black picture

def _audio():
    try:
        import audiobusio
        import audiocore
        import supervisor
        import digitalio
        gain = digitalio.DigitalInOut(board.GAIN)
        gain.pull = digitalio.Pull.UP  # low gain, as the board's ugame module sets it
        out = audiobusio.I2SOut(board.I2S_BCLK, board.I2S_LRCLK, board.I2S_DIN)
        return Tone(out, audiocore.RawSample, supervisor.ticks_ms, 0xA0, 0x60)
    except Exception as e:  # pins busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
