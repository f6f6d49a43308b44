#!/usr/bin/env bash
# The stored layers of `wythoff glayers --store DIR` (docs/glayers.md, "The
# stored layer"): files written by the previous writer (tests/cli/glayers-old,
# level-1 zlib chunks) read by the current reader against the table engine;
# layers of more than one chunk (2^20 offsets) against closed forms and the
# layer engine of one value; one thread and two give the same files; a
# damaged chunk is refused (exit 2), also when two threads read the chunks.  Under the sanitizers
# (WY_TEST_SAN=1) the multi-chunk and thread checks are left out.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
OLD=tests/cli/glayers-old

# the old files against the table engine: every diagonal n < count of
# values 0..3 holds the table's cell of that value, x = floor(n phi) + offset
"$W" table wythoff --size 400 --format csv >"$T/table.csv" || fail "table wythoff --size 400"
noprov "$T/table.csv"
"$W" glayers --read "$OLD" --format csv >"$T/old.csv" || fail "glayers --read $OLD"
noprov "$T/old.csv"
for g in 0 1 2 3; do
  c=$(awk -F, -v g=$g 'NR > 1 && $1 == g { print $3 }' "$T/old.csv")
  "$W" glayers --read "$OLD" --value $g --index 0 --terms "$c" --format csv >"$T/o$g.csv" || fail "read $OLD value $g"
  noprov "$T/o$g.csv"
done
python3 - "$T" <<'PY' && pass "files of the previous writer read back = table engine (values 0..3, 400 x 400)" || fail "the previous writer's files differ from the table engine (above)"
import sys, math
T = sys.argv[1]
rows = [list(map(int, l.split(",")[1:])) for l in open(T + "/table.csv").read().split("\n")[1:] if l]
a = lambda n: (n + math.isqrt(5 * n * n)) // 2
bad = 0
for g in range(4):
    diag = {y - x: x for x in range(400) for y in range(x, 400) if rows[x][y] == g}
    count = 0
    while count in diag: count += 1
    got = [tuple(map(int, l.split(","))) for l in open(T + "/o%d.csv" % g).read().split("\n")[1:] if l]
    if count < 100 or got != [(n, diag[n], diag[n] + n, diag[n] - a(n)) for n in range(count)]:
        print("value", g, "differs"); bad += 1
sys.exit(bad)
PY
# the summary read from the old files = the summary of a scan now
"$W" glayers wythoff --size 400 --value 3 --format csv --quiet >"$T/now.csv"
noprov "$T/now.csv"
cmp -s "$T/old.csv" "$T/now.csv" && pass "the summary of the previous writer's files = a scan's summary now" ||
  fail "the summaries of the old files and of a scan differ"

# a damaged chunk (bytes inside the Huffman data changed): exit 2
"$W" glayers wythoff --size 2000 --value 2 --store "$T/D" --quiet >/dev/null || fail "glayers --size 2000 --store"
printf '\377\377\377\377\377\377\377\377' | dd of="$T/D/layer-2.wygl" bs=1 seek=200 conv=notrunc status=none
expect 2 "chunk 0 is damaged" -- glayers --read "$T/D" --value 2 --index 0 --terms 700
expect 2 "chunk 0 is damaged" -- glayers --read "$T/D"

if [ "${WY_TEST_SAN:-0}" != 1 ]; then
  # layers of two chunks (count > 2^20): value 0 (mostly one byte: zlib's
  # run-length path) against the P-positions' closed form, value 1 (the
  # Huffman block) against the layer engine of value 1 alone (ppos)
  M=2800000
  "$W" glayers wythoff --size $M --value 1 --store "$T/B" --format csv --quiet >"$T/b.csv" || fail "glayers --size $M"
  noprov "$T/b.csv"
  c0=$(awk -F, 'NR > 1 && $1 == 0 { print $3 }' "$T/b.csv")
  c1=$(awk -F, 'NR > 1 && $1 == 1 { print $3 }' "$T/b.csv")
  "$W" glayers --read "$T/B" --value 0 --index 0 --terms "$c0" --format csv | noprov_s | python3 -c '
