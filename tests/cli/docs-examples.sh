#!/usr/bin/env bash
# docs-examples.sh - the manual's examples run as tests.
#
# (a) In README.md and docs/{rules,commands,formats,exit-codes,engines,conventions,exact,claims,errata,pictures,graph,automata,oeis,terminal,modular}.md,
#     every fenced block opened by ```console is a transcript: a line "$ COMMAND"
#     followed by the lines COMMAND prints.  Each COMMAND that contains
#     build/wythoff is run from the repository root with bash, NO_COLOR=1,
#     stderr merged into stdout, and build/ replaced by $WY_BUILD/; its output
#     must equal the lines below it byte for byte, except that durations
#     printed as "N.NN s" (wythoff check's timings: before ";", ")" or " |",
#     or at the end of a line) match any such duration.
#     Commands without
#     build/wythoff (the library example) are not run here.
#     Under the sanitizers (WY_TEST_SAN=1) the examples whose command
#     matches one of SAN_LEAVE_OUT's patterns are left out (listed, not
#     counted as passed): they spend seconds there on a path other tests
#     run under the sanitizers at smaller sizes (the 46-row strips and the
#     rows proved on demand: t-exact, t-strip, t-eval; a command stopped
#     after N seconds: hostile.sh's signals; a number of 100001 digits: the
#     same parser as the examples' 1e3; automaton verify on 10^6 diagonals:
#     automaton.sh's 10^5 there); the normal run checks their
#     output.  There, too, a command that an earlier example ran (the same
#     text) is not run again: the earlier output is compared with this
#     example's lines.
# (b) The ```c block of docs/conventions.md (the library example; README.md must
#     hold the same text) is compiled against $WY_BUILD/libwythoff.a
#     (with -fsanitize=address,undefined when WY_BUILD is build-san) and run;
#     its output must equal the lines below the "$ ... ./example" line.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
docs=(README.md docs/rules.md docs/commands.md docs/formats.md docs/exit-codes.md docs/engines.md docs/conventions.md docs/exact.md docs/claims.md docs/errata.md docs/pictures.md docs/graph.md docs/automata.md docs/oeis.md docs/terminal.md docs/modular.md)

# Split the transcripts into $tmp/N.where (file:line), N.cmd, N.exp (N = 1, 2, ...),
# the library transcripts into lib.N.*, and each file's ```c block into K.c.
awk -v dir="$tmp" '
  FNR == 1 { fidx++; inblk = 0; inc = 0; cur = "" }
  !inblk && !inc && $0 == "```console" { inblk = 1; cur = ""; next }
  !inblk && !inc && $0 == "```c" { inc = 1; cfile = dir "/" fidx ".c"; printf "" > cfile;
                                   print FILENAME > (dir "/" fidx ".cname"); next }
  inc && $0 == "```" { inc = 0; next }
  inc { print > cfile; next }
  inblk && $0 == "```" { inblk = 0; cur = ""; next }
  inblk && substr($0, 1, 2) == "$ " {
    cmd = substr($0, 3)
    if (index(cmd, "build/wythoff")) { n++; cur = dir "/" n }
    else if (index(cmd, "./example")) { m++; cur = dir "/lib." m }
    else { cur = ""; next }
    print FILENAME ":" FNR > (cur ".where"); print cmd > (cur ".cmd"); printf "" > (cur ".exp")
    next
  }
  inblk && cur != "" { print > (cur ".exp") }
' "${docs[@]}" || { fail "docs examples: cannot read ${docs[*]}"; finish; exit; }

