#!/usr/bin/env bash
# claims-doc.sh - docs/claims.md lists exactly the claims `wythoff check --list`
# knows (between its claims markers) and, between its independent markers,
# each claim's independent method and the wrong answer that makes it fail
# (`t-check-mutate --list`, which exits 1 when a claim lacks either); and
# the check data is current.
# Prints "PASS name" / "FAIL name: why".
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
awk '$0 == "<!-- claims:end -->" { p = 0 } p { print } $0 == "<!-- claims:begin -->" { p = 1 }' docs/claims.md >"$tmp/doc"
"$build/wythoff" check --list --format markdown >"$tmp/list" 2>&1
if cmp -s "$tmp/doc" "$tmp/list"; then
  pass "docs/claims.md lists the claims of 'wythoff check --list' ($(grep -c '^| `' "$tmp/list") claims)"
else
  fail "docs/claims.md differs from 'wythoff check --list --format markdown' (run scripts/update-claims-doc):
$(diff "$tmp/doc" "$tmp/list" | head -n 10)"
fi
# each claim's independent method and its mutation (tests/unit/t-check-mutate.c)
awk '$0 == "<!-- independent:end -->" { p = 0 } p { print } $0 == "<!-- independent:begin -->" { p = 1 }' docs/claims.md >"$tmp/idoc"
"$build/tests/t-check-mutate" --list >"$tmp/ilist" 2>&1
irc=$?
if [ "$irc" -eq 0 ] && cmp -s "$tmp/idoc" "$tmp/ilist"; then
  pass "docs/claims.md lists every claim's independent method and mutation as 't-check-mutate --list' ($(grep -c '^| `' "$tmp/ilist") claims)"
else
  fail "docs/claims.md differs from 't-check-mutate --list' (exit $irc; run scripts/update-claims-doc):
$(diff "$tmp/idoc" "$tmp/ilist" | head -n 10)"
fi
# the claims take every engine answer through ck_engine (src/check/engine.c),
# which the mutation test wraps: no direct call of an engine, and no direct
# lookup of the printed data, elsewhere in src/check
engines='\bwy_(table_(compute|compute_run|get|row|free|stream)|layer_scan(_all)?|moves_list|heap3_compute)[[:space:]]*\('
direct=$(grep -nE "$engines" src/check/*.c | grep -v '^src/check/engine\.c:'
         grep -nE 'ck_printed_(table|set)_find[[:space:]]*\(' src/check/*.c | grep -vE '^src/check/(engine|printed)\.c:')
if [ -z "$direct" ]; then
  pass "src/check calls the engines only through ck_engine (what t-check-mutate wraps)"
else
  fail "src/check calls an engine directly, bypassing ck_engine:
$direct"
fi
if python3 scripts/gen-check-data --check 2>"$tmp/err"; then
  pass "src/check/data.c is generated from tests/papers/data"
else
  fail "src/check/data.c: $(cat "$tmp/err")"
fi
finish
