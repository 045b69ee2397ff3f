# The device bundle, UF2 and deploy (tools/build/bundle.py):
# - a bundle builds for every board and holds everything code.py imports, walked statically with
#   ast over the bundle itself: each import resolves to a file in the bundle, a module built into
#   that board's CircuitPython (circuitpython-stubs) or a guarded optional import;
# - no save file is ever bundled, settings.toml names the board;
# - the UF2 for one board is rebuilt, decoded (UF2 blocks -> FAT image -> files) and its contents
#   listed and compared with the bundle; CIRCUITPYTHON_UF2 combining puts the firmware first;
# - MPY_CROSS: CircuitPython .mpy for all but code.py; MicroPython's mpy-cross is refused;
# - deploy copies only changed files, keeps saves and the user's settings, and says clearly when
#   no drive is mounted; `make mpy` compiles engine/.
import os
import shutil
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tools.build import bundle

TOOL = [sys.executable, "-m", "tools.build.bundle"]  # run from ROOT
HAVE_CODE = os.path.exists(os.path.join(ROOT, "firmware", "code.py"))
need_code = pytest.mark.skipif(not HAVE_CODE, reason="firmware/code.py not written yet")


def run(*args, build=None):
    extra = ["--build", str(build)] if build else []
    return subprocess.run(TOOL + extra + list(args), capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(autouse=True)
def own_build_dir(tmp_path, monkeypatch):
    # each test builds into its own folder: tests run in parallel (pytest -n)
    monkeypatch.setattr(bundle, "BUILD", str(tmp_path / "build"))


def files_in(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder).replace(os.sep, "/")] = f.read()
    return out


def check_closure(folder, board):
    """Every import of every .py in the bundle resolves inside the bundle or the firmware."""
    ids = bundle.BOARDS[board][0]
    builtins = set.intersection(*[bundle.builtin_modules(i) for i in ids])
    roots = [folder, os.path.join(folder, "lib")]
    problems = []
    for rel in files_in(folder):
        if not rel.endswith(".py"):
            continue
        mod = rel[:-3].replace("/", ".")
        if rel.startswith("lib/"):
            mod = mod[4:]
        mod = mod[:-9] if mod.endswith(".__init__") else mod
        for name, names, guarded, line in bundle.imports_of(os.path.join(folder, rel), mod):
            top = name.split(".")[0]
            if top in builtins:
                continue
            if bundle._module_file(name, roots) is None:
                if not guarded:
                    problems.append("%s:%d %s" % (rel, line, name))
    return problems


@need_code
@pytest.mark.parametrize("board", sorted(bundle.BOARDS))
def test_bundle_builds_and_holds_everything_code_py_imports(board):
    out = bundle.bundle(board, quiet=True)
    files = files_in(out)
    assert "code.py" in files and files["code.py"] == open(
        os.path.join(ROOT, "firmware", "code.py"), "rb").read()
    for need in ("boards/__init__.py", "boards/select.py", "boards/%s.py" % board,
                 "engine/__init__.py", "engine/games.py", "engine/oanquan/__init__.py",
                 "engine/sanyao/__init__.py", "engine/omweso/__init__.py", "engine/omweso/eval.py",
                 "firmware/__init__.py"):
        assert need in files, need
    shared = ("__init__", "select", "tone", board) + (
        ("st7789",) if board in ("pico_display_pack2", "pico_lcd13") else ())
    others = [f for f in files if f.startswith("boards/") and f[7:-3] not in shared]
    assert not others, others  # only this board's module
    assert not [f for f in files if f.endswith((".sav", ".json")) or "save" in f.split("/")[0]]
    assert not [f for f in files if "__pycache__" in f or f.endswith(".pyc")]
    settings = files["settings.toml"].decode()
    assert 'MANCALA_BOARD = "%s"' % board in settings
    assert "CIRCUITPY_PYSTACK_SIZE = " in settings
    assert check_closure(out, board) == []
    # what code.py imports, directly or not, is there: the app's start, which loads the board
    imported = {n for n, *_ in bundle.imports_of(os.path.join(out, "code.py"), "__main__")}
    assert imported == {"firmware.start"}
    start = os.path.join(out, "firmware", "start.py")
    assert "boards" in {n.split(".")[0] for n, *_ in bundle.imports_of(start, "firmware.start")}


