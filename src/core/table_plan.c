/* table_plan.c - the plan of a table computation: layout, bands, threads,
 * cell width, and the memory it needs (the estimates of the public API
 * come from here, so estimate and engine never disagree). */
#include "table_impl.h"

#include <string.h>

uint64_t wyi_tab_plan_total(const plan *pl)
{
    if (pl->too_many)
        return UINT64_MAX;
    return wyi_sat_add(wyi_sat_add(wyi_sat_add(pl->table_bytes, pl->line_bytes), wyi_sat_add(pl->mod_bytes, pl->misc_bytes)),
                   pl->thread_bytes);
}

uint64_t wyi_tab_option_bound(const wy_rules *r, uint64_t R, uint64_t C, uint64_t p, uint64_t h)
{
    uint64_t N = r->max ? r->max : UINT64_MAX;
    uint64_t X = R ? R - 1 : 0, Y = C ? C - 1 : 0;
    uint64_t a = min64(X, N), b = min64(Y, N);
    uint64_t n = wyi_sat_add(a, b);
    if (r->game == WY_GAME_WYTHOFF)
        n = wyi_sat_add(n, min64(a, b));
    if (r->mod)
        n = wyi_sat_add(n, wyi_sat_mul(a, b / r->mod + 1));
    n = wyi_sat_add(n, h + (p > 0));
    return n < h + 1 ? h + 1 : n; /* the terminal region's value is at most h + 1 */
}

uint64_t wy_table_value_bound(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    return wyi_tab_option_bound(rules, rows, cols, side.pass, side.heap);
}

static size_t line_words(uint64_t maxval)
{
    /* two spare words: line_insert's scan stops inside the line */
    uint64_t w = maxval / 64 + 3;
    w = (w + 7) & ~(uint64_t)7;
    if (w % 64 == 0) /* 4 KiB strides alias in the caches */
        w += 8;
    return (size_t)w;
}

