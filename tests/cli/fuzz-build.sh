#!/usr/bin/env bash
# fuzz-build.sh - the fuzz harnesses (tests/fuzz/README.md) cannot stop
# building or running unnoticed:
#  - every harness tests/fuzz/fuzz-NAME.c has its plain replay driver
#    $BUILD/tests/replay-fuzz-NAME, built by `make` after the harness's last
#    change (tests/run runs every replay-* it finds: one the Makefile stops
#    building would simply not run), and a corpus to replay; the README's
#    table has a row for each harness and no other;
#  - `make fuzz-sources` (tests/fuzz/fuzz.mk), the list tests/fuzz/run
#    compiles with clang, is the list the replay drivers link: it names
#    sources that exist, not the tool's main() nor the server (whose
#    libmicrohttpd and web files broke the libFuzzer link once), and its
#    objects are this build's;
#  - with clang and its libFuzzer (Debian: clang libclang-rt-dev;
#    scripts/install-deps --extras), normal build only: every harness
#    compiled by clang with -fsanitize=fuzzer -Werror, linked with libFuzzer
#    against this build's objects and libraries (what the replay drivers
#    link), and run by libFuzzer over its corpus once (-runs=0); without
#    clang, or under the sanitizers (the objects are gcc's ASan ones), a
#    skip: line;
#  - WY_TEST_BIG=1: `tests/fuzz/run --build-only` too, the library compiled
#    with clang, ASan and UBSan into build-fuzz/ (about 40 s of CPU the first
#    time, then only what changed).
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
B=${WY_BUILD:-build}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-fuzz-build.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

