#!/usr/bin/env python3
"""Private Python reference for the papers harness (development aid only).

Independent of the C engine and of tests/naive: a direct mex recursion over
the rules language of docs (wythoff|nim)+pass[=K]+heap=H+max=N+mod=M+terminal=K+misere.
Used to find discrepancies before the binaries exist, and as a third opinion.
    python3 tests/papers/pyref.py RULES ROWS COLS [PASS] [HEAP]
prints the same CSV table as `wythoff table ... --format csv`.
"""
import sys


def parse_rules(text):
    parts = text.split('+')
    game = parts[0]
    if game not in ('wythoff', 'nim'):
        raise ValueError('unknown game %r' % game)
    r = {'game': game, 'pass': 0, 'heap': None, 'max': None, 'mod': None,
         'terminal': None, 'misere': False}
    for opt in parts[1:]:
        key, _, val = opt.partition('=')
        if key == 'pass':
            r['pass'] = int(val) if val else 1
        elif key in ('heap', 'max', 'mod', 'terminal'):
            r[key] = int(val)
        elif key == 'misere' and not val:
            r['misere'] = True
        else:
            raise ValueError('bad option %r' % opt)
    return r


def _board_moves(r, x, y):
    """Positions (x', y') reachable by one heap/queen move."""
    if r['terminal'] is not None and x + y <= r['terminal']:
        return []
    mx = r['max']
    out = []
    lim = x if mx is None else min(x, mx)
    out += [(x - k, y) for k in range(1, lim + 1)]
    lim = y if mx is None else min(y, mx)
    out += [(x, y - k) for k in range(1, lim + 1)]
    if r['game'] == 'wythoff':
        lim = min(x, y) if mx is None else min(x, y, mx)
        out += [(x - k, y - k) for k in range(1, lim + 1)]
        M = r['mod']
        if M:
            la = x if mx is None else min(x, mx)
            lb = y if mx is None else min(y, mx)
            for a in range(1, la + 1):
                for b in range(1, lb + 1):
                    if a != b and (a - b) % M == 0:
                        out.append((x - a, y - b))
    return out


def table(rules, rows, cols, p=None, h=None):
    """values[x][y] at side state (p, h) (defaults: the game's start)."""
    r = parse_rules(rules) if isinstance(rules, str) else rules
    P = r['pass'] if p is None else p
    H = (r['heap'] or 0) if h is None else h
    # val[(pp, hh)][x][y]
    val = {}
    for pp in range(P + 1):
        for hh in range(H + 1):
            g = [[0] * cols for _ in range(rows)]
            val[(pp, hh)] = g
            for s in range(rows + cols - 1):
                for x in range(max(0, s - cols + 1), min(rows, s + 1)):
                    y = s - x
                    opts = [g[u][v] for (u, v) in _board_moves(r, x, y)]
                    opts += [val[(pp, k)][x][y] for k in range(hh)]
                    if pp > 0 and opts:
                        opts.append(val[(pp - 1, hh)][x][y])
                    if not opts and r['misere']:
                        g[x][y] = 1
                        continue
                    seen = set(opts)
                    m = 0
                    while m in seen:
                        m += 1
                    g[x][y] = m
    return val[(P, H)]


def main(argv):
    rules, rows, cols = argv[1], int(argv[2]), int(argv[3])
    p = int(argv[4]) if len(argv) > 4 and argv[4] != '-' else None
    h = int(argv[5]) if len(argv) > 5 and argv[5] != '-' else None
    g = table(rules, rows, cols, p, h)
    print('x\\y,' + ','.join(str(c) for c in range(cols)))
    for x in range(rows):
        print('%d,%s' % (x, ','.join(str(v) for v in g[x])))


if __name__ == '__main__':
    main(sys.argv)
