# deckwright: every target creates .venv from pyproject.toml when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DW := $(BIN)/deckwright
SEEDS ?= ../shared/seeds

.PHONY: demo test test-slow lint check proofs sheets bench clean typecheck

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@

demo: $(VENV)/.installed  ## check every shipped pack, build proofs and reference sheets into build/
	$(DW) build --sources $(SEEDS)

test: $(VENV)/.installed  ## run the test suite (all but the slow tests), one worker per core
	$(BIN)/python -m pytest -n auto -m "not slow"

test-slow: $(VENV)/.installed  ## run only the slow tests (CI runs them after `make test`)
	$(BIN)/python -m pytest -n auto -m slow

lint: $(VENV)/.installed
	$(DW) lint

check: $(VENV)/.installed
	$(DW) check --sources $(SEEDS)

proofs: $(VENV)/.installed
	$(DW) proof

sheets: $(VENV)/.installed
	$(DW) sheets --sources $(SEEDS)

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

clean:
	rm -rf build .deckwright-cache
