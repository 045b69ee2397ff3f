# tools/ai/tune.py, the evaluation weight tuner (docs/ai.md "Tuning"): the coordinate descent keeps
# a candidate only when its score is accepted, plays self-play candidates against the current
# weights, halves the steps after a sweep without change, and runs end to end on a tiny match.
import subprocess
import sys

from util import ROOT

from tools.ai import tune


def quiet(*a):
    pass


def test_descent_keeps_a_candidate_only_when_accepted_and_plays_the_current_weights():
    tried = []

    def trial(c, cur):
        tried.append((c, list(cur)))
        return 0.6 if c == [9, 3] else 0.5  # w0 + 3 is better; nothing else is
    w = tune.descend([6, 3], [3, 2], 1, trial, lambda s: s >= 0.55, quiet)
    assert w == [9, 3]
    # after [9, 3] is accepted the next weight's candidates play [9, 3], not the start
    assert tried == [([9, 3], [6, 3]), ([9, 5], [9, 3]), ([9, 1], [9, 3])]


def test_descent_halves_the_steps_after_a_sweep_without_change_and_skips_zero_steps():
    tried = []

    def trial(c, cur):
        tried.append(c)
        return 0.5
    w = tune.descend([2048, 12], [0, 6], 2, trial, lambda s: False, quiet)
    assert w == [2048, 12]
    assert tried == [[2048, 18], [2048, 6], [2048, 15], [2048, 9]]


def test_against_a_fixed_opponent_runs_end_to_end_with_a_held_out_check():
    r = subprocess.run([sys.executable, "-m", "tools.ai.tune", "oanquan", "--nodes", "30",
                        "--games", "2", "--sweeps", "1", "--steps", "0,0,0,8", "--against",
                        "greedy", "--check", "1", "--jobs", "1"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "against greedy" in out and "  start [6, 3, 0, 0]:" in out, out
    assert out.count("  sweep 1 w3 ") == 1 and "final [" in out, out  # w3 - 8 < 0 is skipped
    assert "held-out (2 games):" in out, out
