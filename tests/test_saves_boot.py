# firmware/boot.py: the CIRCUITPY drive is made writable by the app (the saves' second copy)
# unless A is held at power-up or settings.toml says MANCALA_DRIVE_SAVES = 0; the bundle puts
# it at the root, as source (CircuitPython runs boot.py only). And the app finds the copy.
import os
import sys
import types

import pytest

from util import ROOT

BOOT = os.path.join(ROOT, "firmware", "boot.py")


def run_boot(monkeypatch, board_id, held, env=None):
    calls = []
    pins = {}
    board = types.SimpleNamespace(board_id=board_id, SW_A="SW_A", GP12="GP12", GP15="GP15", GP7="GP7",
                                  BUTTON_L="BUTTON_L", BUTTON_O="BUTTON_O")

    class Pin:
        def __init__(self, pin):
            pins["used"] = pin

        def switch_to_input(self, pull=None):
            assert pull == "up"

        @property
        def value(self):
            return not held  # active low

        def deinit(self):
            pins["freed"] = True

    digitalio = types.SimpleNamespace(DigitalInOut=Pin, Pull=types.SimpleNamespace(UP="up"))
    storage = types.SimpleNamespace(remount=lambda path, readonly: calls.append((path, readonly)))
    for name, mod in (("board", board), ("digitalio", digitalio), ("storage", storage)):
        monkeypatch.setitem(sys.modules, name, mod)
    env = env or {}
    monkeypatch.setattr(os, "getenv", lambda k, d=None: env.get(k, d))
    exec(compile(open(BOOT).read(), BOOT, "exec"), {"__name__": "__main__"})
    return calls, pins


@pytest.mark.parametrize("bid,env,pin", [
    ("pimoroni_picosystem", {}, "SW_A"), ("pajenicko_picopad", {}, "SW_A"),
    ("hack_club_sprig", {}, "BUTTON_L"), ("ugame22", {}, "BUTTON_O"),
    ("raspberry_pi_pico", {"MANCALA_BOARD": "pico_lcd13"}, "GP15"),
    ("raspberry_pi_pico", {"MANCALA_BOARD": "pico_display_pack2"}, "GP12"),
    ("raspberry_pi_pico", {"MANCALA_BOARD": "picopad"}, "GP7"),
    ("pajenicko_picopad", {"MANCALA_BOARD": "picopad"}, "GP7")])
def test_boot_makes_the_drive_writable_by_the_app_unless_a_is_held(monkeypatch, bid, env, pin):
    calls, pins = run_boot(monkeypatch, bid, False, env)
    assert calls == [("/", False)] and pins == {"used": pin, "freed": True}
    calls, pins = run_boot(monkeypatch, bid, True, env)
    assert calls == []


def test_boot_setting_turns_the_copy_off(monkeypatch):
    for v in (0, "0"):
        calls, _ = run_boot(monkeypatch, "pimoroni_picosystem", False,
                            {"MANCALA_DRIVE_SAVES": v})
        assert calls == []


def test_bundle_puts_boot_py_at_the_root_as_source(tmp_path):
    from tools.build import bundle
    from test_hw_bundle import fake_circuitpython_mpy_cross
    files, _ = bundle.plan("picosystem")
    assert files["boot.py"] == BOOT and "firmware/boot.py" not in files
    out = bundle.bundle("pico_lcd13", mpy_cross=fake_circuitpython_mpy_cross(tmp_path),
                        quiet=True)
    assert open(os.path.join(out, "boot.py"), "rb").read() == open(BOOT, "rb").read()
    assert not os.path.exists(os.path.join(out, "boot.mpy"))


def test_the_app_uses_the_drive_copy_when_the_drive_is_writable(monkeypatch, tmp_path):
    from firmware import saves, saveload
    mounts = {"ro": True}
    storage = types.SimpleNamespace(
        getmount=lambda p: types.SimpleNamespace(readonly=mounts["ro"]))
    monkeypatch.setitem(sys.modules, "storage", storage)
    base = str(tmp_path / "saves" / "mancala")
    assert saveload.drive_backup(base) is None  # read-only to the app: nvm only
    mounts["ro"] = False
    bk = saveload.drive_backup(base)
    assert isinstance(bk, saves.FilePair) and os.path.isdir(str(tmp_path / "saves"))
    board = types.SimpleNamespace(storage=bytearray(4096))
    monkeypatch.setattr(saveload, "drive_backup", lambda: bk)
    st = saveload.open_store(board)
    assert isinstance(st, saves.Saver) and isinstance(st.store, saves.NvmLog)
    assert st.store.backup is bk


def test_the_app_makes_its_store_and_drops_the_start_up_code(tmp_path):
    from boards import headless
    from firmware import saves
    from firmware.app import App
    from firmware.savefile import FileStore
    for kw, kind in (({"storage": bytearray(4096)}, saves.NvmLog),
                     ({"save_file": str(tmp_path / "m.sav")}, FileStore)):
        app = App(headless.make(240, 135, **kw), ai_ms=20)
        assert isinstance(app.session.store, saves.Saver)
        assert isinstance(app.session.store.store, kind)
        # start-up code does not stay on the heap
        assert "firmware.saveload" not in sys.modules and "firmware.saveparse" not in sys.modules
