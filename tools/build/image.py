"""The console image: our own CircuitPython 10.2.1 with the game frozen in (desktop tool, CPython).

    python3 -m tools.build.image BOARD|all [--src DIR] [--jobs N]     (make image BOARD=...)
      -> build/BOARD/image/mancala-BOARD.uf2   firmware + CIRCUITPY drive: a first install
         build/BOARD/image/firmware.uf2        the firmware alone: an update that keeps the saves
         build/BOARD/image/CIRCUITPY/          the drive: code.py (two lines), boot.py, settings.toml,
                                               saves/ made as `make deploy` makes them

The firmware is built from CircuitPython's source: by default the archive in ../shared/cpsrc/
($MANCALA_CPSRC), unpacked once into the build tree; or a checkout of CircuitPython 10.2.1 with
its submodules given as --src / $CIRCUITPYTHON_SRC. The build tree lives outside the clone
($MANCALA_CACHE, default ~/.cache/mancala/): a rebuild after a Python change refreezes and
relinks only. The settings are the project's own (tools/build/image/user_pre_mpconfigport.mk,
passed with `make -I`); nothing inside CircuitPython's tree is edited.

What is frozen: for each CircuitPython board, the union of the bundles (tools/build/bundle.py's
plan) of our boards that run on it, less code.py and boot.py; menu_items.py's ABOUT line says
"console image" and the game's version (Settings -> About).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

from tools.build import bundle

ROOT = bundle.ROOT
HERE = os.path.dirname(os.path.abspath(__file__))
SETTINGS_DIR = os.path.join(HERE, "image")  # user_pre_mpconfigport.mk, requirements.txt
CP_VERSION = "10.2.1"
ARCHIVE = "circuitpython-%s-rp2040-src.tar.xz" % CP_VERSION

# our board -> the CircuitPython board it runs on (the Pico builds share one firmware; the PicoPad
# runs the Pico build: its own starts a Wi-Fi chip it does not need, docs/hardware.md)
CP_BOARD = {
    "picosystem": "pimoroni_picosystem",
    "pico_display_pack2": "raspberry_pi_pico",
    "pico_lcd13": "raspberry_pi_pico",
    "picopad": "raspberry_pi_pico",
    "ugame22": "ugame22",
    "sprig": "hack_club_sprig",
}



def say(msg):
    print("image: " + msg, flush=True)


def cache_dir():
    return os.environ.get("MANCALA_CACHE") or os.path.join(os.path.expanduser("~"), ".cache",
                                                           "mancala")


def run(cmd, **kw):
    try:
        subprocess.run(cmd, check=True, **kw)
    except subprocess.CalledProcessError as e:
        bundle.fail("image: %s failed (exit %d)" % (" ".join(cmd[:4]), e.returncode))


# ---- the toolchain ------------------------------------------------------------------------------

def toolchain():
    """arm-none-eabi-gcc and newlib, from Debian's packages when missing (as root)."""
    gcc = shutil.which("arm-none-eabi-gcc")
    libc = None
    if gcc:
        out = subprocess.run([gcc, "-print-file-name=libc.a"], capture_output=True, text=True)
        libc = out.stdout.strip()
    if gcc and libc and os.path.isabs(libc) and os.path.exists(libc):
        return gcc
    apt = shutil.which("apt-get")
    if not apt or os.geteuid() != 0:
        bundle.fail("image: the ARM toolchain is missing: install gcc-arm-none-eabi and "
                    "libnewlib-arm-none-eabi (Debian/Ubuntu: sudo apt-get install gcc-arm-none-eabi "
                    "libnewlib-arm-none-eabi), then run make image again")
    say("installing the ARM toolchain with apt-get (gcc-arm-none-eabi, libnewlib-arm-none-eabi; "
        "~2 minutes, once)")
    run([apt, "update", "-qq"])
    run([apt, "install", "-y", "-qq", "gcc-arm-none-eabi", "libnewlib-arm-none-eabi"],
        env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    return shutil.which("arm-none-eabi-gcc") or bundle.fail("image: arm-none-eabi-gcc still missing")


def build_venv():
    """CircuitPython's build tools in their own venv (build/image-venv), pinned."""
    venv = os.path.join(bundle.BUILD, "image-venv")
    req = os.path.join(SETTINGS_DIR, "requirements.txt")
    ok = os.path.join(venv, ".ok")
    want = open(req).read()
    if os.path.exists(ok) and open(ok).read() == want:  # installed from these very pins
        return os.path.join(venv, "bin")
    say("installing CircuitPython's build tools into %s (once)" % os.path.relpath(venv, ROOT))
    run([sys.executable, "-m", "venv", venv])
    run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q",
         "--disable-pip-version-check", "-r", req])
    with open(ok, "w") as f:
        f.write(want)
    return os.path.join(venv, "bin")


