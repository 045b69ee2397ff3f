# firmware/rule_text.py: every rule option of every game has a player's label, a one-line
# explanation and readable values, short enough for a 160x128 screen (issue 12, item 7: rule menus
# showed engine names such as empty_mandarin_ends_turn). Portable: also runs under MicroPython.
from engine import games
from firmware import rule_text as R

MENU_COLS = 24     # "label: value" on a 160-pixel screen: 26 columns of 6 pixels, minus the cursor
NOTE_COLS = 26     # the explanation under the menu, word-wrapped
NOTE_LINES = 2


def _wrap(text, width):
    lines = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = cur + " " + word if cur else word
    if cur:
        lines.append(cur)
    return lines


def _values(default, allowed):
    """Every value a menu can show: the allowed tuple, or a range's ends, default and a big one."""
    if not isinstance(allowed, list):
        return list(allowed)
    lo, hi = allowed
    return [lo, default, 100000 if hi is None else hi]


def _options():
    for name in games.NAMES:
        for opt, default, allowed in games.load(name).OPTIONS:
            yield name, opt, default, allowed


def test_every_engine_option_has_a_label_and_an_explanation():
    missing = []
    for name, opt, default, allowed in _options():
        if not R.known(name, opt):
            missing.append(name + "." + opt)
            continue
        assert R.label(name, opt) != opt, (name, opt)  # not the engine name again
        assert "_" not in R.label(name, opt), (name, opt)
        assert len(R.explain(name, opt)) >= 20, (name, opt)
    assert not missing, "no player's words for: " + ", ".join(missing)


def test_no_words_for_options_the_engine_does_not_have():
    for name in games.NAMES:
        have = [o[0] for o in games.load(name).OPTIONS]
        from firmware.games import part
        for opt in part(name, "rule_text").TEXT:
            assert opt in have, (name, opt)


def test_menu_lines_and_explanations_fit_a_160x128_screen():
    for name, opt, default, allowed in _options():
        for v in _values(default, allowed):
            line = "%s: %s" % (R.label(name, opt), R.value_text(name, opt, v))
            assert len(line) <= MENU_COLS, line
        lines = _wrap(R.explain(name, opt), NOTE_COLS)
        assert len(lines) <= NOTE_LINES, lines
        assert max(len(s) for s in lines) <= NOTE_COLS, lines


def test_every_allowed_value_reads_differently():
    for name, opt, default, allowed in _options():
        vals = _values(default, allowed)
        texts = [R.value_text(name, opt, v) for v in vals]
        for i in range(len(vals)):
            for k in range(len(vals)):
                if vals[i] != vals[k] or type(vals[i]) is not type(vals[k]):
                    assert texts[i] != texts[k], (name, opt, vals[i], vals[k])


def test_value_words():
    assert R.value_text("oanquan", "mandarin_value", 5) == "5 points"
    assert R.value_text("oanquan", "empty_mandarin_ends_turn", False) == "gap"
    assert R.value_text("oanquan", "empty_mandarin_ends_turn", True) == "wall"
    assert R.value_text("oanquan", "young_window", 0) == "all game"
    assert R.value_text("oanquan", "young_window", 1) == "1 turn"
    assert R.value_text("oanquan", "young_window", 30) == "30 turns"
    assert R.value_text("oanquan", "young_threshold", 1) == "1 stone"
    assert R.value_text("oanquan", "young_mandarin", True) == "on"  # booleans default to on/off
    assert R.value_text("sanyao", "lap_limit", 200) == "200 laps"
    assert R.value_text("omweso", "setup", "two_each") == "2 in every pit"
    assert R.value_text("omweso", "match_points", 1) == "1 point"
    assert R.value_text("omweso", "match_points", 12) == "12 points"


def test_bool_and_int_values_are_not_confused():
    # True == 1 in Python: a table entry for 1 must not answer for True and the reverse
    assert R.value_text("omweso", "match_points", True) == "on"
    assert R.value_text("omweso", "first_turn_capture", 1) == "1"


def test_unknown_game_or_option_falls_back_to_the_engine_name():
    assert not R.known("oanquan", "no_such_rule")
    assert not R.known("chess", "castling")
    assert R.label("oanquan", "no_such_rule") == "no_such_rule"
    assert R.explain("chess", "castling") == ""
    assert R.value_text("chess", "castling", True) == "on"
    assert R.value_text("chess", "speed", 3) == "3"


def test_one_game_loaded_at_a_time():
    import sys
    R.label("omweso", "setup")
    R.label("sanyao", "lap_limit")
    assert "firmware.games.sanyao.rule_text" in sys.modules
    assert "firmware.games.omweso.rule_text" not in sys.modules
    R.label("omweso", "setup")  # and it loads again when asked
    assert "firmware.games.omweso.rule_text" in sys.modules
    assert "firmware.games.sanyao.rule_text" not in sys.modules
