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
 * Threads (run->threads >= 2, windows of 2^24 rows or more, heaps below 8;
 * with row bitsets one side state): the layers are cut into consecutive
 * ranges, one per thread, and the rows flow through them in blocks of 2^16
 * (a pipeline: a range starts a block when the ranges below have finished
 * it).  With row bitsets each thread but the first keeps its own, into
 * which it enters each row's cells of the layers below its range (from the
 * ring) before its layers search the row.  Every layer does exactly what
 * it does on one thread, so the result is the same.
 *
 * The fast rows (run_rows_fast, rows x > K without side bitsets): the same
 * search with each layer's column bits s..s+63 and diagonal bits d..d+63
 * kept in two words that shift with the row, the bitsets written as well;
 * the proof is in docs/engines.md ("The fast rows").
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

/* Most layers in one range for the fast rows (their windows live on the
 * stack), and cells buffered before they are reported. */
#define FAST_MAX 128
#define FAST_BUF 1024

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
    uint64_t rbbytes; /* one row bitset (its window where windows are kept) */
    int pipe_rb;      /* the pipeline's threads 1.. keep row bitsets of their own; the estimate counts one */
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
    pl->rbbytes = setb;
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
            pl->rbbytes = cb;
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
    if (size >= PIPE_MIN_SIZE && (!all || (pl->L >= 2 && !pl->use_sidebits))) {
        b = wyi_sat_add(b, wyi_sat_mul(pl->L, RING * BLOCK * 8));
        /* with row bitsets (one side state) the second thread's own row
         * bitset; more threads: scan_core checks theirs */
        pl->pipe_rb = pl->use_rowbits && !pl->use_sidebits && nside == 1;
        if (pl->pipe_rb)
            b = wyi_sat_add(b, pl->rbbytes);
    }
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
    uint64_t *rb_mark, *sb_mark; /* per-row bitsets its cells are entered in (NULL: none) */
    uint64_t dptr;               /* every diagonal below it is used */
    uint64_t cmax, dmax;         /* one past the highest column (diagonal) bit set (the fast rows) */
    uint32_t ndep;               /* layers whose cell in the row is excluded explicitly */
    uint32_t flags;              /* LD_TV, LD_RB, LD_SB */
    uint32_t dep[2 * EXPLICIT_MAX];
} ldesc;
/* ldesc.flags: g' is the terminal region's value in (p, h); the search
 * avoids the row bitset rb_mark (smaller values' cells of the row), the
 * side bitset sb_mark (the cells of value g' at heaps < h) */
#define LD_TV 1u
#define LD_RB 2u
#define LD_SB 4u
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
    atomic_int overflow_claim; /* the first thread whose cell leaves its window writes over_x, over_y */
    int slow;                  /* side bitsets: run_rows_slow only */
    int prb_mapped;            /* the pipeline's own row bitsets are mapped (their pages given back) */
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

/* Row x <= K of the terminal region in layer l, whose value it is (LD_TV):
 * its cells (x, x..K - x) hold this value; row 0 marks every column and
 * diagonal that reaches them.  The cells are reported (and counted into
 * *found for the target layer) as run_rows reports a cell.  Returns 1 if fn
 * asked to stop. */
