# A game in progress as the tools and the app see it: the position plus what the position alone
# cannot know (earlier positions, for the repetition rules OAQ-10 and SY-7). Game-agnostic.


class Record:
    def __init__(self, game, pos, seen=None):
        self.game = game
        self.pos = pos
        self.seen = list(seen) if seen else []  # repetition keys (bytes) of this epoch, oldest first
        self._note()

    def _note(self):
        k = self.game.key(self.pos)
        if k is None:
            return
        if self.seen and self.seen[-1][:1] != k[:1]:
            self.seen = []  # a new round or game: earlier positions cannot recur
        if not self.seen or self.seen[-1] != k:
            self.seen.append(k)

    def play_text(self, text, trace=None):
        """Play a move given as text; ValueError (position unchanged) if malformed or illegal."""
        m = self.game.parse_move(self.pos, text)
        self.play(m, trace)
        return m

    def play(self, move, trace=None):
        g = self.game
        g.play(self.pos, move, trace)
        k = g.key(self.pos)
        if k is None:
            return
        if self.seen and self.seen[-1][:1] != k[:1]:
            self.seen = []
        self.seen.append(k)
        if self.seen.count(k) >= 3:
            g.end_repeated(self.pos, trace)
            k = g.key(self.pos)
            if k is not None and self.seen and self.seen[-1][:1] != k[:1]:
                self.seen = [k]
