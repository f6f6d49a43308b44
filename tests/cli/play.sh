#!/usr/bin/env bash
# play.sh - `wythoff play` (docs/play.md), scripted through pipes:
#  - games against a random opponent (tests/cli/play_driver.py games), for
#    the papers' games (wythoff, wythoff+pass, wythoff+heap=1,
#    wythoff+terminal=2 and its misere form, wythoff+max=3, nim+pass,
#    nim+max=31+pass, wythoff+mod=3), fixed combinations (pass=2, heap=2,
#    max, mod, misere) and three drawn from the seed: every engine move is
#    legal, perfect where the driver's own mex recursion (checked against
#    the naive reference) says the engine is at an N-position, by the
#    fewest-stones rule at a P-position; the engine wins every game in
#    which it was once to move at an N-position; the tool takes exactly the
#    legal moves typed; '?', 'undo' and the end of the game agree with the
#    driver;
#  - fixed checks (play_driver.py checks): every spelling of a move, the
#    messages of illegal moves, 'moves' and 'show' against `wythoff moves`
#    and `wythoff table`, huge positions (10^30: the engine's move checked
#    with `wythoff value`), an undecided position (said, with a legal
#    fallback), EOF, quit, the default start and the seed;
#  - the terminal: a pseudo-terminal on standard input gets the question
#    who moves first and the prompts;
#  - bad arguments (exit 2), a memory limit (exit 3), --help;
#  - the transcripts of docs/play.md print what the page shows.
# WY_SEED (default 20261121) fixes every random choice; WY_TEST_SAN=1 plays
# fewer games.  Needs /usr/bin/python3 for the games (else "skip:").
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
seed=${WY_SEED:-20261121}
echo "seed: $seed"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export WYTHOFF_CACHE=off
unset COLUMNS # the width of play's output: 80 when not a terminal

# --- bad arguments, limits, help ------------------------------------------------
expect 2 "unknown game 'chomp'" -- play chomp
expect 2 "missing ruleset" -- play
expect 2 "play needs both X and Y, or neither" -- play wythoff 3
expect 2 "bad X" -- play wythoff x 5
expect 2 "bad Y" -- play wythoff 5 -7
expect 2 "too many arguments" -- play wythoff 1 2 3
expect 2 "bad --first 'nobody' (expected me or engine)" -- play wythoff --first nobody
expect 2 "bad --seed" -- play wythoff --seed x
expect 2 "bad --level 'best' (expected perfect, strong, medium or beginner)" -- play wythoff --level best
expect 2 "bad --players '3' (expected 1: against the engine, or 2: two players)" -- play wythoff --players 3
expect 2 "--names needs --players 2" -- play wythoff --names Ann,Bob
expect 2 "bad --names 'Ann' (expected two names" -- play wythoff --players 2 --names Ann
expect 2 "bad --names: the two players need different names" -- play wythoff --players 2 --names Ann,Ann
expect 2 "--first applies to a game against the engine" -- play wythoff --players 2 --first me
expect 2 "--level applies to the engine as a player: not with --players 2" -- play wythoff --players 2 --level medium
expect 2 "--pass given, but ruleset 'wythoff' has no pass" -- play wythoff --pass 1
expect 2 "--heap 2 is more than the ruleset's heap=1" -- play wythoff+heap=1 5 7 --heap 2
expect 2 "option '--format' does not apply to 'play'" -- play wythoff --format json
expect 2 "option '--output' does not apply to 'play'" -- play wythoff --output x
expect 3 "more than the limit of 1 MiB" -- play wythoff+heap=2 100000000 161803398 --first engine --mem-limit 1M
out=$("$W" play --help 2>&1)
grep -q -- '--first WHO' <<<"$out" && grep -q -- '--seed N' <<<"$out" && grep -q '^usage: wythoff play RULES \[X Y\]' <<<"$out" &&
  pass "wythoff play --help: usage, --first, --seed" || fail "wythoff play --help: $out"

# --- games and fixed checks ------------------------------------------------------
PY=/usr/bin/python3
if [ ! -x "$PY" ]; then
  echo "skip: $PY missing: the games against a random opponent and the scripted checks are not run"
