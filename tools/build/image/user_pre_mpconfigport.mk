# The console image's CircuitPython settings (tools/build/image.py passes this folder with
# `make -I`; CircuitPython reads it after the board's mpconfigboard.mk, before the port's
# defaults). Nothing inside CircuitPython's tree is edited.

# Debian 12's arm-none-eabi-gcc is 12.2.1; CircuitPython 10 asks for >= 14 (docs/hardware.md,
# "The console image": what that risks). Every UF2 in ../shared/emu/ is such a build.
CIRCUITPY_MIN_GCC_VERSION = 12
# GCC 12 warns in Pico-PIO-USB and -Werror is on; CFLAGS_MOD comes after it on the command line.
CFLAGS_MOD += -Wno-error

# The app, frozen: MANCALA_FROZEN is the staged folder (engine/, firmware/, boards/, the bundled
# libraries) that tools/build/image.py writes inside the CircuitPython checkout.
FROZEN_MPY_DIRS += $(MANCALA_FROZEN)

# No 1 s wait for a second reset at every boot: the way to the REPL is holding B at power-up
# (firmware/boot.py), and BOOTSEL still reflashes.
CIRCUITPY_SKIP_SAFE_MODE_WAIT = 1

# Modules the app never imports, off to make room (with all of them on, the Pico build with the
# app frozen is 102.8 % of its 1020 KB firmware area). Each one, and why nobody misses it:
CIRCUITPY_ULAB = 0            # numpy-like arrays: the engine is plain Python
CIRCUITPY_AUDIOMP3 = 0        # MP3 playback: our sounds are generated tones (boards/tone.py)
CIRCUITPY_RGBMATRIX = 0       # HUB75 LED matrices: no such panel on any board
CIRCUITPY_PICODVI = 0         # DVI/HDMI output: no board has it
CIRCUITPY_USB_HOST = 0        # USB host ports: the console is a USB device only
CIRCUITPY_PYUSB = 0           # usb.core on the host side: same
CIRCUITPY_BLEIO_HCI = 0       # Bluetooth through an HCI co-processor: none fitted
CIRCUITPY_QRIO = 0            # QR code decoding: no camera
CIRCUITPY_JPEGIO = 0          # JPEG decoding: the pictures are drawn, not loaded
CIRCUITPY_GIFIO = 0           # GIF decoding: same
CIRCUITPY_FLOPPYIO = 0        # floppy drives
CIRCUITPY_IMAGECAPTURE = 0    # camera capture
CIRCUITPY_USB_VIDEO = 0       # USB video class: no webcam mode
CIRCUITPY__EVE = 0            # FTDI EVE graphics chips: not our panels
CIRCUITPY_SHARPDISPLAY = 0    # Sharp memory displays: not our panels
CIRCUITPY_EPAPERDISPLAY = 0   # e-paper: not our panels
CIRCUITPY_AESIO = 0           # AES: nothing is encrypted
CIRCUITPY_MSGPACK = 0         # msgpack: saves have their own binary format (firmware/saves.py)
CIRCUITPY_SDCARDIO = 0        # SD cards: saves live in nvm and CIRCUITPY
CIRCUITPY_I2CTARGET = 0       # acting as an I2C peripheral
CIRCUITPY_BITMAPFILTER = 0    # image filters on bitmaps: not used by the views
CIRCUITPY_LVFONTIO = 0        # LVGL fonts: the app uses terminalio's built-in font
CIRCUITPY_USB_MIDI = 0        # a MIDI device on USB: the console is a game, not an instrument
