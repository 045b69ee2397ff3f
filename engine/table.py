# The search's hash-move table (engine/search.py, docs/ai.md): per slot the 30-bit key of a
# position searched with a few plies left and the best move found there, searched first when the
# position comes again (the next iteration of the deepening, a transposition). Only an ordering
# hint: values never come from it, so a collision costs nodes, never a wrong score. Loaded only
# for a game whose evaluation asks for a table (Eval.TABLE): the others keep its heap.
from array import array
from engine.compat import const

_M20 = const(0xFFFFF)  # a position's key: k = (k & _M20) * _MUL ^ byte stays below 2**30
_MUL = const(1021)  # (a small int on the device: no allocation), a prime under 2**10


class Table:
    def __init__(self, slots, plies, index):
        # slots: a power of 2, in pairs: an even slot keeps the deepest search of its keys;
        # index: the offsets of the position's bytes a key hashes (a game's repetition KEY, or
        # all of them): Ô Ăn Quan's 19 of 36 made a keyed node 0.7% cheaper on the chip
        self.mask = slots - 2
        self.index = index
        # made without a list of zeros first (no garbage on the device) and empty already: a key
        # is never negative, so no slot matches until store()
        self.keys = array("i", range(-slots, 0))
        self.moves = array("i", range(slots))
        self.depths = bytearray(slots)
        self.ply_keys = array("i", range(plies))  # per ply the key of the node being searched
        self.used = False  # something stored since the table was new or cleared

    def clear(self):
        if not self.used:  # nothing stored since the last clear (a new table is empty too)
            return
        self.used = False
        keys = self.keys
        depths = self.depths
        for i in range(self.mask + 2):
            keys[i] = -1
            depths[i] = 0

    def hint(self, pos, ply):
        """The best move stored for pos, else -1; remembers pos's key for store(). The key: a
        polynomial hash of the bytes at `index`, small ints only (the heap is locked), on the chip
        the cheapest tried (docs/ai.md)."""
        k = 0
        for i in self.index:
            k = (k & _M20) * _MUL ^ pos[i]
        self.ply_keys[ply] = k
        t = k & self.mask
        keys = self.keys
        if keys[t] == k:
            return self.moves[t]
        return self.moves[t + 1] if keys[t + 1] == k else -1

    def first(self, pos, ply, mv, order, n):
        """Puts the best move stored for pos first, the others keeping their order: order[0:n]
        holds indices into mv (None: mv's own order)."""
        h = self.hint(pos, ply)
        if h < 0:
            return
        a = mv if order is None else order
        for j in range(n):
            x = a[j]
            if (x if order is None else mv[x]) == h:
                while j:
                    a[j] = a[j - 1]
                    j -= 1
                a[0] = x
                return

    def store(self, ply, depth, m):
        """m is the best move of the node hint() keyed at ply, searched with depth plies left.
        The even slot of the pair keeps the deepest search (the few nodes near the root, worth
        most), the odd one the latest of the others."""
        self.used = True
        k = self.ply_keys[ply]
        t = k & self.mask
        if self.keys[t] != k and self.depths[t] > depth:
            t += 1
        else:
            self.depths[t] = depth
        self.keys[t] = k
        self.moves[t] = m
