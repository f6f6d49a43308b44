#!/usr/bin/env bash
# `wythoff automaton` and the value-1 method at any size (docs/automata.md):
#   - learn reproduces data/automata/wythoff-v1.aut (all but its made-by
#     line), walnut and walnut --word reproduce the shipped Walnut files, and
#     src/core/automata_data.c is scripts/embed-automata of the data;
#   - verify agrees on 10^6 diagonals (10^5 under the sanitizers) and finds
#     an automaton with one output changed (exit 1);
#   - an independent computation written here in Python (Zeckendorf digits
#     by Python's integers, the file's automaton run by a few lines, floor(n
#     phi) by math.isqrt) against `automaton run`, `value wythoff`,
#     `value wythoff+pass`, `value wythoff+heap=1` and `moves wythoff+pass`
#     at positions of 100 to 1000 digits (seeded), and the layer positions
#     against `bfile gpos-a wythoff --value 1` (the layer engine);
#   - bad input: files, options, subcommands (exit 2);
#   - paper 001's automaton (the P-positions of wythoff+terminal=2) learned
#     again, its Walnut files, verify;
#   - with Walnut (WYTHOFF_WALNUT, or ../shared/tools/walnut/walnut beside the
#     project; `skip:` without it): prove of paper 001's automaton reports
#     12 of 12 statements TRUE (2 s), and of one with a changed output NOT
#     PROVED, exit 1; with WY_TEST_BIG=1 the shipped value-1 automaton's 13
#     of 13 TRUE (about 20 s) and its mutant NOT PROVED (20 s more).
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
D=data/automata
SEED=${WY_SEED:-20261121}
SAN=${WY_TEST_SAN:-0}

# learn reproduces the shipped automaton; the Walnut files and the compiled-in copy are up to date
if "$W" automaton learn wythoff --value 1 --quiet --output "$T/v1.aut" &&
   diff <(grep -v '^made-by' "$T/v1.aut") <(grep -v '^made-by' $D/wythoff-v1.aut) >/dev/null; then
  pass "automaton learn wythoff --value 1 = $D/wythoff-v1.aut (but its made-by line)"
else
  fail "automaton learn wythoff --value 1 differs from $D/wythoff-v1.aut"
fi
"$W" automaton walnut $D/wythoff-v1.aut | cmp -s - $D/wythoff-v1.walnut &&
  pass "automaton walnut $D/wythoff-v1.aut = $D/wythoff-v1.walnut" || fail "the Walnut command file is not what automaton walnut writes"
"$W" automaton walnut $D/wythoff-v1.aut --word | cmp -s - $D/WYTHOFFV1.txt &&
  pass "automaton walnut --word = $D/WYTHOFFV1.txt" || fail "the Walnut word automaton is not what automaton walnut --word writes"
scripts/embed-automata $D/wythoff-v1.aut $D/wythoff-v1.log $D/wythoff-t2-p.aut $D/wythoff-t2-p.log | cmp -s - src/core/automata_data.c &&
  pass "src/core/automata_data.c = scripts/embed-automata of the shipped automata and logs" ||
  fail "src/core/automata_data.c is out of date: run scripts/embed-automata $D/wythoff-v1.aut $D/wythoff-v1.log $D/wythoff-t2-p.aut $D/wythoff-t2-p.log > src/core/automata_data.c"

# paper 001's game: the P-positions of wythoff+terminal=2
if "$W" automaton learn wythoff+terminal=2 --value 0 --quiet --output "$T/t2.aut" &&
   diff <(grep -v '^made-by' "$T/t2.aut") <(grep -v '^made-by' $D/wythoff-t2-p.aut) >/dev/null &&
   "$W" automaton walnut $D/wythoff-t2-p.aut | cmp -s - $D/wythoff-t2-p.walnut &&
   "$W" automaton walnut $D/wythoff-t2-p.aut --word | cmp -s - $D/WYTHOFFT2P.txt; then
  pass "automaton learn wythoff+terminal=2 --value 0 = $D/wythoff-t2-p.aut; its Walnut files as shipped"
else
  fail "the automaton of wythoff+terminal=2 or its Walnut files differ from $D"
fi
out=$("$W" automaton verify $D/wythoff-t2-p.aut --rows 300000 --quiet); rc=$?
[ $rc -eq 0 ] && pass "automaton verify $D/wythoff-t2-p.aut --rows 300000: agrees (the terminal region left out)" ||
  fail "automaton verify wythoff-t2-p: exit $rc: $out"

