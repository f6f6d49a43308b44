#!/usr/bin/env bash
# scale.sh - the command line at scale: threads, bin files, tables written
# row by row, the layer engine through ppos, progress, Ctrl-C.
#
#  - `table --format bin` is byte-identical for --threads 1, 2, 3 and 7 and
#    when written row by row (forced with a --mem-limit between the stream's
#    and the in-memory estimate), for several rulesets; also csv and json.
#  - the bin file read back by docs/examples/read_wytb.py equals the csv table
#    (and the naive reference's csv at a small size).
#  - the bin cell width follows the documented bound (1, 2, 4 bytes).
#  - ppos --engine layer and --engine table print the same lists and counts
#    (csv and json) for the layer engine's rulesets, several values and side
#    states; unsupported rulesets and bad engines exit 2.
#  - Ctrl-C (SIGINT) during a long table exits 130 and leaves neither FILE nor
#    the temporary file it writes first (.wythoff-* beside FILE); a finished
#    run leaves FILE only.
#  - progress shows on a terminal (through script(1), when installed; the
#    table is stopped once it shows) and not on a pipe, nor with --quiet.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# --- bin / csv / json identical across threads and row-by-row ------------
for spec in "wythoff 300 300" "wythoff+pass 257 190" "wythoff+heap=2+misere 120 200" "wythoff+max=7 200 200" \
            "wythoff+mod=3 90 90" "nim+pass 150 150" "wythoff+terminal=2 64 300"; do
  read -r rules rows cols <<<"$spec"
  for fmt in bin csv json; do
    ok=1; why=
    "$W" table "$rules" --rows "$rows" --cols "$cols" --format "$fmt" --threads 1 --output "$tmp/ref" || { ok=0; why="threads 1 failed"; }
    noprov "$tmp/ref" # the commands differ in --threads and --mem-limit: the data alone
    for t in 2 3 7; do
      "$W" table "$rules" --rows "$rows" --cols "$cols" --format "$fmt" --threads "$t" --output "$tmp/t$t" && noprov "$tmp/t$t" &&
        cmp -s "$tmp/ref" "$tmp/t$t" || { ok=0; why="$why threads $t differs;"; }
    done
    # a limit just under the in-memory need forces the row-by-row path
    msg=$("$W" table "$rules" --rows "$rows" --cols "$cols" --format text --mem-limit 1K 2>&1 >/dev/null)
    # "... in memory needs about 29.4 MiB, ..." (wy_format_bytes: rounded down)
    full=$(sed -n 's/.* in memory needs about \([0-9.]*\) \(bytes\|KiB\|MiB\|GiB\).*/\1 \2/p' <<<"$msg" |
           awk '{u = $2 == "GiB" ? 2^30 : $2 == "MiB" ? 2^20 : $2 == "KiB" ? 2^10 : 1; printf "%d\n", $1 * u / 1048576}')
    if [ -n "$full" ] && [ "$full" -gt 1 ]; then
      lim=$(( (full - 1) * 1048576 ))
      if "$W" table "$rules" --rows "$rows" --cols "$cols" --format "$fmt" --threads 2 --mem-limit "$lim" --output "$tmp/s" 2>"$tmp/err"; then
        noprov "$tmp/s"
        cmp -s "$tmp/ref" "$tmp/s" || { ok=0; why="$why row by row differs;"; }
      else
        grep -q "written row by row" "$tmp/err" || { ok=0; why="$why row by row failed: $(cat "$tmp/err");"; }
      fi
    fi
    [ $ok = 1 ] && pass "table $rules ${rows}x$cols $fmt: identical for threads 1 2 3 7 and row by row" ||
      fail "table $rules ${rows}x$cols $fmt:$why"
  done
done

# the row-by-row path really runs: a table of 2000 x 2000 within 10 MiB (in memory: about 13)
"$W" table wythoff --size 2000 --format bin --output "$tmp/big-ref" --threads 2
if "$W" table wythoff --size 2000 --format bin --output "$tmp/big-s" --mem-limit 10M 2>"$tmp/err" &&
   cmp -s "$tmp/big-ref" "$tmp/big-s"; then
  pass "2000 x 2000 wythoff written row by row within 10 MiB, identical to the in-memory file"
else
  fail "2000 x 2000 row by row: $(cat "$tmp/err")"
fi
expect 3 "written row by row" -- table wythoff --size 2000 --mem-limit 10M
expect 3 "needs about" -- table wythoff --size 100000 --format bin --output "$tmp/never" --mem-limit 1G
[ -e "$tmp/never" ] && fail "refused table left a file" || pass "refused table leaves no file"

