#!/usr/bin/env bash
# certcheck.sh - the independent checker of row-period certificates
# (tools/certcheck.c, docs/periods.md) against the engine:
#   - it accepts certificates that `wythoff period --certificate` writes now
#     (small cases) and the committed ones of data/periods/ whose re-check is
#     quick (all of them when WY_TEST_FULL=1);
#   - it rejects tampered certificates (exit 1: a false claim; exit 2: not a
#     certificate of a ruleset it knows, or not text of the format: a NUL
#     byte, a carriage return, an overlong line, anything after 'end', a
#     ruleset that does not parse exactly) with a message naming the fault;
#   - it estimates its work before starting and refuses (exit 3) above
#     --max-work or the machine's memory; it prints a ruleset back as parsed;
#   - data/periods/*.csv say what the certificates say, and rows 0-45 of
#     Wythoff's game agree with data/wythoff-row-periods.csv (written by the
#     engine's csv output before the atlas existed);
#   - its own values (--table) equal `wythoff table` on small windows, so
#     the two computations that the certificates rest on agree.
# Under the sanitizers (WY_TEST_SAN=1) only the smallest committed files.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
C=${WY_BUILD:-build}/wythoff-certcheck
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -x "$C" ] || { fail "$C missing (make)"; finish; exit; }

# check CODE SUBSTRING FILE: the checker's exit code and message on FILE
check() {
  local code=$1 sub=$2 f=$3 err rc
  err=$("$C" --max-work 1e12 "$f" 2>&1 >/dev/null); rc=$?  # WY_TEST_FULL's largest (wythoff-256: 1.8e11 units)
  if [ "$rc" -ne "$code" ]; then
    fail "certcheck ${f##*/}: exit $rc, expected $code ($err)"
  elif [ -n "$sub" ] && ! grep -qF -- "$sub" <<<"$err"; then
    fail "certcheck ${f##*/}: message '$err' does not name '$sub'"
  elif [ "$code" -ne 0 ] && ! grep -q '^wythoff-certcheck: ' <<<"$err"; then
    fail "certcheck ${f##*/}: message '$err' does not start with 'wythoff-certcheck: '"
  else
    pass "certcheck ${f##*/} -> exit $code${sub:+ ($sub)}"
  fi
}

