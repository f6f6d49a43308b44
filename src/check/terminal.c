/* terminal.c - the findings of docs/terminal.md on Wythoff's game with the
 * terminal set x + y <= K, as claims, for K = 1..N in the window
 * 0 <= x, y < W (W = 100000):
 *  - terminal.ppos: the P-positions x <= y are the terminal positions and
 *    the pairs (a_j, a_j + K + j), a_j the least non-negative integer
 *    neither in 0..K nor an earlier a_i or a_i + K + i: the rule is written
 *    out here (a greedy construction, no engine) and compared with the
 *    layer engine's P-positions, position by position;
 *  - terminal.misere: for K >= 2 the P-positions of the misere game are the
 *    positions of value 1 of the normal one (the project's M6 for K = 2),
 *    and for K = 1 they are not: two layer scans of two games;
 *  - terminal.value1: paper 001's Proposition 1 (value 1 = Wythoff's
 *    P-positions where max(x, y) >= 8) for every K: its sharp threshold is 8
 *    for K = 2 and 11 for K = 3, and for K = 1 and K >= 4 there is none (a
 *    difference with max(x, y) >= W/2 in the window): the layer engine's
 *    value 1 of wythoff+terminal=K against its value 0 of wythoff. */
#include "claims.h"

#define TW 100000u /* the window */

typedef struct {
    uint64_t *xy; /* pairs x, y with x <= y */
    size_t n, cap;
    int oom;
} tpos;

static int t_collect(void *ctx, uint64_t x, uint64_t y)
{
    tpos *p = ctx;
    if (x > y)
        return 0;
    if (p->n == p->cap) {
        size_t nc = p->cap ? 2 * p->cap : 4096;
        uint64_t *q = realloc(p->xy, 2 * nc * sizeof *q);
        if (!q) {
            p->oom = 1;
            return 1;
        }
        p->xy = q;
        p->cap = nc;
    }
    p->xy[2 * p->n] = x;
    p->xy[2 * p->n + 1] = y;
    p->n++;
    return 0;
}

static int cmp_xy(const void *a, const void *b)
{
    const uint64_t *p = a, *q = b;
    return p[0] != q[0] ? (p[0] < q[0] ? -1 : 1) : p[1] != q[1] ? (p[1] < q[1] ? -1 : 1) : 0;
}

/* The positions x <= y of value g of RULES in the window, sorted. */
static wy_status t_layer(ck *c, const char *text, uint64_t g, tpos *p)
{
    wy_rules r;
    wy_status st = wy_rules_parse(&r, text, c->err, c->errlen);
    if (st != WY_OK)
        return st;
    p->n = 0;
    st = ck_eng(c)->layer_scan(&r, wy_side_start(&r), g, TW, c->mem_limit, t_collect, p, NULL, c->run, c->err,
                               c->errlen);
    if (p->oom)
        return ck_oom(c, "the positions");
    if (st == WY_OK)
        qsort(p->xy, p->n, 2 * sizeof *p->xy, cmp_xy);
    return st;
}

/* The positions x <= y of value g of wythoff+terminal=K (SUFFIX appended:
 * "" or "+misere"), sorted. */
static wy_status t_layer_k(ck *c, uint64_t K, const char *suffix, uint64_t g, tpos *p)
{
    char text[64];
    snprintf(text, sizeof text, "wythoff+terminal=%llu%s", (unsigned long long)K, suffix);
    return t_layer(c, text, g, p);
}

/* The first difference of two sorted lists (1), or none (0). */
static int t_first_diff(const tpos *a, const tpos *b, uint64_t *x, uint64_t *y)
{
    size_t i = 0, j = 0;
    while (i < a->n || j < b->n) {
        int c = i == a->n ? 1 : j == b->n ? -1 : cmp_xy(a->xy + 2 * i, b->xy + 2 * j);
        if (c == 0) {
            i++, j++;
            continue;
        }
        const uint64_t *q = c < 0 ? a->xy + 2 * i : b->xy + 2 * j;
        *x = q[0];
        *y = q[1];
        return 1;
    }
    return 0;
}

