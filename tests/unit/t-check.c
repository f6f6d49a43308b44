/*
 * t-check - `wythoff check`'s library side (include/wythoff_check.h) and the
 * generic kinds of check behind it (src/check/check_internal.h).
 *
 *  1. The registry: ids unique, wy_claim_find / wy_claim_get consistent,
 *     every claim described, the six recorded errata registered.
 *  2. Every registered claim through wy_claim_check at small limits (3000
 *     for WY_SCALE_ROWS, 96 for WY_SCALE_TABLE, 12 for WY_SCALE_PARAM, the
 *     printed window for WY_SCALE_FIXED): the verdict is PASS, except for the
 *     six statements docs/errata.md records as false as printed, which must
 *     be ERRATUM (001.thm1: P1 omits (1,1); 001.thm2: "G=0" should be "G=1";
 *     002.thm1.1: no mirror images; 002.thm2.3: "fewer than q"; 002.thm1.2
 *     and 002.prop3.1: "fewer than n" and no mirror images).  The range is
 *     non-empty and the reported limit is the one asked for.
 *  3. Key details of some claims, with values found here independently,
 *     from the naive reference (tests/naive) or plain arithmetic written in
 *     this file (never from the tool's output): the thresholds of 000.thm4
 *     and 000.cor2 are not sharp (largest difference at max(x, y) = 7), the
 *     counterexample (1, 1) of 001.thm1 and that the corrected formula is
 *     exact, the first counterexamples of 001.thm2, 002.thm2.3 (q = 2 at
 *     (0, 2)), 002.thm1.2 and 002.prop3.1, the count of 002.thm1.1; the
 *     counts 000.thm1, 002.thm2.2 and glayers.* report of their own
 *     computations (the mex recursion, three-pile Nim's recursion, the table
 *     engine's window).  That every claim FAILs on a wrong engine answer is
 *     tests/unit/t-check-mutate.c.
 *  4. Each kind of check fed deliberately false claims (and a true control):
 *     the printed Figure 3 of paper 000 with cells changed, set A of
 *     Definition 12 with positions removed, added, or outside the window,
 *     Wythoff-pair generators that are shifted or have an extra position,
 *     Theorem 4 with threshold 7 (and 8, 9), squared distance bounds 8, 4, 1
 *     for Wythoff's value-1 positions (the first beyond 8 is at 9, near
 *     (93, 146)), a nim formula a+b or |a-b| instead of a xor b.  FAIL must name the
 *     smallest counterexample with the values computed here.
 *  5. Errors: a bad index, a memory limit too small (WY_ERANGE with the
 *     estimate), cancellation, an unknown id.
 *
 * Exit code 1 of `wythoff check` cannot be provoked from the command line
 * (every real claim passes or is an erratum); section 4 is where FAIL is
 * tested.
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/check/check_internal.h"
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------ */
/* Independent references                                              */
/* ------------------------------------------------------------------ */

/* The naive reference's values of (x, y, pass, heap), 0 <= x, y < w, at
 * t[x * w + y]; NULL (and a FAIL line) on error. */
static uint32_t *naive_window(const char *rules, uint32_t w, uint32_t pass, uint32_t heap)
{
    wy_rules r;
    char err[WY_ERRLEN];
    if (wy_rules_parse(&r, rules, err, sizeof err) != WY_OK) {
        printf("FAIL naive %s: %s\n", rules, err);
        return NULL;
    }
    uint32_t *t = malloc((size_t)w * w * sizeof *t);
    if (!t || naive_table(t, &r, w, w, pass, heap) != 0) {
        printf("FAIL naive %s: table %u x %u failed\n", rules, w, w);
        free(t);
        return NULL;
    }
    return t;
}

/* Flags: f[x * w + y] = (t[x * w + y] == g). */
static uint8_t *value_set(const uint32_t *t, uint32_t w, uint32_t g)
{
    uint8_t *f = malloc((size_t)w * w);
    if (!f) return NULL;
    for (size_t i = 0; i < (size_t)w * w; i++) f[i] = t[i] == g;
    return f;
}

/* Wythoff's pairs by the classical greedy (mex) construction, no floating
 * point and no square roots: lower[k] = the smallest positive integer not in
 * an earlier pair, upper = lower + k.  lower[0] = 0.  Fills k < count. */
static uint32_t *wythoff_lower(uint32_t count)
{
    uint32_t *lo = malloc((size_t)count * sizeof *lo);
    uint8_t *used = calloc((size_t)3 * count + 8, 1);
    if (!lo || !used) {
        free(lo);
        free(used);
        return NULL;
    }
    lo[0] = 0;
    uint32_t next = 1;
    for (uint32_t k = 1; k < count; k++) {
        while (used[next]) next++;
        lo[k] = next;
        used[next] = 1;
        used[next + k] = 1;
    }
    free(used);
    return lo;
}

/* The expected result of comparing two symmetric sets (x <= y form). */
typedef struct {
    uint64_t count, in_region, max_coord, ca, cb;
    uint32_t fx, fy, rx, ry, mx, my;  /* first; first in the region; first with max(x, y) = max_coord */
    int fside, rside; /* 1: only in A, 2: only in B */
    uint32_t kx[CK_KEEP], ky[CK_KEEP];/* the first CK_KEEP differences */
    int kside[CK_KEEP];
} exp_diff;

static void diff_sets(const uint8_t *a, const uint8_t *b, uint32_t w, uint32_t threshold, exp_diff *e)
{
    memset(e, 0, sizeof *e);
    for (uint32_t x = 0; x < w; x++)
        for (uint32_t y = x; y < w; y++) {
            int ia = a[(size_t)x * w + y], ib = b[(size_t)x * w + y];
            e->ca += (uint64_t)ia;
            e->cb += (uint64_t)ib;
            if (ia == ib) continue;
            int side = ia ? 1 : 2;
            if (!e->count) e->fx = x, e->fy = y, e->fside = side;
            if (e->count < CK_KEEP) e->kx[e->count] = x, e->ky[e->count] = y, e->kside[e->count] = side;
            /* scanning x, then y: the first one seen at a new largest y has the smallest x */
            if (!e->count || y > e->max_coord || (y == e->max_coord && x < e->mx))
                e->max_coord = y, e->mx = x, e->my = y;
            e->count++;
            if (y >= threshold) {
                if (!e->in_region) e->rx = x, e->ry = y, e->rside = side;
                e->in_region++;
            }
        }
}

static int has(const char *hay, const char *needle) { return strstr(hay, needle) != NULL; }

/* ck_threshold_verdict's text for a threshold above every difference. */
static void not_sharp_text(char *buf, size_t len, const exp_diff *e)
{
    snprintf(buf, len,
             "Threshold not sharp: every difference has max(x, y) <= %llu, so the statement holds for x >= %llu or y >= %llu, and no smaller threshold works: (%u, %u) differs. ",
             (unsigned long long)e->max_coord, (unsigned long long)e->max_coord + 1,
             (unsigned long long)e->max_coord + 1, e->mx, e->my);
}

/* Its list of the first differences: "Differences ...: N: (x,y)A ..." */
static void diff_list_text(char *buf, size_t len, const exp_diff *e)
{
    size_t k = (size_t)snprintf(buf, len, "Differences (x <= y) below the threshold: %llu:", (unsigned long long)e->count);
    for (uint64_t i = 0; i < e->count && i < CK_KEEP && k < len; i++)
        k += (size_t)snprintf(buf + k, len - k, " (%u,%u)%s", e->kx[i], e->ky[i], e->kside[i] == 1 ? "A" : "B");
    if (k < len) snprintf(buf + k, len - k, "%s (A: only in ", e->count > CK_KEEP ? " ..." : "");
}

/* ------------------------------------------------------------------ */
/* Running claims                                                      */
/* ------------------------------------------------------------------ */

static wy_status run_claim(const char *id, uint64_t limit, wy_claim_result *res, char *err, size_t errlen)
{
    long i = wy_claim_find(id);
    if (i < 0) {
        snprintf(err, errlen, "no claim %s", id);
        return WY_EINVAL;
    }
    return wy_claim_check((size_t)i, limit, 0, NULL, res, err, errlen);
}

/* Runs a claim and checks that it returns WY_OK; 0 on failure (reported). */
static int run_ok(tk_group *g, const char *id, uint64_t limit, wy_claim_result *res)
{
    char err[512] = "";
    g->cases++;
    wy_status st = run_claim(id, limit, res, err, sizeof err);
    if (st != WY_OK) {
        tk_fail(g, "%s limit %llu: status %d: %s", id, (unsigned long long)limit, (int)st, err);
        return 0;
    }
    return 1;
}

static void expect_sub(tk_group *g, const char *what, const char *detail, const char *sub)
{
    g->cases++;
    if (!has(detail, sub)) tk_fail(g, "%s: detail lacks \"%s\"; detail: %s", what, sub, detail);
}

static const char *const ERRATA[] = {"001.thm1", "001.thm2", "002.thm1.1", "002.thm2.3", "002.thm1.2", "002.prop3.1"};
#define NERRATA (sizeof ERRATA / sizeof ERRATA[0])

