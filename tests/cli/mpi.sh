#!/usr/bin/env bash
# The table engine on MPI (build/wythoff-mpi, docs/distributed.md), run with
# mpirun -np 1, 2, 3, 4 --oversubscribe on this machine:
#  - the bin file of `wythoff-mpi table` is byte for byte the file of the
#    single-process `wythoff table --format bin`, for the papers' games in
#    several side states and for random rulesets (seeded by WY_SEED), with
#    1-3 threads a rank and band heights 1-64;
#  - memory splits: under a --mem-limit a single rank is refused (exit 3,
#    naming its columns and the estimate) and four ranks succeed;
#  - `ppos --count` and `compare --summary` give the single-process answers
#    and exit codes, for games without a layer engine (max=N, mod=M);
#  - --trace: one line per rank and band, bytes sent only by the ranks
#    before the last;
#  - failures are exit codes: a write past a file-size limit (and, as
#    root, into a full tmpfs) is exit 2 naming the file, said once, with no
#    file left; SIGTERM, SIGHUP, SIGINT to a rank or to all stop every rank
#    (130, "interrupted" once), SIGSEGV ends one, and neither leaves a file;
#    SIGKILL to every rank leaves exactly FILE.partial-PID (PID rank 0's);
#  - bad usage, a --trace file that cannot be opened or written, and no
#    arguments (the usage once) are refused with exit 2 and a message.
# Skipped (one skip line) when the MPI build is absent (no mpicc).
. "$(dirname "$0")/lib.sh"
B=${WY_BUILD:-build}
M=$B/wythoff-mpi
if [ ! -x "$M" ] || ! command -v mpirun >/dev/null 2>&1; then
  echo "skip: $M or mpirun not found (install openmpi-bin and libopenmpi-dev; make mpi)"
  exit 0
fi
# root in containers and CI: Open MPI refuses root unless told
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# no network interface probing, no warnings about it: one machine
export OMPI_MCA_btl=self,vader OMPI_MCA_btl_base_warn_component_unused=0
# Under the sanitizers, LeakSanitizer must tell Open MPI's own allocations,
# never freed, from ours: Open MPI unloads its plugins before the check, so
# only full stacks (slow: about a second a process) name its libraries.
# The runs marked "leaks" below check leaks that way (a table with --trace,
# a compare, an exit in the option parsing); the others check everything
# else, with detect_leaks=0.
supp=
if [ -n "${WY_TEST_SAN:-}" ]; then
  supp=$(mktemp) && trap 'rm -f "$supp"' EXIT
  printf 'leak:%s\n' libmpi.so libopen-pal.so libopen-rte.so libhwloc.so libevent libpmix.so >"$supp"
fi
# Under the sanitizers (WY_TEST_SAN=1) every third game (on 1, 2, 3 and 4
# ranks), one rank count of the narrow bands, fewer random, counting and
# comparing cases and one refusal of each kind run (every code path still
# runs).  By default 3 random rulesets and each counting
# case on one rank count (WY_TEST_BIG=1: 8, and each on 2 and 3 ranks).
san=${WY_TEST_SAN:-}
big=
[ "${WY_TEST_BIG:-0}" = 1 ] && [ -z "$san" ] && big=1
T=$(mktemp -d) && trap 'rm -rf "$T" ${supp:+"$supp"}' EXIT
run_mpi() {  # [leaks] NP ARGS...: wythoff-mpi on NP ranks; stdout and stderr to $O/out, $O/err
  local asan=${ASAN_OPTIONS:-} lsan=${LSAN_OPTIONS:-}
  if [ "$1" = leaks ]; then
    shift
    [ -n "$supp" ] && asan=${asan:+$asan:}detect_leaks=1:fast_unwind_on_malloc=0 lsan=suppressions=$supp:print_suppressions=0
  elif [ -n "$supp" ]; then
    asan=${asan:+$asan:}detect_leaks=0
  fi
  local np=$1; shift
  ASAN_OPTIONS=$asan LSAN_OPTIONS=$lsan OMPI_MCA_orte_tmpdir_base=$O timeout 120 \
    mpirun -q --oversubscribe --bind-to none -np "$np" "$M" "$@" >"$O/out" 2>"$O/err"
}
# (each mpirun has its session directory in its case's own directory: two
# that start at once may otherwise race to create /tmp/ompi.HOST.UID, and
# one fails with "ORTE_ERROR_LOG: Error in file ... session_dir.c")
O=$T

