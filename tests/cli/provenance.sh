#!/usr/bin/env bash
# provenance.sh - every machine-readable output says how it was made
# (docs/formats.md, Provenance): for each format, two runs give the same
# bytes; the version (from `wythoff --version`) and the command appear, in
# the format's place; CSV read without its '#' lines holds the rows of the
# data; JSON parses and has "generator"; a certificate with its comment line
# passes the independent checker; and no output of `check` cites an issue
# or a docs/ file that `make install` does not install.
set -u
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
V=$("$W" --version | sed 's/^wythoff //')
C=${WY_BUILD:-build}/wythoff-certcheck

# twice CMD...: run the command twice into $tmp/a and $tmp/b; 0 when both
# succeeded (exit 0 or 1) with the same bytes
twice() {
  "$W" "$@" >"$tmp/a" 2>/dev/null; local r1=$?
  "$W" "$@" >"$tmp/b" 2>/dev/null; local r2=$?
  [ "$r1" -le 1 ] && [ "$r1" = "$r2" ] && cmp -s "$tmp/a" "$tmp/b"
}

# line formats: PREFIX the first line's start, SUFFIX its end
line_case() {
  local pre=$1 suf=$2; shift 2
  local want="${pre}wythoff $V: wythoff $*${suf}"
  if ! twice "$@"; then fail "$*: two runs differ or fail"; return; fi
  local first
  first=$(grep -m1 -F "wythoff $V: " "$tmp/a")
  [ "$first" = "$want" ] && [ "$(head -n 1 "$tmp/a")" = "$want" ] &&
    pass "$*: first line '$want', the same bytes twice" || fail "$*: first line '$(head -n 1 "$tmp/a")', want '$want'"
}
for args in "table wythoff --size 5 --format csv" "ppos wythoff+pass --size 20 --format csv" \
            "ppos wythoff --from 10 --terms 4 --format csv" "period wythoff --rows 8 --format csv" \
            "compare wythoff nim --size 6 --format csv" "compare wythoff nim --size 6 --summary --format csv" \
            "heap3 nim+pass --size 8 --format csv" "heap3 nim+pass --size 8 --list --format csv" \
            "glayers wythoff --size 64 --value 2 --format csv"; do
  line_case "# " "" $args
done
line_case "% " "" table wythoff+pass --size 4 --format latex
line_case "% " "" table wythoff+pass --size 4 --format latex --fragment
line_case "<!-- " " -->" table nim --size 4 --format markdown

# CSV without its comment line: the rows of the data, in Python's csv module
# (pandas is not installed here: read_csv(comment='#') drops the same lines)
"$W" period wythoff --rows 8 --format csv >"$tmp/p.csv"
python3 - "$tmp/p.csv" <<'PY' && pass "period csv: csv.reader without '#' lines = header and 8 rows of the data" || fail "period csv does not parse without its comment"
import csv, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[0].startswith("# ") and all(not l.startswith("#") for l in lines[1:])
rows = list(csv.reader(l for l in lines if l and not l.startswith("#")))
assert rows[0] == ["x", "preperiod", "period"] and len(rows) == 9
# Wythoff's row 0: G(0, y) = y, period 1 from 0; row 1: period 3 from 0
assert rows[1] == ["0", "0", "1"] and rows[2] == ["1", "0", "3"], rows[:3]
PY

# JSON: parses, "generator" first, the command as given (quoted for a shell)
json_case() {
  if ! twice "$@"; then fail "$*: two runs differ or fail"; return; fi
  python3 - "$tmp/a" "$V" "$@" <<'PY' && pass "$* : JSON with generator {wythoff, $V, the command}, the same bytes twice" || fail "$*: generator missing or wrong: $(head -c 300 "$tmp/a")"
import json, shlex, sys
path, version, args = sys.argv[1], sys.argv[2], sys.argv[3:]
for line in open(path).read().strip().split("\n") if args[0] == "value" and "-" in args else [open(path).read()]:
    d = json.loads(line)
    g = d["generator"]
    assert list(d)[0] == "generator" and g["program"] == "wythoff" and g["version"] == version, g
    assert shlex.split(g["command"]) == ["wythoff"] + [a for i, a in enumerate(args)
                                                        if a != "--output" and (i == 0 or args[i - 1] != "--output")], g
PY
}
for args in "table wythoff --size 4 --format json" "ppos wythoff --size 10 --format json" "value wythoff 3 5 --format json" \
            "moves wythoff+pass 2 3 --format json" "period nim+pass --rows 4 --format json" "compare wythoff nim --size 5 --format json" \
            "heap3 nim+pass --size 8 --format json" "glayers wythoff --size 64 --value 2 --format json"; do
  json_case $args
done
# check: the same but its timings ("ms")
"$W" check 000.fig6.2 004.table1 --format json --quiet >"$tmp/c.json"
python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))["generator"]
assert g == {"program": "wythoff", "version": sys.argv[2], "command": "wythoff check 000.fig6.2 004.table1 --format json --quiet"}, g
' "$tmp/c.json" "$V" && pass "check --format json: generator with the command" || fail "check json: $(head -c 200 "$tmp/c.json")"
"$W" check 000.fig6.2 --format markdown --quiet | head -n 1 | grep -qxF "<!-- wythoff $V: wythoff check 000.fig6.2 --format markdown --quiet -->" &&
  pass "check --format markdown: the HTML comment first" || fail "check markdown: no comment line"