# the recorded logs name the shipped files by size and FNV-1a (what check's
# PROVED relies on): computed here in Python from the files
python3 - $D <<'EOF2' && pass "the logs of $D name the shipped Walnut files (sizes and FNV-1a by Python)" || fail "a log of $D does not name its files"
import sys, re
D = sys.argv[1]
def fnv(b):
    h = 14695981039346656037
    for c in b:
        h = ((h ^ c) * 1099511628211) % 2**64
    return '%016x' % h
ok = True
for aut, word in (('wythoff-v1', 'WYTHOFFV1'), ('wythoff-t2-p', 'WYTHOFFT2P')):
    log = open('%s/%s.log' % (D, aut)).read()
    w, c = open('%s/%s.txt' % (D, word), 'rb').read(), open('%s/%s.walnut' % (D, aut), 'rb').read()
    want = '(%s.txt: %d bytes, FNV-1a %s; commands: %d bytes, FNV-1a %s)' % (word, len(w), fnv(w), len(c), fnv(c))
    n = c.count(b'eval ')
    ok = ok and want in log and ('\nPROVED: %d of %d statements TRUE' % (n, n)) in log
sys.exit(0 if ok else 1)
EOF2

# verify, and a changed output
NV=1000000; [ "$SAN" = 1 ] && NV=100000
out=$("$W" automaton verify $D/wythoff-v1.aut --rows $NV --quiet); rc=$?
[ $rc -eq 0 ] && grep -q "agrees with the layer engine on diagonals 0..$((NV - 1))" <<<"$out" &&
  pass "automaton verify --rows $NV: agrees" || fail "automaton verify: exit $rc: $out"
sed 's/^5 1 8 9$/5 2 8 9/' $D/wythoff-v1.aut >"$T/bad.aut"
out=$("$W" automaton verify "$T/bad.aut" --rows 1000 --quiet); rc=$?
[ $rc -eq 1 ] && grep -q "diagonal 5: the automaton gives offset 2" <<<"$out" &&
  pass "automaton verify of a changed output: exit 1, diagonal 5 named" || fail "changed output: exit $rc: $out"

# the independent computation at 100..1000 digits
K=12; [ "$SAN" = 1 ] && K=4
python3 - "$W" $D/wythoff-v1.aut "$SEED" $K >"$T/py.out" 2>&1 <<'EOF'
import sys, random, subprocess
sys.dont_write_bytecode = True  # nothing written into the tree
sys.path.insert(0, 'tests/cli')
from aut_ref import Aut, lower
W, path, seed, K = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
aut = Aut(path)
v1 = aut.position
def run(*args):
    return subprocess.run([W] + [str(a) for a in args], capture_output=True, text=True)
rng = random.Random(seed)
bad = 0; done = 0
def ok(c, what):
    global bad
    if not c:
        bad += 1; print('MISMATCH', what[:300])
for k in range(K):
    n = rng.randrange(10 ** (100 + rng.randrange(900)))
    x, y = v1(n)
    r = run('automaton', 'run', path, n)
    ok(r.returncode == 0 and r.stdout.strip().endswith('position (%d, %d)' % (x, y)), 'run %d' % k)
    r = run('value', 'wythoff', x, y, '--format', 'json')
    ok('"value": 1' in r.stdout.replace('"value":1', '"value": 1'), 'value wythoff at the layer %d: %s' % (k, r.stdout))
    r = run('value', 'wythoff+pass', y, x)
    ok(r.returncode == 0 and 'P-position' in r.stdout, 'value wythoff+pass (mirror) %d: %s' % (k, r.stdout))
    r = run('value', 'wythoff+heap=1', x, y)
    ok(r.returncode == 0 and 'P-position' in r.stdout, 'value wythoff+heap=1 %d' % k)
    # off the layer: x + 3 (no other layer position in that row within reach of this diagonal)
    r = run('value', 'wythoff', x + 3, y)
    is_p = (lambda a, b: lower(b - a) == a)(x + 3, y) if y >= x + 3 else False
    ok(r.returncode == 0 and ('G >= 2' in r.stdout or is_p), 'value wythoff off the layer %d: %s' % (k, r.stdout))
    r = run('value', 'wythoff+pass', x + 3, y)
    ok(r.returncode == 0 and 'N-position' in r.stdout, 'value wythoff+pass off the layer %d' % k)
    # winning moves of the pass game from (x + 5, y + 7): each reaches the layer
    r = run('moves', 'wythoff+pass', x + 5, y + 7, '--format', 'json')
    import json
    try:
        js = json.loads(r.stdout); mv = [m for m in js['moves'] if m['winning']]
    except Exception:
        mv = None
    ok(r.returncode == 0 and mv, 'moves wythoff+pass %d: %s' % (k, r.stdout[:200]))
    for m in mv or []:
        a, b = int(m['to'][0]), int(m['to'][1])
        if m['move'] == 'pass':
            ok(lower(max(a, b) - min(a, b)) == min(a, b), 'a pass to a non-P-position of Wythoff %d' % k)
            continue
        lo, hi = min(a, b), max(a, b)
        ok(v1(hi - lo)[0] == lo or (lo <= 8 and hi <= 8), 'a winning move leaves the layer %d: %s' % (k, m))
    done += 1
