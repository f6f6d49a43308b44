/* paper000.c - the claims of Wythoff's game with a pass and with an extra
 * heap (paper 000), and how each is checked. */
#include "claims.h"

static const ck_game W_1 = {"wythoff", -1, -1, 1};

/* Theorem 1 (ii) by the mex recursion itself.  The table engine keeps only
 * the layer h = 0 of wythoff+heap=H and answers G(x, y, 0) xor h for the
 * others (its heap shortcut, which is this theorem), so the heap layers are
 * computed here from the definition: G(x, y, h) is the mex of the values of
 * the options of (x, y, h), the moves of Wythoff's game on (x, y) at the same
 * h and the moves on the heap, (x, y, h') with h' < h; the options are
 * listed one by one (no line bitsets, no shortcut).  Then the theorem on the
 * recursion's values, every cell at h = 1..3 against G(x, y, 0) xor h; and
 * the table engine's wythoff+heap=3 against the recursion at every h.
 * Cost: O(N^3): N = 256 (the default) about 0.15 s of CPU, 512 (the cap)
 * about 1.5 s; memory 8 N^2 bytes. */
#define THM1_H 3

static wy_status c_000_thm1(ck *c, const void *arg)
{
    (void)arg;
    const uint32_t n = (uint32_t)c->n;
    const size_t cells = (size_t)n * n;
    /* every value is at most the number of options, x + y + min(x, y) + h < 3 n + 3 */
    const size_t vmax = 3 * (size_t)n + THM1_H + 8;
    wy_status st = ck_need_mem(c, (THM1_H + 1) * cells * 2 + vmax * 4, "the mex recursion of wythoff+heap=3");
    if (st != WY_OK) return st;
    uint16_t *G = malloc((THM1_H + 1) * cells * sizeof *G); /* G[(h n + x) n + y] */
    uint32_t *seen = calloc(vmax, sizeof *seen);
    if (!G || !seen) {
        free(G), free(seen);
        return ck_oom(c, "the mex recursion of wythoff+heap=3");
    }
#define AT(h, x, y) G[((size_t)(h) * n + (x)) * n + (y)]
    uint32_t stamp = 0;
    for (uint32_t x = 0; x < n; x++)
        for (uint32_t y = 0; y < n; y++)
            for (uint32_t h = 0; h <= THM1_H; h++) {
                stamp++;
                for (uint32_t u = 0; u < x; u++) seen[AT(h, u, y)] = stamp;
                for (uint32_t v = 0; v < y; v++) seen[AT(h, x, v)] = stamp;
                for (uint32_t t = 1; t <= x && t <= y; t++) seen[AT(h, x - t, y - t)] = stamp;
                for (uint32_t k = 0; k < h; k++) seen[AT(k, x, y)] = stamp;
                uint32_t m = 0;
                while (seen[m] == stamp) m++;
                AT(h, x, y) = (uint16_t)m;
            }
    free(seen);
    ck_tamper(c, "000.thm1 mex recursion", G, (THM1_H + 1) * cells, sizeof *G);
    wy_table *t = NULL;
    wy_side side;
    st = ck_table_of(c, "wythoff+heap=3", -1, THM1_H, n, n, &t, &side);
    if (st != WY_OK) {
        free(G);
        return st;
    }
    const ck_engine *e = ck_eng(c);
    uint64_t bad = 0, ebad = 0;
    uint32_t bx = 0, by = 0, bh = 0, ex = 0, ey = 0, eh = 0, ev = 0;
    for (uint32_t h = 0; h <= THM1_H; h++)
        for (uint32_t x = 0; x < n; x++)
            for (uint32_t y = 0; y < n; y++) {
                if (h && AT(h, x, y) != (AT(0, x, y) ^ h)) {
                    if (!bad) bx = x, by = y, bh = h;
                    bad++;
                }
                wy_side sh = {0, h};
                uint32_t v = e->table_get(t, x, y, sh);
                if (v != AT(h, x, y)) {
                    if (!ebad) ex = x, ey = y, eh = h, ev = v;
                    ebad++;
                }
            }
    e->table_free(t);
    snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %u, extra heap h = 0..%u", n, THM1_H);
    c->res->verdict = bad || ebad ? WY_CLAIM_FAIL : WY_CLAIM_PASS;
    if (bad)
        ck_note(c, "%llu cell(s) break the theorem; first (%u, %u) with h = %u: the mex recursion gives G = %u, but G(x, y, 0) xor h = %u. ",
                (unsigned long long)bad, bx, by, bh, AT(bh, bx, by), AT(0, bx, by) ^ bh);
    if (ebad)
        ck_note(c, "%llu cell(s) of the table engine's wythoff+heap=3 differ from the mex recursion; first (%u, %u) with h = %u: engine %u, recursion %u. ",
                (unsigned long long)ebad, ex, ey, eh, ev, AT(eh, ex, ey));
    if (!bad && !ebad)
        ck_note(c, "the mex recursion over the options (heap moves included) gives G(x, y, h) = G(x, y, 0) xor h in every cell, and the table engine's wythoff+heap=3 equals it at every h.");
#undef AT
    free(G);
    return WY_OK;
}

