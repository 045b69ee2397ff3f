# Entry point on the device (the bundle copies it to the root of CIRCUITPY as code.py). The board
# module comes from boards/select.py (board.board_id; MANCALA_BOARD in settings.toml overrides).
import gc


def main():
    from boards import select
    hw = select.load(select.board_name(select.board_id()))
    del select
    from firmware.common import unload
    unload("boards.select")  # only needed to boot: its tables go
    gc.collect()
    from firmware.app import App
    mark = None
    if _feel():  # the feel benchmark (tools/device/feel.py) reads what happens on the console
        from engine.compat import ticks_ms
        mark = lambda what: print("feel", ticks_ms(), what)  # noqa: E731
    App(hw, mark=mark).run()


def _feel():
    try:
        import os
        return str(os.getenv("MANCALA_FEEL")) == "1"  # an int from settings.toml
    except (ImportError, AttributeError):
        return False


main()
