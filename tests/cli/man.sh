#!/usr/bin/env bash
# man.sh - the manual pages (man/*.1, man/*.3) render without warnings and
# stay in step with the tool and the headers:
#  - every page renders with `groff -man -ww` (the version filled in as
#    `make install` does), its .TH carries @VERSION@ and the date;
#  - every command of `wythoff --help` has its page man/wythoff-COMMAND.1,
#    named in wythoff(1), and no page names a command the tool lacks;
#  - every option of `wythoff COMMAND --help` is an item of its page, with the
#    same metavariable, and the page has no option item the command lacks;
#  - the exit codes of wythoff(1) are those of docs/exit-codes.md, and the
#    status codes of libwythoff(3) those of include/wythoff.h;
#  - every WY_API function of include/*.h is described in a section 3 page;
#  - the examples: every `$ wythoff ...` transcript of the pages prints what
#    the page shows, and the C programs of libwythoff(3) compile, link with
#    the static library and print what the page shows.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-man.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
W=$(cd "$(dirname "$W")" && pwd)/$(basename "$W") # absolute: examples run elsewhere

version=$(sed -n 's/^#define WY_VERSION "\(.*\)"$/\1/p' include/wythoff.h)
[ -n "$version" ] && pass "WY_VERSION $version" || fail "no WY_VERSION in include/wythoff.h"
pages=(man/*.1 man/*.3)
[ -f man/wythoff.1 ] && [ -f man/libwythoff.3 ] && pass "man/wythoff.1 and man/libwythoff.3 exist" ||
  fail "man/wythoff.1 or man/libwythoff.3 missing"

# The text of a page's source with the escapes this project uses undone.
plain() {
  sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\&//g' \
      -e 's/\\f[BIRP]//g' -e 's/\\(em/--/g' "$@"
}

# --- rendering -------------------------------------------------------------
for p in "${pages[@]}"; do
  th=$(grep -m1 '^\.TH ' "$p")
  case $th in
    *'"wythoff @VERSION@"'*) [[ $th =~ \ 20[0-9][0-9]-[01][0-9]-[0-3][0-9]\  ]] && pass "$p: .TH has @VERSION@ and the date" ||
                                 fail "$p: .TH line '$th' has no date YYYY-MM-DD" ;;
    *) fail "$p: .TH line '$th' lacks \"wythoff @VERSION@\" or the date" ;;
  esac
done
if command -v groff >/dev/null 2>&1; then
  for p in "${pages[@]}"; do
    sed "s/@VERSION@/$version/g" "$p" >"$tmp/page"
    # -Tascii: also warns about characters a plain terminal cannot show
    out=$(groff -man -ww -Tascii -z "$tmp/page" 2>&1)
    [ -z "$out" ] && pass "$p renders without warnings" || fail "$p: groff warns: $(head -n 3 <<<"$out")"
    n=$(groff -man -Tascii "$tmp/page" 2>/dev/null | wc -l)
    [ "$n" -gt 20 ] && pass "$p renders ($n lines)" || fail "$p renders to $n lines"
  done
else
  echo "skip: groff not installed: the man pages are not rendered"
fi
if command -v mandoc >/dev/null 2>&1; then
  for p in "${pages[@]}"; do
    sed "s/@VERSION@/$version/g" "$p" >"$tmp/page"
    out=$(mandoc -T lint -W warning "$tmp/page" 2>&1)
    [ -z "$out" ] && pass "$p: mandoc -T lint" || fail "$p: mandoc: $(head -n 3 <<<"$out")"
  done
fi

# --- commands and options ---------------------------------------------------
cmds=$("$W" --help | sed -n '/^commands:$/,/^$/p' | awk 'NF > 1 { print $1 }')
[ -n "$cmds" ] && pass "wythoff --help lists commands: $(echo $cmds)" || fail "no commands in wythoff --help"
for cmd in $cmds; do
  page=man/wythoff-$cmd.1
  if [ ! -f "$page" ]; then
    fail "$cmd: no page $page"
    continue
  fi
  grep -q "^\.BR wythoff\\\\-$cmd (1)" man/wythoff.1 && pass "wythoff.1 names wythoff-$cmd(1)" ||
    fail "wythoff.1 does not name wythoff-$cmd(1)"
  grep -q "^wythoff\\\\-$cmd \\\\- " "$page" && pass "$page: NAME wythoff-$cmd" || fail "$page: no NAME line 'wythoff\\-$cmd \\- ...'"
  # option items: the line after each .TP, as "--name META"
  plain "$page" | awk 'p { print; p = 0 } /^\.TP/ { p = 1 }' |
    sed -e 's/^\.[A-Z]* //' -e 's/"//g' -e 's/  */ /g' -e 's/ *$//' | grep '^--' >"$tmp/items"
  "$W" "$cmd" --help | sed -n '/^options:$/,/^$/p' | grep -E '^  --' |
    sed -E 's/^  (--[a-z-]+( [A-Z]+)?) .*/\1/; s/^  (--[a-z-]+)$/\1/' >"$tmp/opts"
  n=0 missing=""
  while IFS= read -r o; do
    n=$((n + 1))
    grep -qE -- "^$o( |,|$)" "$tmp/items" || missing+=" '$o'"
  done <"$tmp/opts"
  [ -z "$missing" ] && pass "$page: all $n options of 'wythoff $cmd --help' are items" ||
    fail "$page lacks the items$missing of 'wythoff $cmd --help'"
  extra=""
  while IFS= read -r item; do
    name=${item%% *}; name=${name%,}
    grep -qE -- "^$name( |$)" "$tmp/opts" || extra+=" '$name'"
  done <"$tmp/items"
  [ -z "$extra" ] && pass "$page: no option item that 'wythoff $cmd' lacks" ||
    fail "$page has option items$extra that 'wythoff $cmd --help' does not list"
done
for p in man/wythoff-*.1; do
  c=${p#man/wythoff-}; c=${c%.1}
  if [ "$c" = certcheck ]; then  # the separate checker program (tools/certcheck.c), not a command
    [ -f tools/certcheck.c ] && pass "$p: the program wythoff-certcheck" || fail "$p: no tools/certcheck.c"
    continue
  fi
  if [ "$c" = mpi ]; then  # the MPI driver (mpi/wythoff-mpi.c, make mpi), not a command
    [ -f mpi/wythoff-mpi.c ] && pass "$p: the program wythoff-mpi" || fail "$p: no mpi/wythoff-mpi.c"
    continue
  fi
  grep -qx -- "$c" <<<"$cmds" && pass "$p: a command of the tool" || fail "$p: '$c' is not a command of wythoff --help"
done

# --- exit codes --------------------------------------------------------------
# docs/exit-codes.md's table: "| CODE | `NAME` |" or "| 130 | (`NAME` in the library) |"
docs=$(grep -E '^\| [0-9]+ \|' docs/exit-codes.md | sed -E 's/^\| ([0-9]+) \| [^`]*`([A-Z_]+)`.*/\1 \2/')
man=$(plain man/wythoff.1 | sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' |
  awk 'p { sub(/^\.B /, ""); code = $0; p = 0; next } /^\.TP/ { p = 1; next } code != "" && match($0, /WY_[A-Z]+/) { print code, substr($0, RSTART, RLENGTH); code = "" }')
[ -n "$docs" ] && [ "$docs" = "$man" ] && pass "wythoff.1 EXIT STATUS = docs/exit-codes.md: $(echo $docs)" ||
  fail "wythoff.1 exit codes '$(echo $man)' differ from docs/exit-codes.md '$(echo $docs)'"
# the status codes of wythoff.h in libwythoff(3): ".B WY_X\fR (N)"
hdr=$(sed -nE 's/^ *(WY_E?[A-Z]+) = ([0-9]+),?.*/\2 \1/p' include/wythoff.h)
lib=$(plain man/libwythoff.3 | sed -nE 's/^\.B (WY_[A-Z]+) \(([0-9]+)\)$/\2 \1/p')
[ -n "$hdr" ] && [ "$hdr" = "$lib" ] && pass "libwythoff.3 status codes = include/wythoff.h: $(echo $hdr)" ||
  fail "libwythoff.3 status codes '$(echo $lib)' differ from include/wythoff.h '$(echo $hdr)'"

# --- the C API ---------------------------------------------------------------
cat man/*.3 >"$tmp/api"
n=0 missing=""
for h in include/*.h; do
  for f in $(sed -nE 's/^WY_API .*[ *](wy_[a-z0-9_]+)\(.*/\1/p' "$h"); do
    n=$((n + 1))
    grep -qE "(^|[^a-z0-9_])$f([^a-z0-9_]|$)" "$tmp/api" || missing+=" $f ($h)"
  done
done
[ "$n" -gt 50 ] && [ -z "$missing" ] && pass "all $n WY_API functions of include/*.h are in man/*.3" ||
  fail "man/*.3 lacks$missing ($n functions)"
for h in include/*.h; do
  grep -qF "${h#include/}" man/libwythoff.3 && pass "libwythoff.3 names ${h#include/}" || fail "libwythoff.3 does not name ${h#include/}"
done
for m in wythoff wythoff-check wythoff-plot; do
  grep -qF "pkg\\-config \\-\\-cflags \\-\\-libs ${m//-/\\-}" man/libwythoff.3 && pass "libwythoff.3: pkg-config $m" ||
    fail "libwythoff.3 does not show pkg-config --cflags --libs $m"
done

# --- examples ----------------------------------------------------------------
# The .EX blocks of every page, unescaped, each block ending with a line "@@EE".
for p in "${pages[@]}"; do
  plain "$p" | sed "s/@VERSION@/$version/g" | awk -v f="$p" '/^\.EE/ { if (x) print "@@EE"; x = 0; next } x { print } /^\.EX/ { x = 1; print "@@EX " f }'
done >"$tmp/blocks"
# Transcripts: "$ COMMAND" then its output, up to the next "$ " or the block's end.
# A command with no output shown (it writes a file) is not run.
run_transcripts() {
  local page= cmd= exp= line ntrans=0 bad=0
  check_one() {
    [ -n "$cmd" ] && [ -n "$exp" ] || return 0
    ntrans=$((ntrans + 1))
    local got
    got=$(cd "$tmp" && bash -c "wythoff() { \"\$WY_TOOL\" \"\$@\"; }; $cmd" 2>&1)
    if [ "$got" = "${exp%$'\n'}" ]; then
      pass "$page: \$ $cmd"
    else
      fail "$page: \$ $cmd: prints '$(head -c 300 <<<"$got")', the page shows '$(head -c 300 <<<"$exp")'"
    fi
  }
  while IFS= read -r line; do
    case $line in
      '@@EX '*) page=${line#@@EX }; cmd= exp= ;;
      '@@EE') check_one; cmd= exp= ;;
      '$ cc '*) check_one; cmd= exp= ;;
      '$ '*) check_one; cmd=${line#\$ } exp=
        [[ $cmd == *wythoff* ]] || cmd= ;;
      *) [ -n "$cmd" ] && exp+="$line"$'\n' ;;
    esac
  done <"$tmp/blocks"
  [ "$ntrans" -ge 10 ] && pass "$ntrans transcripts checked" || fail "only $ntrans transcripts found"
}
export WY_TOOL=$W WYTHOFF_CACHE=off NO_COLOR=1
run_transcripts

# The C programs of libwythoff.3: each "#include" block, then the "$ cc" block
# after it with the output the page shows.
lib=${WY_BUILD:-build}/libwythoff.a
if ! command -v cc >/dev/null 2>&1; then
  echo "skip: no C compiler: the programs of libwythoff.3 are not compiled"
elif [ ! -f "$lib" ]; then
  echo "skip: $lib not built: the programs of libwythoff.3 are not compiled"
else
  san=()
  case ${WY_BUILD:-build} in *san*) san=(-fsanitize=address,undefined) ;; esac
  awk -v d="$tmp" '
    $0 == "@@EX man/libwythoff.3" { inb = 1; first = 1; next }
    /^@@EX / { inb = 0; next }
    inb && $0 == "@@EE" { if (prog) close(d "/prog" k ".c"); if (out) close(d "/out" k ".txt"); prog = out = 0; inb = 0; next }
    inb && first && /^#include/ { k++; prog = 1 }
    inb && first && /^\$ cc / { out = 1; first = 0; next }
    inb { first = 0 }
    prog { print > (d "/prog" k ".c") }
    out { print > (d "/out" k ".txt") }
  ' "$tmp/blocks"
  k=0
  for c in "$tmp"/prog*.c; do
    [ -f "$c" ] || continue
    k=$((k + 1))
    i=${c##*/prog}; i=${i%.c}
    if ! cc -std=c11 -Wall -Werror "${san[@]}" -Iinclude "$c" "$lib" -lgmp -pthread -o "$tmp/prog$i" 2>"$tmp/cc.err"; then
      fail "libwythoff.3 program $i does not compile: $(head -n 3 "$tmp/cc.err")"
    elif [ "$(WYTHOFF_CACHE=off "$tmp/prog$i" 2>&1)" = "$(cat "$tmp/out$i.txt" 2>/dev/null)" ]; then
      pass "libwythoff.3 program $i compiles and prints what the page shows"
    else
      fail "libwythoff.3 program $i prints '$("$tmp/prog$i" 2>&1 | head -c 300)', the page shows '$(head -c 300 "$tmp/out$i.txt")'"
    fi
  done
  [ "$k" -ge 2 ] && pass "libwythoff.3 has $k example programs" || fail "libwythoff.3: $k example programs found, expected 2"
fi
finish
