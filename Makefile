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
# 127.0.0.1 serves this computer only; IP=0.0.0.0 serves a classroom's network.
IP     ?= 127.0.0.1
# The web app's settings live in etc/jupyter/voila.json, its offline page template in
# share/jupyter/voila/templates/cardkit; these two paths let Voilà find both.
VOILA_ENV := JUPYTER_CONFIG_PATH="$(CURDIR)/etc/jupyter" JUPYTER_PATH="$(CURDIR)/share/jupyter"
# Test processes `make test` runs side by side (pytest-xdist, --dist loadscope: a module or a test
# class stays on one worker, in order; a notebook too, its cells in one kernel).
WORKERS ?= 2
# How many learners `make load` simulates, one run per number.
LEARNERS ?= 10 20 30
# Classroom mode: CLASS=30 LESSON=least_score/05_probability.ipynb [DEAL=K7Q-29X] pre-heats that
# lesson for the whole class before it arrives (see README, "Teaching a class").
CLASS  ?=
LESSON ?=
DEAL   ?=
# LANG=vi: the class's language (a shipped one). Only LANG given to make counts: the shell's
# own LANG (usually C.UTF-8, a locale, not a lesson language) is ignored.
LANG_ARG := $(if $(filter command line,$(origin LANG)),--lang=$(LANG))
CLASS_ARGS := $(if $(CLASS),--class-size=$(CLASS)) $(if $(LESSON),--lesson=$(LESSON)) $(if $(DEAL),--deal=$(DEAL)) $(LANG_ARG)

.PHONY: app test test-browser chromium bench load lessons clean help static static-serve

help:
	@echo "make app    serve the lessons on http://127.0.0.1:$(PORT)"
	@echo "make test   run every test (installs Chromium from Debian's packages if missing)"
	@echo "make test-browser   only the browser tests (Voilà + Chromium)"
	@echo "make bench  print the speed figures (benchmarks/)"
	@echo "make app CLASS=30 LESSON=least_score/05_probability.ipynb [DEAL=K7Q-29X] IP=0.0.0.0   teach a class"
	@echo "make load   classroom load figures: LEARNERS='10 20 30' learners arriving at once"
	@echo "make lessons  re-run every lesson and store it with its outputs (after a change that alters them)"
	@echo "make app LANG=vi   serve the lessons in a shipped language by default"
	@echo "make static   build site/: every lesson as a static site (Python in the browser), for any web host"
	@echo "make static-serve   serve site/ on http://127.0.0.1:$(STATIC_PORT) (this computer only)"

$(STAMP): pyproject.toml
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,test]'
	@touch $@

app: $(STAMP)
	@echo "Starting the lessons web app on port $(PORT) (Ctrl-C stops); it prints the address to open"
	$(VOILA_ENV) $(PY) -m cardkit.app --port=$(PORT) --Voila.ip=$(IP) $(CLASS_ARGS)

# Chromium for the browser tests comes from Debian's packages, never `playwright install`.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Chromium from Debian's packages"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# JupyterHub's proxy, from npm's registry, for the real-hub test.
CHP := $(VENV)/node/node_modules/.bin/configurable-http-proxy
$(CHP):
	npm install --prefix $(VENV)/node configurable-http-proxy --no-audit --no-fund --silent

test: $(STAMP) chromium $(CHP)
	$(PY) -m pytest -n $(WORKERS) --dist loadscope --durations=40 --junitxml=test-artifacts/junit.xml

test-browser: $(STAMP) chromium $(CHP)
	$(PY) -m pytest -m browser tests/browser

bench: $(STAMP)
	$(PY) benchmarks/run_all.py

# Classroom figures: LEARNERS arriving at once on the wire (no browser cost), then a browser run.
load: $(STAMP) chromium
	$(PY) benchmarks/load_classroom.py $(LEARNERS)
	$(PY) benchmarks/load_voila.py 5 10 --class-size

# Lessons are stored executed (strict nbval compares them); widget state is not stored.
# The English sources (lessons/*.ipynb, lessons/<game>/*.ipynb) first, then every shipped
# language's pages rendered from them (lessons/<lang>/…), executed with their outputs.
lessons: $(STAMP)
	@for nb in lessons/*.ipynb lessons/least_score/*.ipynb lessons/tien_len/*.ipynb; do \
	  echo "executing $$nb"; \
	  CARDKIT_REMEMBER=record $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done
	$(PY) -m cardkit.i18n.lessons extract
	$(PY) -m cardkit.i18n.lessons render

# The static site (README, "Sharing the lessons"): built with its own pinned tools in static/.build,
# Pyodide from npm, the browser's wheels from PyPI; nothing is fetched when the site runs.
STATIC_PORT ?= 8000
static:
	$(PYTHON) static/build.py --out site

static-serve:
	@[ -f site/index.html ] || $(MAKE) static
	$(PYTHON) static/serve.py --dir site --ip 127.0.0.1 --port $(STATIC_PORT)

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts site static/.build
