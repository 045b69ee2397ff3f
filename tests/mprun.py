# Runs portable test modules (plain functions named test_*, plain asserts) under any interpreter,
# in particular the real MicroPython Unix port:
#   micropython -X heapsize=180k tests/mprun.py [--mpy DIR] tests/portable/test_oanquan_rules.py ...
# Prints one line per failure and closes with "N passed, N failed".
import sys

sys.path.insert(0, ".")
if len(sys.argv) > 2 and sys.argv[1] == "--mpy":
    # a folder of the engine and the app compiled to .mpy (tests/test_micropython.py), found
    # before their sources, as the device loads them
    sys.path.insert(0, sys.argv[2])
    del sys.argv[1:3]
sys.path.insert(0, "tests/portable")


def main(paths, only=None):
    passed = failed = 0
    for path in paths:
        name = path.split("/")[-1]
        if name.endswith(".py"):
            name = name[:-3]
        mod = __import__(name)
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_") or (only and attr != only):
                continue
            fn = getattr(mod, attr)
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on
                failed += 1
                print("FAIL %s.%s: %s %s" % (name, attr, type(e).__name__, e))
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    args = sys.argv[1:]
    only = None
    if len(args) > 2 and args[-2] == "--only":  # one test in a fresh interpreter, as after a boot
        only = args[-1]
        args = args[:-2]
    sys.exit(1 if main(args, only) else 0)