static int is_erratum(const char *id)
{
    for (size_t k = 0; k < NERRATA; k++)
        if (strcmp(ERRATA[k], id) == 0) return 1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* 1. The registry                                                     */
/* ------------------------------------------------------------------ */

static int registry(void)
{
    tk_group g = {"registry: ids unique, find/get consistent, every claim described, errata registered", 0, 0};
    size_t n = wy_claim_count();
    g.cases++;
    if (n < 60) tk_fail(&g, "only %zu claims", n);
    int papers[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        const wy_claim_info *in = wy_claim_get(i);
        g.cases++;
        if (!in || !in->id || !in->source || !in->statement || !in->method || !in->id[0] || !in->statement[0]) {
            tk_fail(&g, "claim %zu: missing fields", i);
            continue;
        }
        g.cases++;
        if (wy_claim_find(in->id) != (long)i) tk_fail(&g, "wy_claim_find(%s) = %ld, not %zu", in->id, wy_claim_find(in->id), i);
        for (size_t j = 0; j < i; j++) {
            g.cases++;
            if (strcmp(wy_claim_get(j)->id, in->id) == 0) tk_fail(&g, "id %s at %zu and %zu", in->id, j, i);
        }
        g.cases++;
        /* the papers' claims 00N.something; the engine's own closed forms
         * (docs/exact.md) exact.something; the findings of the atlas of the
         * values' positions (docs/glayers.md) glayers.something; the
         * formulas of docs/oeis.md oeis.ANNNNNN; the findings of
         * docs/modular.md and docs/terminal.md modular.something and
         * terminal.something */
        if ((strncmp(in->id, "exact.", 6) == 0 && in->id[6]) || (strncmp(in->id, "glayers.", 8) == 0 && in->id[8]) ||
            (strncmp(in->id, "oeis.A", 6) == 0 && strlen(in->id) == 12) ||
            (strncmp(in->id, "terminal.", 9) == 0 && in->id[9]) || (strncmp(in->id, "modular.", 8) == 0 && in->id[8])) {
        } else if (in->id[0] != '0' || in->id[1] != '0' || in->id[2] < '0' || in->id[2] > '4' || in->id[3] != '.')
            tk_fail(&g, "id %s is neither 00N.something, exact.something, glayers.something, modular.something, "
                        "terminal.something nor "
                        "oeis.ANNNNNN", in->id);
        else
            papers[in->id[2] - '0']++;
        g.cases++;
        if ((in->scale == WY_SCALE_FIXED) != (in->default_limit == 0))
            tk_fail(&g, "%s: scale %d with default limit %llu", in->id, (int)in->scale,
                    (unsigned long long)in->default_limit);
        g.cases++;
        if (is_erratum(in->id) && !in->corrected) tk_fail(&g, "%s is an erratum but has no corrected statement", in->id);
        /* the order: paper, then appearance (ids of one paper together) */
        if (i > 0) {
            g.cases++;
            if (strncmp(wy_claim_get(i - 1)->id, in->id, 3) > 0)
                tk_fail(&g, "%s after %s: not in paper order", in->id, wy_claim_get(i - 1)->id);
        }
    }
    for (int p = 0; p < 5; p++) {
        g.cases++;
        if (!papers[p]) tk_fail(&g, "no claim of paper 00%d", p);
    }
    for (size_t k = 0; k < NERRATA; k++) {
        g.cases++;
        if (wy_claim_find(ERRATA[k]) < 0) tk_fail(&g, "the erratum %s is not registered", ERRATA[k]);
    }
    g.cases += 4;
    if (wy_claim_get(n) != NULL) tk_fail(&g, "wy_claim_get(count) is not NULL");
    if (wy_claim_find("000.nosuch") != -1) tk_fail(&g, "wy_claim_find(000.nosuch) != -1");
    if (wy_claim_find("") != -1) tk_fail(&g, "wy_claim_find(\"\") != -1");
    if (wy_claim_find("000") != -1) tk_fail(&g, "wy_claim_find(000) (a prefix) != -1");
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 2. Every claim at small limits                                      */
/* ------------------------------------------------------------------ */

static uint64_t small_limit(wy_scale s)
{
    switch (s) {
    case WY_SCALE_ROWS: return 3000;
    case WY_SCALE_TABLE: return 96;
    case WY_SCALE_PARAM: return 12;
    default: return 0;
    }
}

static int every_claim(void)
{
    tk_group g = {"every claim at small limits: PASS, or ERRATUM for the six errata of docs/errata.md; range and limit reported",
                  0, 0};
    size_t n = wy_claim_count();
    for (size_t i = 0; i < n; i++) {
        const wy_claim_info *in = wy_claim_get(i);
        uint64_t lim = small_limit(in->scale);
        wy_claim_result res;
        char err[512] = "";
        uint64_t t0 = now_ms();
        wy_status st = wy_claim_check(i, lim, 0, NULL, &res, err, sizeof err);
        uint64_t ms = now_ms() - t0;
        g.cases++;
        if (st != WY_OK) {
            tk_fail(&g, "%s limit %llu: status %d: %s", in->id, (unsigned long long)lim, (int)st, err);
            continue;
        }
        /* a claim with a shipped Walnut proof whose recorded log matches
         * (wy_claim_proof; docs/automata.md) passes as PROVED */
        wy_verdict want = is_erratum(in->id) ? WY_CLAIM_ERRATUM : wy_claim_proof(i) ? WY_CLAIM_PROVED : WY_CLAIM_PASS;
        g.cases++;
        if (wy_claim_proof(i) && !has(res.detail, "PROVED for every position by the recorded Walnut run"))
            tk_fail(&g, "%s: its proof is not named: %s", in->id, res.detail);
        if (res.verdict != want)
            tk_fail(&g, "%s limit %llu: verdict %d, expected %d; range: %s; detail: %s", in->id,
                    (unsigned long long)lim, (int)res.verdict, (int)want, res.range, res.detail);
        g.cases++;
        if (!res.range[0]) tk_fail(&g, "%s: empty range", in->id);
        g.cases++;
        if (res.limit != lim)
            tk_fail(&g, "%s: reported limit %llu, asked %llu", in->id, (unsigned long long)res.limit,
                    (unsigned long long)lim);
        g.cases++;
        if (want == WY_CLAIM_ERRATUM && !res.detail[0]) tk_fail(&g, "%s: an erratum without evidence", in->id);
        g.cases++;
        if (!memchr(res.range, 0, sizeof res.range) || !memchr(res.detail, 0, sizeof res.detail))
            tk_fail(&g, "%s: range or detail not terminated", in->id);
        if (ms > 2000) printf("  note: %s took %llu ms at limit %llu\n", in->id, (unsigned long long)ms,
                              (unsigned long long)lim);
    }
    /* limit 0 is the default; limits above the cap are capped and reported */
    {
        wy_claim_result res;
        if (run_ok(&g, "000.fig3", 12345, &res)) {
            g.cases++;
            if (res.limit != 0 || res.verdict != WY_CLAIM_PASS)
                tk_fail(&g, "000.fig3 (fixed) with a limit: limit %llu, verdict %d", (unsigned long long)res.limit,
                        (int)res.verdict);
        }
        if (run_ok(&g, "004.lem2", 100000, &res)) {
            g.cases++;
            if (res.limit != WY_CHECK_PARAM_CAP || res.verdict != WY_CLAIM_PASS || !has(res.detail, "capped"))
                tk_fail(&g, "004.lem2 limit 100000: limit %llu (cap %u), verdict %d, detail %s",
                        (unsigned long long)res.limit, WY_CHECK_PARAM_CAP, (int)res.verdict, res.detail);
        }
        if (run_ok(&g, "004.am", 0, &res)) {
            g.cases++;
            if (res.limit != wy_claim_get((size_t)wy_claim_find("004.am"))->default_limit)
                tk_fail(&g, "004.am limit 0: limit %llu is not the default", (unsigned long long)res.limit);
        }
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 3. Key details, verified independently                              */
/* ------------------------------------------------------------------ */

/* 000.thm4 and 000.cor2: the threshold 9 is not sharp; the largest
 * difference has max(x, y) = 7, so the statements hold for x >= 8 or y >= 8.
 * Naive tables on W x W: G1(x, y, 1) (wythoff+pass, pass available),
 * G2(x, y, 1) (wythoff+heap=1 with the stone) and G1(x, y, 0) (no pass
 * left: plain Wythoff). */
static int detail_000_thm4_cor2(void)
{
    tk_group g = {"000.thm4, 000.cor2: not sharp, hold for x >= 8 or y >= 8 (naive reference, 64 x 64)", 0, 0};
    const uint32_t W = 64;
    uint32_t *g1p = naive_window("wythoff+pass", W, 1, 0), *g2 = naive_window("wythoff+heap=1", W, 0, 1),
             *g1n = naive_window("wythoff+pass", W, 0, 0);
    uint8_t *a = g1p ? value_set(g1p, W, 0) : NULL, *b4 = g2 ? value_set(g2, W, 0) : NULL,
            *b2 = g1n ? value_set(g1n, W, 1) : NULL;
    if (!a || !b4 || !b2) {
        tk_fail(&g, "naive tables");
        goto out;
    }
    const char *ids[2] = {"000.thm4", "000.cor2"};
    const uint8_t *bs[2] = {b4, b2};
    for (int k = 0; k < 2; k++) {
        exp_diff e;
        diff_sets(a, bs[k], W, 9, &e);
        g.cases++;
        if (e.count == 0 || e.max_coord != 7 || e.in_region != 0)
            tk_fail(&g, "%s: naive: %llu differences, largest max(x, y) %llu, %llu beyond 9 (expected the largest at 7)",
                    ids[k], (unsigned long long)e.count, (unsigned long long)e.max_coord,
                    (unsigned long long)e.in_region);
        char want[256], cnt[256];
        not_sharp_text(want, sizeof want, &e);
        diff_list_text(cnt, sizeof cnt, &e);
        wy_claim_result res;
        uint64_t lims[2] = {W, 3000};
        for (int j = 0; j < 2; j++)
            if (run_ok(&g, ids[k], lims[j], &res)) {
                char what[64];
                snprintf(what, sizeof what, "%s limit %llu", ids[k], (unsigned long long)lims[j]);
                g.cases++;
                if (res.verdict != WY_CLAIM_PROVED) tk_fail(&g, "%s: verdict %d", what, (int)res.verdict);
                expect_sub(&g, what, res.detail, want);
                expect_sub(&g, what, res.detail, cnt);
                expect_sub(&g, what, res.range, "x >= 9 or y >= 9");
            }
    }
out:
    free(g1p), free(g2), free(g1n), free(a), free(b4), free(b2);
    return tk_group_end(&g);
}

/* g(n) of paper 001 by the Hofstadter G-sequence form ("Core Mathematical Framework", item 3). */
static uint8_t *g001_hofstadter(uint32_t count)
{
    uint32_t *h = malloc((size_t)count * sizeof *h);
    uint8_t *gg = malloc(count);
    if (!h || !gg) {
        free(h), free(gg);
        return NULL;
    }
    for (uint32_t n = 0; n < count; n++) {
        h[n] = n ? n - h[h[n - 1]] : 0;
        if (n < 2)
            gg[n] = n == 0;
        else
            gg[n] = h[n - 2] < h[n - 1] ? (uint8_t)(1 - gg[h[n - 1]]) : 1;
    }
    free(h);
    return gg;
}

/* 001.thm1: (1, 1) is terminal (x + y <= 2), so a P-position (naive value
 * 0), but P1 = {(floor(n phi) + g(n) - 1, floor(n (phi + 1)) + g(n))} and
 * mirrors and (0, 0) never gives it; with (1, 1) added the formula is exact. */
static int detail_001_thm1(void)
{
    tk_group g = {"001.thm1: counterexample (1, 1) (terminal, naive value 0); P1 + (1, 1) exact on 64 x 64", 0, 0};
    const uint32_t W = 64;
    uint32_t *t = naive_window("wythoff+terminal=2", W, 0, 0), *lo = wythoff_lower(W + 2);
    uint8_t *gg = g001_hofstadter(W + 2), *ps = t ? value_set(t, W, 0) : NULL, *f = calloc((size_t)W * W, 1);
    if (!t || !lo || !gg || !ps || !f) {
        tk_fail(&g, "setup");
        goto out;
    }
    g.cases++;
    if (t[1 * W + 1] != 0) tk_fail(&g, "naive G(1, 1) = %u, expected 0", t[1 * W + 1]);
    f[0] = 1;
    for (uint32_t n = 0; n < W + 2; n++) {
        uint64_t x = (uint64_t)lo[n] + gg[n] - 1, y = (uint64_t)lo[n] + n + gg[n];
        if (x < W && y < W) f[x * W + y] = f[y * W + x] = 1;
    }
    g.cases++;
    if (f[1 * W + 1]) tk_fail(&g, "the formula gives (1, 1)");
    exp_diff e;
    diff_sets(ps, f, W, 0, &e);
    g.cases++;
    if (e.count != 1 || e.fx != 1 || e.fy != 1 || e.fside != 1)
        tk_fail(&g, "naive P-set vs P1: %llu differences, first (%u, %u) side %d (expected only (1, 1))",
                (unsigned long long)e.count, e.fx, e.fy, e.fside);
    wy_claim_result res;
    if (run_ok(&g, "001.thm1", 3000, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_ERRATUM) tk_fail(&g, "verdict %d", (int)res.verdict);
        char want[160];
        /* a position only in the game: P1 is a formula, with no value to show */
        snprintf(want, sizeof want, "smallest (%u, %u): value 0 in wythoff+terminal=2, but not in the printed formula P1. ",
                 e.fx, e.fy);
        expect_sub(&g, "001.thm1", res.detail, want);
        expect_sub(&g, "001.thm1", res.detail, "1 counterexample(s)");
    }
out:
    free(t), free(lo), free(gg), free(ps), free(f);
    return tk_group_end(&g);
}

/* 001.thm2: as printed (value 0 of the variant vs Wythoff's P-positions for
 * max(x, y) >= 8) false; value 1 (the abstract) true.  Naive, 64 x 64, and
 * the claim at limit 64 (the same window). */
static int detail_001_thm2(void)
{
    tk_group g = {"001.thm2: first counterexample of the printed G = 0, corrected G = 1 holds (naive, 64 x 64)", 0, 0};
    const uint32_t W = 64;
    uint32_t *tv = naive_window("wythoff+terminal=2", W, 0, 0), *tw = naive_window("wythoff", W, 0, 0);
    uint8_t *v0 = tv ? value_set(tv, W, 0) : NULL, *v1 = tv ? value_set(tv, W, 1) : NULL,
            *wp = tw ? value_set(tw, W, 0) : NULL;
    if (!v0 || !v1 || !wp) {
        tk_fail(&g, "naive tables");
        goto out;
    }
    exp_diff e0, e1;
    diff_sets(v0, wp, W, 8, &e0);
    diff_sets(v1, wp, W, 8, &e1);
    g.cases += 2;
    if (!e0.in_region) tk_fail(&g, "naive: the printed statement holds on the window");
    if (e1.in_region)
        tk_fail(&g, "naive: the corrected statement fails at (%u, %u)", e1.rx, e1.ry);
    wy_claim_result res;
    if (e0.in_region && run_ok(&g, "001.thm2", W, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_ERRATUM) tk_fail(&g, "verdict %d", (int)res.verdict);
        char want[256];
        if (e0.rside == 1)
            /* "value there": Wythoff's value, where the position is missing */
            snprintf(want, sizeof want, "As printed (G = 0): %llu counterexample(s) (counting x <= y); smallest (%u, %u): value 0 in wythoff+terminal=2, but not in Wythoff's P-positions (value there: %u). ",
                     (unsigned long long)e0.in_region, e0.rx, e0.ry, tw[e0.rx * W + e0.ry]);
        else
            snprintf(want, sizeof want, "As printed (G = 0): %llu counterexample(s) (counting x <= y); smallest (%u, %u): in Wythoff's P-positions, but not of value 0 in wythoff+terminal=2 (value there: %u). ",
                     (unsigned long long)e0.in_region, e0.rx, e0.ry, tv[e0.rx * W + e0.ry]);
        expect_sub(&g, "001.thm2", res.detail, want);
        expect_sub(&g, "001.thm2", res.detail, "Corrected (G = 1");
    }
out:
    free(tv), free(tw), free(v0), free(v1), free(wp);
    return tk_group_end(&g);
}

/* Cold positions of 2-pile Nim where one takes 1..mx stones from one pile
 * (a plain recursion, no engine): c[x * w + y]. */
static uint8_t *nim_max_cold(uint32_t mx, uint32_t w)
{
    uint8_t *c = malloc((size_t)w * w);
    if (!c) return NULL;
    for (uint32_t x = 0; x < w; x++)
        for (uint32_t y = 0; y < w; y++) {
            int cold = 1;
            for (uint32_t i = 1; i <= mx && cold; i++) {
                if (i <= x && c[(size_t)(x - i) * w + y]) cold = 0;
                if (i <= y && c[(size_t)x * w + (y - i)]) cold = 0;
            }
            c[(size_t)x * w + y] = (uint8_t)cold;
        }
    return c;
}

/* 002.thm2.3: "fewer than q" (take 1..q-1) fails first at q = 2, (0, 2);
 * "at most q" holds for q = 1..12.  Windows 4(q+1)+3, scanned q, x, y. */
static int detail_002_thm23(void)
{
    tk_group g = {"002.thm2.3: the printed reading fails first at q = 2, (0, 2); at most q holds (plain recursion)", 0, 0};
    int found = 0, cold_first = 0;
    uint32_t fq = 0, fx = 0, fy = 0;
    for (uint32_t q = 1; q <= 12; q++) {
        uint32_t w = 4 * (q + 1) + 3;
        for (int reading = 0; reading < 2; reading++) {
            uint32_t mx = reading ? q - 1 : q;
            if (mx == 0) continue;
            uint8_t *c = nim_max_cold(mx, w);
            if (!c) {
                tk_fail(&g, "out of memory");
                return tk_group_end(&g);
            }
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++) {
                    int want = ((x % (q + 1)) ^ (y % (q + 1))) == 0, is = c[(size_t)x * w + y];
                    if (want == is) continue;
                    if (reading == 0) {
                        g.cases++;
                        tk_fail(&g, "at most q = %u: (%u, %u) cold %d, formula %d", q, x, y, is, want);
                    } else if (!found) {
                        found = 1, fq = q, fx = x, fy = y, cold_first = is;
                    }
                }
            free(c);
        }
    }
    g.cases++;
    if (!found || fq != 2 || fx != 0 || fy != 2)
        tk_fail(&g, "first failure of the printed reading: found %d, q = %u, (%u, %u) (expected q = 2, (0, 2))", found,
                fq, fx, fy);
    wy_claim_result res;
    if (found && run_ok(&g, "002.thm2.3", 12, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_ERRATUM) tk_fail(&g, "verdict %d", (int)res.verdict);
        char want[160];
        snprintf(want, sizeof want, "fails for q = %u at (%u, %u), %s", fq, fx, fy,
                 cold_first ? "cold, but the formula says hot" : "hot, but the formula says cold");
        expect_sub(&g, "002.thm2.3", res.detail, want);
    }
    return tk_group_end(&g);
}

/* A^(n) of paper 002, Theorem 1.2 (Section 1): residues mod n+1 equal to
 * (0, 0) or (lower_i + i, lower_i), 1 <= i <= m with lower_i + i < n+1;
 * `mirror` adds (lower_i, lower_i + i). */
static int in_an(const uint32_t *lo, uint32_t n, uint32_t x, uint32_t y, int mirror)
{
    uint32_t a = x % (n + 1), b = y % (n + 1);
    if (a == 0 && b == 0) return 1;
    for (uint32_t i = 1; lo[i] + i < n + 1; i++) {
        if (a == lo[i] + i && b == lo[i]) return 1;
        if (mirror && a == lo[i] && b == lo[i] + i) return 1;
    }
    return 0;
}

/* 002.thm1.2 (f11 0) and 002.prop3.1 (f11 1): naive cold sets of
 * wythoff+max=n ("at most n") and wythoff+max=n-1 ("fewer than n") against
 * A^(n), n = 1..12: the corrected reading holds; the first position of the
 * printed set without mirror images and of the "fewer than n" reading. */
static int detail_002_thm12(int f11)
{
    const char *id = f11 ? "002.prop3.1" : "002.thm1.2";
    char name[200];
    snprintf(name, sizeof name, "%s: first counterexamples of the printed readings, corrected holds (naive, n = 1..12)",
             id);
    tk_group g = {name, 0, 0};
    uint32_t *lo = wythoff_lower(64);
    if (!lo) {
        tk_fail(&g, "out of memory");
        return tk_group_end(&g);
    }
    uint64_t bad1 = 0;
    int f1 = 0, f2 = 0, cold2 = 0;
    uint32_t n1 = 0, x1 = 0, y1 = 0, n2 = 0, x2 = 0, y2 = 0;
    for (uint32_t n = 1; n <= 12; n++) {
        uint32_t w = f11 ? n + 2 : 4 * (n + 1) + 3;
        for (int reading = 0; reading < 2; reading++) {
            uint32_t mx = reading ? n - 1 : n;
            if (mx == 0) continue;
            char rules[64];
            snprintf(rules, sizeof rules, "wythoff+max=%u", mx);
            uint32_t *t = naive_window(rules, w, 0, 0);
            if (!t) {
                g.cases++;
                g.failed++;
                continue;
            }
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++) {
                    int cold = t[(size_t)x * w + y] == 0;
                    if (reading == 0) {
                        g.cases++;
                        if (cold != in_an(lo, n, x, y, 1))
                            tk_fail(&g, "at most n = %u: (%u, %u) cold %d, in A^(n) with mirrors %d", n, x, y, cold,
                                    !cold);
                        if (cold != in_an(lo, n, x, y, 0)) {
                            if (!f1) f1 = 1, n1 = n, x1 = x, y1 = y;
                            bad1++;
                        }
                    } else if (cold != in_an(lo, n, x, y, 1) && !f2) {
                        f2 = 1, n2 = n, x2 = x, y2 = y, cold2 = cold;
                    }
                }
            free(t);
        }
    }
    g.cases++;
    if (!f1 || !f2) tk_fail(&g, "naive: a printed reading holds (mirror %d, fewer than n %d)", f1, f2);
    wy_claim_result res;
    if (f1 && f2 && run_ok(&g, id, 12, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_ERRATUM) tk_fail(&g, "verdict %d", (int)res.verdict);
        char want[256];
        snprintf(want, sizeof want, "first n = %u, (%u, %u) is cold but not in A^(n) (%llu such positions)", n1, x1,
                 y1, (unsigned long long)bad1);
        expect_sub(&g, id, res.detail, want);
        snprintf(want, sizeof want, "(wythoff+max=n-1): first n = %u, (%u, %u) is %s", n2, x2, y2,
                 cold2 ? "cold under max=n-1 but not in A^(n)" : "hot under max=n-1 but in A^(n)");
        expect_sub(&g, id, res.detail, want);
    }
    /* by hand: n = 2 has m = 1 (floor(phi) + 1 = 2 < 3), A^(2) = {(0,0), (2,1)}
     * mod 3; (1, 2) is cold in Wythoff's game and not in it */
    g.cases++;
    if (!f1 || n1 != 2 || x1 != 1 || y1 != 2) tk_fail(&g, "first missing mirror image: n = %u, (%u, %u), expected n = 2, (1, 2)", n1, x1, y1);
    free(lo);
    return tk_group_end(&g);
}

/* 002.thm1.1: the printed set lists (lower + i, lower), larger first; the
 * cold (1, 2) is missing, and so is every cold (x, y) with x < y. */
static int detail_002_thm11(void)
{
    tk_group g = {"002.thm1.1: (1, 2) cold and missing; the count of cold x < y in the window", 0, 0};
    const uint32_t N = 3000;
    uint32_t *t = naive_window("wythoff", 3, 0, 0), *lo = wythoff_lower(N);
    if (!t || !lo) {
        tk_fail(&g, "setup");
        free(t), free(lo);
        return tk_group_end(&g);
    }
    g.cases++;
    if (t[1 * 3 + 2] != 0) tk_fail(&g, "naive G(1, 2) = %u", t[1 * 3 + 2]);
    uint64_t k = 0;
    for (uint32_t i = 1; i < N && lo[i] + i < N; i++) k++;
    wy_claim_result res;
    if (run_ok(&g, "002.thm1.1", N, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_ERRATUM) tk_fail(&g, "verdict %d", (int)res.verdict);
        char want[128];
        snprintf(want, sizeof want, "every cold (x, y) with x < y, %llu in the window", (unsigned long long)k);
        expect_sub(&g, "002.thm1.1", res.detail, "the cold position (1, 2) (value 0 in wythoff) is missing");
        expect_sub(&g, "002.thm1.1", res.detail, want);
    }
    free(t), free(lo);
    return tk_group_end(&g);
}

/* 000.thm1, 002.thm2.2 and the glayers claims compute their own values
 * (issue 26): the counts they report, found here independently.  002.thm2.2
 * at N = 96: (x, y, h) with h <= 15 is cold iff h = x xor y (Bouton), and
 * x xor y < 16 for exactly 16 y < 96 per x (y = x xor h changes only the
 * low four bits, and 96 is a multiple of 16): 96 * 16 cold positions.  The
 * glayers claims at N = 96: the cells x <= y < 96 of value at most 64 of the
 * naive reference. */
static int detail_own_values(void)
{
    tk_group g = {"000.thm1, 002.thm2.2, glayers.*: PASS with the counts of an independent computation", 0, 0};
    wy_claim_result res;
    if (run_ok(&g, "000.thm1", 64, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_PASS) tk_fail(&g, "000.thm1: verdict %d: %s", (int)res.verdict, res.detail);
        expect_sub(&g, "000.thm1", res.range, "0 <= x, y < 64, extra heap h = 0..3");
        expect_sub(&g, "000.thm1", res.detail, "the mex recursion over the options (heap moves included)");
    }
    if (run_ok(&g, "002.thm2.2", 96, &res)) {
        g.cases++;
        if (res.verdict != WY_CLAIM_PASS) tk_fail(&g, "002.thm2.2: verdict %d: %s", (int)res.verdict, res.detail);
        char want[128];
        snprintf(want, sizeof want, "the %u cold positions of the recursion are exactly those of nim-sum 0", 96 * 16);
        expect_sub(&g, "002.thm2.2", res.detail, want);
    }
    uint32_t *t = naive_window("wythoff", 96, 0, 0);
    if (!t) {
        g.cases++, g.failed++;
        return tk_group_end(&g);
    }
    uint64_t cells = 0;
    for (uint32_t x = 0; x < 96; x++)
        for (uint32_t y = x; y < 96; y++) cells += t[x * 96 + y] <= 64;
    free(t);
    const char *ids[2] = {"glayers.offsets", "glayers.fibonacci"};
    for (int k = 0; k < 2; k++)
        if (run_ok(&g, ids[k], 96, &res)) {
            g.cases++;
            if (res.verdict != WY_CLAIM_PASS) tk_fail(&g, "%s: verdict %d: %s", ids[k], (int)res.verdict, res.detail);
            char want[128];
            snprintf(want, sizeof want, "The %llu cells x <= y < 96 of value at most 64 are exactly the table engine's.",
                     (unsigned long long)cells);
            expect_sub(&g, ids[k], res.detail, want);
        }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 4. The kinds, fed false claims                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_claim_result res;
    char err[512];
    ck c;
} kctx;

static ck *kinit(kctx *k, uint64_t n)
{
    memset(k, 0, sizeof *k);
    k->c.n = n;
    k->c.mem_limit = 0;
    k->c.run = NULL;
    k->c.res = &k->res;
    k->c.err = k->err;
    k->c.errlen = sizeof k->err;
    return &k->c;
}

/* ck_table_printed: paper 000, Figure 3 (Section 4, data
 * 000_fig3): G1(x, y, 0), which is plain Wythoff. */
static int kind_table_printed(void)
{
    tk_group g = {"ck_table_printed: Figure 3 of paper 000 as printed PASS, with changed cells FAIL at the first", 0, 0};
    const ck_printed_table *pt = ck_printed_table_find("000_fig3");
    uint32_t *nv = naive_window("wythoff", 9, 0, 0);
    g.cases++;
    if (!pt || pt->rows != 9 || pt->cols != 9 || !nv) {
        tk_fail(&g, "000_fig3: %s", pt ? "not 9 x 9, or naive failed" : "missing");
        free(nv);
        return tk_group_end(&g);
    }
    g.cases++;
    if (ck_printed_table_find("no_such_table") != NULL) tk_fail(&g, "ck_printed_table_find(no_such_table)");
    /* the printed data is plain Wythoff (naive), so the PASS is right */
    for (uint32_t i = 0; i < 81; i++) {
        g.cases++;
        if (pt->cells[i] != nv[i]) tk_fail(&g, "printed (%u, %u) = %u, naive %u", i / 9, i % 9, pt->cells[i], nv[i]);
    }
    static const ck_game fig3 = {"wythoff+pass", 0, -1, 0};
    kctx k;
    ck *c = kinit(&k, 0);
    g.cases++;
    wy_status st = ck_table_printed(c, &fig3, 9, 9, pt->cells);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_PASS || !k.res.range[0])
        tk_fail(&g, "as printed: status %d verdict %d detail %s", (int)st, (int)k.res.verdict, k.res.detail);
    expect_sub(&g, "as printed", k.res.detail, "every printed cell equals the value computed for wythoff+pass p=0");
    expect_sub(&g, "as printed", k.res.range, "all 9 x 9 printed cells");

    /* one cell changed: (3, 5) printed as 7 */
    uint16_t cells[81];
    memcpy(cells, pt->cells, sizeof cells);
    cells[3 * 9 + 5] = (uint16_t)(nv[3 * 9 + 5] + 7);
    c = kinit(&k, 0);
    g.cases++;
    st = ck_table_printed(c, &fig3, 9, 9, cells);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL)
        tk_fail(&g, "one cell: status %d verdict %d", (int)st, (int)k.res.verdict);
    char want[200];
    snprintf(want, sizeof want, "1 of 81 cells differ; first at (3, 5): printed %u, computed %u (wythoff+pass p=0)",
             nv[3 * 9 + 5] + 7, nv[3 * 9 + 5]);
    expect_sub(&g, "one cell", k.res.detail, want);

    /* three cells changed: the first in (x, then y) order is named */
    memcpy(cells, pt->cells, sizeof cells);
    cells[6 * 9 + 2] = (uint16_t)(nv[6 * 9 + 2] + 1);
    cells[2 * 9 + 6] = (uint16_t)(nv[2 * 9 + 6] + 1);
    cells[8 * 9 + 0] = 0; /* nv = 8 */
    c = kinit(&k, 0);
    g.cases++;
    st = ck_table_printed(c, &fig3, 9, 9, cells);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL)
        tk_fail(&g, "three cells: status %d verdict %d", (int)st, (int)k.res.verdict);
    snprintf(want, sizeof want, "3 of 81 cells differ; first at (2, 6): printed %u, computed %u", nv[2 * 9 + 6] + 1,
             nv[2 * 9 + 6]);
    expect_sub(&g, "three cells", k.res.detail, want);

    /* the same printed table against the wrong game (G1(x, y, 1)) */
    static const ck_game fig4 = {"wythoff+pass", 1, -1, 0};
    uint32_t *np = naive_window("wythoff+pass", 9, 1, 0);
    if (np) {
        uint32_t first = 81, bad = 0;
        for (uint32_t i = 0; i < 81; i++)
            if (np[i] != pt->cells[i]) {
                if (first == 81) first = i;
                bad++;
            }
        c = kinit(&k, 0);
        g.cases++;
        st = ck_table_printed(c, &fig4, 9, 9, pt->cells);
        if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL || first == 81)
            tk_fail(&g, "wrong game: status %d verdict %d", (int)st, (int)k.res.verdict);
        snprintf(want, sizeof want, "%u of 81 cells differ; first at (%u, %u): printed %u, computed %u (wythoff+pass p=1)",
                 bad, first / 9, first % 9, pt->cells[first], np[first]);
        expect_sub(&g, "wrong game", k.res.detail, want);
    }
    free(np);
    free(nv);
    return tk_group_end(&g);
}

