# The exact engine from the command line: huge P-positions found with
# `ppos --from` are P for `value` (text and json, with the method), `value -`
# answers a batch read from standard input exactly as one call per position,
# the winning moves `moves` lists at huge positions reach positions `value`
# calls P, an unknown value comes with its reason in json, bad numbers exit 2,
# `period` writes its CSV header.
# Section 6 (issue 26): `moves` of misere rulesets and `value` with p passes
# left at 20-31 digits against Wythoff's pairs and the closed forms' rules
# computed here in Python (isqrt), and `value wythoff 1618032 2618032` = 1.
# The unknown value of nim+pass is asked at row 300 (beyond the rows proved
# on demand, 0..255, and the shipped strips); with
# WY_TEST_BIG=1 at row 40, where the engine first searches 65536 columns for
# a 46-row strip, finds no period and falls back (seconds).  Under the
# sanitizers (WY_TEST_SAN=1) the batch's row 20 (the 32-row strip, seconds
# under ASan) moves to row 12, and each ruleset's batch is compared in one
# format (text and json in turn; the normal run: both).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
san=${WY_TEST_SAN:-0} big=${WY_TEST_BIG:-0}
# One Python for the JSON checks and the big-number sums (a Python start per
# check would cost more than the checks): a line "json FILE" answers ok when
# FILE (or every line of it) parses as JSON, "add A B" answers A + B.
coproc PYHELP {
  python3 -u -c '
import json, sys
def valid(path):
    text = open(path).read()
    try:
        json.loads(text)
    except ValueError:
        for line in text.split("\n"):
            if line.strip():
                json.loads(line)
for req in sys.stdin:
    op, _, arg = req.rstrip("\n").partition(" ")
    try:
        if op == "json":
            valid(arg)
            print("ok")
        else:
            a, b = arg.split()
            print(int(a) + int(b))
    except Exception as e:
        print("bad %s" % e)
    sys.stdout.flush()
'
}
pyhelp() {
  local r
  printf '%s\n' "$*" >&"${PYHELP[1]}" && IFS= read -r r <&"${PYHELP[0]}" && printf '%s\n' "$r"
}
# valid_json FILE: every line of FILE (or the whole file) parses as JSON
valid_json() { [ "$(pyhelp json "$1")" = ok ]; }
# add A B: A + B (any size)
add() { pyhelp add "$1" "$2"; }
# strip the quotes of a JSON number written as a string
unq() { tr -d '"'; }

