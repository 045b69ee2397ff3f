# Measuring the device on the emulated RP2040 (tools/emu): make device-bench (bench.py, with
# feel.py, report.py), make device-games (games.py), the heap of any checkout (ram.py) and the
# AI on the MicroPython firmware (bench_chip.py). Run from the repository root as
# python3 -m tools.device.bench (or .feel, .games, .ram, .bench_chip).