# --- bin files identical to the single process --------------------------------
# Cases at once, JOBS at a time (default 3): an mpirun spends most of its
# time starting, and a run whose status is not 0 (differences found, bad
# usage) takes mpirun a second more to end.  Each case in a directory of its
# own ($O); its lines printed in the order of the cases.
JOBS=${WY_MPI_JOBS:-3}
parallel_cases() {  # FUNCTION [JOBS], then one case a line on stdin (words: arguments)
  local f=$1 jobs=${2:-$JOBS} n=0 line running=0
  while IFS= read -r line; do
    n=$((n + 1))
    mkdir -p "$T/case$n"
    # shellcheck disable=SC2086 # the line's words are the arguments
    (O=$T/case$n; fails=0; $f $line >"$O/result"; echo "$fails" >"$O/fails") &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  done
  wait
  for i in $(seq 1 $n); do
    cat "$T/case$i/result"
    fails=$((fails + $(cat "$T/case$i/fails")))
    rm -rf "$T/case$i"
  done
}

same_bin() {  # NP THREADS BAND RULES SIZE|ROWSxCOLS [SIDE OPTIONS...]
  local np=$1 th=$2 band=$3 rules=$4 size=$5; shift 5
  local win=(--size "$size")
  case $size in *x*) win=(--rows "${size%x*}" --cols "${size#*x}") ;; esac
  local what="np $np, $th threads, band $band: table $rules ${win[*]} $*"
  "$W" table "$rules" "${win[@]}" "$@" --format bin --output "$O/ref.bin" --quiet 2>"$O/referr" ||
    { fail "$what: wythoff table failed: $(cat "$O/referr")"; return; }
  local bandopt=()
  [ "$band" != 0 ] && bandopt=(--band "$band")
  if ! run_mpi "$np" table "$rules" "${win[@]}" "$@" --output "$O/mpi.bin" --threads "$th" "${bandopt[@]}"; then
    fail "$what: exit $? ($(head -c 300 "$O/err"))"
  elif ! cmp -s "$O/ref.bin" "$O/mpi.bin"; then
    fail "$what: the bin file differs from wythoff table's ($(cmp "$O/ref.bin" "$O/mpi.bin" 2>&1 | head -1))"
  else
    pass "$what: byte-identical"
  fi
}
# the papers' games: Wythoff; with a pass (passes left 1 and 0); with a
# heap; terminal positions (normal and misere); bounded moves; mod moves;
# Nim with a pass
cases=()
np=0 k=0
for spec in "wythoff 97" "wythoff+pass 90" "wythoff+pass 64 --pass 0" "wythoff+heap=2 70 --heap 1" \
            "wythoff+terminal=2 80" "wythoff+terminal=2+misere 75" "wythoff+max=3 88" "wythoff+max=20 60" \
            "wythoff+mod=4 70" "wythoff+mod=20 50" "nim+pass 100" "nim+max=5+pass 66"; do
  np=$((np % 4 + 1)) k=$((k + 1))
  [ -n "$san" ] && [ $((k % 3)) != 1 ] && continue
  cases+=("$np $(( (np % 3) + 1 )) 0 $spec")
done
# every number of ranks on one game (3 under the sanitizers: the papers'
# games above run on 1, 2, 3 and 4 ranks there too), and narrow blocks (one
# column a rank)
for np in 1 2 3 4; do
  [ -n "$san" ] && [ "$np" != 3 ] && continue
  cases+=("$np 2 7 wythoff+pass 133")
