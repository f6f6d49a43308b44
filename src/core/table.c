/* table.c - the table engine: exact values of every position of a window.
 *
 * Lines.  Each line of moves (the row, the column, the diagonal) keeps a
 * bitset of the values it has seen, with a pointer below which every value
 * is present; the value of a cell is the first value missing from the union
 * of its three lines (and from its few other options: a smaller extra heap,
 * a pass, modular moves), found a 64-bit word at a time.  Unbounded moves
 * make every two non-terminal cells of a line mutually reachable, so a line
 * holds each value once; with max=N the same holds inside the window of the
 * last N cells, which is why a value can be deleted again when it leaves the
 * window.
 *
 * Order.  Rows are cut into bands of B rows.  A band is computed column by
 * column, and inside a column row by row: a valid order (every option of a
 * cell lies in an earlier band, an earlier column, or an earlier row of the
 * same column), and a cache-friendly one: a column's bitset is used B times
 * in a row, and the band's row and diagonal bitsets stay in cache.
 *
 * Threads.  Bands are handed out in order; band k computes a chunk of
 * columns once band k-1 has finished those columns (an acquire/release
 * counter per band).  Every cell is computed exactly as on one thread, so the
 * result does not depend on the number of threads or the band height.
 *
 * Symmetry.  Every ruleset is symmetric in x and y, so for a table kept in
 * memory only the cells x <= y are computed; the rest is mirrored at the end.
 * Row x starts at (x, x) with the row bitset copied from column x's bitset,
 * which then holds exactly the values of (x, 0..x-1) = (0..x-1, x).
 *
 * Cells.  Stored in 2 bytes while values fit (a value above 65535 restarts
 * the computation with 4-byte cells), else 4 bytes.
 *
 * Streaming.  wy_table_stream hands each finished row to the caller in
 * order, as soon as its band is done, while later bands are computed.  When
 * the whole table fits it is kept (and computed by symmetry: only the cells
 * x <= y are stored, packed row after row, and a row's cells below the
 * diagonal are read from the earlier rows' columns); otherwise rows are
 * computed whole and only a ring of recent rows is kept.
 *
 * Terminal region (x + y <= K): never put in a line cell by cell; its cells
 * share one value per side state, and a line that reaches the region
 * contributes that single value.
 *
 * mod=M (unbounded): the extra options of (x, y) are the cells x' < x, y' < y
 * of the same class (x - y) mod M; minY[class][g] is the smallest column of a
 * cell of value g in the rows already finished, so g is an option iff
 * minY < y.  This needs finished rows: one row per band, one thread, no
 * mirror.  mod=M with max=N lists its extra options directly.
 *
 * Narrow windows: the window is stored with rows <= cols.  When the column
 * and diagonal bitsets would cost far more than the table itself ("sparse"
 * layout) the column and diagonal options are read from the table instead.
 */
#include "table_impl.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>


static wy_status stop_status(int stop, const plan *pl, uint32_t rows, uint32_t cols, char *err, size_t errlen)
{
    switch (stop) {
    case STOP_CANCEL:
    case STOP_SINK:
        return wyi_fail(WY_ECANCELED, err, errlen, "computation of a %u x %u table stopped", rows, cols);
    case STOP_NOMEM:
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory computing a %u x %u table (estimate %llu MiB)", rows,
                        cols, (unsigned long long)(wyi_tab_plan_total(pl) >> 20) + 1);
    default:
        return wyi_fail(WY_EINTERNAL, err, errlen, "table engine stopped unexpectedly (code %d)", stop);
    }
}

static wy_status refuse(const plan *pl, uint32_t rows, uint32_t cols, uint64_t mem_limit, const char *what, char *err,
                        size_t errlen)
{
    if (pl->too_many)
        return wyi_fail(WY_ERANGE, err, errlen,
                        "a %u x %u table%s would need more than %llu side-state layers (passes and heap sizes), "
                        "beyond any memory",
                        rows, cols, what, (unsigned long long)MAX_LAYERS);
    char whole[96];
    snprintf(whole, sizeof whole, "a %u x %u table%s", rows, cols, what);
    return wy_memory_refusal(err, errlen, whole, wyi_tab_plan_total(pl), mem_limit);
}

