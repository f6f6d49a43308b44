/* heap3.c - the atlas of a game with a third heap (include/wythoff_atlas.h,
 * docs/heap3.md): for every (a, b) of an N x N window the c < N with
 * (a, b, c) a P-position, by a direct sweep or by one layer scan per slice,
 * and its comparison with the two-heap values (the table engine). */
#include "internal.h"
#include "wythoff_atlas.h"
#include "wythoff_layer.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wy_status wy_heap3_supported(const wy_rules *rules, char *err, size_t errlen)
{
    wy_status st = wy_rules_check(rules, err, errlen);
    if (st != WY_OK)
        return st;
    if (rules->heap)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "heap=%u: the atlas adds the third heap itself (give the ruleset without heap=)", rules->heap);
    if (rules->max)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "max=%u: with bounded moves a row, column or diagonal can hold two P-positions, which the "
                        "atlas's sweep does not handle",
                        rules->max);
    if (rules->mod)
        return wyi_fail(WY_EINVAL, err, errlen, "mod=%u: modular moves do not run along a line", rules->mod);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Estimates                                                          */
/* ------------------------------------------------------------------ */

static uint64_t atlas_bytes(uint32_t size)
{
    uint64_t n = size;
    return wyi_sat_add(wyi_sat_add(wyi_sat_mul(n * n, 4), wyi_sat_mul(n, 8)), sizeof(wy_heap3));
}

static uint64_t words_of(uint64_t bits) { return (bits + 63) / 64; }

/* The blocked sweep's slices per block: every (slice, side state)'s column
 * and diagonal bits, and their full-word counts, within about 256 KiB (the
 * second-level cache's share), 1 to 64 slices. */
static uint64_t slot_bytes(const wy_rules *r, uint32_t size)
{
    const uint64_t n = size, layers = (uint64_t)r->passes + 1;
    const uint64_t per = 8 * words_of(n) + (r->game == WY_GAME_WYTHOFF ? 8 * (words_of(2 * n) + 2) : 0) + 4;
    return wyi_sat_mul(layers, per);
}

static uint32_t sweep_block(const wy_rules *r, uint32_t size)
{
    uint64_t s = ((uint64_t)256 << 10) / slot_bytes(r, size);
    if (s > 64)
        s = 64;
    if (s > size)
        s = size;
    return s ? (uint32_t)s : 1;
}

/* The terminal region's width: row a has no move on the two heaps for
 * b <= T - a, so at most min(N, T + 1) cells of a row. */
static uint64_t term_width(const wy_rules *r, uint32_t size)
{
    const uint64_t tb = r->has_terminal ? r->terminal : 0;
    return tb + 1 < size ? tb + 1 : size;
}

static uint64_t sweep_bytes(const wy_rules *r, uint32_t size, uint32_t block)
{
    const uint64_t n = size, layers = (uint64_t)r->passes + 1, rw = words_of(n);
    uint64_t b = atlas_bytes(size);
    /* the lower side states' c in the terminal region, every side state's
     * taken bits and full-word counts per row (and its two pointers) */
    b = wyi_sat_add(b, wyi_sat_mul(wyi_sat_mul(layers - 1, n * term_width(r, size)), 4));
    b = wyi_sat_add(b, wyi_sat_mul(wyi_sat_mul(layers, n * rw), 8));
    b = wyi_sat_add(b, wyi_sat_mul(layers, n * 4 + 2 * sizeof(void *)));
    /* a block's columns and diagonals (two words of slack for the diagonal's
     * shifted reads) */
    b = wyi_sat_add(b, wyi_sat_mul(block, slot_bytes(r, size)));
    return wyi_sat_add(b, 4096);
}

/* The plain sweep (wyi_heap3_sweep with plain = 1): every side state's whole
 * atlas, one slice at a time. */
static uint64_t plain_bytes(const wy_rules *r, uint32_t size)
{
    const uint64_t n = size, layers = (uint64_t)r->passes + 1, rw = words_of(n);
    uint64_t b = atlas_bytes(size);
    b = wyi_sat_add(b, wyi_sat_mul(wyi_sat_mul(layers - 1, n * n), 4));
    b = wyi_sat_add(b, wyi_sat_mul(wyi_sat_mul(layers, n * rw), 8));
    b = wyi_sat_add(b, 8 * (rw + 2 * words_of(2 * n) + 4) + wyi_sat_mul(layers, n * 4 + 3 * sizeof(void *)));
    return wyi_sat_add(b, 4096);
}

