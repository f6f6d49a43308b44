/* table_engine.c - the table engine's kernel (the value of one cell from
 * its lines' bitsets), the bands of rows and the threads that compute them,
 * and the rows handed to a stream as bands finish (the method: table.c). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_HUGEPAGE */
#include "table_impl.h"

#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Large zeroed blocks come straight from mmap, with transparent huge pages
 * asked for: far fewer page faults for tables of hundreds of MiB.  From
 * 1 MiB on, so that the pages of dead columns can be given back
 * (release_dead) already in the tables of the tests. */
#define BIG_BLOCK ((size_t)1 << 20)

void *wyi_tab_big_alloc(size_t n)
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

void wyi_tab_big_free(void *p, size_t n)
{
    if (!p)
        return;
    if (n < BIG_BLOCK)
        free(p);
    else
        munmap(p, n);
}

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
    uint64_t *hbits;     /* [W]: the cell's values at the smaller extra heaps (same
                            x, y and passes), NULL when nh = 1 */
    size_t hwords;       /* words of hbits that may be nonzero */
    uint32_t hmex;       /* the least value not in hbits: the search starts there */
} worker;

/* Where row x of layer l starts: cell (x, y) is at row_index + y - y0
 * (not the packed layout). */
static inline size_t row_index(const shared *S, uint32_t l, uint32_t x)
{
    uint32_t k = S->pl->keep;
    return ((size_t)l * k + (k == S->pl->R ? x : x % k)) * S->pl->Cst;
}

/* The packed layout stores only the cells x <= y, column after column:
 * column y holds the rows 0..min(y, R - 1), so that the columns left of a
 * band that has gone out form a prefix of the cells, given back to the
 * system (release_dead).  Where column y starts in its layer. */
static inline size_t col_index(const plan *pl, uint32_t y)
{
    const size_t R = pl->R;
    return y <= R ? (size_t)y * (y + 1) / 2 : R * (R + 1) / 2 + (size_t)(y - R) * R;
}

/* Index of cell (x, y) of layer l in the stored cells (x <= y when packed). */
static inline size_t cell_at(const shared *S, uint32_t l, uint32_t x, uint32_t y)
{
    if (S->pl->packed)
        return (size_t)l * S->pl->tcells + col_index(S->pl, y) + x;
    return row_index(S, l, x) + (y - S->pl->y0);
}

/* Line of column y of layer l (the block's columns only). */
static inline size_t col_at(const plan *pl, uint32_t l, uint32_t y)
{
    return (size_t)l * pl->CW + (y - pl->c0);
}

/* Line of the diagonal through (x, y), layer l: d = x - y + C - 1, or in a
 * block d mod dslots (the diagonals crossing the block at the moment). */
static inline size_t diag_at(const shared *S, uint32_t l, uint32_t x, uint32_t y)
{
    size_t d = (size_t)x + (S->pl->C - 1) - y;
    if (S->pl->dslots) /* a 32-bit division where it fits: a cell's cost counts */
        d = d <= UINT32_MAX ? (uint32_t)d % S->pl->dslots : d % S->pl->dslots;
    return (size_t)l * S->ndiag + d;
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
    return cget(S, cell_at(S, l, x, y));
}

static void line_insert(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] |= (uint64_t)1 << (g & 63);
    if (g == *ptr) {
        /* the first value above g missing from the line, a word a step;
         * it stops inside the line: lines keep spare words */
        size_t i = g >> 6;
        uint64_t free = ~b[i] & (~(uint64_t)0 << (g & 63));
        while (!free)
            free = ~b[++i];
        *ptr = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(free));
    }
}

static void line_delete(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    b[g >> 6] &= ~((uint64_t)1 << (g & 63));
    if (g < *ptr)
        *ptr = g;
}

/* First g' >= g missing from the union of up to five bitsets (b to e may be
 * NULL). */
