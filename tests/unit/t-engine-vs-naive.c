/*
 * t-engine-vs-naive - differential test of the table engine
 * (wy_table_compute / wy_table_get / wy_table_max) against the naive
 * reference (tests/naive) on random rulesets, on larger windows, on every
 * combination of the option ranges on small windows, and on the papers'
 * rulesets; each request also with the dense and the sparse layout forced
 * (wy_table_compute_run); plus the estimate / mem_limit contract:
 *   - wy_table_estimate > 0, and mem_limit = the estimate is accepted;
 *   - a mem_limit below the estimate (1 byte, one byte below it, below 4
 *     bytes per cell, a random one) gives WY_ERANGE, no table, a message;
 *     likewise one byte below wy_table_estimate_layout for a forced layout;
 *   - huge windows under a 1 GiB limit are refused up front.
 *
 * Environment: WY_SEED (default 20261121; printed), WY_TEST_ITERS
 * (default 1: a few hundred random cases; a third of them under the
 * sanitizers, WY_TEST_SAN=1).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Print the tk_group's verdict; returns 1 if it failed. */
static int group_end(tk_group *g, const char *label)
{
    if (g->failed == 0) {
        printf("PASS %s (%s)\n", g->name, label);
    } else if (g->failed > TK_SHOW_FAILS) {
        printf("FAIL %s: %lu failures in %lu cases (only the first %d shown)\n", g->name,
               g->failed, g->cases, TK_SHOW_FAILS);
    }
    fflush(stdout);
    return g->failed != 0;
}

/* The groups that every request contributes to besides its own. */
typedef struct {
    tk_rng *rng;
    tk_group lim;     /* the estimate / mem_limit contract */
    tk_group layouts; /* forced dense and sparse layouts against the naive values */
} ctx;

#define REQ_FMT "rules=%s window=%lux%lu side=(pass=%lu,heap=%lu)"
#define REQ_ARGS(text, rows, cols, side)                                                        \
    text, (unsigned long)(rows), (unsigned long)(cols), (unsigned long)(side).pass,             \
        (unsigned long)(side).heap

/* Compare a computed table with the naive one (every side state up to
 * `side`, every cell).  Returns 1 (after a FAIL line) on a difference. */
static int compare(tk_group *g, const char *how, const char *text, uint32_t rows, uint32_t cols,
                   wy_side side, const uint32_t *all, const wy_table *t)
{
    if (wy_table_rows(t) != rows || wy_table_cols(t) != cols) {
        tk_fail(g, REQ_FMT "%s: wy_table_rows/cols give %lux%lu", REQ_ARGS(text, rows, cols, side),
                   how, (unsigned long)wy_table_rows(t), (unsigned long)wy_table_cols(t));
        return 1;
    }
    for (uint32_t p = 0; p <= side.pass; p++) {
        for (uint32_t h = 0; h <= side.heap; h++) {
            wy_side s = {p, h};
            uint32_t nmax = 0;
            for (uint32_t x = 0; x < rows; x++) {
                for (uint32_t y = 0; y < cols; y++) {
                    uint32_t want = all[naive_all_index(rows, cols, side.heap, x, y, p, h)];
                    uint32_t got = wy_table_get(t, x, y, s);
                    if (want > nmax)
                        nmax = want;
                    if (got != want) {
                        tk_fail(g,
                                   REQ_FMT "%s cell (x=%lu,y=%lu,pass=%lu,heap=%lu): engine=%lu "
                                   "naive=%lu",
                                   REQ_ARGS(text, rows, cols, side), how, (unsigned long)x,
                                   (unsigned long)y, (unsigned long)p, (unsigned long)h,
                                   (unsigned long)got, (unsigned long)want);
                        return 1;
                    }
                }
            }
            uint32_t emax = wy_table_max(t, s);
            if (emax != nmax) {
                tk_fail(g,
                           REQ_FMT "%s: wy_table_max(pass=%lu,heap=%lu) engine=%lu naive=%lu",
                           REQ_ARGS(text, rows, cols, side), how, (unsigned long)p,
                           (unsigned long)h, (unsigned long)emax, (unsigned long)nmax);
                return 1;
            }
        }
    }
    return 0;
}