static unsigned layer_threads(const wy_run *run, uint32_t size)
{
    unsigned t = run && run->threads > 1 ? run->threads : 1;
    if (t > 64)
        t = 64;
    if (t > size)
        t = size;
    return t;
}

static uint64_t layer_bytes(const wy_rules *r, uint32_t size, const wy_run *run)
{
    wy_rules top = *r;
    top.heap = size - 1;
    wy_side s = {r->passes, size - 1};
    uint64_t scan = wy_layer_estimate(&top, s, 0, size);
    return wyi_sat_add(atlas_bytes(size), wyi_sat_add(wyi_sat_mul(scan, layer_threads(run, size)), 4096));
}

uint64_t wy_heap3_estimate(const wy_rules *rules, uint32_t size, wy_heap3_method method, const wy_run *run)
{
    if (wy_heap3_supported(rules, NULL, 0) != WY_OK || size == 0 || size > WY_HEAP3_MAX_SIZE)
        return UINT64_MAX;
    return method == WY_HEAP3_LAYER ? layer_bytes(rules, size, run)
                                    : sweep_bytes(rules, size, sweep_block(rules, size));
}

void wy_heap3_free(wy_heap3 *a)
{
    if (!a)
        return;
    free(a->f);
    free(a->slice);
    free(a);
}

static wy_status atlas_new(wy_heap3 **out, const wy_rules *r, uint32_t size, char *err, size_t errlen)
{
    wy_heap3 *a = calloc(1, sizeof *a);
    if (!a)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for the atlas");
    a->rules = *r;
    a->size = size;
    a->passes = r->passes;
    a->f = malloc((size_t)size * size * sizeof *a->f);
    a->slice = calloc(size, sizeof *a->slice);
    if (!a->f || !a->slice) {
        wy_heap3_free(a);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for the atlas (%u x %u cells)", size, size);
    }
    memset(a->f, 0xff, (size_t)size * size * sizeof *a->f);
    *out = a;
    return WY_OK;
}

static void atlas_count(wy_heap3 *a)
{
    const uint64_t cells = (uint64_t)a->size * a->size;
    a->total = a->none = 0;
    memset(a->slice, 0, a->size * sizeof *a->slice);
    for (uint64_t i = 0; i < cells; i++) {
        if (a->f[i] == WY_HEAP3_NONE)
            a->none++;
        else
            a->slice[a->f[i]]++, a->total++;
    }
}

/* ------------------------------------------------------------------ */
/* The sweep                                                          */
/* ------------------------------------------------------------------ */

static inline int bit_get(const uint64_t *w, uint64_t i) { return (int)((w[i >> 6] >> (i & 63)) & 1); }
static inline void bit_set(uint64_t *w, uint64_t i) { w[i >> 6] |= (uint64_t)1 << (i & 63); }

/* 64 bits of w from bit s on (w has a word of slack past the last one read). */
static inline uint64_t bits_at(const uint64_t *w, uint64_t s)
{
    const uint64_t q = s >> 6, r = s & 63;
    return r ? (w[q] >> r) | (w[q + 1] << (64 - r)) : w[q];
}

/* The blocked sweep: the same decisions as the plain sweep below, cell by
 * cell, in another order. Cell (c, a, p) - row a of slice c in side state
 * p - reads the taken bits of row a (cells (c' < c, a, p)), the columns and
 * diagonals of slice c in side state p (cells (c, a' < a, p)), and the P-cell
 * of (c, a, p - 1). Slices are taken in blocks of S; in a block, rows a in
 * order, in each the block's slices in order, in each p = 0..K: every cell
 * a cell reads comes before it, so each cell decides as in the plain order.
 * A row's bits and a block's column bits stay in the cache, and the search
 * for the first free cell starts past the words that the row's taken bits
 * or the slice's column bits fill alone (counted as they fill: bits are only
 * ever set), which leaves the same first free cell. The lower side states
 * keep their c only in the terminal region, the one place read
 * (docs/heap3.md, "the sweep's order", has the proof). */
