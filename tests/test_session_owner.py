# The session is the one state machine (issue 30 #1, issue 58 #1): only firmware/session.py sets
# the session's fields and calls its private methods. The screens, views and the app read the fields
# and call its verbs (play_move, skip_anim, ask_choice, cancel_choice, next_round, leave_game,
# save...); so does its code loaded for the call (firmware/resume.py, actions.py, lesson.py,
# puzzle.py, review.py, tally.py), which hands back what it built or decided (a match: the game in
# progress; what the store holds; a position taken back to; a lesson's step), and the session keeps
# it. An AST scan of every firmware module but session.py: a session is a name `s`, `session` or
# `sess`, `self.s` / `self.session` or `app.session`; an assignment to (or a del of) an attribute
# of it, or to an item of one of its attributes (s.cfg[k] = v), a setattr on it, or a call of one
# of its _methods is reported, and so is a function outside a class that takes `self` (a method of
# the session kept out of its class).
import ast

import pytest

from util import sources

SESSION_CODE = ("firmware/session.py",)
_NAMES = ("s", "session", "sess")


def _sessionish(node):
    if isinstance(node, ast.Name):
        return node.id in _NAMES
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
        ((node.value.id == "self" and node.attr in ("s", "session")) or
         (node.value.id == "app" and node.attr == "session"))


def _targets(n):
    if isinstance(n, ast.Assign):
        ts = n.targets
    elif isinstance(n, (ast.AugAssign, ast.AnnAssign)):
        ts = [n.target]
    elif isinstance(n, ast.Delete):
        ts = n.targets
    else:
        return []
    out = []
    while ts:
        t = ts.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            ts.extend(t.elts)
        else:
            out.append(t)
    return out


def offences(path, rel):
    tree = ast.parse(open(path, encoding="utf-8").read(), rel)
    found = []
    for n in tree.body:  # (methods are in classes; a function here taking self is a method)
        if isinstance(n, ast.FunctionDef) and n.args.args and n.args.args[0].arg == "self":
            found.append("%s:%d %s() takes self outside a class" % (rel, n.lineno, n.name))
    for n in ast.walk(tree):
        for t in _targets(n):
            base = t.value if isinstance(t, ast.Subscript) else t
            if isinstance(base, ast.Attribute) and _sessionish(base.value):
                found.append("%s:%d sets the session's %s" % (rel, n.lineno, base.attr))
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and f.attr[:1] == "_" and f.attr[:2] != "__" and \
                    _sessionish(f.value):
                found.append("%s:%d calls the session's %s()" % (rel, n.lineno, f.attr))
            if isinstance(f, ast.Name) and f.id in ("setattr", "delattr") and n.args and \
                    _sessionish(n.args[0]):
                found.append("%s:%d %s() on the session" % (rel, n.lineno, f.id))
    return found


def test_only_the_session_sets_its_fields_or_calls_its_private_methods():
    bad = []
    for p, rel in sources("firmware"):
        if rel not in SESSION_CODE:
            bad += offences(p, rel)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("code", [
    "def f(s):\n    s.phase = 'x'\n",
    "class A:\n    def f(self):\n        self.s.scene = None\n",
    "def f(s):\n    s.cfg['game'] = 'x'\n",
    "def f(s):\n    s.version += 1\n",
    "def f(s):\n    s._begin_turn()\n",
    "def f(app):\n    app.session.sounds = []\n",
    "def f(s):\n    setattr(s, 'phase', 1)\n",
    "def f(self):\n    return self.phase\n",
    "def f(s):\n    del s.cfg['wake']\n",
    "def f(s, m):\n    s.game, s.rec = m\n",
])
def test_the_check_sees_each_kind(tmp_path, code):
    p = tmp_path / "m.py"
    p.write_text(code)
    assert offences(str(p), "m.py")


def test_the_check_leaves_reads_and_verbs_alone(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("class A:\n    def f(self):\n        self.page = 1\n        s = self.s\n"
                 "        s.play_move(s.legal[0][0])\n        x = s.phase\n"
                 "def g(scene, ev):\n    scene['pits'][0] = 1\n")
    assert offences(str(p), "m.py") == []