static int terminal_row(core *c, ldesc *D, uint64_t l, uint64_t x, uint64_t *found)
{
    const uint64_t K = c->K, size = c->size;
    if (x == 0) {
        uint64_t hi = K < size - 1 ? K : size - 1;
        bit_set_range(D->col, 0, hi);
        D->cmax = hi + 1;
        if (D->diag) {
            bit_set_range(D->diag, 0, hi);
            D->dmax = hi + 1;
        }
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

/* A cell (x, y) beyond its layer's window (scan_all): the first thread to
 * find one records it, and every thread stops. */
static void claim_overflow(core *c, uint64_t x, uint64_t y)
{
    int expect = 0;
    if (atomic_compare_exchange_strong(&c->overflow_claim, &expect, 1)) {
        c->overflow = 1;
        c->over_x = x;
        c->over_y = y;
    }
    atomic_store(&c->halt, 1);
}

/* Rows x0 <= x < x1 of the layers l0 <= l < l1 (every layer below l0 has
 * finished these rows).  Returns 1 if fn or the progress function (asked
 * by the calling thread: poll) asked to stop. */
static int run_rows_slow(core *c, uint64_t l0, uint64_t l1, uint64_t x0, uint64_t x1, int poll, uint64_t *prb)
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
        if (prb) /* the cells of the layers below, in this thread's row bitset (see run_rows_fast) */
            for (uint64_t l = 0; l < l0; l++)
                if (cur[l * stride] != NONE)
                    bit_set(prb, cur[l * stride]);
        for (uint64_t l = l0; l < l1; l++) {
            ldesc *D = &desc[l];
            cur[l * stride] = NONE;
            if ((D->flags & LD_TV) && x <= K) {
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
            uint64_t *const rb = prb && D->rb_mark ? prb : D->rb_mark;
            uint64_t y = search(D->col, D->diag, (D->flags & LD_RB) ? rb : NULL, (D->flags & LD_SB) ? D->sb_mark : NULL,
                                ex, nex, x, start, size);
            if (y == NONE)
                continue;
            if (rel && (y - rel[l].colrel >= colspan || (D->diag && y - x - rel[l].diagrel >= diagspan))) {
                /* the cell lies beyond the layer's window (scan_all) */
                claim_overflow(c, x, y);
                stopped = 1;
                goto out;
            }
            cur[l * stride] = y;
            bit_set(D->col, y);
            if (y + 1 > D->cmax)
                D->cmax = y + 1;
            if (D->diag) {
                bit_set(D->diag, y - x);
                if (y - x + 1 > D->dmax)
                    D->dmax = y - x + 1;
            }
            if (rb)
                bit_set(rb, y);
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
            for (uint64_t l = prb ? 0 : l0; l < l1; l++) {
                uint64_t y = cur[l * stride];
                if (y != NONE) {
                    if (desc[l].rb_mark)
                        bit_clear(prb ? prb : desc[l].rb_mark, y);
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


/* ------------------------------------------------------------------ */
/* The fast rows (docs/engines.md, "The fast rows")                    */
/* ------------------------------------------------------------------ */


/* A layer in the fast rows: copies of its descriptor's pointers and
 * bounds, its first unused diagonal d, the search's start s = x + d of the
 * last row, and the 64 diagonal bits d..d+63 (dw) and column bits s..s+63
 * (cw) of its bitsets. */
typedef struct {
    uint64_t *col, *diag, *rb; /* rb: the row bitset its cells are entered in (NULL: none) */
    uint64_t s, d, cw, dw, cmax, dmax;
    const uint32_t *dep;
    uint32_t ndep, test_rb; /* test_rb: the search avoids rb's bits */
} lwin;

/* bits64 of a bitset of size bits at i, 0 beyond the bitset (no bit at or
 * above size is ever set). */
static inline uint64_t win_at(const uint64_t *b, uint64_t i, uint64_t size)
{
    return i <= size ? bits64(b, i) : 0;
}

/* The first unused diagonal at or above d (free_diagonal's loop). */
static uint64_t diag_from(const uint64_t *diag, uint64_t d, uint64_t size)
{
    while (d < size) {
        uint64_t w = ~bits64(diag, d);
        if (w)
            return d + (uint64_t)__builtin_ctzll(w);
        d += 64;
    }
    return d;
}

/* The windows of layer D before row x (x > K), from its bitsets; rb: the
 * row bitset of this thread for D (or NULL). */
static void win_init(lwin *w, ldesc *D, uint64_t x, uint64_t size, uint64_t *rb)
{
    w->col = D->col;
    w->diag = D->diag;
    w->rb = D->rb_mark ? rb : NULL;
    w->test_rb = (D->flags & LD_RB) != 0;
    w->dep = D->dep;
    w->ndep = D->ndep;
    w->cmax = D->cmax;
    w->dmax = D->dmax;
    uint64_t d = D->diag ? diag_from(D->diag, D->dptr, size) : 0;
    w->d = d;
    w->dw = D->diag ? win_at(D->diag, d, size) : 0;
    w->s = x - 1 + d; /* as if row x - 1 had started there: row x shifts by at least 1 */
    w->cw = win_at(D->col, w->s, size);
}

/* Back into the descriptor after the rows. */
static void win_done(const lwin *w, ldesc *D)
{
    if (D->diag && w->d > D->dptr)
        D->dptr = w->d;
    D->cmax = w->cmax;
    D->dmax = w->dmax;
}

/* The number of trailing zeros of v != 0. */
static inline uint64_t ctz64(uint64_t v) { return (uint64_t)__builtin_ctzll(v); }

/* p if ok (1), else q (ok 0), without a branch (a branch here follows the
 * pattern of the mirror images and is mispredicted about every third row). */
static inline uint64_t *pick(uint64_t ok, uint64_t *p, uint64_t *q)
{
    uintptr_t m = (uintptr_t)0 - (uintptr_t)ok;
    return (uint64_t *)(((uintptr_t)p & m) | ((uintptr_t)q & ~m));
}

/* Row x (x > K, no side bitsets) of a layer: its cell's column, or NONE.
 * Exactly the cell run_rows_slow finds (docs/engines.md, "The fast rows"):
 * the windows hold the bitsets' bits at s.. and d.., kept in step with
 * them. */
static inline __attribute__((always_inline)) uint64_t fast_cell(lwin *restrict F, const uint64_t *restrict cur,
                                                                uint64_t stride, uint64_t x, uint64_t size,
                                                                uint64_t *restrict junk, const int wyt,
                                                                const int use_rb, const int nd, const uint64_t *ydep)
{
    uint64_t *restrict const col = F->col;
    uint64_t *restrict const diag = F->diag;
    uint64_t d = F->d, dw = F->dw;
    if (wyt) {
        if (__builtin_expect(dw == ~(uint64_t)0, 0)) { /* 64 used diagonals in a row: from the bitset */
            d = diag_from(diag, d, size);
            dw = win_at(diag, d, size);
        } else {
            const uint64_t sh = ctz64(~dw);
            dw >>= sh;
            /* diagonals d + 64.. come into the window: used only if a cell
             * was ever set there (a search that went past its first word) */
            if (__builtin_expect(F->dmax > d + 64, 0))
                dw = win_at(diag, d + sh, size);
            d += sh;
        }
    }
    const uint64_t s = x + d, sh = s - F->s; /* sh >= 1: x grows, d never decreases */
    uint64_t cw = sh < 64 ? F->cw >> sh : 0;
    if (__builtin_expect(F->cmax > F->s + 64, 0))
        cw = win_at(col, s, size);
    uint64_t used = cw | dw;
    if (use_rb && F->test_rb)
        used |= win_at(F->rb, s, size);
    const uint32_t ndep = nd >= 0 ? (uint32_t)nd : F->ndep;
    if (ydep) { /* the one dependency's cell, in a register */
        uint64_t t = *ydep - s;
        used |= ((uint64_t)1 << (t & 63)) & -(uint64_t)(t < 64);
    } else
        for (uint32_t i = 0; i < ndep; i++) {
            uint64_t t = cur[(uint64_t)F->dep[i] * stride] - s; /* NONE or a column below s: large */
            used |= ((uint64_t)1 << (t & 63)) & -(uint64_t)(t < 64);
        }
    const uint64_t m = bit_test(col, x); /* row x holds this value at a mirror image */
    uint64_t y;
    if (__builtin_expect(~used != 0, 1)) {
        const uint64_t i = ctz64(~used);
        y = s + i;
        /* y < size: known before the search unless s is near the end */
        const uint64_t ok = __builtin_expect(s + 64 <= size, 1) ? (uint64_t)!m : (uint64_t)(!m & (y < size));
        const uint64_t bit = ok << i;
        cw |= bit;
        if (wyt)
            dw |= bit;
        /* the bitsets, without a branch: with no cell, a bit of 0 into a
         * word of scratch (not the bitsets' words that the next rows read) */
        const uint64_t yb = ok << (y & 63);
        uint64_t *const jk = junk + (x & 7) * 4; /* a word per row and bitset: no chain through the scratch */
        *pick(ok, col + (y >> 6), jk) |= yb;
        if (wyt) {
            const uint64_t yd = y - x;
            *pick(ok, diag + (yd >> 6), jk + 1) |= ok << (yd & 63);
        }
        if (use_rb && F->rb)
            *pick(ok, F->rb + (y >> 6), jk + 2) |= yb;
        /* cmax and dmax stay: these bits lie below s + 64 and d + 64,
         * below every later row's windows' ends */
        y |= ok - 1; /* NONE without a cell */
    } else {
        /* the first 64 candidates are used: search the bitsets (rare) */
        uint64_t ex[2 * EXPLICIT_MAX];
        unsigned nex = 0;
        for (uint32_t i = 0; i < F->ndep; i++) {
            uint64_t y2 = cur[(uint64_t)F->dep[i] * stride];
            if (y2 != NONE)
                ex[nex++] = y2;
        }
        y = m || s >= size ? NONE : search(col, diag, use_rb && F->test_rb ? F->rb : NULL, NULL, ex, nex, x, s, size);
        if (y != NONE) { /* y >= s + 64: outside both windows */
            bit_set(col, y);
            if (y + 1 > F->cmax)
                F->cmax = y + 1;
            if (wyt) {
                bit_set(diag, y - x);
                if (y - x + 1 > F->dmax)
                    F->dmax = y - x + 1;
            }
            if (use_rb && F->rb)
                bit_set(F->rb, y);
        }
    }
    F->s = s;
    F->d = d;
    F->cw = cw;
    F->dw = dw;
    return y;
}

/* The cells of a chunk of rows (rows times layers of the range). */
#define FAST_CELLS 4096

/* After the cells of row x are found (ys[0..n-1], layers l0..): scan_all's
 * windows, then the reports in order (counts, fn).  Returns 1 to stop. */
static inline int fast_report(core *c, uint64_t l0, uint64_t n, uint64_t x, const uint64_t *ys, uint64_t *found,
                              uint64_t *cnt)
{
    if (c->colspan != UINT64_MAX) /* scan_all's windows: the cells inside them (checked before reported) */
        for (uint64_t k = 0; k < n; k++) {
            const uint64_t y = ys[k], l = l0 + k;
            if (y != NONE && (y - c->rel[l].colrel >= c->colspan ||
                              (c->desc[l].diag && y - x - c->rel[l].diagrel >= c->diagspan))) {
                claim_overflow(c, x, y);
                return 1;
            }
        }
    for (uint64_t l = l0 > c->report_lo ? l0 : c->report_lo; l < l0 + n; l++) {
        const uint64_t y = ys[l - l0], v = (l - c->report_lo) ^ c->vxor;
        if (y == NONE || v > c->gmax)
            continue;
        const uint64_t k = y == x ? 1 : 2;
        if (l == c->target)
            *found += k;
        if (c->counts)
            cnt[l - l0] += k; /* this range's counts, added to c->counts after the rows (no shared line) */
        if (c->fn && c->fn(c->fn_ctx, v, x, y))
            return 1;
    }
    return 0;
}

/* The rows of run_rows_fast with nfix layers (1 or 2: their windows in
 * registers) or any number (nfix 0: in win), wyt: the game has diagonals.
 * Without row bitsets the rows go in chunks: first their cells (the hot
 * loop, nothing else), then their reports.  *found: the target layer's
 * positions reported. */
static inline __attribute__((always_inline)) int fast_loop(core *c, uint64_t l0, uint64_t l1, uint64_t x0, uint64_t x1,
                                                           int poll, uint64_t *prb, lwin *restrict win,
                                                           uint64_t *found, uint64_t *cnt, const unsigned nfix,
                                                           const int wyt,
                                                           const int nd0, const int nd1)
{
    const uint64_t n = l1 - l0;
    const uint64_t size = c->size, stride = c->rmask + 1, rmask = c->rmask;
    ldesc *const desc = c->desc;
    uint64_t *const ring = c->ring;
    const int rowclear = c->rowclear, report = l1 > c->report_lo || c->colspan != UINT64_MAX;
    /* wy_layer_scan: only the target layer, the last one, is reported; with
     * no fn its cells are counted in the hot loop */
    const int only_target = c->colspan == UINT64_MAX && !c->counts && c->report_lo == c->target;
    const int count_hot = nfix && only_target && !c->fn && l1 - 1 == c->target;
    uint64_t hot = 0;
    const uint64_t ch = rowclear || prb ? 1 : FAST_CELLS / n; /* rows per chunk */
    uint64_t pevery = POLL_CELLS / n;
    pevery = pevery ? pevery : 1;
    uint64_t ys[FAST_CELLS];
    uint64_t junk[32] = {0}; /* scratch: where the branch-free writes of no cell go (fast_cell) */
    uint64_t pleft = pevery;
    for (uint64_t xb = x0; xb < x1;) {
        const uint64_t xe = x1 - xb > ch ? xb + ch : x1;
        if (pleft <= xe - xb) {
            pleft = pevery;
            if (poll && wyi_run_stop(c->run, xb, size))
                atomic_store(&c->halt, 1);
            if (atomic_load_explicit(&c->halt, memory_order_relaxed))
                return 1;
        } else
            pleft -= xe - xb;
        if (ch > 1) {
            /* the hot loop */
            uint64_t *restrict yp = ys;
            for (uint64_t x = xb; x < xe; x++, yp += n) {
                uint64_t *restrict cur = ring + (x & rmask);
                if (nfix) {
                    uint64_t y = fast_cell(&win[0], cur, stride, x, size, junk, wyt, 0, nd0, NULL);
                    yp[0] = cur[l0 * stride] = y;
                    if (nfix > 1) { /* its one dependency: the first layer */
                        const uint64_t y0 = y;
                        yp[1] = cur[(l0 + 1) * stride] = y =
                            fast_cell(&win[1], cur, stride, x, size, junk, wyt, 0, nd1, &y0);
                    }
                    if (count_hot) /* the mirror image too, off the diagonal */
                        hot += (uint64_t)(y != NONE) + (uint64_t)(y != NONE && y != x);
                } else
                    for (uint64_t l = l0; l < l1; l++)
                        yp[l - l0] = cur[l * stride] = fast_cell(&win[l - l0], cur, stride, x, size, junk, wyt, 0, -1, NULL);
            }
            if (count_hot)
                ;
            else if (only_target) { /* the target's cells, if this range has it */
                if (l1 - 1 == c->target)
                    for (uint64_t x = xb, k = n - 1; x < xe; x++, k += n) {
                        const uint64_t y = ys[k];
                        if (y == NONE)
                            continue;
                        *found += y == x ? 1 : 2;
                        if (c->fn && c->fn(c->fn_ctx, 0, x, y))
                            return 1;
                    }
            } else if (report)
                for (uint64_t x = xb, k = 0; x < xe; x++, k += n)
                    if (fast_report(c, l0, n, x, ys + k, found, cnt))
                        return 1;
        } else {
            /* one row, then its reports and the row bitsets cleared */
            const uint64_t x = xb;
            uint64_t *restrict cur = ring + (x & rmask);
            if (prb) /* the cells of the layers below, in this thread's row bitset */
                for (uint64_t l = 0; l < l0; l++) {
                    uint64_t y = cur[l * stride];
                    if (y != NONE)
                        bit_set(prb, y);
                }
            for (uint64_t l = l0; l < l1; l++)
                ys[l - l0] = cur[l * stride] = fast_cell(&win[l - l0], cur, stride, x, size, junk, wyt, 1, -1, NULL);
            if (report && fast_report(c, l0, n, x, ys, found, cnt))
                return 1;
            if (rowclear) { /* clear the row's marks */
                for (uint64_t l = l0; l < l1; l++)
                    if (ys[l - l0] != NONE && desc[l].rb_mark)
                        bit_clear(prb ? prb : desc[l].rb_mark, ys[l - l0]);
                if (prb)
                    for (uint64_t l = 0; l < l0; l++) {
                        uint64_t y = cur[l * stride];
                        if (y != NONE)
                            bit_clear(prb, y);
                    }
            }
        }
        xb = xe;
    }
    *found += hot;
    return 0;
}

static int run_rows_fast(core *c, uint64_t l0, uint64_t l1, uint64_t x0, uint64_t x1, int poll, uint64_t *prb)
{
    const uint64_t n = l1 - l0, size = c->size;
    ldesc *const desc = c->desc;
    const int wyt = desc[l0].diag != NULL;
    lwin win[FAST_MAX];
    uint64_t found = 0, cnt[FAST_MAX] = {0};
    int stopped;
    for (uint64_t l = l0; l < l1; l++)
        win_init(&win[l - l0], &desc[l], x0, size, prb ? prb : desc[l].rb_mark);
    /* the commonest ranges: one or two layers with at most one explicit
     * dependency each, no row bitsets, Wythoff's diagonals */
    const int plain = wyt && !c->rowclear && !prb;
    const uint32_t nd0 = desc[l0].ndep, nd1 = n == 2 ? desc[l0 + 1].ndep : 0;
    if (plain && n == 1 && nd0 == 0) {
        lwin a[1] = {win[0]};
        stopped = fast_loop(c, l0, l1, x0, x1, poll, prb, a, &found, cnt, 1, 1, 0, 0);
        win[0] = a[0];
    } else if (plain && n == 1 && nd0 == 1) {
        lwin a[1] = {win[0]};
        stopped = fast_loop(c, l0, l1, x0, x1, poll, prb, a, &found, cnt, 1, 1, 1, 0);
        win[0] = a[0];
    } else if (plain && n == 2 && nd0 == 0 && nd1 == 1 && desc[l0 + 1].dep[0] == l0) {
        lwin a[2] = {win[0], win[1]};
        stopped = fast_loop(c, l0, l1, x0, x1, poll, prb, a, &found, cnt, 2, 1, 0, 1);
        win[0] = a[0];
        win[1] = a[1];
    } else
        stopped = wyt ? fast_loop(c, l0, l1, x0, x1, poll, prb, win, &found, cnt, 0, 1, -1, -1)
                      : fast_loop(c, l0, l1, x0, x1, poll, prb, win, &found, cnt, 0, 0, -1, -1);
    for (uint64_t l = l0; l < l1; l++)
        win_done(&win[l - l0], &desc[l]);
    if (c->counts) /* each value's count: this range's values, from this thread only */
        for (uint64_t l = l0 > c->report_lo ? l0 : c->report_lo; l < l1; l++)
            if (cnt[l - l0])
                c->counts[(l - c->report_lo) ^ c->vxor] += cnt[l - l0];
    if (!stopped && c->rel)
        release_rows(c, l0, l1, x1);
    if (found) /* only the target layer's thread finds any */
        c->found += found;
    return stopped;
}

/* Rows x0 <= x < x1 of the layers l0 <= l < l1 (every layer below l0 has
 * finished these rows): the terminal region's rows and the plans with side
 * bitsets or many layers per thread by run_rows_slow, the others by
 * run_rows_fast.  prb: see run_rows_fast.  Returns 1 if fn or the
 * progress function (asked by the calling thread: poll) asked to stop. */
static int run_rows(core *c, uint64_t l0, uint64_t l1, uint64_t x0, uint64_t x1, int poll, uint64_t *prb)
{
    if (c->slow || l1 - l0 > FAST_MAX)
        return run_rows_slow(c, l0, l1, x0, x1, poll, prb);
    if (x0 <= c->K) {
        uint64_t xk = c->K + 1 < x1 ? c->K + 1 : x1;
        if (run_rows_slow(c, l0, l1, x0, xk, poll, prb))
            return 1;
        x0 = xk;
    }
    return x0 < x1 ? run_rows_fast(c, l0, l1, x0, x1, poll, prb) : 0;
}

/* One thread: every row of every layer, a block at a time.  Returns
 * WY_OK or WY_ECANCELED. */
static wy_status run_single(core *c, const wy_run *run)
{
    wy_progress_fn progress = run ? run->progress : NULL;
    for (uint64_t x0 = 0; x0 < c->size; x0 += BLOCK) {
        uint64_t x1 = c->size - x0 > BLOCK ? x0 + BLOCK : c->size;
        if (run_rows(c, 0, c->L, x0, x1, 1, NULL))
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
 * alone calls the progress function; fn is called by the thread of the
 * value's layer (wy_layer_scan: the calling thread).
 * With row bitsets (one side state) thread t > 0 keeps a row bitset of its
 * own, into which each row's cells of the layers below its range (which
 * the threads below finished, in the ring) are entered. */

typedef struct {
    core *c;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    unsigned T;
    uint64_t lo[MAX_THREADS + 1]; /* thread t: layers lo[t] <= l < lo[t + 1] */
    uint64_t done[MAX_THREADS];   /* blocks finished by thread t */
    uint64_t nblocks;
    uint64_t *prb[MAX_THREADS];   /* thread t's own row bitset (NULL: none) */
    uint64_t prbdone[MAX_THREADS];
    int go, stop, canceled;
} pipeline;

/* Rows of block b in the pipeline: [*x0, *x1). */
static void pipe_rows(const pipeline *pp, uint64_t b, uint64_t *x0, uint64_t *x1)
{
    const uint64_t size = pp->c->size;
    *x0 = b * BLOCK;
    *x1 = size - *x0 > BLOCK ? *x0 + BLOCK : size;
}

/* After block b of thread t: its row bitsets' pages below the rows. */
static void pipe_release(pipeline *pp, unsigned t, uint64_t x1)
{
    core *c = pp->c;
    if (!c->rel)
        return;
    if (pp->prb[t]) {
        if (c->prb_mapped) /* read and set at columns >= x only */
            release_below(pp->prb[t], x1, &pp->prbdone[t]);
    }
    else if (t == 0)
        for (uint64_t i = 0; i < c->nrowside; i++)
            release_below(c->rowside + i * c->W, x1, &c->rsdone[i]);
}

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
        uint64_t x0, x1;
        pipe_rows(pp, b, &x0, &x1);
        if (x0 < x1 && run_rows(c, pp->lo[a->t], pp->lo[a->t + 1], x0, x1, 0, pp->prb[a->t])) {
            /* fn asked to stop, or a cell left its window (progress is the caller's) */
            pthread_mutex_lock(&pp->mu);
            pp->canceled = 1;
            pthread_mutex_unlock(&pp->mu);
            pipe_stop(pp);
            break;
        }
        pipe_release(pp, a->t, x1);
        pipe_done(pp, a->t, b);
    }
    return NULL;
}

/* Cut the layers into pp->T ranges of about equal work: a layer's row
 * costs about ROW_COST units; with row bitsets thread t also enters and
 * clears the cells of the lo[t] layers below it, a unit each per row.  The
 * least bound C on a range's cost for which T ranges cover every layer,
 * found by bisection; every range holds at least one layer. */
#define ROW_COST 4
static uint64_t split_ranges(pipeline *pp, int rowbits, uint64_t C)
{
    const uint64_t L = pp->c->L;
    const unsigned T = pp->T;
    uint64_t l = 0;
    pp->lo[0] = 0;
    for (unsigned t = 0; t < T; t++) {
        uint64_t base = rowbits ? l : 0, hi = l + 1; /* at least one layer */
        while (hi < L - (T - 1 - t) && base + ROW_COST * (hi + 1 - l) <= C)
            hi++;
        l = hi;
        pp->lo[t + 1] = l;
    }
    return l;
}

static void split_layers(pipeline *pp, int rowbits)
{
    const uint64_t L = pp->c->L;
    uint64_t lo = 0, hi = ROW_COST * L + L; /* hi: one range could take every layer */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (split_ranges(pp, rowbits, mid) >= L)
            hi = mid;
        else
            lo = mid + 1;
    }
    (void)split_ranges(pp, rowbits, lo);
    pp->lo[pp->T] = L; /* the last range ends at the last layer */
}

/* Run on T >= 2 threads; falls back to run_single when a thread cannot be
 * started (before any work is done).  prb: T - 1 row bitsets of c->W words
 * for threads 1..T-1 (row bitsets in use), else NULL. */
static wy_status run_pipeline(core *c, unsigned T, const wy_run *run, uint64_t *prb)
{
    pipeline pp;
    memset(&pp, 0, sizeof pp);
    pp.c = c;
    pp.T = T;
    pp.nblocks = (c->size + BLOCK - 1) / BLOCK;
    for (unsigned t = 1; prb && t < T; t++)
        pp.prb[t] = prb + (t - 1) * c->W;
    split_layers(&pp, prb != NULL);
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
    wy_progress_fn progress = run ? run->progress : NULL;
    const unsigned me = T - 1;
    pthread_mutex_lock(&pp.mu);
    pp.go = 1;
    pthread_cond_broadcast(&pp.cv);
    pthread_mutex_unlock(&pp.mu);
    for (uint64_t b = 0; rc == WY_OK && b < pp.nblocks; b++) {
        if (!pipe_wait(&pp, me, b))
            break;
        uint64_t x0, x1;
        pipe_rows(&pp, b, &x0, &x1);
        if ((x0 < x1 && run_rows(c, pp.lo[me], pp.lo[me + 1], x0, x1, 1, pp.prb[me])) ||
            (progress && progress(run->progress_ctx, x1, c->size))) {
            rc = WY_ECANCELED;
            break;
        }
        pipe_release(&pp, me, x1);
        pipe_done(&pp, me, b);
    }
    pipe_stop(&pp);
    for (unsigned t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (pp.canceled)
        rc = WY_ECANCELED;
    pthread_cond_destroy(&pp.cv);
    pthread_mutex_destroy(&pp.mu);
    return rc;
}

/* The number of threads the scan uses (1: no pipeline). */
static unsigned pipe_threads(const plan *pl, uint64_t size, const wy_run *run)
{
    if (!run || run->threads < 2 || pl->use_sidebits || size < PIPE_MIN_SIZE || pl->L < 2)
        return 1;
    /* row bitsets: one side state (one row bitset a thread) */
    if (pl->use_rowbits && (pl->P > 0 || pl->H > 0))
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
    uint64_t *prb; /* the pipeline's own row bitsets (threads 1..T-1) */
    size_t prbbytes;
    int prbmapped;
} scan_mem;

static void scan_free(scan_mem *m)
{
    zfree(m->sets, m->setbytes, m->mapped);
    free(m->desc);
    free(m->ring);
    free(m->tv);
    free(m->rel);
    free(m->rsdone);
    zfree(m->prb, m->prbbytes, m->prbmapped);
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
                D->flags = gg == m->tv[p * (H + 1) + h] ? LD_TV : 0;
                uint64_t *rb = rowbits ? rowbits + (p * (H + 1) + h) * W : NULL;
                uint64_t *sb = sidebits ? sidebits + (p * G1 + gg) * W : NULL;
                D->rb_mark = rb;
                D->sb_mark = sb;
                if (rb && gg > 0)
                    D->flags |= LD_RB; /* rb holds the smaller values' cells of the row */
                if (sb && h > 0)
                    D->flags |= LD_SB; /* sb holds the cells of value gg at heaps < h */
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
    const uint64_t K = wyi_terminal_bound(rules);
    unsigned T = pipe_threads(&pl, size, run);
    if (T > 2 && pl.pipe_rb && mem_limit &&
        wyi_sat_add(pl.bytes, wyi_sat_mul(T - 2, pl.rbbytes)) > mem_limit) /* the estimate counts one */
        T = 2;
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
    if (T > 1 && pl.use_rowbits) {
        m.prbbytes = (size_t)((T - 1) * W * 8);
        m.prb = zalloc(m.prbbytes, &m.prbmapped);
    }
    if (!m.sets || !m.desc || !m.ring || !m.tv || !wyi_terminal_values(m.tv, pl.P, pl.H, rules->misere != 0) ||
        (m.mapped && (!m.rel || !m.rsdone)) || (T > 1 && pl.use_rowbits && !m.prb)) {
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
    c.K = K;
    c.slow = pl.use_sidebits;
    c.prb_mapped = m.prbmapped;
    atomic_init(&c.overflow_claim, 0);
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
    wy_status rc = T > 1 ? run_pipeline(&c, T, run, m.prb) : run_single(&c, run);

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
