/* _wythoff.c - the Python module's C part: a thin client of the public
 * headers (include/), like the command-line tool.  The package
 * python/wythoff/__init__.py checks and normalises the arguments (window,
 * side state, defaults) and calls the functions here with plain values;
 * this file runs the engines with the GIL released, turns statuses into
 * exceptions in one place (raise_status), and converts between Python ints
 * and GMP numbers.  The manual is docs/python.md.
 *
 * Ctrl-C: the engines call run.progress from the calling thread; there the
 * GIL is taken back (at most every 50 ms, so that a thread running Python
 * code beside a long computation does not slow it) and PyErr_CheckSignals
 * runs the signal handlers; a raised exception (KeyboardInterrupt) cancels
 * the computation, and the engine's WY_ECANCELED leaves that exception to
 * propagate. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "wythoff.h"
#include "wythoff_automaton.h"
#include "wythoff_check.h"
#include "wythoff_compare.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"
#include "wythoff_plot.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

PyMODINIT_FUNC PyInit__wythoff(void);

static PyObject *Error, *TooLargeError, *UndecidedError, *InternalError;
static PyTypeObject *ValueType, *MoveType, *MovesType;

/* ------------------------------------------------------------------ */
/* Statuses as exceptions                                              */
/* ------------------------------------------------------------------ */

/* The one place where a library status becomes an exception.  Returns NULL. */
static PyObject *raise_status(wy_status st, const char *err)
{
    if (st == WY_ECANCELED) {
        /* stopped by our progress function: its exception (KeyboardInterrupt) is pending */
        if (!PyErr_Occurred())
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        return NULL;
    }
    if (PyErr_Occurred())
        return NULL;
    PyObject *type = st == WY_EINVAL       ? PyExc_ValueError
                     : st == WY_ERANGE     ? TooLargeError
                     : st == WY_EUNDECIDED ? UndecidedError
                                           : InternalError;
    PyErr_SetString(type, err && *err ? err : "internal error");
    return NULL;
}

static int parse_rules(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        PyErr_SetString(PyExc_ValueError, err);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Running an engine without the GIL                                   */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_run run;
    PyThreadState *ts; /* the saved thread state while the GIL is released */
    int stop;          /* an exception is pending: every later call cancels */
    uint64_t next_ms;  /* the next check of the signals */
} pyrun;

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

static unsigned default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

static int py_progress(void *ctx, uint64_t done, uint64_t total)
{
    pyrun *r = ctx;
    (void)done;
    (void)total;
    if (r->stop)
        return 1;
    uint64_t t = now_ms();
    if (t < r->next_ms)
        return 0;
    r->next_ms = t + 50;
    PyEval_RestoreThread(r->ts);
    if (PyErr_CheckSignals() != 0)
        r->stop = 1;
    r->ts = PyEval_SaveThread();
    return r->stop;
}

/* threads 0: every core, as the tool */
static void pyrun_init(pyrun *r, unsigned threads)
{
    memset(r, 0, sizeof *r);
    r->run.threads = threads ? threads : default_threads();
    r->run.progress = py_progress;
    r->run.progress_ctx = r;
    r->next_ms = now_ms() + 50;
}

#define RELEASE(r) ((r)->ts = PyEval_SaveThread())
#define ACQUIRE(r) PyEval_RestoreThread((r)->ts)

/* Calls nested through signal handlers.  py_progress runs Python's signal
 * handlers in the middle of a computation, on the C stack of the engine; a
 * handler that calls the module starts a second computation on top of the
 * first, and a handler that fires again and again (a timer) nests them
 * without end: each level costs the engine's and the interpreter's C frames
 * (about 30 KiB), which the interpreter's recursion limit does not see, and
 * some 250 levels overflowed the main thread's 8 MiB stack.  So the calls
 * that run an engine count the module's calls in progress on their thread
 * (on another thread a call starts at 0: threads do not nest), and refuse
 * with RecursionError (a RuntimeError) beyond PY_MAX_NEST, before anything
 * is allocated; the exception leaves the handler, cancels the computation
 * below it (as KeyboardInterrupt does) and reaches the outermost call. */
#define PY_MAX_NEST 16
static _Thread_local unsigned py_nest;

#define NESTED(fn)                                                                                                  \
    static PyObject *fn##_nested(PyObject *self, PyObject *args)                                                    \
    {                                                                                                               \
        if (py_nest >= PY_MAX_NEST)                                                                                 \
            return PyErr_Format(PyExc_RecursionError,                                                               \
                                "wythoff: %u calls nested in signal handlers during a computation (at most %u: a "  \
                                "signal handler that calls wythoff runs in the middle of the computation it "       \
                                "interrupts)",                                                                      \
                                py_nest + 1, (unsigned)PY_MAX_NEST);                                                \
        py_nest++;                                                                                                  \
        PyObject *res = fn(self, args);                                                                             \
        py_nest--;                                                                                                  \
        return res;                                                                                                 \
    }

/* ------------------------------------------------------------------ */
/* Python ints and GMP numbers                                         */
/* ------------------------------------------------------------------ */

/* A non-negative Python int (or an object with __index__, not a float)
 * into z.  TypeError for another type, ValueError for a negative number;
 * `what` names the argument.  Small numbers go through one machine word,
 * larger ones through their hexadecimal text. */
static int to_mpz(mpz_t z, PyObject *o, const char *what)
{
    PyObject *own = NULL;
    if (!PyLong_Check(o)) {
        if (PyFloat_Check(o) || !PyIndex_Check(o)) {
            PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
            return 0;
        }
        if (!(own = o = PyNumber_Index(o)))
            return 0;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    int ok = 1;
    if (v == -1 && PyErr_Occurred()) {
        ok = 0;
    } else if (overflow < 0 || (!overflow && v < 0)) {
        PyObject *s = PyObject_Str(o);
        const char *t = s ? PyUnicode_AsUTF8(s) : NULL;
        if (t)
            PyErr_Format(PyExc_ValueError, "bad %s %.40s%s (expected a non-negative integer)", what, t,
                         strlen(t) > 40 ? "..." : "");
        Py_XDECREF(s);
        ok = 0;
    } else if (!overflow && (unsigned long long)v <= ULONG_MAX) {
        mpz_set_ui(z, (unsigned long)v);
    } else {
        PyObject *h = PyNumber_ToBase(o, 16);
        const char *t = h ? PyUnicode_AsUTF8(h) : NULL;
        if (!t || mpz_set_str(z, t + 2, 16) != 0) { /* "0x..." */
            if (!PyErr_Occurred())
                PyErr_SetString(InternalError, "cannot convert an int");
            ok = 0;
        }
        Py_XDECREF(h);
    }
    Py_XDECREF(own);
    return ok;
}

static PyObject *from_mpz(const mpz_t z)
{
    if (mpz_fits_ulong_p(z))
        return PyLong_FromUnsignedLong(mpz_get_ui(z));
    if (mpz_fits_slong_p(z))
        return PyLong_FromLong(mpz_get_si(z));
    char small[256];
    size_t n = mpz_sizeinbase(z, 16) + 2;
    char *buf = n <= sizeof small ? small : malloc(n);
    if (!buf)
        return PyErr_NoMemory();
    mpz_get_str(buf, 16, z);
    PyObject *r = PyLong_FromString(buf, NULL, 16);
    if (buf != small)
        free(buf);
    return r;
}

/* The library's static method texts as Python strings, made once each. */
#define METHOD_CACHE 64
static struct {
    const char *p;
    PyObject *s;
} method_cache[METHOD_CACHE];

static PyObject *method_str(const char *m)
{
    if (!m)
        m = "";
    for (int i = 0; i < METHOD_CACHE; i++) {
        if (method_cache[i].p == m) {
            Py_INCREF(method_cache[i].s);
            return method_cache[i].s;
        }
        if (!method_cache[i].p) {
            PyObject *s = PyUnicode_FromString(m);
            if (!s)
                return NULL;
            method_cache[i].p = m;
            method_cache[i].s = s;
            Py_INCREF(s);
            return s;
        }
    }
    return PyUnicode_FromString(m);
}

/* ------------------------------------------------------------------ */
/* Evaluators, kept per ruleset                                        */
/* ------------------------------------------------------------------ */

static PyObject *cache_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    char dir[4096];
    const char *d = wy_exact_cache_default(dir, sizeof dir);
    if (!d)
        Py_RETURN_NONE;
    return PyUnicode_DecodeFSDefault(d);
}

