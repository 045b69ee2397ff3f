# What the menus hold (items, values, labels) and value cycling. Plain portable Python, no display.
from engine import games

MODES = ("ai", "two", "demo")
MODE_TEXT = {"ai": "vs AI", "two": "2 players", "demo": "AI demo"}
STARTS = ("you", "ai", "lot")
START_TEXT = {"you": "you", "ai": "the AI", "lot": "by lot"}
SPEEDS = ("normal", "fast", "off")
BLITZ = (0, 3, 5, 10, 30)

CFG_VALUES = {
    "game": games.NAMES,
    "mode": MODES,
    "level": (1, 2, 3, 4, 5),
    "starts": STARTS,
    "anim": SPEEDS,
    "sound": (False, True),
    "take_back": (True, False),
    "blitz": BLITZ,
    "sleep": (1, 3, 10, 0),  # minutes without a press, then the screen goes dark (0: off)
}
CFG_LABEL = {
    "game": "Game", "mode": "Mode", "level": "AI level", "starts": "Starts",
    "anim": "Animation", "sound": "Sound", "take_back": "Take-back", "blitz": "Blitz",
    "sleep": "Sleep after",
}


def text(v):
    if v is True:
        return "on"
    if v is False:
        return "off"
    return str(v)


def cfg_text(key, v):
    if key == "game":
        return games.TITLES.get(v, v)
    if key == "mode":
        return MODE_TEXT.get(v, v)
    if key == "starts":
        return START_TEXT.get(v, v)
    if key == "blitz":
        return "off" if not v else "%ds" % v
    if key == "sleep":
        return "%d min" % v if v else "off"
    return text(v)


def rule_values(default, allowed):
    """The values a menu cycles through for one rule option."""
    if not isinstance(allowed, list):
        return tuple(allowed)
    lo, hi = allowed
    out = [lo]
    for v in (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 50, 70, 100, 200, 500, 1000, 5000, 100000):
        if v > lo and (hi is None or v <= hi):
            out.append(v)
    if hi is not None and hi not in out:
        out.append(hi)
    if default not in out:
        out.append(default)
    out.sort()
    return tuple(out)


def cycle(values, v, step):
    n = len(values)
    for i in range(n):
        if values[i] == v:
            return values[(i + step) % n]
    return values[0]


def title_items(has_resume, mode):
    """Start first (one press from the title), then what the game will be."""
    items = []
    if has_resume:
        items.append(("resume", None))
    items.append(("start", None))
    items.append(("cfg", "game"))
    items.append(("cfg", "mode"))
    if mode != "two":
        items.append(("cfg", "level"))
    if mode == "ai":
        items.append(("cfg", "starts"))  # two players / demo: P1 / AI 1 always starts
    items.append(("go", "rules"))
    items.append(("go", "settings"))
    items.append(("go", "learn"))
    items.append(("go", "problems"))
    return items


def learn_items(n):
    """The title's "Learn...": how to play, then the game's n lessons (firmware/lesson.py)."""
    items = [("go", "help")]
    for i in range(n):
        items.append(("lesson", i))
    items.append(("back", None))
    return items


def settings_items(own, title):
    """own: the game's own settings (its adapter's SETTINGS); title: opened from the title (not
    the pause box), with your record (its screen's code beside a game's: not in a game)."""
    items = [("cfg", "anim"), ("cfg", "sound"), ("cfg", "sleep")]
    for k in own:
        items.append(("cfg", k))
    if title:
        items.append(("go", "record"))
    items.append(("version", None))
    items.append(("back", None))
    return items


def rules_items(options):
    items = [("rule", o[0]) for o in options]
    items.append(("back", None))
    return items


GO_TEXT = {"rules": "Rule options...", "settings": "Settings...", "help": "How to play",
           "learn": "Learn...", "problems": "Problems...", "record": "Your record..."}
KIND_TEXT = {"start": "Start game", "back": "Back", "version": "About this console"}
# What Settings -> About says (the note under its row): the builds write their own line here in
# the copy they ship (tools/build/bundle.py ABOUT_LINE: the game's version and the runtime, the
# console image or CircuitPython + the bundle). One name: the chip keeps each new one for good.
ABOUT = "Run from source"