# 1. huge P-positions along the sequence are P for `value`
for spec in "wythoff|1e40" "wythoff+terminal=2|3^90" "wythoff+terminal=2+misere|123456789012345678901234567890123" \
            "nim|98765432109876543210987654321" "nim+pass|1e35" "wythoff+pass --pass 0|2^150" \
            "wythoff+heap=1 --heap 0|7e45"; do
  rules=${spec%%|*}; from=${spec#*|}
  set -- $rules
  out=$("$W" ppos "$@" --from "$from" --terms 3 --format csv 2>&1); rc=$?; out=$(noprov_s <<<"$out")
  if [ "$rc" -ne 0 ] || [ "$(head -n 1 <<<"$out")" != "n,x,y" ]; then
    fail "ppos $rules --from $from --format csv: exit $rc, output '$out'"; continue
  fi
  line=$(sed -n 2p <<<"$out")
  IFS=, read -r n x y <<<"$line"
  if [ -z "$x" ] || [ -z "$y" ]; then fail "ppos $rules --from $from: no position in '$out'"; continue; fi
  ok=1
  for xy in "$x $y" "$y $x"; do
    j=$("$W" value "$@" $xy --format json 2>&1); rc=$?
    if [ "$rc" -ne 0 ] || ! grep -q '"outcome":"P"' <<<"$j" || ! grep -q '"value":0' <<<"$j" ||
       ! grep -q '"method":"[^"]' <<<"$j"; then
      fail "value $rules $xy --format json: exit $rc, '$j' (want outcome P, value 0 and a method)"; ok=0
    fi
    printf '%s\n' "$j" >"$tmp/v.json"
    valid_json "$tmp/v.json" 2>/dev/null || { fail "value $rules $xy --format json: not valid JSON: $j"; ok=0; }
    t=$("$W" value "$@" $xy 2>&1)
    if ! grep -q "= 0  P-position" <<<"$t" || ! grep -q " by " <<<"$t"; then
      fail "value $rules $xy (text): '$t' (want '= 0  P-position' and 'by METHOD')"; ok=0
    fi
  done
  # one more stone on the larger heap: an N-position
  y1=$(add "$y" 1)
  j=$("$W" value "$@" "$x" "$y1" --format json 2>&1)
  grep -q '"outcome":"N"' <<<"$j" || { fail "value $rules $x $y1: '$j' (want outcome N)"; ok=0; }
  [ "$ok" -eq 1 ] && pass "value $rules at the P-position n = ${n:0:12}... from ppos --from $from: P (both orders), +1 is N"
done

# ppos --from --format json is valid JSON
"$W" ppos wythoff --from 1e30 --terms 2 --format json >"$tmp/p.json" 2>&1; noprov "$tmp/p.json"
if valid_json "$tmp/p.json" 2>/dev/null; then
  pass "ppos wythoff --from 1e30 --format json is valid JSON"
else
  fail "ppos wythoff --from 1e30 --terms 2 --format json is not valid JSON: $(head -c 160 "$tmp/p.json")"
fi

# 2. value RULES - : the same answers as one call per position
a=$("$W" ppos wythoff --from 1e30 --terms 1 --format csv | noprov_s | sed -n 2p)
IFS=, read -r _ ax ay <<<"$a"
ay1=$(add "$ay" 1); ax3=$(add "$ax" 3)
row=20; [ "$san" = 1 ] && row=12
# (under the sanitizers each ruleset in one format, text and json in turn:
# the batch and the single calls of every ruleset, both formats' paths)
k=0
for rules in wythoff wythoff+terminal=2 wythoff+terminal=2+misere nim+pass wythoff+max=5 wythoff+mod=7; do
  printf '%s\n' "# huge, moderate and small positions" "$ax $ay" "$ay,$ax" "$ax	$ay1" "$ax3 $ay" "" \
    "7 123456789012345678901234567890123456789" "123456789012345678901234567890123456789 $row" \
    "300 485" "299 500" "3 5" "0 0" "12 20" >"$tmp/in.txt"
  k=$((k + 1)) fmts="text json"
  [ "$san" = 1 ] && fmts=$([ $((k % 2)) = 1 ] && echo text || echo json)
  for fmt in $fmts; do
    "$W" value "$rules" - --format "$fmt" <"$tmp/in.txt" >"$tmp/batch.out" 2>"$tmp/batch.err"; rc=$?; noprov "$tmp/batch.out"
    : >"$tmp/one.out"
    while IFS= read -r l; do
      case "$l" in ""|"#"*) continue ;; esac
      set -- $(tr ',\t' '  ' <<<"$l")
      "$W" value "$rules" "$1" "$2" --format "$fmt" >>"$tmp/one.out" 2>>"$tmp/one.err"; noprov "$tmp/one.out"
    done <"$tmp/in.txt"
    if [ "$rc" -ne 0 ]; then
      fail "value $rules - --format $fmt: exit $rc ($(cat "$tmp/batch.err"))"
    elif ! cmp -s "$tmp/batch.out" "$tmp/one.out"; then
      fail "value $rules - --format $fmt differs from one call per position: $(diff "$tmp/batch.out" "$tmp/one.out" | head -n 4 | tr '\n' ' ')"
    elif [ "$(wc -l <"$tmp/batch.out")" -ne 11 ]; then
      fail "value $rules - --format $fmt: $(wc -l <"$tmp/batch.out") answers for 11 positions"
    else
      pass "value $rules - --format $fmt: 11 positions (up to 39 digits) answered as one call each"
    fi
  done
done

