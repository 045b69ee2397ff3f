# FROZEN ON PURPOSE: "today's level 5" before issue 11, kept for the arena as a fixed opponent
# (tools/ai/arena.py players R<level> and Q<nodes>; docs/ai.md, docs/performance.md "AI arena").
# engine/search.py, engine/ai.py and the three evaluations exactly as of commit f7c651e, with only
# their imports pointed here (and a two-line banner). It is not the live AI (that is engine/):
# never edit, tidy or "fix" it, or the arena's R/Q figures stop meaning "the AI before issue 11".
# tests/test_arena.py checks each file against `git show f7c651e:engine/<file>`.
# Not shipped (tools/ is not in the device bundle); the games it plays are today's engine.
