/*
 * t-heap3 - the three-heap atlas (include/wythoff_atlas.h) against the naive
 * reference (tests/naive/).
 *
 *  1. Random rulesets the atlas covers (tk_random_spec without heap=, max=,
 *     mod=; any pass=K, terminal=T, misere) and sizes 1..14: the sweep and
 *     the layer method (1 and 3 threads) against naive_table_all of
 *     RULES+heap=(N-1), every state (a, b, c, K): f(a, b) is the c of value
 *     0, or WY_HEAP3_NONE when no c < N has it; the counts per slice, the
 *     total and `none` recounted here.
 *  2. F1 in normal play: f(a, b) = G_K(a, b) of the naive two-heap table
 *     where below N, and wy_heap3_findings_compute says so (g2_bad = 0); in
 *     misere play g2_bad is the number of cells where that fails, recounted.
 *  3. The blocked sweep against the plain sweep it replaced and the layer
 *     method: random rulesets, N up to 200, blocks of 1 to 64 slices.
 *  4. The contract: EINVAL for bad arguments and unsupported rulesets (the
 *     message names the option), WY_ERANGE before allocating over the memory
 *     limit (the estimate in the message), WY_ECANCELED from the progress
 *     function in both methods (ASan checks for leaks); wy_plot_array_png's
 *     checks and a PNG signature.
 *
 * Environment: WY_SEED, WY_TEST_ITERS (60 rulesets per iteration in 1, 20 in 3).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/core/internal.h"
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_atlas.h"
#include "wythoff_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int random_rules(tk_rng *g, wy_rules *r, char *text, size_t tlen)
{
    tk_spec s;
    tk_random_spec(g, &s);
    s.heap = s.max = s.mod = 0;
    tk_spec_text(text, tlen, &s);
    char err[WY_ERRLEN];
    return wy_rules_parse(r, text, err, sizeof err) == WY_OK;
}

static int naive_atlas(uint32_t *f, const wy_rules *r, uint32_t n)
{
    wy_rules h = *r;
    h.heap = n - 1;
    size_t cells = naive_all_cells(n, n, r->passes, n - 1);
    uint32_t *all = malloc(cells * sizeof *all);
    if (!all || naive_table_all(all, &h, n, n, r->passes, n - 1) != 0) {
        free(all);
        return 0;
    }
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            f[a * n + b] = WY_HEAP3_NONE;
            for (uint32_t c = 0; c < n; c++)
                if (all[naive_all_index(n, n, n - 1, a, b, r->passes, c)] == 0) {
                    if (f[a * n + b] != WY_HEAP3_NONE) { /* two on a heap line: report as impossible value */
                        f[a * n + b] = WY_HEAP3_NONE - 1;
                        break;
                    }
                    f[a * n + b] = c;
                }
        }
    free(all);
    return 1;
}

static int random_atlases(tk_rng *rng, uint64_t iters)
{
    tk_group g = {"sweep and layer method (1, 3 threads) against the naive reference, random rulesets, N <= 14", 0, 0};
    tk_group g1 = {"F1: f(a, b) = G_K(a, b) of the naive two-heap table in normal play; findings' g2_bad recounted", 0,
                   0};
    for (uint64_t it = 0; it < 60 * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        if (!random_rules(rng, &r, text, sizeof text))
            continue;
        const uint32_t n = tk_random_dim(rng, tk_test_san() ? 9 : 14);
        uint32_t *ref = malloc((size_t)n * n * sizeof *ref), *g2 = malloc((size_t)n * n * sizeof *g2);
        if (!ref || !g2 || !naive_atlas(ref, &r, n) || naive_table(g2, &r, n, n, r.passes, 0) != 0) {
            tk_fail(&g, "%s N %u: the naive reference failed", text, n);
            free(ref), free(g2);
            continue;
        }
        for (int m = 0; m < 3; m++) {
            wy_run run = {m == 2 ? 3u : 1u, NULL, NULL, 0};
            wy_heap3 *a = NULL;
            wy_status st = wy_heap3_compute(&a, &r, n, m ? WY_HEAP3_LAYER : WY_HEAP3_SWEEP, 0, &run, err, sizeof err);
            g.cases++;
            if (st != WY_OK) {
                tk_fail(&g, "%s N %u method %d: status %d: %s", text, n, m, (int)st, err);
                continue;
            }
            uint64_t slice[14] = {0}, total = 0, none = 0;
            for (uint32_t i = 0; i < n * n; i++) {
                g.cases++;
                if (a->f[i] != ref[i]) {
                    tk_fail(&g, "%s N %u method %d: f(%u, %u) = %d, naive %d", text, n, m, i / n, i % n, (int)a->f[i],
                            (int)ref[i]);
                    break;
                }
                if (ref[i] == WY_HEAP3_NONE)
                    none++;
                else if (ref[i] < n)
                    slice[ref[i]]++, total++;
            }
            g.cases++;
            if (a->total != total || a->none != none || a->size != n || a->passes != r.passes ||
                memcmp(a->slice, slice, n * sizeof *slice) != 0)
                tk_fail(&g, "%s N %u method %d: counts total %llu none %llu, recounted %llu %llu", text, n, m,
                        (unsigned long long)a->total, (unsigned long long)a->none, (unsigned long long)total,
                        (unsigned long long)none);
            if (m == 0) {
                uint64_t bad = 0;
                for (uint32_t i = 0; i < n * n; i++)
                    bad += g2[i] < n ? a->f[i] != g2[i] : a->f[i] != WY_HEAP3_NONE;
                g1.cases++;
                if (!r.misere && bad)
                    tk_fail(&g1, "%s N %u: f differs from G_K at %llu cells", text, n, (unsigned long long)bad);
                wy_heap3_findings fd;
                st = wy_heap3_findings_compute(&fd, a, 0, NULL, err, sizeof err);
                g1.cases++;
                if (st != WY_OK || fd.g2_bad != bad || fd.size != n)
                    tk_fail(&g1, "%s N %u: findings status %d, g2_bad %llu, recounted %llu (%s)", text, n, (int)st,
                            (unsigned long long)fd.g2_bad, (unsigned long long)bad, err);
            }
            wy_heap3_free(a);
        }
        free(ref);
        free(g2);
    }
    return tk_group_end(&g) | tk_group_end(&g1);
}

