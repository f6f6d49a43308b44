#!/usr/bin/env bash
# alloc-fail.sh - the tool when an allocation fails: every failure path of
# the commands that write files (and of value and moves), walked.
#
# $WY_BUILD/wythoff-faulty is the tool linked with tests/fault/inject.c
# (tests/fault/fault.mk): WY_FAIL_ALLOC=N makes the Nth allocation of its
# own code fail (malloc and its relatives, strdup, realpath, getline, mmap,
# fopen, fdopen, pthread_create; GMP, libpng and libc's stdio allocate on
# their own), and WY_FAIL_ALLOC_LOG=FILE gets "calls C fired WHAT" at exit.
# For each command below, N = 1, 2, ... (then in growing steps past 300)
# until a run ends without the failure firing; at every N:
#  - no crash: no exit status >= 128 (but 130), no sanitizer report;
#  - the run failed with exit 3 (out of memory) or 2, one line
#    "wythoff: ..." on stderr and nothing on stdout; or it recovered (the
#    failure fired and it still did its job): then its output, file and
#    stdout, is the unarmed run's, byte for byte;
#  - after a failure no output file F and no temporary file .wythoff-* in
#    its directory; F made before the run (every even N) keeps its content.
# At the end of each walk, the run where nothing failed must equal the
# unarmed run.  One PASS line per command with the points covered.
. "$(dirname "$0")/lib.sh"
B=${WY_BUILD:-build}
FT=$B/wythoff-faulty
if [ ! -x "$FT" ]; then
  fail "alloc-fail: $FT is missing (make builds it: tests/fault/fault.mk)"
  finish; exit
fi
FT=$(cd "$(dirname "$FT")" && pwd)/$(basename "$FT")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-alloc-fail.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
unset WY_FAIL_ALLOC WY_FAIL_ALLOC_KINDS
mkdir -p "$tmp/in"
printf 'x,y\n0,0\n1,2\n2,1\n3,5\n5,3\n4,7\n6,6\n' >"$tmp/in/pos.csv"
printf '7 6\n3 5\n12 20\n' >"$tmp/in/xy.txt"

# slurp VAR FILE: the file's content into VAR, without a process.
slurp() { IFS= read -r -d '' "$1" <"$2"; return 0; }

# run N ARGS...: the tool in the working directory $tmp/w with
# WY_FAIL_ALLOC=N (0: unarmed); sets rc, fired ("-": nothing failed; "?":
# no log: the run did not reach exit), calls; stdout and stderr in
# $tmp/stdout, $tmp/stderr.  One process per run (tests/run runs this in
# the sanitizer build too, where a run costs 50 ms).
run() {
  local n=$1 log; shift
  : >"$tmp/log"
  WY_FAIL_ALLOC=$n WY_FAIL_ALLOC_LOG=$tmp/log "$FT" "$@" <"$tmp/in/xy.txt" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  fired='?' calls='?'
  slurp log "$tmp/log"
  if [[ $log == "calls "*" fired "* ]]; then read -r _ calls _ fired <<<"$log"; fi
}

