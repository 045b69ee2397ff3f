# The real firmware on an emulated RP2040 (README.md here): emu.py drives rp2040js (runner.mjs,
# node_modules from make emu-deps), appflow.py steps the app on the chip and its headless twin,
# shots.py takes the screenshots of docs/hardware.md. The command line: python3 -m tools.emu.command (make emu).
