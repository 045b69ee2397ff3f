"""The problem maker (issue 56, docs/problems.md): endgame positions of a kind a real game reaches,
proved by exhaustive search (tools/prover.py), kept when they make good problems.

    python3 -m tools.ai.problems [--game sanyao] [--tries 4000] [--seed 1] [--write]

A candidate is a position of the game's late stage, drawn at random in kind (San-Yao: few stones
on the board, the stores holding the rest, sons as a redistribution gives them; O An Quan: few
stones, a mandarin or two still on the board; Omweso: one side down to a few seeds), with a goal
in the game's own terms and a depth in the solver's moves. It is kept when the goal is reached
against every defence (proved over every legal move of both sides, no node budget), not in fewer
moves, with exactly one first move, and the obvious moves fail: the greedy move (what takes most
at once) and level 2's move are not the solution. --write puts each game's chosen set into its
own folder, firmware/games/<game>/problems.py (easy first, below the file's mark: what is above it
stays), and the figures into docs/problems.md.
"""
import argparse
import os
import random
import sys
import time

from engine import games
from engine.record import Record
from firmware import problems as P
from tools import prover

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARK = "# ---- the problems: written by tools/ai/problems.py --write"
DOC = os.path.join(ROOT, "docs", "problems.md")
WANT = {"sanyao": 18, "oanquan": 7, "omweso": 7}  # problems shipped per game
TRIES = {"sanyao": 40000, "oanquan": 10000, "omweso": 150000}  # candidates drawn (the make target)
KINDS = {"sanyao": (prover.WIN, prover.TAKE), "oanquan": (prover.WIN, prover.MAND),
         "omweso": (prover.WIN, prover.TAKE)}


def _split(rng, total, cells, cap):
    out = [0] * cells
    for _ in range(total):
        while True:
            i = rng.randrange(cells)
            if out[i] < cap:
                out[i] += 1
                break
    return out


def candidate_sanyao(game, rng):
    """A San-Yao position late in a round: 3-10 stones on the board, the stores the rest, split
    so that the round is still open; home control in round 1, or sons of the last round's
    winner (SY-9: the loser's holes next to the winner's last home hole)."""
    b = rng.randint(3, 10)
    holes = _split(rng, b, 10, 4)
    obj = game.to_json(game.new())
    control = [0] * 5 + [1] * 5
    rnd = 1
    if rng.random() < 0.5:
        w = rng.randrange(2)
        k = rng.randint(1, 2)
        for j in range(k):
            control[(5 + j) if w == 0 else j] = w
        rnd = rng.randint(2, 4)
    left = 50 - b
    s0 = left // 2 + rng.randint(-b, b)
    s0 = max(0, min(left, s0))
    obj.update({"holes": holes, "control": control, "store": [s0, left - s0],
                "to_move": rng.randrange(2), "round": rnd, "ply": 40 + rng.randrange(40)})
    obj["starter"] = obj["to_move"]
    obj.pop("history", None)
    return obj