void wyi_tab_make_plan(plan *pl, const wy_rules *r, uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                       unsigned threads, int stream, unsigned band)
{
    /* stream: 0 a table kept in memory; 1 rows handed out, a ring of rows
     * kept; 2 rows handed out, the whole table kept (symmetric when R <= C) */
    memset(pl, 0, sizeof *pl);
    pl->stream = stream;
    pl->transposed = !stream && rows > cols;
    pl->R = pl->transposed ? cols : rows;
    pl->C = pl->transposed ? rows : cols;
    pl->c1 = pl->CW = pl->Cst = pl->C;
    pl->heap_xor = !r->misere && r->passes == 0;
    const uint64_t np = (uint64_t)side.pass + 1, nh = pl->heap_xor ? 1 : (uint64_t)side.heap + 1;
    if (np * nh > MAX_LAYERS || wy_rules_check(r, NULL, 0) != WY_OK) {
        pl->too_many = 1; /* pass=4294967295 must not wrap to 0 layers */
        return;
    }
    pl->np = (uint32_t)np;
    pl->nh = (uint32_t)nh;
    pl->nl = pl->np * pl->nh;
    pl->N = r->max ? r->max : UINT32_MAX;
    pl->wyt = r->game == WY_GAME_WYTHOFF;
    pl->M = r->mod;
    if (r->mod) {
        /* a != b with a = b (mod M) needs |a - b| >= M; in the window
         * |a - b| <= max(R, C) - 2 (and <= N - 1 when bounded). */
        uint64_t reach = (uint64_t)(pl->R > pl->C ? pl->R : pl->C);
        reach = reach >= 2 ? reach - 2 : 0;
        if (r->max && (uint64_t)r->max - 1 < reach)
            reach = r->max - 1;
        if ((uint64_t)r->mod <= reach)
            pl->modmode = r->max ? 2 : 1;
    }
    pl->bound = wyi_tab_option_bound(r, pl->R, pl->C, side.pass, side.heap);
    /* one layer in normal play, no pass left and no stone in the extra
     * heap: every option of (x, y) lowers x + y and the terminal region's
     * value is 0, so by induction on x + y every value is at most x + y (a
     * mex of values below x + y), at most (R - 1) + (C - 1) in the window:
     * for Wythoff's game two thirds of the count of options, and 2-byte
     * cells up to 32768 x 32768.  (Not the public wy_table_value_bound,
     * which sizes the bin files' cells; and not with stones in the extra
     * heap, whose estimate the evaluator's choice of method reads.) */
    if (!r->misere && pl->nl == 1 && side.pass == 0 && side.heap == 0 && pl->modmode != 1) {
        uint64_t xy = (uint64_t)(pl->R ? pl->R - 1 : 0) + (pl->C ? pl->C - 1 : 0);
        if (xy < pl->bound)
            pl->bound = xy;
    }
    pl->cw = pl->bound <= 0xffff ? 2 : 4;
    if (!stream && (pl->modmode == 1 || pl->bound > 0xffff))
        pl->cw = 2; /* optimistic: restarted with 4 if a value exceeds 65535 */
    if (pl->modmode == 1) {
        /* values can be far above x + y: start from a guess and grow */
        uint64_t vest = (uint64_t)pl->R + pl->C + (uint64_t)side.heap + side.pass + 64;
        pl->W = line_words(vest);
        pl->fixed = 0;
    } else {
        pl->W = line_words(pl->bound);
        pl->fixed = 1;
    }
    pl->tri = (stream == 0 || (stream == 2 && pl->R <= pl->C)) && pl->modmode != 1;
    unsigned T = threads ? threads : 1;
    if (!pl->fixed)
        T = 1;
    uint32_t B = MAX_BAND;
    if (pl->modmode == 1)
        B = 1;
    else if ((uint64_t)pl->R < (uint64_t)MAX_BAND * 4 * T)
        B = pl->R / (4 * T) ? pl->R / (4 * T) : 1;
    if (band && pl->modmode != 1)
        B = band;
    if (B > MAX_BAND)
        B = MAX_BAND;
    pl->B = B;
    uint32_t nbands = (uint32_t)(((uint64_t)pl->R + B - 1) / B);
    if (T > nbands)
        T = nbands;
    pl->T = T;

    uint64_t nlines = (uint64_t)pl->C + (pl->wyt ? (uint64_t)pl->R + pl->C - 1 : 0);
    uint64_t dense_bytes = wyi_sat_mul(wyi_sat_mul(wyi_sat_mul(nlines, pl->W), 8), pl->nl);
    dense_bytes = wyi_sat_add(dense_bytes, wyi_sat_mul(wyi_sat_mul(nlines, 4), pl->nl));
    uint64_t row_bytes = wyi_sat_mul(wyi_sat_mul(pl->C, pl->cw), pl->nl);
    pl->keep = pl->R;
    pl->slots = nbands;
    if (stream == 2)
        pl->misc_bytes = wyi_sat_mul(pl->C, 4); /* the row handed out */
    if (stream == 1) {
        uint32_t back = pl->N != UINT32_MAX ? (uint32_t)min64((uint64_t)pl->N + 1, pl->R) : 0;
        uint64_t slots = (uint64_t)T + 2 + ((uint64_t)back + B - 1) / B;
        uint64_t keep = wyi_sat_mul(slots, B);
        if (keep >= pl->R) {
            keep = pl->R;
            slots = nbands;
        }
        pl->keep = (uint32_t)keep;
        pl->slots = (uint32_t)slots;
        pl->misc_bytes = wyi_sat_mul(pl->C, 4); /* the row handed out */
    }
    pl->table_bytes = wyi_sat_mul(row_bytes, pl->keep);
    /* rows handed out from the whole table by symmetry: the cells x <= y
     * only (row x of the output reads its cells y < x from column x), and
     * the band's rows put together before they go out */
    pl->packed = stream == 2 && pl->tri;
    if (pl->packed) {
        pl->tcells = (uint64_t)pl->R * pl->C - (uint64_t)pl->R * (pl->R - 1) / 2;
        pl->table_bytes = wyi_sat_mul(wyi_sat_mul(pl->tcells, pl->cw), pl->nl);
        pl->misc_bytes = wyi_sat_add(pl->misc_bytes, wyi_sat_mul(wyi_sat_mul((uint64_t)B, pl->C + 16ull), 4) - (uint64_t)pl->C * 4);
    }
    pl->misc_bytes = wyi_sat_add(pl->misc_bytes, wyi_sat_add(sizeof(wy_table) + 4096, wyi_sat_mul(nbands, 4 * PROG_STRIDE)));
    /* the terminal values (8 bytes a layer while computed, then 4) */
    pl->misc_bytes = wyi_sat_add(pl->misc_bytes, (uint64_t)pl->nl * 12 + pl->nh + 3);
    /* per thread: the band's row bitsets and pointers, the option marks
     * and, with an extra heap in the layers, one more bitset */
    uint64_t per_thread = wyi_sat_add(wyi_sat_mul(wyi_sat_mul((uint64_t)B * pl->nl, pl->W), 8),
                                      wyi_sat_mul(pl->W, 64 * 4 + (pl->nh > 1 ? 8 : 0)));
    per_thread = wyi_sat_add(per_thread, (uint64_t)B * pl->nl * 4);
    pl->thread_bytes = wyi_sat_mul(per_thread, T);
    if (pl->modmode == 1) {
        pl->mod_bytes = wyi_sat_mul(wyi_sat_mul(wyi_sat_mul(pl->M, pl->W), 64 * 4), pl->nl);
        if (pl->M <= MOD_BITS_MAX) /* the sorted entries, the class bitsets, the buckets */
            pl->mod_bytes = wyi_sat_add(wyi_sat_mul(pl->mod_bytes, 2),
                                    wyi_sat_add(wyi_sat_mul(wyi_sat_mul(pl->M, pl->W), 8 * (uint64_t)pl->nl),
                                            wyi_sat_mul((uint64_t)pl->C + 1, 4 * (uint64_t)pl->nl)));
    }
    uint64_t cap = pl->table_bytes > ((uint64_t)1 << 29) / 4 ? wyi_sat_mul(pl->table_bytes, 4) : ((uint64_t)1 << 29);
    /* the sparse layout reads a column or diagonal from the table, O(rows)
     * per cell: chosen for narrow windows and short bounded moves only */
    if (stream == 1)
        pl->dense = 1;
    else if (layout == WY_LAYOUT_AUTO)
        pl->dense = dense_bytes <= cap && !(r->max && r->max <= 64);
    else
        pl->dense = layout == WY_LAYOUT_DENSE;
    if (pl->dense)
        pl->line_bytes = dense_bytes;
}

