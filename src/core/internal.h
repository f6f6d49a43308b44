/* internal.h - helpers shared by the library's modules (not installed). */
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

#endif
