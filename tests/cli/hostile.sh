#!/usr/bin/env bash
# hostile.sh - the tool used as a hostile user would: each defect found that
# way (issue 13) has a regression test here.
#
#  - resource limits: pass=4294967295 is refused at once with exit 3 by every
#    command (it used to wrap to 0 layers and loop forever); a plot of a
#    2^32 - 1 window does not divide by zero;
#  - output files: a symbolic link is followed (the link stays, its target is
#    replaced), a dangling one refused; a FIFO and a device are written
#    directly, never replaced; an existing file keeps its mode and its hard
#    links; an empty name and a directory are refused before any work; a
#    name of 250 bytes works; nothing temporary is left behind;
#  - write errors are write errors (exit 2), not interrupts, for data, help,
#    version and every command;
#  - Ctrl-C stops `period`, `value -` waiting on its input, and a writer
#    blocked on a pipe (exit 130);
#  - a tall narrow table written as csv is computed transposed (its values
#    equal the text table's);
#  - --mem-limit bounds `moves` with a huge extra heap and `ppos --from` with
#    many terms (virtual memory capped with ulimit, outside the sanitizers);
#  - input: a NUL byte in a CSV file or in `value -` input is an error naming
#    the line, never a silently shorter line; a line too long for memory is
#    exit 3, not the end of the input;
#  - `check` exits like every command (write error 2, --version, --mem-limit 0,
#    an option given twice);
#  - messages: "limit of 1 byte", a malformed --size called malformed,
#    `--value 00` is 0, a long ruleset quoted short.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
san=${WY_TEST_SAN:-0}
# every run under a time limit: the old defects were endless loops
printf '#!/bin/sh\nexec timeout -k 5 60 "%s" "$@"\n' "$(cd "$(dirname "$W")" && pwd)/$(basename "$W")" >"$tmp/w"
chmod +x "$tmp/w"
W=$tmp/w

# check NAME CONDITION-COMMAND...: PASS when the command succeeds
check() {
  local name=$1; shift
  if "$@"; then pass "$name"; else fail "$name"; fi
}

# --- resource limits --------------------------------------------------------
big=wythoff+pass=4294967295
for args in "table $big --size 2 --mem-limit 1G" "value $big 3 5" "moves $big 3 5" "compare $big wythoff --size 4" \
            "ppos $big --engine table --size 4" "ppos $big --size 4" "period $big" \
            "plot $big --size 4 --output $tmp/p.png" "table nim+heap=4294967295+misere --size 2"; do
  # shellcheck disable=SC2086
  expect 3 "" -- $args
done
expect 3 "more than the limit" -- plot wythoff --size 4294967295 --style ppos --output "$tmp/p.png" --mem-limit 1G
expect 2 "16384" -- plot wythoff --size 4294967295 --output "$tmp/p.png"
[ ! -e "$tmp/p.png" ] && pass "refused plots leave no file" || fail "a refused plot left $tmp/p.png"

# --- output files -----------------------------------------------------------
d=$tmp/out
mkdir "$d"
printf 'old\n' >"$d/target.txt"
ln -s target.txt "$d/link.txt"
"$W" table wythoff --size 2 --format csv --output "$d/link.txt"
check "--output follows a symbolic link: the link stays a link" test -L "$d/link.txt"
check "--output follows a symbolic link: its target gets the table" grep -q '^x\\y,0,1$' "$d/target.txt"
ln -s missing.txt "$d/dangling.txt"
expect 2 "symbolic link to a missing file" -- table wythoff --size 2 --output "$d/dangling.txt"
check "a dangling link is left alone" test ! -e "$d/missing.txt"
mkfifo "$d/fifo"
cat "$d/fifo" >"$d/fifo.out" &
reader=$!
"$W" table wythoff --size 3 --format csv --output "$d/fifo"
rc=$?
wait "$reader"
[ "$rc" -eq 0 ] && [ -p "$d/fifo" ] && grep -q '^2,2,0,1$' "$d/fifo.out" &&
  pass "--output FIFO: written through the FIFO, which stays a FIFO" || fail "--output FIFO: rc=$rc"
if [ -c /dev/full ] && [ -w /dev/full ]; then
  expect 2 "write error on /dev/full" -- table wythoff --size 2 --output /dev/full
  check "/dev/full is still a character device" test -c /dev/full
fi
printf 'x\n' >"$d/mode.txt"
chmod 600 "$d/mode.txt"
"$W" table wythoff --size 2 --output "$d/mode.txt"
check "--output keeps an existing file's mode (0600)" test "$(stat -c %a "$d/mode.txt")" = 600
printf 'x\n' >"$d/h1.txt"
ln "$d/h1.txt" "$d/h2.txt"
"$W" table wythoff --size 2 --format csv --output "$d/h1.txt"
[ "$(stat -c %h "$d/h1.txt")" = 2 ] && cmp -s "$d/h1.txt" "$d/h2.txt" && grep -q '^1,1,2$' "$d/h2.txt" &&
  pass "--output keeps hard links" || fail "--output broke a hard link"