/* One evaluator per ruleset made with the default memory limit, taken out
 * of this dict while a call uses it (a wy_exact serves one thread at a
 * time) and put back after. */
static PyObject *exact_pool;

static void exact_capsule_free(PyObject *cap)
{
    wy_exact_free(PyCapsule_GetPointer(cap, "wythoff.exact"));
}

/* An evaluator for rules (text: its canonical text).  mem_limit 0: the
 * pool's, with the machine's available memory as its limit. */
static wy_exact *exact_take(const wy_rules *r, const char *text, uint64_t mem_limit, uint64_t dflt_limit)
{
    char err[WY_ERRLEN], dir[4096];
    wy_exact *e = NULL;
    if (!mem_limit) {
        PyObject *cap = PyDict_GetItemString(exact_pool, text); /* borrowed */
        if (cap) {
            e = PyCapsule_GetPointer(cap, "wythoff.exact");
            PyCapsule_SetDestructor(cap, NULL);
            if (PyDict_DelItemString(exact_pool, text) != 0)
                return NULL;
        }
    }
    if (!e) {
        /* its first tables: seconds with many side-state layers (heap=H in
         * misere play), so without the GIL and stopped by Ctrl-C */
        pyrun pr;
        pyrun_init(&pr, 0);
        RELEASE(&pr);
        wy_status st = wy_exact_new_run(&e, r, mem_limit ? mem_limit : dflt_limit, &pr.run, err, sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK)
            return raise_status(st, err), NULL;
    }
    wy_exact_set_cache(e, wy_exact_cache_default(dir, sizeof dir));
    return e;
}

static void exact_give(wy_exact *e, const char *text, uint64_t mem_limit)
{
    if (!e)
        return;
    wy_exact_set_run(e, NULL);
    if (mem_limit || PyDict_GetItemString(exact_pool, text)) {
        wy_exact_free(e);
        return;
    }
    PyObject *err_type, *err_value, *err_tb;
    PyErr_Fetch(&err_type, &err_value, &err_tb); /* keep a pending exception */
    PyObject *cap = PyCapsule_New(e, "wythoff.exact", exact_capsule_free);
    if (!cap || PyDict_SetItemString(exact_pool, text, cap) != 0) {
        if (!cap)
            wy_exact_free(e);
        PyErr_Clear();
    }
    Py_XDECREF(cap);
    PyErr_Restore(err_type, err_value, err_tb);
}

static PyObject *clear_cache_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    PyDict_Clear(exact_pool);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ */
/* Rulesets                                                            */
/* ------------------------------------------------------------------ */

static PyObject *parse_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_rules r;
    char canon[160];
    if (!PyArg_ParseTuple(args, "s", &text) || !parse_rules(&r, text))
        return NULL;
    wy_rules_format(canon, sizeof canon, &r);
    return Py_BuildValue("{s:s,s:s,s:I,s:I,s:I,s:I,s:O,s:I,s:O}", "rules", canon, "game",
                         r.game == WY_GAME_NIM ? "nim" : "wythoff", "passes", r.passes, "heap", r.heap, "max", r.max,
                         "mod", r.mod, "has_terminal", r.has_terminal ? Py_True : Py_False, "terminal", r.terminal,
                         "misere", r.misere ? Py_True : Py_False);
}

static PyObject *side_text_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_rules r;
    wy_side s;
    char buf[64];
    if (!PyArg_ParseTuple(args, "sII", &text, &s.pass, &s.heap) || !parse_rules(&r, text))
        return NULL;
    wy_side_format(buf, sizeof buf, &r, s);
    return PyUnicode_FromString(buf);
}

static PyObject *format_bytes_py(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long n;
    char buf[32];
    if (!PyArg_ParseTuple(args, "K", &n))
        return NULL;
    wy_format_bytes(buf, sizeof buf, n);
    return PyUnicode_FromString(buf);
}

/* ------------------------------------------------------------------ */
/* Table                                                               */
/* ------------------------------------------------------------------ */

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

static PyTypeObject TableType;

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
    if (wy_rules_parse(&r, text, NULL, 0) == WY_OK && wy_side_format(side, sizeof side, &r, (wy_side){t->pass, t->heap}) > 0)
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

static PyTypeObject TableType = {
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
static PyObject *table_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    unsigned rows, cols, threads;
    wy_side side;
    unsigned long long mem_limit;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIIIIK", &text, &rows, &cols, &side.pass, &side.heap, &threads, &mem_limit) ||
        !parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    const unsigned nthreads = threads ? threads : default_threads();
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
        char lim[32];
        wy_format_bytes(lim, sizeof lim, mem_limit);
        if (sneed == UINT64_MAX) { /* beyond any memory: the engine says why */
            wy_status st = wy_table_stream(&r, rows, cols, side, mem_limit ? mem_limit : 1, NULL, table_row, NULL,
                                           err, sizeof err);
            return raise_status(st == WY_OK ? WY_ERANGE : st, err);
        }
        PyErr_Format(TooLargeError,
                     "a %u x %u table needs about %llu MiB in memory (%llu MiB for its values, %llu MiB for the "
                     "engine), more than the limit of %s (use mem_limit= to change the limit)",
                     rows, cols, (unsigned long long)(need >> 20) + 1, (unsigned long long)(mine >> 20) + 1,
                     (unsigned long long)(eng >> 20) + 1, mem_limit ? lim : "the address space");
        return NULL;
    }
    TableObject *t = PyObject_New(TableObject, &TableType);
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
        return PyErr_Format(TooLargeError, "a %u x %u table: out of memory for its values (%llu MiB)", rows, cols,
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
        return raise_status(st, err);
    }
    return (PyObject *)t;
}

/* ------------------------------------------------------------------ */
/* Values                                                              */
/* ------------------------------------------------------------------ */

static PyStructSequence_Field value_fields[] = {
    {"rules", "the ruleset (canonical text)"},
    {"x", "the first heap"},
    {"y", "the second heap"},
    {"value", "the value G (G- in misere play), or None when only the outcome is decided"},
    {"outcome", "'P' (value 0: the player to move loses) or 'N'"},
    {"method", "how the answer was obtained (docs/exact.md)"},
    {"why", "'' when the value is known, else why it is not"},
    {"value_min", "when the value is not known: a proved lower bound (G >= value_min), else 0 (an attribute, not "
                  "in the tuple)"},
    {NULL, NULL}};
