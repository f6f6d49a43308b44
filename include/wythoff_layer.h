/*
 * wythoff_layer.h - the layer engine (docs/engines.md): the positions of
 * one value g, row by row, in O(size) bits of memory.
 *
 * Works for every ruleset where each row, column and diagonal holds each
 * value at most once: unbounded moves (no max=N, no mod=M), any pass=K,
 * heap=H, terminal=K and misere.  The terminal region (x + y <= K) is the one
 * exception to "at most once": all its cells share one value per side state,
 * and the engine seeds it as such.
 *
 * Method.  Every ruleset is symmetric in x and y, so only the upper triangle
 * x <= y is searched.  For row x and value g (side state (p, h)) the value-g
 * cell of the row is, by the greedy rule, the first cell y >= x that holds no
 * smaller value in that side state, whose column and diagonal hold no g in
 * the rows above, and whose same-cell options (other side states: a smaller
 * heap, one pass fewer) do not have value g there; unless column x already
 * holds g from an earlier row, in which case the row's g is the mirror
 * image (x, r) of that earlier cell (r, x) and lies below the diagonal.
 * A layer (p, h, g) needs the layers (p' <= p, h' <= h, g' <= g); each keeps
 * one bit per column and one per diagonal (nim: per column only).  In normal
 * play without a pass the extra heap is a Nim heap in a disjunctive sum, so
 * value g at heap h is base value g XOR h at heap 0 and only the base layers
 * 0..(g XOR h) are computed.  The terminal region and misere play change
 * only the region's values, which the engine seeds; everything outside the
 * region follows the mex recursion.  See docs/engines.md.
 *
 * A scan allocates nothing that outlives it (wy_layer_positions' list is the
 * caller's, released with wy_free); scans may run in several threads at once.
 */
#ifndef WYTHOFF_LAYER_H
#define WYTHOFF_LAYER_H

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

/* WY_OK when the layer engine covers the ruleset (game wythoff or nim, no
 * max=N, no mod=M); otherwise WY_EINVAL with a message that names the option
 * and says why (max=N: a row, column or diagonal can hold a value more than
 * once; mod=M: modular moves do not run along a line).  Cost: O(1). */
WY_API wy_status wy_layer_supported(const wy_rules *rules, char *err, size_t errlen);

/* Bytes wy_layer_scan needs for value g with side state `side` in the
 * square window 0 <= x, y < size (saturating at UINT64_MAX): two bitsets of
 * size bits per layer (one for nim), a few more when g or the heap is 8 or
 * more, the threads' ring of 2 MiB per layer for sizes of 2^24 or more, and
 * small overhead.  A value above every value of the window (more than the
 * number of options of any cell) needs nothing. */
WY_API uint64_t wy_layer_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size);

/* Called for every position (x, y) of value g with x <= y < size, in
 * increasing x, then increasing y.  The positions below the diagonal are
 * the mirror images (y, x).  A nonzero return stops the scan (WY_ECANCELED). */
typedef int (*wy_layer_fn)(void *ctx, uint64_t x, uint64_t y);

/* Find the positions of value g (G- in misere play) with side state `side`
 * in the window 0 <= x, y < size (1 <= size <= 2^40).  fn may be NULL.
 * *count (count may be NULL) receives the number of such positions in the
 * whole window (both triangles: a position x < y counts with its mirror
 * image, 2; a diagonal one 1); after WY_ECANCELED, those found so far.
 * If the estimate exceeds mem_limit (0: none) nothing is allocated and
 * WY_ERANGE is returned with the estimate in the message; a failed
 * allocation is WY_ERANGE too, and so is a size above 2^40.  WY_EINVAL: an
 * unsupported ruleset, a bad side state, size 0.
 * run may be NULL (one thread, no progress).  run->progress is called from
 * the calling thread after every 2^16 rows and once at the end with
 * (size, size); a nonzero return stops the scan (WY_ECANCELED), and so does
 * a nonzero return of fn.  run->threads >= 2 pipelines the layers over that
 * many threads (at most one per layer) for sizes of 2^24 or more when the
 * heap is below 8 (and, for g of 8 or more, in one side state: no pass,
 * or the heap shortcut); the result is the same as on one thread, and fn
 * is always called from the calling thread.
 * Cost: O(size * L) word operations for the papers' games (a row's search
 * usually ends in its first word), L = (pass+1) (heap+1) (g+1) layers, or
 * (g XOR heap) + 1 in normal play without a pass; memory about
 * 2 L size / 8 bytes (an upper bound: on mapped bitsets the pages below
 * the scan's frontiers are given back as it goes, wy_layer_scan_all).
 * Wythoff values 0 and 1 at size 10^9 (the count): about 18 s on one
 * thread and 13 s on two, 115 MB (docs/performance.md). */
WY_API wy_status wy_layer_scan(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size, uint64_t mem_limit,
                        wy_layer_fn fn, void *fn_ctx, uint64_t *count, const wy_run *run, char *err,
                        size_t errlen);

/* ------------------------------------------------------------------ */
/* Every value up to g in one scan                                     */
/* ------------------------------------------------------------------ */

