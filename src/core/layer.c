/* layer.c - the layer engine: the positions of one value g in a square
 * window 0 <= x, y < size, row by row, in O(size) bits of memory.
 *
 * Layers.  A layer is (p, h, g'): the cells of value g' in side state
 * (p passes left, h stones in the extra heap).  The layer asked for needs
 * every layer (p' <= p, h' <= h, g' <= g); they are computed together, row
 * x = 0, 1, ..., size - 1, and inside a row in the order p' ascending, h'
 * ascending, g' ascending, so every layer a layer depends on has finished
 * the row first.  With normal play and no pass the extra heap is a Nim heap
 * in a disjunctive sum, G(x, y, h) = G(x, y, 0) XOR h, so only the base
 * layers (0, 0, g') for g' <= g XOR h are computed.
 *
 * Why the greedy rule is right.  Outside the terminal region (x + y > K)
 * every two cells of a row, a column or a diagonal are joined by a move
 * (moves are unbounded), so a line holds each value at most once there, and
 * a cell (x, y) has value g' iff (a) it holds no smaller value and (b) none
 * of its options has value g' (given (a), every smaller value is an option).
 * The options of a non-terminal (x, y, p, h) are: the row cells (x, y' < y),
 * the column cells (x' < x, y), the diagonal cells (x - a, y - a) (wythoff),
 * the same cell at (p, h' < h) and at (p - 1, h) (the pass exists: the cell
 * has a move on the two heaps).
 * Take the upper triangle y >= x.  The column and diagonal options of a
 * cell (x, y), y >= x, lie in rows < x and in the upper triangle (x' <= y'),
 * so one bit per column (colused) and one per diagonal k = y - x (diagused),
 * set when an upper cell of value g' is found, tell whether they hold g'.
 * The lower-triangle cells (x, r), r < x, are the mirror images of the
 * upper cells (r, x) of earlier rows: row x holds g' below the diagonal iff
 * colused[x] is set, and then no other non-terminal cell of row x (all of
 * which reach (x, r)) can hold g'.  Otherwise row x's g' cell, if any, is the
 * first y >= x satisfying (a) and (b): (a) y is not the column of the row's
 * cell of a smaller value in the same side state; (b) colused[y] and
 * diagused[y - x] are clear, y is not the column of the row's g' cell in
 * side states (p, h' < h) or (p - 1, h), and no earlier cell (x, y'), x <= y'
 * < y, holds g' -- true since the scan stops at the first one.
 * Because only rows < x and row x itself enter, the window is exact: a cell
 * beyond column size - 1 never influences a cell inside the window.
 *
 * Terminal region (x + y <= K, and always (0, 0)).  Its cells have no move
 * on the two heaps, so in side state (p, h) they all share one value
 * tv[p][h] (wyi_terminal_values).  In a layer with g' = tv[p][h] the region cells
 * are the layer's cells of rows x <= K (every other cell of such a row, of
 * its columns y <= K and of its diagonals k <= K reaches one of them, so they
 * are marked used: row 0 marks columns and diagonals 0..K); in any other
 * layer they are never candidates, so the search of a row x <= K starts at
 * column K - x + 1.
 *
 * Cost.  Per row and layer: one bit test, and a scan by 64-bit words from
 * x + dptr (dptr: the first unused diagonal; every diagonal below it holds
 * g' already).  Memory: two bitsets of size bits per layer (one for nim).
 * The extra layers of other side states and smaller values are excluded by
 * an explicit list of columns when there are few of them, otherwise by
 * per-row bitsets (rowbits: smaller values in the same side state; sidebits:
 * the same value at smaller heaps), cleared again at the end of the row.
 *
 * Memory.  Which bits are read when: row x tests the column bit of x and
 * searches from start >= x, so it reads (and sets) column bits only at
 * columns >= x; the diagonal search starts at x + dptr, so it reads
 * diagonal bits only at diagonals >= dptr, and dptr never decreases; the
 * per-row bitsets (rowbits, sidebits) are read, set and cleared at columns
 * >= x.  Hence after the rows below x1 every column bit below x1 and every
 * diagonal bit below the current dptr is dead: run_rows gives their whole
 * grains (2 MiB, a huge page) back with madvise(MADV_DONTNEED) after each
 * block of rows, for mapped bitsets.  A page given back reads as zeros if
 * touched again; by the above it never is.  What stays resident is, per
 * layer, the columns between the row and the largest column used (about
 * (phi - 1) x for Wythoff's values, which follow the P-positions) and the
 * diagonals between dptr and the largest diagonal used (a few).
 * wy_layer_estimate still counts the full bitsets (an upper bound);
 * wy_layer_scan_all's estimate counts windows of 2 size / 5 + 2^22 columns
 * and size / 16 + 2^22 diagonals above the frontiers (plus a block and two
 * grains per bitset), and the scan checks every column and diagonal bit it
 * sets against them (a cell outside stops it with WY_ERANGE), so its memory
 * never exceeds the estimate it checked before allocating.
 *
 * Threads (run->threads >= 2, windows of 2^24 rows or more, fewer than 8
 * values and heaps): the layers are cut into consecutive ranges, one per
 * thread, and the rows flow through them in blocks of 2^16 (a pipeline:
 * a range starts a block when the ranges below have finished it).  Every
 * layer does exactly what it does on one thread, so the result is the same.
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#endif
#include "internal.h"
#include "wythoff_layer.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define NONE UINT64_MAX

/* Rows per block: the unit of progress reports and of the pipeline. */
#define BLOCK ((uint64_t)1 << 16)
/* The pipeline (run->threads >= 2): blocks in flight, most threads, and the
 * least window it is used for (its ring of current columns costs
 * RING * BLOCK * 8 bytes per layer, less than the layer's bitsets). */
#define RING 4
#define MAX_THREADS 64
#define PIPE_MIN_SIZE ((uint64_t)1 << 24)

