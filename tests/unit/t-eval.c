/*
 * t-eval.c - the evaluator's new methods against independent ones
 * (src/core/eval.c, eval_layer.c, eval_ppos.c, strip_cache.c):
 *  - the layer engine up to a row (wyi_ex_layer_member) = the table engine
 *    on every position of a window, every side state, values 0..2, for
 *    random rulesets the layer engine covers; and on random positions of a
 *    larger window (rows far below the columns and the reverse);
 *  - winning moves from layer scans (wyi_ex_layer_winning) = the options
 *    that the table engine gives value 0 (wy_moves_list), and the
 *    position's outcome, on random positions; and on huge positions of
 *    wythoff+pass with the pass used (plain Wythoff): every move it lists
 *    reaches a Wythoff pair and the position is P iff it is a pair;
 *  - wy_eval on positions only the layer engine decides (wythoff+pass near
 *    Wythoff's pairs, beyond the table's memory limit): the outcome, and
 *    the value where its value layers give it (small values), = the table
 *    engine's on a window computed directly;
 *  - wy_eval where a closed form gives the outcome and not the value
 *    (wythoff, wythoff+misere, min(x, y) >= 256, the table over the memory
 *    limit): the value from the value layers, or the bound "G > N" of the
 *    reason, against the table engine on a window computed directly;
 *  - rows proved on demand (rows 46..): wy_eval's value = a table computed
 *    directly far past the preperiod; the proof is written to a cache
 *    directory, a new evaluator that may not prove anything reads it back
 *    (value known, the same), and a corrupted file is refused (value not
 *    known without a proof); wythoff+pass by default, wythoff under the
 *    sanitizers, both with WY_TEST_BIG=1;
 *  - wy_eval_ppos from X = the table's positions of value g with a >= X
 *    (layer rulesets, g = 0..2; max=N rulesets, g = 0);
 *  - wy_eval_count (Wythoff's values 0 and 1 in closed form, the
 *    P-positions of wythoff+pass with the pass left) = the count of the
 *    table's cells in random windows R x C, every side state of
 *    wythoff+pass and wythoff+pass=3; = the layer engine's count
 *    (wy_layer_count) in random windows up to 3 10^6 (wythoff values 0 and
 *    1, wythoff+pass with the pass left); at 10^10 = the layer
 *    engine's count measured once (docs/performance.md); at 10^30 (value 0)
 *    = twice the diagonals m >= 1 with floor(m phi) + m < N found by a binary
 *    search on wy_floor_phi, plus (0, 0); WY_EUNDECIDED elsewhere;
 *    wy_count_positions (the ruleset's own evaluator) = the table's count.
 * Environment: WY_SEED (default 20261121), WY_TEST_SAN=1 (smaller),
 * WY_TEST_BIG=1 (larger windows, more rulesets and positions, rows proved
 * on demand of both rulesets: about 30 s instead of 12).
 */
#include "../naive/testkit.h"
#include "../../src/core/exact.h"
#include "wythoff.h"
#include "wythoff_exact.h"
#include "wythoff_automaton.h"
#include "wythoff_layer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static tk_rng rng;
static int san;
static int big; /* WY_TEST_BIG=1: the larger windows and more cases of earlier versions */

