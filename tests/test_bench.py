# tools/ai/bench.py's report (make bench, docs/performance.md "AI benchmark"): every row has the
# header's columns, the figures land in their columns, and no device figure is derived from the
# desktop's (the device's are measured on the emulated RP2040 by make device-bench).
import subprocess

from util import ROOT

from tools import sections
from tools.ai import bench


def table(text, first):
    lines = text.split("\n")
    i = next(k for k, ln in enumerate(lines) if ln.startswith(first))
    rows = []
    for ln in lines[i:]:
        if not ln.startswith("|"):
            break
        rows.append([c.strip() for c in ln.strip("|").split("|")])
    return rows


def test_report_columns_and_no_estimated_device_figures():
    mu = {"speed": [60000, 500000], "heap_search": [11456], "heap_during": [128],
          "max_ply": [15], "level": {1: [72, 576, 19, 4000], 5: [7250, 58000, 55, 400000]}}
    text = bench.report([("oanquan", 158086, {}, 130492, mu)], 20000, 3)
    speed = table(text, "| game | CPython")
    assert speed[0] == ["game", "CPython nodes/s", "MicroPython nodes/s",
                        "MicroPython nodes/s, wall clock", "search heap (B)",
                        "heap growth in search (B)", "max ply"]
    assert speed[2] == ["oanquan", "158086", "130492", "120000", "11456", "128", "15"]
    levels = table(text, "| game | level")
    assert [len(r) for r in levels] == [len(levels[0])] * 4
    # level 5: 58000 nodes over the 8 positions at 130492 nodes/s -> 55.6 ms a move, depth 6.9
    assert levels[3] == ["oanquan", "5", "5000", "7250", "6.9", "55.6"]
    assert "(est.)" not in text and "estimate" not in text and "device-bench" in text


def test_commit_names_the_checkout_and_says_when_engine_or_tools_have_changes(tmp_path):
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                          capture_output=True, text=True).stdout.strip()
    assert sections.commit(ROOT).startswith(head)
    # a repository with an uncommitted file under tools/
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git + ["init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / "README").write_text("x")
    subprocess.run(git + ["add", "README"], cwd=tmp_path, check=True)
    subprocess.run(git + ["commit", "-qm", "x"], cwd=tmp_path, check=True)
    assert not sections.commit(str(tmp_path)).endswith("changes to engine/ or tools/")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "new.py").write_text("x")
    assert sections.commit(str(tmp_path)).endswith(" with changes to engine/ or tools/")
    assert sections.commit(str(tmp_path / "nowhere")) == "unknown"


def test_the_chip_benchmark_report_names_its_commit_and_the_targets_met():
    from tools.device import bench_chip
    head = sections.commit(ROOT)
    cli = [[2000, 60000, 1200000, 19000, 10000, 1100000]] * 3  # nodes, import, main µs, ...
    r = {"name": "oanquan", "search": [(2000, 1000000)] * 3, "cli_mpy": cli, "cli_py": cli}
    text = bench_chip.report([r])
    # 6000 nodes over 3 x (0.06 + 1.2) s = 1587 nodes/s, under the 1600 asked
    assert text.startswith("Latest run: 20") and (", commit %s." % head) in text
    assert "oanquan 1587 (target 1600: not met)" in text
    assert "| oanquan | 2000 | 1587 | 1587 |" in text
