# Every rule ID and every option of docs/rules.md is named by at least one test function (in its name
# or docstring), so no rule goes untested by accident.
import ast
import glob
import os
import re

from engine import games
from util import ROOT

IDS = (["OAQ-%d" % i for i in range(1, 11)] + ["SY-%d" % i for i in range(1, 11)]
       + ["OM-%d" % i for i in range(1, 11)])


def _test_texts():
    out = []
    for path in glob.glob(os.path.join(ROOT, "tests", "**", "test_*.py"), recursive=True):
        if os.path.basename(path) == "test_rule_coverage.py":
            continue
        tree = ast.parse(open(path).read())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                out.append(node.name + " " + (ast.get_docstring(node) or ""))
    return out


def _named(texts, rid):
    prefix, num = rid.split("-")
    pat = re.compile(r"(?<![A-Za-z])%s-?%s(?!\d)" % (prefix, num))
    return [t for t in texts if pat.search(t)]


def test_every_rule_id_has_a_test():
    texts = _test_texts()
    missing = [rid for rid in IDS if not _named(texts, rid)]
    assert not missing, "rules without a test naming them: %s" % missing


def test_every_option_has_a_test():
    texts = _test_texts()
    missing = []
    for name in games.NAMES:
        for opt, _default, _allowed in games.load(name).OPTIONS:
            if not any(opt in t for t in texts):
                missing.append("%s.%s" % (name, opt))
    assert not missing, "options without a test naming them: %s" % missing


def test_rulebook_ids_are_the_ones_checked():
    """docs/rules.md's rule IDs are exactly the ones listed here; where the team's normative
    rulebook (../shared/RULES.md) is present, docs/rules.md holds its rules word for word."""
    with open(os.path.join(ROOT, "docs", "rules.md"), encoding="utf-8") as f:
        ours = f.read()
    found = set(re.findall(r"\b((?:OAQ|SY|OM)-\d+)", ours))
    assert found == set(IDS)
    path = os.path.join(ROOT, "..", "shared", "RULES.md")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            theirs = f.read()
        start = "\n## 1. "
        assert ours[ours.index(start):] == theirs[theirs.index(start):], \
            "docs/rules.md differs from ../shared/RULES.md: copy the rules again"
