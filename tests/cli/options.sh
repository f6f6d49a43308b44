#!/usr/bin/env bash
# options.sh - every command parses its options the same way (one option
# table, one parser): -h and --help print the command's usage, as `wythoff
# help CMD` does; --version; an unknown option, an option of another command,
# an option given twice, a missing value are exit 2; the common options
# (--threads, --mem-limit, --quiet, --output) behave alike, with one number
# grammar (1e0, 2^0) for every number.
# Under the sanitizers (WY_TEST_SAN=1; a process start there costs about as
# much as the parsing it checks) each number reader gets the first form of
# each of its two values and two of the six malformed forms, in turn from
# reader to reader (each malformed form reaches a third of the readers); the
# equality of the other forms is the normal run's.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

declare -A args=(
  [table]="wythoff --size 2" [value]="wythoff 3 5" [ppos]="wythoff --size 4" [moves]="wythoff 3 5"
  [period]="wythoff --rows 2" [compare]="wythoff wythoff+pass=2 --size 3" [check]="000.thm2 --limit 100"
  [plot]="wythoff --size 4 --output $tmp/p.svg" [graph]="wythoff --size 2" [play]="wythoff 4 7"
  [bfile]="ppos-a wythoff --terms 3" [heap3]="nim+pass --size 8"
)
# an option of another command, per command
declare -A foreign=([table]=--count [value]=--size [ppos]=--fragment [moves]=--output-x [period]=--cols
                    [compare]=--style [check]=--pass [plot]=--limit [graph]=--outcome [play]=--size
                    [bfile]=--size [heap3]=--rows)
# (play reads its moves from standard input: here none, the game is abandoned, exit 0)
for cmd in table value ppos moves period bfile heap3 compare check plot graph play; do
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
# the usage line of --help names every option of the command's list (the
# global ones aside: docs/commands.md lists them once), and the synopsis at
# the top of docs/commands.md is the usage lines of --help, in order
synopsis=$(awk '/^```$/ { n++; next } n == 1 { print } n > 1 { exit }' docs/commands.md)
usages=""
for cmd in table value ppos moves period bfile heap3 compare check plot graph play serve; do
  "$W" "$cmd" --help >"$tmp/h" 2>&1
  usage=$(head -n 1 "$tmp/h")
  usages+="${usage#usage: }"$'\n'
  missing=""
  for o in $(sed -n '/^options:$/,/^$/p' "$tmp/h" | grep -oE '^  --[a-z-]+'); do
    case $o in --output | --mem-limit | --threads | --quiet | --help | --version) continue ;; esac
    grep -qF -- "[$o" <<<"$usage" || grep -qF -- " $o " <<<"$usage" || grep -qF -- "| $o" <<<"$usage" || missing+=" $o"
  done
  [ -z "$missing" ] && pass "$cmd --help: the usage line names every option of the list" ||
    fail "$cmd --help: the usage line leaves out$missing"
done
[ "$synopsis"$'\n' = "$usages" ] && pass "docs/commands.md: the synopsis is the usage lines of --help" ||
  fail "docs/commands.md: the synopsis differs from --help: $(diff <(printf '%s\n' "$synopsis") <(printf '%s' "$usages"))"

# serve parses like the others (every check here ends before it listens)
"$W" serve -h >"$tmp/h1" 2>&1 && "$W" help serve >"$tmp/h2" 2>&1 && cmp -s "$tmp/h1" "$tmp/h2" &&
  head -n 1 "$tmp/h1" | grep -q '^usage: wythoff serve' && pass "serve: -h = help serve" || fail "serve: -h/help"
expect 2 "unknown option '--bogus'" -- serve --bogus
expect 2 "given twice" -- serve --port 1 --port 2
expect 2 "needs a value" -- serve --port
expect 2 "--threads 0 out of range" -- serve --threads 0
expect 2 "--mem-limit must be positive" -- serve --mem-limit 0
expect 2 "does not apply to 'serve'" -- serve --size 4
expect 2 "--port" -- serve --port 65536
expect 2 "--timeout must be at least 1" -- serve --timeout 0
expect 2 "not an IPv4 or IPv6 address" -- serve --bind localhost.invalid
expect 2 "too many arguments" -- serve wythoff

# --output for every command that writes text
for cmd in table value ppos moves period bfile heap3 compare check; do
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
"$W" value wythoff 1e3 2^10 --format json | noprov_s | grep -q '"x":1000,"y":1024' && pass "1e3 and 2^10 as positions" ||
  fail "1e3 and 2^10 as positions"
