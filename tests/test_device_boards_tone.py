# boards/tone.py when the audio output refuses to play (found on the PicoPad's firmware in the
# emulator: out.play raised "RuntimeError: No DMA channel found" and the exception ended the game
# from inside App.step): the player says "audio off: ..." once and the game goes on, silent.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from boards.tone import Tone  # noqa: E402


class _Out:
    def __init__(self):
        self.playing = False
        self.plays = 0

    def stop(self):
        pass

    def play(self, sample):
        self.plays += 1
        raise RuntimeError("No DMA channel found")


def test_a_tone_that_cannot_play_turns_the_sound_off_instead_of_raising(capsys):
    out = _Out()
    t = Tone(out, lambda data, sample_rate: (bytes(data), sample_rate), lambda: 0)
    t.tone(523, 40)
    t.tone(659, 40)
    t.tone(784, 60)
    assert out.plays == 1  # tried once, then silent
    assert capsys.readouterr().out.splitlines() == ["audio off: No DMA channel found"]
