#!/usr/bin/env bash
# The Python package installs like one, offline (docs/python.md#install):
# for python3 on PATH and Debian's /usr/bin/python3 (when it is another
# interpreter), a fresh `python3 -m venv` (by default one that sees the
# interpreter's own pip: --without-pip --system-site-packages; WY_TEST_BIG=1
# or no pip beside the interpreter: with nothing but the pip ensurepip
# brings), no network (PIP_NO_INDEX=1), then
#   - PATH's:   `pip install DIR` (build isolation: the in-tree backend
#               python/build_backend/ requires nothing);
#   - Debian's: `pip install --no-build-isolation SDIST` (the sdist the
#               backend writes);
# the module imported from the venv computes Wythoff's P-positions, checked
# against a_n = floor(n*phi) in integer arithmetic ((n + isqrt(5 n^2)) // 2,
# b_n = a_n + n), and Nim's values against x XOR y; its docstring names
# wythoff.docs(), the installed manual, whose bytes are docs/python.md's;
# the move kinds are 'first'/'second'; `pip uninstall -y wythoff` leaves
# nothing of it in site-packages; the build leaves nothing in the tree.
# The tree is a copy of what the build needs (the checkout is not touched).
# The compiler runs with CFLAGS=-O0 -g0 (half the time; what is checked is
# the packaging; `make python`'s optimised module is tests/cli/python.sh's);
# WY_TEST_BIG=1: the backend's own flags.  The two builds share the
# library's objects (WYTHOFF_BUILD_CACHE, the backend's docstring: the
# second interpreter compiles only python/*.c when the compiler and flags are
# the same; checked: the cache holds one object per library source, or a set
# per compiler).
# Skipped under the sanitizers.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh

if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: python-pkg: packaging does not exercise the sanitizers (run in the normal build)"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-pypkg.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
export TMPDIR=$tmp WYTHOFF_BUILD_CACHE=$tmp/objcache
unset PYTHONPATH PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_FIND_LINKS PIP_REQUIRE_VIRTUALENV
[ "${WY_TEST_BIG:-0}" = 1 ] || export CFLAGS="${CFLAGS:+$CFLAGS }-O0 -g0"

