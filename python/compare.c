/* compare.c - comparisons of two rulesets, or of a ruleset and a list of
 * positions, in a window: _compare. */
#include "_wythoff.h"
#include "wythoff_compare.h"

#include <stdlib.h>

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

/* The arguments of one call of _compare, parsed; A and B point into it. */
typedef struct {
    wy_side sa, sb;
    unsigned size, g, gb, threads;
    int set_mode, engine, listed;
    unsigned long long mem_limit;
    wy_rules ra, rb;
    char ca[160], cb[160];
    wy_compare_side A, B;
} compare_args;

static int compare_parse(compare_args *c, PyObject *args)
{
    const char *ta, *tb;
    char err[WY_ERRLEN];
    PyObject *posobj;
    c->cb[0] = '\0';
    if (!PyArg_ParseTuple(args, "sIIsIIIpIIiIKO", &ta, &c->sa.pass, &c->sa.heap, &tb, &c->sb.pass, &c->sb.heap,
                          &c->size, &c->set_mode, &c->g, &c->gb, &c->engine, &c->threads, &c->mem_limit, &posobj))
        return 0;
    c->listed = posobj != Py_None;
    if (c->listed && !PyBytes_Check(posobj))
        return PyErr_Format(PyExc_TypeError, "positions must be bytes"), 0;
    if (wy_rules_parse(&c->ra, ta, err, sizeof err) != WY_OK)
        return PyErr_Format(PyExc_ValueError, "RULES_A: %s", err), 0;
    if (!c->listed && wy_rules_parse(&c->rb, tb, err, sizeof err) != WY_OK)
        return PyErr_Format(PyExc_ValueError, "RULES_B: %s", err), 0;
    wy_rules_format(c->ca, sizeof c->ca, &c->ra);
    if (!c->listed)
        wy_rules_format(c->cb, sizeof c->cb, &c->rb);
    c->A = (wy_compare_side){&c->ra, c->sa, NULL, 0};
    c->B = (wy_compare_side){&c->rb, c->sb, NULL, 0};
    if (c->listed) {
        /* wy_pos is two uint32_t: the bytes are its array (python packs them) */
        c->B.rules = NULL;
        c->B.pos = (const wy_pos *)(const void *)PyBytes_AS_STRING(posobj);
        c->B.npos = (size_t)PyBytes_GET_SIZE(posobj) / sizeof(wy_pos);
        c->set_mode = 1;
        c->gb = c->g;
    }
    return 1;
}

/* "differences": a list of dicts, x, y, a and b (or in_positions). */
static PyObject *compare_diffs(const compare_args *c, const diff_list *l)
{
    const int listed = c->listed, set_mode = c->set_mode;
    PyObject *diffs = PyList_New((Py_ssize_t)l->n);
    int ok = diffs != NULL;
    for (size_t i = 0; ok && i < l->n; i++) {
        const uint32_t *p = l->d + 4 * i;
        const int in_a = p[2] == c->g;
        PyObject *e = PyDict_New();
        ok = e && dict_set(e, "x", PyLong_FromUnsignedLong(p[0])) && dict_set(e, "y", PyLong_FromUnsignedLong(p[1])) &&
             dict_set(e, "a", listed ? diff_cell(0, p[2], 0, 0) : diff_cell(set_mode, p[2], c->g, in_a)) &&
             (listed ? dict_set(e, "in_positions", PyBool_FromLong(!in_a))
                     : dict_set(e, "b", set_mode ? diff_cell(1, 0, c->gb, !in_a) : diff_cell(0, p[3], 0, 0)));
        if (e)
            PyList_SET_ITEM(diffs, (Py_ssize_t)i, e);
    }
    if (!ok)
        Py_CLEAR(diffs);
    return diffs;
}

/* The fields before "differences": the sides, the window, the mode, the
 * engines. */
static int compare_fields(PyObject *d, const compare_args *c, const wy_compare_plan *plan)
{
    const int listed = c->listed, set_mode = c->set_mode;
    int ok = dict_set(d, "rules_a", PyUnicode_FromString(c->ca));
    if (ok && c->ra.passes)
        ok = dict_set(d, "pass_a", PyLong_FromUnsignedLong(c->sa.pass));
    if (ok && c->ra.heap)
        ok = dict_set(d, "heap_a", PyLong_FromUnsignedLong(c->sa.heap));
    if (listed) {
        ok = ok && PyDict_SetItemString(d, "rules_b", Py_None) == 0 &&
             dict_set(d, "positions", PyLong_FromSize_t(c->B.npos));
    } else {
        ok = ok && dict_set(d, "rules_b", PyUnicode_FromString(c->cb));
        if (ok && c->rb.passes)
            ok = dict_set(d, "pass_b", PyLong_FromUnsignedLong(c->sb.pass));
        if (ok && c->rb.heap)
            ok = dict_set(d, "heap_b", PyLong_FromUnsignedLong(c->sb.heap));
    }
    ok = ok && dict_set(d, "size", PyLong_FromUnsignedLong(c->size)) &&
         dict_set(d, "mode", PyUnicode_FromString(listed ? "positions" : set_mode ? "outcome" : "values"));
    if (ok && set_mode)
        ok = dict_set(d, "value", PyLong_FromUnsignedLong(c->g)) &&
             (listed || dict_set(d, "value_b", PyLong_FromUnsignedLong(c->gb)));
    return ok && dict_set(d, "engine_a", PyUnicode_FromString(engine_name(plan->engine_a, listed))) &&
           dict_set(d, "engine_b", PyUnicode_FromString(engine_name(plan->engine_b, listed)));
}

