/* ppos.c - the positions of a value: _ppos_from (from a start, by the
 * evaluator) and _ppos_window (in a window, by the layer or the table
 * engine). */
#include "_wythoff.h"
#include "wythoff_layer.h"

#include <stdlib.h>

/* _ppos_from(rules, pass, heap, start, k, g, threads, mem_limit, dflt):
 * up to k positions (a, b), a <= b, of value g with a >= start, in order:
 * a list of (n or None, a, b). */
PyObject *ppos_from_py(PyObject *self, PyObject *args)
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
        !py_parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return py_raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    if (k == 0)
        return PyList_New(0);
    mpz_t from, *a = NULL, *b = NULL, *n = NULL;
    mpz_init(from);
    PyObject *out = NULL;
    wy_exact *e = NULL;
    size_t got = 0, made = 0;
    if (!py_to_mpz(from, fo, "start"))
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
    if (!(e = py_exact_take(&r, canon, mem_limit, dflt)))
        goto done;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    RELEASE(&pr);
    wy_status st = wy_eval_ppos(e, a, b, n, k, &got, from, side, g, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK) {
        py_raise_status(st, err);
        goto done;
    }
    if (!(out = PyList_New((Py_ssize_t)got)))
        goto done;
    for (size_t i = 0; i < got; i++) {
        PyObject *ni = mpz_sgn(n[i]) >= 0 ? py_from_mpz(n[i]) : (Py_INCREF(Py_None), Py_None);
        PyObject *t = ni ? Py_BuildValue("(NNN)", ni, py_from_mpz(a[i]), py_from_mpz(b[i])) : NULL;
        if (!t) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
done:
    py_exact_give(e, canon, mem_limit);
    for (size_t i = 0; i < made; i++)
        mpz_clears(a[i], b[i], n[i], NULL);
    free(a);
    free(b);
    free(n);
    mpz_clear(from);
    return out;
}

/* The count in closed form (wy_eval_count: Wythoff's values 0 and 1, the
 * P-positions of wythoff+pass with the pass left), as `ppos --count`: NULL
 * with no error set when there is none; p passes left play as p mod 2. */
static PyObject *count_closed(const wy_rules *r, wy_side side, unsigned g, unsigned long long rows,
                              unsigned long long cols, unsigned long long mem_limit)
{
    char err[WY_ERRLEN];
    mpz_t n, R, C;
    mpz_inits(n, R, C, NULL);
    mpz_import(R, 1, 1, sizeof rows, 0, 0, &rows);
    mpz_import(C, 1, 1, sizeof cols, 0, 0, &cols);
    wy_status st = wy_count_positions(n, r, side, g, R, C, mem_limit, err, sizeof err);
    PyObject *out = NULL;
    if (st == WY_OK) {
        char *t = mpz_get_str(NULL, 10, n);
        out = t ? PyLong_FromString(t, NULL, 10) : PyErr_NoMemory();
        free(t);
    } else if (st != WY_EUNDECIDED) {
        out = py_raise_status(st, err);
    }
    mpz_clears(n, R, C, NULL);
    return out;
}

/* _ppos_window(rules, pass, heap, rows, cols, g, count_only, engine,
 * threads, mem_limit): the positions of value g of the window as a list of
 * (x, y) in order, or their number (count_only).  engine 0: the count in
 * closed form where there is one, else the layer engine where it applies,
 * else the table; 1 table; 2 layer.  As `ppos`. */
PyObject *ppos_window_py(PyObject *self, PyObject *args)
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
        !py_parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return py_raise_status(WY_EINVAL, err);
    char lerr[WY_ERRLEN];
    const int layered = wy_layer_supported(&r, lerr, sizeof lerr) == WY_OK;
    if (engine == 2 && !layered) {
        char canon[160];
        wy_rules_format(canon, sizeof canon, &r);
        return PyErr_Format(PyExc_ValueError, "the layer engine does not cover '%s': %s", canon, lerr);
    }
    if (count_only && engine == 0) {
        PyObject *n = count_closed(&r, side, g, rows, cols, mem_limit);
        if (n || PyErr_Occurred())
            return n;
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
            return st == WY_OK ? PyLong_FromUnsignedLongLong(cnt) : py_raise_status(st, err);
        }
        if (rows > UINT32_MAX || cols > UINT32_MAX)
            return PyErr_Format(py_TooLargeError, "listing the positions of a %llu x %llu window is beyond this module "
                                "(use count())", rows, cols);
        wy_pos *p = NULL;
        size_t n = 0;
        RELEASE(&pr);
        st = wy_layer_positions(&p, &n, &r, side, g, (uint32_t)rows, (uint32_t)cols, mem_limit, &pr.run, err,
                                sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK)
            return py_raise_status(st, err);
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
        return PyErr_Format(py_TooLargeError,
                            "a %llu x %llu window is beyond the table engine (at most 4294967295 per side)", rows,
                            cols);
    wy_table *t = NULL;
    RELEASE(&pr);
    st = wy_table_compute_run(&t, &r, (uint32_t)rows, (uint32_t)cols, side, mem_limit, WY_LAYOUT_AUTO, &pr.run, err,
                              sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK)
        return py_raise_status(st, err);
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
