# The text labels (firmware/views/label.py): their tiles, and how little a new text sends to the
# panel. displayio sends a TileGrid's changed tiles only, or its whole area when the grid is made
# again: a menu's note and rows keep their grids (issue 29, a menu step on the Sprig).
import displayio

from firmware.views import label as L, font as F
from test_app_render import setup_app, shot, goto


def tiles(lb):
    tg = lb.tg
    return [[tg[r * tg.width + c] for c in range(tg.width)] for r in range(tg.height)]


def expected(text, cols, rows):
    out = []
    for line in text.split("\n")[:rows]:
        ts = [F.tile_of(ch) for ch in line if F.tile_of(ch) != F.NONE][:cols]
        out.append(ts + [0] * (cols - len(ts)))
    return out + [[0] * cols] * (rows - len(out))


def test_a_texts_tiles_are_its_letters_ones():
    F.atlas()
    # ASCII, the composed letters, a letter of two bytes without a glyph (x), one of three (-)
    text = "Ô Ăn Quan \u00d7 \u2014 âÂ\nab\n\nz"
    tiles_ = bytearray(len(text))
    got = F.decode(text, tiles_)
    n, cols, rows = got & 0xFFFF, got >> 16 & 0x7F, got >> 23
    lines = text.split("\n")
    want = []
    for i, line in enumerate(lines):
        want += [F.tile_of(ch) for ch in line if F.tile_of(ch) != F.NONE]
        if i < len(lines) - 1:
            want.append(F.NL)
    assert list(tiles_[:n]) == want
    assert cols == max(len([c for c in line if F.tile_of(c) != F.NONE]) for line in lines)
    assert rows == 4
    lb = L.Label(text)
    assert tiles(lb) == expected(text, cols, rows)
    long_text = "\n".join(["How to play: sow the seeds"] * 30)  # a text screen's body
    lb = L.Label(long_text)
    assert tiles(lb) == expected(long_text, 26, 30)
    # kept small: a long text's tiles were its own, dropped
    assert len(F.buf) == 128 and L.Label.buf is F.buf
    assert F.decode("\u00d7", bytearray(1)) == 0  # nothing drawn: no grid
    assert L.Label("\u00d7").tg is None


def test_a_grid_is_at_least_its_size_and_only_grows():
    lb = L.Label("up/down: choose, A: select", grid=(30, 1))
    tg = lb.tg
    assert (tg.width, tg.height) == (30, 1)
    assert tiles(lb) == expected("up/down: choose, A: select", 30, 1)
    for text in ("up/down: choose,", "", "x"):  # shorter: the same grid, its tail blank
        lb.text = text
        assert lb.tg is tg and tiles(lb) == expected(text, 30, 1), text
    lb = L.Label(" Starts: you", grid=(0, 1))  # as wide as the longest text it has shown
    tg = lb.tg
    lb.text = " Mode"
    assert lb.tg is tg and tiles(lb) == expected(" Mode", 12, 1)
    lb.text = " Rule options..."  # longer: a wider grid
    assert lb.tg.width == 16 and tiles(lb) == expected(" Rule options...", 16, 1)
    lb.text = "a\nb"  # a second line: a grid of two
    assert (lb.tg.width, lb.tg.height) == (16, 2) and tiles(lb) == expected("a\nb", 16, 2)
    assert L.Label("", grid=(0, 1)).tg is None  # nothing to draw yet: no grid


def count_sets(monkeypatch):
    """Every tile written from now on, as (grid, index)."""
    sets = []
    orig = displayio.TileGrid.__setitem__

    def spy(self, i, v):
        sets.append((self, i))
        orig(self, i, v)
    monkeypatch.setattr(displayio.TileGrid, "__setitem__", spy)
    return sets


def test_a_menu_step_sends_only_the_changed_characters_of_the_note(monkeypatch):
    """A D-pad's hints share their start ("up/down: choose, A: select" / "up/down: choose,
    left/right: change"): at 160x128 the note's lines keep their grids, and the first line's
    common part is not written again (before: both lines made anew, ~20 ms of the Sprig's
    menu step)."""
    app, s = setup_app(160, 128, "oanquan", mode="ai")
    s.menu("title")
    goto(s, ("cfg", "mode"))
    goto(s, ("cfg", "starts"))
    shot(app)
    v = app.view
    grids = [lb.tg for lb in v.note]
    assert [lb.text for lb in v.note] == ["up/down: choose,", "left/right: change"]
    sets = count_sets(monkeypatch)
    goto(s, ("go", "rules"))  # a value row -> an action row, scrolling the list
    shot(app)
    assert [lb.text for lb in v.note] == ["up/down: choose, A: select", ""]
    assert [lb.tg for lb in v.note] == grids
    first = sorted(i for g, i in sets if g is grids[0])
    assert first and set(first) <= set(range(16, 26)), first  # " A: select" after the comma
    # the rows' grids only grow: once each has shown its longest text, scrolling writes tiles
    # and makes no grid
    for _ in range(len(s.scr.items)):
        s.press("down", s.now + 10)
        shot(app)
    rows = [lb.tg for lb in v.lines]
    for _ in range(len(s.scr.items)):
        s.press("down", s.now + 10)
        shot(app)
        assert [lb.tg for lb in v.lines] == rows


def test_a_grid_written_line_by_line():
    lb = L.Label("", grid=(10, 3))
    tg = lb.tg
    lb.write(1, "Ô Ăn Quan wins")  # cut to the grid's width
    lb.write(2, "a\nb")  # one line: what follows a line's end is not drawn
    assert lb.tg is tg and tiles(lb) == expected("\nÔ Ăn Quan \na", 10, 3)
    lb.write(1, "")
    assert tiles(lb) == expected("\n\na", 10, 3)
    lb.text = "x"  # a text again: the whole grid
    assert tiles(lb) == expected("x", 10, 3)
