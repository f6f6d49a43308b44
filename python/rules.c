/* rules.c - rulesets and side states as text: _parse, _side_text, and
 * _format_bytes. */
#include "_wythoff.h"

/* text into r; else ValueError with the library's message, and 0. */
int py_parse_rules(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        PyErr_SetString(PyExc_ValueError, err);
        return 0;
    }
    return 1;
}

PyObject *parse_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_rules r;
    char canon[160];
    if (!PyArg_ParseTuple(args, "s", &text) || !py_parse_rules(&r, text))
        return NULL;
    wy_rules_format(canon, sizeof canon, &r);
    return Py_BuildValue("{s:s,s:s,s:I,s:I,s:I,s:I,s:O,s:I,s:O}", "rules", canon, "game",
                         r.game == WY_GAME_NIM ? "nim" : "wythoff", "passes", r.passes, "heap", r.heap, "max", r.max,
                         "mod", r.mod, "has_terminal", r.has_terminal ? Py_True : Py_False, "terminal", r.terminal,
                         "misere", r.misere ? Py_True : Py_False);
}

PyObject *side_text_py(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    wy_rules r;
    wy_side s;
    char buf[64];
    if (!PyArg_ParseTuple(args, "sII", &text, &s.pass, &s.heap) || !py_parse_rules(&r, text))
        return NULL;
    wy_side_format(buf, sizeof buf, &r, s);
    return PyUnicode_FromString(buf);
}

PyObject *format_bytes_py(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long n;
    char buf[32];
    if (!PyArg_ParseTuple(args, "K", &n))
        return NULL;
    wy_format_bytes(buf, sizeof buf, n);
    return PyUnicode_FromString(buf);
}

/* _side_apply(rules, part, value, labels): the library's policy for a side
 * state given by a user (wy_side_apply, the tool's --pass/--heap): the new
 * passes (part "passes") or extra heap ("heap") of each ruleset, None where
 * the ruleset has no such part; ValueError with the library's message. */
PyObject *side_apply_py(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *list, *labels_obj;
    const char *part, *value;
    if (!PyArg_ParseTuple(args, "O!ssO", &PyList_Type, &list, &part, &value, &labels_obj))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(list);
    if (n < 1 || n > 8) {
        PyErr_SetString(PyExc_ValueError, "one to eight rulesets");
        return NULL;
    }
    wy_rules r[8];
    const wy_rules *rp[8];
    const char *labels[8];
    wy_side s[8];
    for (Py_ssize_t i = 0; i < n; i++) {
        const char *text = PyUnicode_AsUTF8(PyList_GET_ITEM(list, i));
        if (!text || !py_parse_rules(&r[i], text))
            return NULL;
        rp[i] = &r[i];
        s[i] = wy_side_start(&r[i]);
        labels[i] = NULL;
        if (labels_obj != Py_None) {
            PyObject *l = PySequence_GetItem(labels_obj, i);
            if (!l)
                return NULL;
            labels[i] = PyUnicode_AsUTF8(l); /* kept alive by labels_obj */
            Py_DECREF(l);
            if (!labels[i])
                return NULL;
        }
    }
    const int heap = strcmp(part, "heap") == 0;
    char err[WY_ERRLEN];
    if (wy_side_apply(s, rp, (size_t)n, labels_obj == Py_None ? NULL : labels, heap ? WY_SIDE_HEAP : WY_SIDE_PASS,
                      part, value, NULL, err, sizeof err) != WY_OK) {
        PyErr_SetString(PyExc_ValueError, err);
        return NULL;
    }
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = (heap ? r[i].heap : r[i].passes) ? PyLong_FromUnsignedLong(heap ? s[i].heap : s[i].pass)
                                                     : (Py_INCREF(Py_None), Py_None);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}
