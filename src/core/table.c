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
 * the whole table fits it is kept (and computed by symmetry: a row's cells
 * below the diagonal are read from the earlier rows); otherwise rows are
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
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "internal.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Large zeroed blocks come straight from mmap, with transparent huge pages
 * asked for: far fewer page faults for tables of hundreds of MiB. */
#define BIG_BLOCK ((size_t)1 << 24)

static void *big_alloc(size_t n)
{
    if (n < BIG_BLOCK)
        return calloc(n ? n : 1, 1);
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, n, MADV_HUGEPAGE);
#endif
    return p;
}

static void big_free(void *p, size_t n)
{
    if (!p)
        return;
    if (n < BIG_BLOCK)
        free(p);
    else
        munmap(p, n);
}

struct wy_table {
    wy_rules r;
    uint32_t rows, cols; /* as requested */
    int transposed;      /* stored as cols x rows */
    uint32_t R, C;       /* stored dimensions, R <= C */
    uint32_t np, nh;     /* stored side-state layers */
    int heap_xor;        /* layer (p, h) = layer (p, 0) XOR h */
    int dense;           /* layout used */
    unsigned cw;         /* bytes per cell: 2 or 4 */
    wy_side top;         /* highest side state computed */
    void *v;             /* [np][nh][R][C] cells */
    size_t vbytes;       /* for big_free */
};

static uint32_t min32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

#define CHUNK 64u      /* columns between two progress counters */
#define MAX_LAYERS ((uint64_t)1 << 24) /* side layers (p, h): more never fit in memory anyway */
#define MAX_BAND 64u   /* rows per band */
#define PROG_STRIDE 32u /* one band's progress counter per 128 bytes */
#define MOD_BITS_MAX 16u /* mod=M, M <= this: class bitsets instead of minY lookups */

/* The plan of a computation: everything the estimate and the engine share. */
typedef struct {
    uint32_t R, C;
    int transposed;
    uint32_t np, nh, nl; /* layers: nl = np * nh (valid unless too_many) */
    int too_many;        /* more than MAX_LAYERS side layers: refused, estimate UINT64_MAX */
    int heap_xor;
    uint32_t N;          /* move bound; UINT32_MAX when unbounded */
    int wyt;             /* diagonal moves exist */
    int modmode;         /* 0 none, 1 minY (unbounded), 2 listed (bounded) */
    uint32_t M;
    int dense;           /* column/diagonal bitsets */
    int tri;             /* compute x <= y only, mirror the rest */
    int stream;          /* ring of rows, handed out in order */
    unsigned cw;         /* bytes per stored cell */
    uint64_t bound;      /* no value in the window exceeds it */
    size_t W;            /* words per line bitset (initial when not fixed) */
    int fixed;           /* W never grows (needed for threads) */
    uint32_t B;          /* band height */
    unsigned T;          /* threads */
    uint32_t keep;       /* rows stored: R, or the ring of a stream */
    uint32_t slots;      /* stream: bands in the ring */
    uint64_t table_bytes, line_bytes, thread_bytes, mod_bytes, misc_bytes;
} plan;

static uint64_t plan_total(const plan *pl)
{
    if (pl->too_many)
        return UINT64_MAX;
    return wy_sat_add(wy_sat_add(wy_sat_add(pl->table_bytes, pl->line_bytes), wy_sat_add(pl->mod_bytes, pl->misc_bytes)),
                   pl->thread_bytes);
}

/* The largest number of options of a cell of an R x C window in side state
 * (p, h): a cell's value (a mex) never exceeds it. */
static uint64_t option_bound(const wy_rules *r, uint64_t R, uint64_t C, uint64_t p, uint64_t h)
{
    uint64_t N = r->max ? r->max : UINT64_MAX;
    uint64_t X = R ? R - 1 : 0, Y = C ? C - 1 : 0;
    uint64_t a = min64(X, N), b = min64(Y, N);
    uint64_t n = wy_sat_add(a, b);
    if (r->game == WY_GAME_WYTHOFF)
        n = wy_sat_add(n, min64(a, b));
    if (r->mod)
        n = wy_sat_add(n, wy_sat_mul(a, b / r->mod + 1));
    n = wy_sat_add(n, h + (p > 0));
    return n < h + 1 ? h + 1 : n; /* the terminal region's value is at most h + 1 */
}