/* ck_set_printed: set A of Definition 12 of paper 000 (Section 4): the
 * P-positions (x, y, 0), x, y <= 8, of Wythoff with a pass = plain Wythoff. */
static int kind_set_printed(void)
{
    tk_group g = {"ck_set_printed: set A of paper 000 PASS; a position removed, one added, one outside FAIL", 0, 0};
    const ck_printed_set *ps = ck_printed_set_find("000_setA");
    uint32_t *nv = naive_window("wythoff", 9, 0, 0);
    g.cases++;
    if (!ps || !nv || ps->n != 7) {
        tk_fail(&g, "000_setA missing or not 7 positions, or naive failed");
        free(nv);
        return tk_group_end(&g);
    }
    /* the printed set is exactly the naive P-set */
    uint32_t np = 0;
    for (uint32_t i = 0; i < 81; i++) np += nv[i] == 0;
    g.cases++;
    if (np != ps->n) tk_fail(&g, "naive has %u P-positions in 9 x 9, printed %u", np, ps->n);
    for (uint32_t i = 0; i < ps->n; i++) {
        g.cases++;
        if (ps->xy[2 * i] > 8 || ps->xy[2 * i + 1] > 8 || nv[ps->xy[2 * i] * 9 + ps->xy[2 * i + 1]] != 0)
            tk_fail(&g, "printed (%u, %u) is not a naive P-position", ps->xy[2 * i], ps->xy[2 * i + 1]);
    }
    static const ck_game ga = {"wythoff+pass", 0, -1, 0};
    kctx k;
    ck *c = kinit(&k, 0);
    int eq = -1;
    g.cases++;
    wy_status st = ck_set_printed(c, &ga, 9, ps->xy, ps->n, &eq);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_PASS || eq != 1)
        tk_fail(&g, "as printed: status %d verdict %d equal %d: %s", (int)st, (int)k.res.verdict, eq, k.res.detail);
    expect_sub(&g, "as printed", k.res.detail, "the 7 printed positions are exactly the positions of value 0 of wythoff+pass p=0");
    expect_sub(&g, "as printed", k.res.range, "0 <= x, y < 9");

    /* remove (3, 5), add (2, 2) and (6, 1) (not P-positions) */
    uint32_t xy[32];
    uint32_t n = 0;
    for (uint32_t i = 0; i < ps->n; i++)
        if (!(ps->xy[2 * i] == 3 && ps->xy[2 * i + 1] == 5)) xy[2 * n] = ps->xy[2 * i], xy[2 * n + 1] = ps->xy[2 * i + 1], n++;
    xy[2 * n] = 6, xy[2 * n + 1] = 1, n++;
    xy[2 * n] = 2, xy[2 * n + 1] = 2, n++;
    /* expected, from the naive table: missing and extra in (x, then y) order */
    uint8_t printed[81] = {0};
    for (uint32_t i = 0; i < n; i++) printed[xy[2 * i] * 9 + xy[2 * i + 1]] = 1;
    uint32_t miss = 0, extra = 0, mfirst = 81, efirst = 81;
    for (uint32_t i = 0; i < 81; i++) {
        if (nv[i] == 0 && !printed[i]) {
            if (!miss++) mfirst = i;
        }
        if (nv[i] != 0 && printed[i]) {
            if (!extra++) efirst = i;
        }
    }
    c = kinit(&k, 0);
    eq = -1;
    g.cases++;
    st = ck_set_printed(c, &ga, 9, xy, n, &eq);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL || eq != 0 || miss != 1 || extra != 2)
        tk_fail(&g, "changed: status %d verdict %d equal %d (naive: %u missing, %u extra)", (int)st,
                (int)k.res.verdict, eq, miss, extra);
    char want[200];
    snprintf(want, sizeof want, "%u position(s) of value 0 missing from the printed set, first (%u, %u)", miss,
             mfirst / 9, mfirst % 9);
    expect_sub(&g, "changed", k.res.detail, want);
    snprintf(want, sizeof want, "%u printed position(s) not of value 0, first (%u, %u) with value %u (wythoff+pass p=0)",
             extra, efirst / 9, efirst % 9, nv[efirst]);
    expect_sub(&g, "changed", k.res.detail, want);

    /* the true set plus a position outside the window */
    n = 0;
    for (uint32_t i = 0; i < ps->n; i++) xy[2 * n] = ps->xy[2 * i], xy[2 * n + 1] = ps->xy[2 * i + 1], n++;
    xy[2 * n] = 9, xy[2 * n + 1] = 15, n++;
    c = kinit(&k, 0);
    eq = -1;
    g.cases++;
    st = ck_set_printed(c, &ga, 9, xy, n, &eq);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL || eq != 0)
        tk_fail(&g, "outside: status %d verdict %d equal %d", (int)st, (int)k.res.verdict, eq);
    expect_sub(&g, "outside", k.res.detail, "1 printed position(s) outside the window");
    g.cases++;
    if (has(k.res.detail, "missing") || has(k.res.detail, "not of value")) tk_fail(&g, "outside: %s", k.res.detail);

    /* value 1: set A is not the value-1 set; the first value-1 position,
     * (0, 1), is missing and (0, 0) (value 0) is extra */
    static const ck_game g1 = {"wythoff", -1, -1, 1};
    uint32_t m1 = 81;
    for (uint32_t i = 0; i < 81 && m1 == 81; i++)
        if (nv[i] == 1) m1 = i;
    c = kinit(&k, 0);
    g.cases++;
    st = ck_set_printed(c, &g1, 9, ps->xy, ps->n, &eq);
    if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL) tk_fail(&g, "value 1: status %d verdict %d", (int)st, (int)k.res.verdict);
    snprintf(want, sizeof want, "missing from the printed set, first (%u, %u)", m1 / 9, m1 % 9);
    expect_sub(&g, "value 1", k.res.detail, want);
    expect_sub(&g, "value 1", k.res.detail, "not of value 1, first (0, 0) with value 0 (wythoff)");
    free(nv);
    return tk_group_end(&g);
}