static uint64_t first_free4(const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d,
                            const uint64_t *e, size_t W, uint64_t g)
{
    size_t i = (size_t)(g >> 6);
    if (i >= W)
        return g;
    uint64_t low = ((uint64_t)1 << (g & 63)) - 1;
    for (; i < W; i++) {
        uint64_t w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0) | (d ? d[i] : 0) | (e ? e[i] : 0) | low;
        low = 0;
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

/* The scan of the dense layout's three lines (row, column, diagonal) from
 * word i on, eight words a step with AVX2 where the processor has it (asked
 * once): the same words are read and the same first free value found as by
 * the portable loop below, only fewer instructions per word. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(WY_NO_AVX2)
#define WYI_HAVE_AVX2 1
#include <immintrin.h>

static int have_avx2(void)
{
    static int known; /* 0 not asked, 1 no, 2 yes: a benign race (every thread finds the same) */
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (!k) {
        /* WYTHOFF_TABLE_PORTABLE=1: the portable loops (for the tests) */
        const char *e = getenv("WYTHOFF_TABLE_PORTABLE");
        __builtin_cpu_init();
        k = __builtin_cpu_supports("avx2") && !(e && *e && strcmp(e, "0")) ? 2 : 1;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k == 2;
}

__attribute__((target("avx2"))) static inline __attribute__((always_inline)) uint64_t scan3_avx2(const uint64_t *a, const uint64_t *b,
                                                                 const uint64_t *c, size_t W, size_t i)
{
    const __m256i ones = _mm256_set1_epi64x(-1);
    for (; i + 8 <= W; i += 8) {
        __m256i w0 = _mm256_or_si256(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(a + i)),
                                                     _mm256_loadu_si256((const __m256i *)(b + i))),
                                     _mm256_loadu_si256((const __m256i *)(c + i)));
        __m256i w1 = _mm256_or_si256(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(a + i + 4)),
                                                     _mm256_loadu_si256((const __m256i *)(b + i + 4))),
                                     _mm256_loadu_si256((const __m256i *)(c + i + 4)));
        if (!_mm256_testc_si256(_mm256_and_si256(w0, w1), ones)) {
            /* the first of the eight words with a free value */
            int full = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(w0, ones))) |
                       _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(w1, ones))) << 4;
            size_t j = i + (size_t)__builtin_ctz(~(unsigned)full);
            return (uint64_t)j * 64 + (uint64_t)__builtin_ctzll(~(a[j] | b[j] | c[j]));
        }
    }
    for (; i < W; i++) {
        uint64_t w = a[i] | b[i] | c[i];
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

__attribute__((target("avx2"))) static uint64_t first_free3_avx2(const uint64_t *a, const uint64_t *b,
                                                                 const uint64_t *c, size_t W, size_t i)
{
    return scan3_avx2(a, b, c, W, i);
}
#else
#define WYI_HAVE_AVX2 0
#endif

/* The portable scan (first_free's common case and the plain chunk loop):
 * first g' missing from the union of three bitsets from word i on, four
 * words a step; W * 64 when there is none. */
static inline __attribute__((always_inline)) uint64_t scan3_port(const uint64_t *a, const uint64_t *b, const uint64_t *c, size_t W, size_t i)
{
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
    for (; i < W; i++) {
        uint64_t w = a[i] | b[i] | c[i];
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
#if WYI_HAVE_AVX2
    if (b && c && have_avx2()) /* the common case: the wide scan */
        return first_free3_avx2(a, b, c, W, i);
#endif
    if (b && c) /* the common case: four words a step */
        return scan3_port(a, b, c, W, i);
    for (; i < W; i++) {
        w = a[i] | (b ? b[i] : 0) | (c ? c[i] : 0);
        if (~w)
            return (uint64_t)i * 64 + (uint64_t)__builtin_ctzll(~w);
    }
    return (uint64_t)W * 64;
}

static int poll_stop(shared *S, worker *w);

/* A failure's stop code, unless the computation has already stopped (a
 * cancel seen while growing the lines must stay a cancel). */
static void set_stop(shared *S, int code)
{
    int none = STOP_NONE;
    atomic_compare_exchange_strong(&S->stop, &none, code);
}

/* Every GROW_POLL lines copied, the progress function is asked: the copy of
 * a table's last doubling moves hundreds of MiB (seconds on a loaded machine).
 * On a stop the old lines stay as they were and NULL comes back, as on an
 * allocation failure; the stop code says which. */
#define GROW_POLL 4096u
static uint64_t *grow_lines(shared *S, worker *w, uint64_t *old, size_t *bytes, size_t nlines, size_t oldw,
                            size_t neww)
{
    size_t nb = nlines * neww * sizeof(uint64_t);
    uint64_t *n = wyi_tab_big_alloc(nb);
    if (!n)
        return NULL;
    for (size_t i = 0; old && i < nlines; i++) {
        if (i % GROW_POLL == GROW_POLL - 1 && !poll_stop(S, w)) {
            wyi_tab_big_free(n, nb);
            return NULL;
        }
        memcpy(n + i * neww, old + i * oldw, oldw * sizeof *n);
    }
    wyi_tab_big_free(old, *bytes);
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
    if (!(t = grow_lines(S, w, w->rowb, &w->rowb_bytes, (size_t)pl->nl * pl->B, oldw, neww)))
        return 0;
    w->rowb = t;
    if (pl->dense) {
        if (!(t = grow_lines(S, w, S->colb, &S->colb_bytes, (size_t)pl->nl * pl->CW, oldw, neww)))
            return 0;
        S->colb = t;
        if (S->ndiag) {
            if (!(t = grow_lines(S, w, S->diab, &S->diab_bytes, (size_t)pl->nl * S->ndiag, oldw, neww)))
                return 0;
            S->diab = t;
        }
    }
    uint32_t *m = realloc(w->mark, neww * 64 * sizeof *m);
    if (!m)
        return 0;
    memset(m + oldw * 64, 0, (neww - oldw) * 64 * sizeof *m);
    w->mark = m;
    if (w->hbits) {
        uint64_t *hb = realloc(w->hbits, neww * sizeof *hb);
        if (!hb)
            return 0;
        memset(hb + oldw, 0, (neww - oldw) * sizeof *hb);
        w->hbits = hb;
    }
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
        if (S->leftp) {
            if (!(t = grow_lines(S, w, S->leftp, &S->leftp_bytes, nc, oldw, neww)))
                return 0;
            S->leftp = t;
        }
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
        memcpy(rb, S->colb + col_at(pl, l, x) * W, W * 8);
        *rp = S->colptr[col_at(pl, l, x)];
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
    /* a block starts from the classes seen to its left */
    if (S->leftp)
        memcpy(S->modb + (size_t)l * pl->M * S->W, S->leftp + (size_t)l * pl->M * S->W, (size_t)pl->M * S->W * 8);
    else
        memset(S->modb + (size_t)l * pl->M * S->W, 0, (size_t)pl->M * S->W * 8);
    memset(S->modff + (size_t)l * pl->M, 0, pl->M * sizeof *S->modff);
}

/* The class's first value not in its bitset: a lower bound of the cell's
 * mex (bits are only added within a row, so the pointer only moves up). */
static inline uint64_t mod_first_free(shared *S, uint32_t l, uint32_t cls)
{
    uint32_t *ff = S->modff + (size_t)l * S->pl->M + cls;
    const uint64_t *mb = S->modb + ((size_t)l * S->pl->M + cls) * S->W;
    uint64_t g = *ff;
    for (;;) {
        const size_t wi = (size_t)(g >> 6);
        if (wi >= S->W)
            break;
        const uint64_t free = ~mb[wi] >> (g & 63);
        if (free) {
            g += (uint64_t)__builtin_ctzll(free);
            break;
        }
        g = (uint64_t)(wi + 1) << 6;
    }
    *ff = (uint32_t)g;
    return g;
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

#define POLL_LAYERS 8u

/* The cell's value v at this extra heap: an option of its larger heaps. */
static inline void heap_seen(worker *w, uint32_t v)
{
    w->hbits[v >> 6] |= (uint64_t)1 << (v & 63);
    if ((size_t)(v >> 6) >= w->hwords)
        w->hwords = (size_t)(v >> 6) + 1;
    /* the values at smaller heaps fill 0, 1, ... mostly: skip that prefix
     * once, not at every layer (hbits only grows in a run of heaps) */
    while ((size_t)(w->hmex >> 6) < w->hwords && (w->hbits[w->hmex >> 6] >> (w->hmex & 63) & 1))
        w->hmex++;
}

/* What every cell of a run reads, taken out of the plan once per thread
 * (read through pl, a value would be read again after each store into the
 * cells or marks). */
typedef struct {
    uint32_t N, M, nh;
    uint64_t Kt;
    int dense, wyt;
    int plain; /* do_cell_plain applies */
} cell_consts;

/* The bitsets of a cell's lines in one layer: its row's, and in the dense
 * layout its column's and (Wythoff's diagonal move) its diagonal's; NULL
 * for a line not kept.  Each with its lowest possibly free value. */
typedef struct {
    uint64_t *rb, *cb, *db;
    uint32_t *rp, *cp, *dp;
} cell_lines;

/* The lines of band row i in layer l; ci and di: the column's and the
 * diagonal's line (dense layout).  Again after a reserve, which moves the
 * bitsets. */
static inline void lines_at(cell_lines *c, const cell_consts *k, const shared *S, const worker *w, uint32_t l,
                            uint32_t i, size_t ci, size_t di)
{
    const plan *pl = S->pl;
    const size_t W = S->W;
    const int dense = k->dense, wyt = k->wyt;
    c->rb = w->rowb + ((size_t)l * pl->B + i) * W;
    c->rp = &w->rowptr[(size_t)l * pl->B + i];
    c->cb = dense ? S->colb + ci * W : NULL;
    c->cp = dense ? &S->colptr[ci] : NULL;
    c->db = dense && wyt ? S->diab + di * W : NULL;
    c->dp = dense && wyt ? &S->diaptr[di] : NULL;
}

static inline void lines_insert(const cell_lines *c, uint32_t v)
{
    line_insert(c->rb, c->rp, v);
    if (c->cb) {
        line_insert(c->cb, c->cp, v);
        if (c->db)
            line_insert(c->db, c->dp, v);
    }
}

/* Bounded moves (max=N): the cells that just left the windows of the row,
 * column and diagonal of (x, y) leave their bitsets. */
static inline void lines_drop(const cell_lines *c, const cell_consts *k, const shared *S, uint32_t l, uint32_t x,
                              uint32_t y)
{
    const uint32_t N = k->N;
    const uint64_t Kt = k->Kt;
    if (y > N && (uint64_t)x + (y - N - 1) > Kt)
        line_delete(c->rb, c->rp, val(S, l, x, y - N - 1));
    if (c->cb && x > N && (uint64_t)(x - N - 1) + y > Kt)
        line_delete(c->cb, c->cp, val(S, l, x - N - 1, y));
    if (c->db && x > N && y > N && (uint64_t)(x - N - 1) + (y - N - 1) > Kt)
        line_delete(c->db, c->dp, val(S, l, x - N - 1, y - N - 1));
}

/* Marks (with a new w->stamp) the options of (x, y) in layer l (p passes
 * left, extra heap h) that no bitset holds: the row's and diagonal's cells
 * in the sparse layout, the modular moves of a large M (modmode 2), the
 * terminal region's value when an option lies in it, and the same cell one
 * pass fewer.  *cls: the cell's class of x - y mod M (modmode 1).  Returns
 * whether some value is marked. */
static inline int mark_options(const cell_consts *k, shared *S, worker *w, uint32_t l, uint32_t p, uint32_t h,
                               uint32_t x, uint32_t y, uint32_t *cls)
{
    const plan *pl = S->pl;
    const uint32_t N = k->N, M = k->M;
    const uint64_t Kt = k->Kt;
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
    uint32_t td = k->wyt ? min32(tx, ty) : 0;
    if (td && (uint64_t)x + y - 2 * (uint64_t)td <= Kt)
        term = 1;
    if (!k->dense) {
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
    *cls = 0;
    if (pl->modmode == 1) {
        *cls = (uint32_t)(((int64_t)x - (int64_t)y) % (int64_t)M + M) % M;
        uint32_t s = (M - *cls) % M;
        uint64_t best = UINT64_MAX;
        if (*cls < x && y >= 1)
            best = *cls;
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
        mark[S->tv[l]] = stamp;
        nmark = 1;
    }
    if (p > 0) {
        mark[cget(S, cell_at(S, (p - 1) * k->nh + h, x, y))] = stamp;
        nmark = 1;
    }
    return nmark;
}

/* do_cell for the commonest plan: one layer (no pass, no extra heap), the
 * dense layout, unbounded moves, no modular move.  Then mark_options marks
 * at most one value, the terminal region's, when an option of the cell lies
 * in it; this is the same computation without the marks, the layer loop
 * and the branches for the other rules. */
static int do_cell_plain(shared *S, worker *w, const cell_consts *k, uint32_t i, uint32_t x, uint32_t y)
{
    const plan *pl = S->pl;
    const uint64_t Kt = k->Kt;
    const uint32_t tval = S->tv[0];
    const size_t ci = col_at(pl, 0, y), di = k->wyt ? diag_at(S, 0, x, y) : 0;
    cell_lines c;
    lines_at(&c, k, S, w, 0, i, ci, di);
    const size_t at = cell_at(S, 0, x, y);
    if ((uint64_t)x + y <= Kt) {
        cset(S, at, tval);
        lines_insert(&c, tval); /* as in do_cell: unbounded lines */
        return 1;
    }
    /* mark_options with N unbounded: an option in the terminal region */
    const int term = (y && x <= Kt) || (x && y <= Kt) ||
                     (k->wyt && x && y && (x > y ? x - y : y - x) <= Kt);
    uint64_t g = *c.rp;
    if (*c.cp > g)
        g = *c.cp;
    if (c.db && *c.dp > g)
        g = *c.dp;
    for (;;) {
        g = first_free(c.rb, c.cb, c.db, S->W, g);
        if (g + 128 >= (uint64_t)S->W * 64) {
            if (!reserve(S, w, g + 64)) {
                set_stop(S, STOP_NOMEM);
                return 0;
            }
            lines_at(&c, k, S, w, 0, i, ci, di);
            continue;
        }
        if (term && g == tval) {
            g++;
            continue;
        }
        break;
    }
    if (pl->cw == 2 && g > 0xffff) {
        set_stop(S, STOP_OVERFLOW);
        return 0;
    }
    cset(S, at, (uint32_t)g);
    lines_insert(&c, (uint32_t)g);
    return 1;
}

/* line_insert with the bit set by the caller's word. */
static inline __attribute__((always_inline)) void plain_insert(uint64_t *b, uint32_t *ptr, uint32_t g)
{
    const size_t i = g >> 6;
    uint64_t word = b[i] | (uint64_t)1 << (g & 63);
    b[i] = word;
    if (g == *ptr) {
        size_t j = i;
        uint64_t free = ~word & (~(uint64_t)0 << (g & 63));
        while (!free)
            free = ~b[++j];
        *ptr = (uint32_t)(j * 64 + (size_t)__builtin_ctzll(free));
    }
}

/* The cells of columns [y, ye) of the band x0..x0+nb-1 for the plain plan
 * (do_cell_plain's computation, not in a block): the same values found and
 * inserted in the same order, with the lines' addresses kept from cell to
 * cell, the scan inlined and the next cell's first words asked for ahead.
 * A value near the capacity goes through do_cell_plain (which grows the
 * lines, or fails).  *cells counts the cells done.  0 on failure. */
#ifndef PF_LINES
#define PF_LINES 4u
#endif
#define PLAIN_CHUNK(NAME, ATTR, SCAN)                                                                            \
    ATTR static int NAME(shared *S, worker *w, const cell_consts *k, uint32_t x0, uint32_t nb, uint32_t y,     \
                         uint32_t ye, uint64_t *cells)                                                           \
    {                                                                                                            \
        const plan *pl = S->pl;                                                                                  \
        const uint64_t Kt = k->Kt;                                                                               \
        const uint32_t tval = S->tv[0], C = pl->C, c0 = pl->c0;                                                 \
        const int tri = pl->tri, wyt = k->wyt, two = pl->cw == 2;                                               \
        for (uint32_t yy = y; yy < ye; yy++) {                                                                   \
            for (uint32_t i = 0; i < nb; i++) {                                                                  \
                const uint32_t x = x0 + i;                                                                       \
                if (tri && x > yy)                                                                               \
                    break;                                                                                       \
                if (tri && x == yy)                                                                              \
                    row_start(S, w, 0, i, x);                                                                    \
                const size_t W = S->W;                                                                           \
                uint64_t *rb = w->rowb + (size_t)i * W, *cb = S->colb + (size_t)(yy - c0) * W;                   \
                uint32_t *rp = &w->rowptr[i], *cp = &S->colptr[yy - c0];                                        \
                const size_t d = (size_t)x + (C - 1) - yy;                                                       \
                uint64_t *db = wyt ? S->diab + d * W : cb; /* nim: the column twice in the scan */               \
                uint32_t *dp = wyt ? &S->diaptr[d] : cp;                                                         \
                const size_t at = cell_at(S, 0, x, yy);                                                          \
                if (i + 1 < nb && wyt) { /* the next cell's row and diagonal, where its scan starts */           \
                    const uint64_t *nr = w->rowb + (size_t)(i + 1) * W + (w->rowptr[i + 1] >> 6), *nd = db + W + (nr - rb - W); \
                    for (unsigned pf = 0; pf < PF_LINES * 8; pf += 8) {                                          \
                        __builtin_prefetch(nr + pf);                                                             \
                        __builtin_prefetch(nd + pf);                                                             \
                    }                                                                                            \
                }                                                                                                \
                uint64_t g;                                                                                      \
                if ((uint64_t)x + yy <= Kt) {                                                                    \
                    g = tval;                                                                                    \
                } else {                                                                                         \
                    const int term = (yy && x <= Kt) || (x && yy <= Kt) ||                                       \
                                     (wyt && x && yy && (x > yy ? x - yy : yy - x) <= Kt);                       \
                    g = *rp;                                                                                     \
                    if (*cp > g)                                                                                 \
                        g = *cp;                                                                                 \
                    if (*dp > g)                                                                                 \
                        g = *dp;                                                                                 \
                    for (;;) {                                                                                   \
                        size_t wi = (size_t)(g >> 6);                                                            \
                        if (wi < W) {                                                                            \
                            uint64_t f = ~(rb[wi] | cb[wi] | db[wi] | (((uint64_t)1 << (g & 63)) - 1));          \
                            g = f ? (uint64_t)wi * 64 + (uint64_t)__builtin_ctzll(f) : SCAN(rb, cb, db, W, wi + 1); \
                        }                                                                                        \
                        if (g + 128 >= (uint64_t)W * 64) { /* grow, or fail: the general path */                 \
                            if (!do_cell_plain(S, w, k, i, x, yy))                                               \
                                return 0;                                                                        \
                            goto next;                                                                           \
                        }                                                                                        \
                        if (term && g == tval) {                                                                 \
                            g++;                                                                                 \
                            continue;                                                                            \
                        }                                                                                        \
                        break;                                                                                   \
                    }                                                                                            \
                    if (two && g > 0xffff) {                                                                     \
                        set_stop(S, STOP_OVERFLOW);                                                              \
                        return 0;                                                                                \
                    }                                                                                            \
                }                                                                                                \
                if (two)                                                                                         \
                    ((uint16_t *)S->v)[at] = (uint16_t)g;                                                        \
                else                                                                                             \
                    ((uint32_t *)S->v)[at] = (uint32_t)g;                                                        \
                plain_insert(rb, rp, (uint32_t)g);                                                               \
                plain_insert(cb, cp, (uint32_t)g);                                                               \
                if (wyt)                                                                                         \
                    plain_insert(db, dp, (uint32_t)g);                                                           \
            next:                                                                                                \
                ++*cells;                                                                                        \
            }                                                                                                    \
        }                                                                                                        \
        return 1;                                                                                                \
    }

PLAIN_CHUNK(plain_chunk_port, , scan3_port)
#if WYI_HAVE_AVX2
PLAIN_CHUNK(plain_chunk_avx2, __attribute__((target("avx2"))), scan3_avx2)
#endif

/* Compute cell (x, y), band row i, every layer.  0 on failure (S->stop set). */
static int do_cell(shared *S, worker *w, const cell_consts *k, uint32_t i, uint32_t x, uint32_t y)
{
    const plan *pl = S->pl;
    const uint32_t N = k->N, M = k->M;
    const uint64_t Kt = k->Kt;
    const int dense = k->dense, wyt = k->wyt;

    if (k->plain)
        return do_cell_plain(S, w, k, i, x, y);
    for (uint32_t l = 0; l < pl->nl; l++) {
        if (l % POLL_LAYERS == POLL_LAYERS - 1 && !poll_stop(S, w))
            return 0;
        const uint32_t p = l / k->nh, h = l % k->nh, tval = S->tv[l];
        const size_t ci = dense ? col_at(pl, l, y) : 0, di = dense && wyt ? diag_at(S, l, x, y) : 0;
        cell_lines c;
        lines_at(&c, k, S, w, l, i, ci, di);
        const size_t at = cell_at(S, l, x, y);
        if (w->hbits && h == 0) { /* a new run of heaps: forget the old one */
            memset(w->hbits, 0, w->hwords * 8);
            w->hwords = 0;
            w->hmex = 0;
        }
        if (N != UINT32_MAX)
            lines_drop(&c, k, S, l, x, y);
        if ((uint64_t)x + y <= Kt) {
            cset(S, at, tval);
            if (w->hbits)
                heap_seen(w, tval);
            /* every later cell of an unbounded line reaches this cell, so
             * the region's value belongs to the line from here on (and no
             * later cell of the line can take it) */
            if (N == UINT32_MAX)
                lines_insert(&c, tval);
            continue;
        }
        uint32_t cls;
        const int nmark = mark_options(k, S, w, l, p, h, x, y, &cls);
        const uint32_t stamp = w->stamp;
        uint32_t *mark = w->mark;
        /* the moves on the extra heap: the cell's values at heaps h2 < h,
         * which hbits holds (set as each layer was done): a bitset more in
         * the search below rather than h marks, so a layer costs O(1) and
         * not O(h) */
        const uint64_t *hb = h ? w->hbits : NULL;

        uint64_t g = *c.rp;
        if (dense) {
            if (*c.cp > g)
                g = *c.cp;
            if (c.db && *c.dp > g)
                g = *c.dp;
        }
        if (hb && w->hmex > g) /* every value below hmex is an option at a smaller heap */
            g = w->hmex;
        if (S->modbits) {
            mod_advance(S, l, y);
            const uint64_t mf = mod_first_free(S, l, cls);
            if (mf > g)
                g = mf;
        }
        for (;;) {
            const uint64_t cap = (uint64_t)S->W * 64;
            const uint64_t *mb = S->modbits ? S->modb + ((size_t)l * M + cls) * S->W : NULL;
            g = mb || hb ? first_free4(c.rb, c.cb, c.db, mb, hb, S->W, g) : first_free(c.rb, c.cb, c.db, S->W, g);
            if (g + 128 >= cap) {
                /* near the capacity: grow (one thread only) and look again */
                if (!reserve(S, w, g + 64)) {
                    set_stop(S, STOP_NOMEM);
                    return 0;
                }
                lines_at(&c, k, S, w, l, i, ci, di);
                mark = w->mark;
                hb = h ? w->hbits : NULL;
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
            if (pl->modmode == 1 && !S->modbits &&
                (S->minY[((size_t)l * M + cls) * cap + g] < y ||
                 (S->leftp && (S->leftp[((size_t)l * M + cls) * S->W + (g >> 6)] >> (g & 63) & 1)))) {
                g++;
                continue;
            }
            break;
        }
        if (pl->cw == 2 && g > 0xffff) {
            set_stop(S, STOP_OVERFLOW);
            return 0;
        }
        uint32_t v = (uint32_t)g;
        cset(S, at, v);
        if (w->hbits)
            heap_seen(w, v);
        lines_insert(&c, v);
    }
    return 1;
}

/* One more turn of a wait for another thread: spin a little (a band is
 * often a few microseconds away), then yield, then sleep 50 us a turn.
 * On a machine with more threads than free cores (other work, or more
 * threads asked for than cores) the thread waited for needs the core:
 * endless yields would spend it in the scheduler. */
static void backoff(unsigned *spins)
{
    unsigned n = ++*spins;
    if (n <= 64)
        return;
    if (n <= 64 + 1024) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, 50000};
    nanosleep(&ts, NULL);
}

static void report(shared *S, worker *w)
{
    if (w->tid != 0 || !S->run || !S->run->progress)
        return;
    uint64_t done = atomic_load_explicit(&S->cells_done, memory_order_relaxed);
    if (S->run->progress(S->run->progress_ctx, done, S->total_cells))
        atomic_store(&S->stop, STOP_CANCEL);
}

/* While worker 0 waits for another one (a band with many side-state layers
 * can take seconds), it still asks the progress function now and then, so
 * that a stop is seen at once: every WAIT_POLL turns past the spinning. */
#define WAIT_POLL 256u
static void wait_turn(shared *S, worker *w, unsigned *spins)
{
    backoff(spins);
    if (w && *spins > 64 + 1024 && *spins % WAIT_POLL == 0)
        report(S, w);
}

/* Wait until *a >= need (or the computation stops).  0 if stopped. */
static int wait_for(shared *S, worker *w, _Atomic uint32_t *a, uint32_t need)
{
    unsigned spins = 0;
    while (atomic_load_explicit(a, memory_order_acquire) < need) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return 0;
        wait_turn(S, w, &spins);
    }
    return 1;
}

static int wait_out(shared *S, worker *w, uint32_t need)
{
    unsigned spins = 0;
    while (atomic_load_explicit(&S->out_done, memory_order_acquire) < need) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return 0;
        wait_turn(S, w, &spins);
    }
    return 1;
}

/* Inside a chunk with many side-state layers (a chunk is 64 columns of a
 * band, times every layer: with 10^5 layers, seconds): worker 0 asks the
 * progress function every POLL_LAYERS layers, and every worker stops when
 * the computation stops.  0: stop. */
static int poll_stop(shared *S, worker *w)
{
    report(S, w);
    return atomic_load_explicit(&S->stop, memory_order_relaxed) == STOP_NONE;
}

/* The packed layout's band of output rows: C cells and 16 more (64 bytes),
 * so that the band's rows, written one column at a time, do not all fall
 * in the same sets of the cache (C is often a power of two). */
#define OUT_STRIDE(C) ((size_t)(C) + 16)
#define OUT_TILE 16u

/* Once the rows 0..x1-1 have gone out, nothing reads or writes the table's
 * columns 0..x1-1 again (packed layout: a later band computes and reads the
 * cells (x, y), x >= x1, of columns y >= x1, and reads its rows' cells y < x
 * from column x), nor the line bitsets of the columns 0..x1-1 (row x copies
 * column x's line when it starts) and of the diagonals d < x1 (the cells
 * x <= y of rows x >= x1 lie on diagonals d = x + C - 1 - y >= x1).  Their
 * whole pages go back to the system while the later bands run: the pages
 * the output (the file's cache) takes next are the ones given back, not
 * fresh ones.  Only where every read of a cell is one of those (the dense layout,
 * unbounded moves, no mod=, one layer) and the arrays came from mmap. */
static void release_range(void *base, size_t bytes, size_t *done, size_t upto)
{
    if (!base || bytes < BIG_BLOCK)
        return;
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    upto = upto / page * page;
    if (upto > *done) {
        madvise((char *)base + *done, upto - *done, MADV_DONTNEED);
        *done = upto;
    }
}

static void release_dead(shared *S, uint32_t x1)
{
    const plan *pl = S->pl;
    if (!S->release)
        return;
    release_range(S->v, (size_t)pl->tcells * pl->cw, &S->rel_v, col_index(pl, x1) * pl->cw);
    release_range(S->colb, S->colb_bytes, &S->rel_col, (size_t)x1 * S->W * 8);
    release_range(S->diab, S->diab_bytes, &S->rel_dia, (size_t)x1 * S->W * 8);
}

/* Hand the rows of a finished band to the caller, in order.  With symmetry,
 * first copy the mirror images below the diagonal into the band's rows, in
 * 64 x 64 tiles (the earlier rows are final). */
static int band_out(shared *S, worker *w, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    if (!wait_out(S, w, k))
        return 0;
    const uint32_t l = S->out_layer;
    if (pl->packed) {
        /* the band's rows in outrow ([x1 - x0][C]): the cells y < x of row x
         * are column x's rows 0..x-1 (read in one run), the cells y >= x the
         * band's own cells, OUT_TILE columns at a time (the tile's runs of
         * the band's rows stay in the first level cache while each output
         * row takes OUT_TILE consecutive values, one cache line) */
        const uint32_t C = pl->C, xr = S->out_xor;
        const size_t rs = OUT_STRIDE(C); /* outrow's rows */
        const size_t lb = (size_t)l * pl->tcells;
        const uint16_t *v2 = (const uint16_t *)S->v;
        const uint32_t *v4 = (const uint32_t *)S->v;
        for (uint32_t x = x0; x < x1; x++) {
            uint32_t *o = S->outrow + (size_t)(x - x0) * rs;
            const size_t at = lb + col_index(pl, x);
            if (pl->cw == 2)
                for (uint32_t y = 0; y < x; y++)
                    o[y] = v2[at + y] ^ xr;
            else
                for (uint32_t y = 0; y < x; y++)
                    o[y] = v4[at + y] ^ xr;
        }
        size_t tat[OUT_TILE];
        for (uint32_t yb = x0; yb < C; yb += OUT_TILE) {
            const uint32_t ye = min32(yb + OUT_TILE, C);
            for (uint32_t y = yb; y < ye; y++)
                tat[y - yb] = lb + col_index(pl, y);
            for (uint32_t x = x0; x < x1 && x < ye; x++) {
                uint32_t *o = S->outrow + (size_t)(x - x0) * rs;
                if (pl->cw == 2)
                    for (uint32_t y = yb > x ? yb : x; y < ye; y++)
                        o[y] = v2[tat[y - yb] + x] ^ xr;
                else
                    for (uint32_t y = yb > x ? yb : x; y < ye; y++)
                        o[y] = v4[tat[y - yb] + x] ^ xr;
            }
        }
        for (uint32_t x = x0; x < x1; x++) {
            if (S->sink(S->sink_ctx, x, S->outrow + (size_t)(x - x0) * rs, C)) {
                set_stop(S, STOP_SINK);
                return 0;
            }
        }
        release_dead(S, x1);
        atomic_store_explicit(&S->out_done, k + 1, memory_order_release);
        return 1;
    }
    for (uint32_t x = x0; x < x1; x++) {
        size_t at = row_index(S, l, x);
        for (uint32_t y = 0; y < pl->C; y++)
            S->outrow[y] = cget(S, at + y) ^ S->out_xor;
        if (S->sink(S->sink_ctx, x, S->outrow, pl->C)) {
            set_stop(S, STOP_SINK);
            return 0;
        }
    }
    atomic_store_explicit(&S->out_done, k + 1, memory_order_release);
    return 1;
}


/* ------------------------------------------------------------------ */
/* Blocks (wythoff_block.h): the messages between ranks                */
/* ------------------------------------------------------------------ */

/* A message: 8 u32 (magic, band, rows, layers, diagonals, halo columns,
 * triples, 0), then per layer and row the row's line, per layer and
 * diagonal crossing into the next block its line, the halo cells (per
 * layer, row, column: u32) and the (layer, class, g) triples.  A line is
 * u32 ptr, u32 n and the n words from word ptr / 64 on: every value below
 * ptr is in the line (the words before are all ones) and the words after
 * are zero. */
#define MSG_MAGIC 0x4d425957u /* "WYBM" */

static int msg_room(shared *S, size_t need)
{
    if (need <= S->msg_cap)
        return 1;
    size_t n = S->msg_cap ? S->msg_cap : 4096;
    while (n < need)
        n *= 2;
    unsigned char *m = realloc(S->msg, n);
    if (!m)
        return 0;
    S->msg = m;
    S->msg_cap = n;
    return 1;
}

static void put32(unsigned char **p, uint32_t v)
{
    memcpy(*p, &v, 4);
    *p += 4;
}

static size_t line_size(const uint64_t *b, uint32_t ptr, size_t W, uint32_t *nw)
{
    size_t lo = ptr >> 6, hi = W;
    while (hi > lo && b[hi - 1] == 0)
        hi--;
    *nw = (uint32_t)(hi - lo);
    return 8 + 8 * (size_t)*nw;
}

static void put_line(unsigned char **p, const uint64_t *b, uint32_t ptr, uint32_t nw)
{
    put32(p, ptr);
    put32(p, nw);
    memcpy(*p, b + (ptr >> 6), (size_t)nw * 8);
    *p += (size_t)nw * 8;
}

/* The diagonals that cross into the next block during rows x0..x1-1:
 * the one entering column c1 at row x >= 1 (its last cell here is
 * (x - 1, c1 - 1)). */
static uint32_t cross_from(uint32_t x0) { return x0 ? x0 : 1; }

static int block_send(shared *S, worker *w, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    const uint32_t nb = x1 - x0, nl = pl->nl, c1 = pl->c1;
    const uint32_t nd = pl->wyt && x1 > cross_from(x0) ? x1 - cross_from(x0) : 0;
    const uint32_t halo = pl->N == UINT32_MAX ? 0 : (uint32_t)min64((uint64_t)pl->N + 1, c1);
    const size_t W = S->W;
    uint32_t nw;
    size_t need = 32 + (size_t)nl * nb * halo * 4 + S->nout * 12;
    for (uint32_t l = 0; l < nl; l++) {
        for (uint32_t i = 0; i < nb; i++)
            need += line_size(w->rowb + ((size_t)l * pl->B + i) * W, w->rowptr[(size_t)l * pl->B + i], W, &nw);
        for (uint32_t x = cross_from(x0); x < x1 && nd; x++) {
            size_t di = diag_at(S, l, x - 1, c1 - 1);
            need += line_size(S->diab + di * W, S->diaptr[di], W, &nw);
        }
    }
    if (!msg_room(S, need))
        return STOP_NOMEM;
    unsigned char *p = S->msg;
    uint32_t head[8] = {MSG_MAGIC, k, nb, nl, nd, halo, (uint32_t)S->nout, 0};
    for (int i = 0; i < 8; i++)
        put32(&p, head[i]);
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t i = 0; i < nb; i++) {
            const uint64_t *b = w->rowb + ((size_t)l * pl->B + i) * W;
            uint32_t ptr = w->rowptr[(size_t)l * pl->B + i];
            line_size(b, ptr, W, &nw);
            put_line(&p, b, ptr, nw);
        }
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t x = cross_from(x0); x < x1 && nd; x++) {
            size_t di = diag_at(S, l, x - 1, c1 - 1);
            line_size(S->diab + di * W, S->diaptr[di], W, &nw);
            put_line(&p, S->diab + di * W, S->diaptr[di], nw);
        }
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t x = x0; x < x1; x++)
            for (uint32_t y = c1 - halo; y < c1; y++)
                put32(&p, cget(S, cell_at(S, l, x, y)));
    if (S->nout) {
        memcpy(p, S->dout, S->nout * 12);
        p += S->nout * 12;
    }
    size_t len = (size_t)(p - S->msg);
    if (S->io->send(S->io->ctx, k, S->msg, len))
        return STOP_SINK;
    S->bytes_sent += len;
    S->nout = 0;
    return STOP_NONE;
}

