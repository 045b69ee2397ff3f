# What the title menu's note says about each game: here, not in the games' own modules, so that
# stepping through the games on the title loads none of them before the new choice is on the
# screen; loaded with the menus, dropped with them (Session.to_board).
# Each game: its note, then the title screen's picture of its board at the start
# (views/menu.py draw): pits in a row, rows, what stands at each end (0 nothing, 1 a store, 2 a
# mandarin square with its big stone), the seeds in each pit of each row. Ô Ăn Quan: 2 x 5
# squares of 5 and two mandarins (OAQ-1); San-Yao: 2 x 5 holes of 5 and two stores (SY-1);
# Omweso: 4 x 8 pits, 4 in each outer pit (OM-1, the standard setup).
DESC = {"oanquan": ("Vietnam: capture mandarins", 5, 2, 2, (5, 5)),
        "sanyao": ("China: relay sowing, sons", 5, 2, 1, (5, 5)),
        "omweso": ("Uganda: 4 rows, captures", 8, 4, 0, (4, 0, 0, 4))}