# 1. fresh certificates of small cases
for spec in wythoff:24 wythoff+pass:12 nim+pass:8 nim+pass+max=3:16 wythoff+max=2:8 wythoff+pass=2:6 \
            wythoff+mod=5:16 wythoff+pass+mod=3:8 wythoff+mod=12:8; do
  rules=${spec%:*} rows=${spec##*:}
  f="$tmp/${rules//[+=]/_}.cert"
  if "$W" period "$rules" --rows "$rows" --quiet --certificate "$f" >/dev/null &&
     out=$("$C" "$f") && grep -q "^verified .*: $rules, rows 0-$((rows - 1)), " <<<"$out"; then
    pass "period $rules --rows $rows --certificate: verified by the checker"
  else
    fail "period $rules --rows $rows --certificate: not verified (${out:-no output})"
  fi
done
# the certificate does not change the command's output
if cmp -s <("$W" period wythoff --rows 8 --format csv | noprov_s) \
          <("$W" period wythoff --rows 8 --format csv --certificate "$tmp/w8.cert" | noprov_s); then
  pass "period --certificate: the same csv output"
else
  fail "period --certificate changes the output"
fi
expect 2 "--certificate" -- period wythoff --rows 2 --certificate ""
expect 2 "directory" -- period wythoff --rows 2 --certificate "$tmp"
[ ! -e "$tmp/no.cert" ] && expect 3 "no period" -- period nim+pass --rows 40 --max-cols 5000 --certificate "$tmp/no.cert"
[ ! -e "$tmp/no.cert" ] && pass "no certificate written when no period is proved" \
  || fail "a certificate was written although no period was proved"

# mod=M (docs/modular.md): the state holds each row's values per class of
# columns; a certificate of another modulus or a shorter period is false at
# the state, and the checker takes mod=M with wythoff and unbounded moves only
"$W" period wythoff+mod=5 --rows 16 --quiet --certificate "$tmp/m5.cert" >/dev/null
sed 's/^rules wythoff+mod=5$/rules wythoff+mod=6/' "$tmp/m5.cert" >"$tmp/m6.cert"
check 1 "state: layer 0 row" "$tmp/m6.cert"
awk '$1 == "period" || $1 == "shift" { $2 = $2 / 2 } { print }' "$tmp/m5.cert" >"$tmp/m5half.cert"
check 1 "state: layer 0 row" "$tmp/m5half.cert"
sed 's/^rules wythoff+mod=5$/rules nim+mod=5/' "$tmp/m5.cert" >"$tmp/nimmod.cert"
check 2 "mod=M with wythoff and without max=N" "$tmp/nimmod.cert"
sed 's/^rules wythoff+mod=5$/rules wythoff+mod=5+max=3/' "$tmp/m5.cert" >"$tmp/maxmod.cert"
check 2 "mod=M with wythoff and without max=N" "$tmp/maxmod.cert"
expect 2 "mod=M only without max=N" -- period wythoff+mod=3+max=2 --rows 2
# the committed ones of m = 1..8 (docs/modular.md; the others take up to 12 s each: WY_TEST_FULL=1)
n=0
for f in data/modular/periods/*.cert; do
  m=${f##*wythoff-mod}; m=${m%.cert}
  if [ "$m" -le 8 ] || [ "${WY_TEST_FULL:-0}" = 1 ]; then
    check 0 "" "$f"
    n=$((n + 1))
  fi
done
[ "$n" -ge 8 ] && pass "$n committed certificates of m-modular Wythoff re-verified" ||
  fail "only $n certificates of data/modular/periods re-verified"

# 2. the committed certificates (quick ones: layers x rows x (y0 + period) cells)
limit=20000000
[ "${WY_TEST_SAN:-0}" = 1 ] && limit=200000
[ "${WY_TEST_FULL:-0}" = 1 ] && limit=1000000000000
n=0
for f in data/periods/*.cert; do
  cells=$(awk '$1 == "rows" { r = $2 } $1 == "layers" { l = $2 } $1 == "y0" { y = $2 } $1 == "period" { p = $2 }
               END { printf "%.0f", r * l * (y + p) }' "$f")
  if [ "$cells" -le "$limit" ]; then
    check 0 "" "$f"
    n=$((n + 1))
  fi
done
[ "$n" -ge 3 ] && pass "$n committed certificates re-verified" || fail "only $n committed certificates re-verified"

# 3. tampered certificates (from wythoff, rows 0-23: y0 1396, period 768)
base="$tmp/wythoff.cert"
tamper() { # tamper NAME AWK-PROGRAM: base through awk into $tmp/NAME.cert
  awk "$2" "$base" >"$tmp/$1.cert"
}
y0=$(awk '$1 == "y0" { print $2 }' "$base"); P=$(awk '$1 == "period" { print $2 }' "$base")
# a row with preperiod > 0 and period > 1 (x = 5: preperiod 27, period 24)
tamper halved     '$1 == "period" { $2 = $2 / 2; $0 = $1 " " $2 } { print }'
check 1 "state" "$tmp/halved.cert"
tamper rowhalved  '$1 == "row" && $3 == 5 { $5 /= 2; $6 /= 2 } { print }'
check 1 "layer 0 row 5: G(5, y + 12) = G(5, y) + 12 fails" "$tmp/rowhalved.cert"
tamper rowdouble  '$1 == "row" && $3 == 5 { $5 *= 2; $6 *= 2 } { print }'
check 1 "period 48 is not the smallest (24 works)" "$tmp/rowdouble.cert"
tamper preminus   '$1 == "row" && $3 == 5 { $4 -= 1 } { print }'
check 1 "layer 0 row 5: G(5, y + 24) = G(5, y) + 24 fails at y = 26" "$tmp/preminus.cert"
tamper preplus    '$1 == "row" && $3 == 5 { $4 += 1 } { print }'
check 1 "preperiod 28 is not the smallest (27 works)" "$tmp/preplus.cert"
tamper saltus     '$1 == "row" && $3 == 5 { $6 += 1 } { print }'
check 1 "saltus 25" "$tmp/saltus.cert"
tamper shift      '$1 == "shift" { $2 += 1 } { print }'
check 1 "state" "$tmp/shift.cert"
tamper y0low      '$1 == "y0" { $2 = 23 } { print }'
check 1 "state" "$tmp/y0low.cert"
tamper y0tiny     '$1 == "y0" { $2 = 5 } { print }'
check 1 "below K - 1" "$tmp/y0tiny.cert"
tamper nim        '$1 == "rules" { $2 = "nim" } { print }'
check 1 "layer 0 row 1: G(1, y + 3) = G(1, y) + 3 fails" "$tmp/nim.cert"
tamper mod        '$1 == "rules" { $2 = "wythoff+mod=3" } { print }'
check 1 "layer 0 row" "$tmp/mod.cert" # a ruleset it knows (mod=3), whose rows differ
tamper passlayers '$1 == "rules" { $2 = "wythoff+pass" } { print }'
check 2 "layers 1 out of range" "$tmp/passlayers.cert"
tamper noend      '$1 != "end" { print }'
check 2 "truncated" "$tmp/noend.cert"
tamper extra      '{ print } END { print "row 0 24 0 1 1" }'
check 2 "after 'end'" "$tmp/extra.cert"
tamper norow      '!($1 == "row" && $3 == 7) { print }'
check 2 "'row 0 7 PREPERIOD" "$tmp/norow.cert"
head -c "$(($(wc -c <"$base") / 2))" "$base" >"$tmp/truncated.cert"
check 2 "truncated" "$tmp/truncated.cert"
awk 'BEGIN { srand(17); for (i = 0; i < 3000; i++) printf "%c", 1 + int(rand() * 255) }' >"$tmp/garbage.cert"
check 2 "not a certificate" "$tmp/garbage.cert"
printf 'wythoff-period-certificate 2\n' >"$tmp/version.cert"
check 2 "not a certificate" "$tmp/version.cert"
# bounded rules never shift
tamper_b() { awk "$2" "$tmp/nim_pass_max_3.cert" >"$tmp/$1.cert"; }
tamper_b bshift '$1 == "shift" { $2 = 1 } { print }'
check 1 "shift 1 with max=3" "$tmp/bshift.cert"
tamper_b bpass0 '$1 == "row" && $2 == 0 && $3 == 15 { $4 += 1 } { print }'
check 1 "layer 0 row 15: preperiod" "$tmp/bpass0.cert"
# a valid certificate among bad ones: the worst code, every file reported
"$C" "$base" "$tmp/preplus.cert" "$tmp/garbage.cert" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && [ "$(grep -c '^verified' "$tmp/out")" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] \
  && pass "several files: each reported, exit the worst (2)" || fail "several files: exit $rc"
# the form of the text (issue 26): a NUL byte anywhere, a carriage return,
# an overlong line, anything after 'end', a ruleset that does not parse
# exactly: exit 2 naming the line
tamper nulrules   '$1 == "rules" { printf "rules wythoff%c+max=3\n", 0; next } { print }'
check 2 "line 3: a NUL byte" "$tmp/nulrules.cert"
tamper nulend     '$1 == "end" { printf "end%cjunk\n", 0; next } { print }'
check 2 "a NUL byte" "$tmp/nulend.cert"
tamper nulcomment 'NR == 3 { printf "# a comment%cwith a NUL\n", 0 } { print }'
check 2 "line 3: a NUL byte" "$tmp/nulcomment.cert"
tamper plusfirst  '$1 == "rules" { $2 = "+wythoff" } { print }'
check 2 "line 3: ruleset '+wythoff': it must start with the game" "$tmp/plusfirst.cert"
tamper plusplus   '$1 == "rules" { $2 = "wythoff++pass" } { print }'
check 2 "an empty option" "$tmp/plusplus.cert"
tamper commentend '{ print } END { print "# a comment after end" }'
check 2 "text after 'end'" "$tmp/commentend.cert"
tamper blankend   '{ print } END { print "" }'
check 2 "text after 'end'" "$tmp/blankend.cert"
tamper crlf       '{ printf "%s\r\n", $0 }'
check 2 "a carriage return" "$tmp/crlf.cert"
tamper longline   'NR == 3 { s = "#"; for (i = 0; i < 1100; i++) s = s "x"; print s } { print }'
check 2 "line 3: longer than 1024 bytes" "$tmp/longline.cert"
# comments before 'end' stay allowed; a ruleset is printed back as parsed, in
# canonical form (the game, pass, max)
tamper comments   'NR == 3 || $1 == "end" { print "# a comment" } { print }'
check 0 "" "$tmp/comments.cert"
awk '$1 == "rules" { $2 = "nim+max=3+pass=1" } { print }' "$tmp/nim_pass_max_3.cert" >"$tmp/order.cert"
out=$("$C" "$tmp/order.cert" 2>&1)
grep -q "^verified $tmp/order.cert: nim+pass+max=3, rows 0-15, 2 layers" <<<"$out" &&
  pass "certcheck: 'nim+max=3+pass=1' printed back as parsed: nim+pass+max=3" || fail "certcheck order.cert: $out"
# a period four times too large: the smallest is found through q / p
tamper rowquad    '$1 == "row" && $3 == 5 { $5 *= 4; $6 *= 4 } { print }'
check 1 "period 96 is not the smallest (48 works)" "$tmp/rowquad.cert"
# the work is estimated before anything is computed and refused above
# --max-work (default 2^37 units): 74 lines of nim+pass=64+max=1048576 used
# to keep the checker busy for hours
{ printf 'wythoff-period-certificate 1\nrules nim+pass=64+max=1048576\nrows 1\nlayers 65\ny0 1048576\n'
  printf 'period 1048577\nshift 0\nwindow 0\n'
  for p in $(seq 0 64); do echo "row $p 0 0 1048577 0"; done; echo end; } >"$tmp/work.cert"
err=$(timeout 60 "$C" "$tmp/work.cert" 2>&1); rc=$?
[ "$rc" -eq 3 ] && grep -q "needs about 214405857936140 (about 2.1e14) work units" <<<"$err" && grep -q -- "--max-work" <<<"$err" &&
  pass "certcheck: nim+pass=64+max=1048576 refused at once (exit 3, with the estimate)" ||
  fail "certcheck work.cert: exit $rc: $err"
err=$("$C" --max-work 1000 "$base" 2>&1); rc=$?
[ "$rc" -eq 3 ] && grep -q "more than the limit of 1000 units" <<<"$err" && pass "certcheck --max-work 1000: exit 3" ||
  fail "certcheck --max-work 1000: exit $rc: $err"
"$C" --max-work 2^40 "$base" | grep -q '^verified' && "$C" --max-work=1e12 "$base" | grep -q '^verified' &&
  pass "certcheck --max-work 2^40, --max-work=1e12: verified" || fail "certcheck --max-work 2^40 / 1e12"
for bad in 0 -5 2^65 x ""; do
  "$C" --max-work "$bad" "$base" >/dev/null 2>&1; rc=$?
  [ "$rc" -eq 2 ] && pass "certcheck --max-work '$bad': exit 2" || fail "certcheck --max-work '$bad': exit $rc"
done
err=$(timeout 60 "$C" --table nim+max=1048576 1 16777216 2>&1 >/dev/null); rc=$?
[ "$rc" -eq 3 ] && grep -q "the table needs about" <<<"$err" && pass "certcheck --table of 2^44 options: exit 3 at once" ||
  fail "certcheck --table nim+max=1048576 1 16777216: exit $rc: $err"
# memory beyond the machine's (64 rows x 65 layers x 2^30 columns: 16 TiB), even with the largest --max-work
{ printf 'wythoff-period-certificate 1\nrules nim+pass=64\nrows 64\nlayers 65\ny0 536870911\nperiod 536870912\n'
  printf 'shift 536870912\nwindow 0\n'
  for p in $(seq 0 64); do for x in $(seq 0 63); do echo "row $p $x 0 1 1"; done; done; echo end; } >"$tmp/mem.cert"
err=$(timeout 60 "$C" --max-work 18446744073709551615 "$tmp/mem.cert" 2>&1); rc=$?
[ "$rc" -eq 3 ] && grep -q "bytes of memory, more than this machine's" <<<"$err" &&
  pass "certcheck: 16 TiB of values refused before allocating (exit 3)" || fail "certcheck mem.cert: exit $rc: $err"
"$C" >/dev/null 2>&1; [ $? -eq 2 ] && pass "no file: exit 2" || fail "no file: not exit 2"
"$C" --bogus >/dev/null 2>&1; [ $? -eq 2 ] && pass "unknown option: exit 2" || fail "unknown option: not exit 2"
check 2 "cannot read" "$tmp/missing.cert"

# 4. the CSVs of data/periods say what the certificates say
bad=""
for f in data/periods/*.cert; do
  csv=${f%.cert}.csv
  python3 - "$f" "$csv" <<'PY' || bad+=" ${csv##*/}"
