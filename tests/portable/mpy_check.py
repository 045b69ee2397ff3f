# Run by tests/test_micropython.py (not a portable test module itself): with mprun's --mpy the
# engine and the app are the compiled .mpy, as on the device.
def test_engine_and_app_are_the_compiled_modules():
    import engine.games
    import firmware.session
    assert engine.games.__file__.endswith(".mpy"), engine.games.__file__
    assert firmware.session.__file__.endswith(".mpy"), firmware.session.__file__
