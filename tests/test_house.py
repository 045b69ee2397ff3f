# The house rules a newcomer can check at a glance (issue 30): small files, and imports in one
# direction. Module-level imports only: an import inside a function is a load for the call (the
# RAM pattern of docs/architecture.md, "What stays in RAM"), which may go back up the tree.
import ast
import os
import re

import pytest

from util import ROOT, sources

LIMITS = {"firmware": 400, "engine": 500, "boards": 400}
# the one state machine: every field's writes (issue 58 #1; the code loaded for its calls hands
# back what it builds, tests/test_session_owner.py)
FILE_LIMITS = {"firmware/session.py": 480}


def test_no_file_over_its_folders_limit():
    long = []
    for top, most in LIMITS.items():
        for p, rel in sources(top):
            n = sum(1 for _ in open(p, encoding="utf-8"))
            if n > FILE_LIMITS.get(rel, most):
                long.append("%s: %d lines (at most %d)" % (rel, n, FILE_LIMITS.get(rel, most)))
    assert not long, "\n".join(long)


def _module_name(rel):
    m = rel[:-3].replace("/", ".")
    return m[:-9] if m.endswith(".__init__") else m


def _top_level_imports(p, name, known, loads=False):
    """The modules of `known` that `name` (file p) imports at module level (loads: in functions
    too, the loads for the call)."""
    tree = ast.parse(open(p, encoding="utf-8").read())
    pkg = name if p.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for n in tree.body:  # module level only (also inside try/if at module level)
        for node in ast.walk(n):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not loads:
                break
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in known)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(pkg.split(".")[:len(pkg.split(".")) - node.level + 1] +
                                    ([base] if base else []))
                for a in node.names:
                    full = base + "." + a.name
                    out.add(full if full in known else base)
    return {m for m in out if m in known and m != name}


def _graph(tops, loads=False):
    files = {}
    for top in tops:
        for p, rel in sources(top):
            files[_module_name(rel)] = p
    known = set(files)
    return {m: _top_level_imports(p, m, known, loads) for m, p in files.items()}


def _cycle(graph):
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                c = visit(n)
                if c:
                    return c
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            c = visit(m)
            if c:
                return c
    return None


def test_no_import_cycle_in_the_firmware_or_engine():
    g = _graph(("engine", "firmware", "boards"))
    assert "firmware.session" in g and "firmware.brain" in g["firmware.session"]
    assert _cycle(g) is None, " -> ".join(_cycle(g))


# The one documented exception: the resident save module loads its readers and its rewriter for
# the call, and they import it back (docs/architecture.md "How a move reaches the flash",
# tests/test_saves_modules.py).
SAVES = {"firmware.saves", "firmware.saveload", "firmware.saveparse", "firmware.saverewrite",
         "firmware.savefile"}


@pytest.mark.parametrize("tops", [("firmware", "boards"), ("tools",)])
def test_no_cycle_even_through_the_loads_for_the_call(tops):
    # a load inside a function that goes back up the tree is still a loop a reader must untangle
    # (issue 58): screens/text.py went back to the menu through the session, not by importing it
    g = _graph(tops, loads=True)
    assert "tools.device.feel" in g or "firmware.session" in g
    for m in SAVES & set(g):
        g[m] = g[m] - SAVES
    assert _cycle(g) is None, " -> ".join(_cycle(g))


def test_the_cycle_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_engine_imports_nothing_outside_itself():
    # every import, in functions too: engine/ runs alone (the CLI, the MicroPython tests)
    ours = ("firmware", "boards", "tools", "tests")
    out = []
    for p, rel in sources("engine"):
        for n in ast.walk(ast.parse(open(p, encoding="utf-8").read())):
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else \
                [n.module or ""] if isinstance(n, ast.ImportFrom) and not n.level else []
            out += ["%s imports %s" % (rel, m) for m in names if m.split(".")[0] in ours]
    assert not out, "\n".join(out)


def _imports_of(top, loads=True):
    files = {_module_name(rel): p for p, rel in sources(top)}
    known = set(files) | {"engine.ai"}
    return {m: _top_level_imports(p, m, known, loads) for m, p in files.items()}


def test_only_the_brain_runs_the_ai_and_two_modules_read_its_figures():
    # docs/architecture.md "The AI, in slices": brain.py makes the Player; actions.py (the hint's
    # budget) and review.py (its search's) read engine.ai's level figures and nothing else of it
    users = sorted(m for m, deps in _imports_of("firmware").items() if "engine.ai" in deps)
    assert users == ["firmware.actions", "firmware.brain", "firmware.review"], users
    for m in ("actions", "review"):
        tree = ast.parse(open(os.path.join(ROOT, "firmware", m + ".py"), encoding="utf-8").read())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                 and n.module == "engine.ai" for a in n.names}
        assert names and names <= {"level_nodes", "slice_nodes", "POLL_MS"}, (m, names)