def candidate_oanquan(game, rng):
    """An O An Quan position near the end: 4-12 small stones on the board, one or two big stones
    still there, the stocks holding the rest; the mover's row not empty."""
    b = rng.randint(4, 12)
    sq = [0] * 12
    for _ in range(b):
        sq[rng.randrange(12)] += 1
    p = rng.randrange(2)
    row = range(1, 6) if p == 0 else range(7, 12)
    if not any(sq[i] for i in row):
        sq[rng.choice(list(row))] += 1
        b += 1
    big = [1, 1] if rng.random() < 0.5 else ([1, 0] if rng.random() < 0.5 else [0, 1])
    mands = [0, 0]
    for j in range(2):
        if not big[j]:
            mands[rng.randrange(2)] += 1
    left = 50 - b
    s0 = max(0, min(left, left // 2 + rng.randint(-6, 6)))
    obj = game.to_json(game.new())
    obj.update({"squares": sq, "big": big, "mandarins": mands, "stock": [s0, left - s0],
                "to_move": p, "ply": 30 + rng.randrange(40)})
    obj.pop("history", None)
    return obj


def candidate_omweso(game, rng):
    """An Omweso position late in a game: the side not to move down to 3-9 seeds, the mover
    holding the rest of the 64 (both have moved, so captures count: OM-6)."""
    p = rng.randrange(2)
    few = rng.randint(3, 9)
    pits = [[0] * 16, [0] * 16]
    for _ in range(few):
        pits[1 - p][rng.randrange(16)] += 1
    used = rng.sample(range(16), rng.randint(5, 11))  # late in a game the seeds pile up
    for _ in range(64 - few):
        pits[p][rng.choice(used)] += 1
    obj = game.to_json(game.new())
    caught = [0, 0]
    caught[p] = rng.randint(3, 7)
    caught[1 - p] = rng.randint(0, 3)
    obj.update({"pits": pits, "to_move": p, "moves_made": [9, 9], "captures": caught,
                "ply": 18 + rng.randrange(20)})
    return obj


def goals(name, game, pos, rng):
    """A goal for the candidate: (kind, n, depth)."""
    kind = rng.choice(KINDS[name])
    d = rng.choice((1, 2, 2, 3)) if name != "omweso" else rng.choice((1, 2, 2))
    if kind == prover.TAKE:
        n = rng.randint(3, 8) if name == "sanyao" else \
            rng.randint(2, max(2, game.material(pos, 1 - game.to_move(pos))))
    elif kind == prover.MAND:
        n = 1
    else:
        n = 0
    return kind, n, d


def judge(name, game, pos, kind, n, d):
    """The problem (a dict) if the position and goal make one, else None."""
    t = time.time()
    a = prover.analyse(game, pos, kind, n, d)
    ms = int((time.time() - t) * 1000)
    if len(a["ok"]) != 1 or a["shallow"]:
        return None
    sol = a["ok"][0]
    top, gains = prover.greedy(game, pos)
    k = len(gains)
    if sol in top:
        return None  # the greedy move (or one of its ties) solves it
    if prover.level2(game, pos) == sol:
        return None
    tempting = sum(1 for i in range(k) if i != sol and gains[i] >= gains[sol])
    return {"kind": kind, "n": n, "depth": d, "pos": bytes(pos), "line": a["line"],
            "refute": a["refute"], "nodes": a["nodes"], "ms": ms, "refuted": a["refuted"],
            "tempting": tempting, "moves": k,
            "level": d + (tempting >= 2) + (a["refuted"] >= 20)}


def find(name, tries, seed, want, quiet=False):
    rules = P.rules(name)
    game = games.load(name, rules)
    make = globals()["candidate_" + name]
    rng = random.Random(seed)
    found = []
    seen = set()
    for t in range(tries):
        obj = make(game, rng)
        try:
            pos = game.from_json(obj)
        except ValueError:
            continue
        if game.over(pos) or bytes(pos) in seen:
            continue
        seen.add(bytes(pos))
        kind, n, d = goals(name, game, pos, rng)
        pr = judge(name, game, pos, kind, n, d)
        if pr is None:
            continue
        found.append(pr)
        if not quiet:
            print("%s %d/%d: %s, line %s, %d nodes" % (name, len(found), t + 1,
                  P.words(_record(game, pr)), _texts(game, pr), pr["nodes"]), flush=True)
    return found


def choose(found, want):
    """`want` problems from easy to hard: those of two moves or more only with a real defence
    (two defender moves or more answered in the proof), the goals in equal shares, each share
    spread evenly over its own range of difficulty."""
    good = [p for p in found if p["depth"] == 1 or p["refuted"] >= 2]
    kinds = sorted(set(p["kind"] for p in good))
    out = []
    for j in range(len(kinds)):
        mine = sorted([p for p in good if p["kind"] == kinds[j]],
                      key=lambda p: (p["level"], p["refuted"], p["nodes"]))
        share = want // len(kinds) + (1 if j < want % len(kinds) else 0)
        if len(mine) <= share:
            out += mine
        else:
            step = (len(mine) - 1) / float(max(1, share - 1))
            out += [mine[int(round(i * step))] for i in range(share)]
    for p in good:  # a goal short of its share: the others fill in
        if len(out) < want and p not in out:
            out.append(p)
    return sorted(out, key=lambda p: (p["level"], p["refuted"], p["nodes"]))


def _record(game, p):
    head = bytes((p["kind"], p["n"], p["depth"], p["level"], min(255, p["tempting"]),
                  len(p["line"]), len(p["refute"]), 0))
    for v in (p["nodes"], p["ms"], p["refuted"]):
        head += bytes((v & 255, v >> 8 & 255, v >> 16 & 255, v >> 24 & 255))
    tail = bytes(p["line"])
    for w, r in p["refute"]:
        tail += bytes((w, r))
    return head + p["pos"] + tail


def _texts(game, p):
    """The main line in the protocol's notation."""
    rec = Record(game, bytearray(p["pos"]))
    out = []
    buf = [0] * game.MAX_MOVES
    for i in p["line"]:
        game.moves(rec.pos, buf)
        out.append(game.move_str(rec.pos, buf[i]))
        rec.play(buf[i])
    return " ".join(out)


def data_path(name, root=ROOT):
    """Where game `name`'s problems live: its own folder (firmware/problems.py data())."""
    return os.path.join(root, "firmware", "games", name, "problems.py")


def write_data(chosen, root=ROOT):
    """Each game's chosen problems into firmware/games/<game>/problems.py (under `root`), below
    its MARK line: what is above it (what the game's goals need of it) stays."""
    for name in games.NAMES:
        path = data_path(name, root)
        with open(path) as f:
            text = f.read()
        i = text.index(MARK)
        lines = text[:i].rstrip("\n").split("\n") + [""] + text[i:].split("\n")[:3]
        game = games.load(name, P.rules(name))
        lines.append("problems = (")
        for p in chosen[name]:
            rec = _record(game, p)
            lines.append("    # %s: %s" % (P.words(rec), _texts(game, p)))
            h = "".join("\\x%02x" % c for c in rec)
            while h:
                lines.append('    b"%s"' % h[:88])
                h = h[88:]
            lines[-1] += ","
        lines.append(")")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")


def write_doc(chosen, counts, seconds):
    """docs/problems.md's table of the shipped problems and the search's figures."""
    from tools.sections import write_section, commit
    rows = ["Written by `make problems` (`python3 -m tools.ai.problems --write`, seed 1, commit "
            "%s): the candidates drawn, the problems found among them (unique first move, not in "
            "fewer moves, greedy and level 2 fail) and the ones shipped; %.0f s of CPython in "
            "all." % (commit(ROOT), seconds), "",
            "| game | candidates | problems found | shipped |", "|---|---|---|---|"]
    for name in games.NAMES:
        rows.append("| %s | %d | %d | %d |" % (games.TITLES[name], counts[name][0],
                                              counts[name][1], len(chosen[name])))
    rows += ["", "Each shipped problem: its goal, its main line (the solution's first move, then "
             "the defence that holds out longest, ...), the defender moves answered in its proof, "
             "the moves of both sides played in the whole analysis (every first move, the shorter "
             "depth, the refutations, the main line) and its time on this machine.", "",
             "| game | # | goal | main line | difficulty | first moves (tempting) | defences "
             "answered | nodes | ms |", "|---|---|---|---|---|---|---|---|---|"]
    for name in games.NAMES:
        game = games.load(name, P.rules(name))
        for i, p in enumerate(chosen[name]):
            rows.append("| %s | %d | %s | %s | %d | %d (%d) | %d | %d | %d |" % (
                games.TITLES[name], i + 1, P.words(_record(game, p)), _texts(game, p),
                p["level"], p["moves"], p["tempting"], p["refuted"], p["nodes"], p["ms"]))
    write_section(DOC, "## The shipped problems (measured)", "\n".join(rows))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=games.NAMES, action="append")
    ap.add_argument("--tries", type=int, action="append",
                    help="candidates per game (once, or once per game in NAMES order)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", action="store_true")
    a = ap.parse_args(argv)
    names = a.game or list(games.NAMES)
    chosen = {}
    counts = {}
    t = time.time()
    tries = a.tries or [TRIES[n] for n in names]
    for name, n in zip(names, tries * len(names) if len(tries) == 1 else tries):
        found = find(name, n, a.seed, WANT[name], True)
        chosen[name] = choose(found, WANT[name])
        counts[name] = (n, len(found))
        print("%s: %d found in %d tries, %d chosen" % (name, len(found), n,
                                                       len(chosen[name])))
    print("%.0f s" % (time.time() - t))
    if a.write:
        if set(names) != set(games.NAMES):
            sys.exit("--write needs every game (no --game)")
        write_data(chosen)
        write_doc(chosen, counts, time.time() - t)


if __name__ == "__main__":
    main()
