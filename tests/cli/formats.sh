# Every output format carries the same values: each is parsed back and
# compared with the CSV table; the text table marks exactly the zeros.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for rules in "wythoff+pass --rows 7 --cols 11" "wythoff+terminal=2+misere --size 9" "nim+heap=2+max=3 --rows 12 --cols 5 --heap 1"; do
  set -- $rules
  "$W" table "$@" --format csv >"$tmp/t.csv" || fail "csv $rules"; noprov "$tmp/t.csv"
  "$W" table "$@" --format json >"$tmp/t.json" || fail "json $rules"; noprov "$tmp/t.json"
  NO_COLOR=1 "$W" table "$@" --format text >"$tmp/t.txt" || fail "text $rules"
  "$W" table "$@" --format markdown >"$tmp/t.md" || fail "markdown $rules"
  "$W" table "$@" --format latex >"$tmp/t.tex" || fail "latex $rules"
  "$W" table "$@" --format bin --output "$tmp/t.bin" || fail "bin $rules"
  "$W" ppos "$@" --format csv >"$tmp/p.csv" 2>/dev/null || "$W" ppos "$1" --size 12 --format csv >/dev/null; noprov "$tmp/p.csv"
  python3 - "$tmp" "$rules" <<'PY' && pass "formats agree: $rules" || fail "formats disagree: $rules"
import json, re, struct, sys
d, rules = sys.argv[1], sys.argv[2]
rows = [l.split(',') for l in open(d + '/t.csv').read().split('\n') if l]
assert rows[0][0] == 'x\\y' and rows[0][1:] == [str(i) for i in range(len(rows[0]) - 1)], rows[0]
grid = [[int(v) for v in r[1:]] for r in rows[1:]]
assert [r[0] for r in rows[1:]] == [str(i) for i in range(len(grid))]
R, C = len(grid), len(grid[0])
j = json.load(open(d + '/t.json'))
assert j['rows'] == R and j['cols'] == C and j['values'] == grid, 'json'
assert j['rules'] == rules.split()[0]
txt = open(d + '/t.txt').read().split('\n')
body = [l for l in txt[2:] if l]
assert len(body) == R, 'text rows'
for x, line in enumerate(body):
    toks = re.findall(r'\(0\)|\d+', line)
    assert int(toks[0]) == x
    cells = toks[1:]
    assert len(cells) == C, (x, cells)
    for y, t in enumerate(cells):
        v = grid[x][y]
        assert (t == '(0)') == (v == 0) and (t == '(0)' or int(t) == v), (x, y, t, v)
md = [l for l in open(d + '/t.md').read().split('\n') if l.startswith('| **')]
for x, line in enumerate(md):
    cells = [c.strip() for c in line.strip('|').split('|')][1:]
    assert [int(c.strip('*')) for c in cells] == grid[x], 'markdown'
    assert all((c.startswith('**')) == (grid[x][y] == 0) for y, c in enumerate(cells))
tex = [l for l in open(d + '/t.tex').read().split('\n') if re.match(r'^\d+ &', l)]
for x, line in enumerate(tex):
    cells = [c.strip().rstrip('\\').strip() for c in line.split('&')][1:]
    assert [int(re.sub(r'\D', '', c)) for c in cells] == grid[x], 'latex'