@need_code
def test_bundle_refuses_an_import_the_board_lacks(tmp_path, monkeypatch):
    for d in ("engine", "firmware", "boards"):
        shutil.copytree(os.path.join(ROOT, d), tmp_path / d,
                        ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "engine" / "extra.py").write_text("import wifi\n")  # only Pico W boards have it
    monkeypatch.setattr(bundle, "ROOT", str(tmp_path))
    with pytest.raises(SystemExit):
        bundle.plan("sprig")  # the Sprig's Pico has no wifi
    with pytest.raises(SystemExit):
        bundle.plan("picopad")  # the PicoPad's own build has it, the Pico build it runs on not
    (tmp_path / "engine" / "extra.py").write_text("import audiopwmio\n")  # both builds have it
    files, _ = bundle.plan("picopad")
    assert "engine/extra.py" in files
    (tmp_path / "engine" / "extra.py").write_text("import boards.desktop\n")
    with pytest.raises(SystemExit):
        bundle.plan("picopad")  # a desktop board module never goes on a device


# ---- UF2 ----------------------------------------------------------------------------------------

def read_uf2(path):
    blocks = {}
    fams = set()
    with open(path, "rb") as f:
        data = f.read()
    assert len(data) % 512 == 0
    for i in range(0, len(data), 512):
        b = data[i:i + 512]
        m0, m1, flags, addr, size, _, _, fam = struct.unpack("<8I", b[:32])
        assert (m0, m1) == (0x0A324655, 0x9E5D5157) and b[508:512] == b"\x30\x6f\xb1\x0a"
        if flags & 0x2000:
            fams.add(fam)
        blocks[addr] = b[32:32 + size]
    return blocks, fams


def fat_files(img):
    """{path: bytes} of a FAT12/16 image (what folder2uf2 writes), long names included."""
    bps, spc, res, nfats, nroot, tot16, _, fatsz = struct.unpack("<HBHBHHBH", img[11:24])
    root_off = (res + nfats * fatsz) * bps
    data_off = root_off + nroot * 32
    clusters = (tot16 or struct.unpack("<I", img[32:36])[0]) // spc
    fat16 = clusters >= 4085
    fat = img[res * bps:(res + fatsz) * bps]

    def nxt(c):
        if fat16:
            return struct.unpack("<H", fat[2 * c:2 * c + 2])[0]
        v = struct.unpack("<H", fat[c * 3 // 2:c * 3 // 2 + 2])[0]
        return v >> 4 if c & 1 else v & 0xFFF

    def chain(c, size=None):
        out = b""
        end = 0xFFF8 if fat16 else 0xFF8
        while 2 <= c < end:
            off = data_off + (c - 2) * spc * bps
            out += img[off:off + spc * bps]
            c = nxt(c)
        return out if size is None else out[:size]

    def walk(raw, prefix, out):
        lfn = []
        for i in range(0, len(raw), 32):
            e = raw[i:i + 32]
            if e[0] == 0:
                break
            if e[0] == 0xE5:
                lfn = []
                continue
            if e[11] == 0x0F:
                part = e[1:11] + e[14:26] + e[28:32]
                lfn.insert(0, part.decode("utf-16-le").split("\x00")[0].rstrip("\uffff"))
                continue
            short = e[:8].decode().rstrip() + ("." + e[8:11].decode().rstrip()
                                               if e[8:11].strip() else "")
            name = "".join(lfn) or short
            lfn = []
            if e[11] & 0x08 or name in (".", ".."):
                continue
            c = struct.unpack("<H", e[26:28])[0]
            size = struct.unpack("<I", e[28:32])[0]
            if e[11] & 0x10:
                walk(chain(c), prefix + name + "/", out)
            else:
                out[prefix + name] = chain(c, size)
    out = {}
    walk(img[root_off:data_off], "", out)
    return out


@need_code
def test_uf2_holds_the_bundle(tmp_path, capsys):
    board = "picosystem"
    path = bundle.uf2(board)
    blocks, fams = read_uf2(path)
    assert fams == {0xE48BFF56}  # RP2040
    offset = bundle.BOARDS[board][1]
    base = 0x10000000 + offset
    assert min(blocks) == base
    end = max(blocks) + 256
    img = bytearray(end - base)
    for a, d in blocks.items():
        img[a - base:a - base + len(d)] = d
    listed = fat_files(bytes(img))
    want = files_in(bundle.out_dir(board))
    ours = {k: v for k, v in listed.items()
            if not k.startswith(".")}  # folder2uf2 adds .Trashes, .fseventsd, ...
    assert ours == want
    text = "%s: %d bytes, %d files (decoded from the UF2):\n" % (
        os.path.basename(path), os.path.getsize(path), len(ours))
    text += "".join("  %7d  %s\n" % (len(ours[k]), k) for k in sorted(ours))
    out = os.path.join(ROOT, "build", "hw-budget")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "uf2-%s.txt" % board), "w") as f:  # the listing, kept
        f.write(text)
    with capsys.disabled():
        sys.stdout.write("\n" + text)


