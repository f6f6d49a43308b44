/* positions.c - the positions of one value in a window, in (x, y) order,
 * from a layer scan (include/wythoff_layer.h): wy_layer_positions and
 * wy_layer_count, shared by `ppos`, `compare` and anyone who wants a list.
 *
 * The layer engine reports the positions with x <= y.  Every ruleset of the
 * language is symmetric in x and y (docs/rules.md, "Moves"), so the others
 * are their mirror images (y, x): sorted separately and merged in.
 */
#include "internal.h"
#include "positions.h"
#include "wythoff_layer.h"

#include <stdlib.h>
#include <string.h>

/* At most this many positions of one value with x <= y in a size x size
 * window (the layer engine's rulesets: unbounded moves).  Outside the
 * terminal region (x + y <= K, or (0, 0) alone) two cells of one row, column
 * or diagonal (wythoff) in one side state are joined by a move, so they never
 * share a value.  Hence an index r is the row of at most one such position
 * (r, y), y >= r, and the column of at most one (x, r), x <= r, and not both
 * with x < r < y: (r, y) would reach (r, x), the mirror image of (x, r).  So
 * 2 (off-diagonal positions) + (diagonal positions) <= size, with at most one
 * diagonal position for wythoff (diagonal moves) and up to size for nim.
 * The region's cells come on top. */
uint64_t wyi_upper_bound_positions(const wy_rules *r, uint64_t size)
{
    uint64_t k = r->has_terminal ? (uint64_t)r->terminal + 1 : 1;
    if (k > size)
        k = size;
    uint64_t outside = r->game == WY_GAME_WYTHOFF ? size / 2 + 1 : size;
    return wyi_sat_add(outside, wyi_sat_mul(k, k));
}

/* Bytes of a whole sorted list: the upper positions (8 bytes each) grown to
 * hold the mirror images too, plus the mirror images while they are sorted:
 * at most three times the upper bound. */
uint64_t wyi_full_list_bytes(const wy_rules *r, uint64_t size)
{
    return wyi_sat_mul(3 * sizeof(wy_pos), wyi_upper_bound_positions(r, size));
}

static int pos_cmp(const void *p, const void *q)
{
    const wy_pos *a = p, *b = q;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return a->y < b->y ? -1 : a->y > b->y;
}

static int pos_less(wy_pos a, wy_pos b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

static int vec_push(wyi_pos_vec *v, uint32_t x, uint32_t y)
{
    if (v->n == v->cap) {
        if (v->n >= v->maxn) {
            v->over = 1;
            return 1;
        }
        uint64_t nc = v->cap ? (uint64_t)v->cap * 2 : 4096;
        if (nc > v->maxn)
            nc = v->maxn;
        if (nc > SIZE_MAX / sizeof *v->p) {
            v->nomem = 1;
            return 1;
        }
        wy_pos *q = realloc(v->p, (size_t)nc * sizeof *q);
        if (!q) {
            v->nomem = 1;
            return 1;
        }
        v->p = q;
        v->cap = (size_t)nc;
    }
    v->p[v->n].x = x;
    v->p[v->n].y = y;
    v->n++;
    return 0;
}

static int collect_upper(void *ctx, uint64_t x, uint64_t y) { return vec_push(ctx, (uint32_t)x, (uint32_t)y); }

void wyi_pos_vec_free(wyi_pos_vec *v)
{
    free(v->p);
    memset(v, 0, sizeof *v);
}

wy_status wyi_layer_upper(wyi_pos_vec *v, const wy_rules *rules, wy_side side, uint64_t g, uint64_t size,
                          uint64_t limit, const wy_run *run, char *err, size_t errlen)
{
    uint64_t count = 0;
    memset(v, 0, sizeof *v);
    if (size > UINT32_MAX + (uint64_t)1)
        return wyi_fail(WY_ERANGE, err, errlen,
                        "listing the positions of a %llu x %llu window is beyond 32-bit coordinates (count them "
                        "instead)",
                        (unsigned long long)size, (unsigned long long)size);
    v->maxn = wyi_upper_bound_positions(rules, size);
    wy_status st = wy_layer_scan(rules, side, g, size, limit, collect_upper, v, &count, run, err, errlen);
    v->engine_count = count;
    if (st == WY_ECANCELED && v->over)
        st = wyi_fail(WY_EINTERNAL, err, errlen,
                      "internal error: more than %llu positions of value %llu with x <= y",
                      (unsigned long long)v->maxn, (unsigned long long)g);
    else if (st == WY_ECANCELED && v->nomem)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory keeping the positions of value %llu",
                      (unsigned long long)g);
    if (st != WY_OK)
        wyi_pos_vec_free(v);
    return st;
}

