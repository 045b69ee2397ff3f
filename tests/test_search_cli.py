# `cli.py bestmove`: with a node budget the search is exactly reproducible, so CPython and the
# MicroPython Unix port must print identical answers for a fixed set of positions (docs/ai.md).
import json

import pytest

from util import cli

from engine import games

# (game, rules, random plies from the start, seed) -> a fixed position
CASES = [
    ("oanquan", {}, 0, 0),
    ("oanquan", {}, 3, 1),
    ("oanquan", {"mandarin_value": 5}, 9, 2),
    ("oanquan", {}, 16, 3),
    ("sanyao", {}, 0, 0),
    ("sanyao", {}, 5, 1),
    ("sanyao", {}, 30, 2),
    ("omweso", {}, 0, 0),
    ("omweso", {}, 4, 1),
    ("omweso", {}, 15, 2),
]


def _position(tmp_path, k, game, rules, plies, seed=0):
    g = games.load(game, rules)
    pos = g.new()
    s = seed * 7 + 1
    buf = [0] * g.MAX_MOVES
    for _ in range(plies):
        n = g.moves(pos, buf)
        if n == 0:
            break
        s = (s * 1103515245 + 12345) & 0x3FFFFFFF
        g.play(pos, buf[(s >> 8) % n])
    assert not g.over(pos)
    f = tmp_path / ("p%d.json" % k)
    f.write_text(json.dumps(g.to_json(pos)))
    return str(f)


@pytest.mark.parametrize("k", range(len(CASES)))
def test_bestmove_same_on_cpython_and_micropython(tmp_path, k):
    game, rules, plies, seed = CASES[k]
    path = _position(tmp_path, k, game, rules, plies, seed)
    for nodes in ("1", "700", "4000"):
        a = cli("python", "bestmove", "--position", path, "--nodes", nodes)
        b = cli("micropython", "bestmove", "--position", path, "--nodes", nodes)
        assert a.returncode == 0, a.stderr
        assert b.returncode == 0, b.stderr
        assert a.stdout == b.stdout, (game, plies, nodes, a.stdout, b.stdout)
        out = json.loads(a.stdout)
        assert set(out) >= {"move", "score", "nodes", "depth"}
        assert out["nodes"] <= int(nodes)
        legal = json.loads(cli("python", "moves", "--position", path).stdout)
        assert out["move"] in legal


@pytest.mark.parametrize("interp", ["python", "micropython"])
def test_bestmove_levels_and_bad_input(tmp_path, interp):
    path = _position(tmp_path, 0, "oanquan", {}, 2)
    r = cli(interp, "bestmove", "--position", path, "--level", "2")
    assert r.returncode == 0 and json.loads(r.stdout)["move"], r.stderr
    r = cli(interp, "bestmove", "--position", path, "--ms", "50")
    assert r.returncode == 0 and json.loads(r.stdout)["move"], r.stderr
    for bad in (["--level", "9"], ["--nodes", "x"], ["--nodes", "0"], [],
                ["--nodes", "5", "--level", "2"]):
        r = cli(interp, "bestmove", "--position", path, *bad)
        assert r.returncode == 2 and r.stdout == "", (bad, r.stdout)
        assert len(r.stderr.strip().splitlines()) == 1, (bad, r.stderr)


@pytest.mark.parametrize("interp", ["python", "micropython"])
def test_bestmove_level_plays_the_apps_move_and_a_finished_game_has_none(tmp_path, interp):
    # --level answers as engine/ai.py's level_best (the app's level, its mistake drawn from the
    # position); a finished game: one clear error line, nothing on stdout
    from engine import ai
    from engine.record import Record
    for k, plies in enumerate((0, 7, 12)):
        path = _position(tmp_path, k, "oanquan", {}, plies, k)
        g = games.load("oanquan")
        pos = g.from_json(json.loads(open(path).read()))
        want = ai.level_best(Record(g, pos), 1)
        r = cli(interp, "bestmove", "--position", path, "--level", "1")
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        assert (got["move"], got["score"], got["nodes"]) == (g.move_str(pos, want[0]), want[1],
                                                             want[2])
    rec = Record(g, g.new())  # always the first move: the game ends (OAQ-10 at the latest)
    buf = [0] * g.MAX_MOVES
    while not g.over(rec.pos):
        g.moves(rec.pos, buf)
        rec.play(buf[0])
    f = tmp_path / "over.json"
    f.write_text(json.dumps(g.to_json(rec.pos)))
    r = cli(interp, "bestmove", "--position", str(f), "--nodes", "100")
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.strip() == "error: the game is over: there is no move to find", r.stderr
