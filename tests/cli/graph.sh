#!/usr/bin/env bash
# graph.sh - `wythoff graph` (docs/graph.md) against an independent reference:
#  - a Python move enumerator (the heap and queen moves of
#    tests/papers/pyref.py, plus the extra heap and the pass written here from
#    docs/rules.md) and a direct mex recursion give, for a dozen rulesets,
#    side states and small windows, the states reachable from the window,
#    every move and every value; the DOT is parsed back (regular expressions
#    on its fixed layout) and its nodes, edges (as a multiset), values, P
#    marks, winning-move marks, pass/heap edge styles, ranks and header
#    counts must equal the reference's;
#  - plain Wythoff: the number of edges of the N x N window is the sum over
#    x, y of x + y + min(x, y) (N = 1..11), and the cap refuses N = 12 with
#    that count;
#  - Graphviz: a stand-in `dot` (WYTHOFF_DOT) checks the plumbing (DOT on
#    stdin, -Tsvg/-Tpng, its output in the file, its failure reported, no
#    file left behind); the real dot, when installed, renders svg (parsed as
#    XML: one node group per state, one edge group per edge), png and pdf;
#  - bad input (exit 2), memory (exit 3), --help, --version.
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
V=$("$W" --version | sed "s/^wythoff //")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# run python, turning its PASS/FAIL lines into ours
py_checks() {
  local line
  while IFS= read -r line; do
    case $line in
      PASS*) echo "$line" ;;
      FAIL*) fail "${line#FAIL }" ;;
      *) fail "python: $line" ;;
    esac
  done < <(python3 "$@" 2>&1)
}

cat >"$tmp/ref.py" <<'PY'
"""Check DOT files of `wythoff graph` against a direct enumeration.

    ref.py JOBS     each line of JOBS: DOTFILE RULES ROWS COLS PASS|- HEAP|-
"""
import collections, functools, re, sys

sys.path.insert(0, "tests/papers")
import pyref  # noqa: E402  (its heap/queen moves: pyref._board_moves)


def options(r, st):
    """The options of state (x, y, p, h), from docs/rules.md, "Moves"."""
    x, y, p, h = st
    out = [(u, v, p, h) for (u, v) in pyref._board_moves(r, x, y)]
    out += [(x, y, p, k) for k in range(h)]  # the extra heap: any smaller size
    if p > 0 and out:  # a pass, never from a state without another move
        out.append((x, y, p - 1, h))
    return out


def solve(r):
    @functools.lru_cache(maxsize=None)
    def value(st):
        opts = options(r, st)
        if not opts:
            return 1 if r["misere"] else 0
        seen = {value(o) for o in opts}
        m = 0
        while m in seen:
            m += 1
        return m
    return value


def name(r, st):
    x, y, p, h = st
    s = "%d,%d" % (x, y)
    if r["pass"]:
        s += ",p%d" % p
    if r["heap"]:
        s += ",h%d" % h
    return s


NODE = re.compile(r'^    "([^"]+)" \[label="([^"]*)"(.*)\];$')
RANKNODE = re.compile(r'^    "rank (\d+)" \[style=invis.*\];$')
EDGE = re.compile(r'^  "([^"]+)" -> "([^"]+)"(?: \[(.*)\])?;$')
GROUP = re.compile(r"^  \{ rank=same; // x \+ y( \+ p)?( \+ h)? = (\d+)$")
COUNTS = re.compile(r"^// (\d+) nodes? \(the states reachable from the window\), (\d+) edges? \(every move\), "
                    r"(\d+) P-positions?, (\d+) winning moves?$")
LABEL = re.compile(r"^(\d+),(\d+)(?: p(\d+))?(?: h(\d+))?\\n(G-?) = (\d+)$")