expect 2 "bad X" -- value wythoff 1e 5
expect 2 "bad X" -- value wythoff +5 5
expect 2 "too large (exponent above 100000)" -- value wythoff 2^100001 5

# Every reader of a number, one grammar (docs/commands.md, "Numbers"): for
# each, the forms of one value give the same output and exit code (and two
# different values a different output where the output shows the number),
# and the malformed forms are exit 2 with a message naming the reader.
# Fields: the reader | the text its messages name | the family of values |
# D when the two values' outputs differ | the exit code of a good value |
# the command, @ standing for the number | for standard input, the line (@
# the number).
#   big: 1e3 = 1000 = 10^3 = 01000, and 2^10 = 1024
#   small: 8 = 8e0 = 2^3, and 4 = 2^2 (readers whose range or cost is small)
#   mem: 2^30 = 1G = 1073741824 = 1e0G, and 2^31 = 2G (bytes)
readers=(
  "value X|bad X|big|D|0|value wythoff @ 5|"
  "value Y|bad Y|big|D|0|value wythoff 5 @|"
  "moves X|bad X|big|D|0|moves wythoff @ 1 --format json|"
  "moves Y|bad Y|big|D|0|moves wythoff 1 @ --format json|"
  "value - X|standard input line 1|big|D|0|value wythoff -|@ 5"
  "value - Y|standard input line 1|big|D|0|value wythoff -|5 @"
  "table --size|--size|small|D|0|table wythoff --size @|"
  "table --rows|--rows|small|D|0|table wythoff --rows @ --cols 3|"
  "table --cols|--cols|small|D|0|table wythoff --rows 3 --cols @|"
  "table --pass|--pass|big|D|0|table wythoff+pass=2000 --size 2 --pass @|"
  "value --heap|--heap|big|D|0|value wythoff+heap=2000 1 1 --heap @|"
  "ppos --size|--size|big|D|0|ppos wythoff --size @ --count|"
  "ppos --value|--value|big|D|0|ppos wythoff --size 1030 --value @ --count|"
  "ppos --from|--from|big|D|0|ppos wythoff --from @ --terms 2|"
  "ppos --terms|--terms|big|D|0|ppos wythoff --from 0 --terms @ --format csv|"
  "period --rows|--rows|small|D|0|period wythoff --rows @|"
  "period --max-cols|--max-cols|big|D|0|period wythoff --rows 2 --max-cols @|"
  "bfile --terms|--terms|small|D|0|bfile ppos-a wythoff+pass --terms @|"
  "bfile --offset|--offset|big|D|0|bfile ppos-b wythoff --offset @ --terms 2|"
  "bfile --value|--value|small|D|0|bfile gpos-a wythoff --value @ --terms 3|"
  "bfile --max-cols|--max-cols|big|D|0|bfile saltus wythoff --terms 2 --max-cols @|"
  "bfile --row|--row|small|D|0|bfile row wythoff --row @ --terms 3|"
  "compare --size|--size|big|D|1|compare wythoff wythoff+pass --outcome --size @|"
  "compare --value|--value|big|D|1|compare wythoff wythoff+pass --size 1030 --value @ --format csv|"
  "compare --pass|--pass|big|D|0|compare wythoff+pass=2000 wythoff --pass @ --size 3 --outcome|"
  "compare --heap|--heap|big|D|1|compare wythoff+heap=2000 wythoff --heap @ --size 3 --outcome|"
  "check --limit|--limit|big|D|0|check 001.g --limit @ --format json|"
  "plot --size|--size|big|D|0|plot wythoff --style ppos --size @ --output - --format svg|"
  "plot --rows|--rows|small|D|0|plot wythoff --rows @ --cols 3 --output - --format svg|"
  "plot --cols|--cols|small|D|0|plot wythoff --rows 3 --cols @ --output - --format svg|"
  "plot --cell|--cell|small|D|0|plot wythoff --size 4 --cell @ --output - --format svg|"
  "plot --value|--value|big|D|0|plot wythoff --style ppos --size 1030 --value @ --output - --format svg|"
  "graph --size|--size|small|D|0|graph wythoff --size @|"
  "graph --rows|--rows|small|D|0|graph wythoff --rows @ --cols 2|"
  "graph --cols|--cols|small|D|0|graph wythoff --rows 2 --cols @|"
  "graph --max-edges|--max-edges|big|-|0|graph wythoff --size 3 --max-edges @|"
  "--threads|--threads|small|-|0|table wythoff --size 4 --threads @|"
  "--mem-limit|memory limit|mem|D|3|table wythoff --size 1e5 --mem-limit @|"
)
declare -A same1=([big]="1e3 1000 10^3 01000" [small]="8 8e0 2^3" [mem]="2^30 1G 1073741824 1e0G")
declare -A same2=([big]="2^10 1024" [small]="4 2^2" [mem]="2^31 2G")
# run_reader TEMPLATE LINE VALUE: the command with VALUE for @ (an empty VALUE
# an empty argument), LINE (if any) on its standard input; $out: standard
# output and error without what echoes the command line (graph's "// made
# by:") or a duration (check's "ms"), $rc: exit code
run_reader() {
  local -a a
  read -ra a <<<"$1"
  local i
  for i in "${!a[@]}"; do [ "${a[$i]}" = @ ] && a[$i]=$3; done
  if [ -n "$2" ]; then
    out=$(printf '%s\n' "${2//@/$3}" | "$W" "${a[@]}" 2>&1); rc=$?
  else
    out=$("$W" "${a[@]}" 2>&1 </dev/null); rc=$?
  fi
  # the provenance repeats the number as written: dropped (noprov_s), and the
  # PNG's and SVG's copy of it (tEXt "Comment", <metadata>) too
  out=$(noprov_s <<<"$out" | sed -E -e 's/"ms":[0-9]+//g' -e 's|<metadata id="wythoff-source">[^<]*</metadata>||' |
    LC_ALL=C sed -E 's/Comment.wythoff [0-9.]+: [^[:cntrl:]]*//')
}
san=${WY_TEST_SAN:-0}
bad_forms=(1e '2^' -1 '' 0x10 1.5)
k=0
for entry in "${readers[@]}"; do
  IFS='|' read -r name named fam diff code tpl line <<<"$entry"
  ok=1 why=""
  for set in 1 2; do
    if [ "$set" = 1 ]; then vals=${same1[$fam]}; else vals=${same2[$fam]}; fi
    [ "$san" = 1 ] && vals=${vals%% *}
    first="" firstrc="" firstv=""
    for v in $vals; do
      run_reader "$tpl" "$line" "$v"
      if [ -z "$firstv" ]; then
        first=$out firstrc=$rc firstv=$v
        [ "$rc" = "$code" ] || { ok=0; why="$why; '$v' exit $rc: $(head -c 200 <<<"$out")"; }
      elif [ "$rc" != "$firstrc" ] || [ "$out" != "$first" ]; then
        ok=0; why="$why; '$v' (exit $rc) differs from '$firstv' (exit $firstrc)"
      fi
    done
    if [ "$set" = 1 ]; then out1=$first; fi
  done
  if [ "$diff" = D ] && [ "$out1" = "$first" ]; then ok=0; why="$why; the two values give the same output"; fi
  if [ "$san" = 1 ]; then
    [ "$ok" = 1 ] && pass "number grammar, $name: ${same1[$fam]%% *} and ${same2[$fam]%% *}" \
      || fail "number grammar, $name:$why"
  else
    [ "$ok" = 1 ] && pass "number grammar, $name: ${same1[$fam]// / = } and ${same2[$fam]// / = }" \
      || fail "number grammar, $name:$why"
  fi
  # malformed: exit 2, the message names the reader
  ok=1 why=""
  forms=("${bad_forms[@]}")
  [ "$san" = 1 ] && forms=("${bad_forms[$((k % 6))]}" "${bad_forms[$(((k + 3) % 6))]}")
  k=$((k + 1))
  for v in "${forms[@]}"; do
    run_reader "$tpl" "$line" "$v"
    if [ "$rc" != 2 ] || ! grep -qF -- "$named" <<<"$out" || ! grep -q '^wythoff: ' <<<"$out"; then
      ok=0; why="$why; '$v': exit $rc: $(head -c 200 <<<"$out")"
    fi
  done
  shown=$(printf "'%s', " "${forms[@]}")
  [ "$ok" = 1 ] && pass "number grammar, $name: ${shown%, } are exit 2 naming '$named'" \
    || fail "number grammar, $name, malformed:$why"
done
# numbers in a ruleset are part of the rules language: decimal digits only
# (docs/rules.md), and the message names the part
expect 2 "bad number in 'max=1e3'" -- value wythoff+max=1e3 3 5
expect 2 "bad number in 'pass=2^1'" -- value wythoff+pass=2^1 3 5

# help
expect 2 "unknown command 'tabel'" -- help tabel
expect 2 "help takes one command" -- help table value
"$W" help | head -n 1 | grep -q '^wythoff ' && pass "help alone: the tool's usage" || fail "help alone"
finish
