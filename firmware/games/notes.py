# What the title menu's note says about each game: here, not in the games' own modules, so that
# stepping through the games on the title loads none of them before the new choice is on the
# screen; loaded with the menus, dropped with them (Session.to_board).
DESC = {"oanquan": "Vietnam: capture mandarins", "sanyao": "China: relay sowing, sons",
        "omweso": "Uganda: 4 rows, captures"}