def check(dotfile, rules, R, C, P, H):
    r = pyref.parse_rules(rules)
    P = r["pass"] if P == "-" else int(P)
    H = (r["heap"] or 0) if H == "-" else int(H)
    R, C = int(R), int(C)
    value = solve(r)
    # the reference: states reachable from the window at (P, H), their moves
    nodes, todo = set(), [(x, y, P, H) for x in range(R) for y in range(C)]
    while todo:
        st = todo.pop()
        if st not in nodes:
            nodes.add(st)
            todo += options(r, st)
    edges = collections.Counter((name(r, s), name(r, t)) for s in nodes for t in options(r, s))
    vals = {name(r, s): value(s) for s in nodes}
    states = {name(r, s): s for s in nodes}
    nwin = sum(n for (a, b), n in edges.items() if vals[b] == 0)
    nP = sum(1 for v in vals.values() if v == 0)

    what = "%s %dx%d side (%d, %d)" % (rules, R, C, P, H)
    errs = []
    got_nodes, got_edges, ranks, counts = {}, collections.Counter(), {}, None
    wins, styles, rank, group_ranks, chain = {}, {}, None, [], []
    for line in open(dotfile):
        line = line.rstrip("\n")
        m = COUNTS.match(line)
        if m:
            counts = tuple(map(int, m.groups()))
            continue
        m = GROUP.match(line)
        if m:
            rank = int(m.group(3))
            group_ranks.append(rank)
            if bool(m.group(1)) != bool(r["pass"]) or bool(m.group(2)) != bool(r["heap"]):
                errs.append("rank comment %r" % line)
            continue
        if line == "  }":
            rank = None
            continue
        m = RANKNODE.match(line)
        if m:
            if rank is None or int(m.group(1)) != rank:
                errs.append("rank node outside its group: %r" % line)
            continue
        m = NODE.match(line)
        if m:
            n, label, rest = m.groups()
            if n in got_nodes:
                errs.append("node %s twice" % n)
            lm = LABEL.match(label)
            if not lm:
                errs.append("node %s: label %r" % (n, label))
                continue
            x, y, p, h, G, v = lm.groups()
            got_nodes[n] = (int(v), "class=P" in rest, G)
            st = (int(x), int(y), int(p) if p else 0, int(h) if h else 0)
            if (p is not None) != bool(r["pass"]) or (h is not None) != bool(r["heap"]):
                errs.append("node %s: label %r shows the wrong side state" % (n, label))
            if n in states and states[n][:2] != st[:2]:
                errs.append("node %s: label %r" % (n, label))
            ranks[n] = rank
            continue
        m = EDGE.match(line)
        if m:
            a, b, attrs = m.group(1), m.group(2), m.group(3) or ""
            if a.startswith("rank "):
                chain.append((a, b))
                continue
            got_edges[(a, b)] += 1
            wins[(a, b)] = "class=win" in attrs
            styles[(a, b)] = re.findall(r"style=(\w+)", attrs)
            continue
        if line.startswith("  ") and not line.startswith("  graph [") and not line.startswith("  node [") \
                and not line.startswith("  edge ["):
            errs.append("unparsed line %r" % line)

    if set(got_nodes) != set(vals):
        errs.append("nodes differ: missing %s, extra %s" % (sorted(set(vals) - set(got_nodes))[:5],
                                                            sorted(set(got_nodes) - set(vals))[:5]))
    if got_edges != edges:
        errs.append("edges differ: missing %s, extra %s" % (list((edges - got_edges).items())[:5],
                                                            list((got_edges - edges).items())[:5]))
    for n, (v, isP, G) in got_nodes.items():
        if n not in vals:
            continue
        if v != vals[n]:
            errs.append("node %s: value %d, reference %d" % (n, v, vals[n]))
        if isP != (vals[n] == 0):
            errs.append("node %s: P mark %s, reference value %d" % (n, isP, vals[n]))
        if G != ("G-" if r["misere"] else "G"):
            errs.append("node %s: %s" % (n, G))
        s = states[n]
        if ranks.get(n) != s[0] + s[1] + s[2] + s[3]:
            errs.append("node %s in rank %s" % (n, ranks.get(n)))
    for e, w in wins.items():
        if e[1] in vals and w != (vals[e[1]] == 0):
            errs.append("edge %s -> %s: winning mark %s, target value %d" % (e[0], e[1], w, vals[e[1]]))
        if e[0] in states and e[1] in states:
            s, t = states[e[0]], states[e[1]]
            want = ["dashed"] if t[2] != s[2] else ["dotted"] if t[3] != s[3] else []
            if styles[e] != want:
                errs.append("edge %s -> %s: style %s, expected %s" % (e[0], e[1], styles[e], want))
    if group_ranks != sorted(set(group_ranks)):
        errs.append("rank groups out of order: %s" % group_ranks)
    want_chain = [("rank %d" % b, "rank %d" % a) for a, b in zip(group_ranks, group_ranks[1:])]
    if chain != want_chain:
        errs.append("rank chain %s, expected %s" % (chain[:3], want_chain[:3]))
    ref_counts = (len(nodes), sum(edges.values()), nP, nwin)
    if counts != ref_counts:
        errs.append("header counts %s, reference (nodes, edges, P-positions, winning moves) %s"
                    % (counts, ref_counts))
    if errs:
        print("FAIL graph %s: %s" % (what, "; ".join(errs[:6])))
    else:
        print("PASS graph %s: %d nodes, %d edges, %d P-positions, %d winning moves as the reference"
              % ((what,) + ref_counts))