@need_code
def test_uf2_combined_with_circuitpython_firmware(tmp_path):
    # a stand-in firmware UF2 (two blocks at the start of flash): it must come first, unchanged
    fw = tmp_path / "circuitpython.uf2"
    raw = b""
    for i in range(2):
        hdr = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * i, 256, i, 2,
                          0xE48BFF56)
        raw += hdr + bytes([i + 1]) * 256 + bytes(476 - 256) + b"\x30\x6f\xb1\x0a"
    fw.write_bytes(raw)
    r = run("uf2", "sprig", "--firmware", str(fw), build=tmp_path / "b")
    assert r.returncode == 0, r.stderr
    out = os.path.join(tmp_path, "b", "sprig", "mancala-sprig-with-circuitpython.uf2")
    blocks, fams = read_uf2(out)
    assert blocks[0x10000000] == b"\x01" * 256 and blocks[0x10000100] == b"\x02" * 256
    assert min(a for a in blocks if a >= 0x10100000) == 0x10100000


def test_uf2_names_a_missing_firmware_file(tmp_path):
    r = run("uf2", "sprig", "--firmware", "/nonexistent/cp.uf2", build=tmp_path)
    assert r.returncode != 0 and "CIRCUITPYTHON_UF2" in r.stderr


# ---- MPY_CROSS ------------------------------------------------------------------------------------

def fake_circuitpython_mpy_cross(tmp_path):
    # stands in for CircuitPython's mpy-cross: MicroPython's output with the 'C' magic byte
    # (the only difference for code without async def, per docs/hardware.md)
    script = tmp_path / "cp-mpy-cross"
    script.write_text("#!/bin/sh\nset -e\necho \"$@\" >> \"$0.log\"\n%s \"$@\"\n"
                      "while [ \"$1\" != -o ]; do shift; done\nout=\"$2\"\n"
                      "printf C | dd of=\"$out\" bs=1 count=1 conv=notrunc 2>/dev/null\n"
                      % bundle.mpy_cross_exe())
    script.chmod(0o755)
    return str(script)


def board_imports_a_library(monkeypatch, board="pico_lcd13", lib="adafruit_ticks"):
    # No board module imports a library today (the Pico builds set up their ST7789 with
    # busdisplay.BusDisplay); make one do so to exercise lib/.
    real = bundle.imports_of

    def imports_of(path, modname):
        found = real(path, modname)
        if modname == "boards." + board:
            found = found + [(lib, [], False, 1)]
        return found
    monkeypatch.setattr(bundle, "imports_of", imports_of)
    return "lib/%s.mpy" % lib


