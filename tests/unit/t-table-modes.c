/* t-table-modes.c - the table engine gives the same values however the work
 * is laid out: dense or sparse line sets (forced through the memory limit),
 * a window and its transpose, a window and a larger window containing it.
 * The sparse mode on a 3 x 200000 window is checked against the closed forms
 * of Wythoff rows 0, 1, 2 (G(0,y) = y; rows 1 and 2 are additively periodic
 * with period 3: Blass-Fraenkel, and Figure 3 of paper 000 for y <= 8). */
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int ok, const char *name, const char *detail)
{
    if (ok)
        printf("PASS %s\n", name);
    else {
        printf("FAIL %s: %s\n", name, detail);
        failures++;
    }
}

static uint64_t rng_state;
static uint32_t rnd(uint32_t n)
{
    rng_state += 0x9e3779b97f4a7c15ULL;
    uint64_t z = rng_state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (uint32_t)(z % n);
}

static int same(const wy_table *a, const wy_table *b, uint32_t rows, uint32_t cols, wy_side s, int transpose,
                char *why, size_t n)
{
    for (uint32_t x = 0; x < rows; x++)
        for (uint32_t y = 0; y < cols; y++) {
            uint32_t va = wy_table_get(a, x, y, s);
            uint32_t vb = transpose ? wy_table_get(b, y, x, s) : wy_table_get(b, x, y, s);
            if (va != vb) {
                snprintf(why, n, "cell (%u,%u) pass %u heap %u: %u vs %u", x, y, s.pass, s.heap, va, vb);
                return 0;
            }
        }
    return 1;
}

int main(void)
{
    const char *env = getenv("WY_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 10) : 20261121;
    rng_state = seed;
    printf("seed = %llu\n", (unsigned long long)seed);
    char err[WY_ERRLEN], why[256] = "";

    /* sparse mode on a very wide window vs the closed forms of rows 0-2 */
    wy_rules w;
    wy_rules_parse(&w, "wythoff", err, sizeof err);
    wy_side s0 = {0, 0};
    wy_table *t = NULL;
    const uint32_t wide = 200000;
    int ok = wy_table_compute(&t, &w, 3, wide, s0, (uint64_t)1 << 30, err, sizeof err) == WY_OK;
    for (uint32_t y = 0; ok && y < wide; y++) {
        static const int r1[3] = {1, 1, -2}, r2[3] = {2, -1, -1};
        uint32_t e0 = y, e1 = (uint32_t)((int)y + r1[y % 3]), e2 = (uint32_t)((int)y + r2[y % 3]);
        if (wy_table_get(t, 0, y, s0) != e0 || wy_table_get(t, 1, y, s0) != e1 || wy_table_get(t, 2, y, s0) != e2) {
            snprintf(why, sizeof why, "column %u", y);
            ok = 0;
        }
    }
    check(ok, "3 x 200000 wythoff window (sparse lines) matches the closed forms of rows 0-2", why);
    wy_table *tt = NULL;
    ok = wy_table_compute(&tt, &w, wide, 3, s0, (uint64_t)1 << 30, err, sizeof err) == WY_OK &&
         same(t, tt, 3, wide, s0, 1, why, sizeof why);
    check(ok, "200000 x 3 window is the transpose of 3 x 200000", why);
    wy_table_free(t);
    wy_table_free(tt);

    /* random rulesets: dense vs sparse, transpose, sub-window */
    static const char *base[] = {"wythoff", "nim"};
    int n_ok = 0, cases = 120;
    const char *iters = getenv("WY_TEST_ITERS");
    if (iters && atoi(iters) > 1)
        cases *= atoi(iters);
    for (int c = 0; c < cases; c++) {
        char text[128];
        int g = (int)rnd(4) != 0 ? 0 : 1;
        int k = snprintf(text, sizeof text, "%s", base[g]);
        if (rnd(3) == 0)
            k += snprintf(text + k, sizeof text - (size_t)k, "+pass=%u", 1 + rnd(2));
        if (rnd(3) == 0)
            k += snprintf(text + k, sizeof text - (size_t)k, "+heap=%u", 1 + rnd(3));
        if (rnd(3) == 0)
            k += snprintf(text + k, sizeof text - (size_t)k, "+max=%u", 1 + rnd(90));
        if (g == 0 && rnd(3) == 0)
            k += snprintf(text + k, sizeof text - (size_t)k, "+mod=%u", 1 + rnd(9));
        if (rnd(3) == 0)
            k += snprintf(text + k, sizeof text - (size_t)k, "+terminal=%u", rnd(7));
        if (rnd(4) == 0)
            snprintf(text + k, sizeof text - (size_t)k, "+misere");
        wy_rules r;
        if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK) {
            check(0, "random ruleset parses", err);
            continue;
        }
        uint32_t rows = 1 + rnd(60), cols = 1 + rnd(200);
        wy_side top = wy_side_start(&r);
        wy_table *a = NULL, *b = NULL, *tr = NULL, *big = NULL;
        int sa = wy_table_compute_run(&a, &r, rows, cols, top, 0, WY_LAYOUT_DENSE, NULL, err, sizeof err);
        int sb = wy_table_compute_run(&b, &r, rows, cols, top, 0, WY_LAYOUT_SPARSE, NULL, err, sizeof err);
        int st = wy_table_compute(&tr, &r, cols, rows, top, 0, err, sizeof err);
        int sg = wy_table_compute(&big, &r, rows + 7, cols + 3, top, 0, err, sizeof err);
        int good = sa == WY_OK && st == WY_OK && sg == WY_OK && sb == WY_OK && wy_table_layout(a) == WY_LAYOUT_DENSE &&
                   wy_table_layout(b) == WY_LAYOUT_SPARSE;
        for (uint32_t p = 0; good && p <= top.pass; p++)
            for (uint32_t h = 0; good && h <= top.heap; h++) {
                wy_side s = {p, h};
                good = same(a, tr, rows, cols, s, 1, why, sizeof why) && same(a, big, rows, cols, s, 0, why, sizeof why) &&
                       same(a, b, rows, cols, s, 0, why, sizeof why);
            }
        if (!good) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s %ux%u: %s (status %d %d %d %d)", text, rows, cols, why, sa, sb, st, sg);
            check(0, "layouts agree", msg);
        } else
            n_ok++;
        wy_table_free(a);
        wy_table_free(b);
        wy_table_free(tr);
        wy_table_free(big);
    }
    char name[160];
    snprintf(name, sizeof name, "dense/sparse/transposed/larger windows agree on %d random rulesets", n_ok);
    check(n_ok == cases, name, "see above");
    return failures ? 1 : 0;
}