typedef struct {
    uint32_t n, rw, dw, K, L;  /* size, words per row, words per diagonal set, passes, side states */
    uint64_t tb, tw;           /* terminal bound, terminal region's width per row */
    int wyt, misere;
    uint32_t *f;               /* the result's atlas (side state K) */
    uint32_t **term;           /* term[p][a * tw + b], p < K: c with (a, b, c, p) P, terminal region only */
    uint64_t **taken;          /* taken[p]: row a's bits b with (a, b, c', p) P for some c' already swept */
    uint32_t *tfull;           /* tfull[p * n + a]: leading words of taken[p]'s row a all set */
    uint64_t *col, *diag;      /* per (slot, p): the slice's columns (bits past N set) and diagonals in use */
    uint32_t *cfull;           /* per (slot, p): leading words of col all set */
} sweep;

static inline void full_advance(uint32_t *k, const uint64_t *w, uint32_t words)
{
    while (*k < words && w[*k] == ~(uint64_t)0)
        (*k)++;
}

static void sweep_mark(sweep *s, uint32_t p, uint32_t a, uint32_t b, uint32_t c, uint64_t *tk, uint64_t *col,
                       uint64_t *diag, uint32_t *cf)
{
    if (p == s->K)
        s->f[(size_t)a * s->n + b] = c;
    else if (b < s->tw && (uint64_t)a + b <= s->tb)
        s->term[p][(size_t)a * s->tw + b] = c;
    bit_set(tk, b);
    bit_set(col, b);
    if (s->wyt)
        bit_set(diag, (uint64_t)b + s->n - 1 - a);
    full_advance(&s->tfull[(size_t)p * s->n + a], tk, s->rw);
    full_advance(cf, col, s->rw);
}

/* Cell (c, a, p) in block slot j; prev: the non-terminal P-cell of
 * (c, a, p - 1) or WY_HEAP3_NONE. Returns this cell's. */
static uint32_t sweep_cell(sweep *s, uint32_t c, uint32_t j, uint32_t p, uint32_t a, uint32_t prev)
{
    const uint32_t n = s->n;
    const size_t slot = (size_t)j * s->L + p;
    uint64_t *tk = s->taken[p] + (size_t)a * s->rw, *col = s->col + slot * s->rw;
    uint64_t *diag = s->wyt ? s->diag + slot * s->dw : NULL;
    uint32_t *cf = s->cfull + slot;
    int row_has = 0;
    uint64_t b0 = 0;
    if (a <= s->tb) {
        uint64_t last = s->tb - a;
        if (last > n - 1)
            last = n - 1;
        for (uint32_t b = 0; b <= last; b++) {
            int pcell;
            if (c == 0)
                pcell = !s->misere;
            else
                pcell = !bit_get(tk, b) && !(p > 0 && s->term[p - 1][(size_t)a * s->tw + b] == c);
            if (pcell) {
                sweep_mark(s, p, a, b, c, tk, col, diag, cf);
                row_has = 1;
            }
        }
        b0 = last + 1;
    }
    if (row_has || b0 >= n)
        return WY_HEAP3_NONE;
    const uint32_t skip = prev;
    uint64_t w = b0 >> 6;
    const uint32_t tf = s->tfull[(size_t)p * n + a];
    if (*cf > w)
        w = *cf;
    if (tf > w)
        w = tf;
    const uint64_t d0 = (uint64_t)n - 1 - a;
    /* col's bits past N are set (set for each block), so they are never free */
    const uint64_t wb0 = b0 >> 6, wskip = skip != WY_HEAP3_NONE ? skip >> 6 : UINT64_MAX;
    for (; w < s->rw; w++) {
        uint64_t free_ = ~(col[w] | tk[w]);
        if (diag)
            free_ &= ~bits_at(diag, 64 * w + d0);
        if (!free_)
            continue;
        if (w == wb0)
            free_ &= ~(uint64_t)0 << (b0 & 63);
        if (w == wskip)
            free_ &= ~((uint64_t)1 << (skip & 63));
        if (free_) {
            uint32_t b = (uint32_t)(64 * w + (uint64_t)__builtin_ctzll(free_));
            sweep_mark(s, p, a, b, c, tk, col, diag, cf);
            return b;
        }
    }
    return WY_HEAP3_NONE;
}