static wy_status c_000_thm2(ck *c, const void *arg)
{
    (void)arg;
    ck_gen_state g = {0};
    ck_diff d;
    wy_status st = ck_sets_compare(c, &ck_wythoff_game, NULL, ck_gen_wythoff, &g, c->n, 0, &d);
    if (st != WY_OK) return st;
    return ck_threshold_verdict(c, &d, &ck_wythoff_game, NULL, "{(floor(n phi), floor(n phi) + n)} and mirrors", 0);
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
    st = ck_eng(c)->layer_scan(&r, wy_side_start(&r), 1, c->n, c->mem_limit, thm3_fn, &s, NULL, c->run, c->err,
                               c->errlen);
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
static int in_m1(const ck_printed_set *s, uint64_t x, uint64_t y) /* (u, y), u < x */
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->xy[2 * i + 1] == y && s->xy[2 * i] < x) return 1;
    return 0;
}

static int in_m2(const ck_printed_set *s, uint64_t x, uint64_t y) /* (x, v), v < y */
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->xy[2 * i] == x && s->xy[2 * i + 1] < y) return 1;
    return 0;
}

static int in_m3(const ck_printed_set *s, uint64_t x, uint64_t y) /* (x-t, y-t), t >= 1 */
{
    for (uint32_t i = 0; i < s->n; i++) {
        uint64_t u = s->xy[2 * i], v = s->xy[2 * i + 1];
        if (u < x && v < y && x - u == y - v) return 1;
    }
    return 0;
}

static wy_status lemma23(ck *c, int lemma)
{
    const ck_printed_set *b = ck_eng(c)->printed_set("000_setB"), *cs = ck_eng(c)->printed_set("000_setC");
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

static const ck_iff_arg A_000_thm4 = {{"wythoff+pass", 1, -1, 0}, {"wythoff+heap=1", -1, 1, 0}, 9,
                                   "the P-positions of wythoff+heap=1 h=1 (G2(x,y,1) = 0)"};
static const ck_iff_arg A_000_cor2 = {{"wythoff+pass", 1, -1, 0}, {"wythoff+pass", 0, -1, 1}, 9,
                                   "the value-1 positions of wythoff+pass p=0 (G1(x,y,0) = 1)"};

static wy_status c_000_thm5(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"wythoff+pass", 1, -1, 0};
    return ck_distance(c, &g, c->n, 20);
}

/* The printed tables and sets. */
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
static const ck_printed_arg A_000_A = {"000_setA", {"wythoff+pass", 0, -1, 0}, 9};
static const ck_printed_arg A_000_B = {"000_setB", {"wythoff+pass", 1, -1, 0}, 9};
static const ck_printed_arg A_000_C = {"000_setC", {"wythoff+heap=1", -1, 1, 0}, 9};

#define I_LEM23                                                                                                        \
    "the move sets M1, M2, M3 from their definitions, in integers, on the printed sets B and C (which 000.lem1.ii and "  \
    "000.lem1.iii check against the table engine)"