uint64_t wy_table_value_bound(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    return option_bound(rules, rows, cols, side.pass, side.heap);
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

static void make_plan(plan *pl, const wy_rules *r, uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                      unsigned threads, int stream, unsigned band)
{
    /* stream: 0 a table kept in memory; 1 rows handed out, a ring of rows
     * kept; 2 rows handed out, the whole table kept (symmetric when R <= C) */
    memset(pl, 0, sizeof *pl);
    pl->stream = stream;
    pl->transposed = !stream && rows > cols;
    pl->R = pl->transposed ? cols : rows;
    pl->C = pl->transposed ? rows : cols;
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
    pl->bound = option_bound(r, pl->R, pl->C, side.pass, side.heap);
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
    uint64_t dense_bytes = wy_sat_mul(wy_sat_mul(wy_sat_mul(nlines, pl->W), 8), pl->nl);
    dense_bytes = wy_sat_add(dense_bytes, wy_sat_mul(wy_sat_mul(nlines, 4), pl->nl));
    uint64_t row_bytes = wy_sat_mul(wy_sat_mul(pl->C, pl->cw), pl->nl);
    pl->keep = pl->R;
    pl->slots = nbands;
    if (stream == 2)
        pl->misc_bytes = wy_sat_mul(pl->C, 4); /* the row handed out */
    if (stream == 1) {
        uint32_t back = pl->N != UINT32_MAX ? (uint32_t)min64((uint64_t)pl->N + 1, pl->R) : 0;
        uint64_t slots = (uint64_t)T + 2 + ((uint64_t)back + B - 1) / B;
        uint64_t keep = wy_sat_mul(slots, B);
        if (keep >= pl->R) {
            keep = pl->R;
            slots = nbands;
        }
        pl->keep = (uint32_t)keep;
        pl->slots = (uint32_t)slots;
        pl->misc_bytes = wy_sat_mul(pl->C, 4); /* the row handed out */
    }
    pl->table_bytes = wy_sat_mul(row_bytes, pl->keep);
    pl->misc_bytes = wy_sat_add(pl->misc_bytes, wy_sat_add(sizeof(wy_table) + 4096, wy_sat_mul(nbands, 4 * PROG_STRIDE)));
    pl->misc_bytes = wy_sat_add(pl->misc_bytes, wy_sat_mul((uint64_t)pl->np + 1, (uint64_t)side.heap + 1) * 4);
    /* per thread: the band's row bitsets and pointers, the option marks */
    uint64_t per_thread = wy_sat_add(wy_sat_mul(wy_sat_mul((uint64_t)B * pl->nl, pl->W), 8), wy_sat_mul(pl->W, 64 * 4));
    per_thread = wy_sat_add(per_thread, (uint64_t)B * pl->nl * 4);
    pl->thread_bytes = wy_sat_mul(per_thread, T);
    if (pl->modmode == 1) {
        pl->mod_bytes = wy_sat_mul(wy_sat_mul(wy_sat_mul(pl->M, pl->W), 64 * 4), pl->nl);
        if (pl->M <= MOD_BITS_MAX) /* the sorted entries, the class bitsets, the buckets */
            pl->mod_bytes = wy_sat_add(wy_sat_mul(pl->mod_bytes, 2),
                                    wy_sat_add(wy_sat_mul(wy_sat_mul(pl->M, pl->W), 8 * (uint64_t)pl->nl),
                                            wy_sat_mul((uint64_t)pl->C + 1, 4 * (uint64_t)pl->nl)));
    }
    uint64_t cap = pl->table_bytes > ((uint64_t)1 << 29) / 4 ? wy_sat_mul(pl->table_bytes, 4) : ((uint64_t)1 << 29);
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

uint64_t wy_table_estimate_layout(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  wy_layout layout)
{
    plan pl;
    make_plan(&pl, rules, rows, cols, side, layout, 1, 0, 0);
    return plan_total(&pl);
}

uint64_t wy_table_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side)
{
    return wy_table_estimate_layout(rules, rows, cols, side, WY_LAYOUT_AUTO);
}

uint64_t wy_table_stream_estimate(const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                                  unsigned threads)
{
    plan pl;
    make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_DENSE, threads, 1, 0);
    return plan_total(&pl);
}

/* ---- the engine ---- */

enum { STOP_NONE = 0, STOP_CANCEL, STOP_OVERFLOW, STOP_NOMEM, STOP_SINK };

typedef struct {
    const plan *pl;
    void *v;             /* [nl][keep][C] cells of pl->cw bytes */
    uint64_t Kt;         /* x + y <= Kt: no component moves */
    size_t W;            /* words per bitset; capacity W * 64 values */
    size_t ndiag;
    uint64_t *colb, *diab;     /* dense: [nl][C][W], [nl][ndiag][W] */
    size_t colb_bytes, diab_bytes;
    uint32_t *colptr, *diaptr; /* [nl][C], [nl][ndiag] */
    uint32_t *minY;      /* modmode 1: [nl][M][W * 64] */
    /* modmode 1 with small M: per class the bitset of the values g with
     * minY < y (the modular options of the current cell's class), grown
     * along the row from the entries (class, g) sorted by minY */
    int modbits;
    uint64_t *modb;      /* [nl][M][W] */
    uint32_t *ev;        /* [nl][M * W * 64]: class * cap + g, by minY */
    uint32_t *evs;       /* [nl][C + 1]: start of the entries with minY = y */
    const uint32_t *tv;  /* [nl]: value of the terminal region */
    uint32_t nbands;
    _Atomic uint32_t *prog;    /* [nbands * PROG_STRIDE]: columns finished */
    /* written while others read the fields above: lines of their own */
    _Alignas(128) atomic_uint next_band;
    _Alignas(128) atomic_uint out_done; /* stream: bands handed out */
    _Alignas(128) atomic_int stop;
    _Alignas(128) _Atomic uint64_t cells_done;
    _Alignas(128) char pad_end;
    uint64_t total_cells;
    const wy_run *run;
    /* stream */
    wy_row_fn sink;
    void *sink_ctx;
    uint32_t out_layer, out_xor;
    uint32_t *outrow;
} shared;

/* Each worker on cache lines of its own: its stamp changes at every cell,
 * and two workers sharing a line would make the cores fight over it. */
typedef struct {
    _Alignas(128) shared *S;
    unsigned tid;
    size_t W;            /* capacity of this worker's arrays */
    uint64_t *rowb;      /* [nl][B][W] */
    size_t rowb_bytes;
    uint32_t *rowptr;    /* [nl][B] */
    uint32_t *mark;      /* [W * 64]: mark[g] == stamp: g is an option */
    uint32_t stamp;
} worker;

static inline size_t row_index(const shared *S, uint32_t l, uint32_t x)
{
    uint32_t k = S->pl->keep;
    return ((size_t)l * k + (k == S->pl->R ? x : x % k)) * S->pl->C;
}

static inline uint32_t cget(const shared *S, size_t i)
{
    return S->pl->cw == 2 ? ((const uint16_t *)S->v)[i] : ((const uint32_t *)S->v)[i];
}

