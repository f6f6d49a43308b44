/*
 * t-compare - wy_compare (include/wythoff_compare.h) against the naive
 * reference (tests/naive/) and paper 000.
 *
 *  1. Random pairs of rulesets (tk_random_spec), random side states and
 *     rectangular windows up to 18 x 18: by values (engines AUTO and TABLE),
 *     by the positions of value g = 0, 1, 2 (AUTO, TABLE, and LAYER where
 *     the layer engine covers both; refused with WY_EINVAL otherwise), and
 *     against a list of positions (the naive positions of value g of another
 *     ruleset on a larger window, so that some lie outside).  The callback
 *     must receive exactly the positions where the naive tables differ, in
 *     increasing x then y, with the values the contract promises (the naive
 *     value from the table engine, g or WY_COMPARE_OTHER from the layer
 *     engine and from a list), and the summary (count, only_a/only_b,
 *     bounding box, first, last, nearest, compared) must be the one computed
 *     here from the naive difference list.  The same with a value of its
 *     own for B (wy_compare_gb): A's positions of value g against B's of
 *     value h != g, every engine, and against a list of B's positions of
 *     value h.
 *  2. Paper 000, Definition 12: the P-positions of wythoff+pass (set B) and
 *     wythoff+heap=1 (set C) differ exactly on B xor C (Theorem 4: they agree
 *     for x >= 9 or y >= 9), on a 10^6 window by the layer engine, and on
 *     rectangular windows by both engines.  Corollary 2 through
 *     wy_compare_gb: the P-positions of wythoff+pass and the value-1
 *     positions of wythoff differ exactly on B xor C as well (C is the set of
 *     value-1 positions of wythoff in x, y <= 8, Theorem 1: G2 = G1 xor 1),
 *     and Theorem 1 itself: wythoff+heap=1's P-positions are wythoff's
 *     value-1 positions (no difference).
 *  3. The contract: EINVAL for bad requests (wy_compare_gb by values too), WY_ERANGE over the memory limit
 *     (nothing reported), unsorted or repeated lists, WY_ECANCELED from the
 *     callback and from the progress function in every strategy (ASan checks
 *     for leaks), progress within the plan's work, the same result on 1 and 3
 *     threads.
 *
 * Environment: WY_SEED, WY_TEST_ITERS (40 random pairs per iteration).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_compare.h"
#include "wythoff_layer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t x, y, va, vb;
} rec;

typedef struct {
    rec *r;
    size_t n, cap;
    size_t stop_after; /* 0: never */
    int bad_order;
} recs;

static int rec_fn(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    recs *R = ctx;
    if (R->n && (x < R->r[R->n - 1].x || (x == R->r[R->n - 1].x && y <= R->r[R->n - 1].y)))
        R->bad_order = 1;
    if (R->n == R->cap) {
        size_t nc = R->cap ? 2 * R->cap : 64;
        rec *q = realloc(R->r, nc * sizeof *q);
        if (!q)
            return 1;
        R->r = q;
        R->cap = nc;
    }
    R->r[R->n++] = (rec){x, y, va, vb};
    return R->stop_after && R->n >= R->stop_after;
}

static void recs_clear(recs *R)
{
    free(R->r);
    memset(R, 0, sizeof *R);
}

static int parse(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        printf("FAIL parse %s: %s\n", text, err);
        return 0;
    }
    return 1;
}

/* The summary of a list of differences (in order), computed here. */
static void expect_summary(tk_group *g, const char *what, const wy_compare_summary *s, const rec *e, size_t n,
                           uint32_t rows, uint32_t cols, int set_mode, uint32_t gval)
{
    uint64_t oa = 0, ob = 0;
    uint32_t mnx = UINT32_MAX, mxx = 0, mny = UINT32_MAX, mxy = 0;
    size_t near = 0;
    for (size_t i = 0; i < n; i++) {
        if (set_mode && e[i].va == gval)
            oa++;
        else if (set_mode)
            ob++;
        mnx = e[i].x < mnx ? e[i].x : mnx;
        mxx = e[i].x > mxx ? e[i].x : mxx;
        mny = e[i].y < mny ? e[i].y : mny;
        mxy = e[i].y > mxy ? e[i].y : mxy;
        uint32_t m = e[i].x > e[i].y ? e[i].x : e[i].y;
        uint32_t mn = e[near].x > e[near].y ? e[near].x : e[near].y;
        if (m < mn || (m == mn && (e[i].x < e[near].x || (e[i].x == e[near].x && e[i].y < e[near].y))))
            near = i;
    }
    g->cases++;
    if (s->count != n || s->compared != (uint64_t)rows * cols || s->only_a != oa || s->only_b != ob) {
        tk_fail(g, "%s: summary count %llu compared %llu only %llu/%llu, want %zu %llu %llu/%llu", what,
                (unsigned long long)s->count, (unsigned long long)s->compared, (unsigned long long)s->only_a,
                (unsigned long long)s->only_b, n, (unsigned long long)rows * cols, (unsigned long long)oa,
                (unsigned long long)ob);
        return;
    }
    if (n && (s->min_x != mnx || s->max_x != mxx || s->min_y != mny || s->max_y != mxy || s->first.x != e[0].x ||
              s->first.y != e[0].y || s->last.x != e[n - 1].x || s->last.y != e[n - 1].y ||
              s->nearest.x != e[near].x || s->nearest.y != e[near].y))
        tk_fail(g, "%s: summary box %u-%u x %u-%u first (%u,%u) last (%u,%u) nearest (%u,%u); want %u-%u x %u-%u "
                   "(%u,%u) (%u,%u) (%u,%u)",
                what, s->min_x, s->max_x, s->min_y, s->max_y, s->first.x, s->first.y, s->last.x, s->last.y,
                s->nearest.x, s->nearest.y, mnx, mxx, mny, mxy, e[0].x, e[0].y, e[n - 1].x, e[n - 1].y, e[near].x,
                e[near].y);
}

