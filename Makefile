# chessviz: `make run` serves the app, `make test` runs every test. Both set up what they need.
PYTHON ?= python3
VENV   ?= .venv
HOST   ?= 127.0.0.1
PORT   ?= 5000
WORKERS ?= 2
PYTEST_ARGS ?=
# The test targets keep Python's compiled files (and pytest's rewritten ones) even where the environment
# says not to (PYTHONDONTWRITEBYTECODE): without them each worker compiles every module again, half its start.
test test-fast test-js: export PYTHONDONTWRITEBYTECODE =
# The suite runs in one worker more than there are cores (pytest-xdist, at most four workers, each
# with its own app, server and Chromium): a browser test spends part of its time waiting (for a page,
# a server it started, a benchmark's run), and the extra worker fills those waits. On a 2-core
# machine: 364 s with two workers, 341 and 345 s with three (the cores busy 98 % of the run);
# test-fast takes the same either way. JOBS=0 runs it in one process, JOBS=4 in four.
JOBS ?= $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else os.cpu_count() + 1)')
PYTEST = $(BIN)/python -m pytest -n $(JOBS) --maxprocesses 4 --dist worksteal

BIN := $(VENV)/bin

.PHONY: run serve test test-js test-fast lint lint-python lint-js fuzz mutate mutate-sample mutate-js bench screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

# Development server for one laptop (Ctrl-C to stop); HOST and PORT override the address.
# Debug mode: it restarts when a Python or data file changes and serves edited templates and
# static files at once, with no answer memo, no prepared answers and no long caching.
DATA_FILES = $(subst $(eval) ,:,$(wildcard chessviz/data/*.toml chessviz/data/*/*.js))
run: $(VENV)/.runtime
	$(BIN)/flask --app app --debug run --no-debugger --extra-files "$(DATA_FILES)" --host $(HOST) --port $(PORT)

# Classroom server: gunicorn with WORKERS gevent workers, on every interface unless HOST is
# given (make serve HOST=127.0.0.1); prints the addresses students can type, logs each request.
serve: $(VENV)/.runtime
	$(BIN)/python -m chessviz.web.serve --host $(if $(filter command line environment,$(origin HOST)),$(HOST),0.0.0.0) --port $(PORT) --workers $(WORKERS)

# The whole suite, browser tests in headless Chromium included, after the JavaScript unit tests.
test: $(VENV)/.dev test-js
	browser="$$(scripts/ensure-chromium $(VENV))" && CHROMIUM_PATH="$$browser" $(PYTEST) $(PYTEST_ARGS)

# The pure JavaScript modules' unit tests (tests/js, Node's own test runner), held to values the
# Python core writes first (tests/js/core_fixture.py, made again when the core or its data change).
JS_FIXTURE := tests/js/fixtures/core.json
$(JS_FIXTURE): tests/js/core_fixture.py templates/_words.html $(wildcard chessviz/*.py chessviz/web/*.py chessviz/data/*.toml chessviz/data/*/*.js) | $(VENV)/.dev
	$(BIN)/python tests/js/core_fixture.py $@

test-js: $(JS_FIXTURE)
	node --test tests/js/

# The browser tests, keeping a picture of every page they check in screenshots/ (to be looked at).
screenshots: export PYTHONDONTWRITEBYTECODE =
screenshots: $(VENV)/.dev
	browser="$$(scripts/ensure-chromium $(VENV))" && CHROMIUM_PATH="$$browser" CHESSVIZ_SCREENSHOTS=1 $(PYTEST) -m "browser and not bench" $(PYTEST_ARGS)

# The quick loop before a commit: not the browser tests, the benchmarks' smoke runs, the tests that
# start the app's servers nor the fuzzing (its module, which builds the API document as it is
# collected, is left out whole); of each sweep over every pair of squares its first part, an eighth
# of the pairs (tests/sweeps.py). `make test` runs them all.
test-fast: $(VENV)/.dev
	$(PYTEST) --ignore tests/test_fuzz.py -m "not browser and not bench and not server and not exhaustive" $(PYTEST_ARGS)