def test_no_file_outside_a_games_folders_names_a_game():
    # docs/architecture.md "Where to add": what differs between games is asked of the game's own
    # folders (engine/<game>/, firmware/games/<game>/: its adapter's flags, its lessons' prefix,
    # its title note, its problems' rules and flags), never decided by a name in generic code, nor
    # a list of modules by name
    from engine.games import NAMES
    named = []
    for p, rel in sources("firmware"):
        if rel.split("/")[2:3] in [[n] for n in NAMES]:
            continue
        named += [(rel, n) for n in NAMES if _names_game(p, n)]
    assert not named, named


def test_one_app_folder_per_game():
    # docs/architecture.md "Where to add": a game's app side is firmware/games/<game>/ (with its
    # title note in the package's own file), its terminal words tools/terminal/<game>.py
    from engine.games import NAMES
    here = os.path.join(ROOT, "firmware", "games")
    assert {n for n in os.listdir(here) if os.path.isdir(os.path.join(here, n))
            and n != "__pycache__"} == set(NAMES)
    for n in NAMES:
        for part in ("__init__", "adapter", "view", "help", "rule_text", "lessons", "words",
                     "problems"):
            assert os.path.exists(os.path.join(here, n, part + ".py")), (n, part)
        assert "DESC" in open(os.path.join(here, n, "__init__.py"), encoding="utf-8").read(), n
        assert os.path.exists(os.path.join(ROOT, "tools", "terminal", n + ".py")), n


def test_the_game_name_check_finds_a_name(tmp_path):
    for text in ('X = "sanyao"\n', 'unload("firmware.lessons.sanyao")\n',
                 'f("engine/sanyao/run.py")\n', 'from engine.sanyao import SIZE\n',
                 'import engine.sanyao.eval\n', 'from engine import sanyao\n',
                 'sanyao = (1, 2)\n', 'def sanyao(game):\n    pass\n', 'x = words.sanyao\n'):
        (tmp_path / "m.py").write_text(text)
        assert _names_game(str(tmp_path / "m.py"), "sanyao"), text
    (tmp_path / "m.py").write_text('"""About sanyao."""\nX = "sanyaox"\n')
    assert not _names_game(str(tmp_path / "m.py"), "sanyao")


def test_one_engine_folder_per_game_and_no_other_engine_file_names_one():
    # issue 58 item 2: a game's engine is engine/<game>/ (its Game with what the AI needs to know
    # of it, its JSON, its evaluation); only the list of games, engine/games.py, names them
    from engine import games
    for n in games.NAMES:
        for part in ("__init__.py", "json.py", "eval.py"):
            assert os.path.exists(os.path.join(ROOT, "engine", n, part)), (n, part)
        g = games.load(n)
        assert g.NAME == n and g.DEVICE_NPS > 0, n
        assert g.MISTAKES is None or len(g.MISTAKES) == 5, n
    folders = {n for n in os.listdir(os.path.join(ROOT, "engine"))
               if os.path.isdir(os.path.join(ROOT, "engine", n)) and n != "__pycache__"}
    assert folders == set(games.NAMES), folders
    named = []
    for p, rel in sources("engine"):
        if rel.count("/") == 1 and rel != "engine/games.py":
            named += [(rel, n) for n in games.NAMES
                      if _names_game(p, n) or n in os.path.basename(rel)]
    assert not named, named


def _names_game(path, name):
    """True if a string constant of the file (not a docstring) is the game's name or a module or
    file path through it, the file imports a module through it, or a name of its code (variable,
    attribute, function, class, argument) is the game's."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    texts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and id(n) not in docs]
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom):
            texts += [(n.module or "") + "." + a.name for a in n.names]
        elif isinstance(n, ast.Import):
            texts += [a.name for a in n.names]
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            texts.append(n.name)
        texts += [getattr(n, k) for k in ("id", "attr", "arg")
                  if isinstance(getattr(n, k, None), str)]
    return any(re.search(r"(^|[./])%s($|[./])" % name, t) for t in texts)


def test_the_architecture_page_maps_every_firmware_file():
    # docs/architecture.md is the one map (issue 58): a new file there, or a file gone, shows
    text = open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8").read()
    text = text[text.index("firmware/\n"):text.index("```", text.index("firmware/\n"))]
    missing = []
    for p, rel in sources("firmware"):
        name = rel.split("/")[-1]
        folder = rel.split("/")[1] if rel.count("/") > 1 else ""
        if name == "__init__.py" or folder in ("games", "lessons"):  # named as their folders
            continue
        if name not in text:
            missing.append(rel)
    assert not missing, "not in docs/architecture.md's map: %s" % missing