import sys, math
N, c = int(sys.argv[1]), int(sys.argv[2])
lo, hi = 0, N  # the P-positions (a_n, a_n + n) inside: a_n + n < N, increasing in n
while lo < hi:
    m = (lo + hi) // 2
    if (m + math.isqrt(5 * m * m)) // 2 + m < N: lo = m + 1
    else: hi = m
want = lo
got = sys.stdin.read().split()[1:]
ok = c == want == len(got) and c > 1 << 20
for n, l in enumerate(got):
    a = (n + math.isqrt(5 * n * n)) // 2
    if l != "%d,%d,%d,0" % (n, a, a + n): ok = False; break
sys.exit(0 if ok else 1)
' $M "$c0" && pass "value 0 in a $M window ($c0 diagonals, 2 chunks) = the P-positions' closed form" ||
    fail "value 0 in a $M window differs from the closed form"
  "$W" glayers --read "$T/B" --value 1 --index 0 --terms "$c1" --format csv | noprov_s | awk -F, 'NR > 1 { print $2 "," $3 }' >"$T/g1"
  "$W" ppos wythoff --size $M --value 1 --format csv --engine layer | noprov_s |
    awk -F, 'NR > 1 && $1 <= $2 { print $2 - $1 "," $1 "," $2 }' | sort -t, -k1,1n | head -n "$c1" | cut -d, -f2,3 >"$T/p1"
  [ "$c1" -gt 1048576 ] && cmp -s "$T/g1" "$T/p1" &&
    pass "value 1 in a $M window ($c1 diagonals, 2 chunks) = ppos --engine layer, diagonal by diagonal" ||
    fail "value 1 in a $M window differs from ppos --engine layer"

  # a damaged chunk of a two-chunk layer read on two threads (alternate
  # chunks): the first damaged chunk in order is the one reported
  mkdir -p "$T/E"
  cp "$T/B/layer-0.wygl" "$T/E/"
  python3 - "$T/B/layer-1.wygl" "$T/E/layer-1.wygl" <<'PY'
import sys, struct
b = bytearray(open(sys.argv[1], "rb").read())
nch, table = struct.unpack("<8xIIQQQQQQ", b[:64])[4], struct.unpack("<8xIIQQQQQQ", b[:64])[6]
t = struct.unpack("<%dQ" % (nch + 1), b[table:table + 8 * (nch + 1)])
for i in range(8): b[t[1] + 1000 + i] ^= 0xff
open(sys.argv[2], "wb").write(b)
for i in range(8): b[t[0] + 1000 + i] ^= 0xff
open(sys.argv[2] + ".both", "wb").write(b)
PY
  expect 2 "layer-1.wygl: chunk 1 is damaged" -- glayers --read "$T/E" --threads 2
  mv "$T/E/layer-1.wygl.both" "$T/E/layer-1.wygl"
  expect 2 "layer-1.wygl: chunk 0 is damaged" -- glayers --read "$T/E" --threads 2
  # the summary read back on two threads = the scan's
  "$W" glayers --read "$T/B" --threads 2 --format csv >"$T/b2.csv"
  noprov "$T/b2.csv"
  cmp -s "$T/b.csv" "$T/b2.csv" && pass "the summary read back on two threads = the scan's ($M)" ||
    fail "the summary read back on two threads differs from the scan's"

  # one thread and two (the scan's pipeline from 2^24 rows on): the same files
  for t in 1 2; do
    "$W" glayers wythoff --size 17000000 --value 1 --threads $t --store "$T/t$t" --format csv --quiet >"$T/t$t.csv" ||
      fail "glayers --threads $t"
    noprov "$T/t$t.csv"
  done
  cmp -s "$T/t1.csv" "$T/t2.csv" && cmp -s "$T/t1/layer-0.wygl" "$T/t2/layer-0.wygl" &&
    cmp -s "$T/t1/layer-1.wygl" "$T/t2/layer-1.wygl" && pass "--threads 1 and 2 at 1.7 10^7: the same summary and files" ||
    fail "--threads 1 and 2 differ"
fi
finish
