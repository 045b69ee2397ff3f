# Board modules: one per device (see docs/boards.md); select.py picks one.
