/* internal.h - helpers shared by the core's modules (not installed; the
 * layers above the core use only the public headers). */
#ifndef WY_INTERNAL_H
#define WY_INTERNAL_H

#include "wythoff.h"

#include <stdarg.h>

/* Write a formatted message into err (if non-NULL) and return status. */
wy_status wy_fail(wy_status status, char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* x + y <= this bound means the (x, y) component has no moves. */
static inline uint64_t wy_terminal_bound(const wy_rules *r)
{
    return r->has_terminal ? r->terminal : 0;
}

/* Saturating arithmetic for estimates: a result that does not fit is
 * UINT64_MAX, which is more than any memory limit. */
static inline uint64_t wy_sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static inline uint64_t wy_sat_mul(uint64_t a, uint64_t b)
{
    if (a && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}

/* The side-state layers of a computation up to `side`: (pass + 1) (heap + 1),
 * in 64 bits (pass = heap = 4294967295 does not wrap). */
static inline uint64_t wy_side_layers(wy_side side)
{
    return wy_sat_mul((uint64_t)side.pass + 1, (uint64_t)side.heap + 1);
}

#endif