static PyStructSequence_Desc value_desc = {
    "wythoff.Value",
    "The answer for one position: value() and values().  A named tuple\n"
    "(rules, x, y, value, outcome, method, why).",
    value_fields, 7};

static PyStructSequence_Field move_fields[] = {
    {"kind", "'col' (take from the first heap), 'row' (the second), 'diag', 'mod', 'heap' or 'pass'"},
    {"x", "the first heap of the position reached"},
    {"y", "the second heap of the position reached"},
    {"passes", "passes left there"},
    {"heap", "stones left in the extra heap there"},
    {"value", "the value of the position reached (0 for every move of an incomplete list)"},
    {"winning", "True when it reaches a P-position"},
    {NULL, NULL}};
static PyStructSequence_Desc move_desc = {"wythoff.Move", "One option of a position, from moves().", move_fields, 7};

static PyStructSequence_Field moves_fields[] = {
    {"position", "the position's own answer (a wythoff.Value)"},
    {"complete", "True: `moves` is every option with its value; False: the winning moves only (every "
                 "other option reaches an N-position)"},
    {"moves", "a list of wythoff.Move"},
    {NULL, NULL}};
static PyStructSequence_Desc moves_desc = {"wythoff.Moves", "The options of a position: moves().", moves_fields, 3};

static PyObject *make_value(PyObject *rules, PyObject *x, PyObject *y, const wy_answer *a)
{
    PyObject *v = PyStructSequence_New(ValueType);
    if (!v)
        return NULL;
    PyObject *val = a->has_value ? from_mpz(a->value) : (Py_INCREF(Py_None), Py_None);
    PyObject *oc = PyUnicode_FromOrdinal(a->outcome);
    PyObject *m = method_str(a->method);
    PyObject *why = PyUnicode_FromString(a->has_value ? "" : a->why[0] ? a->why : "no exact method gives it");
    PyObject *vmin = PyLong_FromUnsignedLongLong(a->has_value ? 0 : (unsigned long long)a->value_min);
    if (!val || !oc || !m || !why || !vmin) {
        Py_XDECREF(vmin);
        Py_XDECREF(val);
        Py_XDECREF(oc);
        Py_XDECREF(m);
        Py_XDECREF(why);
        Py_DECREF(v);
        return NULL;
    }
    Py_INCREF(rules);
    Py_INCREF(x);
    Py_INCREF(y);
    PyStructSequence_SET_ITEM(v, 0, rules);
    PyStructSequence_SET_ITEM(v, 1, x);
    PyStructSequence_SET_ITEM(v, 2, y);
    PyStructSequence_SET_ITEM(v, 3, val);
    PyStructSequence_SET_ITEM(v, 4, oc);
    PyStructSequence_SET_ITEM(v, 5, m);
    PyStructSequence_SET_ITEM(v, 6, why);
    PyStructSequence_SET_ITEM(v, 7, vmin);
    return v;
}

/* ------------------------------------------------------------------ */
/* Automata (docs/automata.md)                                         */
/* ------------------------------------------------------------------ */

/* Parse the automaton text of a Python str: NULL with the exception set. */
static wy_automaton *aut_of(const char *text, Py_ssize_t len)
{
    wy_automaton *a = NULL;
    char err[WY_ERRLEN];
    wy_status st = wy_automaton_parse(&a, text, (size_t)len, err, sizeof err);
    if (st != WY_OK) {
        raise_status(st, err);
        return NULL;
    }
    return a;
}

/* _aut_builtin(name) -> str: a shipped automaton's file text. */
static PyObject *aut_builtin_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name))
        return NULL;
    char file[128];
    snprintf(file, sizeof file, "%.100s.aut", name);
    const char *t = wy_automaton_builtin_text(file);
    if (!t)
        return raise_status(WY_EINVAL, "no shipped automaton of that name (data/automata/: wythoff-v1)");
    return PyUnicode_FromString(t);
}

/* _aut_info(text) -> dict */
static PyObject *aut_info_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    Py_ssize_t len;
    if (!PyArg_ParseTuple(args, "s#", &text, &len))
        return NULL;
    wy_automaton *a = aut_of(text, len);
    if (!a)
        return NULL;
    const wy_automaton_info *in = wy_automaton_get_info(a);
    char rules[160];
    wy_rules_format(rules, sizeof rules, &in->rules);
    PyObject *d = Py_BuildValue("{s:s,s:I,s:I,s:K,s:I,s:L,s:L,s:K,s:I,s:I,s:s}", "rules", rules, "passes", in->side.pass,
                                "heap", in->side.heap, "value", (unsigned long long)in->value, "states", in->states,
                                "min_offset", (long long)in->min_out, "max_offset", (long long)in->max_out,
                                "diagonals", (unsigned long long)in->diagonals, "suffix", in->suffix, "depth",
                                in->depth, "made_by", in->made_by);
    wy_automaton_free(a);
    return d;
}

/* _aut_position(text, n) -> (d, x, y): the offset at n and the layer's
 * position on diagonal n. */
static PyObject *aut_position_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    Py_ssize_t len;
    PyObject *no;
    if (!PyArg_ParseTuple(args, "s#O", &text, &len, &no))
        return NULL;
    mpz_t n, x, y;
    mpz_inits(n, x, y, NULL);
    PyObject *res = NULL;
    wy_automaton *a = NULL;
    if (to_mpz(n, no, "n") && (a = aut_of(text, len)) != NULL) {
        int64_t d = 0;
        char err[WY_ERRLEN];
        wy_status st = wy_automaton_output(a, n, &d, err, sizeof err);
        if (st == WY_OK)
            st = wy_automaton_diagonal(a, x, y, n, err, sizeof err);
        if (st != WY_OK)
            raise_status(st, err);
        else {
            PyObject *px = from_mpz(x), *py = from_mpz(y);
            if (px && py)
                res = Py_BuildValue("(LNN)", (long long)d, px, py);
            else {
                Py_XDECREF(px);
                Py_XDECREF(py);
            }
        }
    }
    wy_automaton_free(a);
    mpz_clears(n, x, y, NULL);
    return res;
}

/* _aut_contains(text, x, y) -> bool */
static PyObject *aut_contains_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    Py_ssize_t len;
    PyObject *xo, *yo;
    if (!PyArg_ParseTuple(args, "s#OO", &text, &len, &xo, &yo))
        return NULL;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    PyObject *res = NULL;
    wy_automaton *a = NULL;
    if (to_mpz(x, xo, "x") && to_mpz(y, yo, "y") && (a = aut_of(text, len)) != NULL)
        res = PyBool_FromLong(wy_automaton_contains(a, x, y));
    wy_automaton_free(a);
    mpz_clears(x, y, NULL);
    return res;
}

#define CHUNK 16384 /* positions per call of wy_eval_positions */

/* _values(rules, pass, heap, xs, ys, threads, mem_limit, dflt_limit): the
 * answers for the positions (xs[i], ys[i]) (two sequences), a list. */