static const char *layout_name(wy_layout l)
{
    return l == WY_LAYOUT_DENSE ? "dense" : l == WY_LAYOUT_SPARSE ? "sparse" : "auto";
}

/* Compute under `limit` with `layout`.  Returns the status; *t is the table
 * on WY_OK.  A refusal must leave no table and give a message (FAIL in g
 * otherwise). */
static wy_status compute(wy_table **t, tk_group *g, const char *text, const wy_rules *r,
                         uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                         uint64_t limit, uint64_t est)
{
    char err[WY_ERRLEN] = "";
    *t = NULL;
    wy_status st = layout == WY_LAYOUT_AUTO
                       ? wy_table_compute(t, r, rows, cols, side, limit, err, sizeof err)
                       : wy_table_compute_run(t, r, rows, cols, side, limit, layout, NULL, err, sizeof err);
    if (st == WY_OK && *t == NULL) {
        tk_fail(g, REQ_FMT " layout=%s mem_limit=%llu (estimate %llu): WY_OK but no table",
                   REQ_ARGS(text, rows, cols, side), layout_name(layout),
                   (unsigned long long)limit, (unsigned long long)est);
        return WY_EINTERNAL;
    }
    if (st != WY_OK && (*t != NULL || err[0] == '\0')) {
        tk_fail(g, REQ_FMT " layout=%s mem_limit=%llu (estimate %llu): status %d with %s",
                   REQ_ARGS(text, rows, cols, side), layout_name(layout),
                   (unsigned long long)limit, (unsigned long long)est, (int)st,
                   *t != NULL ? "a table left in *out" : "no message");
        *t = NULL; /* not ours to free */
    }
    return st;
}

/* A limit below the estimate must be refused (the header: "If the estimate
 * exceeds mem_limit nothing is allocated and WY_ERANGE is returned"). */
static void expect_refusal(tk_group *g, const char *what, const char *text, const wy_rules *r,
                           uint32_t rows, uint32_t cols, wy_side side, wy_layout layout,
                           uint64_t limit, uint64_t est)
{
    wy_table *t = NULL;
    wy_status st = compute(&t, g, text, r, rows, cols, side, layout, limit, est);
    if (st != WY_ERANGE)
        tk_fail(g,
                   REQ_FMT " layout=%s mem_limit=%llu (%s; estimate %llu): status %d, want %d "
                   "(WY_ERANGE)",
                   REQ_ARGS(text, rows, cols, side), layout_name(layout),
                   (unsigned long long)limit, what, (unsigned long long)est, (int)st,
                   (int)WY_ERANGE);
    wy_table_free(t);
}

/* Compare the engine with the naive reference on one request: every side
 * state {p <= side.pass, h <= side.heap} and every cell of the window, with
 * mem_limit = the estimate (which must be accepted); the same with each
 * forced layout; then the mem_limit contract on the same request. */
