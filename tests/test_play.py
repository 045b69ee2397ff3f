# The terminal game (tools/play.py -> tools/terminal/): menus, rules in words, who is who, bad
# input, undo and the move list, complete games and the result explained (issue 12, items 4, 7, 8).
import os
import re
import subprocess
import sys

import pytest

from tools.terminal import game as play
from util import ROOT
from test_review_lines import WORDS

GAMES = ["oanquan", "sanyao", "omweso"]
EXAMPLE = re.compile(r"\(e\.g\. ([^;]+);")


def _script(lines, then=None):
    """An ask() answering `lines` in order, then `then(prompt)` (or EOF)."""
    it = iter(lines)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        try:
            return next(it)
        except StopIteration:
            if then is None:
                raise EOFError
            return then(prompt)
    return ask, asked


def _example_move(prompt):
    """A person who always types the example move the prompt offers (a legal move)."""
    m = EXAMPLE.search(prompt)
    if m:
        return m.group(1)
    return "n" if prompt.startswith("Play again") else ""


def _flat(text):
    """The text with line breaks and runs of spaces as single spaces (long lines are wrapped)."""
    return " ".join(text.split())


def _boards(text):
    return [b for b in text.split("\n\n")
            if re.match(r"(\u00d4 \u0102n Quan|San-Yao|Omweso) - ", b)]


def test_terminal_bad_input_gets_a_message_and_a_new_prompt():
    out = []
    ask, asked = _script(["9", "1", "1", "speed=3", "mandarin_value=5", "", "h", "7+", "3",
                          "0+", "3+", "q"])
    assert play.terminal(ask, out.append) == 0
    text = "\n".join(out)
    assert "Please type a number" in text
    assert "Not changed: \u00d4 \u0102n Quan has no rule 'speed'" in text
    assert "Rule changed: Mandarin is now 5 points" in text
    assert "worth 5" in text  # the board shows the chosen rule
    assert "Legal now: 1+ 1- 2+" in text
    assert "7+ is not one of your moves now. Legal now: 1+ 1- 2+" in text
    assert "bad move '3'" in text
    assert "Player 1 plays 3+." in text and "Player 1 captured 6 stones." in text
    assert sum(1 for p in asked if p.startswith("Player 1, your move")) == 5
    assert asked[-1].startswith("Player 2, your move")
    assert "player 0" not in text.lower() and "player 1 " not in text.replace("Player 1", "")


@pytest.mark.parametrize("name", GAMES)
def test_rule_menu_speaks_a_players_words(name):
    """Item 7: every rule shows a label, its value in words and a one-line explanation."""
    from firmware import rule_text
    out = []
    ask, _ = _script([str(GAMES.index(name) + 1), "1", ""])
    play.terminal(ask, out.append)
    text = "\n".join(out)
    for opt, default, allowed in play.games.load(name).OPTIONS:
        line = "%s: %s" % (rule_text.label(name, opt), rule_text.value_text(name, opt, default))
        assert line in text, line
        assert "%s [%s]" % (rule_text.explain(name, opt), opt) in _flat(text)


def test_rule_changed_by_number_with_choices_in_words():
    out = []
    # O An Quan, two players; rule 2 (empty mandarin): choose "wall"; rule 5 (young for): 30
    ask, asked = _script(["1", "1", "2", "2", "5", "abc", "30", ""])
    play.terminal(ask, out.append)
    text = "\n".join(out)
    assert "Empty mandarin - Gap: you capture past it. Wall: it ends the turn:" in text
    assert "  1) gap (now)" in text and "  2) wall" in text
    assert "Rule changed: Empty mandarin is now wall." in text
    assert "Empty mandarin: wall   (changed)" in text
    rng = play._range_text([o[2] for o in play.games.load("oanquan").OPTIONS
                            if o[0] == "young_window"][0])  # "from 0 up" or "from 0 to N"
    assert "Safe for: type a whole number %s (now 10 turns; Enter keeps it): " % rng in asked
    assert "Not changed: 'abc' is not a number: type a whole number %s." % rng in text
    assert "Rule changed: Safe for is now 30 turns." in text