for line in open(sys.argv[1]):
    if line.strip():
        check(*line.split())
PY

# ---- the graphs against the reference ----
# RULES ROWS COLS PASS|- HEAP|- [extra options]
cases=(
  "wythoff 6 6 - -"
  "wythoff 1 1 - -"
  "nim 5 5 - -"
  "wythoff+pass 5 5 - -"
  "wythoff+pass 4 4 0 -"
  "nim+pass 3 3 - -"
  "nim+pass 1 1 - -"
  "nim+pass 1 2 - -"
  "wythoff+heap=1 4 4 - -"
  "wythoff+heap=1 3 3 - 0"
  "wythoff+max=2 6 6 - -"
  "wythoff+mod=2 5 5 - -"
  "wythoff+mod=3 3 7 - -"
  "wythoff+mod=1+max=3 5 6 - -"
  "wythoff+mod=4+max=5+terminal=3 7 7 - -"
  "wythoff+terminal=2 5 5 - -"
  "wythoff+terminal=2+misere 5 5 - -"
  "wythoff+pass+heap=2 3 3 - -"
  "wythoff+pass+heap=2 3 3 0 1"
  "nim+pass=2+terminal=3 3 3 - -"
  "nim+pass+max=1 2 5 - -"
  "wythoff+pass+terminal=2+misere 4 4 - -"
)
: >"$tmp/jobs"
i=0
for c in "${cases[@]}"; do
  read -r rules R C P H <<<"$c"
  args=(graph "$rules" --rows "$R" --cols "$C")
  [ "$P" != - ] && args+=(--pass "$P")
  [ "$H" != - ] && args+=(--heap "$H")
  i=$((i + 1))
  if "$W" "${args[@]}" >"$tmp/g$i.dot" 2>"$tmp/err"; then
    echo "$tmp/g$i.dot $rules $R $C $P $H" >>"$tmp/jobs"
  else
    fail "wythoff ${args[*]}: exit $?: $(cat "$tmp/err")"
  fi
done
py_checks "$tmp/ref.py" "$tmp/jobs"

