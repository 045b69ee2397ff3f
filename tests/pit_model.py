# Where a pit drawn on the panel (firmware/views/paint.py's Pit) has its count, its number and
# its seeds, worked out from its size alone by the rules of the board's picture (the count's
# digits at twice the size where the pit is 18 px tall, seeds where it is 30 px tall and 22 wide,
# 3 px seeds from 28 px...), for the tests that read the picture: tests/test_app_render.py
# check_board. The digits: paint's 3x5 font, pictured here (FONT) and drawn there as rectangles
# (paint.RECTS, checked against FONT by tests/test_direct.py).

# Each glyph: 5 rows of 3 bits, top row first, in the order of "0123456789Q+*".
FONT = (
    b"\x07\x05\x05\x05\x07"  # 0
    b"\x02\x06\x02\x02\x07"  # 1
    b"\x07\x01\x07\x04\x07"  # 2
    b"\x07\x01\x03\x01\x07"  # 3
    b"\x05\x05\x07\x01\x01"  # 4
    b"\x07\x04\x07\x01\x07"  # 5
    b"\x07\x04\x07\x05\x07"  # 6
    b"\x07\x01\x02\x02\x02"  # 7
    b"\x07\x05\x07\x05\x07"  # 8
    b"\x07\x05\x07\x01\x07"  # 9
    b"\x07\x05\x05\x07\x01"  # Q
    b"\x00\x02\x07\x02\x00"  # +
    b"\x05\x02\x07\x02\x05"  # * (a San-Yao son: its "s" read as a 5, "s9" as 59)
)


def glyph(ch):
    """Where character ch's five rows start in FONT; -1 if the font has no glyph for it."""
    i = "0123456789Q+*".find(ch)
    return i * 5 if i >= 0 else -1


def dots(pit):
    return pit.h >= 30 and pit.w >= 22


def scale(pit, t):
    """The count's scale: 2 where the pit is big enough and the text fits, else 1."""
    sc = 2 if pit.h >= 18 and pit.w >= 16 else 1
    return 1 if len(t) * 4 * sc - sc > pit.w - 4 else sc


def big_box(pit):
    """(r, cx, cy) of a mandarin's big stone in the pit."""
    w, h = pit.w, pit.h
    if dots(pit):
        r = min(w, h) // 5
        return r, w // 2, h // 2 - (5 * scale(pit, "0") + 3) // 2
    r = min(w, h) // 4
    return r, w // 2, h // 2 - r - 1


def text_origin(pit, t):
    """(x, y, scale) of the count's text t in the pit."""
    sc = scale(pit, t)
    w, h = pit.w, pit.h
    tw = 4 * sc * len(t) - sc
    tx = w - tw - 4 if pit.shape == "left" else 4 if pit.shape == "right" else (w - tw) // 2
    if dots(pit):
        ty = h - 5 * sc - 3 if pit.shape == "box" else h * 3 // 4 - 5 * sc // 2
    elif pit.state[3]:
        ty = h // 2 + 1
    else:
        ty = (h - 5 * sc) // 2 + (3 if pit.state[5] >= 0 else 0)
    return tx, ty, sc


def number_origin(pit, n):
    if pit.shape == "box":
        return 3, 3
    return (pit.w - (4 * len(str(n)) - 1) - 3 if pit.shape == "left" else 3), pit.h // 4 - 2


def dot(pit):
    return 3 if pit.w >= 28 and pit.h >= 28 else 2


def capacity(pit, big=0):
    """How many seeds the pit shows as dots (its grid's slots, less those under a big stone)."""
    if not dots(pit):
        return 0
    w, h = pit.w, pit.h
    d = dot(pit)
    s = d + 1
    top = 7 if pit.state[5] >= 0 else 0
    th = 5 * scale(pit, "0") + 3
    if pit.shape == "box":
        x0, x1, y0, y1 = 4, w - 4, 4 + top, h - 3 - th
    else:
        y0, y1 = h // 4 + top, h - h // 4 - th
        x0, x1 = (4, w - w // 3) if pit.shape == "right" else (w // 3, w - 4)
    slots = [(x, y) for y in range(y0, y1 - d + 1, s) for x in range(x0, x1 - d + 1, s)]
    if big:
        r, cx, cy = big_box(pit)
        slots = [(x, y) for x, y in slots
                 if not (cx - r - d <= x <= cx + r and cy - r - d <= y <= cy + r)]
    return len(slots)


def glyph_pixels(text, x, y, sc):
    """The (x, y) pixels of text in the 3x5 font at scale sc, top-left at x, y."""
    out = []
    for ch in text:
        k = glyph(ch)
        if k >= 0:
            for r in range(5):
                bits = FONT[k + r]
                for c in range(3):
                    if bits & (4 >> c):
                        for dy in range(sc):
                            for dx in range(sc):
                                out.append((x + c * sc + dx, y + r * sc + dy))
        x += 4 * sc
    return out