static wy_status c_terminal_ppos(ck *c, const void *arg)
{
    (void)arg;
    const uint64_t kmax = c->n;
    tpos got = {0}, want = {0};
    uint8_t *used = calloc(2 * (size_t)TW + 2 * kmax + 8, 1);
    wy_status st = used ? WY_OK : ck_oom(c, "the rule's marks");
    uint64_t nbad = 0, bad_k = 0, bx = 0, by = 0, total = 0;
    for (uint64_t K = 1; st == WY_OK && K <= kmax; K++) {
        if ((st = t_layer_k(c, K, "", 0, &got)) != WY_OK)
            break;
        /* the rule: the terminal positions, then (a_j, a_j + K + j) */
        want.n = 0;
        memset(used, 0, 2 * (size_t)TW + 2 * kmax + 8);
        for (uint64_t x = 0; x <= K && x < TW; x++)
            for (uint64_t y = x; x + y <= K && y < TW; y++)
                if (t_collect(&want, x, y))
                    break;
        for (uint64_t v = 0; v <= K; v++)
            used[v] = 1;
        uint64_t a = 0;
        for (uint64_t j = 1; !want.oom; j++) {
            while (used[a])
                a++;
            if (a >= TW)
                break;
            const uint64_t b = a + K + j;
            used[a] = 1;
            if (b < 2 * TW + 2 * kmax + 8)
                used[b] = 1;
            if (b < TW)
                t_collect(&want, a, b);
        }
        if (want.oom) {
            st = ck_oom(c, "the rule's positions");
            break;
        }
        ck_tamper(c, "terminal.rule", want.xy, 2 * want.n, sizeof *want.xy);
        qsort(want.xy, want.n, 2 * sizeof *want.xy, cmp_xy);
        total += got.n;
        uint64_t x, y;
        if (t_first_diff(&got, &want, &x, &y) && nbad++ == 0)
            bx = x, by = y, bad_k = K;
    }
    free(got.xy);
    free(want.xy);
    free(used);
    if (st != WY_OK)
        return st;
    snprintf(c->res->range, sizeof c->res->range, "K = 1..%llu, 0 <= x, y < %u (%llu P-positions x <= y)",
             (unsigned long long)kmax, TW, (unsigned long long)total);
    if (nbad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "The P-positions and the rule differ for %llu K, first at K = %llu, (%llu, %llu).",
                (unsigned long long)nbad, (unsigned long long)bad_k, (unsigned long long)bx, (unsigned long long)by);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "Every P-position x <= y of the window is the rule's, and every position of the rule is one.");
    }
    return WY_OK;
}

static wy_status c_terminal_misere(ck *c, const void *arg)
{
    (void)arg;
    const uint64_t kmax = c->n;
    tpos mis = {0}, one = {0};
    wy_status st = WY_OK;
    uint64_t nbad = 0, bad_k = 0, bx = 0, by = 0, k1x = 0, k1y = 0;
    int k1_differs = 0;
    for (uint64_t K = 1; st == WY_OK && K <= kmax; K++) {
        st = t_layer_k(c, K, "+misere", 0, &mis);
        if (st == WY_OK)
            st = t_layer_k(c, K, "", 1, &one);
        if (st != WY_OK)
            break;
        uint64_t x, y;
        const int d = t_first_diff(&mis, &one, &x, &y);
        if (K == 1)
            k1_differs = d, k1x = x, k1y = y;
        else if (d && nbad++ == 0)
            bx = x, by = y, bad_k = K;
    }
    free(mis.xy);
    free(one.xy);
    if (st != WY_OK)
        return st;
    snprintf(c->res->range, sizeof c->res->range, "K = 1..%llu, 0 <= x, y < %u", (unsigned long long)kmax, TW);
    if (nbad || !k1_differs) {
        c->res->verdict = WY_CLAIM_FAIL;
        if (nbad)
            ck_note(c, "For K = %llu the misere P-positions and the value-1 positions differ, first at (%llu, %llu). ",
                    (unsigned long long)bad_k, (unsigned long long)bx, (unsigned long long)by);
        if (!k1_differs)
            ck_note(c, "For K = 1 the two sets are the same in the window. ");
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "For K = 2..%llu the sets are the same in the window; for K = 1 they differ, first at (%llu, %llu).",
                (unsigned long long)kmax, (unsigned long long)k1x, (unsigned long long)k1y);
    }
    return WY_OK;
}

/* The largest max(x, y) = y (x <= y) over the positions in one of two sorted
 * lists and not the other, or -1 when the lists are the same. */
