# Omweso's app side: adapter.py, view.py, help.py, rule_text.py, lessons.py (firmware/games/
# __init__.py). This, the package's own file, is loaded before any of them, and alone while the
# title shows the game: its note there (DESC), then the title's picture of its board at the start
# (views/menu.py draw): pits in a row, rows, what stands at each end (0 nothing, 1 a store, 2 a
# mandarin square with its big stone), the seeds in each pit of each row.
# 4 x 8 pits, 4 in each outer pit (OM-1, the standard setup).
DESC = ("Uganda: 4 rows, captures", 8, 4, 0, (4, 0, 0, 4))