def test_a_non_number_rule_value_is_not_called_out_of_range():
    """Item 8: lap_limit=abc was answered "out of range"."""
    out = []
    ask, _ = _script(["2", "1", "lap_limit=abc", "lap_limit=5", "forbid_endless=maybe",
                      "forbid_endless=on", "loan_is_gift=x", ""])
    play.terminal(ask, out.append)
    text = "\n".join(out)
    assert "Not changed: 'abc' is not a number: type a whole number from 20 to 100000." in text
    assert "Not changed: 5 is out of range: type a whole number from 20 to 100000." in text
    assert "Not changed: 'maybe' is not on or off: type on or off." in text
    assert "Rule changed: Endless move is now illegal." in text
    assert "out of range" not in text.replace("5 is out of range", "")


def test_rule_words_or_engine_values_both_accepted():
    out = []
    ask, _ = _script(["3", "1", "setup=free", "next_starter=take turns", ""])
    play.terminal(ask, out.append)
    text = "\n".join(out)
    assert "Rule changed: Setup is now you arrange." in text
    assert "Rule changed: Next game is now take turns." in text


@pytest.mark.parametrize("name", GAMES)
def test_against_the_computer_says_you_and_the_computer(name):
    """Item 8: "player 0/1" instead of you/computer; nothing said which side is yours."""
    out = []
    k = GAMES.index(name) + 1
    ask, asked = _script([str(k), "2", "1", "1", ""], then=_example_move)
    assert play.terminal(ask, out.append, seed=5) == 0
    text = "\n".join(out)
    assert re.search(r"You play the (bottom row|two bottom rows)", text)
    assert "You move first." in text
    assert "The computer plays" in text and "You play" in text
    assert re.search(r"player [01]", text, re.I) is None
    assert all(p.startswith(("Your move (e.g.", "Play again")) for p in asked[5:]), asked[5:9]
    assert re.search(r"(You win|The computer wins)", text)


@pytest.mark.parametrize("name", GAMES)
def test_you_sit_at_the_bottom_when_the_computer_starts(name):
    out = []
    ask, _ = _script([str(GAMES.index(name) + 1), "2", "1", "2", ""], then=_example_move)
    play.terminal(ask, out.append, seed=7)
    text = "\n".join(out)
    assert "The computer moves first." in text
    first = _boards(text)[0].splitlines()
    yours = [i for i, ln in enumerate(first) if "your" in ln]
    theirs = [i for i, ln in enumerate(first) if "the computer's" in ln]
    assert yours and theirs and min(yours) > max(theirs), first  # your rows drawn below


def test_omweso_board_stays_on_your_side_and_labels_rows_right():
    """Item 8: the Omweso board flipped every turn and called the AI's rows "your inner row"."""
    out = []
    ask, _ = _script(["3", "2", "1", "1", "match_points=2", ""], then=_example_move)
    play.terminal(ask, out.append, seed=3)
    boards = _boards("\n".join(out))
    assert len(boards) > 10
    for b in boards:
        rows = [ln.split("[")[0].strip() for ln in b.splitlines() if "[" in ln]
        assert [r for r in rows if r.endswith(" row")] == [
            "the computer's outer row", "the computer's inner row", "your inner row",
            "your outer row"], b
    turns = [b.splitlines()[0] for b in boards]
    assert any("your turn" in t for t in turns) and any("the computer's turn" in t for t in turns)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_match_never_says_whose_turn_it_is(name):
    """Item 8: "(to move)" was shown after "match over"."""
    out = []
    rules = {"match_points": 1} if name == "omweso" else {}
    play.play_game(lambda p: "", out.append, name, rules, [play._opponent(0, 1),
                                                           play._opponent(0, 2)])
    last = _boards("\n".join(out))[-1]
    assert re.search(r"(game|match) over", last.splitlines()[0])
    assert "to move" not in last and "turn" not in last.splitlines()[0]