static PyObject *values_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_side side;
    PyObject *xs_in, *ys_in;
    unsigned threads;
    unsigned long long mem_limit, dflt;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIOOIKK", &text, &side.pass, &side.heap, &xs_in, &ys_in, &threads, &mem_limit,
                          &dflt) ||
        !parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    PyObject *xs = PySequence_Fast(xs_in, "xs must be a sequence");
    PyObject *ys = xs ? PySequence_Fast(ys_in, "ys must be a sequence") : NULL;
    PyObject *rules = ys ? PyUnicode_FromString(canon) : NULL;
    PyObject *out = NULL;
    wy_eval_item *it = NULL;
    wy_exact *e = NULL;
    size_t nit = 0;
    if (!rules)
        goto done;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(xs);
    if (PySequence_Fast_GET_SIZE(ys) != n) {
        PyErr_SetString(PyExc_ValueError, "xs and ys differ in length");
        goto done;
    }
    if (!(out = PyList_New(n)))
        goto done;
    if (n == 0)
        goto done;
    nit = n < CHUNK ? (size_t)n : CHUNK;
    if (!(it = malloc(nit * sizeof *it))) {
        PyErr_NoMemory();
        goto fail;
    }
    for (size_t i = 0; i < nit; i++)
        wy_eval_item_init(&it[i]);
    if (!(e = exact_take(&r, canon, mem_limit, dflt)))
        goto fail;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    for (Py_ssize_t base = 0; base < n; base += CHUNK) {
        size_t k = (size_t)(n - base) < nit ? (size_t)(n - base) : nit;
        for (size_t i = 0; i < k; i++)
            if (!to_mpz(it[i].x, PySequence_Fast_GET_ITEM(xs, base + (Py_ssize_t)i), "x") ||
                !to_mpz(it[i].y, PySequence_Fast_GET_ITEM(ys, base + (Py_ssize_t)i), "y"))
                goto fail;
        size_t bad = 0;
        RELEASE(&pr);
        wy_status st = wy_eval_positions(e, it, k, side, &pr.run, &bad, err, sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK) {
            if (n > 1 && st != WY_ECANCELED) {
                char msg[WY_ERRLEN + 64];
                snprintf(msg, sizeof msg, "position %zu: %s", (size_t)base + bad, err);
                raise_status(st, msg);
            } else {
                raise_status(st, err);
            }
            goto fail;
        }
        for (size_t i = 0; i < k; i++) {
            PyObject *v = make_value(rules, PySequence_Fast_GET_ITEM(xs, base + (Py_ssize_t)i),
                                     PySequence_Fast_GET_ITEM(ys, base + (Py_ssize_t)i), &it[i].ans);
            if (!v)
                goto fail;
            PyList_SET_ITEM(out, base + (Py_ssize_t)i, v);
        }
    }
    goto done;
fail:
    Py_CLEAR(out);
done:
    exact_give(e, canon, mem_limit);
    for (size_t i = 0; it && i < nit; i++)
        wy_eval_item_clear(&it[i]);
    free(it);
    Py_XDECREF(rules);
    Py_XDECREF(xs);
    Py_XDECREF(ys);
    return out;
}

/* ------------------------------------------------------------------ */
/* Moves                                                               */
/* ------------------------------------------------------------------ */

static const char *const move_name[] = {"row", "col", "diag", "mod", "heap", "pass"};

static PyObject *make_move(wy_move_kind kind, PyObject *x, PyObject *y, wy_side s, uint32_t v)
{
    PyObject *m = x && y ? PyStructSequence_New(MoveType) : NULL;
    PyObject *k = m ? PyUnicode_FromString(move_name[kind]) : NULL;
    PyObject *p = k ? PyLong_FromUnsignedLong(s.pass) : NULL;
    PyObject *h = p ? PyLong_FromUnsignedLong(s.heap) : NULL;
    PyObject *val = h ? PyLong_FromUnsignedLong(v) : NULL;
    if (!val) {
        Py_XDECREF(m);
        Py_XDECREF(k);
        Py_XDECREF(p);
        Py_XDECREF(h);
        Py_XDECREF(x);
        Py_XDECREF(y);
        return NULL;
    }
    PyObject *win = v == 0 ? Py_True : Py_False;
    Py_INCREF(win);
    PyStructSequence_SET_ITEM(m, 0, k);
    PyStructSequence_SET_ITEM(m, 1, x);
    PyStructSequence_SET_ITEM(m, 2, y);
    PyStructSequence_SET_ITEM(m, 3, p);
    PyStructSequence_SET_ITEM(m, 4, h);
    PyStructSequence_SET_ITEM(m, 5, val);
    PyStructSequence_SET_ITEM(m, 6, win);
    return m;
}

/* _moves(rules, pass, heap, x, y, threads, mem_limit, dflt_limit) */
static PyObject *moves_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_side side;
    PyObject *xo, *yo;
    unsigned threads;
    unsigned long long mem_limit, dflt;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIOOIKK", &text, &side.pass, &side.heap, &xo, &yo, &threads, &mem_limit, &dflt) ||
        !parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    wy_options op;
    wy_options_init(&op);
    wy_exact *e = NULL;
    PyObject *out = NULL, *list = NULL, *pos = NULL, *rules = NULL;
    if (!to_mpz(x, xo, "x") || !to_mpz(y, yo, "y") || !(e = exact_take(&r, canon, mem_limit, dflt)))
        goto done;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    RELEASE(&pr);
    wy_status st = wy_eval_options(e, &op, x, y, side, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK) {
        raise_status(st, err);
        goto done;
    }
    if (!(rules = PyUnicode_FromString(canon)) || !(pos = make_value(rules, xo, yo, &op.pos)) ||
        !(list = PyList_New((Py_ssize_t)op.count)))
        goto done;
    for (size_t i = 0; i < op.count; i++) {
        PyObject *m;
        if (op.complete) {
            const wy_move *mv = &op.moves[i];
            m = make_move(mv->kind, PyLong_FromUnsignedLong(mv->x), PyLong_FromUnsignedLong(mv->y), mv->side,
                          op.values[i]);
        } else {
            const wy_bigmove *mv = &op.wins[i];
            m = make_move(mv->kind, from_mpz(mv->x), from_mpz(mv->y), mv->side, 0);
        }
        if (!m)
            goto done;
        PyList_SET_ITEM(list, (Py_ssize_t)i, m);
    }
    if (!(out = PyStructSequence_New(MovesType)))
        goto done;
    PyObject *cpl = op.complete ? Py_True : Py_False;
    Py_INCREF(cpl);
    PyStructSequence_SET_ITEM(out, 0, pos);
    PyStructSequence_SET_ITEM(out, 1, cpl);
    PyStructSequence_SET_ITEM(out, 2, list);
    pos = list = NULL;
done:
    Py_XDECREF(pos);
    Py_XDECREF(list);
    Py_XDECREF(rules);
    exact_give(e, canon, mem_limit);
    wy_options_clear(&op);
    mpz_clears(x, y, NULL);
    return out;
}

/* ------------------------------------------------------------------ */
/* Positions of a value                                                */
/* ------------------------------------------------------------------ */

/* _ppos_from(rules, pass, heap, start, k, g, threads, mem_limit, dflt):
 * up to k positions (a, b), a <= b, of value g with a >= start, in order:
 * a list of (n or None, a, b). */
