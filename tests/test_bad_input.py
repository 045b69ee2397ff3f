# Bad input to tools/cli.py (docs/protocol.md, "Errors" and "Limits"): malformed, binary, huge,
# deeply nested and Unicode input, run under CPython and the MicroPython Unix port (180 KB heap).
# Every case: exit status 2, exactly one line on stderr starting "error:", nothing on stdout, and
# the very same line from both interpreters (issue 13 items 4-6).
import json
import os

import pytest

from util import ROOT, cli

CORPUS = os.path.join(ROOT, "tests", "bad_input")
NEW = {}


def _new(game):
    if game not in NEW:
        r = cli("python", "new", "--game", game)
        assert r.returncode == 0
        NEW[game] = r.stdout
    return NEW[game]


def _file(tmp_path, name, data):
    p = tmp_path / name
    p.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(p)


def _corpus_positions():
    return sorted(n for n in os.listdir(CORPUS) if not n.startswith("moves_")
                  and n != "README.txt")


def _corpus_moves():
    return sorted(n for n in os.listdir(CORPUS) if n.startswith("moves_"))


def _verdict(args, stdin=None):
    """Run both interpreters; both must refuse the same way. Returns the error line."""
    outs = [cli(i, *args, stdin=stdin) for i in ("python", "micropython")]
    for r in outs:
        assert r.returncode == 2, (args[:3], r.returncode, r.stderr[-300:])
        assert r.stdout == "", r.stdout[:200]
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr[-500:]
        assert r.stderr.isascii() and len(lines[0]) < 400
    assert outs[0].stderr == outs[1].stderr, (outs[0].stderr, outs[1].stderr)
    return outs[0].stderr


def _bytes_stdin(data):
    # util.run uses text mode: pass bytes through latin-1 so every byte arrives unchanged
    return data.decode("latin-1")


@pytest.mark.parametrize("name", _corpus_positions())
def test_corpus_position_refused_alike(name):
    with open(os.path.join(CORPUS, name), "rb") as f:
        data = f.read()
    path = os.path.join("tests", "bad_input", name)
    _verdict(["moves", "--position", path])
    _verdict(["apply", "--position", path, "--moves", "1+"])


@pytest.mark.parametrize("name", _corpus_moves())
def test_corpus_moves_file_refused_alike(name):
    err = _verdict(["apply", "--position", "-", "--moves", "@tests/bad_input/" + name],
                   stdin=_new("oanquan"))
    assert "move " in err


def test_binary_and_invalid_utf8_on_stdin(tmp_path):
    for name in ("binary.bin", "latin1_string.json", "utf16.json"):
        with open(os.path.join(CORPUS, name), "rb") as f:
            data = f.read()
        import subprocess
        from util import MICROPYTHON
        import sys
        errs = []
        for cmd in ([sys.executable], [MICROPYTHON, "-X", "heapsize=180k"]):
            r = subprocess.run(cmd + ["tools/cli.py", "moves", "--position", "-"], input=data,
                               capture_output=True, cwd=ROOT, timeout=120)
            assert r.returncode == 2 and r.stdout == b"", r.stderr
            assert r.stderr.startswith(b"error: ") and r.stderr.count(b"\n") == 1
            errs.append(r.stderr)
        assert errs[0] == errs[1], errs


def test_deeply_nested_json(tmp_path):
    for text in ("[" * 30000, '{"a": ' * 5000, '{"game": "oanquan", "rules": ' + "[" * 5000,
                 "[" * 17 + "]" * 17):
        err = _verdict(["moves", "--position", _file(tmp_path, "deep.json", text)])
        assert "nested deeper" in err
    assert "larger than" in _verdict(["moves", "--position", "-"], stdin="[" * 100000)


def test_huge_inputs(tmp_path):
    start = json.loads(_new("oanquan"))
    padded = json.dumps(start) + " " * 300000
    assert "larger than" in _verdict(["moves", "--position", "-"], stdin=padded)
    big = dict(start, history=["00" * 19] * 5000)
    assert "larger than" in _verdict(["moves", "--position", _file(tmp_path, "h.json",
                                                                   json.dumps(big))])
    # 300 KB moves files: legal moves until one is not, a single enormous token, binary
    moves = _file(tmp_path, "m.txt", "3+ " * 100000)
    assert "move 2" in _verdict(["apply", "--position", "-", "--moves", "@" + moves],
                                stdin=_new("oanquan"))
    one = _file(tmp_path, "one.txt", "3" * 300000)
    assert "move 1: longer than" in _verdict(
        ["apply", "--position", "-", "--moves", "@" + one], stdin=_new("oanquan"))