static inline void cset(const shared *S, size_t i, uint32_t v)
{
    if (S->pl->cw == 2)
        ((uint16_t *)S->v)[i] = (uint16_t)v;
    else
        ((uint32_t *)S->v)[i] = v;
}

/* Value of (x, y) in layer l: a cell already computed (the mirror image
 * below the diagonal while only x <= y is stored). */
static inline uint32_t val(const shared *S, uint32_t l, uint32_t x, uint32_t y)
{
    if (S->pl->tri && x > y) {
        uint32_t s = x;
        x = y;
        y = s;
    }
    return cget(S, row_index(S, l, x) + y);
}

static void line_insert(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] |= (uint64_t)1 << (g & 63);
    if (g == *ptr) {
        uint32_t p = g;
        while (b[p >> 6] & ((uint64_t)1 << (p & 63)))
            p++; /* stops inside the line: lines keep spare words */
        *ptr = p;
    }
}

static void line_delete(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] &= ~((uint64_t)1 << (g & 63));
    if (g < *ptr)
        *ptr = g;
}

/* First g' >= g missing from the union of four bitsets (d may be NULL). */
static uint64_t first_free4(const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d, size_t W,
                            uint64_t g)
{
    size_t i = (size_t)(g >> 6);
    if (i >= W)
        return g;
    uint64_t low = ((uint64_t)1 << (g & 63)) - 1;
    for (; i < W; i++) {
        uint64_t w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0) | (d ? d[i] : 0) | low;
        low = 0;
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

/* First g' >= g missing from the union of the given bitsets (W words each);
 * W * 64 when there is none below the capacity. */
static uint64_t first_free(const uint64_t *a, const uint64_t *b, const uint64_t *c, size_t W, uint64_t g)
{
    size_t i = (size_t)(g >> 6);
    if (i >= W)
        return g;
    uint64_t w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0) | (((uint64_t)1 << (g & 63)) - 1);
    if (~w)
        return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    i++;
    if (b && c) { /* the common case: four words a step */
        for (; i + 4 <= W; i += 4) {
            uint64_t w0 = a[i] | b[i] | c[i], w1 = a[i + 1] | b[i + 1] | c[i + 1];
            uint64_t w2 = a[i + 2] | b[i + 2] | c[i + 2], w3 = a[i + 3] | b[i + 3] | c[i + 3];
            if ((w0 & w1 & w2 & w3) != ~(uint64_t)0) {
                if (~w0)
                    return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w0);
                if (~w1)
                    return (uint64_t)(i + 1) * 64 + (uint64_t)__builtin_ctzll(~w1);
                if (~w2)
                    return (uint64_t)(i + 2) * 64 + (uint64_t)__builtin_ctzll(~w2);
                return (uint64_t)(i + 3) * 64 + (uint64_t)__builtin_ctzll(~w3);
            }
        }
    }
    for (; i < W; i++) {
        w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0);
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

static uint64_t *grow_lines(uint64_t *old, size_t *bytes, size_t nlines, size_t oldw, size_t neww)
{
    size_t nb = nlines * neww * sizeof(uint64_t);
    uint64_t *n = big_alloc(nb);
    if (!n)
        return NULL;
    for (size_t i = 0; old && i < nlines; i++)
        memcpy(n + i * neww, old + i * oldw, oldw * sizeof *n);
    big_free(old, *bytes);
    *bytes = nb;
    return n;
}

/* Make room for values up to g (capacity > g + 128).  Only without fixed
 * capacity, which means one thread.  0 on allocation failure. */
static int reserve(shared *S, worker *w, uint64_t g)
{
    const plan *pl = S->pl;
    if (g + 128 < (uint64_t)S->W * 64)
        return 1;
    if (pl->fixed || g >= UINT32_MAX - 256)
        return 0;
    size_t oldw = S->W, neww = oldw;
    while ((uint64_t)neww * 64 <= g + 128)
        neww *= 2;
    uint64_t *t;
    if (!(t = grow_lines(w->rowb, &w->rowb_bytes, (size_t)pl->nl * pl->B, oldw, neww)))
        return 0;
    w->rowb = t;
    if (pl->dense) {
        if (!(t = grow_lines(S->colb, &S->colb_bytes, (size_t)pl->nl * pl->C, oldw, neww)))
            return 0;
        S->colb = t;
        if (S->ndiag) {
            if (!(t = grow_lines(S->diab, &S->diab_bytes, (size_t)pl->nl * S->ndiag, oldw, neww)))
                return 0;
            S->diab = t;
        }
    }
    uint32_t *m = realloc(w->mark, neww * 64 * sizeof *m);
    if (!m)
        return 0;
    memset(m + oldw * 64, 0, (neww - oldw) * 64 * sizeof *m);
    w->mark = m;
    if (pl->modmode == 1) {
        size_t oldc = oldw * 64, newc = neww * 64;
        size_t nc = (size_t)pl->nl * pl->M;
        uint32_t *y = malloc(nc * newc * sizeof *y);
        if (!y)
            return 0;
        memset(y, 0xff, nc * newc * sizeof *y);
        for (size_t c = 0; S->minY && c < nc; c++)
            memcpy(y + c * newc, S->minY + c * oldc, oldc * sizeof *y);
        free(S->minY);
        S->minY = y;
        if (S->modbits) { /* contents are rebuilt by the caller */
            free(S->ev);
            free(S->modb);
            S->ev = malloc(nc * newc * sizeof *S->ev);
            S->modb = calloc(nc * neww, sizeof *S->modb);
            if (!S->ev || !S->modb)
                return 0;
        }
    }
    S->W = w->W = neww;
    return 1;
}

/* Row i of the band (row x) starts at column x (symmetric mode): its bitset
 * becomes the values of (x, 0..x-1) = (0..x-1, x), or with max=N those of
 * the last N + 1 of them (the one leaving the window is deleted next). */
