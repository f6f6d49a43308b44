/*
 * naive.c - the naive reference (see naive.h).  Clarity first: every option
 * is listed explicitly, values are looked up in a plain array filled in an
 * order where every option of a state is already known, and the value is the
 * mex of the option values.
 */
#include "naive.h"

#include <stdlib.h>
#include <string.h>

/* Append one option (if there is room) and count it. */
static void add(naive_move *out, size_t cap, size_t *n, naive_kind kind, uint32_t x, uint32_t y,
                uint32_t p, uint32_t h)
{
    if (*n < cap) {
        out[*n].kind = kind;
        out[*n].x = x;
        out[*n].y = y;
        out[*n].p = p;
        out[*n].h = h;
    }
    (*n)++;
}

/* Is taking `a` stones allowed by the max= option? */
static int within_max(const wy_rules *r, uint32_t a)
{
    return r->max == 0 || a <= r->max;
}

/* The (x, y) component has no moves: terminal= reached, or both heaps empty. */
static int component_terminal(const wy_rules *r, uint32_t x, uint32_t y)
{
    if (x == 0 && y == 0)
        return 1;
    if (r->has_terminal && (uint64_t)x + (uint64_t)y <= (uint64_t)r->terminal)
        return 1;
    return 0;
}

size_t naive_options(naive_move *out, size_t cap, const wy_rules *r, uint32_t x, uint32_t y,
                     uint32_t p, uint32_t h)
{
    size_t n = 0;

    /* 1. Component moves. */
    if (!component_terminal(r, x, y)) {
        /* take a from the first heap */
        for (uint32_t a = 1; a <= x; a++)
            if (within_max(r, a))
                add(out, cap, &n, NAIVE_COL, x - a, y, p, h);
        /* take b from the second heap */
        for (uint32_t b = 1; b <= y; b++)
            if (within_max(r, b))
                add(out, cap, &n, NAIVE_ROW, x, y - b, p, h);
        if (r->game == WY_GAME_WYTHOFF) {
            /* take a from both heaps */
            for (uint32_t a = 1; a <= x && a <= y; a++)
                if (within_max(r, a))
                    add(out, cap, &n, NAIVE_DIAG, x - a, y - a, p, h);
            /* take a from the first, b from the second: a != b, a = b mod M */
            if (r->mod > 0) {
                for (uint32_t a = 1; a <= x && within_max(r, a); a++) {
                    for (uint32_t b = 1; b <= y && within_max(r, b); b++) {
                        uint32_t diff = a > b ? a - b : b - a;
                        if (a != b && diff % r->mod == 0)
                            add(out, cap, &n, NAIVE_MOD, x - a, y - b, p, h);
                    }
                }
            }
        }
    }

    /* 2. Heap moves: an ordinary Nim heap, no max, mod or terminal. */
    for (uint32_t h2 = 0; h2 < h; h2++)
        add(out, cap, &n, NAIVE_HEAP, x, y, p, h2);

    /* 3. A pass, only from a position that has some other move. */
    if (p > 0 && n > 0)
        add(out, cap, &n, NAIVE_PASS, x, y, p - 1, h);

    return n;
}

size_t naive_all_cells(uint32_t rows, uint32_t cols, uint32_t pass, uint32_t heap)
{
    size_t factors[4] = {rows, cols, (size_t)pass + 1, (size_t)heap + 1};
    size_t total = 1;
    for (int i = 0; i < 4; i++) {
        if (factors[i] == 0)
            return 0;
        if (total > SIZE_MAX / factors[i])
            return 0;
        total *= factors[i];
    }
    if (total > SIZE_MAX / sizeof(uint32_t))
        return 0;
    return total;
}

size_t naive_all_index(uint32_t rows, uint32_t cols, uint32_t heap, uint32_t x, uint32_t y,
                       uint32_t p, uint32_t h)
{
    size_t side = (size_t)p * ((size_t)heap + 1) + h;
    return (side * rows + x) * cols + y;
}

int naive_table_all(uint32_t *out, const wy_rules *r, uint32_t rows, uint32_t cols,
                    uint32_t pass, uint32_t heap)
{
    if (naive_all_cells(rows, cols, pass, heap) == 0)
        return 1;

    naive_move *opts = NULL;
    unsigned char *seen = NULL;
    size_t cap = 0;

    /* Every option of (x, y, p, h) has p' < p, or p' = p and h' < h, or the
     * same side state and x' <= x, y' <= y, (x', y') != (x, y).  So filling
     * p ascending, then h ascending, then x and y ascending is enough. */
    for (uint32_t p = 0; p <= pass; p++) {
        for (uint32_t h = 0; h <= heap; h++) {
            for (uint32_t x = 0; x < rows; x++) {
                for (uint32_t y = 0; y < cols; y++) {
                    size_t n = naive_options(NULL, 0, r, x, y, p, h);
                    if (n > cap) {
                        size_t ncap = n;
                        naive_move *no = realloc(opts, ncap * sizeof *no);
                        if (no == NULL)
                            goto fail;
                        opts = no;
                        unsigned char *ns = realloc(seen, ncap + 1);
                        if (ns == NULL)
                            goto fail;
                        seen = ns;
                        cap = ncap;
                    }
                    naive_options(opts, cap, r, x, y, p, h);

                    uint32_t value;
                    if (n == 0) {
                        value = r->misere ? 1 : 0;
                    } else {
                        /* mex of the option values; the mex is at most n */
                        memset(seen, 0, n + 1);
                        for (size_t i = 0; i < n; i++) {
                            uint32_t v = out[naive_all_index(rows, cols, heap, opts[i].x,
                                                             opts[i].y, opts[i].p, opts[i].h)];
                            if (v <= n)
                                seen[v] = 1;
                        }
                        value = 0;
                        while (seen[value])
                            value++;
                    }
                    out[naive_all_index(rows, cols, heap, x, y, p, h)] = value;
                }
            }
        }
    }
    free(opts);
    free(seen);
    return 0;
fail:
    free(opts);
    free(seen);
    return 1;
}

int naive_table(uint32_t *out, const wy_rules *r, uint32_t rows, uint32_t cols, uint32_t pass,
                uint32_t heap)
{
    size_t cells = naive_all_cells(rows, cols, pass, heap);
    if (cells == 0)
        return 1;
    uint32_t *all = malloc(cells * sizeof *all);
    if (all == NULL)
        return 1;
    if (naive_table_all(all, r, rows, cols, pass, heap) != 0) {
        free(all);
        return 1;
    }
    memcpy(out, all + naive_all_index(rows, cols, heap, 0, 0, pass, heap),
           (size_t)rows * cols * sizeof *out);
    free(all);
    return 0;
}
