/*
 * naive.h - a deliberately naive reference for the Sprague-Grundy values of
 * Wythoff's game and its variants.  Written for clarity, not speed: it lists
 * every option of a state explicitly and takes the mex of their values.
 *
 * It shares no code with src/: only the wy_rules struct type (and, in the
 * programs that use it, wy_rules_parse) come from the library.
 *
 * A state is (x, y, p, h): heaps x and y, p passes still available, h stones
 * in the extra Nim heap.  Its options (see naive.c for the exact rules):
 *   1. component moves on (x, y), unless the component is terminal;
 *   2. heap moves (x, y, p, h') for 0 <= h' < h;
 *   3. a pass (x, y, p - 1, h) if p > 0 and a move of kind 1 or 2 exists.
 * Normal play: value = mex of the options' values.  Misere play: the same,
 * except that a state with no option at all has value 1.
 */
#ifndef WY_NAIVE_H
#define WY_NAIVE_H

#include <stddef.h>
#include <stdint.h>

#include "wythoff.h"

/* Kinds of moves.  The numbers are the same as the library's wy_move_kind,
 * but the tests map them explicitly anyway. */
typedef enum {
    NAIVE_ROW = 0,  /* take b from the second heap: (x, y - b)          */
    NAIVE_COL = 1,  /* take a from the first heap:  (x - a, y)          */
    NAIVE_DIAG = 2, /* take a from both:            (x - a, y - a)      */
    NAIVE_MOD = 3,  /* take a != b, a = b (mod M):  (x - a, y - b)      */
    NAIVE_HEAP = 4, /* take from the extra heap:    (x, y, p, h')       */
    NAIVE_PASS = 5  /* use a pass:                  (x, y, p - 1, h)    */
} naive_kind;

typedef struct {
    naive_kind kind;
    uint32_t x, y; /* the position reached */
    uint32_t p, h; /* its side state */
} naive_move;

/* Every option of the state (x, y, p, h) under rules r, in no particular
 * order.  Writes at most cap of them to out (out may be NULL when cap is 0)
 * and returns the total number of options. */
size_t naive_options(naive_move *out, size_t cap, const wy_rules *r, uint32_t x, uint32_t y,
                     uint32_t p, uint32_t h);

/* Number of cells of a full table: (pass+1) * (heap+1) * rows * cols, or 0 if
 * that does not fit in a size_t (or if rows or cols is 0). */
size_t naive_all_cells(uint32_t rows, uint32_t cols, uint32_t pass, uint32_t heap);

/* Index of (x, y, p, h) in a full table made by naive_table_all. */
size_t naive_all_index(uint32_t rows, uint32_t cols, uint32_t heap, uint32_t x, uint32_t y,
                       uint32_t p, uint32_t h);

/* Fill out (naive_all_cells(...) entries) with the value of every state
 * (x, y, p, h), 0 <= x < rows, 0 <= y < cols, 0 <= p <= pass, 0 <= h <= heap,
 * at out[naive_all_index(rows, cols, heap, x, y, p, h)].
 * Returns 0 on success, nonzero on a size overflow or allocation failure. */
int naive_table_all(uint32_t *out, const wy_rules *r, uint32_t rows, uint32_t cols,
                    uint32_t pass, uint32_t heap);

/* Fill out[x * cols + y] with the value of (x, y, pass, heap) for
 * 0 <= x < rows, 0 <= y < cols (the side states below are computed
 * internally).  Returns 0 on success, nonzero on a size overflow or
 * allocation failure. */
int naive_table(uint32_t *out, const wy_rules *r, uint32_t rows, uint32_t cols, uint32_t pass,
                uint32_t heap);

#endif /* WY_NAIVE_H */
