#!/usr/bin/env bash
# data/modular/ (docs/modular.md): the m-modular Wythoff atlas.
#  - scripts/make-modular-atlas 8 512 (numpy; a skip line without it): the
#    P-positions are paper 004's count (Corollary 6) for m = 1..8; the
#    offsets' largest values, their first cells and their values in the
#    first half are those of the atlas files for the odd m (x + y - G) and
#    the even m (x + y - 2G), whose largest values all lie below 256;
#  - the atlas files (4096, 8192, 16384): 32 rows each, every m with paper
#    004's count; the 16384 atlas has the largest values and first cells of
#    the 8192 one; the tables of docs/modular.md are the files' numbers (each
#    row of the page's tables written again from the files).
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the first of python3 on PATH and Debian's /usr/bin/python3 that has numpy
py=""
for p in python3 /usr/bin/python3; do
  "$p" -c 'import numpy' >/dev/null 2>&1 && { py=$p; break; }
done
if [ -z "$py" ]; then
  echo "skip: modular.sh: no python3 with numpy (Debian: python3-numpy)"
  exit 0
fi
WY_BUILD=$(dirname "$W") "$py" scripts/make-modular-atlas 8 512 >"$tmp/small.csv" ||
  { fail "scripts/make-modular-atlas 8 512: exit $?"; exit 1; }
"$py" - "$tmp/small.csv" <<'PY'
import csv, sys
def load(p):
    return {int(r["m"]): r for r in csv.DictReader(l for l in open(p) if not l.startswith("#"))}
small = load(sys.argv[1])
files = {n: load("data/modular/atlas-%d.csv" % n) for n in (4096, 8192)}
ok = sorted(small) == list(range(1, 9)) and all(r["ppos"] == r["ppos_paper"] for r in small.values())
print(("PASS" if ok else "FAIL") + " make-modular-atlas 8 512: the P-positions are paper 004's 2 floor(m/phi) + 1, m = 1..8")
bad = []
for m, r in small.items():
    keys = ("d_max", "d_x", "d_y") if m % 2 else ("e_max", "e_x", "e_y")
    for n, f in files.items():
        if any(r[k] != f[m][k] for k in keys):
            bad.append((m, n))
print(("PASS" if not bad else "FAIL") + " the offsets' largest values and first cells at 512 are those of atlas-4096 and "
      "atlas-8192, m = 1..8" + ("" if not bad else ": %s" % bad))
files[16384] = load("data/modular/atlas-16384.csv")
ok = all(sorted(f) == list(range(1, 33)) and all(r["ppos"] == r["ppos_paper"] for r in f.values()) for f in files.values())
print(("PASS" if ok else "FAIL") + " atlas-4096.csv, atlas-8192.csv, atlas-16384.csv: m = 1..32, paper 004's count of "
      "P-positions")
# the tables of 16384: the same largest values and first cells as at 8192
big = files[16384]
bad = [m for m in range(1, 33) if m not in big or any(big[m][k] != files[8192][m][k] for k in
       (("d_max", "d_x", "d_y") if m % 2 else ("e_max", "e_x", "e_y")))]
print(("PASS" if not bad else "FAIL") + " atlas-16384.csv: the largest values and first cells of atlas-8192.csv, "
      "m = 1..32" + ("" if not bad else ": %s" % bad))
# the page's tables, row by row, from the files
a, b, c = files[4096], files[8192], files[16384]
rows = []
for m in range(1, 33):
    r, s, t = a[m], b[m], c[m]
    if m % 2:
        rows.append("| %d | %s (%s, %s) | %s | %s (%s, %s) | %s (%s, %s) |" % (
            m, r["d_max"], r["d_x"], r["d_y"], r["d_half"], s["d_max"], s["d_x"], s["d_y"], t["d_max"], t["d_x"],
            t["d_y"]))
    else:
        rows.append("| %d | %s (%s, %s) | %s | %s | %s | %s / %s / %s |" % (
            m, r["e_max"], r["e_x"], r["e_y"], r["e_half"], s["e_max"], t["e_max"], r["d_max"], s["d_max"],
            t["d_max"]))
page = open("docs/modular.md").read().splitlines()
missing = [x for x in rows if x not in page]
print(("PASS" if not missing else "FAIL") + " docs/modular.md's tables are the atlas files' numbers (32 rows)" +
      ("" if not missing else ": not on the page: %s" % missing[:2]))
PY
# F2 and F3 on the strip x <= 63 (every column), from the certified row
# periods: scripts/modular-row-bounds for m = 1..12 gives the lines of
# data/modular/row-bounds.csv; every line of the file agrees with the 16384
# atlas, a computation over the whole window that shares only the table
# engine: the strip's largest value is at most the window's where the strip's
# columns lie inside the window, and equals it, at the same first cell, where
# that cell lies in the strip (x <= 63)
WY_BUILD=$(dirname "$W") "$py" scripts/modular-row-bounds 12 >"$tmp/rb.csv" ||
  { fail "scripts/modular-row-bounds 12: exit $?"; exit 1; }
"$py" - "$tmp/rb.csv" <<'PY'
import csv, sys
def load(p):
    return {int(r["m"]): r for r in csv.DictReader(l for l in open(p) if not l.startswith("#"))}
mine, rb = load(sys.argv[1]), load("data/modular/row-bounds.csv")
ok = sorted(mine) == list(range(1, 13)) and sorted(rb) == list(range(1, 33)) and all(mine[m] == rb[m] for m in mine)
print(("PASS" if ok else "FAIL") + " scripts/modular-row-bounds 12: the lines m = 1..12 of data/modular/row-bounds.csv")
at = load("data/modular/atlas-16384.csv")
bad, equal = [], 0
for m, r in rb.items():
    for k in ("d", "e"):
        v, x, y = (int(r[k + s]) for s in ("_max", "_x", "_y"))
        w, wx, wy = (int(at[m][k + s]) for s in ("_max", "_x", "_y"))
        inside = int(r["cols"]) <= 16384
        if inside and v > w:
            bad.append((m, k, "above the window's"))
        if wx <= 63:
            if inside and (v, x, y) != (w, wx, wy):
                bad.append((m, k, "not the window's largest value and cell"))
            if v < w:
                bad.append((m, k, "below a value the strip holds"))
            equal += 1
rows = ["| %d | %s | %s (%s, %s) | %s | %s (%s, %s) | %s |" % (
    m, rb[m]["cols"], rb[m]["d_max"], rb[m]["d_x"], rb[m]["d_y"], at[m]["d_max"] if m % 2 else "unbounded",
    rb[m]["e_max"], rb[m]["e_x"], rb[m]["e_y"], at[m]["e_max"]) for m in range(1, 33)]
page = open("docs/modular.md").read().splitlines()
missing = [x for x in rows if x not in page]
print(("PASS" if not missing else "FAIL") + " docs/modular.md's F6 table is row-bounds.csv's and atlas-16384.csv's numbers" +
      ("" if not missing else ": not on the page: %s" % missing[:2]))
print(("PASS" if not bad and equal >= 40 else "FAIL") + " data/modular/row-bounds.csv against atlas-16384.csv: at most "
      "the window's largest values, and equal at the same cell in %d cases whose cell lies in the strip" % equal +
      ("" if not bad else ": %s" % bad))
PY
finish