/* Generators of symmetric position sets for ck_sets_compare. */
typedef struct {
    const uint32_t *lo; /* Wythoff lower numbers (greedy) */
    uint32_t cap;       /* entries of lo */
    uint32_t n;
    int extra_done;
    int shift_from;     /* pairs n >= shift_from are moved by (+1, +1); -1: none */
    int extra;          /* emit (2, 2) first */
} gctx;

static int gen_pairs(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    gctx *s = ctx;
    if (s->extra && !s->extra_done) {
        s->extra_done = 1;
        *x = *y = 2;
        return 1;
    }
    if (s->n >= s->cap) return 0;
    uint64_t a = s->lo[s->n], b = a + s->n;
    if (s->shift_from >= 0 && s->n >= (uint32_t)s->shift_from) a++, b++;
    if (a >= limit) return 0;
    *x = b; /* the larger first: the mirror image is implied */
    *y = a;
    s->n++;
    return 1;
}

/* The set a generator describes, on W x W (both orientations). */
static uint8_t *gen_set(gctx s, uint32_t w)
{
    uint8_t *f = calloc((size_t)w * w, 1);
    if (!f) return NULL;
    uint64_t x, y;
    while (gen_pairs(&s, w, &x, &y))
        if (x < w && y < w) f[x * w + y] = f[y * w + x] = 1;
    return f;
}

