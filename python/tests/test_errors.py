"""Errors: the command line's messages, the exception classes."""
import pytest

import wythoff


@pytest.mark.parametrize("rules", ["wythox", "wythoff+", "wythoff+max=0", "nim+mod=3", "wythoff+pass=x",
                                   "wythoff+heap=99999999999", "wythoff+terminal"])
def test_bad_rules_same_message_as_cli(cli, rules):
    code, err = cli.err("value", rules, 1, 2)
    assert code == 2 and err.startswith("wythoff: ")
    with pytest.raises(ValueError) as e:
        wythoff.value(rules, 1, 2)
    assert str(e.value) == err[len("wythoff: "):].strip()
    for fn in (lambda: wythoff.table(rules, size=4), lambda: list(wythoff.ppos(rules)),
               lambda: wythoff.moves(rules, 1, 2)):
        with pytest.raises(ValueError) as e2:
            fn()
        assert str(e2.value) == str(e.value)


@pytest.mark.parametrize("rules,flag,val,kw", [
    ("wythoff+pass", "--pass", 3, "passes"), ("wythoff", "--pass", 1, "passes"),
    ("wythoff+heap=2", "--heap", 5, "heap"), ("nim", "--heap", 0, "heap")])
def test_side_state_messages_follow_cli(cli, rules, flag, val, kw):
    code, err = cli.err("value", rules, 1, 2, flag, val)
    assert code == 2
    with pytest.raises(ValueError) as e:
        wythoff.value(rules, 1, 2, **{kw: val})
    # the same text (the library's wy_side_apply), with the keyword in place of the option
    want = err[len("wythoff: "):].strip().replace(f"{flag} {val}", f"{kw} {val}").replace(f"{flag} given", f"{kw} given")
    assert str(e.value) == want


def test_undecided_same_message_as_cli(cli):
    x, y = 10**23, 10**21 + 1
    code, err = cli.err("value", "wythoff+max=5+mod=3", x, y)
    assert code == 6
    with pytest.raises(wythoff.UndecidedError) as e:
        wythoff.value("wythoff+max=5+mod=3", x, y)
    assert str(e.value) == err[len("wythoff: "):].strip()
    assert isinstance(e.value, ArithmeticError) and isinstance(e.value, wythoff.Error)


def test_too_large_before_allocating():
    with pytest.raises(wythoff.TooLargeError) as e:
        wythoff.table("wythoff", size=100000, mem_limit=2**20)
    assert isinstance(e.value, MemoryError) and isinstance(e.value, wythoff.Error)
    msg = str(e.value)
    assert "a 100000 x 100000 table in memory" in msg and "needs about" in msg and "more than the limit of 1 MiB" in msg
    with pytest.raises(wythoff.TooLargeError, match="beyond the table engine"):
        wythoff.table("wythoff", rows=2**32, cols=1)
    with pytest.raises(wythoff.TooLargeError, match="limit"):
        wythoff.count("wythoff", size=10**9, engine="layer", mem_limit=10**6)
    with pytest.raises(wythoff.TooLargeError, match="limit"):
        wythoff.plot("wythoff", size=4000, mem_limit=10**5)


def test_library_range_message_same_as_cli(cli):
    # --engine layer: wythoff.count scans with the layer engine, as the CLI
    # does with it (by default the CLI counts Wythoff's values 0 and 1 in
    # closed form, with no memory to refuse)
    code, err = cli.err("ppos", "wythoff", "--size", "1e9", "--count", "--engine", "layer", "--mem-limit", "1000000")
    assert code == 3
    with pytest.raises(wythoff.TooLargeError) as e:
        wythoff.count("wythoff", size=10**9, engine="layer", mem_limit=1000000)
    assert err[len("wythoff: "):].strip().startswith(str(e.value))


def test_negative_and_wrong_types():
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.value("wythoff", -1, 2)
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.value("wythoff", 2, -(10**40))
    with pytest.raises(ValueError, match="non-negative"):
        wythoff.values("wythoff", [(1, 2), (3, -4)])
    for bad in (1.0, "3", None, [1]):
        with pytest.raises(TypeError):
            wythoff.value("wythoff", bad, 2)
    with pytest.raises(TypeError):
        wythoff.value(b"wythoff", 1, 2)
    with pytest.raises(TypeError):
        wythoff.table("wythoff", size=4.0)
    with pytest.raises(TypeError):
        wythoff.values("wythoff", [1, 2])
    with pytest.raises(ValueError, match="out of range"):
        wythoff.table("wythoff", size=0)
    with pytest.raises(ValueError, match="not both"):
        wythoff.table("wythoff", size=4, rows=3)
    with pytest.raises(ValueError, match="unknown style"):
        wythoff.plot("wythoff", style="pie")
    with pytest.raises(ValueError, match="no claim"):
        wythoff.check("999.none")
    with pytest.raises(ValueError, match="layer engine does not cover"):
        wythoff.count("wythoff+max=3", engine="layer")


def test_values_failure_names_the_position():
    pos = [(1, 2), (3, 4), (10**23, 10**21 + 1)]
    with pytest.raises(wythoff.UndecidedError, match="^position 2: "):
        wythoff.values("wythoff+max=5+mod=3", pos)
