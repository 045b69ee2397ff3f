# Hack Club Sprig (CircuitPython board_id "hack_club_sprig").
# 160x128 ST7735 built in (board.DISPLAY, rotated by the firmware), two 4-button pads: W/A/S/D on
# the left are the direction keys, I/J/K/L on the right are the action keys laid out like a game
# pad (L = a, K = b, I = x, J = y). Buttons are active low with internal pull-ups. An I2S
# amplifier (BCLK GP10, LRCLK GP11, DIN GP9) and the 4 KB microcontroller.nvm for saves.
import board
import keypad
import microcontroller
from micropython import const

NAME = "sprig"
BOARD_ID = "hack_club_sprig"

display = board.DISPLAY

KEYS = ("up", "down", "left", "right", "a", "b", "x", "y")
buttons = keypad.Keys(
    (board.BUTTON_W, board.BUTTON_S, board.BUTTON_A, board.BUTTON_D,
     board.BUTTON_L, board.BUTTON_K, board.BUTTON_I, board.BUTTON_J),
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
        out = audiobusio.I2SOut(board.AUDIO_BCLK, board.AUDIO_LRCLK, board.AUDIO_DIN)
        return _Tone(out, audiocore.RawSample, supervisor.ticks_ms)
    except Exception as e:  # pins busy or module missing: the game stays silent
        print("audio off:", e)
        return None


audio = _audio()