typedef struct {
    const unsigned char *p, *end;
} reader;

static int get32(reader *r, uint32_t *v)
{
    if (r->end - r->p < 4)
        return 0;
    memcpy(v, r->p, 4);
    r->p += 4;
    return 1;
}

/* Read a line into b (W words), growing the lines when the values need
 * more room (mod=M only; a fixed capacity is the same on every rank). */
static int get_line(shared *S, worker *w, reader *r, uint64_t **lines, size_t index, uint32_t *ptr)
{
    uint32_t p, nw;
    if (!get32(r, &p) || !get32(r, &nw) || (size_t)(r->end - r->p) / 8 < nw)
        return 0;
    uint64_t top = (uint64_t)(p >> 6) + nw; /* words used: two spare ones after them */
    if (top + 2 > S->W && (top >= UINT32_MAX / 64 - 8 || !reserve(S, w, top * 64)))
        return 0;
    uint64_t *b = *lines + index * S->W;
    size_t lo = p >> 6;
    for (size_t i = 0; i < lo; i++)
        b[i] = ~(uint64_t)0;
    memcpy(b + lo, r->p, (size_t)nw * 8);
    memset(b + lo + nw, 0, (S->W - lo - nw) * 8);
    r->p += (size_t)nw * 8;
    *ptr = p;
    return 1;
}

