/* run.c - running an engine without the GIL (pyrun), and the machine's
 * threads and memory as the tool counts them.
 *
 * Ctrl-C: the engines call run.progress from the calling thread; there the
 * GIL is taken back (at most every 50 ms, so that a thread running Python
 * code beside a long computation does not slow it) and PyErr_CheckSignals
 * runs the signal handlers; a raised exception (KeyboardInterrupt) cancels
 * the computation, and the engine's WY_ECANCELED leaves that exception to
 * propagate. */
#include "_wythoff.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

uint64_t py_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

unsigned py_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (unsigned)n;
}

static int py_progress(void *ctx, uint64_t done, uint64_t total)
{
    pyrun *r = ctx;
    (void)done;
    (void)total;
    if (r->stop)
        return 1;
    uint64_t t = py_now_ms();
    if (t < r->next_ms)
        return 0;
    r->next_ms = t + 50;
    PyEval_RestoreThread(r->ts);
    if (PyErr_CheckSignals() != 0)
        r->stop = 1;
    r->ts = PyEval_SaveThread();
    return r->stop;
}

/* threads 0: every core, as the tool */
void pyrun_init(pyrun *r, unsigned threads)
{
    memset(r, 0, sizeof *r);
    r->run.threads = threads ? threads : py_default_threads();
    r->run.progress = py_progress;
    r->run.progress_ctx = r;
    r->next_ms = py_now_ms() + 50;
}

PyObject *available_memory_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    /* the tool's default --mem-limit: the library's one policy */
    return PyLong_FromUnsignedLongLong(wy_memory_default());
}

PyObject *default_threads_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return PyLong_FromUnsignedLong(py_default_threads());
}
