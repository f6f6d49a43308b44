/* check.c - the claims of the five papers and how each is checked.
 *
 * The papers are in shared/seeds (see its INDEX.md): 000 Wythoff's game with
 * a pass; 001 the terminal-set variant (a summary); 002 restricted Wythoff;
 * 003 Nim with a pass (a notebook); 004 m-modular Wythoff.  docs/claims.md
 * lists the claims with their seed lines; docs/errata.md has the evidence
 * for every erratum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "wythoff_layer.h"

typedef wy_status (*claim_fn)(ck *c, const void *arg);

typedef struct {
    wy_claim_info info;
    claim_fn fn;
    const void *arg;
} claim;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static wy_status oom(ck *c, const char *what)
{
    snprintf(c->err, c->errlen, "out of memory (%s)", what);
    return WY_ERANGE;
}

static wy_status need_mem(ck *c, uint64_t bytes, const char *what)
{
    if (c->mem_limit && bytes > c->mem_limit) {
        snprintf(c->err, c->errlen, "%s needs about %llu MB, above the limit of %llu MB", what,
                 (unsigned long long)(bytes >> 20), (unsigned long long)(c->mem_limit >> 20));
        return WY_ERANGE;
    }
    return WY_OK;
}

static wy_status table_of(ck *c, const char *rules, int pass, int heap, uint32_t rows, uint32_t cols, wy_table **t,
                          wy_side *side)
{
    wy_rules r;
    wy_status st = wy_rules_parse(&r, rules, c->err, c->errlen);
    if (st != WY_OK) return st;
    *side = wy_side_start(&r);
    if (pass >= 0) side->pass = (uint32_t)pass;
    if (heap >= 0) side->heap = (uint32_t)heap;
    return wy_table_compute_run(t, &r, rows, cols, *side, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
}

/* res->detail = the concatenation of up to four strings (truncated). */
static void detail_join(ck *c, const char *p1, const char *p2, const char *p3, const char *p4)
{
    const char *parts[4] = {p1, p2, p3, p4};
    char buf[sizeof c->res->detail];
    size_t len = 0;
    for (int i = 0; i < 4; i++)
        for (const char *q = parts[i]; q && *q && len + 1 < sizeof buf; q++) buf[len++] = *q;
    buf[len] = 0;
    memcpy(c->res->detail, buf, len + 1);
}

/* x < m phi, exactly: 2x - m < m sqrt(5). */
static int lt_m_phi(uint64_t x, uint64_t m)
{
    if (2 * x <= m) return 1;
    uint64_t d = 2 * x - m;
    return d * d < 5 * m * m;
}

/* y < m / phi, exactly: 2y + m < m sqrt(5). */
static int lt_m_over_phi(uint64_t y, uint64_t m)
{
    uint64_t d = 2 * y + m;
    return d * d < 5 * m * m;
}

/* Wythoff's greedy construction (paper 004, Section 2.2, (1)): c_i is the
 * smallest positive integer in no pair of P_{i-1}; P_i adds (c_i, c_i + i).
 * Fills c[1..k]; returns 0 on allocation failure. */
static int greedy_c(uint64_t *c, uint64_t k)
{
    uint64_t bits = 3 * k + 8;
    uint8_t *used = calloc(bits / 8 + 1, 1);
    if (!used) return 0;
    uint64_t next = 1;
    c[0] = 0;
    for (uint64_t i = 1; i <= k; i++) {
        while (used[next >> 3] & (1u << (next & 7))) next++;
        c[i] = next;
        used[next >> 3] |= (uint8_t)(1u << (next & 7));
        uint64_t u = next + i;
        used[u >> 3] |= (uint8_t)(1u << (u & 7));
    }
    free(used);
    return 1;
}

/* ------------------------------------------------------------------ */
/* Printed tables and sets                                             */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *stem;
    ck_game game;
    uint32_t window; /* sets: the window (0: the printed one) */
} printed_arg;

static wy_status c_printed_table(ck *c, const void *arg)
{
    const printed_arg *a = arg;
    const wy_printed_table *t = ck_printed_table_find(a->stem);
    if (!t) {
        snprintf(c->err, c->errlen, "internal: no printed table %s", a->stem);
        return WY_EINTERNAL;
    }
    return ck_table_printed(c, &a->game, t->rows, t->cols, t->cells);
}

static wy_status c_printed_set(ck *c, const void *arg)
{
    const printed_arg *a = arg;
    const wy_printed_set *s = ck_printed_set_find(a->stem);
    if (!s) {
        snprintf(c->err, c->errlen, "internal: no printed set %s", a->stem);
        return WY_EINTERNAL;
    }
    int eq;
    return ck_set_printed(c, &a->game, a->window, s->xy, s->n, &eq);
}

/* ------------------------------------------------------------------ */
/* Formula generators                                                  */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t n;
} gen_state;

/* Wythoff's P-positions (floor(n phi), floor(n phi) + n), n >= 0. */
static int gen_wythoff(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    gen_state *g = ctx;
    uint64_t a = ck_floor_phi(g->n);
    if (a >= limit) return 0;
    *x = a;
    *y = a + g->n;
    g->n++;
    return 1;
}

/* Nim's P-positions (m, m). */
static int gen_diag(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    gen_state *g = ctx;
    if (g->n >= limit) return 0;
    *x = *y = g->n++;
    return 1;
}

/* Paper 001: g(n) from its definition (lines 61-64): g(0) = 1, g(1) = 0;
 * g(n) = 1 - g(m) if floor(n phi) = floor(m (phi + 1)) + 1 for some m,
 * otherwise 1.  floor(m (phi+1)) = floor(m phi) + m. */

/* floor((n+1) phi) from a = floor(n phi): a + 2 when a + 2 <= (n+1) phi,
 * i.e. (2a + 3 - n)^2 < 5 (n+1)^2 (never equal: sqrt(5) is irrational),
 * else a + 1.  Exact for n < 1.5e9. */
static uint64_t lower_next(uint64_t n, uint64_t a)
{
    uint64_t d = 2 * a + 3 - n;
    return d * d < 5 * (n + 1) * (n + 1) ? a + 2 : a + 1;
}

/* g(0..count-1).  An n >= 2 has floor(n phi) - 1 = floor(m phi) + m (an
 * upper Wythoff number B_m) for at most one m; both sequences increase, so
 * one pass with a pointer m finds it. */
static uint8_t *g001_direct(uint64_t count)
{
    uint8_t *g = malloc(count ? count : 1);
    if (!g) return NULL;
    uint64_t a = 0, m = 0, am = 0; /* a = floor(n phi), am = floor(m phi) */
    for (uint64_t n = 0; n < count; n++) {
        if (n) a = lower_next(n - 1, a);
        if (n < 2) {
            g[n] = n == 0;
            continue;
        }
        while (am + m + 1 < a) am = lower_next(m, am), m++;
        g[n] = (am + m + 1 == a && m < n) ? (uint8_t)(1 - g[m]) : 1;
    }
    return g;
}

typedef struct {
    uint64_t n;
    int phase;       /* 0: (0,0); 1: (1,1) when corrected; 2: the family */
    int corrected;
    const uint8_t *g;
    uint64_t gcount;
} gen001;

static int gen_001(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    gen001 *s = ctx;
    if (s->phase == 0) {
        s->phase = s->corrected ? 1 : 2;
        *x = *y = 0;
        return 1;
    }
    if (s->phase == 1) {
        s->phase = 2;
        *x = *y = 1;
        return 1;
    }
    if (s->n >= s->gcount) return 0;
    uint64_t a = ck_floor_phi(s->n), g = s->g[s->n];
    if (a + g - 1 >= limit) return 0; /* x grows with n */
    *x = a + g - 1;
    *y = a + s->n + g;
    s->n++;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Paper 000                                                           */
/* ------------------------------------------------------------------ */

static const ck_game W_P = {"wythoff", -1, -1, 0};
static const ck_game W_1 = {"wythoff", -1, -1, 1};

static wy_status c_000_thm1(ck *c, const void *arg)
{
    (void)arg;
    uint32_t n = (uint32_t)c->n;
    wy_table *t = NULL;
    wy_side side;
    wy_status st = table_of(c, "wythoff+heap=3", -1, 3, n, n, &t, &side);
    if (st != WY_OK) return st;
    uint64_t bad = 0;
    uint32_t bx = 0, by = 0, bh = 0;
    for (uint32_t h = 1; h <= 3; h++)
        for (uint32_t x = 0; x < n; x++)
            for (uint32_t y = 0; y < n; y++) {
                wy_side s0 = {0, 0}, sh = {0, h};
                if (wy_table_get(t, x, y, sh) != (wy_table_get(t, x, y, s0) ^ h)) {
                    if (!bad) bx = x, by = y, bh = h;
                    bad++;
                }
            }
    snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %u, extra heap h = 1, 2, 3", n);
    if (bad) {
        wy_side s0 = {0, 0}, sh = {0, bh};
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "(%u, %u) with h = %u: G = %u, but G(x, y, 0) xor h = %u", bx, by, bh, wy_table_get(t, bx, by, sh),
                wy_table_get(t, bx, by, s0) ^ bh);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "wythoff+heap=3 at h equals wythoff xor h in every cell");
    }
    wy_table_free(t);
    return WY_OK;
}

static wy_status c_000_thm2(ck *c, const void *arg)
{
    (void)arg;
    gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &W_P, NULL, gen_wythoff, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    ck_threshold_verdict(c, &d, &W_P, "{(floor(n phi), floor(n phi) + n)} and mirrors", 0);
    return WY_OK;
}

/* Theorem 3 (Blass-Fraenkel): the value-1 positions (a_n, b_n), a_n <= b_n,
 * a_n increasing: |b_n - (floor(n phi) + n)| <= 4 and
 * floor(n phi) - 1 <= a_n <= floor(n phi) + 2. */
typedef struct {
    uint64_t n, bad, bn, bx, by;
    int64_t amin, amax, bmin, bmax;
} thm3_ctx;

static int thm3_fn(void *ctx, uint64_t x, uint64_t y)
{
    thm3_ctx *s = ctx;
    int64_t f = (int64_t)ck_floor_phi(s->n);
    int64_t da = (int64_t)x - f, db = (int64_t)y - (f + (int64_t)s->n);
    if (s->n == 0 || da < s->amin) s->amin = da;
    if (s->n == 0 || da > s->amax) s->amax = da;
    if (s->n == 0 || db < s->bmin) s->bmin = db;
    if (s->n == 0 || db > s->bmax) s->bmax = db;
    if (da < -1 || da > 2 || db < -4 || db > 4) {
        if (!s->bad) s->bn = s->n, s->bx = x, s->by = y;
        s->bad++;
    }
    s->n++;
    return 0;
}

static wy_status c_000_thm3(ck *c, const void *arg)
{
    (void)arg;
    wy_rules r;
    wy_status st = wy_rules_parse(&r, "wythoff", c->err, c->errlen);
    if (st != WY_OK) return st;
    thm3_ctx s = {0};
    st = wy_layer_scan(&r, wy_side_start(&r), 1, c->n, c->mem_limit, thm3_fn, &s, NULL, c->run, c->err, c->errlen);
    if (st != WY_OK) return st;
    char ns[32];
    ck_num(ns, sizeof ns, c->n);
    snprintf(c->res->range, sizeof c->res->range, "the %llu value-1 positions (a_n, b_n), a_n <= b_n, 0 <= x, y < %s",
             (unsigned long long)s.n, ns);
    if (s.bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu pair(s) break the bounds; first n = %llu: (a_n, b_n) = (%llu, %llu), floor(n phi) = %llu. ",
                (unsigned long long)s.bad, (unsigned long long)s.bn, (unsigned long long)s.bx,
                (unsigned long long)s.by, (unsigned long long)ck_floor_phi(s.bn));
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    ck_note(c, "Observed: a_n - floor(n phi) in [%lld, %lld] (stated [-1, 2]); b_n - (floor(n phi) + n) in [%lld, %lld] (stated [-4, 4]).",
            (long long)s.amin, (long long)s.amax, (long long)s.bmin, (long long)s.bmax);
    return WY_OK;
}

