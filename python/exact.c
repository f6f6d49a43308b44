/* exact.c - the evaluators (wy_exact), kept per ruleset between calls;
 * _cache_dir, _clear_cache. */
#include "_wythoff.h"

PyObject *cache_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    char dir[4096];
    const char *d = wy_exact_cache_default(dir, sizeof dir);
    if (!d)
        Py_RETURN_NONE;
    return PyUnicode_DecodeFSDefault(d);
}

/* One evaluator per ruleset made with the default memory limit, taken out
 * of this dict while a call uses it (a wy_exact serves one thread at a
 * time) and put back after. */
static PyObject *exact_pool;

int py_exact_init(void)
{
    exact_pool = PyDict_New();
    return exact_pool != NULL;
}

static void exact_capsule_free(PyObject *cap)
{
    wy_exact_free(PyCapsule_GetPointer(cap, "wythoff.exact"));
}

/* An evaluator for rules (text: its canonical text).  mem_limit 0: the
 * pool's, with the machine's available memory as its limit. */
wy_exact *py_exact_take(const wy_rules *r, const char *text, uint64_t mem_limit, uint64_t dflt_limit)
{
    char err[WY_ERRLEN], dir[4096];
    wy_exact *e = NULL;
    if (!mem_limit) {
        PyObject *cap = PyDict_GetItemString(exact_pool, text); /* borrowed */
        if (cap) {
            e = PyCapsule_GetPointer(cap, "wythoff.exact");
            PyCapsule_SetDestructor(cap, NULL);
            if (PyDict_DelItemString(exact_pool, text) != 0)
                return NULL;
        }
    }
    if (!e) {
        /* its first tables: seconds with many side-state layers (heap=H in
         * misere play), so without the GIL and stopped by Ctrl-C */
        pyrun pr;
        pyrun_init(&pr, 0);
        RELEASE(&pr);
        wy_status st = wy_exact_new_run(&e, r, mem_limit ? mem_limit : dflt_limit, &pr.run, err, sizeof err);
        ACQUIRE(&pr);
        if (st != WY_OK)
            return py_raise_status(st, err), NULL;
    }
    wy_exact_set_cache(e, wy_exact_cache_default(dir, sizeof dir));
    return e;
}

void py_exact_give(wy_exact *e, const char *text, uint64_t mem_limit)
{
    if (!e)
        return;
    wy_exact_set_run(e, NULL);
    if (mem_limit || PyDict_GetItemString(exact_pool, text)) {
        wy_exact_free(e);
        return;
    }
    PyObject *err_type, *err_value, *err_tb;
    PyErr_Fetch(&err_type, &err_value, &err_tb); /* keep a pending exception */
    PyObject *cap = PyCapsule_New(e, "wythoff.exact", exact_capsule_free);
    if (!cap || PyDict_SetItemString(exact_pool, text, cap) != 0) {
        if (!cap)
            wy_exact_free(e);
        PyErr_Clear();
    }
    Py_XDECREF(cap);
    PyErr_Restore(err_type, err_value, err_tb);
}

PyObject *clear_cache_py(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    PyDict_Clear(exact_pool);
    Py_RETURN_NONE;
}