def missing(src=None):
    """Why no image can be built here (None if it can): for the tests' skip reasons."""
    if not shutil.which("arm-none-eabi-gcc") and not (shutil.which("apt-get") and
                                                       os.geteuid() == 0):
        return "no arm-none-eabi-gcc, and apt-get cannot install it here (not root)"
    if src:
        return None if os.path.isdir(src) else "CIRCUITPYTHON_SRC=%s is not a folder" % src
    tree = os.path.join(cache_dir(), "circuitpython-" + CP_VERSION)
    if not (os.path.exists(tree + ".ok") or os.path.exists(os.path.join(tree, ".mancala-ok"))) \
            and not os.path.exists(archive_path()):
        return "CircuitPython's source archive %s is missing" % archive_path()
    return None


def archive_path():
    env = os.environ.get("MANCALA_CPSRC")
    if env:
        return env if env.endswith(".xz") else os.path.join(env, ARCHIVE)
    return os.path.join(os.path.dirname(ROOT), "shared", "cpsrc", ARCHIVE)


def source(explicit=None):
    """CircuitPython's source tree: the user's checkout, or the archive unpacked once into the
    cache and made a git checkout tagged 10.2.1 (its version header runs `git describe`)."""
    if explicit:
        if not os.path.isfile(os.path.join(explicit, "ports", "raspberrypi", "Makefile")):
            bundle.fail("image: %s is not a CircuitPython checkout (no ports/raspberrypi/Makefile)"
                        % explicit)
        if not os.path.isfile(os.path.join(explicit, "ports", "raspberrypi", "sdk", "README.md")):
            bundle.fail("image: %s has no submodules (git submodule update --init, or cd "
                        "ports/raspberrypi && make fetch-port-submodules)" % explicit)
        return os.path.abspath(explicit)
    tree = os.path.join(cache_dir(), "circuitpython-" + CP_VERSION)
    ok = tree + ".ok"  # beside the tree: a file inside it made its version "10.2.1-dirty"
    if os.path.exists(os.path.join(tree, ".mancala-ok")):  # where earlier builds put it
        os.rename(os.path.join(tree, ".mancala-ok"), ok)
    if os.path.exists(ok):
        return tree
    arc = archive_path()
    if not os.path.exists(arc):
        bundle.fail("image: CircuitPython's source is not here: %s is missing (../shared/cpsrc/, "
                    "or MANCALA_CPSRC=<the archive>, or CIRCUITPYTHON_SRC=<a checkout of "
                    "CircuitPython %s with its submodules>)" % (arc, CP_VERSION))
    say("unpacking %s into %s (once)" % (os.path.basename(arc), cache_dir()))
    if os.path.isdir(tree):
        shutil.rmtree(tree)
    os.makedirs(cache_dir(), exist_ok=True)
    run(["tar", "-xJf", arc, "-C", cache_dir()])
    git = ["git", "-c", "user.name=build", "-c", "user.email=build@localhost"]
    run(git + ["init", "-q"], cwd=tree)
    run(git + ["add", "-A"], cwd=tree)
    run(git + ["commit", "-qm", "CircuitPython %s source" % CP_VERSION], cwd=tree)
    run(git + ["tag", CP_VERSION], cwd=tree)
    open(ok, "w").close()
    return tree


