"""Move kinds named for the heap a move takes from, checked against the
positions reached (independent of the names' table): 'first' lowers x only,
'second' y only, 'diag' both by the same number; the earlier names 'col'
and 'row' still compare equal, with a DeprecationWarning.  And the manual
that the docstring points to: wythoff.docs() is a file of the package."""
import os
import pickle
import warnings

import pytest

import wythoff


def expected_kind(x, y, mv):
    if mv.y == y and mv.x < x:
        return "first"
    if mv.x == x and mv.y < y:
        return "second"
    if x - mv.x == y - mv.y > 0:
        return "diag"
    return "?"


@pytest.mark.parametrize("rules,x,y", [("wythoff", 3, 4), ("wythoff+pass", 5, 2), ("nim", 2, 6)])
def test_kind_names_the_heap(rules, x, y):
    m = wythoff.moves(rules, x, y)
    kinds = set()
    for mv in m.moves:
        if mv.kind == "pass":
            assert (mv.x, mv.y) == (x, y)
            continue
        assert mv.kind == expected_kind(x, y, mv), mv
        assert isinstance(mv.kind, wythoff.MoveKind) and type(str(mv.kind)) is str
        kinds.add(str(mv.kind))
    assert {"first", "second"} <= kinds


def test_old_names_warn():
    mv = [m for m in wythoff.moves("wythoff", 3, 4).moves if m.x == 2 and m.y == 4][0]  # 1 from the first heap
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        assert mv.kind == "col" and "col" == mv.kind and not (mv.kind != "col")
    assert len(w) == 3 and all(issubclass(x.category, DeprecationWarning) for x in w)
    assert "'col' is now called 'first'" in str(w[0].message)
    assert w[0].filename == __file__  # the warning points at the caller's line
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert mv.kind == "first" and mv.kind != "second" and mv.kind != "row"
        assert {mv.kind: 1}["first"] == 1 and hash(mv.kind) == hash("first")
        assert pickle.loads(pickle.dumps(mv)) == mv


def test_docs_installed_with_the_package():
    assert "docs/python.md" in wythoff.__doc__ and "wythoff.docs()" in wythoff.__doc__
    p = wythoff.docs()
    pkg = os.path.dirname(os.path.abspath(wythoff.__file__))
    assert p == os.path.join(pkg, "docs", "python.md")
    with open(p, encoding="utf-8") as f:
        assert f.readline().startswith("# The Python module")
    assert wythoff.docs("rules") == os.path.join(pkg, "docs", "rules.md")
    for bad in ("nosuchpage.md", "../__init__.py"):
        with pytest.raises(FileNotFoundError):
            wythoff.docs(bad)
