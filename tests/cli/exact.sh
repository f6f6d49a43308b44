# The exact engine from the command line: huge P-positions found with
# `ppos --from` are P for `value` (text and json, with the method), `value -`
# answers a batch read from standard input exactly as one call per position,
# the winning moves `moves` lists at huge positions reach positions `value`
# calls P, an unknown value comes with its reason in json, bad numbers exit 2,
# `period` writes its CSV header.
# The unknown value of nim+pass is asked at row 300 (beyond the rows proved
# on demand, 0..255, and the shipped strips); with
# WY_TEST_BIG=1 at row 40, where the engine first searches 65536 columns for
# a 46-row strip, finds no period and falls back (seconds).  Under the
# sanitizers (WY_TEST_SAN=1) the batch's row 20 (the 32-row strip, seconds
# under ASan) moves to row 12.
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
  out=$("$W" ppos "$@" --from "$from" --terms 3 --format csv 2>&1); rc=$?
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
"$W" ppos wythoff --from 1e30 --terms 2 --format json >"$tmp/p.json" 2>&1
if valid_json "$tmp/p.json" 2>/dev/null; then
  pass "ppos wythoff --from 1e30 --format json is valid JSON"
else
  fail "ppos wythoff --from 1e30 --terms 2 --format json is not valid JSON: $(head -c 160 "$tmp/p.json")"
fi

# 2. value RULES - : the same answers as one call per position
a=$("$W" ppos wythoff --from 1e30 --terms 1 --format csv | sed -n 2p)
IFS=, read -r _ ax ay <<<"$a"
ay1=$(add "$ay" 1); ax3=$(add "$ax" 3)
row=20; [ "$san" = 1 ] && row=12
for rules in wythoff wythoff+terminal=2 wythoff+terminal=2+misere nim+pass wythoff+max=5 wythoff+mod=7; do
  printf '%s\n' "# huge, moderate and small positions" "$ax $ay" "$ay,$ax" "$ax	$ay1" "$ax3 $ay" "" \
    "7 123456789012345678901234567890123456789" "123456789012345678901234567890123456789 $row" \
    "300 485" "299 500" "3 5" "0 0" "12 20" >"$tmp/in.txt"
  for fmt in text json; do
    "$W" value "$rules" - --format "$fmt" <"$tmp/in.txt" >"$tmp/batch.out" 2>"$tmp/batch.err"; rc=$?
    : >"$tmp/one.out"
    while IFS= read -r l; do
      case "$l" in ""|"#"*) continue ;; esac
      set -- $(tr ',\t' '  ' <<<"$l")
      "$W" value "$rules" "$1" "$2" --format "$fmt" >>"$tmp/one.out" 2>>"$tmp/one.err"
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
  "$W" moves "$@" $pos --format json >"$tmp/m.json" 2>"$tmp/m.err"; rc=$?
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

# 5. period: CSV header and Wythoff's rows 0-2 (G(0,y) = y; rows 1, 2 period 3)
out=$("$W" period wythoff --rows 4 --format csv 2>&1); rc=$?
if [ "$rc" -eq 0 ] && [ "$(head -n 1 <<<"$out")" = "x,preperiod,period" ] && [ "$(wc -l <<<"$out")" -eq 5 ] &&
   [ "$(sed -n 2,4p <<<"$out" | tr '\n' ' ')" = "0,0,1 1,0,3 2,0,3 " ] && sed -n 5p <<<"$out" | grep -qE '^3,[0-9]+,[0-9]+$'; then
  pass "period wythoff --rows 4 --format csv: header x,preperiod,period and rows 0-3"
else
  fail "period wythoff --rows 4 --format csv: exit $rc, '$(tr '\n' ' ' <<<"$out")'"
fi
finish
