# The build tools: the CIRCUITPY bundle of a board (bundle.py) and what the device has
# (devicestubs.py). Run as python3 -m tools.build.bundle from the repository root.