/* "summary": the counts, and the box and the corners of the differences
 * (None when there are none). */
static int compare_summary(PyObject *d, const wy_compare_summary *s, int set_mode)
{
    PyObject *sum = PyDict_New();
    int ok = sum && dict_set(sum, "count", PyLong_FromUnsignedLongLong(s->count)) &&
             dict_set(sum, "compared", PyLong_FromUnsignedLongLong(s->compared));
    if (ok && set_mode)
        ok = dict_set(sum, "only_a", PyLong_FromUnsignedLongLong(s->only_a)) &&
             dict_set(sum, "only_b", PyLong_FromUnsignedLongLong(s->only_b));
    if (ok && s->count)
        ok = dict_set(sum, "bbox",
                      Py_BuildValue("{s:I,s:I,s:I,s:I}", "min_x", s->min_x, "max_x", s->max_x, "min_y", s->min_y,
                                    "max_y", s->max_y)) &&
             dict_set(sum, "smallest", Py_BuildValue("[II]", s->first.x, s->first.y)) &&
             dict_set(sum, "largest", Py_BuildValue("[II]", s->last.x, s->last.y)) &&
             dict_set(sum, "nearest", Py_BuildValue("[II]", s->nearest.x, s->nearest.y));
    else if (ok) {
        static const char *const none[] = {"bbox", "smallest", "largest", "nearest"};
        for (int i = 0; ok && i < 4; i++)
            ok = PyDict_SetItemString(sum, none[i], Py_None) == 0;
    }
    if (sum)
        ok = ok && PyDict_SetItemString(d, "summary", sum) == 0;
    Py_XDECREF(sum);
    return ok;
}

/* _compare(rules_a, pass_a, heap_a, rules_b, pass_b, heap_b, size, set_mode,
 * g, g_b, engine, threads, mem_limit, positions): a dict as `wythoff compare
 * --format json` writes it (mode "values" or "outcome").  positions: None,
 * or the bytes of a sorted, repeat-free array of (x, y) uint32 pairs that
 * stands for side B (rules_b is then ignored; mode "positions", as the
 * tool's mode "file" with "in_positions" for "in_file"). */
PyObject *compare_py(PyObject *self, PyObject *args)
{
    (void)self;
    compare_args c;
    char err[WY_ERRLEN];
    if (!compare_parse(&c, args))
        return NULL;
    const int set_mode = c.set_mode;
    wy_compare_opts opt = {set_mode ? WY_COMPARE_SET : WY_COMPARE_VALUES, c.g, c.size, c.size,
                           (wy_compare_engine)c.engine, c.mem_limit};
    pyrun pr;
    pyrun_init(&pr, c.threads);
    wy_compare_plan plan;
    wy_status st = set_mode ? wy_compare_plan_make_gb(&plan, &c.A, &c.B, &opt, c.gb, pr.run.threads, err, sizeof err)
                            : wy_compare_plan_make(&plan, &c.A, &c.B, &opt, pr.run.threads, err, sizeof err);
    if (st != WY_OK)
        return py_raise_status(st, err);
    diff_list l = {NULL, 0, 0, 0};
    wy_compare_summary s;
    RELEASE(&pr);
    st = set_mode ? wy_compare_gb(&s, &c.A, &c.B, &opt, c.gb, &pr.run, on_diff, &l, err, sizeof err)
                  : wy_compare(&s, &c.A, &c.B, &opt, &pr.run, on_diff, &l, err, sizeof err);
    ACQUIRE(&pr);
    if (l.nomem && st == WY_ECANCELED) {
        free(l.d);
        return PyErr_NoMemory();
    }
    if (st != WY_OK) {
        free(l.d);
        return py_raise_status(st, err);
    }
    PyObject *d = PyDict_New(), *diffs = d ? compare_diffs(&c, &l) : NULL;
    free(l.d);
    int ok = diffs && compare_fields(d, &c, &plan) && PyDict_SetItemString(d, "differences", diffs) == 0 &&
             compare_summary(d, &s, set_mode);
    Py_XDECREF(diffs);
    if (!ok) {
        Py_XDECREF(d);
        return NULL;
    }
    return d;
}