@need_code
@pytest.mark.parametrize("board", ["pico_display_pack2", "pico_lcd13"])
def test_pico_builds_need_no_display_library(board):
    # their ST7789 is a busdisplay.BusDisplay with our init sequence (boards/<board>.py)
    files, externals = bundle.plan(board)
    assert not [f for f in files if f.startswith("lib/")]
    assert externals.get("busdisplay") == "built in" and "adafruit_st7789" not in externals


@need_code
def test_mpy_cross_bundle_compiles_all_but_code_py(tmp_path, monkeypatch):
    lib = board_imports_a_library(monkeypatch)
    out = bundle.bundle("pico_lcd13", mpy_cross=fake_circuitpython_mpy_cross(tmp_path),
                        quiet=True)
    files = files_in(out)
    assert "code.py" in files
    py = [f for f in files if f.endswith(".py") and f not in ("code.py", "boot.py")]
    assert not py, py
    mpys = [f for f in files if f.endswith(".mpy")]
    assert "engine/search.mpy" in mpys and lib in mpys
    assert all(files[f][:1] == b"C" for f in mpys)
    # every module compiled without line-number tables (-O3: ~8% less bytecode on the heap)
    calls = (tmp_path / "cp-mpy-cross.log").read_text().splitlines()
    assert len(calls) == len(mpys)
    assert all(c.split()[0] == "-O3" for c in calls), calls[:3]
    # each module's tracebacks name it by its dotted name, which the device interns anyway: a
    # path would be one more name per module in CircuitPython's table of names (its next pool
    # 7.9 KB; docs/architecture.md)
    shown = {c.split()[c.split().index("-s") + 1] for c in calls}
    assert {"engine.search", "firmware.games", "firmware.views.paint"} <= shown, sorted(shown)
    assert not [n for n in shown if "/" in n or n.endswith(".py")], sorted(shown)
    assert bundle.source_name("lib/adafruit_x.py") == "adafruit_x"


@need_code
def test_lib_mpy_takes_the_adafruit_bundles_compiled_libraries(tmp_path, monkeypatch):
    board_imports_a_library(monkeypatch)
    lib = tmp_path / "adafruit-lib"
    lib.mkdir()
    (lib / "adafruit_ticks.mpy").write_bytes(b"C\x06fake")
    files = files_in(bundle.bundle("pico_lcd13", quiet=True, lib_mpy=str(lib)))
    assert files["lib/adafruit_ticks.mpy"] == b"C\x06fake"
    assert "lib/adafruit_ticks.py" not in files
    (lib / "adafruit_ticks.mpy").write_bytes(b"M\x06micropython")
    with pytest.raises(SystemExit):
        bundle.bundle("pico_lcd13", quiet=True, lib_mpy=str(lib))


@need_code
def test_bundle_is_mpy_by_default_and_py_on_request(tmp_path, monkeypatch):
    # the CLI compiles with $MPY_CROSS (else the emulator folder's CircuitPython mpy-cross);
    # --py ships the sources
    monkeypatch.setenv("MPY_CROSS", fake_circuitpython_mpy_cross(tmp_path))
    assert bundle.default_mpy_cross() == os.environ["MPY_CROSS"]
    r = subprocess.run(TOOL + ["--build", str(tmp_path / "m"), "bundle", "pico_lcd13"],
                       capture_output=True, text=True, cwd=ROOT, env=dict(os.environ))
    assert r.returncode == 0, r.stderr
    files = files_in(os.path.join(tmp_path, "m", "pico_lcd13", "CIRCUITPY"))
    assert "engine/search.mpy" in files and "engine/search.py" not in files
    assert "firmware/games/omweso/view.mpy" in files  # subpackages too (imported by name)
    r = run("bundle", "pico_lcd13", "--py", build=tmp_path / "p")
    files = files_in(os.path.join(tmp_path, "p", "pico_lcd13", "CIRCUITPY"))
    assert "engine/search.py" in files and not [f for f in files if f.endswith(".mpy")]
    assert "firmware/games/omweso/view.py" in files