static wy_status c_000_cor1(ck *c, const void *arg)
{
    (void)arg;
    return ck_distance(c, &W_1, c->n, 20);
}

/* Lemma 2 and Lemma 3 of paper 000 are statements about the fixed sets B
 * and C of Definition 12 and the moves M1, M2, M3, for x >= 9 or y >= 9. */
static int in_m1(const wy_printed_set *s, uint64_t x, uint64_t y) /* (u, y), u < x */
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->xy[2 * i + 1] == y && s->xy[2 * i] < x) return 1;
    return 0;
}

static int in_m2(const wy_printed_set *s, uint64_t x, uint64_t y) /* (x, v), v < y */
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->xy[2 * i] == x && s->xy[2 * i + 1] < y) return 1;
    return 0;
}

static int in_m3(const wy_printed_set *s, uint64_t x, uint64_t y) /* (x-t, y-t), t >= 1 */
{
    for (uint32_t i = 0; i < s->n; i++) {
        uint64_t u = s->xy[2 * i], v = s->xy[2 * i + 1];
        if (u < x && v < y && x - u == y - v) return 1;
    }
    return 0;
}

static wy_status lemma23(ck *c, int lemma)
{
    const wy_printed_set *b = ck_printed_set_find("000_setB"), *cs = ck_printed_set_find("000_setC");
    if (!b || !cs) {
        snprintf(c->err, c->errlen, "internal: sets B, C missing");
        return WY_EINTERNAL;
    }
    uint64_t n = c->n, bad = 0, bx = 0, by = 0;
    const char *what = "";
    for (uint64_t x = 0; x < n; x++)
        for (uint64_t y = 0; y < n; y++) {
            if (x < 9 && y < 9) continue;
            /* x >= 9 or y >= 9: the sets lie in x, y <= 8, so only a few
             * rows and columns and the diagonals near them meet them */
            int b1 = in_m1(b, x, y), c1 = in_m1(cs, x, y), b2 = in_m2(b, x, y), c2 = in_m2(cs, x, y);
            int b3 = in_m3(b, x, y), c3 = in_m3(cs, x, y);
            const char *w = NULL;
            if (lemma == 2) {
                if (y <= 8 && !(b1 && c1 && !b2 && !c2)) w = "(i)";
                else if (x <= 8 && !(b2 && c2 && !b1 && !c1)) w = "(ii)";
                else if (x <= y + 4 && y <= x + 4 && !(b3 && c3)) w = "(iii)";
                else if ((x >= y + 5 || y >= x + 5) && (b3 || c3)) w = "(iv)";
            } else {
                if (b1 != c1) w = "(i)";
                else if (b2 != c2) w = "(ii)";
                else if (b3 != c3) w = "(iii)";
            }
            if (w) {
                if (!bad) bx = x, by = y, what = w;
                bad++;
            }
        }
    snprintf(c->res->range, sizeof c->res->range, "x >= 9 or y >= 9, with 0 <= x, y < %llu", (unsigned long long)n);
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu position(s) break the lemma; first (%llu, %llu), part %s", (unsigned long long)bad,
                (unsigned long long)bx, (unsigned long long)by, what);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "checked with the printed sets B and C of Definition 12");
    }
    return WY_OK;
}

static wy_status c_000_lem2(ck *c, const void *arg)
{
    (void)arg;
    return lemma23(c, 2);
}

static wy_status c_000_lem3(ck *c, const void *arg)
{
    (void)arg;
    return lemma23(c, 3);
}

typedef struct {
    ck_game a, b;
    uint64_t threshold;
    const char *bname;
} iff_arg;

static wy_status c_iff(ck *c, const void *arg)
{
    const iff_arg *a = arg;
    ck_diff d;
    wy_status st = ck_sets_compare(c, &a->a, &a->b, NULL, NULL, c->n, a->threshold, &d);
    if (st != WY_OK) return st;
    ck_threshold_verdict(c, &d, &a->a, a->bname, a->threshold);
    return WY_OK;
}

static const iff_arg A_000_thm4 = {{"wythoff+pass", 1, -1, 0}, {"wythoff+heap=1", -1, 1, 0}, 9,
                                   "the P-positions of wythoff+heap=1 h=1 (G2(x,y,1) = 0)"};
static const iff_arg A_000_cor2 = {{"wythoff+pass", 1, -1, 0}, {"wythoff+pass", 0, -1, 1}, 9,
                                   "the value-1 positions of wythoff+pass p=0 (G1(x,y,0) = 1)"};

static wy_status c_000_thm5(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"wythoff+pass", 1, -1, 0};
    return ck_distance(c, &g, c->n, 20);
}

/* ------------------------------------------------------------------ */
/* Paper 001                                                           */
/* ------------------------------------------------------------------ */

static const ck_game T2_P = {"wythoff+terminal=2", -1, -1, 0};

static wy_status c_001_thm1(ck *c, const void *arg)
{
    (void)arg;
    uint64_t count = ck_floor_over_phi(c->n) + 4;
    wy_status st = need_mem(c, count + c->n * 5, "the formula check");
    if (st != WY_OK) return st;
    uint8_t *g = g001_direct(count);
    if (!g) return oom(c, "g(n)");
    gen001 s = {0, 0, 0, g, count};
    ck_diff d;
    st = ck_sets_compare(c, &T2_P, NULL, gen_001, &s, c->n, 0, &d);
    if (st == WY_OK) {
        ck_threshold_verdict(c, &d, &T2_P, "the printed formula P1", 0);
        if (c->res->verdict == WY_CLAIM_FAIL) {
            /* The corrected set is P1 plus (1,1): it equals the computed set
             * exactly when (1,1), computed but not in P1, is the only
             * difference. */
            int only11 = d.count == 1 && d.first_x[0] == 1 && d.first_y[0] == 1 && d.first_side[0] == 1;
            ck_diff d2 = d;
            d2.count = only11 ? 0 : 1;
            if (d2.count == 0) {
                c->res->verdict = WY_CLAIM_ERRATUM;
                ck_note(c, "Corrected: (1,1) is the only difference, so P1 with (1,1) added (a terminal position, hence a P-position) equals the computed P-positions exactly (%llu positions, x <= y).",
                        (unsigned long long)d2.count_a);
            }
        }
    }
    free(g);
    return st;
}

static wy_status c_001_g(ck *c, const void *arg)
{
    (void)arg;
    uint64_t n = c->n;
    wy_status st = need_mem(c, n * 5, "g(n) and Hofstadter's sequence");
    if (st != WY_OK) return st;
    uint8_t *g = g001_direct(n);
    uint32_t *h = malloc(n * sizeof *h);
    uint8_t *gh = malloc(n);
    if (!g || !h || !gh) {
        free(g), free(h), free(gh);
        return oom(c, "g(n) and Hofstadter's sequence");
    }
    uint64_t bad = 0, bn = 0;
    for (uint64_t k = 0; k < n; k++) {
        h[k] = k ? (uint32_t)(k - h[h[k - 1]]) : 0;
        if (k < 2)
            gh[k] = k == 0;
        else
            gh[k] = h[k - 2] < h[k - 1] ? (uint8_t)(1 - gh[h[k - 1]]) : 1;
        if (gh[k] != g[k]) {
            if (!bad) bn = k;
            bad++;
        }
    }
    snprintf(c->res->range, sizeof c->res->range, "0 <= n < %llu", (unsigned long long)n);
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu n differ; first n = %llu: definition gives %u, Hofstadter form gives %u",
                (unsigned long long)bad, (unsigned long long)bn, g[bn], gh[bn]);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    free(g), free(h), free(gh);
    return WY_OK;
}

typedef struct {
    ck_game a;
    uint64_t threshold;
} wyf_arg;

/* A layer set equals Wythoff's P-positions for max(x, y) >= threshold. */
static wy_status c_vs_wythoff(ck *c, const void *arg)
{
    const wyf_arg *a = arg;
    gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &a->a, NULL, gen_wythoff, &g, c->n, a->threshold, &d);
    if (st != WY_OK) return st;
    ck_threshold_verdict(c, &d, &a->a, "Wythoff's P-positions", a->threshold);
    return WY_OK;
}

static const wyf_arg A_001_prop1 = {{"wythoff+terminal=2", -1, -1, 1}, 8};
static const wyf_arg A_001_prop2 = {{"wythoff+terminal=2+misere", -1, -1, 0}, 8};

static wy_status c_001_thm2(ck *c, const void *arg)
{
    (void)arg;
    static const wyf_arg printed = {{"wythoff+terminal=2", -1, -1, 0}, 8};
    wy_status st = c_vs_wythoff(c, &printed);
    if (st != WY_OK || c->res->verdict == WY_CLAIM_PASS) return st;
    char keep[sizeof c->res->detail];
    memcpy(keep, c->res->detail, sizeof keep);
    c->res->detail[0] = 0;
    st = c_vs_wythoff(c, &A_001_prop1);
    if (st != WY_OK) return st;
    wy_verdict v = c->res->verdict;
    char corr[sizeof c->res->detail];
    memcpy(corr, c->res->detail, sizeof corr);
    detail_join(c, "As printed (G = 0): ", keep, "Corrected (G = 1, the abstract's statement): ", corr);
    c->res->verdict = v == WY_CLAIM_PASS ? WY_CLAIM_ERRATUM : WY_CLAIM_FAIL;
    return WY_OK;
}

static const iff_arg A_001_thm3 = {{"wythoff+terminal=2+misere", -1, -1, 0}, {"wythoff+terminal=2+heap=1", -1, 1, 0}, 0,
                                   "the P-positions of wythoff+terminal=2+heap=1 h=1"};

static const printed_arg A_001_setA = {"001_setA", {"wythoff+terminal=2", -1, -1, 0}, 9};
static const printed_arg A_001_setB = {"001_setB", {"wythoff+terminal=2+misere", -1, -1, 0}, 9};
static const printed_arg A_001_setC = {"001_setC", {"wythoff", -1, -1, 0}, 9};

/* ------------------------------------------------------------------ */
/* Paper 002                                                           */
/* ------------------------------------------------------------------ */

/* Theorem 1.1 / 2.5 as printed: {(floor(phi i) + i, floor(phi i))}, larger
 * coordinate first, no mirror images. */
static wy_status c_002_thm11(ck *c, const void *arg)
{
    (void)arg;
    gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &W_P, NULL, gen_wythoff, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    ck_threshold_verdict(c, &d, &W_P, "CP_Wythoff with mirror images", 0);
    if (c->res->verdict != WY_CLAIM_PASS || d.count_a < 2) return WY_OK; /* (1, 2) needs a window of 3 */
    /* the corrected set holds; the printed one lacks every (x, y), x < y */
    char corr[sizeof c->res->detail], printed[256];
    memcpy(corr, c->res->detail, sizeof corr);
    snprintf(printed, sizeof printed,
             "As printed (only the ordered pairs (floor(phi i) + i, floor(phi i))): the cold position (1, 2) (value 0 in wythoff) is missing, and so is every cold (x, y) with x < y, %llu in the window. ",
             (unsigned long long)(d.count_a - 1));
    detail_join(c, printed, "Corrected (with mirror images): ", corr, NULL);
    c->res->verdict = WY_CLAIM_ERRATUM;
    return WY_OK;
}

static wy_status c_002_lem22(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game nim = {"nim", -1, -1, 0};
    gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &nim, NULL, gen_diag, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    ck_threshold_verdict(c, &d, &nim, "{(m, m)}", 0);
    return WY_OK;
}