static void row_start(shared *S, worker *w, uint32_t l, uint32_t i, uint32_t x)
{
    const plan *pl = S->pl;
    const size_t W = S->W;
    uint64_t *rb = w->rowb + ((size_t)l * pl->B + i) * W;
    uint32_t *rp = &w->rowptr[(size_t)l * pl->B + i];
    if (pl->dense) {
        memcpy(rb, S->colb + ((size_t)l * pl->C + x) * W, W * 8);
        *rp = S->colptr[(size_t)l * pl->C + x];
        return;
    }
    memset(rb, 0, W * 8);
    *rp = 0;
    if (pl->N == UINT32_MAX && x > 0 && (uint64_t)x <= S->Kt) /* the row meets the terminal region */
        line_insert(rb, rp, S->tv[l]);
    uint32_t from = pl->N == UINT32_MAX ? 0 : (x > pl->N ? x - pl->N - 1 : 0);
    for (uint32_t y = from; y < x; y++)
        if ((uint64_t)x + y > S->Kt)
            line_insert(rb, rp, val(S, l, y, x));
}

/* modmode 1, small M: sort the entries (class, g) of layer l by minY
 * (counting sort over the columns) and clear the class bitsets; then
 * mod_advance(y) adds the entries with minY = y - 1 before cell y. */
static void mod_row_begin(shared *S, uint32_t l)
{
    const plan *pl = S->pl;
    const size_t cap = S->W * 64, n = (size_t)pl->M * cap;
    const uint32_t C = pl->C;
    const uint32_t *minY = S->minY + (size_t)l * n;
    uint32_t *evs = S->evs + (size_t)l * (C + 1);
    uint32_t *ev = S->ev + (size_t)l * n;
    memset(evs, 0, (C + 1) * sizeof *evs);
    for (size_t e = 0; e < n; e++)
        if (minY[e] < C)
            evs[minY[e] + 1]++;
    for (uint32_t y = 0; y < C; y++)
        evs[y + 1] += evs[y];
    /* evs[y] is now the start of bucket y; fill, then shift back */
    for (size_t e = 0; e < n; e++)
        if (minY[e] < C)
            ev[evs[minY[e]]++] = (uint32_t)e;
    for (uint32_t y = C; y > 0; y--)
        evs[y] = evs[y - 1];
    evs[0] = 0;
    memset(S->modb + (size_t)l * pl->M * S->W, 0, (size_t)pl->M * S->W * 8);
}

static void mod_advance(shared *S, uint32_t l, uint32_t y)
{
    if (y == 0)
        return;
    const plan *pl = S->pl;
    const size_t cap = S->W * 64, n = (size_t)pl->M * cap;
    const uint32_t *evs = S->evs + (size_t)l * (pl->C + 1);
    const uint32_t *ev = S->ev + (size_t)l * n;
    uint64_t *mb = S->modb + (size_t)l * pl->M * S->W;
    for (uint32_t k = evs[y - 1]; k < evs[y]; k++) {
        uint32_t c = (uint32_t)(ev[k] / cap), g = (uint32_t)(ev[k] % cap);
        mb[(size_t)c * S->W + (g >> 6)] |= (uint64_t)1 << (g & 63);
    }
}

