# `cli.py explain` and `cli.py review` (issue 31, docs/protocol.md): why a move, and a game's
# moves against the search's best. Checked against the engine itself and `bestmove`, and byte
# for byte the same on CPython and the MicroPython Unix port.
import json
import re
import random

import pytest

from engine import games
from engine.record import Record
from util import cli
from test_review_lines import WORDS

INTERPS = ["python", "micropython"]
NODES = "400"


def _ok(r):
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return json.loads(r.stdout)


def _bad(r, word):
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and word in lines[0], r.stderr


def _game(name, seed, plies):
    """(the start position's JSON, plies random moves from it as texts, the game)."""
    rng = random.Random(seed)
    g = games.load(name)
    rec = Record(g, g.new())
    start = json.dumps(g.to_json(rec.pos))
    buf = [0] * g.MAX_MOVES
    out = []
    while not g.over(rec.pos) and len(out) < plies:
        n = g.moves(rec.pos, buf)
        m = buf[rng.randrange(n)]
        out.append(g.move_str(rec.pos, m))
        rec.play(m)
    return start, out, g


def _after(start, moves):
    return _ok(cli("python", "apply", "--position", "-", "--moves", " ".join(moves),
                   stdin=start)) if moves else json.loads(start)


def _gain(g, pos, move):
    me = g.to_move(pos)
    after = bytearray(pos)
    g.play(after, move)
    return g.material(after, me) - g.material(pos, me)


@pytest.mark.parametrize("name", games.NAMES)
def test_explain_says_what_a_move_takes_and_the_best_reply(name):
    start, moves, g = _game(name, 5, 6)
    pos = json.dumps(_after(start, moves))
    rec = Record(g, g.from_json(json.loads(pos)))
    buf = [0] * g.MAX_MOVES
    n = g.moves(rec.pos, buf)
    outs = []
    for k in range(min(n, 4)):
        m = g.move_str(rec.pos, buf[k])
        got = [_ok(cli(i, "explain", "--position", "-", "--move", m, "--nodes", NODES,
                       stdin=pos)) for i in INTERPS]
        assert got[0] == got[1]
        e = got[0]
        assert e["move"] == m
        me = g.to_move(rec.pos)
        after = bytearray(rec.pos)
        g.play(after, buf[k])
        assert e["gain"] == g.material(after, me) - g.material(rec.pos, me)
        # a sentence (issue 55 #7): what the move captures, then what the reply takes back
        assert e["text"].startswith("captures %d" % e["gain"] if e["gain"] > 0 else
                                    "gives %d" % -e["gain"] if e["gain"] < 0 else
                                    ("no capture", "quiet move"))
        assert len(e["text"]) <= 26  # a line of the smallest screen (160x128)
        if e["reply"] is None:
            assert g.over(after) and "game over" in e["text"]
            continue
        # a quiet move says whether any move here could capture (Omweso's opening: none can)
        could = any(_gain(g, rec.pos, buf[j]) > 0 for j in range(n))
        if e["reply_player"] != me:  # what the reply takes back, or nothing
            assert ("then loses %d" % e["reply_gain"] if e["reply_gain"] > 0 else
                    "nothing lost" if e["gain"] or could else
                    "no capture is possible yet") in e["text"], e
        # the reply is the search's best move after the move, and its value that search's score
        nxt = json.dumps(_after(pos, [m]))
        best = _ok(cli("python", "bestmove", "--position", "-", "--nodes", NODES, stdin=nxt))
        assert e["reply"] == best["move"]
        assert e["reply_player"] == g.to_move(after)
        assert e["value"] == (best["score"] if e["reply_player"] == me else -best["score"])
        again = bytearray(after)
        g.play(again, g.parse_move(after, e["reply"]))
        who = e["reply_player"]
        assert e["reply_gain"] == g.material(again, who) - g.material(after, who)
        outs.append(e)
    assert outs


@pytest.mark.parametrize("name", games.NAMES)
def test_review_values_each_move_against_the_searchs_best(name, tmp_path):
    start, moves, g = _game(name, 11, 10)
    path = tmp_path / "moves.txt"
    path.write_text(" ".join(moves))
    got = [_ok(cli(i, "review", "--position", "-", "--moves", "@" + str(path), "--nodes", NODES,
                   stdin=start)) for i in INTERPS]
    assert got[0] == got[1]
    r = got[0]
    assert [e["ply"] for e in r] == list(range(1, len(moves) + 1))
    assert [e["move"] for e in r] == moves
    for e in r:
        before = json.dumps(_after(start, moves[:e["ply"] - 1]))
        best = _ok(cli("python", "bestmove", "--position", "-", "--nodes", NODES, stdin=before))
        assert e["best"] == best["move"]
        assert e["loss"] >= 0
        if e["move"] == e["best"]:
            assert e["loss"] == 0 and e["text"] == "the search's move"
        elif e["loss"]:  # the better move's line, four plies deep, in a player's words
            t = e["text"][len("better %s: " % e["best"]):]
            assert re.match(WORDS, t) and len(t) <= 26, e
    assert any(e["loss"] > 0 for e in r)  # random moves: some cost something
    # one side only
    mine = _ok(cli("python", "review", "--position", "-", "--moves", " ".join(moves),
                   "--nodes", NODES, "--player", "1", stdin=start))
    assert mine and all(e in r for e in mine) and len(mine) < len(r)


@pytest.mark.parametrize("interp", INTERPS)
def test_explain_and_review_refuse_bad_input_with_one_line(interp):
    start, moves, g = _game("oanquan", 1, 0)
    _bad(cli(interp, "explain", "--position", "-", "--move", "12+", stdin=start), "--move")
    _bad(cli(interp, "explain", "--position", "-", stdin=start), "missing --move")
    _bad(cli(interp, "explain", "--position", "-", "--move", "1+", "--nodes", "0", stdin=start),
         "--nodes")
    _bad(cli(interp, "review", "--position", "-", "--moves", "1+ 99-", stdin=start), "move 2")
    _bad(cli(interp, "review", "--position", "-", "--moves", "1+", "--player", "2", stdin=start),
         "--player")