done
cases+=("4 1 3 wythoff+max=6 4")
# windows wider than tall and taller than wide (the single-process engine
# stores the latter transposed)
cases+=("3 2 0 wythoff+pass+max=9 150x40 --pass 1")
cases+=("4 2 5 wythoff+heap=2+mod=3 30x170 --heap 2")
cases+=("3 2 1 wythoff+pass+mod=3 3")
# cells of 4 bytes in the file (the bound on the values exceeds 65535)
cases+=("3 1 0 wythoff+mod=2 400")
# random rulesets (tests/naive's ranges), seeded
RANDOM=$(( ${WY_SEED:-20261121} % 32768 ))
echo "random rulesets from WY_SEED=${WY_SEED:-20261121}"
nrand=3
[ -n "$big" ] && nrand=8
[ -n "$san" ] && nrand=1
for i in $(seq 1 $nrand); do
  game=$([ $((RANDOM % 2)) = 0 ] && echo wythoff || echo nim)
  r=$game side=()
  p=$((RANDOM % 4)); [ $p -gt 0 ] && r="$r+pass=$p" && side+=(--pass $((RANDOM % (p + 1))))
  h=$((RANDOM % 4)); [ $h -gt 0 ] && r="$r+heap=$h" && side+=(--heap $((RANDOM % (h + 1))))
  [ $((RANDOM % 2)) = 0 ] && r="$r+max=$((RANDOM % 12 + 1))"
  [ "$game" = wythoff ] && [ $((RANDOM % 2)) = 0 ] && r="$r+mod=$((RANDOM % 7 + 1))"
  [ $((RANDOM % 2)) = 0 ] && r="$r+terminal=$((RANDOM % 7))"
  [ $((RANDOM % 2)) = 0 ] && r="$r+misere"
  bands=(0 1 5 64)
  cases+=("$((RANDOM % 4 + 1)) $((RANDOM % 3 + 1)) ${bands[$((RANDOM % 4))]} $r $((RANDOM % 60 + 20)) ${side[*]}")
done
parallel_cases same_bin < <(printf '%s\n' "${cases[@]}")

# --- memory splits ----------------------------------------------------------
# wythoff 2048 x 2048: one rank needs about 6 MiB, each of four about 2
run_mpi 1 table wythoff --size 2048 --output "$T/one.bin" --mem-limit 3M --threads 1
rc=$?
if [ "$rc" != 3 ]; then
  fail "one rank under --mem-limit 3M: exit $rc, not 3 (refused)"
elif grep -q "columns 0..2047 .* needs about [0-9.]* MiB, more than the limit of 3 MiB per rank" "$O/err" &&
     [ ! -e "$T/one.bin" ] && ! ls "$T"/one.bin.partial* >/dev/null 2>&1; then
  pass "one rank under --mem-limit 3M: exit 3, refused before computing: $(head -1 "$O/err")"
else
  fail "one rank under --mem-limit 3M: message '$(cat "$O/err")' or a file left behind"
fi
"$W" table wythoff --size 2048 --format bin --output "$T/ref2048.bin" --quiet
if run_mpi 4 table wythoff --size 2048 --output "$T/four.bin" --mem-limit 3M --threads 1 --stats &&
   cmp -s "$T/four.bin" "$T/ref2048.bin"; then
  pass "four ranks under --mem-limit 3M: done, the same file as wythoff table"
else
  fail "four ranks under --mem-limit 3M: $(head -c 300 "$O/err")"
fi
# --stats: a line per rank, each estimate within the limit and about a
# quarter of the one rank's columns
if [ "$(grep -c '^ *[0-3] ' "$O/err")" = 4 ] && awk '/^ *[0-3] / { if ($8 + 0 > 3 || $2 != 512) bad = 1 } END { exit bad }' "$O/err"; then
  pass "--stats: four ranks of 512 columns, each estimate below 3 MiB"
else
  fail "--stats: $(cat "$O/err")"
fi