/* A block: the stream plan (rows computed whole, a ring of them kept) of
 * the whole window for its band height, then the sizes of one block. */
void wyi_tab_make_block_plan(plan *pl, const wy_rules *r, const wy_block *blk, wy_side side, unsigned threads,
                             unsigned band)
{
    const uint32_t R = blk->rows;
    /* the band height must be the same on every rank: from R alone */
    uint32_t B = band ? band : R >= 4 * MAX_BAND ? MAX_BAND : (R / 4 ? R / 4 : 1);
    if (B > MAX_BAND)
        B = MAX_BAND;
    wyi_tab_make_plan(pl, r, blk->rows, blk->cols, side, WY_LAYOUT_DENSE, threads, 1, B);
    if (pl->too_many)
        return;
    pl->block = 1;
    pl->first = blk->first;
    pl->last = blk->last;
    pl->c0 = blk->c0;
    pl->c1 = blk->c1;
    pl->CW = blk->c1 - blk->c0;
    /* cells to the left that bounded moves reach: the last N + 1 columns */
    pl->halo = pl->N == UINT32_MAX ? 0 : (uint32_t)min64((uint64_t)pl->N + 1, blk->c0);
    pl->y0 = blk->c0 - pl->halo;
    pl->Cst = pl->CW + pl->halo;
    pl->cw = 4; /* cells of the ring: never a restart for a wide value */
    pl->dense = 1;
    pl->tri = 0;
    /* the diagonals crossing the block while T bands are in flight and
     * one is received: CW + T * B, two bands spare */
    pl->dslots = pl->wyt ? pl->CW + (pl->T + 2) * pl->B : 0;
    uint64_t nlines = (uint64_t)pl->CW + pl->dslots;
    pl->line_bytes = wyi_sat_add(wyi_sat_mul(wyi_sat_mul(wyi_sat_mul(nlines, pl->W), 8), pl->nl),
                                 wyi_sat_mul(wyi_sat_mul(nlines, 4), pl->nl));
    pl->table_bytes = wyi_sat_mul(wyi_sat_mul(wyi_sat_mul(pl->Cst, 4), pl->nl), pl->keep);
    /* the rows handed out, and one message each way: the band's row
     * bitsets, the diagonals crossing, the halo cells */
    uint64_t bits = wyi_sat_mul(wyi_sat_mul((uint64_t)2 * pl->B, pl->nl), wyi_sat_add(wyi_sat_mul(pl->W, 8), 8));
    uint64_t msg = wyi_sat_add(wyi_sat_add(64, bits), wyi_sat_mul(wyi_sat_mul((uint64_t)pl->B * pl->nl, pl->halo), 4));
    pl->misc_bytes = wyi_sat_add(wyi_sat_add(pl->misc_bytes, wyi_sat_mul(msg, 2)), wyi_sat_mul((uint64_t)pl->B * pl->CW, 4));
    if (pl->modmode == 1) /* the classes seen to the left */
        pl->mod_bytes = wyi_sat_add(pl->mod_bytes, wyi_sat_mul(wyi_sat_mul(wyi_sat_mul(pl->M, pl->W), 8), pl->nl));
}

