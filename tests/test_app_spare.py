# Before a save log's rewrite the app lets its view go when the heap is short (firmware/app.py
# App.spare, called by saves.Saver): the rewrite's code and 4 KB buffer then come where the
# board's bitmaps were (Omweso at 320x240 left 34-38 KB at a rewrite on four boards, under the
# 40 KB floor: docs/app.md "Saves on the emulated chip"), and the next render builds the board
# again, the same picture. On CPython mem_free() says nothing (-1): here it is made to say "short".
from firmware import app as A
from firmware import saves
from tools.emu import appflow


def _played(short, monkeypatch):
    """A two-player Omweso game at 320x240 on the headless board, its nvm log made full, then
    one move: (the app, the view before the move, the store's generation before it)."""
    keys = appflow.board_keys("picopad")
    h = appflow.Headless(320, 240, keys)
    s = h.session
    st = saves.Saver(saves.NvmLog(bytearray(b"\xff" * 4096)))
    st.spare = h.app.spare
    s.store = st
    s.cfg["game"], s.cfg["mode"], s.cfg["anim"] = "omweso", "two", "off"
    s.new_game()
    h.run(500)
    for _ in range(4):  # the set-up, sown as it comes
        if s.phase != "setup":
            break
        h.press("a")
    assert s.phase == "select" and st.store.end > 0, (s.phase, st.store.end)
    st.store.end = st.store.size - 2  # no record fits: the next save rewrites the log
    view, gen = h.app.view, st.store.gen
    if short:
        monkeypatch.setattr(A, "mem_free", lambda: 30 * 1024)
    for _ in range(6):
        h.press("a")
        if st.store.gen != gen:
            break
    h.run(1000)
    assert st.store.gen == gen + 1 and s.screen == "play", "no rewrite"
    return h, view


def test_short_of_heap_the_view_goes_before_a_rewrite_and_comes_back_the_same(monkeypatch):
    h, view = _played(True, monkeypatch)
    assert h.app.view is not None and h.app.view is not view  # dropped, then built again
    monkeypatch.undo()
    plain, kept = _played(False, monkeypatch)
    assert plain.app.view is kept  # with room: the view stays
    assert h.frame565() == plain.frame565()
