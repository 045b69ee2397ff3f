# The emulator harness's own parts, without running the emulator (tools/emu, tools/device/bench.py,
# the Makefile's setup messages): filesystem images, screen decoding, key scripts, screen
# comparison, skip reasons, the docs section writer.
import os
import struct
import subprocess

import pytest

from tools.device import bench as device_bench
from tools.device import report as device_report
from tools.emu import appflow, command, emu

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_make_venv_says_what_it_installs_and_shows_pip_progress():
    # a first `make test` installs for a minute or more: it must not look hung
    r = subprocess.run(["make", "-n", "-B", "venv", "VENV=/tmp/no-such-venv"], cwd=ROOT,
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    pip = [i for i, ln in enumerate(lines) if "pip install" in ln]
    say = [i for i, ln in enumerate(lines) if ln.startswith("echo") and "install" in ln]
    assert pip and say and say[0] < pip[0], r.stdout
    assert " -q" not in lines[pip[0]] and "--quiet" not in lines[pip[0]]


def test_make_test_installs_the_emulator_from_the_lock_file():
    r = subprocess.run(["make", "-n", "-B", "test"], cwd=ROOT, capture_output=True, text=True)
    assert "npm ci" in r.stdout and "pytest" in r.stdout
    assert "npm not found" in r.stdout  # without npm the device tests are off, not an error


def test_littlefs_image_holds_the_files(tmp_path):
    import littlefs
    img = emu.littlefs_image({"engine/a.py": b"x = 1\n", "b.txt": b"hello"}, str(tmp_path / "i"))
    data = open(img, "rb").read()
    assert len(data) == emu.MP_FS[1]
    fs = littlefs.LittleFS(block_size=4096, block_count=len(data) // 4096, prog_size=256,
                           read_size=256, lookahead_size=32, mount=False)
    fs.context.buffer[:] = data
    fs.mount()
    with fs.open("engine/a.py", "rb") as f:
        assert f.read() == b"x = 1\n"
    with fs.open("b.txt", "rb") as f:
        assert f.read() == b"hello"


def test_fat_image_is_a_circuitpy_drive(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "code.py").write_text("print('hi')\n")
    img = emu.fat_image(str(tmp_path / "src"), str(tmp_path / "fat.img"))
    data = open(img, "rb").read()
    assert len(data) == emu.CP_FS[1]
    assert data[510:512] == b"\x55\xaa" and b"CIRCUITPY" in data[:65536]  # boot sector, label
    assert b"print('hi')" in data


def test_screens_are_cropped_and_turned_as_the_board_shows_them():
    # a 4x3 controller frame holding its pixel index; crop 3x2 at (1, 1), a quarter turn
    w, h = 4, 3
    data = b"".join(struct.pack(">H", i) for i in range(w * h))
    assert emu.crop_rotate(data, w, h, (1, 1, 3, 2), 0) == [(5, 6, 7), (9, 10, 11)]
    assert emu.crop_rotate(data, w, h, (1, 1, 3, 2), 1) == [(9, 5), (10, 6), (11, 7)]
    assert emu.to_rgb_rows([(0xF800, 0x07E0, 0x001F)]) == [bytes((255, 0, 0, 0, 255, 0, 0, 0,
                                                                   255))]


def test_board_descriptions_match_the_board_modules():
    for name, b in emu.BOARDS.items():
        keys = appflow.board_keys(name)
        assert sorted(b["keys"]) == sorted(keys), name
        x, y, w, h = b["crop"]
        assert (w, h) == (b["size"] if b["rotate"] % 2 == 0 else b["size"][::-1]), name


def test_key_scripts():
    assert command.parse_keys("a 2000ms 3*down 1.5s, b") == [
        ("key", "a"), ("wait", 2000), ("key", "down"), ("key", "down"), ("key", "down"),
        ("wait", 1500), ("key", "b")]


def test_screen_comparison_forgives_the_fonts_one_pixel_and_nothing_else():
    blank = [(0,) * 8 for _ in range(8)]
    text = [list(r) for r in blank]
    text[3][2] = text[3][3] = 0xFFFF
    lower = [list(r) for r in blank]
    lower[4][2] = lower[4][3] = 0xFFFF  # the same text 1 px lower (Blinka's font)
    other = [list(r) for r in blank]
    other[3][5] = 0xFFFF  # a different pixel
    t = [tuple(r) for r in text]
    assert appflow.mismatch(t, [tuple(r) for r in lower]) == 0
    assert appflow.mismatch(t, [tuple(r) for r in lower], shift=0) == 8  # 4 each way
    assert appflow.mismatch(t, [tuple(r) for r in other]) == 3
    with pytest.raises(AssertionError):
        appflow.mismatch(t, t[:4])


def test_console_errors_are_found():
    con = "code.py | 10.2.1\r\nTraceback (most recent call last):\r\nMemoryError: memory " \
          "allocation failed, allocating 896 bytes\r\n"
    assert len(appflow.console_errors(con)) == 2
    assert appflow.console_errors("hello\r\n>>> ") == []


def test_missing_firmware_is_a_clear_skip_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("MANCALA_EMU_DIR", str(tmp_path))
    for var, _ in emu.FIRMWARE.values():
        monkeypatch.delenv(var, raising=False)
    why = emu.missing("cp_picosystem")
    assert why and str(tmp_path) in why and ("bootrom" in why or "rp2040js" in why)


def test_device_bench_replaces_only_its_section(tmp_path, monkeypatch):
    doc = tmp_path / "performance.md"
    doc.write_text("# Performance\n\n## AI benchmark\n\nkeep me\n\n%s\n\nold figures\n\n"
                   "## After\n\nkeep me too\n" % device_report.HEAD)
    monkeypatch.setattr(device_report, "DOC", str(doc))
    res = {"boot": [dict(board="picosystem", mpy=True, title_s=2.5, free=60000, low=40000,
                         errors=[])]}
    device_bench.write_section(device_bench.report(res, 10))
    text = doc.read_text()
    assert "keep me\n" in text and "keep me too" in text and "old figures" not in text
    assert "| picosystem | .mpy | — | 2.50 | 58.6 | 39.1 |" in text
    assert text.count(device_report.HEAD) == 1


def test_device_ram_measures_what_a_checkout_holds_on_the_chip(tmp_path, monkeypatch):
    why = emu.missing(emu.BOARDS["pico_display_pack2"]["firmware"])
    if why:
        pytest.skip("device test off: " + why)
    from tools.device import ram as device_ram
    monkeypatch.setattr(device_ram, "ROOT", str(tmp_path))  # its bundle is built under here
    held = device_ram.measure(ROOT, "pico_display_pack2", ["oanquan"])["oanquan"]
    assert list(held) == ["board", "title", "game_screen", "search"]
    assert 0 < held["board"] < held["title"] < held["game_screen"] <= held["search"]
    # a game against the AI holds 60-150 KB of the ~160 KB the chip has free at the REPL
    assert 60000 < held["search"] < 150000, held


def test_the_complete_game_script_plays_a_san_yao_match_through_its_rounds():
    # device_games' loop on CPython with a headless board: the summary between rounds gets its
    # A (it used to wait there for ever) and the match ends
    from tools.device import games as device_games
    from boards import headless
    from firmware.app import App

    class Clock:  # supervisor.ticks_ms and time.sleep: 100 ms per loop
        t = 0

        def ticks_ms(self):
            self.t += 100
            assert self.t < 3600 * 1000, "the match did not end within an hour of play"
            return self.t

        def sleep(self, s):
            pass
    out = []
    c = Clock()
    app = App(headless.make(320, 240), store=None, seed=3, ai_ms=20)
    exec(device_games.LOOP % ("sanyao", 1), {"app": app, "supervisor": c, "time": c,
                                            "print": lambda *a: out.append(a)})
    rounds = [a for a in out if a[0] == "ROUND"]
    assert rounds and out[-1][0] == "OVER" and out[-1][1] > rounds[-1][1]
    assert app.session.phase == "over"


def test_complete_games_are_judged_from_the_console_and_reach_the_targets_table():
    from tools.device import games as device_games
    ok = device_games.parse("picosystem", "oanquan", 1, "PLY\r\nOVER 31\r\n", "", 106.8, 49000,
                            600)
    assert ok["over"] and ok["plies"] == 31 and ok["low"] == 49000 and not ok["errors"]
    bad = device_games.parse("pico_display_pack2", "omweso", 1, "", "Traceback (most recent "
                             "call last):\r\nMemoryError: memory allocation failed\r\n", 50.0,
                             1200, 300)
    assert not bad["over"] and bad["errors"] and bad["plies"] is None
    text = device_games.table([ok, bad])
    assert "| picosystem | oanquan | AI demo, level 1 | 31 | 107 | 47.9 | — | yes |" in text
    assert "**no**: " in text and "MemoryError" in text
    row = [ln for ln in device_bench.targets({"games": [ok, bad]}) if "complete games" in ln]
    assert row and row[0].endswith("| **no** |") and "1 failed" in row[0]
    every = [dict(ok, board=b, game=g) for b in device_bench.BOARDS for g in device_bench.GAMES]
    row = [ln for ln in device_bench.targets({"games": every}) if "complete games" in ln]
    assert row[0].endswith("| yes |"), row


def test_the_40k_target_counts_the_whole_omweso_game_not_only_its_opening():
    # issue 10: ">= 40 KB at the lowest point of an Omweso game": a complete game (make
    # device-games) that went lower than the opening fails the row
    app = [{"board": "pico_display_pack2", "game": "omweso", "errors": [],
            "steps": [{"low": 41 * 1024}, {"low": 42 * 1024}]}]
    game = {"board": "pico_display_pack2", "game": "omweso", "low": 39 * 1024, "over": True}
    row = [ln for ln in device_bench.targets({"app": app}) if "40 KB" in ln]
    assert row[0].endswith("| yes |") and "complete game" not in row[0]
    row = [ln for ln in device_bench.targets({"app": app, "games": [game]}) if "40 KB" in ln]
    assert row[0].endswith("| **no** |") and "39.0 KB over a complete game (AI demo)" in row[0]
    game["how"] = "person"  # played through the buttons against level 5 (issue 33)
    row = [ln for ln in device_bench.targets({"app": app, "games": [game]}) if "40 KB" in ln]
    assert "39.0 KB over a complete game (buttons vs level 5)" in row[0], row
    game["low"] = 40 * 1024
    row = [ln for ln in device_bench.targets({"app": app, "games": [game]}) if "40 KB" in ln]
    assert row[0].endswith("| yes |"), row


def test_a_person_s_game_places_its_lowest_heap_between_the_session_s_marks():
    # issue 33: a game played through the buttons; its lowest point is named by the marks
    # ("move", "shown", "turn"...) printed before and after it
    from tools.device import feel, games as device_games

    def line(t, low, text):
        return {"t_us": t, "min_free": low, "line": text}
    lines = [line(1, 50000, "feel 10 turn 5"), line(2, 45000, "feel 20 move"),
             line(3, 41000, "P something"), line(4, 39000, "feel 30 shown"),
             line(5, 44000, "]0;code.py | 10.2.1\\feel 40 turn 3"), line(6, None, "x")]
    assert feel.low_point(lines) == (39000, "after move, before shown")
    assert feel.low_point(lines[:1]) == (50000, "after start, before turn")
    assert feel.low_point([]) == (None, "")
    row = {"board": "sprig", "game": "omweso", "level": 5, "how": "person", "seed": 2,
           "sim_s": 92.2, "low": 41 * 1024, "where": "after turn, before move", "plies": 17,
           "over": True, "errors": []}
    text = device_games.table([row])
    assert ("| sprig | omweso | buttons vs level 5, pondering (seed 2) | 17 | 92 | 41.0 | "
            "after turn, before move | yes |") in text, text


def test_level5_times_on_the_chip_reach_the_targets_table():
    # issue 11: level 5 <= 5 s per move (median over the positions), never over 8 s
    def rows(times):
        return [dict(what="l5", game=g, pos=i, ms=t * 1000, nodes=1, depth=1)
                for g in device_bench.GAMES for i, t in enumerate(times)]
    res = {"engine": rows([4.0, 5.5, 4.9, 3.0])}
    row = [ln for ln in device_bench.targets(res) if "level 5" in ln]
    assert row and row[0].endswith("| yes |") and "median 4.45 s, max 5.50 s" in row[0]
    row = [ln for ln in device_bench.targets({"engine": rows([4.0, 8.5, 4.9])}) if "level 5" in ln]
    assert row[0].endswith("| **no** |")  # one move over 8 s
    row = [ln for ln in device_bench.targets({"engine": rows([5.2, 5.1, 4.0])}) if "level 5" in ln]
    assert row[0].endswith("| **no** |")  # median over 5 s
    text = device_bench.report({"engine": rows([4.0, 6.0])}, 10)
    assert "| oanquan | 2 | 4.0, 6.0 | **5.00** | 6.00 |" in text


def test_device_ram_tables_two_checkouts_side_by_side():
    # issue 30: "heap during play no worse than at 1b4fbd6", written by the tool that measures it
    from tools.device import ram as device_ram
    res = {"sprig": {"old": {"omweso": {"search": 100 * 1024}},
                     "new": {"omweso": {"search": 99 * 1024}, "oanquan": {"search": 90 * 1024}}}}
    text = device_ram.table(res, "1b4fbd6", "abc1234")
    assert "| board | game | 1b4fbd6 (KB) | abc1234 (KB) | change (KB) |" in text
    assert "| sprig | omweso | 100.0 | 99.0 | -1.0 |" in text
    assert "| sprig | oanquan | — | 90.0 | — |" in text


def test_the_session_marks_a_game_s_end_for_the_person_s_game():
    # tools/device/games.py stops a game played through the buttons at the session's "over" (or
    # "round": a match goes on) mark; without it the run would wait for a turn that never comes
    from boards import headless
    from firmware.app import App
    marks = []
    app = App(headless.make(160, 128), store=None, seed=2, ai_ms=20, mark=marks.append)
    s = app.session
    s.cfg.update(game="oanquan", mode="demo", level=1, anim="off")
    s.new_game()
    t = 0
    while s.phase != "over" and t < 3600 * 1000:
        t += 100
        app.step(t)
    assert s.phase == "over" and marks[-1] == "over", marks[-5:]
    assert marks.count("move") > 10 and "round" not in marks


def test_the_app_tells_the_feel_benchmark_each_sowing_frame_s_chip_time():
    # tools/device/feel.py's "a sowing frame (chip time)": App.step marks "frame <ms>" after a
    # picture drawn while a sowing shows (buttons, the animation's step, the picture), only then;
    # not the pass whose press played the move (its record, save and trace: "confirm -> first
    # sowing frame" times that one)
    from boards import headless
    from firmware.app import App
    marks = []
    app = App(headless.make(320, 240), store=None, seed=2, ai_ms=20, mark=marks.append)
    s = app.session
    s.cfg.update(game="oanquan", mode="two")
    s.new_game()
    t = 0
    for _ in range(5):
        t += 100
        app.step(t)
    assert not [m for m in marks if m.startswith("frame")]  # no sowing yet
    n = len(marks)
    app.board.buttons.press("a")
    t += 100
    app.step(t)
    while s.phase == "choose":  # its direction confirmed: the press that plays the move
        n = len(marks)
        app.board.buttons.press("a")
        t += 100
        app.step(t)
    assert s.phase == "anim", s.phase
    assert "move" in marks[n:] and not [m for m in marks[n:] if m.startswith("frame")]
    phases = []
    while s.phase == "anim" and t < 60000:
        t += 50
        app.step(t)
        phases.append(s.phase)
    frames = [m for m in marks if m.startswith("frame")]
    assert 3 <= len(frames) <= phases.count("anim") + 1, (frames, phases)
    assert all(int(m.split()[1]) >= 0 for m in frames)
    n = len(frames)
    for _ in range(5):  # the sowing over: no more
        t += 100
        app.step(t)
    assert len([m for m in marks if m.startswith("frame")]) == n


def test_drive_of_places_the_drive_after_the_firmware(tmp_path):
    # a UF2 whose firmware passes the first megabyte (the Wi-Fi builds) has its drive at 0x181000
    def uf2(top):
        block = bytearray(512)
        struct.pack_into("<IIIIIIII", block, 0, 0x0A324655, 0x9E5D5157, 0x2000, top - 256, 256,
                         0, 1, 0xE48BFF56)
        p = tmp_path / ("fw%x.uf2" % top)
        p.write_bytes(bytes(block))
        return str(p)
    assert emu.drive_of(uf2(0x100DDB00)) == emu.CP_FS
    assert emu.drive_of(uf2(0x10166A00)) == emu.CYW43_FS == (0x181000, 508 * 1024)


def test_sound_verdict_needs_a_wave_when_on_and_silence_when_off():
    from tools.device import sound
    quiet = {"kind": "pwm", "gpio": 15, "writes": 1, "changes": 0, "distinct": 1, "pulled": 0}
    wave = dict(quiet, writes=2240, changes=400, distinct=2)
    run = {"board": "picopad", "kind": "pwm", "set_up": True, "off": quiet, "on": wave,
           "off2": quiet, "errors": [], "console": ""}
    assert sound.heard(run)
    assert "| picopad | PWM on GP15 | 2240 / 400 / 2 | 1 / 0 | yes |" in sound.table([run])
    for bad in ({"off2": wave}, {"on": quiet}, {"on": None}, {"set_up": False},
                {"errors": ["audio off: No DMA channel found"]},
                {"on": dict(wave, changes=99)}, {"kind": "i2s"}):  # i2s: no word shifted out
        assert not sound.heard(dict(run, **bad)), bad
    i2s = dict(wave, kind="i2s", gpio=9, pulled=2240)
    assert sound.heard(dict(run, kind="i2s", on=i2s, off=dict(quiet, kind="i2s")))


def test_the_engine_files_for_micropython_hold_every_games_folder():
    # tools/emu/emu.py engine_files (the MicroPython chip's drive: make device-bench's "mp" part,
    # tools/device/bench_chip.py): engine/ with its games' folders (engine/<game>/), as .py or .mpy
    import os
    from engine.games import NAMES
    want = set()
    for here, _, names in os.walk(os.path.join(emu.ROOT, "engine")):
        rel = os.path.relpath(here, emu.ROOT).replace(os.sep, "/")
        want |= {rel + "/" + n for n in names if n.endswith(".py")}
    assert set(emu.engine_files()) == want
    assert all("engine/%s/__init__.py" % g in want for g in NAMES)