expect 2 "needs a file name" -- table wythoff --output ''
expect 2 "needs a file name" -- plot wythoff --output ''
mkdir "$d/dir"
# refused before the work (seconds each): the message says why
expect 2 "is a directory" -- table wythoff --size 30000 --format csv --output "$d/dir"
expect 2 "cannot write" -- ppos wythoff+max=3 --size 20000 --output "$d/none/x"
expect 2 "cannot write" -- period wythoff --rows 60 --output "$d/none/x"
expect 2 "cannot write" -- value wythoff 20 1e30 --output "$d/none/x"
expect 2 "is a directory" -- moves wythoff 20 1e30 --output "$d/dir"
# /dev/stdout (and /dev/fd/N, /proc/self/fd/N): a channel, appended to
"$W" table wythoff --size 2 --format csv --output /dev/stdout | grep -q '^1,1,2$' &&
  pass "--output /dev/stdout into a pipe" || fail "--output /dev/stdout into a pipe"
printf 'kept\n' >"$d/log"
"$W" table wythoff --size 2 --format csv --output /dev/stdout >>"$d/log"
[ "$(head -n 1 "$d/log")" = kept ] && grep -q '^1,1,2$' "$d/log" && pass "--output /dev/stdout >> log appends" ||
  fail "--output /dev/stdout >> log: $(head -c 100 "$d/log")"
long=$(printf 'a%.0s' $(seq 1 250))
"$W" table wythoff --size 2 --output "$d/$long" && [ -s "$d/$long" ] &&
  pass "--output with a 250-byte file name" || fail "--output with a 250-byte file name"
left=$(find "$d" -name '.wythoff-*' | wc -l)
[ "$left" -eq 0 ] && pass "no temporary file left behind" || fail "$left temporary files left in $d"

# --- write errors -----------------------------------------------------------
if [ -c /dev/full ] && [ -w /dev/full ]; then
  for args in "table wythoff --size 2000 --format csv" "table wythoff --size 300" "ppos wythoff --size 1e6" \
              "--help" "--version" "table --help" "check --version" "check --list" "help ppos" \
              "value wythoff 3 5" "compare wythoff wythoff+pass --size 300" "period wythoff --rows 4"; do
    # shellcheck disable=SC2086
    err=$("$W" $args 2>&1 >/dev/full); rc=$?
    [ "$rc" -eq 2 ] && grep -q "write error" <<<"$err" &&
      pass "wythoff $args > /dev/full -> exit 2, write error" || fail "wythoff $args > /dev/full: exit $rc: $err"
  done
fi

# --- Ctrl-C -----------------------------------------------------------------
# interrupt the command once the tool handles SIGINT and has had 1 s for its
# work (interrupt_when_ready, lib.sh); the status it ended with
interrupted() {  # name, standard input, then the command line (output discarded)
  local name=$1 in=$2; shift 2
  "$@" <"$in" >/dev/null 2>&1 &
  local pid=$!
  interrupt_when_ready "$pid"
  wait "$pid"
  local rc=$?
  [ "$rc" -eq 130 ] && pass "Ctrl-C stops $name (exit 130)" || fail "Ctrl-C did not stop $name: exit $rc"
}
interrupted "period" /dev/null "$W" period wythoff --rows 60 --quiet
mkfifo "$d/in"
exec 3<>"$d/in" # a writer that never writes: `value -` waits on its input
interrupted "value - waiting on its input" "$d/in" "$W" value wythoff -
exec 3>&-
mkfifo "$d/slow"
exec 4<>"$d/slow" # a reader that never reads: the pipe fills, the writer waits
interrupted "a writer blocked on a full pipe" /dev/null "$W" ppos wythoff --size 1e6 --format csv --output "$d/slow"
exec 4<&-

# --- tall narrow tables -----------------------------------------------------
"$W" table wythoff --rows 20000 --cols 3 --format csv --threads 2 >"$tmp/tall.csv"
"$W" table wythoff --rows 20000 --cols 3 --threads 2 | tail -n +3 | sed 's/(0)/ 0/g' | tr -s ' ' | sed 's/^ //; s/ /,/g' >"$tmp/tall.txt"
tail -n +2 "$tmp/tall.csv" | cmp -s - "$tmp/tall.txt" && pass "a 20000 x 3 table: csv (transposed) = text" ||
  fail "a 20000 x 3 table: csv differs from text"

