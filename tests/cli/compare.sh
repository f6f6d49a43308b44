#!/usr/bin/env bash
# compare.sh - `wythoff compare` (docs/commands.md, "compare") against
# independent sources:
#  - paper 000: the P-positions of wythoff+pass and wythoff+heap=1 differ
#    exactly on B xor C (Definition 12; tests/papers/data/000_setB.txt and
#    000_setC.txt; Theorem 4: they agree for x >= 9 or y >= 9), at 10^4 and
#    10^6 by the layer engine and at 300 by the table engine;
#  - the naive reference (build/wythoff-naive): value and outcome difference
#    lists (csv) of several pairs, each engine, the summary of the json
#    output (count, bounding box, smallest, largest, nearest), --value G,
#    --pass/--heap side states;
#  - paper 000, Corollary 2 (--value-b 1): the P-positions of wythoff+pass
#    and the value-1 positions of wythoff differ exactly on B xor C (C is
#    wythoff's value-1 set in x, y <= 8 by Theorem 1), at 10^4 (auto), 10^6
#    (layer) and 300 (table); Theorem 1: wythoff+heap=1's P-positions are
#    wythoff's value-1 positions (no difference, 10^6);
#  - --value-b H against the naive reference (A's positions of value G, B's
#    of value H), every engine, with json summaries;
#  - a file of positions: the naive P-positions (exit 0), one missing and
#    one extra (exit 1, both reported, with A's value from the table engine
#    and without it from the layer engine), positions outside the window,
#    --value G, comments/blank lines/spaces/header accepted; the naive
#    P-positions written with blanks, tabs, commas with blanks, trailing
#    comments and the number grammar (1e1, 2^4) read as the plain file;
#  - --symmetric: the naive P-positions with x <= y stand for the whole set
#    (the same output as the full file), a pair left out is missing twice,
#    x > y and repeats exit 2 naming the line, outside counts mirrors;
#  - --summary in text, csv and json: the full output's summary without the
#    differences (csv against the naive summary), the same exit status;
#  - bad files (exit 2 naming FILE:LINE), bad usage (exit 2), too large
#    (exit 3 with the estimate), identical rulesets (exit 0), the text
#    format's 1000-line cap, valid json, Ctrl-C (exit 130).
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
build=${WY_BUILD:-build}
N=$build/wythoff-naive
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# The python helpers, run in batches (python starts slowly): `ref JOBFILE`
# runs one job per line, "OUT CMD ARGS..." writing OUT:
#   values|outcome RA PA HA RB PB HB N [G]  the naive difference list as
#                                          compare's csv (+ OUT.sum: summary)
#   bxorc SETB SETC                        B xor C as the outcome csv of
#                                          wythoff+pass vs wythoff+heap=1
#   ppos RULES P H N G                     the naive positions of value G
#                                          as a file 'x,y'
# `ref json` reads "JSON SUMMARY|-" lines on stdin and prints PASS/FAIL:
# every JSON file parses, has as many differences as its count, and its
# summary equals the SUMMARY file's.
cat >"$tmp/ref.py" <<'PY'
import json, subprocess, sys

def naive(rules, n, p, h):
    out = subprocess.run([sys.argv[1], rules, str(n), str(n), str(p), str(h)], check=True,
                         capture_output=True, text=True).stdout.split("\n")
    return [list(map(int, l.split(",")[1:])) for l in out[1:] if l]

def read_set(path):
    s = set()
    for l in open(path):
        l = l.strip()
        if not l or l.startswith("#") or l == "x,y":
            continue
        x, y = l.split(",")
        s.add((int(x), int(y)))
    return s

def summary(pos):
    if not pos:
        return "0 null"
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    near = min(pos, key=lambda p: (max(p), p[0], p[1]))
    return " ".join(map(str, [len(pos), min(xs), max(xs), min(ys), max(ys), *min(pos), *max(pos), *near]))

def job(out, cmd, args):
    lines, pos = [], []
    if cmd in ("values", "outcome"):
        ra, pa, ha, rb, pb, hb, n = args[:7]
        g = int(args[7]) if len(args) > 7 else 0
        h = int(args[8]) if len(args) > 8 else g  # B's value (--value-b)
        n = int(n)
        A, B = naive(ra, n, pa, ha), naive(rb, n, pb, hb)
        lines.append("x,y,a,b")
        for x in range(n):
            for y in range(n):
                a, b = A[x][y], B[x][y]
                if cmd == "values" and a != b:
                    lines.append(f"{x},{y},{a},{b}")
                elif cmd == "outcome" and (a == g) != (b == h):
                    ca = ('P' if a == 0 else 'N') if g == 0 else (g if a == g else 'other')
                    cb = ('P' if b == 0 else 'N') if h == 0 else (h if b == h else 'other')
                    lines.append(f"{x},{y},{ca},{cb}")
                else:
                    continue
                pos.append((x, y))
        open(out + ".sum", "w").write(summary(pos) + "\n")
    elif cmd == "bxorc":
        B, C = read_set(args[0]), read_set(args[1])
        lines.append("x,y,a,b")
        for x, y in sorted(B ^ C):
            lines.append(f"{x},{y},{'P' if (x, y) in B else 'N'},{'P' if (x, y) in C else 'N'}")
    elif cmd == "cor2":
        # Corollary 2: B (wythoff+pass P) against C read as wythoff's value-1 set
        B, C = read_set(args[0]), read_set(args[1])
        lines.append("x,y,a,b")
        for x, y in sorted(B ^ C):
            lines.append(f"{x},{y},{'P' if (x, y) in B else 'N'},{'1' if (x, y) in C else 'other'}")
    elif cmd == "ppos":
        t = naive(args[0], int(args[3]), args[1], args[2])
        lines.append("x,y")
        lines += [f"{x},{y}" for x, row in enumerate(t) for y, v in enumerate(row) if v == int(args[4])]
    open(out, "w").write("\n".join(lines) + "\n")

