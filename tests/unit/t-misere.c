/*
 * t-misere - the misere closed forms (src/core/exact_misere.c, proofs in
 * docs/exact.md, section "Misère play") against independent methods.
 *
 * 1. forms: wyi_misere_form names the expected form (or none) for rulesets
 *    of every kind, including the ones whose natural guesses fail.
 * 2. windows vs the table engine: for every covered ruleset of the list and
 *    every side state, every cell of a W x W window (W = 300, 120 with
 *    WY_TEST_SAN=1; 200 for the rulesets with a heap or a pass) is evaluated
 *    by wyi_misere_eval with the normal-play answers taken from the table
 *    engine's table of the ruleset without misere, (a) values and outcomes,
 *    (b) outcomes only (the callback withholds the value); the answer must
 *    be the misere table's value (a) and outcome (a, b).  M1 is also asked
 *    with no callback at all.
 * 3. huge positions (50 digits) against identities checked independently:
 *    M1: G- = x xor y (Nim's closed form) once a heap is >= 2; under max=N
 *    the table's misere value at the residues moved up by N+1; symmetry.
 *    M2: P exactly at Wythoff's pairs (wy_wythoff_pair) and their mirrors,
 *    N next to them, with the normal outcome from wy_wythoff_is_p.
 *    M3: on an axis G- = 1 - (y mod 2) (the table at a small y of the same
 *    parity), off the axes the normal outcome (paper 002 Thm 1.2: P iff x, y
 *    even) is kept.  M4, M5: the normal outcome is passed through off E.
 *    M6: with the normal outcome of paper 001 (g(n), computed here by
 *    Hofstadter's form for n < 10^6 and by wyi_ex_g001 beyond), the misere
 *    P-positions are Wythoff's pairs (paper 001 Theorem 3).
 *
 * Environment: WY_SEED (random positions), WY_TEST_SAN=1 (smaller windows).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/core/exact.h"
#include "../../src/core/exact_misere.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* 1. which form                                                       */
/* ------------------------------------------------------------------ */

static const struct {
    const char *rules;
    int form;
} forms[] = {
    {"nim+misere", WYI_MIS_NIM},
    {"nim+max=3+misere", WYI_MIS_NIM},
    {"nim+heap=2+max=5+misere", WYI_MIS_NIM},
    {"nim+terminal=0+misere", WYI_MIS_NIM},
    {"nim+terminal=1+misere", WYI_MIS_NIM_TERM},
    {"nim+heap=3+terminal=4+misere", WYI_MIS_NIM_TERM},
    {"nim+max=3+terminal=2+misere", WYI_MIS_NONE},
    {"nim+pass+misere", WYI_MIS_NIM_PASS},
    {"nim+pass=2+misere", WYI_MIS_NONE},
    {"nim+pass+heap=1+misere", WYI_MIS_NONE},
    {"nim+pass+max=3+misere", WYI_MIS_NONE},
    {"wythoff+misere", WYI_MIS_WYT},
    {"wythoff+terminal=0+misere", WYI_MIS_WYT},
    {"wythoff+heap=2+mod=3+misere", WYI_MIS_WYT},
    {"wythoff+max=1+misere", WYI_MIS_WMAX1},
    {"wythoff+heap=1+max=1+mod=2+misere", WYI_MIS_WMAX1},
    {"wythoff+max=2+misere", WYI_MIS_NONE},
    {"wythoff+pass+misere", WYI_MIS_NONE},
    {"wythoff+terminal=2+misere", WYI_MIS_WT2},
    {"wythoff+terminal=1+misere", WYI_MIS_NONE},
    {"wythoff+terminal=3+misere", WYI_MIS_NONE},
    {"wythoff+terminal=2+heap=1+misere", WYI_MIS_NONE},
    {"wythoff", WYI_MIS_NONE},
    {"nim", WYI_MIS_NONE},
};