/* Compute cell (x, y), band row i, every layer.  0 on failure (S->stop set). */
static int do_cell(shared *S, worker *w, uint32_t i, uint32_t x, uint32_t y)
{
    const plan *pl = S->pl;
    const uint32_t C = pl->C, N = pl->N, M = pl->M;
    const uint64_t Kt = S->Kt;
    const int dense = pl->dense, wyt = pl->wyt;
    const size_t d = (size_t)x + (C - 1) - y;

    for (uint32_t l = 0; l < pl->nl; l++) {
        const uint32_t p = l / pl->nh, h = l % pl->nh, tval = S->tv[l];
        const size_t W = S->W;
        uint64_t *rb = w->rowb + ((size_t)l * pl->B + i) * W;
        uint32_t *rp = &w->rowptr[(size_t)l * pl->B + i];
        uint64_t *cb = dense ? S->colb + ((size_t)l * C + y) * W : NULL;
        uint32_t *cp = dense ? &S->colptr[(size_t)l * C + y] : NULL;
        uint64_t *db = dense && wyt ? S->diab + ((size_t)l * S->ndiag + d) * W : NULL;
        uint32_t *dp = dense && wyt ? &S->diaptr[(size_t)l * S->ndiag + d] : NULL;
        const size_t at = row_index(S, l, x) + y;

        /* windows of bounded moves: drop the cell that just left */
        if (N != UINT32_MAX) {
            if (y > N && (uint64_t)x + (y - N - 1) > Kt)
                line_delete(rb, rp, val(S, l, x, y - N - 1));
            if (dense && x > N && (uint64_t)(x - N - 1) + y > Kt)
                line_delete(cb, cp, val(S, l, x - N - 1, y));
            if (db && x > N && y > N && (uint64_t)(x - N - 1) + (y - N - 1) > Kt)
                line_delete(db, dp, val(S, l, x - N - 1, y - N - 1));
        }
        if ((uint64_t)x + y <= Kt) {
            cset(S, at, tval);
            /* every later cell of an unbounded line reaches this cell, so
             * the region's value belongs to the line from here on (and no
             * later cell of the line can take it) */
            if (N == UINT32_MAX) {
                line_insert(rb, rp, tval);
                if (dense) {
                    line_insert(cb, cp, tval);
                    if (db)
                        line_insert(db, dp, tval);
                }
            }
            continue;
        }
        uint32_t *mark = w->mark;
        if (++w->stamp == 0) { /* wrapped: forget old marks */
            memset(mark, 0, w->W * 64 * 4);
            w->stamp = 1;
        }
        const uint32_t stamp = w->stamp;
        int nmark = 0; /* some value is marked */
        int term = 0;  /* some option lies in the terminal region */
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
                mark[val(S, l, x - a, y)] = stamp;
            }
            for (uint32_t a = 1; a <= td; a++) {
                if ((uint64_t)(x - a) + (y - a) <= Kt)
                    break;
                mark[val(S, l, x - a, y - a)] = stamp;
            }
            nmark = 1;
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
                        else {
                            mark[val(S, l, x - a, y - b)] = stamp;
                            nmark = 1;
                        }
                    }
                    if (ty - b < M)
                        break;
                }
            }
        }
        if (term) {
            mark[tval] = stamp;
            nmark = 1;
        }
        for (uint32_t h2 = 0; h2 < h; h2++) {
            mark[cget(S, row_index(S, p * pl->nh + h2, x) + y)] = stamp;
            nmark = 1;
        }
        if (p > 0) {
            mark[cget(S, row_index(S, (p - 1) * pl->nh + h, x) + y)] = stamp;
            nmark = 1;
        }

        uint64_t g = *rp;
        if (dense) {
            if (*cp > g)
                g = *cp;
            if (db && *dp > g)
                g = *dp;
        }
        if (S->modbits)
            mod_advance(S, l, y);
        for (;;) {
            const uint64_t cap = (uint64_t)S->W * 64;
            const uint64_t *mb = S->modbits ? S->modb + ((size_t)l * M + cls) * S->W : NULL;
            g = mb ? first_free4(rb, cb, db, mb, S->W, g) : first_free(rb, cb, db, S->W, g);
            if (g + 128 >= cap) {
                /* near the capacity: grow (one thread only) and look again */
                if (!reserve(S, w, g + 64)) {
                    atomic_store(&S->stop, STOP_NOMEM);
                    return 0;
                }
                rb = w->rowb + ((size_t)l * pl->B + i) * S->W;
                cb = dense ? S->colb + ((size_t)l * C + y) * S->W : NULL;
                db = dense && wyt ? S->diab + ((size_t)l * S->ndiag + d) * S->W : NULL;
                mark = w->mark;
                if (S->modbits) /* entries moved: sort again, replay this row */
                    for (uint32_t l2 = 0; l2 < pl->nl; l2++) {
                        mod_row_begin(S, l2);
                        for (uint32_t y2 = 1, upto = l2 <= l ? y : (y ? y - 1 : 0); y2 <= upto; y2++)
                            mod_advance(S, l2, y2);
                    }
                continue;
            }
            if (nmark && mark[g] == stamp) {
                g++;
                continue;
            }
            if (pl->modmode == 1 && !S->modbits && S->minY[((size_t)l * M + cls) * cap + g] < y) {
                g++;
                continue;
            }
            break;
        }
        if (pl->cw == 2 && g > 0xffff) {
            atomic_store(&S->stop, STOP_OVERFLOW);
            return 0;
        }
        uint32_t v = (uint32_t)g;
        cset(S, at, v);
        line_insert(rb, rp, v);
        if (dense) {
            line_insert(cb, cp, v);
            if (db)
                line_insert(db, dp, v);
        }
    }
    return 1;
}

/* Wait until *a >= need (or the computation stops).  0 if stopped. */
static int wait_for(shared *S, _Atomic uint32_t *a, uint32_t need)
{
    unsigned spins = 0;
    while (atomic_load_explicit(a, memory_order_acquire) < need) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return 0;
        if (++spins > 64)
            sched_yield();
    }
    return 1;
}

static int wait_out(shared *S, uint32_t need)
{
    unsigned spins = 0;
    while (atomic_load_explicit(&S->out_done, memory_order_acquire) < need) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return 0;
        if (++spins > 64)
            sched_yield();
    }
    return 1;
}

static void report(shared *S, worker *w)
{
    if (w->tid != 0 || !S->run || !S->run->progress)
        return;
    uint64_t done = atomic_load_explicit(&S->cells_done, memory_order_relaxed);
    if (S->run->progress(S->run->progress_ctx, done, S->total_cells))
        atomic_store(&S->stop, STOP_CANCEL);
}

/* Hand the rows of a finished band to the caller, in order.  With symmetry,
 * first copy the mirror images below the diagonal into the band's rows, in
 * 64 x 64 tiles (the earlier rows are final). */
static int band_out(shared *S, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    if (!wait_out(S, k))
        return 0;
    const uint32_t l = S->out_layer;
    if (pl->tri)
        for (uint32_t by = 0; by < x1; by += 64)
            for (uint32_t x = x0; x < x1; x++) {
                size_t at = row_index(S, l, x);
                for (uint32_t y = by; y < by + 64 && y < x; y++)
                    cset(S, at + y, cget(S, row_index(S, l, y) + x));
            }
    for (uint32_t x = x0; x < x1; x++) {
        size_t at = row_index(S, l, x);
        for (uint32_t y = 0; y < pl->C; y++)
            S->outrow[y] = cget(S, at + y) ^ S->out_xor;
        if (S->sink(S->sink_ctx, x, S->outrow, pl->C)) {
            atomic_store(&S->stop, STOP_SINK);
            return 0;
        }
    }
    atomic_store_explicit(&S->out_done, k + 1, memory_order_release);
    return 1;
}

