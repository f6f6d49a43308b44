#!/usr/bin/env bash
# `wythoff check`: the list of claims, selections, verdicts, formats, exit
# codes and bad input.  Small limits keep it fast.
#
# Exit code 1 (a claim FAILs) cannot be provoked from the command line: every
# registered claim PASSes or is an ERRATUM.  The FAIL path of every kind of
# check is covered by tests/unit/t-check.c, which feeds deliberately false
# claims to the library, and that of every registered claim by
# tests/unit/t-check-mutate.c, which gives each one a deliberately wrong
# engine answer.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh

# run wythoff with stdout captured in $out and the exit code in $rc
run() { out=$("$W" "$@" 2>/dev/null </dev/null); rc=$?; }

# --list: every claim, ids unique, every paper present
run check --list --format json
njson=$(python3 -c 'import json,sys; print(len(json.load(sys.stdin)))' <<<"$out" 2>/dev/null)
if [ "$rc" -eq 0 ] && [ -n "$njson" ] && [ "$njson" -ge 60 ]; then
  pass "check --list --format json: $njson claims"
else
  fail "check --list --format json: exit $rc, count '$njson'"
  njson=0
fi
run check --list
ids=$(grep -oE '^(00[0-4]|exact|glayers|modular|oeis|terminal)\.[^ ]+' <<<"$out")
nids=$(grep -c . <<<"$ids"); nuniq=$(sort -u <<<"$ids" | grep -c .)
if [ "$rc" -eq 0 ] && [ "$nids" -eq "$njson" ] && [ "$nuniq" -eq "$nids" ]; then
  pass "check --list: $nids id lines, unique, as many as in json"
else
  fail "check --list: exit $rc, $nids id lines ($nuniq unique), json lists $njson"
fi
for p in 000 001 002 003 004; do
  grep -q "^$p\." <<<"$ids" && pass "check --list names claims of paper $p" || fail "check --list: no claim of paper $p"
done
run check --list --format json
python3 -c '
import json, sys
d = json.load(sys.stdin)
ids = [c["id"] for c in d]
assert len(set(ids)) == len(ids)
for c in d:
    assert c["scale"] in ("fixed", "rows", "table", "parameter")
    assert (c["scale"] == "fixed") == (c["default_limit"] == 0)
    assert c["statement"] and c["method"] and c["source"]
' <<<"$out" 2>/dev/null && pass "check --list --format json: ids unique, fields present" \
  || fail "check --list --format json: bad entries"
run check --list --format markdown
head -2 <<<"$out" | grep -q '^|---' && head -1 <<<"$out" | grep -q '^| id |' \
  && pass "check --list --format markdown: table header" || fail "check --list --format markdown: $(head -2 <<<"$out")"
run check --list 000.thm4
[ "$rc" -eq 0 ] && [ "$(grep -cE '^00[0-4]\.' <<<"$out")" -eq 1 ] && grep -q '^000\.thm4 ' <<<"$out" \
  && pass "check --list 000.thm4: one claim" || fail "check --list 000.thm4: exit $rc: $out"

# issue 26: the claims that compared an engine with itself say what they now
# compare with (000.thm1 and 002.thm2.2: their own recursions; glayers.*:
# the table engine, and a self-consistency check beyond it)
run check --list --format json 000.thm1 002.thm2.2 glayers
python3 -c '
import json, sys
d = {c["id"]: c["method"] for c in json.load(sys.stdin)}
assert "mex recursion" in d["000.thm1"] and "heap moves" in d["000.thm1"], d["000.thm1"]
assert "own recursion" in d["002.thm2.2"], d["002.thm2.2"]
for k in ("glayers.offsets", "glayers.fibonacci"):
    assert "against the table engine" in d[k] and "self-consistency check" in d[k], d[k]
' <<<"$out" 2>/dev/null && pass "check --list: 000.thm1, 002.thm2.2 and glayers.* name their independent methods" \
  || fail "check --list 000.thm1 002.thm2.2 glayers: $out"

