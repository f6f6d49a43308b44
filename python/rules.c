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
