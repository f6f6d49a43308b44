"""Positions of any size against exact formulas computed here in pure
Python (integer square roots, no floating point)."""
from math import isqrt

import pytest

import wythoff


def wythoff_pair(n):
    """(floor(n phi), floor(n phi^2)): floor(n phi) = (n + isqrt(5 n^2)) // 2."""
    a = (n + isqrt(5 * n * n)) // 2
    return a, a + n


def test_wythoff_p_positions_30_to_100_digits(rng):
    for digits in range(30, 101, 7):
        n = rng.randrange(10 ** (digits - 1), 10**digits)
        a, b = wythoff_pair(n)
        for x, y in ((a, b), (b, a)):
            v = wythoff.value("wythoff", x, y)
            assert (v.outcome, v.value) == ("P", 0), (digits, n)
        # a neighbour is an N-position, and its winning move reaches a P-position
        v = wythoff.value("wythoff", a + 1, b)
        assert v.outcome == "N", (digits, n)
        m = wythoff.moves("wythoff", a + 1, b)
        assert not m.complete and m.moves
        for mv in m.moves:
            assert mv.winning and wythoff.value("wythoff", mv.x, mv.y).outcome == "P"


def test_wythoff_ppos_from_follows_the_pairs(rng):
    n = rng.randrange(10**59, 10**60)
    a, _ = wythoff_pair(n)
    got = list(wythoff.ppos("wythoff", start=a, terms=50, index=True))
    assert got == [(k, *wythoff_pair(k)) for k in range(n, n + 50)]


def test_values_batch_against_pairs(rng):
    pairs = [wythoff_pair(rng.randrange(10**29, 10**30)) for _ in range(2000)]
    pos = [p for a, b in pairs for p in ((a, b), (a, b + 1))]
    got = wythoff.values("wythoff", pos)
    assert [v.outcome for v in got] == ["P", "N"] * len(pairs)
    assert [(v.x, v.y) for v in got] == pos
    xs, ys = zip(*pos)
    assert wythoff.values("wythoff", xs, ys) == got


def test_nim_is_xor(rng):
    for digits in (1, 5, 19, 20, 21, 40, 100):
        x, y = rng.randrange(10**digits), rng.randrange(10**digits)
        v = wythoff.value("nim", x, y)
        assert v.value == x ^ y and v.outcome == ("P" if x == y else "N"), (x, y)


@pytest.mark.parametrize("n", [1, 2, 5, 31, 1000])
def test_nim_max_is_xor_of_residues(rng, n):
    pos = [(rng.randrange(10**40), rng.randrange(10**40)) for _ in range(50)]
    got = wythoff.values(f"nim+max={n}", pos)
    assert [v.value for v in got] == [(x % (n + 1)) ^ (y % (n + 1)) for x, y in pos]


def test_ints_of_every_size_round_trip(rng):
    for bits in (0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 1000):
        x = rng.getrandbits(bits) if bits else 0
        y = rng.getrandbits(bits) if bits else 0
        v = wythoff.value("nim", x, y)
        assert (v.x, v.y, v.value) == (x, y, x ^ y)
        assert type(v.value) is int


def test_index_objects_accepted():
    class Idx:
        def __index__(self):
            return 12

    assert wythoff.value("nim", Idx(), 5).value == 12 ^ 5
    assert wythoff.value("nim", True, 0).value == 1