static void band_loop(worker *w)
{
    shared *S = w->S;
    const plan *pl = S->pl;
    const uint32_t R = pl->R, C = pl->C, B = pl->B;
    for (;;) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return;
        uint32_t k = atomic_fetch_add(&S->next_band, 1);
        if (k >= S->nbands)
            return;
        uint32_t x0 = k * B, x1 = min32(x0 + B, R), nb = x1 - x0;
        /* a stream reuses the ring slot of band k - slots once it is out */
        if (pl->stream && k >= pl->slots && !wait_out(S, k - pl->slots + 1))
            return;
        if (!pl->tri) {
            memset(w->rowb, 0, (size_t)pl->nl * B * S->W * 8);
            memset(w->rowptr, 0, (size_t)pl->nl * B * 4);
        }
        for (uint32_t l = 0; S->modbits && l < pl->nl; l++)
            mod_row_begin(S, l);
        for (uint32_t y = pl->tri ? x0 : 0; y < C;) {
            uint32_t ye = y + CHUNK < C ? y + CHUNK : C;
            if (k > 0 && !wait_for(S, &S->prog[(size_t)(k - 1) * PROG_STRIDE], ye))
                return;
            uint64_t cells = 0;
            for (uint32_t yy = y; yy < ye; yy++) {
                for (uint32_t i = 0; i < nb; i++) {
                    uint32_t x = x0 + i;
                    if (pl->tri && x > yy)
                        break;
                    if (pl->tri && x == yy)
                        for (uint32_t l = 0; l < pl->nl; l++)
                            row_start(S, w, l, i, x);
                    if (!do_cell(S, w, i, x, yy))
                        return;
                    cells++;
                }
            }
            atomic_store_explicit(&S->prog[(size_t)k * PROG_STRIDE], ye, memory_order_release);
            atomic_fetch_add_explicit(&S->cells_done, cells, memory_order_relaxed);
            report(S, w);
            if (atomic_load_explicit(&S->stop, memory_order_relaxed))
                return;
            y = ye;
        }
        if (pl->modmode == 1) { /* one row per band, one thread: the row is finished */
            const size_t cap = S->W * 64;
            for (uint32_t l = 0; l < pl->nl; l++) {
                size_t at = row_index(S, l, x0);
                for (uint32_t y = 0; y < C; y++) {
                    if ((uint64_t)x0 + y <= S->Kt)
                        continue;
                    uint32_t c = (uint32_t)(((int64_t)x0 - (int64_t)y) % (int64_t)pl->M + pl->M) % pl->M;
                    uint32_t *slot = &S->minY[((size_t)l * pl->M + c) * cap + cget(S, at + y)];
                    if (*slot > y)
                        *slot = y;
                }
            }
        }
        if (pl->stream && !band_out(S, k, x0, x1))
            return;
    }
}

static void *worker_main(void *arg)
{
    band_loop(arg);
    return NULL;
}

/* Copy the upper triangle onto the lower one, 64 x 64 tiles; tile rows are
 * handed out through next_band. */
static void mirror_loop(worker *w)
{
    shared *S = w->S;
    const plan *pl = S->pl;
    const uint32_t R = pl->R;
    const uint32_t ntiles = (R + 63) / 64;
    for (;;) {
        uint32_t tr = atomic_fetch_add(&S->next_band, 1);
        if (tr >= ntiles * pl->nl)
            return;
        uint32_t l = tr / ntiles, bx = (tr % ntiles) * 64;
        uint32_t ex = min32(bx + 64, R);
        for (uint32_t by = 0; by <= bx; by += 64) {
            for (uint32_t x = bx; x < ex; x++) {
                uint32_t ey = min32(by + 64, x);
                size_t at = row_index(S, l, x);
                for (uint32_t y = by; y < ey; y++)
                    cset(S, at + y, cget(S, row_index(S, l, y) + x));
            }
        }
    }
}

static void *mirror_main(void *arg)
{
    mirror_loop(arg);
    return NULL;
}

static void worker_free(worker *w)
{
    big_free(w->rowb, w->rowb_bytes);
    free(w->rowptr);
    free(w->mark);
}

typedef void (*loop_fn)(worker *);

/* Run fn on T workers (the calling thread is worker 0). */
static void run_workers(worker *ws, unsigned T, loop_fn fn, void *(*thread_fn)(void *))
{
    pthread_t th[256];
    unsigned started = 0;
    for (unsigned t = 1; t < T && t < 256; t++) {
        if (pthread_create(&th[t], NULL, thread_fn, &ws[t]) != 0)
            break; /* work is claimed dynamically: fewer threads still finish */
        started = t;
    }
    fn(&ws[0]);
    for (unsigned t = 1; t <= started; t++)
        pthread_join(th[t], NULL);
}