/* The reported differences against the expected positions; values: exact
 * in value mode; in set mode the membership, and the value itself where
 * the side was computed by the table engine (tv_a/tv_b: the naive tables). */
static void check_recs_gb(tk_group *g, const char *what, const recs *R, const rec *e, size_t n, int set_mode,
                          uint32_t gval, uint32_t gval_b, const wy_compare_summary *s, const uint32_t *tv_a,
                          const uint32_t *tv_b, uint32_t cols)
{
    g->cases++;
    if (R->bad_order) {
        tk_fail(g, "%s: differences not reported in increasing x, then y", what);
        return;
    }
    if (R->n != n) {
        tk_fail(g, "%s: %zu differences reported, naive %zu%s", what, R->n, n, n ? "" : " (none)");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const rec *r = &R->r[i];
        if (r->x != e[i].x || r->y != e[i].y) {
            tk_fail(g, "%s: difference #%zu at (%u, %u), naive (%u, %u)", what, i, r->x, r->y, e[i].x, e[i].y);
            return;
        }
        if (!set_mode) {
            if (r->va != e[i].va || r->vb != e[i].vb) {
                tk_fail(g, "%s: (%u, %u) values %u %u, naive %u %u", what, r->x, r->y, r->va, r->vb, e[i].va, e[i].vb);
                return;
            }
            continue;
        }
        int ina = e[i].va == gval;
        if ((r->va == gval) != ina || (r->vb == gval_b) == ina) {
            tk_fail(g, "%s: (%u, %u) reported %u %u, but naive says %s has value %u", what, r->x, r->y, r->va, r->vb,
                    ina ? "A" : "B", ina ? gval : gval_b);
            return;
        }
        uint32_t wa = s->engine_a == WY_COMPARE_TABLE ? tv_a[(size_t)r->x * cols + r->y]
                                                       : (ina ? gval : WY_COMPARE_OTHER);
        uint32_t wb = s->engine_b == WY_COMPARE_TABLE ? tv_b[(size_t)r->x * cols + r->y]
                                                       : (!ina ? gval_b : WY_COMPARE_OTHER);
        if (r->va != wa || r->vb != wb) {
            tk_fail(g, "%s: (%u, %u) values %u %u, want %u %u (engines %d %d)", what, r->x, r->y, r->va, r->vb, wa, wb,
                    (int)s->engine_a, (int)s->engine_b);
            return;
        }
    }
    expect_summary(g, what, s, e, n, s->compared / (cols ? cols : 1), cols, set_mode, gval);
}

static void check_recs(tk_group *g, const char *what, const recs *R, const rec *e, size_t n, int set_mode,
                       uint32_t gval, const wy_compare_summary *s, const uint32_t *tv_a, const uint32_t *tv_b,
                       uint32_t cols)
{
    check_recs_gb(g, what, R, e, n, set_mode, gval, gval, s, tv_a, tv_b, cols);
}

/* ------------------------------------------------------------------ */
/* 1. Random pairs against the naive reference                         */
/* ------------------------------------------------------------------ */