# --- ppos --count and compare --summary ------------------------------------------
specs=("wythoff+max=3 300" "wythoff+mod=5 200" "nim+max=4+pass 250" "wythoff+max=7+misere 180")
[ -n "$san" ] && specs=("wythoff+mod=5 200" "nim+max=4+pass 250")
ppos_case() {  # NP RULES SIZE: the count of wythoff ppos --count --engine table
  local np=$1 rules=$2 size=$3 want
  want=$("$W" ppos "$rules" --size "$size" --count --engine table --quiet)
  if run_mpi "$np" ppos "$rules" --size "$size" --count --threads 1 && [ "$(cat "$O/out")" = "$want" ]; then
    pass "np $np: ppos $rules --size $size --count = $want"
  else
    fail "np $np: ppos $rules --size $size --count: '$(cat "$O/out")', wythoff says $want ($(head -c 200 "$O/err"))"
  fi
}
# each spec on 2 and 3 ranks with WY_TEST_BIG=1, else on 2 or 3 in turn
parallel_cases ppos_case < <(k=0; for spec in "${specs[@]}"; do
  k=$((k + 1))
  { [ -n "$big" ] || [ $((k % 2)) = 1 ]; } && echo "2 $spec"
  { [ -n "$big" ] || [ $((k % 2)) = 0 ]; } && echo "3 $spec"
done)
want=$("$W" ppos wythoff+max=3 --size 300 --count --value 2 --format json --engine table --quiet)
run_mpi 2 ppos wythoff+max=3 --size 300 --count --value 2 --format json --threads 1
[ "$(cat "$O/out")" = "$want" ] && pass "np 2: ppos --value 2 --format json" || fail "np 2: ppos --value 2 json: $(cat "$O/out") vs $want"
cmp_case() {  # [leaks] NP ARGS...: compare --summary, the same output and exit code (in $O)
  local leaks=()
  [ "$1" = leaks ] && leaks=(leaks) && shift
  local np=$1; shift
  "$W" compare "$@" --summary --quiet >"$O/want" 2>&1
  local wrc=$?
  run_mpi ${leaks[@]+"${leaks[@]}"} "$np" compare "$@" --summary --threads 1
  local rc=$?
  noprov "$O/out" "$O/want" # the commands differ: wythoff-mpi ... --threads 1
  if [ "$rc" = "$wrc" ] && cmp -s "$O/out" "$O/want"; then
    pass "np $np: compare $* --summary (exit $rc)"
  else
    fail "np $np: compare $* --summary: exit $rc (wythoff: $wrc), output differs: $(diff "$O/want" "$O/out" | head -5) $(head -c 200 "$O/err")"
  fi
}
parallel_cases cmp_case 6 < <(
  echo "leaks 2 wythoff wythoff+pass --size 150 --outcome"
  echo "3 wythoff+mod=3 wythoff+max=5 --size 120 --format json"
  echo "4 wythoff+max=4 wythoff+max=4+terminal=1 --size 90 --format csv"
  [ -z "$san" ] && echo "3 wythoff+pass wythoff --value 0 --value-b 1 --size 100"
  [ -z "$san" ] && echo "2 nim+max=3 nim+max=3 --size 80"
  [ -z "$san" ] && echo "4 wythoff+heap=1 wythoff+heap=1+misere --heap 1 --size 70"
)

# --- trace -------------------------------------------------------------------
run_mpi leaks 3 table wythoff+pass --size 200 --output "$T/t.bin" --threads 2 --band 16 --trace "$T/trace.csv"
if [ "$(head -1 "$T/trace.csv" 2>/dev/null)" = "rank,table,band,start_s,seconds,bytes_sent" ] &&
   awk -F, 'NR > 1 { n[$1]++; if ($1 < 2 && $6 <= 0) bad = 1; if ($1 == 2 && $6 != 0) bad = 1 }
            END { exit bad || n[0] != 13 || n[1] != 13 || n[2] != 13 }' "$T/trace.csv"; then
  pass "--trace: 13 bands on each of 3 ranks, bytes sent by ranks 0 and 1 only"
else
  fail "--trace: $(head -5 "$T/trace.csv" 2>&1)"