static wy_status heap3_sweep(wy_heap3 *a, uint32_t block, const wy_run *run, char *err, size_t errlen)
{
    const wy_rules *r = &a->rules;
    sweep s;
    memset(&s, 0, sizeof s);
    s.n = a->size;
    s.rw = (uint32_t)words_of(s.n);
    s.dw = (uint32_t)words_of(2 * (uint64_t)s.n) + 2;
    s.K = r->passes;
    s.L = s.K + 1;
    s.tb = r->has_terminal ? r->terminal : 0;
    s.tw = term_width(r, s.n);
    s.wyt = r->game == WY_GAME_WYTHOFF;
    s.misere = r->misere;
    s.f = a->f;
    const uint32_t L = s.L, S = block ? (block < s.n ? block : s.n) : sweep_block(r, s.n);
    wy_status st = WY_OK;
    s.term = calloc(L, sizeof *s.term);
    s.taken = calloc(L, sizeof *s.taken);
    s.tfull = calloc((size_t)L * s.n, sizeof *s.tfull);
    s.col = malloc((size_t)S * L * s.rw * 8);
    s.diag = s.wyt ? malloc((size_t)S * L * s.dw * 8) : NULL;
    s.cfull = malloc((size_t)S * L * sizeof *s.cfull);
    int ok = s.term && s.taken && s.tfull && s.col && (s.diag || !s.wyt) && s.cfull;
    for (uint32_t p = 0; ok && p < L; p++) {
        s.taken[p] = calloc((size_t)s.n * s.rw, 8);
        ok = s.taken[p] != NULL;
        if (ok && p < s.K) {
            s.term[p] = malloc((size_t)s.n * s.tw * sizeof **s.term);
            ok = s.term[p] != NULL;
            if (ok)
                memset(s.term[p], 0xff, (size_t)s.n * s.tw * sizeof **s.term);
        }
    }
    if (!ok)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory for the atlas's sweep");
    for (uint32_t c0 = 0; st == WY_OK && c0 < s.n; c0 += S) {
        const uint32_t c1 = s.n - c0 < S ? s.n : c0 + S;
        memset(s.col, 0, (size_t)S * L * s.rw * 8);
        if (s.n & 63)
            for (size_t k = 0; k < (size_t)S * L; k++)
                s.col[k * s.rw + s.rw - 1] = ~(((uint64_t)1 << (s.n & 63)) - 1);
        if (s.wyt)
            memset(s.diag, 0, (size_t)S * L * s.dw * 8);
        memset(s.cfull, 0, (size_t)S * L * sizeof *s.cfull);
        for (uint32_t row = 0; row < s.n; row++)
            for (uint32_t c = c0; c < c1; c++) {
                uint32_t prev = WY_HEAP3_NONE;
                for (uint32_t p = 0; p < L; p++)
                    prev = sweep_cell(&s, c, c - c0, p, row, prev);
            }
        if (run && run->progress && run->progress(run->progress_ctx, c1, s.n))
            st = wyi_fail(WY_ECANCELED, err, errlen, "canceled");
    }
    for (uint32_t p = 0; p < L; p++) {
        if (s.term)
            free(s.term[p]);
        if (s.taken)
            free(s.taken[p]);
    }
    free(s.term);
    free(s.taken);
    free(s.tfull);
    free(s.col);
    free(s.diag);
    free(s.cfull);
    return st;
}

typedef struct {
    uint32_t n, rw, K;    /* size, words per row, passes */
    uint64_t tb;          /* terminal bound: a + b <= tb has no move on the two heaps */
    int wyt, misere;
    uint32_t **f;         /* f[p]: the atlas of side state p (f[K] is the result's) */
    uint64_t **taken;     /* taken[p]: row a's bits b with (a, b, c', p) P for some c' already swept */
    uint64_t *col, *diag; /* the slice's columns and diagonals (b - a + n - 1) holding a P-position */
    uint32_t **rowp;      /* rowp[p][a]: the column of row a's P-cell outside the terminal region in the
                             current slice, or WY_HEAP3_NONE */
} plain_sweep;

static void plain_mark(plain_sweep *s, uint32_t p, uint32_t a, uint32_t b, uint32_t c)
{
    s->f[p][(size_t)a * s->n + b] = c;
    bit_set(s->taken[p] + (size_t)a * s->rw, b);
    bit_set(s->col, b);
    if (s->wyt)
        bit_set(s->diag, (uint64_t)b + s->n - 1 - a);
}