# quoting: an argument with a space and a quote comes back as one word
mkdir -p "$tmp/it's dir"
printf 'x,y\n0,0\n1,2\n' >"$tmp/it's dir/p s.csv"
json_case compare wythoff "$tmp/it's dir/p s.csv" --size 3 --format json
# --output is left out: the same bytes as standard output
"$W" period wythoff --rows 5 --format csv --output "$tmp/f.csv"
"$W" period wythoff --rows 5 --format csv >"$tmp/s.csv"
cmp -s "$tmp/f.csv" "$tmp/s.csv" && pass "--output FILE: the same bytes as standard output (the command leaves it out)" ||
  fail "--output FILE changes the bytes: $(diff "$tmp/f.csv" "$tmp/s.csv" | head -n 4)"
# value - : every line's object has it
printf '3 5\n1 1\n' | "$W" value wythoff - --format json >"$tmp/v.jsonl"
python3 -c '
import json, sys
ls = open(sys.argv[1]).read().split("\n")[:-1]
assert len(ls) == 2 and all(json.loads(l)["generator"]["command"] == "wythoff value wythoff - --format json" for l in ls)
' "$tmp/v.jsonl" && pass "value - --format json: each line has the generator" || fail "value - json lines: $(cat "$tmp/v.jsonl")"

# DOT, SVG, PNG
if twice graph wythoff --size 3 && [ "$(sed -n 2p "$tmp/a")" = "// made by: wythoff $V: wythoff graph wythoff --size 3" ]; then
  pass "graph: '// made by: wythoff $V: ...', the same bytes twice"
else fail "graph: $(sed -n 2p "$tmp/a")"; fi
"$W" plot wythoff --size 8 --output "$tmp/a.svg" && "$W" plot wythoff --size 8 --output "$tmp/b.svg" &&
  cmp -s "$tmp/a.svg" "$tmp/b.svg" && grep -qF "<metadata id=\"wythoff-source\">wythoff $V: wythoff plot wythoff --size 8</metadata>" "$tmp/a.svg" &&
  python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$tmp/a.svg" &&
  pass "plot svg: <metadata> with the command, well-formed XML, the same bytes twice" || fail "plot svg: $(grep -o '<metadata[^>]*>[^<]*' "$tmp/a.svg")"
for cmd in "plot wythoff+pass --size 8" "heap3 nim+pass --size 8 --format png"; do
  "$W" $cmd --output "$tmp/a.png" && "$W" $cmd --output "$tmp/b.png" && cmp -s "$tmp/a.png" "$tmp/b.png" &&
  python3 - "$tmp/a.png" "wythoff $V: wythoff $cmd" <<'PY' && pass "$cmd: PNG tEXt Comment = the command, CRC right, the same bytes twice" || fail "$cmd: PNG Comment missing or wrong"
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
i, found = 8, None
while i < len(d):
    n = struct.unpack(">I", d[i:i + 4])[0]
    t, body, crc = d[i + 4:i + 8], d[i + 8:i + 8 + n], struct.unpack(">I", d[i + 8 + n:i + 12 + n])[0]
    assert zlib.crc32(t + body) == crc
    if t == b"tEXt" and body.startswith(b"Comment\0"):
        found = body[8:].decode("latin-1")
    i += 12 + n
assert found == sys.argv[2], found
PY
done

# a certificate with its comment line: the checker verifies it
"$W" period wythoff+pass --rows 6 --certificate "$tmp/w.cert" >/dev/null
if [ "$(sed -n 2p "$tmp/w.cert")" = "# wythoff $V: wythoff period wythoff+pass --rows 6 --certificate $tmp/w.cert" ] &&
   "$C" "$tmp/w.cert" >/dev/null 2>&1; then
  pass "period --certificate: line 2 the command, verified by wythoff-certcheck"
else fail "certificate: '$(sed -n 2p "$tmp/w.cert")', checker exit $?"; fi

# no issue numbers, no docs/ path that is not installed (Makefile INST_MANUAL:
# docs/*.md, docs/img/*, docs/examples/*), in check's outputs and in every
# string of the programs and libraries
{ "$W" check --list; "$W" check --list --format json; "$W" check 003.heap3.g2 003.heap3.small --limit 16 --quiet;
  for f in "$W" ${WY_BUILD:-build}/*.so "$C"; do strings -a "$f"; done; } >"$tmp/all" 2>&1
if grep -qiE 'issue [0-9]' "$tmp/all"; then fail "an output cites an issue: $(grep -iE -m3 'issue [0-9]' "$tmp/all")"
else pass "no output or string of the programs cites an issue number"; fi
bad=""
for p in $(grep -oE 'docs/[A-Za-z0-9_./-]*[A-Za-z0-9_]' "$tmp/all" | sort -u); do
  case $p in docs/*.md | docs/img/* | docs/examples/*) [ -f "$p" ] || bad="$bad $p" ;; *) bad="$bad $p" ;; esac
done
[ -z "$bad" ] && pass "every docs/ path the programs print is installed (share/doc/wythoff/docs/)" || fail "docs/ paths not installed:$bad"
finish
