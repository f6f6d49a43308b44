"""wythoff.Automaton and the value-1 method from Python (docs/automata.md).

Expected values come from a few lines of Python here that read the file's
text themselves (Zeckendorf digits by Python's integers, floor(n phi) by
math.isqrt), and from wythoff.table (the table engine) for small positions.
"""
import math
import random

import pytest

import wythoff


def _parse(text):
    start, states = 0, {}
    for line in text.splitlines():
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if f[0] == "start":
            start = int(f[1])
        elif len(f) == 4 and f[0].isdigit():
            states[int(f[0])] = (int(f[1]), f[2], f[3])
    return start, states


def _zeck(n):
    f = [1, 2]
    while f[-1] <= n:
        f.append(f[-1] + f[-2])
    out = []
    for w in reversed(f[:-1]):
        if w <= n:
            out.append(1)
            n -= w
        else:
            out.append(0)
    return out


def _offset(text, n):
    s, st = _parse(text)
    for d in _zeck(n):
        s = int(st[s][1 + d])
    return st[s][0]


def test_builtin_info():
    a = wythoff.Automaton.builtin()
    assert a.states == 188 and a.info["rules"] == "wythoff" and a.info["value"] == 1
    assert (a.info["min_offset"], a.info["max_offset"]) == (-3, 8)


def test_positions_against_python_and_table():
    a = wythoff.Automaton.builtin()
    rng = random.Random(20261121)
    for _ in range(20):
        n = rng.randrange(10 ** rng.randrange(1, 300))
        x = (n + math.isqrt(5 * n * n)) // 2 + _offset(a.text, n)
        assert a.output(n) == x - (n + math.isqrt(5 * n * n)) // 2
        assert a.position(n) == (x, x + n)
        assert a.contains(x + n, x) and not a.contains(x + 1, x + n)
    t = wythoff.table("wythoff", rows=200, cols=400)
    for i in range(200):
        for j in range(400):
            assert (t[i, j] == 1) == a.contains(i, j)


def test_value_min_and_big_positions():
    a = wythoff.Automaton.builtin()
    x, y = a.position(10 ** 60)
    v = wythoff.value("wythoff", x, y)
    assert v.value == 1 and "automaton" in v.method
    v = wythoff.value("wythoff", x + 2, y + 5)
    assert v.value is None and v.outcome == "N" and v.value_min == 2
    assert len(v) == 7  # value_min is an attribute, not in the tuple
    assert wythoff.value("wythoff+pass", x, y).outcome == "P"
    assert wythoff.value("wythoff+heap=1", y, x).outcome == "P"
    m = wythoff.moves("wythoff+pass", x + 2, y + 5)
    assert m.moves and all(mv.winning for mv in m.moves)


def test_bad_files():
    with pytest.raises(ValueError, match="not an automaton file"):
        wythoff.Automaton("not an automaton\n")
    with pytest.raises(TypeError):
        wythoff.Automaton(b"bytes")
    with pytest.raises(ValueError, match="no shipped automaton"):
        wythoff.Automaton.builtin("no-such")
    a = wythoff.Automaton.builtin()
    with pytest.raises(ValueError):
        a.position(-1)
    with pytest.raises(TypeError):
        a.output(1.5)