b = open(d + '/t.bin', 'rb').read()
magic, ver, r, c, p, h, w, n = struct.unpack('<4s7I', b[:32])
assert magic == b'WYTB' and ver == 2 and (r, c) == (R, C) and w in (1, 2, 4)
assert b[32:32 + n].decode() == rules.split()[0]
cells = struct.unpack('<%d%s' % (R * C, {1: 'B', 2: 'H', 4: 'I'}[w]), b[32 + n:])
assert [list(cells[i * C:(i + 1) * C]) for i in range(R)] == grid, 'bin'
PY
done
# ppos csv/json/count agree with the zeros of the table
"$W" table wythoff+mod=4 --size 20 --format csv >"$tmp/t.csv"; noprov "$tmp/t.csv"
"$W" ppos wythoff+mod=4 --size 20 --format csv >"$tmp/p.csv"; noprov "$tmp/p.csv"
"$W" ppos wythoff+mod=4 --size 20 --format json >"$tmp/p.json"; noprov "$tmp/p.json"
n=$("$W" ppos wythoff+mod=4 --size 20 --count)
python3 - "$tmp" "$n" <<'PY' && pass "ppos csv/json/--count agree with the table's zeros" || fail "ppos formats"
import json, sys
d, n = sys.argv[1], int(sys.argv[2])
rows = [l.split(',') for l in open(d + '/t.csv').read().split('\n') if l][1:]
zeros = [(x, y) for x, r in enumerate(rows) for y, v in enumerate(r[1:]) if v == '0']
p = [l for l in open(d + '/p.csv').read().split('\n') if l]
assert p[0] == 'x,y'
assert [tuple(map(int, l.split(','))) for l in p[1:]] == zeros
j = json.load(open(d + '/p.json'))
assert [tuple(v) for v in j['positions']] == zeros and j['count'] == len(zeros) == n
PY
# value and moves: text and json agree, winning moves are exactly those to value 0
python3 - "$W" <<'PY' && pass "value/moves json agree with the table; winning = moves to value 0" || fail "value/moves json"
import json, subprocess, sys
W = sys.argv[1]
def run(*a): return subprocess.run([W, *a], check=True, capture_output=True, text=True).stdout
for rules, x, y, extra in [("wythoff", 5, 3, []), ("wythoff+pass", 9, 14, []), ("wythoff+heap=2", 4, 4, ["--heap", "1"]),
                           ("nim+pass", 3, 0, []), ("wythoff+mod=3+max=4", 7, 8, [])]:
    t = [l.split(',') for l in run("table", rules, "--rows", str(x + 1), "--cols", str(y + 1), "--format", "csv", *extra).split('\n') if l and not l.startswith('#')][1:]
    v = json.loads(run("value", rules, str(x), str(y), "--format", "json", *extra))
    assert v["value"] == int(t[x][y + 1]) and v["outcome"] == ("P" if v["value"] == 0 else "N") and v["method"] == "table"
    m = json.loads(run("moves", rules, str(x), str(y), "--format", "json", *extra))
    assert m["value"] == v["value"]
    for mv in m["moves"]:
        assert mv["winning"] == (mv["value"] == 0)
    vals = {mv["value"] for mv in m["moves"]}
    g = 0
    while g in vals: g += 1
    assert g == v["value"], (rules, x, y, g, v)
    txt = run("moves", rules, str(x), str(y), *extra).split('\n')
    assert sum(1 for l in txt if l.startswith(' *')) == m["winning"]
PY
# value '-' answers every line like the single form
out=$(printf '3 5\n# comment\n\n10, 6\n0 0\n' | "$W" value wythoff+pass - --format json | noprov_s | python3 -c 'import json,sys; print(" ".join(str(json.loads(l)["value"]) for l in sys.stdin))')
exp="$("$W" value wythoff+pass 3 5 --format json | noprov_s | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])') $("$W" value wythoff+pass 10 6 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])') $("$W" value wythoff+pass 0 0 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')"
[ "$out" = "$exp" ] && pass "value - reads positions from stdin ($out)" || fail "value - gave '$out', single forms '$exp'"
# colour on a terminal, not with NO_COLOR or in a pipe
python3 - "$W" <<'PY' && pass "text table: colour on a terminal, none with NO_COLOR" || fail "colour handling"
import os, pty, sys, subprocess
W = sys.argv[1]
def on_tty(env):
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(W, [W, "table", "wythoff", "--size", "4"], env)
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk: break
        out += chunk
    os.waitpid(pid, 0)
    return out
env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
env["TERM"] = "xterm"
assert b"\x1b[" in on_tty(env)
assert b"\x1b[" not in on_tty(dict(env, NO_COLOR="1"))
assert b"\x1b[" not in subprocess.run([W, "table", "wythoff", "--size", "4"], env=env, capture_output=True).stdout
PY
# sizes accept 1e2 and 2^5 forms
[ "$("$W" ppos wythoff --size 1e2 --count)" = "$("$W" ppos wythoff --size 100 --count)" ] && [ "$("$W" ppos wythoff --size 2^5 --count)" = "$("$W" ppos wythoff --size 32 --count)" ] && pass "--size 1e2 and 2^5 forms" || fail "--size forms"
finish
