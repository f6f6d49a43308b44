/* automaton.c - automata (docs/automata.md): _aut_builtin, _aut_info,
 * _aut_position, _aut_contains. */
#include "_wythoff.h"
#include "wythoff_automaton.h"

#include <stdio.h>

/* Parse the automaton text of a Python str: NULL with the exception set. */
static wy_automaton *aut_of(const char *text, Py_ssize_t len)
{
    wy_automaton *a = NULL;
    char err[WY_ERRLEN];
    wy_status st = wy_automaton_parse(&a, text, (size_t)len, err, sizeof err);
    if (st != WY_OK) {
        py_raise_status(st, err);
        return NULL;
    }
    return a;
}

/* _aut_builtin(name) -> str: a shipped automaton's file text. */
PyObject *aut_builtin_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *name;
    if (!PyArg_ParseTuple(args, "s", &name))
        return NULL;
    char file[128];
    snprintf(file, sizeof file, "%.100s.aut", name);
    const char *t = wy_automaton_builtin_text(file);
    if (!t)
        return py_raise_status(WY_EINVAL, "no shipped automaton of that name (data/automata/: wythoff-v1)");
    return PyUnicode_FromString(t);
}

/* _aut_info(text) -> dict */
PyObject *aut_info_py(PyObject *self, PyObject *args)
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
    PyObject *d = Py_BuildValue("{s:s,s:I,s:I,s:K,s:I,s:L,s:L,s:K,s:I,s:I,s:s}", "rules", rules, "passes",
                                in->side.pass, "heap", in->side.heap, "value", (unsigned long long)in->value, "states",
                                in->states, "min_offset", (long long)in->min_out, "max_offset", (long long)in->max_out,
                                "diagonals", (unsigned long long)in->diagonals, "suffix", in->suffix, "depth",
                                in->depth, "made_by", in->made_by);
    wy_automaton_free(a);
    return d;
}

/* _aut_position(text, n) -> (d, x, y): the offset at n and the layer's
 * position on diagonal n. */
PyObject *aut_position_py(PyObject *self, PyObject *args)
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
    if (py_to_mpz(n, no, "n") && (a = aut_of(text, len)) != NULL) {
        int64_t d = 0;
        char err[WY_ERRLEN];
        wy_status st = wy_automaton_output(a, n, &d, err, sizeof err);
        if (st == WY_OK)
            st = wy_automaton_diagonal(a, x, y, n, err, sizeof err);
        if (st != WY_OK)
            py_raise_status(st, err);
        else {
            PyObject *px = py_from_mpz(x), *py = py_from_mpz(y);
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
PyObject *aut_contains_py(PyObject *self, PyObject *args)
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
    if (py_to_mpz(x, xo, "x") && py_to_mpz(y, yo, "y") && (a = aut_of(text, len)) != NULL)
        res = PyBool_FromLong(wy_automaton_contains(a, x, y));
    wy_automaton_free(a);
    mpz_clears(x, y, NULL);
    return res;
}
