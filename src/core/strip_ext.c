/* strip_ext.c - the columns of a strip extended one column at a time
 * (internal; used by strip.c, interface in strip.h; the proof of
 * correctness is docs/engines.md, "Strip columns").
 *
 * The strip's proof (strip.c) looks at windows of 4096, 8192, ... columns
 * of rows 0..R-1.  Computing every window afresh with the table engine
 * (sparse layout: O(R) reads per cell) computed every column about twice
 * and spent about 0.5 us a cell on it.  Here the first window comes from
 * the table engine and every later column is computed once, from the
 * columns before it, by the rule F of strip.c section 1, which holds for
 * unbounded moves in every column y with y > T (no cell of it terminal) and
 * y >= R - 1 (every diagonal option inside the strip).  The options of
 * (x, y) in layer p are then: the whole row x to the left, the column below
 * (x - a, y), the diagonal (x - a, y - a) for wythoff, a = 1..x, and the
 * pass (x, y) in layer p - 1.  Each of the three sets is kept as a bitset
 * of values:
 *   - row[p][x]: every value of row x so far, and its mex m;
 *   - col[p]: the values of the current column below the current row
 *     (emptied after each column);
 *   - dg[p][d mod M]: the values of diagonal d = y - x computed so far, for
 *     the M >= R most recent diagonals (a diagonal is complete R - 1
 *     columns after it starts and its slot is reused M columns after).
 * The value of (x, y) is the first clear bit at or above m of
 * row | col | dg | {pass}: a few word ORs, since the value is at most
 * y + 2x + 1 (the number of options) and m is close to it.  No bit below m
 * matters: the row set holds all of [0, m).
 *
 * Memory: the values (4 bytes a cell, one array per row, grown by realloc)
 * and (R + M + 1) * L bitsets of W words, W = (C + 2R) / 64 + 2, the values
 * being below C + 2R. */
#include "internal.h"
#include "strip.h"

#include <stdlib.h>
#include <string.h>

struct wyi_strip_ext {
    uint32_t R, L, M;  /* rows, layers, diagonal slots (a power of two >= R) */
    int wyt;           /* diagonal moves (wythoff) */
    uint64_t C;        /* columns computed */
    uint64_t W;        /* words of every bitset */
    uint32_t **vals;   /* vals[p * R + x][y], y < C */
    uint64_t **row;    /* row sets, per p * R + x */
    uint64_t *mex;     /* their mex */
    uint64_t **col;    /* per layer */
    uint64_t **dg;     /* per layer * M + slot */
};

static uint64_t words_for(uint32_t R, uint64_t C) { return (C + 2 * (uint64_t)R) / 64 + 2; }

static uint32_t slots_for(uint32_t R)
{
    uint32_t M = 1;
    while (M < R)
        M *= 2;
    return M;
}

int wyi_strip_ext_usable(const wy_rules *r, uint32_t R, uint64_t C0)
{
    if (r->max != 0 || r->heap != 0 || r->mod != 0 || R == 0 || R > (1u << 20))
        return 0;
    /* every column >= C0: not terminal (C0 > T + 1), every diagonal option
     * inside (C0 >= R), and the live diagonals C0 - M .. C0 - 1 exist */
    return C0 > wyi_terminal_bound(r) + 1 && C0 >= slots_for(R) && C0 < UINT32_MAX;
}

uint64_t wyi_strip_ext_first(const wy_rules *r, uint32_t R)
{
    const uint64_t t = wyi_terminal_bound(r) + 2, m = slots_for(R);
    return t > m ? t : m;
}

uint64_t wyi_strip_ext_bytes(const wy_rules *r, uint32_t R, uint64_t C)
{
    const uint64_t L = (uint64_t)r->passes + 1, M = r->game == WY_GAME_WYTHOFF ? slots_for(R) : 0;
    uint64_t b = wyi_sat_mul(wyi_sat_mul(L, R), wyi_sat_mul(C, 4));
    uint64_t nbits = wyi_sat_mul(L, (uint64_t)R + M + 1);
    b = wyi_sat_add(b, wyi_sat_mul(nbits, wyi_sat_mul(words_for(R, C), 8)));
    return wyi_sat_add(b, wyi_sat_mul(wyi_sat_mul(L, R), 8 + 2 * sizeof(void *)) + 4096);
}

