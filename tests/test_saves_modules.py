# The save modules by lifetime (docs/architecture.md "A move to the flash"): firmware/saves.py is
# resident and loads start-up code (saveload.py) and the rewrite (saverewrite.py) on demand, inside
# its methods; nothing else among them imports in a circle, and each is a module the device
# compiles (under 400 lines).
import ast
import glob
import os

from util import ROOT

SAVES = sorted(os.path.relpath(p, ROOT)[:-3].replace("/", ".")
               for p in glob.glob(os.path.join(ROOT, "firmware", "save*.py")))
ON_DEMAND = {("firmware.saves", "firmware.saveload"), ("firmware.saves", "firmware.saverewrite")}


def imports(mod):
    """{imported save module: True if any import of it is at the module's top level}."""
    tree = ast.parse(open(os.path.join(ROOT, mod.replace(".", "/") + ".py")).read())
    top = set(id(n) for n in tree.body)
    out = {}
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        for n in names:
            if n in SAVES and n != mod:
                out[n] = out.get(n, False) or id(node) in top
    return out


def test_the_save_modules_import_in_one_direction_but_for_the_resident_ones_loads():
    assert "firmware.saves" in SAVES and "firmware.saveload" in SAVES
    graph = {}
    for m in SAVES:
        got = imports(m)
        for n, at_top in got.items():
            if (m, n) in ON_DEMAND:
                assert not at_top, (m, n)  # loaded for a call, then dropped
        graph[m] = [n for n in got if (m, n) not in ON_DEMAND]
    assert graph["firmware.saves"] == []  # the resident module needs no other one
    done = set()

    def visit(m, path):
        assert m not in path, "import cycle: " + " -> ".join(path + [m])
        if m not in done:
            for n in graph[m]:
                visit(n, path + [m])
            done.add(m)

    for m in SAVES:
        visit(m, [])


def test_each_save_module_is_under_400_lines():
    for m in SAVES:
        with open(os.path.join(ROOT, m.replace(".", "/") + ".py")) as f:
            assert len(f.read().splitlines()) <= 400, m
