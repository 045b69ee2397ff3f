# tools/bench.py's report (make bench, docs/performance.md "AI benchmark"): every row has the
# header's columns, the figures land in their columns, and no device figure is derived from the
# desktop's (the device's are measured on the emulated RP2040 by make device-bench).
import os
import sys

from util import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import bench  # noqa: E402


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