fi

# --- failures are exit codes ----------------------------------------------------
# A full disk, a file-size limit: every write's count is checked, the run
# stops on every rank, rank 0 alone names the file and why (the system's
# words: strerror), exit 2, and neither FILE nor FILE.partial-PID is left.
# (Open MPI may add a line of its own per rank: OMPIO's "error in writev".)
full_disk() {  # NP SIZE DIR WHY [WRAPPER]: table wythoff into DIR/f.bin, which cannot hold it (WHY: _ for ' ')
  local np=$1 size=$2 dir=$3 why=${4//_/ } wrap=${5:-} what="np $1: table wythoff --size $2 into $3"
  local leaks=()
  [ -n "$wrap" ] && leaks=(leaks)  # (under the sanitizers: the leaks of ranks stopped in order)
  ( [ -n "$wrap" ] && M=$wrap; run_mpi ${leaks[@]+"${leaks[@]}"} "$np" table wythoff --size "$size" --output "$dir/f.bin" --threads 2 )
  local rc=$? said
  said=$(grep -c '^wythoff-mpi: ' "$O/err")
  if [ "$rc" = 2 ] && [ "$said" = 1 ] &&
     grep -Eq "^wythoff-mpi: cannot write $dir/f\.bin: $why \(rank [0-9], rows [0-9]+\.\.[0-9]+: [0-9]+ of [0-9]+ bytes written\)$" "$O/err" &&
     [ -z "$(ls -A "$dir")" ]; then
    pass "$what: exit 2, '$why' said once, no file left"
  else
    fail "$what: exit $rc, $said messages: $(head -c 400 "$O/err"); left: $(ls -A "$dir")"
  fi
}
# a file-size limit (ulimit -f), which needs no privilege, in the ranks only
# (mpirun's and Open MPI's own files need 16 MiB): wythoff 4096 x 4096 is a
# file of 32 MiB
mkdir -p "$T/fsize"
printf '#!/bin/sh\nulimit -f 20480 && exec "%s" "$@"\n' "$(cd "$(dirname "$M")" && pwd)/$(basename "$M")" >"$T/fsize.sh"
chmod +x "$T/fsize.sh"
# a full file system: a tmpfs of 4 MiB for a table of 8 MiB, where this
# user may mount one (root, in a container that allows it; the normal build)
mkdir -p "$T/tiny"
tiny=
if [ -z "$san" ]; then
  if mount -t tmpfs -o size=4m tmpfs "$T/tiny" 2>/dev/null; then
    tiny=1
    trap 'umount "$T/tiny" 2>/dev/null; rm -rf "$T" ${supp:+"$supp"}' EXIT
  else
    echo "skip: a full file system (mount -t tmpfs needs root); the file-size limit checks the same writes"
  fi
fi

# Signals: a rank that gets one removes the partial file at once (in its
# handler); SIGTERM, SIGHUP, SIGINT stop every rank in order: exit 130,
# "interrupted" said once by rank 0.  A fault (SIGSEGV) ends the rank as
# before, the file gone too.  SIGKILL cannot be caught: killed together,
# the ranks leave FILE.partial-PID, PID rank 0's (docs/distributed.md).
signal_case() {  # SIGNAL WHO WANT: WHO 0 or 1 (that rank), ranks (both), all (mpirun too); WANT the exit, fault or partial
  local sig=$1 who=$2 want=$3 out=$O/s.bin tp mp= r0= r1= p n asan=${ASAN_OPTIONS:-} lsan=${LSAN_OPTIONS:-}
  # (the leaks of ranks stopped in order are checked by the file-size case)
  [ -n "$supp" ] && asan=${asan:+$asan:}detect_leaks=0
  ASAN_OPTIONS=$asan LSAN_OPTIONS=$lsan OMPI_MCA_orte_tmpdir_base=$O timeout 120 mpirun -q --oversubscribe --bind-to none -np 2 "$M" table wythoff --size 8192 --output "$out" \
    --threads 1 >"$O/out" 2>"$O/err" &
  tp=$!
  for n in $(seq 1 400); do ls "$out".partial-* >/dev/null 2>&1 && break; sleep 0.05; done
  sleep 0.3
  mp=$(pgrep -P "$tp")
  for p in $(pgrep -P "${mp:-0}"); do  # the ranks: mpirun's children, each knowing its rank
    case $(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep '^OMPI_COMM_WORLD_RANK=') in
      *=0) r0=$p ;; *=1) r1=$p ;;
    esac
  done
  if [ -z "$r0" ] || [ -z "$r1" ] || ! ls "$out".partial-* >/dev/null 2>&1; then
    fail "$sig to $who: the run was not found running (ranks '$r0' '$r1'; $(head -c 200 "$O/err"))"
    kill "$tp" 2>/dev/null; wait "$tp"; return
  fi
  case $who in
    0) kill -s "$sig" "$r0" ;; 1) kill -s "$sig" "$r1" ;; ranks) kill -s "$sig" "$r0" "$r1" ;;
    all) kill -s "$sig" "$mp" "$r0" "$r1" ;;
  esac
  wait "$tp"
  local rc=$? left said
  left=$(cd "$O" && ls s.bin* 2>/dev/null | tr '\n' ' ')
  said=$(grep -c '^wythoff-mpi: ' "$O/err")
  case $want in
    partial)
      if [ "$left" = "s.bin.partial-$r0 " ]; then
        rm -f "$out".partial-*  # the cleaning of docs/distributed.md
        pass "$sig to both ranks: exit $rc, s.bin.partial-PID left (PID: rank 0's), removed by rm -f FILE.partial-*"
      else
        fail "$sig to both ranks: left '$left', wanted s.bin.partial-$r0"
      fi ;;
    fault)
      if [ "$rc" != 0 ] && [ -z "$left" ]; then
        pass "$sig to rank $who: the rank ends (exit $rc), no file left"
      else
        fail "$sig to rank $who: exit $rc, left '$left'"
      fi ;;
    *)
      local named=SIG$sig
      [ "$who" = all ] && named='SIG[A-Z]+'  # mpirun passes on a SIGTERM of its own
      if { [ "$rc" = "$want" ] || { [ "$want" = '!0' ] && [ "$rc" != 0 ]; }; } && [ -z "$left" ] &&
         [ "$said" = 1 ] && grep -Eq "^wythoff-mpi: interrupted \(rank [01]: $named\)$" "$O/err"; then
        pass "$sig to $who: exit $rc, no file left, '$(cat "$O/err")'"
      else
        fail "$sig to $who: exit $rc (wanted $want), left '$left', $said messages: $(head -c 300 "$O/err")"
      fi ;;
  esac
}
# (Ctrl-C in a terminal reaches mpirun and the ranks, "all": mpirun's exit
# status is then its own, not 0)
failure_case() {  # disk ARGS (full_disk) or signal ARGS (signal_case)
  local f=$1; shift
  case $f in disk) full_disk "$@" ;; signal) signal_case "$@" ;; esac
}
# (all at once: the runs mostly start, wait and end)
parallel_cases failure_case 7 < <(
  echo "disk 3 4096 $T/fsize File_too_large $T/fsize.sh"
  [ -n "$tiny" ] && echo "disk 2 2048 $T/tiny No_space_left_on_device"
  echo "signal TERM 1 130"
  [ -z "$san" ] && echo "signal HUP 0 130"
  [ -z "$san" ] && echo "signal INT all !0"
  [ -z "$san" ] && echo "signal SEGV 1 fault"
  echo "signal KILL ranks partial"
)
[ -n "$tiny" ] && umount "$T/tiny"

