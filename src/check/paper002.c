/* paper002.c - the claims of restricted Wythoff, max=N (paper 002), and
 * subtraction games, and how each is checked. */
#include "claims.h"

/* Theorem 1.1 / 2.5 as printed: {(floor(phi i) + i, floor(phi i))}, larger
 * coordinate first, no mirror images. */
static wy_status c_002_thm11(ck *c, const void *arg)
{
    (void)arg;
    ck_gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &ck_wythoff_game, NULL, ck_gen_wythoff, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    if ((st = ck_threshold_verdict(c, &d, &ck_wythoff_game, NULL, "CP_Wythoff with mirror images", 0)) != WY_OK) return st;
    if (c->res->verdict != WY_CLAIM_PASS || d.count_a < 2) return WY_OK; /* (1, 2) needs a window of 3 */
    /* the corrected set holds; the printed one lacks every (x, y), x < y */
    char corr[sizeof c->res->detail], printed[256];
    memcpy(corr, c->res->detail, sizeof corr);
    snprintf(printed, sizeof printed,
             "As printed (only the ordered pairs (floor(phi i) + i, floor(phi i))): the cold position (1, 2) (value 0 in wythoff) is missing, and so is every cold (x, y) with x < y, %llu in the window. ",
             (unsigned long long)(d.count_a - 1));
    ck_detail_join(c, printed, "Corrected (with mirror images): ", corr, NULL);
    c->res->verdict = WY_CLAIM_ERRATUM;
    return WY_OK;
}

static wy_status c_002_lem22(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game nim = {"nim", -1, -1, 0};
    ck_gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &nim, NULL, ck_gen_diag, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    return ck_threshold_verdict(c, &d, &nim, NULL, "{(m, m)}", 0);
}

/* Theorems 2.1 and 2.2 for three piles (x, y, h), h <= 15.  The table
 * engine keeps only the layer h = 0 of nim+heap=15 and answers G(x, y, 0)
 * xor h for the others (its heap shortcut, the nim-sum rule itself), so the
 * cold positions are computed here from the definition: (x, y, h) is cold
 * iff none of its options is, and its options are the earlier positions of
 * its three lines (the piles x, y and h), so it is cold iff no cold position
 * comes before it on any of its lines; a flag per line prefix.  Then the
 * theorem on the recursion (cold iff x xor y xor h = 0) and the table engine
 * against the recursion at every h.  Cost: O(16 N^2). */
#define THM22_H 15

static wy_status c_002_thm22(ck *c, const void *arg)
{
    (void)arg;
    uint32_t n = (uint32_t)(c->n > 1024 ? 1024 : c->n);
    c->res->limit = n;
    const size_t cells = (size_t)n * n * (THM22_H + 1);
    wy_status st = ck_need_mem(c, cells + (size_t)n * (THM22_H + 1), "the cold positions of three-pile Nim");
    if (st != WY_OK) return st;
    uint8_t *cold = malloc(cells);                       /* cold[(x n + y) 16 + h] */
    uint8_t *xline = calloc((size_t)n * (THM22_H + 1), 1); /* (y, h): a cold (x', y, h), x' < x */
    if (!cold || !xline) {
        free(cold), free(xline);
        return ck_oom(c, "the cold positions of three-pile Nim");
    }
    for (uint32_t x = 0; x < n; x++) {
        uint8_t yline[THM22_H + 1] = {0}; /* h: a cold (x, y', h), y' < y */
        for (uint32_t y = 0; y < n; y++) {
            int hline = 0; /* a cold (x, y, h'), h' < h */
            for (uint32_t h = 0; h <= THM22_H; h++) {
                uint8_t *xl = &xline[(size_t)y * (THM22_H + 1) + h];
                int cd = !*xl && !yline[h] && !hline;
                cold[((size_t)x * n + y) * (THM22_H + 1) + h] = (uint8_t)cd;
                if (cd) *xl = 1, yline[h] = 1, hline = 1;
            }
        }
    }
    free(xline);
    ck_tamper(c, "002.thm2.2 cold positions", cold, cells, 1);
    wy_table *t = NULL;
    wy_side side;
    st = ck_table_of(c, "nim+heap=15", -1, THM22_H, n, n, &t, &side);
    if (st != WY_OK) {
        free(cold);
        return st;
    }
    const ck_engine *e = ck_eng(c);
    uint64_t bad = 0, ebad = 0, ncold = 0;
    uint32_t bx = 0, by = 0, bh = 0, ex = 0, ey = 0, eh = 0, ev = 0;
    for (uint32_t x = 0; x < n; x++)
        for (uint32_t y = 0; y < n; y++)
            for (uint32_t h = 0; h <= THM22_H; h++) {
                int cd = cold[((size_t)x * n + y) * (THM22_H + 1) + h];
                ncold += (uint64_t)cd;
                if (cd != ((x ^ y ^ h) == 0)) {
                    if (!bad) bx = x, by = y, bh = h;
                    bad++;
                }
                wy_side sh = {0, h};
                uint32_t v = e->table_get(t, x, y, sh);
                if ((v == 0) != cd) {
                    if (!ebad) ex = x, ey = y, eh = h, ev = v;
                    ebad++;
                }
            }
    e->table_free(t);
    snprintf(c->res->range, sizeof c->res->range, "3 piles: 0 <= x, y < %u and a third pile of 0..15%s", n,
             c->n > n ? " (capped at 1024)" : "");
    c->res->verdict = bad || ebad ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
    if (bad)
        ck_note(c, "%llu position(s) break the theorem; first (%u, %u, %u): %s by the recursion, but the nim-sum is %u. ",
                (unsigned long long)bad, bx, by, bh, cold[((size_t)bx * n + by) * (THM22_H + 1) + bh] ? "cold" : "hot",
                bx ^ by ^ bh);
    if (ebad)
        ck_note(c, "%llu position(s) where the table engine's nim+heap=15 and the recursion disagree; first (%u, %u, %u): engine value %u, %s by the recursion. ",
                (unsigned long long)ebad, ex, ey, eh, ev,
                cold[((size_t)ex * n + ey) * (THM22_H + 1) + eh] ? "cold" : "hot");
    if (!bad && !ebad)
        ck_note(c, "the %llu cold positions of the recursion are exactly those of nim-sum 0, and the table engine's nim+heap=15 agrees at every h.",
                (unsigned long long)ncold);
    free(cold);
    return WY_OK;
}

