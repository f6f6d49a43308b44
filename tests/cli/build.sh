#!/usr/bin/env bash
# build.sh - the build and the ABI (issue 13):
#  - the shared libraries export only documented wy_ names: every dynamic
#    symbol they define is a function declared WY_API in include/*.h, and
#    every WY_API function is exported by exactly one of them;
#  - every other global name of a library's archive starts with the
#    library's internal prefix (docs/conventions.md): wyi_ for the core,
#    ck_ for the claims;
#  - each has a versioned SONAME (libX.so.MAJOR, MAJOR from WY_VERSION) and
#    the links libX.so.MAJOR and libX.so; the layers need the core, and only
#    libwythoff-plot needs libpng;
#  - the user's CFLAGS, CPPFLAGS and LDFLAGS are added to the project's:
#    `make CFLAGS=-O3` still compiles C11 with the warnings, hidden symbols
#    and threads, `make CPPFLAGS=-DNDEBUG` still finds include/;
#  - two checkouts at different paths build a byte-identical shared core
#    library (normal build only: the sanitizer run skips it; compiled with
#    -O0 -g, a third of the time: a path would come in through the debug
#    information and __FILE__, whatever the optimisation; WY_TEST_BIG=1: the
#    project's -O2 -g); the archives hold no timestamps, owners or modes
#    (ar D).
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

version=$(sed -n 's/^#define WY_VERSION "\(.*\)"/\1/p' include/wythoff.h)
major=${version%%.*}
# the functions declared WY_API
sed -n 's/^WY_API [^(]*\b\(wy_[a-z0-9_]*\)(.*/\1/p' include/*.h | sort -u >"$tmp/api"
[ -s "$tmp/api" ] && pass "include/*.h declare $(wc -l <"$tmp/api") WY_API functions" || fail "no WY_API function found"

: >"$tmp/exported"
for lib in libwythoff libwythoff-check libwythoff-plot; do
  so=$build/$lib.so.$version
  if [ ! -f "$so" ]; then
    fail "$so is missing"
    continue
  fi
  nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVWi]$/ {print $3}' | sort >"$tmp/$lib.syms"
  extra=$(comm -23 "$tmp/$lib.syms" "$tmp/api")
  [ -z "$extra" ] && pass "$lib exports only WY_API functions ($(wc -l <"$tmp/$lib.syms"))" ||
    fail "$lib exports names that are not WY_API functions: $(echo $extra | head -c 300)"
  cat "$tmp/$lib.syms" >>"$tmp/exported"
  soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "$lib.so.$major" ] && pass "$lib: SONAME $soname" || fail "$lib: SONAME '$soname', expected $lib.so.$major"
  [ "$(readlink "$build/$lib.so")" = "$lib.so.$version" ] && [ "$(readlink "$build/$lib.so.$major")" = "$lib.so.$version" ] &&
    pass "$lib: links $lib.so and $lib.so.$major" || fail "$lib: the links $lib.so, $lib.so.$major"
  needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  case $lib in
    libwythoff) grep -q png <<<"$needed" && fail "the core needs libpng: $needed" || pass "the core does not need libpng" ;;
    *) grep -q "libwythoff.so.$major" <<<"$needed" && pass "$lib needs the core ($needed)" || fail "$lib: NEEDED $needed" ;;
  esac
done

# the internal names: the archives hold the hidden ones too (compilers'
# own symbols start with "__")
for lp in libwythoff:wyi_ libwythoff-check:ck_ libwythoff-plot:pl_; do
  lib=${lp%%:*} pre=${lp#*:}
  nm -g --defined-only "$build/$lib.a" | awk 'NF == 3 {print $3}' | sort -u | comm -23 - "$tmp/api" |
    grep -v -e "^$pre" -e '^__' >"$tmp/odd"
  [ -f "$build/$lib.a" ] && [ ! -s "$tmp/odd" ] && pass "$lib: every name that is not WY_API starts with $pre" ||
    fail "$lib: names neither WY_API nor $pre*: $(head -c 300 "$tmp/odd" | tr '\n' ' ')"
done
missing=$(sort "$tmp/exported" | comm -13 - "$tmp/api")
[ -z "$missing" ] && pass "every WY_API function is exported" || fail "WY_API functions not exported: $missing"
dup=$(sort "$tmp/exported" | uniq -d)
[ -z "$dup" ] && pass "no function is exported twice" || fail "exported twice: $dup"

# --- user flags -------------------------------------------------------------
line=$(make -n -B BUILD="$tmp/b" CFLAGS=-O3 "$tmp/b/pic/src/core/rules.o" 2>/dev/null | grep -- '-c src/core/rules.c')
ok=1
for f in -std=c11 -Wall -Wextra -pthread -fvisibility=hidden -Iinclude -O3; do
  grep -q -- "$f" <<<"$line" || { ok=0; fail "make CFLAGS=-O3 drops $f: $line"; }
done
[ "$ok" = 1 ] && pass "make CFLAGS=-O3 keeps the project's flags and adds -O3 last"
case $line in *-O2*-O3*) pass "the user's -O3 comes after the project's -O2" ;; *) fail "order of -O2/-O3: $line" ;; esac
line=$(make -n -B BUILD="$tmp/b" CPPFLAGS=-DNDEBUG "$tmp/b/pic/src/core/rules.o" 2>/dev/null | grep -- '-c src/core/rules.c')
grep -q -- -Iinclude <<<"$line" && grep -q -- -DNDEBUG <<<"$line" && pass "make CPPFLAGS=-DNDEBUG keeps -Iinclude" ||
  fail "make CPPFLAGS=-DNDEBUG: $line"
line=$(make -n -B BUILD="$tmp/b" LDFLAGS=-Wl,-O1 "$tmp/b/wythoff" 2>/dev/null | grep -- '-o '"$tmp/b/wythoff")
grep -q -- -pthread <<<"$line" && grep -q -- -Wl,-O1 <<<"$line" && pass "make LDFLAGS=... keeps -pthread" ||
  fail "make LDFLAGS: $line"

# --- reproducible builds ----------------------------------------------------
if [ "${WY_TEST_SAN:-0}" != 1 ]; then
  # the shared core library (every object is compiled with the same flags;
  # its debug information would hold the checkout's path)
  for d in a another/deeper-checkout; do
    mkdir -p "$tmp/$d"
    # the sources (git's list in a checkout; the files themselves in an
    # unpacked `git archive`, which has no .git)
    if in_checkout; then
      git ls-files -z -- Makefile include src
    else
      find Makefile include src -type f -print0
    fi | xargs -0 cp --parents -t "$tmp/$d"
    opt=(WY_OPT="-O0 -g")
    [ "${WY_TEST_BIG:-0}" = 1 ] && opt=()
    (cd "$tmp/$d" && make -s -j2 "${opt[@]}" build/libwythoff.so >/dev/null 2>&1) || fail "build in '$tmp/$d' failed"
  done
  for f in "libwythoff.so.$version"; do
    cmp -s "$tmp/a/build/$f" "$tmp/another/deeper-checkout/build/$f" &&
      pass "$f: byte-identical from two checkouts" || fail "$f differs between two checkouts"
  done
fi
for a in libwythoff.a libwythoff-check.a libwythoff-plot.a; do
  stamps=$(ar tv "$build/$a" | grep -vc ' 0/0 .* 1970 ')
  [ "$stamps" -eq 0 ] && pass "$a: no timestamps or owners (ar D)" || fail "$a: $stamps members with timestamps or owners"
done
finish
