#!/usr/bin/env bash
# completion.sh - the bash completion (completion/wythoff.bash), run in this
# bash without a terminal: the script is sourced, COMP_WORDS and COMP_CWORD
# set as bash sets them (words split at '=' too), the completion function
# called and COMPREPLY compared:
#  - the commands, and `help COMMAND`;
#  - each command's options equal the options its --help lists (the tool's
#    one option table), and an option given is not offered again;
#  - --format per command (table's formats against plot's and graph's), the
#    values of --style and --engine, in both "--opt V" and "--opt=V";
#  - rulesets: the games, the options after 'wythoff+' (no mod= for nim, no
#    option twice), after 'max=5+' (bash splits at '=');
#  - claim ids for `check` from `wythoff check --list` of the tool named on
#    the line, and only the paper prefixes when that tool cannot be run;
#  - file names after --output and for compare's FILE.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-completion.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
script=completion/wythoff.bash
[ -f "$script" ] || script=completion/wythoff
if ! . "$script" 2>"$tmp/err"; then
  fail "sourcing $script: $(cat "$tmp/err")"
  finish
  exit
fi
declare -F _wythoff >/dev/null && pass "$script defines _wythoff" || fail "$script defines no _wythoff"
[[ $(complete -p wythoff 2>/dev/null) == *"-F _wythoff"* ]] && pass "complete -F _wythoff wythoff" ||
  fail "wythoff is not completed by _wythoff: $(complete -p wythoff 2>&1)"
COMP_WORDBREAKS=$' \t\n"\'><=;|&(:'

# comp WORD...: complete the last word; the sorted candidates, one line
comp() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _wythoff 2>/dev/null
  printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'
}
# is EXPECTED WORD...: the candidates are exactly EXPECTED (words in any order)
is() {
  local want got
  want=$(tr ' ' '\n' <<<"$1" | grep -v '^$' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')
  shift
  got=$(comp "$@")
  [ "$got" = "$want" ] && pass "complete '$*' -> ${want:-nothing}" || fail "complete '$*': '$got', expected '$want'"
}

cmds=$("$W" --help | sed -n '/^commands:$/,/^$/p' | awk 'NF > 1 { print $1 }' | tr '\n' ' ')
is "$cmds help" wythoff ''
is "table" wythoff ta
is "ppos period plot play" wythoff p
is "serve" wythoff se
is "me engine" wythoff play wythoff --first ""
is "engine" wythoff play wythoff --first=e
is "--help -h --version" wythoff -
is "$cmds" wythoff help ''
is "compare check" wythoff help c

# options: equal to --help's, per command
for cmd in $cmds; do
  want=$("$W" "$cmd" --help | sed -n '/^options:$/,/^$/p' | grep -oE '^  --[a-z-]+' | tr -d ' ' | tr '\n' ' ')
  is "$want" wythoff "$cmd" --
  is "$want" wythoff "$cmd" -
done
# an option given is not offered again; other commands' options are not offered
is "--size --rows --cols --pass --heap --output --fragment --mem-limit --threads --quiet --help --version" \
  wythoff table wythoff --format csv --
is "--count" wythoff ppos wythoff --co
is "" wythoff value wythoff 3 5 --si
is "--max-cols --mem-limit" wythoff period wythoff --m
is "--rows" wythoff period wythoff+pass --r
# bfile: the sequence, then the ruleset
is "ppos-a ppos-b period preperiod" wythoff bfile p
is "wythoff+pass wythoff+pass=" wythoff bfile gpos-a wythoff+pa
is "" wythoff bfile period wythoff ''
is "--offset --output" wythoff bfile ppos-a wythoff --o

# formats per command, from the command table (docs/formats.md)
is "text csv json markdown latex bin" wythoff table wythoff --format ''
is "png svg" wythoff plot wythoff --format ''
is "dot svg png pdf" wythoff graph wythoff --format ''
is "text json" wythoff value wythoff 3 5 --format ''
is "text json" wythoff moves --format ''
is "text csv json" wythoff ppos --format ''
is "text csv json" wythoff period --format ''
is "text csv json" wythoff compare --format ''
is "text markdown json" wythoff check --format ''
is "csv" wythoff table --format c
is "png pdf" wythoff graph --format p
is "markdown" wythoff check --format = m
is "text csv json markdown latex bin" wythoff table --format =
is "heatmap ppos table" wythoff plot wythoff --style ''
is "table" wythoff plot --style = t
is "auto table layer" wythoff ppos wythoff --engine ''
is "layer" wythoff compare --engine l
is "" wythoff table --size ''
is "" wythoff table --size 1 --rows ''
# the tool's table agrees: every format offered is accepted, another is not
for cmd in table ppos value period compare check; do
  bad=""
  for f in $(comp wythoff "$cmd" --format ''); do
    case $cmd in
      table) a=(wythoff --size 2) ;; ppos) a=(wythoff --size 2) ;; value) a=(wythoff 3 5) ;;
      period) a=(wythoff --rows 2) ;; compare) a=(wythoff wythoff --size 2) ;; check) a=(004.table1) ;;
    esac
    [ "$f" = bin ] && a+=(--output "$tmp/t.bin")
    "$W" "$cmd" "${a[@]}" --format "$f" >/dev/null 2>&1 || bad+=" $f"
  done
  [ -z "$bad" ] && pass "wythoff $cmd accepts every format offered" || fail "wythoff $cmd refuses the formats offered:$bad"