static wy_status c_002_thm22(ck *c, const void *arg)
{
    (void)arg;
    uint32_t n = (uint32_t)(c->n > 1024 ? 1024 : c->n);
    wy_table *t = NULL;
    wy_side side;
    wy_status st = table_of(c, "nim+heap=15", -1, 15, n, n, &t, &side);
    if (st != WY_OK) return st;
    uint64_t bad = 0;
    uint32_t bx = 0, by = 0, bh = 0;
    for (uint32_t h = 0; h <= 15; h++)
        for (uint32_t x = 0; x < n; x++)
            for (uint32_t y = 0; y < n; y++) {
                wy_side s = {0, h};
                if ((wy_table_get(t, x, y, s) == 0) != ((x ^ y ^ h) == 0)) {
                    if (!bad) bx = x, by = y, bh = h;
                    bad++;
                }
            }
    snprintf(c->res->range, sizeof c->res->range, "2 piles 0 <= x, y < %u and a third pile of 0..15 (nim+heap=15)%s", n,
             c->n > n ? " (capped at 1024)" : "");
    c->res->limit = n;
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "(%u, %u, %u): cold = %d, but the nim-sum is %u", bx, by, bh, 0, bx ^ by ^ bh);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    wy_table_free(t);
    return WY_OK;
}

static wy_status c_002_ex21(ck *c, const void *arg)
{
    (void)arg;
    wy_rules r;
    wy_status st = wy_rules_parse(&r, "nim+heap=3", c->err, c->errlen);
    if (st != WY_OK) return st;
    wy_table *t = NULL;
    wy_side s3 = {0, 3};
    st = wy_table_compute(&t, &r, 4, 4, s3, 0, c->err, c->errlen);
    if (st != WY_OK) return st;
    /* (3, 2, 1): the two piles (3, 2) and the extra heap 1 */
    wy_side s1 = {0, 1};
    wy_move mv[16];
    size_t cnt = 0;
    st = wy_moves_list(mv, 16, &cnt, &r, 3, 2, s1, c->err, c->errlen);
    if (st != WY_OK) {
        wy_table_free(t);
        return st;
    }
    static const uint32_t printed[6][3] = {{2, 2, 1}, {3, 2, 0}, {0, 2, 1}, {3, 1, 1}, {3, 0, 1}, {1, 2, 1}};
    int found = 0, hot = 1;
    for (size_t i = 0; i < cnt && i < 16; i++)
        for (int k = 0; k < 6; k++)
            if (mv[i].x == printed[k][0] && mv[i].y == printed[k][1] && mv[i].side.heap == printed[k][2]) found++;
    for (int k = 0; k < 6; k++) {
        wy_side s = {0, printed[k][2]};
        if (wy_table_get(t, printed[k][0], printed[k][1], s) == 0) hot = 0;
    }
    uint32_t v321 = wy_table_get(t, 3, 2, s1), v331 = wy_table_get(t, 3, 3, s1);
    snprintf(c->res->range, sizeof c->res->range, "the positions (3,2,1), (3,3,1) and the six options of (3,2,1)");
    int ok = v321 == 0 && v331 != 0 && found == 6 && cnt == 6 && hot && (3 ^ 2 ^ 1) == 0 && (3 ^ 3 ^ 1) == 1;
    c->res->verdict = ok ? WY_CLAIM_PASS : WY_CLAIM_FAIL;
    ck_note(c, "G(3,2,1) = %u, G(3,3,1) = %u; (3,2,1) has %zu options, %d of them printed, all hot: %s", v321, v331,
            cnt, found, hot ? "yes" : "no");
    wy_table_free(t);
    return WY_OK;
}

/* The P-set of a table: 1 where the value is 0. */
static uint8_t *pset_of(ck *c, const char *rules, uint32_t w, wy_status *st)
{
    wy_table *t = NULL;
    wy_side side;
    *st = table_of(c, rules, -1, -1, w, w, &t, &side);
    if (*st != WY_OK) return NULL;
    uint8_t *p = malloc((size_t)w * w);
    if (!p) {
        wy_table_free(t);
        *st = oom(c, "a P-set");
        return NULL;
    }
    for (uint32_t x = 0; x < w; x++)
        for (uint32_t y = 0; y < w; y++) p[(size_t)x * w + y] = wy_table_get(t, x, y, side) == 0;
    wy_table_free(t);
    return p;
}

/* Theorem 2.3: q-2-pile Nim: cold iff (x mod q+1) xor (y mod q+1) = 0. */
static wy_status c_002_thm23(ck *c, const void *arg)
{
    (void)arg;
    uint64_t qmax = c->n;
    uint64_t pbad = 0, pq = 0, px = 0, py = 0, cbad = 0, cq = 0, cx = 0, cy = 0;
    for (uint64_t q = 1; q <= qmax; q++) {
        uint32_t w = (uint32_t)(4 * (q + 1) + 3);
        for (int reading = 0; reading < 2; reading++) {
            /* reading 0: "at most q" (nim+max=q); 1: "fewer than q" as printed */
            uint64_t mx = reading ? q - 1 : q;
            if (mx == 0) continue;
            char rules[64];
            snprintf(rules, sizeof rules, "nim+max=%llu", (unsigned long long)mx);
            wy_status st;
            uint8_t *p = pset_of(c, rules, w, &st);
            if (!p) return st;
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++) {
                    int want = ((x % (q + 1)) ^ (y % (q + 1))) == 0;
                    if (p[(size_t)x * w + y] != want) {
                        if (reading) {
                            if (!pbad) pq = q, px = x, py = y;
                            pbad++;
                        } else {
                            if (!cbad) cq = q, cx = x, cy = y;
                            cbad++;
                        }
                    }
                }
            free(p);
        }
    }
    snprintf(c->res->range, sizeof c->res->range, "q = 1..%llu, 0 <= x, y < 4(q+1)+3", (unsigned long long)qmax);
    if (cbad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "\"at most q\" (nim+max=q): first q = %llu, (%llu, %llu) %s. ", (unsigned long long)cq,
                (unsigned long long)cx, (unsigned long long)cy,
                ((cx % (cq + 1)) ^ (cy % (cq + 1))) == 0 ? "is hot, the formula says cold" : "is cold, the formula says hot");
        return WY_OK;
    }
    if (pbad) {
        c->res->verdict = WY_CLAIM_ERRATUM;
        ck_note(c, "As printed (\"fewer than q\", nim+max=q-1): fails for q = %llu at (%llu, %llu), %s. Corrected (\"at most q\", as the proof on line 166 uses, nim+max=q): holds for every q.",
                (unsigned long long)pq, (unsigned long long)px, (unsigned long long)py,
                ((px % (pq + 1)) ^ (py % (pq + 1))) == 0 ? "hot, but the formula says cold" : "cold, but the formula says hot");
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    return WY_OK;
}

/* 1-pile subtraction games (Theorem 2.4 and Examples 2.4, 2.5): heap x is
 * cold iff no allowed move reaches a cold heap. */
static int subtraction_cold_ok(const uint8_t *allowed, uint64_t kmax, uint64_t w, uint64_t period, uint8_t *cold,
                               uint64_t *badx)
{
    for (uint64_t x = 0; x < w; x++) {
        int c = 1;
        for (uint64_t p = 1; p <= x && p <= kmax && c; p++)
            if (allowed[p] && cold[x - p]) c = 0;
        cold[x] = (uint8_t)c;
        if (c != (x % period == 0)) {
            *badx = x;
            return 0;
        }
    }
    return 1;
}

static wy_status c_002_thm24(ck *c, const void *arg)
{
    (void)arg;
    uint64_t kmax = c->n > 20 ? 20 : c->n;
    uint64_t w = 8 * kmax + 8, games = 0;
    uint8_t allowed[32], cold[200];
    for (uint64_t q = 1; q < kmax; q++) {
        uint64_t cand[32], nc = 0;
        for (uint64_t p = q + 1; p <= kmax; p++)
            if (p % (q + 1)) cand[nc++] = p;
        for (uint64_t mask = 0; mask < ((uint64_t)1 << nc); mask++) {
            memset(allowed, 0, sizeof allowed);
            for (uint64_t p = 1; p <= q; p++) allowed[p] = 1;
            for (uint64_t k = 0; k < nc; k++)
                if (mask >> k & 1) allowed[cand[k]] = 1;
            uint64_t bx;
            games++;
            if (!subtraction_cold_ok(allowed, kmax, w, q + 1, cold, &bx)) {
                c->res->verdict = WY_CLAIM_FAIL;
                ck_note(c, "q = %llu, moves {1..%llu} and extra mask %llu: heap %llu is %s", (unsigned long long)q,
                        (unsigned long long)q, (unsigned long long)mask, (unsigned long long)bx,
                        cold[bx] ? "cold, not a multiple of q+1" : "hot, a multiple of q+1");
                snprintf(c->res->range, sizeof c->res->range, "subtraction sets within {1..%llu}",
                         (unsigned long long)kmax);
                return WY_OK;
            }
        }
    }
    c->res->limit = kmax;
    snprintf(c->res->range, sizeof c->res->range,
             "all %llu subtraction sets S within {1..%llu} with {1..q} in S and no multiple of q+1, heaps < %llu",
             (unsigned long long)games, (unsigned long long)kmax, (unsigned long long)w);
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c, "every such game has cold heaps exactly the multiples of q+1%s", c->n > kmax ? " (limit capped at 20)" : "");
    return WY_OK;
}

static wy_status c_002_ex24(ck *c, const void *arg)
{
    (void)arg;
    uint64_t w = c->n;
    wy_status st = need_mem(c, w, "the heaps");
    if (st != WY_OK) return st;
    uint8_t *cold = malloc(w ? w : 1);
    if (!cold) return oom(c, "heaps");
    uint64_t checked = 0;
    for (uint64_t base = 2; base <= 99; base++) {
        if (base != 2 && base % 2 == 0) continue;
        uint64_t period = base == 2 ? 3 : 2;
        for (uint64_t x = 0; x < w; x++) {
            int cc = 1;
            for (uint64_t p = 1; p <= x && cc; p *= base) {
                if (cold[x - p]) cc = 0;
                if (p > UINT64_MAX / base) break;
            }
            cold[x] = (uint8_t)cc;
            if (cc != (x % period == 0)) {
                c->res->verdict = WY_CLAIM_FAIL;
                ck_note(c, "n = %llu: heap %llu is %s", (unsigned long long)base, (unsigned long long)x,
                        cc ? "cold" : "hot");
                snprintf(c->res->range, sizeof c->res->range, "heaps < %llu", (unsigned long long)w);
                free(cold);
                return WY_OK;
            }
        }
        checked++;
    }
    free(cold);
    snprintf(c->res->range, sizeof c->res->range, "moves n^(i-1) for n = 2 and odd n = 3..99, heaps < %llu",
             (unsigned long long)w);
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c, "n = 2: cold iff heap = 0 mod 3; odd n: cold iff the heap is even (the paper says \"odd n greater than 3\"; n = 3 holds too)");
    return WY_OK;
}

static wy_status c_002_ex25(ck *c, const void *arg)
{
    (void)arg;
    uint64_t w = c->n;
    wy_status st = need_mem(c, w * 12, "the heaps");
    if (st != WY_OK) return st;
    uint8_t *comp = calloc(w + 1, 1), *cold = malloc(w + 1);
    uint64_t *moves = malloc((w + 1) * sizeof *moves);
    if (!comp || !cold || !moves) {
        free(comp), free(cold), free(moves);
        return oom(c, "heaps");
    }
    uint64_t nm = 0;
    moves[nm++] = 1;
    for (uint64_t p = 2; p <= w; p++) {
        if (comp[p]) continue;
        moves[nm++] = p;
        for (uint64_t k = p * p; k <= w; k += p) comp[k] = 1;
    }
    uint64_t bad = 0, bx = 0;
    for (uint64_t x = 0; x < w; x++) {
        int cc = 1;
        for (uint64_t k = 0; k < nm && moves[k] <= x && cc; k++)
            if (cold[x - moves[k]]) cc = 0;
        cold[x] = (uint8_t)cc;
        if (cc != (x % 4 == 0)) {
            if (!bad) bx = x;
            bad++;
        }
    }
    snprintf(c->res->range, sizeof c->res->range, "moves {1} and the primes, heaps < %llu", (unsigned long long)w);
    c->res->verdict = bad ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
    if (bad) ck_note(c, "heap %llu is %s", (unsigned long long)bx, cold[bx] ? "cold" : "hot");
    else ck_note(c, "cold iff the heap is a multiple of 4, as for the 3-1-pile Nim game");
    free(comp), free(cold), free(moves);
    return WY_OK;
}