else
  games=30
  [ "${WY_TEST_SAN:-0}" = 1 ] && games=4
  py_lines() {  # run the driver, turning its PASS/FAIL/skip lines into ours
    local line
    while IFS= read -r line; do
      case $line in
        PASS*) echo "$line" ;;
        FAIL*) fail "${line#FAIL }" ;;
        skip:*) echo "$line" ;;
        'exit 0') ;;
        *) fail "play_driver.py $1: $line" ;;
      esac
    done < <("$PY" tests/cli/play_driver.py "$@" 2>&1; echo "exit $?")
  }
  naive=$build/wythoff-naive
  [ -x "$naive" ] || naive=-
  py_lines games "$W" "$naive" "$seed" "$games" wythoff wythoff+pass wythoff+heap=1 wythoff+terminal=2 \
    wythoff+terminal=2+misere wythoff+max=3 nim+pass nim+max=31+pass wythoff+mod=3 wythoff+pass=2+misere \
    nim+heap=2+misere wythoff+heap=2+max=4 wythoff+pass+heap=1+mod=2+terminal=3
  py_lines checks "$W" "$seed"
  py_lines classroom "$W" "$seed"

  # a terminal on standard input: the question and the prompts
  "$PY" - "$W" >"$tmp/tty.out" 2>&1 <<'PY'
import os, subprocess, sys
master, slave = os.openpty()
p = subprocess.Popen([sys.argv[1], "play", "wythoff", "5", "7", "--expert", "--no-picture"], stdin=slave,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=dict(os.environ, COLUMNS="0"))
os.close(slave)
os.write(master, b"maybe\nengine\n?\nquit\n")
out, _ = p.communicate(timeout=60)
os.close(master)
sys.stdout.write(out)
sys.stdout.write("exit %d\n" % p.returncode)
PY
  want="who moves first, me or engine? [me] please answer me or engine
who moves first, me or engine? [me] game: wythoff; the engine moves first; seed 1; type 'help' for the moves and commands
position: 5 7
engine: 5 7 -> 4 7 | take 1 from the first heap | winning: it reaches a P-position (by table)
position: 4 7

> hint: G = 0, P-position (by table); no winning move: every move reaches an N-position

> game abandoned: quit

exit 0"
  [ "$(cat "$tmp/tty.out")" = "$want" ] && pass "a terminal: asks who moves first, prompts '> '" ||
    fail "a terminal: printed '$(cat "$tmp/tty.out")', expected '$want'"
fi

# --- a terminal of 80 columns in tmux: the picture in colour, no word broken -------
if ! command -v tmux >/dev/null 2>&1; then
  echo "skip: tmux missing: the game in a terminal of 80 columns is not played"