/* Band k's message: its rows' lines, the diagonals entering, the halo
 * cells, the classes newly seen to the left. */
static int block_recv(shared *S, worker *w, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    const void *buf = NULL;
    size_t len = 0;
    if (S->io->recv(S->io->ctx, k, &buf, &len))
        return STOP_SINK;
    S->bytes_recv += len;
    reader r = {buf, (const unsigned char *)buf + len};
    const uint32_t nb = x1 - x0, nl = pl->nl, c0 = pl->c0;
    const uint32_t nd = pl->wyt && x1 > cross_from(x0) ? x1 - cross_from(x0) : 0;
    uint32_t head[8];
    for (int i = 0; i < 8; i++)
        if (!get32(&r, &head[i]))
            return STOP_BADMSG;
    if (head[0] != MSG_MAGIC || head[1] != k || head[2] != nb || head[3] != nl || head[4] != nd ||
        head[5] != pl->halo || (head[6] && pl->modmode != 1))
        return STOP_BADMSG;
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t i = 0; i < nb; i++)
            if (!get_line(S, w, &r, &w->rowb, (size_t)l * pl->B + i, &w->rowptr[(size_t)l * pl->B + i]))
                return STOP_BADMSG;
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t x = cross_from(x0); x < x1 && nd; x++) {
            size_t di = diag_at(S, l, x, c0);
            if (!get_line(S, w, &r, &S->diab, di, &S->diaptr[di]))
                return STOP_BADMSG;
        }
    for (uint32_t l = 0; l < nl; l++)
        for (uint32_t x = x0; x < x1; x++)
            for (uint32_t y = pl->y0; y < c0; y++) {
                uint32_t v;
                if (!get32(&r, &v))
                    return STOP_BADMSG;
                cset(S, cell_at(S, l, x, y), v);
            }
    size_t n = head[6];
    if ((size_t)(r.end - r.p) != n * 12)
        return STOP_BADMSG;
    if (n > S->capin) {
        uint32_t *t = realloc(S->din, n * 12);
        if (!t)
            return STOP_NOMEM;
        S->din = t;
        S->capin = n;
    }
    if (n)
        memcpy(S->din, r.p, n * 12);
    S->nin = n;
    for (size_t e = 0; e < n; e++)
        if (S->din[3 * e] >= nl || S->din[3 * e + 1] >= pl->M || S->din[3 * e + 2] >= UINT32_MAX - 256 ||
            !reserve(S, w, S->din[3 * e + 2]))
            return STOP_BADMSG;
    return STOP_NONE;
}

