/* convert.c - Python ints and GMP numbers. */
#include "_wythoff.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A non-negative Python int (or an object with __index__, not a float)
 * into z.  TypeError for another type, ValueError for a negative number;
 * `what` names the argument.  Small numbers go through one machine word,
 * larger ones through their hexadecimal text. */
int py_to_mpz(mpz_t z, PyObject *o, const char *what)
{
    PyObject *own = NULL;
    if (!PyLong_Check(o)) {
        if (PyFloat_Check(o) || !PyIndex_Check(o)) {
            PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", what, Py_TYPE(o)->tp_name);
            return 0;
        }
        if (!(own = o = PyNumber_Index(o)))
            return 0;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    int ok = 1;
    if (v == -1 && PyErr_Occurred()) {
        ok = 0;
    } else if (overflow < 0 || (!overflow && v < 0)) {
        PyObject *s = PyObject_Str(o);
        const char *t = s ? PyUnicode_AsUTF8(s) : NULL;
        if (t)
            PyErr_Format(PyExc_ValueError, "bad %s %.40s%s (expected a non-negative integer)", what, t,
                         strlen(t) > 40 ? "..." : "");
        Py_XDECREF(s);
        ok = 0;
    } else if (!overflow && (unsigned long long)v <= ULONG_MAX) {
        mpz_set_ui(z, (unsigned long)v);
    } else {
        PyObject *h = PyNumber_ToBase(o, 16);
        const char *t = h ? PyUnicode_AsUTF8(h) : NULL;
        if (!t || mpz_set_str(z, t + 2, 16) != 0) { /* "0x..." */
            if (!PyErr_Occurred())
                PyErr_SetString(py_InternalError, "cannot convert an int");
            ok = 0;
        }
        Py_XDECREF(h);
    }
    Py_XDECREF(own);
    return ok;
}

PyObject *py_from_mpz(const mpz_t z)
{
    if (mpz_fits_ulong_p(z))
        return PyLong_FromUnsignedLong(mpz_get_ui(z));
    if (mpz_fits_slong_p(z))
        return PyLong_FromLong(mpz_get_si(z));
    char small[256];
    size_t n = mpz_sizeinbase(z, 16) + 2;
    char *buf = n <= sizeof small ? small : malloc(n);
    if (!buf)
        return PyErr_NoMemory();
    mpz_get_str(buf, 16, z);
    PyObject *r = PyLong_FromString(buf, NULL, 16);
    if (buf != small)
        free(buf);
    return r;
}