def sumcheck(full_json, sum_json, sum_csv, ref):
    # --summary: the json is the full json without "differences"; the csv
    # row holds the same summary (and the naive reference's, when given)
    full, short = json.load(open(full_json)), json.load(open(sum_json))
    assert "differences" not in short, "--summary json lists differences"
    del full["differences"]
    assert full == short, f"json {short} != full json without differences {full}"
    rows = open(sum_csv).read().split("\n")
    assert rows[0].split(",") == ["count", "compared", "only_a", "only_b", "min_x", "max_x", "min_y", "max_y",
                                  "smallest_x", "smallest_y", "largest_x", "largest_y", "nearest_x", "nearest_y",
                                  "outside"] and rows[2:] == [""], f"csv layout {rows}"
    c = rows[1].split(",")
    s = full["summary"]
    cell = lambda v: "" if v is None else str(v)
    want = [str(s["count"]), str(s["compared"]), cell(s.get("only_a")), cell(s.get("only_b"))]
    want += [str(s["bbox"][k]) for k in ("min_x", "max_x", "min_y", "max_y")] if s["count"] else [""] * 4
    for k in ("smallest", "largest", "nearest"):
        want += list(map(str, s[k])) if s["count"] else ["", ""]
    want.append(cell(full.get("outside")))
    assert c == want, f"csv row {c}, from the json {want}"
    if ref != "-":
        got = "0 null" if c[0] == "0" else " ".join([c[0]] + c[4:14])
        exp = open(ref).read().strip()
        assert got == exp, f"csv summary '{got}', naive '{exp}'"

if sys.argv[2] == "sumcheck":
    for l in sys.stdin:
        name, *files = l.split("\t")
        try:
            sumcheck(*[f.strip() for f in files])
            print(f"PASS --summary {name}: json and csv = the full output's summary" +
                  (" = naive" if files[3].strip() != "-" else ""))
        except Exception as e:
            print(f"FAIL --summary {name}: {e}")
elif sys.argv[2] == "json":
    for l in sys.stdin:
        f, sumf = l.split()
        try:
            d = json.load(open(f))
            s = d["summary"]
            assert len(d["differences"]) == s["count"], "differences != count"
            got = "0 null" if s["count"] == 0 else " ".join(map(str, [s["count"], s["bbox"]["min_x"], s["bbox"]["max_x"],
                   s["bbox"]["min_y"], s["bbox"]["max_y"], *s["smallest"], *s["largest"], *s["nearest"]]))
            if sumf != "-":
                want = open(sumf).read().strip()
                assert got == want, f"summary '{got}', reference '{want}'"
            print(f"PASS json {open(f + '.args').read().strip()}: valid" + (", summary = reference" if sumf != "-" else ""))
        except Exception as e:
            print(f"FAIL json {open(f + '.args').read().strip()}: {e}")
else:
    for l in open(sys.argv[2]):
        w = l.split()
        if w:
            job(w[0], w[1], w[2:])
PY
ref() { python3 "$tmp/ref.py" "$N" "$@"; }
# tojson NAME ARGS: compare's json into $tmp/NAME.json for the final check
tojson() {
  local name=$1; shift
  "$W" compare "$@" --format json >"$tmp/$name.json" 2>/dev/null; noprov "$tmp/$name.json"
  echo "compare $*" >"$tmp/$name.json.args"
}
# rc_is CODE -- ARGS: compare's exit code (0 and 1 print no message)
rc_is() {
  local code=$1; shift 2
  "$W" "$@" >/dev/null 2>"$tmp/rc.err"; local rc=$?
  [ "$rc" = "$code" ] && pass "wythoff $* -> exit $code" || fail "wythoff $*: exit $rc, expected $code ($(head -c 300 "$tmp/rc.err"))"
}

# same NAME EXPECTED_FILE EXPECTED_EXIT -- ARGS: compare's csv and exit code
same() {
  local name=$1 exp=$2 code=$3; shift 4
  "$W" compare "$@" --format csv >"$tmp/got.csv" 2>"$tmp/got.err"; local rc=$?; noprov "$tmp/got.csv"
  if [ "$rc" -ne "$code" ]; then
    fail "$name: compare $*: exit $rc, expected $code ($(head -c 300 "$tmp/got.err"))"
  elif ! cmp -s "$exp" "$tmp/got.csv"; then
    fail "$name: compare $* --format csv differs from the reference (diff reference actual):
$(diff "$exp" "$tmp/got.csv" | head -n 10)"
  else
    pass "$name: compare $* = reference ($(($(wc -l <"$exp") - 1)) differences, exit $code)"
  fi
}