static wy_status c_002_ex21(ck *c, const void *arg)
{
    (void)arg;
    wy_rules r;
    wy_status st = wy_rules_parse(&r, "nim+heap=3", c->err, c->errlen);
    if (st != WY_OK) return st;
    const ck_engine *e = ck_eng(c);
    wy_table *t = NULL;
    wy_side s3 = {0, 3};
    st = e->table_compute(&t, &r, 4, 4, s3, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
    if (st != WY_OK) return st;
    /* (3, 2, 1): the two piles (3, 2) and the extra heap 1 */
    wy_side s1 = {0, 1};
    wy_move mv[16];
    size_t cnt = 0;
    st = e->moves_list(mv, 16, &cnt, &r, 3, 2, s1, c->err, c->errlen);
    if (st != WY_OK) {
        e->table_free(t);
        return st;
    }
    static const uint32_t printed[6][3] = {{2, 2, 1}, {3, 2, 0}, {0, 2, 1}, {3, 1, 1}, {3, 0, 1}, {1, 2, 1}};
    int found = 0, hot = 1;
    for (size_t i = 0; i < cnt && i < 16; i++)
        for (int k = 0; k < 6; k++)
            if (mv[i].x == printed[k][0] && mv[i].y == printed[k][1] && mv[i].side.heap == printed[k][2]) found++;
    for (int k = 0; k < 6; k++) {
        wy_side s = {0, printed[k][2]};
        if (e->table_get(t, printed[k][0], printed[k][1], s) == 0) hot = 0;
    }
    uint32_t v321 = e->table_get(t, 3, 2, s1), v331 = e->table_get(t, 3, 3, s1);
    snprintf(c->res->range, sizeof c->res->range, "the positions (3,2,1), (3,3,1) and the six options of (3,2,1)");
    int ok = v321 == 0 && v331 != 0 && found == 6 && cnt == 6 && hot && (3 ^ 2 ^ 1) == 0 && (3 ^ 3 ^ 1) == 1;
    c->res->verdict = ok ? WY_CLAIM_PASS : WY_CLAIM_FAIL;
    ck_note(c, "G(3,2,1) = %u, G(3,3,1) = %u; (3,2,1) has %zu options, %d of them printed, all hot: %s", v321, v331,
            cnt, found, hot ? "yes" : "no");
    e->table_free(t);
    return WY_OK;
}

/* The P-set of a table: 1 where the value is 0. */
static uint8_t *pset_of(ck *c, const char *rules, uint32_t w, wy_status *st)
{
    wy_table *t = NULL;
    wy_side side;
    *st = ck_table_of(c, rules, -1, -1, w, w, &t, &side);
    if (*st != WY_OK) return NULL;
    const ck_engine *e = ck_eng(c);
    uint8_t *p = malloc((size_t)w * w);
    if (!p) {
        e->table_free(t);
        *st = ck_oom(c, "a P-set");
        return NULL;
    }
    for (uint32_t x = 0; x < w; x++)
        for (uint32_t y = 0; y < w; y++) p[(size_t)x * w + y] = e->table_get(t, x, y, side) == 0;
    e->table_free(t);
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
        ck_note(c, "As printed (\"fewer than q\", nim+max=q-1): fails for q = %llu at (%llu, %llu), %s. Corrected (\"at most q\", as the proof of Theorem 2.3 uses, nim+max=q): holds for every q.",
                (unsigned long long)pq, (unsigned long long)px, (unsigned long long)py,
                ((px % (pq + 1)) ^ (py % (pq + 1))) == 0 ? "hot, but the formula says cold" : "cold, but the formula says hot");
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    return WY_OK;
}

/* 1-pile subtraction games (Theorem 2.4 and Examples 2.4, 2.5): heap x is
 * cold iff no allowed move reaches a cold heap. */
static int subtraction_cold_ok(const ck *chk, const uint8_t *allowed, uint64_t kmax, uint64_t w, uint64_t period,
                               uint8_t *cold, uint64_t *badx)
{
    for (uint64_t x = 0; x < w; x++) {
        int c = 1;
        for (uint64_t p = 1; p <= x && p <= kmax && c; p++)
            if (allowed[p] && cold[x - p]) c = 0;
        cold[x] = (uint8_t)c;
    }
    ck_tamper(chk, "002.thm2.4 cold heaps", cold, w, 1);
    for (uint64_t x = 0; x < w; x++)
        if (cold[x] != (x % period == 0)) {
            *badx = x;
            return 0;
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
            if (!subtraction_cold_ok(c, allowed, kmax, w, q + 1, cold, &bx)) {
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
    wy_status st = ck_need_mem(c, w, "the heaps");
    if (st != WY_OK) return st;
    uint8_t *cold = malloc(w ? w : 1);
    if (!cold) return ck_oom(c, "heaps");
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
        }
        ck_tamper(c, "002.ex2.4 cold heaps", cold, w, 1);
        for (uint64_t x = 0; x < w; x++) {
            if (cold[x] != (x % period == 0)) {
                c->res->verdict = WY_CLAIM_FAIL;
                ck_note(c, "n = %llu: heap %llu is %s", (unsigned long long)base, (unsigned long long)x,
                        cold[x] ? "cold" : "hot");
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
    wy_status st = ck_need_mem(c, w * 12, "the heaps");
    if (st != WY_OK) return st;
    uint8_t *comp = calloc(w + 1, 1), *cold = malloc(w + 1);
    uint64_t *moves = malloc((w + 1) * sizeof *moves);
    if (!comp || !cold || !moves) {
        free(comp), free(cold), free(moves);
        return ck_oom(c, "heaps");
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
    }
    ck_tamper(c, "002.ex2.5 cold heaps", cold, w, 1);
    for (uint64_t x = 0; x < w; x++)
        if (cold[x] != (x % 4 == 0)) {
            if (!bad) bx = x;
            bad++;
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
        if (!(res = a_n_residues(n))) return ck_oom(c, "A^(n)");
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
        return ck_oom(c, "A^(n)");
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
            if (!res) return ck_oom(c, "A^(n)");
            ck_tamper(c, "002.lem3.1 A^(n) by residues", res, (size_t)p * p, 1);
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

#define I_AN "the printed set A^(n) by residues mod n+1 (floor(phi i) by integer square root), with and without mirror images"

const ck_claim ck_claims_002[] = {
    {{"002.thm1.1", "paper 002, Theorem 1.1 (Section 1) = Theorem 2.5 (Section 2)",
      "The cold positions of Wythoff's game are CP = {(floor(phi i) + i, floor(phi i)) : i >= 0}.",
      "layer engine (value 0 of wythoff) against the set, with and without mirror images",
      "the set together with its mirror images (floor(phi i), floor(phi i) + i)", ROWS},
     c_002_thm11, NULL, I_WYTHOFF_PAIRS},
    {{"002.lem2.2", "paper 002, Section 2, Lemma 2.2", "The cold positions of 2-pile Nim are (m, m), m >= 0.",
      "layer engine (value 0 of nim) against the diagonal", NULL, ROWS},
     c_002_lem22, NULL, "the diagonal (m, m)"},
    {{"002.ex2.1", "paper 002, Section 2, Examples 2.1-2.3",
      "(3,2,1) is cold in 3-pile Nim, with options (2,2,1), (3,2,0), (0,2,1), (3,1,1), (3,0,1), (1,2,1), all hot; (3,3,1) is hot; 3 xor 2 xor 1 = 0 and 3 xor 3 xor 1 = 1.",
      "table engine and move list of nim+heap=3 (the third pile is the extra heap)", NULL, FIXED},
     c_002_ex21, NULL, "the paper's printed example: the positions, their six printed options, and the nim-sums in integers"},
    {{"002.thm2.2", "paper 002, Section 2, Theorems 2.1 and 2.2",
      "A position of n-pile Nim is cold if and only if the nim-sum of the piles is 0.",
      "three-pile Nim solved by its own recursion (a position is cold iff none of its options is, the third pile 0..15) against the nim-sum; and the table engine's nim+heap=15 against the recursion at every h (two piles: claim 002.lem2.2)",
      NULL, TABLE(256)},
     c_002_thm22, NULL,
     "three-pile Nim solved in the check library by its own recursion (cold iff no option is cold; not the engines' G(x, y, 0) xor h), and the nim-sum in integers"},
    {{"002.thm2.3", "paper 002, Section 2, Theorem 2.3",
      "In the q-2-pile Nim game (one may take \"fewer than q\" stones) a position is cold if and only if (m1 mod q+1) xor (m2 mod q+1) = 0.",
      "table engine: nim+max=q (at most q) and nim+max=q-1 (fewer than q), four periods, q = 1..N",
      "one may take at most q stones (the proof of Theorem 2.3 takes 1 <= i <= q)", PARAMC(60, 200)},
     c_002_thm23, NULL, "the formula (m1 mod q+1) xor (m2 mod q+1), in integers"},
    {{"002.thm2.4", "paper 002, Section 2, Theorem 2.4",
      "If the moves of a 1-pile game include 1, ..., q and no other move is a multiple of q+1, its cold positions are those of the q-1-pile game (the multiples of q+1).",
      "every such subtraction set within {1..N} (N <= 20), heaps < 8N+8, by direct recursion", NULL, PARAM(12)},
     c_002_thm24, NULL, "the multiples of q+1, against a direct recursion over each subtraction set (no engine)"},
    {{"002.ex2.4", "paper 002, Section 2, Example 2.4",
      "With moves 1, n, n^2, ...: for n = 2 the cold heaps are those of the 2-1-pile game (multiples of 3); for odd n, those of the 1-1-pile game (even heaps).",
      "direct recursion for n = 2 and odd n = 3..99", NULL, WY_SCALE_ROWS, 100000, 10000000},
     c_002_ex24, NULL, "the multiples of 3 or the even heaps, against a direct recursion over the moves 1, n, n^2, ... (no engine)"},
    {{"002.ex2.5", "paper 002, Section 2, Example 2.5",
      "With moves 1 and the primes, the cold heaps are those of the 3-1-pile game (multiples of 4).",
      "direct recursion with a sieve", NULL, TABLE(8192)},
     c_002_ex25, NULL, "the multiples of 4, against a direct recursion over 1 and the primes from a sieve (no engine)"},
    {{"002.thm1.2", "paper 002, Theorem 1.2 with rules (1), (2) (Section 1) = Theorem 3.1 (Section 3)",
      "The cold positions of n-Wythoff (one takes \"fewer than n\" stones) are A^(n) = {a1 (n+1, 0) + a2 (0, n+1) + a3 (floor(phi i) + i, floor(phi i)) : a3 in {0,1}, 1 <= i <= m}, m = max{i : floor(phi i) + i < n+1}.",
      "table engine: wythoff+max=n and wythoff+max=n-1 on four periods, n = 1..N, against A^(n) with and without mirrors",
      "take at most n (wythoff+max=n), and A^(n) with its mirror images", PARAMC(100, 200)},
     c_002_thm12, &A_002_thm12, I_AN},
    {{"002.prop3.1", "paper 002, Section 3, Proposition 3.1",
      "CP_{n-Wythoff} and A^(n) agree on F_{1,1} = [0, n+1]^2; in particular (n+1, n+1) is cold.",
      "table engine on F_{1,1}, as for 002.thm1.2",
      "take at most n, and A^(n) with its mirror images", PARAM(100)},
     c_002_thm12, &A_002_prop31, I_AN},
    {{"002.i11", "paper 002, Section 3, proof of Proposition 3.1",
      "On I_{1,1} = [0, n]^2 the cold positions of n-Wythoff are those of Wythoff's game.",
      "table engine (wythoff+max=n) against the exact Wythoff pairs", NULL, PARAM(100)},
     c_002_i11, NULL, I_WYTHOFF_PAIRS},
    {{"002.lem3.1", "paper 002, Section 3, Lemma 3.1",
      "Distinct (a, b), (a', b') of A^(n) in one block I_{k,l} have b' - b != a' - a (mod n+1).",
      "direct computation for n = 1..N, blocks I_{1,1}..I_{2,2}, with and without mirror images", NULL, PARAM(100)},
     c_002_lem31, NULL, "the lemma's congruences in integers, on the printed set A^(n) (no engine)"},
};

const size_t ck_nclaims_002 = sizeof ck_claims_002 / sizeof ck_claims_002[0];
