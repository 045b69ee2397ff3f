# A square-wave tone player shared by the boards with a speaker (PWM or I2S output).
# tone(hz, ms) renders into one buffer, allocated once at the first tone (sound is off by default:
# 1.2 KB more heap for the games of those who leave it off), and plays it in the background (returns
# within a few ms). A tone asked for while another plays is queued after it (what is left of the
# old one moves to the front of the buffer), so chords are heard.
from micropython import const

_RATE = const(8000)   # samples per second
# the longest sound: 150 ms at 8 kHz, one buffer allocated once. The app's longest is the capture
# chord (firmware/app.py _TONES: 140 ms); 250 ms held 0.8 KB more heap on every board with sound
_MAX = const(1200)


class Tone:
    def __init__(self, out, raw_sample, ticks_ms, hi=0xC0, lo=0x40):
        # out: an audio output (audiopwmio.PWMAudioOut or audiobusio.I2SOut); raw_sample:
        # audiocore.RawSample; hi/lo: the square wave's unsigned 8-bit levels around 0x80
        self._out = out
        self._raw = raw_sample
        self._ticks = ticks_ms
        self._hi = hi
        self._lo = lo
        self._buf = self._mv = None  # made at the first tone
        self._sample = None
        self._end = 0
        self._t0 = 0

    def tone(self, hz, ms):
        out = self._out
        if self._buf is None:
            self._buf = bytearray(_MAX)
            self._mv = memoryview(self._buf)
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
                b[rem + i] = self._hi if i < half else self._lo
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