print('checked', done, 'positions; mismatches', bad)
sys.exit(1 if bad else 0)
EOF
rc=$?
if [ $rc -eq 0 ]; then
  pass "$K positions of 100..1000 digits (seed $SEED): automaton run, value wythoff / wythoff+pass / wythoff+heap=1, moves wythoff+pass = an independent Python run of the file"
else
  fail "the Python computation differs: $(tail -n 5 "$T/py.out")"
fi
# the layer engine's value-1 positions (gpos-a, gpos-b) against the automaton
"$W" bfile gpos-a wythoff --value 1 --terms 3000 | grep -v '^#' >"$T/a.txt"
"$W" bfile gpos-b wythoff --value 1 --terms 3000 | grep -v '^#' >"$T/b.txt"
python3 - $D/wythoff-v1.aut "$T/a.txt" "$T/b.txt" <<'EOF' && pass "3000 value-1 positions of bfile gpos-a/gpos-b (layer engine) = the automaton's" || fail "bfile's value-1 positions differ from the automaton's"
import sys
sys.dont_write_bytecode = True  # nothing written into the tree
sys.path.insert(0, 'tests/cli')
from aut_ref import Aut
pos = Aut(sys.argv[1]).position
A = [int(l.split()[1]) for l in open(sys.argv[2])]
B = [int(l.split()[1]) for l in open(sys.argv[3])]
pts = sorted(zip(A, B))
mine = sorted(p for p in (pos(n) for n in range(3 * len(pts))) if p <= pts[-1])
sys.exit(0 if mine[:len(pts)] == pts else 1)
EOF

# gpos-a/b at any offset (the automaton beyond 2^40): the window method of
# cmd_bfile.c written again in Python, first against the layer engine's
# b-file at offset 1000, then against the tool at 10^50 and 2^41
for off in 1000 100000000000000000000000000000000000000000000000000 2199023255552; do
  "$W" bfile gpos-a wythoff --value 1 --offset $off --terms 40 | grep -v '^#' >"$T/ga$off.txt"
  "$W" bfile gpos-b wythoff --value 1 --offset $off --terms 40 | grep -v '^#' >"$T/gb$off.txt"
done
python3 - $D/wythoff-v1.aut "$T" <<'EOF2' && pass "bfile gpos-a/gpos-b wythoff --value 1 at offsets 1000 (layer engine), 2^41 and 10^50 (automaton) = a Python sort of the automaton's positions" || fail "bfile gpos of value 1 at large offsets differs from the Python computation"
import sys
sys.dont_write_bytecode = True  # nothing written into the tree
sys.path.insert(0, 'tests/cli')
from aut_ref import Aut
A = lambda m: Aut.position(aut, m)[0]
aut = Aut(sys.argv[1])
ok = True
for off in (1000, 10**50, 2**41):
    lo = max(0, off - 60)
    pts = sorted((A(m), A(m) + m) for m in range(lo, off + 100))
    want = pts[off - lo: off - lo + 40]
    ga = [tuple(map(int, l.split())) for l in open('%s/ga%d.txt' % (sys.argv[2], off))]
    gb = [tuple(map(int, l.split())) for l in open('%s/gb%d.txt' % (sys.argv[2], off))]
    ok = ok and [n for n, _ in ga] == list(range(off, off + 40)) and [x for _, x in ga] == [p[0] for p in want] \
        and [y for _, y in gb] == [p[1] for p in want]
sys.exit(0 if ok else 1)
EOF2