static PyObject *ppos_from_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_side side;
    PyObject *fo;
    unsigned k, threads;
    unsigned long long g, mem_limit, dflt;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIOIKIKK", &text, &side.pass, &side.heap, &fo, &k, &g, &threads, &mem_limit, &dflt) ||
        !parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    if (k == 0)
        return PyList_New(0);
    mpz_t from, *a = NULL, *b = NULL, *n = NULL;
    mpz_init(from);
    PyObject *out = NULL;
    wy_exact *e = NULL;
    size_t got = 0, made = 0;
    if (!to_mpz(from, fo, "start"))
        goto done;
    a = malloc(k * sizeof *a);
    b = malloc(k * sizeof *b);
    n = malloc(k * sizeof *n);
    if (!a || !b || !n) {
        PyErr_NoMemory();
        goto done;
    }
    for (; made < k; made++)
        mpz_inits(a[made], b[made], n[made], NULL);
    if (!(e = exact_take(&r, canon, mem_limit, dflt)))
        goto done;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    RELEASE(&pr);
    wy_status st = wy_eval_ppos(e, a, b, n, k, &got, from, side, g, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK) {
        raise_status(st, err);
        goto done;
    }
    if (!(out = PyList_New((Py_ssize_t)got)))
        goto done;
    for (size_t i = 0; i < got; i++) {
        PyObject *ni = mpz_sgn(n[i]) >= 0 ? from_mpz(n[i]) : (Py_INCREF(Py_None), Py_None);
        PyObject *t = ni ? Py_BuildValue("(NNN)", ni, from_mpz(a[i]), from_mpz(b[i])) : NULL;
        if (!t) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
done:
    exact_give(e, canon, mem_limit);
    for (size_t i = 0; i < made; i++)
        mpz_clears(a[i], b[i], n[i], NULL);
    free(a);
    free(b);
    free(n);
    mpz_clear(from);
    return out;
}

/* _ppos_window(rules, pass, heap, rows, cols, g, count_only, engine,
 * threads, mem_limit): the positions of value g of the window as a list of
 * (x, y) in order, or their number (count_only).  engine 0: the layer
 * engine where it applies, else the table; 1 table; 2 layer.  As `ppos`. */
static PyObject *ppos_window_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_side side;
    unsigned long long rows, cols, mem_limit;
    unsigned g, threads;
    int count_only, engine;
    wy_rules r;
    char err[WY_ERRLEN];
    if (!PyArg_ParseTuple(args, "sIIKKIpiIK", &text, &side.pass, &side.heap, &rows, &cols, &g, &count_only, &engine,
                          &threads, &mem_limit) ||
        !parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return raise_status(WY_EINVAL, err);
    char lerr[WY_ERRLEN];
    const int layered = wy_layer_supported(&r, lerr, sizeof lerr) == WY_OK;
    if (engine == 2 && !layered) {
        char canon[160];
        wy_rules_format(canon, sizeof canon, &r);
        return PyErr_Format(PyExc_ValueError, "the layer engine does not cover '%s': %s", canon, lerr);
    }
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_status st;
    if (layered && engine != 1) {
        if (count_only) {
            uint64_t cnt = 0;
            RELEASE(&pr);
            st = wy_layer_count(&cnt, &r, side, g, rows, cols, mem_limit, &pr.run, err, sizeof err);
            ACQUIRE(&pr);
            return st == WY_OK ? PyLong_FromUnsignedLongLong(cnt) : raise_status(st, err);
        }
        if (rows > UINT32_MAX || cols > UINT32_MAX)
            return PyErr_Format(TooLargeError, "listing the positions of a %llu x %llu window is beyond this module "
                                "(use count())", rows, cols);
        wy_pos *p = NULL;
        size_t n = 0;
        RELEASE(&pr);
        st = wy_layer_positions(&p, &n, &r, side, g, (uint32_t)rows, (uint32_t)cols, mem_limit, &pr.run, err,
                                sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK)
            return raise_status(st, err);
        PyObject *out = PyList_New((Py_ssize_t)n);
        for (size_t i = 0; out && i < n; i++) {
            PyObject *t = Py_BuildValue("(II)", p[i].x, p[i].y);
            if (!t) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, (Py_ssize_t)i, t);
        }
        wy_free(p);
        return out;
    }
    if (rows > UINT32_MAX || cols > UINT32_MAX)
        return PyErr_Format(TooLargeError,
                            "a %llu x %llu window is beyond the table engine (at most 4294967295 per side)", rows,
                            cols);
    wy_table *t = NULL;
    RELEASE(&pr);
    st = wy_table_compute_run(&t, &r, (uint32_t)rows, (uint32_t)cols, side, mem_limit, WY_LAYOUT_AUTO, &pr.run, err,
                              sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK)
        return raise_status(st, err);
    uint32_t *row = malloc((size_t)cols * sizeof *row);
    PyObject *out = row && !count_only ? PyList_New(0) : NULL;
    uint64_t cnt = 0;
    if (!row)
        PyErr_NoMemory();
    for (uint32_t x = 0; row && (count_only || out) && x < rows; x++) {
        wy_table_row(t, x, side, row);
        for (uint32_t y = 0; y < cols; y++) {
            if (row[y] != g)
                continue;
            cnt++;
            if (count_only)
                continue;
            PyObject *p = Py_BuildValue("(II)", x, y);
            if (!p || PyList_Append(out, p) != 0) {
                Py_XDECREF(p);
                Py_CLEAR(out);
                break;
            }
            Py_DECREF(p);
        }
    }
    free(row);
    wy_table_free(t);
    if (count_only && row)
        return PyLong_FromUnsignedLongLong(cnt);
    return out;
}

/* ------------------------------------------------------------------ */
/* Row periods                                                         */
/* ------------------------------------------------------------------ */

/* _period(rules, pass, rows, max_cols, threads, mem_limit): a dict as
 * `wythoff period --format json` writes it. */
static PyObject *period_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    unsigned pass, rows, threads;
    unsigned long long maxc, mem_limit;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIKIK", &text, &pass, &rows, &maxc, &threads, &mem_limit) || !parse_rules(&r, text))
        return NULL;
    wy_rules_format(canon, sizeof canon, &r);
    if (r.heap || r.mod)
        return PyErr_Format(PyExc_ValueError, "period covers rulesets without heap=H and mod=M (got '%s')", canon);
    wy_row_periods rp;
    memset(&rp, 0, sizeof rp);
    pyrun pr;
    pyrun_init(&pr, threads);
    RELEASE(&pr);
    wy_status st = wy_row_periods_compute_run(&rp, &r, rows, maxc, mem_limit, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK)
        return raise_status(st, err);
    PyObject *list = PyList_New(rp.rows), *out = NULL;
    for (uint32_t x = 0; list && x < rp.rows; x++) {
        size_t i = (size_t)pass * rp.rows + x;
        PyObject *d = Py_BuildValue("{s:I,s:K,s:K}", "x", x, "preperiod", (unsigned long long)rp.row_pre[i], "period",
                                    (unsigned long long)rp.row_period[i]);
        if (!d) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, x, d);
    }
    if (list) {
        out = Py_BuildValue("{s:s,s:I,s:O,s:{s:K,s:K,s:K,s:K},s:N}", "rules", canon, "rows", rp.rows, "additive",
                            rp.shift ? Py_True : Py_False, "proof", "y0", (unsigned long long)rp.y0, "period",
                            (unsigned long long)rp.period, "shift", (unsigned long long)rp.shift, "window",
                            (unsigned long long)rp.cols_computed, "periods", list);
        if (out && r.passes) {
            PyObject *p = PyLong_FromUnsignedLong(pass);
            if (!p || PyDict_SetItemString(out, "pass", p) != 0)
                Py_CLEAR(out);
            Py_XDECREF(p);
        }
    }
    wy_row_periods_clear(&rp);
    return out;
}

/* ------------------------------------------------------------------ */
/* Comparisons                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
    uint32_t *d; /* x, y, a, b per difference */
    size_t n, cap;
    int nomem;
} diff_list;