# --- bin read back --------------------------------------------------------
if command -v python3 >/dev/null; then
  for spec in "wythoff+pass 20 1" "wythoff 100 1" "wythoff 100 2" "wythoff+heap=3+misere 70 2" "wythoff+mod=2 40 4"; do
    read -r rules n minw <<<"$spec"
    "$W" table "$rules" --size "$n" --format bin --output "$tmp/r.bin"
    "$W" table "$rules" --size "$n" --format csv | noprov_s | tail -n +2 | cut -d, -f2- | tr , ' ' >"$tmp/r.csv"
    python3 docs/examples/read_wytb.py "$tmp/r.bin" >"$tmp/r.py" 2>&1
    w=$(head -n 1 "$tmp/r.py" | sed -n "s/.*'cell_bytes': \([0-9]\).*/\1/p")
    if tail -n +2 "$tmp/r.py" | cmp -s - "$tmp/r.csv"; then
      pass "read_wytb.py reads $rules $n x $n (cell bytes $w) as the csv table"
    else
      fail "read_wytb.py $rules $n: $(head -n 3 "$tmp/r.py")"
    fi
  done
  # documented widths: wythoff n x n has 1 byte up to 86, 2 bytes up to 21846
  for spec in "86 1" "87 2"; do
    read -r n want <<<"$spec"
    "$W" table wythoff --size "$n" --format bin --output "$tmp/w.bin"
    got=$(python3 -c 'import struct,sys; print(struct.unpack_from("<I", open(sys.argv[1],"rb").read(), 24)[0])' "$tmp/w.bin")
    [ "$got" = "$want" ] && pass "bin cell width of wythoff $n x $n is $want" || fail "bin width $n: $got, want $want"
  done
  # the naive reference agrees with the bin file
  "$W" table wythoff+pass --size 30 --format bin --output "$tmp/n.bin"
  "$build/wythoff-naive" wythoff+pass 30 30 1 0 | tail -n +2 | cut -d, -f2- | tr , ' ' >"$tmp/n.csv"
  python3 docs/examples/read_wytb.py "$tmp/n.bin" | tail -n +2 | cmp -s - "$tmp/n.csv" &&
    pass "bin file of wythoff+pass 30 x 30 equals the naive reference" || fail "bin vs naive reference differ"
else
  echo "skip: python3 is not installed: bin read-back not checked"
fi

# --- ppos: layer engine vs table engine -----------------------------------
for spec in "wythoff 0 - 700" "wythoff 1 - 700" "wythoff 5 - 400" "wythoff+pass 0 - 700" "wythoff+pass 0 p0 500" \
            "wythoff+pass 2 p1 300" "wythoff+heap=1 0 - 500" "wythoff+heap=2+misere 1 h1 300" \
            "wythoff+heap=3 2 h2 300" "wythoff+terminal=2 0 - 500" "wythoff+terminal=2+misere 0 - 400" \
            "nim+pass 0 - 300" "nim 3 - 300" "wythoff+pass=2+heap=1 1 - 200" "wythoff+pass=2+heap=1 0 p1 200"; do
  read -r rules g pass n <<<"$spec"
  extra=(--value "$g" --size "$n")
  case $pass in p*) extra+=(--pass "${pass#p}") ;; h*) extra+=(--heap "${pass#h}") ;; esac
  ok=1
  for fmt in csv json; do
    a=$("$W" ppos "$rules" "${extra[@]}" --format "$fmt" --engine layer 2>&1 | noprov_s)
    b=$("$W" ppos "$rules" "${extra[@]}" --format "$fmt" --engine table 2>&1 | noprov_s)
    [ "$a" = "$b" ] || ok=0
  done
  a=$("$W" ppos "$rules" "${extra[@]}" --count); b=$("$W" ppos "$rules" "${extra[@]}" --count --engine table)
  [ "$a" = "$b" ] || ok=0
  [ $ok = 1 ] && pass "ppos $rules value $g pass $pass size $n: layer engine = table engine ($a positions)" ||
    fail "ppos $rules value $g pass $pass size $n: layer and table engines differ"
done
expect 2 "max=3" -- ppos wythoff+max=3 --engine layer
expect 2 "mod=4" -- ppos wythoff+mod=4 --engine layer
expect 2 "unknown engine" -- ppos wythoff --engine gpu
expect 2 "--engine goes with --size" -- ppos wythoff --from 10 --engine layer
expect 3 "layer engine needs about" -- ppos wythoff --size 1e12 --value 2 --count --mem-limit 1G
expect 3 "layer engine needs about" -- ppos wythoff --size 1e12 --count --engine layer --mem-limit 1G
# Wythoff's values 0 and 1, wythoff+pass's P-positions: --count in closed
# form (the exact engine) = the layer engine's scan
for n in 123457 1000000; do
  for q in "wythoff --value 0" "wythoff --value 1" "wythoff+pass" "wythoff+pass=2 --pass 2"; do
    a=$("$W" ppos $q --size $n --count 2>&1)
    b=$("$W" ppos $q --size $n --count --engine layer 2>&1)
    [ -n "$a" ] && [ "$a" = "$b" ] && pass "ppos $q --count at $n: the closed form = the layer engine ($a)" ||
      fail "ppos $q --count at $n: closed form '$a', layer engine '$b'"
  done
