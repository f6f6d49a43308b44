/* periods.c - row periodicity, the public view of a strip
 * (wy_row_periods_compute; `wythoff period`). */
#include "exact.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Row periods (public view of a strip)                                */
/* ------------------------------------------------------------------ */

wy_status wy_row_periods_compute(wy_row_periods *out, const wy_rules *rules, uint32_t rows, uint64_t max_cols,
                                 uint64_t mem_limit, char *err, size_t errlen)
{
    return wy_row_periods_compute_run(out, rules, rows, max_cols, mem_limit, NULL, err, errlen);
}

wy_status wy_row_periods_compute_run(wy_row_periods *out, const wy_rules *rules, uint32_t rows, uint64_t max_cols,
                                     uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    wyi_strip *s = NULL;
    wy_status st = wyi_strip_build_run(&s, rules, rows, max_cols, mem_limit, run, err, errlen);
    if (st == WY_EDIFF) /* no period within max_cols: the documented WY_ERANGE */
        st = WY_ERANGE;
    if (st != WY_OK)
        return st;
    size_t n = (size_t)s->nlayers * s->nrows;
    out->row_pre = malloc(n * sizeof *out->row_pre);
    out->row_period = malloc(n * sizeof *out->row_period);
    if (!out->row_pre || !out->row_period) {
        wyi_strip_free(s);
        wy_row_periods_clear(out);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    }
    memcpy(out->row_pre, s->row_pre, n * sizeof *out->row_pre);
    memcpy(out->row_period, s->row_period, n * sizeof *out->row_period);
    out->rows = s->nrows;
    out->layers = s->nlayers;
    out->y0 = s->y0;
    out->period = s->period;
    out->shift = s->shift;
    out->cols_computed = s->cols_computed;
    wyi_strip_free(s);
    return WY_OK;
}

void wy_row_periods_clear(wy_row_periods *p)
{
    free(p->row_pre);
    free(p->row_period);
    p->row_pre = p->row_period = NULL;
}
