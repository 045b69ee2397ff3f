# The front door. Everything bootstraps itself into .venv from pinned requirements.
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
MP     := $(VENV)/bin/micropython
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: play test test-fast venv clean

$(VENV)/.ok: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

venv: $(VENV)/.ok

play: venv
	$(VPY) tools/play.py

test: venv
	$(VPY) -m pytest -q -n 2 tests

clean:
	rm -rf $(VENV) build .pytest_cache