# one printed figure
run check 000.fig3 --quiet
[ "$rc" -eq 0 ] && grep -q '^PASS  *000\.fig3 ' <<<"$out" && grep -qE '^1 claims?: 1 PASS, 0 FAIL, 0 ERRATUM' <<<"$out" \
  && pass "check 000.fig3: exit 0, PASS" || fail "check 000.fig3: exit $rc: $out"

# an erratum: exit 0, ERRATUM, with the first counterexample of the printed reading
run check 002.thm2.3 --limit 8 --quiet
[ "$rc" -eq 0 ] && grep -q '^ERRATUM  *002\.thm2\.3 ' <<<"$out" && grep -q 'q = 2 at (0, 2)' <<<"$out" \
  && pass "check 002.thm2.3 --limit 8: exit 0, ERRATUM, fails first at q = 2, (0, 2)" \
  || fail "check 002.thm2.3 --limit 8: exit $rc: $out"

# a prefix selects the ids beginning with it
run check 004.table --quiet
n=$(grep -cE '^(PASS|FAIL|ERRATUM) ' <<<"$out")
[ "$rc" -eq 0 ] && [ "$n" -eq 9 ] && grep -qE '^9 claims: 9 PASS, 0 FAIL, 0 ERRATUM' <<<"$out" \
  && pass "check 004.table: 9 claims, all PASS" || fail "check 004.table: exit $rc, $n verdict lines: $(tail -1 <<<"$out")"
run check 004.tab --quiet
[ "$rc" -eq 0 ] && grep -qE '^9 claims: 9 PASS, 0 FAIL, 0 ERRATUM' <<<"$out" \
  && pass "check 004.tab (a prefix of ids): the 9 tables" || fail "check 004.tab: exit $rc: $(tail -1 <<<"$out")"
run check 000 --limit 40 --quiet
n=$(grep -cE '^(PASS|FAIL|ERRATUM) +000\.' <<<"$out"); m=$(grep -cE '^(PASS|FAIL|ERRATUM) ' <<<"$out")
[ "$rc" -eq 0 ] && [ "$n" -ge 20 ] && [ "$n" -eq "$m" ] && pass "check 000: $n claims, all of paper 000" \
  || fail "check 000: exit $rc, $n of $m of paper 000"
# several ids, and an id given twice, run each claim once in registry order
run check 004.table2 000.fig3 004.table2 --quiet
[ "$rc" -eq 0 ] && [ "$(grep -E '^(PASS|FAIL|ERRATUM) ' <<<"$out" | awk '{print $2}' | tr '\n' ' ')" = "000.fig3 004.table2 " ] \
  && pass "check 004.table2 000.fig3 004.table2: two claims, in order" || fail "check 004.table2 000.fig3 004.table2: $out"

# every claim at a small limit: nothing FAILs
run check --limit 24 --quiet
sum=$(tail -1 <<<"$out")
if [ "$rc" -eq 0 ] && grep -qE "^$njson claims: [0-9]+ PASS, 0 FAIL, [0-9]+ ERRATUM" <<<"$sum"; then
  pass "check --limit 24: exit 0, '$sum'"
else
  fail "check --limit 24: exit $rc, summary '$sum' (expected $njson claims, 0 FAIL)"
fi
e=$(grep -oE '[0-9]+ ERRATUM' <<<"$sum" | cut -d' ' -f1)
[ "$e" = 6 ] && pass "check --limit 24: the 6 errata of docs/errata.md" || fail "check --limit 24: $e ERRATUM, expected 6"

# json: parses, one entry per claim, summary with fail == 0
run check --limit 24 --format json --quiet
python3 -c '
import json, sys
d = json.load(sys.stdin)
s = d["summary"]
n = int(sys.argv[1])
assert s["fail"] == 0 and s["claims"] == n == len(d["claims"]), s
assert s["pass"] + s["erratum"] + s["proved"] == n and s["proved"] == 2
for c in d["claims"]:
    assert c["verdict"] in ("PASS", "ERRATUM", "PROVED") and c["range"] and isinstance(c["limit"], int)
    assert (c["verdict"] == "PROVED") == (c["id"] in ("000.thm4", "000.cor2"))
    assert c["verdict"] != "PROVED" or "PROVED for every position by the recorded Walnut run" in c["detail"]
