/* strip.h - the first rows of a ruleset as eventually periodic sequences
 * (internal to the library; used by the exact engine, src/core/exact.c).
 *
 * For a fixed number R of rows, the values G(x, y), x < R, are computed
 * column by column (y = 0, 1, ...) by the table engine.  Everything column
 * y + 1 depends on is a finite "state" of the columns up to y:
 *   - for every side layer p and row x, the last K values of the row
 *     (K = R for unbounded rules: diagonal options reach back x <= R-1
 *     columns; K = max(N, R) for max=N: row and diagonal options reach back
 *     at most N columns);
 *   - for unbounded rules, the set of values already in the row, kept as
 *     its mex m and the values above m.
 * The rule that makes column y + 1 from the state commutes with adding a
 * constant d to every value of the state (for unbounded rules the row set
 * holds all of [0, m), so the mex moves by d too; for max=N, d = 0), and it
 * does not depend on y once y exceeds the terminal bound and N.  So if the
 * state at column y0 equals the state at column y0 + P with every value
 * moved by d, then G(x, y + P) = G(x, y) + d for every x < R and every
 * y > y0 - K: the rows are (additively) periodic from y0 on, for ever.
 * wyi_strip_build finds y0 and P from the computed values and then checks
 * that state equality; only a checked strip is returned.
 */
#ifndef WYI_STRIP_H
#define WYI_STRIP_H

#include "wythoff.h"

#include <gmp.h>
#include <stdint.h>

typedef struct {
    wy_rules rules;      /* copy of the ruleset */
    uint32_t nrows;      /* R: rows 0 <= x < R */
    uint32_t nlayers;    /* rules.passes + 1: layers p = 0 .. passes */
    uint64_t y0;         /* joint preperiod: the state check is at columns y0 and y0 + period */
    uint64_t period;     /* joint period P (in columns) */
    uint64_t shift;      /* d: G(x, y + P) = G(x, y) + d for y >= y0 (P for unbounded rules, 0 for max=N) */
    uint64_t ncols;      /* columns stored: y0 + period (every y < ncols is stored) */
    uint32_t *vals;      /* vals[((p * nrows) + x) * ncols + y] */
    /* Per layer and row (index p * nrows + x): the smallest period p_x and
     * the smallest preperiod for it: G(x, y + p_x) = G(x, y) + d_x for all
     * y >= pre_x, where d_x = p_x * shift / period. */
    uint64_t *row_pre, *row_period;
    uint64_t cols_computed; /* width of the last window the table engine computed */
} wyi_strip;

/* Build and check the strip of rows 0 <= x < nrows.  Rules: wythoff or nim,
 * with pass=K, max=N, terminal=K, misere (not heap=H, not mod=M: those give
 * WY_EINVAL).  Windows of increasing width are computed, up to max_cols
 * columns and mem_limit bytes (0: no limit); if no checked period is found
 * by then, WY_EDIFF with a message saying how far it looked; WY_ERANGE is
 * memory (the limit, or an allocation that failed). */
wy_status wyi_strip_build(wyi_strip **out, const wy_rules *rules, uint32_t nrows, uint64_t max_cols,
                          uint64_t mem_limit, char *err, size_t errlen);

/* The same with threads, progress and cancellation (run may be NULL:
 * WY_ECANCELED when run->progress asks to stop). */
wy_status wyi_strip_build_run(wyi_strip **out, const wy_rules *rules, uint32_t nrows, uint64_t max_cols,
                              uint64_t mem_limit, const wy_run *run, char *err, size_t errlen);

void wyi_strip_free(wyi_strip *s);

/* A strip of nrows x nlayers rows and y0 + period columns, its fields set
 * and its arrays allocated (values not yet filled); NULL when out of
 * memory.  Shared by the proof (strip.c) and the cache (strip_cache.c). */
wyi_strip *wyi_strip_new(const wy_rules *rules, uint32_t nrows, uint32_t nlayers, uint64_t y0, uint64_t period,
                         uint64_t shift);

/* The disk cache of proved strips (strip_cache.c).  Save writes s to dir
 * (created, mode 0700, when missing) atomically; 0 on success, -1 when it
 * could not (the cache is an optimisation: callers go on without it).
 * Load returns a strip of rules from the smallest file of min_rows..max_rows
 * rows that passes the trust rule and every check (see strip_cache.c), or
 * NULL; the caller owns it (wyi_strip_free).  Both write into note (nlen
 * bytes; may be NULL) why a directory or a file was not used or not
 * written, and leave it alone otherwise (load first empties it). */
int wyi_strip_cache_save(const wyi_strip *s, const char *dir, char *note, size_t nlen);
wyi_strip *wyi_strip_cache_load(const char *dir, const wy_rules *r, uint32_t min_rows, uint32_t max_rows,
                                uint64_t mem_limit, char *note, size_t nlen);

/* The columns of a strip computed one at a time after a first window from
 * the table engine (strip_ext.c; docs/engines.md, "Strip columns").
 * Usable for unbounded moves (no max=, heap=, mod=) when the first window
 * has C0 > T + 1 columns and at least R (rounded up to a power of two).
 * Start copies the table t of R rows and C0 columns (every layer); extend
 * computes columns up to C (run may be NULL: WY_ECANCELED when its progress
 * function asks to stop); row gives the C values of row x in layer p.
 * Bytes is the memory for R rows and C columns. */
typedef struct wyi_strip_ext wyi_strip_ext;
int wyi_strip_ext_usable(const wy_rules *r, uint32_t R, uint64_t C0);
uint64_t wyi_strip_ext_first(const wy_rules *r, uint32_t R); /* the least C0 usable */
uint64_t wyi_strip_ext_bytes(const wy_rules *r, uint32_t R, uint64_t C);
wy_status wyi_strip_ext_start(wyi_strip_ext **out, const wy_rules *r, uint32_t R, const wy_table *t, uint64_t C0,
                              char *err, size_t errlen);
wy_status wyi_strip_ext_extend(wyi_strip_ext *e, uint64_t C, const wy_run *run, char *err, size_t errlen);
const uint32_t *wyi_strip_ext_row(const wyi_strip_ext *e, uint32_t p, uint32_t x);
/* Free row x of layer p once read for good (no extend afterwards). */
void wyi_strip_ext_drop_row(wyi_strip_ext *e, uint32_t p, uint32_t x);
void wyi_strip_ext_free(wyi_strip_ext *e);

/* G(x, y) with pass layer p (p <= rules.passes), x < nrows, any y. */
void wyi_strip_value(mpz_t out, const wyi_strip *s, uint32_t p, uint32_t x, const mpz_t y);

/* The same for y < 2^62 (the value then fits in 64 bits). */
uint64_t wyi_strip_value_u64(const wyi_strip *s, uint32_t p, uint32_t x, uint64_t y);

#endif
