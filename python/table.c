/* table.c - wythoff.Table (the values of a window, shared through the
 * buffer protocol) and _table, which fills one. */
#include "_wythoff.h"

#include <structmember.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    void *data;            /* rows x cols cells of itemsize bytes, row by row */
    uint32_t rows, cols;
    unsigned itemsize;     /* 2 ('H') or 4 ('I') */
    Py_ssize_t shape[2], strides[2];
    PyObject *rules;       /* canonical text */
    uint32_t pass, heap;   /* the side state */
    Py_ssize_t exports;    /* buffers handed out */
} TableObject;

static void table_dealloc(TableObject *t)
{
    free(t->data);
    Py_XDECREF(t->rules);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static int table_getbuffer(TableObject *t, Py_buffer *view, int flags)
{
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "a wythoff.Table is read-only");
        view->obj = NULL;
        return -1;
    }
    view->obj = (PyObject *)t;
    Py_INCREF(t);
    view->buf = t->data;
    view->len = t->shape[0] * t->shape[1] * (Py_ssize_t)t->itemsize;
    view->readonly = 1;
    view->itemsize = (Py_ssize_t)t->itemsize;
    view->format = (flags & PyBUF_FORMAT) ? (t->itemsize == 2 ? "H" : "I") : NULL;
    view->ndim = 2;
    view->shape = (flags & PyBUF_ND) == PyBUF_ND ? t->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? t->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    t->exports++;
    return 0;
}

static void table_releasebuffer(TableObject *t, Py_buffer *view)
{
    (void)view;
    t->exports--;
}

static PyBufferProcs table_as_buffer = {(getbufferproc)table_getbuffer, (releasebufferproc)table_releasebuffer};

static inline uint32_t table_at(const TableObject *t, size_t x, size_t y)
{
    size_t i = x * t->cols + y;
    return t->itemsize == 2 ? ((const uint16_t *)t->data)[i] : ((const uint32_t *)t->data)[i];
}

static Py_ssize_t table_len(TableObject *t) { return (Py_ssize_t)t->rows; }

/* An index into 0..n-1, Python style (negative from the end). */
static int table_index(PyObject *o, uint32_t n, const char *what, size_t *out)
{
    Py_ssize_t i = PyNumber_AsSsize_t(o, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred())
        return 0;
    if (i < 0)
        i += (Py_ssize_t)n;
    if (i < 0 || (size_t)i >= n) {
        PyErr_Format(PyExc_IndexError, "%s index out of range (0 to %u)", what, n - 1);
        return 0;
    }
    *out = (size_t)i;
    return 1;
}

static PyObject *table_subscript(TableObject *t, PyObject *key)
{
    size_t x, y;
    if (PyTuple_Check(key)) {
        if (PyTuple_GET_SIZE(key) != 2) {
            PyErr_SetString(PyExc_IndexError, "a Table takes t[x, y] or t[x]");
            return NULL;
        }
        if (!table_index(PyTuple_GET_ITEM(key, 0), t->rows, "row", &x) ||
            !table_index(PyTuple_GET_ITEM(key, 1), t->cols, "column", &y))
            return NULL;
        return PyLong_FromUnsignedLong(table_at(t, x, y));
    }
    if (!PyIndex_Check(key)) {
        PyErr_Format(PyExc_TypeError, "Table indices must be integers or (x, y), not %.80s", Py_TYPE(key)->tp_name);
        return NULL;
    }
    if (!table_index(key, t->rows, "row", &x))
        return NULL;
    PyObject *row = PyList_New(t->cols);
    for (uint32_t j = 0; row && j < t->cols; j++) {
        PyObject *v = PyLong_FromUnsignedLong(table_at(t, x, j));
        if (!v) {
            Py_CLEAR(row);
            break;
        }
        PyList_SET_ITEM(row, j, v);
    }
    return row;
}

static PyMappingMethods table_as_mapping = {(lenfunc)table_len, (binaryfunc)table_subscript, NULL};

static PyObject *table_repr(TableObject *t)
{
    wy_rules r;
    char side[64] = "";
    const char *text = PyUnicode_AsUTF8(t->rules);
    if (!text)
        return NULL;
    if (wy_rules_parse(&r, text, NULL, 0) == WY_OK &&
        wy_side_format(side, sizeof side, &r, (wy_side){t->pass, t->heap}) > 0)
        return PyUnicode_FromFormat("<wythoff.Table %s, %u x %u, %s, format '%s'>", text, t->rows, t->cols, side,
                                    t->itemsize == 2 ? "H" : "I");
    return PyUnicode_FromFormat("<wythoff.Table %s, %u x %u, format '%s'>", text, t->rows, t->cols,
                                t->itemsize == 2 ? "H" : "I");
}

