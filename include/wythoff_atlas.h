/*
 * wythoff_atlas.h - atlases of a game with a third heap: the P-positions
 * (a, b, c) of `GAME+pass` plus a plain Nim heap of c stones, for every
 * 0 <= a, b, c < N at once (docs/heap3.md).
 *
 * The game is the ruleset's two heaps (x, y) = (a, b) with its K passes
 * and an extra Nim heap of c stones: `RULES+heap=c` of docs/rules.md, with
 * all K passes left and the full heap.  A pass is allowed while a move on
 * the three heaps exists.  Three-heap Nim with a pass (Gale's problem) is
 * `nim+pass`; Wythoff with a pass and a third heap is `wythoff+pass`.
 *
 * For each (a, b) at most one c makes (a, b, c) a P-position (with a given
 * number of passes left): two such positions (a, b, c) and (a, b, c'),
 * c' < c, would be joined by the move on the third heap.  So the atlas is a
 * function f(a, b) in {none} u [0, N): the c with (a, b, c) a P-position,
 * or none when there is none below N.
 *
 * Two methods compute it, which must agree (tests, `wythoff check
 * 003.heap3-engines`):
 *   WY_HEAP3_SWEEP  the P-cell of row a in slice c, side state p, is the
 *                   first cell b that no P-position of that slice reaches
 *                   along its column or diagonal, that no smaller c already
 *                   took ((a, b, c') P, c' < c), and whose pass (if any)
 *                   does not reach a P-position (a, b, c, p - 1); cells with
 *                   no move on the two heaps (the terminal region) are
 *                   decided one by one.  Slices in blocks of up to 64, in a
 *                   block rows a in order, in each the block's slices, in
 *                   each p = 0..K (every cell after those it reads).  A bit
 *                   per (a, b) and side state says whether a smaller c took
 *                   it, so a row's search runs over words, from the first
 *                   word that neither the row's taken bits nor the slice's
 *                   columns fill.  O(N^3 / 64) word operations in the worst
 *                   case, memory N^2 (4 + (K+1)/8) bytes.
 *   WY_HEAP3_LAYER  one layer scan (wythoff_layer.h) per slice: the
 *                   P-positions of RULES+heap=c with side state (K, c), a
 *                   different engine that recomputes every layer h' <= c
 *                   for each slice: O(N^2 (K+1) (c+1)) for slice c, so about
 *                   (K+1) N^3 / 2 row steps in all.  It assumes nothing about
 *                   f and fails (WY_EINTERNAL) if two P-positions share a
 *                   heap line.
 *
 * The structure found (docs/heap3.md): f(a, b) is the Sprague-Grundy value
 * G2(a, b) of the two-heap game RULES with all K passes left, whenever that
 * value is below N, and none otherwise (a proof is in docs/heap3.md);
 * wy_heap3_findings_compute checks this and more against the table engine.
 */
#ifndef WYTHOFF_ATLAS_H
#define WYTHOFF_ATLAS_H

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

/* f(a, b) when no c < N makes (a, b, c) a P-position. */
#define WY_HEAP3_NONE UINT32_MAX
/* The largest N. */
#define WY_HEAP3_MAX_SIZE 65536u

typedef enum { WY_HEAP3_SWEEP = 0, WY_HEAP3_LAYER = 1 } wy_heap3_method;

/* An atlas: owned by the caller, released with wy_heap3_free. */
typedef struct {
    wy_rules rules;   /* the two-heap ruleset (no heap=) */
    uint32_t size;    /* N: 0 <= a, b, c < N */
    uint32_t passes;  /* the side state described: passes left (rules.passes) */
    uint32_t *f;      /* size * size: f[a * size + b], or WY_HEAP3_NONE */
    uint64_t *slice;  /* size: slice[c] = #{(a, b): f(a, b) = c} */
    uint64_t total;   /* the P-positions of the cube: the sum of slice[] */
    uint64_t none;    /* #{(a, b): f(a, b) = none} */
} wy_heap3;

/* WY_OK when the atlas covers the ruleset: game wythoff or nim, no heap=
 * (the third heap is the atlas's), no max=N, no mod=M (a row, column or
 * diagonal must hold at most one P-position outside the terminal region);
 * any pass=K (also none), terminal=K and misere.  Otherwise WY_EINVAL
 * with a message that names the option.  Cost: O(1). */
WY_API wy_status wy_heap3_supported(const wy_rules *rules, char *err, size_t errlen);

/* Bytes wy_heap3_compute needs (saturating at UINT64_MAX). */
WY_API uint64_t wy_heap3_estimate(const wy_rules *rules, uint32_t size, wy_heap3_method method, const wy_run *run);