# --- the references, computed at once --------------------------------------
# value specs: RULES_A PASS_A HEAP_A RULES_B PASS_B HEAP_B SIZE [OPTIONS]
VALUES=("wythoff 0 0 wythoff+mod=4 0 0 24" "wythoff+pass 1 0 wythoff+heap=1 0 1 20"
        "nim+pass 1 0 wythoff+terminal=2+misere 0 0 16" "wythoff+max=3 0 0 nim+max=3 0 0 20"
        "wythoff+pass=2 1 0 wythoff+pass 1 0 18 --pass 1" "wythoff+heap=2 0 1 nim+heap=3 0 1 15 --heap 1"
        "wythoff 0 0 wythoff 0 0 30")
# outcome specs: ... SIZE G [OPTIONS]
OUTCOMES=("wythoff+terminal=2 0 0 wythoff+terminal=2+misere 0 0 30 0" "nim+pass 1 0 nim 0 0 30 0"
          "wythoff+pass=2 2 0 wythoff+heap=2 0 2 30 1" "wythoff+max=3 0 0 wythoff 0 0 30 0"
          "wythoff+mod=3 0 0 wythoff+max=3 0 0 30 0" "wythoff+pass+misere 1 0 wythoff+heap=1+misere 0 1 25 2"
          "wythoff+pass+heap=1 0 1 wythoff+pass+heap=1 0 1 25 0 --pass 0")
# --value-b specs: RULES_A PASS_A HEAP_A RULES_B PASS_B HEAP_B SIZE G H
VALUEB=("wythoff+pass 1 0 wythoff 0 0 30 0 1" "wythoff+heap=1 0 1 wythoff 0 0 30 0 1"
        "nim+pass 1 0 wythoff+terminal=2 0 0 25 1 0" "wythoff+max=3 0 0 wythoff 0 0 25 2 1"
        "wythoff+pass=2+misere 2 0 wythoff+heap=2 0 2 25 0 2")
{
  echo "$tmp/bc.csv bxorc tests/papers/data/000_setB.txt tests/papers/data/000_setC.txt"
  echo "$tmp/cor2.csv cor2 tests/papers/data/000_setB.txt tests/papers/data/000_setC.txt"
  for i in "${!VALUEB[@]}"; do set -- ${VALUEB[$i]}; echo "$tmp/vb$i.csv outcome $*"; done
  for i in "${!VALUES[@]}"; do set -- ${VALUES[$i]}; echo "$tmp/val$i.csv values $1 $2 $3 $4 $5 $6 $7"; done
  for i in "${!OUTCOMES[@]}"; do set -- ${OUTCOMES[$i]}; echo "$tmp/out$i.csv outcome $1 $2 $3 $4 $5 $6 $7 $8"; done
  echo "$tmp/p.csv ppos wythoff+pass 1 0 40 0"
  echo "$tmp/p60.csv ppos wythoff+pass 1 0 60 0"
  echo "$tmp/v2.csv ppos wythoff 0 0 30 2"
  echo "$tmp/m4.csv values wythoff 0 0 wythoff+mod=4 0 0 64"
} >"$tmp/jobs"
ref "$tmp/jobs" || fail "the reference lists could not be computed"

# --- paper 000: B xor C ------------------------------------------------------
[ "$(wc -l <"$tmp/bc.csv")" = 15 ] && pass "paper 000: B xor C has 14 positions" ||
  fail "paper 000: B xor C has $(($(wc -l <"$tmp/bc.csv") - 1)) positions, not 14"
same "paper 000 B xor C (layer)" "$tmp/bc.csv" 1 -- wythoff+pass wythoff+heap=1 --outcome --size 10000
same "paper 000 B xor C (layer, 10^6)" "$tmp/bc.csv" 1 -- wythoff+pass wythoff+heap=1 --outcome --size 1e6 --engine layer
same "paper 000 B xor C (table)" "$tmp/bc.csv" 1 -- wythoff+pass wythoff+heap=1 --outcome --size 300 --engine table
out=$("$W" compare wythoff+pass wythoff+heap=1 --outcome --size 10000)
if grep -qx "14 differences among 100000000 positions (7 in A only, 7 in B only)" <<<"$out" &&
   grep -qx "bounding box: 0 <= x <= 7, 0 <= y <= 7" <<<"$out" &&
   grep -qx "0 0: A is P, B is N" <<<"$out" && grep -qx "7 5: A is N, B is P" <<<"$out"; then
  pass "paper 000: text summary (14 differences, 7 each way, all in x, y < 8)"
else
  fail "paper 000: text output: $out"
fi

# --- paper 000, Corollary 2 and Theorem 1: --value-b --------------------------
[ "$(wc -l <"$tmp/cor2.csv")" = 15 ] && pass "paper 000 Corollary 2: B xor C has 14 positions" ||
  fail "paper 000 Corollary 2: B xor C has $(($(wc -l <"$tmp/cor2.csv") - 1)) positions, not 14"
