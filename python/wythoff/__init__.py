"""Exact Sprague-Grundy values of Wythoff's game and its variants.

A Python module over the C library libwythoff (the same engines as the
command-line tool ``wythoff``).  A ruleset is written as on the command line:
``"wythoff"``, ``"wythoff+pass"``, ``"nim+max=31+pass"``, ... (docs/rules.md).

Functions: table, value, values, moves, ppos, count, period, compare,
claims, check, plot.  Exceptions: ValueError (bad input, with the message the
command line prints), TypeError (an argument of the wrong type),
TooLargeError (a MemoryError: the work needs more memory than mem_limit),
UndecidedError (an ArithmeticError: no method decides the question),
KeyboardInterrupt (Ctrl-C during a computation; everything is released).

The manual is docs/python.md; it and the other pages named docs/NAME.md here
are installed with the package, in its folder docs/: wythoff.docs() is the
path of this module's manual, wythoff.docs("rules.md") that of another page.
"""

import array as _array
import os as _os
import warnings as _warnings

from . import _wythoff as _c
from ._wythoff import (
    Error,
    InternalError,
    Move,
    Moves,
    Table,
    TooLargeError,
    UndecidedError,
    Value,
)

__version__ = _c.WY_VERSION
__all__ = [
    "table", "value", "values", "moves", "ppos", "count", "period", "compare", "claims", "check", "plot",
    "Table", "Value", "Move", "Moves", "MoveKind", "Image", "Automaton",
    "Error", "TooLargeError", "UndecidedError", "InternalError", "cache_dir", "docs", "__version__",
]

_U32 = 2**32 - 1
_U64 = 2**64 - 1
_CHUNK = 4096  # positions asked of the evaluator at a time (as `ppos --from`)


# ----------------------------------------------------------------------
# Arguments
# ----------------------------------------------------------------------