/* Called for every position (x, y) with x <= y < size of every value v <= g
 * (side state `side`); on one thread: rows in increasing x; within a row, values in
 * increasing v (with the heap shortcut, normal play without a pass at heap
 * h > 0: increasing v XOR h), and a value's positions in increasing y
 * (several only in the terminal region).  A nonzero return stops the scan (WY_ECANCELED). */
typedef int (*wy_layer_all_fn)(void *ctx, uint64_t v, uint64_t x, uint64_t y);

/* Bytes wy_layer_scan_all needs for the values 0..g in the window
 * 0 <= x, y < size.  Small windows: as wy_layer_estimate(g) (plus the
 * counts).  Windows whose bitsets are mapped (16 MiB or more in all; not in
 * sanitizer builds): the pages below the scan's frontiers are given back as
 * it goes, and each layer's column bits are set at most 2 size / 5 + 2^22
 * bits above its row frontier and its diagonal bits at most size / 16 + 2^22
 * above its first unused diagonal (the scan checks this as it sets them); the
 * estimate counts those windows, a block of rows and two 2 MiB grains per
 * bitset; from 2^24 rows also the pipeline's ring (2 MiB per layer) and,
 * with row bitsets, the second thread's own row bitset.  Wythoff's layers lie within a bounded distance of its
 * P-positions (Nivasch 2009, docs/glayers.md), whose columns reach about
 * phi x in row x, so their live columns span about 0.382 size: values
 * 0..64 at size 10^9 need about 4.4 GB instead of 16.5 GB. */
WY_API uint64_t wy_layer_all_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size);

/* The positions of every value v <= g in side state `side` in the window
 * 0 <= x, y < size, in one scan: the layers it computes anyway to find
 * value g (in normal play without a pass, with heap h > 0: the base values
 * up to the next power of two above max(g, h), minus one).  counts (g + 1
 * entries, may be NULL) receives the number of positions of each value in
 * the whole window, mirror images counted (as wy_layer_scan's *count).
 * fn may be NULL.  Errors as wy_layer_scan, with wy_layer_all_estimate
 * against mem_limit before anything is allocated; and WY_ERANGE when a cell
 * is found outside the windows of columns and diagonals the estimate
 * reserved (never for the papers' games at any size tried: docs/glayers.md;
 * the positions reported until then are right); WY_ERANGE when g >= 2^32.
 * run->threads >= 2 pipelines the layers as wy_layer_scan does (more than
 * 8 layers in one side state: every thread but the first keeps a row
 * bitset of its own; a third thread's and more only if they fit in
 * mem_limit, else 2 threads).  Then fn is called CONCURRENTLY from several
 * threads: each value v always from the same thread, and within a value
 * in increasing x, then y; calls for different values may interleave in
 * any way (one thread: rows in increasing x, values as above).  So fn
 * must keep per-value state apart (and lock what the values share).
 * run->progress is called from the calling thread, after every 2^16 rows.
 * The positions of value g are exactly wy_layer_scan's, in the same
 * order; every value's positions and counts are the same for any number
 * of threads.
 * Cost: as wy_layer_scan of value g (L layers), memory
 * wy_layer_all_estimate. */
WY_API wy_status wy_layer_scan_all(const wy_rules *rules, wy_side side, uint64_t g, uint64_t size,
                                   uint64_t mem_limit, wy_layer_all_fn fn, void *fn_ctx, uint64_t *counts,
                                   const wy_run *run, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* The positions of a value in a window, in order                      */
/* ------------------------------------------------------------------ */

/* Bytes wy_layer_positions needs at most: the scan and the list (three
 * times the proved bound on the positions with x <= y, 8 bytes each). */
WY_API uint64_t wy_layer_positions_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint32_t rows,
                                            uint32_t cols);

/* The positions of value g (side state `side`) in the window 0 <= x < rows,
 * 0 <= y < cols, sorted by x, then y: one layer scan of the square
 * max(rows, cols), its positions x <= y and their mirror images (y, x)
 * (every ruleset is symmetric in x and y).  On a square window the list's
 * length is checked against the engine's own count (WY_EINTERNAL if they
 * differ).  *out receives an array of *n positions, owned by the caller
 * and released with wy_free (NULL when *n is 0 or on failure).  WY_ERANGE
 * before allocating when the estimate exceeds mem_limit (0: none), or when
 * an allocation fails; WY_EINVAL for a ruleset the layer engine does not
 * cover, a bad side state, an empty window; WY_ECANCELED when
 * run->progress asks to stop.  Cost: the scan's, plus O(n log n). */
WY_API wy_status wy_layer_positions(wy_pos **out, size_t *n, const wy_rules *rules, wy_side side, uint64_t g,
                                    uint32_t rows, uint32_t cols, uint64_t mem_limit, const wy_run *run, char *err,
                                    size_t errlen);

/* The number of positions of value g in the window 0 <= x < rows,
 * 0 <= y < cols (each side up to 2^40), in the memory of the scan alone
 * (wy_layer_estimate of max(rows, cols)); on a square window checked
 * against the engine's own count.  Errors as wy_layer_scan. */
WY_API wy_status wy_layer_count(uint64_t *count, const wy_rules *rules, wy_side side, uint64_t g, uint64_t rows,
                                uint64_t cols, uint64_t mem_limit, const wy_run *run, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif /* WYTHOFF_LAYER_H */