const ck_claim ck_claims_000[] = {
    {{"000.thm1", "paper 000, Section 1, Theorem 1 (ii)",
      "The Grundy value of a disjunctive sum is the nim-sum of the values: G(x, y, h) of Wythoff plus a heap of h stones is G(x, y) xor h.",
      "the mex recursion over the options of (x, y, h), the heap moves included, for h = 0..3: every cell at h = 1, 2, 3 against the cell at h = 0 xor h; and the table engine's wythoff+heap=3 against the recursion at every h",
      NULL, WY_SCALE_TABLE, 256, 512},
     c_000_thm1, NULL,
     "the mex recursion over the options of (x, y, h), heap moves included, computed in the check library (not the engines' G(x, y, 0) xor h)"},
    {{"000.thm2", "paper 000, Section 2, Theorem 2",
      "The P-positions of Wythoff's game are (floor(n phi), floor(n phi) + n) and (floor(n phi) + n, floor(n phi)), n >= 0.",
      "layer engine (value 0 of wythoff) against the formula in exact integer arithmetic", NULL, ROWS},
     c_000_thm2, NULL, I_WYTHOFF_PAIRS},
    {{"000.thm3", "paper 000, Section 2, Theorem 3 (Blass-Fraenkel, Corollary 5.14)",
      "The value-1 positions (a_n, b_n), a_n <= b_n, a_n increasing, satisfy |b_n - (floor(n phi) + n)| <= 4 and floor(n phi) - 1 <= a_n <= floor(n phi) + 2.",
      "layer engine (value 1 of wythoff); reports the extremes observed", NULL, ROWS},
     c_000_thm3, NULL, "the stated bounds around floor(n phi) and floor(n phi) + n, in exact integer arithmetic"},
    {{"000.cor1", "paper 000, Section 2, Corollary 1",
      "Every position of value 1 in Wythoff's game is within distance sqrt(20) of a P-position.",
      "layer engine (value 1) and the exact Wythoff pairs of the 9 nearest rows; reports the largest nearest distance",
      NULL, ROWS},
     c_000_cor1, NULL, I_DISTANCE},
    SET("000.lem1.i", "paper 000, Section 4, Definition 12 set A and Lemma 1 (i)",
        "A = {(0,0),(1,2),(2,1),(3,5),(4,7),(5,3),(7,4)} is the set of P-positions (x, y, 0), x, y <= 8, of Wythoff with a pass.",
        A_000_A),
    SET("000.lem1.ii", "paper 000, Section 4, Definition 12 set B and Lemma 1 (ii)",
        "B = {(0,0),(1,3),(3,1),(2,5),(5,2),(4,8),(8,4),(6,7),(7,6)} is the set of P-positions (x, y, 1), x, y <= 8, of Wythoff with a pass.",
        A_000_B),
    SET("000.lem1.iii", "paper 000, Section 4, Definition 12 set C and Lemma 1 (iii)",
        "C = {(0,1),(1,0),(2,2),(3,6),(6,3),(4,8),(8,4),(5,7),(7,5)} is the set of P-positions (x, y, 1), x, y <= 8, of Wythoff plus a one-stone heap.",
        A_000_C),
    FIG("000.fig3", "paper 000, Section 4, Figure 3", "The Grundy numbers G1(x, y, 0), x, y <= 8.", A_f3),
    FIG("000.fig4", "paper 000, Section 4, Figure 4", "The Grundy numbers G1(x, y, 1), x, y <= 8.", A_f4),
    FIG("000.fig5", "paper 000, Section 4, Figure 5",
        "The Grundy numbers G2(x, y, 1), x, y <= 8 (row 0 has one extra cell from the conversion, dropped).", A_f5),
    FIG("000.fig6", "paper 000, Section 4, Figure 6", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f6),
    FIG("000.fig7", "paper 000, Section 4, Figure 7", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f7),
    FIG("000.fig8", "paper 000, Section 4, Figure 8", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f8),
    FIG("000.fig9", "paper 000, Section 4, Figure 9", "G1(x, y, 1), x, y <= 8 (the colours are lost).", A_f9),
    {{"000.lem2", "paper 000, Section 5, Lemma 2",
      "For x >= 9 or y >= 9: (i) y <= 8 gives M1 meets B and C, M2 meets neither; (ii) the mirror; (iii) |x - y| <= 4 gives M3 meets B and C; (iv) |x - y| >= 5 gives M3 meets neither.",
      "direct computation of the move sets against the printed sets B and C", NULL, TABLE(1024)},
     c_000_lem2, NULL, I_LEM23},
    FIG("000.fig10", "paper 000, Section 5, Figure 10", "G1(x, y, 1), x, y <= 8, in a 15 x 15 frame.", A_f10),
    FIG("000.fig11", "paper 000, Section 5, Figure 11", "G2(x, y, 1), x, y <= 8, in a 15 x 15 frame.", A_f11),
    {{"000.lem3", "paper 000, Section 5, Lemma 3",
      "For x >= 9 or y >= 9 and i = 1, 2, 3: M_i(x, y, 1) meets B if and only if it meets C.",
      "direct computation of the move sets against the printed sets B and C", NULL, TABLE(1024)},
     c_000_lem3, NULL, I_LEM23},
    {{"000.thm4", "paper 000, Section 5, Theorem 4",
      "For x >= 9 or y >= 9: G1(x, y, 1) = 0 if and only if G2(x, y, 1) = 0 (Wythoff with a pass and Wythoff plus a one-stone heap have the same P-positions).",
      "layer engine: value 0 of wythoff+pass p=1 against value 0 of wythoff+heap=1 h=1; reports the sharp threshold",
      NULL, ROWS},
     ck_claim_iff, &A_000_thm4, I_TWO_GAMES},
    {{"000.cor2", "paper 000, Section 5, Corollary 2, and the abstract",
      "For x >= 9 or y >= 9: G1(x, y, 1) = 0 if and only if G1(x, y, 0) = 1.",
      "layer engine: value 0 of wythoff+pass p=1 against value 1 of wythoff+pass p=0; reports the sharp threshold",
      NULL, ROWS},
     ck_claim_iff, &A_000_cor2, I_TWO_GAMES},
    {{"000.thm5", "paper 000, Section 5, Theorem 5, and the abstract",
      "Every P-position (x, y, 1) of Wythoff with a pass is within distance sqrt(20) of a P-position of Wythoff's game.",
      "layer engine (value 0 of wythoff+pass p=1) and the exact Wythoff pairs; reports the largest nearest distance",
      NULL, ROWS},
     c_000_thm5, NULL, I_DISTANCE},
    FIG("000.fig6.1", "paper 000, Section 6, Figure 6.1",
        "G1(x, y, 0), x, y <= 15, CGSuite notation (printed \"+n\" decoded as *n).", A_f61),
    FIG("000.fig6.2", "paper 000, Section 6, Figure 6.2", "G1(x, y, 1), x, y <= 15, CGSuite notation.", A_f62),
};

const size_t ck_nclaims_000 = sizeof ck_claims_000 / sizeof ck_claims_000[0];