static int64_t t_last_diff(const tpos *a, const tpos *b)
{
    size_t i = 0, j = 0;
    int64_t last = -1;
    while (i < a->n || j < b->n) {
        int c = i == a->n ? 1 : j == b->n ? -1 : cmp_xy(a->xy + 2 * i, b->xy + 2 * j);
        if (c == 0) {
            i++, j++;
            continue;
        }
        const uint64_t y = c < 0 ? a->xy[2 * i++ + 1] : b->xy[2 * j++ + 1];
        if ((int64_t)y > last)
            last = (int64_t)y;
    }
    return last;
}

static wy_status c_terminal_value1(ck *c, const void *arg)
{
    (void)arg;
    const uint64_t kmax = c->n;
    tpos one = {0}, wp = {0};
    wy_status st = t_layer(c, "wythoff", 0, &wp);
    uint64_t nbad = 0, bad_k = 0;
    int64_t bad_t = 0, t2 = -1, t3 = -1, least_far = -1;
    for (uint64_t K = 1; st == WY_OK && K <= kmax; K++) {
        if ((st = t_layer_k(c, K, "", 1, &one)) != WY_OK)
            break;
        /* the sharp threshold T: the sets agree where max(x, y) >= T, not at T - 1 */
        const int64_t t = t_last_diff(&one, &wp) + 1;
        int ok;
        if (K == 2 || K == 3) {
            ok = t == (K == 2 ? 8 : 11);
            *(K == 2 ? &t2 : &t3) = t;
        } else {
            ok = t >= (int64_t)(TW / 2);
            if (least_far < 0 || t - 1 < least_far)
                least_far = t - 1;
        }
        if (!ok && nbad++ == 0)
            bad_k = K, bad_t = t;
    }
    free(one.xy);
    free(wp.xy);
    if (st != WY_OK)
        return st;
    snprintf(c->res->range, sizeof c->res->range, "K = 1..%llu, 0 <= x, y < %u", (unsigned long long)kmax, TW);
    if (nbad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu K break the statement, first K = %llu, whose sets agree where max(x, y) >= %lld.",
                (unsigned long long)nbad, (unsigned long long)bad_k, (long long)bad_t);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        if (kmax >= 3)
            ck_note(c, "Sharp thresholds %lld (K = 2) and %lld (K = 3); ", (long long)t2, (long long)t3);
        else
            ck_note(c, "Sharp threshold %lld (K = 2); ", (long long)t2);
        ck_note(c, "for the other K the sets still differ at max(x, y) = %lld or beyond (the least such last "
                   "difference).",
                (long long)least_far);
    }
    return WY_OK;
}

const ck_claim ck_claims_terminal[] = {
    {{"terminal.ppos", "docs/terminal.md, The P-positions (a description derived in this project)",
      "For every K >= 1, the P-positions x <= y of Wythoff's game with the terminal set x + y <= K are the terminal "
      "positions and the pairs (a_j, a_j + K + j), j >= 1, where a_j is the least non-negative integer neither in "
      "0..K nor an earlier a_i or a_i + K + i.",
      "layer engine (value 0 of wythoff+terminal=K) in the window 0 <= x, y < 100000 against the rule, K = 1..N",
      NULL, PARAMC(20, 100)},
     c_terminal_ppos, NULL, "the rule, a greedy construction written out in the check library (no engine)"},
    {{"terminal.misere", "docs/terminal.md, Findings (the project's M6 of docs/exact.md for every K)",
      "For every K >= 2, the P-positions of wythoff+terminal=K+misere are the positions of value 1 of "
      "wythoff+terminal=K; for K = 1 they are not.",
      "layer engine: value 0 of the misere game and value 1 of the normal one, window 0 <= x, y < 100000, "
      "K = 1..N",
      NULL, PARAMC(20, 100)},
     c_terminal_misere, NULL, I_TWO_GAMES},
    {{"terminal.value1", "docs/terminal.md, Findings (paper 001's Proposition 1 for every K)",
      "The positions of value 1 of wythoff+terminal=K and the P-positions of Wythoff's game agree wherever "
      "max(x, y) >= T for T = 8 when K = 2 (paper 001's threshold) and T = 11 when K = 3, both sharp; for K = 1 "
      "and every K >= 4 they still differ at some position with max(x, y) >= 50000, half the window.",
      "layer engine: value 1 of wythoff+terminal=K and value 0 of wythoff, window 0 <= x, y < 100000, K = 1..N",
      NULL, PARAMC(20, 100)},
     c_terminal_value1, NULL, I_TWO_GAMES},
};
const size_t ck_nclaims_terminal = sizeof ck_claims_terminal / sizeof ck_claims_terminal[0];