/* The start of band k in a block: wait for band k - 1's start (bands begin
 * in order), then take the message (or, in the first block, start the
 * rows and the diagonals entering at column 0 empty). */
static int block_in(shared *S, worker *w, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    unsigned spins = 0;
    while (atomic_load_explicit(&S->in_done, memory_order_acquire) < k) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return 0;
        backoff(&spins);
    }
    int st = STOP_NONE;
    if (pl->first) {
        memset(w->rowb, 0, (size_t)pl->nl * pl->B * S->W * 8);
        memset(w->rowptr, 0, (size_t)pl->nl * pl->B * 4);
        for (uint32_t l = 0; pl->wyt && l < pl->nl; l++)
            for (uint32_t x = cross_from(x0); x < x1; x++) {
                size_t di = diag_at(S, l, x, 0);
                memset(S->diab + di * S->W, 0, S->W * 8);
                S->diaptr[di] = 0;
            }
    } else {
        st = block_recv(S, w, k, x0, x1);
    }
    if (st != STOP_NONE) {
        set_stop(S, st);
        return 0;
    }
    if (S->io->begin)
        S->io->begin(S->io->ctx, k);
    atomic_store_explicit(&S->in_done, k + 1, memory_order_release);
    return 1;
}

static int dout_add(shared *S, uint32_t l, uint32_t c, uint32_t g)
{
    if (S->nout == S->capout) {
        size_t n = S->capout ? S->capout * 2 : 1024;
        uint32_t *t = realloc(S->dout, n * 12);
        if (!t)
            return 0;
        S->dout = t;
        S->capout = n;
    }
    S->dout[3 * S->nout] = l;
    S->dout[3 * S->nout + 1] = c;
    S->dout[3 * S->nout + 2] = g;
    S->nout++;
    return 1;
}