# ---- plain Wythoff: the closed form of the edge count, and the cap ----
bad=""
for n in 1 2 3 4 5 6 7 8 9 10 11; do
  want=0
  for ((x = 0; x < n; x++)); do
    for ((y = 0; y < n; y++)); do
      want=$((want + x + y + (x < y ? x : y)))
    done
  done
  "$W" graph wythoff --size "$n" >"$tmp/w.dot" 2>&1 || { bad+=" size $n: exit $?"; continue; }
  got=$(grep -cE '^  "[0-9]+,[0-9]+" -> "[0-9]+,[0-9]+"' "$tmp/w.dot")
  head=$(sed -n 3p "$tmp/w.dot" | sed -E 's/^\/\/ ([0-9]+) nodes? .*, ([0-9]+) edges? .*/\1 \2/')
  [ "$got" = "$want" ] && [ "$head" = "$((n * n)) $want" ] || bad+=" size $n: $got edges, header '$head', expected $want"
done
[ -z "$bad" ] && pass "graph wythoff --size 1..11: edges = sum of x + y + min(x, y)" \
  || fail "graph wythoff edge counts:$bad"
# 12 x 12: 2090 edges (the sum above), over the default cap of 2000; 11 x 11 (1595) is the largest allowed
expect 2 "has 2090 edges (moves), more than the cap of 2000" -- graph wythoff --size 12
expect 2 "use --size 11 or less" -- graph wythoff --size 12
if "$W" graph wythoff --size 12 --max-edges 2090 >"$tmp/w.dot" 2>&1 &&
   [ "$(grep -c ' -> "[0-9]' "$tmp/w.dot")" = 2090 ]; then
  pass "graph wythoff --size 12 --max-edges 2090: 2090 edges"
else
  fail "graph wythoff --size 12 --max-edges 2090: $(head -c 300 "$tmp/w.dot")"
fi
expect 2 "has 2090 edges" -- graph wythoff --size 12 --max-edges 2089
# nim 100 x 100: sum of x + y = 100^2 * 99 = 990000 edges
expect 2 "has 990000 edges" -- graph nim --size 100
# wythoff+heap=3000 on 1 x 1: the heap alone gives 3000 + 2999 + ... + 1 = 4501500 moves
expect 2 "has 4501500 edges" -- graph wythoff+heap=3000 --size 1
expect 2 "use a smaller --heap" -- graph wythoff+heap=3000 --size 1
expect 2 "at least 1000000000000000000 nodes" -- graph wythoff --size 1e9
expect 2 "" -- graph wythoff --size 2^63

# ---- the same bytes for any thread count; the header ----
"$W" graph wythoff+pass --size 5 --threads 1 >"$tmp/t1.dot" && "$W" graph wythoff+pass --size 5 --threads 3 >"$tmp/t3.dot"
if cmp -s <(sed 2d "$tmp/t1.dot") <(sed 2d "$tmp/t3.dot"); then
  pass "graph: the same DOT with --threads 1 and 3"
else
  fail "graph: DOT differs between --threads 1 and 3"
fi
if [ "$(sed -n 1p "$tmp/t1.dot")" = "// wythoff graph: the move graph of wythoff+pass in the window 0 <= x < 5, 0 <= y < 5, passes left 1" ] &&
   [ "$(sed -n 2p "$tmp/t1.dot")" = "// made by: wythoff $V: wythoff graph wythoff+pass --size 5 --threads 1" ]; then
  pass "graph: header names the rules, window, side state and the command"
else
  fail "graph: header: $(head -n 2 "$tmp/t1.dot")"
fi
"$W" graph nim+max=31+pass --size 2 "--output=$tmp/it's.dot" &&
  if [ "$(sed -n 2p "$tmp/it's.dot")" = "// made by: wythoff $V: wythoff graph nim+max=31+pass --size 2" ] &&
     [ "$(sed -n 1p "$tmp/it's.dot")" = "// wythoff graph: the move graph of nim+pass+max=31 in the window 0 <= x < 2, 0 <= y < 2, passes left 1" ]; then
    pass "graph: header quotes the command line for a shell, canonical rules"
  else
    fail "graph: header of it's.dot: $(head -n 2 "$tmp/it's.dot")"
  fi

# ---- Graphviz, through a stand-in dot ----
cat >"$tmp/fakedot" <<'SH'
#!/bin/sh
# a stand-in for Graphviz's dot: records its arguments, copies DOT from stdin
printf '%s\n' "$*" >"$FAKEDOT_LOG"
if [ -n "${FAKEDOT_FAIL:-}" ]; then
  echo "Error: <stdin>: syntax error in line 1 near 'boom'" >&2
  exit 1
fi
echo "rendered:"
cat
SH
chmod +x "$tmp/fakedot"
export FAKEDOT_LOG=$tmp/fakedot.log
"$W" graph wythoff+heap=1 --size 3 >"$tmp/h.dot"
for fmt in svg png pdf; do
  rm -f "$tmp/f.$fmt" "$FAKEDOT_LOG"
  if WYTHOFF_DOT=$tmp/fakedot "$W" graph wythoff+heap=1 --size 3 --output "$tmp/f.$fmt" 2>"$tmp/err" &&
     [ "$(cat "$FAKEDOT_LOG")" = "-T$fmt" ] && [ "$(sed -n 1p "$tmp/f.$fmt")" = "rendered:" ] &&
     cmp -s <(sed '1d;3d' "$tmp/f.$fmt") <(sed 2d "$tmp/h.dot"); then
    pass "graph --output f.$fmt: dot -T$fmt gets the DOT on stdin, its output is the file"
  else
    fail "graph --output f.$fmt through a stand-in dot: log '$(cat "$FAKEDOT_LOG" 2>/dev/null)', $(cat "$tmp/err") $(head -n 2 "$tmp/f.$fmt" 2>/dev/null)"
  fi
done
if WYTHOFF_DOT=$tmp/fakedot "$W" graph wythoff+heap=1 --size 3 --format svg >"$tmp/out" 2>"$tmp/err" &&
   [ "$(sed -n 1p "$tmp/out")" = "rendered:" ] && [ "$(cat "$FAKEDOT_LOG")" = "-Tsvg" ]; then
  pass "graph --format svg: rendered to standard output"
else
  fail "graph --format svg to standard output: $(cat "$tmp/err")"
fi
rm -f "$FAKEDOT_LOG"
if WYTHOFF_DOT=$tmp/fakedot "$W" graph wythoff --size 3 --format dot --output "$tmp/f2.svg" 2>"$tmp/err" &&
   [ ! -e "$FAKEDOT_LOG" ] && cmp -s <(sed 2d "$tmp/f2.svg") <("$W" graph wythoff --size 3 | sed 2d); then
  pass "graph --format dot --output f2.svg: DOT text, dot not run"
else
  fail "graph --format dot --output f2.svg: $(cat "$tmp/err")"
fi
if "$W" graph wythoff --size 3 --output "$tmp/f3.gv" && "$W" graph wythoff --size 3 --output "$tmp/f3.DOT" &&
   cmp -s <(sed 2d "$tmp/f3.gv") <("$W" graph wythoff --size 3 | sed 2d) &&
   cmp -s <(sed 2d "$tmp/f3.DOT") <(sed 2d "$tmp/f3.gv"); then
  pass "graph --output f3.gv, f3.DOT: DOT text"
else
  fail "graph --output f3.gv / f3.DOT"
fi
mkdir "$tmp/out.d"
FAKEDOT_FAIL=1 WYTHOFF_DOT=$tmp/fakedot expect 2 "Graphviz's dot ($tmp/fakedot) failed rendering $tmp/out.d/x.svg, exit 1: Error: <stdin>: syntax error in line 1 near 'boom'" -- graph wythoff --output "$tmp/out.d/x.svg"
if [ -z "$(ls -A "$tmp/out.d")" ]; then
  pass "graph: nothing left behind when dot fails"
else
  fail "graph: dot failed, but left $(ls -A "$tmp/out.d")"
fi
WYTHOFF_DOT=$tmp/no-such-dot expect 2 "rendering $tmp/out.d/x.svg needs Graphviz's dot, WYTHOFF_DOT names '$tmp/no-such-dot', which is not an executable program" -- graph wythoff --output "$tmp/out.d/x.svg"
WYTHOFF_DOT=no-such-dot-program expect 2 "needs Graphviz's dot, WYTHOFF_DOT names 'no-such-dot-program', not found on PATH; install graphviz, or write the DOT with --format dot" -- graph wythoff --format png --output "$tmp/out.d/x.png"
# PATH without dot (and without grep: no `expect` here)
err=$(PATH=$tmp/no-such-dir "$W" graph wythoff --output "$tmp/out.d/x.pdf" 2>&1 >/dev/null </dev/null); rc=$?
if [ "$rc" = 2 ] && [ "$err" = "wythoff: rendering $tmp/out.d/x.pdf needs Graphviz's dot, not found on PATH; install graphviz, or write the DOT with --format dot" ]; then
  pass "graph --output x.pdf without dot on PATH -> exit 2"
else
  fail "graph --output x.pdf without dot on PATH: exit $rc, $err"
fi
PATH=$tmp/no-such-dir "$W" graph wythoff --output "$tmp/out.d/x.dot" || fail "graph --output x.dot without dot on PATH: exit $?"
if [ "$(ls -A "$tmp/out.d")" = x.dot ]; then
  pass "graph: no file when dot is missing; DOT needs no dot"
else
  fail "graph: files after the missing-dot runs: $(ls -A "$tmp/out.d")"
fi

# ---- Graphviz itself ----
if command -v dot >/dev/null 2>&1; then
  "$W" graph wythoff+pass+heap=1 --size 3 --output "$tmp/r.svg" 2>"$tmp/err" || fail "graph --output r.svg: $(cat "$tmp/err")"
  "$W" graph wythoff+pass+heap=1 --size 3 >"$tmp/r.dot"
  py_checks - "$tmp/r.svg" "$tmp/r.dot" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
svg, dot = sys.argv[1], sys.argv[2]
try:
    root = ET.parse(svg).getroot()
except Exception as e:
    print("FAIL graph r.svg: not XML: %s" % e)
    sys.exit()
ns = "{http://www.w3.org/2000/svg}"
groups = {"node": [], "edge": []}
for g in root.iter(ns + "g"):
    cls = g.get("class", "").split()
    if cls and cls[0] in groups:
        groups[cls[0]].append((g.findtext(ns + "title"), cls[1:]))
text = open(dot).read()
nodes = re.findall(r'^    "(\d[^"]*)" \[label=', text, re.M)
edges = re.findall(r'^  "(\d[^"]*)" -> "(\d[^"]*)"', text, re.M)
P = set(re.findall(r'^    "(\d[^"]*)" \[label=.*class=P', text, re.M))
got_nodes = sorted(t for t, c in groups["node"])
got_edges = sorted(t for t, c in groups["edge"])
want_edges = sorted("%s->%s" % e for e in edges)
gotP = sorted(t for t, c in groups["node"] if c == ["P"])
if got_nodes == sorted(nodes) and got_edges == want_edges and gotP == sorted(P) and len(nodes) == 36:
    print("PASS graph r.svg: valid XML, %d node groups (%d of class P), %d edge groups, as in the DOT"
          % (len(got_nodes), len(gotP), len(got_edges)))
else:
    print("FAIL graph r.svg: %d node groups (want %d), %d edge groups (want %d), P %s (want %s)"
          % (len(got_nodes), len(nodes), len(got_edges), len(edges), gotP[:5], sorted(P)[:5]))
PY
  if "$W" graph nim+pass --size 3 --output "$tmp/r.png" 2>"$tmp/err" &&
     [ "$(head -c 8 "$tmp/r.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
    pass "graph --output r.png: a PNG"
  else
    fail "graph --output r.png: $(cat "$tmp/err")"
  fi
  if "$W" graph nim+pass --size 3 --output "$tmp/r.pdf" 2>"$tmp/err" && [ "$(head -c 5 "$tmp/r.pdf")" = "%PDF-" ]; then
    pass "graph --output r.pdf: a PDF"
  else
    fail "graph --output r.pdf: $(cat "$tmp/err")"
  fi
  if "$W" graph wythoff --size 3 --format svg 2>"$tmp/err" | python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.stdin)'; then
    pass "graph --format svg: XML on standard output"
  else
    fail "graph --format svg to standard output: $(cat "$tmp/err")"
  fi
else
  echo "skip: Graphviz's dot is not installed: rendering with the real dot not checked"
fi

# ---- bad input ----
expect 2 "unknown format 'xml'" -- graph wythoff --format xml
expect 2 "unknown format 'text'" -- graph wythoff --format text
expect 2 "--size" -- graph wythoff --size 5e
expect 2 "--size" -- graph wythoff --size -3
expect 2 "empty window" -- graph wythoff --size 0
expect 2 "empty window" -- graph wythoff --rows 3 --cols 0
expect 2 "either --size or --rows/--cols" -- graph wythoff --size 3 --rows 2
expect 2 "graph takes one ruleset (got 0 arguments)" -- graph
expect 2 "graph takes one ruleset (got 0 arguments)" -- graph --size 3
expect 2 "graph takes one ruleset (got 2 arguments)" -- graph wythoff nim
expect 2 "unknown game" -- graph chomp
expect 2 "option 'pass' given twice" -- graph wythoff+pass+pass
expect 2 "--pass given, but ruleset 'wythoff' has no pass (add +pass)" -- graph wythoff --pass 0
expect 2 "--heap given, but ruleset 'wythoff+pass' has no extra heap" -- graph wythoff+pass --heap 0
expect 2 "--pass 2 is more than the ruleset's 1 pass" -- graph wythoff+pass --pass 2
expect 2 "--heap 2 is more than the ruleset's heap=1" -- graph wythoff+heap=1 --heap 2
expect 2 "cannot write '$tmp/none/dir/g.dot'" -- graph wythoff --output "$tmp/none/dir/g.dot"
expect 2 "cannot write '$tmp/none/dir/g.svg'" -- graph wythoff --format dot --output "$tmp/none/dir/g.svg"
expect 2 "cannot tell the format of 'g.txt'" -- graph wythoff --output g.txt
expect 2 "cannot tell the format of 'g'" -- graph wythoff --output g
expect 2 "--max-edges must be at least 1" -- graph wythoff --max-edges 0
expect 2 "--threads 0 out of range" -- graph wythoff --threads 0
expect 2 "option '--count' does not apply to 'graph'" -- graph wythoff --count
expect 2 "unknown option '--colour'" -- graph wythoff --colour
expect 2 "option '--size' given twice" -- graph wythoff --size 2 --size 3
expect 2 "option '--size' needs a value" -- graph wythoff --size
expect 2 "option '--quiet' takes no value" -- graph wythoff --quiet=1
expect 2 "unknown option '-s'" -- graph wythoff -s 3
expect 3 "needs about" -- graph wythoff --mem-limit 1K
expect 0 "" -- graph wythoff --size 2 --quiet --threads 2 --mem-limit 1G
if "$W" graph --help | grep -q '^usage: wythoff graph RULES'; then pass "graph --help"; else fail "graph --help"; fi
if [ "$("$W" graph wythoff --version)" = "wythoff $("$W" --version | sed 's/^wythoff //')" ]; then
  pass "graph --version"
else
  fail "graph --version: $("$W" graph wythoff --version)"
fi
finish
