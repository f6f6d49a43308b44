#!/usr/bin/env python3
"""heap3_ref.py - a naive reference for `wythoff heap3` (tests/cli/heap3.sh),
written from the rules of docs/rules.md alone, sharing nothing with the
library.

    heap3_ref.py list RULES N    the P-positions (a, b, c), 0 <= a, b, c < N,
                                 with all passes left, as CSV "a,b,c" (a, then b)
    heap3_ref.py g2 RULES N      the two-heap values G2(a, b) with all passes
                                 left, as CSV "a,b,g" (every cell)

The game: heaps (a, b) with the ruleset's moves (take from one heap; for
wythoff also the same from both), a third Nim heap c (take any number), and
K passes shared by both players, a pass allowed when some other move exists.
terminal=T: no move on (a, b) when a + b <= T (the third heap still moves).
misere: a state with no move is an N-position (value 1); otherwise the
mex recursion.  Every state is decided by looking at all its options, in
increasing a + b + c, so nothing is assumed about the structure of the set.
"""
import sys


def parse(rules):
    r = {"game": None, "passes": 0, "terminal": 0, "misere": False}
    parts = rules.split("+")
    r["game"] = parts[0]
    assert r["game"] in ("nim", "wythoff"), rules
    for p in parts[1:]:
        if p == "pass":
            r["passes"] = 1
        elif p.startswith("pass="):
            r["passes"] = int(p[5:])
        elif p.startswith("terminal="):
            r["terminal"] = int(p[9:])
        elif p == "misere":
            r["misere"] = True
        else:
            raise SystemExit("heap3_ref.py: unsupported option " + p)
    return r


def heap_moves(r, a, b):
    """The (a', b') reachable on the two heaps."""
    if a + b <= r["terminal"]:
        return []
    out = [(i, b) for i in range(a)] + [(a, j) for j in range(b)]
    if r["game"] == "wythoff":
        out += [(a - k, b - k) for k in range(1, min(a, b) + 1)]
    return out


def p_positions(r, n):
    """P[p][(a, b, c)] for all states with 0 <= a, b, c < n."""
    K = r["passes"]
    P = [dict() for _ in range(K + 1)]
    states = sorted(((a, b, c) for a in range(n) for b in range(n) for c in range(n)), key=sum)
    for p in range(K + 1):
        for (a, b, c) in states:
            opts = [(x, y, c, p) for (x, y) in heap_moves(r, a, b)]
            opts += [(a, b, z, p) for z in range(c)]
            if p > 0 and opts:
                opts.append((a, b, c, p - 1))
            if not opts:
                P[p][(a, b, c)] = not r["misere"]
            else:
                P[p][(a, b, c)] = not any(P[q][(x, y, z)] for (x, y, z, q) in opts)
    return P[K]


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def two_heap(r, n, passes):
    """G(a, b) of the two-heap ruleset with `passes` passes left, 0 <= a, b < n."""
    G = [dict() for _ in range(passes + 1)]
    cells = sorted(((a, b) for a in range(n) for b in range(n)), key=sum)
    for p in range(passes + 1):
        for (a, b) in cells:
            opts = [G[p][m] for m in heap_moves(r, a, b)]
            if p > 0 and opts:
                opts.append(G[p - 1][(a, b)])
            if not opts:
                G[p][(a, b)] = 1 if r["misere"] else 0
            else:
                G[p][(a, b)] = mex(set(opts))
    return G[passes]


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    what, rules, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    r = parse(rules)
    out = []
    if what == "list":
        P = p_positions(r, n)
        out.append("a,b,c")
        for a in range(n):
            for b in range(n):
                for c in range(n):
                    if P[(a, b, c)]:
                        out.append("%d,%d,%d" % (a, b, c))
    elif what == "g2":
        G = two_heap(r, n, r["passes"])
        out.append("a,b,g")
        for a in range(n):
            for b in range(n):
                out.append("%d,%d,%d" % (a, b, G[(a, b)]))
    else:
        raise SystemExit(__doc__)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
