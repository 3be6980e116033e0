PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint install system-deps bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'

run: install
	$(BIN)/mercator serve

system-deps:
	./scripts/system-deps.sh

test: system-deps install
	$(BIN)/ruff check src tests
	$(BIN)/pytest

bench: install
	$(BIN)/mercator bench constantinopolis --players 4 --games 200

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
