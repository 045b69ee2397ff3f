# The front door. Everything bootstraps itself into .venv from pinned requirements.
# The tools run from the repository root: tools/play.py by path, the others as modules
# (python -m tools.<folder>.<tool>, tools/__init__.py lists them).
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: play test test-long wear venv emu-deps clean

# pip's own progress is shown: a first install takes a minute or two and must not look hung.
$(VENV)/.ok: requirements.txt
	@echo "make: installing the pinned tools of requirements.txt into $(VENV) (first run: 1-2 min)"
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -r requirements.txt
	touch $@

venv: $(VENV)/.ok

# The RP2040 emulator (rp2040js, pinned in tools/emu/package-lock.json) for make emu and the device
# tests; without npm the device tests skip and say why.
EMU_DEPS := tools/emu/node_modules/.ok
$(EMU_DEPS): tools/emu/package-lock.json
	@if command -v npm >/dev/null; then \
	  echo "make: installing rp2040js into tools/emu/node_modules (npm ci)"; \
	  (cd tools/emu && npm ci --no-audit --no-fund && touch node_modules/.ok) || \
	    echo "make: npm ci failed: the emulator and the device tests are off"; \
	else echo "make: npm not found: the emulator and the device tests are off"; fi

emu-deps: $(EMU_DEPS)

play: venv
	$(VPY) tools/play.py

# the 15 slowest tests are listed at the end: where make test's ~10 minutes go (the emulated chip)
test: venv $(EMU_DEPS)
	$(VPY) -m pytest -q -n 2 --maxschedchunk=1 --durations=15 -m "not long" tests

# the long sweeps (power cuts and wear over every game, 50000 random presses, the other device
# games): ~20 more minutes on 2 cores
test-long: venv $(EMU_DEPS)
	$(VPY) -m pytest -q -n 2 --maxschedchunk=1 --durations=15 -m long tests

# the saves' flash wear on every drive layout, written to docs/app.md (~5 minutes)
wear: venv
	$(VPY) tests/test_saves_flash.py --write

clean:
	rm -rf $(VENV) build .pytest_cache tools/emu/node_modules

# ---- device builds (tools/build/bundle.py, docs/hardware.md) ---------------------------------
# make bundle BOARD=picosystem [MPY_CROSS=/path/to/circuitpython/mpy-cross]   (BOARD=all: every one)
# make uf2 BOARD=picosystem [CIRCUITPYTHON_UF2=adafruit-circuitpython-...uf2] [UF2_BOARD=raspberry_pi_pico_w]
# make deploy [BOARD=...] [CIRCUITPY=/path/to/drive]     make mpy  (MicroPython .mpy of engine/)
# LIB_MPY=<unzipped adafruit-circuitpython-bundle-10.x-mpy-*/lib>: ship the libraries as .mpy
BOARD ?=
MPY_CROSS ?=
CIRCUITPYTHON_UF2 ?=
UF2_BOARD ?=
CIRCUITPY ?=
LIB_MPY ?=
_MPYX = $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(if $(LIB_MPY),--lib-mpy "$(LIB_MPY)")

.PHONY: bundle uf2 deploy mpy image

# make image BOARD=picosystem|all [CIRCUITPYTHON_SRC=<a CircuitPython 10.2.1 checkout>]: the console
# image, CircuitPython built with the game frozen in (tools/build/image.py, docs/hardware.md):
# build/BOARD/image/{mancala-BOARD.uf2, firmware.uf2, CIRCUITPY/}. Installs the ARM toolchain
# with apt-get when missing; the build tree is kept in ~/.cache/mancala ($$MANCALA_CACHE).
CIRCUITPYTHON_SRC ?=
image: venv
	$(VPY) -m tools.build.image $(BOARD) $(if $(CIRCUITPYTHON_SRC),--src "$(CIRCUITPYTHON_SRC)")

bundle: venv
	$(VPY) -m tools.build.bundle bundle $(BOARD) $(_MPYX)

uf2: venv
	$(VPY) -m tools.build.bundle uf2 $(BOARD) $(_MPYX) $(if $(CIRCUITPYTHON_UF2),--firmware "$(CIRCUITPYTHON_UF2)") $(if $(UF2_BOARD),--layout $(UF2_BOARD))

