#!/usr/bin/env bash
# claims-doc.sh - docs/claims.md lists exactly the claims `wythoff check --list`
# knows (between its claims markers), and the check data is current.
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
if python3 scripts/gen-check-data --check 2>"$tmp/err"; then
  pass "src/check/data.c is generated from tests/papers/data"
else
  fail "src/check/data.c: $(cat "$tmp/err")"
fi
finish
