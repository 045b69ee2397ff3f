# A game in progress as the tools and the app see it: the position plus what the position alone
# cannot know (earlier positions, for the repetition rules OAQ-10 and SY-7). Game-agnostic.
#
# Memory: only positions that can still recur are kept. A game's key starts with EPOCH bytes that
# never come back once they change (San-Yao: round and stores; O An Quan: the big stones on the
# board), so a change of them drops every earlier key. A long match then holds a few dozen keys.


def _same(a, b, e):
    for i in range(e):
        if a[i] != b[i]:
            return False
    return True


class Record:
    def __init__(self, game, pos, seen=None):
        self.game = game
        self.pos = pos
        self.seen = []  # repetition keys (bytes) of this epoch, oldest first
        k = game.key(pos)
        if k is None:
            return
        e = getattr(game, "EPOCH", 1)
        if seen:
            n = 0  # keys of the current epoch (the last ones: an epoch never comes back)
            while n < len(seen) and _same(seen[len(seen) - 1 - n], k, e):
                n += 1
            self.seen = list(seen[len(seen) - n:]) if n < len(seen) else list(seen)
        if not self.seen or self.seen[-1] != k:
            self.seen.append(k)

    def play_text(self, text, trace=None):
        """Play a move given as text; ValueError (position unchanged) if malformed or illegal."""
        m = self.game.parse_move(self.pos, text)
        self.play(m, trace)
        return m

    def play(self, move, trace=None):
        g = self.game
        mover = g.to_move(self.pos)
        g.play(self.pos, move, trace)
        k = g.key(self.pos)
        if k is None:
            return
        e = g.EPOCH
        if self.seen and self.seen[-1][:e] != k[:e]:
            self.seen = []  # a new epoch: earlier positions cannot recur (a new list: see undo)
        self.seen.append(k)
        if self.seen.count(k) >= 3:
            g.end_repeated(self.pos, trace, mover)
            k = g.key(self.pos)
            if k is not None:
                if self.seen[-1][:e] != k[:e]:
                    self.seen = [k]
                elif self.seen[-1] != k:
                    self.seen.append(k)  # as the constructor would: chained calls stay equal
