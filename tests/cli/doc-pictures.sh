#!/usr/bin/env bash
# doc-pictures.sh - the pictures in docs/img are what the commands the manual
# states make.
#
# In README.md and docs/*.md, every line of a ```sh block that runs
# build/wythoff (or scripts/plot-periods, which draws data/periods/*.csv)
# with `--output docs/img/FILE` is run again with the output in
# a temporary directory, and the new file must equal docs/img/FILE byte for
# byte (the encoders are deterministic: tests/cli/plot.sh checks that).
# Commands that render through Graphviz are skipped where `dot` is missing.
# Every file in docs/img must be made by such a command, or be a screenshot
# of the explorer (docs/img/serve-*.png) made by scripts/screenshots, which a
# ```sh line of the docs runs (screenshots are not byte-for-byte
# reproducible: fonts, the claims' times); every picture the README and the
# docs show (![...](img/...)) must exist.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

awk '
  $0 == "```sh" { insh = 1; next }
  insh && $0 == "```" { insh = 0; next }
  insh && (/build\/wythoff/ || /^scripts\/plot-periods /) && /--output docs\/img\// { print FILENAME "\t" $0 }
' README.md docs/*.md >"$tmp/cmds"

made=" "
while IFS=$'\t' read -r where cmd; do
  file=$(sed -E 's/.*--output (docs\/img\/[^ ]+).*/\1/' <<<"$cmd")
  made="$made$file "
  if [ ! -f "$file" ]; then
    fail "doc picture $file ($where): the file is missing"
    continue
  fi
  if [[ "$cmd" == *" graph "* ]] && [[ "$file" != *.dot ]] && ! command -v dot >/dev/null 2>&1; then
    echo "skip: $file needs Graphviz's dot, not installed"
    continue
  fi
  out="$tmp/$(basename "$file")"
  run=${cmd//build\/wythoff/$build/wythoff}
  run=${run//--output $file/--output $out}
  if ! bash -c "$run" >"$tmp/log" 2>&1; then
    fail "doc picture $file ($where): '$cmd' failed: $(head -c 300 "$tmp/log")"
  elif cmp -s "$out" "$file"; then
    pass "doc picture $file is what '$cmd' makes"
  else
    fail "doc picture $file ($where): '$cmd' makes a different file (run it to update the picture)"
  fi
done <"$tmp/cmds"

shots=0
awk '$0 == "```sh" { insh = 1; next } insh && $0 == "```" { insh = 0; next } insh && /^scripts\/screenshots/' \
  README.md docs/*.md | grep -q . && shots=1
for f in docs/img/*; do
  [ -e "$f" ] || continue
  case $f in
    docs/img/serve-*.png)
      [ $shots = 1 ] && pass "doc picture $f is a screenshot made by scripts/screenshots (stated in the manual)" ||
        fail "doc picture $f: no \`\`\`sh line of README.md or docs/*.md runs scripts/screenshots"
      continue ;;
  esac
  case "$made" in
    *" $f "*) pass "doc picture $f has its command in the manual" ;;
    *) fail "doc picture $f: no \`\`\`sh line of README.md or docs/*.md makes it" ;;
  esac
done

# the pictures shown exist
grep -o '!\[[^]]*\]([^)]*)' README.md docs/*.md | while IFS= read -r ref; do
  src=${ref%%:*}
  path=$(sed -E 's/.*\]\(([^)]*)\)/\1/' <<<"$ref")
  case "$src" in
    README.md) full=$path ;;
    *) full=docs/$path ;;
  esac
  if [ -f "$full" ]; then pass "shown picture $full ($src) exists"; else fail "shown picture $full ($src) is missing"; fi
done | tee "$tmp/shown"
grep -q '^FAIL' "$tmp/shown" && fails=$((fails + 1))
finish
