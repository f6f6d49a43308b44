"""An automaton file read and run in a few lines of Python, independently of
the library (docs/automata.md): tests/cli/automaton.sh's reference.

    a = Aut(path); a.offset(n); a.position(n) -> (x, x + n); lower(n)
"""
import math


def lower(n):
    """floor(n phi) = (n + isqrt(5 n^2)) // 2."""
    return (n + math.isqrt(5 * n * n)) // 2


def zeck(n):
    """The Zeckendorf digits of n, most significant first (weights 1, 2, 3, 5, ...)."""
    f = [1, 2]
    while f[-1] <= n:
        f.append(f[-1] + f[-2])
    d = []
    for w in reversed(f[:-1]):
        if w <= n:
            d.append(1)
            n -= w
        else:
            d.append(0)
    return d


class Aut:
    def __init__(self, path):
        lines = [l.split() for l in open(path) if l.strip() and not l.startswith('#')]
        self.start = int([l for l in lines if l[0] == 'start'][0][1])
        self.states = {int(l[0]): (int(l[1]), l[2], l[3]) for l in lines if len(l) == 4 and l[0].isdigit()}

    def offset(self, n):
        s = self.start
        for b in zeck(n):
            s = int(self.states[s][1 + b])
        return self.states[s][0]

    def position(self, n):
        x = lower(n) + self.offset(n)
        return x, x + n