/* Bytes of a layer's descriptor (ldesc below), for the estimate. */
#define LDESC_BYTES 160

/* Fewer smaller values (heaps) than this are excluded through an explicit
 * list of columns; more, through a per-row bitset. */
#define EXPLICIT_MAX 8

/* Bitsets at least this large are mapped directly (zero pages, huge pages). */
#define MMAP_MIN ((size_t)1 << 24)
/* Mapped bitsets give back their pages below the scan's frontiers in whole
 * grains (a huge page: no page is split). */
#define RELEASE_GRAIN ((uint64_t)1 << 21)
/* scan_all's windows reach this many bits beyond their share of the size. */
#define SPAN_PAD ((uint64_t)1 << 22)

#if defined(__SANITIZE_ADDRESS__)
#define LAYER_NO_MMAP 1 /* keep ASan's leak checking on every allocation */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAYER_NO_MMAP 1
#endif
#endif

/* ------------------------------------------------------------------ */
/* The plan: which layers, how much memory                             */
/* ------------------------------------------------------------------ */

typedef struct {
    int wyt;          /* wythoff: diagonals too */
    int empty;        /* g exceeds every value of the window: nothing to do */
    uint64_t P, H, G; /* the layers (p <= P, h <= H, g' <= G) */
    uint64_t L;       /* their number (saturating) */
    uint64_t target;  /* index of the layer asked for */
    int use_rowbits;  /* smaller values excluded through a per-row bitset */
    int use_sidebits; /* the same value at smaller heaps, likewise */
    uint64_t words;   /* 64-bit words per bitset (one spare word at the end) */
    uint64_t nsets;   /* bitsets in all (saturating) */
    uint64_t bytes;   /* estimate (saturating) */
    /* wy_layer_scan_all: the layers of side state (P, H) reported are those
     * of base value b with (b XOR vxor) <= g, vxor the heap of the heap
     * shortcut (0 otherwise) */
    int all;
    uint64_t vxor, gmax;
    /* windows (scan_all on large windows, see "Memory" above): a layer's
     * column bits may be set at most colspan bits above its column
     * frontier, its diagonal bits at most diagspan above its diagonal
     * frontier; UINT64_MAX: no window (the whole bitset may be touched) */
    uint64_t colspan, diagspan;
} plan;

static void make_plan(plan *pl, const wy_rules *r, wy_side side, uint64_t g, uint64_t size, int all)
{
    memset(pl, 0, sizeof *pl);
    pl->wyt = r->game == WY_GAME_WYTHOFF;
    pl->all = all;
    pl->gmax = g;
    pl->colspan = pl->diagspan = UINT64_MAX;
    uint64_t span = size ? size - 1 : 0;
    uint64_t wmul = pl->wyt ? 3 : 2;
    /* A cell has at most x + y (+ min(x, y)) + h + [p > 0] options, so its
     * value is at most that many (or 1: a misere terminal state). */
    uint64_t vmax;
    if (!r->misere && r->passes == 0) {
        /* heap shortcut: value g at heap h = base value g XOR h */
        uint64_t b = g ^ side.heap;
        vmax = wyi_sat_mul(wmul, span);
        if (all && side.heap) {
            /* every v <= g: base values v XOR h, all below the next power
             * of two above max(g, h); none above vmax is needed */
            uint64_t m = g > side.heap ? g : side.heap, p2 = 1;
            while (p2 <= m && p2 < ((uint64_t)1 << 63))
                p2 <<= 1;
            b = p2 <= m ? UINT64_MAX : p2 - 1;
            pl->vxor = side.heap;
        }
        pl->P = pl->H = 0;
        if (all && b > vmax)
            b = vmax; /* the values above vmax have no cell */
        pl->G = b;
        pl->empty = b > vmax;
    } else {
        vmax = wyi_sat_add(wyi_sat_add(wyi_sat_mul(wmul, span), side.heap), side.pass > 0);
        if (vmax < 1)
            vmax = 1;
        pl->P = side.pass;
        pl->H = side.heap;
        pl->G = all && g > vmax ? vmax : g;
        pl->empty = !all && g > vmax;
    }
    pl->words = size / 64 + 2;
    uint64_t overhead = 4096;
    if (size == 0 || pl->empty) {
        pl->bytes = overhead;
        return;
    }
    uint64_t nside = wyi_sat_mul(pl->P + 1, pl->H + 1);
    pl->L = wyi_sat_mul(nside, wyi_sat_add(pl->G, 1));
    /* the last layer: (P (H + 1) + H) (G + 1) + G = L - 1 */
    pl->target = pl->L == UINT64_MAX ? 0 : pl->L - 1;
    pl->use_rowbits = pl->G >= EXPLICIT_MAX;
    pl->use_sidebits = pl->H >= EXPLICIT_MAX;
    pl->nsets = wyi_sat_mul(pl->L, pl->wyt ? 2 : 1);
    if (pl->use_rowbits)
        pl->nsets = wyi_sat_add(pl->nsets, nside);
    if (pl->use_sidebits)
        pl->nsets = wyi_sat_add(pl->nsets, wyi_sat_mul(pl->P + 1, wyi_sat_add(pl->G, 1)));
    const uint64_t setb = wyi_sat_mul(pl->words, 8);
    uint64_t b = wyi_sat_mul(pl->nsets, setb);
#ifndef LAYER_NO_MMAP
    if (all && b >= MMAP_MIN) {
        /* scan_all on a mapped window: the pages below the frontiers are
         * given back as the rows advance, and a layer's bits are set only
         * within a window above its frontiers (checked as they are set;
         * see "Memory" above); each window costs its bits, the block
         * between two releases and a partial grain at either end */
        uint64_t cs = wyi_sat_add(size / 5 * 2, SPAN_PAD), ds = wyi_sat_add(size / 16, SPAN_PAD);
        uint64_t cb = wyi_sat_add(cs / 8 + BLOCK / 8 + 64, 2 * RELEASE_GRAIN);
        uint64_t db = wyi_sat_add(ds / 8 + BLOCK / 8 + 64, 2 * RELEASE_GRAIN);
        if (cb < setb && db < setb && wyi_terminal_bound(r) < ds / 2) { /* row 0 marks 0..K unchecked */
            pl->colspan = cs;
            pl->diagspan = ds;
            uint64_t other = pl->nsets - wyi_sat_mul(pl->L, pl->wyt ? 2 : 1); /* row and side bitsets */
            b = wyi_sat_add(wyi_sat_mul(pl->L, cb), wyi_sat_mul(other, cb));
            if (pl->wyt)
                b = wyi_sat_add(b, wyi_sat_mul(pl->L, db));
        }
    }
#endif
    /* per layer: its descriptor, current column and release frontiers;
     * the pipeline's ring (counted whenever threads could be asked for;
     * scan_all runs on one thread) */
    b = wyi_sat_add(b, wyi_sat_mul(pl->L, LDESC_BYTES + 8 + 32));
    if (size >= PIPE_MIN_SIZE && !all)
        b = wyi_sat_add(b, wyi_sat_mul(pl->L, RING * BLOCK * 8));
    if (all) /* the counts of the values 0..g (at most the layers') */
        b = wyi_sat_add(b, wyi_sat_mul(pl->G + 1, 8));
    /* the terminal values and their scratch */
    b = wyi_sat_add(b, wyi_sat_mul(nside, 8));
    b = wyi_sat_add(b, wyi_sat_add(pl->H, 3));
    pl->bytes = wyi_sat_add(b, overhead);
}