# --- memory limits ----------------------------------------------------------
if [ "$san" != 1 ]; then
  out=$( (ulimit -v 300000; "$W" moves wythoff+heap=200000000 1 1 --mem-limit 10M) 2>&1 )
  grep -q "take 199999998 from the extra heap" <<<"$out" &&
    pass "moves with a heap of 2e8 stones in 300 MB of address space" || fail "moves heap=2e8: $out"
  out=$( (ulimit -v 300000; "$W" ppos wythoff --from 5 --terms 1e6 --count --mem-limit 10M) 2>&1 )
  [ "$out" = 1000000 ] && pass "ppos --from --terms 1e6 --count in 300 MB of address space" || fail "ppos --from: $out"
  out=$( (ulimit -v 300000; head -c 400000000 /dev/zero | tr '\0' 1 | "$W" value wythoff -) 2>&1 ); rc=$?
  [ "$rc" -eq 3 ] && grep -q "too long" <<<"$out" && pass "a line too long for memory: exit 3" ||
    fail "a line too long for memory: exit $rc: $out"
fi

# --- input ------------------------------------------------------------------
printf 'x,y\n\0\n1,2\n' >"$d/nul.csv"
expect 2 "nul.csv:2: a NUL byte" -- compare wythoff "$d/nul.csv"
printf '3 5\0 9\n' | "$W" value wythoff - >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && grep -q "line 1: a NUL byte" "$tmp/err" && pass "value -: a NUL byte is an error" ||
  fail "value -: NUL byte: exit $rc: $(cat "$tmp/err")"
printf '3 5\n8 13' | "$W" value wythoff - --format json | grep -c '"outcome":"P"' | grep -q 2 &&
  pass "value -: a last line without a newline counts" || fail "value -: last line without a newline"

# --- check exits like every command -----------------------------------------
expect 0 "" -- check --version
expect 2 "--mem-limit must be positive" -- check 000.thm2 --mem-limit 0
expect 2 "given twice" -- check --limit 5 --limit 6
expect 2 "does not apply" -- check --size 5
expect 3 "more than the limit" -- check 000.thm2 --limit 1e9 --mem-limit 1M

# --- messages ---------------------------------------------------------------
expect 3 "limit of 1 byte" -- table wythoff --size 100 --mem-limit 1
expect 3 "limit of 1.5 KiB" -- table wythoff --size 100 --mem-limit 1536
expect 2 "bad --size" -- table wythoff --size 99999999999999999999x
expect 2 "too large" -- table wythoff --size 99999999999999999999
"$W" ppos wythoff --from 5 --value 00 --terms 2 >/dev/null && pass "--from with --value 00 (zero)" ||
  fail "--from with --value 00"
longrules="wythoff$(printf '+pass%.0s' $(seq 1 2000))"
err=$("$W" table "$longrules" 2>&1); rc=$?
[ "$rc" -eq 2 ] && [ "${#err}" -lt 400 ] && grep -q "given twice in ruleset 'wythoff+pass+pass.*\.\.\.'" <<<"$err" &&
  pass "a 10 KB ruleset is quoted short in its message" || fail "long ruleset: exit $rc, ${#err} bytes: ${err:0:200}"
expect 2 "--pass 5 is more than the ruleset's 1 pass" -- value wythoff+pass 3 5 --pass 5
expect 0 "" -- value wythoff 1e3 2^10
expect 0 "" -- table wythoff --size 4 -h
expect 0 "" -- help compare
"$W" help compare | grep -q '^usage: wythoff compare' && pass "help compare prints compare's usage" ||
  fail "help compare"

# --- issue 26: serve (the number grammar's size bound) ------------------------
# A number has at most 1000000 digits (play: 100000), counted before any
# arithmetic: (1000 nines)^100000 used to be computed (300 million digits,
# minutes); now refused at once, with the bound in the message.  The server's
# bound (16384) and its hostile clients: tests/cli/serve_api.py.
nines=$(printf '9%.0s' $(seq 1 1000))
err=$("$W" value wythoff "$nines^100000" 1 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] && grep -q "^wythoff: X '9\{40\}\.\.\.' is too large (up to 100000000 digits; at most 1000000)$" <<<"$err" &&
  pass "value (1000 nines)^100000: exit 2 before computing it, the bound in the message" ||
  fail "value (1000 nines)^100000: exit $rc: $err"
expect 2 "is too large (up to 1100000 digits; at most 1000000)" -- moves wythoff 1 99999999999^100000
expect 2 "is too large (up to 1100000 digits; at most 1000000)" -- ppos wythoff --from 99999999999^100000 --terms 1
expect 2 "is too large (up to 1100000 digits; at most 1000000)" -- table wythoff --size 99999999999^100000
expect 2 "is too large (up to 100002 digits; at most 100000)" -- play wythoff 99^50001 1
expect 0 "" -- value wythoff 0^100000 1^100000
printf '1 %s\n' "$(printf '7%.0s' $(seq 1 1000001))" >"$tmp/long.txt"
err=$("$W" value wythoff - <"$tmp/long.txt" 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 2 ] && grep -q "standard input line 1: Y '7777.*' is too large (1000001 digits; at most 1000000)" <<<"$err" &&
  pass "value -: a number of 1000001 digits is refused, naming the line" || fail "value - 1000001 digits: exit $rc: $err"
finish