/* A^(n) of Theorem 1.2 by residues mod n+1: bit 0 when (x mod n+1, y mod
 * n+1) is (0,0) or (floor(phi i)+i, floor(phi i)), 1 <= i <= m (the printed
 * set); bit 1 when it is that or a mirror image (the corrected set).  An
 * (n+1) x (n+1) matrix, or NULL. */
static uint8_t *a_n_residues(uint64_t n)
{
    uint64_t p = n + 1;
    uint8_t *r = calloc(p * p, 1);
    if (!r) return NULL;
    r[0] = 3;
    for (uint64_t i = 1;; i++) {
        uint64_t f = ck_floor_phi(i);
        if (f + i >= p) break;
        r[(f + i) * p + f] |= 3;
        r[f * p + f + i] |= 2;
    }
    return r;
}

static int in_a_n(const uint8_t *res, uint64_t n, uint64_t x, uint64_t y, int mirror)
{
    return res[(x % (n + 1)) * (n + 1) + y % (n + 1)] >> (mirror ? 1 : 0) & 1;
}

typedef struct {
    int f11;   /* Proposition 3.1: only F_{1,1} = [0, n+1]^2 */
} thm12_arg;

static wy_status c_002_thm12(ck *c, const void *arg)
{
    const thm12_arg *a = arg;
    uint64_t nmax = c->n;
    /* counterexamples: [0] corrected (at most n, mirrors); [1] printed set
     * with "at most n"; [2] "fewer than n" with mirrors */
    uint64_t bad[3] = {0, 0, 0}, bn[3] = {0}, bx[3] = {0}, by[3] = {0};
    uint8_t *res = NULL;
    for (uint64_t n = 1; n <= nmax; n++) {
        uint32_t w = a->f11 ? (uint32_t)(n + 2) : (uint32_t)(4 * (n + 1) + 3);
        free(res);
        if (!(res = a_n_residues(n))) return oom(c, "A^(n)");
        for (int reading = 0; reading < 2; reading++) {
            uint64_t mx = reading ? n - 1 : n;
            if (mx == 0) continue;
            char rules[64];
            snprintf(rules, sizeof rules, "wythoff+max=%llu", (unsigned long long)mx);
            wy_status st;
            uint8_t *p = pset_of(c, rules, w, &st);
            if (!p) {
                free(res);
                return st;
            }
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++) {
                    int cold = p[(size_t)x * w + y];
                    for (int k = reading ? 2 : 0; k <= (reading ? 2 : 1); k++) {
                        int want = in_a_n(res, n, x, y, k != 1);
                        if (cold != want) {
                            if (!bad[k]) bn[k] = n, bx[k] = x, by[k] = y;
                            bad[k]++;
                        }
                    }
                }
            free(p);
        }
    }
    free(res);
    snprintf(c->res->range, sizeof c->res->range, "n = 1..%llu, %s", (unsigned long long)nmax,
             a->f11 ? "F_{1,1} = 0 <= x, y <= n+1" : "0 <= x, y < 4(n+1)+3 (four periods)");
    uint8_t *r0 = NULL, *r2 = NULL;
    if ((bad[0] && !(r0 = a_n_residues(bn[0]))) || (bad[2] && !(r2 = a_n_residues(bn[2])))) {
        free(r0);
        return oom(c, "A^(n)");
    }
    if (bad[0]) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "Even read as \"at most n\" with mirror images: first n = %llu, (%llu, %llu) is %s. ",
                (unsigned long long)bn[0], (unsigned long long)bx[0], (unsigned long long)by[0],
                in_a_n(r0, bn[0], bx[0], by[0], 1) ? "hot but in the set" : "cold but not in the set");
        free(r0), free(r2);
        return WY_OK;
    }
    c->res->verdict = (bad[1] || bad[2]) ? WY_CLAIM_ERRATUM : WY_CLAIM_PASS;
    if (bad[1])
        ck_note(c, "As printed, the set has no mirror images: first n = %llu, (%llu, %llu) is cold but not in A^(n) (%llu such positions). ",
                (unsigned long long)bn[1], (unsigned long long)bx[1], (unsigned long long)by[1],
                (unsigned long long)bad[1]);
    if (bad[2])
        ck_note(c, "As printed, the rules say \"fewer than n\" (wythoff+max=n-1): first n = %llu, (%llu, %llu) is %s. ",
                (unsigned long long)bn[2], (unsigned long long)bx[2], (unsigned long long)by[2],
                in_a_n(r2, bn[2], bx[2], by[2], 1) ? "hot under max=n-1 but in A^(n)" : "cold under max=n-1 but not in A^(n)");
    free(r2);
    ck_note(c, "Corrected (take at most n, i.e. wythoff+max=n; A^(n) with its mirror images): holds for every n checked%s.",
            a->f11 ? ", and (n+1, n+1) is cold" : "");
    return WY_OK;
}

static const thm12_arg A_002_thm12 = {0};
static const thm12_arg A_002_prop31 = {1};

/* Lemma 3.1: distinct points of A^(n) in one I_{k,l} have b'-b != a'-a
 * (mod n+1).  Checked in I_{1,1}, I_{1,2}, I_{2,1}, I_{2,2}, for the printed
 * A^(n) and for its mirror closure. */
static wy_status c_002_lem31(ck *c, const void *arg)
{
    (void)arg;
    uint64_t nmax = c->n;
    for (int mirror = 0; mirror < 2; mirror++)
        for (uint64_t n = 1; n <= nmax; n++) {
            uint64_t px[512], py[512], np = 0, p = n + 1;
            uint8_t *res = a_n_residues(n);
            if (!res) return oom(c, "A^(n)");
            for (uint64_t k = 0; k < 2; k++)
                for (uint64_t l = 0; l < 2; l++) {
                    np = 0;
                    for (uint64_t x = k * p; x < (k + 1) * p; x++)
                        for (uint64_t y = l * p; y < (l + 1) * p; y++)
                            if (in_a_n(res, n, x, y, mirror) && np < 512) px[np] = x, py[np] = y, np++;
                    for (uint64_t i = 0; i < np; i++)
                        for (uint64_t j = i + 1; j < np; j++) {
                            uint64_t db = (py[j] + p * 4 - py[i]) % p, da = (px[j] + p * 4 - px[i]) % p;
                            if (db == da) {
                                c->res->verdict = WY_CLAIM_FAIL;
                                ck_note(c, "n = %llu%s: (%llu, %llu) and (%llu, %llu) have congruent differences",
                                        (unsigned long long)n, mirror ? " (mirror closure)" : "",
                                        (unsigned long long)px[i], (unsigned long long)py[i],
                                        (unsigned long long)px[j], (unsigned long long)py[j]);
                                snprintf(c->res->range, sizeof c->res->range, "n = 1..%llu", (unsigned long long)nmax);
                                free(res);
                                return WY_OK;
                            }
                        }
                }
            free(res);
        }
    snprintf(c->res->range, sizeof c->res->range, "n = 1..%llu, blocks I_{k,l} with k, l in {1, 2}",
             (unsigned long long)nmax);
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c, "holds for the printed A^(n) and for A^(n) with mirror images");
    return WY_OK;
}

/* Proposition 3.1's proof: CP_{n-Wythoff} and CP_Wythoff agree on I_{1,1}. */
static wy_status c_002_i11(ck *c, const void *arg)
{
    (void)arg;
    uint64_t nmax = c->n;
    for (uint64_t n = 1; n <= nmax; n++) {
        uint32_t w = (uint32_t)(n + 1);
        char rules[64];
        snprintf(rules, sizeof rules, "wythoff+max=%llu", (unsigned long long)n);
        wy_status st;
        uint8_t *p = pset_of(c, rules, w, &st);
        if (!p) return st;
        for (uint32_t x = 0; x < w; x++)
            for (uint32_t y = 0; y < w; y++)
                if (p[(size_t)x * w + y] != (ck_wythoff_partner(x) == y)) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "n = %llu: (%u, %u) differs", (unsigned long long)n, x, y);
                    free(p);
                    return WY_OK;
                }
        free(p);
    }
    snprintf(c->res->range, sizeof c->res->range, "n = 1..%llu, 0 <= x, y <= n", (unsigned long long)nmax);
    c->res->verdict = WY_CLAIM_PASS;
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Paper 003                                                           */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t low, high; /* cells where the lower / upper bound is attained */
} bound_ctx;

static int bound_pred(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    bound_ctx *b = ctx;
    int64_t lo = (int64_t)(x > y ? x - y : y - x) - 1, hi = (int64_t)x + y + 1;
    if ((int64_t)v == lo) b->low++;
    if ((int64_t)v == hi) b->high++;
    if ((int64_t)v < lo) {
        *e = (uint64_t)lo;
        return 0;
    }
    if ((int64_t)v > hi) {
        *e = (uint64_t)hi;
        return 0;
    }
    return 1;
}

static wy_status c_003_bound(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"nim+pass", 1, -1, 0};
    bound_ctx b = {0, 0};
    wy_status st = ck_table_formula(c, &g, (uint32_t)c->n, bound_pred, &b, "|a-b|-1 <= G <= a+b+1");
    if (st != WY_OK) return st;
    ck_note(c, "The lower bound is attained at %llu cells, the upper at %llu.", (unsigned long long)b.low,
            (unsigned long long)b.high);
    return WY_OK;
}

static int xor_pred(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = x ^ y;
    return v == (x ^ y);
}

static wy_status c_003_nim(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"nim", -1, -1, 0};
    return ck_table_formula(c, &g, (uint32_t)c->n, xor_pred, NULL, "G(a,b) = a xor b");
}

/* The notebook's own recursions (NimP, Sub, SubP), run directly. */
static wy_status c_003_defs(ck *c, const void *arg)
{
    (void)arg;
    uint32_t n = (uint32_t)(c->n > 512 ? 512 : c->n);
    c->res->limit = n;
    size_t cells = (size_t)n * n;
    uint32_t *nimp = malloc(cells * 4), *sub = malloc(cells * 4), *subp = malloc(cells * 4);
    uint32_t *seen = calloc(4 * (size_t)n + 8, 4);
    if (!nimp || !sub || !subp || !seen) {
        free(nimp), free(sub), free(subp), free(seen);
        return oom(c, "the notebook tables");
    }
    uint32_t stamp = 0;
    const uint32_t mx = 31;
#define MEX(expr_fill, out)                                                                                            \
    do {                                                                                                               \
        stamp++;                                                                                                       \
        expr_fill;                                                                                                     \
        uint32_t m_ = 0;                                                                                               \
        while (seen[m_] == stamp) m_++;                                                                                \
        out = m_;                                                                                                      \
    } while (0)
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            size_t k = (size_t)a * n + b;
            /* NimP[a,b] = If[a==0&&b==0, 0, Mex[{BitXor[a,b], NimP[i,b] i<a, NimP[a,j] j<b}]] */
            if (a == 0 && b == 0)
                nimp[k] = 0;
            else
                MEX({
                    seen[a ^ b] = stamp;
                    for (uint32_t i = 0; i < a; i++) seen[nimp[(size_t)i * n + b]] = stamp;
                    for (uint32_t j = 0; j < b; j++) seen[nimp[(size_t)a * n + j]] = stamp;
                }, nimp[k]);
            /* Sub[a,b,mx] = Mex[{Sub[i,b] max(0,a-mx) <= i < a, Sub[a,j] ...}] */
            MEX({
                for (uint32_t i = a > mx ? a - mx : 0; i < a; i++) seen[sub[(size_t)i * n + b]] = stamp;
                for (uint32_t j = b > mx ? b - mx : 0; j < b; j++) seen[sub[(size_t)a * n + j]] = stamp;
            }, sub[k]);
            if (a == 0 && b == 0)
                subp[k] = 0;
            else
                MEX({
                    seen[sub[k]] = stamp;
                    for (uint32_t i = a > mx ? a - mx : 0; i < a; i++) seen[subp[(size_t)i * n + b]] = stamp;
                    for (uint32_t j = b > mx ? b - mx : 0; j < b; j++) seen[subp[(size_t)a * n + j]] = stamp;
                }, subp[k]);
        }
