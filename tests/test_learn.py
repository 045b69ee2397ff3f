# Lessons in the terminal game (tools/terminal/learn.py via tools/terminal/game.py, issue 31):
# every lesson of every game can be played through with its goal met; a wrong move is refused
# kindly and the lesson's position comes back; finished lessons are marked.
import pytest

from tools.terminal import game as play
from engine import games
import firmware.lessons as L
from test_play import _script

GAMES = ["oanquan", "sanyao", "omweso"]


def _moves(name, lesson):
    """(a move that meets the lesson's goal, one that does not), as texts."""
    g = games.load(name, lesson.get("rules"))
    pos = L.position(g, lesson)
    buf = [0] * g.MAX_MOVES
    n = g.moves(pos, buf)
    good = bad = None
    for i in range(n):
        ok = L.attempt(g, lesson, pos, buf[i])[0]
        if ok and good is None:
            good = g.move_str(pos, buf[i])
        if not ok and bad is None:
            bad = g.move_str(pos, buf[i])
    return good, bad


@pytest.mark.parametrize("name", GAMES)
def test_every_lesson_can_be_learnt_in_the_terminal(name):
    lessons = L.load(name)
    lines = [str(GAMES.index(name) + 1), "3"]
    for ls in lessons:  # Enter takes the next lesson, Enter its example; a wrong move first,
        good, bad = _moves(name, ls)  # then a right one
        lines += ["", "", bad, good]
    lines += ["", "q"]
    out = []
    ask, asked = _script(lines)
    assert play.terminal(ask, out.append) == 0
    text = " ".join(" ".join(out).split())
    assert text.count("Goal met!") == len(lessons)
    assert text.count("The position is back: try again.") == len(lessons)
    g = None
    for ls in lessons:  # the rule in words, its example told, each move told from its trace
        assert "The rule: " + " ".join(ls["why"].split()) in text
        g = games.load(name, ls.get("rules"))
        dp, dm = L.demo(g, ls)
        assert "Example: %s." % g.move_str(dp, dm) in text
        pos = L.position(g, ls)
        for t in _moves(name, ls):
            assert " ".join(L.tell(g, ls, pos, g.parse_move(pos, t))[1]) in text
    assert "Every lesson done" in text
    assert "%s (done)" % lessons[-1]["title"] in text


def test_a_lesson_answers_help_bad_input_and_goes_back():
    out = []
    ask, asked = _script(["1", "3", "2", "s", "h", "9+", "zz", "q", "q", "q"])
    play.terminal(ask, out.append)
    text = " ".join(" ".join(out).split())
    assert "Relay sowing (rule OAQ-4, docs/rules.md)" in text
    assert "Goal: Make a relay" in text
    assert "The moves you can play now: 1+ 1- 3+ 3-." in text
    assert text.count("The moves you can play now:") == 3  # h, and after each bad move
    assert "Goal met!" not in text and "(done)" not in text
    assert "Example:" not in text  # (skipped)
