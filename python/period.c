/* period.c - row periods: _period. */
#include "_wythoff.h"

#include <string.h>

/* _period(rules, pass, rows, max_cols, threads, mem_limit): a dict as
 * `wythoff period --format json` writes it. */
PyObject *period_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    unsigned pass, rows, threads;
    unsigned long long maxc, mem_limit;
    wy_rules r;
    char err[WY_ERRLEN], canon[160];
    if (!PyArg_ParseTuple(args, "sIIKIK", &text, &pass, &rows, &maxc, &threads, &mem_limit) ||
        !py_parse_rules(&r, text))
        return NULL;
    wy_rules_format(canon, sizeof canon, &r);
    if (r.heap || (r.mod && r.max))
        return PyErr_Format(PyExc_ValueError,
                            "period covers rulesets without heap=H, and mod=M only without max=N (got '%s')", canon);
    wy_row_periods rp;
    memset(&rp, 0, sizeof rp);
    pyrun pr;
    pyrun_init(&pr, threads);
    RELEASE(&pr);
    wy_status st = wy_row_periods_compute_run(&rp, &r, rows, maxc, mem_limit, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK)
        return py_raise_status(st, err);
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