static int group_forms(void)
{
    tk_group g = {"misere-forms", 0, 0};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        wy_rules r;
        char err[WY_ERRLEN];
        g.cases++;
        if (wy_rules_parse(&r, forms[i].rules, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: does not parse: %s", forms[i].rules, err);
            continue;
        }
        int f = wyi_misere_form(&r);
        if (f != forms[i].form)
            tk_fail(&g, "%s: form %d (%s), expected %d", forms[i].rules, f, wyi_misere_name(f), forms[i].form);
        if (f && !wyi_misere_name(f)[0])
            tk_fail(&g, "%s: form %d has no name", forms[i].rules, f);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 2. windows vs the table engine                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    const wy_table *t; /* normal play */
    int give_value;
    unsigned long calls;
} tctx;

static int table_normal(void *ctx, const mpz_t x, const mpz_t y, wy_side side, mpz_t v, int *has_value)
{
    tctx *c = ctx;
    c->calls++;
    *has_value = 0;
    if (mpz_cmp_ui(x, wy_table_rows(c->t)) >= 0 || mpz_cmp_ui(y, wy_table_cols(c->t)) >= 0)
        return 0;
    uint32_t g = wy_table_get(c->t, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), side);
    if (c->give_value) {
        mpz_set_ui(v, g);
        *has_value = 1;
    }
    return g ? 'N' : 'P';
}

static const char *const window_rules[] = {
    "nim+misere",
    "nim+max=1+misere",
    "nim+max=2+misere",
    "nim+max=5+misere",
    "nim+heap=1+misere",
    "nim+heap=3+max=2+misere",
    "nim+terminal=1+misere",
    "nim+terminal=2+misere",
    "nim+terminal=5+misere",
    "nim+heap=2+terminal=3+misere",
    "nim+pass+misere",
    "wythoff+misere",
    "wythoff+terminal=0+misere",
    "wythoff+mod=1+misere",
    "wythoff+mod=2+misere",
    "wythoff+mod=3+misere",
    "wythoff+heap=1+misere",
    "wythoff+heap=2+mod=1+misere",
    "wythoff+heap=3+mod=2+misere",
    "wythoff+max=1+misere",
    "wythoff+max=1+mod=3+misere",
    "wythoff+heap=2+max=1+misere",
    "wythoff+terminal=2+misere",
};