/* Allocate, compute, (mirror).  Returns a STOP_ code (STOP_NONE: done). */
static int engine_run(shared *S, const plan *pl, const wy_run *run)
{
    S->ndiag = pl->wyt ? (size_t)pl->R + pl->C - 1 : 0;
    S->W = pl->W;
    S->nbands = (uint32_t)(((uint64_t)pl->R + pl->B - 1) / pl->B);
    S->run = run;
    int ok = 1;
    if (pl->dense) {
        S->colb_bytes = (size_t)pl->nl * pl->C * S->W * 8;
        S->colb = big_alloc(S->colb_bytes);
        S->colptr = calloc((size_t)pl->nl * pl->C, 4);
        ok = S->colb && S->colptr;
        if (ok && S->ndiag) {
            S->diab_bytes = (size_t)pl->nl * S->ndiag * S->W * 8;
            S->diab = big_alloc(S->diab_bytes);
            S->diaptr = calloc((size_t)pl->nl * S->ndiag, 4);
            ok = S->diab && S->diaptr;
        }
    }
    if (ok && pl->modmode == 1) {
        S->minY = malloc((size_t)pl->nl * pl->M * S->W * 64 * 4);
        ok = S->minY != NULL;
        if (ok)
            memset(S->minY, 0xff, (size_t)pl->nl * pl->M * S->W * 64 * 4);
        if (ok && pl->M <= MOD_BITS_MAX) {
            S->modbits = 1;
            S->ev = malloc((size_t)pl->nl * pl->M * S->W * 64 * 4);
            S->evs = malloc((size_t)pl->nl * ((size_t)pl->C + 1) * 4);
            S->modb = calloc((size_t)pl->nl * pl->M * S->W, 8);
            ok = S->ev && S->evs && S->modb;
        }
    }
    S->prog = ok ? calloc((size_t)S->nbands * PROG_STRIDE, sizeof *S->prog) : NULL;
    ok = ok && S->prog;
    if (ok && pl->stream) {
        S->outrow = malloc((size_t)pl->C * 4);
        ok = S->outrow != NULL;
    }
    worker ws[256];
    unsigned T = pl->T > 256 ? 256 : pl->T;
    memset(ws, 0, sizeof ws);
    for (unsigned t = 0; ok && t < T; t++) {
        ws[t].S = S;
        ws[t].tid = t;
        ws[t].W = S->W;
        ws[t].rowb_bytes = (size_t)pl->nl * pl->B * S->W * 8;
        ws[t].rowb = big_alloc(ws[t].rowb_bytes);
        ws[t].rowptr = calloc((size_t)pl->nl * pl->B, 4);
        ws[t].mark = calloc(S->W * 64, 4);
        ok = ws[t].rowb && ws[t].rowptr && ws[t].mark;
    }
    int stop = ok ? STOP_NONE : STOP_NOMEM;
    if (ok) {
        atomic_init(&S->next_band, 0);
        atomic_init(&S->out_done, 0);
        atomic_init(&S->stop, 0);
        atomic_init(&S->cells_done, 0);
        for (uint32_t k = 0; k < S->nbands; k++)
            atomic_init(&S->prog[(size_t)k * PROG_STRIDE], 0);
        run_workers(ws, T, band_loop, worker_main);
        stop = atomic_load(&S->stop);
        if (stop == STOP_NONE && pl->tri && !pl->stream) {
            atomic_store(&S->next_band, 0);
            run_workers(ws, T, mirror_loop, mirror_main);
        }
        if (stop == STOP_NONE)
            report(S, &ws[0]);
        if (stop == STOP_NONE)
            stop = atomic_load(&S->stop);
    }
    for (unsigned t = 0; t < T; t++)
        worker_free(&ws[t]);
    big_free(S->colb, S->colb_bytes);
    big_free(S->diab, S->diab_bytes);
    free(S->colptr);
    free(S->diaptr);
    free(S->minY);
    free(S->ev);
    free(S->evs);
    free(S->modb);
    free((void *)S->prog);
    free(S->outrow);
    return stop;
}

/* Values of the terminal region for every side state {p <= pass, h <= heap}:
 * tv[p * (heap + 1) + h].  NULL on allocation failure. */
static uint32_t *terminal_values(const wy_rules *rules, wy_side side)
{
    size_t H = (size_t)side.heap + 1;
    uint32_t *tv = malloc(sizeof *tv * ((size_t)side.pass + 1) * H);
    uint32_t *all = malloc(sizeof *all * (H + 1));
    if (!tv || !all) {
        free(tv);
        free(all);
        return NULL;
    }
    for (uint32_t p = 0; p <= side.pass; p++)
        for (uint32_t h = 0; h <= side.heap; h++) {
            uint32_t *cell = &tv[(size_t)p * H + h];
            if (h == 0) { /* no move at all: the pass needs another move */
                *cell = rules->misere ? 1 : 0;
                continue;
            }
            /* options: every smaller heap, and the pass */
            size_t n = 0;
            for (uint32_t h2 = 0; h2 < h; h2++)
                all[n++] = tv[(size_t)p * H + h2];
            if (p > 0)
                all[n++] = tv[(size_t)(p - 1) * H + h];
            uint32_t g = 0;
            for (;;) {
                size_t i;
                for (i = 0; i < n && all[i] != g; i++)
                    ;
                if (i == n)
                    break;
                g++;
            }
            *cell = g;
        }
    free(all);
    return tv;
}

static uint64_t total_cells(const plan *pl)
{
    uint64_t n = (uint64_t)pl->R * pl->C;
    if (pl->tri) /* cells x <= y */
        n -= (uint64_t)pl->R * (pl->R - 1) / 2;
    return n;
}

static wy_status stop_status(int stop, const plan *pl, uint32_t rows, uint32_t cols, char *err, size_t errlen)
{
    switch (stop) {
    case STOP_CANCEL:
    case STOP_SINK:
        return wy_fail(WY_ECANCELED, err, errlen, "computation of a %u x %u table stopped", rows, cols);
    case STOP_NOMEM:
        return wy_fail(WY_ERANGE, err, errlen, "out of memory computing a %u x %u table (estimate %llu MiB)", rows,
                       cols, (unsigned long long)(plan_total(pl) >> 20) + 1);
    default:
        return wy_fail(WY_EINTERNAL, err, errlen, "table engine stopped unexpectedly (code %d)", stop);
    }
}

static wy_status refuse(const plan *pl, uint32_t rows, uint32_t cols, uint64_t mem_limit, const char *what, char *err,
                        size_t errlen)
{
    if (pl->too_many)
        return wy_fail(WY_ERANGE, err, errlen,
                       "a %u x %u table%s would need more than %llu side-state layers (passes and heap sizes), "
                       "beyond any memory",
                       rows, cols, what, (unsigned long long)MAX_LAYERS);
    uint64_t need = plan_total(pl);
    char lim[32];
    wy_format_bytes(lim, sizeof lim, mem_limit);
    return wy_fail(WY_ERANGE, err, errlen, "a %u x %u table%s needs about %llu MiB, more than the limit of %s", rows,
                   cols, what, (unsigned long long)(need >> 20) + 1, lim);
}

