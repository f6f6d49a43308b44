/* eval.c - the answers of the evaluator: wythoff.Value, Move and Moves,
 * _values and _moves. */
#include "_wythoff.h"

#include <stdlib.h>

PyTypeObject *py_ValueType, *py_MoveType, *py_MovesType;

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
    {"kind", "'first' (take from the first heap), 'second' (from the second), 'diag' (the same number from both), "
             "'mod' (a != b, a = b mod M, from both), 'heap' (from the extra heap) or 'pass'"},
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

/* The types above, made once by the module's init. */
/* The kinds, indexed by wy_move_kind, named for the heap a move takes from
 * (as `wythoff play` reads them: "first 3", "second 2").  The package
 * replaces them with its wythoff.MoveKind strings (_set_move_kinds), which
 * also compare equal to the earlier names 'col' and 'row'. */
static const char *const move_name[] = {"second", "first", "diag", "mod", "heap", "pass"};
#define N_KINDS (sizeof move_name / sizeof move_name[0])
static PyObject *move_kind[N_KINDS];

static int move_kinds_init(void)
{
    for (size_t i = 0; i < N_KINDS; i++)
        if (!move_kind[i] && !(move_kind[i] = PyUnicode_InternFromString(move_name[i])))
            return 0;
    return 1;
}

int py_eval_types(void)
{
    py_ValueType = PyStructSequence_NewType(&value_desc);
    py_MoveType = PyStructSequence_NewType(&move_desc);
    py_MovesType = PyStructSequence_NewType(&moves_desc);
    return py_ValueType && py_MoveType && py_MovesType && move_kinds_init();
}

static PyObject *make_value(PyObject *rules, PyObject *x, PyObject *y, const wy_answer *a)
{
    PyObject *v = PyStructSequence_New(py_ValueType);
    if (!v)
        return NULL;
    PyObject *val = a->has_value ? py_from_mpz(a->value) : (Py_INCREF(Py_None), Py_None);
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

#define CHUNK 16384 /* positions per call of wy_eval_positions */

/* _values(rules, pass, heap, xs, ys, threads, mem_limit, dflt_limit): the
 * answers for the positions (xs[i], ys[i]) (two sequences), a list. */
PyObject *values_py(PyObject *self, PyObject *args)
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
        !py_parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return py_raise_status(WY_EINVAL, err);
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
    if (!(e = py_exact_take(&r, canon, mem_limit, dflt)))
        goto fail;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    for (Py_ssize_t base = 0; base < n; base += CHUNK) {
        size_t k = (size_t)(n - base) < nit ? (size_t)(n - base) : nit;
        for (size_t i = 0; i < k; i++)
            if (!py_to_mpz(it[i].x, PySequence_Fast_GET_ITEM(xs, base + (Py_ssize_t)i), "x") ||
                !py_to_mpz(it[i].y, PySequence_Fast_GET_ITEM(ys, base + (Py_ssize_t)i), "y"))
                goto fail;
        size_t bad = 0;
        RELEASE(&pr);
        wy_status st = wy_eval_positions(e, it, k, side, &pr.run, &bad, err, sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK) {
            if (n > 1 && st != WY_ECANCELED) {
                char msg[WY_ERRLEN + 64];
                snprintf(msg, sizeof msg, "position %zu: %s", (size_t)base + bad, err);
                py_raise_status(st, msg);
            } else {
                py_raise_status(st, err);
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
    py_exact_give(e, canon, mem_limit);
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

/* _set_move_kinds(kinds): the objects Move.kind returns, one str per kind,
 * each equal to the kind's name */
PyObject *set_move_kinds_py(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *t;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &t))
        return NULL;
    if ((size_t)PyTuple_GET_SIZE(t) != N_KINDS)
        return PyErr_Format(PyExc_ValueError, "_set_move_kinds: %u kinds expected", (unsigned)N_KINDS);
    for (size_t i = 0; i < N_KINDS; i++) {
        PyObject *k = PyTuple_GET_ITEM(t, (Py_ssize_t)i);
        if (!PyUnicode_Check(k) || PyUnicode_CompareWithASCIIString(k, move_name[i]) != 0)
            return PyErr_Format(PyExc_ValueError, "_set_move_kinds: kind %u must be the str '%s'", (unsigned)i,
                                move_name[i]);
    }
    for (size_t i = 0; i < N_KINDS; i++) {
        PyObject *k = PyTuple_GET_ITEM(t, (Py_ssize_t)i);
        PyObject *old = move_kind[i];
        Py_INCREF(k);
        move_kind[i] = k;
        Py_XDECREF(old);
    }
    Py_RETURN_NONE;
}

static PyObject *make_move(wy_move_kind kind, PyObject *x, PyObject *y, wy_side s, uint32_t v)
{
    PyObject *m = x && y ? PyStructSequence_New(py_MoveType) : NULL;
    PyObject *k = m && (size_t)kind < N_KINDS ? move_kind[kind] : NULL;
    if (k)
        Py_INCREF(k);
    else if (m)
        PyErr_SetString(PyExc_SystemError, "unknown move kind");
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
PyObject *moves_py(PyObject *self, PyObject *args)
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
        !py_parse_rules(&r, text))
        return NULL;
    if (wy_side_check(&r, side, err, sizeof err) != WY_OK)
        return py_raise_status(WY_EINVAL, err);
    wy_rules_format(canon, sizeof canon, &r);
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    wy_options op;
    wy_options_init(&op);
    wy_exact *e = NULL;
    PyObject *out = NULL, *list = NULL, *pos = NULL, *rules = NULL;
    if (!py_to_mpz(x, xo, "x") || !py_to_mpz(y, yo, "y") || !(e = py_exact_take(&r, canon, mem_limit, dflt)))
        goto done;
    pyrun pr;
    pyrun_init(&pr, threads);
    wy_exact_set_run(e, &pr.run);
    RELEASE(&pr);
    wy_status st = wy_eval_options(e, &op, x, y, side, &pr.run, err, sizeof err);
    ACQUIRE(&pr);
    if (st != WY_OK) {
        py_raise_status(st, err);
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
            m = make_move(mv->kind, py_from_mpz(mv->x), py_from_mpz(mv->y), mv->side, 0);
        }
        if (!m)
            goto done;
        PyList_SET_ITEM(list, (Py_ssize_t)i, m);
    }
    if (!(out = PyStructSequence_New(py_MovesType)))
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
    py_exact_give(e, canon, mem_limit);
    wy_options_clear(&op);
    mpz_clears(x, y, NULL);
    return out;
}