static void check_case(ctx *c, tk_group *g, const char *text, const wy_rules *r, uint32_t rows,
                       uint32_t cols, wy_side side)
{
    g->cases++;
    size_t cells = naive_all_cells(rows, cols, side.pass, side.heap);
    uint32_t *all = cells ? malloc(cells * sizeof *all) : NULL;
    if (all == NULL || naive_table_all(all, r, rows, cols, side.pass, side.heap) != 0) {
        tk_fail(g, REQ_FMT ": naive reference out of memory", REQ_ARGS(text, rows, cols, side));
        free(all);
        return;
    }

    wy_table *t = NULL;
    wy_status st;
    uint64_t est = wy_table_estimate(r, rows, cols, side);

    /* 1. mem_limit = the estimate: accepted, right values */
    st = compute(&t, g, text, r, rows, cols, side, WY_LAYOUT_AUTO, est, est);
    if (st != WY_OK)
        tk_fail(g, REQ_FMT " mem_limit=%llu (= the estimate): status %d, want %d",
                   REQ_ARGS(text, rows, cols, side), (unsigned long long)est, (int)st, (int)WY_OK);
    else
        compare(g, "", text, rows, cols, side, all, t);
    wy_table_free(t);

    /* 2. each forced layout: accepted at its own estimate, reports that
     *    layout, right values; refused one byte below its estimate */
    static const wy_layout forced[2] = {WY_LAYOUT_DENSE, WY_LAYOUT_SPARSE};
    for (int i = 0; i < 2; i++) {
        c->layouts.cases++;
        uint64_t lest = wy_table_estimate_layout(r, rows, cols, side, forced[i]);
        char how[48];
        snprintf(how, sizeof how, " layout=%s", layout_name(forced[i]));
        if (lest == 0) {
            tk_fail(&c->layouts, REQ_FMT "%s: wy_table_estimate_layout returned 0",
                       REQ_ARGS(text, rows, cols, side), how);
            continue;
        }
        st = compute(&t, &c->layouts, text, r, rows, cols, side, forced[i], lest, lest);
        if (st != WY_OK) {
            tk_fail(&c->layouts, REQ_FMT "%s mem_limit=%llu (= its estimate): status %d",
                       REQ_ARGS(text, rows, cols, side), how, (unsigned long long)lest,
                       (int)st);
        } else if (wy_table_layout(t) != forced[i]) {
            tk_fail(&c->layouts, REQ_FMT "%s: wy_table_layout says %s",
                       REQ_ARGS(text, rows, cols, side), how, layout_name(wy_table_layout(t)));
        } else {
            compare(&c->layouts, how, text, rows, cols, side, all, t);
        }
        wy_table_free(t);
        if (lest > 1)
            expect_refusal(&c->lim, "one byte below its layout's estimate", text, r, rows, cols,
                           side, forced[i], lest - 1, lest);
    }

    /* 3. the estimate / mem_limit contract of the default layout */
    c->lim.cases++;
    if (est == 0) {
        tk_fail(&c->lim, REQ_FMT ": wy_table_estimate returned 0",
                   REQ_ARGS(text, rows, cols, side));
    } else if (est > 1) {
        expect_refusal(&c->lim, "1 byte", text, r, rows, cols, side, WY_LAYOUT_AUTO, 1, est);
        expect_refusal(&c->lim, "one byte below the estimate", text, r, rows, cols, side,
                       WY_LAYOUT_AUTO, est - 1, est);
        uint64_t floor_bytes = (uint64_t)rows * cols * 4; /* one layer of the table */
        if (floor_bytes > 1 && floor_bytes - 1 < est)
            expect_refusal(&c->lim, "below 4 bytes per cell", text, r, rows, cols, side,
                           WY_LAYOUT_AUTO, floor_bytes - 1, est);
        uint64_t limit = 1 + tk_rng_next(c->rng) % (est - 1); /* in [1, est - 1] */
        expect_refusal(&c->lim, "random, below the estimate", text, r, rows, cols, side,
                       WY_LAYOUT_AUTO, limit, est);
    }
    free(all);
}

/* Random rulesets, random side states up to the start, random windows. */
static int run_random(ctx *c, uint64_t iters)
{
    tk_group g = {"engine-vs-naive random", 0, 0};
    uint64_t n = (tk_test_san() ? 100 : 300) * iters;
    for (uint64_t i = 0; i < n; i++) {
        tk_spec spec;
        tk_random_spec(c->rng, &spec);
        char text[200], why[2 * WY_ERRLEN];
        tk_spec_text(text, sizeof text, &spec);
        wy_rules r;
        if (tk_spec_rules(&r, &spec, text, why, sizeof why) != 0) {
            g.cases++;
            tk_fail(&g, "%s", why);
            continue;
        }
        wy_side side = {tk_rng_range(c->rng, 0, spec.passes), tk_rng_range(c->rng, 0, spec.heap)};
        uint32_t rows = tk_random_dim(c->rng, 40), cols = tk_random_dim(c->rng, 40);
        check_case(c, &g, text, &r, rows, cols, side);
    }
    char label[64];
    snprintf(label, sizeof label, "%lu cases", g.cases);
    return group_end(&g, label);
}