same "paper 000 Corollary 2 (auto)" "$tmp/cor2.csv" 1 -- wythoff+pass wythoff --value-b 1 --size 10000
same "paper 000 Corollary 2 (layer, 10^6)" "$tmp/cor2.csv" 1 -- wythoff+pass wythoff --value-b 1 --size 1e6 --engine layer
same "paper 000 Corollary 2 (table)" "$tmp/cor2.csv" 1 -- wythoff+pass wythoff --value 0 --value-b 1 --size 300 --engine table
out=$("$W" compare wythoff+pass wythoff --value-b 1 --size 10000)
if grep -qx "P-positions of A = wythoff+pass (passes left 1) and positions of value 1 of B = wythoff in 0 <= x < 10000, 0 <= y < 10000" <<<"$out" &&
   grep -qx "14 differences among 100000000 positions (7 in A only, 7 in B only)" <<<"$out" &&
   grep -qx "0 0: A is P, B=other" <<<"$out" && grep -qx "7 5: A is N, B=1" <<<"$out"; then
  pass "paper 000 Corollary 2: text names both values, 14 differences"
else
  fail "paper 000 Corollary 2: text output: $out"
fi
rc_is 0 -- compare wythoff+heap=1 wythoff --value-b 1 --size 1e6
rc_is 0 -- compare wythoff+heap=1 wythoff --value-b 1 --size 200 --engine table
for i in "${!VALUEB[@]}"; do
  set -- ${VALUEB[$i]}
  ra=$1 rb=$4 n=$7 g=$8 h=$9
  code=1; [ "$(wc -l <"$tmp/vb$i.csv")" = 1 ] && code=0
  for eng in auto table layer; do
    case "$ra$rb" in *max=*|*mod=*) [ "$eng" = layer ] && continue ;; esac
    same "--value-b vs naive ($eng)" "$tmp/vb$i.csv" "$code" -- "$ra" "$rb" --size "$n" --value "$g" --value-b "$h" --engine "$eng"
  done
  tojson "vb$i" "$ra" "$rb" --size "$n" --value "$g" --value-b "$h"
  echo "$tmp/vb$i.json $tmp/vb$i.csv.sum" >>"$tmp/json.list"
done
grep -q '"value":0,"value_b":1,' "$tmp/vb0.json" && pass "--value-b json: value 0, value_b 1" || fail "--value-b json: $(head -c 300 "$tmp/vb0.json")"
# the same value on both sides is --value G
cmp -s <("$W" compare wythoff+pass wythoff+heap=1 --value 2 --size 40) <("$W" compare wythoff+pass wythoff+heap=1 --value 2 --value-b 2 --size 40) &&
  pass "--value 2 --value-b 2 = --value 2" || fail "--value 2 --value-b 2 differs from --value 2"
expect 2 "--value-b '4294967295' is too large" -- compare wythoff nim --value-b 4294967295
expect 2 "bad --value-b 'one'" -- compare wythoff nim --value-b one
expect 2 "layer engine does not cover" -- compare wythoff+max=3 wythoff --value-b 1 --engine layer
expect 2 "--value-b gives RULES_B's value" -- compare wythoff tests/papers/data/000_setC.txt --value-b 1

# --- values against the naive reference ---------------------------------------
for i in "${!VALUES[@]}"; do
  set -- ${VALUES[$i]}
  ra=$1 rb=$4 n=$7; shift 7
  code=1; [ "$(wc -l <"$tmp/val$i.csv")" = 1 ] && code=0
  same "values vs naive" "$tmp/val$i.csv" "$code" -- "$ra" "$rb" --size "$n" "$@"
  tojson "val$i" "$ra" "$rb" --size "$n" "$@"
  echo "$tmp/val$i.json $tmp/val$i.csv.sum" >>"$tmp/json.list"
done

# --- outcomes (and --value G) against the naive reference, every engine ------
for i in "${!OUTCOMES[@]}"; do
  set -- ${OUTCOMES[$i]}
  ra=$1 rb=$4 n=$7 g=$8; shift 8
  code=1; [ "$(wc -l <"$tmp/out$i.csv")" = 1 ] && code=0
  vopt=(); [ "$g" != 0 ] && vopt=(--value "$g")
  for eng in auto table layer; do
    case "$ra$rb" in *max=*|*mod=*) [ "$eng" = layer ] && continue ;; esac
    same "outcome vs naive ($eng)" "$tmp/out$i.csv" "$code" -- "$ra" "$rb" --size "$n" --outcome "${vopt[@]}" --engine "$eng" "$@"
  done
  tojson "out$i" "$ra" "$rb" --size "$n" --outcome "${vopt[@]}" "$@"
  echo "$tmp/out$i.json $tmp/out$i.csv.sum" >>"$tmp/json.list"
done
# larger windows: the table engine and the layer engine list the same differences
for pair in "nim+pass wythoff+terminal=2" "wythoff+pass=2+misere wythoff+heap=3 --value 1" "wythoff wythoff+pass --pass 0"; do
  "$W" compare $pair --outcome --size 1500 --engine layer --format csv >"$tmp/l.csv" 2>&1; rl=$?; noprov "$tmp/l.csv"
  "$W" compare $pair --outcome --size 1500 --engine table --format csv >"$tmp/t.csv" 2>&1; rt=$?; noprov "$tmp/t.csv"
  [ "$rl" = "$rt" ] && [ "$rl" -le 1 ] && cmp -s "$tmp/l.csv" "$tmp/t.csv" &&
    pass "compare $pair --outcome --size 1500: layer = table ($(($(wc -l <"$tmp/l.csv") - 1)) differences)" ||
    fail "compare $pair --outcome --size 1500: layer (exit $rl) and table (exit $rt) differ"