def _int(v, name, lo, hi, hi_text=None):
    """An int argument in lo..hi: TypeError for another type, ValueError out of range."""
    if isinstance(v, float) or not hasattr(v, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    v = v.__index__()
    if v < lo or v > hi:
        raise ValueError(f"{name}={v} out of range ({lo} to {hi_text or hi})")
    return v


def _nonneg(v, name):
    """An int argument >= 0 of any size."""
    if isinstance(v, float) or isinstance(v, bool) or not hasattr(v, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    v = v.__index__()
    if v < 0:
        raise ValueError(f"{name}={v} out of range (0 or more)")
    return v


def _text(rules, name="rules"):
    if not isinstance(rules, str):
        raise TypeError(f"{name} must be a str such as 'wythoff+pass', not {type(rules).__name__}")
    return rules


def _games(rules_list, passes, heap, labels=None):
    """The rulesets with their side states: [(canonical, pass, heap, info)],
    passes/heap applied to every ruleset that has them (as --pass/--heap)."""
    out = []
    for i, r in enumerate(rules_list):
        try:
            info = _c._parse(_text(r, labels[i] if labels else "rules"))
        except ValueError as e:
            if labels and len(rules_list) > 1:
                raise ValueError(f"{labels[i]}: {e}") from None
            raise
        out.append([info["rules"], info["passes"], info["heap"], info])
    for which, given in (("passes", passes), ("heap", heap)):
        if given is None:
            continue
        if isinstance(given, float) or not hasattr(given, "__index__"):
            raise TypeError(f"{which} must be an int, not {type(given).__name__}")
        given = given.__index__()
        # the library's policy and messages (wy_side_apply), as --pass/--heap
        got = _c._side_apply([g[0] for g in out], which, str(given),
                             list(labels) if labels and len(out) > 1 else None)
        for g, v in zip(out, got):
            if v is not None:
                g[1 if which == "passes" else 2] = v
    return out


# ----------------------------------------------------------------------
# Move kinds
# ----------------------------------------------------------------------

# the earlier names of the kinds (the first heap was 'col', the second 'row')
_OLD_KINDS = {"col": "first", "row": "second"}


class MoveKind(str):
    """The kind of a move (Move.kind), a str named for the heap it takes from:
    'first' (the first heap, x), 'second' (the second heap, y), 'diag' (the
    same number from both), 'mod' (a != b, a = b mod M, from both), 'heap'
    (the extra heap) or 'pass'.  'first' and 'second' also compare equal to
    their earlier names 'col' and 'row', with a DeprecationWarning (hashes,
    and so sets and dict keys, know the new names only)."""
    __slots__ = ()

    def _old(self, other):
        if type(other) is str and _OLD_KINDS.get(other) == str(self):
            _warnings.warn(f"the move kind {other!r} is now called {str(self)!r} (named for the heap it takes from)",
                           DeprecationWarning, stacklevel=3)
            return True
        return False

    def __eq__(self, other):
        return True if self._old(other) else str.__eq__(self, other)

    def __ne__(self, other):
        return False if self._old(other) else str.__ne__(self, other)

    __hash__ = str.__hash__

    def __reduce__(self):
        return (MoveKind, (str(self),))


# indexed by the library's wy_move_kind (WY_MOVE_ROW, WY_MOVE_COL, ...)
_c._set_move_kinds(tuple(MoveKind(k) for k in ("second", "first", "diag", "mod", "heap", "pass")))


def docs(page="python.md"):
    """The path of a page of the manual installed with the package (its
    folder docs/): docs() is this module's manual, docs/python.md;
    docs("rules.md") the rulesets' page.  FileNotFoundError when the page
    is not there."""
    if not isinstance(page, str):
        raise TypeError(f"page must be a str such as 'python.md', not {type(page).__name__}")
    here = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "docs")
    name = page if page.endswith(".md") else page + ".md"
    path = _os.path.join(here, name)
    if _os.path.basename(name) != name or not _os.path.isfile(path):
        have = sorted(f for f in _os.listdir(here) if f.endswith(".md")) if _os.path.isdir(here) else []
        raise FileNotFoundError(f"no page {page!r} of the manual in {here}" +
                                (f" (pages: {', '.join(have)})" if have else " (the folder is missing)"))
    return path


def _game(rules, passes, heap):
    text, p, h, _ = _games([rules], passes, heap)[0]
    return text, p, h


class Automaton:
    """A Fibonacci automaton of a value layer (docs/automata.md).

    Automaton.builtin("wythoff-v1"): Wythoff's value-1 layer, proved for every
    position by Walnut (what value() and moves() use); Automaton.load(path) or
    Automaton(text): a file of `wythoff automaton learn`.  The file is checked
    when it is read (wythoff.Error when it is not a valid automaton).

    a.output(n): the offset d(n) = x - floor(n phi) of the layer's position
    (x, x + n) on diagonal n; a.position(n): that position; a.contains(x, y);
    a.info: the ruleset, value, states, offsets' range and how it was made;
    a.text: the file.  Numbers of any size."""

    def __init__(self, text):
        if not isinstance(text, str):
            raise TypeError("Automaton(text): the file's text, a str")
        self.info = _c._aut_info(text)
        self.text = text

    @classmethod
    def builtin(cls, name="wythoff-v1"):
        return cls(_c._aut_builtin(_text(name, "name")))

    @classmethod
    def load(cls, path):
        with open(path, encoding="utf-8") as f:
            return cls(f.read())

    @property
    def states(self):
        return self.info["states"]

    def output(self, n):
        return _c._aut_position(self.text, _nonneg(n, "n"))[0]

    def position(self, n):
        d, x, y = _c._aut_position(self.text, _nonneg(n, "n"))
        return (x, y)

    def contains(self, x, y):
        return _c._aut_contains(self.text, _nonneg(x, "x"), _nonneg(y, "y"))

    def __repr__(self):
        i = self.info
        return "<wythoff.Automaton: value %d of %s, %d states>" % (i["value"], i["rules"], i["states"])


def _run(threads, mem_limit):
    """(threads, mem_limit): 0 threads is every core; no mem_limit is the
    machine's available memory, as the tool's --mem-limit default."""
    threads = _int(threads, "threads", 0, 256)
    if mem_limit is None:
        return threads, _c._available_memory()
    return threads, _int(mem_limit, "mem_limit", 1, _U64, "2^64 - 1")


def _window(size, rows, cols, default):
    if size is not None and (rows is not None or cols is not None):
        raise ValueError("give either size or rows/cols, not both")
    if size is not None:
        rows = cols = _int(size, "size", 1, 2**63, "2^63")
    else:
        if rows is not None:
            rows = _int(rows, "rows", 1, 2**63, "2^63")
        if cols is not None:
            cols = _int(cols, "cols", 1, 2**63, "2^63")
        if rows is None and cols is None:
            rows = cols = default
        elif rows is None:
            rows = cols
        elif cols is None:
            cols = rows
    return rows, cols


def _table_window(rows, cols):
    if rows > _U32 or cols > _U32:
        raise TooLargeError(f"a {rows} x {cols} window is beyond the table engine (at most 4294967295 per side); "
                            f"its values alone would need about {(rows * cols) >> 28} GiB")


_ENGINES = {"auto": 0, "table": 1, "layer": 2}


def _engine(engine):
    if not isinstance(engine, str) or engine not in _ENGINES:
        raise ValueError(f"unknown engine '{engine}' (auto, table or layer)")
    return _ENGINES[engine]


def cache_dir():
    """The directory where the evaluator keeps the row strips it proves, or
    None: $WYTHOFF_CACHE ('' or 'off': none), else $XDG_CACHE_HOME/wythoff,
    else ~/.cache/wythoff -- the command line's rule, read at each call."""
    return _c._cache_dir()


# ----------------------------------------------------------------------
# Tables and positions
# ----------------------------------------------------------------------

def table(rules, size=None, rows=None, cols=None, passes=None, heap=None, *, threads=0, mem_limit=None):
    """The values of every position of a window: a wythoff.Table.

    The window is 0 <= x < rows, 0 <= y < cols (size: a square; default
    16 x 16), in the side state passes/heap (default: the ruleset's start,
    as --pass/--heap).  The engine and threads are those of
    ``wythoff table --format bin``; threads=0 uses every core.  The Table
    exposes its values through the buffer protocol (numpy.asarray(t) and
    memoryview(t) share its memory), and t[x, y] reads one.

    >>> t = table("wythoff+pass", size=9)
    >>> t[7, 6], t.shape, t.format
    (0, (9, 9), 'H')
    """
    text, p, h = _game(rules, passes, heap)
    r, c = _window(size, rows, cols, 16)
    _table_window(r, c)
    threads, ml = _run(threads, mem_limit)
    return _c._table(text, r, c, p, h, threads, ml)


def value(rules, x, y, *, passes=None, heap=None, threads=0, mem_limit=None):
    """The value and outcome of the position (x, y), ints of any size: a
    wythoff.Value (rules, x, y, value, outcome, method, why).

    value is None where only the outcome is decided (why says why).  The
    evaluator tries every method able to decide the position, cheapest first
    (closed forms, proved row periodicity, the table and layer engines),
    as ``wythoff value``; UndecidedError when none does.

    >>> value("wythoff", 10**30, 10**30).outcome
    'N'
    """
    text, p, h = _game(rules, passes, heap)
    threads, ml = _run(threads, mem_limit)
    return _c._values(text, p, h, (x,), (y,), threads, 0 if mem_limit is None else ml, ml)[0]


def values(rules, positions, ys=None, *, passes=None, heap=None, threads=0, mem_limit=None):
    """value() for many positions at once: a list of wythoff.Value.

    positions is an iterable of (x, y) pairs, or, with ys given, the
    sequence of the x's (and ys the y's).  One evaluator and one table serve
    every position (wy_eval_positions); an undecided position fails the
    whole call, naming its index.
    """
    text, p, h = _game(rules, passes, heap)
    threads, ml = _run(threads, mem_limit)
    if ys is None:
        xs, ys = [], []
        for pos in positions:
            try:
                a, b = pos
            except (TypeError, ValueError):
                raise TypeError(f"a position must be a pair (x, y), not {pos!r:.60}") from None
            xs.append(a)
            ys.append(b)
    else:
        xs = positions if isinstance(positions, (list, tuple)) else list(positions)
        ys = ys if isinstance(ys, (list, tuple)) else list(ys)
    return _c._values(text, p, h, xs, ys, threads, 0 if mem_limit is None else ml, ml)


def moves(rules, x, y, *, passes=None, heap=None, threads=0, mem_limit=None):
    """The options of (x, y): a wythoff.Moves (position, complete, moves).

    complete is True when moves lists every option with its value
    (winning: it reaches a P-position); for positions beyond the table
    engine, complete is False and moves holds the winning moves only
    (every other option reaches an N-position), as ``wythoff moves``.
    """
    text, p, h = _game(rules, passes, heap)
    threads, ml = _run(threads, mem_limit)
    return _c._moves(text, p, h, x, y, threads, 0 if mem_limit is None else ml, ml)


def _ppos_seq(text, p, h, start, terms, g, threads, ml, dflt, index, first):
    """The chunks of `ppos --from`: a chunk that comes back full ends with the
    positions of its last x held back, and the next one starts at that x."""
    n, got, frm = 0, first, start
    while True:
        want = _CHUNK if terms is None else min(_CHUNK, terms - n)
        keep = len(got)
        if len(got) == want and (terms is None or n + len(got) < terms) and len(got) > 1:
            last = got[-1][1]
            while keep > 0 and got[keep - 1][1] == last:
                keep -= 1
            if keep == 0:
                keep = len(got)
        for t in got[:keep]:
            yield t if index else (t[1], t[2])
        n += keep
        if len(got) < want or (terms is not None and n >= terms):
            return
        frm = got[keep][1] if keep < len(got) else got[-1][1] + 1
        want = _CHUNK if terms is None else min(_CHUNK, terms - n)
        got = _c._ppos_from(text, p, h, frm, want, g, threads, ml, dflt)


def ppos(rules, size=None, rows=None, cols=None, *, value=0, start=None, terms=None, index=False, passes=None,
         heap=None, engine="auto", threads=0, mem_limit=None):
    """The P-positions (or the positions of value `value`), as an iterator.

    Without start: the positions (x, y) of the window 0 <= x < rows,
    0 <= y < cols (default 64 x 64) in order of x, then y, as ``wythoff
    ppos --size N``; engine 'auto' (the layer engine where it applies, else
    the table engine), 'table' or 'layer'.

    With start=X: the positions (x, y) with X <= x <= y, in order, of any
    size, computed lazily in chunks, as ``wythoff ppos --from X`` (closed
    forms, the layer engine, periodic rows); terms=K stops after K (default:
    no end but the set's own).  index=True yields (n, x, y), n the index in
    the ruleset's closed-form sequence (None where there is none).
    """
    text, p, h = _game(rules, passes, heap)
    threads, ml = _run(threads, mem_limit)
    g = _int(value, "value", 0, _U32, "4294967295")
    if start is None:
        if terms is not None or index:
            raise ValueError("terms and index go with start")
        r, c = _window(size, rows, cols, 64)
        return iter(_c._ppos_window(text, p, h, r, c, g, False, _engine(engine), threads, ml))
    if size is not None or rows is not None or cols is not None:
        raise ValueError("give either start or size, not both")
    if engine != "auto":
        raise ValueError("engine goes with size (start chooses the method itself: closed forms, the layer engine, "
                         "periodic rows)")
    if terms is not None:
        terms = _int(terms, "terms", 0, 2**63, "2^63")
    evl = 0 if mem_limit is None else ml
    if terms == 0:
        _c._ppos_from(text, p, h, start, 1, g, threads, evl, ml)  # the errors all the same
        return iter(())
    first = _c._ppos_from(text, p, h, start, _CHUNK if terms is None else min(_CHUNK, terms), g, threads, evl, ml)
    return _ppos_seq(text, p, h, start, terms, g, threads, evl, ml, index, first)


def count(rules, size=None, rows=None, cols=None, *, value=0, passes=None, heap=None, engine="auto", threads=0,
          mem_limit=None):
    """The number of positions of value `value` (default 0: P-positions) in
    the window 0 <= x < rows, 0 <= y < cols (default 64 x 64), as
    ``wythoff ppos --count``: Wythoff's values 0 and 1 and the P-positions
    of wythoff+pass in closed form at any size (engine "auto"); otherwise
    the layer engine counts windows of up to 2^40 a side in O(size)
    memory."""
    text, p, h = _game(rules, passes, heap)
    threads, ml = _run(threads, mem_limit)
    g = _int(value, "value", 0, _U32, "4294967295")
    r, c = _window(size, rows, cols, 64)
    return _c._ppos_window(text, p, h, r, c, g, True, _engine(engine), threads, ml)


def period(rules, rows=16, *, passes=None, max_cols=2**22, threads=0, mem_limit=None):
    """The preperiod and period of rows 0..rows-1, proved by the engine: a
    dict as ``wythoff period --format json`` writes it (rules, rows,
    additive, proof {y0, period, shift, window}, periods [{x, preperiod,
    period}], and pass for rulesets with a pass)."""
    text, p, _h = _game(rules, passes, None)
    rows = _int(rows, "rows", 1, 4096)
    max_cols = _int(max_cols, "max_cols", 64, _U32)
    threads, ml = _run(threads, mem_limit)
    return _c._period(text, p, rows, max_cols, threads, ml)


def _positions(points, symmetric):
    """A set of positions as sorted, repeat-free (x, y) pairs packed as
    uint32 (the layout of wy_pos); with symmetric, each with its mirror."""
    pts = set()
    for i, p in enumerate(points):
        try:
            x, y = p
        except (TypeError, ValueError):
            raise ValueError(f"position {i + 1}: expected a pair (x, y), got {p!r}") from None
        x = _int(x, f"position {i + 1}: x", 0, _U32 - 1)
        y = _int(y, f"position {i + 1}: y", 0, _U32 - 1)
        if symmetric:
            if x > y:
                raise ValueError(f"position {i + 1}: ({x}, {y}) has x > y; with symmetric=True give each "
                                 "position once, as (x, y) with x <= y")
            pts.add((y, x))
        pts.add((x, y))
    flat = _array.array("I")
    for x, y in sorted(pts):
        flat.append(x)
        flat.append(y)
    return pts, flat.tobytes()


def compare(rules_a, rules_b, size=64, *, outcome=False, value=None, value_b=None, symmetric=False, passes=None,
            heap=None, engine="auto", threads=0, mem_limit=None):
    """Two games compared on the window 0 <= x, y < size: a dict as
    ``wythoff compare --format json`` writes it (differences [{x, y, a, b}]
    in order, summary {count, compared, bbox, smallest, largest, nearest}).

    By values (default), or by P-positions (outcome=True), or A's positions
    of value `value` against B's of value `value_b` (default: value).

    rules_b may instead be a collection of positions (x, y), such as a
    conjectured P-position set: A's positions of value `value` (default 0)
    are compared with it, as ``wythoff compare RULES FILE``; each difference
    says whether it is in the positions ("in_positions"), and "outside"
    counts the positions beyond the window.  symmetric=True: each position
    (x <= y) stands for its mirror image too.
    """
    if not isinstance(rules_b, str):
        if value_b is not None:
            raise ValueError("value_b applies to a second ruleset, not to a set of positions")
        if isinstance(rules_b, (bytes, bytearray)) or not hasattr(rules_b, "__iter__"):
            raise TypeError(f"rules_b must be a str or a collection of (x, y) positions, not {type(rules_b).__name__}")
        text, p, h = _game(rules_a, passes, heap)
        size = _int(size, "size", 1, _U32, "4294967295")
        g = 0 if value is None else _int(value, "value", 0, _U32 - 1)
        threads, ml = _run(threads, mem_limit)
        pts, packed = _positions(rules_b, bool(symmetric))
        d = _c._compare(text, p, h, "", 0, 0, size, True, g, g, _engine(engine), threads, ml, packed)
        d["symmetric"] = bool(symmetric)
        d["outside"] = sum(1 for x, y in pts if x >= size or y >= size)
        return d
    if symmetric:
        raise ValueError("symmetric applies to a set of positions as rules_b")
    ga, gb = _games([rules_a, rules_b], passes, heap, ["RULES_A", "RULES_B"])
    size = _int(size, "size", 1, _U32, "4294967295")
    set_mode = bool(outcome) or value is not None or value_b is not None
    g = 0 if value is None else _int(value, "value", 0, _U32 - 1)
    g_b = g if value_b is None else _int(value_b, "value_b", 0, _U32 - 1)
    threads, ml = _run(threads, mem_limit)
    return _c._compare(ga[0], ga[1], ga[2], gb[0], gb[1], gb[2], size, set_mode, g, g_b, _engine(engine), threads,
                       ml, None)


# ----------------------------------------------------------------------
# Claims
# ----------------------------------------------------------------------

def claims():
    """Every claim of the five papers: a list of dicts as ``wythoff check
    --list --format json`` writes them (id, source, statement, method,
    corrected, scale, default_limit)."""
    return _c._claims()


def _select(claim_ids, all_claims):
    ids = [c["id"] for c in all_claims]
    if claim_ids is None:
        return list(range(len(ids)))
    if isinstance(claim_ids, str):
        claim_ids = [claim_ids]
    sel = set()
    for cid in claim_ids:
        _text(cid, "a claim id")
        if not cid:
            raise ValueError("an empty claim id (see wythoff.claims() for the ids)")
        hits = [i for i, c in enumerate(ids) if c == cid]
        if not hits:
            hits = [i for i, c in enumerate(ids) if c.startswith(cid + ".")]
        if not hits:
            hits = [i for i, c in enumerate(ids) if c.startswith(cid)]
        if not hits:
            raise ValueError(f"no claim '{cid[:60]}' (see wythoff.claims() for the ids)")
        sel.update(hits)
    return sorted(sel)


def check(claim_ids=None, limit=None, *, threads=0, mem_limit=None):
    """The papers' claims checked by computation, as ``wythoff check``: a
    list of dicts (id, verdict 'PASS', 'FAIL' or 'ERRATUM', source, range
    covered, limit, ms, detail with the counterexample where there is one).

    claim_ids: an id ('000.thm4'), a paper ('000'), a prefix ('004.table'),
    or a list of them; None: every claim (minutes).  limit: the N of the
    claims' ranges (default: each claim's own).
    """
    sel = _select(claim_ids, _c._claims())
    limit = 0 if limit is None else _int(limit, "limit", 2, 2**63, "2^63")
    threads, ml = _run(threads, mem_limit)
    return [_c._check(i, limit, threads, ml) for i in sel]


# ----------------------------------------------------------------------
# Pictures
# ----------------------------------------------------------------------

_STYLES = {"heatmap": 0, "ppos": 1, "table": 2}
_FORMATS = {"png": 0, "svg": 1}


class Image:
    """A picture made by wythoff.plot(): PNG or SVG, rendered by the library.

    .png (bytes) and .svg (str) render the picture in that format (each once,
    on first use); save(path) writes the format its suffix names (.png or
    .svg).  In Jupyter the picture shows by itself (_repr_png_ or
    _repr_svg_, in the format plot() was asked for).
    """

    def __init__(self, data, format, spec):
        self._data = {format: data}
        self.format = format
        self._spec = spec

    def _render(self, fmt):
        if fmt not in self._data:
            style, games, rows, cols, value, cell, title, threads, ml = self._spec
            self._data[fmt] = _c._plot(style, _FORMATS[fmt], games, rows, cols, value, cell, title, threads, ml)
        return self._data[fmt]

    @property
    def png(self):
        """The picture as PNG bytes."""
        return self._render("png")

    @property
    def svg(self):
        """The picture as SVG text."""
        return self._render("svg")

    def _repr_png_(self):
        return self._data["png"] if self.format == "png" else None

    def _repr_svg_(self):
        return self._data["svg"] if self.format == "svg" else None

    def save(self, path):
        """Write the picture to path, in the format of its suffix (.png or .svg)."""
        low = _os.fspath(path).lower()
        if isinstance(low, bytes):
            low = low.decode(errors="replace")
        if low.endswith(".png"):
            with open(path, "wb") as f:
                f.write(self.png)
        elif low.endswith(".svg"):
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(self.svg)
        else:
            raise ValueError(f"cannot tell the format of '{_os.fspath(path)}': name it .png or .svg")

    def __repr__(self):
        style, games, rows, cols = self._spec[:4]
        name = {v: k for k, v in _STYLES.items()}[style]
        return (f"<wythoff.Image {name} of {', '.join(g[0] for g in games)}, {rows} x {cols}, "
                f"{self.format}, {len(self._data[self.format])} bytes>")


def plot(rules, size=None, rows=None, cols=None, *, style="heatmap", value=None, format="png", cell=None,
         title=None, passes=None, heap=None, threads=0, mem_limit=None):
    """A picture of a window (default 64 x 64): a wythoff.Image.

    style 'heatmap' (the values as colours), 'ppos' (the positions of value
    `value`, default 0, as dots; rules may be a list of up to three rulesets,
    overlaid) or 'table' (the numbers, P-positions on red cells; at most
    64 x 64), as ``wythoff plot`` (docs/pictures.md).  format 'png' or 'svg':
    the one rendered now and shown by Jupyter.
    """
    if not isinstance(style, str) or style not in _STYLES:
        raise ValueError(f"unknown style '{style}' (heatmap, ppos or table)")
    if not isinstance(format, str) or format not in _FORMATS:
        raise ValueError(f"unknown format '{format}' (plot writes png or svg)")
    many = not isinstance(rules, str)
    rl = list(rules) if many else [rules]
    if len(rl) > 1 and style != "ppos":
        raise ValueError(f"{len(rl)} rulesets given: only style 'ppos' overlays several rulesets")
    if not 1 <= len(rl) <= 3:
        raise ValueError(f"a plot shows 1 to 3 rulesets (got {len(rl)})")
    games = _games(rl, passes, heap, ["RULES", "RULES2", "RULES3"][:len(rl)] if many else None)
    r, c = _window(size, rows, cols, 64)
    if r > _U32 or c > _U32:
        raise TooLargeError(f"a {r} x {c} window is beyond plot (at most 4294967295 per side)")
    if value is not None and style != "ppos":
        raise ValueError("value is for style 'ppos' (the positions of one value)")
    v = 0 if value is None else _int(value, "value", 0, 2**63, "2^63")
    cl = 0 if cell is None else _int(cell, "cell", 1, 128)
    if title is not None:
        _text(title, "title")
        if len(title) > 200:
            raise ValueError("title is longer than 200 characters")
    threads, ml = _run(threads, mem_limit)
    spec = (_STYLES[style], [(g[0], g[1], g[2]) for g in games], r, c, v, cl, title, threads, ml)
    data = _c._plot(spec[0], _FORMATS[format], spec[1], r, c, v, cl, title, threads, ml)
    return Image(data, format, spec)