uint64_t wy_table_estimate_run(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                               const wy_run *run)
{
    plan pl;
    wyi_tab_make_plan(&pl, rules, rows, cols, side, layout, run ? run->threads : 1, 0, run ? run->band : 0);
    return wyi_tab_plan_total(&pl);
}

uint64_t wy_table_estimate_layout(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  wy_layout layout)
{
    return wy_table_estimate_run(rules, rows, cols, side, layout, NULL);
}

uint64_t wy_table_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    return wy_table_estimate_layout(rules, rows, cols, side, WY_LAYOUT_AUTO);
}

uint64_t wy_table_stream_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  unsigned threads)
{
    /* wy_table_stream takes the first of these that fits: the transposed
     * table (rows > cols), the whole table, a ring of rows; so it succeeds
     * exactly when the smallest fits */
    plan pl;
    wyi_tab_make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_DENSE, threads, 1, 0);
    uint64_t best = wyi_tab_plan_total(&pl);
    wyi_tab_make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_AUTO, threads, 2, 0);
    uint64_t whole = wyi_tab_plan_total(&pl);
    if (whole <= SIZE_MAX / 2 && whole < best)
        best = whole;
    if (rows > cols) {
        uint64_t tr = wy_table_estimate(rules, rows, cols, side);
        if (tr <= SIZE_MAX / 2 && tr < best)
            best = tr;
    }
    return best;
}

uint64_t wy_table_work(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    if (!rows || !cols || wy_side_check(rules, side, NULL, 0) != WY_OK)
        return UINT64_MAX;
    plan pl;
    wyi_tab_make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_AUTO, 1, 0, 0);
    if (pl.too_many)
        return UINT64_MAX;
    return wyi_sat_mul(wyi_tab_total_cells(&pl), pl.nl);
}
