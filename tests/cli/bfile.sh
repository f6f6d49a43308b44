#!/usr/bin/env bash
# bfile.sh - `wythoff bfile` (docs/bfile.md): OEIS b-files of the sequences
# the tool computes.  Every value is checked against another method:
#  - the format: '#' lines first (each field of the definition present, the
#    tool and version, no trailing blank), then "n a(n)" lines with
#    consecutive n from the offset; the Regenerate line gives the same bytes;
#  - Wythoff's pairs against the closed form computed here (Python integers:
#    floor(n phi) = (n + isqrt(5 n^2)) // 2, floor(n phi^2) = (3n + isqrt(5 n^2))
#    // 2), at n from 0 and at n = 10^30, 10^100; the OEIS numbers named in
#    the header only where that closed form is the sequence;
#  - the P-positions of the papers' games against `ppos --size N --format
#    csv` (the table or layer engine over a window, not the sequence code),
#    in the order the header states (by x, or by y for max=N);
#  - g-positions against the values of `table --format csv`, and gpos
#    --value 0 (one layer scan) against ppos (the sequence of wy_eval_ppos);
#  - preperiod, period and saltus against `period --format csv` and against
#    a table: G(x, y + p) = G(x, y) + s from the preperiod on, smallest;
#  - --offset against the same terms written from n = 0; bad input.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-bfile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export WYTHOFF_CACHE=off
version=$(sed -n 's/^#define WY_VERSION "\(.*\)"$/\1/p' include/wythoff.h)
# smaller sizes under the sanitizers
K=10000
[ "${WY_TEST_SAN:-0}" = 1 ] && K=1000

# The files are made here; one Python run (check.py below) checks them all
# and prints a PASS or FAIL line per check, from the manifest $tmp/checks:
#   fmt NAME OFFSET COUNT WHAT      the b-file format of $tmp/NAME.b
#   closed NAME K                   a(n) = (K n + isqrt(5 n^2)) // 2 (K = 1: floor(n phi), 3: floor(n phi^2))
#   pairs A B WANT WHAT             the terms of A and B = the lines "n x y" of $tmp/WANT
#   rows PRE PER SAL CSV TABLE WHAT row periods against period --format csv and a table
: >"$tmp/checks"
# bf NAME ARGS...: $tmp/NAME.b from `wythoff bfile ARGS`, its format checked
# (the offset from --offset, the count from --terms or COUNT)
bf() {
  local name=$1 off=0 count= a prev=
  shift
  for a in "$@"; do
    [ "$prev" = --offset ] && off=$a
    [ "$prev" = --terms ] && count=$a
    prev=$a
  done
  if "$W" bfile "$@" >"$tmp/$name.b" 2>"$tmp/$name.err"; then
    echo "fmt $name $off ${COUNT:-$count} bfile $*" >>"$tmp/checks"
  else
    fail "bfile $*: exit $? ($(head -c 300 "$tmp/$name.err"))"
    return 1
  fi
}
# terms FILE: the "n a(n)" lines
terms() { grep -v '^#' "$1"; }

# --- Wythoff's pairs against the closed form -------------------------------
bf wa ppos-a wythoff --terms $K && echo "closed wa 1" >>"$tmp/checks"
bf wb ppos-b wythoff --terms $K && echo "closed wb 3" >>"$tmp/checks"
for e in 30 100; do
  bf big$e-a ppos-a wythoff --offset 10^$e --terms 50 && echo "closed big$e-a 1" >>"$tmp/checks"
  bf big$e-b ppos-b wythoff --offset 10^$e --terms 50 && echo "closed big$e-b 3" >>"$tmp/checks"
  [ "$(terms "$tmp/big$e-a.b" | head -c $((e + 2)))" = "1$(printf '%0*d' $e 0) " ] &&
    pass "ppos-a wythoff --offset 10^$e: the first line has n = 10^$e" || fail "ppos-a wythoff --offset 10^$e: first n"
done
# the OEIS numbers: A000201 = floor(n phi) (offset 1), A001950 = floor(n phi^2)
# (offset 1), A001477 = n (offset 0): the closed forms checked above and here
grep -q '^# OEIS: .*A000201, which has offset 1 (a(1) = 1); a(0) = 0 here comes before its terms' "$tmp/wa.b" &&
  grep -q '^# OEIS: .*A001950, which has offset 1 (a(1) = 2)' "$tmp/wb.b" &&
  grep -q '^# OEIS: .*A000201.*; these are its terms' "$tmp/big30-a.b" &&
  pass "the headers of wythoff's pairs name A000201 and A001950 with their offset" ||
  fail "the headers of wythoff's pairs do not name A000201, A001950 as expected"