else
  sock=$tmp/tmux.sock
  tm() { tmux -S "$sock" "$@"; }
  tm new-session -d -x 80 -y 50 -s play \
    "env -u COLUMNS -u NO_COLOR -u LC_CTYPE -u LANG LC_ALL=C.UTF-8 TERM=xterm-256color WYTHOFF_CACHE=off $W play wythoff+max=3 5 7 --first me; sleep 30" 2>/dev/null
  for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    tm capture-pane -p -t play 2>/dev/null | grep -q '^> ' && break
    sleep 0.1
  done
  tm send-keys -t play 'take 4 from the first heap' Enter
  for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    tm capture-pane -p -t play 2>/dev/null | grep -q 'please\|(max=3)' && break
    sleep 0.1
  done
  tm capture-pane -p -e -t play >"$tmp/tmux.e" 2>/dev/null
  tm capture-pane -p -J -t play >"$tmp/tmux.j" 2>/dev/null
  tm kill-server 2>/dev/null
  if ! [ -s "$tmp/tmux.e" ]; then
    fail "tmux: no pane captured"
  else
    grep -q $'\e\\[[0-9;]*m' "$tmp/tmux.e" && grep -q '♛' "$tmp/tmux.e" && grep -q '◎' "$tmp/tmux.e" &&
      pass "tmux, 80 columns: the board with the queen, in colour (capture-pane -e shows the escapes)" ||
      fail "tmux: no colour or no board: $(tr '\n' '|' <"$tmp/tmux.e" | head -c 600)"
    # joined (-J): a line the terminal itself broke is joined again, so a line over 80 columns would show;
    # ours are broken on blanks: with the line breaks read as blanks the messages read whole
    msg="error: illegal move: at most 3 stones from a heap (max=3)"
    rules="rules: a move takes stones from one heap, or the same number from both heaps; at most 3 from a heap."
    flat=$(tr -s ' \n' '  ' <"$tmp/tmux.j")
    LC_ALL=C sed $'s/[\xc0-\xff][\x80-\xbf]*/x/g' "$tmp/tmux.j" | LC_ALL=C awk 'length($0) > 80 { bad = 1 } END { exit bad }' &&
      [[ $flat == *"$msg"* ]] && [[ $flat == *"$rules"* ]] &&
      pass "tmux, 80 columns: no line wider than 80, the words of the rules and of the illegal move whole" ||
      fail "tmux: a line wider than 80 or a word broken: $(tr '\n' '|' <"$tmp/tmux.j" | head -c 600)"
  fi
  # a terminal whose locale is not UTF-8: the picture in ASCII (Q the queen, @ the corner, o the stones)
  tm new-session -d -x 80 -y 50 -s ascii \
    "env -u COLUMNS -u LC_CTYPE -u LANG LC_ALL=C NO_COLOR=1 TERM=xterm WYTHOFF_CACHE=off $W play wythoff 2 3 --first me; sleep 30" 2>/dev/null
  for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    tm capture-pane -p -t ascii 2>/dev/null | grep -q '^> ' && break
    sleep 0.1
  done
  tm capture-pane -p -t ascii >"$tmp/tmux.a" 2>/dev/null
  tm kill-server 2>/dev/null
  qrow=$(grep -E '^ +2( +[.@Q]){4}$' "$tmp/tmux.a" | tr -s ' ' | sed 's/^ //')
  [ "$qrow" = "2 . . . Q" ] && grep -qE '^ +0 +@( +\.){3}$' "$tmp/tmux.a" && ! LC_ALL=C grep -q $'[\x80-\xff]' "$tmp/tmux.a" &&
    pass "tmux, LC_ALL=C: the board in ASCII (Q at row 2, column 3; @ the corner), no byte outside ASCII" ||
    fail "tmux, LC_ALL=C: not an ASCII board: $(tr '\n' '|' <"$tmp/tmux.a" | head -c 600)"
fi

# --- the transcripts of docs/play.md ----------------------------------------------
# Each ```console block: "$ COMMAND" lines (with build/wythoff, run with
# build/ replaced by $WY_BUILD/, stderr merged) followed by what it prints.
awk -v dir="$tmp" '
  !inb && $0 == "```console" { inb = 1; cur = ""; next }
  inb && $0 == "```" { inb = 0; cur = ""; next }
  inb && substr($0, 1, 2) == "$ " {
    if (index($0, "build/wythoff")) { n++; cur = dir "/doc" n; print FNR > (cur ".where"); print substr($0, 3) > (cur ".cmd"); printf "" > (cur ".exp") }
    else cur = ""
    next
  }
  inb && cur != "" { print > (cur ".exp") }
' docs/play.md
n=0
for f in "$tmp"/doc*.cmd; do
  [ -e "$f" ] || continue
  b=${f%.cmd}
  cmd=$(cat "$f")
  run=${cmd//build\/wythoff/$build/wythoff}
  NO_COLOR=1 bash -c "{ $run
} 2>&1" >"$b.out" </dev/null
  n=$((n + 1))
  if cmp -s "$b.out" "$b.exp"; then
    pass "docs/play.md:$(cat "$b.where"): \$ $cmd"
  else
    fail "docs/play.md:$(cat "$b.where"): \$ $cmd: $(diff "$b.exp" "$b.out" | head -n 8 | tr '\n' '|')"
  fi
done
[ "$n" -ge 3 ] && pass "docs/play.md: $n transcripts" || fail "docs/play.md: only $n transcripts"
finish
