"""A power cut at any instant of the emulated chip's flash writes, worked out from the chip's log.

The flash at instant t is fully set by the erases and programs before t (Emu.flash_log: each one
with its start and end in simulated ns, a program with its bytes): the image at the start of the
log, every operation ended by t applied, the one running at t left part done as flash.mjs's cut()
leaves it (the same random bits from the same seed). So one run of the chip gives any number of
cut images; tests/test_device_saves.py checks that this is byte for byte what stopping the chip
at t and cutting gives.
"""
import base64

MASK = 0xFFFFFFFF
MODES = ("random", "half", "zero")


def xorshift(seed):
    """flash.mjs's random bytes: xorshift32 from seed."""
    s = [(seed & MASK) or 1]

    def rand():
        x = s[0]
        x = (x ^ (x << 13)) & MASK
        x ^= x >> 17
        x = (x ^ (x << 5)) & MASK
        s[0] = x
        return x
    return rand


def image_at(base, log, t, mode="random", seed=1):
    """The flash (bytearray) when the power goes at t ns: base = the image when the log began."""
    mem = bytearray(base)
    for e in log:
        kind, addr, n, start, end = e[:5]
        if start > t:
            break
        if kind == "status":
            continue
        if kind == "erase":
            if t >= end:
                mem[addr:addr + n] = b"\xff" * n
                continue
            rand = xorshift(seed)
            for k in range(n):
                b = mem[addr + k]
                mem[addr + k] = 0 if mode == "zero" else (b | (rand() & 255)) if mode == "half" \
                    else rand() & 255
            continue
        frm, data = e[5], base64.b64decode(e[6])
        m = len(data)
        done = m if t >= end else int((t - start) / (end - start) * m)
        rand = xorshift(seed)
        for k in range(min(done + 1, m)):
            at = addr + (frm + k) % 256
            mem[at] &= data[k] if k < done else (data[k] | (rand() & 255))
    return mem


def instants(log, n, rng, gap_ns=2e6):
    """n cut instants spread over the log: inside erases and programs (the ones that matter) and
    in the short gaps between a save's operations; sorted."""
    ops = [e for e in log if e[0] != "status"]
    if not ops:
        return []
    out = []
    for i in range(n):
        e = ops[rng.randrange(len(ops))]
        start, end = e[3], e[4]
        if i % 5 == 4:  # between this operation and the next, if they are close
            j = ops.index(e)
            nxt = ops[j + 1][3] if j + 1 < len(ops) else end + gap_ns
            out.append(end + rng.random() * min(nxt - end, gap_ns))
        else:
            out.append(start + rng.random() * (end - start))
    return sorted(out)