static int on_diff(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    diff_list *l = ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint32_t *d = realloc(l->d, cap * 4 * sizeof *d);
        if (!d) {
            l->nomem = 1;
            return 1;
        }
        l->d = d;
        l->cap = cap;
    }
    uint32_t *p = l->d + 4 * l->n++;
    p[0] = x, p[1] = y, p[2] = va, p[3] = vb;
    return 0;
}

static const char *engine_name(wy_compare_engine e, int positions)
{
    return e == WY_COMPARE_TABLE ? "table" : e == WY_COMPARE_LAYER ? "layer" : positions ? "positions" : "file";
}

/* A value of a difference as `compare --format json` writes it. */
static PyObject *diff_cell(int set_mode, uint32_t v, uint32_t g, int in)
{
    if (!set_mode) {
        if (v == WY_COMPARE_OTHER)
            Py_RETURN_NONE;
        return PyLong_FromUnsignedLong(v);
    }
    if (g == 0)
        return PyUnicode_FromString(in ? "P" : "N");
    if (in)
        return PyLong_FromUnsignedLong(g);
    Py_RETURN_NONE;
}

static int dict_set(PyObject *d, const char *k, PyObject *v)
{
    if (!v)
        return 0;
    int rc = PyDict_SetItemString(d, k, v);
    Py_DECREF(v);
    return rc == 0;
}

/* _compare(rules_a, pass_a, heap_a, rules_b, pass_b, heap_b, size, set_mode,
 * g, g_b, engine, threads, mem_limit, positions): a dict as `wythoff compare
 * --format json` writes it (mode "values" or "outcome").  positions: None,
 * or the bytes of a sorted, repeat-free array of (x, y) uint32 pairs that
 * stands for side B (rules_b is then ignored; mode "positions", as the
 * tool's mode "file" with "in_positions" for "in_file"). */
static PyObject *compare_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *ta, *tb;
    wy_side sa, sb;
    unsigned size, g, gb, threads;
    int set_mode, engine;
    unsigned long long mem_limit;
    wy_rules ra, rb;
    char err[WY_ERRLEN], ca[160], cb[160] = "";
    PyObject *posobj;
    if (!PyArg_ParseTuple(args, "sIIsIIIpIIiIKO", &ta, &sa.pass, &sa.heap, &tb, &sb.pass, &sb.heap, &size, &set_mode,
                          &g, &gb, &engine, &threads, &mem_limit, &posobj))
        return NULL;
    const int listed = posobj != Py_None;
    if (listed && !PyBytes_Check(posobj))
        return PyErr_Format(PyExc_TypeError, "positions must be bytes");
    if (wy_rules_parse(&ra, ta, err, sizeof err) != WY_OK)
        return PyErr_Format(PyExc_ValueError, "RULES_A: %s", err);
    if (!listed && wy_rules_parse(&rb, tb, err, sizeof err) != WY_OK)
        return PyErr_Format(PyExc_ValueError, "RULES_B: %s", err);
    wy_rules_format(ca, sizeof ca, &ra);
    if (!listed)
        wy_rules_format(cb, sizeof cb, &rb);
    wy_compare_side A = {&ra, sa, NULL, 0}, B = {&rb, sb, NULL, 0};
    if (listed) {
        /* wy_pos is two uint32_t: the bytes are its array (python packs them) */
        B.rules = NULL;
        B.pos = (const wy_pos *)(const void *)PyBytes_AS_STRING(posobj);
        B.npos = (size_t)PyBytes_GET_SIZE(posobj) / sizeof(wy_pos);
        set_mode = 1;
        gb = g;
    }
    wy_compare_opts opt = {set_mode ? WY_COMPARE_SET : WY_COMPARE_VALUES, g, size, size, (wy_compare_engine)engine,
                           mem_limit};
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_compare_plan plan;
    wy_status st = set_mode ? wy_compare_plan_make_gb(&plan, &A, &B, &opt, gb, pr.run.threads, err, sizeof err)
                            : wy_compare_plan_make(&plan, &A, &B, &opt, pr.run.threads, err, sizeof err);
    if (st != WY_OK)
        return raise_status(st, err);
    diff_list l = {NULL, 0, 0, 0};
    wy_compare_summary s;
    RELEASE(&pr);
    st = set_mode ? wy_compare_gb(&s, &A, &B, &opt, gb, &pr.run, on_diff, &l, err, sizeof err)
                  : wy_compare(&s, &A, &B, &opt, &pr.run, on_diff, &l, err, sizeof err);
    ACQUIRE(&pr);
    if (l.nomem && st == WY_ECANCELED) {
        free(l.d);
        return PyErr_NoMemory();
    }
    if (st != WY_OK) {
        free(l.d);
        return raise_status(st, err);
    }
    PyObject *d = PyDict_New(), *diffs = d ? PyList_New((Py_ssize_t)l.n) : NULL;
    int ok = diffs != NULL;
    for (size_t i = 0; ok && i < l.n; i++) {
        const uint32_t *p = l.d + 4 * i;
        const int in_a = p[2] == g;
        PyObject *e = PyDict_New();
        ok = e && dict_set(e, "x", PyLong_FromUnsignedLong(p[0])) && dict_set(e, "y", PyLong_FromUnsignedLong(p[1])) &&
             dict_set(e, "a", listed ? diff_cell(0, p[2], 0, 0) : diff_cell(set_mode, p[2], g, in_a)) &&
             (listed ? dict_set(e, "in_positions", PyBool_FromLong(!in_a))
                     : dict_set(e, "b", set_mode ? diff_cell(1, 0, gb, !in_a) : diff_cell(0, p[3], 0, 0)));
        if (e)
            PyList_SET_ITEM(diffs, (Py_ssize_t)i, e);
    }
    free(l.d);
    ok = ok && dict_set(d, "rules_a", PyUnicode_FromString(ca));
    if (ok && ra.passes)
        ok = dict_set(d, "pass_a", PyLong_FromUnsignedLong(sa.pass));
    if (ok && ra.heap)
        ok = dict_set(d, "heap_a", PyLong_FromUnsignedLong(sa.heap));
    if (listed) {
        ok = ok && PyDict_SetItemString(d, "rules_b", Py_None) == 0 &&
             dict_set(d, "positions", PyLong_FromSize_t(B.npos));
    } else {
        ok = ok && dict_set(d, "rules_b", PyUnicode_FromString(cb));
        if (ok && rb.passes)
            ok = dict_set(d, "pass_b", PyLong_FromUnsignedLong(sb.pass));
        if (ok && rb.heap)
            ok = dict_set(d, "heap_b", PyLong_FromUnsignedLong(sb.heap));
    }
    ok = ok && dict_set(d, "size", PyLong_FromUnsignedLong(size)) &&
         dict_set(d, "mode", PyUnicode_FromString(listed ? "positions" : set_mode ? "outcome" : "values"));
    if (ok && set_mode)
        ok = dict_set(d, "value", PyLong_FromUnsignedLong(g)) &&
             (listed || dict_set(d, "value_b", PyLong_FromUnsignedLong(gb)));
    ok = ok && dict_set(d, "engine_a", PyUnicode_FromString(engine_name(plan.engine_a, listed))) &&
         dict_set(d, "engine_b", PyUnicode_FromString(engine_name(plan.engine_b, listed)));
    if (ok) {
        ok = PyDict_SetItemString(d, "differences", diffs) == 0;
        PyObject *sum = ok ? PyDict_New() : NULL;
        ok = sum && dict_set(sum, "count", PyLong_FromUnsignedLongLong(s.count)) &&
             dict_set(sum, "compared", PyLong_FromUnsignedLongLong(s.compared));
        if (ok && set_mode)
            ok = dict_set(sum, "only_a", PyLong_FromUnsignedLongLong(s.only_a)) &&
                 dict_set(sum, "only_b", PyLong_FromUnsignedLongLong(s.only_b));
        if (ok && s.count)
            ok = dict_set(sum, "bbox",
                          Py_BuildValue("{s:I,s:I,s:I,s:I}", "min_x", s.min_x, "max_x", s.max_x, "min_y", s.min_y,
                                        "max_y", s.max_y)) &&
                 dict_set(sum, "smallest", Py_BuildValue("[II]", s.first.x, s.first.y)) &&
                 dict_set(sum, "largest", Py_BuildValue("[II]", s.last.x, s.last.y)) &&
                 dict_set(sum, "nearest", Py_BuildValue("[II]", s.nearest.x, s.nearest.y));
        else if (ok)
            for (int i = 0; ok && i < 4; i++)
                ok = PyDict_SetItemString(sum, (const char *[]){"bbox", "smallest", "largest", "nearest"}[i],
                                          Py_None) == 0;
        if (sum)
            ok = ok && PyDict_SetItemString(d, "summary", sum) == 0;
        Py_XDECREF(sum);
    }
    Py_XDECREF(diffs);
    if (!ok) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}