# the tree, as the build needs it
t=$tmp/tree
mkdir -p "$t/src" "$t/docs"
cp -R pyproject.toml LICENSE README.md include python "$t/" &&
  cp -R src/core src/check src/plot "$t/src/" && cp docs/*.md "$t/docs/" || { fail "python-pkg: copy the tree"; exit 1; }
find "$t" -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null
listing() { (cd "$t" && find . | LC_ALL=C sort); }
listing >"$tmp/before"

# the interpreters: python3 on PATH, /usr/bin/python3 when it is another
pys=()
seen=
for c in python3 /usr/bin/python3; do
  p=$(command -v "$c" 2>/dev/null) || continue
  real=$("$p" -c 'import os, sys; print(os.path.realpath(sys.executable)) if sys.version_info >= (3, 8) else print("old")' 2>/dev/null) || continue
  if [ "$real" = old ]; then echo "skip: python-pkg: $p is older than Python 3.8"; continue; fi
  case " $seen " in *" $real "*) continue ;; esac
  seen="$seen $real"
  pys+=("$p")
done
[ ${#pys[@]} -gt 0 ] || { echo "skip: python-pkg: no python3 on PATH and no /usr/bin/python3"; exit 0; }

# The sdist (the backend's build_sdist, run by the first interpreter): what a
# build needs, the version of include/wythoff.h in PKG-INFO.
V=$(sed -n 's/^#define WY_VERSION "\(.*\)"/\1/p' include/wythoff.h)
sd=$(cd "$t" && "${pys[0]}" -c 'import sys; sys.path.insert(0, "python/build_backend"); import wythoff_build as b; print(b.build_sdist(sys.argv[1]))' "$tmp/sdist" 2>"$tmp/sdist.err")
members=$(tar tzf "$tmp/sdist/$sd" 2>/dev/null)
ncore=$(ls src/core/*.c | wc -l)
if [ "$sd" = "wythoff-$V.tar.gz" ] && [ "$(grep -c "^wythoff-$V/src/core/.*\.c$" <<<"$members")" -eq "$ncore" ] &&
  grep -qx "wythoff-$V/python/build_backend/wythoff_build.py" <<<"$members" &&
  grep -qx "wythoff-$V/docs/python.md" <<<"$members" && grep -qx "wythoff-$V/pyproject.toml" <<<"$members" &&
  tar xzOf "$tmp/sdist/$sd" "wythoff-$V/PKG-INFO" | grep -qx "Version: $V"; then
  pass "python-pkg: build_sdist writes $sd with the sources ($ncore of src/core), the backend, the manual, Version $V"
else
  fail "python-pkg: build_sdist: '$sd' ($(head -c 300 "$tmp/sdist.err"))"
fi

# what the installed module computes, and against what
cat >"$tmp/check.py" <<'EOF'
import math, os, sys
import wythoff
venv, tree = sys.argv[1], sys.argv[2]
here = os.path.realpath(wythoff.__file__)
assert here.startswith(os.path.realpath(venv) + os.sep), "imported from " + here
def pair(n):  # (floor(n phi), floor(n phi^2)) in integers
    a = (n + math.isqrt(5 * n * n)) // 2
    return a, a + n
N = 300
want = sorted({p for n in range(N) for p in (pair(n), pair(n)[::-1]) if max(p) < N})
assert list(wythoff.ppos("wythoff", size=N)) == want, "P-positions of the window"
n0 = 10**30
got = list(wythoff.ppos("wythoff", start=n0, terms=3, index=True))
assert all((n, x, y) == (n,) + pair(n) for n, x, y in got), got
assert pair(got[0][0])[0] >= n0 > pair(got[0][0] - 1)[0], "the first pair from 10^30"
t = wythoff.table("nim", size=12)
assert all(t[x, y] == x ^ y for x in range(12) for y in range(12)), "Nim: x XOR y"
assert "wythoff.docs()" in wythoff.__doc__, "the docstring names wythoff.docs()"
d = wythoff.docs()
assert os.path.realpath(d) == os.path.join(os.path.dirname(here), "docs", "python.md"), d
with open(d, "rb") as f, open(os.path.join(tree, "docs", "python.md"), "rb") as g:
    assert f.read() == g.read(), "the installed manual is docs/python.md"
kinds = {str(m.kind) for m in wythoff.moves("wythoff", 3, 4).moves}
assert kinds == {"first", "second", "diag"}, kinds
print("ok", wythoff.__version__)
EOF

for i in "${!pys[@]}"; do
  py=${pys[$i]}
  v=$tmp/venv$i
  name=$("$py" -c 'import platform, sys; print("%s %s" % (sys.executable, platform.python_version()))')
  # By default the venv brings no pip of its own (ensurepip: 6 s of CPU an
  # interpreter): it sees the interpreter's site-packages, whose pip
  # installs into the venv (sys.prefix); WY_TEST_BIG=1, or an interpreter
  # without pip: a venv with the pip ensurepip brings.
  venv_args=()
  [ "${WY_TEST_BIG:-0}" = 1 ] || ! "$py" -m pip --version >/dev/null 2>&1 || venv_args=(--without-pip --system-site-packages)
  if ! "$py" -m venv ${venv_args[@]+"${venv_args[@]}"} "$v" >"$tmp/venv$i.log" 2>&1 || ! "$v/bin/python" -m pip --version >/dev/null 2>&1; then
    echo "skip: python-pkg: $name: no venv with pip ($(tail -n 1 "$tmp/venv$i.log"); Debian: python3-venv)"
    continue
  fi
  site=$("$v/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')
  if [ "$i" -eq 0 ]; then
    what="pip install DIR"
    args=("$t")
  else
    what="pip install --no-build-isolation $sd"
    args=(--no-build-isolation "$tmp/sdist/$sd")
  fi
  if (cd "$tmp" && "$v/bin/python" -m pip install -q "${args[@]}") >"$tmp/pip$i.log" 2>&1; then
    pass "python-pkg: $name: $what, offline (PIP_NO_INDEX=1)"
  else
    fail "python-pkg: $name: $what: $(tail -n 8 "$tmp/pip$i.log" | tr '\n' ' ')"
    continue
  fi
  out=$(cd "$tmp" && "$v/bin/python" "$tmp/check.py" "$v" "$t" 2>&1)
  if [ "$out" = "ok $V" ]; then
    pass "python-pkg: $name: the installed module: Wythoff's P-positions = (floor(n phi), floor(n phi^2)), Nim = x XOR y, wythoff.docs() the manual, kinds first/second"
  else
    fail "python-pkg: $name: the installed module: $out"
  fi
  if "$v/bin/python" -m pip uninstall -y -q wythoff >"$tmp/un$i.log" 2>&1; then
    left=$(cd "$site" && find . -iname '*wythoff*')
    if [ -z "$left" ] && ! (cd "$tmp" && "$v/bin/python" -c 'import wythoff' 2>/dev/null); then
      pass "python-pkg: $name: pip uninstall -y wythoff leaves nothing of it in site-packages"
    else
      fail "python-pkg: $name: after pip uninstall: $left"
    fi
  else
    fail "python-pkg: $name: pip uninstall: $(tail -n 3 "$tmp/un$i.log" | tr '\n' ' ')"
  fi
done

# one object per library source in the cache, whichever interpreters built
nlib=$(ls src/core/*.c src/check/*.c src/plot/*.c | wc -l)
ncache=$(find "$tmp/objcache" -name '*.o' 2>/dev/null | wc -l)
if [ "$ncache" -eq "$nlib" ]; then
  pass "python-pkg: the builds share the library's objects (WYTHOFF_BUILD_CACHE: $ncache objects, one per source)"
elif [ "$ncache" -gt 0 ] && [ $((ncache % nlib)) -eq 0 ]; then
  pass "python-pkg: WYTHOFF_BUILD_CACHE: $((ncache / nlib)) sets of the library's objects (the interpreters' compilers differ)"
else
  fail "python-pkg: WYTHOFF_BUILD_CACHE holds $ncache objects, not one per library source ($nlib)"
fi

if cmp -s "$tmp/before" <(listing); then
  pass "python-pkg: the builds left nothing in the tree"
else
  fail "python-pkg: the builds left in the tree: $(diff "$tmp/before" <(listing) | grep '^>' | head -n 5 | tr '\n' ' ')"
fi
finish