deploy: venv
	$(VPY) -m tools.build.bundle deploy $(BOARD) $(_MPYX) $(if $(CIRCUITPY),--drive "$(CIRCUITPY)")

mpy: venv
	$(VPY) -m tools.build.bundle mpy

# ---- the real firmware on an emulated RP2040 (tools/emu/README.md, docs/hardware.md) ---------
# make emu BOARD=picosystem [FIRMWARE=adafruit-circuitpython-...uf2] [KEYS="a 2000ms 3*down a"]
#          [EMU_ARGS="--each --step-ms 1000"]            screenshots in build/emu/
# make emu FIRMWARE=micropython.uf2 SCRIPT=my_script.py   (MicroPython + engine/, raw REPL)
# make device-bench [DEVICE_BENCH_ARGS=--quick]           docs/performance.md, emulated RP2040
FIRMWARE ?=
KEYS ?=
SCRIPT ?=
EMU_ARGS ?=
DEVICE_BENCH_ARGS ?=
DEVICE_GAMES_ARGS ?=

.PHONY: emu device-bench device-games image-bench power

emu: venv $(EMU_DEPS)
ifeq ($(SCRIPT),)
	$(VPY) -m tools.emu.command cp $(BOARD) $(if $(FIRMWARE),--firmware "$(FIRMWARE)") \
	  $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)") $(if $(KEYS),--keys "$(KEYS)") $(EMU_ARGS)
else
	$(VPY) -m tools.emu.command mp "$(SCRIPT)" $(if $(FIRMWARE),--firmware "$(FIRMWARE)") $(EMU_ARGS)
endif

device-bench: venv $(EMU_DEPS)
	nice -n 10 $(VPY) -m tools.device.bench $(DEVICE_BENCH_ARGS)

# the console image against the stock runtime on every board: boot, heap, sizes (~15 min)
# make image-bench [IMAGE_BENCH_ARGS="--boards picosystem"]   -> docs/performance.md
IMAGE_BENCH_ARGS ?=
image-bench: venv $(EMU_DEPS)
	nice -n 10 $(VPY) -m tools.device.image_bench $(IMAGE_BENCH_ARGS)

# complete games on the emulated chip, played through the buttons (10-20 min a game):
# make device-games [DEVICE_GAMES_ARGS="--boards picosystem --games omweso --write"]
device-games: venv $(EMU_DEPS)
	nice -n 10 $(VPY) -m tools.device.games $(DEVICE_GAMES_ARGS)

# the chip's busy share in each state (title, pondering, your turn, the AI's turn, dimmed,
# asleep) on every board and the assumed currents -> hours on the battery (~10-15 min a board;
# not in make test): make power [POWER_ARGS="--board picosystem --board sprig"]   -> docs/performance.md
POWER_ARGS ?=
power: venv $(EMU_DEPS)
	nice -n 10 $(VPY) -m tools.device.power --write $(POWER_ARGS)

# ---- AI measurements (not part of make test; docs/performance.md, docs/ai.md) -----------------
# make arena [ARENA_ARGS="--games 200 --only oanquan"]     make bench [BENCH_ARGS=--quick]
ARENA_ARGS ?=
BENCH_ARGS ?=

.PHONY: arena bench problems

arena: venv
	$(VPY) -m tools.ai.arena $(ARENA_ARGS)

bench: venv
	$(VPY) -m tools.ai.bench $(BENCH_ARGS)

# the problems (issue 56): candidates drawn, proved by exhaustive search, the chosen ones written
# into firmware/games/<game>/problems.py and their figures into docs/problems.md (3-13 min)
problems: venv
	$(VPY) -m tools.ai.problems --write

# ---- the emulator's files (docs/hardware.md "Emulator files": where each comes from) ----------
# make emu-check [MANCALA_EMU_DIR=/path]: their sha256 against tools/emu/SHA256SUMS
EMU_DIR ?= $(or $(MANCALA_EMU_DIR),../shared/emu)

.PHONY: emu-check

emu-check:
	@cd "$(EMU_DIR)" 2>/dev/null || { echo "make: $(EMU_DIR) not found (docs/hardware.md, \"Emulator files\")"; exit 1; }
	cd "$(EMU_DIR)" && sha256sum -c "$(CURDIR)/tools/emu/SHA256SUMS"