/* mod=M (one row a band, one thread), after row x0: minY takes the row's
 * cells.  In a block, the (class, g) of the row's cells seen for the first
 * time in the block, then those the message said were seen to the left for
 * the first time, become the triples for the next block (those new to it);
 * then the left classes take the message's triples.  0 on allocation
 * failure. */
static int mod_row_end(shared *S, uint32_t x0)
{
    const plan *pl = S->pl;
    const size_t cap = S->W * 64, W = S->W;
    const int tell = pl->block && !pl->last; /* a next block to tell */
    for (uint32_t l = 0; l < pl->nl; l++)
        for (uint32_t y = pl->c0; y < pl->c1; y++) {
            if ((uint64_t)x0 + y <= S->Kt)
                continue;
            uint32_t c = (uint32_t)(((int64_t)x0 - (int64_t)y) % (int64_t)pl->M + pl->M) % pl->M;
            uint32_t g = cget(S, cell_at(S, l, x0, y));
            uint32_t *slot = &S->minY[((size_t)l * pl->M + c) * cap + g];
            if (tell && *slot == UINT32_MAX &&
                !(S->leftp[((size_t)l * pl->M + c) * W + (g >> 6)] >> (g & 63) & 1) && !dout_add(S, l, c, g))
                return 0;
            if (*slot > y)
                *slot = y;
        }
    if (!pl->block)
        return 1;
    for (size_t e = 0; e < S->nin; e++) {
        uint32_t l = S->din[3 * e], c = S->din[3 * e + 1], g = S->din[3 * e + 2];
        if (tell && S->minY[((size_t)l * pl->M + c) * cap + g] == UINT32_MAX && !dout_add(S, l, c, g))
            return 0;
        S->leftp[((size_t)l * pl->M + c) * W + (g >> 6)] |= (uint64_t)1 << (g & 63);
    }
    S->nin = 0;
    return 1;
}