# walk NAME STEP OUT ARGS...: N = 1, 1 + STEP, ... (STEP grows past N = 300);
# OUT is the output file's name in the working directory ("-" for none),
# ARGS the command line (paths relative to the working directory).
walk() {
  local name=$1 step=$2 out=$3; shift 3
  local n=0 failed=0 recovered=0 bad=0 ex2=0 ex3=0 pre what why ref_rc err stdo content tmpf
  local every=$step rec_what=
  rm -rf "$tmp/w" "$tmp/ref"; mkdir -p "$tmp/w" "$tmp/ref"
  cd "$tmp/w" || exit 2
  run 0 "$@"
  ref_rc=$rc
  if [ "$fired" != - ] || { [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; }; then
    slurp err "$tmp/stderr"
    fail "alloc-fail $name: the unarmed run: exit $rc, log '$fired' (${err:0:300})"
    cd "$top" || exit 2; return
  fi
  cp "$tmp/stdout" "$tmp/ref/stdout"
  if [ "$out" != - ]; then
    if [ ! -f "$out" ]; then fail "alloc-fail $name: the unarmed run wrote no $out"; cd "$top" || exit 2; return; fi
    mv "$out" "$tmp/ref/out"
  fi
  n=$((1 - step))
  while :; do
    n=$((n + step))
    [ "$n" -gt 300 ] && [ "$step" -lt $((n / 50)) ] && step=$((n / 50))
    if [ "$n" -gt 100000 ]; then bad=1; fail "alloc-fail $name: still failing at N = $n"; break; fi
    pre=0
    if [ "$out" != - ]; then
      if [ $((n % 2)) -eq 0 ]; then
        pre=1; printf 'previous content\n' >"$out"
      elif [ -e "$out" ]; then
        rm -f -- "$out"
      fi
    fi
    run "$n" "$@"
    what="N = $n ($fired failed; exit $rc)"
    why=
    slurp err "$tmp/stderr"
    if [ "$rc" -ge 128 ] && [ "$rc" -ne 130 ]; then
      why="crashed: exit $rc"
    elif [[ $err == *Sanitizer* || $err == *"runtime error"* ]]; then
      why="a sanitizer's report"
    elif [ "$fired" = '?' ]; then
      why="no log: the run did not reach exit"
    elif [ "$fired" = - ]; then
      # nothing failed: the unarmed run's result; the walk ends
      if [ "$rc" -ne "$ref_rc" ] || ! cmp -s "$tmp/stdout" "$tmp/ref/stdout" ||
         { [ "$out" != - ] && ! cmp -s "$out" "$tmp/ref/out"; }; then
        why="nothing failed, but the output differs from the unarmed run's"
      fi
    elif [ "$rc" -eq "$ref_rc" ]; then
      # recovered: the job done all the same
      recovered=$((recovered + 1))
      [[ " $rec_what " == *" $fired "* ]] || rec_what="${rec_what:+$rec_what }$fired"
      if ! cmp -s "$tmp/stdout" "$tmp/ref/stdout"; then
        why="exit $rc (recovered) but stdout differs from the unarmed run's: $(diff "$tmp/ref/stdout" "$tmp/stdout" | head -c 600 | tr '\n' '|')"
      elif [ "$out" != - ] && ! cmp -s "$out" "$tmp/ref/out"; then
        why="exit $rc (recovered) but $out differs from the unarmed run's"
      fi
    else
      failed=$((failed + 1))
      slurp stdo "$tmp/stdout"
      if [ "$rc" -ne 3 ] && [ "$rc" -ne 2 ]; then
        why="exit $rc, expected 3 (or 2)"
      elif [[ $err != "wythoff: "* || ${err%$'\n'} == *$'\n'* ]]; then
        why="stderr is not one line 'wythoff: ...'"
      elif [ -n "$stdo" ]; then
        why="output on stdout after a failure: ${stdo:0:200}"
      elif [ "$out" != - ] && [ "$pre" = 1 ] && { [ ! -f "$out" ] || ! slurp content "$out" || [ "$content" != $'previous content\n' ]; }; then
        why="$out, there before the run, lost its content"
      elif [ "$out" != - ] && [ "$pre" = 0 ] && [ -e "$out" ]; then
        why="$out left behind"
      fi
      [ "$rc" -eq 2 ] && ex2=$((ex2 + 1))
      [ "$rc" -eq 3 ] && ex3=$((ex3 + 1))
    fi
    tmpf=(.wythoff-*)
    if [ -z "$why" ] && [ ${#tmpf[@]} -gt 0 ]; then
      why="a temporary file left: ${tmpf[*]}"
      rm -f -- "${tmpf[@]}"
    fi
    if [ -n "$why" ]; then
      bad=1
      err=${err//$'\n'/|}
      fail "alloc-fail $name: $what: $why; stderr: ${err:0:600}"
      break # the first failure of a walk is enough (its N reproduces it)
    fi
    [ "$fired" = - ] && break
  done
  if [ "$bad" = 0 ]; then
    local extra=
    [ "$every" -gt 1 ] && extra=", N stepped by $every"
    [ "$recovered" -gt 0 ] && extra="$extra, $recovered recovered ($rec_what)"
    pass "alloc-fail $name: $calls allocation points: $failed failed ($ex3 exit 3, $ex2 exit 2)$extra"
  fi
  cd "$top" || exit 2
}

shopt -s nullglob
top=$PWD
# The sanitizer build: every N for the commands of the issue, every third
# N for the others (a run costs ten times as much there).
x=1
[ "${WY_TEST_SAN:-0}" = 1 ] && x=3

walk 'table csv' 1 t.csv table wythoff+pass --size 10 --format csv --output t.csv
walk 'table text' 1 t.txt table wythoff+terminal=2+misere --size 8 --output t.txt
walk 'table json threads=2' $x t.json table wythoff --rows 40 --cols 70 --threads 2 --format json --output t.json
walk 'plot png heatmap' 1 p.png plot wythoff --size 12 --output p.png
walk 'plot svg ppos' 1 p.svg plot wythoff+pass wythoff --style ppos --size 24 --output p.svg
walk 'plot png table' $x q.png plot wythoff+max=3 --style table --size 5 --output q.png
walk 'ppos json' 1 p.json ppos wythoff --size 40 --format json --output p.json
walk 'compare csv' 1 c.csv compare wythoff wythoff+pass --size 12 --format csv --output c.csv
walk 'compare positions file' $x d.csv compare wythoff ../in/pos.csv --size 10 --format csv --output d.csv
walk 'value' 1 - value wythoff+pass 7 6
walk 'value big (row strip)' $x - value wythoff 2 1000000000000000000000000000000
walk 'value stdin' $x - value wythoff -
walk 'moves' 1 - moves wythoff 5 8
walk 'moves big' $x - moves wythoff 1000000000000000000000000000000 1600000000000000000000000000000
walk 'check' 1 k.txt check 000.thm2 --limit 1000 --output k.txt
walk 'graph dot' 1 g.dot graph wythoff --size 4 --output g.dot
finish
