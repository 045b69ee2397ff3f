# The ST7789 set-up the Pico builds send (boards/pico_display_pack2.py, pico_lcd13.py), for
# busdisplay.BusDisplay. adafruit_st7789's ST7789 is a BusDisplay whose init sequence waits
# 150 + 500 + 10 + 10 + 500 ms (1.2 s of boot); this is the same commands with the datasheet's
# waits only: 120 ms after SWRESET (before SLPOUT is allowed) and 120 ms after SLPOUT (supplies and
# clocks settle); the others take effect at once. Entries: command, argument count (| 0x80: a
# delay follows), arguments, delay ms. MADCTL 0xC0 (rows and columns mirrored) is what
# adafruit_st7789 leaves (its default bgr=True); displayio does the rotation, so the picture is the
# same as with that driver.
INIT = (
    b"\x01\x80\x78"  # SWRESET, 120 ms
    b"\x11\x80\x78"  # SLPOUT, 120 ms
    b"\x3a\x01\x55"  # COLMOD: 16 bits per pixel (RGB565)
    b"\x36\x01\xc0"  # MADCTL
    b"\x21\x00"      # INVON: this panel needs inverted colours
    b"\x13\x00"      # NORON
    b"\x29\x00"      # DISPON
)