bf na ppos-b nim --terms 100 && [ "$(terms "$tmp/na.b" | awk '$1 != $2' | wc -l)" = 0 ] &&
  grep -q '^# OEIS: .*A001477' "$tmp/na.b" && pass "ppos-b of nim: a(n) = n, A001477" || fail "ppos-b of nim"
for r in wythoff+pass nim+pass wythoff+misere "wythoff+pass --pass 0" wythoff+max=5 "gpos-a wythoff --value 1"; do
  # shellcheck disable=SC2086
  case $r in gpos*) set -- $r ;; *) set -- ppos-a $r ;; esac
  "$W" bfile "$@" --terms 20 | grep -q '^# OEIS' && fail "bfile $* names an OEIS sequence" ||
    pass "bfile $* names no OEIS sequence"
done

# --offset: the same terms as from n = 0 (the jump of Wythoff's pairs, and
# the count from the start of the others)
for r in wythoff wythoff+pass wythoff+terminal=2 nim+max=31; do
  "$W" bfile ppos-b $r --terms 160 | terms /dev/stdin | sed -n '101,160p' >"$tmp/o1"
  "$W" bfile ppos-b $r --terms 60 --offset 100 | terms /dev/stdin >"$tmp/o2"
  [ -s "$tmp/o1" ] && cmp -s "$tmp/o1" "$tmp/o2" && pass "ppos-b $r --offset 100 --terms 60 = terms 100..159" ||
    fail "ppos-b $r --offset 100 differs from terms 100..159"
done

# --- P-positions of the papers' games against ppos --size -----------------
# order x: the window's positions x <= y with x < N/4 (their rows are
# complete in the window: y < 2.7 x + 8 for these games), by x then y;
# order y (max=N): those with y < N, by y then x.
N=400
i=0
for spec in "wythoff+pass|x" "wythoff+pass --pass 0|x" "wythoff+heap=1|x" "wythoff+heap=1 --heap 0|x" \
            "wythoff+terminal=2|x" "wythoff+terminal=2+misere|x" "wythoff+misere|x" "nim+pass|x" "wythoff+mod=3|x" \
            "wythoff+mod=5|x" "wythoff+pass=2 --pass 1|x" "wythoff+max=5|y" "nim+max=31|y" "nim+max=31+pass|y" \
            "wythoff+max=2+pass|y"; do
  r=${spec%|*} order=${spec#*|} i=$((i + 1))
  # shellcheck disable=SC2086
  "$W" ppos $r --size $N --format csv >"$tmp/win$i.csv" || { fail "ppos $r --size $N"; continue; }; noprov "$tmp/win$i.csv"
  if [ "$order" = x ]; then
    awk -F, -v n=$N 'NR > 1 && $1 <= $2 && $1 < n / 4 { print $1, $2 }' "$tmp/win$i.csv"
  else
    awk -F, 'NR > 1 && $1 <= $2 { print $1, $2 }' "$tmp/win$i.csv" | sort -k2,2n -k1,1n
  fi | awk '{ print NR - 1, $0 }' >"$tmp/want$i"
  k=$(wc -l <"$tmp/want$i")
  [ "$r" = wythoff+mod=5 ] && mod5=$i
  # a finite set (mod=M) has fewer terms than asked: COUNT is its size
  ask=$k
  case $r in *mod=*) ask=$((k + 5)) ;; esac
  # shellcheck disable=SC2086
  COUNT=$k bf pa$i ppos-a $r --terms $ask && COUNT=$k bf pb$i ppos-b $r --terms $ask &&
    echo "pairs pa$i pb$i want$i ppos-a, ppos-b $r = ppos --size $N, order by $order" >>"$tmp/checks"
done 2>/dev/null
grep -q '^# Offset: .*every term: the set is finite' "$tmp/pa$mod5.b" &&
  pass "ppos-a wythoff+mod=5: the header says the set is finite" || fail "ppos-a wythoff+mod=5: finite set not stated"
grep -q '^# Order: the positions (x, y) with x <= y sorted by x, then y' "$tmp/pa1.b" &&
  grep -q '^# Order: the positions (x, y) with x <= y sorted by y, then x' "$tmp/pa$i.b" &&
  pass "the header states the order: by x, or by y under max=N" || fail "the order in the header"

