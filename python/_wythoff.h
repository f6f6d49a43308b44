/* _wythoff.h - what the C files of the Python module share: the .c files
 * of python/, compiled into the one extension wythoff._wythoff
 * (docs/python.md).  Private: its names are not exported by the module
 * (-fvisibility=hidden); those that more than one file uses start with
 * py_, and the functions of the module's table end with _py.
 *
 *   _wythoff.c   the module: its function table, exceptions, statuses as
 *                exceptions (py_raise_status), calls nested in signal
 *                handlers
 *   run.c        running an engine without the GIL, stopped by Ctrl-C;
 *                threads and memory of the machine
 *   convert.c    Python ints and GMP numbers
 *   rules.c      rulesets and side states as text
 *   exact.c      the evaluators kept per ruleset
 *   table.c      wythoff.Table and _table
 *   eval.c       wythoff.Value, Move, Moves: _values, _moves
 *   ppos.c       positions of a value: _ppos_from, _ppos_window
 *   period.c     row periods: _period
 *   compare.c    comparisons: _compare
 *   check.c      the papers' claims: _claims, _check
 *   plot.c       pictures: _plot
 *   automaton.c  automata: _aut_* */
#ifndef WY_PYTHON_WYTHOFF_H
#define WY_PYTHON_WYTHOFF_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "wythoff.h"
#include "wythoff_exact.h"

#include <stdint.h>

/* _wythoff.c */
extern PyObject *py_Error, *py_TooLargeError, *py_UndecidedError, *py_InternalError;
PyObject *py_raise_status(wy_status st, const char *err);

/* run.c: an engine's wy_run that releases the GIL and checks the signals.
 * Between RELEASE and ACQUIRE no Python object may be touched. */
typedef struct {
    wy_run run;
    PyThreadState *ts; /* the saved thread state while the GIL is released */
    int stop;          /* an exception is pending: every later call cancels */
    uint64_t next_ms;  /* the next check of the signals */
} pyrun;

void pyrun_init(pyrun *r, unsigned threads);
#define RELEASE(r) ((r)->ts = PyEval_SaveThread())
#define ACQUIRE(r) PyEval_RestoreThread((r)->ts)
uint64_t py_now_ms(void);
unsigned py_default_threads(void);
PyObject *available_memory_py(PyObject *self, PyObject *noargs);
PyObject *default_threads_py(PyObject *self, PyObject *noargs);

/* convert.c */
int py_to_mpz(mpz_t z, PyObject *o, const char *what);
PyObject *py_from_mpz(const mpz_t z);

/* rules.c */
int py_parse_rules(wy_rules *r, const char *text);
PyObject *parse_py(PyObject *self, PyObject *args);
PyObject *side_text_py(PyObject *self, PyObject *args);
PyObject *side_apply_py(PyObject *self, PyObject *args);
PyObject *format_bytes_py(PyObject *self, PyObject *args);

/* exact.c */
int py_exact_init(void);
wy_exact *py_exact_take(const wy_rules *r, const char *text, uint64_t mem_limit, uint64_t dflt_limit);
void py_exact_give(wy_exact *e, const char *text, uint64_t mem_limit);
PyObject *cache_py(PyObject *self, PyObject *noargs);
PyObject *clear_cache_py(PyObject *self, PyObject *noargs);

/* table.c */
extern PyTypeObject py_TableType;
PyObject *table_py(PyObject *self, PyObject *args);

/* eval.c */
extern PyTypeObject *py_ValueType, *py_MoveType, *py_MovesType;
int py_eval_types(void);
PyObject *values_py(PyObject *self, PyObject *args);
PyObject *moves_py(PyObject *self, PyObject *args);
PyObject *set_move_kinds_py(PyObject *self, PyObject *args);

/* ppos.c, period.c, compare.c, check.c, plot.c, automaton.c */
PyObject *ppos_from_py(PyObject *self, PyObject *args);
PyObject *ppos_window_py(PyObject *self, PyObject *args);
PyObject *period_py(PyObject *self, PyObject *args);
PyObject *compare_py(PyObject *self, PyObject *args);
PyObject *claims_py(PyObject *self, PyObject *noargs);
PyObject *check_py(PyObject *self, PyObject *args);
PyObject *plot_py(PyObject *self, PyObject *args);
PyObject *aut_builtin_py(PyObject *self, PyObject *args);
PyObject *aut_info_py(PyObject *self, PyObject *args);
PyObject *aut_position_py(PyObject *self, PyObject *args);
PyObject *aut_contains_py(PyObject *self, PyObject *args);

#endif
