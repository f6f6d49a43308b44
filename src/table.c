/* table.c - the table engine: exact values of every position of a window.
 *
 * Cells are computed row by row (x ascending, then y ascending), so every
 * option of a cell is known before the cell.  The mex is not taken over an
 * option list: each line of moves (the row, the column, the diagonal) keeps
 * a bitset of the values it has seen, with a pointer below which every value
 * is present.  Unbounded moves make every two non-terminal cells of a line
 * mutually reachable, so a line holds each value once; with max=N the same
 * holds inside the window of the last N cells, which is why a value can be
 * deleted again when it leaves the window.
 *
 * Cells of the terminal region (x + y <= K) are never put in a line: they all
 * share one value per side state (they only have heap and pass moves), so a
 * line that reaches the region contributes that single value.
 *
 * mod=M (unbounded): the extra options of (x, y) are the cells x' < x, y' < y
 * of the same class (x - y) mod M; minY[class][g] is the smallest column of a
 * cell of value g in the rows already finished, so g is an option iff
 * minY < y.  mod=M with max=N lists its extra options directly.
 *
 * Narrow windows: the window is stored with rows <= cols (every ruleset is
 * symmetric in x and y).  When the column and diagonal bitsets would cost far
 * more than the table itself ("sparse" mode) the column and diagonal options
 * are read from the table instead.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct wy_table {
    wy_rules r;
    uint32_t rows, cols; /* as requested */
    int transposed;      /* stored as cols x rows */
    uint32_t R, C;       /* stored dimensions, R <= C */
    uint32_t np, nh;     /* stored side-state layers */
    int heap_xor;        /* layer (p, h) = layer (p, 0) XOR h */
    int dense;           /* layout used */
    wy_side top;         /* highest side state computed */
    uint32_t *v;         /* [np][nh][R][C] */
};

/* ---- saturating arithmetic for the estimate ---- */
static uint64_t mul_sat(uint64_t a, uint64_t b)
{
    if (a && b > UINT64_MAX / a)
        return UINT64_MAX;
    return a * b;
}
static uint64_t add_sat(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* The plan of a computation: everything the estimate and the engine share. */
typedef struct {
    uint32_t R, C;
    int transposed;
    uint32_t np, nh;
    int heap_xor;
    uint32_t N;       /* move bound; UINT32_MAX when unbounded */
    int wyt;          /* diagonal moves exist */
    int modmode;      /* 0 none, 1 minY (unbounded), 2 listed (bounded) */
    uint32_t M;
    int dense;        /* column/diagonal bitsets */
    uint64_t words;   /* initial words per bitset */
    uint64_t table_bytes, line_bytes, mod_bytes, misc_bytes;
} plan;

static uint64_t plan_total(const plan *pl)
{
    return add_sat(add_sat(pl->table_bytes, pl->line_bytes), add_sat(pl->mod_bytes, pl->misc_bytes));
}

static void make_plan(plan *pl, const wy_rules *r, uint32_t rows, uint32_t cols, wy_side side, wy_layout layout)
{
    memset(pl, 0, sizeof *pl);
    pl->transposed = rows > cols;
    pl->R = pl->transposed ? cols : rows;
    pl->C = pl->transposed ? rows : cols;
    pl->heap_xor = !r->misere && r->passes == 0;
    pl->np = side.pass + 1;
    pl->nh = pl->heap_xor ? 1 : side.heap + 1;
    pl->N = r->max ? r->max : UINT32_MAX;
    pl->wyt = r->game == WY_GAME_WYTHOFF;
    pl->M = r->mod;
    if (r->mod) {
        /* a != b with a = b (mod M) needs |a - b| >= M; in the window
         * |a - b| <= max(R, C) - 2 (and <= N - 1 when bounded). */
        uint64_t reach = (uint64_t)pl->C >= 2 ? (uint64_t)pl->C - 2 : 0;
        if (r->max && (uint64_t)r->max - 1 < reach)
            reach = r->max - 1;
        if ((uint64_t)r->mod <= reach)
            pl->modmode = r->max ? 2 : 1;
    }
    /* initial value capacity: values rarely exceed x + y + the side moves */
    uint64_t vest = (uint64_t)pl->R + pl->C + (uint64_t)side.heap + side.pass + 64;
    if (r->max)
        vest = (uint64_t)3 * r->max + side.heap + side.pass + 64 < vest ? (uint64_t)3 * r->max + side.heap + side.pass + 64
                                                                        : vest;
    pl->words = vest / 64 + 1;
    uint64_t cells = mul_sat(pl->R, pl->C);
    pl->table_bytes = mul_sat(mul_sat(cells, 4), mul_sat(pl->np, pl->nh));
    uint64_t nlines = (uint64_t)pl->C + (pl->wyt ? (uint64_t)pl->R + pl->C - 1 : 0);
    uint64_t dense_bytes = mul_sat(mul_sat(nlines, pl->words), 8);
    dense_bytes = add_sat(dense_bytes, mul_sat(nlines, 4));
    pl->misc_bytes = add_sat(add_sat(mul_sat(pl->words, 64 * 4 + 8), sizeof(wy_table)), mul_sat((uint64_t)pl->np + 1, (uint64_t)side.heap + 1) * 4);
    if (pl->modmode == 1)
        pl->mod_bytes = mul_sat(mul_sat(pl->M, pl->words), 64 * 4);
    uint64_t cap = pl->table_bytes > ((uint64_t)1 << 29) / 4 ? mul_sat(pl->table_bytes, 4) : ((uint64_t)1 << 29);
    /* the sparse layout reads a column or diagonal from the table, O(rows)
     * per cell: chosen for narrow windows and short bounded moves only */
    if (layout == WY_LAYOUT_AUTO)
        pl->dense = dense_bytes <= cap && !(r->max && r->max <= 64);
    else
        pl->dense = layout == WY_LAYOUT_DENSE;
    if (pl->dense)
        pl->line_bytes = dense_bytes;
}

uint64_t wy_table_estimate_layout(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  wy_layout layout)
{
    plan pl;
    make_plan(&pl, rules, rows, cols, side, layout);
    return plan_total(&pl);
}

uint64_t wy_table_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    plan pl;
    make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_AUTO);
    return plan_total(&pl);
}

