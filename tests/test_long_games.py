# Long matches on the MicroPython Unix port with an RP2040-sized heap (issue 13 item 3): `apply`
# streams the moves and keeps only the repetition keys that can still recur, so the longest
# match of 2 000 random games (tests/long_games/, made by make.py there) replays within 180 KB,
# byte for byte as under CPython. Running out of memory is `error:` + exit 2, never a traceback.
import json
import os

import pytest

from util import ROOT, cli

NAMES = ("sanyao", "omweso", "oanquan")


def _moves(name):
    with open(os.path.join(ROOT, "tests", "long_games", name + ".txt")) as f:
        return f.read().split()


@pytest.mark.parametrize("name", NAMES)
def test_longest_random_match_replays_under_micropython(name):
    start = cli("python", "new", "--game", name).stdout
    arg = "@tests/long_games/%s.txt" % name
    outs = [cli(i, "apply", "--position", "-", "--moves", arg, stdin=start)
            for i in ("python", "micropython")]
    for r in outs:
        assert r.returncode == 0 and r.stderr == "", r.stderr[-500:]
    assert outs[0].stdout == outs[1].stdout
    j = json.loads(outs[0].stdout)
    assert j["result"] is not None and j["ply"] == len(_moves(name))
    assert len(j.get("history", ())) < 200
    if name == "sanyao":
        assert j["ply"] > 1400  # the length that used to die with MemoryError


def test_long_match_in_chained_calls_equals_one_call(tmp_path):
    # the pruned history carries repetition counting across apply calls exactly
    moves = _moves("sanyao")
    text = cli("python", "new", "--game", "sanyao").stdout
    for i in range(0, len(moves), 1500):
        p = tmp_path / "part.txt"
        p.write_text(" ".join(moves[i:i + 1500]))
        r = cli("micropython", "apply", "--position", "-", "--moves", "@" + str(p), stdin=text)
        assert r.returncode == 0, r.stderr
        text = r.stdout
    whole = cli("python", "apply", "--position", "-", "--moves", "@tests/long_games/sanyao.txt",
                stdin=cli("python", "new", "--game", "sanyao").stdout)
    assert text == whole.stdout


def test_out_of_memory_is_an_error_line_not_a_traceback():
    # a trace of the longest San-Yao match cannot fit in 180 KB: a clear error, exit 2
    start = cli("python", "new", "--game", "sanyao").stdout
    r = cli("micropython", "apply", "--position", "-", "--moves", "@tests/long_games/sanyao.txt",
            "--trace", stdin=start)
    assert r.returncode == 2 and r.stdout == "", r.stdout[:200]
    assert r.stderr == "error: out of memory (the input is too large for this interpreter)\n"
