# The Vietnamese letters the device's font lacks (firmware/views/atlas.py composes them), drawn
# headless with their marks. Split from tests/test_app_render.py.
from test_app_render import setup_app, shot


def test_vietnamese_letters_are_drawn_with_their_marks():
    """Ô and Ă (which the device's font lacks) are the base letter plus the mark in the blank
    rows above it, as the desktop's Terminus font draws them; the title screen shows them."""
    from firmware.views import label as L, font

    def pixels(text):  # the label's pixels: its tiles' pixels in the font atlas
        tg = L.Label(text).tg
        atlas = font.atlas()[0]
        w, h = tg.tile_width, tg.tile_height
        out = set()
        for i in range(tg.width):
            t = tg[i]
            out |= {(i * w + x, y) for y in range(h) for x in range(w) if atlas[t * w + x, y]}
        return out

    for marked, base, mark in (("\u00d4", "O", {(2, 0), (1, 1), (3, 1)}),
                               ("\u0102", "A", {(1, 0), (3, 0), (2, 1)}),
                               ("\u00f4", "o", {(2, 2), (1, 3), (3, 3)}),
                               ("\u0103", "a", {(1, 2), (3, 2), (2, 3)})):
        a, b = pixels(marked), pixels(base)  # the glyph cell's top row is the tile's row 0
        assert b <= a and a - b == mark, (marked, sorted(a - b))
    # the name on the title screen carries them
    from engine import games
    app, s = setup_app(240, 240, "oanquan")
    marked = bytes(shot(app).buf)
    app2, s2 = setup_app(240, 240, "oanquan")
    old = games.TITLES["oanquan"]
    try:
        games.TITLES["oanquan"] = "O An Quan"
        plain = bytes(shot(app2).buf)
    finally:
        games.TITLES["oanquan"] = old
    assert marked != plain