/* ---- the engine ---- */

typedef struct {
    const plan *pl;
    uint64_t Kt;        /* x + y <= Kt: no component moves */
    size_t W;           /* words per bitset; capacity W * 64 values */
    uint64_t *rowb;     /* current row's window */
    uint32_t rowptr;
    uint64_t *colb, *diab; /* dense mode: C and R + C - 1 lines */
    uint32_t *colptr, *diaptr;
    uint32_t *mark;     /* mark[g] == stamp: g is an option of the cell */
    uint32_t stamp;
    uint32_t *minY;     /* modmode 1: [M][W * 64] */
} engine;

static void engine_free(engine *e)
{
    free(e->rowb);
    free(e->colb);
    free(e->diab);
    free(e->colptr);
    free(e->diaptr);
    free(e->mark);
    free(e->minY);
}

static uint64_t *grow_lines(uint64_t *old, size_t nlines, size_t oldw, size_t neww)
{
    uint64_t *n = calloc(nlines * neww, sizeof *n);
    if (!n)
        return NULL;
    for (size_t i = 0; old && i < nlines; i++)
        memcpy(n + i * neww, old + i * oldw, oldw * sizeof *n);
    free(old);
    return n;
}

static size_t n_diag(const engine *e) { return e->pl->wyt ? (size_t)e->pl->R + e->pl->C - 1 : 0; }

/* Make room for values up to g (capacity > g).  0 on allocation failure. */
static int engine_reserve(engine *e, uint64_t g)
{
    if (g < (uint64_t)e->W * 64)
        return 1;
    size_t oldw = e->W, neww = oldw ? oldw : 1;
    while ((uint64_t)neww * 64 <= g)
        neww *= 2;
    uint64_t *t;
    if (!(t = grow_lines(e->rowb, 1, oldw, neww)))
        return 0;
    e->rowb = t;
    if (e->pl->dense) {
        if (!(t = grow_lines(e->colb, e->pl->C, oldw, neww)))
            return 0;
        e->colb = t;
        if (n_diag(e)) {
            if (!(t = grow_lines(e->diab, n_diag(e), oldw, neww)))
                return 0;
            e->diab = t;
        }
    }
    uint32_t *m = realloc(e->mark, neww * 64 * sizeof *m);
    if (!m)
        return 0;
    memset(m + oldw * 64, 0, (neww - oldw) * 64 * sizeof *m);
    e->mark = m;
    if (e->pl->modmode == 1) {
        size_t oldc = oldw * 64, newc = neww * 64;
        uint32_t *y = malloc((size_t)e->pl->M * newc * sizeof *y);
        if (!y)
            return 0;
        memset(y, 0xff, (size_t)e->pl->M * newc * sizeof *y);
        for (size_t c = 0; e->minY && c < e->pl->M; c++)
            memcpy(y + c * newc, e->minY + c * oldc, oldc * sizeof *y);
        free(e->minY);
        e->minY = y;
    }
    e->W = neww;
    return 1;
}

