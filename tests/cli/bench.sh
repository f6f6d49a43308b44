#!/usr/bin/env bash
# bench/run's goals section in its quick mode (BENCH_QUICK=1: tiny sizes):
# the shape of its report, not its times.  Every job of issue 30's table is
# listed with a time (or t/o) and its goal; the old column holds a time when
# an old binary is given (BENCH_OLD_BIN: the tool itself, so nothing is
# built and the outputs must compare "same"), and is skipped with a note
# with BENCH_OLD=none or outside a git checkout; the load is printed at the
# start and the end.  scripts/tag-releases --list names, for each release,
# a commit whose include/wythoff.h says that version and whose parent's
# does not.  Skipped under the sanitizers (a report of timings).
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: bench.sh runs in the normal build"
  exit 0
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The jobs of the issue's table, by the words that start their labels.
jobs=("table wythoff --size 1024" "table wythoff --size 2048" "glayers wythoff" "ppos wythoff --value 1"
      "period wythoff --rows" "tile wythoff z=" "heap3 nim+pass")
goals=("<=2.5s" "<=12s" "<=600s,4GiB" "<=60s,1GB" "<=30s" "<=2s" "<=30s")

# check_report FILE OLD: OLD = 1 (old column measured) or 0 (skipped, noted)
check_report() {
  local f=$1 old=$2 i line ok=1 why=
  for i in "${!jobs[@]}"; do
    line=$(grep -F -- "${jobs[$i]}" "$f" | head -n 1)
    if [ -z "$line" ]; then ok=0; why="no line for '${jobs[$i]}'"; break; fi
    # fields after the label: goal wall cpu MiB met old_wall old_cpu old_MiB old/new cpu_o/n out
    read -r -a w <<<"$(sed 's/^.*) *//' <<<"$line")"
    if [ "${w[0]}" != "${goals[$i]}" ]; then ok=0; why="'${jobs[$i]}': goal '${w[0]}', expected '${goals[$i]}'"; break; fi
    if ! [[ ${w[1]} =~ ^[0-9]+\.[0-9]{2}$|^t/o$ ]]; then ok=0; why="'${jobs[$i]}': time '${w[1]}'"; break; fi
    if ! [[ ${w[4]} =~ ^(yes|no)\??$ ]]; then ok=0; why="'${jobs[$i]}': met '${w[4]}'"; break; fi
    if [ "$old" = 1 ]; then
      if ! [[ ${w[5]} =~ ^[0-9]+\.[0-9]{2}$|^t/o$ ]]; then ok=0; why="'${jobs[$i]}': old time '${w[5]}'"; break; fi
      if [ "${w[10]}" != same ]; then ok=0; why="'${jobs[$i]}': the same binary's outputs compare '${w[10]}'"; break; fi
    elif [ "${w[5]}" != n/a ]; then ok=0; why="'${jobs[$i]}': old column '${w[5]}' without an old binary"; break
    fi
  done
  if [ "$ok" = 1 ] && ! grep -q '^load: .* at the start' "$f"; then ok=0; why="no load at the start"; fi
  if [ "$ok" = 1 ] && ! grep -q '^load: .* at the end' "$f"; then ok=0; why="no load at the end"; fi
  if [ "$ok" = 1 ] && ! grep -qE '^job +goal +wall +cpu +MiB +met +old_wall' "$f"; then ok=0; why="no header with the old columns"; fi
  [ "$ok" = 1 ] || why="$why ($(tr '\n' '|' <"$f" | cut -c1-400))"
  echo "$why"
}

# 1. an old binary given: the tool itself
BENCH_QUICK=1 BENCH_OLD_BIN="$W" WY_BUILD=$(dirname "$W") bench/run goals >"$tmp/a" 2>"$tmp/a.err"
rc=$?
why=$(check_report "$tmp/a" 1)
if [ "$rc" = 0 ] && [ -z "$why" ] && grep -q '^old: *BENCH_OLD_BIN=' "$tmp/a"; then
  pass "bench/run goals (quick, old binary given): every job with time, goal and old column, outputs same"
else
  fail "bench/run goals (quick, old binary given): exit $rc; $why"
fi

# 2. no old binary: the column n/a and a note saying why
if in_checkout; then
  BENCH_QUICK=1 BENCH_OLD=none WY_BUILD=$(dirname "$W") bench/run goals >"$tmp/b" 2>"$tmp/b.err"
  rc=$?; note='^old: *skipped'
else
  BENCH_QUICK=1 WY_BUILD=$(dirname "$W") bench/run goals >"$tmp/b" 2>"$tmp/b.err"
  rc=$?; note='^old: *skipped: not a git checkout'
fi
why=$(check_report "$tmp/b" 0)
if [ "$rc" = 0 ] && [ -z "$why" ] && grep -q "$note" "$tmp/b"; then
  pass "bench/run goals (quick, no old binary): the old column n/a, a note says why"
else
  fail "bench/run goals (quick, no old binary): exit $rc; $why"
fi

# 3. the releases: each listed commit sets the version, its parent had another
if in_checkout && command -v git >/dev/null 2>&1; then
  scripts/tag-releases --list >"$tmp/rel" 2>"$tmp/rel.err"
  rc=$? bad= n=0
  cur=$(sed -n 's/^#define WY_VERSION "\([0-9.]*\)".*/\1/p' include/wythoff.h)
  while read -r v c; do
    n=$((n + 1))
    now=$(git show "$c:include/wythoff.h" | sed -n 's/^#define WY_VERSION "\([0-9.]*\)".*/\1/p')
    before=$(git show "$c^:include/wythoff.h" 2>/dev/null | sed -n 's/^#define WY_VERSION "\([0-9.]*\)".*/\1/p')
    { [ "$now" = "$v" ] && [ "$before" != "$v" ]; } || bad="$bad $v@${c:0:7}"
  done <"$tmp/rel"
  if [ "$rc" = 0 ] && [ "$n" -ge 1 ] && [ -z "$bad" ] && grep -q "^$cur " "$tmp/rel"; then
    pass "scripts/tag-releases --list: $n releases, each at the commit that set its WY_VERSION, the current one ($cur) among them"
  else
    fail "scripts/tag-releases --list: exit $rc, $n releases, wrong:${bad:- none}, current $cur listed? $(tr '\n' ' ' <"$tmp/rel")"
  fi
else
  echo "skip: tag-releases: not a git checkout"
fi
finish