' "$njson" <<<"$out" 2>/dev/null && [ "$rc" -eq 0 ] && pass "check --format json: parses, summary fail == 0; 000.thm4 and 000.cor2 PROVED by the recorded Walnut log, no other" \
  || fail "check --format json: exit $rc: $(head -c 300 <<<"$out")"
run check 002.thm2.3 --limit 8 --format json --quiet
python3 -c '
import json, sys
d = json.load(sys.stdin)
c, = d["claims"]
assert c["id"] == "002.thm2.3" and c["verdict"] == "ERRATUM" and c["limit"] == 8
assert d["summary"]["erratum"] == 1
' <<<"$out" 2>/dev/null && pass "check 002.thm2.3 --format json: ERRATUM, limit 8" \
  || fail "check 002.thm2.3 --format json: $out"

# the value a counterexample shows is the value in the game that lacks it:
# 001.thm2's smallest counterexample of the printed reading is a position of
# value 0 of the variant that is not a Wythoff P-position, so "value there"
# is Wythoff's value, as `wythoff value wythoff X Y` gives it (issue 14)
run check 001.thm2 --limit 100 --format json --quiet
re="smallest \\(([0-9]+), ([0-9]+)\\): value 0 in wythoff\\+terminal=2, but not in Wythoff's P-positions \\(value there: ([0-9]+)\\)"
if [[ $out =~ $re ]]; then
  cx=${BASH_REMATCH[1]} cy=${BASH_REMATCH[2]} cv=${BASH_REMATCH[3]}
  wv=$("$W" value wythoff "$cx" "$cy" --format json 2>/dev/null | noprov_s | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])' 2>/dev/null)
  tv=$("$W" value wythoff+terminal=2 "$cx" "$cy" --format json 2>/dev/null | noprov_s | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])' 2>/dev/null)
  [ "$cv" = "$wv" ] && [ "$tv" = 0 ] && [ "$wv" != 0 ] \
    && pass "check 001.thm2: the counterexample ($cx, $cy) shows Wythoff's value there ($cv), as 'wythoff value' does" \
    || fail "check 001.thm2: ($cx, $cy) shows value $cv; wythoff value: '$wv', wythoff+terminal=2 value: '$tv'"
else
  fail "check 001.thm2: no counterexample with a value in: $out"
fi

# markdown: a table
run check 004.table1 000.thm4 --limit 100 --format markdown --quiet
out=$(noprov_s <<<"$out")
[ "$rc" -eq 0 ] && head -1 <<<"$out" | grep -q '^| id | verdict |' && sed -n 2p <<<"$out" | grep -q '^|---|' \
  && grep -q '^| `000\.thm4` | PROVED |' <<<"$out" && pass "check --format markdown: table header and rows" \
  || fail "check --format markdown: exit $rc: $out"

# bad input: exit 2 with a message
expect 2 "000.nosuch"  -- check 000.nosuch
expect 2 "004.x"       -- check 004.x
expect 2 "000.thm4x"   -- check 000.thm4x
expect 2 "--limit"     -- check 000.fig3 --limit 1
expect 2 "--limit"     -- check 000.fig3 --limit abc
expect 2 ""            -- check 000.fig3 --limit -5
expect 2 "--limit"     -- check 000.fig3 --limit
expect 2 "xml"         -- check 000.fig3 --format xml
expect 2 "--bogus"     -- check --bogus
expect 2 ""            -- check 000.fig3 --mem-limit lots
expect 2 "--threads"   -- check 000.fig3 --threads 0
# too little memory: exit 3, naming the claim and the estimate
expect 3 "000.thm2"    -- check 000.thm2 --limit 100000000 --mem-limit 1M --quiet
expect 3 "MiB"         -- check 000.thm2 --limit 100000000 --mem-limit 1M --quiet
expect 0 ""            -- check --help
finish
