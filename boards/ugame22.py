# uGame22 by deshipu (CircuitPython board_id "ugame22").
# 320x240 display built in (board.DISPLAY; the firmware creates it with auto_refresh off, we turn
# it on because the app relies on it), D-pad + O/X/Z (active low with pull-ups; the board's own
# ugame module uses value_when_pressed=False), an I2S amplifier (BCLK GP24, LRCLK GP25, DIN GP23,
# GAIN GP22) and the 4 KB microcontroller.nvm for saves. O is the main button, X goes back,
# Z is the menu/start button.
import board
import keypad
import microcontroller
from micropython import const

NAME = "ugame22"
BOARD_ID = "ugame22"

display = board.DISPLAY
display.auto_refresh = True

KEYS = ("up", "down", "left", "right", "a", "b", "start")
buttons = keypad.Keys(
    (board.BUTTON_UP, board.BUTTON_DOWN, board.BUTTON_LEFT, board.BUTTON_RIGHT,
     board.BUTTON_O, board.BUTTON_X, board.BUTTON_Z),
    value_when_pressed=False, pull=True)

storage = microcontroller.nvm

_RATE = const(8000)   # samples per second
_MAX = const(2000)    # longest tone: 250 ms at 8 kHz (one 2 KB buffer, allocated once)
_HI = const(0xA0)     # square wave levels around the 0x80 midpoint (unsigned 8-bit samples)
_LO = const(0x60)


class _Tone:
    # tone(hz, ms) renders a square wave into one preallocated buffer and plays it in the
    # background (returns within a few ms). A tone asked for while another plays is queued after
    # it (what is left of the old one moves to the front of the buffer), so chords are heard.
    def __init__(self, out, raw_sample, ticks_ms):
        self._out = out
        self._raw = raw_sample
        self._ticks = ticks_ms
        self._buf = bytearray(_MAX)
        self._mv = memoryview(self._buf)
        self._sample = None
        self._end = 0
        self._t0 = 0

    def tone(self, hz, ms):
        out = self._out
        mv = self._mv
        now = self._ticks()
        rem = 0
        if out.playing:
            done = ((now - self._t0) & 0x1FFFFFFF) * _RATE // 1000
            rem = self._end - done
            if 0 < rem and 0 < done:
                for k in range(0, rem, done):  # non-overlapping chunks
                    c = min(done, rem - k)
                    mv[k:k + c] = mv[done + k:done + k + c]
            else:
                rem = max(0, rem)
        out.stop()
        n = min(_MAX - rem, _RATE * ms // 1000)
        if hz > 0 and n > 0:
            half = max(1, _RATE // (2 * hz))
            b = self._buf
            for i in range(min(2 * half, n)):
                b[rem + i] = _HI if i < half else _LO
            k = 2 * half
            while k < n:  # repeat the first period by doubling copies
                m = min(k, n - k)
                mv[rem + k:rem + k + m] = mv[rem:rem + m]
                k += m
            rem += n
        self._end = rem
        self._t0 = now
        if rem:
            self._sample = self._raw(mv[0:rem], sample_rate=_RATE)
            out.play(self._sample)


def _audio():
    try:
        import audiobusio
        import audiocore
        import supervisor
        import digitalio
        gain = digitalio.DigitalInOut(board.GAIN)
        gain.pull = digitalio.Pull.UP  # low gain, as the board's ugame module sets it
        out = audiobusio.I2SOut(board.I2S_BCLK, board.I2S_LRCLK, board.I2S_DIN)
        return _Tone(out, audiocore.RawSample, supervisor.ticks_ms)
    except Exception as e:  # pins busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