/* ------------------------------------------------------------------ */
/* Claims                                                              */
/* ------------------------------------------------------------------ */

/* _claims(): every claim as `wythoff check --list --format json` writes it. */
static PyObject *claims_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    size_t n = wy_claim_count();
    PyObject *out = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; out && i < n; i++) {
        const wy_claim_info *in = wy_claim_get(i);
        PyObject *d = Py_BuildValue("{s:s,s:s,s:s,s:s,s:z,s:s,s:K}", "id", in->id, "source", in->source, "statement",
                                    in->statement, "method", in->method, "corrected", in->corrected, "scale",
                                    wy_scale_name(in->scale), "default_limit", (unsigned long long)in->default_limit);
        if (!d) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, d);
    }
    return out;
}

/* _check(i, limit, threads, mem_limit): claim i checked, a dict as one
 * claim of `wythoff check --format json`. */
static PyObject *check_py(PyObject *self, PyObject *args)
{
    (void)self;
    Py_ssize_t i;
    unsigned long long limit, mem_limit;
    unsigned threads;
    char err[WY_ERRLEN];
    if (!PyArg_ParseTuple(args, "nKIK", &i, &limit, &threads, &mem_limit))
        return NULL;
    if (i < 0 || (size_t)i >= wy_claim_count())
        return PyErr_Format(PyExc_IndexError, "no claim %zd", i);
    const wy_claim_info *in = wy_claim_get((size_t)i);
    wy_claim_result *res = malloc(sizeof *res);
    if (!res)
        return PyErr_NoMemory();
    pyrun pr;
    pyrun_init(&pr, threads);
    uint64_t t0 = now_ms();
    RELEASE(&pr);
    wy_status st = wy_claim_check((size_t)i, limit, mem_limit, &pr.run, res, err, sizeof err);
    ACQUIRE(&pr);
    uint64_t ms = now_ms() - t0;
    PyObject *out = NULL;
    if (st != WY_OK) {
        char msg[WY_ERRLEN + 64];
        snprintf(msg, sizeof msg, "%s: %s", in->id, err);
        raise_status(st, msg);
    } else {
        out = Py_BuildValue("{s:s,s:s,s:s,s:s,s:K,s:K,s:s}", "id", in->id, "verdict", wy_verdict_name(res->verdict),
                            "source", in->source, "range", res->range, "limit", (unsigned long long)res->limit, "ms",
                            (unsigned long long)ms, "detail", res->detail);
    }
    free(res);
    return out;
}

/* ------------------------------------------------------------------ */
/* Pictures                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
    char *d;
    size_t n, cap;
} bytes_buf;

static int buf_write(void *ctx, const void *data, size_t len)
{
    bytes_buf *b = ctx;
    if (len > b->cap - b->n) {
        size_t cap = b->cap ? b->cap : 65536;
        while (len > cap - b->n)
            cap *= 2;
        char *d = realloc(b->d, cap);
        if (!d)
            return 1;
        b->d = d;
        b->cap = cap;
    }
    memcpy(b->d + b->n, data, len);
    b->n += len;
    return 0;
}

/* _plot(style, fmt, games, rows, cols, value, cell, title, threads,
 * mem_limit): the picture's bytes.  games: a sequence of (rules, pass,
 * heap). */
static PyObject *plot_py(PyObject *self, PyObject *args)
{
    (void)self;
    int style, fmt;
    PyObject *games;
    unsigned rows, cols, cell, threads;
    unsigned long long value, mem_limit;
    const char *title;
    char err[WY_ERRLEN];
    if (!PyArg_ParseTuple(args, "iiOIIKIzIK", &style, &fmt, &games, &rows, &cols, &value, &cell, &title, &threads,
                          &mem_limit))
        return NULL;
    wy_rules rules[WY_PLOT_MAX_GAMES];
    wy_plot_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.style = (wy_plot_style)style;
    sp.format = (wy_plot_format)fmt;
    sp.rows = rows;
    sp.cols = cols;
    sp.value = value;
    sp.cell = cell;
    sp.title = title;
    sp.mem_limit = mem_limit;
    Py_ssize_t ng = PySequence_Length(games);
    if (ng < 0)
        return NULL;
    if (ng < 1 || ng > WY_PLOT_MAX_GAMES)
        return PyErr_Format(PyExc_ValueError, "a plot shows 1 to %d rulesets (got %zd)", WY_PLOT_MAX_GAMES, ng);
    for (Py_ssize_t i = 0; i < ng; i++) {
        PyObject *it = PySequence_GetItem(games, i);
        const char *text;
        wy_side s;
        int ok = it && PyArg_ParseTuple(it, "sII", &text, &s.pass, &s.heap) && parse_rules(&rules[i], text);
        Py_XDECREF(it);
        if (!ok)
            return NULL;
        sp.games[i].rules = &rules[i];
        sp.games[i].side = s;
    }
    sp.ngames = (unsigned)ng;
    wy_plot_geometry geom;
    wy_status st = wy_plot_layout(&sp, &geom, err, sizeof err);
    if (st != WY_OK)
        return raise_status(st, err);
    uint64_t need = wy_plot_estimate(&sp);
    if (sp.mem_limit && need > sp.mem_limit) {
        char lim[32];
        wy_format_bytes(lim, sizeof lim, sp.mem_limit);
        return PyErr_Format(TooLargeError,
                            "this plot needs about %llu MiB, more than the limit of %s (use mem_limit= to change it)",
                            (unsigned long long)((need + (1u << 20) - 1) >> 20), lim);
    }
    bytes_buf b = {NULL, 0, 0};
    pyrun pr;
    pyrun_init(&pr, threads);
    RELEASE(&pr);
    st = wy_plot(&sp, &pr.run, buf_write, &b, err, sizeof err);
    ACQUIRE(&pr);
    PyObject *out = NULL;
    if (st == WY_EINVAL && strcmp(err, "write error") == 0)
        PyErr_NoMemory();
    else if (st != WY_OK)
        raise_status(st, err);
    else if (fmt == WY_PLOT_SVG)
        out = PyUnicode_DecodeUTF8(b.d ? b.d : "", (Py_ssize_t)b.n, "strict");
    else
        out = PyBytes_FromStringAndSize(b.d ? b.d : "", (Py_ssize_t)b.n);
    free(b.d);
    return out;
}