done
expect 2 "layer engine does not cover" -- compare wythoff+max=3 wythoff --outcome --engine layer
expect 2 "needs tables" -- compare wythoff nim --engine layer

# --- identical games and side states -----------------------------------------
out=$("$W" compare wythoff wythoff); rc=$?
[ "$rc" = 0 ] && grep -qx "no differences among 4096 positions" <<<"$out" &&
  pass "identical rulesets: exit 0, 'no differences among 4096 positions'" || fail "identical: exit $rc: $out"
# wythoff+pass with no pass left is wythoff, wythoff+heap=1 with the heap empty too (naive: same tables)
if cmp -s <("$N" wythoff+pass 40 40 0 0) <("$N" wythoff 40 40 0 0) && cmp -s <("$N" wythoff+heap=1 40 40 0 0) <("$N" wythoff 40 40 0 0); then
  rc_is 0 -- compare wythoff+pass wythoff --pass 0 --size 40
  rc_is 0 -- compare wythoff wythoff+heap=1 --heap 0 --size 40
  rc_is 0 -- compare wythoff+pass+heap=1 wythoff --pass 0 --heap 0 --size 40
  rc_is 0 -- compare wythoff+heap=1+pass wythoff+pass+heap=1 --outcome --size 1000
else
  fail "naive: wythoff+pass with 0 passes (or heap=1 with 0 stones) differs from wythoff"
fi
rc_is 1 -- compare wythoff+pass wythoff --size 40
expect 2 "no ruleset has a pass" -- compare wythoff nim --pass 0
expect 2 "no ruleset has an extra heap" -- compare wythoff+pass nim --heap 0
expect 2 "--pass 2 is more than the 1 pass of RULES_B" -- compare wythoff+pass=2 wythoff+pass --pass 2
expect 2 "--heap 3 is more than heap=2 of RULES_A" -- compare wythoff+heap=2 wythoff --heap 3

# --- a file of positions ------------------------------------------------------
for eng in auto table layer; do
  out=$("$W" compare wythoff+pass "$tmp/p.csv" --size 40 --engine "$eng"); rc=$?
  [ "$rc" = 0 ] && grep -qx "no differences among 1600 positions" <<<"$out" &&
    pass "file of the naive P-positions of wythoff+pass (40 x 40, engine $eng): exit 0" ||
    fail "file of P-positions ($eng): exit $rc: $out"
