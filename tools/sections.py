"""The generated sections of docs/*.md: each measuring tool (make bench, arena, device-bench, wear,
tests/hw_report.py, tests/test_app_ram.py --write) replaces its own '## ' section, and names the
commit its figures were measured with."""
import os
import subprocess


def commit(root):
    """The short commit of the tree at `root`, noting changes to engine/ or tools/ (what a
    written figure was measured with)."""
    try:
        r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root,
                           capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "engine", "tools"],
                               cwd=root, capture_output=True, text=True).stdout.strip()
    except OSError:  # no git
        return "unknown"
    return (r or "unknown") + (" with changes to engine/ or tools/" if dirty else "")


def write_section(path, title, body):
    """Replace (or append) the section `title` (a '## ' heading) of a markdown file."""
    text = open(path).read() if os.path.exists(path) else "# Performance\n"
    lines = text.split("\n")
    out = []
    i = 0
    done = False
    while i < len(lines):
        if lines[i].strip() == title:
            out.append(title)
            out.append("")
            out.extend(body.rstrip("\n").split("\n"))
            out.append("")
            i += 1
            while i < len(lines) and not lines[i].startswith("## "):
                i += 1
            done = True
            continue
        out.append(lines[i])
        i += 1
    if not done:
        while out and out[-1] == "":
            out.pop()
        out += ["", title, ""] + body.rstrip("\n").split("\n") + [""]
    with open(path, "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")
