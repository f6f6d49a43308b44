/* _wythoff.c - the Python module's C part: a thin client of the public
 * headers (include/), like the command-line tool.  The package
 * python/wythoff/__init__.py checks and normalises the arguments (window,
 * side state, defaults) and calls the functions here with plain values;
 * the files of python/ (their list: _wythoff.h) run the engines with the
 * GIL released (run.c) and convert between Python ints and GMP numbers
 * (convert.c).  This file is the module: its table of functions, its
 * exceptions, and the one place where a library status becomes an
 * exception (py_raise_status).  The manual is docs/python.md. */
#include "_wythoff.h"

/* exported despite -fvisibility=hidden: PyMODINIT_FUNC says so from
 * Python 3.9 on, not in 3.8 */
#if PY_VERSION_HEX < 0x03090000 && defined(__GNUC__)
__attribute__((visibility("default")))
#endif
PyMODINIT_FUNC PyInit__wythoff(void);

PyObject *py_Error, *py_TooLargeError, *py_UndecidedError, *py_InternalError;

/* ------------------------------------------------------------------ */
/* Statuses as exceptions                                              */
/* ------------------------------------------------------------------ */

/* The one place where a library status becomes an exception.  Returns NULL. */
PyObject *py_raise_status(wy_status st, const char *err)
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
                     : st == WY_ERANGE     ? py_TooLargeError
                     : st == WY_EUNDECIDED ? py_UndecidedError
                                           : py_InternalError;
    PyErr_SetString(type, err && *err ? err : "internal error");
    return NULL;
}

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
    FN("_side_apply", side_apply_py, METH_VARARGS,
       "_side_apply(rules, part, value, labels) -> list: wy_side_apply, the tool's --pass/--heap policy."),
    FN("_format_bytes", format_bytes_py, METH_VARARGS, "_format_bytes(n) -> str: bytes in words ('1.5 MiB')."),
    FN("_table", table_py_nested, METH_VARARGS, "_table(rules, rows, cols, pass, heap, threads, mem_limit) -> Table"),
    FN("_values", values_py_nested, METH_VARARGS,
       "_values(rules, pass, heap, xs, ys, threads, mem_limit, default_limit) -> list[Value]"),
    FN("_moves", moves_py_nested, METH_VARARGS,
       "_moves(rules, pass, heap, x, y, threads, mem_limit, default_limit) -> Moves"),
    FN("_set_move_kinds", set_move_kinds_py, METH_VARARGS,
       "_set_move_kinds(kinds): the str objects Move.kind returns, indexed by wy_move_kind."),
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
    if (PyType_Ready(&py_TableType) < 0)
        goto fail;
    if (!py_eval_types() || !py_exact_init())
        goto fail;
    py_Error = new_error("wythoff.Error", "Base class of the wythoff module's own exceptions.", NULL);
    py_TooLargeError = py_Error ? new_error("wythoff.TooLargeError",
                                            "The work needs more memory than mem_limit allows (default: the "
                                            "machine's available memory), or more than the engine can address; "
                                            "raised before anything is allocated, with the estimate in the message.  "
                                            "A MemoryError.",
                                            PyTuple_Pack(2, py_Error, PyExc_MemoryError))
                                : NULL;
    py_UndecidedError = py_TooLargeError ? new_error("wythoff.UndecidedError",
                                                     "No method decides the question within the limits; the message "
                                                     "names what would.  An ArithmeticError.",
                                                     PyTuple_Pack(2, py_Error, PyExc_ArithmeticError))
                                         : NULL;
    py_InternalError = py_UndecidedError ? new_error("wythoff.InternalError",
                                                     "An internal error of the library (should not happen).  A "
                                                     "RuntimeError.",
                                                     PyTuple_Pack(2, py_Error, PyExc_RuntimeError))
                                         : NULL;
    if (!py_InternalError)
        goto fail;
    Py_INCREF(&py_TableType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&py_TableType) < 0) {
        Py_DECREF(&py_TableType);
        goto fail;
    }
    PyObject *objs[] = {(PyObject *)py_ValueType, (PyObject *)py_MoveType, (PyObject *)py_MovesType, py_Error,
                        py_TooLargeError, py_UndecidedError, py_InternalError};
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