static int layer_rules(wy_rules *r, char *text, size_t n)
{
    tk_spec s;
    char err[WY_ERRLEN];
    for (int tries = 0; tries < 1000; tries++) {
        tk_random_spec(&rng, &s);
        s.max = 0;
        s.mod = 0;
        if (tk_spec_text(text, n, &s) && tk_spec_rules(r, &s, text, err, sizeof err) == WY_OK &&
            r->passes <= 2 && r->heap <= 2)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */

/* wyi_ex_layer_member at (a, b) = the table's value there is gv. */
static void check_member(tk_group *g, wy_exact *e, const wy_table *t, const char *text, uint32_t a, uint32_t b,
                         wy_side s, uint64_t gv)
{
    char err[WY_ERRLEN] = "";
    mpz_t x, y;
    mpz_init_set_ui(x, a);
    mpz_init_set_ui(y, b);
    int is = -1;
    g->cases++;
    wy_status st = wyi_ex_layer_member(e, &is, x, y, s, gv, NULL, err, sizeof err);
    int want = wy_table_get(t, a, b, s) == gv;
    if (st != WY_OK || is != want)
        tk_fail(g, "%s (%u, %u) side (%u, %u) g %llu: status %d, member %d, table %d (%s)", text, a, b, s.pass, s.heap,
                (unsigned long long)gv, (int)st, is, want, st ? err : "");
    mpz_clears(x, y, NULL);
}

static int group_member(void)
{
    tk_group g = {"layer engine up to a row = the table engine (every position of a window; random positions)", 0, 0};
    const uint32_t W = san ? 24 : big ? 60 : 40, BIG = san ? 400 : 2000;
    const int nr = san ? 3 : big ? 8 : 5;
    char err[WY_ERRLEN], text[160];
    for (int ri = 0; ri < nr; ri++) {
        wy_rules r;
        if (!layer_rules(&r, text, sizeof text))
            continue;
        wy_exact *e = NULL;
        wy_table *t = NULL;
        wy_side top = wy_side_start(&r);
        if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK ||
            wy_table_compute(&t, &r, BIG, ri % 2 ? 64 : BIG, top, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: setup: %s", text, err);
            wy_exact_free(e);
            continue;
        }
        const uint32_t cols = ri % 2 ? 64 : BIG;
        for (uint32_t p = 0; p <= r.passes; p++)
            for (uint32_t h = 0; h <= r.heap; h++) {
                wy_side s = {p, h};
                for (uint64_t gv = 0; gv <= 2; gv++) {
                    /* every position of W x W (columns < cols) */
                    for (uint32_t a = 0; a < W; a++)
                        for (uint32_t b = 0; b < W && b < cols; b++) {
                            if (gv && (a + b) % 3)
                                continue; /* values 1, 2: a third of the cells */
                            check_member(&g, e, t, text, a, b, s, gv);
                        }
                    /* random positions of the large window: a row far below
                     * the column (the scan stops at the row's bound), both ways */
                    for (int k = 0; k < (san ? 10 : big ? 60 : 30); k++) {
                        uint32_t a = tk_rng_range(&rng, 0, BIG - 1), b = tk_rng_range(&rng, 0, cols - 1);
                        check_member(&g, e, t, text, a, b, s, gv);
                    }
                }
            }
        wy_table_free(t);
        wy_exact_free(e);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int group_winning(void)
{
    tk_group g = {"winning moves from layer scans = the options of value 0 in the table engine", 0, 0};
    const uint32_t W = san ? 60 : big ? 300 : 200;
    /* each position is a few layer scans of up to W rows: 10 x 30 of them
     * take about 20 s here */
    const int nr = san ? 4 : big ? 10 : 5, np = san ? 15 : big ? 30 : 20;
    char err[WY_ERRLEN], text[160];
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    wy_move *mv = malloc(4 * (size_t)W * 4 * sizeof *mv);
    for (int ri = 0; ri < nr && mv; ri++) {
        wy_rules r;
        if (!layer_rules(&r, text, sizeof text))
            continue;
        wy_exact *e = NULL;
        wy_table *t = NULL;
        wy_side top = wy_side_start(&r);
        if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK ||
            wy_table_compute(&t, &r, W, W, top, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: setup: %s", text, err);
            wy_exact_free(e);
            continue;
        }
        for (int k = 0; k < np; k++) {
            uint32_t a = tk_rng_range(&rng, 0, W - 1), b = tk_rng_range(&rng, 0, W - 1);
            wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
            size_t n = 0;
            if (wy_moves_list(mv, 16 * (size_t)W, &n, &r, a, b, s, err, sizeof err) != WY_OK) {
                tk_fail(&g, "%s: wy_moves_list: %s", text, err);
                continue;
            }
            size_t nw = 0;
            for (size_t i = 0; i < n; i++)
                if (wy_table_get(t, mv[i].x, mv[i].y, mv[i].side) == 0)
                    mv[nw++] = mv[i];
            mpz_set_ui(x, a);
            mpz_set_ui(y, b);
            wy_bigmove *bm = NULL;
            size_t bn = 0;
            int is_p = -1;
            g.cases++;
            wy_status st = wyi_ex_layer_winning(e, &bm, &bn, &is_p, x, y, s, NULL, err, sizeof err);
            int ok = st == WY_OK && bn == nw && is_p == (wy_table_get(t, a, b, s) == 0);
            for (size_t i = 0; ok && i < bn; i++)
                ok = bm[i].kind == mv[i].kind && mpz_cmp_ui(bm[i].x, mv[i].x) == 0 &&
                     mpz_cmp_ui(bm[i].y, mv[i].y) == 0 && bm[i].side.pass == mv[i].side.pass &&
                     bm[i].side.heap == mv[i].side.heap;
            if (!ok)
                tk_fail(&g, "%s (%u, %u) side (%u, %u): status %d, %zu moves (table: %zu), P %d (table value %u) %s",
                        text, a, b, s.pass, s.heap, (int)st, bn, nw, is_p, wy_table_get(t, a, b, s),
                        st ? err : "");
            wy_bigmoves_free(bm, bn);
        }
        wy_table_free(t);
        wy_exact_free(e);
    }
    free(mv);
    /* huge positions, the pass used: plain Wythoff, whose P-positions are
     * the pairs (wy_wythoff_is_p: integer square roots) */
    {
        wy_rules r;
        wy_exact *e = NULL;
        wy_rules_parse(&r, "wythoff+pass", err, sizeof err);
        wy_exact_new(&e, &r, 0, err, sizeof err);
        mpz_t n, pa, pb;
        mpz_inits(n, pa, pb, NULL);
        for (int k = 0; e && k < (san ? 4 : big ? 20 : 8); k++) {
            mpz_set_ui(n, tk_rng_range(&rng, 1000, san ? 20000 : 400000));
            wy_wythoff_pair(pa, pb, n);
            mpz_set(x, pa);
            mpz_add_ui(y, pb, tk_rng_range(&rng, 0, 3)); /* the pair or just beside it */
            wy_bigmove *bm = NULL;
            size_t bn = 0;
            int is_p = -1;
            g.cases++;
            wy_status st = wyi_ex_layer_winning(e, &bm, &bn, &is_p, x, y, (wy_side){0, 0}, NULL, err, sizeof err);
            int ok = st == WY_OK && is_p == wy_wythoff_is_p(x, y) && (is_p ? bn == 0 : bn > 0);
            for (size_t i = 0; ok && i < bn; i++)
                ok = wy_wythoff_is_p(bm[i].x, bm[i].y);
            if (!ok)
                gmp_printf("FAIL %s: wythoff+pass (%Zd, %Zd) pass 0: status %d, P %d, %zu moves\n", g.name, x, y,
                           (int)st, is_p, bn),
                    g.failed++;
            wy_bigmoves_free(bm, bn);
        }
        mpz_clears(n, pa, pb, NULL);
        wy_exact_free(e);
    }
    mpz_clears(x, y, NULL);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int group_eval_layer(void)
{
    tk_group g = {"wy_eval by the layer engine (wythoff+pass near Wythoff's pairs) = a table computed directly", 0, 0};
    const uint32_t W = san ? 1500 : big ? 6000 : 4000;
    char err[WY_ERRLEN];
    wy_rules r;
    wy_rules_parse(&r, "wythoff+pass", err, sizeof err);
    wy_table *t = NULL;
    wy_exact *e = NULL;
    /* the evaluator under a limit the table does not fit (it would take
     * the table for small windows, and the exact engine away from pairs) */
    if (wy_table_compute(&t, &r, W, W, wy_side_start(&r), 0, err, sizeof err) != WY_OK ||
        wy_exact_new(&e, &r, 4u << 20, err, sizeof err) != WY_OK) {
        tk_fail(&g, "setup: %s", err);
        wy_table_free(t);
        return tk_group_end(&g);
    }
    wy_answer a;
    wy_answer_init(&a);
    mpz_t x, y, n, pa, pb;
    mpz_inits(x, y, n, pa, pb, NULL);
    unsigned long by_layer = 0, by_value = 0;
    for (int k = 0; k < (san ? 30 : big ? 200 : 100); k++) {
        /* near the pair of n: where Corollary 2 needs Wythoff's value 1 */
        mpz_set_ui(n, tk_rng_range(&rng, W / 4, W * 10 / 27));
        wy_wythoff_pair(pa, pb, n);
        uint32_t px = (uint32_t)mpz_get_ui(pa) + tk_rng_range(&rng, 0, 3) - 1;
        uint32_t py = (uint32_t)mpz_get_ui(pb) + tk_rng_range(&rng, 0, 8) - 4;
        if (px >= W || py >= W)
            continue;
        if (k % 2) {
            uint32_t q = px;
            px = py;
            py = q;
        }
        mpz_set_ui(x, px);
        mpz_set_ui(y, py);
        g.cases++;
        wy_status st = wy_eval(e, &a, x, y, wy_side_start(&r), NULL, err, sizeof err);
        uint32_t v = wy_table_get(t, px, py, wy_side_start(&r));
        if (st != WY_OK || a.outcome != (v ? 'N' : 'P') || (a.has_value && mpz_cmp_ui(a.value, v) != 0))
            tk_fail(&g, "wythoff+pass (%u, %u): status %d outcome %c [%s], table %u (%s)", px, py, (int)st,
                    st ? '?' : a.outcome, st ? "" : a.method, v, st ? err : "");
        by_layer += st == WY_OK && strstr(a.method, "layer") != NULL;
        by_value += st == WY_OK && a.has_value && v && strstr(a.method, "value layers") != NULL;
    }
    g.cases++;
    if (!by_layer || !by_value)
        tk_fail(&g, "%lu positions decided by the layer engine, %lu values from its value layers (the test no longer "
                "tests them)", by_layer, by_value);
    printf("      %lu positions decided by the layer engine, %lu N-positions' values from its value layers\n", by_layer,
           by_value);
    mpz_clears(x, y, n, pa, pb, NULL);
    wy_answer_clear(&a);
    wy_exact_free(e);
    wy_table_free(t);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

/* Issue 26: the outcome known by a closed form, the value not (rows beyond
 * the strips, a table over the memory limit): wy_eval's value from the
 * layer engine's value layers = a table computed directly; where they do
 * not reach it, the reason's bound "G > N" holds in the table. */
static int group_known_value(void)
{
    tk_group g = {"wy_eval: closed-form outcome, value by the value layers (wythoff, wythoff+misere beyond the "
                  "strips) = a table computed directly",
                  0, 0};
    const uint32_t W = san ? 1200 : 2500;
    static const char *const rulesets[] = {"wythoff", "wythoff+misere"};
    char err[WY_ERRLEN];
    unsigned long by_value = 0, bounded = 0;
    for (size_t i = 0; i < 2; i++) {
        wy_rules r;
        wy_rules_parse(&r, rulesets[i], err, sizeof err);
        wy_table *t = NULL;
        wy_exact *e = NULL;
        /* 256 KiB: no table of a window with min(x, y) >= 256 fits */
        if (wy_table_compute(&t, &r, W, W, wy_side_start(&r), 0, err, sizeof err) != WY_OK ||
            wy_exact_new(&e, &r, 256u << 10, err, sizeof err) != WY_OK) {
            tk_fail(&g, "setup %s: %s", rulesets[i], err);
            wy_table_free(t);
            continue;
        }
        wy_answer a;
        wy_answer_init(&a);
        mpz_t x, y, n, pa, pb;
        mpz_inits(x, y, n, pa, pb, NULL);
        for (int k = 0; k < (san ? 20 : 60); k++) {
            uint32_t px, py;
            if (k % 10 == 9) { /* far from the pairs: a large value */
                px = tk_rng_range(&rng, 300, W / 3);
                py = px + tk_rng_range(&rng, px, px + px / 4);
            } else { /* near the pair of n, min(x, y) >= 256 (no strip) */
                mpz_set_ui(n, tk_rng_range(&rng, 160, W * 10 / 27));
                wy_wythoff_pair(pa, pb, n);
                px = (uint32_t)mpz_get_ui(pa) + tk_rng_range(&rng, 0, 4) - 2;
                py = (uint32_t)mpz_get_ui(pb) + tk_rng_range(&rng, 0, 8) - 4;
            }
            if (px >= W || py >= W || px < 256 || py < 256)
                continue;
            if (k % 2) {
                uint32_t q = px;
                px = py;
                py = q;
            }
            mpz_set_ui(x, px);
            mpz_set_ui(y, py);
            g.cases++;
            wy_status st = wy_eval(e, &a, x, y, wy_side_start(&r), NULL, err, sizeof err);
            const uint32_t v = wy_table_get(t, px, py, wy_side_start(&r));
            const char *gt = st == WY_OK && !a.has_value ? strstr(a.why, "G > ") : NULL;
            unsigned long low = 0;
            if (st != WY_OK || a.outcome != (v ? 'N' : 'P') || (a.has_value && mpz_cmp_ui(a.value, v) != 0) ||
                (!a.has_value && (!gt || sscanf(gt, "G > %lu", &low) != 1 || v <= low)))
                tk_fail(&g, "%s (%u, %u): status %d outcome %c value %s [%s; %s], table %u (%s)", rulesets[i], px, py,
                        (int)st, st ? '?' : a.outcome, st || !a.has_value ? "?" : mpz_get_str(err, 10, a.value),
                        st ? "" : a.method, st ? "" : a.why, v, st ? err : "");
            by_value += st == WY_OK && a.has_value && v && strstr(a.method, "value layers") != NULL;
            bounded += st == WY_OK && !a.has_value;
        }
        mpz_clears(x, y, n, pa, pb, NULL);
        wy_answer_clear(&a);
        wy_exact_free(e);
        wy_table_free(t);
    }
    g.cases++;
    if (!by_value || !bounded)
        tk_fail(&g, "%lu values from the value layers, %lu values bounded below (the test no longer tests them)",
                by_value, bounded);
    printf("      %lu N-positions' values from the value layers, %lu bounded below (G > N)\n", by_value, bounded);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int group_demand(void)
{
    tk_group g = {"rows proved on demand = a table far past the preperiod; the cache is read back and checked", 0, 0};
    char err[WY_ERRLEN], dir[512];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/wythoff-t-eval-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        tk_fail(&g, "mkdtemp failed");
        return tk_group_end(&g);
    }
    /* rows 46, 47 (a 48-row strip): wythoff under the sanitizers,
     * wythoff+pass (two layers) by default, both with WY_TEST_BIG=1
     * (wythoff's proof, a few seconds, is also eval.sh's through the tool) */
    const char *rs[] = {"wythoff", "wythoff+pass"};
    const int r0 = san || big ? 0 : 1, r1 = san ? 1 : 2;
    /* beyond the preperiods (about 16000 columns), and 48 C above the 2^22
     * cells up to which the evaluator takes a table first */
    const uint32_t C = 100000;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    wy_answer a;
    wy_answer_init(&a);
    for (int ri = r0; ri < r1; ri++) {
        wy_rules r;
        wy_rules_parse(&r, rs[ri], err, sizeof err);
        wy_side top = wy_side_start(&r);
        wy_table *t = NULL;
        wy_exact *e = NULL, *e2 = NULL, *e3 = NULL;
        if (wy_table_compute(&t, &r, 48, C, top, 0, err, sizeof err) != WY_OK ||
            wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: setup: %s", rs[ri], err);
            wy_table_free(t);
            wy_exact_free(e);
            continue;
        }
        wy_exact_set_cache(e, dir);
        /* the window 48 x C is too large for the evaluator's first table
         * (2^22 cells) but not for its value table: ask beyond it */
        for (uint32_t row = 46; row < 48; row++)
            for (int k = 0; k < 6; k++) {
                uint32_t col = C - 1 - tk_rng_range(&rng, 0, 5000);
                mpz_set_ui(x, row);
                mpz_set_ui(y, col);
                g.cases++;
                wy_status st = wy_exact_eval(e, &a, x, y, top, err, sizeof err);
                /* plain wy_exact_eval proves nothing beyond the tiers ... */
                if (st != WY_OK || (a.has_value && k == 0 && row == 46))
                    tk_fail(&g, "%s (%u, %u): wy_exact_eval status %d, value known %d before any proof", rs[ri], row,
                            col, (int)st, a.has_value);
                /* ... wy_eval does (or reads what it proved) */
                g.cases++;
                st = wy_eval(e, &a, x, y, top, NULL, err, sizeof err);
                uint32_t v = wy_table_get(t, row, col, top);
                if (st != WY_OK || !a.has_value || mpz_cmp_ui(a.value, v) != 0 || !strstr(a.method, "row periodicity"))
                    tk_fail(&g, "%s (%u, %u): wy_eval status %d, value %s [%s], table %u (%s)", rs[ri], row, col,
                            (int)st, a.has_value ? "known" : "unknown", st ? "" : a.method, v, st ? err : "");
                else if (mpz_cmp_ui(a.value, v) != 0)
                    tk_fail(&g, "%s (%u, %u): value differs from the table's %u", rs[ri], row, col, v);
            }
        /* far out: G(x, y + k P) = G(x, y) + k P, checked against the
         * table at y and the strip's value at y + 10^30 (through wy_eval) */
        mpz_set_ui(x, 47);
        mpz_ui_pow_ui(y, 10, 30);
        g.cases++;
        if (wy_eval(e, &a, x, y, top, NULL, err, sizeof err) != WY_OK || !a.has_value)
            tk_fail(&g, "%s (47, 10^30): no value (%s)", rs[ri], err);
        /* a new evaluator that may not prove: the cache alone */
        char path[640];
        snprintf(path, sizeof path, "%s/%s.rows48.strip", dir, rs[ri]);
        g.cases++;
        if (access(path, R_OK) != 0)
            tk_fail(&g, "%s: no cache file %s", rs[ri], path);
        if (wy_exact_new(&e2, &r, 0, err, sizeof err) == WY_OK) {
            wy_exact_set_cache(e2, dir);
            mpz_set_ui(x, 47);
            mpz_set_ui(y, C - 7);
            g.cases++;
            wy_status st = wy_exact_eval(e2, &a, x, y, top, err, sizeof err);
            if (st != WY_OK || !a.has_value || mpz_cmp_ui(a.value, wy_table_get(t, 47, C - 7, top)) != 0)
                tk_fail(&g, "%s (47, %u) from the cache: status %d, value %s", rs[ri], C - 7, (int)st,
                        a.has_value ? "wrong" : "unknown");
        }
        /* a corrupted file (one byte of the values) is refused */
        FILE *f = fopen(path, "r+b");
        if (f) {
            fseek(f, -100, SEEK_END);
            int c = fgetc(f);
            fseek(f, -100, SEEK_END);
            fputc(c ^ 1, f);
            fclose(f);
        }
        if (wy_exact_new(&e3, &r, 0, err, sizeof err) == WY_OK) {
            wy_exact_set_cache(e3, dir);
            mpz_set_ui(x, 47);
            mpz_set_ui(y, C - 7);
            g.cases++;
            wy_status st = wy_exact_eval(e3, &a, x, y, top, err, sizeof err);
            if (st != WY_OK || a.has_value)
                tk_fail(&g, "%s: a corrupted cache file was used (status %d, value known %d)", rs[ri], (int)st,
                        a.has_value);
        }
        unlink(path);
        wy_exact_free(e);
        wy_exact_free(e2);
        wy_exact_free(e3);
        wy_table_free(t);
    }
    rmdir(dir);
    mpz_clears(x, y, NULL);
    wy_answer_clear(&a);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

/* The ruleset text, its W x W table and an evaluator (0 and a FAIL when
 * either cannot be made). */
static int setup(tk_group *g, const char *text, uint32_t W, wy_rules *r, wy_table **t, wy_exact **e)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK ||
        wy_table_compute(t, r, W, W, wy_side_start(r), 0, err, sizeof err) != WY_OK ||
        wy_exact_new(e, r, 0, err, sizeof err) != WY_OK) {
        tk_fail(g, "%s: setup: %s", text, err);
        wy_table_free(*t);
        *t = NULL;
        return 0;
    }
    return 1;
}

static int group_ppos(void)
{
    tk_group g = {"wy_eval_ppos from X = the table's positions of value g with a >= X", 0, 0};
    const uint32_t W = san ? 200 : 600;
    const char *rs[] = {"wythoff+pass", "nim+pass=2", "wythoff+heap=2", "wythoff+terminal=3+misere",
                        "wythoff+max=3", "nim+pass+max=3", "wythoff+pass+max=2"};
    char err[WY_ERRLEN];
    const size_t K = 40;
    mpz_t *a = malloc(K * sizeof *a), *b = malloc(K * sizeof *b), from;
    for (size_t i = 0; i < K; i++)
        mpz_inits(a[i], b[i], NULL);
    mpz_init(from);
    for (size_t ri = 0; ri < sizeof rs / sizeof rs[0]; ri++) {
        wy_rules r;
        wy_table *t = NULL;
        wy_exact *e = NULL;
        if (!setup(&g, rs[ri], W, &r, &t, &e))
            continue;
        const int bounded = r.max != 0;
        for (int k = 0; k < (san ? 6 : 20); k++) {
            uint32_t X = k < 4 ? (uint32_t)k : tk_rng_range(&rng, 0, W / 3);
            uint64_t gv = bounded ? 0 : tk_rng_range(&rng, 0, 2);
            wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
            mpz_set_ui(from, X);
            size_t got = 0;
            g.cases++;
            wy_status st = wy_eval_ppos(e, a, b, NULL, K, &got, from, s, gv, NULL, err, sizeof err);
            if (st != WY_OK) {
                tk_fail(&g, "%s from %u g %llu side (%u, %u): status %d (%s)", rs[ri], X, (unsigned long long)gv,
                        s.pass, s.heap, (int)st, err);
                continue;
            }
            /* the listing inside the window = the table's positions from X
             * up to the last one listed, in order */
            if (!got)
                continue;
            const uint64_t A = mpz_get_ui(a[got - 1]), B = mpz_get_ui(b[got - 1]);
            size_t i = 0;
            int bad = 0;
            for (uint32_t px = X; px <= A && px < W && !bad; px++)
                for (uint32_t py = px; py < W && !bad; py++) {
                    if (px == A && py > B)
                        break;
                    if (wy_table_get(t, px, py, s) != gv)
                        continue;
                    while (i < got && mpz_cmp_ui(b[i], W) >= 0)
                        i++; /* beyond the window */
                    g.cases++;
                    if (i == got || mpz_cmp_ui(a[i], px) != 0 || mpz_cmp_ui(b[i], py) != 0) {
                        gmp_snprintf(err, sizeof err, "entry %zu is (%Zd, %Zd), the table's (%u, %u)", i,
                                     a[i < got ? i : got - 1], b[i < got ? i : got - 1], px, py);
                        tk_fail(&g, "%s from %u g %llu side (%u, %u): %s", rs[ri], X, (unsigned long long)gv, s.pass,
                                s.heap, err);
                        bad = 1;
                    }
                    i++;
                }
            while (!bad && i < got && mpz_cmp_ui(b[i], W) >= 0)
                i++;
            if (!bad && i < got)
                tk_fail(&g, "%s from %u g %llu: entry %zu inside the window but not in the table", rs[ri], X,
                        (unsigned long long)gv, i);
        }
        wy_exact_free(e);
        wy_table_free(t);
    }
    for (size_t i = 0; i < K; i++)
        mpz_clears(a[i], b[i], NULL);
    mpz_clear(from);
    free(a);
    free(b);
    return tk_group_end(&g);
}

/* the number of cells of value gv in the table's window R x C */
static uint64_t table_count(const wy_table *t, uint32_t R, uint32_t C, wy_side s, uint64_t gv)
{
    uint64_t n = 0;
    for (uint32_t x = 0; x < R; x++)
        for (uint32_t y = 0; y < C; y++)
            n += wy_table_get(t, x, y, s) == gv;
    return n;
}

static int group_count(void)
{
    tk_group g = {"wy_eval_count = the table's cells, the layer engine's count, a binary search", 0, 0};
    const uint32_t W = san ? 200 : 500;
    const char *rs[] = {"wythoff", "wythoff+pass", "wythoff+pass=3"};
    char err[WY_ERRLEN];
    mpz_t n, R, C;
    mpz_inits(n, R, C, NULL);
    for (size_t ri = 0; ri < sizeof rs / sizeof rs[0]; ri++) {
        wy_rules r;
        wy_table *t = NULL;
        wy_exact *e = NULL;
        if (!setup(&g, rs[ri], W, &r, &t, &e))
            continue;
        /* every window up to 12 x 12 (where the corrections of the pass
         * game's corner lie), then random ones */
        for (int k = -169; k < (san ? 20 : 60); k++) {
            uint32_t Rw = k < 0 ? (uint32_t)(k + 169) / 13 : k < 3 ? (uint32_t)k : tk_rng_range(&rng, 0, W);
            uint32_t Cw = k < 0 ? (uint32_t)(k + 169) % 13 : k < 3 ? W : tk_rng_range(&rng, 0, W);
            uint64_t gv = tk_rng_range(&rng, 0, 2);
            wy_side s = {tk_rng_range(&rng, 0, r.passes), 0};
            mpz_set_ui(R, Rw);
            mpz_set_ui(C, Cw);
            g.cases++;
            wy_status st = wy_eval_count(e, n, R, C, s, gv, err, sizeof err);
            /* closed forms: values 0 and 1 with no pass left (p even: p mod
             * 2 passes), value 0 with the pass left (paper 000, Corollary 2) */
            int known = (gv <= 1 && s.pass % 2 == 0) || (gv == 0 && s.pass % 2 == 1);
            if (!known) {
                if (st != WY_EUNDECIDED)
                    tk_fail(&g, "%s %u x %u g %llu pass %u: status %d, not WY_EUNDECIDED", rs[ri], Rw, Cw,
                            (unsigned long long)gv, s.pass, (int)st);
                continue;
            }
            uint64_t want = table_count(t, Rw, Cw, s, gv);
            if (st != WY_OK || mpz_cmp_ui(n, want) != 0)
                tk_fail(&g, "%s %u x %u g %llu pass %u: status %d (%s), count %lu, the table's %llu", rs[ri], Rw, Cw,
                        (unsigned long long)gv, s.pass, (int)st, st == WY_OK ? "" : err, mpz_get_ui(n),
                        (unsigned long long)want);
        }
        wy_exact_free(e);
        wy_table_free(t);
    }
    wy_rules r;
    wy_exact *e = NULL;
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
        tk_fail(&g, "wythoff: setup: %s", err);
        mpz_clears(n, R, C, NULL);
        return tk_group_end(&g);
    }
    /* the layer engine in larger windows, R != C included */
    for (int k = 0; k < (san ? 3 : 12); k++) {
        uint64_t Rw = tk_rng_range(&rng, 1, 3000000), Cw = k % 3 ? tk_rng_range(&rng, 1, 3000000) : Rw;
        uint64_t gv = k % 2, want = 0;
        mpz_set_ui(R, Rw);
        mpz_set_ui(C, Cw);
        g.cases++;
        wy_status st = wy_layer_count(&want, &r, wy_side_start(&r), gv, Rw, Cw, 0, NULL, err, sizeof err);
        if (st != WY_OK) {
            tk_fail(&g, "layer count %llu x %llu: %s", (unsigned long long)Rw, (unsigned long long)Cw, err);
            continue;
        }
        st = wy_eval_count(e, n, R, C, wy_side_start(&r), gv, err, sizeof err);
        if (st != WY_OK || mpz_cmp_ui(n, want) != 0)
            tk_fail(&g, "%llu x %llu g %llu: status %d, count %lu, the layer engine's %llu", (unsigned long long)Rw,
                    (unsigned long long)Cw, (unsigned long long)gv, (int)st, mpz_get_ui(n), (unsigned long long)want);
    }
    /* wythoff+pass with the pass left, value 0: the layer engine in larger
     * windows (R != C included) */
    {
        wy_rules q;
        wy_exact *x = NULL;
        wy_rules_parse(&q, "wythoff+pass", err, sizeof err);
        if (wy_exact_new(&x, &q, 0, err, sizeof err) != WY_OK)
            tk_fail(&g, "wythoff+pass: setup: %s", err);
        for (int k = 0; x && k < (san ? 2 : 6); k++) {
            uint64_t Rw = tk_rng_range(&rng, 1, 3000000), Cw = k % 2 ? tk_rng_range(&rng, 1, 3000000) : Rw, want = 0;
            mpz_set_ui(R, Rw);
            mpz_set_ui(C, Cw);
            g.cases++;
            wy_status st = wy_layer_count(&want, &q, wy_side_start(&q), 0, Rw, Cw, 0, NULL, err, sizeof err);
            if (st != WY_OK) {
                tk_fail(&g, "wythoff+pass layer count %llu x %llu: %s", (unsigned long long)Rw,
                        (unsigned long long)Cw, err);
                continue;
            }
            st = wy_eval_count(x, n, R, C, wy_side_start(&q), 0, err, sizeof err);
            if (st != WY_OK || mpz_cmp_ui(n, want) != 0)
                tk_fail(&g, "wythoff+pass %llu x %llu: status %d, count %lu, the layer engine's %llu",
                        (unsigned long long)Rw, (unsigned long long)Cw, (int)st, mpz_get_ui(n),
                        (unsigned long long)want);
        }
        wy_exact_free(x);
    }
    /* value 1 at 10^10: the layer engine's count (ppos wythoff --value 1
     * --size 1e10 --count --engine layer, 137 s; docs/performance.md) */
    g.cases++;
    mpz_set_ui(R, 10000000000UL);
    if (wy_eval_count(e, n, R, R, wy_side_start(&r), 1, err, sizeof err) != WY_OK || mpz_cmp_ui(n, 7639320225UL))
        tk_fail(&g, "value 1 at 10^10: %lu, the layer engine's 7639320225", mpz_get_ui(n));
    /* value 0 at 10^30: 2 #{m >= 1 : floor(m phi) + m < N} + 1 (the pair
     * (a_m, a_m + m) and its mirror, and (0, 0)), the largest such m by a
     * binary search */
    {
        mpz_t lo, hi, mid, f, want;
        mpz_inits(lo, hi, mid, f, want, NULL);
        mpz_ui_pow_ui(R, 10, 30);
        mpz_set_ui(lo, 0); /* floor(lo phi) + lo < N */
        mpz_set(hi, R);    /* floor(hi phi) + hi >= N */
        for (;;) {
            mpz_sub(mid, hi, lo);
            if (mpz_cmp_ui(mid, 1) <= 0)
                break;
            mpz_add(mid, lo, hi);
            mpz_fdiv_q_2exp(mid, mid, 1);
            wy_floor_phi(f, mid);
            mpz_add(f, f, mid);
            if (mpz_cmp(f, R) < 0)
                mpz_set(lo, mid);
            else
                mpz_set(hi, mid);
        }
        mpz_mul_ui(want, lo, 2);
        mpz_add_ui(want, want, 1);
        g.cases++;
        if (wy_eval_count(e, n, R, R, wy_side_start(&r), 0, err, sizeof err) != WY_OK || mpz_cmp(n, want))
            tk_fail(&g, "value 0 at 10^30: the binary search's count differs");
        /* value 1 at 10^30: within the offsets' slack of value 0's (two
         * positions a diagonal pair, the boundary's few diagonals) */
        mpz_t n1;
        mpz_init(n1);
        g.cases++;
        if (wy_eval_count(e, n1, R, R, wy_side_start(&r), 1, err, sizeof err) != WY_OK)
            tk_fail(&g, "value 1 at 10^30: %s", err);
        else {
            mpz_sub(f, n1, n);
            mpz_abs(f, f);
            if (mpz_cmp_ui(f, 40) > 0)
                tk_fail(&g, "value 1 at 10^30 is far from value 0's count");
        }
        mpz_clears(lo, hi, mid, f, want, n1, NULL);
    }
    /* what has no closed form here */
    const char *none[] = {"wythoff+misere", "wythoff+heap=1", "wythoff+terminal=2", "nim", "wythoff+max=3"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        wy_rules q;
        wy_exact *x = NULL;
        wy_rules_parse(&q, none[i], err, sizeof err);
        if (wy_exact_new(&x, &q, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: setup: %s", none[i], err);
            continue;
        }
        mpz_set_ui(R, 100);
        g.cases++;
        if (wy_eval_count(x, n, R, R, wy_side_start(&q), 0, err, sizeof err) != WY_EUNDECIDED)
            tk_fail(&g, "%s: counted, no closed form expected", none[i]);
        wy_exact_free(x);
    }
    g.cases++;
    if (wy_eval_count(e, n, R, R, wy_side_start(&r), 2, err, sizeof err) != WY_EUNDECIDED)
        tk_fail(&g, "wythoff value 2: counted, no closed form expected");
    /* wy_count_positions: the rulesets' own evaluators = the table's count
     * (p passes left as p mod 2); a ruleset with a large heap and passes
     * (whose small table alone would take minutes) is told WY_EUNDECIDED
     * at once, as is a bad side state refused */
    {
        const struct {
            const char *text;
            wy_side s;
            uint64_t g;
        } cc[] = {{"wythoff+pass=3", {3, 0}, 0}, {"wythoff+pass=3", {2, 0}, 1}, {"wythoff", {0, 0}, 1},
                  {"wythoff+pass", {1, 0}, 0}};
        for (size_t i = 0; i < sizeof cc / sizeof cc[0]; i++) {
            wy_rules q;
            wy_table *t = NULL;
            wy_rules_parse(&q, cc[i].text, err, sizeof err);
            g.cases++;
            if (wy_table_compute(&t, &q, 300, 200, cc[i].s, 0, err, sizeof err) != WY_OK) {
                tk_fail(&g, "%s: table: %s", cc[i].text, err);
                continue;
            }
            uint64_t want = table_count(t, 300, 200, cc[i].s, cc[i].g);
            wy_table_free(t);
            mpz_set_ui(R, 300);
            mpz_set_ui(C, 200);
            if (wy_count_positions(n, &q, cc[i].s, cc[i].g, R, C, 0, err, sizeof err) != WY_OK || mpz_cmp_ui(n, want))
                tk_fail(&g, "wy_count_positions %s pass %u g %llu: %lu, the table's %llu", cc[i].text, cc[i].s.pass,
                        (unsigned long long)cc[i].g, mpz_get_ui(n), (unsigned long long)want);
        }
        wy_rules q;
        wy_rules_parse(&q, "wythoff+pass=239055+heap=48403", err, sizeof err);
        g.cases += 2;
        if (wy_count_positions(n, &q, wy_side_start(&q), 0, R, R, 0, err, sizeof err) != WY_EUNDECIDED)
            tk_fail(&g, "wy_count_positions wythoff+pass=239055+heap=48403: not WY_EUNDECIDED");
        wy_rules_parse(&q, "wythoff+pass", err, sizeof err);
        if (wy_count_positions(n, &q, (wy_side){2, 0}, 0, R, R, 0, err, sizeof err) != WY_EINVAL)
            tk_fail(&g, "wy_count_positions wythoff+pass with 2 passes left: not WY_EINVAL");
    }
    mpz_set_si(R, -1);
    g.cases++;
    if (wy_eval_count(e, n, R, R, wy_side_start(&r), 0, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "a negative side is not refused");
    wy_exact_free(e);
    mpz_clears(n, R, C, NULL);
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed = TK_SEED_DEFAULT;
    if (tk_env_u64(&seed, "WY_SEED") < 0)
        return 1;
    printf("seed = %llu\n", (unsigned long long)seed);
    san = tk_test_san();
    big = tk_test_big();
    tk_rng_seed(&rng, seed);
    int bad = 0;
    bad |= group_member();
    bad |= group_winning();
    bad |= group_eval_layer();
    bad |= group_known_value();
    bad |= group_demand();
    bad |= group_ppos();
    bad |= group_count();
    return bad;
}