static void expect_diff(tk_group *g, const char *what, const ck_diff *d, const exp_diff *e)
{
    g->cases++;
    if (d->count != e->count || d->in_region != e->in_region || (e->count && d->max_coord != e->max_coord) ||
        d->count_a != e->ca || d->count_b != e->cb)
        tk_fail(g, "%s: ck_diff count %llu in_region %llu max %llu |A| %llu |B| %llu; expected %llu %llu %llu %llu %llu",
                what, (unsigned long long)d->count, (unsigned long long)d->in_region,
                (unsigned long long)d->max_coord, (unsigned long long)d->count_a, (unsigned long long)d->count_b,
                (unsigned long long)e->count, (unsigned long long)e->in_region, (unsigned long long)e->max_coord,
                (unsigned long long)e->ca, (unsigned long long)e->cb);
    g->cases++;
    if (e->count && (d->maxc_x != e->mx || d->maxc_y != e->my))
        tk_fail(g, "%s: first difference at the largest max(x, y): (%llu, %llu), expected (%u, %u)", what,
                (unsigned long long)d->maxc_x, (unsigned long long)d->maxc_y, e->mx, e->my);
    g->cases++;
    if (e->count && (d->first_x[0] != e->fx || d->first_y[0] != e->fy || d->first_side[0] != e->fside))
        tk_fail(g, "%s: first difference (%llu, %llu) side %d, expected (%u, %u) side %d", what,
                (unsigned long long)d->first_x[0], (unsigned long long)d->first_y[0], d->first_side[0], e->fx, e->fy,
                e->fside);
    g->cases++;
    if (e->in_region && (d->reg_x != e->rx || d->reg_y != e->ry || d->reg_side != e->rside))
        tk_fail(g, "%s: smallest in the region (%llu, %llu) side %d, expected (%u, %u) side %d", what,
                (unsigned long long)d->reg_x, (unsigned long long)d->reg_y, d->reg_side, e->rx, e->ry, e->rside);
}