/* Fewer, larger windows (41..160, smaller with mod=, whose naive option lists
 * are quadratic), where the engine's internal buffers grow; larger max= and
 * mod= values too. */
static int run_larger(ctx *c, uint64_t iters)
{
    tk_group g = {"engine-vs-naive larger windows", 0, 0};
    uint64_t n = (tk_test_san() ? 15 : 40) * iters;
    for (uint64_t i = 0; i < n; i++) {
        tk_spec spec;
        tk_random_spec(c->rng, &spec);
        /* here also larger max= and mod= than the usual ranges */
        if (tk_rng_chance(c->rng, 1, 3))
            spec.max = tk_rng_range(c->rng, 7, 60);
        if (spec.mod && tk_rng_chance(c->rng, 1, 3))
            spec.mod = tk_rng_range(c->rng, 8, 30);
        char text[200], why[2 * WY_ERRLEN];
        tk_spec_text(text, sizeof text, &spec);
        wy_rules r;
        if (tk_spec_rules(&r, &spec, text, why, sizeof why) != 0) {
            g.cases++;
            tk_fail(&g, "%s", why);
            continue;
        }
        /* the naive mod= option lists are quadratic: smaller windows there */
        uint32_t hi = !spec.mod ? 160 : spec.max && spec.max <= 6 ? 120 : 64;
        wy_side side = {tk_rng_range(c->rng, 0, spec.passes), tk_rng_range(c->rng, 0, spec.heap)};
        if (spec.mod && side.pass > 1)
            side.pass = 1;
        if (spec.mod && side.heap > 1)
            side.heap = 1;
        uint32_t rows = tk_rng_range(c->rng, 41, hi), cols = tk_rng_range(c->rng, 41, hi);
        /* sometimes a thin strip */
        if (tk_rng_chance(c->rng, 1, 4))
            rows = tk_rng_range(c->rng, 1, 3);
        else if (tk_rng_chance(c->rng, 1, 4))
            cols = tk_rng_range(c->rng, 1, 3);
        check_case(c, &g, text, &r, rows, cols, side);
    }
    char label[64];
    snprintf(label, sizeof label, "%lu cases", g.cases);
    return group_end(&g, label);
}

/* Every combination of the option ranges, on small random windows, at the
 * start side state (so every side state is compared). */
static int run_every_ruleset(ctx *c)
{
    tk_group g = {"engine-vs-naive every ruleset combination", 0, 0};
    tk_spec spec;
    int started = 0;
    while (tk_spec_next(&spec, &started)) {
        char text[200], why[2 * WY_ERRLEN];
        tk_spec_text(text, sizeof text, &spec);
        wy_rules r;
        if (tk_spec_rules(&r, &spec, text, why, sizeof why) != 0) {
            g.cases++;
            tk_fail(&g, "%s", why);
            continue;
        }
        uint32_t rows = tk_random_dim(c->rng, 9), cols = tk_random_dim(c->rng, 9);
        check_case(c, &g, text, &r, rows, cols, wy_side_start(&r));
    }
    char label[64];
    snprintf(label, sizeof label, "%lu rulesets, windows up to 9x9", g.cases);
    return group_end(&g, label);
}

