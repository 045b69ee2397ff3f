# The console image's build (tools/build/image.py, docs/hardware.md "The console image"), without
# building: what is frozen, the settings, the drive, the runtime shown in Settings -> About. The
# image itself boots on the emulated chip in tests/test_device_image.py.
import os
import re
import sys

import pytest

from tools.build import bundle, image

MK = os.path.join(image.SETTINGS_DIR, "user_pre_mpconfigport.mk")


def _turned_off():
    """{CIRCUITPY_X: the comment saying why} for every module the settings turn off."""
    off = {}
    for line in open(MK):
        m = re.match(r"(CIRCUITPY_\w+)\s*=\s*0\s*(#\s*(.*))?$", line.strip())
        if m and m.group(1) not in ("CIRCUITPY_SKIP_SAFE_MODE_WAIT",):
            off[m.group(1)] = (m.group(3) or "").strip()
    return off


def test_every_module_turned_off_says_why_and_none_is_one_the_app_imports():
    off = _turned_off()
    assert len(off) >= 20, off  # the room the frozen app needs (102.8 % of the area without)
    assert all(len(why) > 10 for why in off.values()), off
    used = set()
    for board in bundle.BOARDS:
        files, externals = bundle.plan(board)
        used |= {m for m, how in externals.items() if how == "built in"}
        for dest, src in files.items():  # guarded imports too (the sound's modules)
            for mod, names, guarded, line in bundle.imports_of(src, dest):
                used.add(mod.split(".")[0])
    assert {"displayio", "keypad", "audiopwmio", "audiobusio", "microcontroller"} <= used
    for mod in used:
        flag = "CIRCUITPY_" + mod.upper()
        assert flag not in off, "%s is imported by the app but turned off in %s" % (mod, MK)


def test_the_settings_skip_the_safe_mode_wait_and_freeze_the_staged_folder():
    text = open(MK).read()
    assert re.search(r"^CIRCUITPY_SKIP_SAFE_MODE_WAIT\s*=\s*1", text, re.M)
    assert re.search(r"^FROZEN_MPY_DIRS\s*\+=\s*\$\(MANCALA_FROZEN\)", text, re.M)
    assert re.search(r"^CIRCUITPY_MIN_GCC_VERSION\s*=\s*12", text, re.M)


def test_each_firmware_freezes_the_bundles_of_its_boards_without_the_drive_files():
    for cp in set(image.CP_BOARD.values()):
        frozen = image.frozen_files(cp)
        assert "code.py" not in frozen and "boot.py" not in frozen
        assert "firmware/start.py" in frozen and "firmware/app.py" in frozen
        assert "engine/search.py" in frozen
        ours = [b for b, c in image.CP_BOARD.items() if c == cp]
        for b in ours:
            assert "boards/%s.py" % b in frozen
            planned, _ = bundle.plan(b)
            for dest, src in planned.items():
                if dest not in ("code.py", "boot.py"):
                    assert frozen[dest[4:] if dest.startswith("lib/") else dest] == src
        for b in set(bundle.BOARDS) - set(ours):  # another firmware's board is not frozen here
            assert "boards/%s.py" % b not in frozen
        assert not any(k.startswith(("boards/desktop", "boards/headless", "tools/", "tests/"))
                       for k in frozen)
    assert "boards/st7789.py" in image.frozen_files("raspberry_pi_pico")  # the Pico panels' set-up


def test_staging_writes_only_what_changed_and_removes_what_went(tmp_path):
    where = str(tmp_path / "frozen")
    assert image.stage("hack_club_sprig", where)
    assert not image.stage("hack_club_sprig", where)  # nothing new: nothing refrozen
    stale = os.path.join(where, "firmware", "gone.py")
    open(stale, "w").write("x = 1\n")
    assert image.stage("hack_club_sprig", where)
    assert not os.path.exists(stale)
    staged = os.path.join(where, "engine", "search.py")
    with open(staged, "a") as f:
        f.write("# changed\n")
    assert image.stage("hack_club_sprig", where)  # a changed file is written again, as the source
    assert open(staged).read() == open(os.path.join(bundle.ROOT, "engine", "search.py")).read()


def test_the_drive_holds_the_short_code_py_boot_py_settings_and_the_save_files(tmp_path):
    drive = image.drive("picosystem", str(tmp_path / "CIRCUITPY"))
    names = sorted(os.listdir(drive))
    assert names == ["boot.py", "code.py", "saves", "settings.toml"], names
    code = [ln for ln in open(os.path.join(drive, "code.py")) if ln.strip() and
            not ln.startswith("#")]
    assert code == ["from firmware.start import run\n", "run()\n"]
    assert 'MANCALA_BOARD = "picosystem"' in open(os.path.join(drive, "settings.toml")).read()
    other = tmp_path / "other"
    other.mkdir()
    made = bundle.make_save_files(str(other))  # as make deploy makes them
    assert len(made) == 3
    assert sorted("saves/" + n for n in os.listdir(os.path.join(drive, "saves"))) == sorted(made)