/* A finished band of a block: its message to the next block, then its
 * values to the driver, in band order. */
static int block_out(shared *S, worker *w, uint32_t k, uint32_t x0, uint32_t x1)
{
    const plan *pl = S->pl;
    if (!wait_out(S, w, k))
        return 0;
    int st = pl->last ? STOP_NONE : block_send(S, w, k, x0, x1);
    if (st == STOP_NONE) {
        const uint32_t l = S->out_layer, CW = pl->CW;
        for (uint32_t x = x0; x < x1; x++) {
            size_t at = cell_at(S, l, x, pl->c0);
            uint32_t *o = S->outrow + (size_t)(x - x0) * CW;
            for (uint32_t y = 0; y < CW; y++)
                o[y] = cget(S, at + y) ^ S->out_xor;
        }
        if (S->io->out(S->io->ctx, k, x0, x1, S->outrow))
            st = STOP_SINK;
    }
    if (st != STOP_NONE) {
        set_stop(S, st);
        return 0;
    }
    atomic_store_explicit(&S->out_done, k + 1, memory_order_release);
    return 1;
}

static void band_loop(worker *w)
{
    shared *S = w->S;
    const plan *pl = S->pl;
    const uint32_t R = pl->R, B = pl->B;
    const cell_consts kc = {pl->N, pl->M, pl->nh, S->Kt, pl->dense, pl->wyt,
                            pl->nl == 1 && pl->dense && pl->N == UINT32_MAX && pl->modmode == 0};
    /* the plain plan outside a block: the chunk loop */
    const int fast = kc.plain && !pl->block;
#if WYI_HAVE_AVX2
    const int avx2 = have_avx2();
#endif
    for (;;) {
        if (atomic_load_explicit(&S->stop, memory_order_relaxed))
            return;
        uint32_t k = atomic_fetch_add(&S->next_band, 1);
        if (k >= S->nbands)
            return;
        uint32_t x0 = k * B, x1 = min32(x0 + B, R), nb = x1 - x0;
        /* a stream reuses the ring slot of band k - slots once it is out */
        if (pl->stream && k >= pl->slots && !wait_out(S, w, k - pl->slots + 1))
            return;
        if (pl->block) {
            if (!block_in(S, w, k, x0, x1))
                return;
        } else if (!pl->tri) {
            memset(w->rowb, 0, (size_t)pl->nl * B * S->W * 8);
            memset(w->rowptr, 0, (size_t)pl->nl * B * 4);
        }
        for (uint32_t l = 0; S->modbits && l < pl->nl; l++)
            mod_row_begin(S, l);
        const uint32_t C1 = pl->c1;
        for (uint32_t y = pl->tri ? x0 : pl->c0; y < C1;) {
            uint32_t ye = y + CHUNK < C1 ? y + CHUNK : C1;
            if (k > 0 && !wait_for(S, w, &S->prog[(size_t)(k - 1) * PROG_STRIDE], ye))
                return;
            uint64_t cells = 0;
            if (fast) {
#if WYI_HAVE_AVX2
                if (avx2 ? !plain_chunk_avx2(S, w, &kc, x0, nb, y, ye, &cells)
                         : !plain_chunk_port(S, w, &kc, x0, nb, y, ye, &cells))
                    return;
#else
                if (!plain_chunk_port(S, w, &kc, x0, nb, y, ye, &cells))
                    return;
#endif
            } else
            for (uint32_t yy = y; yy < ye; yy++) {
                for (uint32_t i = 0; i < nb; i++) {
                    uint32_t x = x0 + i;
                    if (pl->tri && x > yy)
                        break;
                    if (pl->tri && x == yy)
                        for (uint32_t l = 0; l < pl->nl; l++) {
                            if (l % POLL_LAYERS == POLL_LAYERS - 1 && !poll_stop(S, w))
                                return;
                            row_start(S, w, l, i, x);
                        }
                    if (!do_cell(S, w, &kc, i, x, yy))
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
        if (pl->modmode == 1 && !mod_row_end(S, x0)) {
            set_stop(S, STOP_NOMEM);
            return;
        }
        if (pl->block ? !block_out(S, w, k, x0, x1) : pl->stream && !band_out(S, w, k, x0, x1))
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
    wyi_tab_big_free(w->rowb, w->rowb_bytes);
    free(w->rowptr);
    free(w->mark);
    free(w->hbits);
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
int wyi_tab_engine_run(shared *S, const plan *pl, const wy_run *run)
{
    S->ndiag = pl->block ? pl->dslots : pl->wyt ? (size_t)pl->R + pl->C - 1 : 0;
    S->W = pl->W;
    S->nbands = (uint32_t)(((uint64_t)pl->R + pl->B - 1) / pl->B);
    S->run = run;
    int ok = 1;
    if (pl->dense) {
        S->colb_bytes = (size_t)pl->nl * pl->CW * S->W * 8;
        S->colb = wyi_tab_big_alloc(S->colb_bytes);
        S->colptr = calloc((size_t)pl->nl * pl->CW, 4);
        ok = S->colb && S->colptr;
        if (ok && S->ndiag) {
            S->diab_bytes = (size_t)pl->nl * S->ndiag * S->W * 8;
            S->diab = wyi_tab_big_alloc(S->diab_bytes);
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
            S->modff = calloc((size_t)pl->nl * pl->M, sizeof *S->modff);
            ok = S->ev && S->evs && S->modb && S->modff;
        }
    }
    S->prog = ok ? calloc((size_t)S->nbands * PROG_STRIDE, sizeof *S->prog) : NULL;
    ok = ok && S->prog;
    if (ok && pl->block && pl->modmode == 1) {
        S->leftp_bytes = (size_t)pl->nl * pl->M * S->W * 8;
        S->leftp = wyi_tab_big_alloc(S->leftp_bytes);
        ok = S->leftp != NULL;
    }
    if (ok && pl->stream) {
        S->outrow = malloc((pl->block ? (size_t)pl->B * pl->CW : pl->packed ? (size_t)pl->B * OUT_STRIDE(pl->C) : (size_t)pl->C) * 4);
        ok = S->outrow != NULL;
    }
    S->release = pl->packed && pl->dense && pl->nl == 1 && pl->N == UINT32_MAX && pl->modmode == 0 && !pl->block;
    S->rel_v = S->rel_col = S->rel_dia = 0;
    worker ws[256];
    unsigned T = pl->T > 256 ? 256 : pl->T;
    memset(ws, 0, sizeof ws);
    for (unsigned t = 0; ok && t < T; t++) {
        ws[t].S = S;
        ws[t].tid = t;
        ws[t].W = S->W;
        ws[t].rowb_bytes = (size_t)pl->nl * pl->B * S->W * 8;
        ws[t].rowb = wyi_tab_big_alloc(ws[t].rowb_bytes);
        ws[t].rowptr = calloc((size_t)pl->nl * pl->B, 4);
        ws[t].mark = calloc(S->W * 64, 4);
        ws[t].hbits = pl->nh > 1 ? calloc(S->W, 8) : NULL;
        ok = ws[t].rowb && ws[t].rowptr && ws[t].mark && (pl->nh == 1 || ws[t].hbits);
    }
    int stop = ok ? STOP_NONE : STOP_NOMEM;
    if (ok) {
        atomic_init(&S->next_band, 0);
        atomic_init(&S->out_done, 0);
        atomic_init(&S->in_done, 0);
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
    wyi_tab_big_free(S->colb, S->colb_bytes);
    wyi_tab_big_free(S->diab, S->diab_bytes);
    free(S->colptr);
    free(S->diaptr);
    free(S->minY);
    free(S->ev);
    free(S->evs);
    free(S->modb);
    free(S->modff);
    free((void *)S->prog);
    free(S->outrow);
    wyi_tab_big_free(S->leftp, S->leftp_bytes);
    free(S->din);
    free(S->dout);
    free(S->msg);
    return stop;
}

uint32_t *wyi_tab_terminal_values(const wy_rules *rules, const plan *pl)
{
    /* the layers' heaps are 0..nh-1 (nh = 1 when the heap is xor-ed in) */
    const uint64_t P = pl->np - 1, H = pl->nh - 1;
    uint64_t *all = malloc(sizeof *all * (size_t)pl->nl);
    uint32_t *tv = malloc(sizeof *tv * (size_t)pl->nl);
    if (!all || !tv || !wyi_terminal_values(all, P, H, rules->misere != 0)) {
        free(all);
        free(tv);
        return NULL;
    }
    for (uint32_t l = 0; l < pl->nl; l++)
        tv[l] = (uint32_t)all[l]; /* at most H + P + 1 < 2^25 */
    free(all);
    return tv;
}

uint64_t wyi_tab_total_cells(const plan *pl)
{
    uint64_t n = (uint64_t)pl->R * pl->C;
    if (pl->tri) /* cells x <= y */
        n -= (uint64_t)pl->R * (pl->R - 1) / 2;
    return n;
}
