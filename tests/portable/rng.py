# The portable tests' one random source: the same sequence on every interpreter (the MicroPython
# port's random has no Random class), and no allocation (16-bit xorshift: no big ints), so it may
# run under micropython.heap_lock().


class Rng:
    def __init__(self, seed):
        self.x = (seed * 7919 + 1) & 0xFFFF or 1

    def below(self, n):
        """A number in 0..n-1."""
        x = self.x
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        self.x = x
        return x % n
