"""What Settings -> About says, stamped into the copy of firmware/screens/menu_items.py that a
build ships (desktop tool, CPython): the game's version (`git describe`) and which runtime runs it
(the bundle on stock CircuitPython, or the console image)."""
import re
import subprocess

from tools.build.mpycross import ROOT, fail


def version():
    """The game's version: `git describe` of this clone (a tag or a short commit, -dirty when
    changed), "unknown" outside a git checkout."""
    try:
        out = subprocess.run(["git", "describe", "--always", "--dirty", "--tags"], cwd=ROOT,
                             capture_output=True, text=True, timeout=20)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


RUNTIMES = {"bundle": "CircuitPython + bundle", "image": "console image"}
ABOUT_FILE = "firmware/screens/menu_items.py"  # its ABOUT line: what Settings -> About says


def with_about(text, runtime):
    """menu_items.py's text with its ABOUT line saying this build's version and runtime ("bundle":
    stock CircuitPython with this bundle on its drive; "image": the console image,
    tools/build/image.py): at most two lines of the menu's note (26 characters at 160 px)."""
    line = "ABOUT = %r" % ("Version %s, %s" % (version()[:14], RUNTIMES[runtime]))
    out, n = re.subn(r"^ABOUT = .*$", line, text, flags=re.M)
    if n != 1:
        fail("%s has no line 'ABOUT = ...' for Settings -> About" % ABOUT_FILE)
    return out