wy_status wy_table_compute_run(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                               uint64_t mem_limit, wy_layout layout, const wy_run *run, char *err, size_t errlen)
{
    *out = NULL;
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (rows == 0 || cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", rows, cols);
    plan pl;
    wyi_tab_make_plan(&pl, rules, rows, cols, side, layout, run ? run->threads : 1, 0, run ? run->band : 0);
    if ((mem_limit && wyi_tab_plan_total(&pl) > mem_limit) || pl.too_many)
        return refuse(&pl, rows, cols, mem_limit, "", err, errlen);
    if (pl.table_bytes == UINT64_MAX || pl.table_bytes > SIZE_MAX / 2 || wyi_tab_plan_total(&pl) > SIZE_MAX / 2)
        return wyi_fail(WY_ERANGE, err, errlen, "a %u x %u table is too large for this machine's address space", rows,
                        cols);
    uint32_t *tv = wyi_tab_terminal_values(rules, &pl);
    wy_table *t = calloc(1, sizeof *t);
    if (!tv || !t) {
        free(tv);
        free(t);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    }
    for (;;) {
        t->vbytes = (size_t)pl.table_bytes;
        t->v = wyi_tab_big_alloc(t->vbytes);
        int stop = STOP_NOMEM;
        if (t->v) {
            shared S;
            memset(&S, 0, sizeof S);
            S.pl = &pl;
            S.v = t->v;
            S.Kt = wyi_terminal_bound(rules);
            S.total_cells = wyi_tab_total_cells(&pl);
            S.tv = tv;
            stop = wyi_tab_engine_run(&S, &pl, run);
        }
        if (stop == STOP_OVERFLOW && pl.cw == 2) {
            /* a value above 65535: again with 4-byte cells */
            wyi_tab_big_free(t->v, t->vbytes);
            t->v = NULL;
            pl.cw = 4;
            pl.table_bytes = wyi_sat_mul(pl.table_bytes, 2);
            if (mem_limit && wyi_tab_plan_total(&pl) > mem_limit) {
                st = refuse(&pl, rows, cols, mem_limit, " (values above 65535: 4-byte cells)", err, errlen);
                break;
            }
            continue;
        }
        st = stop == STOP_NONE ? WY_OK : stop_status(stop, &pl, rows, cols, err, errlen);
        break;
    }
    free(tv);
    if (st != WY_OK) {
        wyi_tab_big_free(t->v, t->vbytes);
        free(t);
        return st;
    }
    t->r = *rules;
    t->rows = rows;
    t->cols = cols;
    t->transposed = pl.transposed;
    t->R = pl.R;
    t->C = pl.C;
    t->np = pl.np;
    t->nh = pl.nh;
    t->heap_xor = pl.heap_xor;
    t->dense = pl.dense;
    t->cw = pl.cw;
    t->top = side;
    *out = t;
    return WY_OK;
}

wy_status wy_table_compute(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                           uint64_t mem_limit, char *err, size_t errlen)
{
    return wy_table_compute_run(out, rules, rows, cols, side, mem_limit, WY_LAYOUT_AUTO, NULL, err, errlen);
}

wy_status wy_table_compute_layout(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  uint64_t mem_limit, wy_layout layout, char *err, size_t errlen)
{
    return wy_table_compute_run(out, rules, rows, cols, side, mem_limit, layout, NULL, err, errlen);
}

static wy_status stream_transposed(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                   uint64_t mem_limit, const wy_run *run, wy_row_fn fn, void *ctx, char *err,
                                   size_t errlen)
{
    wy_table *t = NULL;
    wy_status st = wy_table_compute_run(&t, rules, rows, cols, side, mem_limit, WY_LAYOUT_AUTO, run, err, errlen);
    if (st != WY_OK)
        return st;
    uint32_t *row = malloc((size_t)cols * sizeof *row);
    if (!row)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    for (uint32_t x = 0; x < rows && st == WY_OK; x++) {
        wy_table_row(t, x, side, row);
        if (fn(ctx, x, row, cols))
            st = wyi_fail(WY_ECANCELED, err, errlen, "computation of a %u x %u table stopped", rows, cols);
    }
    free(row);
    wy_table_free(t);
    return st;
}

wy_status wy_table_stream(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side, uint64_t mem_limit,
                          const wy_run *run, wy_row_fn fn, void *ctx, char *err, size_t errlen)
{
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (rows == 0 || cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", rows, cols);
    if (!fn)
        return wyi_fail(WY_EINVAL, err, errlen, "no row function given");
    /* more rows than columns: the table kept in memory is stored transposed
     * (cols x rows, computed by symmetry), which a ring of rows cannot be;
     * when it fits it is computed first and its rows handed out after */
    if (rows > cols) {
        uint64_t need = wy_table_estimate(rules, rows, cols, side);
        if (need <= SIZE_MAX / 2 && (!mem_limit || need <= mem_limit))
            return stream_transposed(rules, rows, cols, side, mem_limit, run, fn, ctx, err, errlen);
    }
    /* the whole table when it fits (half the work by symmetry), else a ring */
    plan pl;
    wyi_tab_make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_AUTO, run ? run->threads : 1, 2, run ? run->band : 0);
    if ((mem_limit && wyi_tab_plan_total(&pl) > mem_limit) || wyi_tab_plan_total(&pl) > SIZE_MAX / 2)
        wyi_tab_make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_DENSE, run ? run->threads : 1, 1,
                          run ? run->band : 0);
    if ((mem_limit && wyi_tab_plan_total(&pl) > mem_limit) || pl.too_many)
        return refuse(&pl, rows, cols, mem_limit, " written row by row", err, errlen);
    if (wyi_tab_plan_total(&pl) > SIZE_MAX / 2)
        return wyi_fail(WY_ERANGE, err, errlen, "a %u x %u table is too large for this machine's address space", rows,
                        cols);
    uint32_t *tv = wyi_tab_terminal_values(rules, &pl);
    size_t vbytes = (size_t)pl.table_bytes;
    void *v = wyi_tab_big_alloc(vbytes);
    int stop = STOP_NOMEM;
    if (tv && v) {
        shared S;
        memset(&S, 0, sizeof S);
        S.pl = &pl;
        S.v = v;
        S.Kt = wyi_terminal_bound(rules);
        S.total_cells = wyi_tab_total_cells(&pl);
        S.sink = fn;
        S.sink_ctx = ctx;
        S.out_layer = side.pass * pl.nh + (pl.heap_xor ? 0 : side.heap);
        S.out_xor = pl.heap_xor ? side.heap : 0;
        S.tv = tv;
        stop = wyi_tab_engine_run(&S, &pl, run);
    }
    free(tv);
    wyi_tab_big_free(v, vbytes);
    if (stop == STOP_NONE)
        return WY_OK;
    if (stop == STOP_OVERFLOW) /* cells are 4 bytes whenever the bound says values may not fit */
        return wyi_fail(WY_EINTERNAL, err, errlen, "a value exceeded the proved bound of the cells");
    return stop_status(stop, &pl, rows, cols, err, errlen);
}