/* The rulesets of the papers, on fixed windows including edge shapes. */
static int run_papers(ctx *c)
{
    tk_group g = {"engine-vs-naive papers' rulesets", 0, 0};
    static const char *const fixed[] = {
        "wythoff",         "wythoff+pass",  "wythoff+heap=1",  "wythoff+terminal=2",
        "wythoff+terminal=2+misere",        "nim+pass",        "nim+max=31",
        "nim+max=31+pass",
    };
    static const uint32_t windows[][2] = {{64, 64}, {13, 47}, {47, 13}, {1, 64}, {64, 1}, {1, 1}};
    char texts[64][40];
    size_t nt = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        snprintf(texts[nt++], sizeof texts[0], "%s", fixed[i]);
    for (unsigned n = 1; n <= 8; n++)
        snprintf(texts[nt++], sizeof texts[0], "wythoff+max=%u", n);
    for (unsigned m = 1; m <= 9; m++)
        snprintf(texts[nt++], sizeof texts[0], "wythoff+mod=%u", m);

    for (size_t i = 0; i < nt; i++) {
        wy_rules r;
        char err[WY_ERRLEN] = "";
        if (wy_rules_parse(&r, texts[i], err, sizeof err) != WY_OK) {
            g.cases++;
            tk_fail(&g, "wy_rules_parse(\"%s\") failed: %s", texts[i], err);
            continue;
        }
        for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
            check_case(c, &g, texts[i], &r, windows[w][0], windows[w][1], wy_side_start(&r));
        }
    }
    char label[64];
    snprintf(label, sizeof label, "%zu rulesets x %zu windows", nt,
             sizeof windows / sizeof windows[0]);
    return group_end(&g, label);
}

/* Huge requests with a small mem_limit must be refused up front. */
static void run_huge(tk_group *lim)
{
    static const char *const texts[] = {"wythoff", "wythoff+pass=3+heap=3", "nim+max=5",
                                        "wythoff+mod=4+max=6"};
    static const uint32_t dims[][2] = {{100000, 100000}, {UINT32_MAX, 2}, {2, UINT32_MAX},
                                       {UINT32_MAX, UINT32_MAX}};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        wy_rules r;
        char err[WY_ERRLEN] = "";
        if (wy_rules_parse(&r, texts[i], err, sizeof err) != WY_OK) {
            lim->cases++;
            tk_fail(lim, "wy_rules_parse(\"%s\") failed: %s", texts[i], err);
            continue;
        }
        for (size_t d = 0; d < sizeof dims / sizeof dims[0]; d++) {
            lim->cases++;
            wy_side side = wy_side_start(&r);
            uint64_t est = wy_table_estimate(&r, dims[d][0], dims[d][1], side);
            uint64_t limit = UINT64_C(1) << 30;
            wy_table *t = NULL;
            err[0] = '\0';
            wy_status st =
                wy_table_compute(&t, &r, dims[d][0], dims[d][1], side, limit, err, sizeof err);
            if (est <= limit) {
                /* the table needs far more than 2^30 bytes: a smaller estimate
                 * means the estimate wrapped around or undercounts */
                tk_fail(lim,
                           "rules=%s window=%lux%lu: wy_table_estimate returned %llu, not more "
                           "than %llu (overflow?)",
                           texts[i], (unsigned long)dims[d][0], (unsigned long)dims[d][1],
                           (unsigned long long)est, (unsigned long long)limit);
            } else if (st != WY_ERANGE || t != NULL || err[0] == '\0') {
                tk_fail(lim,
                           "rules=%s window=%lux%lu mem_limit=%llu: status %d (want %d), table "
                           "%s, message '%s'",
                           texts[i], (unsigned long)dims[d][0], (unsigned long)dims[d][1],
                           (unsigned long long)limit, (int)st, (int)WY_ERANGE,
                           t ? "returned (want none)" : "none", err);
            }
            if (st == WY_OK)
                wy_table_free(t);
        }
    }
}

int main(void)
{
    uint64_t seed, iters;
    if (tk_seed(&seed) != 0 || tk_iters(&iters) != 0)
        return 1;
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    ctx c = {&rng,
             {"engine estimate and mem_limit", 0, 0},
             {"engine-vs-naive forced dense and sparse layouts", 0, 0}};

    int failed = 0;
    failed |= run_papers(&c);
    failed |= run_random(&c, iters);
    failed |= run_larger(&c, iters);
    failed |= run_every_ruleset(&c);
    run_huge(&c.lim);
    char label[96];
    snprintf(label, sizeof label, "%lu requests", c.layouts.cases);
    failed |= group_end(&c.layouts, label);
    snprintf(label, sizeof label, "%lu requests", c.lim.cases);
    failed |= group_end(&c.lim, label);
    return failed ? 1 : 0;
}
