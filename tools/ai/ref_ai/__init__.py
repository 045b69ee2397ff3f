# "Today's level 5" before issue 11, frozen for the arena (tools/ai/arena.py players R<level>,
# Q<nodes>): engine/search.py, engine/ai.py and the three evaluations as of commit f7c651e, with
# their imports pointed here. Not shipped (tools/ is not in the device bundle); the games are
# today's engine.