def test_oanquan_end_shows_one_stock_figure_per_player():
    """Item 8: the final board and the score breakdown gave two stock figures for one player."""
    out = []
    ask, _ = _script([], then=_example_move)
    play.play_game(ask, out.append, "oanquan", {}, [None, play._opponent(0, 4)])
    text = "\n".join(out)
    board = _boards(text)[-1]
    for who, name in (("You", "You"), ("The computer", "The computer")):
        on_board = int(re.search(who + r": stock (\d+)", board).group(1))
        in_score = int(re.search(r"  " + name + r": +(\d+) stock \+", text).group(1))
        assert on_board == in_score
    assert "swept" in board


@pytest.mark.parametrize("name", GAMES)
def test_complete_game_explains_the_result_in_words(name):
    out = []
    rules = {"match_points": 2} if name == "omweso" else {}
    res = play.play_game(lambda p: "", out.append, name, rules,
                         [play._opponent(0, 1), play._opponent(0, 2)],
                         view=play.View(["you", "the computer"], 0))
    assert res is not None
    text = "\n".join(out)
    words = {"oanquan": ["Game over: ", " stock + ", " swept - ", " owed + ", " lent = ",
                         "each captured mandarin is worth 10"],
             "sanyao": ["Match over after round ", "too few to fill a hole",
                        "A total = the stones a player captured"],
             "omweso": ["the match, ", "points to", "(Points: a game won because the other "
                        "player cannot move scores 1"]}
    for w in words[name]:
        assert w in _flat(text), (w, text[-1500:])
    assert re.search(r"(You win|The computer wins|A draw)", text), text[-800:]


