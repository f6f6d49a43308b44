/* paper004.c - the claims of m-modular Wythoff, mod=M (paper 004), and how
 * each is checked. */
#include "claims.h"

static wy_status c_004_greedy(ck *c, const void *arg)
{
    (void)arg;
    uint64_t k = ck_floor_over_phi(c->n) + 2;
    wy_status st = ck_need_mem(c, k * 8 + k, "the greedy construction");
    if (st != WY_OK) return st;
    uint64_t *cc = malloc((k + 1) * sizeof *cc);
    if (!cc) return ck_oom(c, "the greedy construction");
    if (!ck_greedy_c(cc, k)) {
        free(cc);
        return ck_oom(c, "the greedy construction");
    }
    ck_tamper(c, "greedy c_i", cc, k + 1, sizeof *cc);
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
    const ck_printed_set *am = ck_eng(c)->printed_set("004_am");
    if (!am) {
        snprintf(c->err, c->errlen, "internal: no printed set 004_am");
        return WY_EINTERNAL;
    }
    /* count: lower Wythoff numbers floor(k phi) < m, k >= 1 (walked with
     * ck_lower_next); f: floor(m / phi), walked independently: it grows by one
     * at m + 1 when (f + 1) phi <= m + 1, i.e. 5 (f+1)^2 < (2m + 1 - f)^2. */
    uint64_t n = c->n, count = 0, next = 1, lk = 1, bad = 0, bm = 0, f = 0, prev = 0;
    for (uint64_t m = 1; m < n; m++) {
        while (lk < m) prev = lk, lk = ck_lower_next(next, lk), count++, next++;
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
    if (!cc || !cov || !ck_greedy_c(cc, k)) {
        free(cc), free(cov);
        return ck_oom(c, "P_i");
    }
    ck_tamper(c, "greedy c_i", cc, k + 1, sizeof *cc);
    c->res->verdict = WY_CLAIM_PASS;
    for (uint64_t m = 1; m <= mmax && c->res->verdict == WY_CLAIM_PASS; m++) {
        uint64_t am = 0;
        while (am + 1 <= k && cc[am + 1] < m) am++; /* lower Wythoff numbers < m */
        if (a->lemma == 2) {
            for (uint64_t i = 1; i <= am; i++) {
                uint64_t p1 = cc[i], p2 = cc[i] + i;
                if (!(p1 < m && ck_lt_m_phi(p2, m) && ck_lt_m_over_phi(p2 - p1, m))) {
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
            for (uint64_t s = 1; ck_lt_m_over_phi(s, m); s++) {
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
                st = ck_eng(c)->moves_list(mv, 512, &cnt, &r, q1, q2, s0, c->err, c->errlen);
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
    if (!cc || !ck_greedy_c(cc, k)) {
        free(cc);
        return ck_oom(c, "P_i");
    }
    ck_tamper(c, "greedy c_i", cc, k + 1, sizeof *cc);
    const ck_engine *e = ck_eng(c);
    wy_table *wt = NULL;
    wy_side ws;
    wy_status st = WY_OK;
    if (a->what == 8) st = ck_table_of(c, "wythoff", -1, -1, (uint32_t)(3 * mmax + 3), (uint32_t)(3 * mmax + 3), &wt, &ws);
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
        st = ck_table_of(c, rules, -1, -1, w, w, &t, &side);
        if (st != WY_OK) break;
        uint64_t am = 0;
        while (am + 1 <= k && cc[am + 1] < m) am++;
        uint64_t count = 0;
        for (uint32_t x = 0; x < w; x++)
            for (uint32_t y = 0; y < w; y++) {
                uint32_t v = e->table_get(t, x, y, side);
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
                    if (e->table_get(t, x, y, side) != e->table_get(wt, x, y, ws)) {
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
        e->table_free(t);
    }
    if (wt) e->table_free(wt);
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

/* The printed tables and sets. */
PT(t1, "004_table1", "wythoff", -1, -1)
PT(t2, "004_table2", "wythoff+mod=2", -1, -1)
PT(t3, "004_table3", "wythoff+mod=3", -1, -1)
PT(t4, "004_table4", "wythoff+mod=4", -1, -1)
PT(t5, "004_table5", "wythoff+mod=5", -1, -1)
PT(t6, "004_table6", "wythoff+mod=6", -1, -1)
PT(t7, "004_table7", "wythoff+mod=7", -1, -1)
PT(t8, "004_table8", "wythoff+mod=8", -1, -1)
PT(t9, "004_table9", "wythoff+mod=9", -1, -1)
static const ck_printed_arg A_004_m2 = {"004_ppos_m2", {"wythoff+mod=2", -1, -1, 0}, 64};
static const ck_printed_arg A_004_m3 = {"004_ppos_m3", {"wythoff+mod=3", -1, -1, 0}, 64};
static const ck_printed_arg A_004_m4 = {"004_ppos_m4", {"wythoff+mod=4", -1, -1, 0}, 64};
static const ck_printed_arg A_004_m5 = {"004_ppos_m5", {"wythoff+mod=5", -1, -1, 0}, 64};

#define I_GREEDY "the lemma's bounds in exact integer comparisons, on P_{a_m} from the greedy construction (no engine)"

const ck_claim ck_claims_004[] = {
    {{"004.sec2.2", "paper 004, Section 2.2, equations (1) and (2)",
      "The greedy construction (c_i the smallest positive integer in no earlier pair; add (c_i, c_i + i)) gives c_i = floor(i phi), c_i + i = floor(i phi^2).",
      "greedy construction in integers against the exact floor formula", NULL, ROWS},
     c_004_greedy, NULL, "floor(i phi) by integer square root, against the greedy construction in integers (no engine)"},
    {{"004.sec3.1", "paper 004, Section 3.1",
      "The only P-positions of 2-Modular Wythoff are (0,0), (1,2) and (2,1).",
      "table engine (wythoff+mod=2) on a window", NULL, TABLE(1024)},
     c_004_sec31, NULL, "the three printed positions"},
    SET("004.sec3.2.m2", "paper 004, Section 3.2, table of P-positions, m = 2", "The P-positions of 2-Modular Wythoff are P1 = {(0,0),(1,2),(2,1)}.", A_004_m2),
    SET("004.sec3.2.m3", "paper 004, Section 3.2, table of P-positions, m = 3", "The P-positions of 3-Modular Wythoff are P1 = {(0,0),(1,2),(2,1)}.", A_004_m3),
    SET("004.sec3.2.m4", "paper 004, Section 3.2, table of P-positions, m = 4", "The P-positions of 4-Modular Wythoff are P2 = {(0,0),(1,2),(2,1),(3,5),(5,3)}.", A_004_m4),
    SET("004.sec3.2.m5", "paper 004, Section 3.2, table of P-positions, m = 5", "The P-positions of 5-Modular Wythoff are P3 = {(0,0),(1,2),(2,1),(3,5),(5,3),(4,7),(7,4)}.", A_004_m5),
    {{"004.lem1", "paper 004, Section 4, Lemma 1",
      "If (q1, q2) strictly dominates (s1, s2) and q1 - q2 = s1 - s2 (mod m), there is a move from (q1, q2) to (s1, s2).",
      "the library's move list of wythoff+mod=m for every pair of positions in a 20 x 20 window", NULL, PARAM(16)},
     c_004_lem1, NULL, "the lemma's condition (domination and the congruence mod m) in integers, against the library's move list"},
    {{"004.am", "paper 004, Section 4, the table of a_m",
      "a_m, the number of lower Wythoff numbers below m, is floor(m/phi), the unique a with floor(a phi) < m <= floor((a+1) phi); printed for m = 1..16.",
      "the printed values and all m < N in integer arithmetic", NULL, ROWS},
     c_004_am, NULL, "the printed values; floor(m / phi) walked in integers, against the count of lower Wythoff numbers (no engine)"},
    {{"004.lem2", "paper 004, Section 4, Lemma 2",
      "Every (p1, p2) of P_{a_m} with p1 < p2 has p1 < m, p2 < m phi and p2 - p1 < m / phi.",
      "exact integer comparisons, P_{a_m} from the greedy construction", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem2, I_GREEDY},
    {{"004.lem3", "paper 004, Section 4, Lemma 3", "Every r < m is a coordinate of a position of P_{a_m}.",
      "P_{a_m} from the greedy construction", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem3, I_GREEDY},
    {{"004.lem4", "paper 004, Section 4, Lemma 4",
      "For 0 < s < m/phi exactly two positions of P_{a_m} have coordinate difference s: (floor(s phi), floor(s phi^2)) and its mirror.",
      "P_{a_m} from the greedy construction, exact comparisons", NULL, PARAM(400)},
     c_004_lemma, &A_004_lem4, I_GREEDY},
    {{"004.thm5", "paper 004, Section 4, Theorem 5, and Section 3.2, last paragraph",
      "The P-positions of m-Modular Wythoff are P_{a_m}: the Wythoff P-positions whose smaller pile is below m.",
      "table engine (wythoff+mod=m, 0 <= x, y < 3m+3) against P_{a_m} from the greedy construction", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_thm5, "P_{a_m} from the greedy construction, in integers"},
    {{"004.cor6", "paper 004, Section 4, Corollary 6, and Section 1 (Introduction)",
      "m-Modular Wythoff has exactly 2 floor(m/phi) + 1 P-positions.",
      "table engine counts on 0 <= x, y < 3m+3", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_cor6, "the count 2 floor(m/phi) + 1, in integers"},
    {{"004.sec5.1.coincide", "paper 004, Section 5.1, first observation",
      "The Grundy numbers of m-Modular Wythoff coincide with Wythoff's when the pile sizes are at most m.",
      "table engine: wythoff+mod=m against wythoff on 0 <= x, y < 3m+3; reports whether \"at most m\" is sharp", NULL,
      PARAMC(100, 200)},
     c_004_mod, &A_004_coin,
     "the table engine's values of a second game, wythoff (the statement relates two games; 004.table1 checks wythoff against the paper's Table 1)"},
    {{"004.sec5.1.mod3", "paper 004, Section 5.1, second observation",
      "In 3-Modular Wythoff, G(3i + r, 3j + s) = 3(i + j) + t with t = r + s (mod 3), r, s, t in {0, 1, 2}.",
      "table engine (wythoff+mod=3), every cell", NULL, TABLE(2048)},
     c_004_mod3, NULL, "the formula 3(i + j) + ((r + s) mod 3), in integers"},
    {{"004.sec5.1.exactly", "paper 004, Section 5.1, second observation, last sentence",
      "m-Modular Wythoff has exactly m P-positions precisely when m = 1 or m = 3.",
      "table engine counts, m = 1..N", NULL, PARAMC(100, 200)},
     c_004_mod, &A_004_exm, "the count m, in integers"},
    FIG("004.table1", "paper 004, Appendix Table 1", "Grundy numbers of Wythoff's game, piles <= 15.", A_t1),
    FIG("004.table2", "paper 004, Appendix Table 2", "Grundy numbers of 2-Modular Wythoff, piles <= 15.", A_t2),
    FIG("004.table3", "paper 004, Appendix Table 3", "Grundy numbers of 3-Modular Wythoff, piles <= 15.", A_t3),
    FIG("004.table4", "paper 004, Appendix Table 4", "Grundy numbers of 4-Modular Wythoff, piles <= 15.", A_t4),
    FIG("004.table5", "paper 004, Appendix Table 5", "Grundy numbers of 5-Modular Wythoff, piles <= 15.", A_t5),
    FIG("004.table6", "paper 004, Appendix Table 6", "Grundy numbers of 6-Modular Wythoff, piles <= 15.", A_t6),
    FIG("004.table7", "paper 004, Appendix Table 7", "Grundy numbers of 7-Modular Wythoff, piles <= 15.", A_t7),
    FIG("004.table8", "paper 004, Appendix Table 8", "Grundy numbers of 8-Modular Wythoff, piles <= 15.", A_t8),
    FIG("004.table9", "paper 004, Appendix Table 9", "Grundy numbers of 9-Modular Wythoff, piles <= 15.", A_t9),
};

const size_t ck_nclaims_004 = sizeof ck_claims_004 / sizeof ck_claims_004[0];