/* The plain sweep: slice c, side state p, every row in order. */
static void plain_slice(plain_sweep *s, uint32_t c, uint32_t p)
{
    const uint32_t n = s->n;
    memset(s->col, 0, s->rw * 8);
    memset(s->diag, 0, (words_of(2 * (uint64_t)n) + 2) * 8);
    for (uint32_t a = 0; a < n; a++) {
        const uint64_t *tk = s->taken[p] + (size_t)a * s->rw;
        int row_has = 0;
        s->rowp[p][a] = WY_HEAP3_NONE;
        /* the terminal region: no move on the two heaps; each cell alone */
        uint64_t b0 = 0;
        if (a <= s->tb) {
            uint64_t last = s->tb - a;
            if (last > n - 1)
                last = n - 1;
            for (uint32_t b = 0; b <= last; b++) {
                int pcell;
                if (c == 0) /* no move at all */
                    pcell = !s->misere;
                else
                    pcell = !bit_get(tk, b) && !(p > 0 && s->f[p - 1][(size_t)a * n + b] == c);
                if (pcell) {
                    plain_mark(s, p, a, b, c);
                    row_has = 1;
                }
            }
            b0 = last + 1;
        }
        if (row_has || b0 >= n)
            continue;
        /* outside: the first free cell, if no P-cell of the row is left of it */
        const uint32_t skip = p > 0 ? s->rowp[p - 1][a] : WY_HEAP3_NONE; /* its pass reaches a P-position */
        for (uint64_t w = b0 >> 6; w < s->rw; w++) {
            uint64_t free_ = ~(s->col[w] | tk[w]);
            if (s->wyt)
                free_ &= ~bits_at(s->diag, 64 * w + n - 1 - a);
            if (w == b0 >> 6)
                free_ &= ~(uint64_t)0 << (b0 & 63);
            if (w == s->rw - 1 && (n & 63))
                free_ &= ((uint64_t)1 << (n & 63)) - 1;
            if (skip != WY_HEAP3_NONE && skip >> 6 == w)
                free_ &= ~((uint64_t)1 << (skip & 63));
            if (free_) {
                uint32_t b = (uint32_t)(64 * w + (uint64_t)__builtin_ctzll(free_));
                plain_mark(s, p, a, b, c);
                s->rowp[p][a] = b;
                break;
            }
        }
    }
}

static wy_status heap3_plain(wy_heap3 *a, const wy_run *run, char *err, size_t errlen)
{
    const wy_rules *r = &a->rules;
    plain_sweep s;
    memset(&s, 0, sizeof s);
    s.n = a->size;
    s.rw = (uint32_t)words_of(s.n);
    s.K = r->passes;
    s.tb = r->has_terminal ? r->terminal : 0;
    s.wyt = r->game == WY_GAME_WYTHOFF;
    s.misere = r->misere;
    const uint32_t L = s.K + 1;
    wy_status st = WY_OK;
    s.f = calloc(L, sizeof *s.f);
    s.taken = calloc(L, sizeof *s.taken);
    s.rowp = calloc(L, sizeof *s.rowp);
    s.col = calloc(s.rw, 8);
    s.diag = calloc(words_of(2 * (uint64_t)s.n) + 2, 8);
    int ok = s.f && s.taken && s.rowp && s.col && s.diag;
    for (uint32_t p = 0; ok && p < L; p++) {
        s.f[p] = p == s.K ? a->f : malloc((size_t)s.n * s.n * sizeof **s.f);
        s.taken[p] = calloc((size_t)s.n * s.rw, 8);
        s.rowp[p] = malloc((size_t)s.n * sizeof **s.rowp);
        ok = s.f[p] && s.taken[p] && s.rowp[p];
        if (ok && p < s.K)
            memset(s.f[p], 0xff, (size_t)s.n * s.n * sizeof **s.f);
    }
    if (!ok)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory for the atlas's sweep");
    for (uint32_t c = 0; st == WY_OK && c < s.n; c++) {
        for (uint32_t p = 0; p < L; p++)
            plain_slice(&s, c, p);
        if (run && run->progress && run->progress(run->progress_ctx, c + 1, s.n))
            st = wyi_fail(WY_ECANCELED, err, errlen, "canceled");
    }
    for (uint32_t p = 0; s.f && p < L; p++) {
        if (p < s.K)
            free(s.f[p]);
        if (s.taken)
            free(s.taken[p]);
        if (s.rowp)
            free(s.rowp[p]);
    }
    free(s.f);
    free(s.taken);
    free(s.rowp);
    free(s.col);
    free(s.diag);
    return st;
}

/* ------------------------------------------------------------------ */
/* One layer scan per slice                                            */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_heap3 *a;
    uint32_t c;
    int clash;            /* a cell already held another c */
    uint32_t cx, cy, cc;  /* the clash */
} slice_ctx;

