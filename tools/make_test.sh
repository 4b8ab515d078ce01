#!/usr/bin/env bash
# `make test` (docs/native.md, "The default, and CI"): the whole suite against the installed
# package (compiled when the native build succeeds), and, when native is asked for, the pure
# pass (SOULFORGE_PURE=1: the golden games, seeded AI records and the tests compiled code
# cannot run) started BESIDE the native build, at a lower priority: it needs no compiled
# module, and it fills the cores the build leaves idle (mypyc's single-threaded part, the last
# library compiling alone) instead of running after the suite. Its output comes at the end.
#   tools/make_test.sh PYTHON NATIVE(0|1) PURE_AGAIN...
set -uo pipefail
PY=$1 NATIVE=$2
shift 2
# Bytecode is written even where the environment turns it off (see the Makefile).
unset PYTHONDONTWRITEBYTECODE
mkdir -p build
pure_pid=""
if [ "$NATIVE" != "0" ]; then
  echo "pure pass (golden games, seeded AI records, Soulgivers' inlined bytecode, the tests that" \
       "patch modules, compiled modules' doctests) started beside the native build; its output at the end"
  # shellcheck disable=SC2046 (the module list is one word per module)
  SOULFORGE_PURE=1 nice -n 10 "$PY" -m pytest -n 2 --dist worksteal -p no:cacheprovider "$@" \
    $("$PY" tools/build_native.py --list) > build/pure-pass.log 2>&1 &
  pure_pid=$!
fi
make --no-print-directory install SOULFORGE_NATIVE="$NATIVE" || exit 2
"$PY" tools/build_native.py --check
"$PY" -m pytest -n 2 --dist worksteal -p no:cacheprovider
suite=$?
pure=0
if [ -n "$pure_pid" ]; then
  wait "$pure_pid"
  pure=$?
  echo "the pure pass:"
  cat build/pure-pass.log
fi
exit $(( suite != 0 || pure != 0 ))