/* Compute the atlas of size N (1 <= N <= WY_HEAP3_MAX_SIZE) into *out.
 * If the estimate exceeds mem_limit (0: none) nothing is allocated and
 * WY_ERANGE is returned with the estimate in the message; a failed
 * allocation is WY_ERANGE too.  WY_EINVAL: an unsupported ruleset, a bad
 * size.  run may be NULL; run->progress is called after each slice (the
 * sweep: each block of slices) with (slices done, N), a nonzero return stops
 * (WY_ECANCELED); the layer method runs its slices on run->threads threads
 * (the result is the same).  Cost: see the methods above; N = 1024: the
 * sweep under a second, the layer method 30 to 40 s (docs/heap3.md has the
 * figures). */
WY_API wy_status wy_heap3_compute(wy_heap3 **out, const wy_rules *rules, uint32_t size, wy_heap3_method method,
                                  uint64_t mem_limit, const wy_run *run, char *err, size_t errlen);

WY_API void wy_heap3_free(wy_heap3 *a);

/* ------------------------------------------------------------------ */
/* The structure of an atlas against the two-heap values               */
/* ------------------------------------------------------------------ */

/* A cell (a, b) of a finding, with what was expected there. */
typedef struct {
    int found;            /* 0: no such cell */
    uint32_t a, b, c;     /* c: f(a, b) (WY_HEAP3_NONE: none) */
    uint64_t expected;    /* what the statement expected */
} wy_heap3_cell;

/* Each finding counts the cells (a, b) of the window that break it and
 * names the smallest (in a + b + c, then a, then b; c = f(a, b), none
 * counting as N). */
typedef struct {
    uint32_t size;
    /* F1: f(a, b) = G2(a, b), the value of the two-heap game with all passes
     * left, where G2 < N; f = none where G2 >= N. */
    uint64_t g2_bad;
    wy_heap3_cell g2_first;
    uint64_t g2_beyond;   /* cells with G2(a, b) >= N (f = none there) */
    uint32_t g2_max;      /* the largest G2 in the window */
    /* F2: f(a, b) != G0(a, b), the value with no pass left (a xor b for nim,
     * Wythoff's value for wythoff), the pass reaching (a, b, G0, 0), a
     * P-position; the cells (a, b, 0) with no move (where no pass is
     * allowed) are left out.  Only for rulesets with a pass. */
    uint64_t g0_equal;
    wy_heap3_cell g0_first;
    /* F3: f(a, b) = G0(a, b) xor 1 (a guess). */
    uint64_t xor1_bad;
    wy_heap3_cell xor1_first;
    /* F4 (nim): the atlas is symmetric in a, b, c: f(a, c) = b whenever
     * f(a, b) = c.  For wythoff the cells with f(a, c) != b show that it is
     * not. */
    uint64_t sym_bad;
    wy_heap3_cell sym_first;
    /* F5: f(a, b) = f(b, a). */
    uint64_t swap_bad;
    /* distance of f from G0 where f is defined: the largest |f - G0| and
     * the number of cells with |f - G0| <= 1, <= 3 */
    uint64_t dist_max;
    wy_heap3_cell dist_first;
    uint64_t dist_le1, dist_le3, defined;
    /* the largest f - max(a, b) where f is defined, and where */
    int64_t over_max;
    wy_heap3_cell over_first;
    /* F6: the bounds |a - b| - 1 <= c <= a + b + 1 on the P-positions
     * (a, b, c) (paper 003's bound on G2 for nim+pass): the smallest
     * c - |a - b| and the largest c - (a + b), and where first */
    int64_t lo_min, hi_max;
    wy_heap3_cell lo_first, hi_first;
    /* the P-positions with c < |a - b| - 1, with c > a + b + 1, and the
     * smallest of each */
    uint64_t lo_bad, hi_bad;
    wy_heap3_cell lo_bad_first, hi_bad_first;
} wy_heap3_findings;

/* Bytes wy_heap3_findings_compute needs for an atlas of this ruleset and size
 * (two tables of the two-heap game; UINT64_MAX for a bad one). */
WY_API uint64_t wy_heap3_findings_estimate(const wy_rules *rules, uint32_t size);

/* Compare an atlas with the two-heap values of its ruleset (the table
 * engine: the ruleset with all passes left, and with none) and fill *out.
 * WY_ERANGE before allocating when over mem_limit (0: none).
 * Cost: two tables of N x N cells, and O(N^2). */
WY_API wy_status wy_heap3_findings_compute(wy_heap3_findings *out, const wy_heap3 *atlas, uint64_t mem_limit,
                                   const wy_run *run, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_ATLAS_H */