# --- g-positions against the table, and gpos --value 0 against ppos -------
T=300
for spec in "wythoff|1 2 5" "wythoff+pass|1 3" "nim+pass|2" "wythoff+terminal=2+misere|0 1" "wythoff+heap=2 --heap 1|1" \
            "nim|6"; do
  r=${spec%|*} i=$((i + 1))
  # shellcheck disable=SC2086
  "$W" table $r --size $T --format csv >"$tmp/t$i.csv" || { fail "table $r"; continue; }; noprov "$tmp/t$i.csv"
  for g in ${spec#*|}; do
    awk -F, -v g="$g" -v t=$T 'NR > 1 && $1 < t / 4 { for (y = $1; y < t; y++) if ($(y + 2) == g) print $1, y }' \
      "$tmp/t$i.csv" | awk '{ print NR - 1, $0 }' >"$tmp/want$i.$g"
    k=$(wc -l <"$tmp/want$i.$g")
    [ -z "${gfirst:-}" ] && gfirst=ga$i.$g
    # shellcheck disable=SC2086
    bf ga$i.$g gpos-a $r --value $g --terms $k && bf gb$i.$g gpos-b $r --value $g --terms $k &&
      echo "pairs ga$i.$g gb$i.$g want$i.$g gpos-a, gpos-b $r --value $g = table --size $T" >>"$tmp/checks"
  done
done
for r in wythoff "wythoff+pass --pass 0" nim+pass wythoff+terminal=2 wythoff+terminal=2+misere; do
  # shellcheck disable=SC2086
  a=$("$W" bfile ppos-b $r --terms $K --offset 7 | terms /dev/stdin)
  # shellcheck disable=SC2086
  b=$("$W" bfile gpos-b $r --value 0 --terms $K --offset 7 | terms /dev/stdin)
  [ -n "$a" ] && [ "$a" = "$b" ] && pass "gpos-b $r --value 0 (a layer scan) = ppos-b (wy_eval_ppos), $K terms from n = 7" ||
    fail "gpos-b $r --value 0 differs from ppos-b"
done

# --- row periods against period and against a table ------------------------
for spec in "wythoff|12|600" "wythoff+pass|8|1200" "nim+pass|4|200" "wythoff+max=3|8|200" "nim+max=31+pass|4|400" \
            "wythoff+pass --pass 0|6|400"; do
  IFS='|' read -r r R C <<<"$spec"
  i=$((i + 1))
  [ -z "${rfirst:-}" ] && rfirst=$i
  # shellcheck disable=SC2086
  "$W" period $r --rows $R --format csv >"$tmp/p$i.csv" && "$W" table $r --rows $R --cols $C --format csv >"$tmp/t$i.csv" &&
    noprov "$tmp/p$i.csv" "$tmp/t$i.csv" && bf pre$i preperiod $r --terms $R && bf per$i period $r --terms $R && bf sal$i saltus $r --terms $R &&
    echo "rows pre$i per$i sal$i p$i.csv t$i.csv preperiod, period, saltus of $r rows 0..$((R - 1)) = period --format csv, and hold on a $R x $C table" >>"$tmp/checks"
done
"$W" bfile period wythoff --terms 4 --offset 8 | terms /dev/stdin >"$tmp/o1"
[ "$(cat "$tmp/o1")" = "$(terms "$tmp/per$rfirst.b" | sed -n '9,12p')" ] &&
  pass "period wythoff --offset 8 --terms 4 = rows 8..11" || fail "period wythoff --offset 8: $(cat "$tmp/o1")"

# --- the header regenerates the file; --output --------------------------------
for name in wa big30-b "$gfirst" "sal$i"; do
  cmd=$(sed -n 's/^# Regenerate: wythoff //p' "$tmp/$name.b")
  # shellcheck disable=SC2086
  "$W" $cmd >"$tmp/re.b" && cmp -s "$tmp/re.b" "$tmp/$name.b" && pass "the Regenerate line of $name gives the same bytes ($cmd)" ||
    fail "the Regenerate line of $name ($cmd) gives other bytes"
done
"$W" bfile ppos-a wythoff+pass --terms 100 --output "$tmp/out.b" && "$W" bfile ppos-a wythoff+pass --terms 100 | cmp -s - "$tmp/out.b" &&
  pass "--output FILE = standard output" || fail "--output FILE differs from standard output"
grep -q '^# Side state: passes left 1' "$tmp/out.b" && grep -q '^# Ruleset: wythoff+pass .*1 pass in all' "$tmp/out.b" &&
  grep -q '^# Method: the layer engine (wy_layer_scan)' "$tmp/out.b" && pass "wythoff+pass: side state, rules in words, method in the header" ||
  fail "wythoff+pass: header lacks the side state, the rules in words or the method"
grep -q '^# Method: closed form' "$tmp/wa.b" && pass "wythoff: the header names the closed form" || fail "wythoff: method"

# --- the checks of the manifest, in one Python run ----------------------------
cat >"$tmp/check.py" <<'PY'
import re, sys
from math import isqrt
tmp, version = sys.argv[1], sys.argv[2]
def report(ok, name, why=""):
    print(("PASS %s" % name) if ok else ("FAIL %s: %s" % (name, why)))
def num(t):  # the number forms used here: digits, A^B
    if "^" in t:
        a, b = t.split("^")
        return int(a) ** int(b)
    return int(t)
def terms(name):
    return [tuple(map(int, l.split())) for l in open("%s/%s.b" % (tmp, name)) if not l.startswith("#")]
def fmt(name, off, count):
    text = open("%s/%s.b" % (tmp, name), encoding="ascii").read()
    if not text.endswith("\n"):
        return "no newline at the end"
    lines = text[:-1].split("\n")
    head = [l for l in lines if l.startswith("#")]
    data = lines[len(head):]
    if any(l.startswith("#") for l in data):
        return "a '#' line after the terms"
    for l in lines:
        if l != l.rstrip():
            return "trailing blank: %r" % l
    for field in ("# a(n) = ", "# Order: " if "pos-" in name else "#", "# Ruleset: ", "# Side state: ", "# Offset: ",
                  "# Method: ", "# Made by: wythoff " + version, "# Regenerate: wythoff bfile "):
        if not any(h.startswith(field) for h in head):
            return "no header line %r" % field
    if len(data) != count:
        return "%d terms, expected %d" % (len(data), count)
    for i, l in enumerate(data):
        if not re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)", l):
            return "bad line %r" % l
        if int(l.split()[0]) != off + i:
            return "line %r: n should be %d" % (l, off + i)
    return ""