done
# remove the first P-position beyond the origin, add (0, 2) (value from naive)
gone=$(sed -n 3p "$tmp/p.csv"); v02=$("$N" wythoff+pass 1 3 1 0 | sed -n 2p | cut -d, -f4)
{ echo "# a conjecture"; echo; echo " x , y "; grep -vx "$gone" "$tmp/p.csv" | tail -n +2 | sed 's/,/ ,	/'; echo "0,2"; } >"$tmp/q.csv"
for eng in table layer; do
  out=$("$W" compare wythoff+pass "$tmp/q.csv" --size 40 --engine "$eng"); rc=$?
  gx=${gone%,*} gy=${gone#*,}
  if [ "$eng" = table ]; then extra="0 2: in $tmp/q.csv, but A has value $v02"; else extra="0 2: in $tmp/q.csv, but an N-position of A"; fi
  if [ "$rc" = 1 ] && grep -qxF "$gx $gy: P in A, missing from $tmp/q.csv" <<<"$out" && grep -qxF "$extra" <<<"$out" &&
     grep -qF "2 differences among 1600 positions (1 missing from $tmp/q.csv, 1 in it only)" <<<"$out"; then
    pass "file with ($gx, $gy) missing and (0, 2) extra (engine $eng): exit 1, both reported"
  else
    fail "file with one missing, one extra ($eng): exit $rc: $out"
  fi
done
"$W" compare wythoff+pass "$tmp/q.csv" --size 40 --format csv >"$tmp/q.out" 2>/dev/null; noprov "$tmp/q.out"
printf 'x,y,a,file\n0,2,%s,yes\n%s,0,no\n' "$v02" "$gone" | sort >"$tmp/q.exp"
sort "$tmp/q.out" | cmp -s - "$tmp/q.exp" && pass "file: csv lists x,y,a,file" || fail "file csv: $(cat "$tmp/q.out")"
# without --size: the window is the file's largest coordinate + 1
m=$(tail -n +2 "$tmp/p.csv" | tr , '\n' | sort -n | tail -n 1)
out=$("$W" compare wythoff+pass "$tmp/p.csv"); rc=$?
[ "$rc" = 0 ] && grep -qx "P-positions of A = wythoff+pass (passes left 1) and the positions in $tmp/p.csv, in 0 <= x < $((m + 1)), 0 <= y < $((m + 1))" <<<"$out" &&
  pass "file without --size: window 0 <= x, y < $((m + 1)) (largest coordinate + 1)" || fail "file window: exit $rc: $out"
# a window smaller than the file: positions outside are counted, not checked
out=$("$W" compare wythoff+pass "$tmp/p.csv" --size 20); rc=$?
nout=$(tail -n +2 "$tmp/p.csv" | awk -F, '$1 >= 20 || $2 >= 20' | wc -l)
[ "$rc" = 0 ] && grep -qx "$nout positions of $tmp/p.csv outside the window, not checked" <<<"$out" &&
  pass "file with --size 20: exit 0, $nout positions outside the window reported" || fail "--size 20: exit $rc: $out"
"$W" compare wythoff+pass "$tmp/p.csv" --size 20 --format json >"$tmp/o.json"; noprov "$tmp/o.json"
grep -q "\"rules_b\":null,\"file\":\"$tmp/p.csv\"" "$tmp/o.json" && grep -q "\"outside\":$nout}" "$tmp/o.json" &&
  pass "file json: rules_b null, file, outside = $nout" || fail "file json: $(cat "$tmp/o.json")"
echo "compare wythoff+pass FILE --size 20" >"$tmp/o.json.args"
echo "$tmp/o.json -" >>"$tmp/json.list"
# a larger window: A's P-positions beyond the file are missing from it
"$W" compare wythoff+pass "$tmp/p.csv" --size 60 --format csv >"$tmp/big.csv" 2>/dev/null; rc=$?; noprov "$tmp/big.csv"
tail -n +2 "$tmp/p60.csv" | awk -F, '$1 >= 40 || $2 >= 40 {print $1 "," $2 ",0,no"}' >"$tmp/big.exp"
[ "$rc" = 1 ] && cmp -s <(tail -n +2 "$tmp/big.csv") "$tmp/big.exp" &&
  pass "file with --size 60: the P-positions beyond the file listed as missing" || fail "--size 60: exit $rc"
# --value G with a file
rc_is 0 -- compare wythoff "$tmp/v2.csv" --value 2
rc_is 1 -- compare wythoff "$tmp/v2.csv" --value 3
# the papers' printed sets: B is wythoff+pass's, C wythoff+heap=1's (window 9)
rc_is 0 -- compare wythoff+pass tests/papers/data/000_setB.txt
rc_is 0 -- compare wythoff+heap=1 tests/papers/data/000_setC.txt
rc_is 1 -- compare wythoff+heap=1 tests/papers/data/000_setB.txt

# --- bad files ----------------------------------------------------------------
printf 'x,y\n0,0\n1,2\n3,x\n' >"$tmp/b1.csv"
printf '0,0\n1,2,3\n' >"$tmp/b2.csv"
printf '0,0\n1,2\n# c\n1 , 2\n' >"$tmp/b3.csv"
printf '0 0\n5\n' >"$tmp/b4.csv"
printf '4294967295,1\n' >"$tmp/b5.csv"
printf '# nothing\n' >"$tmp/b6.csv"
printf '0,0\n-1,2\n' >"$tmp/b7.csv"
printf '0,0\nx,y\n' >"$tmp/b8.csv"
expect 2 "b1.csv:4: bad y 'x'" -- compare wythoff "$tmp/b1.csv"
expect 2 "b2.csv:2: more than two columns" -- compare wythoff "$tmp/b2.csv"
expect 2 "b3.csv:4: position (1, 2) repeats line 2" -- compare wythoff "$tmp/b3.csv"
expect 2 "b4.csv:2: expected two numbers 'x,y' or 'x y'" -- compare wythoff "$tmp/b4.csv"
expect 2 "b5.csv:1: x '4294967295' is too large (at most 4294967294)" -- compare wythoff "$tmp/b5.csv"
expect 2 "holds no positions; give the window with --size" -- compare wythoff "$tmp/b6.csv"
out=$("$W" compare wythoff "$tmp/b6.csv" --size 1); rc=$?
[ "$rc" = 1 ] && grep -qx "0 0: P in A, missing from $tmp/b6.csv" <<<"$out" && pass "empty file with --size 1: (0, 0) missing" ||
  fail "empty file --size 1: exit $rc: $out"
expect 2 "b7.csv:2: bad x '-1'" -- compare wythoff "$tmp/b7.csv"
expect 2 "b8.csv:2: bad x 'x'" -- compare wythoff "$tmp/b8.csv"
# one separator between the numbers: blanks, or one comma with blanks around it
k=9
for bad in '1,,2:an empty column' '1 , , 2:an empty column' '1,2,:an empty column' ',1 2:an empty column' \
           '1,:y is empty' '1 2 3:more than two columns' "1.5 2:bad x '1.5'" "2^40 1:x '2^40' is too large" \
           "3 1e:bad y '1e'"; do
  printf '0 0\n# c\n%s\n' "${bad%%:*}" >"$tmp/b$k.csv"
  expect 2 "b$k.csv:3: ${bad#*:}" -- compare wythoff "$tmp/b$k.csv"
  k=$((k + 1))
done
expect 2 "cannot read '$tmp/none.csv'" -- compare wythoff "$tmp/none.csv"

# --- the file's grammar: the naive P-positions in other spellings -------------
# each line in turn: 'x y', 'x<TAB>y', 'x , y', 'x,y  # comment'; 10 as 1e1, 16 as 2^4
tail -n +2 "$tmp/p.csv" | awk -F, 'function num(v) { return v == 10 ? "1e1" : v == 16 ? "2^4" : v }
  BEGIN { print "x y   # a header, blank-separated" }
  { x = num($1); y = num($2); k = NR % 4
    if (k == 0) print x " " y; else if (k == 1) print "  " x "\t" y; else if (k == 2) print x " , " y "\r"; else print x "," y "  # " NR }' >"$tmp/g.txt"
grep -q '1e1' "$tmp/g.txt" && grep -q '2^4' "$tmp/g.txt" || fail "grammar file: no 1e1 or 2^4 written"
for eng in table layer; do
  "$W" compare wythoff+pass "$tmp/g.txt" --size 40 --engine "$eng" --format csv >"$tmp/g.out" 2>&1; rc=$?; noprov "$tmp/g.out"
  [ "$rc" = 0 ] && [ "$(cat "$tmp/g.out")" = "x,y,a,file" ] &&
    pass "file with blanks, tabs, ' , ', CR, comments, 1e1, 2^4 = the naive P-positions ($eng)" ||
    fail "grammar file ($eng): exit $rc: $(head -c 300 "$tmp/g.out")"
done

# --- --symmetric ----------------------------------------------------------------
# the naive P-positions with x <= y, blank-separated, stand for all of them
tail -n +2 "$tmp/p.csv" | awk -F, '$1 <= $2 { print $1 " " $2 }' >"$tmp/s.txt"
"$W" compare wythoff+pass "$tmp/p.csv" --size 60 --format csv >"$tmp/full.out" 2>/dev/null; r1=$?; noprov "$tmp/full.out"
"$W" compare wythoff+pass "$tmp/s.txt" --size 60 --symmetric --format csv >"$tmp/sym.out" 2>/dev/null; r2=$?; noprov "$tmp/sym.out"
[ "$r1" = 1 ] && [ "$r2" = 1 ] && cmp -s "$tmp/full.out" "$tmp/sym.out" &&
  pass "--symmetric: the x <= y half = the whole naive set (the same csv at --size 60, exit 1)" ||
  fail "--symmetric half vs whole: exits $r1 $r2: $(diff "$tmp/full.out" "$tmp/sym.out" | head -n 5)"
for eng in table layer; do
  rc_is 0 -- compare wythoff+pass "$tmp/s.txt" --size 40 --symmetric --engine "$eng"
done
# a pair x < y left out: both (x, y) and (y, x) missing
pair=$(awk '$1 < $2 { print; exit }' "$tmp/s.txt"); px=${pair% *} py=${pair#* }
grep -vx "$pair" "$tmp/s.txt" >"$tmp/s2.txt"
"$W" compare wythoff+pass "$tmp/s2.txt" --size 40 --symmetric --format csv >"$tmp/s2.out" 2>/dev/null; rc=$?; noprov "$tmp/s2.out"
printf 'x,y,a,file\n%s,%s,0,no\n%s,%s,0,no\n' "$px" "$py" "$py" "$px" | sort -t, -k1,1n -k2,2n >"$tmp/s2.exp"
[ "$rc" = 1 ] && cmp -s <(sort -t, -k1,1n -k2,2n "$tmp/s2.out") "$tmp/s2.exp" &&
  pass "--symmetric without ($px, $py): ($px, $py) and ($py, $px) missing" || fail "--symmetric one pair left out: exit $rc: $(cat "$tmp/s2.out")"
# outside the window: counted with the mirror images (from the full naive set)
nout=$(tail -n +2 "$tmp/p.csv" | awk -F, '$1 >= 20 || $2 >= 20' | wc -l)
out=$("$W" compare wythoff+pass "$tmp/s.txt" --size 20 --symmetric); rc=$?
[ "$rc" = 0 ] && grep -qx "$nout positions of $tmp/s.txt outside the window, not checked" <<<"$out" &&
  grep -q "positions in $tmp/s.txt with their mirror images" <<<"$out" &&
  pass "--symmetric --size 20: $nout positions outside (mirrors counted)" || fail "--symmetric outside: exit $rc: $out"
printf '0 0\n1 2\n5 3\n' >"$tmp/sx.txt"
expect 2 "sx.txt:3: (5, 3) has x > y" -- compare wythoff "$tmp/sx.txt" --symmetric
rc_is 1 -- compare wythoff "$tmp/sx.txt"
printf '0 0\n1,2\n3 5\n1 2\n' >"$tmp/sr.txt"
expect 2 "sr.txt:4: position (1, 2) repeats line 2" -- compare wythoff "$tmp/sr.txt" --symmetric
expect 2 "--symmetric is about a FILE" -- compare wythoff nim --symmetric

# --- --summary: the full output's summary, without the differences -------------
# NAME|REF|ARGS (REF: the naive summary file, or -)
k=0
for spec in "values|$tmp/val0.csv.sum|wythoff wythoff+mod=4 --size 24" \
            "outcome|$tmp/out0.csv.sum|wythoff+terminal=2 wythoff+terminal=2+misere --outcome --size 30" \
            "value-b|$tmp/vb0.csv.sum|wythoff+pass wythoff --value-b 1 --size 30" \
            "value-b layer|$tmp/vb4.csv.sum|wythoff+pass=2+misere wythoff+heap=2 --value-b 2 --size 25 --pass 2 --engine layer" \
            "none|$tmp/val6.csv.sum|wythoff wythoff --size 30" \
            "file|-|wythoff+pass $tmp/q.csv --size 30" "symmetric file|-|wythoff+pass $tmp/s2.txt --size 30 --symmetric" \
            "text cap|$tmp/m4.csv.sum|wythoff wythoff+mod=4 --size 64"; do
  IFS='|' read -r name sref args <<<"$spec"
  "$W" compare $args >"$tmp/t.full" 2>/dev/null; r1=$?
  "$W" compare $args --summary >"$tmp/t.sum" 2>/dev/null; r2=$?
  "$W" compare $args --format json >"$tmp/j$k.full" 2>/dev/null; r3=$?; noprov "$tmp/j$k.full"
  "$W" compare $args --summary --format json >"$tmp/j$k.sum" 2>/dev/null; r4=$?; noprov "$tmp/j$k.sum"
  "$W" compare $args --summary --format csv >"$tmp/c$k.sum" 2>"$tmp/c.err"; r5=$?; noprov "$tmp/c$k.sum"
  if [ "$r1$r2$r3$r4$r5" != "$r1$r1$r1$r1$r1" ] || [ "$r1" -gt 1 ]; then
    fail "--summary $name: exits $r1 $r2 $r3 $r4 $r5"
  elif ! cmp -s <(grep -v -e '^[0-9]* [0-9]*: ' -e '^\.\.\. and ' "$tmp/t.full") "$tmp/t.sum"; then
    fail "--summary $name: text is not the full text without its differences: $(diff <(grep -v -e '^[0-9]* [0-9]*: ' -e '^\.\.\. and ' "$tmp/t.full") "$tmp/t.sum" | head -n 5)"
  elif [ -s "$tmp/c.err" ]; then
    fail "--summary $name: csv wrote to stderr: $(cat "$tmp/c.err")"
  else
    pass "--summary $name: text = the full text without its differences (exit $r1 in every format)"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$tmp/j$k.full" "$tmp/j$k.sum" "$tmp/c$k.sum" "$sref" >>"$tmp/sum.list"
  k=$((k + 1))
done
python3 "$tmp/ref.py" "$N" sumcheck <"$tmp/sum.list"

# --- usage and limits ---------------------------------------------------------
expect 2 "RULES_B 'wythof' is neither a ruleset nor a file" -- compare wythoff wythof
expect 2 "RULES_A" -- compare wythof wythoff
expect 2 "takes two arguments" -- compare wythoff
expect 2 "too many arguments" -- compare wythoff nim nim
expect 2 "unknown format 'latex'" -- compare wythoff nim --format latex
expect 2 "does not apply to 'compare'" -- compare wythoff nim --rows 5
expect 2 "empty window" -- compare wythoff nim --size 0
expect 2 "unknown engine" -- compare wythoff nim --engine gpu
expect 2 "given twice" -- compare wythoff nim --size 3 --size 4
expect 3 "needs about" -- compare wythoff nim --size 1e5 --mem-limit 1G
expect 3 "needs about" -- compare wythoff nim --outcome --size 1e9 --mem-limit 100M
expect 3 "at most 4294967295 per side" -- compare wythoff nim --outcome --size 2^33
"$W" compare --help >"$tmp/help" 2>&1
grep -q "^usage: wythoff compare RULES_A RULES_B|FILE" "$tmp/help" && grep -q "^  --value-b H " "$tmp/help" &&
  grep -q "^  --symmetric " "$tmp/help" && grep -q "^  --summary " "$tmp/help" &&
  pass "compare --help: usage, --value-b H, --symmetric, --summary" || fail "compare --help: $(cat "$tmp/help")"

# --- formats ------------------------------------------------------------------
out=$("$W" compare wythoff wythoff+mod=4 --size 64)
total=$(($(wc -l <"$tmp/m4.csv") - 1))
if [ "$total" -gt 1000 ] && [ "$(wc -l <<<"$out")" = $((1 + 1000 + 1 + 3)) ] &&
   grep -qx "\.\.\. and $((total - 1000)) more (--format csv lists all)" <<<"$out" &&
   grep -qx "$total differences among 4096 positions" <<<"$out"; then
  pass "text lists 1000 differences of $total, then how many more"
else
  fail "text cap at 1000 lines ($total differences): $(tail -n 5 <<<"$out")"
fi
k=0
for args in "wythoff wythoff+mod=4 --size 40" "wythoff+pass wythoff+heap=1 --outcome --size 100" \
            "wythoff+pass wythoff+heap=1 --value 3 --size 50" "wythoff wythoff --size 5" \
            "wythoff+pass $tmp/q.csv --size 40"; do
  tojson "f$k" $args
  echo "$tmp/f$k.json -" >>"$tmp/json.list"
  k=$((k + 1))
done
# every json written above: valid, as many differences as its count, the
# summary of the reference where there is one
ref json <"$tmp/json.list"

# --- Ctrl-C -------------------------------------------------------------------
"$W" compare wythoff+max=5 wythoff+max=6 --size 6000 --threads 1 >/dev/null 2>"$tmp/int.err" &
pid=$!
interrupt_when_ready "$pid"
wait "$pid"; rc=$?
[ "$rc" = 130 ] && grep -q "interrupted" "$tmp/int.err" && pass "Ctrl-C during compare: exit 130, 'interrupted'" ||
  fail "Ctrl-C during compare: exit $rc: $(cat "$tmp/int.err")"
finish