static void window_case(tk_group *g, const char *text, uint32_t W)
{
    wy_rules mr, nr;
    char err[WY_ERRLEN];
    g->cases++;
    if (wy_rules_parse(&mr, text, err, sizeof err) != WY_OK) {
        tk_fail(g, "%s: %s", text, err);
        return;
    }
    const int form = wyi_misere_form(&mr);
    if (!form) {
        tk_fail(g, "%s: no form", text);
        return;
    }
    wyi_misere_normal_rules(&nr, &mr);
    if (nr.misere || wyi_misere_form(&nr)) {
        tk_fail(g, "%s: the normal ruleset keeps misere", text);
        return;
    }
    if (mr.heap || mr.passes)
        W = W * 2 / 3;
    wy_table *tm = NULL, *tn = NULL;
    wy_side top = wy_side_start(&mr);
    if (wy_table_compute(&tm, &mr, W, W, top, 0, err, sizeof err) != WY_OK ||
        wy_table_compute(&tn, &nr, W, W, top, 0, err, sizeof err) != WY_OK) {
        tk_fail(g, "%s: table: %s", text, err);
        wy_table_free(tm);
        wy_table_free(tn);
        return;
    }
    mpz_t x, y, v;
    mpz_inits(x, y, v, NULL);
    unsigned long cells = 0, undecided_b = 0;
    for (uint32_t p = 0; p <= mr.passes; p++)
        for (uint32_t h = 0; h <= mr.heap; h++) {
            wy_side s = {p, h};
            for (uint32_t a = 0; a < W; a++)
                for (uint32_t b = 0; b < W; b++) {
                    uint32_t want = wy_table_get(tm, a, b, s);
                    char wo = want ? 'N' : 'P';
                    mpz_set_ui(x, a);
                    mpz_set_ui(y, b);
                    for (int mode = 0; mode < 3; mode++) {
                        if (mode == 2 && form != WYI_MIS_NIM)
                            break;
                        tctx c = {tn, mode == 0, 0};
                        int hv = -1;
                        char oc = 0;
                        const char *method = NULL;
                        int r = wyi_misere_eval(form, &mr, x, y, s, mode == 2 ? NULL : table_normal, &c, v, &hv, &oc,
                                                &method);
                        cells++;
                        if (!method || !method[0]) {
                            tk_fail(g, "%s (%u,%u) pass %u heap %u: no method", text, a, b, p, h);
                            continue;
                        }
                        if (!r) {
                            /* only M6 with outcomes only, near the origin */
                            if (mode == 1 && form == WYI_MIS_WT2 && a < 8 && b < 8) {
                                undecided_b++;
                                continue;
                            }
                            tk_fail(g, "%s (%u,%u) pass %u heap %u mode %d: undecided", text, a, b, p, h, mode);
                            continue;
                        }
                        if (oc != wo)
                            tk_fail(g, "%s (%u,%u) pass %u heap %u mode %d: outcome %c, table %u", text, a, b, p, h,
                                    mode, oc, want);
                        if (mode != 1 && hv != 1)
                            tk_fail(g, "%s (%u,%u) pass %u heap %u mode %d: no value (table %u)", text, a, b, p, h,
                                    mode, want);
                        if (hv == 1 && mpz_cmp_ui(v, want) != 0)
                            tk_fail(g, "%s (%u,%u) pass %u heap %u mode %d: value %s, table %u", text, a, b, p, h,
                                    mode, mpz_get_str(NULL, 10, v), want);
                    }
                }
        }
    (void)cells;
    (void)undecided_b;
    mpz_clears(x, y, v, NULL);
    wy_table_free(tm);
    wy_table_free(tn);
}