void wyi_strip_ext_free(wyi_strip_ext *e)
{
    if (!e)
        return;
    const size_t n = (size_t)e->L * e->R;
    for (size_t i = 0; e->vals && i < n; i++)
        free(e->vals[i]);
    for (size_t i = 0; e->row && i < n; i++)
        free(e->row[i]);
    for (size_t i = 0; e->col && i < e->L; i++)
        free(e->col[i]);
    for (size_t i = 0; e->dg && i < (size_t)e->L * e->M; i++)
        free(e->dg[i]);
    free(e->vals);
    free(e->row);
    free(e->mex);
    free(e->col);
    free(e->dg);
    free(e);
}

/* Every bitset grown to words_for(R, C) words (the new words zero), every
 * row to C values; 0 when out of memory (what was grown stays valid and is
 * freed by wyi_strip_ext_free). */
static int grow(wyi_strip_ext *e, uint64_t C)
{
    const size_t n = (size_t)e->L * e->R, nd = (size_t)e->L * e->M;
    const uint64_t W = words_for(e->R, C);
    for (size_t i = 0; i < n; i++) {
        uint32_t *v = realloc(e->vals[i], (size_t)C * sizeof *v);
        if (!v)
            return 0;
        e->vals[i] = v;
    }
    uint64_t **sets[3] = {e->row, e->col, e->dg};
    const size_t counts[3] = {n, e->L, nd};
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < counts[k]; i++) {
            uint64_t *b = realloc(sets[k][i], (size_t)W * sizeof *b);
            if (!b)
                return 0;
            memset(b + e->W, 0, (size_t)(W - e->W) * sizeof *b);
            sets[k][i] = b;
        }
    e->W = W;
    return 1;
}

static void set_bit(uint64_t *b, uint64_t v) { b[v >> 6] |= (uint64_t)1 << (v & 63); }
static void clear_bit(uint64_t *b, uint64_t v) { b[v >> 6] &= ~((uint64_t)1 << (v & 63)); }

/* Smallest value >= from missing from b (b has a clear bit before its end). */
static uint64_t next_clear(const uint64_t *b, uint64_t from)
{
    uint64_t i = from >> 6, w = b[i] | (((uint64_t)1 << (from & 63)) - 1);
    while (!~w)
        w = b[++i];
    return i * 64 + (uint64_t)__builtin_ctzll(~w);
}

wy_status wyi_strip_ext_start(wyi_strip_ext **out, const wy_rules *r, uint32_t R, const wy_table *t, uint64_t C0,
                              char *err, size_t errlen)
{
    *out = NULL;
    if (!wyi_strip_ext_usable(r, R, C0))
        return wyi_fail(WY_EINTERNAL, err, errlen, "strip columns: not usable for these rules at %llu columns",
                        (unsigned long long)C0);
    wyi_strip_ext *e = calloc(1, sizeof *e);
    if (!e)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    e->R = R;
    e->L = r->passes + 1;
    e->wyt = r->game == WY_GAME_WYTHOFF;
    e->M = e->wyt ? slots_for(R) : 0;
    const size_t n = (size_t)e->L * R, nd = (size_t)e->L * e->M;
    e->vals = calloc(n, sizeof *e->vals);
    e->row = calloc(n, sizeof *e->row);
    e->mex = calloc(n, sizeof *e->mex);
    e->col = calloc(e->L, sizeof *e->col);
    e->dg = calloc(nd ? nd : 1, sizeof *e->dg);
    if (!e->vals || !e->row || !e->mex || !e->col || !e->dg || !grow(e, C0)) {
        wyi_strip_ext_free(e);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory extending a %u-row strip", R);
    }
    e->C = C0;
    const uint64_t lim = e->W * 64 - 64; /* every value below: a clear word at the end */
    for (uint32_t p = 0; p < e->L; p++)
        for (uint32_t x = 0; x < R; x++) {
            const size_t i = (size_t)p * R + x;
            for (uint64_t y = 0; y < C0; y++) {
                uint32_t g = wy_table_get(t, x, (uint32_t)y, (wy_side){p, 0});
                if (g >= lim) {
                    wyi_strip_ext_free(e);
                    return wyi_fail(WY_EINTERNAL, err, errlen, "strip columns: value %u at (%u, %llu) above %llu",
                                    g, x, (unsigned long long)y, (unsigned long long)lim);
                }
                e->vals[i][y] = g;
                set_bit(e->row[i], g);
            }
            e->mex[i] = next_clear(e->row[i], 0);
        }
    /* the live diagonals d = C0 - M .. C0 - 1: their cells in columns < C0 */
    for (uint32_t p = 0; p < e->L && e->wyt; p++)
        for (uint64_t d = C0 - e->M; d < C0; d++)
            for (uint32_t x = 0; x < R && d + x < C0; x++)
                set_bit(e->dg[(size_t)p * e->M + (d & (e->M - 1))], e->vals[(size_t)p * R + x][d + x]);
    *out = e;
    return WY_OK;
}

