# Two commands do all set-up on a fresh machine:
#   make app   - create .venv, install, serve the lessons with Voilà on http://127.0.0.1:8866
#   make test  - create .venv, install the test dependencies, run every test
# Both are idempotent: a second run reinstalls nothing unless pyproject.toml changed.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT   ?= 8866

.PHONY: app test chromium bench clean help

help:
	@echo "make app    serve the lessons on http://127.0.0.1:$(PORT)"
	@echo "make test   run every test (installs Chromium from Debian's packages if missing)"
	@echo "make bench  print the speed figures (benchmarks/)"

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,test]'
	@touch $@

app: $(STAMP)
	@echo "Serving the lessons on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(VENV)/bin/voila --port=$(PORT) --no-browser lessons/

# Chromium for the browser tests comes from Debian's packages, never `playwright install`.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Chromium from Debian's packages"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

test: $(STAMP) chromium
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts
