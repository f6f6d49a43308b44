#!/usr/bin/env bash
# help.sh - the help texts are whole lines a terminal shows as written:
#  - each command's line in `wythoff --help` is its whole summary, the first
#    line of `wythoff CMD --help`, and the description of the NAME line of
#    its man page (man/wythoff-table.1 for table), as `whatis` shows it;
#  - no line of `wythoff --help`, and no line of a command's help outside
#    the usage line and the option table (its summary, notes, exit statuses,
#    examples), is wider than 80 columns, so that a terminal wraps none;
#  - no summary ends in the middle of a phrase: not with a comma, a colon,
#    a semicolon, an article, a preposition or a conjunction.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh

top=$("$W" --help)
wide=$(awk 'length > 80' <<<"$top")
[ -z "$wide" ] && pass "wythoff --help: every line within 80 columns" || fail "wythoff --help: lines wider than 80: $wide"
cmds=$(sed -n '/^commands:$/,/^$/p' <<<"$top" | awk '/^  [a-z]/ { print $1 }')
n=0
for cmd in $cmds; do
  n=$((n + 1))
  line=$(sed -n '/^commands:$/,/^$/p' <<<"$top" | awk -v c="$cmd" '$1 == c { sub(/^  [a-z0-9]+ +/, ""); print }')
  help=$("$W" "$cmd" --help)
  first=$(sed -n 2p <<<"$help")
  [ "$line" = "$first" ] && pass "$cmd: the --help list shows its whole summary" ||
    fail "$cmd: wythoff --help shows '$line', wythoff $cmd --help '$first'"
  page=man/wythoff-$cmd.1
  name=$(sed -n '/^\.SH NAME/{n;p;}' "$page" 2>/dev/null | sed -e 's/\\-/-/g' -e "s/^wythoff-$cmd - //")
  [ "$name" = "$line" ] && pass "$cmd: summary = NAME of $page" || fail "$cmd: summary '$line', $page NAME '$name'"
  last=$(awk '{ print tolower($NF) }' <<<"$line")
  case $last in
    *[,:\;]|a|an|the|of|to|in|on|at|by|for|from|with|and|or|but|as|into|than)
      fail "$cmd: summary ends mid-phrase ('$last'): $line" ;;
    *) pass "$cmd: summary ends whole ('$last')" ;;
  esac
  # the text outside the usage line and the option table
  wide=$(awk 'NR == 1 { next } /^options:$/ { o = 1; next } o && /^$/ { o = 0; next } !o && length > 80' <<<"$help")
  [ -z "$wide" ] && pass "wythoff $cmd --help: summary, notes and examples within 80 columns" ||
    fail "wythoff $cmd --help: lines wider than 80: $wide"
done
[ "$n" -ge 15 ] && pass "wythoff --help lists $n commands" || fail "wythoff --help lists $n commands, expected at least 15"
finish