def test_the_bundle_and_the_image_say_which_runtime_they_are(tmp_path):
    src = open(os.path.join(bundle.ROOT, bundle.ABOUT_FILE)).read()
    for kind, words in (("bundle", "CircuitPython + bundle"), ("image", "console image")):
        ns = {}
        exec(bundle.with_about(src, kind), ns)
        assert ns["ABOUT"].startswith("Version ") and ns["ABOUT"].endswith(words)
        assert len(ns["ABOUT"]) <= 2 * 26  # two lines of the menu's note at 160 px
    out = bundle.private_bundle("sprig", str(tmp_path), mpy=False)
    ns = {}
    exec(open(os.path.join(out, bundle.ABOUT_FILE)).read(), ns)
    assert ns["ABOUT"].endswith("CircuitPython + bundle")
    assert not os.path.exists(os.path.join(out, ".about.py"))
    staged = str(tmp_path / "frozen")
    image.stage("hack_club_sprig", staged)
    ns = {}
    exec(open(os.path.join(staged, bundle.ABOUT_FILE)).read(), ns)
    assert ns["ABOUT"].endswith("console image")


def test_settings_about_shows_the_version_and_the_runtime(monkeypatch):
    from firmware.screens import menu_items
    from tools.emu.appflow import Headless
    h = Headless(160, 128, ("up", "down", "left", "right", "a", "b", "x", "y", "start"))
    s = h.session
    s.menu("settings")
    items = s.scr.items
    assert ("version", None) in items
    for _ in range(items.index(("version", None))):
        h.press("down")
    assert s.scr.item_text(s.scr.items[s.scr.sel]) == "About this console"
    assert s.scr.note() == "Run from source"
    monkeypatch.setattr(menu_items, "ABOUT", "Version v1.2-3-gabc, console image")
    assert s.scr.note() == "Version v1.2-3-gabc, console image"
    h.press("a")  # nothing to do: the row only says
    assert s.scr.name == "settings"


def _stones(game, bmp=None):
    import displayio
    from firmware.views.menu import mini_board, draw
    bmp = bmp or mini_board(displayio.Group(), 0, 0, 224, 44)[1]
    draw(bmp, game)
    return sum(1 for y in range(44) for x in range(224) if bmp[x, y] == 3), bmp


def test_the_title_shows_the_chosen_games_own_board_at_its_start():
    # OAQ-1: 2 x 5 squares of 5 seeds and two mandarins with their big stone (6x6); SY-1: 2 x 5
    # holes of 5, two empty stores; OM-1: 4 x 8 pits, 4 seeds in each outer pit (dots of 2x2)
    assert _stones("oanquan")[0] == 10 * 5 * 9 + 2 * 36
    assert _stones("sanyao")[0] == 10 * 5 * 9
    assert _stones("omweso")[0] == 16 * 4 * 4
    n, bmp = _stones("omweso")
    assert _stones("sanyao", bmp)[0] == 10 * 5 * 9  # drawn again over another game's board


def test_the_title_picture_follows_the_game_row():
    from tools.emu.appflow import Headless
    h = Headless(320, 240, ("up", "down", "left", "right", "a", "b", "x", "y", "start"))
    s = h.session
    h.run(100)
    view = h.app.view
    assert view.board[2] == s.cfg["game"] == "oanquan"
    h.press("down")  # the Game row
    h.press("right")
    h.run(100)
    assert s.cfg["game"] != "oanquan" and h.app.view.board[2] == s.cfg["game"]


@pytest.mark.parametrize("size", [(320, 240), (240, 240)])
def test_a_game_row_change_sends_the_title_picture_straight_to_the_panel(size):
    # issue 53: the new game's picture goes to the panel through the direct renderer (its
    # rectangle, once), not displayio's compositor; the screen is then the title a fresh start
    # on that game shows, pixel for pixel (the desktop's displayio sends the same pixels again)
    from tools.emu.appflow import Headless
    keys = ("up", "down", "left", "right", "a", "b", "x", "y", "start")
    h = Headless(size[0], size[1], keys)
    s = h.session
    h.run(100)
    tg, bmp = h.app.view.board[:2]
    h.press("down")  # the Game row
    h.run(100)
    sent = h.app.panel.total
    h.press("right")
    h.run(100)
    game = s.cfg["game"]
    assert game != "oanquan" and h.app.panel.total - sent == bmp.width * bmp.height
    assert h.app.panel.buf == []  # (the title keeps no strip)
    got = h.frame565()
    fresh = Headless(size[0], size[1], keys)
    fresh.session.cfg["game"] = game
    fresh.run(100)
    fresh.press("down")
    fresh.run(100)
    assert fresh.app.view.board[2] == game
    want = fresh.frame565()
    assert sum(a != b for ra, rb in zip(got, want) for a, b in zip(ra, rb)) == 0


def test_the_games_tool_counts_the_ai_buffers_made_again():
    # tools/device/games.py: the AI's "ready <moves begun> ..." marks start over when the pause
    # box dropped its buffers (what test_device_image's complete game requires never happens)
    from tools.device import games
    lines = [{"line": "feel 1 ready 1 0 5 6"}, {"line": "feel 2 move"},
             {"line": "\x1b]0;code.py\x1b\\feel 3 ready 2 1 5 6"}, {"line": "feel 4 ready 1 0 1 1"},
             {"line": "feel 5 ready 2 0 1 1"}]
    assert games._restarts(lines) == 1
    assert games._restarts(lines[:3]) == 0