import sys
cert, csv = open(sys.argv[1]).read().split("\n"), open(sys.argv[2]).read().split("\n")
rows = [l.split()[1:] for l in cert if l.startswith("row ")]
layers = int(next(l.split()[1] for l in cert if l.startswith("layers ")))
head = ("passes_left," if layers > 1 else "") + "x,preperiod,period,saltus"
want = [head] + [",".join(r if layers > 1 else r[1:]) for r in rows] + [""]
sys.exit(0 if csv == want else 1)
PY
done
[ -z "$bad" ] && pass "data/periods/*.csv agree with their certificates" || fail "CSV differs from its certificate:$bad"
if [ -f data/periods/wythoff.csv ] &&
   cmp -s <(cut -d, -f1-3 data/periods/wythoff.csv | sed -n '2,47p') <(sed -n '2,47p' data/wythoff-row-periods.csv); then
  pass "data/periods/wythoff.csv rows 0-45 = data/wythoff-row-periods.csv"
else
  fail "data/periods/wythoff.csv rows 0-45 differ from data/wythoff-row-periods.csv"
fi
# layer 0 of wythoff+pass is Wythoff's game; layer 0 of nim+pass+max=N is
# nim+max=N, G = (x mod (N+1)) xor (y mod (N+1)) (paper 002, Theorem 2.3):
# period N+1 and preperiod 0 in every row
if [ -f data/periods/wythoff-pass.csv ] &&
   cmp -s <(grep '^0,' data/periods/wythoff-pass.csv | cut -d, -f2-) \
          <(sed 1d data/periods/wythoff.csv | head -n "$(grep -c '^0,' data/periods/wythoff-pass.csv)"); then
  pass "data/periods: wythoff+pass with the pass used = wythoff"
