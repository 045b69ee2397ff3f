# Hack Club Sprig (CircuitPython board_id "hack_club_sprig").
# 160x128 ST7735 built in (board.DISPLAY, rotated by the firmware), two 4-button pads: W/A/S/D on
# the left are the direction keys, I/J/K/L on the right are the action keys laid out like a game
# pad (L = a, K = b, I = x, J = y). Buttons are active low with internal pull-ups. An I2S
# amplifier (BCLK GP10, LRCLK GP11, DIN GP9) and the 4 KB microcontroller.nvm for saves.
import analogio
import board
import displayio
import keypad
import microcontroller
from boards.tone import Tone

NAME = "sprig"
BOARD_ID = "hack_club_sprig"

display = board.DISPLAY
display.root_group = displayio.Group()  # black, not the terminal redrawn, until the app's picture

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
NAMES = "W S A D L K I J"  # KEYS as the lines on screen name them: the buttons' letters
# the buttons' GPIOs: the keypad's, and the pin alarms that wake a sleep (firmware/resume.py)
pins = (board.BUTTON_W, board.BUTTON_S, board.BUTTON_A, board.BUTTON_D,
        board.BUTTON_L, board.BUTTON_K, board.BUTTON_I, board.BUTTON_J)
buttons = keypad.Keys(pins, value_when_pressed=False, pull=True,
                      interval=0.005)  # a 5 ms scan (default 20)

# the battery gauge (firmware/common.py Idle): its Pico's VOLTAGE_MONITOR (GP29) reads VSYS / 3
# (the Pico's own divider); two AA cells: empty at 2.0 V, full at 3.0 V (ASSUMED: 1.0-1.5 V a
# cell; the Pico's regulator runs down to 1.8 V); the divider in tenths, the voltages in mV
battery = (analogio.AnalogIn(board.VOLTAGE_MONITOR), 30, 2000, 3000)
storage = microcontroller.nvm
# the backlight dimmed after 30 s without a press (firmware/app.py): display.brightness, PWM on
# GP17 (the firmware's board.c)
brightness = 0.2

def _audio():
    try:
        import audiobusio
        import audiocore
        import supervisor
        out = audiobusio.I2SOut(board.AUDIO_BCLK, board.AUDIO_LRCLK, board.AUDIO_DIN)
        return Tone(out, audiocore.RawSample, supervisor.ticks_ms, 0xA0, 0x60)
    except Exception as e:  # pins busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