def test_micropython_mpy_cross_is_refused(tmp_path):
    r = run("bundle", "sprig", "--mpy-cross", bundle.mpy_cross_exe(), build=tmp_path)
    assert r.returncode != 0
    assert "MicroPython .mpy file; use CircuitPython mpy-cross" in r.stderr


def test_make_mpy_compiles_engine(tmp_path):
    r = run("mpy", build=tmp_path)
    assert r.returncode == 0, r.stderr
    out = os.path.join(tmp_path, "mpy", "engine")
    for name in ("oanquan/__init__", "sanyao/eval", "omweso/run", "games", "compat"):
        with open(os.path.join(out, name + ".mpy"), "rb") as f:
            assert f.read(1) == b"M"
    assert "total" in r.stdout


# ---- deploy ---------------------------------------------------------------------------------------

@need_code
def test_deploy_copies_changes_and_keeps_saves(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.0 on 2026-01-01; Pimoroni "
                                        "PicoSystem with rp2040\nBoard ID:pimoroni_picosystem\n")
    (drive / "mancala.sav").write_bytes(b"SAVE")
    (drive / "settings.toml").write_text('CIRCUITPY_WIFI_SSID = "home"\nMANCALA_BOARD = "x"\n')
    (drive / "engine").mkdir()
    (drive / "engine" / "games.mpy").write_bytes(b"Cstale")  # would be shadowed: removed
    (drive / "lib").mkdir()
    (drive / "lib" / "adafruit_ticks.mpy").write_bytes(b"Ccircup")  # a compiled library: kept
    build = tmp_path / "b"
    r = run("deploy", "--py", "--drive", str(drive), build=build)  # board from boot_out.txt
    assert r.returncode == 0, r.stderr
    got = files_in(str(drive))
    want = files_in(os.path.join(build, "picosystem", "CIRCUITPY"))
    assert got["mancala.sav"] == b"SAVE"
    assert "engine/games.mpy" not in got
    assert got["lib/adafruit_ticks.mpy"] == b"Ccircup" and "lib/adafruit_ticks.py" not in got
    for k, v in want.items():
        if k not in ("settings.toml", "lib/adafruit_ticks.py"):
            assert got[k] == v, k
    s = got["settings.toml"].decode()
    assert 'MANCALA_BOARD = "picosystem"' in s and 'CIRCUITPY_WIFI_SSID = "home"' in s
    assert 'MANCALA_BOARD = "x"' not in s
    assert r.stdout.strip().splitlines()[-2].strip() == "copied code.py"  # code.py last
    # the drive copy's files, made from the computer (the pad first), never touched again
    assert got["saves/mancala.pad"] == b"\xff" * 4096
    assert got["saves/mancala-a.sav"] == got["saves/mancala-b.sav"] == b"\xff" * 2048
    assert r.stdout.index("made saves/mancala.pad") < r.stdout.index("made saves/mancala-a.sav")
    (drive / "saves" / "mancala-a.sav").write_bytes(b"A SAVE")
    r2 = run("deploy", "picosystem", "--py", "--drive", str(drive), build=build)
    assert r2.returncode == 0 and "0 file(s) changed" in r2.stdout, r2.stdout
    assert "made" not in r2.stdout
    assert files_in(str(drive))["mancala.sav"] == b"SAVE"
    assert files_in(str(drive))["saves/mancala-a.sav"] == b"A SAVE"


def test_deploy_without_a_drive_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(bundle.glob, "glob", lambda p: [])
    with pytest.raises(SystemExit):
        bundle.find_drive()
    assert "no CIRCUITPY drive is mounted" in capsys.readouterr().err
    r = run("deploy", "picosystem", "--drive", "/nonexistent/CIRCUITPY", build=tmp_path)
    assert r.returncode != 0 and "not a folder" in r.stderr


def test_deploy_on_a_plain_pico_needs_the_board_named(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Board ID:raspberry_pi_pico\n")
    r = run("deploy", "--drive", str(drive), build=tmp_path / "b")
    assert r.returncode != 0 and "MANCALA_BOARD" in r.stderr and "BOARD=" in r.stderr
