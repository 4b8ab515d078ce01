# Two commands set everything up: `make serve` and `make test`.
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
STAMP  := $(VENV)/.installed

.PHONY: serve play test test-fast bench lint install system-deps clean native clean-native test-native

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[dev,interop,ray,lab]'
	touch $(STAMP)

# Native modules (mypyc, docs/native.md) are opt-in: `make install SOULFORGE_NATIVE=1` builds
# them when a C compiler is present; without either, the pure-Python package is installed.
SOULFORGE_NATIVE ?= 0

install: $(STAMP)
	@if [ "$(SOULFORGE_NATIVE)" = "1" ]; then \
	  if command -v cc >/dev/null 2>&1; then $(MAKE) native; \
	  else echo "SOULFORGE_NATIVE=1 but no C compiler: pure-Python package"; fi; \
	fi

# Compile the measured module list in place (.so beside each .py); clean-native restores pure.
native: $(STAMP)
	$(PY) tools/build_native.py

# The golden games, seeded AI records, core and conformance tests run compiled, then the same
# tests pure from the same tree (SOULFORGE_PURE=1 skips the .so files): issue 32's "both run by
# the golden tests". The build takes minutes (docs/native.md); `make test` runs everything pure.
test-native: native
	$(PY) -m pytest -n 2 -p no:cacheprovider tests/golden/test_golden.py tests/core tests/conformance
	SOULFORGE_PURE=1 $(PY) -m pytest -n 2 -p no:cacheprovider tests/golden/test_golden.py tests/core tests/conformance

clean-native:
	find soulforge -name '*.so' -delete
	rm -rf build/native

# Debian's Chromium (browser tests), PostgreSQL (storage tests) and nginx (several servers
# behind one proxy, docs/nginx.conf); needs root, as in CI.
system-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 \
	    || ! test -x /usr/sbin/nginx; then \
	  apt-get update -q && apt-get install -y -q chromium postgresql nginx; \
	fi

serve: install
	$(VENV)/bin/soulforge serve

play: install
	$(VENV)/bin/soulforge play five_realms --vs ismcts

# Bytecode is written even where the environment turns it off (PYTHONDONTWRITEBYTECODE): each
# worker, and each server or worker process a test starts, otherwise compiles every module and
# rewrites every test module's asserts anew (collection 8.4 s of CPU per worker, 4.3 s cached).
test: install system-deps
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n 2 --dist worksteal -p no:cacheprovider

test-fast: install
	$(PY) -m pytest -n 2 -m "not slow and not browser"

bench: install
	$(PIP) install -q -e '.[bench]' || echo "open-spiel unavailable: benchmark runs without the reference"
	$(PY) benchmarks/playout.py

lint: install
	$(VENV)/bin/ruff check soulforge tests benchmarks docs examples
	$(VENV)/bin/mypy

clean: clean-native
	rm -rf $(VENV) var .mypy_cache .ruff_cache
