"""The Table object: the buffer protocol, indexing, attributes."""
import pytest

import wythoff


def test_memoryview_without_numpy():
    t = wythoff.table("wythoff+pass", size=9)
    m = memoryview(t)
    assert (m.format, m.itemsize, m.ndim, m.shape, m.strides) == ("H", 2, 2, (9, 9), (18, 2))
    assert m.readonly and m.c_contiguous and m.nbytes == 162
    assert m.tolist() == t.tolist()
    assert m[7, 6] == t[7, 6] == 0
    with pytest.raises(TypeError):
        m[0, 0] = 5
    m.release()


def test_getitem_len_attributes():
    t = wythoff.table("wythoff+pass=2+heap=1", rows=5, cols=7, passes=1, heap=1)
    assert len(t) == t.rows == 5 and t.cols == 7 and t.shape == (5, 7)
    assert (t.rules, t.passes, t.heap, t.itemsize, t.format) == ("wythoff+pass=2+heap=1", 1, 1, 2, "H")
    assert t[-1, -1] == t[4, 6] and t[2] == [t[2, y] for y in range(7)]
    assert t.max() == max(max(r) for r in t.tolist())
    for bad in ((5, 0), (0, 7), (-6, 0)):
        with pytest.raises(IndexError):
            t[bad]
    with pytest.raises(TypeError):
        t["a"]
    assert repr(t) == "<wythoff.Table wythoff+pass=2+heap=1, 5 x 7, passes left 1, extra heap 1, format 'H'>"
    for x in range(5):
        for y in range(7):
            assert t[x, y] == wythoff.value("wythoff+pass=2+heap=1", x, y, passes=1, heap=1).value


def test_start_state_is_the_default():
    t = wythoff.table("wythoff+pass=2", size=4)
    assert t.passes == 2 and t.heap == 0
    assert wythoff.table("wythoff", size=3).passes == 0


def test_four_byte_cells():
    # a bound on the values above 65535: format 'I'
    t = wythoff.table("wythoff", rows=2, cols=70000)
    m = memoryview(t)
    assert (t.format, m.format, m.itemsize, m.strides) == ("I", "I", 4, (280000, 4))
    assert t[0, 69999] == 69999 and t[1, 69999] == wythoff.value("wythoff", 1, 69999).value


def test_numpy_shares_memory():
    np = pytest.importorskip("numpy")
    t = wythoff.table("wythoff", size=64)
    a = np.asarray(t)
    b = np.asarray(t)
    assert a.dtype == np.uint16 and a.shape == (64, 64)
    assert np.shares_memory(a, b)  # both views of the Table's own memory: no copy
    assert not a.flags.writeable
    with pytest.raises(ValueError):
        a[0, 0] = 1
    # the values: G(x, y) = G(y, x), row 0 is y, P-positions are Wythoff's pairs
    assert (a == a.T).all() and (a[0] == np.arange(64)).all()
    assert a[3, 5] == 0 and a.tolist() == t.tolist()
    del t
    assert a[3, 5] == 0  # the array keeps the Table alive


def test_writable_buffer_refused():
    import ctypes

    t = wythoff.table("wythoff", size=4)
    with pytest.raises((BufferError, TypeError)):
        (ctypes.c_char * 32).from_buffer(t)