static void line_insert(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] |= (uint64_t)1 << (g & 63);
    if (g == *ptr) {
        uint32_t p = g;
        while (b[p >> 6] & ((uint64_t)1 << (p & 63)))
            p++; /* stops at the latest at the capacity boundary: callers keep a spare word */
        *ptr = p;
    }
}

static void line_delete(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] &= ~((uint64_t)1 << (g & 63));
    if (g < *ptr)
        *ptr = g;
}

/* First g' >= g missing from the union of the given bitsets (W words each). */
static uint64_t first_free(const uint64_t *a, const uint64_t *b, const uint64_t *c, size_t W, uint64_t g)
{
    size_t i = (size_t)(g >> 6);
    if (i >= W)
        return g;
    uint64_t low = ((uint64_t)1 << (g & 63)) - 1;
    for (; i < W; i++) {
        uint64_t w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0) | low;
        low = 0;
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

static uint32_t mex_of(uint32_t *vals, size_t n)
{
    /* small sets: sort-free mex by repeated scan (n is a handful) */
    uint32_t g = 0;
    for (;;) {
        size_t i;
        for (i = 0; i < n && vals[i] != g; i++)
            ;
        if (i == n)
            return g;
        g++;
    }
}

struct layer_ctx {
    engine *e;
    wy_table *t;
    uint32_t p, h;
    uint32_t tval;  /* value of the terminal region in this layer */
};

static uint32_t *layer_ptr(const wy_table *t, uint32_t p, uint32_t h)
{
    return t->v + ((size_t)p * t->nh + h) * (size_t)t->R * t->C;
}

/* Value of stored cell (x, y) in side state (p, h), using the heap XOR rule. */
static uint32_t stored(const wy_table *t, uint32_t x, uint32_t y, uint32_t p, uint32_t h)
{
    if (t->heap_xor)
        return layer_ptr(t, p, 0)[(size_t)x * t->C + y] ^ h;
    return layer_ptr(t, p, h)[(size_t)x * t->C + y];
}

static int compute_layer(struct layer_ctx *L)
{
    engine *e = L->e;
    wy_table *t = L->t;
    const plan *pl = e->pl;
    const uint32_t R = pl->R, C = pl->C, N = pl->N, M = pl->M;
    const uint64_t Kt = e->Kt;
    uint32_t *out = layer_ptr(t, L->p, L->h);
    const int dense = pl->dense, wyt = pl->wyt;

    if (!engine_reserve(e, (uint64_t)L->tval + 64))
        return 0;
    if (dense) {
        memset(e->colb, 0, (size_t)C * e->W * 8);
        memset(e->colptr, 0, (size_t)C * 4);
        if (wyt) {
            memset(e->diab, 0, n_diag(e) * e->W * 8);
            memset(e->diaptr, 0, n_diag(e) * 4);
        }
    }
    if (pl->modmode == 1)
        memset(e->minY, 0xff, (size_t)M * e->W * 64 * 4);

    for (uint32_t x = 0; x < R; x++) {
        uint32_t *row = out + (size_t)x * C;
        memset(e->rowb, 0, e->W * 8);
        e->rowptr = 0;
        for (uint32_t y = 0; y < C; y++) {
            size_t d = (size_t)x + (C - 1) - y;
            /* windows of bounded moves: drop the cell that just left */
            if (N != UINT32_MAX) {
                if (y > N && (uint64_t)x + (y - N - 1) > Kt)
                    line_delete(e->rowb, &e->rowptr, row[y - N - 1]);
                if (dense && x > N && (uint64_t)(x - N - 1) + y > Kt)
                    line_delete(e->colb + (size_t)y * e->W, &e->colptr[y], out[(size_t)(x - N - 1) * C + y]);
                if (dense && wyt && x > N && y > N && (uint64_t)(x - N - 1) + (y - N - 1) > Kt)
                    line_delete(e->diab + d * e->W, &e->diaptr[d], out[(size_t)(x - N - 1) * C + (y - N - 1)]);
            }
            if ((uint64_t)x + y <= Kt) {
                row[y] = L->tval;
                /* every later cell of an unbounded line reaches this cell, so
                 * the region's value belongs to the line from here on (and no
                 * later cell of the line can take it) */
                if (N == UINT32_MAX) {
                    line_insert(e->rowb, &e->rowptr, L->tval);
                    if (dense) {
                        line_insert(e->colb + (size_t)y * e->W, &e->colptr[y], L->tval);
                        if (wyt)
                            line_insert(e->diab + d * e->W, &e->diaptr[d], L->tval);
                    }
                }
                continue;
            }
            if (++e->stamp == 0) { /* wrapped: forget old marks */
                memset(e->mark, 0, e->W * 64 * 4);
                e->stamp = 1;
            }
            const uint32_t stamp = e->stamp;
            uint32_t *mark = e->mark;
            int term = 0; /* some option lies in the terminal region */
            uint32_t ty = min32(y, N), tx = min32(x, N);
            if (ty && (uint64_t)x + (y - ty) <= Kt)
                term = 1;
            if (tx && (uint64_t)(x - tx) + y <= Kt)
                term = 1;
            uint32_t td = wyt ? min32(tx, ty) : 0;
            if (td && (uint64_t)x + y - 2 * (uint64_t)td <= Kt)
                term = 1;
            if (!dense) {
                for (uint32_t a = 1; a <= tx; a++) {
                    if ((uint64_t)(x - a) + y <= Kt)
                        break;
                    mark[out[(size_t)(x - a) * C + y]] = stamp;
                }
                for (uint32_t a = 1; a <= td; a++) {
                    if ((uint64_t)(x - a) + (y - a) <= Kt)
                        break;
                    mark[out[(size_t)(x - a) * C + (y - a)]] = stamp;
                }
            }
            uint32_t cls = 0;
            if (pl->modmode == 1) {
                cls = (uint32_t)(((int64_t)x - (int64_t)y) % (int64_t)M + M) % M;
                uint32_t s = (M - cls) % M;
                uint64_t best = UINT64_MAX;
                if (cls < x && y >= 1)
                    best = cls;
                if (s < y && x >= 1 && s < best)
                    best = s;
                if (best <= Kt)
                    term = 1;
            } else if (pl->modmode == 2) {
                for (uint32_t a = 1; a <= tx; a++) {
                    for (uint32_t b = (a - 1) % M + 1; b <= ty; b += M) {
                        if (b != a) {
                            if ((uint64_t)(x - a) + (y - b) <= Kt)
                                term = 1;
                            else
                                mark[out[(size_t)(x - a) * C + (y - b)]] = stamp;
                        }
                        if (ty - b < M)
                            break;
                    }
                }
            }
            if (term)
                mark[L->tval] = stamp;
            for (uint32_t h2 = 0; h2 < L->h; h2++)
                mark[stored(t, x, y, L->p, h2)] = stamp;
            if (L->p > 0)
                mark[stored(t, x, y, L->p - 1, L->h)] = stamp;

            const uint64_t *cb = dense ? e->colb + (size_t)y * e->W : NULL;
            const uint64_t *db = dense && wyt ? e->diab + d * e->W : NULL;
            uint64_t g = e->rowptr;
            if (dense) {
                if (e->colptr[y] > g)
                    g = e->colptr[y];
                if (wyt && e->diaptr[d] > g)
                    g = e->diaptr[d];
            }
            const uint64_t cap = (uint64_t)e->W * 64;
            for (;;) {
                g = first_free(e->rowb, cb, db, e->W, g);
                if (g < cap && mark[g] == stamp) {
                    g++;
                    continue;
                }
                if (pl->modmode == 1 && g < cap && e->minY[(size_t)cls * cap + g] < y) {
                    g++;
                    continue;
                }
                break;
            }
            if (g >= UINT32_MAX - 64)
                return 0;
            /* keep a spare word so line_insert's scan always stops */
            if (!engine_reserve(e, g + 64))
                return 0;
            uint32_t v = (uint32_t)g;
            row[y] = v;
            line_insert(e->rowb, &e->rowptr, v);
            if (dense) {
                line_insert(e->colb + (size_t)y * e->W, &e->colptr[y], v);
                if (wyt)
                    line_insert(e->diab + d * e->W, &e->diaptr[d], v);
            }
        }
        if (pl->modmode == 1) {
            const size_t cap = e->W * 64;
            for (uint32_t y = 0; y < C; y++) {
                if ((uint64_t)x + y <= Kt)
                    continue;
                uint32_t c = (uint32_t)(((int64_t)x - (int64_t)y) % (int64_t)M + M) % M;
                uint32_t *slot = &e->minY[(size_t)c * cap + row[y]];
                if (*slot > y)
                    *slot = y;
            }
        }
    }
    return 1;
}

wy_status wy_table_compute(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                           uint64_t mem_limit, char *err, size_t errlen)
{
    return wy_table_compute_layout(out, rules, rows, cols, side, mem_limit, WY_LAYOUT_AUTO, err, errlen);
}

wy_status wy_table_compute_layout(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  uint64_t mem_limit, wy_layout layout, char *err, size_t errlen)
{
    *out = NULL;
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (rows == 0 || cols == 0)
        return wy_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", rows, cols);
    plan pl;
    make_plan(&pl, rules, rows, cols, side, layout);
    uint64_t need = plan_total(&pl);
    if (mem_limit && need > mem_limit)
        return wy_fail(WY_ERANGE, err, errlen,
                       "a %u x %u table needs about %llu MiB, more than the limit of %llu MiB", rows, cols,
                       (unsigned long long)(need >> 20) + 1, (unsigned long long)(mem_limit >> 20));
    if (pl.table_bytes == UINT64_MAX || pl.table_bytes > SIZE_MAX / 2)
        return wy_fail(WY_ERANGE, err, errlen, "a %u x %u table is too large for this machine's address space", rows,
                       cols);

    wy_table *t = calloc(1, sizeof *t);
    if (!t)
        return wy_fail(WY_ERANGE, err, errlen, "out of memory");
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
    t->top = side;
    t->v = malloc((size_t)pl.table_bytes);

    engine e;
    memset(&e, 0, sizeof e);
    e.pl = &pl;
    e.Kt = wy_terminal_bound(rules);
    int ok = t->v != NULL;
    if (ok && pl.dense) {
        e.colptr = calloc(pl.C, 4);
        e.diaptr = pl.wyt ? calloc((size_t)pl.R + pl.C - 1, 4) : NULL;
        ok = e.colptr && (!pl.wyt || e.diaptr);
    }
    ok = ok && engine_reserve(&e, pl.words * 64 - 1);

    /* values of the terminal region, per side state */
    uint32_t *tv = ok ? malloc(sizeof *tv * (size_t)(side.pass + 1) * (side.heap + 1)) : NULL;
    ok = ok && tv;
    if (ok) {
        for (uint32_t p = 0; p <= side.pass; p++)
            for (uint32_t h = 0; h <= side.heap; h++) {
                uint32_t n = 0;
                uint32_t *cell = &tv[(size_t)p * (side.heap + 1) + h];
                if (h == 0) { /* no move at all: the pass needs another move */
                    *cell = rules->misere ? 1 : 0;
                    continue;
                }
                /* options: every smaller heap, and the pass; their values are
                 * the mex of a prefix, so collecting all is cheap enough */
                uint32_t *all = malloc(sizeof *all * (h + 1));
                if (!all) {
                    ok = 0;
                    break;
                }
                for (uint32_t h2 = 0; h2 < h; h2++)
                    all[n++] = tv[(size_t)p * (side.heap + 1) + h2];
                if (p > 0)
                    all[n++] = tv[(size_t)(p - 1) * (side.heap + 1) + h];
                *cell = mex_of(all, n);
                free(all);
            }
    }
    for (uint32_t p = 0; ok && p < pl.np; p++)
        for (uint32_t h = 0; ok && h < pl.nh; h++) {
            struct layer_ctx L = {&e, t, p, h, tv[(size_t)p * (side.heap + 1) + h]};
            ok = compute_layer(&L);
        }
    free(tv);
    engine_free(&e);
    if (!ok) {
        wy_table_free(t);
        return wy_fail(WY_ERANGE, err, errlen, "out of memory computing a %u x %u table (estimate %llu MiB)", rows,
                       cols, (unsigned long long)(need >> 20) + 1);
    }
    *out = t;
    return WY_OK;
}

void wy_table_free(wy_table *t)
{
    if (!t)
        return;
    free(t->v);
    free(t);
}

uint32_t wy_table_rows(const wy_table *t) { return t->rows; }
wy_layout wy_table_layout(const wy_table *t) { return t->dense ? WY_LAYOUT_DENSE : WY_LAYOUT_SPARSE; }
uint32_t wy_table_cols(const wy_table *t) { return t->cols; }

uint32_t wy_table_get(const wy_table *t, uint32_t x, uint32_t y, wy_side side)
{
    if (t->transposed) {
        uint32_t s = x;
        x = y;
        y = s;
    }
    return stored(t, x, y, side.pass, side.heap);
}

uint32_t wy_table_max(const wy_table *t, wy_side side)
{
    uint32_t m = 0;
    for (uint32_t x = 0; x < t->R; x++)
        for (uint32_t y = 0; y < t->C; y++) {
            uint32_t v = stored(t, x, y, side.pass, side.heap);
            if (v > m)
                m = v;
        }
    return m;
}
