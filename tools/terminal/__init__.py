# The terminal game (make play without a display): game.py (menus, rules, turns, undo, the
# move list), learn.py (the lessons), and one renderer per game (oanquan.py, sanyao.py, omweso.py:
# the board in text and every event in words). Started by tools/play.py.