# Every linter and formatter check; CI runs it before the tests.
lint: lint-python lint-js

# Python: ruff's linter and its formatter in check mode (settings in pyproject.toml).
lint-python: $(VENV)/.dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Mutation testing of chessviz/ (core and web) against the non-browser tests; slow, not part of
# `make test`. Results are cached in mutants/ (rm -rf mutants for a fresh run); docs/mutation.md
# explains each survivor. MUTATE_CHILDREN parallel workers; MUTANTS narrows the run, e.g.
# MUTANTS='chessviz.lines*'.
MUTATE_CHILDREN ?= 2
MUTANTS ?=
mutate: $(VENV)/.dev
	$(BIN)/python scripts/mutation-score --survivors $(MUTANTS) | xargs -r $(BIN)/mutmut run --max-children $(MUTATE_CHILDREN)
	$(BIN)/mutmut run --max-children $(MUTATE_CHILDREN) $(MUTANTS)
	$(BIN)/python scripts/mutation-score

# A seeded uniform sample of SAMPLE mutants, run and scored alone, with the confidence interval
# of the whole score: the whole run takes hours. The first mutmut run only makes the mutants
# and stops (no mutant has that name, which it reports as an error); survivors are run again.
SAMPLE ?= 600
mutate-sample: $(VENV)/.dev
	-$(BIN)/mutmut run --max-children $(MUTATE_CHILDREN) 'chessviz.no_mutant_is_named_this*' > /dev/null 2>&1
	$(BIN)/python scripts/mutation-score --draw $(SAMPLE) > mutants/sample.txt
	$(BIN)/python scripts/mutation-score --draw $(SAMPLE) --to-run | xargs -r $(BIN)/mutmut run --max-children $(MUTATE_CHILDREN)
	$(BIN)/python scripts/mutation-score --sample mutants/sample.txt

# Mutation testing of static/js's pure modules against tests/js (StrykerJS, pinned in
# tools/stryker/package.json; installed by npm on first use). Fails below 85 % killed; the report
# is tools/stryker/reports/mutation.html, the score and survivors in docs/mutation.md.
STRYKER := tools/stryker/node_modules/.bin/stryker
$(STRYKER): tools/stryker/package.json tools/stryker/package-lock.json
	npm ci --prefix tools/stryker --no-audit --no-fund --silent
	touch $@

mutate-js: $(STRYKER) $(JS_FIXTURE)
	$(STRYKER) run tools/stryker/stryker.config.json

# JavaScript lint and format check (biome, pinned in tools/biome/package.json; installed by npm on first use).
BIOME := tools/biome/node_modules/.bin/biome
$(BIOME): tools/biome/package.json tools/biome/package-lock.json
	npm install --prefix tools/biome --no-audit --no-fund --silent
	touch $@

lint-js: $(BIOME)
	$(BIOME) check static/js tests/js tools/stryker/stryker.config.json

# Schemathesis over /api/openapi.json, FUZZ_EXAMPLES (1,000) generated queries per operation.
FUZZ_EXAMPLES ?= 1000
fuzz: $(VENV)/.dev
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:cacheprovider tests/test_fuzz.py $(PYTEST_ARGS)

bench: $(VENV)/.dev
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_server.py
	$(BIN)/python bench/bench_class.py
	browser="$$(scripts/ensure-chromium $(VENV))" && CHROMIUM_PATH="$$browser" $(BIN)/python bench/bench_bytes.py
	browser="$$(scripts/ensure-chromium $(VENV))" && CHROMIUM_PATH="$$browser" $(BIN)/python bench/bench_browser.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache mutants screenshots test-results tools/biome/node_modules tools/stryker/node_modules tools/stryker/reports tests/js/fixtures