/* ------------------------------------------------------------------ */
/* The module                                                          */
/* ------------------------------------------------------------------ */

static PyObject *available_memory_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    /* the tool's default --mem-limit (app/num.c): MemAvailable of /proc/meminfo */
    unsigned long long kb = 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "MemAvailable:", 13) == 0) {
                char *p = line + 13;
                while (*p == ' ')
                    p++;
                while (*p >= '0' && *p <= '9')
                    kb = kb * 10 + (unsigned long long)(*p++ - '0');
                fclose(f);
                return PyLong_FromUnsignedLongLong(kb * 1024);
            }
        }
        fclose(f);
    }
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0)
        return PyLong_FromUnsignedLongLong((unsigned long long)pages * (unsigned long long)size);
    return PyLong_FromLong(0);
}

static PyObject *default_threads_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return PyLong_FromUnsignedLong(default_threads());
}

/* the calls that run an engine (pyrun), counted against PY_MAX_NEST */
NESTED(table_py)
NESTED(values_py)
NESTED(moves_py)
NESTED(ppos_from_py)
NESTED(ppos_window_py)
NESTED(period_py)
NESTED(compare_py)
NESTED(check_py)
NESTED(plot_py)

#define FN(name, fn, flags, doc) {name, (PyCFunction)(void (*)(void))fn, flags, doc}
static PyMethodDef module_methods[] = {
    FN("_parse", parse_py, METH_VARARGS, "_parse(rules) -> dict: the ruleset's fields and canonical text."),
    FN("_aut_builtin", aut_builtin_py, METH_VARARGS, "_aut_builtin(name) -> str: a shipped automaton's text."),
    FN("_aut_info", aut_info_py, METH_VARARGS, "_aut_info(text) -> dict: what an automaton file describes."),
    FN("_aut_position", aut_position_py, METH_VARARGS, "_aut_position(text, n) -> (d, x, y)."),
    FN("_aut_contains", aut_contains_py, METH_VARARGS, "_aut_contains(text, x, y) -> bool."),
    FN("_side_text", side_text_py, METH_VARARGS, "_side_text(rules, pass, heap) -> str: the side state in words."),
    FN("_format_bytes", format_bytes_py, METH_VARARGS, "_format_bytes(n) -> str: bytes in words ('1.5 MiB')."),
    FN("_table", table_py_nested, METH_VARARGS, "_table(rules, rows, cols, pass, heap, threads, mem_limit) -> Table"),
    FN("_values", values_py_nested, METH_VARARGS,
       "_values(rules, pass, heap, xs, ys, threads, mem_limit, default_limit) -> list[Value]"),
    FN("_moves", moves_py_nested, METH_VARARGS,
       "_moves(rules, pass, heap, x, y, threads, mem_limit, default_limit) -> Moves"),
    FN("_ppos_from", ppos_from_py_nested, METH_VARARGS,
       "_ppos_from(rules, pass, heap, start, k, g, threads, mem_limit, default_limit) -> list[(n, x, y)]"),
    FN("_ppos_window", ppos_window_py_nested, METH_VARARGS,
       "_ppos_window(rules, pass, heap, rows, cols, g, count_only, engine, threads, mem_limit) -> list | int"),
    FN("_period", period_py_nested, METH_VARARGS, "_period(rules, pass, rows, max_cols, threads, mem_limit) -> dict"),
    FN("_compare", compare_py_nested, METH_VARARGS,
       "_compare(rules_a, pass_a, heap_a, rules_b, pass_b, heap_b, size, set_mode, g, g_b, engine, threads, "
       "mem_limit, positions) -> dict"),
    FN("_claims", claims_py, METH_NOARGS, "_claims() -> list[dict]: every claim of the papers."),
    FN("_check", check_py_nested, METH_VARARGS, "_check(index, limit, threads, mem_limit) -> dict"),
    FN("_plot", plot_py_nested, METH_VARARGS,
       "_plot(style, format, games, rows, cols, value, cell, title, threads, mem_limit) -> bytes | str"),
    FN("_available_memory", available_memory_py, METH_NOARGS,
       "_available_memory() -> int: the tool's default memory limit (MemAvailable)."),
    FN("_default_threads", default_threads_py, METH_NOARGS, "_default_threads() -> int: the online processors."),
    FN("_cache_dir", cache_py, METH_NOARGS, "_cache_dir() -> str | None: the evaluator's cache directory."),
    FN("_clear_cache", clear_cache_py, METH_NOARGS, "_clear_cache(): drop the evaluators kept per ruleset."),
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "wythoff._wythoff",
                                        "The C part of the wythoff module (see the package wythoff).", -1,
                                        module_methods, NULL, NULL, NULL, NULL};

static PyObject *new_error(const char *name, const char *doc, PyObject *bases)
{
    PyObject *e = PyErr_NewExceptionWithDoc(name, doc, bases, NULL);
    Py_XDECREF(bases);
    return e;
}

PyMODINIT_FUNC PyInit__wythoff(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (PyType_Ready(&TableType) < 0)
        goto fail;
    ValueType = PyStructSequence_NewType(&value_desc);
    MoveType = PyStructSequence_NewType(&move_desc);
    MovesType = PyStructSequence_NewType(&moves_desc);
    exact_pool = PyDict_New();
    if (!ValueType || !MoveType || !MovesType || !exact_pool)
        goto fail;
    Error = new_error("wythoff.Error", "Base class of the wythoff module's own exceptions.", NULL);
    TooLargeError = Error ? new_error("wythoff.TooLargeError",
                                      "The work needs more memory than mem_limit allows (default: the machine's "
                                      "available memory), or more than the engine can address; raised before "
                                      "anything is allocated, with the estimate in the message.  A MemoryError.",
                                      PyTuple_Pack(2, Error, PyExc_MemoryError))
                          : NULL;
    UndecidedError = TooLargeError ? new_error("wythoff.UndecidedError",
                                               "No method decides the question within the limits; the message names "
                                               "what would.  An ArithmeticError.",
                                               PyTuple_Pack(2, Error, PyExc_ArithmeticError))
                                   : NULL;
    InternalError = UndecidedError ? new_error("wythoff.InternalError",
                                               "An internal error of the library (should not happen).  A "
                                               "RuntimeError.",
                                               PyTuple_Pack(2, Error, PyExc_RuntimeError))
                                   : NULL;
    if (!InternalError)
        goto fail;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        goto fail;
    }
    PyObject *objs[] = {(PyObject *)ValueType, (PyObject *)MoveType, (PyObject *)MovesType, Error, TooLargeError,
                        UndecidedError, InternalError};
    const char *names[] = {"Value", "Move", "Moves", "Error", "TooLargeError", "UndecidedError", "InternalError"};
    for (int i = 0; i < 7; i++) {
        Py_INCREF(objs[i]);
        if (PyModule_AddObject(m, names[i], objs[i]) < 0) {
            Py_DECREF(objs[i]);
            goto fail;
        }
    }
    if (PyModule_AddStringConstant(m, "WY_VERSION", WY_VERSION) < 0 ||
        PyModule_AddStringConstant(m, "library_version", wy_version()) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