static PyObject *table_get_shape(TableObject *t, void *c)
{
    (void)c;
    return Py_BuildValue("(II)", t->rows, t->cols);
}

static PyObject *table_get_format(TableObject *t, void *c)
{
    (void)c;
    return PyUnicode_FromString(t->itemsize == 2 ? "H" : "I");
}

static PyObject *table_max(TableObject *t, PyObject *noargs)
{
    (void)noargs;
    uint32_t m = 0;
    size_t n = (size_t)t->rows * t->cols;
    if (t->itemsize == 2) {
        const uint16_t *d = t->data;
        for (size_t i = 0; i < n; i++)
            m = d[i] > m ? d[i] : m;
    } else {
        const uint32_t *d = t->data;
        for (size_t i = 0; i < n; i++)
            m = d[i] > m ? d[i] : m;
    }
    return PyLong_FromUnsignedLong(m);
}

static PyObject *table_tolist(TableObject *t, PyObject *noargs)
{
    (void)noargs;
    PyObject *out = PyList_New(t->rows);
    for (uint32_t x = 0; out && x < t->rows; x++) {
        PyObject *k = PyLong_FromUnsignedLong(x), *row = k ? table_subscript(t, k) : NULL;
        Py_XDECREF(k);
        if (!row) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, x, row);
    }
    return out;
}

static PyMemberDef table_members[] = {
    {"rows", T_UINT, offsetof(TableObject, rows), READONLY, "Number of rows (x = 0 .. rows - 1)."},
    {"cols", T_UINT, offsetof(TableObject, cols), READONLY, "Number of columns (y = 0 .. cols - 1)."},
    {"rules", T_OBJECT, offsetof(TableObject, rules), READONLY, "The ruleset, in canonical text."},
    {"passes", T_UINT, offsetof(TableObject, pass), READONLY, "Side state: passes still available."},
    {"heap", T_UINT, offsetof(TableObject, heap), READONLY, "Side state: stones in the extra heap."},
    {"itemsize", T_UINT, offsetof(TableObject, itemsize), READONLY, "Bytes per value (2 or 4)."},
    {NULL, 0, 0, 0, NULL}};

static PyGetSetDef table_getset[] = {
    {"shape", (getter)table_get_shape, NULL, "(rows, cols).", NULL},
    {"format", (getter)table_get_format, NULL, "The buffer's struct format: 'H' (2 bytes) or 'I' (4 bytes).", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef table_methods[] = {
    {"max", (PyCFunction)(void (*)(void))table_max, METH_NOARGS, "max() -> int\n\nThe largest value in the table."},
    {"tolist", (PyCFunction)(void (*)(void))table_tolist, METH_NOARGS,
     "tolist() -> list[list[int]]\n\nThe values as a list of rows."},
    {NULL, NULL, 0, NULL}};

PyDoc_STRVAR(table_doc,
             "The values G(x, y) (G- in misere play) of a window 0 <= x < rows, 0 <= y < cols\n"
             "in one side state, made by wythoff.table().\n\n"
             "t[x, y] is one value, t[x] the row x as a list, len(t) the number of rows.\n"
             "The values are exposed through the buffer protocol, read-only, shape\n"
             "(rows, cols), C order, format 'H' (unsigned 16 bits) when the proved bound\n"
             "on the window's values fits 16 bits, else 'I' (32 bits): memoryview(t) and\n"
             "numpy.asarray(t) share the table's memory without a copy.");

PyTypeObject py_TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "wythoff.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_dealloc = (destructor)table_dealloc,
    .tp_repr = (reprfunc)table_repr,
    .tp_as_mapping = &table_as_mapping,
    .tp_as_buffer = &table_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = table_doc,
    .tp_methods = table_methods,
    .tp_members = table_members,
    .tp_getset = table_getset,
};

typedef struct {
    void *data;
    uint32_t cols;
    unsigned itemsize;
} table_fill;

/* wy_table_stream's row function (possibly on a worker thread; no Python). */
static int table_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    table_fill *f = ctx;
    size_t base = (size_t)x * f->cols;
    if (f->itemsize == 2) {
        uint16_t *d = (uint16_t *)f->data + base;
        for (uint32_t y = 0; y < cols; y++)
            d[y] = (uint16_t)values[y];
    } else {
        memcpy((uint32_t *)f->data + base, values, (size_t)cols * sizeof *values);
    }
    return 0;
}

/* _table(rules, rows, cols, pass, heap, threads, mem_limit): the values,
 * by the engine of `wythoff table --format bin` (wy_table_stream), written
 * into the Table's own memory row by row. */