# bad input
printf 'not an automaton\n' >"$T/junk.aut"
expect 2 "not an automaton file" -- automaton verify "$T/junk.aut"
expect 2 "cannot open" -- automaton run "$T/missing.aut" 5
expect 2 "unknown automaton subcommand" -- automaton bogus $D/wythoff-v1.aut
expect 2 "give at least one N" -- automaton run $D/wythoff-v1.aut
# without --walnut and without $WYTHOFF_WALNUT (CI exports it)
saved_walnut=${WYTHOFF_WALNUT-}; had_walnut=${WYTHOFF_WALNUT+set}
unset WYTHOFF_WALNUT
expect 2 "prove needs Walnut" -- automaton prove $D/wythoff-v1.aut
[ -n "$had_walnut" ] && export WYTHOFF_WALNUT="$saved_walnut"
expect 2 "not an executable file" -- automaton prove $D/wythoff-v1.aut --walnut "$T/none"
expect 2 "at least 16 diagonals" -- automaton learn wythoff --rows 3
expect 2 "name" -- automaton walnut $D/wythoff-v1.aut --name 1abc
expect 2 "layer engine" -- automaton learn wythoff+max=3

# Walnut
walnut=${WYTHOFF_WALNUT:-}
[ -z "$walnut" ] && [ -x ../shared/tools/walnut/walnut ] && walnut=$(cd ../shared/tools/walnut && pwd)/walnut
if [ -z "$walnut" ] || ! command -v java >/dev/null 2>&1 || [ ! -f /usr/share/java/fastutil.jar ]; then
  echo "skip: automaton.sh: Walnut or its Java packages not found (WYTHOFF_WALNUT; scripts/install-deps --extras): the proofs are not replayed"
elif [ "$SAN" = 1 ]; then
  echo "skip: automaton.sh: the Walnut replays run in the normal build"
else
  # one after the other: a Walnut home is one library (prove locks it).
  # The value-1 automaton's proof (20 s of Walnut) and its mutant (20 s
  # more) run with WY_TEST_BIG=1; by default paper 001's automaton (1 s)
  # runs the same path of `automaton prove` (command file, Walnut, its
  # verdicts read), and a changed output of it shows that a wrong
  # automaton fails
  [ "${WY_TEST_BIG:-0}" = 1 ] && { "$W" automaton prove $D/wythoff-v1.aut --walnut "$walnut" >"$T/good.txt" 2>"$T/good.err"; r1=$?; }
  sed 's/^4 -2 6 -$/4 -1 6 -/' $D/wythoff-t2-p.aut >"$T/t2bad.aut"
  if [ "${WY_TEST_BIG:-0}" = 1 ]; then
    "$W" automaton prove "$T/bad.aut" --walnut "$walnut" --name WYTHOFFMUT >"$T/bad.txt" 2>"$T/bad.err"; r2=$?
  else
    "$W" automaton prove "$T/t2bad.aut" --walnut "$walnut" --name WYTHOFFMUT >"$T/bad.txt" 2>"$T/bad.err"; r2=$?
  fi
  "$W" automaton prove $D/wythoff-t2-p.aut --walnut "$walnut" >"$T/t2good.txt" 2>"$T/t2good.err"; r3=$?
  n3=$(grep -c '^eval' $D/wythoff-t2-p.walnut)
  [ $r3 -eq 0 ] && grep -q "^PROVED: $n3 of $n3 statements TRUE" "$T/t2good.txt" &&
    pass "automaton prove (Walnut): paper 001's P-positions, the description and g(n), $n3 of $n3 statements TRUE" ||
    fail "automaton prove of $D/wythoff-t2-p.aut: exit $r3: $(tail -n 5 "$T/t2good.txt" "$T/t2good.err")"
  n1=$(grep -c '^eval' $D/wythoff-v1.walnut)
  [ "${WY_TEST_BIG:-0}" != 1 ] || { [ $r1 -eq 0 ] && grep -q "^PROVED: $n1 of $n1 statements TRUE" "$T/good.txt" &&
    pass "automaton prove (Walnut): the shipped automaton, 13 of 13 statements TRUE" ||
    fail "automaton prove of the shipped automaton: exit $r1: $(tail -n 5 "$T/good.txt" "$T/good.err")"; }
  [ $r2 -eq 1 ] && grep -q '^NOT PROVED' "$T/bad.txt" && grep -q 'FALSE' "$T/bad.txt" &&
    pass "automaton prove (Walnut): one output changed: NOT PROVED, exit 1 ($(grep -c FALSE "$T/bad.txt") statements FALSE)" ||
    fail "automaton prove of a changed automaton: exit $r2: $(tail -n 5 "$T/bad.txt" "$T/bad.err")"
fi
finish
