# Measuring the AI: make arena (arena.py), make bench (bench.py), weight tuning (tune.py), and
# ref_ai/, the AI before issue 11 frozen for the arena. Run from the repository root as
# python3 -m tools.ai.arena (or .bench, .tune).
