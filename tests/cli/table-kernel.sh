# The table engine's bin files (written row by row as bands finish, from the
# cells x <= y only) against two methods written independently of it:
#  - bench-baseline (bench/baseline.c: the straightforward per-line bitset
#    method, row after row, no symmetry, no bands, no threads), byte for byte,
#    for wythoff, nim, wythoff+pass and nim+pass at sizes 512 to 2048, on one
#    and on two threads, and on two threads with the portable scan instead of
#    the AVX2 one (WYTHOFF_TABLE_PORTABLE=1; the same where the processor
#    has no AVX2);
#  - the naive reference (build/wythoff-naive, the mex over every option
#    listed) on random rulesets (passes, extra heaps, terminal sets, max=,
#    mod=, misere; fixed seed) and random windows, wider and taller ones.
. "$(dirname "$0")/lib.sh"
build=${WY_BUILD:-build}
B=$build/bench-baseline
N=$build/wythoff-naive
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
big=2048 mid=1024
[ "${WY_TEST_SAN:-0}" = 1 ] && big=512 mid=256
for rules in wythoff nim wythoff+pass nim+pass; do
  case $rules in wythoff) sizes="512 $big" ;; *) sizes="$mid" ;; esac
  for n in $sizes; do
    "$B" "$rules" "$n" "$tmp/b.bin" || { fail "bench-baseline $rules $n"; continue; }
    for opt in "--threads 1" "--threads 2" "--threads 2 portable"; do
      port=0
      case $opt in *portable) port=1 ;; esac
      # shellcheck disable=SC2086
      if ! WYTHOFF_TABLE_PORTABLE=$port "$W" table "$rules" --size "$n" --format bin --output "$tmp/t.bin" ${opt% portable}; then
        fail "table $rules --size $n $opt"
      elif cmp -s "$tmp/b.bin" "$tmp/t.bin"; then
        pass "table $rules --size $n $opt: the baseline's bytes"
      else
        fail "table $rules --size $n $opt differs from bench-baseline"
      fi
    done
  done
done

# random rulesets and windows against the naive reference
python3 - "$tmp" "$W" "$N" <<'PY' || fail "random rulesets against the naive reference (see above)"
import random, struct, subprocess, sys
tmp, W, N = sys.argv[1:4]
rng = random.Random(20261127)
bad = 0
for case in range(40):
    game = rng.choice(["wythoff", "wythoff", "nim"])
    parts = [game]
    if rng.random() < 0.4: parts.append("pass" if rng.random() < 0.5 else "pass=%d" % rng.randint(1, 2))
    if rng.random() < 0.3: parts.append("heap=%d" % rng.randint(1, 3))
    if rng.random() < 0.3: parts.append("terminal=%d" % rng.randint(0, 4))
    if rng.random() < 0.3: parts.append("max=%d" % rng.randint(1, 6))
    if game == "wythoff" and rng.random() < 0.25: parts.append("mod=%d" % rng.randint(2, 5))
    if rng.random() < 0.3: parts.append("misere")
    rules = "+".join(parts)
    R, C = rng.randint(1, 48), rng.randint(1, 48)
    threads = rng.choice(["1", "2"])
    cmd = [W, "table", rules, "--rows", str(R), "--cols", str(C), "--format", "bin",
           "--output", tmp + "/r.bin", "--threads", threads]
    if subprocess.run(cmd, stderr=subprocess.PIPE).returncode:
        print("FAIL table %s %dx%d: exit status" % (rules, R, C)); bad += 1; continue
    d = open(tmp + "/r.bin", "rb").read()
    assert d[:4] == b"WYTB"
    _, rows, cols, p, h, w, L = struct.unpack_from("<7I", d, 4)
    cells = d[32 + L:]
    fmt = {1: "B", 2: "H", 4: "I"}[w]
    vals = struct.unpack("<%d%s" % (rows * cols, fmt), cells)
    out = subprocess.run([N, rules, str(R), str(C), str(p), str(h)], capture_output=True, text=True, check=True).stdout
    naive = [[int(v) for v in l.split(",")[1:]] for l in out.split("\n")[1:] if l]
    got = [list(vals[x * cols:(x + 1) * cols]) for x in range(rows)]
    if (rows, cols) != (R, C) or got != naive:
        print("FAIL table %s %dx%d side (%d, %d) threads %s: differs from the naive reference" % (rules, R, C, p, h, threads))
        bad += 1
    else:
        print("PASS table %s %dx%d side (%d, %d) threads %s = naive" % (rules, R, C, p, h, threads))
sys.exit(1 if bad else 0)
PY
finish