# 3. moves at huge N-positions: every listed winning move reaches a P-position
for spec in "wythoff|$ax3 $ay" "wythoff|$ax $ay1" "wythoff+terminal=2|$ax3 $ay" "wythoff+terminal=2+misere|$ax $ay1" \
            "nim+pass|$ax $ay" "nim|$ax $ay" "wythoff+mod=5|$ax3 $ay" "wythoff+max=5|$ax $ay1" "nim+max=3|$ax3 $ay" \
            "wythoff+pass --pass 0|$ax3 $ay1" "nim+max=3+pass|$ax $ay"; do
  rules=${spec%%|*}; pos=${spec#*|}
  set -- $rules
  "$W" moves "$@" $pos --format json >"$tmp/m.json" 2>"$tmp/m.err"; rc=$?; noprov "$tmp/m.json"
  if [ "$rc" -ne 0 ]; then fail "moves $rules $pos: exit $rc ($(cat "$tmp/m.err"))"; continue; fi
  valid_json "$tmp/m.json" 2>/dev/null || fail "moves $rules $pos --format json: not valid JSON"
  ok=1; k=0
  while IFS= read -r l; do
    to=$(sed -n 's/.*"to":\[\([^]]*\)\].*/\1/p' <<<"$l" | unq | tr ',' ' ')
    p=$(sed -n 's/.*"pass":\([0-9]*\).*/\1/p' <<<"$l")
    h=$(sed -n 's/.*"heap":\([0-9]*\).*/\1/p' <<<"$l")
    side=(); [ -n "$p" ] && side+=(--pass "$p"); [ -n "$h" ] && side+=(--heap "$h")
    k=$((k + 1))
    j=$("$W" value "$1" $to "${side[@]}" --format json 2>&1)
    grep -q '"outcome":"P"' <<<"$j" || { fail "moves $rules $pos: winning move to ($to ${side[*]}) but value says '$j'"; ok=0; }
  done < <(grep '"winning":true' "$tmp/m.json")
  w=$(sed -n 's/.*"winning":\([0-9]*\)}$/\1/p' "$tmp/m.json")
  if [ "$k" -eq 0 ] || [ "$w" != "$k" ]; then
    fail "moves $rules $pos: $k winning moves listed, summary says '$w' (an N-position needs at least one)"; ok=0
  fi
  grep -q '"outcome":"N"' "$tmp/m.json" || { fail "moves $rules $pos: not an N-position"; ok=0; }
  [ "$ok" -eq 1 ] && pass "moves $rules at a 31-digit N-position: $k winning moves, each reaching a P-position"
done
# and a huge P-position has none
out=$("$W" moves wythoff "$ax" "$ay" --format json 2>&1); rc=$?
if [ "$rc" -eq 0 ] && grep -q '"outcome":"P"' <<<"$out" && ! grep -q '"winning":true' <<<"$out"; then
  pass "moves wythoff at a 31-digit P-position: no winning move"
else
  fail "moves wythoff $ax $ay: exit $rc, '$out'"
fi

# an unknown value comes with its reason (docs/commands.md, value: json has
# "value":null and "value_unknown")
for spec in "wythoff|123456789012345678901234567890 7777777777777777777777777777777" \
            "nim+pass|123456789012345678901234567890123456789 $([ "$big" = 1 ] && echo 40 || echo 300)" \
            "wythoff+max=3+pass|123456789012345678901234567890123456789 1234567890123456789012345" \
            "wythoff+mod=5|123456789012345678901234567890 99"; do
  rules=${spec%%|*}; pos=${spec#*|}
  j=$("$W" value "$rules" $pos --format json 2>&1); rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "value $rules $pos --format json: exit $rc ($j)"
  elif grep -q '"value":null' <<<"$j" && ! grep -q '"value_unknown":"[^"]' <<<"$j"; then
    fail "value $rules $pos --format json: \"value\":null without \"value_unknown\": $j"
  else
    pass "value $rules $pos --format json: a value, or null with the reason"
  fi
done

# 4. bad numbers: exit 2 with a message naming them
expect 2 "bad X '-5'"       -- value wythoff -5 3
expect 2 "bad Y '-1'"       -- value wythoff 123456789012345678901234567890 -1
expect 2 "bad X '12a'"      -- value wythoff 12a 3
expect 2 "bad Y '99999999999999999999x'" -- value wythoff 1 99999999999999999999x
expect 2 "bad X ''"         -- value wythoff "" 3
expect 2 "bad X '-1'"       -- moves wythoff -1 100000000000000000000
expect 2 "bad --from '-3'"  -- ppos wythoff --from -3
expect 2 "bad --from '12a'" -- ppos wythoff --from 12a
expect 2 "bad --from ''"    -- ppos wythoff --from ""
expect 2 "bad --terms 'x'"  -- ppos wythoff --from 5 --terms x
expect 2 "bad --terms '-1'" -- ppos wythoff --from 5 --terms -1
expect 2 "--terms goes with --from" -- ppos wythoff --terms 3
expect 0 ""                 -- ppos wythoff+max=3 --from 5
expect 6 "no method lists" -- ppos wythoff+mod=3+max=5 --from 5
for l in '5 -3' '12a 3' '1 2 3' '-7 1'; do
  out=$(printf '0 0\n%s\n' "$l" | "$W" value wythoff - 2>&1 >/dev/null); rc=$?
  if [ "$rc" -eq 2 ] && grep -q "line 2" <<<"$out"; then
    pass "value wythoff - with line 2 '$l' -> exit 2 naming line 2"
  else
    fail "value wythoff - with line 2 '$l': exit $rc, '$out'"
  fi
done

# 6. issue 26: no refusal where a proved result decides.  Each answer at
# 20+ digits against a computation written here (Python, integers only):
# Wythoff's pairs a_n = (n + isqrt(5 n^2)) div 2, b_n = a_n + n, found by
# binary search over n; the misere forms' statements (docs/exact.md, Misere
# play: M1 misere Nim, M2 Wythoff (with mod=M: paper 004's finite P-set),
# M5 Nim with a pass, paper 003's P-positions); p passes left as p mod 2
# (docs/exact.md, Passes); paper 000 Corollary 2 (with the pass, P iff
# Wythoff's value is 1).  A move is expected where its target is P by these
# rules; the lists must be equal.
python3 - "$W" "${WY_SEED:-20261121}" <<'EOF'
import json, random, subprocess, sys
from math import isqrt
W, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
def a(n): return (n + isqrt(5 * n * n)) // 2
def first(f, c):  # the least n >= 0 with f(n) >= c (f increasing)
    lo, hi = 0, c + 1
    while lo < hi:
        m = (lo + hi) // 2
        if f(m) >= c: hi = m
        else: lo = m + 1
    return lo
def partner(c):  # the other member of c's Wythoff pair
    n = first(a, c)
    if a(n) == c: return c + n
    n = first(lambda k: a(k) + k, c)
    assert a(n) + n == c
    return a(n)
def wyt_p(x, y): lo, hi = min(x, y), max(x, y); return a(hi - lo) == lo
# misere P-positions by the closed forms (normal play off the set E)
def wyt_mis(x, y):  # M2
    return (x, y) in ((0, 1), (1, 0), (2, 2)) if max(x, y) <= 2 else wyt_p(x, y)
def mod_mis(M):     # M2 with paper 004: normal P = pairs with min < M
    return lambda x, y: (x, y) in ((0, 1), (1, 0), (2, 2)) if max(x, y) <= 2 else (wyt_p(x, y) and min(x, y) < M)
def nim_mis(x, y):  # M1
    return (x ^ y) == 1 if max(x, y) <= 1 else x == y
def nimpass_mis(x, y, p):  # M5: E1 at p = 1, M1 at p = 0; paper 003 {2k+1, 2k+2}
    if p == 0: return nim_mis(x, y)
    if max(x, y) <= 2: return (min(x, y), max(x, y)) in ((0, 2), (1, 1))
    lo, hi = min(x, y), max(x, y)
    return lo % 2 == 1 and hi == lo + 1
# every winning move of a huge (x, y): each line's candidates (the normal
# partner, the small corner), kept where the rule calls the target P
def wins(x, y, isp, wythoff, mod=0):
    out = set()
    cands = set()
    for ty in [partner(x) if wythoff else x, x - 1, x + 1, 0, 1, 2]:
        cands.add((x, ty))
    for tx in [partner(y) if wythoff else y, y - 1, y + 1, 0, 1, 2]:
        cands.add((tx, y))
    if wythoff:
        d = y - x
        lo = a(abs(d))
        cands.add((lo, lo + d) if d >= 0 else (lo - d, lo))
        for t in range(3):
            cands.add((t, t + d))
        for n in range(0, 12):
            for q in ((a(n), a(n) + n), (a(n) + n, a(n))):
                cands.add(q)
        for u in range(3):
            for v in range(3):
                cands.add((u, v))
    for tx, ty in cands:
        if tx < 0 or ty < 0 or (tx, ty) == (x, y) or not isp(tx, ty): continue
        dx, dy = x - tx, y - ty
        if dx < 0 or dy < 0: continue
        if dx == 0: out.add(("row", tx, ty))
        elif dy == 0: out.add(("col", tx, ty))
        elif wythoff and dx == dy: out.add(("diag", tx, ty))
        elif wythoff and mod and dx != dy and (dx - dy) % mod == 0: out.add(("mod", tx, ty))
    return out
def tool(*args):
    r = subprocess.run([W] + [str(v) for v in args] + ["--format", "json"], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr
def got_moves(*args):
    rc, out, err = tool("moves", *args)
    if rc != 0: return rc, None, err.strip()
    mv, extra = set(), []
    doc = json.loads(out)
    for m in doc["moves"]:
        if m.get("winning"):
            t = (m["move"], int(m["to"][0]), int(m["to"][1]))
            if m["move"] == "pass": extra.append(("pass", m.get("pass"), m.get("heap")))
            else: mv.add(t)
    return rc, (mv, extra, doc["outcome"]), ""
fails = 0
def check(ok, name, why=""):
    global fails
    if ok: print("PASS " + name)
    else:
        fails += 1
        print("FAIL %s: %s" % (name, why))
def big(d): return rng.randrange(10 ** (d - 1), 10 ** d)
n0 = 10 ** 21 + rng.randrange(10 ** 20)
an, bn = a(n0), a(n0) + n0
# moves: misere rulesets at huge positions
cases = [
    ("nim+misere", [], 10 ** 23, 10 ** 23 + 7, lambda x, y: nim_mis(x, y), False, 0),
    ("nim+misere", [], big(25), big(26), lambda x, y: nim_mis(x, y), False, 0),
    ("nim+pass+misere", [], 10 ** 23, 10 ** 23 + 7, lambda x, y: nimpass_mis(x, y, 1), False, 0),
    ("nim+pass+misere", [], big(24) | 1, 0, None, False, 0),
    ("nim+pass+misere", ["--pass", 0], big(24), big(24), lambda x, y: nimpass_mis(x, y, 0), False, 0),
    ("wythoff+misere", [], an, bn + 1, wyt_mis, True, 0),
    ("wythoff+misere", [], big(30), big(31), wyt_mis, True, 0),
    ("wythoff+misere", [], big(22), 0, None, True, 0),
    ("wythoff+mod=3+misere", [], an, bn + 1, mod_mis(3), True, 3),
    ("wythoff+mod=3+misere", [], big(23), big(25), mod_mis(3), True, 3),
    ("wythoff+mod=5+misere", [], big(23), big(23), mod_mis(5), True, 5),
    ("wythoff+heap=1+misere", ["--heap", 0], an, bn + 1, wyt_mis, True, 0),
]
for rules, side, x, y, isp, wy, mod in cases:
    if isp is None:  # the pass-left nim+pass case: y = x + 1 + 2 k (an N-position with a pass)
        if rules.startswith("nim"):
            y = x + 1 + 2 * rng.randrange(1, 10 ** 6); isp = lambda u, v: nimpass_mis(u, v, 1)
        else:
            y = x + rng.randrange(1, 10 ** 6); isp = wyt_mis
    want = wins(x, y, isp, wy, mod)
    want_pass = []
    if rules == "nim+pass+misere" and not side and nimpass_mis(x, y, 0):
        want_pass = [("pass", 0, None)]
    rc, g, err = got_moves(rules, x, y, *side)
    name = "moves %s %d %d%s (%d digits): the winning moves of the closed forms" % (
        rules, x, y, "".join(" " + str(v) for v in side), len(str(x)))
    if rc != 0:
        check(False, name, "exit %d (%s)" % (rc, err))
        continue
    mv, extra, oc = g
    ok = mv == want and extra == want_pass and oc == ("P" if isp(x, y) else "N")
    check(ok, name, "got %s %s %s, want %s %s" % (sorted(mv), extra, oc, sorted(want), want_pass))
# value: the pass used (p = 0) is the ruleset without pass; p passes left = p mod 2
vcases = [
    ("wythoff+pass+misere", 0, an, bn, "P", 0),
    ("wythoff+pass+misere", 0, an, bn + 1, "N", None),
    ("wythoff+pass=2", 2, an, bn, "P", 0),
    ("wythoff+pass=2", 2, an + 1, bn, "N", None),
    ("wythoff+pass=2", 0, bn, an, "P", 0),
    ("wythoff+pass=2", 1, an, bn, "N", None),  # Corollary 2: a pair has Wythoff value 0, not 1
    ("wythoff+pass=3", 3, an, bn, "N", None),
    ("wythoff+pass=3", 2, an, bn, "P", 0),
    ("wythoff+pass=2+misere", 2, an, bn, "P", 0),  # M2 on the pass-free game
    ("nim+pass=2", 2, 10 ** 22 + 5, 10 ** 22 + 5, "P", 0),
    ("nim+pass=3", 3, 10 ** 22 + 5, 10 ** 22 + 6, "P", 0),  # paper 003: {2k+1, 2k+2}
    ("nim+pass=3", 3, 10 ** 22 + 5, 10 ** 22 + 5, "N", None),
]
for rules, p, x, y, oc, v in vcases:
    rc, out, err = tool("value", rules, x, y, "--pass", p)
    name = "value %s %d %d --pass %d (%d digits): %s" % (rules, x, y, p, len(str(x)), oc)
    if rc != 0:
        check(False, name, "exit %d (%s)" % (rc, err.strip()))
        continue
    d = json.loads(out)
    check(d["outcome"] == oc and (v is None or d["value"] == v), name, out.strip())
# moves with two passes left: Wythoff's winning moves (the pass leads to one
# pass left, N away from Wythoff's pairs: Corollary 2 and Blass-Fraenkel)
x = big(22); y = 3 * x
rc, g, err = got_moves("wythoff+pass=2", x, y)
want = wins(x, y, wyt_p, True)
check(rc == 0 and g[0] == want and not g[1], "moves wythoff+pass=2 %d %d (2 passes left): Wythoff's winning moves" % (x, y),
      "exit %d %s %s, want %s" % (rc, g, err, sorted(want)))
sys.exit(1 if fails else 0)
EOF
[ $? -eq 0 ] || fails=$((fails + 1))

# value wythoff 1618032 2618032 = 1 (issue 26: not '?'): by the value layers
# of plain Wythoff; checked against paper 000 Corollary 2, P of wythoff+pass
# with the pass left iff Wythoff's value is 1 (the layer engine on another
# game's layers), and M2 (the misere value off x, y <= 2 is the same)
v=$("$W" value wythoff 1618032 2618032 --format json 2>&1)
p=$("$W" value wythoff+pass 1618032 2618032 --format json 2>&1)
m=$("$W" value wythoff+misere 1618032 2618032 --format json 2>&1)
if grep -q '"value":1,' <<<"$v" && grep -q '"outcome":"P"' <<<"$p" && grep -q '"value":1,' <<<"$m"; then
  pass "value wythoff 1618032 2618032 = 1 (wythoff+pass: P there, paper 000 Corollary 2; wythoff+misere: 1)"
else
  fail "value wythoff 1618032 2618032: '$v'; wythoff+pass: '$p'; wythoff+misere: '$m'"
fi

# 5. period: CSV header and Wythoff's rows 0-2 (G(0,y) = y; rows 1, 2 period 3)
out=$("$W" period wythoff --rows 4 --format csv 2>&1); rc=$?; out=$(noprov_s <<<"$out")
if [ "$rc" -eq 0 ] && [ "$(head -n 1 <<<"$out")" = "x,preperiod,period" ] && [ "$(wc -l <<<"$out")" -eq 5 ] &&
   [ "$(sed -n 2,4p <<<"$out" | tr '\n' ' ')" = "0,0,1 1,0,3 2,0,3 " ] && sed -n 5p <<<"$out" | grep -qE '^3,[0-9]+,[0-9]+$'; then
  pass "period wythoff --rows 4 --format csv: header x,preperiod,period and rows 0-3"
else
  fail "period wythoff --rows 4 --format csv: exit $rc, '$(tr '\n' ' ' <<<"$out")'"
fi
# wythoff+mod=M: far out, values from the row strips (the state with the
# classes mod M, docs/periods.md), against the table engine's values in the
# first columns and each row's certified preperiod and period (saltus =
# period; data/modular/periods/wythoff-mod5.csv, re-verified by
# wythoff-certcheck in certcheck.sh): G(x, y) = G(x, y') + y - y' with
# y' = y (mod p), pre <= y' < pre + p
tab=$(noprov_s < <("$W" table wythoff+mod=5 --rows 40 --cols 1200 --format csv))
bad="" n=0
for xy in "3 1000000000000" "4 1000000000001" "17 999999999999" "39 123456789012345" "0 77777777777"; do
  set -- $xy
  IFS=, read -r _ pre per sal < <(awk -F, -v x="$1" 'NR > 1 && $1 == x' data/modular/periods/wythoff-mod5.csv)
  yp=$(( pre + ($2 - pre) % per ))
  want=$(( $(awk -F, -v x="$1" -v y="$yp" 'NR == x + 2 { print $(y + 2) }' <<<"$tab") + ($2 - yp) / per * sal ))
  got=$("$W" value wythoff+mod=5 "$1" "$2" --format json | grep -o '"value":[0-9]*' | cut -d: -f2)
  [ "$got" = "$want" ] && n=$((n + 1)) || bad+=" ($1, $2): $got, expected $want"
done
[ -z "$bad" ] && [ "$n" -eq 5 ] &&
  pass "value wythoff+mod=5 at y up to 1.2e14 = the table's first columns moved by the certified periods (5 positions)" ||
  fail "value wythoff+mod=5 far out:$bad"
finish