#undef MEX
    static const char *const rules[3] = {"nim+pass", "nim+max=31", "nim+max=31+pass"};
    static const char *const names[3] = {"NimP", "Sub[.,.,31]", "SubP[.,.,31]"};
    uint32_t *mine[3] = {nimp, sub, subp};
    wy_status st = WY_OK;
    c->res->verdict = WY_CLAIM_PASS;
    for (int g = 0; g < 3 && st == WY_OK; g++) {
        wy_table *t = NULL;
        wy_side side;
        st = table_of(c, rules[g], -1, -1, n, n, &t, &side);
        if (st != WY_OK) break;
        for (uint32_t a = 0; a < n && c->res->verdict == WY_CLAIM_PASS; a++)
            for (uint32_t b = 0; b < n; b++)
                if (wy_table_get(t, a, b, side) != mine[g][(size_t)a * n + b]) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "%s[%u,%u] = %u, but %s gives %u. ", names[g], a, b, mine[g][(size_t)a * n + b],
                            rules[g], wy_table_get(t, a, b, side));
                    break;
                }
        wy_table_free(t);
    }
    snprintf(c->res->range, sizeof c->res->range, "0 <= a, b < %u%s", n, c->n > n ? " (capped at 512: cubic cost)" : "");
    if (st == WY_OK && c->res->verdict == WY_CLAIM_PASS)
        ck_note(c, "the notebook's NimP, Sub and SubP (mx = 31) equal nim+pass, nim+max=31 and nim+max=31+pass");
    free(nimp), free(sub), free(subp), free(seen);
    return st;
}

/* Row a of nim+pass: G(a, b + p) = G(a, b) + s for all b >= b0 in the
 * window, with at least three periods seen (W - b0 >= 3p) and b0 <= W/2. */
static int row_period(const uint32_t *row, uint32_t w, uint32_t *b0, uint32_t *per, int64_t *salt)
{
    for (uint32_t p = 1; 3 * p <= w; p++) {
        int64_t s = (int64_t)row[w - 1] - (int64_t)row[w - 1 - p];
        uint32_t b = w - 1 - p;
        while (b > 0 && (int64_t)row[b - 1 + p] - (int64_t)row[b - 1] == s) b--;
        if (w - b >= 3 * p && b <= w / 2) {
            *b0 = b, *per = p, *salt = s;
            return 1;
        }
    }
    return 0;
}

static wy_status c_003_rows(ck *c, const void *arg)
{
    (void)arg;
    uint32_t w = (uint32_t)c->n, rows = w / 64 < 8 ? 8 : w / 64;
    if (rows > w) rows = w;
    wy_table *t = NULL;
    wy_side side;
    wy_status st = table_of(c, "nim+pass", -1, -1, rows, w, &t, &side);
    if (st != WY_OK) return st;
    uint32_t *row = malloc((size_t)w * 4);
    if (!row) {
        wy_table_free(t);
        return oom(c, "a row");
    }
    uint32_t a;
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c, "row: preperiod, period, saltus:");
    for (a = 0; a < rows; a++) {
        wy_table_row(t, a, side, row);
        uint32_t b0, p;
        int64_t s;
        if (!row_period(row, w, &b0, &p, &s)) break;
        if (a < 24) ck_note(c, " %u: %u,%u,%lld;", a, b0, p, (long long)s);
    }
    if (a == 0) c->res->verdict = WY_CLAIM_FAIL;
    snprintf(c->res->range, sizeof c->res->range, "rows a = 0..%u, columns b < %u", a ? a - 1 : 0, w);
    if (a < rows)
        ck_note(c, " Row %u shows no period with three repetitions in b < %u; a longer window (--limit) confirms more rows.", a, w);
    free(row);
    wy_table_free(t);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Paper 004                                                           */
/* ------------------------------------------------------------------ */

static wy_status c_004_greedy(ck *c, const void *arg)
{
    (void)arg;
    uint64_t k = ck_floor_over_phi(c->n) + 2;
    wy_status st = need_mem(c, k * 8 + k, "the greedy construction");
    if (st != WY_OK) return st;
    uint64_t *cc = malloc((k + 1) * sizeof *cc);
    if (!cc) return oom(c, "the greedy construction");
    if (!greedy_c(cc, k)) {
        free(cc);
        return oom(c, "the greedy construction");
    }
    uint64_t bad = 0, bi = 0;
    for (uint64_t i = 1; i <= k; i++)
        if (cc[i] != ck_floor_phi(i)) {
            if (!bad) bi = i;
            bad++;
        }
    snprintf(c->res->range, sizeof c->res->range, "i = 1..%llu (c_i < %llu)", (unsigned long long)k,
             (unsigned long long)cc[k] + 1);
    c->res->verdict = bad ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
    if (bad)
        ck_note(c, "c_%llu = %llu, floor(%llu phi) = %llu", (unsigned long long)bi, (unsigned long long)cc[bi],
                (unsigned long long)bi, (unsigned long long)ck_floor_phi(bi));
    else
        ck_note(c, "c_i = floor(i phi) and c_i + i = floor(i phi^2) for every i");
    free(cc);
    return WY_OK;
}

static wy_status c_004_am(ck *c, const void *arg)
{
    (void)arg;
    const wy_printed_set *am = ck_printed_set_find("004_am");
    if (!am) return WY_EINTERNAL;
    /* count: lower Wythoff numbers floor(k phi) < m, k >= 1 (walked with
     * lower_next); f: floor(m / phi), walked independently: it grows by one
     * at m + 1 when (f + 1) phi <= m + 1, i.e. 5 (f+1)^2 < (2m + 1 - f)^2. */
    uint64_t n = c->n, count = 0, next = 1, lk = 1, bad = 0, bm = 0, f = 0, prev = 0;
    for (uint64_t m = 1; m < n; m++) {
        while (lk < m) prev = lk, lk = lower_next(next, lk), count++, next++;
        if (m > 1) {
            uint64_t d = 2 * (m - 1) + 1 - f;
            if (5 * (f + 1) * (f + 1) < d * d) f++;
        }
        int uniq = (count == 0 || prev < m) && m <= lk;
        if (count != f || !uniq) {
            if (!bad) bm = m;
            bad++;
        }
    }
    uint64_t pbad = 0, pm = 0, pv = 0;
    for (uint32_t i = 0; i < am->n; i++)
        if (ck_floor_over_phi(am->xy[2 * i]) != am->xy[2 * i + 1]) {
            if (!pbad) pm = am->xy[2 * i], pv = am->xy[2 * i + 1];
            pbad++;
        }
    snprintf(c->res->range, sizeof c->res->range, "the printed a_1..a_16, and 1 <= m < %llu", (unsigned long long)n);
    c->res->verdict = (bad || pbad) ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
    if (pbad) ck_note(c, "printed a_%llu = %llu, computed %llu. ", (unsigned long long)pm, (unsigned long long)pv,
                      (unsigned long long)ck_floor_over_phi(pm));
    if (bad) ck_note(c, "m = %llu: the count of lower Wythoff numbers below m and floor(m/phi) differ. ",
                     (unsigned long long)bm);
    if (!bad && !pbad)
        ck_note(c, "the printed table is right, and a_m = #{lower Wythoff numbers < m} = floor(m/phi) = the a with floor(a phi) < m <= floor((a+1) phi)");
    return WY_OK;
}

/* The lemmas of Section 4 for P_{a_m}, built by the greedy construction. */
typedef struct {
    int lemma;
} lem_arg;

static wy_status c_004_lemma(ck *c, const void *arg)
{
    const lem_arg *a = arg;
    uint64_t mmax = c->n;
    uint64_t k = ck_floor_over_phi(mmax) + 2;
    uint64_t *cc = malloc((k + 1) * sizeof *cc);
    uint8_t *cov = malloc(2 * mmax + 8);
    if (!cc || !cov || !greedy_c(cc, k)) {
        free(cc), free(cov);
        return oom(c, "P_i");
    }
    c->res->verdict = WY_CLAIM_PASS;
    for (uint64_t m = 1; m <= mmax && c->res->verdict == WY_CLAIM_PASS; m++) {
        uint64_t am = 0;
        while (am + 1 <= k && cc[am + 1] < m) am++; /* lower Wythoff numbers < m */
        if (a->lemma == 2) {
            for (uint64_t i = 1; i <= am; i++) {
                uint64_t p1 = cc[i], p2 = cc[i] + i;
                if (!(p1 < m && lt_m_phi(p2, m) && lt_m_over_phi(p2 - p1, m))) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "m = %llu: (%llu, %llu) breaks (3), (4) or (5)", (unsigned long long)m,
                            (unsigned long long)p1, (unsigned long long)p2);
                    break;
                }
            }
        } else if (a->lemma == 3) {
            memset(cov, 0, 2 * mmax + 8);
            cov[0] = 1;
            for (uint64_t i = 1; i <= am; i++) {
                if (cc[i] < 2 * mmax + 8) cov[cc[i]] = 1;
                if (cc[i] + i < 2 * mmax + 8) cov[cc[i] + i] = 1;
            }
            for (uint64_t r = 0; r < m; r++)
                if (!cov[r]) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "m = %llu: %llu is no coordinate of P_{a_m}", (unsigned long long)m,
                            (unsigned long long)r);
                    break;
                }
        } else {
            /* Lemma 4: for 0 < s < m/phi exactly two positions with |p2 - p1| = s,
             * (floor(s phi), floor(s phi^2)) and its mirror */
            for (uint64_t s = 1; lt_m_over_phi(s, m); s++) {
                uint64_t hits = 0, okpos = 1;
                for (uint64_t i = 1; i <= am; i++)
                    if (i == s) {
                        hits += 2;
                        if (cc[i] != ck_floor_phi(s) || cc[i] + i != ck_floor_phi(s) + s) okpos = 0;
                    }
                if (hits != 2 || !okpos) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "m = %llu, s = %llu: %llu positions with difference s", (unsigned long long)m,
                            (unsigned long long)s, (unsigned long long)hits);
                    break;
                }
            }
        }
    }
    snprintf(c->res->range, sizeof c->res->range, "m = 1..%llu, P_{a_m} from the greedy construction (1)",
             (unsigned long long)mmax);
    free(cc), free(cov);
    return WY_OK;
}

static const lem_arg A_004_lem2 = {2}, A_004_lem3 = {3}, A_004_lem4 = {4};

