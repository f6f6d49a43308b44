#!/usr/bin/env bash
# palette.sh - src/plot/palette.c is what scripts/gen-palette writes, and the colours pass the
# generator's self-checks (each forwarded as its own PASS/FAIL line).
# Prints "PASS name" / "FAIL name: why".
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if python3 scripts/gen-palette --check src/plot/palette.c 2>"$tmp/err"; then
  pass "palette: src/plot/palette.c is what scripts/gen-palette writes"
else
  fail "palette: src/plot/palette.c is not what scripts/gen-palette writes: $(cat "$tmp/err")"
fi
python3 scripts/gen-palette --report >"$tmp/report" 2>"$tmp/err"; rc=$?
n=0
while IFS= read -r line; do
  case $line in
    "PASS "*) pass "palette: ${line#PASS }"; n=$((n + 1)) ;;
    "FAIL "*) fail "palette: ${line#FAIL }"; n=$((n + 1)) ;;
  esac
done <"$tmp/report"
if [ "$n" -eq 0 ]; then
  fail "palette: scripts/gen-palette --report printed no checks (exit $rc): $(cat "$tmp/err")"
elif [ "$rc" -ne 0 ] && [ "$fails" -eq 0 ]; then
  fail "palette: scripts/gen-palette --report exited $rc: $(cat "$tmp/err")"
fi
finish