void wy_table_free(wy_table *t)
{
    if (!t)
        return;
    wyi_tab_big_free(t->v, t->vbytes);
    free(t);
}

uint32_t wy_table_rows(const wy_table *t) { return t->rows; }
uint32_t wy_table_cols(const wy_table *t) { return t->cols; }
wy_layout wy_table_layout(const wy_table *t) { return t->dense ? WY_LAYOUT_DENSE : WY_LAYOUT_SPARSE; }
unsigned wy_table_cell_bytes(const wy_table *t) { return t->cw; }

static inline uint32_t tget(const wy_table *t, size_t i)
{
    return t->cw == 2 ? ((const uint16_t *)t->v)[i] : ((const uint32_t *)t->v)[i];
}

static size_t layer_base(const wy_table *t, uint32_t p, uint32_t h)
{
    return ((size_t)p * t->nh + (t->heap_xor ? 0 : h)) * (size_t)t->R * t->C;
}

uint32_t wy_table_get(const wy_table *t, uint32_t x, uint32_t y, wy_side side)
{
    if (t->transposed) {
        uint32_t s = x;
        x = y;
        y = s;
    }
    uint32_t v = tget(t, layer_base(t, side.pass, side.heap) + (size_t)x * t->C + y);
    return t->heap_xor ? v ^ side.heap : v;
}

void wy_table_row(const wy_table *t, uint32_t x, wy_side side, uint32_t *out)
{
    size_t base = layer_base(t, side.pass, side.heap);
    uint32_t xr = t->heap_xor ? side.heap : 0;
    if (!t->transposed) {
        size_t at = base + (size_t)x * t->C;
        if (t->cw == 2) {
            const uint16_t *r = (const uint16_t *)t->v + at;
            for (uint32_t y = 0; y < t->C; y++)
                out[y] = r[y] ^ xr;
        } else {
            const uint32_t *r = (const uint32_t *)t->v + at;
            for (uint32_t y = 0; y < t->C; y++)
                out[y] = r[y] ^ xr;
        }
        return;
    }
    for (uint32_t y = 0; y < t->cols; y++)
        out[y] = tget(t, base + (size_t)y * t->C + x) ^ xr;
}

uint32_t wy_table_max(const wy_table *t, wy_side side)
{
    uint32_t m = 0;
    for (uint32_t x = 0; x < t->R; x++)
        for (uint32_t y = 0; y < t->C; y++) {
            uint32_t v = wy_table_get(t, t->transposed ? y : x, t->transposed ? x : y, side);
            if (v > m)
                m = v;
        }
    return m;
}
