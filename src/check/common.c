/* common.c - helpers shared by the claims of several papers: memory and
 * messages, exact comparisons with phi, Wythoff's greedy construction, the
 * printed tables and sets, and the generators of formula sets. */
#include "claims.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

wy_status ck_oom(ck *c, const char *what)
{
    snprintf(c->err, c->errlen, "out of memory (%s)", what);
    return WY_ERANGE;
}

wy_status ck_need_mem(ck *c, uint64_t bytes, const char *what)
{
    if (c->mem_limit && bytes > c->mem_limit) {
        char a[32], b[32];
        wy_format_bytes(a, sizeof a, bytes);
        wy_format_bytes(b, sizeof b, c->mem_limit);
        snprintf(c->err, c->errlen, "%s needs about %s, more than the limit of %s", what, a, b);
        return WY_ERANGE;
    }
    return WY_OK;
}

wy_status ck_table_of(ck *c, const char *rules, int pass, int heap, uint32_t rows, uint32_t cols, wy_table **t,
                      wy_side *side)
{
    wy_rules r;
    wy_status st = wy_rules_parse(&r, rules, c->err, c->errlen);
    if (st != WY_OK) return st;
    *side = wy_side_start(&r);
    if (pass >= 0) side->pass = (uint32_t)pass;
    if (heap >= 0) side->heap = (uint32_t)heap;
    return ck_eng(c)->table_compute(t, &r, rows, cols, *side, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
}

/* res->detail = the concatenation of up to four strings (truncated). */
void ck_detail_join(ck *c, const char *p1, const char *p2, const char *p3, const char *p4)
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
int ck_lt_m_phi(uint64_t x, uint64_t m)
{
    if (2 * x <= m) return 1;
    uint64_t d = 2 * x - m;
    return d * d < 5 * m * m;
}

/* y < m / phi, exactly: 2y + m < m sqrt(5). */
int ck_lt_m_over_phi(uint64_t y, uint64_t m)
{
    uint64_t d = 2 * y + m;
    return d * d < 5 * m * m;
}

/* Wythoff's greedy construction (paper 004, Section 2.2, (1)): c_i is the
 * smallest positive integer in no pair of P_{i-1}; P_i adds (c_i, c_i + i).
 * Fills c[1..k]; returns 0 on allocation failure. */
int ck_greedy_c(uint64_t *c, uint64_t k)
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


wy_status ck_claim_printed_table(ck *c, const void *arg)
{
    const ck_printed_arg *a = arg;
    const ck_printed_table *t = ck_eng(c)->printed_table(a->stem);
    if (!t) {
        snprintf(c->err, c->errlen, "internal: no printed table %s", a->stem);
        return WY_EINTERNAL;
    }
    return ck_table_printed(c, &a->game, t->rows, t->cols, t->cells);
}

wy_status ck_claim_printed_set(ck *c, const void *arg)
{
    const ck_printed_arg *a = arg;
    const ck_printed_set *s = ck_eng(c)->printed_set(a->stem);
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


/* Wythoff's P-positions (floor(n phi), floor(n phi) + n), n >= 0. */
int ck_gen_wythoff(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    ck_gen_state *g = ctx;
    uint64_t a = ck_floor_phi(g->n);
    if (a >= limit) return 0;
    *x = a;
    *y = a + g->n;
    g->n++;
    return 1;
}

/* Nim's P-positions (m, m). */
int ck_gen_diag(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    ck_gen_state *g = ctx;
    if (g->n >= limit) return 0;
    *x = *y = g->n++;
    return 1;
}

/* Paper 001: g(n) from its definition ("Core Mathematical Framework", item 1):
 * g(0) = 1, g(1) = 0;
 * g(n) = 1 - g(m) if floor(n phi) = floor(m (phi + 1)) + 1 for some m,
 * otherwise 1.  floor(m (phi+1)) = floor(m phi) + m. */

/* floor((n+1) phi) from a = floor(n phi): a + 2 when a + 2 <= (n+1) phi,
 * i.e. (2a + 3 - n)^2 < 5 (n+1)^2 (never equal: sqrt(5) is irrational),
 * else a + 1.  Exact for n < 1.5e9. */
uint64_t ck_lower_next(uint64_t n, uint64_t a)
{
    uint64_t d = 2 * a + 3 - n;
    return d * d < 5 * (n + 1) * (n + 1) ? a + 2 : a + 1;
}

/* g(0..count-1).  An n >= 2 has floor(n phi) - 1 = floor(m phi) + m (an
 * upper Wythoff number B_m) for at most one m; both sequences increase, so
 * one pass with a pointer m finds it. */
uint8_t *ck_g001_direct(uint64_t count)
{
    uint8_t *g = malloc(count ? count : 1);
    if (!g) return NULL;
    uint64_t a = 0, m = 0, am = 0; /* a = floor(n phi), am = floor(m phi) */
    for (uint64_t n = 0; n < count; n++) {
        if (n) a = ck_lower_next(n - 1, a);
        if (n < 2) {
            g[n] = n == 0;
            continue;
        }
        while (am + m + 1 < a) am = ck_lower_next(m, am), m++;
        g[n] = (am + m + 1 == a && m < n) ? (uint8_t)(1 - g[m]) : 1;
    }
    return g;
}


int ck_gen_001(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y)
{
    ck_gen001 *s = ctx;
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
/* Two games' value sets, equal beyond a threshold                    */
/* ------------------------------------------------------------------ */

const ck_game ck_wythoff_game = {"wythoff", -1, -1, 0};


wy_status ck_claim_iff(ck *c, const void *arg)
{
    const ck_iff_arg *a = arg;
    ck_diff d;
    wy_status st = ck_sets_compare(c, &a->a, &a->b, NULL, NULL, c->n, a->threshold, &d);
    if (st != WY_OK) return st;
    return ck_threshold_verdict(c, &d, &a->a, &a->b, a->bname, a->threshold);
}
