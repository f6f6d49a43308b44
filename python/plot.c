/* plot.c - pictures: _plot. */
#include "_wythoff.h"
#include "wythoff_plot.h"

#include <stdlib.h>
#include <string.h>

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
PyObject *plot_py(PyObject *self, PyObject *args)
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
        int ok = it && PyArg_ParseTuple(it, "sII", &text, &s.pass, &s.heap) && py_parse_rules(&rules[i], text);
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
        return py_raise_status(st, err);
    uint64_t need = wy_plot_estimate(&sp);
    if (sp.mem_limit && need > sp.mem_limit) {
        char lim[32];
        wy_format_bytes(lim, sizeof lim, sp.mem_limit);
        return PyErr_Format(py_TooLargeError,
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
        py_raise_status(st, err);
    else if (fmt == WY_PLOT_SVG)
        out = PyUnicode_DecodeUTF8(b.d ? b.d : "", (Py_ssize_t)b.n, "strict");
    else
        out = PyBytes_FromStringAndSize(b.d ? b.d : "", (Py_ssize_t)b.n);
    free(b.d);
    return out;
}