else
  fail "data/periods: wythoff+pass with the pass used differs from wythoff"
fi
bad=""
for f in data/periods/nim-pass-max*.csv; do
  n=${f##*max}; n=${n%.csv}
  awk -F, -v q=$((n + 1)) 'NR > 1 && $1 == 0 && ($3 != 0 || $4 != q || $5 != 0) { bad = 1 } END { exit bad }' "$f" ||
    bad+=" ${f##*/}"
done
[ -z "$bad" ] && pass "data/periods: nim+pass+max=N with the pass used: period N+1, preperiod 0 (paper 002 Thm 2.3)" \
  || fail "data/periods: nim+max=N rows are not (x mod (N+1)) xor (y mod (N+1)):$bad"
# layer 0 of nim+pass is Nim, G = x xor y: row x has preperiod 0 and period
# the smallest power of two above x
if [ -f data/periods/nim-pass.csv ]; then
  awk -F, 'NR > 1 && $1 == 0 { q = 1; while (q <= $2) q *= 2; if ($3 != 0 || $4 != q || $5 != q) bad = 1; n++ }
           END { exit bad || !n }' data/periods/nim-pass.csv \
    && pass "data/periods: nim+pass with the pass used: Nim's rows (x xor y)" \
    || fail "data/periods: nim+pass with the pass used: not Nim's rows (x xor y)"
fi
# the table of docs/periods.md (four groups of x | preperiod | period a line)
if cmp -s <(awk '/^<!-- atlas: wythoff/ { on = 1; next } /^<!-- \/atlas/ { on = 0 }
                 on && /^\| [0-9]/ { n = split($0, f, "|"); for (i = 2; i + 2 < n; i += 3) {
                   gsub(/ /, "", f[i]); gsub(/ /, "", f[i + 1]); gsub(/ /, "", f[i + 2])
                   if (f[i] != "") print f[i] "," f[i + 1] "," f[i + 2] } }' docs/periods.md | sort -t, -k1,1n) \
          <(cut -d, -f1-3 data/periods/wythoff.csv | sed 1d); then
  pass "docs/periods.md's table of Wythoff's rows = data/periods/wythoff.csv"
else
  fail "docs/periods.md's table of Wythoff's rows differs from data/periods/wythoff.csv"
fi

# 5. the checker's values = the table engine's
for spec in wythoff:12:40:0 wythoff+pass:10:30:1 wythoff+pass:10:30:0 nim+pass:9:33:1 nim+pass:9:33:0 \
            nim+pass+max=3:10:30:1 wythoff+max=2:10:30:0 wythoff+pass=2:6:20:2 wythoff+pass=2:6:20:1 nim:5:9:0 \
            wythoff+mod=2:20:300:0 wythoff+mod=7:20:300:0 wythoff+mod=32:40:200:0 wythoff+pass+mod=5:10:60:1; do
  IFS=: read -r rules r c p <<<"$spec"
  popt=(); [ "$rules" != "${rules/pass/}" ] && popt=(--pass "$p")
  if cmp -s <("$C" --table "$rules" "$r" "$c" "$p") <("$W" table "$rules" --rows "$r" --cols "$c" "${popt[@]}" --format csv | noprov_s); then
    pass "certcheck --table $rules $r x $c (passes left $p) = wythoff table"
  else
    fail "certcheck --table $rules $r x $c (passes left $p) differs from wythoff table"
  fi
done
finish