/* Lemma 1: (q1,q2) > (s1,s2) with q1-q2 = s1-s2 (mod m) has a move to (s1,s2). */
static wy_status c_004_lem1(ck *c, const void *arg)
{
    (void)arg;
    enum { W = 20 };
    wy_move mv[512];
    for (uint64_t m = 1; m <= c->n; m++) {
        char rules[64];
        snprintf(rules, sizeof rules, "wythoff+mod=%llu", (unsigned long long)m);
        wy_rules r;
        wy_status st = wy_rules_parse(&r, rules, c->err, c->errlen);
        if (st != WY_OK) return st;
        wy_side s0 = wy_side_start(&r);
        for (uint32_t q1 = 0; q1 < W; q1++)
            for (uint32_t q2 = 0; q2 < W; q2++) {
                size_t cnt = 0;
                st = wy_moves_list(mv, 512, &cnt, &r, q1, q2, s0, c->err, c->errlen);
                if (st != WY_OK) return st;
                uint8_t reach[W][W];
                memset(reach, 0, sizeof reach);
                if (cnt > 512) {
                    snprintf(c->err, c->errlen, "internal: more than 512 moves");
                    return WY_EINTERNAL;
                }
                for (size_t i = 0; i < cnt; i++) reach[mv[i].x][mv[i].y] = 1;
                for (uint32_t s1 = 0; s1 <= q1; s1++)
                    for (uint32_t s2 = 0; s2 <= q2; s2++) {
                        if (s1 == q1 && s2 == q2) continue;
                        int64_t d = ((int64_t)q1 - q2) - ((int64_t)s1 - s2);
                        if (d % (int64_t)m == 0 && !reach[s1][s2]) {
                            c->res->verdict = WY_CLAIM_FAIL;
                            ck_note(c, "m = %llu: no move from (%u, %u) to (%u, %u)", (unsigned long long)m, q1, q2,
                                    s1, s2);
                            snprintf(c->res->range, sizeof c->res->range, "m = 1..%llu, 0 <= q1, q2 < %d",
                                     (unsigned long long)c->n, W);
                            return WY_OK;
                        }
                    }
            }
    }
    snprintf(c->res->range, sizeof c->res->range, "m = 1..%llu, every pair of positions in 0 <= x, y < %d",
             (unsigned long long)c->n, W);
    c->res->verdict = WY_CLAIM_PASS;
    return WY_OK;
}

/* P-positions of wythoff+mod=m on 0 <= x, y < 3m+3 against P_{a_m}. */
typedef struct {
    int what; /* 5: Theorem 5; 6: Corollary 6; 7: "exactly m iff m in {1,3}"; 8: coincide for piles <= m */
} mod_arg;

static wy_status c_004_mod(ck *c, const void *arg)
{
    const mod_arg *a = arg;
    uint64_t mmax = c->n;
    uint64_t k = ck_floor_over_phi(mmax) + 2;
    uint64_t *cc = malloc((k + 1) * sizeof *cc);
    if (!cc || !greedy_c(cc, k)) {
        free(cc);
        return oom(c, "P_i");
    }
    wy_table *wt = NULL;
    wy_side ws;
    wy_status st = WY_OK;
    if (a->what == 8) st = table_of(c, "wythoff", -1, -1, (uint32_t)(3 * mmax + 3), (uint32_t)(3 * mmax + 3), &wt, &ws);
    uint64_t exactly_m = 0, sharp_note = 0, first_k = 0;
    char ks[400] = "";
    size_t kl = 0;
    c->res->verdict = WY_CLAIM_PASS;
    for (uint64_t m = 1; m <= mmax && st == WY_OK && c->res->verdict == WY_CLAIM_PASS; m++) {
        uint32_t w = (uint32_t)(3 * m + 3);
        char rules[64];
        snprintf(rules, sizeof rules, "wythoff+mod=%llu", (unsigned long long)m);
        wy_table *t = NULL;
        wy_side side;
        st = table_of(c, rules, -1, -1, w, w, &t, &side);
        if (st != WY_OK) break;
        uint64_t am = 0;
        while (am + 1 <= k && cc[am + 1] < m) am++;
        uint64_t count = 0;
        for (uint32_t x = 0; x < w; x++)
            for (uint32_t y = 0; y < w; y++) {
                uint32_t v = wy_table_get(t, x, y, side);
                if (v == 0) count++;
                if (a->what == 5) {
                    int in = x == 0 && y == 0;
                    for (uint64_t i = 1; i <= am && !in; i++)
                        if ((x == cc[i] && y == cc[i] + i) || (y == cc[i] && x == cc[i] + i)) in = 1;
                    if ((v == 0) != in) {
                        c->res->verdict = WY_CLAIM_FAIL;
                        ck_note(c, "m = %llu: (%u, %u) has value %u, but is %sin P_{a_m}", (unsigned long long)m, x, y,
                                v, in ? "" : "not ");
                        x = w;
                        break;
                    }
                }
            }
        if (a->what == 6 && count != 2 * ck_floor_over_phi(m) + 1) {
            c->res->verdict = WY_CLAIM_FAIL;
            ck_note(c, "m = %llu: %llu P-positions, 2 floor(m/phi) + 1 = %llu", (unsigned long long)m,
                    (unsigned long long)count, (unsigned long long)(2 * ck_floor_over_phi(m) + 1));
        }
        if (a->what == 7 && (count == m) != (m == 1 || m == 3)) {
            c->res->verdict = WY_CLAIM_FAIL;
            ck_note(c, "m = %llu: %llu P-positions", (unsigned long long)m, (unsigned long long)count);
        }
        if (a->what == 7 && count == m) exactly_m++;
        if (a->what == 8) {
            /* the largest k with equal values on [0, k]^2 */
            uint32_t kk = w;
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++)
                    if (wy_table_get(t, x, y, side) != wy_table_get(wt, x, y, ws)) {
                        uint32_t mm = x > y ? x : y;
                        if (mm < kk) kk = mm;
                    }
            if (kk <= m) {
                c->res->verdict = WY_CLAIM_FAIL;
                ck_note(c, "m = %llu: values differ from Wythoff's within piles <= m", (unsigned long long)m);
            } else if (kk > m + 1) {
                if (!sharp_note) first_k = m;
                sharp_note++;
            }
            if (kl + 40 < sizeof ks)
                kl += (size_t)snprintf(ks + kl, sizeof ks - kl, "%s%llu:%u", kl ? " " : "", (unsigned long long)m,
                                       kk - 1);
        }
        wy_table_free(t);
    }
    if (wt) wy_table_free(wt);
    free(cc);
    if (st != WY_OK) return st;
    snprintf(c->res->range, sizeof c->res->range, "m = 1..%llu, 0 <= x, y < 3m+3", (unsigned long long)mmax);
    if (a->what == 7 && c->res->verdict == WY_CLAIM_PASS)
        ck_note(c, "exactly m P-positions for %llu value(s) of m: m = 1 and m = 3", (unsigned long long)exactly_m);
    if (a->what == 8 && c->res->verdict == WY_CLAIM_PASS) {
        if (sharp_note)
            ck_note(c, "Not sharp: for %llu of the m (the first m = %llu) the values coincide on a larger square. Largest k with equal values on 0 <= x, y <= k, as m:k: %s",
                    (unsigned long long)sharp_note, (unsigned long long)first_k, ks);
        else
            ck_note(c, "Sharp: for every m a value differs at a pile of m + 1.");
    }
    return WY_OK;
}

static const mod_arg A_004_thm5 = {5}, A_004_cor6 = {6}, A_004_exm = {7}, A_004_coin = {8};

static int mod3_pred(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = 3 * (x / 3 + y / 3) + (x % 3 + y % 3) % 3;
    return v == *e;
}

static wy_status c_004_mod3(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"wythoff+mod=3", -1, -1, 0};
    return ck_table_formula(c, &g, (uint32_t)c->n, mod3_pred, NULL, "G(3i+r, 3j+s) = 3(i+j) + ((r+s) mod 3)");
}

static wy_status c_004_sec31(ck *c, const void *arg)
{
    (void)arg;
    static const uint32_t p[] = {0, 0, 1, 2, 2, 1};
    static const ck_game g = {"wythoff+mod=2", -1, -1, 0};
    int eq;
    uint32_t w = (uint32_t)(c->n > 4096 ? 4096 : c->n);
    c->res->limit = w;
    return ck_set_printed(c, &g, w, p, 3, &eq);
}

/* ------------------------------------------------------------------ */
/* The registry                                                        */
/* ------------------------------------------------------------------ */

#define PT(id, stem, rules, pass, heap)                                                                     \
    static const printed_arg A_##id = {stem, {rules, pass, heap, 0}, 0};
PT(f3, "000_fig3", "wythoff+pass", 0, -1)
PT(f4, "000_fig4", "wythoff+pass", 1, -1)
PT(f5, "000_fig5", "wythoff+heap=1", -1, 1)
PT(f6, "000_fig6", "wythoff+pass", 1, -1)
PT(f7, "000_fig7", "wythoff+pass", 1, -1)
PT(f8, "000_fig8", "wythoff+pass", 1, -1)
PT(f9, "000_fig9", "wythoff+pass", 1, -1)
PT(f10, "000_fig10", "wythoff+pass", 1, -1)
PT(f11, "000_fig11", "wythoff+heap=1", -1, 1)
PT(f61, "000_fig6_1", "wythoff+pass", 0, -1)
PT(f62, "000_fig6_2", "wythoff+pass", 1, -1)
PT(t1, "004_table1", "wythoff", -1, -1)
PT(t2, "004_table2", "wythoff+mod=2", -1, -1)
PT(t3, "004_table3", "wythoff+mod=3", -1, -1)
PT(t4, "004_table4", "wythoff+mod=4", -1, -1)
PT(t5, "004_table5", "wythoff+mod=5", -1, -1)
PT(t6, "004_table6", "wythoff+mod=6", -1, -1)
PT(t7, "004_table7", "wythoff+mod=7", -1, -1)
PT(t8, "004_table8", "wythoff+mod=8", -1, -1)
PT(t9, "004_table9", "wythoff+mod=9", -1, -1)
#undef PT

static const printed_arg A_000_A = {"000_setA", {"wythoff+pass", 0, -1, 0}, 9};
static const printed_arg A_000_B = {"000_setB", {"wythoff+pass", 1, -1, 0}, 9};
static const printed_arg A_000_C = {"000_setC", {"wythoff+heap=1", -1, 1, 0}, 9};
static const printed_arg A_004_m2 = {"004_ppos_m2", {"wythoff+mod=2", -1, -1, 0}, 64};
static const printed_arg A_004_m3 = {"004_ppos_m3", {"wythoff+mod=3", -1, -1, 0}, 64};
static const printed_arg A_004_m4 = {"004_ppos_m4", {"wythoff+mod=4", -1, -1, 0}, 64};
static const printed_arg A_004_m5 = {"004_ppos_m5", {"wythoff+mod=5", -1, -1, 0}, 64};

#define FIXED WY_SCALE_FIXED, 0, 0
#define ROWS WY_SCALE_ROWS, 10000000, 0
#define TABLE(n) WY_SCALE_TABLE, n, 0
#define PARAM(n) WY_SCALE_PARAM, n, 0
#define PARAMC(n, cap) WY_SCALE_PARAM, n, cap

#define FIG(id, src, stmt, arg) {{id, src, stmt, "printed table vs the table engine, every cell", NULL, FIXED}, c_printed_table, &arg}
#define SET(id, src, stmt, arg) {{id, src, stmt, "printed set vs the positions of that value computed by the table engine in the window", NULL, FIXED}, c_printed_set, &arg}