def csv(name):
    return [list(map(int, l.split(","))) for l in open("%s/%s" % (tmp, name)).read().split("\n")[1:] if l]
for line in open(tmp + "/checks"):
    w = line.split()
    try:
        if w[0] == "fmt":
            why = fmt(w[1], num(w[2]), int(w[3]))
            report(not why, "%s: b-file format, %s terms from n = %s" % (" ".join(w[4:]), w[3], w[2]), why)
        elif w[0] == "closed":
            k, t = int(w[2]), terms(w[1])
            bad = [(n, v) for n, v in t if v != (k * n + isqrt(5 * n * n)) // 2]
            report(t and not bad, "%s: %d terms = floor(n phi%s) by the closed form, n from %d"
                   % (w[1], len(t), "^2" if k == 3 else "", t[0][0]), "first bad: %s" % bad[:1])
        elif w[0] == "pairs":
            a, b = terms(w[1]), terms(w[2])
            got = [(n, x, y) for (n, x), (_, y) in zip(a, b)]
            want = [tuple(map(int, l.split())) for l in open("%s/%s" % (tmp, w[3]))]
            diff = [(g, v) for g, v in zip(got, want) if g != v]
            report(got == want and len(a) == len(b), " ".join(w[4:]) + " (%d terms)" % len(want),
                   "%d and %d terms; first difference (got, expected): %s" % (len(got), len(want), diff[:1]))
        elif w[0] == "rows":
            pre, per, sal = [[v for _, v in terms(n)] for n in w[1:4]]
            period_csv, rows = csv(w[4]), [r[1:] for r in csv(w[5])]
            assert [[x, pre[x], per[x]] for x in range(len(pre))] == period_csv, "differs from period --format csv"
            for x, r in enumerate(rows):
                P, S, Y = per[x], sal[x], pre[x]
                assert Y + 2 * P < len(r), "table too narrow"
                assert all(r[y + P] - r[y] == S for y in range(Y, len(r) - P)), "row %d: G(x, y + p) != G(x, y) + s" % x
                assert Y == 0 or r[Y - 1 + P] - r[Y - 1] != S, "row %d: preperiod not least" % x
                for q in range(1, P):
                    d = r[Y + q] - r[Y]
                    assert not all(r[y + q] - r[y] == d for y in range(Y, len(r) - q)), "row %d: period not least" % x
            report(True, " ".join(w[6:]))
    except Exception as e:
        report(False, line.strip()[:200], repr(e))
PY
while IFS= read -r line; do
  echo "$line"
  case $line in FAIL*) fails=$((fails + 1)) ;; esac