def test_undo_takes_back_your_move_and_the_computers_reply():
    out = []
    ask, asked = _script(["u", "3+", "m", "u", "m", "2+", "u", "u", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, "oanquan", {}, [None, play._opponent(0, 9)])
    text = "\n".join(out)
    assert "Nothing to undo: no move of yours yet." in text
    hist = text.split("Moves so far:")[1].split("\u00d4 \u0102n Quan")[0]
    assert "1. you" in hist and "3+" in hist and "captured 6 stones" in hist
    assert "2. the computer" in hist
    assert re.search(r"Taken back: your 3\+, the computer's \d+[+-]\.", text)
    assert "No moves yet." in text
    boards = _boards(text)
    # boards: start, after 3+, after the reply, after the undo = the start again
    assert boards[3].splitlines()[:8] == boards[0].splitlines()[:8]
    assert boards[2].splitlines()[:8] != boards[0].splitlines()[:8]
    assert text.count("Taken back:") == 2 and text.count("Nothing to undo") == 2


def test_undo_between_two_players_takes_back_one_move():
    out = []
    ask, _ = _script(["3", "7", "u", "m", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, "sanyao", {}, [None, None])
    text = "\n".join(out)
    assert "Taken back: Player 2's 7." in text
    assert "1. Player 1 3" in text and "2. Player 2" not in text.split("Taken back")[1]


def test_undo_restores_the_repetition_history():
    game = play.games.load("oanquan")
    rec = play.Record(game, game.new())
    undo = [(bytearray(rec.pos), list(rec.seen), 0, 0)]
    history = [(0, "3+", "")]
    rec.play(game.parse_move(rec.pos, "3+"))
    assert len(rec.seen) == 2
    assert play._take_back(rec, undo, history, [None, None]) == [(0, "3+", "")]
    assert rec.pos == game.new() and len(rec.seen) == 1 and history == [] and undo == []


def test_make_play_falls_back_to_the_terminal_without_a_display():
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    r = subprocess.run([sys.executable, "tools/play.py"], input="q\n", capture_output=True,
                       text=True, cwd=ROOT, env=env, timeout=60)
    assert r.returncode == 0
    assert "No display found" in r.stdout and "Which game?" in r.stdout
    assert r.stderr == ""


@pytest.mark.parametrize("name", GAMES)
def test_terminal_offers_the_ai_levels(name):
    """The terminal game offers levels 1-5 of engine/ai.py and plays complete games with them."""
    assert play._ai is not None
    out = []
    k = GAMES.index(name) + 1
    ask, asked = _script([str(k), "2", "4", "2", "", "q"])  # vs computer, level 4, it starts
    assert play.terminal(ask, out.append) == 0
    text = "\n".join(out)
    assert "Computer level? (1 = easiest)" in text and "level 5" in text
    assert "The computer plays" in text  # the computer moved first, then we quit
    out = []
    res = play.play_game(lambda p: "", out.append, name, {"match_points": 2} if name == "omweso"
                         else {}, [play._opponent(1, 1), play._opponent(2, 2)])
    assert res is not None


@pytest.mark.parametrize("name,words", [
    ("oanquan", ["Type one of your squares (1-5)", "+ sows towards higher numbers (right along "
                 "your row)", "Legal now: 1+ 1- 2+"]),
    ("sanyao", ["Type the number of a hole you play", "Legal now: 0 1 2 3 4",
                "endless: it is not sown"]),
    ("omweso", ["Type the number of a pit of yours (bottom two rows)", "choice point",
                "Nobody captures on their first move.", "Legal now: 0 1 2 3 4 5 6 7"]),
])
def test_help_explains_the_moves_and_lists_the_legal_ones(name, words):
    out = []
    ask, _ = _script(["h", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, name, {}, [None, play._opponent(0, 1)])
    text = "\n".join(out)
    for w in words:
        assert w in text, w


def test_help_follows_the_rules():
    out = []
    ask, _ = _script(["h", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, "omweso", {"first_turn_capture": True,
                                                   "three_seed_opening": True}, [None, None])
    text = "\n".join(out)
    assert "Nobody captures on their first move." not in text
    assert "sown 2+1 with a star" in text


def test_two_players_each_find_their_own_rows_and_numbers():
    out = []
    ask, _ = _script(["2", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, "omweso", {}, [None, None])
    boards = _boards("\n".join(out))
    assert "Player 1's turn" in boards[0].splitlines()[0]
    assert "Player 2's turn" in boards[1].splitlines()[0]
    for b in boards:  # the same seat for both: Player 1 below, Player 2 above, pit numbers shown
        rows = [ln.split("[")[0].strip() for ln in b.splitlines() if "[" in ln]
        assert [r for r in rows if r.endswith(" row")] == [
            "Player 2's outer row", "Player 2's inner row", "Player 1's inner row",
            "Player 1's outer row"]
    assert "Player 1 plays the two bottom rows, Player 2 the two top rows." in "\n".join(out)


@pytest.mark.parametrize("name", GAMES)
def test_everything_fits_an_80_column_terminal(name):
    out = []
    ask, asked = _script([str(GAMES.index(name) + 1), "2", "1", "2", "", "h", "m"],
                         then=_example_move)
    play.terminal(ask, out.append, seed=11)
    lines = "\n".join(out).splitlines()
    assert max(len(ln) for ln in lines) <= play.WIDTH
    grid = [ln for ln in lines if re.search(r"\[ *\d+\](\[ *\d+\]){4}", ln)
            or re.match(r"  stones( +\d+\*?){5}$", ln)]
    assert len(grid) > 20  # the boards were drawn, row by row, none of them wrapped
    assert all(len(p) <= play.WIDTH + 1 for p in asked if p.startswith("Your move (e.g. ")
               and "setup:" not in p)


def test_a_two_player_prompt_fits_the_terminal_too():
    asked = []
    it = iter(["1+", "q"])
    with pytest.raises(play.Quit):
        play.play_game(lambda p: asked.append(p) or next(it), lambda t="": None, "oanquan", {},
                       [None, None])
    assert asked[-1].startswith("Player 2, your move (e.g. ")
    assert all(len(p) <= play.WIDTH + 1 for p in asked)


def test_fit_wraps_long_lines_keeping_their_indentation():
    text = "short\n    " + " ".join(["word"] * 40)
    got = play.fit(text).splitlines()
    assert got[0] == "short"
    assert all(ln.startswith("    word") and len(ln) <= play.WIDTH for ln in got[1:])
    assert len(got) > 2


def test_the_game_names_keep_their_diacritics_and_fold_on_a_console_without_them():
    """Ô Ăn Quan is printed with its Vietnamese letters; a console whose encoding lacks them (an
    ASCII locale, a Windows code page) gets the base letters, not a UnicodeEncodeError."""
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    for enc, name in (("utf-8", "\u00d4 \u0102n Quan"), ("ascii", "O An Quan"),
                      ("cp1252", "\u00d4 An Quan")):
        env["PYTHONIOENCODING"] = enc
        r = subprocess.run([sys.executable, "tools/play.py"], input=b"1\n1\nq\n",
                           capture_output=True, cwd=ROOT, env=env, timeout=60)
        out = r.stdout.decode(enc)
        assert r.returncode == 0 and r.stderr == b"", (enc, r.stderr)
        assert name + " - " in out, (enc, out[-2000:])


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_names_the_move_and_says_why_in_the_consoles_words(name):
    from engine import ai, explain, games
    from engine.record import Record
    out = []
    ask, _ = _script(["i", "q"])
    with pytest.raises(play.Quit):
        play.play_game(ask, out.append, name, {}, [None, play._opponent(0, 1)])
    said = [ln for ln in out if ln.startswith("Hint: ")]
    assert len(said) == 1
    g = games.load(name, {})
    rec = Record(g, g.new())
    p = ai.Player(g)
    m = p.hint(rec.pos)
    why = explain.explain(p.search, rec, m, ai.level_nodes(g, 3))["text"]
    assert said[0] == "Hint: %s (%s)." % (g.move_str(rec.pos, m), why)
    assert g.parse_move(rec.pos, said[0].split()[1]) == m  # a move the prompt takes as typed


@pytest.mark.parametrize("name", GAMES)
def test_help_leaves_no_word_alone_on_a_wrapped_lines_last_row(name):
    # issue 31 #6: the terminal's h wrapped without stranded single words
    from engine import games
    g = games.load(name, {})
    pos = g.new()
    players = [None, play._opponent(0, 1)]
    text = play._renderer(name).help(g, pos, play.view_for(players), play._legal(g, pos))
    long_ = [ln for ln in text.split("\n") if len(ln) > play.WIDTH]
    assert long_  # the help has lines to wrap
    for ln in long_:
        rows = play.fit(ln).split("\n")
        assert len(rows) > 1 and len(rows[-1].split()) > 1, rows
    assert play.fit("word " * 16 + "end") == ("word " * 15).rstrip() + "\n" + "word end"


@pytest.mark.parametrize("name", GAMES)
def test_the_review_after_a_game_lists_your_costliest_moves(name):
    """Issue 31 #3 in the terminal: r at "Play again?" reviews your moves as the console does
    (firmware/review.py: level 2's budget, the five costliest, the better move's words)."""
    out = []
    again = iter(["r", "n"])

    def then(prompt):
        return next(again) if prompt.startswith("Play again") else _example_move(prompt)
    ask, asked = _script([str(GAMES.index(name) + 1), "2", "1", "1", ""], then=then)
    assert play.terminal(ask, out.append, seed=5) == 0
    text = "\n".join(out)
    assert sum(1 for p in asked if p.startswith("Play again? [y/N; r: review your moves]")) == 2
    head = "Your costliest moves:"
    assert head in text and "search" not in text and "nodes" not in text  # (no engine words)
    rows = text[text.index(head):].split("\n")[1:]
    rows = rows[:next((i for i, r in enumerate(rows) if not r.strip()), len(rows))]
    assert 0 < len(rows) <= 15
    unit = "seeds" if name == "omweso" else "stones"
    for k in range(0, len(rows), 3):  # the console's lines: the move, its line, the better one's
        if rows[k] == "None lost anything":
            break
        assert re.match(r"\d+\. You (\S+): (lost \d+ %s|missed a win|lost the game|lost a game)$"
                        % unit, rows[k]), rows[k]
        move = rows[k].split()[2][:-1]
        line = WORDS  # (issue 55 #8: lines four plies deep, tests/portable/test_review_lines.py)
        assert re.match(r"  played %s: %s" % (re.escape(move), line), rows[k + 1]), rows[k + 1]
        assert re.match(r"  better \S+: %s" % line, rows[k + 2]), rows[k + 2]