static const claim claims[] = {
    /* ---- paper 000 ---- */
    {{"000.thm1", "paper 000, Theorem 1 (ii) (line 51)",
      "The Grundy value of a disjunctive sum is the nim-sum of the values: G(x, y, h) of Wythoff plus a heap of h stones is G(x, y) xor h.",
      "table engine, wythoff+heap=3: every cell at h = 1, 2, 3 against the cell at h = 0 xor h", NULL, TABLE(1024)},
     c_000_thm1, NULL},
    {{"000.thm2", "paper 000, Theorem 2 (line 69)",
      "The P-positions of Wythoff's game are (floor(n phi), floor(n phi) + n) and (floor(n phi) + n, floor(n phi)), n >= 0.",
      "layer engine (value 0 of wythoff) against the formula in exact integer arithmetic", NULL, ROWS},
     c_000_thm2, NULL},
    {{"000.thm3", "paper 000, Theorem 3 (line 77; Blass-Fraenkel, Corollary 5.14)",
      "The value-1 positions (a_n, b_n), a_n <= b_n, a_n increasing, satisfy |b_n - (floor(n phi) + n)| <= 4 and floor(n phi) - 1 <= a_n <= floor(n phi) + 2.",
      "layer engine (value 1 of wythoff); reports the extremes observed", NULL, ROWS},
     c_000_thm3, NULL},
    {{"000.cor1", "paper 000, Corollary 1 (line 87)",
      "Every position of value 1 in Wythoff's game is within distance sqrt(20) of a P-position.",
      "layer engine (value 1) and the exact Wythoff pairs of the 9 nearest rows; reports the largest nearest distance",
      NULL, ROWS},
     c_000_cor1, NULL},
    SET("000.lem1.i", "paper 000, Definition 12 set A, Lemma 1 (i) (lines 135, 236)",
        "A = {(0,0),(1,2),(2,1),(3,5),(4,7),(5,3),(7,4)} is the set of P-positions (x, y, 0), x, y <= 8, of Wythoff with a pass.",
        A_000_A),
    SET("000.lem1.ii", "paper 000, Definition 12 set B, Lemma 1 (ii) (lines 137, 238)",
        "B = {(0,0),(1,3),(3,1),(2,5),(5,2),(4,8),(8,4),(6,7),(7,6)} is the set of P-positions (x, y, 1), x, y <= 8, of Wythoff with a pass.",
        A_000_B),
    SET("000.lem1.iii", "paper 000, Definition 12 set C, Lemma 1 (iii) (lines 141, 240)",
        "C = {(0,1),(1,0),(2,2),(3,6),(6,3),(4,8),(8,4),(5,7),(7,5)} is the set of P-positions (x, y, 1), x, y <= 8, of Wythoff plus a one-stone heap.",
        A_000_C),
    FIG("000.fig3", "paper 000, Figure 3 (lines 145-156)", "The Grundy numbers G1(x, y, 0), x, y <= 8.", A_f3),
    FIG("000.fig4", "paper 000, Figure 4 (lines 158-169)", "The Grundy numbers G1(x, y, 1), x, y <= 8.", A_f4),
    FIG("000.fig5", "paper 000, Figure 5 (lines 171-182)",
        "The Grundy numbers G2(x, y, 1), x, y <= 8 (row 0 has one extra cell from the conversion, dropped).", A_f5),
    FIG("000.fig6", "paper 000, Figure 6 (lines 184-195)", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f6),
    FIG("000.fig7", "paper 000, Figure 7 (lines 197-208)", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f7),
    FIG("000.fig8", "paper 000, Figure 8 (lines 210-221)", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f8),
    FIG("000.fig9", "paper 000, Figure 9 (lines 223-234)", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f9),
    {{"000.lem2", "paper 000, Lemma 2 (line 266)",
      "For x >= 9 or y >= 9: (i) y <= 8 gives M1 meets B and C, M2 meets neither; (ii) the mirror; (iii) |x - y| <= 4 gives M3 meets B and C; (iv) |x - y| >= 5 gives M3 meets neither.",
      "direct computation of the move sets against the printed sets B and C", NULL, TABLE(1024)},
     c_000_lem2, NULL},
    FIG("000.fig10", "paper 000, Figure 10 (lines 286-303)", "G1(x, y, 1), x, y <= 8, in a 15 x 15 frame.", A_f10),
    FIG("000.fig11", "paper 000, Figure 11 (lines 305-322)", "G2(x, y, 1), x, y <= 8, in a 15 x 15 frame.", A_f11),
    {{"000.lem3", "paper 000, Lemma 3 (line 324)",
      "For x >= 9 or y >= 9 and i = 1, 2, 3: M_i(x, y, 1) meets B if and only if it meets C.",
      "direct computation of the move sets against the printed sets B and C", NULL, TABLE(1024)},
     c_000_lem3, NULL},
    {{"000.thm4", "paper 000, Theorem 4 (line 332)",
      "For x >= 9 or y >= 9: G1(x, y, 1) = 0 if and only if G2(x, y, 1) = 0 (Wythoff with a pass and Wythoff plus a one-stone heap have the same P-positions).",
      "layer engine: value 0 of wythoff+pass p=1 against value 0 of wythoff+heap=1 h=1; reports the sharp threshold",
      NULL, ROWS},
     c_iff, &A_000_thm4},
    {{"000.cor2", "paper 000, Corollary 2 (line 392) and the abstract",
      "For x >= 9 or y >= 9: G1(x, y, 1) = 0 if and only if G1(x, y, 0) = 1.",
      "layer engine: value 0 of wythoff+pass p=1 against value 1 of wythoff+pass p=0; reports the sharp threshold",
      NULL, ROWS},
     c_iff, &A_000_cor2},
    {{"000.thm5", "paper 000, Theorem 5 (line 398) and the abstract",
      "Every P-position (x, y, 1) of Wythoff with a pass is within distance sqrt(20) of a P-position of Wythoff's game.",
      "layer engine (value 0 of wythoff+pass p=1) and the exact Wythoff pairs; reports the largest nearest distance",
      NULL, ROWS},
     c_000_thm5, NULL},
    FIG("000.fig6.1", "paper 000, Figure 6.1 (lines 414-431)",
        "G1(x, y, 0), x, y <= 15, CGSuite notation (printed \"+n\" decoded as *n).", A_f61),
    FIG("000.fig6.2", "paper 000, Figure 6.2 (lines 433-450)", "G1(x, y, 1), x, y <= 15, CGSuite notation.", A_f62),
    /* ---- paper 001 ---- */
    {{"001.thm1", "paper 001, Theorem 1 and \"Characterization of P-Position Set\" (lines 61-72, 110)",
      "The P-positions of Wythoff with terminal set {x + y <= 2} are P1 = {(floor(n phi) + g(n) - 1, floor(n(phi+1)) + g(n))} with mirrors, and (0,0).",
      "layer engine (value 0 of wythoff+terminal=2) against the formula, g(n) from its definition",
      "P1 with (1,1) added: (1,1) is terminal, hence a P-position, but no n gives it", ROWS},
     c_001_thm1, NULL},
    {{"001.g", "paper 001, \"Connection with Hofstadter's G-Sequence\" (lines 76-83)",
      "For n >= 2, g(n) = 1 - g(h(n-1)) if h(n-2) < h(n-1), else 1, where h(0) = 0, h(n) = n - h(h(n-1)).",
      "both definitions of g computed in integer arithmetic and compared", NULL, ROWS},
     c_001_g, NULL},
    {{"001.prop1", "paper 001, abstract (lines 6, 24) and contribution 3 (line 47)",
      "For x >= 8 or y >= 8, the Grundy number of (x, y) in the variant is 1 if and only if (x, y) is a P-position of Wythoff's game.",
      "layer engine (value 1 of wythoff+terminal=2) against the exact Wythoff pairs; reports the sharp threshold", NULL,
      ROWS},
     c_vs_wythoff, &A_001_prop1},
    {{"001.thm2", "paper 001, \"Theorem 2\" of the summary (line 121)",
      "For x >= 8 or y >= 8: G2(x, y, 1) = 0 in the variant if and only if G0(x, y) = 0 in Wythoff's game.",
      "layer engine: value 0 (as printed) and value 1 (as in the abstract) of wythoff+terminal=2 against Wythoff's P-positions",
      "the Grundy number is 1, not 0 (claim 001.prop1)", ROWS},
     c_001_thm2, NULL},
    {{"001.prop2", "paper 001, abstract (lines 6, 24) and contribution 3 (line 48)",
      "For x >= 8 or y >= 8, (x, y) is a P-position of the misere variant if and only if it is a P-position of Wythoff's game.",
      "layer engine (value 0 of wythoff+terminal=2+misere) against the exact Wythoff pairs; reports the sharp threshold",
      NULL, ROWS},
     c_vs_wythoff, &A_001_prop2},
    {{"001.thm3", "paper 001, \"Theorem 3\" of the summary (line 126), read as the sum with a one-stone pile",
      "The P-positions of the misere variant are those of the variant combined with a single-pile game (read: the variant plus a heap of one stone).",
      "layer engine: value 0 of wythoff+terminal=2+misere against value 0 of wythoff+terminal=2+heap=1 h=1, everywhere",
      NULL, ROWS},
     c_iff, &A_001_thm3},
    SET("001.setA", "paper 001, \"Small-Scale Verification Results\", Set A (line 132)",
        "Set A = {(0,0),(0,1),(0,2),(1,0),(1,1),(2,0),(3,6),(6,3),(4,8),(8,4)} (read: the P-positions of the variant, x, y <= 8; the stray third coordinate is ignored).",
        A_001_setA),
    SET("001.setB", "paper 001, \"Small-Scale Verification Results\", Set B (line 133)",
        "Set B = {(0,3),(1,2),(2,1),(3,0),(4,4),(5,7),(7,5)} (read: the P-positions of the misere variant, x, y <= 8).",
        A_001_setB),
    SET("001.setC", "paper 001, \"Small-Scale Verification Results\", Set C (line 134)",
        "Set C = {(0,0),(1,2),(2,1),(3,5),(5,3),(4,7),(7,4)} (read: the P-positions of Wythoff's game, x, y <= 8).",
        A_001_setC),
    /* ---- paper 002 ---- */
    {{"002.thm1.1", "paper 002, Theorem 1.1 = Theorem 2.5 (lines 63, 180)",
      "The cold positions of Wythoff's game are CP = {(floor(phi i) + i, floor(phi i)) : i >= 0}.",
      "layer engine (value 0 of wythoff) against the set, with and without mirror images",
      "the set together with its mirror images (floor(phi i), floor(phi i) + i)", ROWS},
     c_002_thm11, NULL},
    {{"002.lem2.2", "paper 002, Lemma 2.2 (line 98)", "The cold positions of 2-pile Nim are (m, m), m >= 0.",
      "layer engine (value 0 of nim) against the diagonal", NULL, ROWS},
     c_002_lem22, NULL},
    {{"002.ex2.1", "paper 002, Examples 2.1-2.3 (lines 106-136)",
      "(3,2,1) is cold in 3-pile Nim, with options (2,2,1), (3,2,0), (0,2,1), (3,1,1), (3,0,1), (1,2,1), all hot; (3,3,1) is hot; 3 xor 2 xor 1 = 0 and 3 xor 3 xor 1 = 1.",
      "table engine and move list of nim+heap=3 (the third pile is the extra heap)", NULL, FIXED},
     c_002_ex21, NULL},
    {{"002.thm2.2", "paper 002, Theorems 2.1 and 2.2 (lines 116, 140)",
      "A position of n-pile Nim is cold if and only if the nim-sum of the piles is 0.",
      "table engine, nim+heap=15: three piles, the third 0..15 (two piles: claim 002.lem2.2)", NULL, TABLE(256)},
     c_002_thm22, NULL},
    {{"002.thm2.3", "paper 002, Theorem 2.3 (lines 158-166)",
      "In the q-2-pile Nim game (one may take \"fewer than q\" stones) a position is cold if and only if (m1 mod q+1) xor (m2 mod q+1) = 0.",
      "table engine: nim+max=q (at most q) and nim+max=q-1 (fewer than q), four periods, q = 1..N",
      "one may take at most q stones (the proof on line 166 takes 1 <= i <= q)", PARAMC(60, 200)},
     c_002_thm23, NULL},
    {{"002.thm2.4", "paper 002, Theorem 2.4 (line 170)",
      "If the moves of a 1-pile game include 1, ..., q and no other move is a multiple of q+1, its cold positions are those of the q-1-pile game (the multiples of q+1).",
      "every such subtraction set within {1..N} (N <= 20), heaps < 8N+8, by direct recursion", NULL, PARAM(12)},
     c_002_thm24, NULL},
    {{"002.ex2.4", "paper 002, Example 2.4 (line 174)",
      "With moves 1, n, n^2, ...: for n = 2 the cold heaps are those of the 2-1-pile game (multiples of 3); for odd n, those of the 1-1-pile game (even heaps).",
      "direct recursion for n = 2 and odd n = 3..99", NULL, WY_SCALE_ROWS, 100000, 10000000},
     c_002_ex24, NULL},
    {{"002.ex2.5", "paper 002, Example 2.5 (line 176)",
      "With moves 1 and the primes, the cold heaps are those of the 3-1-pile game (multiples of 4).",
      "direct recursion with a sieve", NULL, TABLE(8192)},
     c_002_ex25, NULL},
    {{"002.thm1.2", "paper 002, Theorem 1.2 = Theorem 3.1 (lines 76-80, 258), rules (1), (2) (lines 71-72)",
      "The cold positions of n-Wythoff (one takes \"fewer than n\" stones) are A^(n) = {a1 (n+1, 0) + a2 (0, n+1) + a3 (floor(phi i) + i, floor(phi i)) : a3 in {0,1}, 1 <= i <= m}, m = max{i : floor(phi i) + i < n+1}.",
      "table engine: wythoff+max=n and wythoff+max=n-1 on four periods, n = 1..N, against A^(n) with and without mirrors",
      "take at most n (wythoff+max=n), and A^(n) with its mirror images", PARAMC(100, 200)},
     c_002_thm12, &A_002_thm12},
    {{"002.prop3.1", "paper 002, Proposition 3.1 (line 219)",
      "CP_{n-Wythoff} and A^(n) agree on F_{1,1} = [0, n+1]^2; in particular (n+1, n+1) is cold.",
      "table engine on F_{1,1}, as for 002.thm1.2",
      "take at most n, and A^(n) with its mirror images", PARAM(100)},
     c_002_thm12, &A_002_prop31},
    {{"002.i11", "paper 002, proof of Proposition 3.1 (line 221)",
      "On I_{1,1} = [0, n]^2 the cold positions of n-Wythoff are those of Wythoff's game.",
      "table engine (wythoff+max=n) against the exact Wythoff pairs", NULL, PARAM(100)},
     c_002_i11, NULL},
    {{"002.lem3.1", "paper 002, Lemma 3.1 (line 238)",
      "Distinct (a, b), (a', b') of A^(n) in one block I_{k,l} have b' - b != a' - a (mod n+1).",
      "direct computation for n = 1..N, blocks I_{1,1}..I_{2,2}, with and without mirror images", NULL, PARAM(100)},
     c_002_lem31, NULL},
    /* ---- paper 003 ---- */
    {{"003.nim", "paper 003, \"Setup and Visualizations\" (line 11)",
      "The Grundy value of two-pile Nim is a xor b.", "table engine (nim) against a xor b", NULL, TABLE(1024)},
     c_003_nim, NULL},
    {{"003.defs", "paper 003, the notebook's NimP, Sub and SubP (lines 11, 19)",
      "The notebook's recursions define Nim with a pass and the 31-subtraction game with and without a pass (no pass from (0,0)).",
      "the three recursions run as written, against nim+pass, nim+max=31 and nim+max=31+pass", NULL, TABLE(128)},
     c_003_defs, NULL},
    {{"003.bound", "paper 003, conjecture and proof of the bounds (lines 15-17)",
      "For Nim with a pass on two piles, |a - b| - 1 <= G(a, b) <= a + b + 1.",
      "table engine (nim+pass, pass available), every cell; counts where each bound is attained", NULL, TABLE(1024)},
     c_003_bound, NULL},
    {{"003.rows", "paper 003, additive periodicity (lines 16-17)",
      "Along any row of the Grundy table of Nim with a pass the values are arithmetic periodic.",
      "table engine: each row a searched for a preperiod b0 <= W/2, period p and saltus s with G(a, b+p) = G(a, b) + s for all b >= b0 in the window (at least three periods); rows confirmed in order",
      NULL, TABLE(4096)},
     c_003_rows, NULL},
    /* ---- paper 004 ---- */
    {{"004.sec2.2", "paper 004, Section 2.2, (1) and (2) (lines 57-77)",
      "The greedy construction (c_i the smallest positive integer in no earlier pair; add (c_i, c_i + i)) gives c_i = floor(i phi), c_i + i = floor(i phi^2).",
      "greedy construction in integers against the exact floor formula", NULL, ROWS},
     c_004_greedy, NULL},
    {{"004.sec3.1", "paper 004, Section 3.1 (line 141)",
      "The only P-positions of 2-Modular Wythoff are (0,0), (1,2) and (2,1).",
      "table engine (wythoff+mod=2) on a window", NULL, TABLE(1024)},
     c_004_sec31, NULL},
    SET("004.sec3.2.m2", "paper 004, Section 3.2 table, m = 2 (line 148)", "The P-positions of 2-Modular Wythoff are P1 = {(0,0),(1,2),(2,1)}.", A_004_m2),
    SET("004.sec3.2.m3", "paper 004, Section 3.2 table, m = 3 (line 149)", "The P-positions of 3-Modular Wythoff are P1 = {(0,0),(1,2),(2,1)}.", A_004_m3),
    SET("004.sec3.2.m4", "paper 004, Section 3.2 table, m = 4 (line 150)", "The P-positions of 4-Modular Wythoff are P2 = {(0,0),(1,2),(2,1),(3,5),(5,3)}.", A_004_m4),
    SET("004.sec3.2.m5", "paper 004, Section 3.2 table, m = 5 (line 151)", "The P-positions of 5-Modular Wythoff are P3 = {(0,0),(1,2),(2,1),(3,5),(5,3),(4,7),(7,4)}.", A_004_m5),
    {{"004.lem1", "paper 004, Lemma 1 (line 161)",
      "If (q1, q2) strictly dominates (s1, s2) and q1 - q2 = s1 - s2 (mod m), there is a move from (q1, q2) to (s1, s2).",
      "the library's move list of wythoff+mod=m for every pair of positions in a 20 x 20 window", NULL, PARAM(16)},
     c_004_lem1, NULL},
    {{"004.am", "paper 004, Section 4, the a_m table (lines 167-170)",
      "a_m, the number of lower Wythoff numbers below m, is floor(m/phi), the unique a with floor(a phi) < m <= floor((a+1) phi); printed for m = 1..16.",
      "the printed values and all m < N in integer arithmetic", NULL, ROWS},
     c_004_am, NULL},
    {{"004.lem2", "paper 004, Lemma 2 (line 174)",
      "Every (p1, p2) of P_{a_m} with p1 < p2 has p1 < m, p2 < m phi and p2 - p1 < m / phi.",
      "exact integer comparisons, P_{a_m} from the greedy construction", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem2},
    {{"004.lem3", "paper 004, Lemma 3 (line 187)", "Every r < m is a coordinate of a position of P_{a_m}.",
      "P_{a_m} from the greedy construction", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem3},
    {{"004.lem4", "paper 004, Lemma 4 (line 195)",
      "For 0 < s < m/phi exactly two positions of P_{a_m} have coordinate difference s: (floor(s phi), floor(s phi^2)) and its mirror.",
      "P_{a_m} from the greedy construction, exact comparisons", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem4},
    {{"004.thm5", "paper 004, Theorem 5 (line 212) and line 153",
      "The P-positions of m-Modular Wythoff are P_{a_m}: the Wythoff P-positions whose smaller pile is below m.",
      "table engine (wythoff+mod=m, 0 <= x, y < 3m+3) against P_{a_m} from the greedy construction", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_thm5},
    {{"004.cor6", "paper 004, Corollary 6 (line 287) and the introduction (line 23)",
      "m-Modular Wythoff has exactly 2 floor(m/phi) + 1 P-positions.",
      "table engine counts on 0 <= x, y < 3m+3", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_cor6},
    {{"004.sec5.1.coincide", "paper 004, Section 5.1, first observation (line 307)",
      "The Grundy numbers of m-Modular Wythoff coincide with Wythoff's when the pile sizes are at most m.",
      "table engine: wythoff+mod=m against wythoff on 0 <= x, y < 3m+3; reports whether \"at most m\" is sharp", NULL,
      PARAMC(100, 200)},
     c_004_mod, &A_004_coin},
    {{"004.sec5.1.mod3", "paper 004, Section 5.1, second observation (line 309)",
      "In 3-Modular Wythoff, G(3i + r, 3j + s) = 3(i + j) + t with t = r + s (mod 3), r, s, t in {0, 1, 2}.",
      "table engine (wythoff+mod=3), every cell", NULL, TABLE(2048)},
     c_004_mod3, NULL},
    {{"004.sec5.1.exactly", "paper 004, Section 5.1 (line 309)",
      "m-Modular Wythoff has exactly m P-positions precisely when m = 1 or m = 3.",
      "table engine counts, m = 1..N", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_exm},
    FIG("004.table1", "paper 004, Appendix Table 1 (line 344)", "Grundy numbers of Wythoff's game, piles <= 15.", A_t1),
    FIG("004.table2", "paper 004, Appendix Table 2", "Grundy numbers of 2-Modular Wythoff, piles <= 15.", A_t2),
    FIG("004.table3", "paper 004, Appendix Table 3", "Grundy numbers of 3-Modular Wythoff, piles <= 15.", A_t3),
    FIG("004.table4", "paper 004, Appendix Table 4", "Grundy numbers of 4-Modular Wythoff, piles <= 15.", A_t4),
    FIG("004.table5", "paper 004, Appendix Table 5", "Grundy numbers of 5-Modular Wythoff, piles <= 15.", A_t5),
    FIG("004.table6", "paper 004, Appendix Table 6", "Grundy numbers of 6-Modular Wythoff, piles <= 15.", A_t6),
    FIG("004.table7", "paper 004, Appendix Table 7", "Grundy numbers of 7-Modular Wythoff, piles <= 15.", A_t7),
    FIG("004.table8", "paper 004, Appendix Table 8", "Grundy numbers of 8-Modular Wythoff, piles <= 15.", A_t8),
    FIG("004.table9", "paper 004, Appendix Table 9", "Grundy numbers of 9-Modular Wythoff, piles <= 15.", A_t9),
};

size_t wy_claim_count(void) { return sizeof claims / sizeof claims[0]; }

const wy_claim_info *wy_claim_get(size_t i) { return i < wy_claim_count() ? &claims[i].info : NULL; }

long wy_claim_find(const char *id)
{
    for (size_t i = 0; i < wy_claim_count(); i++)
        if (strcmp(claims[i].info.id, id) == 0) return (long)i;
    return -1;
}

wy_status wy_claim_check(size_t i, uint64_t limit, uint64_t mem_limit, const wy_run *run, wy_claim_result *res,
                         char *err, size_t errlen)
{
    if (!res || i >= wy_claim_count()) {
        if (err && errlen) snprintf(err, errlen, "no claim number %zu", i);
        return WY_EINVAL;
    }
    memset(res, 0, sizeof *res);
    const claim *cl = &claims[i];
    uint64_t n = limit ? limit : cl->info.default_limit;
    uint64_t cap = cl->info.cap                       ? cl->info.cap
                   : cl->info.scale == WY_SCALE_ROWS    ? WY_CHECK_ROWS_CAP
                   : cl->info.scale == WY_SCALE_TABLE ? WY_CHECK_TABLE_CAP
                   : cl->info.scale == WY_SCALE_PARAM ? WY_CHECK_PARAM_CAP
                                                      : 0;
    if (cl->info.scale == WY_SCALE_FIXED) n = 0;
    int capped = 0;
    if (cap && n > cap) n = cap, capped = 1;
    if (cl->info.scale != WY_SCALE_FIXED && n < 2) n = 2;
    res->limit = n;
    char dummy[8];
    ck c = {n, mem_limit, run, res, err ? err : dummy, err ? errlen : sizeof dummy};
    c.err[0] = 0;
    wy_status st = cl->fn(&c, cl->arg);
    if (st == WY_OK && capped) ck_note(&c, " (The limit was capped at %llu for this claim.)", (unsigned long long)cap);
    return st;
}
