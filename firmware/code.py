# code.py at the root of CIRCUITPY (the bundle and the console image both put this file there):
# the app starts in firmware/start.py, on the drive (stock CircuitPython) or frozen in (the image).
from firmware.start import run
run()