done

# rulesets
is "wythoff" wythoff table w
is "nim" wythoff value n
is "wythoff+pass wythoff+pass= wythoff+heap= wythoff+max= wythoff+mod= wythoff+terminal= wythoff+misere" \
  wythoff table wythoff+
is "nim+pass nim+pass= nim+heap= nim+max= nim+terminal= nim+misere" wythoff table nim+
is "wythoff+pass wythoff+pass=" wythoff ppos wythoff+pa
is "wythoff+pass+heap= wythoff+pass+max= wythoff+pass+mod= wythoff+pass+terminal= wythoff+pass+misere" \
  wythoff ppos --size 8 wythoff+pass+
is "2+max= 2+mod= 2+misere" wythoff value wythoff+pass = 2+m
# bash splits 'wythoff+max=5+' at '=': the candidates replace what follows it
is "5+pass 5+pass= 5+heap= 5+mod= 5+terminal= 5+misere" wythoff table wythoff+max = 5+
is "5+terminal=" wythoff table wythoff+max = 5+t
is "" wythoff table chess+
is "wythoff nim" wythoff plot wythoff ''
is "wythoff nim" wythoff plot wythoff nim ''
is "" wythoff plot wythoff nim wythoff ''
is "" wythoff value wythoff ''
is "" wythoff table wythoff ''
is "wythoff nim" wythoff table --size 4 ''
is "wythoff nim" wythoff table --size=4 ''
is "wythoff" wythoff table -- w

# claim ids: from `TOOL check --list`, TOOL as written on the line
ids=$("$W" check --list | awk '/^[^ ]/ { print $1 }')
n=$(wc -l <<<"$ids")
want="000 001 002 003 004 exact $(echo $ids)"
is "$want" "$W" check ''
is "$(grep '^004\.table' <<<"$ids" | tr '\n' ' ')" "$W" check 004.table
is "$(grep '^exact' <<<"$ids" | tr '\n' ' ') exact" "$W" check ex
is "$(grep '^000\.thm' <<<"$ids" | tr '\n' ' ')" "$W" check --limit 100 000.thm
[ "$n" -gt 50 ] && pass "$n claim ids" || fail "only $n claim ids from check --list"
is "000 001 002 003 004" "$tmp/no-such-wythoff" check 00
is "000 001 002 003 004" "$tmp/no-such-wythoff" check 0

# file names
mkdir "$tmp/d"
: >"$tmp/d/ppos.csv"
: >"$tmp/d/pic.png"
is "$tmp/d/pic.png $tmp/d/ppos.csv" wythoff plot wythoff --output "$tmp/d/p"
is "$tmp/d/ppos.csv" wythoff compare wythoff "$tmp/d/pp"
is "$tmp/d/ppos.csv" wythoff table --output "$tmp/d/pp"
for words in "wythoff table --output=pp" "wythoff compare wythoff pp"; do
  # shellcheck disable=SC2086
  got=$(cd "$tmp/d" && comp $words)
  [ "$got" = ppos.csv ] && pass "complete '$words' in a folder -> ppos.csv" || fail "complete '$words': '$got'"
done
is "" wythoff compare wythoff wythoff ''

# the completion writes nothing
[ -z "$(ls -A "$tmp/d" | grep -v -e '^ppos.csv$' -e '^pic.png$')" ] && pass "completion wrote no file" ||
  fail "completion wrote files: $(ls -A "$tmp/d")"
finish