static void set_side(shared *S, const plan *pl, const uint32_t *tvall, wy_side side, uint32_t *tv)
{
    for (uint32_t l = 0; l < pl->nl; l++) {
        uint32_t p = l / pl->nh, h = l % pl->nh;
        tv[l] = tvall[(size_t)p * (side.heap + 1) + h];
    }
    S->tv = tv;
}

wy_status wy_table_compute_run(wy_table **out, const wy_rules *rules, uint32_t rows, uint32_t cols, wy_side side,
                               uint64_t mem_limit, wy_layout layout, const wy_run *run, char *err, size_t errlen)
{
    *out = NULL;
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (rows == 0 || cols == 0)
        return wy_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", rows, cols);
    plan pl;
    make_plan(&pl, rules, rows, cols, side, layout, run ? run->threads : 1, 0, run ? run->band : 0);
    if ((mem_limit && plan_total(&pl) > mem_limit) || pl.too_many)
        return refuse(&pl, rows, cols, mem_limit, "", err, errlen);
    if (pl.table_bytes == UINT64_MAX || pl.table_bytes > SIZE_MAX / 2 || plan_total(&pl) > SIZE_MAX / 2)
        return wy_fail(WY_ERANGE, err, errlen, "a %u x %u table is too large for this machine's address space", rows,
                       cols);
    uint32_t *tvall = terminal_values(rules, side);
    uint32_t *tv = malloc(sizeof *tv * pl.nl);
    wy_table *t = calloc(1, sizeof *t);
    if (!tvall || !tv || !t) {
        free(tvall);
        free(tv);
        free(t);
        return wy_fail(WY_ERANGE, err, errlen, "out of memory");
    }
    for (;;) {
        t->vbytes = (size_t)pl.table_bytes;
        t->v = big_alloc(t->vbytes);
        int stop = STOP_NOMEM;
        if (t->v) {
            shared S;
            memset(&S, 0, sizeof S);
            S.pl = &pl;
            S.v = t->v;
            S.Kt = wy_terminal_bound(rules);
            S.total_cells = total_cells(&pl);
            set_side(&S, &pl, tvall, side, tv);
            stop = engine_run(&S, &pl, run);
        }
        if (stop == STOP_OVERFLOW && pl.cw == 2) {
            /* a value above 65535: again with 4-byte cells */
            big_free(t->v, t->vbytes);
            t->v = NULL;
            pl.cw = 4;
            pl.table_bytes = wy_sat_mul(pl.table_bytes, 2);
            if (mem_limit && plan_total(&pl) > mem_limit) {
                st = refuse(&pl, rows, cols, mem_limit, " (values above 65535: 4-byte cells)", err, errlen);
                break;
            }
            continue;
        }
        st = stop == STOP_NONE ? WY_OK : stop_status(stop, &pl, rows, cols, err, errlen);
        break;
    }
    free(tvall);
    free(tv);
    if (st != WY_OK) {
        big_free(t->v, t->vbytes);
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
        st = wy_fail(WY_ERANGE, err, errlen, "out of memory");
    for (uint32_t x = 0; x < rows && st == WY_OK; x++) {
        wy_table_row(t, x, side, row);
        if (fn(ctx, x, row, cols))
            st = wy_fail(WY_ECANCELED, err, errlen, "computation of a %u x %u table stopped", rows, cols);
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
        return wy_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", rows, cols);
    if (!fn)
        return wy_fail(WY_EINVAL, err, errlen, "no row function given");
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
    make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_AUTO, run ? run->threads : 1, 2, run ? run->band : 0);
    if ((mem_limit && plan_total(&pl) > mem_limit) || plan_total(&pl) > SIZE_MAX / 2)
        make_plan(&pl, rules, rows, cols, side, WY_LAYOUT_DENSE, run ? run->threads : 1, 1, run ? run->band : 0);
    if ((mem_limit && plan_total(&pl) > mem_limit) || pl.too_many)
        return refuse(&pl, rows, cols, mem_limit, " written row by row", err, errlen);
    if (plan_total(&pl) > SIZE_MAX / 2)
        return wy_fail(WY_ERANGE, err, errlen, "a %u x %u table is too large for this machine's address space", rows,
                       cols);
    uint32_t *tvall = terminal_values(rules, side);
    uint32_t *tv = malloc(sizeof *tv * pl.nl);
    size_t vbytes = (size_t)pl.table_bytes;
    void *v = big_alloc(vbytes);
    int stop = STOP_NOMEM;
    if (tvall && tv && v) {
        shared S;
        memset(&S, 0, sizeof S);
        S.pl = &pl;
        S.v = v;
        S.Kt = wy_terminal_bound(rules);
        S.total_cells = total_cells(&pl);
        S.sink = fn;
        S.sink_ctx = ctx;
        S.out_layer = side.pass * pl.nh + (pl.heap_xor ? 0 : side.heap);
        S.out_xor = pl.heap_xor ? side.heap : 0;
        set_side(&S, &pl, tvall, side, tv);
        stop = engine_run(&S, &pl, run);
    }
    free(tvall);
    free(tv);
    big_free(v, vbytes);
    if (stop == STOP_NONE)
        return WY_OK;
    if (stop == STOP_OVERFLOW) /* cells are 4 bytes whenever the bound says values may not fit */
        return wy_fail(WY_EINTERNAL, err, errlen, "a value exceeded the proved bound of the cells");
    return stop_status(stop, &pl, rows, cols, err, errlen);
}

void wy_table_free(wy_table *t)
{
    if (!t)
        return;
    big_free(t->v, t->vbytes);
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