/* The FAIL text of ck_threshold_verdict for the expected smallest
 * counterexample: A named an, B named bn, tva = A's values (w x w). */
static void fail_text(char *buf, size_t len, const exp_diff *e, const char *an, const char *bn, uint32_t g,
                      const uint32_t *tva, uint32_t w)
{
    if (e->rside == 1)
        snprintf(buf, len, "%llu counterexample(s) (counting x <= y); smallest (%u, %u): value %u in %s, but not in %s (value there: %u). ",
                 (unsigned long long)e->in_region, e->rx, e->ry, g, an, bn, tva[(size_t)e->rx * w + e->ry]);
    else
        snprintf(buf, len, "%llu counterexample(s) (counting x <= y); smallest (%u, %u): in %s, but not of value %u in %s (value there: %u). ",
                 (unsigned long long)e->in_region, e->rx, e->ry, bn, g, an, tva[(size_t)e->rx * w + e->ry]);
}

/* The FAIL text of ck_threshold_verdict: the value of the set that lacks the
 * position, B's (tvb; none when B is a formula, tvb NULL) for a position
 * only in A, A's for one only in B. */
static void fail_text_vs(char *buf, size_t len, const exp_diff *e, const char *an, const char *bn, uint32_t g,
                         const uint32_t *tva, const uint32_t *tvb, uint32_t w)
{
    size_t at = (size_t)e->rx * w + e->ry;
    if (e->rside == 1 && tvb)
        snprintf(buf, len, "%llu counterexample(s) (counting x <= y); smallest (%u, %u): value %u in %s, but not in %s (value there: %u). ",
                 (unsigned long long)e->in_region, e->rx, e->ry, g, an, bn, tvb[at]);
    else if (e->rside == 1)
        snprintf(buf, len, "%llu counterexample(s) (counting x <= y); smallest (%u, %u): value %u in %s, but not in %s. ",
                 (unsigned long long)e->in_region, e->rx, e->ry, g, an, bn);
    else
        fail_text(buf, len, e, an, bn, g, tva, w);
}

/* ck_sets_compare + ck_threshold_verdict with a formula generator: value 0
 * of wythoff against Wythoff's pairs (true), shifted by one (false from
 * (0, 0)), shifted from n = 5 on and with an extra (2, 2) (false; with a
 * threshold, the smallest counterexample in the region). */
