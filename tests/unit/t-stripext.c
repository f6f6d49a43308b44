/*
 * t-stripext - the strip's columns computed one at a time (src/core/strip_ext.c;
 * docs/engines.md, "Strip columns") against the table engine and the naive
 * reference.
 *
 * Random rulesets (wythoff or nim, pass=0..3, terminal absent or 0..6,
 * misere or not; fixed seed), R = 1..24 rows, a first window of C0 columns
 * (the least C0 the kernel accepts, plus 0..8) from the table engine,
 * extended to C1 and then to C2 (C2 - C0 = 50..400 columns, so the growth
 * of the arrays is exercised): every cell of every layer equals the table
 * engine's window of C2 columns, computed afresh (what the strip's proof
 * read before), and, for the first 160 columns, the naive reference
 * (tests/naive, which lists every option of every cell).  Also: the kernel
 * refuses max=N, heap=, mod=, a first window not beyond the terminal bound
 * or narrower than R, and its memory estimate covers what it holds.
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/core/strip.h"
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAIVE_COLS 160u

static int one_case(tk_group *g, tk_rng *rng, int wyt, uint32_t passes, int has_term, uint32_t term, int misere)
{
    char text[128], err[WY_ERRLEN];
    int n = snprintf(text, sizeof text, "%s", wyt ? "wythoff" : "nim");
    if (passes)
        n += snprintf(text + n, sizeof text - (size_t)n, "+pass=%u", passes);
    if (has_term)
        n += snprintf(text + n, sizeof text - (size_t)n, "+terminal=%u", term);
    if (misere)
        snprintf(text + n, sizeof text - (size_t)n, "+misere");
    wy_rules r;
    if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK) {
        tk_fail(g, "%s: %s", text, err);
        return 1;
    }
    const uint32_t R = tk_rng_range(rng, 1, 24);
    uint32_t M = 1;
    while (M < R)
        M *= 2;
    uint64_t least = has_term ? (uint64_t)term + 2 : 2;
    if (least < M)
        least = M;
    const uint64_t C0 = least + tk_rng_range(rng, 0, 8);
    const uint64_t C2 = C0 + tk_rng_range(rng, 50, 400), C1 = C0 + (C2 - C0) / 3;
    const uint32_t L = passes + 1;
    g->cases++;
    if (!wyi_strip_ext_usable(&r, R, C0) || (least > 1 && wyi_strip_ext_usable(&r, R, least - 1))) {
        tk_fail(g, "%s rows %u: usable at %llu columns but not %llu, expected", text, R,
                (unsigned long long)C0, (unsigned long long)least - 1);
        return 1;
    }
    const wy_side top = {passes, 0};
    wy_table *t0 = NULL, *t2 = NULL;
    wyi_strip_ext *e = NULL;
    int bad = 0;
    if (wy_table_compute(&t0, &r, R, (uint32_t)C0, top, 0, err, sizeof err) != WY_OK ||
        wy_table_compute(&t2, &r, R, (uint32_t)C2, top, 0, err, sizeof err) != WY_OK ||
        wyi_strip_ext_start(&e, &r, R, t0, C0, err, sizeof err) != WY_OK ||
        wyi_strip_ext_extend(e, C1, NULL, err, sizeof err) != WY_OK ||
        wyi_strip_ext_extend(e, C2, NULL, err, sizeof err) != WY_OK) {
        tk_fail(g, "%s rows %u: %s", text, R, err);
        bad = 1;
    }
    for (uint32_t p = 0; !bad && p < L; p++)
        for (uint32_t x = 0; !bad && x < R; x++) {
            const uint32_t *row = wyi_strip_ext_row(e, p, x);
            for (uint64_t y = 0; y < C2 && !bad; y++)
                if (row[y] != wy_table_get(t2, x, (uint32_t)y, (wy_side){p, 0})) {
                    tk_fail(g, "%s rows %u, first window %llu: G(%u, %llu) layer %u = %u, table engine %u", text, R,
                            (unsigned long long)C0, x, (unsigned long long)y, p, row[y],
                            wy_table_get(t2, x, (uint32_t)y, (wy_side){p, 0}));
                    bad = 1;
                }
        }
    if (!bad) {
        const uint32_t nc = C2 < NAIVE_COLS ? (uint32_t)C2 : NAIVE_COLS;
        uint32_t *nv = malloc((size_t)R * nc * sizeof *nv);
        for (uint32_t p = 0; !bad && p < L; p++) {
            if (!nv || naive_table(nv, &r, R, nc, p, 0) != 0) {
                tk_fail(g, "%s: the naive reference failed", text);
                bad = 1;
                break;
            }
            for (uint32_t x = 0; !bad && x < R; x++)
                for (uint32_t y = 0; y < nc && !bad; y++)
                    if (wyi_strip_ext_row(e, p, x)[y] != nv[(size_t)x * nc + y]) {
                        tk_fail(g, "%s rows %u: G(%u, %u) layer %u = %u, naive %u", text, R, x, y, p,
                                wyi_strip_ext_row(e, p, x)[y], nv[(size_t)x * nc + y]);
                        bad = 1;
                    }
        }
        free(nv);
    }
    wyi_strip_ext_free(e);
    wy_table_free(t0);
    wy_table_free(t2);
    return bad;
}

static int check_refusals(void)
{
    tk_group g = {"the kernel refuses max=N, heap=, mod=, windows too narrow; its estimate grows with the window", 0,
                  0};
    const char *no[] = {"wythoff+max=3", "nim+max=1", "wythoff+heap=2", "wythoff+mod=3"};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
        wy_rules r;
        char err[WY_ERRLEN];
        g.cases++;
        if (wy_rules_parse(&r, no[i], err, sizeof err) != WY_OK || wyi_strip_ext_usable(&r, 4, 4096))
            tk_fail(&g, "%s: usable, or not parsed", no[i]);
    }
    wy_rules r;
    char err[WY_ERRLEN];
    if (wy_rules_parse(&r, "wythoff+terminal=100", err, sizeof err) == WY_OK) {
        g.cases += 3;
        if (wyi_strip_ext_usable(&r, 4, 101) || !wyi_strip_ext_usable(&r, 4, 102))
            tk_fail(&g, "terminal=100: the first window must exceed 101 columns");
        if (wyi_strip_ext_usable(&r, 200, 255) || !wyi_strip_ext_usable(&r, 200, 256))
            tk_fail(&g, "200 rows: the first window must hold 256 columns");
        if (wyi_strip_ext_bytes(&r, 128, 1 << 20) < 128ull * (1 << 20) * 4 ||
            wyi_strip_ext_bytes(&r, 128, 1 << 21) <= wyi_strip_ext_bytes(&r, 128, 1 << 20))
            tk_fail(&g, "the estimate is below the values' 4 bytes a cell, or does not grow");
    }
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed;
    if (tk_seed(&seed) != 0)
        return 2;
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    tk_group g = {"strip columns one at a time = table engine = naive reference (random rulesets and windows)", 0,
                  0};
    const unsigned cases = tk_test_san() ? 24 : 120;
    for (unsigned i = 0; i < cases; i++) {
        const int wyt = tk_rng_chance(&rng, 2, 3);
        const uint32_t passes = tk_rng_range(&rng, 0, 3) * (uint32_t)tk_rng_chance(&rng, 2, 3);
        const int has_term = tk_rng_chance(&rng, 1, 3), misere = tk_rng_chance(&rng, 1, 3);
        one_case(&g, &rng, wyt, passes, has_term, has_term ? tk_rng_range(&rng, 0, 6) : 0, misere);
    }
    int failed = tk_group_end(&g);
    failed |= check_refusals();
    return failed ? 1 : 0;
}
