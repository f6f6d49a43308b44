#!/usr/bin/env bash
# options.sh - every command parses its options the same way (one option
# table, one parser): -h and --help print the command's usage, as `wythoff
# help CMD` does; --version; an unknown option, an option of another command,
# an option given twice, a missing value are exit 2; the common options
# (--threads, --mem-limit, --quiet, --output) behave alike, with one number
# grammar (1e0, 2^0) for every number.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

declare -A args=(
  [table]="wythoff --size 2" [value]="wythoff 3 5" [ppos]="wythoff --size 4" [moves]="wythoff 3 5"
  [period]="wythoff --rows 2" [compare]="wythoff wythoff+pass=2 --size 3" [check]="000.thm2 --limit 100"
  [plot]="wythoff --size 4 --output $tmp/p.svg" [graph]="wythoff --size 2"
)
# an option of another command, per command
declare -A foreign=([table]=--count [value]=--size [ppos]=--fragment [moves]=--output-x [period]=--cols
                    [compare]=--style [check]=--pass [plot]=--limit [graph]=--outcome)
for cmd in table value ppos moves period compare check plot graph; do
  # shellcheck disable=SC2086
  set -- ${args[$cmd]}
  "$W" "$cmd" -h >"$tmp/h1" 2>&1; r1=$?
  "$W" "$cmd" --help >"$tmp/h2" 2>&1; r2=$?
  "$W" help "$cmd" >"$tmp/h3" 2>&1; r3=$?
  [ "$r1$r2$r3" = 000 ] && head -n 1 "$tmp/h1" | grep -q "^usage: wythoff $cmd" && cmp -s "$tmp/h1" "$tmp/h2" &&
    cmp -s "$tmp/h1" "$tmp/h3" && pass "$cmd: -h = --help = help $cmd" || fail "$cmd: -h/--help/help: $r1 $r2 $r3"
  out=$("$W" "$cmd" --version); [ "$out" = "$("$W" --version)" ] && pass "$cmd --version" || fail "$cmd --version: $out"
  expect 0 "" -- "$cmd" "$@" --quiet
  expect 0 "" -- "$cmd" "$@" --threads 1e0 --mem-limit 2^30
  expect 2 "unknown option '--bogus'" -- "$cmd" "$@" --bogus
  expect 2 "unknown option '-x'" -- "$cmd" "$@" -x
  expect 2 "given twice" -- "$cmd" "$@" --threads 1 --threads 2
  expect 2 "given twice" -- "$cmd" "$@" --quiet --quiet
  expect 2 "needs a value" -- "$cmd" "$@" --threads
  expect 2 "takes no value" -- "$cmd" "$@" --quiet=1
  expect 2 "--threads 0 out of range" -- "$cmd" "$@" --threads 0
  expect 2 "bad --threads" -- "$cmd" "$@" --threads x
  expect 2 "--mem-limit must be positive" -- "$cmd" "$@" --mem-limit 0
  expect 2 "bad memory limit" -- "$cmd" "$@" --mem-limit 5Q
  case ${foreign[$cmd]} in
    --output-x) expect 2 "unknown option" -- "$cmd" "$@" "${foreign[$cmd]}" ;;
    *) expect 2 "does not apply to '$cmd'" -- "$cmd" "$@" "${foreign[$cmd]}" 1 ;;
  esac
done
# --output for every command that writes text
for cmd in table value ppos moves period compare check; do
  # shellcheck disable=SC2086
  set -- ${args[$cmd]}
  rm -f "$tmp/o"
  "$W" "$cmd" "$@" >"$tmp/stdout"; rc=$?
  "$W" "$cmd" "$@" --output "$tmp/o"; rc2=$?
  [ "$rc" = "$rc2" ] && cmp -s "$tmp/stdout" "$tmp/o" && pass "$cmd --output FILE = standard output" ||
    fail "$cmd --output FILE differs from standard output ($rc, $rc2)"
done
# one number grammar: the same forms everywhere a number goes
expect 0 "" -- value wythoff 1e3 2^10
expect 0 "" -- moves wythoff 1E1 1e1
expect 0 "" -- table wythoff+pass=2 --rows 2^2 --cols 1e1 --pass 1e0
expect 0 "" -- ppos wythoff --from 10^20 --terms 2e0
expect 0 "" -- ppos wythoff+heap=3 --value 2^1 --heap 1e0 --size 5
"$W" value wythoff 1e3 2^10 --format json | grep -q '"x":1000,"y":1024' && pass "1e3 and 2^10 as positions" ||
  fail "1e3 and 2^10 as positions"
expect 2 "bad X" -- value wythoff 1e 5
expect 2 "bad X" -- value wythoff +5 5
expect 2 "too large (exponent above 100000)" -- value wythoff 2^100001 5
# help
expect 2 "unknown command 'tabel'" -- help tabel
expect 2 "help takes one command" -- help table value
"$W" help | head -n 1 | grep -q '^wythoff ' && pass "help alone: the tool's usage" || fail "help alone"
finish