def mpy_cross(tree, path):
    """CircuitPython's mpy-cross, built once in its own folder (with BUILD= set, the port's make
    would build it wrongly)."""
    exe = os.path.join(tree, "mpy-cross", "build", "mpy-cross")
    if not os.access(exe, os.X_OK):
        say("building CircuitPython's mpy-cross (once, ~1 minute)")
        run(["make", "-j%d" % jobs(), "-C", os.path.join(tree, "mpy-cross")],
            env=dict(os.environ, PATH=path), stdout=subprocess.DEVNULL)
    return exe


def jobs():
    return max(1, os.cpu_count() or 1)


# ---- what is frozen ------------------------------------------------------------------------------

def frozen_files(cp_board):
    """{path in the frozen folder: source file} for a CircuitPython board: our boards on it."""
    files = {}
    for ours in sorted(b for b, cp in CP_BOARD.items() if cp == cp_board):
        planned, _ = bundle.plan(ours)
        for dest, src in planned.items():
            if dest in ("code.py", "boot.py"):
                continue
            files[dest[4:] if dest.startswith("lib/") else dest] = src
    return files


def stage(cp_board, where):
    """Write the frozen folder; True when anything in it changed (then it is frozen again)."""
    want = {dest: open(src, "rb").read() for dest, src in frozen_files(cp_board).items()}
    want[bundle.ABOUT_FILE] = bundle.with_about(want[bundle.ABOUT_FILE].decode(), "image").encode()
    changed = False
    have = set()
    for dirpath, _, names in os.walk(where):
        for n in names:
            have.add(os.path.relpath(os.path.join(dirpath, n), where))
    for rel in sorted(have - set(want)):
        os.remove(os.path.join(where, rel))
        changed = True
    for rel, data in sorted(want.items()):
        path = os.path.join(where, rel)
        if rel in have and open(path, "rb").read() == data:
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
        changed = True
    return changed


# ---- the firmware --------------------------------------------------------------------------------

def firmware(cp_board, tree, path):
    """Build (or bring up to date) one CircuitPython board's firmware with the app frozen in;
    returns the path of its firmware.uf2."""
    out = os.path.join(cache_dir(), "build-" + cp_board)
    frozen = os.path.join(cache_dir(), "frozen-" + cp_board)
    changed = stage(cp_board, frozen)
    if changed:  # make sees only the folder's own date: freeze again, relink
        for stale in ("frozen_mpy", "manifest.py", "frozen_content.c"):
            p = os.path.join(out, stale)
            if os.path.isdir(p):
                shutil.rmtree(p)
            elif os.path.exists(p):
                os.remove(p)
    fresh = not os.path.exists(os.path.join(out, "firmware.elf"))
    t0 = time.time()
    say("building CircuitPython %s for %s with the app frozen in (%s)" % (
        CP_VERSION, cp_board, "from nothing: 3-6 minutes on 2 cores" if fresh else
        "the app refrozen and relinked" if changed else "up to date"))
    run(["make", "-j%d" % jobs(), "-I", SETTINGS_DIR, "BOARD=" + cp_board, "BUILD=" + out,
         "MANCALA_FROZEN=" + frozen],
        cwd=os.path.join(tree, "ports", "raspberrypi"), env=dict(os.environ, PATH=path),
        stdout=subprocess.DEVNULL)
    uf2 = os.path.join(out, "firmware.uf2")
    if not os.path.exists(uf2):
        bundle.fail("image: the build made no %s" % uf2)
    took = time.time() - t0
    say("%s: %d bytes in %.0f s" % (cp_board, os.path.getsize(uf2), took))
    if fresh or changed:  # what a build costs, for docs/performance.md (tools/device/image_bench)
        log = os.path.join(cache_dir(), "build-times.json")
        times = json.load(open(log)) if os.path.exists(log) else {}
        times.setdefault(cp_board, {})["from nothing" if fresh else "after a Python change"] = \
            round(took)
        with open(log, "w") as f:
            json.dump(times, f, indent=1)
    return uf2


# ---- the drive and the UF2s ------------------------------------------------------------------------

