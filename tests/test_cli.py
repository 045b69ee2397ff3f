# The public JSON command line (docs/protocol.md) under CPython and the MicroPython Unix port.
import json
import random

import pytest

from engine import games
from engine.record import Record
from util import cli

INTERPS = ["python", "micropython"]


def _ok(r):
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    return json.loads(r.stdout)


def _bad(r, word):
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and word in lines[0], r.stderr


@pytest.mark.parametrize("interp", INTERPS)
def test_new_moves_apply_oanquan(interp):
    j = _ok(cli(interp, "new", "--game", "oanquan", "--rule", "mandarin_value=5",
                "--rule", "young_mandarin=true"))
    for f in ("game", "rules", "to_move", "ply", "result", "squares", "big", "stock",
              "mandarins", "debt"):
        assert f in j
    assert j["rules"]["mandarin_value"] == 5 and j["rules"]["young_mandarin"] is True
    text = json.dumps(j)
    assert _ok(cli(interp, "moves", "--position", "-", stdin=text)) == [
        "1+", "1-", "2+", "2-", "3+", "3-", "4+", "4-", "5+", "5-"]
    a = _ok(cli(interp, "apply", "--position", "-", "--moves", "3+", "--trace", stdin=text))
    assert a["ply"] == 1 and a["to_move"] == 1 and a["stock"] == [6, 0]
    kinds = [e["event"] for e in a["trace"]]
    assert kinds[0] == "move" and "lift" in kinds and "drop" in kinds and "capture" in kinds


@pytest.mark.parametrize("interp", INTERPS)
def test_bad_input_exits_2_with_one_line(interp, tmp_path):
    new = cli("python", "new", "--game", "oanquan").stdout
    _bad(cli(interp, "new", "--game", "chess"), "unknown game")
    _bad(cli(interp, "new", "--game", "oanquan", "--rule", "mandarin_value=7"), "out of range")
    _bad(cli(interp, "new", "--game", "oanquan", "--rule", "speed=3"), "unknown rule")
    _bad(cli(interp, "new", "--game", "oanquan", "--rule", "young_mandarin"), "name=value")
    _bad(cli(interp, "new"), "missing --game")
    _bad(cli(interp, "moves", "--position", "-", stdin="{not json"), "not valid JSON")
    _bad(cli(interp, "moves", "--position", str(tmp_path / "none.json")), "cannot read")
    obj = json.loads(new)
    del obj["squares"]
    _bad(cli(interp, "moves", "--position", "-", stdin=json.dumps(obj)), "missing field")
    _bad(cli(interp, "apply", "--position", "-", "--moves", "3+ 3+", stdin=new), "move 2")
    _bad(cli(interp, "apply", "--position", "-", "--moves", "x", stdin=new), "bad move")
    _bad(cli(interp, "apply", "--position", "-", stdin=new), "missing --moves")
    _bad(cli(interp, "frobnicate"), "usage")


def _random_moves(name, seed, limit=400):
    rng = random.Random(seed)
    g = games.load(name)
    rec = Record(g, g.new())
    buf = [0] * g.MAX_MOVES
    out = []
    while not g.over(rec.pos) and len(out) < limit:
        n = g.moves(rec.pos, buf)
        m = buf[rng.randrange(n)]
        out.append(g.move_str(rec.pos, m))
        rec.play(m)
    return out


@pytest.mark.parametrize("name", games.NAMES)
def test_random_games_replay_byte_identical_on_both_interpreters(name, tmp_path):
    start = cli("python", "new", "--game", name).stdout
    for seed in range(100):
        path = tmp_path / ("moves%d.txt" % seed)
        path.write_text(" ".join(_random_moves(name, seed)))
        outs = [cli(i, "apply", "--position", "-", "--moves", "@" + str(path), stdin=start)
                for i in INTERPS]
        for r in outs:
            assert r.returncode == 0, (seed, r.stderr)
        assert outs[0].stdout == outs[1].stdout, seed
        if name == "oanquan":
            assert json.loads(outs[0].stdout)["result"] is not None


@pytest.mark.parametrize("name", games.NAMES)
def test_chained_apply_calls_equal_one_call(name):
    """Positions (with their repetition history) survive a chain of apply calls exactly."""
    moves = _random_moves(name, 99, limit=60)
    start = cli("python", "new", "--game", name).stdout
    whole = cli("python", "apply", "--position", "-", "--moves", " ".join(moves), stdin=start)
    for interp in INTERPS:
        text = start
        for i in range(0, len(moves), 15):
            r = cli(interp, "apply", "--position", "-", "--moves", " ".join(moves[i:i + 15]),
                    stdin=text)
            assert r.returncode == 0, r.stderr
            text = r.stdout
        assert text == whole.stdout, interp


@pytest.mark.parametrize("interp", INTERPS)
def test_OAQ10_positions_with_large_debts_are_read_by_every_command(interp):
    # Issue 13.2: debts past 70 (and past 255) are the engine's own positions: moves, apply and
    # bestmove take them, and write them back unchanged.
    j = _ok(cli("python", "new", "--game", "oanquan"))
    del j["history"]
    for debt in ([72, 0], [3, 300]):
        j["debt"] = debt
        text = json.dumps(j)
        assert len(_ok(cli(interp, "moves", "--position", "-", stdin=text))) == 10
        a = _ok(cli(interp, "apply", "--position", "-", "--moves", "3+", stdin=text))
        assert a["debt"] == debt
        b = _ok(cli(interp, "bestmove", "--position", "-", "--nodes", "50", stdin=text))
        assert b["move"] in _ok(cli(interp, "moves", "--position", "-", stdin=text))