static int random_pairs(tk_rng *rng, uint64_t iters)
{
    tk_group g = {"wy_compare = naive difference lists (values, value sets, lists; every engine; rectangular "
                  "windows; summaries)",
                  0, 0};
    char err[WY_ERRLEN];
    for (uint64_t it = 0; it < iters * 40 && g.failed < TK_SHOW_FAILS; it++) {
        tk_spec sa, sb;
        tk_random_spec(rng, &sa);
        tk_random_spec(rng, &sb);
        if (tk_rng_chance(rng, 1, 4)) /* often both covered by the layer engine */
            sa.max = sa.mod = sb.max = sb.mod = 0;
        char ta[128], tb[128];
        tk_spec_text(ta, sizeof ta, &sa);
        tk_spec_text(tb, sizeof tb, &sb);
        wy_rules ra, rb;
        if (!parse(&ra, ta) || !parse(&rb, tb))
            return 1;
        wy_side za = {tk_rng_range(rng, 0, ra.passes), tk_rng_range(rng, 0, ra.heap)};
        wy_side zb = {tk_rng_range(rng, 0, rb.passes), tk_rng_range(rng, 0, rb.heap)};
        uint32_t rows = tk_random_dim(rng, 18), cols = tk_random_dim(rng, 18);
        uint32_t *na = malloc(sizeof *na * (rows + 3) * (cols + 3)), *nb = malloc(sizeof *nb * rows * cols);
        uint32_t *nbig = malloc(sizeof *nbig * (rows + 3) * (cols + 3));
        rec *e = malloc(sizeof *e * rows * cols);
        if (!na || !nb || !nbig || !e ||
            naive_table(na, &ra, rows, cols, za.pass, za.heap) || naive_table(nb, &rb, rows, cols, zb.pass, zb.heap) ||
            naive_table(nbig, &rb, rows + 3, cols + 3, zb.pass, zb.heap)) {
            printf("FAIL naive tables for %s / %s\n", ta, tb);
            return 1;
        }
        const int layered = wy_layer_supported(&ra, NULL, 0) == WY_OK && wy_layer_supported(&rb, NULL, 0) == WY_OK;
        const int la = wy_layer_supported(&ra, NULL, 0) == WY_OK;
        char what[400];
        wy_compare_side A = {&ra, za, NULL, 0}, B = {&rb, zb, NULL, 0};
        /* by values */
        size_t n = 0;
        for (uint32_t x = 0; x < rows; x++)
            for (uint32_t y = 0; y < cols; y++)
                if (na[x * cols + y] != nb[x * cols + y])
                    e[n++] = (rec){x, y, na[x * cols + y], nb[x * cols + y]};
        for (int eng = 0; eng < 2; eng++) {
            wy_compare_opts o = {WY_COMPARE_VALUES, 0, rows, cols, eng ? WY_COMPARE_TABLE : WY_COMPARE_AUTO, 0};
            wy_compare_summary s;
            recs R = {0};
            snprintf(what, sizeof what, "%s (%u,%u) vs %s (%u,%u) values %ux%u engine %d", ta, za.pass, za.heap, tb,
                     zb.pass, zb.heap, rows, cols, eng);
            wy_status st = wy_compare(&s, &A, &B, &o, NULL, rec_fn, &R, err, sizeof err);
            if (st != WY_OK)
                tk_fail(&g, "%s: status %d: %s", what, st, err);
            else
                check_recs(&g, what, &R, e, n, 0, 0, &s, na, nb, cols);
            recs_clear(&R);
        }
        /* by the positions of value gv */
        for (uint32_t gv = 0; gv < 3; gv++) {
            n = 0;
            for (uint32_t x = 0; x < rows; x++)
                for (uint32_t y = 0; y < cols; y++)
                    if ((na[x * cols + y] == gv) != (nb[x * cols + y] == gv))
                        e[n++] = (rec){x, y, na[x * cols + y] == gv ? gv : gv + 1, nb[x * cols + y] == gv ? gv : gv + 1};
            for (int eng = 0; eng < 3; eng++) {
                wy_compare_engine en = eng == 0 ? WY_COMPARE_AUTO : eng == 1 ? WY_COMPARE_TABLE : WY_COMPARE_LAYER;
                wy_compare_opts o = {WY_COMPARE_SET, gv, rows, cols, en, 0};
                wy_compare_summary s;
                recs R = {0};
                snprintf(what, sizeof what, "%s (%u,%u) vs %s (%u,%u) value %u %ux%u engine %d", ta, za.pass, za.heap,
                         tb, zb.pass, zb.heap, gv, rows, cols, eng);
                wy_status st = wy_compare(&s, &A, &B, &o, NULL, rec_fn, &R, err, sizeof err);
                g.cases++;
                if (en == WY_COMPARE_LAYER && !layered) {
                    if (st != WY_EINVAL || !strstr(err, "layer engine does not cover"))
                        tk_fail(&g, "%s: status %d (%s), want WY_EINVAL for the layer engine", what, st, err);
                } else if (st != WY_OK) {
                    tk_fail(&g, "%s: status %d: %s", what, st, err);
                } else {
                    if (en == WY_COMPARE_AUTO &&
                        (s.engine_a != (wy_layer_supported(&ra, NULL, 0) == WY_OK ? WY_COMPARE_LAYER : WY_COMPARE_TABLE) ||
                         s.engine_b != (wy_layer_supported(&rb, NULL, 0) == WY_OK ? WY_COMPARE_LAYER : WY_COMPARE_TABLE)))
                        tk_fail(&g, "%s: AUTO chose engines %d %d", what, (int)s.engine_a, (int)s.engine_b);
                    check_recs(&g, what, &R, e, n, 1, gv, &s, na, nb, cols);
                }
                recs_clear(&R);
            }
            /* against a list: B's positions of value gv on a window 3 larger */
            wy_compare_pos *L = malloc(sizeof *L * (rows + 3) * (cols + 3) + sizeof *L);
            size_t nl = 0;
            for (uint32_t x = 0; x < rows + 3; x++)
                for (uint32_t y = 0; y < cols + 3; y++)
                    if (nbig[x * (cols + 3) + y] == gv)
                        L[nl++] = (wy_compare_pos){x, y};
            wy_compare_side BL = {NULL, (wy_side){0, 0}, L, nl};
            for (int eng = 0; eng < 3; eng++) {
                wy_compare_engine en = eng == 0 ? WY_COMPARE_AUTO : eng == 1 ? WY_COMPARE_TABLE : WY_COMPARE_LAYER;
                wy_compare_opts o = {WY_COMPARE_SET, gv, rows, cols, en, 0};
                wy_compare_summary s;
                recs R = {0};
                snprintf(what, sizeof what, "%s (%u,%u) vs a list (%zu positions of %s) value %u %ux%u engine %d", ta,
                         za.pass, za.heap, nl, tb, gv, rows, cols, eng);
                wy_status st = wy_compare(&s, &A, &BL, &o, NULL, rec_fn, &R, err, sizeof err);
                g.cases++;
                if (en == WY_COMPARE_LAYER && !la) {
                    if (st != WY_EINVAL)
                        tk_fail(&g, "%s: status %d (%s), want WY_EINVAL for the layer engine", what, st, err);
                } else if (st != WY_OK) {
                    tk_fail(&g, "%s: status %d: %s", what, st, err);
                } else if (s.engine_b != WY_COMPARE_LIST || (en == WY_COMPARE_AUTO && s.engine_a != WY_COMPARE_TABLE)) {
                    tk_fail(&g, "%s: engines %d %d (want a small window by the table engine, B a list)", what,
                            (int)s.engine_a, (int)s.engine_b);
                } else {
                    check_recs(&g, what, &R, e, n, 1, gv, &s, na, nb, cols);
                }
                recs_clear(&R);
            }
            free(L);
        }
        /* A's positions of value gv against B's of value hv != gv
         * (wy_compare_gb), by each engine and against a list of B's */
        {
            const uint32_t gv = tk_rng_range(rng, 0, 2), hv = (gv + tk_rng_range(rng, 1, 2)) % 3;
            n = 0;
            for (uint32_t x = 0; x < rows; x++)
                for (uint32_t y = 0; y < cols; y++)
                    if ((na[x * cols + y] == gv) != (nb[x * cols + y] == hv))
                        e[n++] = (rec){x, y, na[x * cols + y] == gv ? gv : gv + 1, nb[x * cols + y] == hv ? hv : hv + 1};
            wy_compare_pos *L = malloc(sizeof *L * (rows + 3) * (cols + 3) + sizeof *L);
            size_t nl = 0;
            for (uint32_t x = 0; L && x < rows + 3; x++)
                for (uint32_t y = 0; y < cols + 3; y++)
                    if (nbig[x * (cols + 3) + y] == hv)
                        L[nl++] = (wy_compare_pos){x, y};
            wy_compare_side BL = {NULL, (wy_side){0, 0}, L, nl};
            if (!L)
                tk_fail(&g, "out of memory for a list of positions");
            for (int eng = 0; L && eng < 6; eng++) {
                wy_compare_engine en = eng % 3 == 0 ? WY_COMPARE_AUTO : eng % 3 == 1 ? WY_COMPARE_TABLE : WY_COMPARE_LAYER;
                const wy_compare_side *b = eng < 3 ? &B : &BL;
                const int covered = eng < 3 ? layered : la;
                wy_compare_opts o = {WY_COMPARE_SET, gv, rows, cols, en, 0};
                wy_compare_summary s;
                recs R = {0};
                snprintf(what, sizeof what, "%s (%u,%u) value %u vs %s%s (%u,%u) value %u %ux%u engine %d", ta, za.pass,
                         za.heap, gv, eng < 3 ? "" : "a list of ", tb, zb.pass, zb.heap, hv, rows, cols, eng % 3);
                wy_compare_plan pl;
                wy_status sp = wy_compare_plan_make_gb(&pl, &A, b, &o, hv, 1, err, sizeof err);
                wy_status st = wy_compare_gb(&s, &A, b, &o, hv, NULL, rec_fn, &R, err, sizeof err);
                g.cases++;
                if (en == WY_COMPARE_LAYER && !covered) {
                    if (st != WY_EINVAL || sp != WY_EINVAL)
                        tk_fail(&g, "%s: status %d/%d (%s), want WY_EINVAL for the layer engine", what, sp, st, err);
                } else if (st != WY_OK || sp != WY_OK) {
                    tk_fail(&g, "%s: status %d/%d: %s", what, sp, st, err);
                } else if (pl.engine_a != s.engine_a || pl.engine_b != s.engine_b) {
                    tk_fail(&g, "%s: the plan's engines %d %d, the run's %d %d", what, (int)pl.engine_a,
                            (int)pl.engine_b, (int)s.engine_a, (int)s.engine_b);
                } else {
                    check_recs_gb(&g, what, &R, e, n, 1, gv, hv, &s, na, nb, cols);
                }
                recs_clear(&R);
            }
            free(L);
        }
        free(na);
        free(nb);
        free(nbig);
        free(e);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 2. Paper 000: set B xor set C                                        */
/* ------------------------------------------------------------------ */

static int paper000(void)
{
    tk_group g = {"paper 000, Definition 12 / Theorem 4: P-positions of wythoff+pass and wythoff+heap=1 differ "
                  "exactly on B xor C (10^6 window by the layer engine; rectangular windows, both engines)",
                  0, 0};
    /* Definition 12: B (G1 with the pass), C (G2 with the stone), x, y <= 8 */
    static const uint32_t B[][2] = {{0, 0}, {1, 3}, {3, 1}, {2, 5}, {5, 2}, {4, 8}, {8, 4}, {6, 7}, {7, 6}};
    static const uint32_t C[][2] = {{0, 1}, {1, 0}, {2, 2}, {3, 6}, {6, 3}, {4, 8}, {8, 4}, {5, 7}, {7, 5}};
    wy_rules r1, r2;
    if (!parse(&r1, "wythoff+pass") || !parse(&r2, "wythoff+heap=1"))
        return 1;
    wy_compare_side A = {&r1, wy_side_start(&r1), NULL, 0}, Bs = {&r2, wy_side_start(&r2), NULL, 0};
    static const uint32_t wins[][3] = {{1000000, 1000000, 0}, {3000, 7, 0}, {7, 3000, 0}, {6, 200, 1}, {200, 8, 1},
                                       {9, 9, 1},             {9, 9, 0},    {2000, 1500, 0}, {600, 900, 1}};
    char err[WY_ERRLEN], what[200];
    for (size_t w = 0; w < sizeof wins / sizeof wins[0]; w++) {
        uint32_t rows = wins[w][0], cols = wins[w][1];
        rec e[18];
        size_t n = 0;
        for (uint32_t x = 0; x < 9; x++)
            for (uint32_t y = 0; y < 9; y++) {
                int inb = 0, inc = 0;
                for (int i = 0; i < 9; i++) {
                    inb |= B[i][0] == x && B[i][1] == y;
                    inc |= C[i][0] == x && C[i][1] == y;
                }
                if (inb != inc && x < rows && y < cols)
                    e[n++] = (rec){x, y, inb ? 0 : 1, inc ? 0 : 1};
            }
        wy_compare_opts o = {WY_COMPARE_SET, 0, rows, cols, wins[w][2] ? WY_COMPARE_TABLE : WY_COMPARE_AUTO, 0};
        wy_compare_summary s;
        recs R = {0};
        snprintf(what, sizeof what, "window %u x %u, engine %s", rows, cols, wins[w][2] ? "table" : "auto");
        wy_status st = wy_compare(&s, &A, &Bs, &o, NULL, rec_fn, &R, err, sizeof err);
        g.cases++;
        if (st != WY_OK) {
            tk_fail(&g, "%s: status %d: %s", what, st, err);
        } else if (!wins[w][2] && (s.engine_a != WY_COMPARE_LAYER || s.engine_b != WY_COMPARE_LAYER)) {
            tk_fail(&g, "%s: engines %d %d, want the layer engine", what, (int)s.engine_a, (int)s.engine_b);
        } else {
            g.cases++;
            if (R.n != n)
                tk_fail(&g, "%s: %zu differences, want %zu", what, R.n, n);
            for (size_t i = 0; i < n && i < R.n; i++)
                if (R.r[i].x != e[i].x || R.r[i].y != e[i].y || (R.r[i].va == 0) != (e[i].va == 0))
                    tk_fail(&g, "%s: difference #%zu (%u, %u) A %s, want (%u, %u) A %s", what, i, R.r[i].x, R.r[i].y,
                            R.r[i].va == 0 ? "P" : "N", e[i].x, e[i].y, e[i].va == 0 ? "P" : "N");
            expect_summary(&g, what, &s, e, n, rows, cols, 1, 0);
        }
        recs_clear(&R);
    }
    return tk_group_end(&g);
}

/* Corollary 2 (through wy_compare_gb): for x >= 9 or y >= 9, G1(x, y, 1) = 0
 * iff G1(x, y, 0) = 1: the P-positions of wythoff+pass and the value-1
 * positions of wythoff differ exactly on B xor C, where C, the P-positions
 * of Definition 9 in x, y <= 8 (Lemma 1 (iii)), is the set of value-1
 * positions of wythoff there (Theorem 1: G2(x, y, 1) = G1(x, y, 0) xor 1).
 * Theorem 1 also says that wythoff+heap=1's P-positions are wythoff's
 * value-1 positions: no difference at all. */
static int paper000_cor2(void)
{
    tk_group g = {"paper 000, Corollary 2 / Theorem 1 (wy_compare_gb): P-positions of wythoff+pass and value-1 "
                  "positions of wythoff differ exactly on B xor C; wythoff+heap=1's P-positions are wythoff's "
                  "value-1 positions (10^6 by the layer engine, rectangular windows, both engines, lists)",
                  0, 0};
    static const uint32_t B[][2] = {{0, 0}, {1, 3}, {3, 1}, {2, 5}, {5, 2}, {4, 8}, {8, 4}, {6, 7}, {7, 6}};
    static const uint32_t C[][2] = {{0, 1}, {1, 0}, {2, 2}, {3, 6}, {6, 3}, {4, 8}, {8, 4}, {5, 7}, {7, 5}};
    wy_rules rp, rw, rh;
    if (!parse(&rp, "wythoff+pass") || !parse(&rw, "wythoff") || !parse(&rh, "wythoff+heap=1"))
        return 1;
    wy_compare_side P = {&rp, wy_side_start(&rp), NULL, 0}, W = {&rw, wy_side_start(&rw), NULL, 0},
                    H = {&rh, wy_side_start(&rh), NULL, 0};
    /* C as a list, standing for wythoff's value-1 positions in a 9 x 9 window */
    wy_compare_pos cl[9];
    for (int i = 0; i < 9; i++)
        cl[i] = (wy_compare_pos){C[i][0], C[i][1]};
    for (int i = 1; i < 9; i++) /* sorted by x then y */
        for (int j = i; j > 0 && (cl[j].x < cl[j - 1].x || (cl[j].x == cl[j - 1].x && cl[j].y < cl[j - 1].y)); j--) {
            wy_compare_pos t = cl[j];
            cl[j] = cl[j - 1];
            cl[j - 1] = t;
        }
    wy_compare_side CL = {NULL, {0, 0}, cl, 9};
    static const uint32_t wins[][3] = {{1000000, 1000000, 0}, {3000, 7, 0}, {7, 3000, 2}, {6, 200, 1},
                                       {200, 8, 1},           {9, 9, 1},    {9, 9, 2},    {600, 900, 1}};
    char err[WY_ERRLEN], what[200];
    for (size_t w = 0; w < sizeof wins / sizeof wins[0]; w++) {
        const uint32_t rows = wins[w][0], cols = wins[w][1];
        const wy_compare_engine en = wins[w][2] == 1 ? WY_COMPARE_TABLE : wins[w][2] == 2 ? WY_COMPARE_LAYER
                                                                                          : WY_COMPARE_AUTO;
        rec e[18];
        size_t n = 0;
        for (uint32_t x = 0; x < 9; x++)
            for (uint32_t y = 0; y < 9; y++) {
                int inb = 0, inc = 0;
                for (int i = 0; i < 9; i++) {
                    inb |= B[i][0] == x && B[i][1] == y;
                    inc |= C[i][0] == x && C[i][1] == y;
                }
                if (inb != inc && x < rows && y < cols)
                    e[n++] = (rec){x, y, inb ? 0 : 1, inc ? 1 : 0};
            }
        for (int k = 0; k < 3; k++) {
            /* k = 0: wythoff+pass (0) vs wythoff (1); 1: wythoff+pass vs the
             * list C (only in a 9 x 9 window, where C is all of them);
             * 2: wythoff+heap=1 (0) vs wythoff (1), no difference */
            if (k == 1 && (rows != 9 || cols != 9))
                continue;
            const wy_compare_side *a = k == 2 ? &H : &P, *b = k == 1 ? &CL : &W;
            wy_compare_opts o = {WY_COMPARE_SET, 0, rows, cols, en, 0};
            wy_compare_summary s;
            recs R = {0};
            snprintf(what, sizeof what, "%s vs %s, window %u x %u, engine %d", k == 2 ? "wythoff+heap=1" : "wythoff+pass",
                     k == 1 ? "the list C" : "wythoff value 1", rows, cols, (int)en);
            wy_status st = wy_compare_gb(&s, a, b, &o, 1, NULL, rec_fn, &R, err, sizeof err);
            g.cases++;
            if (st != WY_OK) {
                tk_fail(&g, "%s: status %d: %s", what, st, err);
            } else if (en == WY_COMPARE_AUTO && (s.engine_a != WY_COMPARE_LAYER || s.engine_b != WY_COMPARE_LAYER)) {
                tk_fail(&g, "%s: engines %d %d, want the layer engine", what, (int)s.engine_a, (int)s.engine_b);
            } else {
                const size_t want = k == 2 ? 0 : n;
                g.cases++;
                if (R.n != want)
                    tk_fail(&g, "%s: %zu differences, want %zu", what, R.n, want);
                for (size_t i = 0; i < want && i < R.n; i++)
                    if (R.r[i].x != e[i].x || R.r[i].y != e[i].y || (R.r[i].va == 0) != (e[i].va == 0) ||
                        (R.r[i].vb == 1) != (e[i].vb == 1))
                        tk_fail(&g, "%s: difference #%zu (%u, %u) A %u B %u, want (%u, %u) %s", what, i, R.r[i].x,
                                R.r[i].y, R.r[i].va, R.r[i].vb, e[i].x, e[i].y, e[i].va == 0 ? "in A" : "in B");
                expect_summary(&g, what, &s, e, want, rows, cols, 1, 0);
            }
            recs_clear(&R);
        }
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 3. The contract                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t last, total, calls;
    int bad;
    uint64_t stop_at; /* stop at this call (0: never) */
} prog;

static int prog_fn(void *ctx, uint64_t done, uint64_t total)
{
    prog *p = ctx;
    p->calls++;
    if (done < p->last || done > total || (p->total && total != p->total))
        p->bad = 1;
    p->last = done;
    p->total = total;
    return p->stop_at && p->calls >= p->stop_at;
}

static int contract(void)
{
    tk_group g = {"wy_compare contract: refusals, WY_ERANGE before reporting, cancellation in every strategy, "
                  "progress, threads",
                  0, 0};
    char err[WY_ERRLEN];
    wy_rules w, n, wp, m3;
    if (!parse(&w, "wythoff") || !parse(&n, "nim") || !parse(&wp, "wythoff+pass") || !parse(&m3, "wythoff+max=3"))
        return 1;
    wy_compare_side W = {&w, {0, 0}, NULL, 0}, N = {&n, {0, 0}, NULL, 0}, WP = {&wp, {1, 0}, NULL, 0},
                    M3 = {&m3, {0, 0}, NULL, 0};
    wy_compare_pos lst[] = {{0, 0}, {1, 2}, {2, 1}, {3, 5}, {4, 4}, {5, 3}};
    wy_compare_side L = {NULL, {0, 0}, lst, 6};
    wy_compare_plan pl;
    wy_compare_summary s;
    struct {
        const char *what;
        const wy_compare_side *a, *b;
        wy_compare_opts o;
        const char *msg;
    } bad[] = {
        {"empty window", &W, &N, {WY_COMPARE_VALUES, 0, 0, 5, WY_COMPARE_AUTO, 0}, "empty window"},
        {"a list as side A", &L, &N, {WY_COMPARE_SET, 0, 5, 5, WY_COMPARE_AUTO, 0}, "side A"},
        {"a list by values", &W, &L, {WY_COMPARE_VALUES, 0, 5, 5, WY_COMPARE_AUTO, 0}, "set mode"},
        {"the layer engine for values", &W, &N, {WY_COMPARE_VALUES, 0, 5, 5, WY_COMPARE_LAYER, 0}, "needs tables"},
        {"the layer engine for max=3", &W, &M3, {WY_COMPARE_SET, 0, 5, 5, WY_COMPARE_LAYER, 0}, "max=3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g.cases++;
        wy_status st = wy_compare_plan_make(&pl, bad[i].a, bad[i].b, &bad[i].o, 1, err, sizeof err);
        wy_status st2 = wy_compare(&s, bad[i].a, bad[i].b, &bad[i].o, NULL, NULL, NULL, err, sizeof err);
        if (st != WY_EINVAL || st2 != WY_EINVAL || !strstr(err, bad[i].msg))
            tk_fail(&g, "%s: status %d/%d (%s), want WY_EINVAL naming '%s'", bad[i].what, st, st2, err, bad[i].msg);
    }
    /* a value of its own for B compares sets, not values */
    wy_compare_opts ov = {WY_COMPARE_VALUES, 0, 5, 5, WY_COMPARE_AUTO, 0};
    g.cases++;
    {
        wy_status st = wy_compare_plan_make_gb(&pl, &W, &N, &ov, 1, 1, err, sizeof err);
        wy_status st2 = wy_compare_gb(&s, &W, &N, &ov, 1, NULL, NULL, NULL, err, sizeof err);
        if (st != WY_EINVAL || st2 != WY_EINVAL || !strstr(err, "set mode"))
            tk_fail(&g, "wy_compare_gb by values: status %d/%d (%s), want WY_EINVAL naming 'set mode'", st, st2, err);
    }
    wy_compare_side WP2 = {&wp, {2, 0}, NULL, 0};
    wy_compare_opts o5 = {WY_COMPARE_VALUES, 0, 5, 5, WY_COMPARE_AUTO, 0};
    g.cases++;
    if (wy_compare(&s, &W, &WP2, &o5, NULL, NULL, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "a side state of 2 passes for wythoff+pass: not refused");
    /* unsorted and repeated lists */
    wy_compare_pos uns[] = {{1, 2}, {0, 0}}, rep[] = {{0, 0}, {1, 2}, {1, 2}};
    wy_compare_side U = {NULL, {0, 0}, uns, 2}, Rp = {NULL, {0, 0}, rep, 3};
    wy_compare_opts os = {WY_COMPARE_SET, 0, 5, 5, WY_COMPARE_AUTO, 0};
    g.cases++;
    if (wy_compare(&s, &W, &U, &os, NULL, NULL, NULL, err, sizeof err) != WY_EINVAL ||
        wy_compare(&s, &W, &Rp, &os, NULL, NULL, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "an unsorted or repeated list: not refused");
    /* a list that is right: no difference */
    wy_compare_pos good[] = {{0, 0}, {1, 2}, {2, 1}, {3, 5}, {4, 7}, {5, 3}, {7, 4}};
    wy_compare_side G = {NULL, {0, 0}, good, 7};
    wy_compare_opts o8 = {WY_COMPARE_SET, 0, 8, 8, WY_COMPARE_LAYER, 0};
    g.cases++;
    if (wy_compare(&s, &W, &G, &o8, NULL, NULL, NULL, err, sizeof err) != WY_OK || s.count != 0)
        tk_fail(&g, "wythoff's P-positions of an 8 x 8 window as a list: %llu differences (%s)",
                (unsigned long long)s.count, err);

    /* one request per strategy: over the memory limit, cancelled by fn,
     * cancelled by progress */
    struct {
        const char *what;
        const wy_compare_side *a, *b;
        wy_compare_opts o;
    } strat[] = {
        {"layer / layer", &W, &N, {WY_COMPARE_SET, 0, 3000, 2000, WY_COMPARE_AUTO, 0}},
        {"layer / list", &W, &L, {WY_COMPARE_SET, 0, 3000, 3000, WY_COMPARE_LAYER, 0}},
        {"table / table", &W, &WP, {WY_COMPARE_VALUES, 0, 700, 500, WY_COMPARE_AUTO, 0}},
        {"table / layer list", &M3, &N, {WY_COMPARE_SET, 0, 500, 700, WY_COMPARE_AUTO, 0}},
        {"table / list", &W, &L, {WY_COMPARE_SET, 0, 600, 600, WY_COMPARE_TABLE, 0}},
    };
    for (size_t i = 0; i < sizeof strat / sizeof strat[0]; i++) {
        wy_compare_opts o = strat[i].o;
        if (wy_compare_plan_make(&pl, strat[i].a, strat[i].b, &o, 1, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: plan: %s", strat[i].what, err);
            continue;
        }
        o.mem_limit = pl.bytes - 1;
        recs R = {0};
        g.cases++;
        wy_status st = wy_compare(&s, strat[i].a, strat[i].b, &o, NULL, rec_fn, &R, err, sizeof err);
        char est[32];
        wy_format_bytes(est, sizeof est, pl.bytes);
        if (st != WY_ERANGE || R.n || !strstr(err, est) || !strstr(err, "more than the limit of"))
            tk_fail(&g, "%s: limit 1 byte below the plan's %llu: status %d, %zu reported (%s)", strat[i].what,
                    (unsigned long long)pl.bytes, st, R.n, err);
        recs_clear(&R);
        /* within the plan: runs; the full list, for the checks below */
        o.mem_limit = pl.bytes;
        recs full = {0};
        prog p = {0, 0, 0, 0, 0};
        wy_run run = {1, prog_fn, &p, 0};
        g.cases++;
        st = wy_compare(&s, strat[i].a, strat[i].b, &o, &run, rec_fn, &full, err, sizeof err);
        if (st != WY_OK || full.n < 3 || s.count != full.n)
            tk_fail(&g, "%s: at the plan's limit: status %d, %zu reported (%s)", strat[i].what, st, full.n, err);
        if (p.bad || p.total != pl.work || p.calls == 0)
            tk_fail(&g, "%s: progress out of order or total %llu != plan's work %llu", strat[i].what,
                    (unsigned long long)p.total, (unsigned long long)pl.work);
        /* the callback stops it */
        R.stop_after = 2;
        o.mem_limit = 0;
        g.cases++;
        st = wy_compare(&s, strat[i].a, strat[i].b, &o, NULL, rec_fn, &R, err, sizeof err);
        if (st != WY_ECANCELED || R.n != 2 || s.count != 2)
            tk_fail(&g, "%s: callback stop after 2: status %d, %zu reported", strat[i].what, st, R.n);
        recs_clear(&R);
        /* the progress function stops it */
        prog q = {0, 0, 0, 0, 1};
        wy_run r1 = {1, prog_fn, &q, 0};
        g.cases++;
        st = wy_compare(&s, strat[i].a, strat[i].b, &o, &r1, rec_fn, &R, err, sizeof err);
        if (st != WY_ECANCELED)
            tk_fail(&g, "%s: progress stop: status %d", strat[i].what, st);
        recs_clear(&R);
        /* three threads: the same list */
        wy_run r3 = {3, NULL, NULL, 0};
        g.cases++;
        st = wy_compare(&s, strat[i].a, strat[i].b, &o, &r3, rec_fn, &R, err, sizeof err);
        if (st != WY_OK || R.n != full.n || (R.n && memcmp(R.r, full.r, R.n * sizeof *R.r)))
            tk_fail(&g, "%s: 3 threads: status %d, %zu reported, 1 thread %zu", strat[i].what, st, R.n, full.n);
        recs_clear(&R);
        recs_clear(&full);
    }
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed, iters;
    if (tk_seed(&seed) || tk_iters(&iters))
        return 1;
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    int failed = 0;
    failed += contract();
    failed += paper000();
    failed += paper000_cor2();
    failed += random_pairs(&rng, iters);
    return failed ? 1 : 0;
}
