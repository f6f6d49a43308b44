/* check.c - the claims of the papers: _claims, _check. */
#include "_wythoff.h"
#include "wythoff_check.h"

#include <stdio.h>
#include <stdlib.h>

/* _claims(): every claim as `wythoff check --list --format json` writes it. */
PyObject *claims_py(PyObject *self, PyObject *noargs)
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
PyObject *check_py(PyObject *self, PyObject *args)
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
    uint64_t t0 = py_now_ms();
    RELEASE(&pr);
    wy_status st = wy_claim_check((size_t)i, limit, mem_limit, &pr.run, res, err, sizeof err);
    ACQUIRE(&pr);
    uint64_t ms = py_now_ms() - t0;
    PyObject *out = NULL;
    if (st != WY_OK) {
        char msg[WY_ERRLEN + 64];
        snprintf(msg, sizeof msg, "%s: %s", in->id, err);
        py_raise_status(st, msg);
    } else {
        out = Py_BuildValue("{s:s,s:s,s:s,s:s,s:K,s:K,s:s}", "id", in->id, "verdict", wy_verdict_name(res->verdict),
                            "source", in->source, "range", res->range, "limit", (unsigned long long)res->limit, "ms",
                            (unsigned long long)ms, "detail", res->detail);
    }
    free(res);
    return out;
}
