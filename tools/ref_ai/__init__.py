# "Today's level 5" before issue 11, frozen for the arena (tools/arena.py players R<level>, N<nodes>r):
# engine/search.py, engine/ai.py and the three evaluations as of commit f7c651e, with their imports
# pointed here. Not shipped (tools/ is not in the device bundle); the games are today's engine.
