# The two commands a newcomer needs: `make run` (set up, start the server) and `make test`
# (set up, install what the tests need, run every test). Everything else is a helper of those.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: run test test-layout test-deps bench bench-deck bench-load bench-scale bench-gc bench-sockets bench-push bench-peers \
	fuzz cluster lint \
	clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(INSTALLED)
	$(BIN)/python -m app

# Several instances on this machine: redis-server, N app instances and HAProxy in front.
cluster: $(INSTALLED) test-deps
	$(BIN)/python -m app.cluster --instances $(or $(INSTANCES),3)

# Chromium (for the browser tests), fonts it renders Bengali and emoji with (the layout
# guard measures real text), redis-server (the Redis store tests) and HAProxy (the scale-out
# tests) come from Debian's packages; nothing is downloaded by Playwright itself.
test-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || missing="$$missing haproxy"; \
	fc-list :lang=bn 2>/dev/null | grep -q . || missing="$$missing fonts-lohit-beng-bengali"; \
	fc-list 2>/dev/null | grep -qi "color emoji" || missing="$$missing fonts-noto-color-emoji"; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing from Debian's packages"; \
		$(SUDO) apt-get install -y --no-install-recommends $$missing >/dev/null 2>&1 || \
		{ $(SUDO) apt-get update >/dev/null && $(SUDO) apt-get install -y --no-install-recommends $$missing; }; \
	fi

test: $(INSTALLED) test-deps lint
	$(BIN)/python -m pytest

# The layout guard in every language for every game (make test runs one language per game).
test-layout: $(INSTALLED) test-deps
	GAMENIGHT_LAYOUT=full $(BIN)/python -m pytest tests/browser/test_layout.py

# Engine speed (seconds); the server under load against a bare broadcast server (minutes).
bench: $(INSTALLED)
	$(BIN)/python bench/rules_bench.py
	$(BIN)/python bench/dixit_bench.py
	$(BIN)/python bench/encore_bench.py

# Bots on a host's own uploaded pictures: how often voters find the story card, vs chance.
bench-deck: $(INSTALLED)
	$(BIN)/python bench/dixit_custom_bots.py

bench-load: $(INSTALLED)
	$(BIN)/python bench/load.py

# 1, 2 and 3 instances behind HAProxy with Redis: CPU per move, saturated rate, start-up.
bench-scale: $(INSTALLED) test-deps
	$(BIN)/python bench/scale.py

# gamenight against boardgame.io and Colyseus on one hidden-hand game (bench/peers/README.md):
# medians of 3 alternating runs at 50, 200 and 500 rooms, with the stack's floor (py-floor,
# bench/peers/floor_server.py) as a fourth system (about an hour); QUICK=1: one run
# at 50 rooms (a few minutes). npm packages and a venv go to PEERS_SCRATCH (/tmp/peers-bench).
PEERS_SYSTEMS ?= gn-sqlite,py-floor,bgio,colyseus
bench-peers:
	bench/peers/run.sh --systems $(PEERS_SYSTEMS) $(if $(QUICK),--rooms 50 --reps 1 \
		--saturate 10 --paced 10 --wait-load 100,--rooms 50,200,500 --reps 3 --wait-load 3)

# What one open WebSocket costs the server in traced Python memory, by the file allocating it.
bench-sockets: $(INSTALLED)
	$(BIN)/python bench/socket_memory.py

# How long a move waits for its save before its push, file against :memory:, by load.
bench-push: $(INSTALLED)
	$(BIN)/python bench/durable_push.py

# Garbage-collector policies: memory per closed socket and the longest pause (minutes).
bench-gc: $(INSTALLED)
	$(BIN)/python bench/gc_sockets.py

# The protocol fuzzer, long: 100,000 hostile and well-formed messages, then its figures.
fuzz: $(INSTALLED)
	$(BIN)/python -m tests.app.fuzz --messages 100000

# TypeScript (pinned in tests/js/package-lock.json, used by nothing but lint) type-checks the
# plain ES modules in static/js from their JSDoc; `npm ci` runs again only when the lock changes.
JS := tests/js
TSC := $(JS)/node_modules/.bin/tsc

$(JS)/node_modules/.installed: $(JS)/package.json $(JS)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "Installing nodejs and npm from Debian's packages"; \
		$(SUDO) apt-get install -y --no-install-recommends nodejs npm >/dev/null 2>&1 || \
		{ $(SUDO) apt-get update >/dev/null && $(SUDO) apt-get install -y --no-install-recommends nodejs npm; }; }
	cd $(JS) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

lint: $(INSTALLED) $(JS)/node_modules/.installed
	$(BIN)/ruff check rules app tests bench
	$(BIN)/mypy
	$(TSC) -p $(JS)/tsconfig.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