wy_status wyi_layer_full(wyi_pos_vec *v, const wy_rules *rules, wy_side side, uint64_t g, uint32_t rows,
                         uint32_t cols, uint64_t limit, const wy_run *run, char *err, size_t errlen)
{
    const uint64_t size = rows > cols ? rows : cols;
    wy_status st = wyi_layer_upper(v, rules, side, g, size, limit, run, err, errlen);
    if (st != WY_OK)
        return st;
    size_t nm = 0, nu = 0;
    for (size_t i = 0; i < v->n; i++)
        nm += v->p[i].x != v->p[i].y && v->p[i].y < rows && v->p[i].x < cols;
    wy_pos *m = malloc((nm ? nm : 1) * sizeof *m);
    if (!m) {
        wyi_pos_vec_free(v);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory sorting the positions of value %llu",
                        (unsigned long long)g);
    }
    size_t k = 0;
    for (size_t i = 0; i < v->n; i++) {
        wy_pos p = v->p[i];
        if (p.x != p.y && p.y < rows && p.x < cols) {
            m[k].x = p.y;
            m[k].y = p.x;
            k++;
        }
        if (p.x < rows && p.y < cols)
            v->p[nu++] = p; /* nu <= i: compaction in place */
    }
    qsort(m, nm, sizeof *m, pos_cmp);
    const size_t n = nu + nm;
    if (n > v->cap) {
        wy_pos *q = realloc(v->p, n * sizeof *q);
        if (!q) {
            free(m);
            wyi_pos_vec_free(v);
            return wyi_fail(WY_ERANGE, err, errlen, "out of memory sorting the positions of value %llu",
                            (unsigned long long)g);
        }
        v->p = q;
        v->cap = n;
    }
    /* merge from the back; an upper position (x <= y) never equals a mirror
     * image (x > y) */
    size_t i = nu, j = nm, w = n;
    while (j > 0) {
        if (i > 0 && pos_less(m[j - 1], v->p[i - 1]))
            v->p[--w] = v->p[--i];
        else
            v->p[--w] = m[--j];
    }
    v->n = n;
    free(m);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Public                                                              */
/* ------------------------------------------------------------------ */

uint64_t wy_layer_positions_estimate(const wy_rules *rules, wy_side side, uint64_t g, uint32_t rows, uint32_t cols)
{
    if (wy_rules_check(rules, NULL, 0) != WY_OK)
        return UINT64_MAX;
    const uint64_t size = rows > cols ? rows : cols;
    return wyi_sat_add(wy_layer_estimate(rules, side, g, size), wyi_full_list_bytes(rules, size));
}

/* The layer engine's count of a square window against the list's. */
static wy_status count_check(uint64_t engine, uint64_t listed, uint64_t g, char *err, size_t errlen)
{
    if (engine == listed)
        return WY_OK;
    return wyi_fail(WY_EINTERNAL, err, errlen,
                    "internal error: the layer engine counted %llu positions of value %llu, the list holds %llu",
                    (unsigned long long)engine, (unsigned long long)g, (unsigned long long)listed);
}

wy_status wy_layer_positions(wy_pos **out, size_t *n, const wy_rules *rules, wy_side side, uint64_t g,
                             uint32_t rows, uint32_t cols, uint64_t mem_limit, const wy_run *run, char *err,
                             size_t errlen)
{
    *out = NULL;
    *n = 0;
    wy_status st = wy_layer_supported(rules, err, errlen);
    if (st != WY_OK)
        return st;
    if ((st = wy_side_check(rules, side, err, errlen)) != WY_OK)
        return st;
    if (rows == 0 || cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window: sizes must be at least 1");
    const uint64_t size = rows > cols ? rows : cols;
    const uint64_t need = wy_layer_positions_estimate(rules, side, g, rows, cols);
    if (mem_limit && need > mem_limit) {
        char a[32], b[32];
        wy_format_bytes(a, sizeof a, need);
        wy_format_bytes(b, sizeof b, mem_limit);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "listing the positions of value %llu in a %u x %u window needs about %s, more than the "
                        "limit of %s",
                        (unsigned long long)g, rows, cols, a, b);
    }
    wyi_pos_vec v;
    const uint64_t lists = wyi_full_list_bytes(rules, size);
    st = wyi_layer_full(&v, rules, side, g, rows, cols, mem_limit ? (mem_limit > lists ? mem_limit - lists : 1) : 0,
                        run, err, errlen);
    if (st != WY_OK)
        return st;
    if (rows == cols && (st = count_check(v.engine_count, v.n, g, err, errlen)) != WY_OK) {
        wyi_pos_vec_free(&v);
        return st;
    }
    *out = v.p;
    *n = v.n;
    return WY_OK;
}

typedef struct {
    uint64_t rows, cols, count;
} counter;

static int count_fn(void *ctx, uint64_t x, uint64_t y)
{
    counter *c = ctx;
    c->count += x < c->rows && y < c->cols;
    c->count += x != y && y < c->rows && x < c->cols;
    return 0;
}

wy_status wy_layer_count(uint64_t *count, const wy_rules *rules, wy_side side, uint64_t g, uint64_t rows,
                         uint64_t cols, uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    *count = 0;
    if (rows == 0 || cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window: sizes must be at least 1");
    const uint64_t size = rows > cols ? rows : cols;
    counter c = {rows, cols, 0};
    uint64_t engine = 0;
    /* a square window is the scan's own: its count, no call per position
     * (the scan counts in its inner loop) */
    wy_status st = wy_layer_scan(rules, side, g, size, mem_limit, rows == cols ? NULL : count_fn, &c, &engine, run,
                                 err, errlen);
    if (st != WY_OK)
        return st;
    *count = rows == cols ? engine : c.count;
    return WY_OK;
}