done
expect 3 "use --count" -- ppos wythoff --size 1e10

# --- Ctrl-C ---------------------------------------------------------------
rm -f "$tmp"/int.bin*
"$W" table wythoff+pass --size 30000 --format bin --output "$tmp/int.bin" --threads 2 2>"$tmp/int.err" &
pid=$!
# (0.3 s of its work: it computes from its start; each second more would be
# two processors' work thrown away)
interrupt_when_ready "$pid" 0.3
wait "$pid"; rc=$?
left=$(ls -A "$tmp" | grep -c '^int\.bin\|^\.wythoff-' || true)
if [ "$rc" = 130 ] && [ "$left" = 0 ] && grep -q "interrupted" "$tmp/int.err"; then
  pass "Ctrl-C during a table: exit 130, no file left, message says interrupted"
else
  fail "Ctrl-C: exit $rc, files left $left: $(cat "$tmp/int.err")"
fi
"$W" table wythoff --size 50 --format csv --output "$tmp/done.csv"
left=$(ls -A "$tmp" | grep -c '^\.wythoff-' || true)
[ -s "$tmp/done.csv" ] && [ "$left" = 0 ] && pass "a finished table leaves FILE and no temporary file" ||
  fail "finished table: temporary files $left"
"$W" ppos wythoff --size 1e9 --count --engine layer >/dev/null 2>"$tmp/int.err" &
pid=$!
interrupt_when_ready "$pid" 0.3
wait "$pid"; rc=$?
[ "$rc" = 130 ] && pass "Ctrl-C during a layer scan: exit 130" || fail "Ctrl-C layer scan: exit $rc $(cat "$tmp/int.err")"

# --- progress on a terminal only -------------------------------------------
"$W" table wythoff --size 3000 --format bin --output "$tmp/p.bin" 2>"$tmp/p.err"
[ -s "$tmp/p.err" ] && fail "progress printed to a non-terminal: $(head -c 200 "$tmp/p.err")" ||
  pass "no progress when stderr is not a terminal"
# tty_run OUT TENTHS CMD: run CMD on a terminal (script(1)), output to OUT,
# until the progress line shows or TENTHS tenths of a second pass, then stop
# it with Ctrl-C (a table of 12000 x 12000 takes long: the line shows after
# its first second).  Prints how long it ran (tenths of a second); status 0
# when the line showed.
tty_run() {
  local out=$1 tenths=$2 n=0 pid
  rm -f "$tmp/tty.pid"
  # the shell writes its pid and becomes CMD: Ctrl-C goes to CMD itself
  script -qc "echo \$\$ >$tmp/tty.pid; exec $3" /dev/null >"$out" 2>&1 </dev/null &
  pid=$!
  while [ "$n" -lt "$tenths" ] && kill -0 "$pid" 2>/dev/null && ! grep -aq "$prog_re" "$out"; do
    sleep 0.1
    n=$((n + 1))
  done
  [ -s "$tmp/tty.pid" ] && kill -INT "$(cat "$tmp/tty.pid")" 2>/dev/null
  wait "$pid" 2>/dev/null
  echo "$n"
  grep -aq "$prog_re" "$out"
}
prog_re='table: .*%, .* cells/s'
if command -v script >/dev/null && script -qc true /dev/null >/dev/null 2>&1; then
  if t=$(tty_run "$tmp/p.tty" 1200 "$W table wythoff+pass --size 12000 --format bin --output $tmp/p.bin --threads 1"); then
    pass "progress shown on a terminal (percentage, rate)"
    # --quiet: nothing for as long as the progress took to show and 0.5 s more
    if tty_run "$tmp/q.tty" $((t + 5)) "$W table wythoff+pass --size 12000 --format bin --output $tmp/p.bin --threads 1 --quiet" >/dev/null ||
       grep -aq '%' "$tmp/q.tty"; then
      fail "--quiet still shows progress: $(tr '\r' '\n' <"$tmp/q.tty" | head -n 3)"
    else
      pass "--quiet hides the progress"
    fi
  else
    fail "no progress on a terminal within 120 s: $(tr '\r' '\n' <"$tmp/p.tty" | head -n 3)"
  fi
else
  echo "skip: script(1) is not available: terminal progress not checked"
fi
finish