PyObject *table_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    unsigned rows, cols, threads;
    wy_side side;
    unsigned long long mem_limit;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIIIIK", &text, &rows, &cols, &side.pass, &side.heap, &threads, &mem_limit) ||
        !py_parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return py_raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    const unsigned nthreads = threads ? threads : py_default_threads();
    const uint64_t bound = wy_table_value_bound(&r, rows, cols, side);
    const unsigned w = bound <= 0xffff ? 2 : 4;
    const uint64_t cells = (uint64_t)rows * cols;
    const uint64_t mine = cells > UINT64_MAX / w ? UINT64_MAX : cells * w;
    /* the engine: rows handed out (a ring of rows, or the whole table when
     * it fits); the ring needs every line's bitset over the whole range of
     * values, far more than the table for a narrow window (1 x 10^6: 233 GiB
     * against 6 MiB), and then the table is computed in memory ("held")
     * and its rows copied */
    const uint64_t sneed = wy_table_stream_estimate(&r, rows, cols, side, nthreads);
    const uint64_t hneed = wy_table_estimate(&r, rows, cols, side);
    const uint64_t need_s = sneed > UINT64_MAX - mine ? UINT64_MAX : sneed + mine;
    const uint64_t need_h = hneed > UINT64_MAX - mine ? UINT64_MAX : hneed + mine;
    const int held = mem_limit && need_s > mem_limit && need_h <= mem_limit;
    const uint64_t eng = need_h < need_s ? hneed : sneed, need = need_h < need_s ? need_h : need_s;
    if ((mem_limit && need > mem_limit) || mine > (uint64_t)PY_SSIZE_T_MAX || mine > SIZE_MAX) {
        if (sneed == UINT64_MAX) { /* beyond any memory: the engine says why */
            wy_status st = wy_table_stream(&r, rows, cols, side, mem_limit ? mem_limit : 1, NULL, table_row, NULL,
                                           err, sizeof err);
            return py_raise_status(st == WY_OK ? WY_ERANGE : st, err);
        }
        /* the library's one message shape (wy_memory_refusal) */
        char what[160], v[32], e[32];
        wy_format_bytes(v, sizeof v, mine);
        wy_format_bytes(e, sizeof e, eng);
        snprintf(what, sizeof what, "a %u x %u table in memory (%s for its values, %s for the engine)", rows, cols, v,
                 e);
        if (mem_limit) {
            wy_memory_refusal(err, sizeof err, what, need, mem_limit);
            PyErr_Format(py_TooLargeError, "%s (use mem_limit= to change the limit)", err);
        } else {
            PyErr_Format(py_TooLargeError, "%s is more than the address space", what);
        }
        return NULL;
    }
    TableObject *t = PyObject_New(TableObject, &py_TableType);
    if (!t)
        return NULL;
    t->data = NULL;
    t->rules = NULL;
    t->rows = rows;
    t->cols = cols;
    t->itemsize = w;
    t->shape[0] = rows;
    t->shape[1] = cols;
    t->strides[0] = (Py_ssize_t)cols * w;
    t->strides[1] = w;
    t->pass = side.pass;
    t->heap = side.heap;
    t->exports = 0;
    if (!(t->rules = PyUnicode_FromString(canon))) {
        Py_DECREF(t);
        return NULL;
    }
    if (!(t->data = malloc(mine ? (size_t)mine : 1))) {
        Py_DECREF(t);
        return PyErr_Format(py_TooLargeError, "a %u x %u table: out of memory for its values (%llu MiB)", rows, cols,
                            (unsigned long long)(mine >> 20) + 1);
    }
    table_fill f = {t->data, cols, w};
    pyrun pr;
    pyrun_init(&pr, nthreads);
    wy_status st;
    RELEASE(&pr);
    if (held) {
        wy_table *tab = NULL;
        uint32_t *row = NULL;
        st = wy_table_compute_run(&tab, &r, rows, cols, side, mem_limit - mine, WY_LAYOUT_AUTO, &pr.run, err,
                                  sizeof err);
        if (st == WY_OK && !(row = malloc((size_t)cols * sizeof *row))) {
            snprintf(err, sizeof err, "a %u x %u table: out of memory for a row", rows, cols);
            st = WY_ERANGE;
        }
        for (uint32_t x = 0; st == WY_OK && x < rows; x++) {
            wy_table_row(tab, x, side, row);
            table_row(&f, x, row, cols);
        }
        free(row);
        wy_table_free(tab);
    } else {
        st = wy_table_stream(&r, rows, cols, side, mem_limit ? mem_limit - mine : 0, &pr.run, table_row, &f, err,
                             sizeof err);
    }
    ACQUIRE(&pr);
    if (st != WY_OK) {
        Py_DECREF(t);
        return py_raise_status(st, err);
    }
    return (PyObject *)t;
}