/* ------------------------------------------------------------------ */
/* Public: support and estimate                                        */
/* ------------------------------------------------------------------ */

wy_status wy_layer_supported(const wy_rules *rules, char *err, size_t errlen)
{
    if (!rules)
        return wyi_fail(WY_EINVAL, err, errlen, "no ruleset given");
    if (rules->game != WY_GAME_WYTHOFF && rules->game != WY_GAME_NIM)
        return wyi_fail(WY_EINVAL, err, errlen, "unknown game");
    if (rules->max)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "the layer engine does not support max=%lu: with bounded moves a row, column or "
                        "diagonal can hold a value more than once",
                        (unsigned long)rules->max);
    if (rules->mod)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "the layer engine does not support mod=%lu: modular moves do not run along a row, "
                        "column or diagonal",
                        (unsigned long)rules->mod);
    return WY_OK;
}

uint64_t wy_layer_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size)
{
    plan pl;
    make_plan(&pl, rules, side, g, size, 0);
    return pl.bytes;
}

uint64_t wy_layer_all_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size)
{
    plan pl;
    make_plan(&pl, rules, side, g, size, 1);
    return pl.bytes;
}

/* ------------------------------------------------------------------ */
/* Bitsets                                                             */
/* ------------------------------------------------------------------ */

static inline int bit_test(const uint64_t *b, uint64_t i) { return (int)((b[i >> 6] >> (i & 63)) & 1); }
static inline void bit_set(uint64_t *b, uint64_t i) { b[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void bit_clear(uint64_t *b, uint64_t i) { b[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

/* The 64 bits i, i+1, ..., i+63 (bit 0 = bit i); reads words i/64 and
 * i/64 + 1. */
static inline uint64_t bits64(const uint64_t *b, uint64_t i)
{
    uint64_t w = i >> 6;
    unsigned s = (unsigned)(i & 63);
    return (b[w] >> s) | ((b[w + 1] << 1) << (63 - s));
}

/* Set bits lo..hi (inclusive). */
static void bit_set_range(uint64_t *b, uint64_t lo, uint64_t hi)
{
    while (lo <= hi && (lo & 63)) {
        bit_set(b, lo);
        lo++;
    }
    while (lo + 63 <= hi) {
        b[lo >> 6] = ~(uint64_t)0;
        lo += 64;
    }
    while (lo <= hi) {
        bit_set(b, lo);
        lo++;
    }
}

/* Zeroed memory; large blocks are mapped (zero pages on demand, huge pages
 * where the kernel offers them). */
static void *zalloc(size_t bytes, int *mapped)
{
    *mapped = 0;
#if !defined(LAYER_NO_MMAP) && defined(MAP_ANONYMOUS)
    if (bytes >= MMAP_MIN) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
#ifdef MADV_HUGEPAGE
        (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
        *mapped = 1;
        return p;
    }
#endif
    return calloc(bytes, 1);
}

static void zfree(void *p, size_t bytes, int mapped)
{
    if (!p)
        return;
#if !defined(LAYER_NO_MMAP) && defined(MAP_ANONYMOUS)
    if (mapped) {
        munmap(p, bytes);
        return;
    }
#endif
    (void)bytes;
    (void)mapped;
    free(p);
}

/* ------------------------------------------------------------------ */
/* The search                                                          */
/* ------------------------------------------------------------------ */

/* The first y >= start, y < size, whose bit is clear in col (at y), diag (at
 * y - x; NULL for nim), rb and sb (at y; may be NULL), and which is none of
 * ex[0..nex-1]; NONE if there is none. */
static inline uint64_t search(const uint64_t *col, const uint64_t *diag, const uint64_t *rb, const uint64_t *sb,
                              const uint64_t *ex, unsigned nex, uint64_t x, uint64_t start, uint64_t size)
{
    uint64_t y = start;
    while (y < size) {
        uint64_t used = bits64(col, y);
        if (diag)
            used |= bits64(diag, y - x);
        if (rb)
            used |= bits64(rb, y);
        if (sb)
            used |= bits64(sb, y);
        for (unsigned i = 0; i < nex; i++) {
            uint64_t d = ex[i] - y; /* columns below y wrap around to large */
            if (d < 64)
                used |= (uint64_t)1 << d;
        }
        if (~used) {
            y += (uint64_t)__builtin_ctzll(~used);
            return y < size ? y : NONE;
        }
        y += 64;
    }
    return NONE;
}

/* ------------------------------------------------------------------ */
/* The scan                                                            */
/* ------------------------------------------------------------------ */

/* Layers set up between two checks for a stop. */
#define POLL_SETUP ((uint64_t)1 << 16)

/* One layer (p, h, g'), index l = (p (H + 1) + h) (G + 1) + g'. */
typedef struct {
    uint64_t *col, *diag;        /* used columns, used diagonals (NULL: nim) */
    uint64_t *rb_test, *sb_test; /* per-row bitsets this layer's search avoids (NULL: none) */
    uint64_t *rb_mark, *sb_mark; /* per-row bitsets its cells are entered in (NULL: none) */
    uint64_t dptr;               /* every diagonal below it is used */
    uint32_t ndep;               /* layers whose cell in the row is excluded explicitly */
    uint32_t dep[2 * EXPLICIT_MAX];
    int is_tv;                   /* g' is the terminal region's value in (p, h) */
} ldesc;
_Static_assert(sizeof(ldesc) <= LDESC_BYTES, "LDESC_BYTES is below the descriptor's size");
_Static_assert(sizeof(ldesc) % 64 == 0, "a descriptor fills whole cache lines");

/* The caller's function, for either scan: value v's cell (x, y). */
typedef int (*lfn)(void *ctx, uint64_t v, uint64_t x, uint64_t y);

/* A layer's release frontiers (mapped bitsets): bits below colrel (diagrel)
 * are never read again and their whole grains are given back; coldone
 * (diagdone) bytes of the bitset are given back already. */
typedef struct {
    uint64_t colrel, coldone, diagrel, diagdone;
} lrel;

/* What the rows of every layer share. */
typedef struct {
    ldesc *desc;
    uint64_t L, size, K;
    uint64_t target;    /* the layer asked for: the last one */
    uint64_t report_lo; /* layers report_lo..target are reported (scan: target only) */
    uint64_t vxor;      /* reported layer l has value (l - report_lo) XOR vxor */
    uint64_t gmax;      /* ... when that is at most gmax */
    uint64_t *ring;     /* column of layer l's cell in row x: ring[l * (rmask + 1) + (x & rmask)] (NONE: none) */
    uint64_t rmask;
    int rowclear;       /* per-row bitsets in use: clear them after each row */
    lfn fn;
    void *fn_ctx;
    uint64_t found;     /* positions of the target layer, with mirror images */
    uint64_t *counts;   /* scan_all: positions of each value 0..gmax (one thread) */
    /* memory (mapped bitsets only): the frontiers, the row and side
     * bitsets (one thread), and the windows of the plan */
    lrel *rel;
    uint64_t *rowside, *rsdone; /* nrowside bitsets of W words; bytes given back */
    uint64_t nrowside, W;
    uint64_t colspan, diagspan;
    uint64_t over_x, over_y; /* the cell that left its window (overflow) */
    int overflow;
    /* stopping inside a block (with many layers a block of rows is long):
     * the calling thread asks run's progress function every POLL_CELLS
     * rows times layers, and every thread stops when halt is set */
    const wy_run *run;
    atomic_int halt;
} core;

/* Give back the whole grains of bitset b (bytes from its start) below bit
 * `bit`, beyond the *done bytes given back already: bytes [*done, bit / 64
 * * 8), rounded inward to grains of the address space. */
static void release_below(uint64_t *b, uint64_t bit, uint64_t *done)
{
#if !defined(LAYER_NO_MMAP) && defined(MADV_DONTNEED)
    uint64_t end = (bit >> 6) * 8;
    if (end <= *done + RELEASE_GRAIN)
        return;
    uintptr_t base = (uintptr_t)b, lo = base + *done, hi = base + end;
    lo = (lo + RELEASE_GRAIN - 1) & ~(uintptr_t)(RELEASE_GRAIN - 1);
    hi &= ~(uintptr_t)(RELEASE_GRAIN - 1);
    if (hi > lo) {
        (void)madvise((void *)lo, hi - lo, MADV_DONTNEED); /* reads as zeros if touched again: never, see above */
        *done = hi - base;
    }
#else
    (void)b;
    (void)bit;
    (void)done;
#endif
}

#define POLL_CELLS ((uint64_t)1 << 20)

/* Row x <= K of the terminal region in layer l, whose value it is (D->is_tv):
 * its cells (x, x..K - x) hold this value; row 0 marks every column and
 * diagonal that reaches them.  The cells are reported (and counted into
 * *found for the target layer) as run_rows reports a cell.  Returns 1 if fn
 * asked to stop. */
static int terminal_row(core *c, const ldesc *D, uint64_t l, uint64_t x, uint64_t *found)
{
    const uint64_t K = c->K, size = c->size;
    if (x == 0) {
        uint64_t hi = K < size - 1 ? K : size - 1;
        bit_set_range(D->col, 0, hi);
        if (D->diag)
            bit_set_range(D->diag, 0, hi);
    }
    if (l < c->report_lo || x > K - x)
        return 0;
    uint64_t v = (l - c->report_lo) ^ c->vxor;
    if (v > c->gmax)
        return 0;
    uint64_t hi = K - x < size - 1 ? K - x : size - 1;
    if (l == c->target)
        *found += 2 * (hi - x) + 1;
    if (c->counts)
        c->counts[v] += 2 * (hi - x) + 1;
    if (c->fn)
        for (uint64_t y = x; y <= hi; y++)
            if (c->fn(c->fn_ctx, v, x, y) != 0)
                return 1;
    return 0;
}

/* The least diagonal that row x may still use in layer D (every diagonal
 * below D->dptr is used; moves the pointer past the used ones). */
static inline uint64_t free_diagonal(ldesc *D, uint64_t size)
{
    uint64_t d = D->dptr;
    if (bit_test(D->diag, d)) {
        while (d < size) {
            uint64_t w = ~bits64(D->diag, d);
            if (w) {
                d += (uint64_t)__builtin_ctzll(w);
                break;
            }
            d += 64;
        }
        D->dptr = d;
    }
    return d;
}

/* Memory, after rows x0..x1 - 1 of the layers l0 <= l < l1.  Row x1 and
 * later read a layer's column bits only at columns >= x1 (the test of
 * column x, the search from start >= x) and its diagonal bits only at
 * diagonals >= dptr (the search starts at x + dptr, and dptr never
 * decreases); the per-row bitsets are read and set at columns >= x.  So
 * everything below those frontiers is dead. */
static void release_rows(core *c, uint64_t l0, uint64_t l1, uint64_t x1)
{
    for (uint64_t l = l0; l < l1; l++) {
        ldesc *D = &c->desc[l];
        release_below(D->col, x1, &c->rel[l].coldone);
        c->rel[l].colrel = x1;
        if (D->diag) {
            release_below(D->diag, D->dptr, &c->rel[l].diagdone);
            c->rel[l].diagrel = D->dptr;
        }
    }
}

/* Rows x0 <= x < x1 of the layers l0 <= l < l1 (every layer below l0 has
 * finished these rows).  Returns 1 if fn or the progress function (asked
 * by the calling thread: poll) asked to stop. */
static int run_rows(core *c, uint64_t l0, uint64_t l1, uint64_t x0, uint64_t x1, int poll)
{
    uint64_t pevery = l1 > l0 ? POLL_CELLS / (l1 - l0) : POLL_CELLS;
    pevery = pevery ? pevery : 1;
    /* locals: other threads read *c, so this one never writes it while
     * the rows run (no false sharing) */
    const uint64_t size = c->size, K = c->K, target = c->target, stride = c->rmask + 1, rmask = c->rmask;
    ldesc *const desc = c->desc;
    uint64_t *const ring = c->ring;
    const int rowclear = c->rowclear;
    const lfn fn = c->fn;
    void *const fn_ctx = c->fn_ctx;
    const uint64_t report_lo = c->report_lo, vxor = c->vxor, gmax = c->gmax;
    const uint64_t colspan = c->colspan, diagspan = c->diagspan;
    lrel *const rel = c->rel;
    uint64_t *const counts = c->counts;
    uint64_t found = 0;
    int stopped = 0;
    uint64_t ex[2 * EXPLICIT_MAX];
    for (uint64_t x = x0; x < x1; x++) {
        if ((x - x0) % pevery == pevery - 1) {
            if (poll && wyi_run_stop(c->run, x, size))
                atomic_store(&c->halt, 1);
            if (atomic_load_explicit(&c->halt, memory_order_relaxed)) {
                stopped = 1;
                goto out;
            }
        }
        uint64_t *cur = ring + (x & rmask); /* cur[l * stride]: layer l in row x */
        for (uint64_t l = l0; l < l1; l++) {
            ldesc *D = &desc[l];
            cur[l * stride] = NONE;
            if (D->is_tv && x <= K) {
                if ((stopped = terminal_row(c, D, l, x, &found)))
                    goto out;
                continue;
            }
            if (bit_test(D->col, x))
                continue; /* row x holds this value at the mirror of an earlier cell */
            uint64_t start = x;
            if (x <= K && K - x + 1 > start)
                start = K - x + 1; /* the region's cells hold another value */
            if (D->diag) {
                uint64_t d = free_diagonal(D, size);
                if (d >= size - x)
                    continue; /* every diagonal that still meets the window is used */
                if (x + d > start)
                    start = x + d;
            }
            unsigned nex = 0;
            for (uint32_t i = 0; i < D->ndep; i++) {
                uint64_t y2 = cur[D->dep[i] * stride];
                if (y2 != NONE)
                    ex[nex++] = y2;
            }
            uint64_t y = search(D->col, D->diag, D->rb_test, D->sb_test, ex, nex, x, start, size);
            if (y == NONE)
                continue;
            if (rel && (y - rel[l].colrel >= colspan || (D->diag && y - x - rel[l].diagrel >= diagspan))) {
                /* the cell lies beyond the layer's window (scan_all) */
                c->overflow = 1;
                c->over_x = x;
                c->over_y = y;
                stopped = 1;
                goto out;
            }
            cur[l * stride] = y;
            bit_set(D->col, y);
            if (D->diag)
                bit_set(D->diag, y - x);
            if (D->rb_mark)
                bit_set(D->rb_mark, y);
            if (D->sb_mark)
                bit_set(D->sb_mark, y);
            if (l >= report_lo) {
                uint64_t v = (l - report_lo) ^ vxor;
                if (v > gmax)
                    continue;
                if (l == target)
                    found += y == x ? 1 : 2;
                if (counts)
                    counts[v] += y == x ? 1 : 2;
                if (fn && fn(fn_ctx, v, x, y)) {
                    stopped = 1;
                    goto out;
                }
            }
        }
        if (rowclear) /* clear the row's marks */
            for (uint64_t l = l0; l < l1; l++) {
                uint64_t y = cur[l * stride];
                if (y != NONE) {
                    if (desc[l].rb_mark)
                        bit_clear(desc[l].rb_mark, y);
                    if (desc[l].sb_mark)
                        bit_clear(desc[l].sb_mark, y);
                }
            }
    }
    if (rel)
        release_rows(c, l0, l1, x1);
out:
    if (found) /* only the target layer's thread finds any */
        c->found += found;
    return stopped;
}


/* One thread: every row of every layer, a block at a time.  Returns
 * WY_OK or WY_ECANCELED. */
static wy_status run_single(core *c, const wy_run *run)
{
    wy_progress_fn progress = run ? run->progress : NULL;
    for (uint64_t x0 = 0; x0 < c->size; x0 += BLOCK) {
        uint64_t x1 = c->size - x0 > BLOCK ? x0 + BLOCK : c->size;
        if (run_rows(c, 0, c->L, x0, x1, 1))
            return WY_ECANCELED;
        if (c->rel) /* the row and side bitsets: read and set at columns >= x only */
            for (uint64_t i = 0; i < c->nrowside; i++)
                release_below(c->rowside + i * c->W, x1, &c->rsdone[i]);
        if (progress && progress(run->progress_ctx, x1, c->size))
            return WY_ECANCELED;
    }
    return WY_OK;
}

/* The pipeline.  The layers are cut into T consecutive ranges, one per
 * thread; thread t works on block b (rows b BLOCK ..) of its layers once
 * every thread t' < t has finished block b (the layers it depends on), and
 * once every thread t' > t has finished block b - RING + 1 (the ring of
 * current columns holds RING blocks).  Each layer is computed exactly as by
 * one thread, so the result does not depend on the number of threads.  The
 * calling thread takes the last range, which holds the target layer: it
 * alone calls fn and the progress function. */

typedef struct {
    core *c;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    unsigned T;
    uint64_t lo[MAX_THREADS + 1]; /* thread t: layers lo[t] <= l < lo[t + 1] */
    uint64_t done[MAX_THREADS];   /* blocks finished by thread t */
    uint64_t nblocks;
    int go, stop;
} pipeline;

typedef struct {
    pipeline *pp;
    unsigned t;
} pipe_arg;

/* Wait until thread t may start block b; 0 if the pipeline stops. */
static int pipe_wait(pipeline *pp, unsigned t, uint64_t b)
{
    pthread_mutex_lock(&pp->mu);
    for (;;) {
        int ok = !pp->stop;
        for (unsigned u = 0; ok && u < pp->T; u++)
            if (u < t ? pp->done[u] < b + 1 : u > t && pp->done[u] + RING < b + 1)
                ok = 0;
        if (ok || pp->stop)
            break;
        pthread_cond_wait(&pp->cv, &pp->mu);
    }
    int stop = pp->stop;
    pthread_mutex_unlock(&pp->mu);
    return !stop;
}

static void pipe_done(pipeline *pp, unsigned t, uint64_t b)
{
    pthread_mutex_lock(&pp->mu);
    pp->done[t] = b + 1;
    pthread_cond_broadcast(&pp->cv);
    pthread_mutex_unlock(&pp->mu);
}

static void pipe_stop(pipeline *pp)
{
    pthread_mutex_lock(&pp->mu);
    pp->stop = 1;
    pthread_cond_broadcast(&pp->cv);
    pthread_mutex_unlock(&pp->mu);
}

static void *pipe_worker(void *arg)
{
    pipe_arg *a = arg;
    pipeline *pp = a->pp;
    core *c = pp->c;
    pthread_mutex_lock(&pp->mu);
    while (!pp->go && !pp->stop)
        pthread_cond_wait(&pp->cv, &pp->mu);
    pthread_mutex_unlock(&pp->mu);
    for (uint64_t b = 0; b < pp->nblocks; b++) {
        if (!pipe_wait(pp, a->t, b))
            break;
        uint64_t x0 = b * BLOCK, x1 = c->size - x0 > BLOCK ? x0 + BLOCK : c->size;
        (void)run_rows(c, pp->lo[a->t], pp->lo[a->t + 1], x0, x1, 0); /* fn and progress are the caller's */
        pipe_done(pp, a->t, b);
    }
    return NULL;
}

/* Run on T >= 2 threads; falls back to run_single when a thread cannot be
 * started (before any work is done). */
static wy_status run_pipeline(core *c, unsigned T, const wy_run *run)
{
    pipeline pp;
    memset(&pp, 0, sizeof pp);
    pp.c = c;
    pp.T = T;
    pp.nblocks = (c->size + BLOCK - 1) / BLOCK;
    for (unsigned t = 0; t <= T; t++)
        pp.lo[t] = c->L * t / T;
    if (pthread_mutex_init(&pp.mu, NULL) != 0)
        return run_single(c, run);
    if (pthread_cond_init(&pp.cv, NULL) != 0) {
        pthread_mutex_destroy(&pp.mu);
        return run_single(c, run);
    }
    pthread_t th[MAX_THREADS];
    pipe_arg args[MAX_THREADS];
    unsigned started = 0;
    for (; started + 1 < T; started++) {
        args[started] = (pipe_arg){&pp, started};
        if (pthread_create(&th[started], NULL, pipe_worker, &args[started]) != 0)
            break;
    }
    wy_status rc = WY_OK;
    if (started + 1 < T) { /* not every thread started: nothing done yet */
        pipe_stop(&pp);
        for (unsigned t = 0; t < started; t++)
            pthread_join(th[t], NULL);
        pthread_cond_destroy(&pp.cv);
        pthread_mutex_destroy(&pp.mu);
        return run_single(c, run);
    }
    pthread_mutex_lock(&pp.mu);
    pp.go = 1;
    pthread_cond_broadcast(&pp.cv);
    pthread_mutex_unlock(&pp.mu);
    wy_progress_fn progress = run ? run->progress : NULL;
    const unsigned me = T - 1;
    for (uint64_t b = 0; b < pp.nblocks; b++) {
        if (!pipe_wait(&pp, me, b))
            break;
        uint64_t x0 = b * BLOCK, x1 = c->size - x0 > BLOCK ? x0 + BLOCK : c->size;
        if (run_rows(c, pp.lo[me], pp.lo[me + 1], x0, x1, 1) ||
            (progress && progress(run->progress_ctx, x1, c->size))) {
            rc = WY_ECANCELED;
            pipe_stop(&pp);
            break;
        }
        pipe_done(&pp, me, b);
    }
    for (unsigned t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    pthread_cond_destroy(&pp.cv);
    pthread_mutex_destroy(&pp.mu);
    return rc;
}

/* The number of threads the scan uses (1: no pipeline). */
static unsigned pipe_threads(const plan *pl, uint64_t size, const wy_run *run)
{
    if (!run || run->threads < 2 || pl->use_rowbits || pl->use_sidebits || size < PIPE_MIN_SIZE || pl->L < 2)
        return 1;
    uint64_t T = run->threads;
    if (T > pl->L)
        T = pl->L;
    if (T > MAX_THREADS)
        T = MAX_THREADS;
    return (unsigned)T;
}

/* The caller's function of wy_layer_scan, called through lfn. */
typedef struct {
    wy_layer_fn fn;
    void *ctx;
} one_fn;

static int call_one(void *ctx, uint64_t v, uint64_t x, uint64_t y)
{
    (void)v;
    const one_fn *o = ctx;
    return o->fn(o->ctx, x, y);
}

/* The scan's memory: each block allocated once, released by scan_free. */
typedef struct {
    uint64_t *sets; /* the bitsets: the layers' col (and diag), then the row bitsets (one per side
                       state), then the side bitsets (one per (p, g')) */
    size_t setbytes;
    int mapped;
    ldesc *desc;
    uint64_t *ring, *tv;
    lrel *rel;
    uint64_t *rsdone;
} scan_mem;

static void scan_free(scan_mem *m)
{
    zfree(m->sets, m->setbytes, m->mapped);
    free(m->desc);
    free(m->ring);
    free(m->tv);
    free(m->rel);
    free(m->rsdone);
}

/* The request of either scan, before anything is planned. */
static wy_status scan_check(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, int all, char *err,
                            size_t errlen)
{
    wy_status st = wy_layer_supported(rules, err, errlen);
    if (st != WY_OK)
        return st;
    st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (size == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "the window size must be at least 1");
    if (size > ((uint64_t)1 << 40))
        return wyi_fail(WY_ERANGE, err, errlen,
                        "a %llu x %llu window is beyond the layer engine (at most 2^40 a side)",
                        (unsigned long long)size, (unsigned long long)size);
    if (all && g >= ((uint64_t)1 << 32))
        return wyi_fail(WY_ERANGE, err, errlen, "values 0..%llu are too many for one scan (at most 2^32)",
                        (unsigned long long)g);
    return WY_OK;
}

/* The layers' descriptors, layer l = (p (H + 1) + h) (G + 1) + g': its col
 * (and diag) bitsets, the row bitset of its side state and the side bitset
 * of (p, g') where the plan keeps them, else the layers whose cell in the
 * row it avoids explicitly.  tv: the terminal region's values.  0 when the
 * run asked to stop. */
static int setup_layers(const plan *pl, const scan_mem *m, const wy_run *run)
{
    const uint64_t P = pl->P, H = pl->H, G = pl->G, W = pl->words;
    const uint64_t per = pl->wyt ? 2 : 1, nside = (P + 1) * (H + 1);
    uint64_t *const rowbits = pl->use_rowbits ? m->sets + pl->L * per * W : NULL;
    uint64_t *const sidebits = pl->use_sidebits ? m->sets + (pl->L * per + (pl->use_rowbits ? nside : 0)) * W : NULL;
    const uint64_t G1 = G + 1, HG = (H + 1) * G1;
    for (uint64_t p = 0, l = 0; p <= P; p++)
        for (uint64_t h = 0; h <= H; h++)
            for (uint64_t gg = 0; gg <= G; gg++, l++) {
                /* 10^7 layers and more (a large extra heap with passes):
                 * seconds of setting up, which the run may stop */
                if (l % POLL_SETUP == POLL_SETUP - 1 && wyi_run_stop(run, 0, 0))
                    return 0;
                ldesc *D = &m->desc[l];
                memset(D, 0, sizeof *D);
                D->col = m->sets + l * per * W;
                D->diag = pl->wyt ? D->col + W : NULL;
                D->is_tv = gg == m->tv[p * (H + 1) + h];
                uint64_t *rb = rowbits ? rowbits + (p * (H + 1) + h) * W : NULL;
                uint64_t *sb = sidebits ? sidebits + (p * G1 + gg) * W : NULL;
                D->rb_mark = rb;
                D->sb_mark = sb;
                D->rb_test = gg > 0 ? rb : NULL; /* holds the smaller values' cells of the row */
                D->sb_test = h > 0 ? sb : NULL;  /* holds the cells of value gg at heaps < h */
                /* the cell of a smaller value in this side state; of value
                 * gg at a smaller heap; of value gg one pass fewer */
                if (!rb)
                    for (uint64_t g2 = 0; g2 < gg; g2++)
                        D->dep[D->ndep++] = (uint32_t)(l - gg + g2);
                if (!sb)
                    for (uint64_t h2 = 0; h2 < h; h2++)
                        D->dep[D->ndep++] = (uint32_t)(l - (h - h2) * G1);
                if (p > 0)
                    D->dep[D->ndep++] = (uint32_t)(l - HG);
            }
    return 1;
}

/* Both scans: all = 0 reports the target layer to fn (wy_layer_scan), all =
 * 1 every layer of side state `side` of value <= g (wy_layer_scan_all, with
 * counts[0..g]). */
static wy_status scan_core(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                           int all, lfn fn, void *fn_ctx, uint64_t *count, uint64_t *counts, const wy_run *run,
                           char *err, size_t errlen)
{
    if (count)
        *count = 0;
    wy_status st = scan_check(rules, side, g, size, all, err, errlen);
    if (st != WY_OK)
        return st;
    plan pl;
    make_plan(&pl, rules, side, g, size, all);
    if (mem_limit && pl.bytes > mem_limit) {
        char lim[32];
        wy_format_bytes(lim, sizeof lim, mem_limit);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "the layer engine needs about %llu MiB for value%s %s%llu in a %llu x %llu window, more than "
                        "the limit of %s",
                        (unsigned long long)(pl.bytes >> 20) + 1, all ? "s" : "", all ? "0.." : "",
                        (unsigned long long)g, (unsigned long long)size, (unsigned long long)size, lim);
    }
    if (pl.empty) {
        /* no cell of the window has so large a value */
        if (run && run->progress && run->progress(run->progress_ctx, size, size))
            return wyi_fail(WY_ECANCELED, err, errlen, "layer scan canceled");
        return WY_OK;
    }
    if (pl.bytes > (uint64_t)SIZE_MAX / 2 || pl.L >= ((uint64_t)1 << 32))
        return wyi_fail(WY_ERANGE, err, errlen,
                        "the layer scan of value %llu in a %llu x %llu window is too large (%llu layers)",
                        (unsigned long long)g, (unsigned long long)size, (unsigned long long)size,
                        (unsigned long long)pl.L);

    const uint64_t L = pl.L, W = pl.words;
    const uint64_t nside = (pl.P + 1) * (pl.H + 1);
    const unsigned T = all ? 1 : pipe_threads(&pl, size, run);
    const uint64_t ringlen = T > 1 ? RING * BLOCK : 1;
    const uint64_t per = pl.wyt ? 2 : 1;
    const uint64_t nrowside = pl.nsets - L * per;

    scan_mem m;
    memset(&m, 0, sizeof m);
    m.setbytes = (size_t)(pl.nsets * W * 8);
    m.sets = zalloc(m.setbytes, &m.mapped);
    /* whole cache lines per descriptor: each belongs to one thread */
    m.desc = aligned_alloc(64, (size_t)L * sizeof *m.desc);
    m.ring = malloc((size_t)(L * ringlen) * sizeof *m.ring);
    m.tv = malloc((size_t)nside * sizeof *m.tv);
    m.rel = m.mapped ? calloc((size_t)L, sizeof *m.rel) : NULL;
    m.rsdone = m.mapped ? calloc((size_t)nrowside + 1, sizeof *m.rsdone) : NULL;
    if (!m.sets || !m.desc || !m.ring || !m.tv || !wyi_terminal_values(m.tv, pl.P, pl.H, rules->misere != 0) ||
        (m.mapped && (!m.rel || !m.rsdone))) {
        scan_free(&m);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "out of memory for the layer scan of value %llu in a %llu x %llu window (about %llu MiB)",
                        (unsigned long long)g, (unsigned long long)size, (unsigned long long)size,
                        (unsigned long long)(pl.bytes >> 20) + 1);
    }
    if (!setup_layers(&pl, &m, run)) {
        scan_free(&m);
        return wyi_fail(WY_ECANCELED, err, errlen, "layer scan canceled while setting up %llu layers",
                        (unsigned long long)L);
    }
    free(m.tv);
    m.tv = NULL;

    core c;
    memset(&c, 0, sizeof c);
    atomic_init(&c.halt, 0);
    c.run = run;
    c.desc = m.desc;
    c.L = L;
    c.size = size;
    c.K = wyi_terminal_bound(rules);
    c.target = pl.target;
    c.report_lo = all ? L - (pl.G + 1) : pl.target;
    c.vxor = all ? pl.vxor : 0;
    c.gmax = all ? g : UINT64_MAX;
    c.ring = m.ring;
    c.rmask = ringlen - 1;
    c.rowclear = pl.use_rowbits || pl.use_sidebits;
    c.fn = fn;
    c.fn_ctx = fn_ctx;
    c.counts = all ? counts : NULL;
    c.rel = m.rel;
    c.rowside = m.sets + L * per * W;
    c.nrowside = nrowside;
    c.rsdone = m.rsdone;
    c.W = W;
    c.colspan = pl.colspan;
    c.diagspan = pl.diagspan;
    wy_status rc = T > 1 ? run_pipeline(&c, T, run) : run_single(&c, run);

    scan_free(&m);
    if (count)
        *count = c.found;
    if (c.overflow)
        return wyi_fail(WY_ERANGE, err, errlen,
                        "the layer scan of values 0..%llu in a %llu x %llu window found the cell (%llu, %llu) outside "
                        "the window of columns it reserves (%llu bits above row %llu, %llu diagonals above the first "
                        "unused one); wy_layer_scan's full bitsets cover it (%llu MiB for value %llu)",
                        (unsigned long long)g, (unsigned long long)size, (unsigned long long)size,
                        (unsigned long long)c.over_x, (unsigned long long)c.over_y, (unsigned long long)pl.colspan,
                        (unsigned long long)c.over_x, (unsigned long long)pl.diagspan,
                        (unsigned long long)(wy_layer_estimate(rules, side, g, size) >> 20) + 1,
                        (unsigned long long)g);
    if (rc == WY_ECANCELED)
        return wyi_fail(WY_ECANCELED, err, errlen, "layer scan canceled after %llu positions",
                        (unsigned long long)c.found);
    return rc;
}

wy_status wy_layer_scan(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                        wy_layer_fn fn, void *fn_ctx, uint64_t *count, const wy_run *run, char *err,
                        size_t errlen)
{
    one_fn o = {fn, fn_ctx};
    return scan_core(rules, side, g, size, mem_limit, 0, fn ? call_one : NULL, &o, count, NULL, run, err, errlen);
}

wy_status wy_layer_scan_all(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                            wy_layer_all_fn fn, void *fn_ctx, uint64_t *counts, const wy_run *run, char *err,
                            size_t errlen)
{
    if (counts && g < ((uint64_t)1 << 32))
        memset(counts, 0, (size_t)(g + 1) * sizeof *counts);
    return scan_core(rules, side, g, size, mem_limit, 1, fn, fn_ctx, NULL, counts, run, err, errlen);
}