names=()
for f in tests/fuzz/fuzz-*.c; do
  [ -f "$f" ] || continue
  n=${f#tests/fuzz/fuzz-}
  names+=("${n%.c}")
done
[ ${#names[@]} -gt 0 ] && pass "tests/fuzz/ holds ${#names[@]} harnesses: ${names[*]}" || fail "no harness in tests/fuzz/"

# the replay drivers, the corpora, the README
for n in ${names[@]+"${names[@]}"}; do
  r=$B/tests/replay-fuzz-$n
  if [ ! -x "$r" ]; then
    fail "fuzz-$n: no replay driver $r (make builds one per tests/fuzz/fuzz-*.c; tests/run would skip it)"
  elif [ "tests/fuzz/fuzz-$n.c" -nt "$r" ] || [ tests/fuzz/replay.c -nt "$r" ]; then
    fail "fuzz-$n: $r is older than its sources (make did not rebuild it)"
  else
    pass "fuzz-$n: replay driver $r built"
  fi
  c=$(find "tests/fuzz/corpus/$n" -maxdepth 1 -type f ! -name 'README*' 2>/dev/null | wc -l)
  [ "$c" -gt 0 ] && pass "fuzz-$n: $c corpus inputs" || fail "fuzz-$n: tests/fuzz/corpus/$n/ is missing or empty"
done
sed -n 's/^| `fuzz-\([a-z0-9_-]*\)\.c` |.*/\1/p' tests/fuzz/README.md | sort >"$tmp/readme"
printf '%s\n' ${names[@]+"${names[@]}"} | sort >"$tmp/names"
if cmp -s "$tmp/readme" "$tmp/names"; then
  pass "tests/fuzz/README.md: a row for every harness, and no other"
else
  fail "tests/fuzz/README.md's table and tests/fuzz/fuzz-*.c differ: $(diff "$tmp/readme" "$tmp/names" | grep '^[<>]' | tr '\n' ' ')"
fi

# the list of sources, libraries and objects (tests/fuzz/fuzz.mk)
if lists=$(env -u MAKEFLAGS -u MAKELEVEL make -s --no-print-directory fuzz-sources BUILD="$B" 2>&1); then
  pass "make fuzz-sources"
else
  fail "make fuzz-sources: $lists"
  lists=
fi
read -r -a srcs <<<"$(sed -n 's/^sources //p' <<<"$lists")"
read -r -a libs <<<"$(sed -n 's/^libs //p' <<<"$lists")"
read -r -a objs <<<"$(sed -n 's/^objects //p' <<<"$lists")"
bad=()
for f in ${srcs[@]+"${srcs[@]}"}; do [ -f "$f" ] || bad+=("$f"); done
[ ${#srcs[@]} -gt 50 ] && [ ${#bad[@]} -eq 0 ] && pass "fuzz-sources: ${#srcs[@]} sources, all present" ||
  fail "fuzz-sources: ${#srcs[@]} sources, missing: ${bad[*]}"
# main() and the server (app/serve*.c: libmicrohttpd) are not listed; the
# server's log is (the C library only)
server=()
for f in ${srcs[@]+"${srcs[@]}"}; do
  case $f in app/serve_log.c) ;; app/main.c|app/serve*.c) server+=("$f") ;; esac
done
if [ ${#server[@]} -gt 0 ]; then
  fail "fuzz-sources names main() or the server: ${server[*]}"
else
  case " ${srcs[*]} " in
    *" src/core/table.c "*" src/cli/read.c "*" tests/naive/"*) pass "fuzz-sources: the library, the tool's readers, tests/naive; not main() nor the server" ;;
    *) fail "fuzz-sources lacks the library, src/cli/read.c or tests/naive: ${srcs[*]}" ;;
  esac
fi
bad=()
for f in ${objs[@]+"${objs[@]}"}; do [ -f "$f" ] || bad+=("$f"); done
[ ${#objs[@]} -gt 0 ] && [ ${#bad[@]} -eq 0 ] && pass "fuzz-sources: the ${#objs[@]} objects and archives of $B exist" ||
  fail "fuzz-sources: objects of $B missing: ${bad[*]}"

# clang's libFuzzer: every harness against this build
CC_FUZZ=${CC_FUZZ:-clang}
if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: fuzz-build: the libFuzzer link is checked in the normal build (these objects are gcc's ASan ones)"
elif ! command -v "$CC_FUZZ" >/dev/null 2>&1; then
  echo "skip: fuzz-build: no $CC_FUZZ, the libFuzzer build is not checked (Debian: clang libclang-rt-dev; scripts/install-deps --extras)"
elif ! printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return (int)(d && n) * 0; }\n' \
       >"$tmp/probe.c" || ! "$CC_FUZZ" -fsanitize=fuzzer "$tmp/probe.c" -o "$tmp/probe" >"$tmp/probe.log" 2>&1; then
  echo "skip: fuzz-build: $CC_FUZZ has no libFuzzer (Debian: libclang-rt-dev): $(head -n 2 "$tmp/probe.log" | tr '\n' ' ')"
else
  for n in ${names[@]+"${names[@]}"}; do
    # shellcheck disable=SC2086
    if ! "$CC_FUZZ" -std=c11 -O0 -pthread -Iinclude -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wno-unused-parameter \
         -Werror -fsanitize=fuzzer -c "tests/fuzz/fuzz-$n.c" -o "$tmp/fuzz-$n.o" >"$tmp/$n.log" 2>&1; then
      fail "fuzz-$n: $CC_FUZZ -fsanitize=fuzzer -Werror: $(grep -m 3 -E 'error|warning' "$tmp/$n.log" | tr '\n' ' ')"
      continue
    fi
    if ! "$CC_FUZZ" -fsanitize=fuzzer -pthread -o "$tmp/fuzz-$n" "$tmp/fuzz-$n.o" ${objs[@]+"${objs[@]}"} \
         ${libs[@]+"${libs[@]}"} -pthread >"$tmp/$n.log" 2>&1; then
      fail "fuzz-$n: the libFuzzer link failed: $(grep -m 3 -E 'error|undefined' "$tmp/$n.log" | tr '\n' ' ')"
      continue
    fi
    if "$tmp/fuzz-$n" -runs=0 "tests/fuzz/corpus/$n" >"$tmp/$n.log" 2>&1 && grep -q 'INITED\|Done ' "$tmp/$n.log"; then
      pass "fuzz-$n: built by $CC_FUZZ with libFuzzer, its corpus run once"
    else
      fail "fuzz-$n: libFuzzer over its corpus: $(tail -n 5 "$tmp/$n.log" | tr '\n' ' ')"
    fi
  done
  if [ "${WY_TEST_BIG:-0}" = 1 ]; then
    if tests/fuzz/run --build-only >"$tmp/run.log" 2>&1; then
      pass "tests/fuzz/run --build-only (WY_TEST_BIG=1)"
    else
      fail "tests/fuzz/run --build-only: $(tail -n 5 "$tmp/run.log" | tr '\n' ' ')"
    fi
  fi
fi
finish
