# tools/ai/arena.py, the AI arena behind docs/performance.md's match tables: its players see the
# game's repetition history as the app gives it, and a small run reports every pairing.
import os
import subprocess
import sys

import pytest
from util import ROOT

from engine import search as S
from tools.ai import arena


def test_players_search_with_the_games_history(monkeypatch):
    got = []
    start = S.Search.start

    def spy(self, pos, nodes=0, ms=0, depth=0, seen=None):
        got.append(len(seen) if seen else 0)
        return start(self, pos, nodes, ms, depth, seen)

    monkeypatch.setattr(S.Search, "start", spy)
    opening = arena.openings("oanquan", 1)[0]
    r, capped = arena.play_game("oanquan", "L2", "N300", opening, 0, 5)
    assert r in (0.0, 0.5, 1.0) and not capped
    assert max(got) >= 4  # the history grew with the game and reached the search


def test_a_small_arena_reports_each_pairing():
    r = subprocess.run([sys.executable, "-m", "tools.ai.arena", "--games", "4", "--only", "sanyao",
                        "--pairs", "L2-L1,N200-random", "--no-write", "--jobs", "1"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("sanyao")]
    assert len(lines) == 2 and all(" n=4 " in ln for ln in lines), r.stdout


def test_skip_plays_the_held_out_openings_after_the_first_k(monkeypatch):
    # --skip K: the openings after the first K of the balanced list, each seed as in a run of
    # K + N/2 openings, so a held-out result is reproduced by its command line
    monkeypatch.setattr(arena, "openings",
                        lambda name, count, balanced=True, skip=0:
                        [bytes([k]) for k in range(skip, skip + count)])
    played = []
    monkeypatch.setattr(arena, "_job", lambda task: played.append(task) or (1.0, False))
    arena.main(["--games", "4", "--only", "oanquan", "--pairs", "N10-random", "--skip", "3",
                "--no-write", "--jobs", "1"])
    assert [t[3:] for t in played] == [(3, b"\x03", 0), (3, b"\x03", 1), (4, b"\x04", 0),
                                       (4, b"\x04", 1)]


def test_held_out_openings_are_the_ones_after_the_first_k():
    for balanced in (True, False):
        assert (arena.openings("oanquan", 2, balanced, skip=1)
                == arena.openings("oanquan", 3, balanced)[1:])


def test_a_search_player_can_look_deeper_than_the_default_max_ply(monkeypatch):
    # N<nodes>@<plies>: large budgets reach the default max_ply (Omweso's 7 at 40 000 nodes)
    made = []
    init = S.Search.__init__

    def spy(self, game, max_ply=0, **kw):
        init(self, game, max_ply, **kw)
        made.append(self.max_ply)

    monkeypatch.setattr(S.Search, "__init__", spy)
    from engine import games
    g = games.load("omweso", arena.RULES["omweso"])
    opening = arena.openings("omweso", 1)[0]
    del made[:]  # the openings' own search
    for spec in ("N300", "N300@12", "N300:2048,12,2,0@12"):
        move = arena.make_player(spec, g, 1)(opening, None)
        assert 0 <= move < 65536
    assert made == [7, 12, 12]


def test_sampled_plays_a_random_sample_instead_of_the_balanced_openings(monkeypatch, capsys):
    got = []
    real = arena.openings

    def spy(name, count, balanced=True, skip=0):
        got.append((name, count, balanced, skip))
        return real(name, count, balanced, skip)

    monkeypatch.setattr(arena, "openings", spy)
    arena.main(["--games", "2", "--only", "sanyao", "--pairs", "N50-random", "--jobs", "1",
                "--no-write", "--sampled"])
    assert got == [("sanyao", 1, False, 0)]
    assert "sanyao   N50     vs random  n=2 " in capsys.readouterr().out
    # a seeded sample, not the balanced list
    assert real("sanyao", 3, False) != real("sanyao", 3)


def test_the_report_says_which_openings_were_played():
    st = arena.stats([1.0, 0.0])
    rows = [("sanyao", "L5", "R5", 2, st, 0, 0, 0, 1.0)]
    assert "the most balanced by a search score," in arena.report(rows, 2)
    text = arena.report(rows, 2, False, 100)
    assert "a seeded random sample of them (--sampled), after the first 100" in text
    assert "most balanced" not in text


def test_a_written_section_says_when_where_and_how_it_was_run():
    line = arena.run_line(["--pairs", "L5-R5", "--section", "a b"], "abc1234")
    assert line.startswith("Run on 20") and " at commit abc1234: " in line
    assert line.endswith("`python3 -m tools.ai.arena --pairs L5-R5 --section 'a b'`.")


REF_AI = ("ai", "search", "eval_oanquan", "eval_sanyao", "eval_omweso")


def test_ref_ai_is_the_frozen_f7c651e_copy():
    # tools/ai/ref_ai is the AI before issue 11 on purpose: each file is engine/<file>.py of
    # commit f7c651e with its imports pointed at tools.ai.ref_ai and a two-line banner, nothing else
    for name in REF_AI:
        r = subprocess.run(["git", "show", "f7c651e:engine/%s.py" % name], cwd=ROOT,
                           capture_output=True, text=True)
        if r.returncode:
            pytest.skip("commit f7c651e is not in this clone (a shallow clone?)")
        old = r.stdout.replace("from engine.search import", "from tools.ai.ref_ai.search import")
        old = old.replace('getattr(__import__("engine." + name), name)',
                          '__import__("tools.ai.ref_ai." + name, None, None, [name])')
        with open(os.path.join(ROOT, "tools", "ai", "ref_ai", name + ".py")) as f:
            lines = f.read().split("\n")
        assert lines[0].startswith("# FROZEN copy of engine/%s.py at commit f7c651e" % name)
        assert "\n".join(lines[2:]) == old, name
