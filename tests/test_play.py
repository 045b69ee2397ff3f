# The terminal game (tools/play.py): menus, bad input, complete games, the end breakdown.
import os
import subprocess
import sys

import pytest

import play
from util import ROOT


def _script(lines):
    it = iter(lines)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError
    return ask, asked


def test_terminal_bad_input_gets_a_message_and_a_new_prompt():
    out = []
    ask, asked = _script(["9", "1", "1", "speed=3", "mandarin_value=5", "", "h", "7+", "3",
                          "0+", "3+", "q"])
    assert play.terminal(ask, out.append) == 0
    text = "\n".join(out)
    assert "Please type a number" in text
    assert "Not changed: unknown rule" in text
    assert "Rule changed: a new game will start" in text
    assert "worth 5" in text  # the board shows the chosen rule
    assert "Legal now: 1+ 1- 2+" in text
    assert "squares 1-5" in text and "bad move" in text
    assert "player 0 plays 3+" in text and "Captured 6 stones." in text
    assert sum(1 for p in asked if p.startswith("player 0, your move")) == 5
    assert asked[-1].startswith("player 1, your move")


@pytest.mark.parametrize("name", ["oanquan", "sanyao", "omweso"])
def test_complete_game_against_the_computer_shows_the_breakdown(name):
    out = []
    res = play.play_game(lambda p: "", out.append, name, {},
                         [play._opponent(0, 1), play._opponent(0, 2)])
    assert res is not None
    text = "\n".join(out)
    words = {"oanquan": "(stock + mandarins + swept - debt + lent)", "sanyao": "Match over",
             "omweso": "wins the match"}
    assert words[name] in text, text[-2000:]


def test_make_play_falls_back_to_the_terminal_without_a_display():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    r = subprocess.run([sys.executable, "tools/play.py"], input="q\n", capture_output=True,
                       text=True, cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 0
    assert "No display found" in r.stdout and "Which game?" in r.stdout


@pytest.mark.parametrize("name", ["oanquan", "sanyao", "omweso"])
def test_terminal_offers_the_ai_levels(name):
    """The terminal game offers levels 1-5 of engine/ai.py and plays complete games with them."""
    assert play._ai is not None
    out = []
    k = ["oanquan", "sanyao", "omweso"].index(name) + 1
    ask, asked = _script([str(k), "2", "4", "2", "", "q"])  # vs computer, level 4, it starts
    assert play.terminal(ask, out.append) == 0
    text = "\n".join(out)
    assert "Computer level?" in text and "level 5" in text
    assert "player 0 plays" in text  # the computer (player 0) moved first, then we quit
    out = []
    res = play.play_game(lambda p: "", out.append, name, {"match_points": 2} if name == "omweso"
                         else {}, [play._opponent(1, 1), play._opponent(2, 2)])
    assert res is not None
