/* eval_layer.c - the layer engine as one of the evaluator's methods: the
 * positions of a value g in rows 0..last, for `value`, `moves` and
 * `ppos --from` (docs/exact.md, "The layer engine up to a row").
 *
 * The layer engine (layer.c) finds the cells of value g row by row; a row's
 * cell depends only on the rows above it and on the row itself, so a scan
 * stopped after row `last` is exact for rows 0..last, and a window of C
 * columns is exact for every cell with y < C.  How many columns does row x
 * need?  Row x's cell is the first free column y >= start of its search
 * (layer.c): start <= 2x + K + 1 (x, or x plus the first unused diagonal,
 * and at most x + K + 1 diagonals are used: one per earlier row and the
 * terminal region's K + 1), and at most (x + K + 1) columns and (x + K + 1)
 * diagonals are marked used, plus at most 2L columns excluded by the other
 * layers of the row (L layers).  So the cell, when the row has one in the
 * upper triangle, lies at y <= 4x + 3K + 2L + 3 =: B(x): a window of B(x) + 1
 * columns holds the cell of every row up to x. */
#include "exact.h"
#include "internal.h"

#include <stdio.h>

uint64_t wyi_ex_layer_bound(const wy_rules *r, wy_side side, uint64_t g, uint64_t x)
{
    uint64_t K = wyi_terminal_bound(r);
    uint64_t L = wyi_sat_mul(wyi_sat_mul((uint64_t)side.pass + 1, (uint64_t)side.heap + 1), wyi_sat_add(g, 1));
    return wyi_sat_add(wyi_sat_add(wyi_sat_mul(4, x), wyi_sat_mul(3, K)), wyi_sat_add(wyi_sat_mul(2, L), 3));
}

typedef struct {
    uint64_t last;
    wyi_ex_cell_fn fn;
    void *ctx;
    int stopped;       /* stopped by us (row last passed, or fn) */
    const wy_run *user;
} scan_ctx;

static int on_cell(void *p, uint64_t a, uint64_t b)
{
    scan_ctx *c = p;
    if (a > c->last || (c->fn && c->fn(c->ctx, a, b))) {
        c->stopped = 1;
        return 1;
    }
    return 0;
}

/* The user's progress in rows 0..last (the scan reports rows of its window). */
static int on_progress(void *p, uint64_t done, uint64_t total)
{
    (void)total;
    scan_ctx *c = p;
    uint64_t rows = c->last + 1;
    return c->user->progress(c->user->progress_ctx, done < rows ? done : rows, rows);
}

wy_status wyi_ex_layer_rows(wy_exact *e, wy_side side, uint64_t g, uint64_t last, uint64_t cols, wyi_ex_cell_fn fn,
                            void *ctx, const wy_run *run, char *err, size_t errlen)
{
    wy_status st = wy_layer_supported(&e->rules, err, errlen);
    if (st != WY_OK)
        return st;
    const uint64_t max_size = (uint64_t)1 << 40;
    if (cols < last + 1)
        cols = last + 1;
    if (cols > max_size)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "deciding it by the layer engine needs rows 0..%llu in %llu columns, beyond the engine's "
                        "2^40", (unsigned long long)last, (unsigned long long)cols);
    uint64_t need = wy_layer_estimate(&e->rules, side, g, cols);
    if (e->mem_limit && need > e->mem_limit) {
        char a[32], b[32];
        wy_format_bytes(a, sizeof a, need);
        wy_format_bytes(b, sizeof b, e->mem_limit);
        /* about 6 ns per row and layer on one core (measured at 10^9 rows) */
        uint64_t L = wyi_sat_mul(wyi_sat_mul((uint64_t)side.pass + 1, (uint64_t)side.heap + 1), wyi_sat_add(g, 1));
        uint64_t secs = wyi_sat_mul(wyi_sat_mul(last + 1, L), 6) / 1000000000u + 1;
        return wyi_fail(WY_ERANGE, err, errlen,
                        "deciding it by the layer engine needs rows 0..%llu in %llu columns: about %s and %llu s, "
                        "more than the limit of %s",
                        (unsigned long long)last, (unsigned long long)cols, a, (unsigned long long)secs, b);
    }
    scan_ctx c = {last, fn, ctx, 0, run};
    wy_run r2;
    const wy_run *rp = run;
    if (run && run->progress) {
        r2 = *run;
        r2.progress = on_progress;
        r2.progress_ctx = &c;
        rp = &r2;
    }
    st = wy_layer_scan(&e->rules, side, g, cols, e->mem_limit, on_cell, &c, NULL, rp, err, errlen);
    if (st == WY_ECANCELED && c.stopped)
        return WY_OK;
    return st;
}

typedef struct {
    uint64_t lo, hi;
    int found;
} member_ctx;

static int on_member(void *p, uint64_t a, uint64_t b)
{
    member_ctx *m = p;
    if (a < m->lo || (a == m->lo && b < m->hi))
        return 0; /* an earlier row, or an earlier cell of row lo (the terminal region has several) */
    m->found = a == m->lo && b == m->hi;
    return 1;
}

uint64_t wyi_ex_layer_cols(const wy_rules *r, wy_side side, uint64_t g, uint64_t lo, const mpz_t hi)
{
    uint64_t cols = wyi_sat_add(wyi_ex_layer_bound(r, side, g, lo), 1);
    return mpz_cmp_ui(hi, cols) < 0 ? mpz_get_ui(hi) + 1 : cols;
}

wy_status wyi_ex_layer_member(wy_exact *e, int *is, const mpz_t x, const mpz_t y, wy_side side, uint64_t g,
                              const wy_run *run, char *err, size_t errlen)
{
    *is = 0;
    mpz_srcptr lo, hi;
    wyi_ex_order(&lo, &hi, x, y);
    if (mpz_sizeinbase(lo, 2) > 41)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "deciding it by the layer engine needs rows up to min(x, y), beyond the engine's 2^40");
    member_ctx m = {mpz_get_ui(lo), 0, 0};
    wy_status st = wy_layer_supported(&e->rules, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_cmp_ui(hi, wyi_ex_layer_bound(&e->rules, side, g, m.lo)) > 0)
        return WY_OK; /* beyond B(lo): no cell of value g in row lo lies there (the header), no scan needed */
    const uint64_t cols = wyi_ex_layer_cols(&e->rules, side, g, m.lo, hi);
    m.hi = mpz_cmp_ui(hi, cols) < 0 ? mpz_get_ui(hi) : UINT64_MAX; /* beyond every cell of row lo */
    st = wyi_ex_layer_rows(e, side, g, m.lo, cols, on_member, &m, run, err, errlen);
    *is = m.found;
    return st;
}
