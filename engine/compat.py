# The few differences between CPython, MicroPython and CircuitPython that engine/ needs hidden.
# Everything else in engine/ is plain portable Python.
try:
    from micropython import const  # MicroPython, CircuitPython
except ImportError:
    def const(x):  # CPython: a plain value
        return x

try:
    from time import ticks_ms, ticks_diff  # MicroPython
except ImportError:
    try:
        from supervisor import ticks_ms  # CircuitPython

        def ticks_diff(a, b):
            # supervisor.ticks_ms wraps at 2**29
            return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000
    except ImportError:
        import time as _time

        def ticks_ms():
            return int(_time.monotonic() * 1000) & 0x1FFFFFFF

        def ticks_diff(a, b):
            return ((a - b + 0x10000000) & 0x1FFFFFFF) - 0x10000000

import gc


def collect():
    gc.collect()


def mem_free():
    # Free heap in bytes where the runtime tells it, else -1 (CPython).
    f = getattr(gc, "mem_free", None)
    return f() if f else -1