static int put(slice_ctx *sc, uint32_t x, uint32_t y)
{
    uint32_t expect = WY_HEAP3_NONE;
    uint32_t *cell = &sc->a->f[(size_t)x * sc->a->size + y];
    if (!__atomic_compare_exchange_n(cell, &expect, sc->c, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        sc->clash = 1, sc->cx = x, sc->cy = y, sc->cc = expect;
        return 1;
    }
    return 0;
}

static int on_pos(void *ctx, uint64_t x, uint64_t y)
{
    slice_ctx *sc = ctx;
    if (put(sc, (uint32_t)x, (uint32_t)y))
        return 1;
    return x != y && put(sc, (uint32_t)y, (uint32_t)x);
}

typedef struct {
    wy_heap3 *a;
    uint64_t mem_share;
    uint32_t next;        /* the next slice to scan (atomic) */
    uint32_t done;        /* slices finished (atomic) */
    int stop;             /* atomic: an error or a cancel */
    wy_status st;         /* the first failure */
    char err[WY_ERRLEN];
    pthread_mutex_t lock;
} layer_job;

static void job_fail(layer_job *j, wy_status st, const char *msg)
{
    pthread_mutex_lock(&j->lock);
    if (j->st == WY_OK) {
        j->st = st;
        snprintf(j->err, sizeof j->err, "%s", msg);
    }
    pthread_mutex_unlock(&j->lock);
    __atomic_store_n(&j->stop, 1, __ATOMIC_RELAXED);
}

static void *layer_worker(void *arg)
{
    layer_job *j = arg;
    char err[WY_ERRLEN];
    for (;;) {
        if (__atomic_load_n(&j->stop, __ATOMIC_RELAXED))
            break;
        uint32_t c = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
        if (c >= j->a->size)
            break;
        wy_rules r = j->a->rules;
        r.heap = c;
        wy_side side = {r.passes, c};
        slice_ctx sc = {j->a, c, 0, 0, 0, 0};
        wy_status st = wy_layer_scan(&r, side, 0, j->a->size, j->mem_share, on_pos, &sc, NULL, NULL, err, sizeof err);
        if (sc.clash) {
            snprintf(err, sizeof err,
                     "two P-positions on one heap line: (%u, %u, %u) and (%u, %u, %u) (the layer engine and the "
                     "atlas disagree)",
                     sc.cx, sc.cy, sc.cc, sc.cx, sc.cy, c);
            job_fail(j, WY_EINTERNAL, err);
            break;
        }
        if (st != WY_OK) {
            job_fail(j, st, err);
            break;
        }
        __atomic_fetch_add(&j->done, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static wy_status heap3_layers(wy_heap3 *a, uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    layer_job j;
    memset(&j, 0, sizeof j);
    j.a = a;
    j.st = WY_OK;
    pthread_mutex_init(&j.lock, NULL);
    const unsigned T = layer_threads(run, a->size);
    j.mem_share = mem_limit ? mem_limit / T : 0;
    pthread_t th[64];
    unsigned started = 0;
    for (unsigned t = 1; t < T; t++, started++)
        if (pthread_create(&th[started], NULL, layer_worker, &j) != 0)
            break;
    /* the calling thread scans too, and reports progress between slices */
    char e2[WY_ERRLEN];
    for (;;) {
        if (__atomic_load_n(&j.stop, __ATOMIC_RELAXED))
            break;
        uint32_t c = __atomic_fetch_add(&j.next, 1, __ATOMIC_RELAXED);
        if (c >= a->size)
            break;
        wy_rules r = a->rules;
        r.heap = c;
        wy_side side = {r.passes, c};
        slice_ctx sc = {a, c, 0, 0, 0, 0};
        wy_status st = wy_layer_scan(&r, side, 0, a->size, j.mem_share, on_pos, &sc, NULL, NULL, e2, sizeof e2);
        if (sc.clash) {
            snprintf(e2, sizeof e2,
                     "two P-positions on one heap line: (%u, %u, %u) and (%u, %u, %u) (the layer engine and the "
                     "atlas disagree)",
                     sc.cx, sc.cy, sc.cc, sc.cx, sc.cy, c);
            job_fail(&j, WY_EINTERNAL, e2);
            break;
        }
        if (st != WY_OK) {
            job_fail(&j, st, e2);
            break;
        }
        uint32_t done = __atomic_add_fetch(&j.done, 1, __ATOMIC_RELAXED);
        if (run && run->progress && run->progress(run->progress_ctx, done, a->size)) {
            job_fail(&j, WY_ECANCELED, "canceled");
            break;
        }
    }
    for (unsigned t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    pthread_mutex_destroy(&j.lock);
    if (j.st != WY_OK)
        return wyi_fail(j.st, err, errlen, "%s", j.err);
    if (run && run->progress && run->progress(run->progress_ctx, a->size, a->size))
        return wyi_fail(WY_ECANCELED, err, errlen, "canceled");
    return WY_OK;
}

/* wy_heap3_compute, and for the tests: plain (with WY_HEAP3_SWEEP), the plain
 * sweep; block, the blocked sweep's slices per block (0: its own choice). */
wy_status wyi_heap3_compute(wy_heap3 **out, const wy_rules *rules, uint32_t size, wy_heap3_method method, int plain,
                            uint32_t block, uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    if (!out || !rules)
        return wyi_fail(WY_EINVAL, err, errlen, "no output or no ruleset");
    *out = NULL;
    wy_status st = wy_heap3_supported(rules, err, errlen);
    if (st != WY_OK)
        return st;
    if (size == 0 || size > WY_HEAP3_MAX_SIZE)
        return wyi_fail(WY_EINVAL, err, errlen, "atlas size %u out of range (1 to %u)", size, WY_HEAP3_MAX_SIZE);
    if (method != WY_HEAP3_SWEEP && method != WY_HEAP3_LAYER)
        return wyi_fail(WY_EINVAL, err, errlen, "unknown atlas method %d", (int)method);
    const int blocked = method == WY_HEAP3_SWEEP && !plain;
    uint64_t need = method == WY_HEAP3_SWEEP && plain ? plain_bytes(rules, size)
                    : blocked && block               ? sweep_bytes(rules, size, block < size ? block : size)
                                                     : wy_heap3_estimate(rules, size, method, run);
    if (mem_limit && need > mem_limit) {
        char what[64];
        snprintf(what, sizeof what, "the atlas of size %u", size);
        return wy_memory_refusal(err, errlen, what, need, mem_limit);
    }
    wy_heap3 *a = NULL;
    if ((st = atlas_new(&a, rules, size, err, errlen)) != WY_OK)
        return st;
    st = method == WY_HEAP3_LAYER ? heap3_layers(a, mem_limit, run, err, errlen)
         : plain                  ? heap3_plain(a, run, err, errlen)
                                  : heap3_sweep(a, block, run, err, errlen);
    if (st != WY_OK) {
        wy_heap3_free(a);
        return st;
    }
    atlas_count(a);
    *out = a;
    return WY_OK;
}

wy_status wy_heap3_compute(wy_heap3 **out, const wy_rules *rules, uint32_t size, wy_heap3_method method,
                           uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    return wyi_heap3_compute(out, rules, size, method, 0, 0, mem_limit, run, err, errlen);
}

/* ------------------------------------------------------------------ */
/* Findings                                                           */
/* ------------------------------------------------------------------ */

uint64_t wy_heap3_findings_estimate(const wy_rules *rules, uint32_t size)
{
    if (!rules || wy_heap3_supported(rules, NULL, 0) != WY_OK || size == 0 || size > WY_HEAP3_MAX_SIZE)
        return UINT64_MAX;
    wy_side s = {rules->passes, 0}, s0 = {0, 0};
    return wyi_sat_add(wy_table_estimate(rules, size, size, s),
                       rules->passes ? wy_table_estimate(rules, size, size, s0) : 0);
}

/* Is (a, b, c) smaller than the cell held, in a + b + c, then a, then b? */
static void keep_first(wy_heap3_cell *k, uint32_t n, uint32_t a, uint32_t b, uint32_t c, uint64_t expected)
{
    const uint64_t cc = c == WY_HEAP3_NONE ? n : c;
    if (k->found) {
        const uint64_t kc = k->c == WY_HEAP3_NONE ? n : k->c;
        const uint64_t s1 = (uint64_t)a + b + cc, s0 = (uint64_t)k->a + k->b + kc;
        if (s1 > s0 || (s1 == s0 && (a > k->a || (a == k->a && b >= k->b))))
            return;
    }
    k->found = 1, k->a = a, k->b = b, k->c = c, k->expected = expected;
}

wy_status wy_heap3_findings_compute(wy_heap3_findings *out, const wy_heap3 *atlas, uint64_t mem_limit, const wy_run *run,
                            char *err, size_t errlen)
{
    if (!out || !atlas)
        return wyi_fail(WY_EINVAL, err, errlen, "no output or no atlas");
    memset(out, 0, sizeof *out);
    const uint32_t n = atlas->size;
    out->size = n;
    uint64_t need = wy_heap3_findings_estimate(&atlas->rules, n);
    if (mem_limit && need > mem_limit) {
        char what[64];
        snprintf(what, sizeof what, "the two-heap tables of size %u", n);
        return wy_memory_refusal(err, errlen, what, need, mem_limit);
    }
    wy_side s2 = {atlas->passes, 0}, s0 = {0, 0};
    wy_table *t2 = NULL, *t0 = NULL;
    wy_status st = wy_table_compute_run(&t2, &atlas->rules, n, n, s2, 0, WY_LAYOUT_AUTO, run, err, errlen);
    if (st == WY_OK && atlas->passes)
        st = wy_table_compute_run(&t0, &atlas->rules, n, n, s0, 0, WY_LAYOUT_AUTO, run, err, errlen);
    if (st != WY_OK) {
        wy_table_free(t2);
        return st;
    }
    const uint32_t *f = atlas->f;
    out->over_max = INT64_MIN;
    out->lo_min = INT64_MAX;
    out->hi_max = INT64_MIN;
    const uint64_t tb = atlas->rules.has_terminal ? atlas->rules.terminal : 0;
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            const uint32_t c = f[(size_t)a * n + b], g2 = wy_table_get(t2, a, b, s2);
            if (g2 > out->g2_max)
                out->g2_max = g2;
            if (g2 >= n)
                out->g2_beyond++;
            if ((g2 < n) ? c != g2 : c != WY_HEAP3_NONE) {
                out->g2_bad++;
                keep_first(&out->g2_first, n, a, b, c, g2);
            }
            if (c != f[(size_t)b * n + a])
                out->swap_bad++;
            if (c == WY_HEAP3_NONE)
                continue;
            out->defined++;
            const int64_t over = (int64_t)c - (int64_t)(a > b ? a : b);
            if (over > out->over_max) {
                out->over_max = over;
                memset(&out->over_first, 0, sizeof out->over_first);
            }
            if (over == out->over_max)
                keep_first(&out->over_first, n, a, b, c, 0);
            const int64_t lo = (int64_t)c - (a > b ? (int64_t)a - b : (int64_t)b - a), hi = (int64_t)c - a - b;
            if (lo < -1) {
                out->lo_bad++;
                keep_first(&out->lo_bad_first, n, a, b, c, 0);
            }
            if (hi > 1) {
                out->hi_bad++;
                keep_first(&out->hi_bad_first, n, a, b, c, 0);
            }
            if (lo < out->lo_min) {
                out->lo_min = lo;
                memset(&out->lo_first, 0, sizeof out->lo_first);
            }
            if (lo == out->lo_min)
                keep_first(&out->lo_first, n, a, b, c, 0);
            if (hi > out->hi_max) {
                out->hi_max = hi;
                memset(&out->hi_first, 0, sizeof out->hi_first);
            }
            if (hi == out->hi_max)
                keep_first(&out->hi_first, n, a, b, c, 0);
            if (f[(size_t)a * n + c] != b) {
                out->sym_bad++;
                keep_first(&out->sym_first, n, a, b, c, b);
            }
            if (t0) {
                const uint32_t g0 = wy_table_get(t0, a, b, s0);
                if (c == g0 && !(c == 0 && (uint64_t)a + b <= tb)) {
                    out->g0_equal++;
                    keep_first(&out->g0_first, n, a, b, c, g0);
                }
                if (c != (g0 ^ 1u)) {
                    out->xor1_bad++;
                    keep_first(&out->xor1_first, n, a, b, c, g0 ^ 1u);
                }
                const uint64_t d = c > g0 ? c - g0 : g0 - c;
                if (d <= 1)
                    out->dist_le1++;
                if (d <= 3)
                    out->dist_le3++;
                if (d > out->dist_max) {
                    out->dist_max = d;
                    memset(&out->dist_first, 0, sizeof out->dist_first);
                }
                if (d == out->dist_max)
                    keep_first(&out->dist_first, n, a, b, c, g0);
            }
        }
    wy_table_free(t2);
    wy_table_free(t0);
    return WY_OK;
}
