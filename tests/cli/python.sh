#!/usr/bin/env bash
# The Python module (docs/python.md): builds it with `make python` for the
# interpreter that has pytest and runs python/tests/ (the module against the
# tool, exact formulas, the buffer protocol, errors, Ctrl-C, the GIL,
# pictures, the manual's examples, move kinds), one PASS/FAIL line per
# test.  When python3 on PATH is another interpreter, without pytest, the
# module is built for it too and checked by a few direct calls.
#
# The interpreter: $WY_PYTHON, else the first of python3 (PATH) and
# /usr/bin/python3 that imports pytest; none: a skip line.  Under the
# sanitizers (WY_TEST_SAN=1) it is skipped (ASan would have to be preloaded
# into the interpreter).  Nothing is written into the checkout but the
# build directory: bytecode off, pytest's cache off, its temporary files
# under TMPDIR.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
B=${WY_BUILD:-build}

if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: python: the module is tested in the normal build only (ASan would need LD_PRELOAD into python)"
  exit 0
fi

has_pytest() { "$1" -c 'import pytest' >/dev/null 2>&1; }
py=
if [ -n "${WY_PYTHON:-}" ]; then
  py=$WY_PYTHON
  has_pytest "$py" || { fail "python: WY_PYTHON=$py cannot import pytest"; exit 1; }
else
  for c in python3 /usr/bin/python3; do
    p=$(command -v "$c" 2>/dev/null) || continue
    if has_pytest "$p"; then py=$p; break; fi
  done
fi
if [ -z "$py" ]; then
  echo "skip: python: no interpreter with pytest (python3 on PATH, /usr/bin/python3; set WY_PYTHON)"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-python.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1

build_for() {  # interpreter: make python for it, PASS/FAIL
  if make -s python BUILD="$B" PYTHON="$1" WERROR=1 >"$tmp/make.log" 2>&1; then
    pass "make python PYTHON=$1 (-Wall -Wextra -Werror)"
  else
    fail "make python PYTHON=$1: $(tail -n 5 "$tmp/make.log" | tr '\n' ' ')"
    return 1
  fi
}

build_for "$py" || exit 1

# pytest, its results as PASS/FAIL/skip lines (python/tests/conftest.py);
# `pip install .` in fresh virtual environments is tests/cli/python-pkg.sh's
: >"$tmp/main.results"
PYTHONPATH="$B/python" WY_RESULTS="$tmp/main.results" WY_BUILD="$B" \
  "$py" -m pytest -p no:cacheprovider -q --basetemp="$tmp/main.pytest" python/tests >"$tmp/main.log" 2>&1
rc=$?
cat "$tmp/main.results"
p=$(grep -c '^PASS ' "$tmp/main.results")
f=$(grep -c '^FAIL ' "$tmp/main.results")
if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
  fail "python: pytest exited with $rc: $(tail -n 5 "$tmp/main.log" | tr '\n' ' ')"
elif [ "$rc" -ne 0 ]; then
  fails=$((fails + f))
  tail -n 40 "$tmp/main.log"
fi
[ "$p" -gt 0 ] || grep -q '^skip:' "$tmp/main.results" || fail "python: pytest ran no test"

# python3 on PATH, when it is another interpreter: the module for it too
pp=$(command -v python3 2>/dev/null)
if [ -n "$pp" ]; then
  real_pp=$("$pp" -c 'import sys; print(sys.executable)' 2>/dev/null)
  real_py=$("$py" -c 'import sys; print(sys.executable)' 2>/dev/null)
  if [ -n "$real_pp" ] && [ "$real_pp" != "$real_py" ]; then
    if build_for "$pp"; then
      out=$(PYTHONPATH="$B/python" "$pp" -c '
import wythoff
t = wythoff.table("wythoff+pass", size=9)
m = memoryview(t)
print(wythoff.__version__, wythoff.value("wythoff+pass", 7, 6).value, m.format, m.shape, m.tolist()[7][6],
      wythoff.value("wythoff", 10**40, 10**40).outcome)' 2>&1)
      want="$("$py" -c 'import re; print(re.search(r"WY_VERSION \"(.*)\"", open("include/wythoff.h").read()).group(1))') 0 H (9, 9) 0 N"
      if [ "$out" = "$want" ]; then
        pass "python: $real_pp (no pytest): import, value, table through memoryview"
      else
        fail "python: $real_pp: got '$out', expected '$want'"
      fi
    fi
  fi
fi
finish