done < <(python3 "$tmp/check.py" "$tmp" "$version" 2>&1 || echo "FAIL check.py: exit $?")
n=$(wc -l <"$tmp/checks")
[ "$n" -gt 60 ] && pass "$n checks of the manifest run" || fail "only $n checks in the manifest"

# --- data/bfiles: each file is what its Regenerate line writes today -----------
nb=0
for f in data/bfiles/*.b; do
  [ -e "$f" ] || continue
  nb=$((nb + 1))
  cmd=$(sed -n 's/^# Regenerate: wythoff //p' "$f")
  # (the row proofs take seconds under the sanitizers: their terms are checked above)
  case "${WY_TEST_SAN:-0} $cmd" in "1 bfile"*"period "*) continue ;; esac
  # shellcheck disable=SC2086
  "$W" $cmd | cmp -s - "$f" && pass "$f = wythoff $cmd" || fail "$f differs from 'wythoff $cmd'"
done
[ "$nb" -ge 8 ] && pass "data/bfiles: $nb files" || fail "data/bfiles: $nb files, expected 8"

# --- docs/bfile.md: its transcripts print what the page shows ---------------
awk -v d="$tmp" '
  $0 == "```console" { inb = 1; next }
  inb && $0 == "```" { inb = 0; next }
  inb && /^\$ build\/wythoff / { n++; print substr($0, 3) > (d "/doc" n ".cmd"); printf "" > (d "/doc" n ".exp"); next }
  inb && n { print >> (d "/doc" n ".exp") }
' docs/bfile.md
nd=0
for f in "$tmp"/doc*.cmd; do
  [ -e "$f" ] || continue
  nd=$((nd + 1))
  cmd=$(cat "$f")
  got=$(bash -c "${cmd//build\/wythoff/$W}" 2>&1)
  [ "$got" = "$(cat "${f%.cmd}.exp")" ] && pass "docs/bfile.md: \$ $cmd" || fail "docs/bfile.md: \$ $cmd prints '$(head -c 300 <<<"$got")'"
done
[ "$nd" -ge 3 ] && pass "docs/bfile.md: $nd transcripts" || fail "docs/bfile.md: $nd transcripts found"

# --- bad input -----------------------------------------------------------------
expect 2 "takes a sequence and a ruleset" -- bfile
expect 2 "takes a sequence and a ruleset" -- bfile ppos-a
expect 2 "unknown sequence 'ppos'" -- bfile ppos wythoff
expect 2 "unknown game" -- bfile ppos-a chess
expect 2 "too many arguments" -- bfile ppos-a wythoff nim
expect 2 "gpos-a needs --value" -- bfile gpos-a wythoff
expect 2 "--value goes with gpos-a" -- bfile ppos-a wythoff --value 1
expect 2 "--value goes with gpos-a" -- bfile period wythoff --value 1
expect 2 "--max-cols goes with" -- bfile ppos-b wythoff --max-cols 100
expect 2 "--terms 0 out of range" -- bfile ppos-a wythoff --terms 0
expect 2 "bad --terms" -- bfile ppos-a wythoff --terms 1.5
expect 2 "--terms 1e8 out of range (1 to 10000000)" -- bfile ppos-a wythoff --terms 1e8
expect 2 "bad --offset" -- bfile ppos-a wythoff --offset -1
expect 2 "too large" -- bfile ppos-a wythoff+pass --offset 2^41
expect 2 "goes past row 4095" -- bfile period wythoff --offset 4090 --terms 10
expect 2 "goes past row 4095" -- bfile saltus wythoff --terms 4097
expect 2 "beyond the last term" -- bfile ppos-a wythoff+mod=3 --offset 5
expect 2 "layer engine does not cover" -- bfile gpos-a wythoff+max=3 --value 1
expect 2 "without heap=H" -- bfile preperiod wythoff+heap=1
expect 2 "has no pass" -- bfile ppos-a wythoff --pass 1
expect 2 "more than the ruleset's 1 pass" -- bfile ppos-a wythoff+pass --pass 2
expect 2 "does not apply to 'bfile'" -- bfile ppos-a wythoff --format csv
expect 2 "bad --value" -- bfile gpos-a wythoff --value x
expect 2 "too large" -- bfile gpos-a wythoff --value 2^32
expect 3 "more than the limit" -- bfile gpos-b wythoff --value 1 --terms 1e6 --mem-limit 1M
expect 2 "directory" -- bfile ppos-a wythoff --output "$tmp"
finish