static int kind_sets_formula(void)
{
    tk_group g = {"ck_sets_compare + ck_threshold_verdict, formula: Wythoff pairs PASS; shifted or extra FAIL at the smallest", 0, 0};
    const uint32_t W = 64;
    uint32_t *tw = naive_window("wythoff", W, 0, 0), *lo = wythoff_lower(W + 2);
    uint8_t *wp = tw ? value_set(tw, W, 0) : NULL;
    if (!tw || !lo || !wp) {
        tk_fail(&g, "setup");
        goto out;
    }
    static const ck_game wg = {"wythoff", -1, -1, 0};
    struct {
        const char *what;
        int shift_from, extra;
        uint32_t threshold;
        wy_verdict v;
        uint32_t rx, ry; /* by hand: the expected smallest counterexample */
    } cases[] = {
        /* the pairs (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), ... */
        {"exact pairs", -1, 0, 0, WY_CLAIM_PASS, 0, 0},
        {"exact pairs, threshold 10", -1, 0, 10, WY_CLAIM_PASS, 0, 0},
        /* (0,0) is a P-position, the shifted set starts at (1,1) */
        {"pairs shifted by (1, 1)", 0, 0, 0, WY_CLAIM_FAIL, 0, 0},
        /* (2,2) (value 1) extra, then (8,13) missing, (9,14) extra */
        {"pairs shifted from n = 5, extra (2, 2)", 5, 1, 0, WY_CLAIM_FAIL, 2, 2},
        {"pairs shifted from n = 5, extra (2, 2), threshold 10", 5, 1, 10, WY_CLAIM_FAIL, 8, 13},
        {"pairs shifted from n = 5, extra (2, 2), threshold 14", 5, 1, 14, WY_CLAIM_FAIL, 9, 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gctx s = {lo, W + 2, 0, 0, cases[i].shift_from, cases[i].extra};
        uint8_t *fs = gen_set(s, W);
        if (!fs) {
            tk_fail(&g, "out of memory");
            break;
        }
        exp_diff e;
        diff_sets(wp, fs, W, cases[i].threshold, &e);
        free(fs);
        /* the by-hand expectation agrees with the naive one */
        g.cases++;
        if ((cases[i].v == WY_CLAIM_FAIL) != (e.in_region > 0) ||
            (e.in_region && (e.rx != cases[i].rx || e.ry != cases[i].ry)))
            tk_fail(&g, "%s: naive smallest counterexample (%u, %u) of %llu, by hand (%u, %u)", cases[i].what, e.rx,
                    e.ry, (unsigned long long)e.in_region, cases[i].rx, cases[i].ry);
        kctx k;
        ck *c = kinit(&k, W);
        ck_diff d;
        g.cases++;
        wy_status st = ck_sets_compare(c, &wg, NULL, gen_pairs, &s, W, cases[i].threshold, &d);
        if (st != WY_OK) {
            tk_fail(&g, "%s: status %d: %s", cases[i].what, (int)st, k.err);
            continue;
        }
        expect_diff(&g, cases[i].what, &d, &e);
        ck_threshold_verdict(c, &d, &wg, NULL, "the formula", cases[i].threshold);
        g.cases++;
        if (k.res.verdict != cases[i].v)
            tk_fail(&g, "%s: verdict %d, expected %d: %s", cases[i].what, (int)k.res.verdict, (int)cases[i].v,
                    k.res.detail);
        char want[400];
        if (cases[i].v == WY_CLAIM_FAIL)
            fail_text_vs(want, sizeof want, &e, "wythoff", "the formula", 0, tw, NULL, W);
        else
            snprintf(want, sizeof want, "%llu positions of value 0 of wythoff (x <= y) agree with the formula. ",
                     (unsigned long long)e.ca);
        expect_sub(&g, cases[i].what, k.res.detail, want);
        /* ck_threshold_verdict, B a formula: no value for a position only in A */
        kctx k2;
        ck *c2 = kinit(&k2, W);
        ck_threshold_verdict(c2, &d, &wg, NULL, "the formula", cases[i].threshold);
        if (cases[i].v == WY_CLAIM_FAIL) {
            fail_text_vs(want, sizeof want, &e, "wythoff", "the formula", 0, tw, NULL, W);
            expect_sub(&g, cases[i].what, k2.res.detail, want);
        }
        if (cases[i].threshold) {
            snprintf(want, sizeof want, "x >= %u or y >= %u, with 0 <= x, y < %u", cases[i].threshold,
                     cases[i].threshold, W);
            expect_sub(&g, cases[i].what, k.res.range, want);
        }
    }
out:
    free(tw), free(lo), free(wp);
    return tk_group_end(&g);
}

/* ck_sets_compare + ck_threshold_verdict with a second layer game: paper
 * 000 Section 5, Theorem 4, value 0 of wythoff+pass p=1 against value 0 of
 * wythoff+heap=1 h=1.  Threshold 7: FAIL at the smallest difference with
 * max(x, y) >= 7 (it has max(x, y) = 7); 8: PASS, sharp; 9 (as printed):
 * PASS, not sharp; two equal games: PASS, agree everywhere. */
static int kind_sets_layer(void)
{
    tk_group g = {"ck_sets_compare + ck_threshold_verdict, two layer games: Theorem 4 with threshold 7 FAIL, 8 and 9 PASS", 0, 0};
    const uint32_t W = 64;
    uint32_t *t1 = naive_window("wythoff+pass", W, 1, 0), *t2 = naive_window("wythoff+heap=1", W, 0, 1);
    uint8_t *a = t1 ? value_set(t1, W, 0) : NULL, *b = t2 ? value_set(t2, W, 0) : NULL;
    if (!a || !b) {
        tk_fail(&g, "naive tables");
        goto out;
    }
    static const ck_game ga = {"wythoff+pass", 1, -1, 0}, gb = {"wythoff+heap=1", -1, 1, 0};
    const char *bn = "the P-positions of wythoff+heap=1 h=1";
    for (uint32_t th = 7; th <= 9; th++) {
        exp_diff e;
        diff_sets(a, b, W, th, &e);
        char what[64];
        snprintf(what, sizeof what, "threshold %u", th);
        g.cases++;
        if (e.max_coord != 7 || (th == 7) != (e.in_region > 0) || (th == 7 && e.ry != 7))
            tk_fail(&g, "%s: naive: largest difference at %llu, %llu in the region, smallest (%u, %u)", what,
                    (unsigned long long)e.max_coord, (unsigned long long)e.in_region, e.rx, e.ry);
        kctx k;
        ck *c = kinit(&k, W);
        ck_diff d;
        g.cases++;
        wy_status st = ck_sets_compare(c, &ga, &gb, NULL, NULL, W, th, &d);
        if (st != WY_OK) {
            tk_fail(&g, "%s: status %d: %s", what, (int)st, k.err);
            continue;
        }
        expect_diff(&g, what, &d, &e);
        ck_threshold_verdict(c, &d, &ga, &gb, bn, th);
        wy_verdict v = th == 7 ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
        g.cases++;
        if (k.res.verdict != v) tk_fail(&g, "%s: verdict %d: %s", what, (int)k.res.verdict, k.res.detail);
        char want[400];
        if (th == 7) {
            fail_text_vs(want, sizeof want, &e, "wythoff+pass p=1", bn, 0, t1, t2, W);
            expect_sub(&g, what, k.res.detail, want);
            /* ck_threshold_verdict: the value where the position is missing */
            kctx k2;
            ck *c2 = kinit(&k2, W);
            ck_threshold_verdict(c2, &d, &ga, &gb, bn, th);
            fail_text_vs(want, sizeof want, &e, "wythoff+pass p=1", bn, 0, t1, t2, W);
            expect_sub(&g, what, k2.res.detail, want);
            /* the games swapped: the smallest, (5, 7), is then only in A, and
             * its value is looked up in B (wythoff+pass p=1) */
            exp_diff es;
            diff_sets(b, a, W, th, &es);
            ck *c3 = kinit(&k2, W);
            g.cases++;
            if (es.rside != 1 || ck_sets_compare(c3, &gb, &ga, NULL, NULL, W, th, &d) != WY_OK) {
                tk_fail(&g, "%s, swapped: side %d, status: %s", what, es.rside, k2.err);
            } else {
                ck_threshold_verdict(c3, &d, &gb, &ga, "B", th);
                fail_text_vs(want, sizeof want, &es, "wythoff+heap=1 h=1", "B", 0, t2, t1, W);
                expect_sub(&g, "swapped", k2.res.detail, want);
            }
        } else if (th == 8) {
            snprintf(want, sizeof want, "Threshold sharp: %llu differences in all, the largest at max(x, y) = 7. ",
                     (unsigned long long)e.count);
            expect_sub(&g, what, k.res.detail, want);
        } else {
            not_sharp_text(want, sizeof want, &e);
            expect_sub(&g, what, k.res.detail, want);
        }
        if (th != 7) {
            /* the listed differences: the first CK_KEEP, with their sides */
            diff_list_text(want, sizeof want, &e);
            expect_sub(&g, what, k.res.detail, want);
        }
    }
    /* two equal sets */
    {
        static const ck_game w0 = {"wythoff", -1, -1, 0}, w1 = {"wythoff+pass", 0, -1, 0};
        kctx k;
        ck *c = kinit(&k, W);
        ck_diff d;
        g.cases++;
        wy_status st = ck_sets_compare(c, &w0, &w1, NULL, NULL, W, 5, &d);
        if (st != WY_OK || d.count != 0) tk_fail(&g, "equal games: status %d, %llu differences", (int)st, (unsigned long long)d.count);
        ck_threshold_verdict(c, &d, &w0, &w1, "B", 5);
        g.cases++;
        if (k.res.verdict != WY_CLAIM_PASS) tk_fail(&g, "equal games: verdict %d", (int)k.res.verdict);
        expect_sub(&g, "equal games", k.res.detail, "Threshold not sharp: the two sets agree everywhere in the window.");
    }
out:
    free(t1), free(t2), free(a), free(b);
    return tk_group_end(&g);
}

/* ck_distance: value-1 positions of Wythoff's game against the P-positions,
 * brute force over a naive table (W + 8 square, so every P-position within
 * distance 5 of the window is in it).  W = 200: the first value-1 position
 * at squared distance 9 from every P-position is near (93, 146); below it
 * every one is within squared distance 8. */
static int kind_distance(void)
{
    tk_group g = {"ck_distance: Wythoff value 1 squared distance 20 and 9 PASS; 8, 4, 1 FAIL at the smallest (brute force, 200 x 200)", 0, 0};
    const uint32_t W = 200, T = W + 8;
    uint32_t *t = naive_window("wythoff", T, 0, 0);
    uint32_t *px = malloc((size_t)W * sizeof *px), *py = malloc((size_t)W * sizeof *py), *pb = malloc((size_t)W * sizeof *pb);
    if (!t || !px || !py || !pb) {
        tk_fail(&g, "setup");
        goto out;
    }
    /* every value-1 position x <= y < W in the layer engine's order (x, then
     * y) with its nearest squared distance to a P-position (all of T x T) */
    uint64_t seen = 0, worst = 0;
    uint32_t wx = 0, wy = 0;
    for (uint32_t x = 0; x < W; x++)
        for (uint32_t y = x; y < W; y++) {
            if (t[x * T + y] != 1) continue;
            uint32_t best = UINT32_MAX;
            for (uint32_t u = 0; u < T; u++)
                for (uint32_t v = 0; v < T; v++)
                    if (t[u * T + v] == 0) {
                        int64_t dx = (int64_t)u - x, dy = (int64_t)v - y;
                        uint64_t d2 = (uint64_t)(dx * dx + dy * dy);
                        if (d2 < best) best = (uint32_t)d2;
                    }
            if (best > worst) worst = best, wx = x, wy = y;
            if (seen < W) px[seen] = x, py[seen] = y, pb[seen] = best;
            seen++;
        }
    g.cases++;
    if (seen > W || worst != 9)
        tk_fail(&g, "brute force: %llu value-1 positions, largest nearest squared distance %llu (expected 9)",
                (unsigned long long)seen, (unsigned long long)worst);
    static const ck_game w1 = {"wythoff", -1, -1, 1};
    char want[300];
    /* false bounds: FAIL at the first position beyond them */
    const uint64_t falsebounds[3] = {8, 4, 1};
    for (int i = 0; i < 3 && seen <= W; i++) {
        uint64_t d2 = falsebounds[i], bad = 0;
        uint32_t bx = 0, by = 0, bd = 0;
        for (uint64_t j = 0; j < seen; j++)
            if (pb[j] > d2) {
                if (!bad) bx = px[j], by = py[j], bd = pb[j];
                bad++;
            }
        char what[32];
        snprintf(what, sizeof what, "d2 = %llu", (unsigned long long)d2);
        g.cases++;
        if (d2 == 8 && (bad == 0 || bd != 9)) tk_fail(&g, "%s: brute force first beyond: %u (expected 9)", what, bd);
        kctx k;
        ck *c = kinit(&k, W);
        g.cases++;
        wy_status st = ck_distance(c, &w1, W, d2);
        if (st != WY_OK || k.res.verdict != WY_CLAIM_FAIL || !bad)
            tk_fail(&g, "%s: status %d verdict %d (%llu beyond): %s", what, (int)st, (int)k.res.verdict,
                    (unsigned long long)bad, k.res.detail);
        snprintf(want, sizeof want, "%llu position(s) (x <= y) farther than sqrt(%llu) from every Wythoff P-position; smallest (%u, %u): nearest squared distance %u. ",
                 (unsigned long long)bad, (unsigned long long)d2, bx, by, bd);
        expect_sub(&g, what, k.res.detail, want);
        snprintf(want, sizeof want, "%llu positions (x <= y) checked; the largest nearest squared distance is %llu, first at (%u, %u). ",
                 (unsigned long long)seen, (unsigned long long)worst, wx, wy);
        expect_sub(&g, what, k.res.detail, want);
        snprintf(want, sizeof want, "every position of value 1 of wythoff with 0 <= x, y < %u", W);
        expect_sub(&g, what, k.res.range, want);
    }
    /* true bounds: 20 (Corollary 1), not attained; the largest, attained */
    const uint64_t truebounds[2] = {20, worst};
    for (int i = 0; i < 2; i++) {
        kctx k;
        ck *c = kinit(&k, W);
        char what[32];
        snprintf(what, sizeof what, "d2 = %llu", (unsigned long long)truebounds[i]);
        g.cases++;
        wy_status st = ck_distance(c, &w1, W, truebounds[i]);
        if (st != WY_OK || k.res.verdict != WY_CLAIM_PASS)
            tk_fail(&g, "%s: status %d verdict %d: %s", what, (int)st, (int)k.res.verdict, k.res.detail);
        snprintf(want, sizeof want, "%llu positions (x <= y) checked; the largest nearest squared distance is %llu, first at (%u, %u)%s. ",
                 (unsigned long long)seen, (unsigned long long)worst, wx, wy,
                 worst == truebounds[i] ? " (the bound is attained)" : " (the bound is not attained)");
        expect_sub(&g, what, k.res.detail, want);
        g.cases++;
        if (has(k.res.detail, "farther than")) tk_fail(&g, "%s: %s", what, k.res.detail);
    }
out:
    free(t), free(px), free(py), free(pb);
    return tk_group_end(&g);
}

/* Formulas for ck_table_formula on nim: a xor b (true), a + b and |a - b|
 * (false). */
static int f_xor(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = x ^ y;
    return v == *e;
}
static int f_sum(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = (uint64_t)x + y;
    return v == *e;
}
static int f_absdiff(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = x > y ? x - y : y - x;
    return v == *e;
}

static int kind_table_formula(void)
{
    tk_group g = {"ck_table_formula: nim = a xor b PASS; a + b FAIL at (1, 1) value 0 expected 2; |a - b| at (1, 2)", 0, 0};
    const uint32_t N = 32;
    uint32_t *t = naive_window("nim", N, 0, 0);
    if (!t) {
        tk_fail(&g, "naive table");
        return tk_group_end(&g);
    }
    static const ck_game nim = {"nim", -1, -1, 0};
    struct {
        const char *what;
        ck_cell_fn fn;
    } cases[] = {{"G = a xor b", f_xor}, {"G = a + b", f_sum}, {"G = |a - b|", f_absdiff}};
    for (int i = 0; i < 3; i++) {
        /* expected: the naive values against the formula, row by row */
        uint64_t bad = 0, be = 0;
        uint32_t bx = 0, by = 0;
        for (uint32_t x = 0; x < N; x++)
            for (uint32_t y = 0; y < N; y++) {
                uint64_t e = 0;
                if (!cases[i].fn(NULL, x, y, t[x * N + y], &e)) {
                    if (!bad) bx = x, by = y, be = e;
                    bad++;
                }
            }
        kctx k;
        ck *c = kinit(&k, N);
        g.cases++;
        wy_status st = ck_table_formula(c, &nim, N, cases[i].fn, NULL, cases[i].what);
        wy_verdict v = bad ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
        if (st != WY_OK || k.res.verdict != v)
            tk_fail(&g, "%s: status %d verdict %d: %s", cases[i].what, (int)st, (int)k.res.verdict, k.res.detail);
        char want[200];
        snprintf(want, sizeof want, "0 <= x, y < %u (%u cells of nim)", N, N * N);
        expect_sub(&g, cases[i].what, k.res.range, want);
        if (bad) {
            snprintf(want, sizeof want, "%llu cell(s) break %s; first (%u, %u): value %u, expected %llu. ",
                     (unsigned long long)bad, cases[i].what, bx, by, t[bx * N + by], (unsigned long long)be);
            expect_sub(&g, cases[i].what, k.res.detail, want);
        }
        /* by hand: a + b first fails at (1, 1): 1 xor 1 = 0, 1 + 1 = 2;
         * |a - b| at (1, 2): 1 xor 2 = 3, |1 - 2| = 1 (row 1 comes before row 2) */
        g.cases++;
        if ((i == 0 && bad) || (i == 1 && (bx != 1 || by != 1 || t[bx * N + by] != 0 || be != 2)) ||
            (i == 2 && (bx != 1 || by != 2 || t[bx * N + by] != 3 || be != 1)))
            tk_fail(&g, "%s: naive first failure (%u, %u) value %u expected %llu disagrees with the hand derivation",
                    cases[i].what, bx, by, t[bx * N + by], (unsigned long long)be);
    }
    free(t);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 5. Errors                                                           */
/* ------------------------------------------------------------------ */

static int cancel_now(void *ctx, uint64_t done, uint64_t total)
{
    (void)done, (void)total;
    ++*(int *)ctx;
    return 1;
}

static int errors(void)
{
    tk_group g = {"errors: bad index WY_EINVAL, small mem_limit WY_ERANGE with the estimate, cancellation", 0, 0};
    wy_claim_result res;
    char err[512];
    size_t n = wy_claim_count();
    err[0] = 0;
    g.cases++;
    if (wy_claim_check(n, 10, 0, NULL, &res, err, sizeof err) != WY_EINVAL || !err[0])
        tk_fail(&g, "index %zu: not WY_EINVAL with a message ('%s')", n, err);
    g.cases++;
    if (wy_claim_check((size_t)-1, 10, 0, NULL, &res, NULL, 0) != WY_EINVAL) tk_fail(&g, "index -1: not WY_EINVAL");
    g.cases++;
    if (wy_claim_check(0, 10, 0, NULL, NULL, err, sizeof err) != WY_EINVAL) tk_fail(&g, "res NULL: not WY_EINVAL");

    /* 000.thm2 at 10^7 rows needs at least 4 bytes a row (38 MiB); 1 MiB is too little */
    long i = wy_claim_find("000.thm2");
    err[0] = 0;
    g.cases++;
    wy_status st = i < 0 ? WY_EINTERNAL : wy_claim_check((size_t)i, 10000000, 1 << 20, NULL, &res, err, sizeof err);
    unsigned long long mb = 0;
    const char *p = strstr(err, "needs about ");
    if (p) mb = strtoull(p + 12, NULL, 10);
    if (st != WY_ERANGE || !p || mb < 38 || !has(err, " MiB for the window") || !has(err, "limit of 1 MiB"))
        tk_fail(&g, "000.thm2 limit 10^7 mem 1 MiB: status %d, err '%s' (want WY_ERANGE and an estimate >= 38 MiB)",
                (int)st, err);
    /* a printed table and a table-engine claim too */
    const char *ids[2] = {"003.nim", "000.thm1"};
    for (int k = 0; k < 2; k++) {
        i = wy_claim_find(ids[k]);
        err[0] = 0;
        g.cases++;
        st = i < 0 ? WY_EINTERNAL : wy_claim_check((size_t)i, 16000, 1 << 20, NULL, &res, err, sizeof err);
        if (st != WY_ERANGE || !err[0]) tk_fail(&g, "%s limit 16000 mem 1 MB: status %d, err '%s'", ids[k], (int)st, err);
    }
    /* no err buffer: still a status */
    g.cases++;
    i = wy_claim_find("000.thm2");
    if (wy_claim_check((size_t)i, 10000000, 1 << 20, NULL, &res, NULL, 0) != WY_ERANGE) tk_fail(&g, "err NULL: not WY_ERANGE");

    /* cancellation through the progress function */
    int calls = 0;
    wy_run run = {1, cancel_now, &calls, 0};
    err[0] = 0;
    g.cases++;
    st = wy_claim_check((size_t)i, 300000, 0, &run, &res, err, sizeof err);
    if (st != WY_ECANCELED || calls == 0) tk_fail(&g, "000.thm2 cancelled: status %d after %d progress calls", (int)st, calls);
    return tk_group_end(&g);
}

int main(void)
{
    int failed = 0;
    uint64_t t0 = now_ms();
    failed += registry();
    failed += every_claim();
    uint64_t t1 = now_ms();
    failed += detail_000_thm4_cor2();
    failed += detail_001_thm1();
    failed += detail_001_thm2();
    failed += detail_002_thm23();
    failed += detail_002_thm12(0);
    failed += detail_002_thm12(1);
    failed += detail_002_thm11();
    failed += detail_own_values();
    uint64_t t2 = now_ms();
    failed += kind_table_printed();
    failed += kind_set_printed();
    failed += kind_sets_formula();
    failed += kind_sets_layer();
    failed += kind_distance();
    failed += kind_table_formula();
    failed += errors();
    uint64_t t3 = now_ms();
    printf("  times: claims %llu ms, details %llu ms, kinds and errors %llu ms\n", (unsigned long long)(t1 - t0),
           (unsigned long long)(t2 - t1), (unsigned long long)(t3 - t2));
    return failed ? 1 : 0;
}
