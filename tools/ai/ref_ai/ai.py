# FROZEN copy of engine/ai.py at commit f7c651e (imports pointed here), not live code:
# never edit or tidy it. Why and how: __init__.py; tests/test_arena.py compares it with git.
# The computer player: difficulty levels over engine/search.py (docs/ai.md).
# A level is a think time on the device. It becomes a node budget through the measured speed of
# each game's search on the device (estimate: MicroPython Unix port speed / 150, tools/bench.py),
# so play is reproducible; the app adds a wall-clock cap (ms_cap) as a safety net.
from tools.ai.ref_ai.search import Search

# level: (device think time in ms, mistakes per 1000 moves: a uniformly random legal move)
LEVELS = {
    1: (50, 300),
    2: (250, 100),
    3: (700, 60),
    4: (1800, 25),
    5: (5000, 0),
}
# Per-game mistake rates where the budgets alone separate the levels too little: San-Yao's low
# branching lets even level 3 search ~8 plies; in O An Quan level 4 scored only 64.5% against
# level 3 with the common rates. Chosen with the arena so that every level scores >= 65% against
# the level below (docs/ai.md, docs/performance.md "AI arena").
MISTAKES = {"sanyao": (550, 400, 260, 120, 0), "oanquan": (300, 150, 90, 25, 0)}
HINT_LEVEL = 4

# Estimated device nodes/s per game (RP2040 at 125 MHz; MicroPython Unix port nodes/s / 150,
# measured by tools/bench.py, see docs/performance.md "AI benchmark").
DEVICE_NPS = {"oanquan": 900, "sanyao": 880, "omweso": 450}
_MIN_NODES = 12


def level_nodes(game_name, level):
    """The node budget of `level` (1-5) for a game; ValueError if the level is unknown."""
    if level not in LEVELS:
        raise ValueError("level must be 1-5, got %r" % (level,))
    n = LEVELS[level][0] * DEVICE_NPS.get(game_name, 200) // 1000
    return n if n > _MIN_NODES else _MIN_NODES


def mistake_rate(game_name, level):
    """Mistakes per 1000 moves at `level` for a game."""
    t = MISTAKES.get(game_name)
    return t[level - 1] if t else LEVELS[level][1]


class Player:
    """Deterministic for a given seed: the same positions and levels give the same moves."""

    def __init__(self, game, seed=1, max_ply=0):
        self.game = game
        self.search = Search(game, max_ply)
        self.buf = [0] * game.MAX_MOVES
        self.rng = (seed * 2654435761 + 1) & 0x3FFFFFFF
        self.last = None  # (move, score, nodes, depth) of the last search

    def _rand(self, n):
        # 30-bit linear congruential generator (same sequence on CPython and MicroPython)
        self.rng = (self.rng * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.rng >> 8) % n

    def move(self, pos, level, ms_cap=None):
        """The move code the computer plays at `level` (1-5); ms_cap: wall-clock limit in ms."""
        nodes = level_nodes(self.game.NAME, level)  # ValueError for an unknown level
        mistakes = mistake_rate(self.game.NAME, level)
        r = self.search.best(pos, nodes=nodes, ms=ms_cap or 0)
        self.last = r
        if mistakes and self._rand(1000) < mistakes:
            n = self.game.moves(pos, self.buf)
            return self.buf[self._rand(n)]
        return r[0]

    def hint(self, pos, ms_cap=None):
        """The move the AI recommends for the side to move (level 4 budget, no mistakes)."""
        r = self.search.best(pos, nodes=level_nodes(self.game.NAME, HINT_LEVEL), ms=ms_cap or 0)
        self.last = r
        return r[0]


def cli_bestmove(rec, budget):
    """tools/cli.py bestmove: budget is {"nodes": N} | {"level": L} | {"ms": T}. ValueError on a
    finished game or a bad level."""
    g = rec.game
    pos = rec.pos
    if g.over(pos):
        raise ValueError("the game is over: there is no move to find")
    if "level" in budget:
        p = Player(g, seed=1)
        m = p.move(pos, budget["level"])
        r = p.last
    else:
        if budget.get("nodes", 1) < 1:
            raise ValueError("--nodes must be at least 1")
        if "ms" in budget and budget["ms"] < 1:
            raise ValueError("--ms must be at least 1")
        r = Search(g).best(pos, nodes=budget.get("nodes", 0), ms=budget.get("ms", 0))
        m = r[0]
    return {"move": g.move_str(pos, m), "score": r[1], "nodes": r[2], "depth": r[3]}