def drive(board, dest):
    """The CIRCUITPY drive of the image: code.py starts the frozen app; boot.py and settings.toml
    as the bundle's; saves/ made as make deploy makes them. Left as it is when it already holds
    exactly that (a test may be reading it)."""
    import tempfile
    parent = os.path.dirname(os.path.abspath(dest))
    os.makedirs(parent, exist_ok=True)
    new = tempfile.mkdtemp(dir=parent, prefix=".drive-")
    # the bundle's code.py, two lines: the app is frozen, so a new version needs no drive change
    shutil.copyfile(os.path.join(ROOT, "firmware", "code.py"), os.path.join(new, "code.py"))
    shutil.copyfile(os.path.join(ROOT, "firmware", "boot.py"), os.path.join(new, "boot.py"))
    with open(os.path.join(new, "settings.toml"), "w") as f:
        f.write(bundle.settings_text(board))
    bundle.make_save_files(new)
    if os.path.isdir(dest) and _contents(dest) == _contents(new):
        shutil.rmtree(new)
    else:
        if os.path.isdir(dest):
            shutil.rmtree(dest)
        os.rename(new, dest)
    return dest


def _contents(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                out[os.path.relpath(p, folder)] = f.read()
    return out


def uf2_blocks(path):
    """The blocks of a UF2 file: [{no, total, addr, size, family}] (for checks of its layout)."""
    import struct
    out = []
    with open(path, "rb") as f:
        while True:
            b = f.read(512)
            if len(b) < 512:
                return out
            m0, m1, flags, addr, size, no, total, family = struct.unpack_from("<8I", b)
            if (m0, m1) != (0x0A324655, 0x9E5D5157):
                bundle.fail("image: %s is not a UF2 file" % path)
            out.append(dict(no=no, total=total, addr=addr, size=size, family=family))


def image(board, src=None):
    if board not in CP_BOARD:
        bundle.fail("unknown BOARD %r; one of: %s, all" % (board, ", ".join(CP_BOARD)))
    import fcntl
    os.makedirs(cache_dir(), exist_ok=True)
    with open(os.path.join(cache_dir(), ".lock"), "w") as lock:  # one build at a time (the
        fcntl.flock(lock, fcntl.LOCK_EX)                          # tests run two at once)
        return _image(board, src)


def _image(board, src):
    toolchain()
    bindir = build_venv()
    path = bindir + os.pathsep + os.environ.get("PATH", "")
    tree = source(src)
    mpy_cross(tree, path)
    fw = firmware(CP_BOARD[board], tree, path)
    out = os.path.join(bundle.BUILD, board, "image")
    os.makedirs(out, exist_ok=True)
    tmp = os.path.join(out, ".firmware.uf2")  # whole files in place: a test may be reading them
    shutil.copyfile(fw, tmp)
    os.replace(tmp, os.path.join(out, "firmware.uf2"))
    drv = drive(board, os.path.join(out, "CIRCUITPY"))
    offset, flash = bundle.BOARDS[board][1:]
    one = os.path.join(out, "mancala-%s.uf2" % board)
    exe = os.path.join(os.path.dirname(sys.executable), "folder2uf2")
    if not os.path.exists(exe):
        exe = shutil.which("folder2uf2") or bundle.fail("folder2uf2 is not installed (make venv)")
    run([exe, drv, "-o", one + ".new", "--board", "raspberry_pi_pico", "--flash-offset",
         hex(offset), "--flash-size", str(flash), "--label", "CIRCUITPY", "--combine", fw],
        stdout=subprocess.DEVNULL)
    os.replace(one + ".new", one)
    say("%s -> %s (%d bytes: firmware + drive), firmware.uf2 (%d bytes), CIRCUITPY/"
        % (board, os.path.relpath(out, ROOT), os.path.getsize(one), os.path.getsize(fw)))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("board", nargs="?")
    p.add_argument("--src", default=os.environ.get("CIRCUITPYTHON_SRC") or None,
                   help="a checkout of CircuitPython %s with its submodules (default: the "
                   "archive in ../shared/cpsrc/)" % CP_VERSION)
    a = p.parse_args(argv)
    if not a.board:
        bundle.fail("name the board: make image BOARD=<%s|all>" % "|".join(CP_BOARD))
    for board in (CP_BOARD if a.board == "all" else (a.board,)):
        image(board, a.src)


if __name__ == "__main__":
    main()
