# San-Yao's app side: adapter.py, view.py, help.py, rule_text.py, lessons.py (firmware/games/
# __init__.py). This, the package's own file, is loaded before any of them, and alone while the
# title shows the game: its note there (DESC), then the title's picture of its board at the start
# (views/menu.py draw): pits in a row, rows, what stands at each end (0 nothing, 1 a store, 2 a
# mandarin square with its big stone), the seeds in each pit of each row.
# 2 x 5 holes of 5 and two stores (SY-1).
DESC = ("China: relay sowing, sons", 5, 2, 1, (5, 5))
