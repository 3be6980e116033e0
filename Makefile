PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint install system-deps bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

# Installs happen once per pyproject.toml (editable, so source changes need none): a stamp file per
# set of extras, so a second `make run` starts the app without pip.
$(VENV)/.installed-server: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[server]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed-server

install: $(VENV)/.installed-test

run: $(VENV)/.installed-server
	$(BIN)/mercator serve

system-deps:
	./scripts/system-deps.sh

test: system-deps install
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/pytest

bench: install
	$(BIN)/mercator bench constantinopolis --players 4 --games 200

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