/* The blocked sweep (the library's) against the plain sweep it replaced (one
 * slice at a time, every side state's whole atlas; wyi_heap3_compute with
 * plain = 1) and against the layer method: random rulesets and windows of
 * several 64-bit words, blocks of 1, 2, 3, 5 and 64 slices and the sweep's
 * own choice, every cell and the counts. */
static int blocked_vs_plain(tk_rng *rng, uint64_t iters)
{
    tk_group g = {"the blocked sweep (blocks 1, 2, 3, 5, 64, auto) against the plain sweep and the layer method, "
                  "random rulesets, N <= 200",
                  0, 0};
    static const uint32_t blocks[] = {1, 2, 3, 5, 64, 0};
    for (uint64_t it = 0; it < 20 * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        if (!random_rules(rng, &r, text, sizeof text))
            continue;
        const uint32_t n = tk_rng_range(rng, 1, tk_test_san() ? 80 : 200);
        wy_heap3 *ref = NULL, *lay = NULL;
        wy_run one = {1, NULL, NULL, 0};
        wy_status st = wyi_heap3_compute(&ref, &r, n, WY_HEAP3_SWEEP, 1, 0, 0, &one, err, sizeof err);
        g.cases++;
        if (st != WY_OK) {
            tk_fail(&g, "%s N %u: the plain sweep: status %d: %s", text, n, (int)st, err);
            continue;
        }
        if (n <= 64 && !tk_test_san()) { /* the layer method: N^3 row steps */
            wy_run two = {2, NULL, NULL, 0};
            st = wy_heap3_compute(&lay, &r, n, WY_HEAP3_LAYER, 0, &two, err, sizeof err);
            g.cases++;
            if (st != WY_OK || memcmp(lay->f, ref->f, (size_t)n * n * sizeof *ref->f) != 0)
                tk_fail(&g, "%s N %u: the plain sweep and the layer method differ (status %d: %s)", text, n, (int)st,
                        st == WY_OK ? "" : err);
            wy_heap3_free(lay);
        }
        for (size_t k = 0; k < sizeof blocks / sizeof blocks[0]; k++) {
            wy_heap3 *a = NULL;
            st = wyi_heap3_compute(&a, &r, n, WY_HEAP3_SWEEP, 0, blocks[k], 0, &one, err, sizeof err);
            g.cases++;
            if (st != WY_OK) {
                tk_fail(&g, "%s N %u block %u: status %d: %s", text, n, blocks[k], (int)st, err);
                continue;
            }
            for (uint32_t i = 0; i < n * n; i++)
                if (a->f[i] != ref->f[i]) {
                    tk_fail(&g, "%s N %u block %u: f(%u, %u) = %d, plain sweep %d", text, n, blocks[k], i / n, i % n,
                            (int)a->f[i], (int)ref->f[i]);
                    break;
                }
            g.cases++;
            if (a->total != ref->total || a->none != ref->none || memcmp(a->slice, ref->slice, n * sizeof *a->slice))
                tk_fail(&g, "%s N %u block %u: the counts differ", text, n, blocks[k]);
            wy_heap3_free(a);
        }
        wy_heap3_free(ref);
    }
    return tk_group_end(&g);
}

static int stop_at(void *ctx, uint64_t done, uint64_t total)
{
    (void)total;
    return done >= *(uint64_t *)ctx;
}

static int sink(void *ctx, const void *data, size_t len)
{
    unsigned char *first = ctx;
    if (first[8] == 0 && len >= 8)
        memcpy(first, data, 8), first[8] = 1;
    return 0;
}

