# The one place that imports the AI (engine/ai.py). Without it the app falls back to a uniformly
# random legal move through the game face and shows the AI level as unavailable.
import random

try:
    from engine import ai as _ai
except ImportError:  # the AI module has not landed (or does not fit): random legal moves
    _ai = None

AVAILABLE = _ai is not None


class Brain:
    def __init__(self, game, seed=1, use_ai=True):
        self.game = game
        self.buf = [0] * game.MAX_MOVES
        self.rng = random.Random(seed) if hasattr(random, "Random") else None
        self.player = _ai.Player(game, seed=seed) if _ai is not None and use_ai else None

    def _random(self, pos):
        n = self.game.moves(pos, self.buf)
        if n <= 0:
            return None
        i = self.rng.randrange(n) if self.rng else random.randrange(n)
        return self.buf[i]

    def move(self, pos, level, ms_cap=None):
        if self.player is not None:
            return self.player.move(pos, level, ms_cap)
        return self._random(pos)

    def hint(self, pos, ms_cap=None):
        if self.player is not None:
            return self.player.hint(pos, ms_cap)
        return self._random(pos)