# --- bad usage ---------------------------------------------------------------
bad() {  # [leaks] NP SUBSTRING ARGS...: exit 2 and the message (SUBSTRING: '-' for ' ')
  local leaks=()
  [ "$1" = leaks ] && leaks=(leaks) && shift
  local np=$1 sub=${2//-/ }; shift 2
  run_mpi ${leaks[@]+"${leaks[@]}"} "$np" "$@"
  local rc=$?
  if [ "$rc" = 2 ] && grep -qF -- "$sub" "$O/err" && grep -q '^wythoff-mpi: ' "$O/err"; then
    pass "np $np: $* -> exit 2 ($sub)"
  else
    fail "np $np: $*: exit $rc, message '$(head -c 300 "$O/err")' (wanted exit 2 and '$sub')"
  fi
}
# (all at once: each waits about two seconds for mpirun to end)
# (under the sanitizers one refusal of each kind: an unknown command, the
# ranks' split, an option's range (with the leak check), the rules, the
# output and the trace files; the other option checks and the trace's other
# refusals in the normal build only)
parallel_cases bad 10 < <(cat <<EOF
2 unknown-command tabel wythoff
3 each-rank-needs-a-column table wythoff --rows 10 --cols 2 --output $T/x
leaks 2 band-must-be-1-to-64 table wythoff --size 10 --output $T/x --band 0
2 unknown-game table wythof --size 10 --output $T/x
2 cannot-write table wythoff --size 10 --output $T/no-such-dir/x.bin
2 cannot-write-the-trace-$T/nodir/t.csv:-No-such-file table wythoff --size 10 --output $T/x --trace $T/nodir/t.csv
EOF
[ -z "$san" ] && cat <<EOF
2 this-command-writes-bin table wythoff --size 10 --format csv --output $T/x
2 table-needs table wythoff --size 10
2 gives-the-summary-only compare wythoff wythoff+pass --size 10
2 gives-the-count-only ppos wythoff+max=2 --size 10
2 layer-engine ppos wythoff --size 10 --count --engine layer
2 cannot-write-the-trace-$T/nodir/t.csv ppos wythoff+max=2 --size 10 --count --trace $T/nodir/t.csv
2 cannot-write-the-trace-/dev/full:-No-space-left-on-device table wythoff --size 10 --output $T/x --trace /dev/full
EOF
)
left=$(cd "$T" && ls x x.partial-* 2>/dev/null)
[ -z "$left" ] && pass "no file left by the refusals" || fail "a refusal left $left"
# no arguments: the usage, once (rank 0 speaks), exit 2
run_mpi 3
rc=$?
[ "$rc" = 2 ] && [ "$(grep -c '^usage: ' "$O/err")" = 1 ] && pass "np 3, no arguments: the usage once, exit 2" ||
  fail "np 3, no arguments: exit $rc, $(grep -c '^usage: ' "$O/err") usage lines"

# --- docs/distributed.md's transcripts (the normal build) ------------------------
[ -n "$san" ] && { finish; exit; }
# each "$ COMMAND" of a console block, run in a scratch directory with build/
# replaced by this build, prints the lines below it
awk -v dir="$T/doc" 'BEGIN { system("mkdir -p " dir) }
  $0 == "```console" { inblk = 1; next }
  inblk && $0 == "```" { inblk = 0; next }
  inblk && substr($0, 1, 2) == "$ " { n++; print substr($0, 3) > (dir "/" n ".cmd"); printf "" > (dir "/" n ".exp"); print FNR > (dir "/" n ".line"); next }
  inblk && n { print > (dir "/" n ".exp") }' docs/distributed.md
case $B in /*) abs=$B ;; *) abs=$(pwd)/$B ;; esac
for f in "$T"/doc/*.cmd; do
  [ -e "$f" ] || { fail "docs/distributed.md: no console transcript"; break; }
  cmd=$(cat "$f") b=${f%.cmd}
  run=${cmd//build\//$abs/}
  (cd "$T/doc" && ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 bash -c "{ $run
} 2>&1" >"$b.out" </dev/null)
  if cmp -s "$b.out" "$b.exp"; then
    pass "docs/distributed.md:$(cat "$b.line"): $cmd"
  else
    fail "docs/distributed.md:$(cat "$b.line"): $cmd: $(diff "$b.exp" "$b.out" | head -6)"
  fi
done
finish