#define EXT_POLL_COLS 64u /* columns between two calls of the progress function */

wy_status wyi_strip_ext_extend(wyi_strip_ext *e, uint64_t C, const wy_run *run, char *err, size_t errlen)
{
    if (C <= e->C)
        return WY_OK;
    if (C >= UINT32_MAX)
        return wyi_fail(WY_ERANGE, err, errlen, "strip columns: %llu columns", (unsigned long long)C);
    if (!grow(e, C))
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory extending a %u-row strip to %llu columns", e->R,
                        (unsigned long long)C);
    const uint32_t R = e->R, L = e->L, M = e->M;
    const uint64_t C1 = e->C, W = e->W, total = (C - C1) * (uint64_t)R * L;
    for (uint64_t y = C1; y < C; y++) {
        if ((y - C1) % EXT_POLL_COLS == 0 && wyi_run_stop(run, (y - C1) * (uint64_t)R * L, total))
            return wyi_fail(WY_ECANCELED, err, errlen, "stopped");
        for (uint32_t p = 0; p < L; p++) {
            uint64_t *col = e->col[p];
            uint64_t *const *dg = e->dg + (size_t)p * M;
            uint32_t *const *vals = e->vals + (size_t)p * R;
            if (e->wyt) /* diagonal y starts here: its slot's diagonal y - M is complete */
                for (uint32_t x = 0; x < R; x++)
                    clear_bit(dg[y & (M - 1)], vals[x][y - M + x]);
            for (uint32_t x = 0; x < R; x++) {
                const size_t i = (size_t)p * R + x;
                uint64_t *rs = e->row[i];
                const uint64_t *dd = e->wyt ? dg[(y - x) & (M - 1)] : col;
                const uint64_t pv = p ? e->vals[i - R][y] : UINT64_MAX;
                uint64_t w = e->mex[i] >> 6, word;
                for (;; w++) {
                    if (w + 1 >= W) /* the value would exceed y + 2x + 1: impossible */
                        return wyi_fail(WY_EINTERNAL, err, errlen, "strip columns: no value below %llu at (%u, %llu)",
                                        (unsigned long long)(W * 64 - 64), x, (unsigned long long)y);
                    word = rs[w] | col[w] | dd[w];
                    if ((pv >> 6) == w)
                        word |= (uint64_t)1 << (pv & 63);
                    if (~word)
                        break;
                }
                const uint64_t g = w * 64 + (uint64_t)__builtin_ctzll(~word);
                vals[x][y] = (uint32_t)g;
                set_bit(rs, g);
                if (g == e->mex[i])
                    e->mex[i] = next_clear(rs, g);
                set_bit(col, g);
                if (e->wyt)
                    set_bit(dg[(y - x) & (M - 1)], g);
            }
            for (uint32_t x = 0; x < R; x++)
                clear_bit(col, vals[x][y]);
        }
    }
    e->C = C;
    return WY_OK;
}

void wyi_strip_ext_drop_row(wyi_strip_ext *e, uint32_t p, uint32_t x)
{
    free(e->vals[(size_t)p * e->R + x]);
    e->vals[(size_t)p * e->R + x] = NULL;
}

const uint32_t *wyi_strip_ext_row(const wyi_strip_ext *e, uint32_t p, uint32_t x)
{
    return e->vals[(size_t)p * e->R + x];
}
