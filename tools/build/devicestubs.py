"""What a CircuitPython device has and what our code imports (desktop tool, CPython).

The device side comes from the pinned circuitpython-stubs package (board_definitions: each board's
pins and built-in modules); the code side is a static (ast) walk of a module's imports, marking the
ones guarded by try/except ImportError. Used by tools/build/bundle.py and the hardware tests.
"""
import ast
import os
import re
import sys
import sysconfig

# Always present in CircuitPython though the stubs' module lists leave them out.
ALWAYS = ("gc", "micropython", "__main__")


def fail(msg):
    sys.stderr.write("bundle: %s\n" % msg)
    sys.exit(2)


# ---- what the device has (circuitpython-stubs) ------------------------------------------------

def stubs_dir():
    for base in (sysconfig.get_paths()["purelib"],) + tuple(sys.path):
        d = os.path.join(base, "board_definitions")
        if os.path.isdir(d):
            return d
    fail("circuitpython-stubs is not installed (make venv)")


def _stub(board_id):
    path = os.path.join(stubs_dir(), board_id, "__init__.pyi")
    if not os.path.exists(path):
        fail("no circuitpython-stubs board definition for %r" % board_id)
    with open(path) as f:
        return f.read()


def builtin_modules(board_id):
    """Top-level modules built into (or frozen in) that board's CircuitPython firmware."""
    text = _stub(board_id)
    found = set(ALWAYS)
    for field in ("Included modules", "Frozen libraries"):
        m = re.search(field + r":(.*)", text)
        if m:
            for item in m.group(1).split(","):
                if item.strip():
                    found.add(item.strip().split()[0].split(".")[0])
    return found


def board_pins(board_id):
    """Pin names (board.X) that board defines, plus its other members (DISPLAY, SPI, ...)."""
    text = _stub(board_id)
    names = set(re.findall(r"^([A-Za-z_][A-Za-z0-9_]*): microcontroller\.Pin", text, re.M))
    names |= set(re.findall(r"^([A-Z_][A-Za-z0-9_]*): ", text, re.M))
    names |= set(re.findall(r"^def ([A-Za-z_][A-Za-z0-9_]*)\(", text, re.M))
    names.add("board_id")
    return names


# ---- imports ------------------------------------------------------------------------------------

def _guarded(node, parents):
    # True when the import sits in a try: whose handlers catch ImportError (a fallback import).
    p = parents.get(node)
    while p is not None:
        if isinstance(p, ast.Try) and node_in(p.body, node):
            for h in p.handlers:
                names = []
                if h.type is None:
                    return True
                for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]):
                    names.append(getattr(t, "id", getattr(t, "attr", "")))
                if set(names) & {"ImportError", "Exception", "ModuleNotFoundError"}:
                    return True
        node, p = p, parents.get(p)
    return False


def node_in(body, node):
    for stmt in body:
        for n in ast.walk(stmt):
            if n is node:
                return True
    return False


def imports_of(path, modname):
    """[(module, names, guarded, line)] for every import statement in a file (any depth)."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    parents = {}
    for p in ast.walk(tree):
        for c in ast.iter_child_nodes(p):
            parents[c] = p
    is_pkg = path.endswith("__init__.py")
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                out.append((a.name, (), _guarded(n, parents), n.lineno))
        elif isinstance(n, ast.ImportFrom):
            mod = n.module or ""
            if n.level:
                base = modname.split(".")
                if not is_pkg:
                    base = base[:-1]
                base = base[:len(base) - (n.level - 1)]
                mod = ".".join(base + ([mod] if mod else []))
            out.append((mod, tuple(a.name for a in n.names), _guarded(n, parents), n.lineno))
    return out