static int contract(void)
{
    tk_group g = {"the contract: bad arguments, unsupported rulesets, memory limit, cancel, plot checks", 0, 0};
    char err[WY_ERRLEN];
    wy_rules r;
    wy_heap3 *a = (wy_heap3 *)&r; /* must be reset to NULL on failure */
    wy_rules_parse(&r, "nim+pass", err, sizeof err);
    static const struct {
        const char *rules, *word;
    } bad[] = {{"nim+pass+heap=1", "heap=1"}, {"wythoff+pass+max=2", "max=2"}, {"wythoff+pass+mod=3", "mod=3"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wy_rules b;
        wy_rules_parse(&b, bad[i].rules, err, sizeof err);
        err[0] = 0;
        g.cases += 3;
        if (wy_heap3_compute(&a, &b, 8, WY_HEAP3_SWEEP, 0, NULL, err, sizeof err) != WY_EINVAL || a ||
            !strstr(err, bad[i].word))
            tk_fail(&g, "%s: not WY_EINVAL naming %s ('%s')", bad[i].rules, bad[i].word, err);
        if (wy_heap3_estimate(&b, 8, WY_HEAP3_SWEEP, NULL) != UINT64_MAX)
            tk_fail(&g, "%s: an estimate", bad[i].rules);
        if (wy_heap3_supported(&b, NULL, 0) != WY_EINVAL)
            tk_fail(&g, "%s: supported", bad[i].rules);
    }
    g.cases += 4;
    if (wy_heap3_compute(NULL, &r, 8, WY_HEAP3_SWEEP, 0, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "out NULL accepted");
    if (wy_heap3_compute(&a, &r, 0, WY_HEAP3_SWEEP, 0, NULL, err, sizeof err) != WY_EINVAL || a)
        tk_fail(&g, "size 0 accepted");
    if (wy_heap3_compute(&a, &r, WY_HEAP3_MAX_SIZE + 1, WY_HEAP3_SWEEP, 0, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "size above the maximum accepted");
    if (wy_heap3_compute(&a, &r, 8, (wy_heap3_method)7, 0, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "an unknown method accepted");
    /* the memory limit: refused with the estimate, and the estimate suffices */
    for (int m = 0; m < 2; m++) {
        uint64_t need = wy_heap3_estimate(&r, 300, (wy_heap3_method)m, NULL);
        err[0] = 0;
        g.cases += 2;
        if (wy_heap3_compute(&a, &r, 300, (wy_heap3_method)m, need - 1, NULL, err, sizeof err) != WY_ERANGE || a ||
            !strstr(err, "needs about"))
            tk_fail(&g, "method %d: limit %llu below the estimate not refused ('%s')", m,
                    (unsigned long long)(need - 1), err);
        if (wy_heap3_compute(&a, &r, m ? 40 : 300, (wy_heap3_method)m,
                             wy_heap3_estimate(&r, m ? 40 : 300, (wy_heap3_method)m, NULL), NULL, err,
                             sizeof err) != WY_OK)
            tk_fail(&g, "method %d: the estimate as the limit refused: %s", m, err);
        wy_heap3_free(a);
        a = NULL;
    }
    /* cancel */
    for (int m = 0; m < 2; m++) {
        uint64_t at = 5;
        wy_run run = {m ? 2u : 1u, stop_at, &at, 0};
        g.cases++;
        if (wy_heap3_compute(&a, &r, 40, (wy_heap3_method)m, 0, &run, err, sizeof err) != WY_ECANCELED || a)
            tk_fail(&g, "method %d: progress returning 1 did not cancel", m);
    }
    /* findings */
    wy_heap3_findings fd;
    g.cases += 2;
    if (wy_heap3_findings_compute(&fd, NULL, 0, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "findings of NULL accepted");
    if (wy_heap3_compute(&a, &r, 64, WY_HEAP3_SWEEP, 0, NULL, err, sizeof err) != WY_OK ||
        wy_heap3_findings_compute(&fd, a, 1000, NULL, err, sizeof err) != WY_ERANGE)
        tk_fail(&g, "findings over a 1000-byte limit not refused");
    /* the picture */
    unsigned char first[9] = {0};
    g.cases += 4;
    if (wy_plot_array_estimate(0, 4, 0) != 0 || wy_plot_array_estimate(4, WY_PLOT_HEATMAP_MAX + 1, 0) != 0)
        tk_fail(&g, "plot estimate of a bad size not 0");
    if (wy_plot_array_png(NULL, 4, 4, 0, 1, 0, NULL, sink, first, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "plot of NULL accepted");
    if (wy_plot_array_png(a->f, 64, 64, WY_HEAP3_NONE, 63, 65, NULL, sink, first, err, sizeof err) != WY_EINVAL)
        tk_fail(&g, "cell 65 accepted");
    if (wy_plot_array_png(a->f, 64, 64, WY_HEAP3_NONE, 63, 0, "t", sink, first, err, sizeof err) != WY_OK ||
        memcmp(first, "\x89PNG\r\n\x1a\n", 8) != 0)
        tk_fail(&g, "no PNG: %s", err);
    wy_heap3_free(a);
    wy_heap3_free(NULL);
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed, iters;
    if (tk_seed(&seed) != 0 || tk_iters(&iters) != 0)
        return 2;
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    int bad = random_atlases(&rng, iters);
    bad |= blocked_vs_plain(&rng, iters);
    bad |= contract();
    return bad;
}
