# The problems (issue 56, docs/problems.md): `cli.py problem` prints the same bytes under CPython
# and the MicroPython Unix port, `--check` proves a problem again (a sample of the small ones under
# both in make test; every shipped problem on CPython in make test-long), a problem whose proof
# does not hold is caught, the shipped set is what the issue asks for, and the maker writes it.
import json
import os

import pytest

from engine import games
from engine.record import Record
from firmware import problems as P
from tools import prover
from util import cli

INTERPS = ["python", "micropython"]


def _game(name):
    return games.load(name, P.rules(name))


def _small(name):
    """The shipped problems whose proof played the fewest moves: the MicroPython sample."""
    recs = P.load(name)
    order = sorted(range(len(recs)), key=lambda i: prover.u32(recs[i], 8))
    return [i + 1 for i in order[:2]]


def test_the_shipped_set_has_16_San_Yao_problems_and_6_of_each_other_game_easy_first():
    assert len(P.load("sanyao")) >= 16
    assert len(P.load("oanquan")) >= 6 and len(P.load("omweso")) >= 6
    for name in games.NAMES:
        levels = [rec[3] for rec in P.load(name)]
        assert levels == sorted(levels) and 1 <= levels[0] and levels[-1] <= 5, (name, levels)
        kinds = set(rec[0] for rec in P.load(name))
        assert len(kinds) == 2, (name, kinds)  # both of the game's goals
        for rec in P.load(name):  # every position is a legal one, ready to move
            g = _game(name)
            pos = P.position(g, rec)
            assert bytes(g.from_json(g.to_json(pos))) == bytes(pos)
            assert not g.over(pos) and g.moves(pos, [0] * g.MAX_MOVES) >= 2


@pytest.mark.parametrize("name", games.NAMES)
def test_problem_prints_the_same_bytes_on_both_interpreters(name):
    outs = [cli(i, "problem", "--game", name, "--n", "1") for i in INTERPS]
    for r in outs:
        assert r.returncode == 0 and r.stderr == "", r.stderr
    assert outs[0].stdout == outs[1].stdout
    j = json.loads(outs[0].stdout)
    for f in ("game", "n", "goal", "position", "solution", "refutations", "refuted",
              "difficulty", "tempting", "proof"):
        assert f in j
    g = _game(name)
    rec = Record(g, g.from_json(j["position"]))
    for m in j["solution"]:  # the main line plays from the position
        rec.play_text(m)
    assert j["goal"]["text"] == P.words(P.load(name)[0])


@pytest.mark.parametrize("name", games.NAMES)
def test_check_proves_the_smallest_problems_again_on_both_interpreters(name):
    for k in _small(name):
        outs = [cli(i, "problem", "--game", name, "--n", str(k), "--check") for i in INTERPS]
        for r in outs:
            assert r.returncode == 0 and r.stderr == "", (k, r.stderr, r.stdout)
        assert outs[0].stdout == outs[1].stdout
        assert json.loads(outs[0].stdout)["proved"] is True


def _found(game, rec):
    """A shipped record as the maker found it (the fields tools/ai/problems.py _record packs)."""
    k = 20 + game.SIZE
    return {"kind": rec[0], "n": rec[1], "depth": rec[2], "level": rec[3], "tempting": rec[4],
            "nodes": prover.u32(rec, 8), "ms": prover.u32(rec, 12), "refuted": prover.u32(rec, 16),
            "pos": rec[20:k], "line": list(rec[k:k + rec[5]]),
            "refute": [(rec[j], rec[j + 1]) for j in range(k + rec[5], len(rec), 2)]}


def test_the_maker_writes_each_games_problems_into_its_own_folder(tmp_path):
    # make problems (tools/ai/problems.py --write) writes firmware/games/<game>/problems.py below
    # its mark and keeps what is above (what the game's goals need of it): the shipped files are
    # what it writes, none edited by hand
    from tools.ai import problems as maker
    chosen = {}
    for name in games.NAMES:
        shipped = open(maker.data_path(name), encoding="utf-8").read()
        assert maker.data_path(name).endswith(os.path.join("games", name, "problems.py"))
        dest = maker.data_path(name, str(tmp_path))
        os.makedirs(os.path.dirname(dest))
        with open(dest, "w", encoding="utf-8") as f:  # its data gone
            f.write(shipped[:shipped.index("\nproblems = (\n") + 1] + "problems = ()\n")
        chosen[name] = [_found(_game(name), rec) for rec in P.load(name)]
    maker.write_data(chosen, str(tmp_path))
    for name in games.NAMES:
        wrote = open(maker.data_path(name, str(tmp_path)), encoding="utf-8").read()
        assert wrote == open(maker.data_path(name), encoding="utf-8").read(), name


def test_problem_bad_input_exits_2():
    for args, word in ((("--game", "chess", "--n", "1"), "--game"),
                       (("--game", "sanyao", "--n", "0"), "--n"),
                       (("--game", "sanyao", "--n", "999"), "--n"),
                       (("--game", "sanyao"), "missing --n")):
        for interp in INTERPS:
            r = cli(interp, "problem", *args)
            assert r.returncode == 2 and r.stdout == "" and word in r.stderr, r.stderr


def _tampered(name, i, where, value):
    rec = bytearray(P.load(name)[i])
    rec[where] = value
    return bytes(rec)


def test_a_proof_that_does_not_hold_is_caught():
    # another first move stored as the solution; a goal one move shorter; a wrong refutation
    name = "sanyao"
    g = _game(name)
    for i in range(len(P.load(name))):
        rec = P.load(name)[i]
        if rec[2] >= 2 and rec[6]:
            break
    assert prover.check(g, rec, i + 1)["proved"]
    start = 20 + g.SIZE
    other = 1 if rec[start] == 0 else 0
    out = prover.check(g, _tampered(name, i, start, other), i + 1)
    assert not out["proved"] and not out["unique"]
    out = prover.check(g, _tampered(name, i, 2, rec[2] - 1), i + 1)
    assert not out["proved"]
    r = start + rec[5] + 1  # the first stored reply
    out = prover.check(g, _tampered(name, i, r, (rec[r] + 1) % 256), i + 1)
    assert not out["proved"] and not out["refutations"]


def test_check_exits_1_when_the_proof_fails(monkeypatch, capsys):
    import sys
    from util import ROOT
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        import cli as cli_mod
        import importlib
        live = importlib.import_module("firmware.problems")  # (the console's tests unload it)
        name = "sanyao"
        bad = [_tampered(name, 0, 2, 1 + P.load(name)[0][2])] + list(P.load(name)[1:])
        monkeypatch.setattr(live, "load", lambda n: bad)
        assert cli_mod.main(["problem", "--game", name, "--n", "1", "--check"]) == 1
        assert json.loads(capsys.readouterr().out)["proved"] is False
    finally:
        sys.path.remove(os.path.join(ROOT, "tools"))


@pytest.mark.long
@pytest.mark.parametrize("name", games.NAMES)
def test_every_shipped_problem_proves_again(name):
    # all defences, the unique first move, not in fewer moves, greedy and level 2 fail
    g = _game(name)
    for i, rec in enumerate(P.load(name)):
        out = prover.check(g, rec, i + 1)
        assert out["proved"], (name, i + 1, out)
        assert out["nodes"] == prover.u32(rec, 8), (name, i + 1)
