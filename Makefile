# Pocket card console: simulator, tests, device bundle.
# `make sim` and `make test` create .venv from requirements.txt when missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MPY_CROSS ?=
CIRCUITPY ?=
# what a board is given: CircuitPython .mpy (FORMAT=py: the sources, to edit on the drive)
FORMAT ?= mpy
FORCE ?=

.PHONY: sim test test-long build flash release bench figures wiring gif lint golden fuzz clean web

# MicroPython's WebAssembly port for the browser build, pinned in
# web/package-lock.json (npm ci); without npm the web tests say they skipped
NPM_STAMP := web/node_modules/.installed

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $(STAMP)

# the checkout on the venv's path, so its python runs `python -m sim` from any folder
PTH := $(VENV)/.pth-installed
$(PTH): $(STAMP)
	$(BIN)/python -c 'import os, sysconfig; open(os.path.join(sysconfig.get_paths()["purelib"], "elevator-console.pth"), "w").write(os.getcwd() + "\n")'
	touch $(PTH)

$(NPM_STAMP): web/package-lock.json
	@if command -v npm >/dev/null; then \
		cd web && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	else echo "npm not found: the browser build and its tests are skipped"; fi

sim: $(PTH)
	$(BIN)/python -m sim

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# one pytest worker a core (two a core took 182 s to one's 168, with 16%
# more processor time: the long waits, the browser's matrix, went to
# test-long); tests marked xdist_group share a worker (the real-time link
# games, the text view's screens), and the work goes out in the files'
# order, groups too: the browser's page, slowed most by busy workers, comes
# last. Python's bytecode cache is on for the run even where the
# environment turns it off (PYTHONDONTWRITEBYTECODE): the suite starts some
# hundreds of Python processes, each of which would compile the simulator
# and the app again, and each worker would rewrite every test file's
# asserts again
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
test: $(PTH) $(NPM_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m compileall -q -j 0 code.py lib games hal sim tests
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -P -m pytest -q -n $(JOBS) --dist loadgroup \
		--no-loadscope-reorder -m "not long"

# the long runs make test leaves out (marked long: the browser's panels and
# keys, the deepest stack chain, the VM's long runs from .py), under a
# minute; CI runs both
test-long: $(PTH) $(NPM_STAMP)
	$(BIN)/python -m compileall -q -j 0 code.py lib games hal sim tests
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -P -m pytest -q -n $(JOBS) --dist loadgroup \
		--no-loadscope-reorder -m long

# the console for a browser: a static site in build/web (docs/web.md)
web: $(STAMP) $(NPM_STAMP)
	$(BIN)/python -m sim.web --out build/web

BUNDLE = $(BIN)/python -m sim.bundle --out build/CIRCUITPY --format $(FORMAT) \
	$(if $(MPY_CROSS),--mpy-cross $(MPY_CROSS))
build: $(PTH)
	$(BUNDLE)

flash: $(PTH)
	@test -n "$(CIRCUITPY)" || { echo "usage: make flash CIRCUITPY=/path/to/CIRCUITPY"; exit 2; }
	$(BUNDLE) --flash "$(CIRCUITPY)" $(if $(FORCE),--force)

# the whole drive as dist/elevator-console-VERSION.zip and its .sha256
release: $(PTH)
	$(BIN)/python -m sim.release --out dist

# draw the golden pictures of the key screens again (tests/golden/), after a
# deliberate change to a screen; look at the changed PNGs before committing
golden: $(STAMP)
	$(BIN)/python -m sim.golden --write

# the long random-button run: 1,000,000 presses (500,000 per panel, one
# process each, a random seed printed; FUZZ_SEED=S plays a run again); about
# 40 minutes on two cores. `make test` runs 2,000 presses per panel.
FUZZ_SEED ?= 0
fuzz: $(STAMP)
	$(BIN)/python -m sim.fuzz --presses 500000 --seed $(FUZZ_SEED)

# memory, bus, speed and strength figures, a few minutes: build/bench.json
# and the page docs/figures.md drawn from it
bench: $(STAMP)
	$(BIN)/python -m sim.bench --out build/bench.json

# docs/figures.md again from the last build/bench.json, measuring nothing
figures: $(STAMP)
	$(BIN)/python -m sim.bench --render build/bench.json

# the wiring diagrams of docs/hardware.md, from hal/profiles.py
wiring: $(STAMP)
	$(BIN)/python -m sim.wiring --out docs/

# the README's animated GIF: a game played by the autopilot from the title
# screen to the results, recorded by the simulator
GIF_GAME ?= --game roller-coaster --players 3 --seed 7
gif: $(STAMP)
	mkdir -p build
	$(BIN)/python -m sim --headless $(GIF_GAME) --autoplay --scale 3 --record docs/demo.gif > build/gif.txt
	@grep '^recorded' build/gif.txt
	@echo "docs/demo.gif: $$(wc -c < docs/demo.gif) bytes"

clean:
	rm -rf build
