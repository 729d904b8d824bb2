# The two commands a newcomer needs: `make run` (set up, start the server) and `make test`
# (set up, install what the tests need, run every test). Everything else is a helper of those.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: run test test-deps bench bench-load bench-gc fuzz lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(INSTALLED)
	$(BIN)/python -m app

# Chromium (for the browser tests) and redis-server (for the Redis store tests) come from
# Debian's packages; nothing is downloaded by Playwright itself.
test-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing from Debian's packages"; \
		$(SUDO) apt-get install -y --no-install-recommends $$missing >/dev/null 2>&1 || \
		{ $(SUDO) apt-get update >/dev/null && $(SUDO) apt-get install -y --no-install-recommends $$missing; }; \
	fi

test: $(INSTALLED) test-deps lint
	$(BIN)/python -m pytest

# Engine speed (seconds); the server under load against a bare broadcast server (minutes).
bench: $(INSTALLED)
	$(BIN)/python bench/rules_bench.py
	$(BIN)/python bench/dixit_bench.py
	$(BIN)/python bench/encore_bench.py

bench-load: $(INSTALLED)
	$(BIN)/python bench/load.py

# Garbage-collector policies: memory per closed socket and the longest pause (minutes).
bench-gc: $(INSTALLED)
	$(BIN)/python bench/gc_sockets.py

# The protocol fuzzer, long: 100,000 hostile and well-formed messages, then its figures.
fuzz: $(INSTALLED)
	$(BIN)/python -m tests.app.fuzz --messages 100000

lint: $(INSTALLED)
	$(BIN)/ruff check rules app tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