static int group_windows(int san)
{
    tk_group g = {"misere-windows-vs-table", 0, 0};
    const uint32_t W = san ? 120 : 300;
    for (size_t i = 0; i < sizeof window_rules / sizeof window_rules[0]; i++)
        window_case(&g, window_rules[i], W);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* 3. huge positions                                                   */
/* ------------------------------------------------------------------ */

static void random_digits(mpz_t z, tk_rng *rng, int digits)
{
    char buf[128];
    for (int i = 0; i < digits; i++)
        buf[i] = (char)('0' + tk_rng_range(rng, i == 0 ? 1 : 0, 9));
    buf[digits] = 0;
    mpz_set_str(z, buf, 10);
}

/* normal-play outcomes at huge positions from closed forms */
typedef struct {
    int kind; /* 0 Wythoff P-test; 1 wythoff+max=1 (x, y even); 2 nim+pass; 3 t2 P-test (paper 001) */
    const uint8_t *g;
    uint32_t gcount;
} hctx;

/* paper 001's g(n) by Hofstadter's form (for n < gcount) or wyi_ex_g001 */
static int g001(const hctx *c, const mpz_t n)
{
    if (mpz_cmp_ui(n, c->gcount) < 0)
        return c->g[mpz_get_ui(n)];
    return wyi_ex_g001(n);
}

static int huge_normal(void *ctx, const mpz_t x, const mpz_t y, wy_side side, mpz_t v, int *has_value)
{
    const hctx *c = ctx;
    *has_value = 0;
    (void)v;
    mpz_t lo, hi, d, a;
    mpz_inits(lo, hi, d, a, NULL);
    int le = mpz_cmp(x, y) <= 0;
    mpz_set(lo, le ? x : y);
    mpz_set(hi, le ? y : x);
    mpz_sub(d, hi, lo);
    int p = 0;
    switch (c->kind) {
    case 0:
        p = wy_wythoff_is_p(x, y);
        break;
    case 1:
        p = mpz_even_p(x) && mpz_even_p(y);
        break;
    case 2:
        p = side.pass == 0 ? mpz_cmp(x, y) == 0
                           : (mpz_sgn(hi) == 0 || (mpz_cmp_ui(d, 1) == 0 && mpz_odd_p(lo)));
        break;
    default: /* (lo, hi), lo + hi > 2: n = hi - lo - 1 >= 0 and lo = a_n + g(n) - 1 */
        if (mpz_sgn(d) > 0) {
            mpz_sub_ui(d, d, 1);
            wyi_ex_lower(a, d);
            if (g001(c, d) == 0)
                mpz_sub_ui(a, a, 1);
            p = mpz_cmp(a, lo) == 0;
        }
        break;
    }
    mpz_clears(lo, hi, d, a, NULL);
    return p ? 'P' : 'N';
}

/* g(0..n-1) by Hofstadter's form: h(0) = 0, h(k) = k - h(h(k-1));
 * g(0) = 1, g(1) = 0, g(n) = 1 - g(h(n-1)) if h(n-2) < h(n-1), else 1. */
static uint8_t *g_hofstadter(uint32_t n)
{
    uint32_t *h = malloc(sizeof *h * n);
    uint8_t *g = malloc(n);
    if (!h || !g) {
        free(h);
        free(g);
        return NULL;
    }
    h[0] = 0;
    for (uint32_t k = 1; k < n; k++)
        h[k] = k - h[h[k - 1]];
    g[0] = 1;
    g[1] = 0;
    for (uint32_t k = 2; k < n; k++)
        g[k] = h[k - 2] < h[k - 1] ? (uint8_t)(1 - g[h[k - 1]]) : 1;
    free(h);
    return g;
}

static int eval_rules(const char *text, wy_rules *r)
{
    char err[WY_ERRLEN];
    return wy_rules_parse(r, text, err, sizeof err) == WY_OK;
}

static int group_huge(tk_rng *rng, int san)
{
    tk_group g = {"misere-huge", 0, 0};
    const int n = san ? 100 : 1000;
    mpz_t x, y, v, w, t;
    mpz_inits(x, y, v, w, t, NULL);
    int hv;
    char oc;
    const char *m;
    char err[WY_ERRLEN];

    /* M1 */
    static const char *const nims[] = {"nim+misere", "nim+max=4+misere", "nim+heap=3+max=7+misere"};
    for (size_t k = 0; k < 3; k++) {
        wy_rules r;
        if (!eval_rules(nims[k], &r)) {
            tk_fail(&g, "%s: parse", nims[k]);
            continue;
        }
        wy_table *tm = NULL;
        uint32_t q = r.max ? r.max + 1 : 0;
        if (q && wy_table_compute(&tm, &r, 3 * q, 3 * q, wy_side_start(&r), 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: %s", nims[k], err);
            continue;
        }
        for (int i = 0; i < n; i++) {
            random_digits(x, rng, 50);
            random_digits(y, rng, tk_rng_range(rng, 1, 50));
            wy_side s = {0, r.heap ? tk_rng_range(rng, 0, r.heap) : 0};
            g.cases++;
            if (!wyi_misere_eval(WYI_MIS_NIM, &r, x, y, s, NULL, NULL, v, &hv, &oc, &m) || hv != 1) {
                tk_fail(&g, "%s: undecided at a huge position", nims[k]);
                continue;
            }
            if (wyi_misere_eval(WYI_MIS_NIM, &r, y, x, s, NULL, NULL, w, &hv, &oc, &m) != 1 || mpz_cmp(v, w) != 0)
                tk_fail(&g, "%s: not symmetric", nims[k]);
            if (!q) { /* Nim: G- = x xor y xor h, x >= 2 */
                mpz_xor(w, x, y);
                mpz_set_ui(t, s.heap);
                mpz_xor(w, w, t);
                if (mpz_cmp(v, w) != 0)
                    tk_fail(&g, "%s: G-(%s, ...) is not the nim-sum", nims[k], mpz_get_str(NULL, 10, x));
            } else { /* the table at the residues + q */
                uint32_t a = (uint32_t)mpz_fdiv_ui(x, q) + q, b = (uint32_t)mpz_fdiv_ui(y, q) + q;
                uint32_t want = wy_table_get(tm, a, b, s);
                if (mpz_cmp_ui(v, want) != 0)
                    tk_fail(&g, "%s: huge position with residues (%u, %u): %s, table %u", nims[k], a - q, b - q,
                            mpz_get_str(NULL, 10, v), want);
            }
        }
        wy_table_free(tm);
    }

    /* M2: Wythoff's pairs */
    {
        wy_rules r;
        hctx c = {0, NULL, 0};
        if (eval_rules("wythoff+misere", &r))
            for (int i = 0; i < n; i++) {
                random_digits(t, rng, 50);
                wy_wythoff_pair(x, y, t);
                for (int j = 0; j < 5; j++) {
                    mpz_set(v, x);
                    mpz_set(w, y);
                    if (j == 1)
                        mpz_swap(v, w);
                    if (j == 2)
                        mpz_add_ui(w, w, 1);
                    if (j == 3)
                        mpz_sub_ui(v, v, 1);
                    if (j == 4)
                        mpz_add_ui(v, v, 1), mpz_add_ui(w, w, 1);
                    mpz_t val;
                    mpz_init(val);
                    g.cases++;
                    if (!wyi_misere_eval(WYI_MIS_WYT, &r, v, w, wy_side_start(&r), huge_normal, &c, val, &hv, &oc, &m))
                        tk_fail(&g, "wythoff+misere: undecided at a huge position");
                    else if (oc != (j < 2 ? 'P' : 'N'))
                        tk_fail(&g, "wythoff+misere: %c at a huge pair%s", oc, j < 2 ? "" : "'s neighbour");
                    mpz_clear(val);
                }
            }
    }

    /* M3: wythoff+max=1 */
    {
        wy_rules r;
        hctx c = {1, NULL, 0};
        wy_table *tm = NULL;
        if (eval_rules("wythoff+max=1+misere", &r) &&
            wy_table_compute(&tm, &r, 4, 4, wy_side_start(&r), 0, err, sizeof err) == WY_OK) {
            for (int i = 0; i < n; i++) {
                random_digits(y, rng, 50);
                mpz_set_ui(x, 0);
                g.cases++;
                uint32_t want = wy_table_get(tm, 0, 2 + (uint32_t)mpz_odd_p(y), wy_side_start(&r));
                if (!wyi_misere_eval(WYI_MIS_WMAX1, &r, x, y, wy_side_start(&r), NULL, NULL, v, &hv, &oc, &m) ||
                    hv != 1 || mpz_cmp_ui(v, want) != 0)
                    tk_fail(&g, "wythoff+max=1+misere: axis (0, %s) wrong or undecided", mpz_get_str(NULL, 10, y));
                random_digits(x, rng, 50);
                if (!wyi_misere_eval(WYI_MIS_WMAX1, &r, x, y, wy_side_start(&r), huge_normal, &c, v, &hv, &oc, &m) ||
                    oc != ((mpz_even_p(x) && mpz_even_p(y)) ? 'P' : 'N'))
                    tk_fail(&g, "wythoff+max=1+misere: off the axes, outcome not the normal one");
            }
        } else {
            tk_fail(&g, "wythoff+max=1+misere: setup");
        }
        wy_table_free(tm);
    }

    /* M4, M5: off E, the normal outcome is passed through */
    {
        wy_rules r4, r5;
        hctx c = {2, NULL, 0};
        if (eval_rules("nim+terminal=3+misere", &r4) && eval_rules("nim+pass+misere", &r5))
            for (int i = 0; i < n; i++) {
                random_digits(x, rng, 50);
                mpz_add_ui(y, x, tk_rng_range(rng, 0, 2));
                for (uint32_t p = 0; p <= 1; p++) {
                    wy_side s = {p, 0};
                    g.cases++;
                    char want = huge_normal(&c, x, y, s, v, &hv);
                    if (!wyi_misere_eval(WYI_MIS_NIM_PASS, &r5, x, y, s, huge_normal, &c, v, &hv, &oc, &m) ||
                        oc != want)
                        tk_fail(&g, "nim+pass+misere: huge position, pass %u: not the normal outcome", p);
                }
                hctx c0 = {0, NULL, 0};
                if (!wyi_misere_eval(WYI_MIS_NIM_TERM, &r4, x, y, wy_side_start(&r4), huge_normal, &c0, v, &hv, &oc,
                                     &m) ||
                    oc != (wy_wythoff_is_p(x, y) ? 'P' : 'N'))
                    tk_fail(&g, "nim+terminal=3+misere: huge position: not the callback's outcome");
            }
    }

    /* M6: misere P-positions of wythoff+terminal=2 are Wythoff's pairs */
    {
        wy_rules r;
        uint32_t gn = san ? 100000 : 1000000;
        uint8_t *gg = g_hofstadter(gn);
        hctx c = {3, gg, gg ? gn : 0};
        if (gg && eval_rules("wythoff+terminal=2+misere", &r)) {
            for (int i = 0; i < n; i++) {
                if (i % 2)
                    random_digits(t, rng, 50);
                else
                    mpz_set_ui(t, tk_rng_range(rng, 10, gn - 10));
                wy_wythoff_pair(x, y, t);
                for (int j = 0; j < 4; j++) {
                    mpz_set(v, x);
                    mpz_set(w, y);
                    if (j == 1)
                        mpz_swap(v, w);
                    if (j == 2)
                        mpz_add_ui(w, w, 1); /* (a_n, b_n + 1): a t2 P-position when g(n) = 1 */
                    if (j == 3)
                        mpz_sub_ui(v, v, 1); /* (a_n - 1, b_n): when g(n) = 0 */
                    mpz_t val;
                    mpz_init(val);
                    g.cases++;
                    if (!wyi_misere_eval(WYI_MIS_WT2, &r, v, w, wy_side_start(&r), huge_normal, &c, val, &hv, &oc, &m))
                        tk_fail(&g, "wythoff+terminal=2+misere: undecided at a huge position");
                    else if (oc != (j < 2 ? 'P' : 'N'))
                        tk_fail(&g, "wythoff+terminal=2+misere: %c at %s", oc, j < 2 ? "a pair" : "a neighbour");
                    else if (j >= 2 && huge_normal(&c, v, w, wy_side_start(&r), val, &hv) == 'P' &&
                             (!wyi_misere_eval(WYI_MIS_WT2, &r, v, w, wy_side_start(&r), huge_normal, &c, val, &hv,
                                               &oc, &m) ||
                              hv != 1 || mpz_cmp_ui(val, 1) != 0))
                        tk_fail(&g, "wythoff+terminal=2+misere: a normal P-position without misere value 1");
                    mpz_clear(val);
                }
            }
        } else {
            tk_fail(&g, "wythoff+terminal=2+misere: setup");
        }
        free(gg);
    }
    mpz_clears(x, y, v, w, t, NULL);
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed = TK_SEED_DEFAULT;
    if (tk_env_u64(&seed, "WY_SEED") < 0)
        return 1;
    printf("seed = %llu\n", (unsigned long long)seed);
    const int san = tk_test_san();
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    int bad = 0;
    bad |= group_forms();
    bad |= group_windows(san);
    bad |= group_huge(&rng, san);
    return bad ? 1 : 0;
}