def test_history_limit_same_on_both(tmp_path):
    # the largest history the protocol takes (500) is read by both; 501 is refused by both
    for game in ("oanquan", "sanyao"):
        j = json.loads(_new(game))
        k = bytearray.fromhex(j["history"][0])
        hist = []
        for i in range(499):
            b = bytearray(k)
            b[-3] = i % 250
            b[-4] = i // 250
            hist.append(b.hex())
        j["history"] = hist + [k.hex()]
        path = _file(tmp_path, "ok.json", json.dumps(j))
        outs = [cli(i, "apply", "--position", path, "--moves", "") for i in
                ("python", "micropython")]
        assert outs[0].returncode == 0 and outs[1].returncode == 0, outs[1].stderr
        assert outs[0].stdout == outs[1].stdout
        assert json.loads(outs[0].stdout)["history"] == j["history"]
        j["history"] = ["00" * len(k)] + j["history"]
        err = _verdict(["moves", "--position", _file(tmp_path, "bad.json", json.dumps(j))])
        assert "more than 500" in err


ARGS = [
    ([], "no command"),
    (["frobnicate"], "unknown command"),
    (["new", "--game", "oanquan", "--rule", "mandarin_value=\uff15"], "out of range"),
    (["new", "--game", "oanquan", "--rule", "mandarin_value=\u0665"], "out of range"),
    (["new", "--game", "oanquan", "--rule", "young_window=" + "9" * 30], "out of range"),
    (["new", "--game", "\uff4fanquan"], "unknown game"),
    (["new", "--game", "oanquan", "--rule", "\u00e9=1"], "unknown rule"),
    (["new", "--game", "oanquan", "--bogus\u00e9"], "unknown argument"),
    (["new", "--game", "omweso", "--rule", "match_points=" + "1" * 30], "out of range"),
]


@pytest.mark.parametrize("k", range(len(ARGS)))
def test_bad_arguments_refused_alike(k):
    args, word = ARGS[k]
    assert word in _verdict(args)


MOVES = [
    ("oanquan", "\uff13+"), ("oanquan", "\u0663+"), ("oanquan", "3+ \uff19-"),
    ("oanquan", "3\u200b+"), ("oanquan", "+3"), ("oanquan", "03+"), ("oanquan", "3+ 3+"),
    ("sanyao", "\uff13"), ("sanyao", "\u0663"), ("sanyao", "son:\uff13"), ("sanyao", "33"),
    ("omweso", "\uff15"), ("omweso", "5\uff0b"), ("omweso", "setup:" + ",".join(["２"] * 16)),
]


@pytest.mark.parametrize("k", range(len(MOVES)))
def test_unicode_and_malformed_moves_refused_alike(k):
    game, moves = MOVES[k]
    assert "move " in _verdict(["apply", "--position", "-", "--moves", moves], stdin=_new(game))


BUDGETS = [
    ["--nodes", "9" * 30], ["--ms", "9" * 30], ["--level", "9" * 30], ["--nodes", "\uff15"],
    ["--ms", "\uff15"], ["--level", "\uff13"], ["--nodes", "0"], ["--nodes", "-5"],
    ["--nodes", "10000001"], ["--ms", "600001"], ["--level", "6"], ["--nodes", "5 "],
    ["--nodes", "+5"],
]


@pytest.mark.parametrize("k", range(len(BUDGETS)))
def test_bestmove_budget_bounds(tmp_path, k):
    # issue 13.6: a budget has an upper bound; 13.5: only ASCII digits, on both interpreters
    path = _file(tmp_path, "p.json", _new("oanquan"))
    err = _verdict(["bestmove", "--position", path] + BUDGETS[k])
    assert "whole number 1.." in err


def test_bestmove_largest_budget_accepted(tmp_path):
    # the bounds themselves are accepted (a finished search returns early: a 1-move position)
    j = json.loads(_new("sanyao"))
    j.update(holes=[0, 0, 0, 1, 0, 0, 1, 0, 0, 0], store=[24, 24])
    del j["history"]
    path = _file(tmp_path, "p.json", json.dumps(j))
    for b in (["--level", "5"], ["--nodes", "10000000"]):
        r = cli("python", "bestmove", "--position", path, *b)
        assert r.returncode == 0, r.stderr