# (a) the command transcripts.  A duration "N.NN s" (wythoff check's timings)
# matches any other where the transcripts print one: before ';' or ')' (text:
# "(paper 000, ...; 0.27 s)", "(0.27 s)"), before " |" (markdown table cells:
# "| 0.00 s |") or at the end of a line.
durations='s/[0-9]+\.[0-9]{2} s([;)]| \||$)/#.## s\1/g'
# (extended regular expressions, matched against the command)
SAN_LEAVE_OUT=(
  'wythoff value wythoff 4[5-9] [0-9]'  # rows 45-47 at y of 30 digits: a 46-row strip or a proof on demand
  'timeout .* build/wythoff (table|period) '  # stopped by a signal after seconds of work
  'build/wythoff value wythoff 1e100000 1 '  # a 100001-digit number: the parser of the 1e3 beside it, seconds under ASan
  'build/wythoff automaton verify .* --rows 1e6'  # automaton.sh verifies under the sanitizers (10^5 diagonals)
)
# Under the sanitizers a command that an earlier example ran already (the
# same text: check 000.thm4 in three files, ...) is not run again: its
# output is the earlier run's, compared with this example's lines (the
# normal run runs each).
declare -A ran=()
n=0 left=0
for f in "$tmp"/[0-9]*.cmd; do
  [ -e "$f" ] || continue
  b=${f%.cmd}
  where=$(cat "$b.where"); cmd=$(cat "$f")
  if [ "${WY_TEST_SAN:-0}" = 1 ]; then
    for pat in "${SAN_LEAVE_OUT[@]}"; do
      if grep -Eq -- "$pat" <<<"$cmd"; then
        echo "left out under the sanitizers: doc example $where: $cmd"
        left=$((left + 1))
        continue 2
      fi
    done
  fi
  run=${cmd//build\/wythoff/$build/wythoff}
  if [ "${WY_TEST_SAN:-0}" = 1 ] && [ -n "${ran[$cmd]:-}" ]; then
    cp "${ran[$cmd]}" "$b.out"
  else
    ran[$cmd]=$b.out
    # timeout(1) sends SIGCONT after its signal: should it come while
    # LeakSanitizer has the exiting tool stopped under ptrace (its check at
    # exit), the check waits forever (seen once under load).  Such examples
    # run without the leak check; everything else still applies.
    lsan=${ASAN_OPTIONS:-}
    case $cmd in *timeout*) lsan=${lsan:+$lsan:}detect_leaks=0 ;; esac
    ASAN_OPTIONS=$lsan NO_COLOR=1 bash -c "{ $run
} 2>&1" >"$b.out" </dev/null
  fi
  sed -E "$durations" "$b.exp" >"$b.expn"
  sed -E "$durations" "$b.out" >"$b.outn"
  if cmp -s "$b.expn" "$b.outn"; then
    pass "doc example $where: $cmd"
  else
    fail "doc example $where: $cmd: output differs from the manual (diff manual actual):
$(diff "$b.exp" "$b.out" | head -n 20)"
  fi
  n=$((n + 1))
done
note=
[ "$left" -gt 0 ] && note=", $left left out under the sanitizers"
[ "$n" -gt 0 ] && pass "doc examples found: $((n + left))$note" || fail "no doc examples found in ${docs[*]}"

# (b) the library example
conv=""
for c in "$tmp"/*.c; do
  [ -e "$c" ] || continue
  [ "$(cat "${c%.c}.cname")" = docs/conventions.md ] && conv=$c
done
if [ -z "$conv" ]; then
  fail "library example: no \`\`\`c block in docs/conventions.md"
else
  for c in "$tmp"/*.c; do
    [ "$c" = "$conv" ] && continue
    name=$(cat "${c%.c}.cname")
    if cmp -s "$c" "$conv"; then
      pass "library example in $name is the one in docs/conventions.md"
    else
      fail "library example in $name differs from docs/conventions.md"
    fi
  done
  san=()
  case $(basename "$build") in *san*) san=(-fsanitize=address,undefined -fno-sanitize-recover=all) ;; esac
  if ! "${CC:-cc}" -std=c11 -Wall -Wextra -Werror -Iinclude "${san[@]}" "$conv" "$build/libwythoff.a" \
       -o "$tmp/example" >"$tmp/cc.log" 2>&1; then
    fail "library example: does not compile with $build/libwythoff.a: $(head -n 10 "$tmp/cc.log")"
  else
    pass "library example compiles against $build/libwythoff.a${san[*]:+ (${san[*]})}"
    m=0
    for e in "$tmp"/lib.*.exp; do
      [ -e "$e" ] || continue
      where=$(cat "${e%.exp}.where")
      if "$tmp/example" >"$tmp/lib.out" 2>&1 && cmp -s "$e" "$tmp/lib.out"; then
        pass "library example output as shown at $where"
      else
        fail "library example at $where: output differs (diff manual actual):
$(diff "$e" "$tmp/lib.out" | head -n 20)"
      fi
      m=$((m + 1))
    done
    [ "$m" -gt 0 ] || fail "library example: no '\$ ... ./example' transcript in ${docs[*]}"
  fi
fi
finish
