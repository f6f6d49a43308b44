/*
 * t-exact - differential tests of the exact engine (src/core/exact*.c, public
 * interface include/wythoff_exact.h, number theory src/core/exact.h).
 *
 * 1. exact vs table: for every ruleset of the list below and every side
 *    state, every cell of a W x W table-engine window (and of a window of
 *    rows 0..45 by up to 20000 columns, where the engine answers from its
 *    row strips: every cell of the first columns, random ones after, both
 *    orientations) is evaluated by wy_exact_eval.  An answer must have the
 *    table's outcome, and its value when it gives one; a refusal (WY_ERANGE)
 *    is accepted only where the test can say why (see refusal_reason).  The
 *    engine answers x, y < 64 from its own small table, so the windows reach
 *    far beyond 64.  Rows 0..R-1 are also checked at y of 15-40 digits: the
 *    row periods proved by wy_row_periods_compute carry the window's values
 *    there.  Counts of value / outcome only / refused are printed.
 * 2. winning moves vs table: wy_exact_winning must return exactly the moves
 *    of wy_moves_list whose target has table value 0 (kind, target, side),
 *    in wy_moves_list's order, or WY_ERANGE: all positions of a 100 x 100
 *    window, random positions of the W x W window with x or y >= 64, random
 *    positions of the rows 0..45 window (both orientations).  A refusal
 *    counts as a failure only where the ruleset's lines have closed forms
 *    (no heap in play, no pass for wythoff+pass) and every option of the
 *    position is decided by wy_exact_eval.  Order differences are reported
 *    by their own group.
 * 3. number theory two ways: floor(n phi) by wyi_ex_lower (integer square
 *    root) vs Zeckendorf (n = sum F_k, floor(n phi) = sum F_(k+1), minus 1
 *    when the smallest index is even), n = 0..100000 and 2000 random n of
 *    10..3000 digits; wyi_ex_classify / wyi_ex_partner vs Wythoff's mex
 *    construction (c <= 100000) and vs Zeckendorf pairs (huge n); paper
 *    001's g(n) (wyi_ex_g001) vs the paper's Hofstadter form and vs its
 *    definition, n < 10^6; h(n) = floor((n + 1) / phi), n < 10^6.
 * 4. published sequences: OEIS A000201 / A001950, the pairs printed in
 *    papers 000, 002, 004, paper 004's table of a_m and Corollary 6
 *    (2 floor(M / phi) + 1 P-positions of wythoff+mod=M), M = 1..2000.
 * 5. wy_exact_ppos vs the table's P-positions (a <= b), from 0 and from X.
 * 6. robustness: bad coordinates and side states give WY_EINVAL, rulesets
 *    without a method give WY_ERANGE with a message, 5000-digit positions of
 *    Wythoff's game are decided in well under a second; under a tight
 *    memory limit answers stay right or are refused with a message.
 * 7. consistency at huge positions (20-40 digits), every ruleset and side:
 *    a P-position has no winning move, every winning move is legal and
 *    reaches a position wy_exact_eval calls P; under max=N every option is
 *    listed, so the outcome rule, the mex rule and the exact winning set
 *    are checked there too.
 * 8. complete answers at huge positions from closed forms computed here
 *    independently (Zeckendorf pairs, g(n) by Hofstadter's form): outcome
 *    and the full ordered list of winning moves for wythoff, nim, nim+pass,
 *    mod=M, terminal=2 (+misere), the misere forms M1, M2, M5 (beyond the
 *    small table their P-positions are the normal ones; the table engine
 *    below), p passes left as p mod 2 (nim+pass=3, wythoff+pass=2), and
 *    wy_exact_ppos from a huge X.
 *
 * Environment: WY_SEED (default 20261121) seeds the random choices;
 * WY_TEST_ITERS scales the numbers of random positions; WY_EXACT_ONLY=RULES
 * runs groups 1, 2, 5, 7, 8 for one ruleset of the list, =numbers groups 3,
 * 4, 6; WY_EXACT_TIMES=1 prints timings.
 * Sizes: by default W x W windows are at most 300 (rows 256..299 still lie
 * past the rows proved on demand), the rows 0..45 window of a ruleset
 * reaches 8192 columns (every cell up to 1024, then 4000 random ones, 2000
 * below 4096 columns), winning moves are checked on every position up to
 * 80 and 500 random ones (150 for mod=M), number theory on n = 0..50000 and
 * 500 random n of 10..3000 digits; nim+pass, wythoff+pass,
 * wythoff+terminal=2 (+misere), wythoff+heap=1 and
 * wythoff+terminal=2+heap=1 are asked about rows 0..31 only beyond the
 * small table (x or y >= 64): rows 32..45 would make the engine build its
 * 46-row strip for them, seconds each (46 rows x 65536 columns; nim+pass: a
 * search of 65536 columns that finds no period, which exact.sh exercises;
 * the heap rulesets: the strips of their base again).  The 46-row strips
 * are checked by default with wythoff, the max=N rulesets,
 * wythoff+terminal=3 and wythoff+terminal=1+misere.  The rulesets that
 * repeat a family with another parameter (max=2, 4-8, 13, 31, nim+max=2,
 * mod=2, 4, 5, 7, 10) are left out (max=31 runs as nim+max=31 and
 * nim+max=31+pass).
 * WY_TEST_BIG=1: 20000 columns (every cell up to 1536, 12000 random ones),
 * rows 0..45 everywhere, the windows of the list (up to 600), winning moves
 * on every position up to 100 and 1000 random ones (300 for mod=M), number
 * theory to 100000 with 2000 random numbers, and every ruleset.
 * Under the sanitizers (WY_TEST_SAN=1) every group runs with
 * smaller sizes: W x W windows of at most 120, strip windows of 2048 columns
 * (every cell up to column W + 200), a tenth of the random positions, a
 * quarter of the huge ones, number theory to 20000 (random numbers: 200,
 * g(n): n < 10^5), Corollary 6 for M <= 300, memory-limit windows of 46 x
 * 2000 and 100 x 100, winning moves of every position up to 48, row
 * periods of 16 rows; only wythoff and the max=N rulesets (narrow strips)
 * reach rows 16..45 beyond the small table, the others the 8- and 16-row
 * strips; wythoff+max=31, nim+max=31+pass, wythoff+max=3+pass and
 * wythoff+pass=2 are left out too (seconds each there: see san_heavy).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/core/exact.h"
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_exact.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STRIP_ROWS 46 /* the engine's row strips cover min(x, y) <= 45 */
#define SMALL 64      /* the engine's small table covers x, y < 64 */

static int failures;

/* The size knobs (tk_test_san, tk_test_big). */
static int san, big_sizes;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Print the tk_group's verdict; returns 1 if it failed. */
static int group_end(tk_group *g, const char *label)
{
    if (g->failed == 0) {
        printf("PASS %s (%s)\n", g->name, label);
    } else {
        printf("FAIL %s: %lu failures in %lu cases%s (%s)\n", g->name, g->failed, g->cases,
               g->failed > TK_SHOW_FAILS ? ", only the first shown" : "", label);
        failures++;
    }
    fflush(stdout);
    return g->failed != 0;
}

static void check(int ok, const char *name, const char *detail)
{
    if (ok) {
        printf("PASS %s\n", name);
    } else {
        printf("FAIL %s: %s\n", name, detail);
        failures++;
    }
    fflush(stdout);
}

static uint64_t isqrt64(uint64_t v)
{
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* floor(n phi) for n < 2^31, by integer square root (the test's own). */
static uint64_t lower64(uint64_t n) { return (n + isqrt64(5 * n * n)) / 2; }

/* ------------------------------------------------------------------ */
/* Wythoff's pairs by the mex construction (independent of phi)        */
/* ------------------------------------------------------------------ */

/* For c <= lim: cls[c] = 0 (c = a_k), 1 (c = b_k), 2 (c = 0); idx[c] = k.
 * Pair k = (c_k, c_k + k) with c_k the smallest positive integer not yet in
 * a pair (paper 004, section 2.2). */
typedef struct {
    uint32_t lim;
    uint8_t *cls;
    uint32_t *idx;
} pairs_t;

static int pairs_build(pairs_t *p, uint32_t lim)
{
    p->lim = lim;
    p->cls = malloc((size_t)lim + 1);
    p->idx = malloc(((size_t)lim + 1) * sizeof *p->idx);
    if (!p->cls || !p->idx)
        return -1;
    memset(p->cls, 0xff, (size_t)lim + 1);
    p->cls[0] = 2;
    p->idx[0] = 0;
    uint32_t c = 1;
    for (uint32_t k = 1;; k++) {
        while (c <= lim && p->cls[c] != 0xff)
            c++;
        if (c > lim)
            break;
        p->cls[c] = 0;
        p->idx[c] = k;
        if ((uint64_t)c + k <= lim) {
            p->cls[c + k] = 1;
            p->idx[c + k] = k;
        }
    }
    return 0;
}

static void pairs_free(pairs_t *p)
{
    free(p->cls);
    free(p->idx);
}

/* ------------------------------------------------------------------ */
/* Zeckendorf: floor(n phi) without square roots                        */
/* ------------------------------------------------------------------ */

typedef struct fibs_s {
    mpz_t *f; /* f[i] = F_i: F_0 = 0, F_1 = 1, F_2 = 1, F_3 = 2, ... */
    size_t n, cap;
} fibs_t;

static void fib_init(fibs_t *F)
{
    F->cap = 64;
    F->f = malloc(F->cap * sizeof *F->f);
    mpz_init_set_ui(F->f[0], 0);
    mpz_init_set_ui(F->f[1], 1);
    F->n = 2;
}

static void fib_clear(fibs_t *F)
{
    for (size_t i = 0; i < F->n; i++)
        mpz_clear(F->f[i]);
    free(F->f);
}

/* Make sure the last Fibonacci number exceeds v. */
static void fib_ensure(fibs_t *F, const mpz_t v)
{
    while (mpz_cmp(F->f[F->n - 1], v) <= 0 || F->n < 4) {
        if (F->n == F->cap) {
            F->cap *= 2;
            F->f = realloc(F->f, F->cap * sizeof *F->f);
        }
        mpz_init(F->f[F->n]);
        mpz_add(F->f[F->n], F->f[F->n - 1], F->f[F->n - 2]);
        F->n++;
    }
}

/* floor(n phi): write n = sum F_(k_i) (Zeckendorf, indices >= 2, no two
 * consecutive); S = sum F_(k_i + 1); floor(n phi) = S - 1 if the smallest
 * index is even, else S. */
static void zeck_lower(mpz_t out, fibs_t *F, const mpz_t n)
{
    if (mpz_sgn(n) == 0) {
        mpz_set_ui(out, 0);
        return;
    }
    fib_ensure(F, n);
    size_t lo = 2, hi = F->n - 1; /* F[hi] > n >= F[lo] */
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (mpz_cmp(F->f[mid], n) <= 0)
            lo = mid;
        else
            hi = mid;
    }
    mpz_t r, s;
    mpz_init_set(r, n);
    mpz_init_set_ui(s, 0);
    size_t k = lo, kmin = 0;
    while (mpz_sgn(r) > 0 && k >= 2) {
        while (k >= 2 && mpz_cmp(F->f[k], r) > 0)
            k--;
        mpz_sub(r, r, F->f[k]);
        mpz_add(s, s, F->f[k + 1]);
        kmin = k;
        k -= 2;
    }
    if (kmin % 2 == 0)
        mpz_sub_ui(s, s, 1);
    mpz_set(out, s);
    mpz_clears(r, s, NULL);
}

static void random_digits(mpz_t n, gmp_randstate_t rs, unsigned long digits)
{
    mpz_t lo;
    mpz_init(lo);
    mpz_ui_pow_ui(lo, 10, digits - 1);
    mpz_mul_ui(n, lo, 9);
    mpz_urandomm(n, rs, n);
    mpz_add(n, n, lo); /* [10^(d-1), 10^d) */
    mpz_clear(lo);
}

/* ------------------------------------------------------------------ */
/* The rulesets                                                         */
/* ------------------------------------------------------------------ */

/* Accepted refusals of wy_exact_eval: none; wythoff+pass / wythoff+heap=1
 * near Wythoff pairs; bounded rules with a pass beyond the strips (no
 * certificate); rulesets with no closed form beyond the strips (min(x,y) >=
 * 46) or beyond the small table (x or y >= 64); heap layers > 0 of a base
 * whose value is not known there. */
enum { R_NONE, R_WPASS, R_WHEAP, R_NOCERT, R_STRIPONLY, R_SMALLONLY, R_HEAPX };

typedef struct {
    const char *text;
    uint32_t w;          /* W x W window */
    uint32_t strip_cols; /* window rows 0..45 x strip_cols (0: none) */
    int refuse;          /* which refusals of wy_exact_eval are accepted */
    unsigned ppos_mask;  /* bit p: wy_exact_ppos must answer side {p, 0} */
    uint32_t prows;      /* rows whose proved periods extend the check to huge y (0: none) */
    int nowin;           /* 1: no closed form for the P-positions of a line (winning moves refused) */
} rcase;

static const rcase cases[] = {
    {"wythoff", 600, 20000, R_NONE, 1, 46, 0},
    {"nim", 600, 4096, R_NONE, 1, 0, 0},
    {"nim+pass", 300, 20000, R_NONE, 3, 32, 0},
    {"wythoff+pass", 300, 20000, R_WPASS, 1, 32, 0},
    {"wythoff+heap=1", 600, 20000, R_WHEAP, 1, 0, 0},
    {"nim+heap=3", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+terminal=2", 600, 20000, R_NONE, 1, 32, 0},
    {"wythoff+terminal=2+misere", 600, 20000, R_NONE, 1, 32, 0},
    {"wythoff+mod=1", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=2", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=3", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=4", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=5", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=7", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=10", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+mod=13", 600, 0, R_NONE, 1, 0, 0},
    {"wythoff+max=1", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=2", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=3", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=4", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=5", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=6", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=7", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=8", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=13", 600, 4096, R_NONE, 0, 46, 0},
    {"wythoff+max=31", 600, 4096, R_NONE, 0, 46, 0},
    {"nim+max=1", 600, 4096, R_NONE, 0, 46, 0},
    {"nim+max=2", 600, 4096, R_NONE, 0, 46, 0},
    {"nim+max=3", 600, 4096, R_NONE, 0, 46, 0},
    {"nim+max=31", 600, 4096, R_NONE, 0, 46, 0},
    {"nim+max=3+pass", 300, 4096, R_NOCERT, 0, 46, 0},
    {"nim+max=31+pass", 300, 4096, R_NOCERT, 0, 46, 0},
    {"wythoff+max=3+pass", 300, 4096, R_NONE, 0, 46, 0},
    /* heap=H on a base with a closed form (G = G_base xor h), and rulesets
     * the engine has no closed form for */
    {"wythoff+terminal=2+heap=1", 200, 2048, R_HEAPX, 1, 0, 0},
    {"wythoff+mod=3+heap=2", 200, 0, R_HEAPX, 1, 0, 0},
    {"wythoff+max=5+heap=1", 200, 2048, R_HEAPX, 0, 0, 0},
    {"nim+max=3+heap=2", 200, 2048, R_HEAPX, 0, 0, 0},
    {"nim+pass+heap=1", 120, 0, R_SMALLONLY, 0, 0, 1},
    {"wythoff+pass+heap=1", 120, 0, R_SMALLONLY, 0, 0, 1},
    {"wythoff+terminal=2+misere+heap=1", 120, 0, R_SMALLONLY, 0, 0, 1},
    {"wythoff+mod=4+max=6", 150, 0, R_SMALLONLY, 0, 0, 1},
    {"wythoff+max=1000", 200, 0, R_NONE, 0, 0, 0},
    {"nim+max=5000", 150, 0, R_NONE, 0, 0, 0},
    {"wythoff+terminal=3", 150, 1024, R_STRIPONLY, 0, 0, 1},
    {"wythoff+terminal=1+misere", 150, 1024, R_STRIPONLY, 0, 0, 1},
    /* issue 26: misere closed forms (M1, M2, M5; docs/exact.md "Winning moves
     * in misere play") and p passes left as p mod 2 (docs/exact.md "Passes:
     * p and p mod 2"); their strips are those of wythoff, wythoff+pass and
     * nim+pass again (the evaluators they reduce to) */
    {"wythoff+misere", 150, 0, R_NONE, 0, 0, 0},
    {"wythoff+mod=3+misere", 150, 0, R_NONE, 0, 0, 0},
    {"wythoff+heap=1+misere", 120, 0, R_WHEAP, 0, 0, 0},
    {"nim+misere", 150, 0, R_NONE, 0, 0, 0},
    {"nim+heap=3+misere", 120, 0, R_NONE, 0, 0, 0},
    {"nim+pass+misere", 120, 0, R_NONE, 0, 0, 0},
    {"wythoff+pass=2", 120, 0, R_WPASS, 5, 0, 0},
    {"nim+pass=3", 120, 0, R_NONE, 15, 0, 0},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* Blass and Fraenkel's box (paper 000, Theorem 3): every position lo <= hi
 * of Wythoff value 1 has some n with a_n - 1 <= lo <= a_n + 2 and
 * |hi - b_n| <= 4. */
static int near_pair(uint64_t lo, uint64_t hi)
{
    for (uint64_t n = lo > 10 ? (lo - 3) * 382 / 1000 : 0; n <= lo + 1; n++) {
        uint64_t a = lower64(n), b = a + n;
        if (a > lo + 1)
            break;
        if (a + 2 >= lo && (hi > b ? hi - b : b - hi) <= 4)
            return 1;
    }
    return 0;
}

/* Why a refusal of wy_exact_eval at (x, y, s) is acceptable, or NULL. */
static const char *refusal_reason(const rcase *rc, wy_side s, uint32_t x, uint32_t y)
{
    uint32_t lo = x < y ? x : y, hi = x < y ? y : x;
    switch (rc->refuse) {
    case R_WPASS:
        if (s.pass == 1 && lo >= STRIP_ROWS && near_pair(lo, hi))
            return "pass available, min(x,y) >= 46 and inside Blass-Fraenkel's box of a Wythoff pair: the outcome "
                   "is 'Wythoff value = 1' (paper 000 Cor. 2), which no closed form decides";
        break;
    case R_WHEAP:
        if (s.heap == 1 && lo >= STRIP_ROWS && near_pair(lo, hi))
            return "heap 1, min(x,y) >= 46 and inside Blass-Fraenkel's box: P iff Wythoff value 1";
        break;
    case R_NOCERT:
        if (lo >= STRIP_ROWS)
            return "bounded moves with a pass: values near the diagonal are not periodic in one coordinate, so no "
                   "periodicity certificate; rows >= 46 have no strip";
        break;
    case R_STRIPONLY:
        if (lo >= STRIP_ROWS)
            return "no closed form for this ruleset beyond the row strips (min(x,y) >= 46)";
        break;
    case R_SMALLONLY:
        if (hi >= SMALL)
            return "no closed form for this ruleset beyond the small table (x or y >= 64)";
        break;
    case R_HEAPX:
        if (s.heap > 0 && hi >= SMALL)
            return "heap layer > 0: G = G_base xor h needs the base value, unknown here";
        break;
    default:
        break;
    }
    return NULL;
}

/* Must wy_exact_winning decide a position whose options all are decided?
 * Not where the P-positions of a line have no closed form: an extra heap
 * in play on a Wythoff base (they are the cells of value h there), one
 * pass left of wythoff+pass (Wythoff's value-1 cells; with pass=K, every
 * odd number of passes left). */
static int winning_expected(const rcase *rc, wy_side s)
{
    if (rc->nowin)
        return 0;
    if (strstr(rc->text, "heap=") && strncmp(rc->text, "nim", 3) != 0 && s.heap > 0)
        return 0;
    if (strncmp(rc->text, "wythoff+pass", 12) == 0)
        return s.pass % 2 == 0;
    return 1;
}

/* ------------------------------------------------------------------ */
/* Shared state                                                         */
/* ------------------------------------------------------------------ */

typedef struct {
    mpz_t x, y;
    wy_answer ans;
    char err[WY_ERRLEN];
    tk_rng rng;
    uint64_t iters;
    wy_move *mv;
    size_t mvcap;
    /* group totals */
    tk_group g1, g2, g2o, g5, g7, g7o, g8;
    /* group 7 */
    gmp_randstate_t rs;
    struct fibs_s *F;
    mpz_t hx, hy, ht, hdx, hdy;
    wy_answer a2;
    struct bopt_s *o;
    size_t ocap;
    unsigned char *seen;
    unsigned long h_nv, h_nout, h_nref, h_nwin, h_nwref, h_nmex;
    unsigned long h8_p, h8_moves; /* group 8 */
    uint32_t cap; /* rows 0..cap-1 of the strips are asked about (46, or 16 under the sanitizers) */
} ctx;

/* Under the sanitizers: positions with cap <= min(x, y) < 46 and max(x, y)
 * >= 64 are left out (they would make the engine build its larger strips). */
static int left_out(const ctx *c, uint32_t x, uint32_t y)
{
    uint32_t lo = x < y ? x : y, hi = x < y ? y : x;
    return lo >= c->cap && lo < STRIP_ROWS && hi >= SMALL;
}

/* How many rows of the strips a ruleset's positions beyond the small table
 * may reach: 46 (every strip row), or fewer where the engine's 46-row strip
 * costs seconds (tens under ASan) for this ruleset (see the header). */
static uint32_t strip_cap(const rcase *rc, const wy_rules *r)
{
    static const char *long46[] = {
        "nim+pass",                  /* no period within the engine's 65536 columns: it gives up after seconds */
        "wythoff+pass",              /* 46 rows x 65536 columns, two layers */
        "wythoff+terminal=2",        /* 46 rows x 65536 columns */
        "wythoff+terminal=2+misere", /* 46 rows x 65536 columns */
        "wythoff+heap=1",            /* the strips of wythoff again (its base) */
        "wythoff+terminal=2+heap=1", /* the strips of wythoff+terminal=2 again */
    };

    /* issue 26's rulesets answer through the evaluators of others (their
     * normal play, p mod 2 passes), whose strips are checked there */
    static const char *again16[] = {"wythoff+misere", "wythoff+heap=1+misere", "nim+pass+misere", "wythoff+pass=2",
                                    "nim+pass=3"};
    if (big_sizes)
        return STRIP_ROWS;
    for (size_t i = 0; i < sizeof again16 / sizeof again16[0]; i++)
        if (strcmp(rc->text, again16[i]) == 0)
            return 16;
    if (san)
        return strcmp(rc->text, "wythoff") == 0 || r->max ? STRIP_ROWS : 16;
    for (size_t i = 0; i < sizeof long46 / sizeof long46[0]; i++)
        if (strcmp(rc->text, long46[i]) == 0)
            return 32;
    return STRIP_ROWS;
}

/* A row for a huge position in "a strip row": 0..69, without cap..45. */
static unsigned long strip_row(const ctx *c, gmp_randstate_t rs)
{
    unsigned long v = gmp_urandomm_ui(rs, c->cap + (70 - STRIP_ROWS));
    return v < c->cap ? v : v - c->cap + STRIP_ROWS;
}

/* Tables kept for group_memlimit (the same rulesets' windows, computed in
 * run_case; a value does not depend on the window it is computed in). */
typedef struct {
    const char *text;
    wy_table *t;
    uint32_t rows, cols;
} kept_table;
static kept_table kept[32];
static size_t nkept;

static void keep_table(const char *text, wy_table *t, uint32_t rows, uint32_t cols)
{
    static const char *want[] = {"wythoff", "wythoff+pass", "nim+pass", "wythoff+terminal=2", "wythoff+max=5",
                                 "wythoff+max=3+pass", "nim+max=31+pass", "wythoff+heap=1"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        if (strcmp(text, want[i]) == 0 && nkept < sizeof kept / sizeof kept[0]) {
            kept[nkept++] = (kept_table){text, t, rows, cols};
            return;
        }
    wy_table_free(t);
}

/* A kept table of `text` holding rows x cols, or NULL. */
static const wy_table *kept_find(const char *text, uint32_t rows, uint32_t cols)
{
    for (size_t i = 0; i < nkept; i++)
        if (strcmp(kept[i].text, text) == 0 && kept[i].rows >= rows && kept[i].cols >= cols)
            return kept[i].t;
    return NULL;
}

typedef struct {
    unsigned long value, outcome, refused;
    const char *last_reason;
} counts;

/* All options of (x, y, s) into c->mv; returns the count. */
static size_t list_moves(ctx *c, const wy_rules *r, uint32_t x, uint32_t y, wy_side s)
{
    size_t n = 0;
    wy_moves_list(NULL, 0, &n, r, x, y, s, NULL, 0);
    if (n > c->mvcap) {
        c->mvcap = n * 2;
        c->mv = realloc(c->mv, c->mvcap * sizeof *c->mv);
    }
    wy_moves_list(c->mv, n, &n, r, x, y, s, NULL, 0);
    return n;
}

static uint32_t tget(const wy_table *t, int tr, uint32_t x, uint32_t y, wy_side s)
{
    return tr ? wy_table_get(t, y, x, s) : wy_table_get(t, x, y, s);
}

/* Group 1: one cell.  (x, y) is queried; the table holds it at (x, y), or
 * at (y, x) when tr. */
static void cell(ctx *c, tk_group *g, const rcase *rc, wy_exact *e, const wy_table *t, int tr, uint32_t x,
                 uint32_t y, wy_side s, counts *cn)
{
    uint32_t v = tget(t, tr, x, y, s);
    mpz_set_ui(c->x, x);
    mpz_set_ui(c->y, y);
    c->err[0] = 0;
    g->cases++;
    wy_status st = wy_exact_eval(e, &c->ans, c->x, c->y, s, c->err, sizeof c->err);
    if (st == WY_OK) {
        char want = v ? 'N' : 'P';
        if (c->ans.outcome != want) {
            tk_fail(g, "%s (%u,%u) pass %u heap %u: table value %u (%c), exact says %c [%s]", rc->text, x, y, s.pass,
                    s.heap, v, want, c->ans.outcome, c->ans.method);
        } else if (c->ans.has_value && mpz_cmp_ui(c->ans.value, v) != 0) {
            char *got = mpz_get_str(NULL, 10, c->ans.value);
            tk_fail(g, "%s (%u,%u) pass %u heap %u: table value %u, exact value %s [%s]", rc->text, x, y, s.pass,
                    s.heap, v, got, c->ans.method);
            free(got);
        } else if (!c->ans.method || !c->ans.method[0]) {
            tk_fail(g, "%s (%u,%u) pass %u heap %u: answer without a method", rc->text, x, y, s.pass, s.heap);
        }
        if (c->ans.has_value)
            cn->value++;
        else
            cn->outcome++;
    } else if (st == WY_EUNDECIDED) {
        cn->refused++;
        const char *why = refusal_reason(rc, s, x, y);
        if (!why)
            tk_fail(g, "%s (%u,%u) pass %u heap %u (table value %u): refused with no accepted reason: %s", rc->text, x,
                    y, s.pass, s.heap, v, c->err);
        else if (!c->err[0])
            tk_fail(g, "%s (%u,%u) pass %u heap %u: refused with an empty message", rc->text, x, y, s.pass, s.heap);
        else
            cn->last_reason = why;
    } else {
        tk_fail(g, "%s (%u,%u) pass %u heap %u: status %d (%s)", rc->text, x, y, s.pass, s.heap, (int)st, c->err);
    }
}

/* Group 2: one position. */
static void win(ctx *c, const rcase *rc, const wy_rules *r, wy_exact *e, const wy_table *t, int tr, uint32_t x,
                uint32_t y, wy_side s, unsigned long *nref, unsigned long *nok)
{
    size_t n = list_moves(c, r, x, y, s);
    size_t ne = 0;
    for (size_t i = 0; i < n; i++)
        if (tget(t, tr, c->mv[i].x, c->mv[i].y, c->mv[i].side) == 0)
            c->mv[ne++] = c->mv[i]; /* the expected winning moves, in order */
    wy_bigmove *bm = NULL;
    size_t bn = 0;
    const char *method = NULL;
    mpz_set_ui(c->x, x);
    mpz_set_ui(c->y, y);
    c->err[0] = 0;
    c->g2.cases++;
    wy_status st = wy_exact_winning(e, &bm, &bn, &method, c->x, c->y, s, c->err, sizeof c->err);
    if (st == WY_EUNDECIDED) {
        (*nref)++;
        if (!c->err[0])
            tk_fail(&c->g2, "%s (%u,%u) pass %u heap %u: refused with an empty message", rc->text, x, y, s.pass,
                    s.heap);
        if (winning_expected(rc, s)) {
            /* refused: is every option (and the position) decided? */
            n = list_moves(c, r, x, y, s);
            int all = 1;
            for (size_t i = 0; i < n && all; i++) {
                mpz_set_ui(c->x, c->mv[i].x);
                mpz_set_ui(c->y, c->mv[i].y);
                all = wy_exact_eval(e, &c->ans, c->x, c->y, c->mv[i].side, NULL, 0) == WY_OK;
            }
            mpz_set_ui(c->x, x);
            mpz_set_ui(c->y, y);
            if (all && wy_exact_eval(e, &c->ans, c->x, c->y, s, NULL, 0) == WY_OK)
                tk_fail(&c->g2, "%s (%u,%u) pass %u heap %u: winning moves refused although the position and each of "
                        "its %zu options are decided by wy_exact_eval: %s", rc->text, x, y, s.pass, s.heap, n, c->err);
        }
        return;
    }
    if (st != WY_OK) {
        tk_fail(&c->g2, "%s (%u,%u) pass %u heap %u: status %d (%s)", rc->text, x, y, s.pass, s.heap, (int)st, c->err);
        return;
    }
    (*nok)++;
    /* the same set? */
    int same = bn == ne;
    for (size_t i = 0; same && i < ne; i++) {
        int found = 0;
        for (size_t j = 0; j < bn && !found; j++)
            found = bm[j].kind == c->mv[i].kind && bm[j].side.pass == c->mv[i].side.pass &&
                    bm[j].side.heap == c->mv[i].side.heap && mpz_cmp_ui(bm[j].x, c->mv[i].x) == 0 &&
                    mpz_cmp_ui(bm[j].y, c->mv[i].y) == 0;
        same = found;
    }
    if (!same || !method || !method[0]) {
        char want[600] = "", got[600] = "";
        size_t k = 0;
        static const char *kn[] = {"row", "col", "diag", "mod", "heap", "pass"};
        for (size_t i = 0; i < ne && k + 60 < sizeof want; i++)
            k += (size_t)snprintf(want + k, sizeof want - k, " %s(%u,%u;%u,%u)", kn[c->mv[i].kind], c->mv[i].x,
                                  c->mv[i].y, c->mv[i].side.pass, c->mv[i].side.heap);
        k = 0;
        for (size_t j = 0; j < bn && k + 60 < sizeof got; j++)
            k += (size_t)gmp_snprintf(got + k, sizeof got - k, " %s(%Zd,%Zd;%u,%u)",
                                      bm[j].kind <= WY_MOVE_PASS ? kn[bm[j].kind] : "?", bm[j].x, bm[j].y,
                                      bm[j].side.pass, bm[j].side.heap);
        tk_fail(&c->g2, "%s (%u,%u) pass %u heap %u: table's winning moves {%s } (%zu), exact's {%s } (%zu) [%s]",
                rc->text, x, y, s.pass, s.heap, want, ne, got, bn, method ? method : "no method");
    } else {
        c->g2o.cases++;
        for (size_t i = 0; i < ne; i++) {
            if (bm[i].kind != c->mv[i].kind || mpz_cmp_ui(bm[i].x, c->mv[i].x) != 0 ||
                mpz_cmp_ui(bm[i].y, c->mv[i].y) != 0 || bm[i].side.heap != c->mv[i].side.heap ||
                bm[i].side.pass != c->mv[i].side.pass) {
                gmp_snprintf(c->err, sizeof c->err, "move %zu is (%Zd,%Zd) kind %d, wy_moves_list's is (%u,%u) kind %d",
                             i, bm[i].x, bm[i].y, (int)bm[i].kind, c->mv[i].x, c->mv[i].y, (int)c->mv[i].kind);
                if (c->g2o.failed < 2) /* one cause shows everywhere: two examples per ruleset */
                    tk_fail(&c->g2o, "%s (%u,%u) pass %u heap %u: same winning moves, other order than wy_moves_list: %s",
                            rc->text, x, y, s.pass, s.heap, c->err);
                else
                    c->g2o.failed++;
                break;
            }
        }
    }
    wy_bigmoves_free(bm, bn);
}

/* Group 5: P-positions (a <= b) of the table's window, from X on. */
static void ppos_check(ctx *c, const rcase *rc, wy_exact *e, const wy_table *t, uint32_t w, wy_side s,
                       unsigned long *nlists)
{
    /* the table's P-positions a <= b < w, in order */
    uint32_t *ta = malloc((size_t)w * 2 * sizeof *ta), nt = 0;
    for (uint32_t a = 0; a < w; a++)
        for (uint32_t b = a; b < w; b++)
            if (wy_table_get(t, a, b, s) == 0) {
                ta[2 * nt] = a;
                ta[2 * nt + 1] = b;
                nt++;
            }
    const size_t k = (size_t)2 * w + 8;
    mpz_t *pa = malloc(k * sizeof *pa), *pb = malloc(k * sizeof *pb), *pi = malloc(k * sizeof *pi), from;
    for (size_t i = 0; i < k; i++)
        mpz_inits(pa[i], pb[i], pi[i], NULL);
    mpz_init(from);
    int in_mask = s.heap == 0 && ((rc->ppos_mask >> s.pass) & 1);
    uint32_t xs[80], nx = 0;
    for (uint32_t X = 0; X <= 24; X++)
        xs[nx++] = X;
    while (nx < 80)
        xs[nx++] = tk_rng_range(&c->rng, 25, w - 1);
    for (uint32_t q = 0; q < nx; q++) {
        uint32_t X = xs[q];
        mpz_set_ui(from, X);
        size_t got = 0;
        c->g5.cases++;
        c->err[0] = 0;
        /* wy_eval_ppos: the closed-form sequences, else the layer engine or
         * the periodic rows of max=N (every ruleset of this test but some
         * with mod=M, where it may refuse) */
        wy_status st = wy_eval_ppos(e, pa, pb, pi, k, &got, from, s, 0, NULL, c->err, sizeof c->err);
        if (st == WY_EUNDECIDED && !in_mask && strstr(rc->text, "mod="))
            break; /* no method here: accepted */
        if (st != WY_OK) {
            tk_fail(&c->g5, "%s pass %u heap %u from %u: status %d (%s)", rc->text, s.pass, s.heap, X, (int)st, c->err);
            break;
        }
        (*nlists)++;
        /* the listed ones with b < w must be the table's with a >= X */
        uint32_t ti = 0;
        while (ti < nt && ta[2 * ti] < X)
            ti++;
        int covered = got < k; /* a finite set ended */
        for (size_t i = 0; i < got; i++) {
            if (mpz_cmp_ui(pa[i], X) < 0 || mpz_cmp(pa[i], pb[i]) > 0 ||
                (i > 0 && (mpz_cmp(pa[i], pa[i - 1]) < 0 ||
                           (mpz_cmp(pa[i], pa[i - 1]) == 0 && mpz_cmp(pb[i], pb[i - 1]) <= 0)))) {
                gmp_snprintf(c->err, sizeof c->err, "entry %zu (%Zd,%Zd) is out of order or below from", i, pa[i],
                             pb[i]);
                tk_fail(&c->g5, "%s pass %u heap %u from %u: %s", rc->text, s.pass, s.heap, X, c->err);
                goto next;
            }
            if (mpz_cmp_ui(pa[i], w) >= 0) {
                covered = 1;
                break;
            }
            if (mpz_cmp_ui(pb[i], w) >= 0)
                continue;
            uint32_t a = (uint32_t)mpz_get_ui(pa[i]), b = (uint32_t)mpz_get_ui(pb[i]);
            if (ti >= nt || ta[2 * ti] != a || ta[2 * ti + 1] != b) {
                if (ti < nt)
                    tk_fail(&c->g5, "%s pass %u heap %u from %u: listed (%u,%u) [entry %zu] where the table's next "
                            "P-position is (%u,%u)", rc->text, s.pass, s.heap, X, a, b, i, ta[2 * ti], ta[2 * ti + 1]);
                else
                    tk_fail(&c->g5, "%s pass %u heap %u from %u: listed (%u,%u) [entry %zu], not a P-position of the "
                            "table", rc->text, s.pass, s.heap, X, a, b, i);
                goto next;
            }
            ti++;
        }
        if (!covered) {
            tk_fail(&c->g5, "%s pass %u heap %u from %u: %zu entries do not reach a >= %u", rc->text, s.pass, s.heap, X,
                    got, w);
        } else if (ti < nt) {
            tk_fail(&c->g5, "%s pass %u heap %u from %u: the table's P-position (%u,%u) is missing from the list",
                    rc->text, s.pass, s.heap, X, ta[2 * ti], ta[2 * ti + 1]);
        } else if (X == 0 && (strcmp(rc->text, "wythoff") == 0 || strncmp(rc->text, "wythoff+mod=", 12) == 0)) {
            /* the index is the pair's n: (a, b) = (floor(n phi), floor(n phi) + n) */
            for (size_t i = 0; i < got; i++) {
                if (mpz_fits_ulong_p(pi[i]) && mpz_cmp_ui(pa[i], lower64(mpz_get_ui(pi[i]))) == 0) {
                    mpz_sub(from, pb[i], pa[i]);
                    if (mpz_cmp(from, pi[i]) == 0)
                        continue;
                }
                gmp_snprintf(c->err, sizeof c->err, "entry %zu (%Zd,%Zd) has index %Zd", i, pa[i], pb[i], pi[i]);
                tk_fail(&c->g5, "%s: %s", rc->text, c->err);
                break;
            }
        }
    next:;
    }
    for (size_t i = 0; i < k; i++)
        mpz_clears(pa[i], pb[i], pi[i], NULL);
    mpz_clear(from);
    free(pa);
    free(pb);
    free(pi);
    free(ta);
}

static void huge_case(ctx *c, const rcase *rc, const wy_rules *r, wy_exact *e);
static void closed_case(ctx *c, const rcase *rc, const wy_rules *r, wy_exact *e);

/* Unless WY_TEST_BIG=1, the rulesets that repeat another one's family with
 * another parameter are left out (every family and its code paths still run:
 * max=1, 3, 1000 and nim+max=1, 3, 31 (31 also with a pass), mod=1, 3, 13
 * and the combinations; wythoff+max=31's 46-row strip, seconds, is BIG's). */
static int family_repeat(const char *text)
{
    static const char *rep[] = {"wythoff+max=2", "wythoff+max=4", "wythoff+max=5", "wythoff+max=6", "wythoff+max=7",
                                "wythoff+max=8", "wythoff+max=13", "wythoff+max=31", "nim+max=2", "wythoff+mod=2",
                                "wythoff+mod=4", "wythoff+mod=5", "wythoff+mod=7", "wythoff+mod=10"};
    for (size_t i = 0; i < sizeof rep / sizeof rep[0]; i++)
        if (strcmp(text, rep[i]) == 0)
            return 1;
    return 0;
}

/* Under the sanitizers also the rulesets whose strips or certificates take
 * seconds there: the 46-row strips of a wide max=N (max=31 still runs as
 * nim+max=31), wythoff+max=3+pass's certificate (max=3 with a pass runs as
 * nim+max=3+pass, the certificate as wythoff+max=3), and wythoff+pass=2,
 * whose winning moves build wythoff+pass's 46-row strip (p passes as p mod 2
 * run as nim+pass=3). */
static int san_heavy(const char *text)
{
    static const char *heavy[] = {"wythoff+max=31", "nim+max=31+pass", "wythoff+max=3+pass", "wythoff+pass=2"};
    for (size_t i = 0; i < sizeof heavy / sizeof heavy[0]; i++)
        if (strcmp(text, heavy[i]) == 0)
            return 1;
    return 0;
}

/* Groups 1, 2, 5, 7 for one ruleset. */
static void run_case(ctx *c, const rcase *rc)
{
    double t0 = now_s();
    wy_rules r;
    if (wy_rules_parse(&r, rc->text, c->err, sizeof c->err) != WY_OK) {
        check(0, rc->text, c->err);
        return;
    }
    wy_exact *e = NULL;
    wy_table *t = NULL, *ts = NULL;
    wy_side top = wy_side_start(&r);
    if (wy_exact_new(&e, &r, 0, c->err, sizeof c->err) != WY_OK) {
        char name[160];
        snprintf(name, sizeof name, "wy_exact_new %s", rc->text);
        check(0, name, c->err);
        return;
    }
    uint32_t w = rc->w;
    if (san && w > 120)
        w = 120;
    else if (!big_sizes && w > 300)
        w = 300; /* rows 256..299 still reach past the rows proved on demand (DEMAND_ROWS) */
    c->cap = strip_cap(rc, &r);
    if (wy_table_compute(&t, &r, w, w, top, 0, c->err, sizeof c->err) != WY_OK) {
        check(0, rc->text, c->err);
        wy_exact_free(e);
        return;
    }
    uint32_t sc = rc->strip_cols;
    if (sc > 8192 && !big_sizes)
        sc = 8192;
    if (san && sc > 2048)
        sc = 2048;
    if (sc && wy_table_compute(&ts, &r, STRIP_ROWS, sc, top, 0, c->err, sizeof c->err) != WY_OK) {
        check(0, rc->text, c->err);
        sc = 0;
    }
    /* 1. every cell of the windows */
    tk_group g1 = {"exact-vs-table", 0, 0};
    counts cn = {0, 0, 0, NULL};
    unsigned long strip_cells = 0;
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t h = 0; h <= top.heap; h++) {
            wy_side s = {p, h};
            for (uint32_t x = 0; x < w; x++)
                for (uint32_t y = 0; y < w; y++)
                    if (!left_out(c, x, y))
                        cell(c, &g1, rc, e, t, 0, x, y, s, &cn);
            if (!sc)
                continue;
            /* rows 0..45: every cell up to 1536 (1024) columns, both orientations,
             * then random cells up to sc */
            uint32_t full = big_sizes && sc > 4096 ? 1536 : 1024;
            if (san)
                full = w + 200;
            for (uint32_t x = 0; x < c->cap; x++)
                for (uint32_t y = w; y < full; y++) {
                    cell(c, &g1, rc, e, ts, 0, x, y, s, &cn);
                    cell(c, &g1, rc, e, ts, 1, y, x, s, &cn);
                    strip_cells += 2;
                }
            unsigned long nr = (sc > 4096 ? 12000 : 6000) * c->iters / (san ? 10 : big_sizes ? 1 : 3);
            for (unsigned long i = 0; i < nr && sc > full; i++) {
                uint32_t x = tk_rng_range(&c->rng, 0, c->cap - 1), y = tk_rng_range(&c->rng, full, sc - 1);
                if (i & 1)
                    cell(c, &g1, rc, e, ts, 1, y, x, s, &cn);
                else
                    cell(c, &g1, rc, e, ts, 0, x, y, s, &cn);
                strip_cells++;
            }
        }
    if (getenv("WY_EXACT_TIMES"))
        printf("  [%s %s at %.2f s]\n", rc->text, "huge-rows", now_s() - t0);
    /* rows 0..prows-1 at huge y: the proved row periods carry the strip
     * window's values there (G(x, y + k p) = G(x, y) + k p shift / period) */
    unsigned long huge_rows = 0;
    uint32_t prows = rc->prows < c->cap ? rc->prows : c->cap;
    if (san && prows > 16)
        prows = 16; /* the proof of 46 rows takes seconds under ASan */
    if (sc && prows) {
        wy_row_periods rp;
        if (wy_row_periods_compute(&rp, &r, prows, (uint64_t)1 << 17, 0, c->err, sizeof c->err) != WY_OK) {
            tk_fail(&g1, "%s: wy_row_periods_compute(%u rows): %s", rc->text, prows, c->err);
        } else {
            mpz_t k, d;
            mpz_inits(k, d, NULL);
            for (uint32_t p = 0; p < rp.layers; p++)
                for (uint32_t x = 0; x < rp.rows; x++) {
                    const uint64_t per = rp.row_period[p * rp.rows + x], pre = rp.row_pre[p * rp.rows + x];
                    for (int rep = 0; rep < 4; rep++) {
                        uint64_t y0 = (pre > w ? pre : w) + tk_rng_range(&c->rng, 0, (uint32_t)(per < 1000 ? per : 1000));
                        if (y0 >= sc)
                            continue;
                        wy_side s = {p, 0};
                        uint32_t v = wy_table_get(ts, x, (uint32_t)y0, s);
                        random_digits(k, c->rs, 15 + tk_rng_range(&c->rng, 0, 25));
                        mpz_mul_ui(d, k, per); /* y = y0 + k per */
                        mpz_add_ui(c->y, d, y0);
                        mpz_mul_ui(d, d, rp.shift);
                        mpz_fdiv_q_ui(d, d, rp.period);
                        mpz_add_ui(d, d, v); /* the value there */
                        mpz_set_ui(c->x, x);
                        for (int tr = 0; tr < 2; tr++) {
                            if (tr)
                                mpz_swap(c->x, c->y);
                            g1.cases++;
                            huge_rows++;
                            wy_status st = wy_exact_eval(e, &c->ans, c->x, c->y, s, c->err, sizeof c->err);
                            int ok = st == WY_OK && c->ans.outcome == (mpz_sgn(d) ? 'N' : 'P') &&
                                     (!c->ans.has_value || mpz_cmp(c->ans.value, d) == 0);
                            if (!ok) {
                                char *got = st == WY_OK ? mpz_get_str(NULL, 10, c->ans.value) : NULL;
                                gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u: row %u has period %llu from "
                                             "%llu (wy_row_periods_compute), G(%u,%llu) = %u, so the value is %Zd; "
                                             "exact: status %d outcome %c value %s [%s]",
                                             rc->text, c->x, c->y, p, x, (unsigned long long)per,
                                             (unsigned long long)pre, x, (unsigned long long)y0, v, d, (int)st,
                                             st == WY_OK ? c->ans.outcome : '?',
                                             st == WY_OK && c->ans.has_value ? got : "-",
                                             st == WY_OK ? c->ans.method : "");
                                tk_fail(&g1, "%s", c->err);
                                free(got);
                            } else if (c->ans.has_value) {
                                cn.value++;
                            } else {
                                cn.outcome++;
                            }
                        }
                    }
                }
            mpz_clears(k, d, NULL);
            wy_row_periods_clear(&rp);
        }
    }
    char hlabel[120] = "";
    if (huge_rows)
        snprintf(hlabel, sizeof hlabel, ", %lu at y of 15-40 digits in rows 0..%u by their proved periods", huge_rows,
                 prows - 1);
    char label[1200], slabel[80] = "";
    if (sc)
        snprintf(slabel, sizeof slabel, " + rows 0..%u x columns to %u", c->cap - 1, sc);
    snprintf(label, sizeof label,
             "%s: %ux%u window%s%s, %lu cells (%lu in rows 0..%u beyond the window%s): %lu with value, %lu outcome "
             "only, %lu refused%s%s",
             rc->text, w, w, c->cap < STRIP_ROWS ? " (rows 16..45 only up to column 63)" : "", slabel, g1.cases,
             strip_cells, c->cap - 1, hlabel, cn.value, cn.outcome, cn.refused, cn.refused ? " - accepted: " : "",
             cn.refused ? cn.last_reason : "");
    group_end(&g1, label);
    c->g1.cases += g1.cases;
    c->g1.failed += g1.failed;

    if (getenv("WY_EXACT_TIMES"))
        printf("  [%s %s at %.2f s]\n", rc->text, "win", now_s() - t0);
    /* 2. winning moves */
    tk_group g2save = c->g2, g2osave = c->g2o;
    c->g2.cases = c->g2.failed = 0;
    c->g2o.cases = c->g2o.failed = 0;
    unsigned long nref = 0, nok = 0;
    unsigned long nrand = (strstr(rc->text, "mod=") ? 300 : 1000) * c->iters / (san ? 10 : big_sizes ? 1 : 2);
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t h = 0; h <= top.heap; h++) {
            wy_side s = {p, h};
            /* every position up to 100 (80 by default, 48 under the
             * sanitizers: mod=M lists O(x y) options per position); the
             * random ones reach past the small table (SMALL) */
            uint32_t sm = big_sizes ? 100 : san ? 48 : 80;
            if (sm > w)
                sm = w;
            for (uint32_t x = 0; x < sm; x++)
                for (uint32_t y = 0; y < sm; y++)
                    if (!left_out(c, x, y))
                        win(c, rc, &r, e, t, 0, x, y, s, &nref, &nok);
            for (unsigned long i = 0; i < nrand; i++) {
                uint32_t x = tk_rng_range(&c->rng, 0, w - 1), y = tk_rng_range(&c->rng, SMALL, w - 1);
                if (left_out(c, x, y))
                    continue;
                if (i & 1)
                    win(c, rc, &r, e, t, 0, y, x, s, &nref, &nok);
                else
                    win(c, rc, &r, e, t, 0, x, y, s, &nref, &nok);
            }
            for (unsigned long i = 0; sc && i < nrand / 2; i++) {
                uint32_t x = tk_rng_range(&c->rng, 0, c->cap - 1), y = tk_rng_range(&c->rng, w, sc - 1);
                if (i & 1)
                    win(c, rc, &r, e, ts, 1, y, x, s, &nref, &nok);
                else
                    win(c, rc, &r, e, ts, 0, x, y, s, &nref, &nok);
            }
        }
    snprintf(label, sizeof label, "%s: %lu positions, %lu answered, %lu refused", rc->text, c->g2.cases, nok, nref);
    tk_group g2 = c->g2;
    g2.name = "winning-moves-vs-table";
    group_end(&g2, label);
    if (c->g2o.failed) {
        tk_group g2o = c->g2o;
        g2o.name = "winning-moves-order";
        snprintf(label, sizeof label, "%s: %lu answered positions with the right set", rc->text, c->g2o.cases);
        group_end(&g2o, label);
    }
    c->g2.cases += g2save.cases;
    c->g2.failed += g2save.failed;
    c->g2o.cases += g2osave.cases;
    c->g2o.failed += g2osave.failed;

    if (getenv("WY_EXACT_TIMES"))
        printf("  [%s %s at %.2f s]\n", rc->text, "ppos", now_s() - t0);
    /* 5. P-positions along the sequence */
    if (rc->ppos_mask) {
        tk_group g5save = c->g5;
        c->g5.cases = c->g5.failed = 0;
        unsigned long nl = 0;
        for (uint32_t p = 0; p <= top.pass; p++)
            for (uint32_t h = 0; h <= top.heap; h++)
                ppos_check(c, rc, e, t, w, (wy_side){p, h}, &nl);
        tk_group g5 = c->g5;
        g5.name = "ppos-vs-table";
        snprintf(label, sizeof label, "%s: %lu lists from X = 0..24 and random X, each checked up to a, b < %u",
                 rc->text, nl, w);
        group_end(&g5, label);
        c->g5.cases += g5save.cases;
        c->g5.failed += g5save.failed;
    }
    if (getenv("WY_EXACT_TIMES"))
        printf("  [%s %s at %.2f s]\n", rc->text, "g7", now_s() - t0);
    /* 7. consistency at huge positions (with this evaluator: strips built once) */
    huge_case(c, rc, &r, e);
    if (getenv("WY_EXACT_TIMES"))
        printf("  [%s %s at %.2f s]\n", rc->text, "g8", now_s() - t0);
    /* 8. complete answers at huge positions from independent closed forms */
    closed_case(c, rc, &r, e);
    keep_table(rc->text, t, w, w);
    if (ts)
        keep_table(rc->text, ts, STRIP_ROWS, sc);
    wy_exact_free(e);
    if (getenv("WY_EXACT_TIMES"))
        printf("  (%s: %.2f s)\n", rc->text, now_s() - t0);
}

/* ------------------------------------------------------------------ */
/* Group 7: consistency at huge positions                               */
/* ------------------------------------------------------------------ */

/* Is (tx, ty, ts) reached from (x, y, s) by one move of kind k? */
static int legal_move(const wy_rules *r, const mpz_t x, const mpz_t y, wy_side s, wy_move_kind k, const mpz_t tx,
                      const mpz_t ty, wy_side ts, mpz_t dx, mpz_t dy)
{
    mpz_sub(dx, x, tx);
    mpz_sub(dy, y, ty);
    int same_side = ts.pass == s.pass && ts.heap == s.heap;
    int cx = mpz_sgn(dx) == 0, cy = mpz_sgn(dy) == 0;
    unsigned long N = r->max;
    switch (k) {
    case WY_MOVE_COL:
        return same_side && cy && mpz_sgn(dx) > 0 && (!N || mpz_cmp_ui(dx, N) <= 0);
    case WY_MOVE_ROW:
        return same_side && cx && mpz_sgn(dy) > 0 && (!N || mpz_cmp_ui(dy, N) <= 0);
    case WY_MOVE_DIAG:
        return same_side && r->game == WY_GAME_WYTHOFF && mpz_sgn(dx) > 0 && mpz_cmp(dx, dy) == 0 &&
               (!N || mpz_cmp_ui(dx, N) <= 0);
    case WY_MOVE_MOD:
        if (!same_side || !r->mod || mpz_sgn(dx) <= 0 || mpz_sgn(dy) <= 0 || mpz_cmp(dx, dy) == 0 ||
            (N && (mpz_cmp_ui(dx, N) > 0 || mpz_cmp_ui(dy, N) > 0)))
            return 0;
        mpz_sub(dx, dx, dy);
        return mpz_divisible_ui_p(dx, r->mod);
    case WY_MOVE_HEAP:
        return cx && cy && ts.pass == s.pass && ts.heap < s.heap;
    case WY_MOVE_PASS:
        return cx && cy && s.pass > 0 && ts.pass == s.pass - 1 && ts.heap == s.heap;
    }
    return 0;
}

typedef struct bopt_s {
    wy_move_kind kind;
    mpz_t x, y;
    wy_side side;
} bopt;

/* Every option of a huge position under bounded rules (max = N, no mod),
 * in wy_moves_list's order: column, row, diagonal (nearer first), heap,
 * pass.  Returns the count (at most 3N + heap + 1). */
static size_t bounded_options(bopt *o, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side s)
{
    size_t n = 0;
    for (int kind = 0; kind < 3; kind++) {
        wy_move_kind k = kind == 0 ? WY_MOVE_COL : kind == 1 ? WY_MOVE_ROW : WY_MOVE_DIAG;
        if (k == WY_MOVE_DIAG && r->game != WY_GAME_WYTHOFF)
            break;
        for (unsigned long a = 1; a <= r->max; a++) {
            if ((k != WY_MOVE_ROW && mpz_cmp_ui(x, a) < 0) || (k != WY_MOVE_COL && mpz_cmp_ui(y, a) < 0))
                break;
            o[n].kind = k;
            o[n].side = s;
            mpz_set(o[n].x, x);
            mpz_set(o[n].y, y);
            if (k != WY_MOVE_ROW)
                mpz_sub_ui(o[n].x, x, a);
            if (k != WY_MOVE_COL)
                mpz_sub_ui(o[n].y, y, a);
            n++;
        }
    }
    for (uint32_t h = s.heap; h-- > 0;) {
        o[n].kind = WY_MOVE_HEAP;
        o[n].side = (wy_side){s.pass, h};
        mpz_set(o[n].x, x);
        mpz_set(o[n].y, y);
        n++;
    }
    if (s.pass > 0) {
        o[n].kind = WY_MOVE_PASS;
        o[n].side = (wy_side){s.pass - 1, s.heap};
        mpz_set(o[n].x, x);
        mpz_set(o[n].y, y);
        n++;
    }
    return n;
}

/* A random huge test position of one of several shapes. */
static void huge_position(const ctx *c, mpz_t x, mpz_t y, gmp_randstate_t rs, fibs_t *F, int shape, mpz_t t)
{
    unsigned long d = 20 + gmp_urandomm_ui(rs, 20);
    random_digits(t, rs, d);
    switch (shape) {
    case 0: /* anywhere */
        mpz_set(x, t);
        random_digits(y, rs, 20 + gmp_urandomm_ui(rs, 20));
        break;
    case 1: /* near a Wythoff pair */
        zeck_lower(x, F, t);
        mpz_add(y, x, t);
        mpz_add_ui(x, x, gmp_urandomm_ui(rs, 8));
        mpz_add_ui(y, y, gmp_urandomm_ui(rs, 10));
        mpz_sub_ui(x, x, 3);
        mpz_sub_ui(y, y, 4);
        break;
    case 2: /* a strip row */
        mpz_set_ui(x, strip_row(c, rs));
        mpz_set(y, t);
        break;
    default: /* near the diagonal */
        mpz_set(x, t);
        mpz_add_ui(y, t, gmp_urandomm_ui(rs, 12));
        break;
    }
    if (gmp_urandomm_ui(rs, 2))
        mpz_swap(x, y);
}

/* The engine's answers at huge positions agree with themselves: a P-position
 * has no winning move, every winning move is legal and reaches a position the
 * engine calls P; under bounded rules every option can be listed, so the
 * outcome (P iff no option is P), the value (mex of the options' values) and
 * the exact set of winning moves are checked. */
static void huge_case(ctx *c, const rcase *rc, const wy_rules *r, wy_exact *e)
{
    mpz_ptr x = c->hx, y = c->hy, t = c->ht, dx = c->hdx, dy = c->hdy;
    const int bounded = r->max && !r->mod;
    const size_t need = 3 * (size_t)r->max + r->heap + 2; /* options of a position, at most */
    if (bounded && need > c->ocap) {
        c->o = realloc(c->o, need * sizeof *c->o);
        c->seen = realloc(c->seen, need + 1);
        for (size_t i = c->ocap; i < need; i++)
            mpz_inits(c->o[i].x, c->o[i].y, NULL);
        c->ocap = need;
    }
    bopt *o = c->o;
    wy_side top = wy_side_start(r);
    unsigned long per = 40 * c->iters / (san ? 4 : 1);
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t hh = 0; hh <= top.heap; hh++) {
            wy_side s = {p, hh};
            for (unsigned long i = 0; i < per; i++) {
                huge_position(c, x, y, c->rs, c->F, (int)(i % 4), t);
                c->g7.cases++;
                c->err[0] = 0;
                wy_status st = wy_exact_eval(e, &c->ans, x, y, s, c->err, sizeof c->err);
                if (st == WY_EUNDECIDED) {
                    c->h_nref++;
                    if (!c->err[0])
                        tk_fail(&c->g7, "%s (%s) pass %u heap %u: refused without a message", rc->text,
                                mpz_get_str(c->err, 10, x), p, hh);
                    continue;
                }
                if (st != WY_OK) {
                    gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: status %d", rc->text, x, y, p,
                                 hh, (int)st);
                    tk_fail(&c->g7, "%s", c->err);
                    continue;
                }
                const char outc = c->ans.outcome;
                const int hv = c->ans.has_value;
                unsigned long val = hv && mpz_fits_ulong_p(c->ans.value) ? mpz_get_ui(c->ans.value) : ~0ul;
                if (hv)
                    c->h_nv++;
                else
                    c->h_nout++;
                if (hv && (mpz_sgn(c->ans.value) == 0) != (outc == 'P')) {
                    gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: value %Zd with outcome %c",
                                 rc->text, x, y, p, hh, c->ans.value, outc);
                    tk_fail(&c->g7, "%s", c->err);
                }
                wy_bigmove *bm = NULL;
                size_t bn = 0;
                const char *method = NULL;
                char werr[WY_ERRLEN] = "";
                wy_status ws = wy_exact_winning(e, &bm, &bn, &method, x, y, s, werr, sizeof werr);
                if (ws == WY_OK) {
                    c->h_nwin++;
                    if ((outc == 'P') != (bn == 0)) {
                        gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: outcome %c but %zu "
                                     "winning moves", rc->text, x, y, p, hh, outc, bn);
                        tk_fail(&c->g7, "%s", c->err);
                    }
                    for (size_t j = 0; j < bn; j++) {
                        int legal = legal_move(r, x, y, s, bm[j].kind, bm[j].x, bm[j].y, bm[j].side, dx, dy);
                        wy_status ts = wy_exact_eval(e, &c->a2, bm[j].x, bm[j].y, bm[j].side, NULL, 0);
                        if (!legal || ts != WY_OK || c->a2.outcome != 'P') {
                            gmp_snprintf(c->err, sizeof c->err,
                                         "%s (%Zd,%Zd) pass %u heap %u: winning move %zu kind %d to (%Zd,%Zd) pass "
                                         "%u heap %u is %s, target status %d outcome %c",
                                         rc->text, x, y, p, hh, j, (int)bm[j].kind, bm[j].x, bm[j].y,
                                         bm[j].side.pass, bm[j].side.heap, legal ? "legal" : "ILLEGAL", (int)ts,
                                         ts == WY_OK ? c->a2.outcome : '?');
                            tk_fail(&c->g7, "%s", c->err);
                            break;
                        }
                    }
                } else if (ws == WY_EUNDECIDED) {
                    c->h_nwref++;
                    if (!werr[0])
                        tk_fail(&c->g7, "%s pass %u heap %u: winning moves refused without a message", rc->text, p, hh);
                } else {
                    tk_fail(&c->g7, "%s pass %u heap %u: winning moves status %d (%s)", rc->text, p, hh, (int)ws, werr);
                }
                if (bounded) {
                    /* every option: outcome rule, mex rule, the exact winning set */
                    size_t no = bounded_options(o, r, x, y, s);
                    int all = 1, allv = 1, anyp = 0;
                    unsigned char *seen = c->seen;
                    const size_t nseen = c->ocap + 1; /* the mex is at most the number of options */
                    memset(seen, 0, nseen);
                    size_t np = 0;
                    for (size_t j = 0; j < no && all; j++) {
                        wy_status ts = wy_exact_eval(e, &c->a2, o[j].x, o[j].y, o[j].side, NULL, 0);
                        if (ts != WY_OK) {
                            all = 0;
                            break;
                        }
                        if (c->a2.outcome == 'P') {
                            anyp = 1;
                            o[np].kind = o[j].kind;
                            o[np].side = o[j].side;
                            mpz_set(o[np].x, o[j].x);
                            mpz_set(o[np].y, o[j].y);
                            np++; /* j >= np: compacting in place is safe */
                        }
                        if (!c->a2.has_value)
                            allv = 0;
                        else if (mpz_cmp_ui(c->a2.value, nseen) < 0)
                            seen[mpz_get_ui(c->a2.value)] = 1;
                    }
                    if (!all)
                        goto done;
                    if ((outc == 'P') == anyp) {
                        gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: outcome %c but %s option "
                                     "is P", rc->text, x, y, p, hh, outc, anyp ? "an" : "no");
                        tk_fail(&c->g7, "%s", c->err);
                    }
                    if (hv && allv) {
                        unsigned long mex = 0;
                        while (mex < nseen && seen[mex])
                            mex++;
                        c->h_nmex++;
                        if (mex != val) {
                            gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: value %lu, mex of "
                                         "the options' values %lu", rc->text, x, y, p, hh, val, mex);
                            tk_fail(&c->g7, "%s", c->err);
                        }
                    }
                    if (ws == WY_OK) {
                        int same = bn == np, inorder = same;
                        for (size_t j = 0; j < np && same; j++) {
                            int found = 0;
                            for (size_t q = 0; q < bn && !found; q++)
                                found = bm[q].kind == o[j].kind && mpz_cmp(bm[q].x, o[j].x) == 0 &&
                                        mpz_cmp(bm[q].y, o[j].y) == 0 && bm[q].side.pass == o[j].side.pass &&
                                        bm[q].side.heap == o[j].side.heap;
                            same = found;
                            inorder = inorder && bm[j].kind == o[j].kind && mpz_cmp(bm[j].x, o[j].x) == 0 &&
                                      mpz_cmp(bm[j].y, o[j].y) == 0;
                        }
                        if (!same) {
                            gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: %zu winning moves, "
                                         "%zu options are P", rc->text, x, y, p, hh, bn, np);
                            tk_fail(&c->g7, "%s", c->err);
                        } else {
                            c->g7o.cases++;
                            if (!inorder && c->g7o.failed < 3) {
                                gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: winning moves "
                                             "not in wy_moves_list's order (column, row, diagonal)",
                                             rc->text, x, y, p, hh);
                                tk_fail(&c->g7o, "%s", c->err);
                            } else if (!inorder) {
                                c->g7o.failed++;
                            }
                        }
                    }
                }
            done:
                wy_bigmoves_free(bm, bn);
            }
        }
}

static void group7_end(ctx *c)
{
    char label[400];
    snprintf(label, sizeof label,
             "20-40 digit positions (anywhere, near Wythoff pairs, rows 0..69, near the diagonal), every ruleset and "
             "side: %lu with value, %lu outcome only, %lu refused; winning moves %lu answered, %lu refused; mex "
             "rule checked at %lu bounded positions",
             c->h_nv, c->h_nout, c->h_nref, c->h_nwin, c->h_nwref, c->h_nmex);
    group_end(&c->g7, label);
    if (c->g7o.cases) {
        snprintf(label, sizeof label, "%lu positions with the right set", c->g7o.cases);
        group_end(&c->g7o, label);
    }
}

/* ------------------------------------------------------------------ */
/* Group 8: complete answers at huge positions, from closed forms       */
/* computed here independently (Zeckendorf, no square roots)            */
/* ------------------------------------------------------------------ */

/* Zeckendorf facts (F_2 = 1, F_3 = 2, ...): c >= 1 is a lower Wythoff number
 * a_n iff the smallest index of its representation is even, and then
 * n = sum F_(k_i - 1); an upper one c = b_n has a_n = sum F_(k_i - 1). */
static int zeck_down(mpz_t down, fibs_t *F, const mpz_t c)
{
    mpz_set_ui(down, 0);
    if (mpz_sgn(c) == 0)
        return 2;
    fib_ensure(F, c);
    mpz_t r;
    mpz_init_set(r, c);
    size_t k = F->n - 1, kmin = 0;
    while (mpz_sgn(r) > 0) {
        while (mpz_cmp(F->f[k], r) > 0)
            k--;
        mpz_sub(r, r, F->f[k]);
        mpz_add(down, down, F->f[k - 1]);
        kmin = k;
        k -= 2;
    }
    mpz_clear(r);
    return kmin % 2 == 0 ? 0 : 1;
}

/* The other member of c's Wythoff pair (0 for 0). */
static void zpartner(mpz_t p, fibs_t *F, const mpz_t c)
{
    mpz_t d;
    mpz_init(d);
    int cls = zeck_down(d, F, c);
    if (cls == 0)
        mpz_add(p, c, d); /* b_n = a_n + n */
    else
        mpz_set(p, d); /* a_n (or 0) */
    mpz_clear(d);
}

/* Paper 001's g(n) by its Hofstadter form, h(m) = floor((m + 1) / phi) =
 * floor((m + 1) phi) - (m + 1). */
static int g_hof_big(fibs_t *F, const mpz_t n0)
{
    mpz_t n, m, h1, h2;
    mpz_inits(n, m, h1, h2, NULL);
    mpz_set(n, n0);
    int flips = 0, base;
    for (;;) {
        if (mpz_cmp_ui(n, 1) <= 0) {
            base = mpz_sgn(n) == 0 ? 1 : 0;
            break;
        }
        mpz_set(m, n); /* h(n - 1) = floor(n phi) - n */
        zeck_lower(h1, F, m);
        mpz_sub(h1, h1, m);
        mpz_sub_ui(m, n, 1); /* h(n - 2) */
        zeck_lower(h2, F, m);
        mpz_sub(h2, h2, m);
        if (mpz_cmp(h2, h1) >= 0) {
            base = 1;
            break;
        }
        flips++;
        mpz_set(n, h1);
    }
    mpz_clears(n, m, h1, h2, NULL);
    return base ^ (flips & 1);
}

enum { F_WYT, F_NIM, F_NIMPASS1, F_MOD, F_T2, F_T2M, F_NONE };

/* The family of closed form that decides (ruleset, side), or F_NONE. */
static int family(const rcase *rc, const wy_rules *r, wy_side s)
{
    const char *t = rc->text;
    /* misere: beyond the small table (which the tests read from the table
     * engine) the P-positions are the normal ones, by M1 (a heap >= 2), M2
     * (E within x, y <= 2) and M5 (E1 within x, y <= 2, E0 within 1) */
    if (!strcmp(t, "wythoff") || !strcmp(t, "wythoff+pass") || !strcmp(t, "wythoff+heap=1") ||
        !strcmp(t, "wythoff+misere") || !strcmp(t, "wythoff+heap=1+misere"))
        return (s.pass == 0 && s.heap == 0) ? F_WYT : F_NONE;
    if (!strcmp(t, "nim") || !strcmp(t, "nim+heap=3") || !strcmp(t, "nim+misere") || !strcmp(t, "nim+heap=3+misere"))
        return s.heap == 0 ? F_NIM : F_NONE;
    if (!strcmp(t, "nim+pass") || !strcmp(t, "nim+pass+misere"))
        return s.pass ? F_NIMPASS1 : F_NIM;
    /* p passes left: the game of p mod 2 passes (two passes cancel: F8 of
     * docs/heap3.md for outcomes, docs/exact.md for values) */
    if (!strcmp(t, "nim+pass=3"))
        return s.pass % 2 ? F_NIMPASS1 : F_NIM;
    if (!strcmp(t, "wythoff+pass=2"))
        return s.pass % 2 ? F_NONE : F_WYT;
    if (!strcmp(t, "wythoff+terminal=2"))
        return F_T2;
    if (!strcmp(t, "wythoff+terminal=2+misere"))
        return F_T2M;
    if (r->mod && !r->max && !r->passes && !r->heap)
        return F_MOD;
    return F_NONE;
}

/* Is (x, y) a P-position of the family?  x, y < 64: the table engine's
 * small window `t`; otherwise the closed form. */
static int ind_is_p(int fam, const wy_rules *r, fibs_t *F, const wy_table *t, wy_side s, const mpz_t x, const mpz_t y)
{
    if (mpz_sgn(x) < 0 || mpz_sgn(y) < 0)
        return 0;
    if (mpz_cmp_ui(x, SMALL) < 0 && mpz_cmp_ui(y, SMALL) < 0)
        return wy_table_get(t, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), s) == 0;
    mpz_srcptr lo = mpz_cmp(x, y) <= 0 ? x : y, hi = lo == x ? y : x;
    mpz_t d, a;
    mpz_inits(d, a, NULL);
    mpz_sub(d, hi, lo);
    int p = 0;
    switch (fam) {
    case F_WYT:
    case F_T2M:
        zeck_lower(a, F, d);
        p = mpz_cmp(a, lo) == 0;
        break;
    case F_MOD:
        zeck_lower(a, F, d);
        p = mpz_cmp(a, lo) == 0 && mpz_cmp_ui(lo, r->mod) < 0;
        break;
    case F_NIM:
        p = mpz_sgn(d) == 0;
        break;
    case F_NIMPASS1:
        p = mpz_cmp_ui(d, 1) == 0 && mpz_odd_p(lo);
        break;
    case F_T2:
        if (mpz_sgn(d) > 0) {
            mpz_sub_ui(d, d, 1); /* n */
            zeck_lower(a, F, d);
            if (g_hof_big(F, d) == 0)
                mpz_sub_ui(a, a, 1);
            p = mpz_cmp(a, lo) == 0;
        }
        break;
    default:
        break;
    }
    mpz_clears(d, a, NULL);
    return p;
}

typedef struct {
    bopt *v;
    size_t n, cap;
} blist;

static void bl_add(blist *l, wy_move_kind k, const mpz_t x, const mpz_t y, wy_side s)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].kind == k && mpz_cmp(l->v[i].x, x) == 0 && mpz_cmp(l->v[i].y, y) == 0 &&
            l->v[i].side.pass == s.pass && l->v[i].side.heap == s.heap)
            return;
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 16;
        l->v = realloc(l->v, nc * sizeof *l->v);
        for (size_t i = l->cap; i < nc; i++)
            mpz_inits(l->v[i].x, l->v[i].y, NULL);
        l->cap = nc;
    }
    l->v[l->n].kind = k;
    l->v[l->n].side = s;
    mpz_set(l->v[l->n].x, x);
    mpz_set(l->v[l->n].y, y);
    l->n++;
}

static int rank_of(wy_move_kind k)
{
    static const int rank[] = {1, 0, 2, 3, 4, 5}; /* ROW, COL, DIAG, MOD, HEAP, PASS: wy_moves_list's order */
    return rank[k];
}

static int cmp_bopt(const void *pa, const void *pb)
{
    const bopt *a = pa, *b = pb;
    if (rank_of(a->kind) != rank_of(b->kind))
        return rank_of(a->kind) - rank_of(b->kind);
    int c = mpz_cmp(b->x, a->x);
    if (c)
        return c;
    c = mpz_cmp(b->y, a->y);
    if (c)
        return c;
    return (int)b->side.heap - (int)a->side.heap;
}

/* Every winning move of the huge position (x, y, s), from the family's
 * P-test over a generous set of candidate targets. */
static void ind_winning(blist *l, int fam, const wy_rules *r, fibs_t *F, const wy_table *t, wy_side s, const mpz_t x,
                        const mpz_t y)
{
    mpz_t c, p, tx, ty, dx, dy, d;
    mpz_inits(c, p, tx, ty, dx, dy, d, NULL);
    l->n = 0;
    /* lines: column moves (x changes, y fixed), then row moves */
    for (int line = 0; line < 2; line++) {
        mpz_srcptr fixed = line == 0 ? y : x, moving = line == 0 ? x : y;
        wy_move_kind k = line == 0 ? WY_MOVE_COL : WY_MOVE_ROW;
        /* candidates: partners of fixed - 1 .. fixed + 1, moved by -1 .. 1;
         * fixed itself and its neighbours (Nim); small ones if fixed is small */
        for (int dc = -1; dc <= 1; dc++) {
            mpz_set(c, fixed);
            if (dc < 0 && mpz_sgn(c) == 0)
                continue;
            if (dc < 0)
                mpz_sub_ui(c, c, 1);
            else
                mpz_add_ui(c, c, (unsigned long)dc);
            zpartner(p, F, c);
            for (int e2 = -1; e2 <= 1; e2++)
                for (int which = 0; which < 2; which++) {
                    mpz_set(d, which ? c : p);
                    if (e2 < 0)
                        mpz_sub_ui(d, d, 1);
                    else
                        mpz_add_ui(d, d, (unsigned long)e2);
                    if (mpz_sgn(d) < 0 || mpz_cmp(d, moving) >= 0)
                        continue;
                    mpz_set(tx, line == 0 ? d : x);
                    mpz_set(ty, line == 0 ? y : d);
                    if (ind_is_p(fam, r, F, t, s, tx, ty))
                        bl_add(l, k, tx, ty, s);
                }
        }
        if (mpz_cmp_ui(fixed, SMALL) < 0)
            for (unsigned long q = 0; q < SMALL && mpz_cmp_ui(moving, q) > 0; q++) {
                mpz_set_ui(d, q);
                mpz_set(tx, line == 0 ? d : x);
                mpz_set(ty, line == 0 ? y : d);
                if (ind_is_p(fam, r, F, t, s, tx, ty))
                    bl_add(l, k, tx, ty, s);
            }
    }
    /* diagonal (Wythoff families): targets with the same difference */
    if (r->game == WY_GAME_WYTHOFF) {
        mpz_sub(d, y, x); /* target (tx, tx + d) */
        for (int dd = -1; dd <= 1; dd++) {
            mpz_abs(c, d);
            if (dd < 0 && mpz_sgn(c) == 0)
                continue;
            if (dd < 0)
                mpz_sub_ui(c, c, 1);
            else
                mpz_add_ui(c, c, (unsigned long)dd);
            zeck_lower(p, F, c); /* a_|d|+dd */
            for (int e2 = -1; e2 <= 1; e2++)
                for (int side2 = 0; side2 < 2; side2++) {
                    /* the lower member p + e2 on either side of the diagonal */
                    mpz_set(tx, p);
                    if (e2 < 0)
                        mpz_sub_ui(tx, tx, 1);
                    else
                        mpz_add_ui(tx, tx, (unsigned long)e2);
                    if (side2) { /* tx is the larger coordinate: ty = tx + d with d < 0 */
                        mpz_abs(c, d);
                        mpz_add(tx, tx, c);
                    }
                    mpz_add(ty, tx, d);
                    if (mpz_sgn(tx) < 0 || mpz_sgn(ty) < 0 || mpz_cmp(tx, x) >= 0)
                        continue;
                    if (ind_is_p(fam, r, F, t, s, tx, ty))
                        bl_add(l, WY_MOVE_DIAG, tx, ty, s);
                }
        }
        if (mpz_cmpabs_ui(d, SMALL) < 0)
            for (long q = 0; q < SMALL; q++) { /* small targets on this diagonal */
                mpz_set_si(tx, q);
                mpz_add(ty, tx, d);
                if (mpz_sgn(ty) < 0 || mpz_cmp_ui(ty, SMALL) >= 0 || mpz_cmp(tx, x) >= 0)
                    continue;
                if (ind_is_p(fam, r, F, t, s, tx, ty))
                    bl_add(l, WY_MOVE_DIAG, tx, ty, s);
            }
    }
    /* modular moves: the P-set is finite, Wythoff pairs with smaller heap < M
     * (misere: the cells of the table's corner), so every small target */
    if (fam == F_MOD)
        for (unsigned long qx = 0; qx < SMALL; qx++)
            for (unsigned long qy = 0; qy < SMALL; qy++) {
                mpz_set_ui(tx, qx);
                mpz_set_ui(ty, qy);
                if (legal_move(r, x, y, s, WY_MOVE_MOD, tx, ty, s, dx, dy) && ind_is_p(fam, r, F, t, s, tx, ty))
                    bl_add(l, WY_MOVE_MOD, tx, ty, s);
            }
    if (fam == F_MOD) {
        for (unsigned long n = 0;; n++) {
            mpz_set_ui(c, n);
            zeck_lower(p, F, c);
            if (mpz_cmp_ui(p, r->mod) >= 0)
                break;
            for (int m = 0; m < 2; m++) {
                mpz_set(tx, p);
                mpz_add_ui(ty, p, n);
                if (m)
                    mpz_swap(tx, ty);
                if (legal_move(r, x, y, s, WY_MOVE_MOD, tx, ty, s, dx, dy) && ind_is_p(fam, r, F, t, s, tx, ty))
                    bl_add(l, WY_MOVE_MOD, tx, ty, s);
            }
        }
    }
    /* the pass: to the same (x, y) with one pass less, where nim-like is x == y */
    if (fam == F_NIMPASS1 && mpz_cmp(x, y) == 0)
        bl_add(l, WY_MOVE_PASS, x, y, (wy_side){s.pass - 1, s.heap});
    /* nim with an even number p >= 2 of passes left: the pass leaves p - 1, nim+pass's P-positions */
    if (fam == F_NIM && s.pass > 0 && ind_is_p(F_NIMPASS1, r, F, t, (wy_side){s.pass - 1, s.heap}, x, y))
        bl_add(l, WY_MOVE_PASS, x, y, (wy_side){s.pass - 1, s.heap});
    if (l->n > 1)
        qsort(l->v, l->n, sizeof *l->v, cmp_bopt);
    mpz_clears(c, p, tx, ty, dx, dy, d, NULL);
}

/* A huge test position for group 8; shape 0 is a P-position of the family. */
static void closed_position(const ctx *c, mpz_t x, mpz_t y, int fam, const wy_rules *r, gmp_randstate_t rs,
                            fibs_t *F, int shape, mpz_t t)
{
    unsigned long dg = 20 + gmp_urandomm_ui(rs, 20);
    random_digits(t, rs, dg);
    switch (shape) {
    case 0:
    case 1: /* a P-position of the family (1: then moved by a few stones) */
        if (fam == F_NIM || fam == F_NIMPASS1) {
            mpz_setbit(t, 0); /* odd */
            mpz_set(x, t);
            mpz_add_ui(y, t, fam == F_NIMPASS1 ? 1 : 0);
        } else if (fam == F_MOD) {
            unsigned long n = gmp_urandomm_ui(rs, r->mod > 1 ? r->mod / 2 + 1 : 1);
            mpz_set_ui(y, n);
            zeck_lower(x, F, y);
            mpz_add(y, x, y);
            if (mpz_cmp_ui(x, r->mod) >= 0) {
                mpz_set_ui(x, 0);
                mpz_set_ui(y, 0);
            }
            mpz_add(y, y, t); /* far from the finite set: shape 0 is not P here */
        } else {
            zeck_lower(x, F, t);
            mpz_add(y, x, t);
            if (fam == F_T2) { /* (a_n + g(n) - 1, b_n + g(n)) */
                if (g_hof_big(F, t))
                    mpz_add_ui(y, y, 1);
                else
                    mpz_sub_ui(x, x, 1);
            }
        }
        if (shape == 1) {
            mpz_add_ui(x, x, gmp_urandomm_ui(rs, 5));
            mpz_add_ui(y, y, gmp_urandomm_ui(rs, 5));
        }
        break;
    case 2: /* one small coordinate */
        mpz_set_ui(x, strip_row(c, rs));
        mpz_set(y, t);
        break;
    case 3: /* near the diagonal */
        mpz_set(x, t);
        mpz_add_ui(y, t, gmp_urandomm_ui(rs, 12));
        break;
    default: /* anywhere */
        mpz_set(x, t);
        random_digits(y, rs, 20 + gmp_urandomm_ui(rs, 20));
        break;
    }
    if (gmp_urandomm_ui(rs, 2))
        mpz_swap(x, y);
}

static void closed_case(ctx *c, const rcase *rc, const wy_rules *r, wy_exact *e)
{
    wy_side top = wy_side_start(r);
    wy_table *t = NULL;
    if (wy_table_compute(&t, r, SMALL, SMALL, top, 0, c->err, sizeof c->err) != WY_OK) {
        tk_fail(&c->g8, "%s: small table: %s", rc->text, c->err);
        return;
    }
    mpz_ptr x = c->hx, y = c->hy, tt = c->ht;
    blist want = {NULL, 0, 0};
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t hh = 0; hh <= top.heap; hh++) {
            wy_side s = {p, hh};
            int fam = family(rc, r, s);
            if (fam == F_NONE)
                continue;
            unsigned long per = 80 * c->iters / (san ? 4 : 1);
            for (unsigned long i = 0; i < per; i++) {
                closed_position(c, x, y, fam, r, c->rs, c->F, (int)(i % 5), tt);
                int isp = ind_is_p(fam, r, c->F, t, s, x, y);
                c->g8.cases++;
                c->err[0] = 0;
                wy_status st = wy_exact_eval(e, &c->ans, x, y, s, c->err, sizeof c->err);
                if (st != WY_OK || c->ans.outcome != (isp ? 'P' : 'N')) {
                    gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: closed form says %c, exact: "
                                 "status %d outcome %c [%s]", rc->text, x, y, p, hh, isp ? 'P' : 'N', (int)st,
                                 st == WY_OK ? c->ans.outcome : '?', st == WY_OK ? c->ans.method : c->err);
                    tk_fail(&c->g8, "%s", c->err);
                    continue;
                }
                if (isp)
                    c->h8_p++;
                /* the pass leads to a side state the test has no closed form for
                 * (wythoff+pass=2 with 2 passes left: one pass left): outcome only */
                if (!isp && s.pass > 0 && family(rc, r, (wy_side){s.pass - 1, s.heap}) == F_NONE)
                    continue;
                wy_bigmove *bm = NULL;
                size_t bn = 0;
                const char *method = NULL;
                char werr[WY_ERRLEN] = "";
                st = wy_exact_winning(e, &bm, &bn, &method, x, y, s, werr, sizeof werr);
                ind_winning(&want, fam, r, c->F, t, s, x, y);
                if (isp)
                    want.n = 0;
                int same = st == WY_OK && bn == want.n;
                for (size_t j = 0; same && j < bn; j++)
                    same = bm[j].kind == want.v[j].kind && mpz_cmp(bm[j].x, want.v[j].x) == 0 &&
                           mpz_cmp(bm[j].y, want.v[j].y) == 0 && bm[j].side.pass == want.v[j].side.pass &&
                           bm[j].side.heap == want.v[j].side.heap;
                if (!same) {
                    char wl[700] = "", gl[700] = "";
                    size_t k = 0;
                    for (size_t j = 0; j < want.n && k + 120 < sizeof wl; j++)
                        k += (size_t)gmp_snprintf(wl + k, sizeof wl - k, " %d:(%Zd,%Zd;%u)", (int)want.v[j].kind,
                                                  want.v[j].x, want.v[j].y, want.v[j].side.pass);
                    k = 0;
                    for (size_t j = 0; st == WY_OK && j < bn && k + 120 < sizeof gl; j++)
                        k += (size_t)gmp_snprintf(gl + k, sizeof gl - k, " %d:(%Zd,%Zd;%u)", (int)bm[j].kind, bm[j].x,
                                                  bm[j].y, bm[j].side.pass);
                    gmp_snprintf(c->err, sizeof c->err, "%s (%Zd,%Zd) pass %u heap %u: winning moves by the closed "
                                 "form {%s }, exact (status %d) {%s } %s", rc->text, x, y, p, hh, wl, (int)st, gl,
                                 st == WY_OK ? "" : werr);
                    tk_fail(&c->g8, "%s", c->err);
                } else {
                    c->h8_moves += bn;
                }
                wy_bigmoves_free(bm, bn);
            }
        }
    /* ppos from a huge X: consecutive members of the sequence, the first
     * with a >= X, its predecessor below X */
    for (uint32_t p = 0; p <= top.pass; p++) {
        wy_side s = {p, 0};
        int fam = family(rc, r, s);
        if (fam == F_NONE || fam == F_MOD)
            continue;
        enum { K = 6 };
        mpz_t pa[K], pb[K], pi[K], from, n, fa, fb;
        for (int i = 0; i < K; i++)
            mpz_inits(pa[i], pb[i], pi[i], NULL);
        mpz_inits(from, n, fa, fb, NULL);
        for (int rep = 0; rep < (san ? 8 : 30); rep++) {
            random_digits(from, c->rs, 20 + gmp_urandomm_ui(c->rs, 30));
            size_t got = 0;
            c->g8.cases++;
            wy_status st = wy_exact_ppos(e, pa, pb, pi, K, &got, from, s, c->err, sizeof c->err);
            int ok = st == WY_OK && got == K;
            /* the sequence's member of index n, independently */
            for (int i = -1; ok && i < K; i++) {
                mpz_set(n, pi[0]);
                if (i < 0 && mpz_sgn(n) == 0)
                    continue;
                if (i < 0)
                    mpz_sub_ui(n, n, 1);
                else
                    mpz_add_ui(n, n, (unsigned long)i);
                if (fam == F_NIM) {
                    mpz_set(fa, n);
                    mpz_set(fb, n);
                } else if (fam == F_NIMPASS1) { /* index m + 1: (2m + 1, 2m + 2) */
                    mpz_mul_2exp(fa, n, 1);
                    mpz_sub_ui(fa, fa, 1);
                    mpz_add_ui(fb, fa, 1);
                } else {
                    zeck_lower(fa, c->F, n);
                    mpz_add(fb, fa, n);
                    if (fam == F_T2) {
                        if (g_hof_big(c->F, n))
                            mpz_add_ui(fb, fb, 1);
                        else
                            mpz_sub_ui(fa, fa, 1);
                    }
                }
                if (i < 0)
                    ok = mpz_cmp(fa, from) < 0;
                else
                    ok = mpz_cmp(pi[i], n) == 0 && mpz_cmp(pa[i], fa) == 0 && mpz_cmp(pb[i], fb) == 0 &&
                         mpz_cmp(pa[i], from) >= 0;
            }
            if (!ok) {
                gmp_snprintf(c->err, sizeof c->err, "%s pass %u: wy_exact_ppos from %Zd (status %d, %zu listed, first "
                             "(%Zd,%Zd) index %Zd) is not the sequence's members from the first with a >= from",
                             rc->text, p, from, (int)st, got, pa[0], pb[0], pi[0]);
                tk_fail(&c->g8, "%s", c->err);
            }
        }
        for (int i = 0; i < K; i++)
            mpz_clears(pa[i], pb[i], pi[i], NULL);
        mpz_clears(from, n, fa, fb, NULL);
    }
    for (size_t i = 0; i < want.cap; i++)
        mpz_clears(want.v[i].x, want.v[i].y, NULL);
    free(want.v);
    wy_table_free(t);
}

/* ------------------------------------------------------------------ */
/* Group 3: number theory two ways                                      */
/* ------------------------------------------------------------------ */


static void group3(fibs_t *F, gmp_randstate_t rs, const pairs_t *P, uint64_t iters)
{
    mpz_t n, a, z, k, pt, b;
    mpz_inits(n, a, z, k, pt, b, NULL);
    /* (a) floor(n phi): integer square root vs Zeckendorf */
    tk_group g = {"lower-isqrt-vs-zeckendorf", 0, 0};
    const uint32_t NS = san ? 20000 : big_sizes ? 100000 : 50000; /* n = 0..NS */
    for (unsigned long i = 0; i <= NS; i++) {
        mpz_set_ui(n, i);
        wyi_ex_lower(a, n);
        zeck_lower(z, F, n);
        g.cases++;
        if (mpz_cmp(a, z) != 0) {
            gmp_printf("FAIL %s: n = %lu: wyi_ex_lower %Zd, Zeckendorf %Zd\n", g.name, i, a, z);
            g.failed++;
        }
        wy_wythoff_pair(pt, b, n);
        mpz_sub(b, b, pt);
        if (mpz_cmp(pt, z) != 0 || mpz_cmp(b, n) != 0) {
            gmp_printf("FAIL %s: wy_wythoff_pair(%lu) = (%Zd, %Zd + %Zd), Zeckendorf a_n = %Zd\n", g.name, i, pt, pt, b,
                       z);
            g.failed++;
        }
        if (g.failed > TK_SHOW_FAILS)
            break;
    }
    double t0 = now_s();
    unsigned long nbig = (san ? 200 : big_sizes ? 2000 : 500) * iters;
    for (unsigned long i = 0; i < nbig && g.failed <= TK_SHOW_FAILS; i++) {
        unsigned long d = 10 + gmp_urandomm_ui(rs, 2991);
        random_digits(n, rs, d);
        wyi_ex_lower(a, n);
        zeck_lower(z, F, n);
        g.cases++;
        if (mpz_cmp(a, z) != 0) {
            gmp_printf("FAIL %s: n = %Zd (%lu digits): wyi_ex_lower %Zd, Zeckendorf %Zd\n", g.name, n, d, a, z);
            g.failed++;
        }
    }
    char label[300];
    snprintf(label, sizeof label, "n = 0..%u and %lu random n of 10..3000 digits", NS, nbig);
    (void)t0;
    group_end(&g, label);

    /* (b) classify / partner */
    tk_group gc = {"classify-partner", 0, 0};
    for (uint32_t cc = 0; cc <= NS && gc.failed <= TK_SHOW_FAILS; cc++) {
        mpz_set_ui(n, cc);
        int r = wyi_ex_classify(k, n);
        wyi_ex_partner(pt, n);
        uint64_t want_p = P->cls[cc] == 0 ? cc + P->idx[cc] : P->cls[cc] == 1 ? cc - P->idx[cc] : 0;
        gc.cases++;
        if (r != P->cls[cc] || mpz_cmp_ui(k, P->idx[cc]) != 0 || mpz_cmp_ui(pt, want_p) != 0) {
            gmp_printf("FAIL %s: c = %u: classify %d k %Zd partner %Zd; mex construction %d k %u partner %llu\n",
                       gc.name, cc, r, k, pt, P->cls[cc], P->idx[cc], (unsigned long long)want_p);
            gc.failed++;
        }
    }
    for (unsigned long i = 0; i < nbig && gc.failed <= TK_SHOW_FAILS; i++) {
        unsigned long d = 10 + gmp_urandomm_ui(rs, 2991);
        random_digits(n, rs, d);
        zeck_lower(a, F, n); /* a_n, independently of the engine */
        mpz_add(b, a, n);
        gc.cases++;
        int ra = wyi_ex_classify(k, a), ok = ra == 0 && mpz_cmp(k, n) == 0;
        int rb = wyi_ex_classify(k, b);
        ok = ok && rb == 1 && mpz_cmp(k, n) == 0;
        wyi_ex_partner(pt, a);
        ok = ok && mpz_cmp(pt, b) == 0;
        wyi_ex_partner(pt, b);
        ok = ok && mpz_cmp(pt, a) == 0;
        ok = ok && wy_wythoff_is_p(a, b) && wy_wythoff_is_p(b, a);
        mpz_add_ui(pt, b, 1);
        ok = ok && !wy_wythoff_is_p(a, pt);
        mpz_add_ui(pt, a, 1);
        ok = ok && !wy_wythoff_is_p(pt, b);
        if (!ok) {
            gmp_printf("FAIL %s: n = %Zd (%lu digits): a_n, b_n classified %d, %d (want 0, 1 with k = n), or partner "
                       "/ P-test wrong\n", gc.name, n, d, ra, rb);
            gc.failed++;
        }
    }
    snprintf(label, sizeof label, "c = 0..%u vs the mex construction; %lu random Zeckendorf pairs of 10..3000 digits",
             NS, nbig);
    group_end(&gc, label);

    /* (c) paper 001's g(n): engine vs the Hofstadter form vs the definition */
    const uint32_t NG = san ? 100000 : 1000000;
    uint32_t *h = malloc(((size_t)NG + 1) * sizeof *h);
    uint8_t *gh = malloc((size_t)NG + 1), *gd = malloc((size_t)NG + 1);
    tk_group gg = {"g001-vs-hofstadter", 0, 0}, gH = {"hofstadter-h-vs-floor", 0, 0};
    h[0] = 0;
    for (uint32_t i = 1; i <= NG; i++)
        h[i] = i - h[h[i - 1]];
    gh[0] = gd[0] = 1;
    gh[1] = gd[1] = 0;
    for (uint32_t i = 2; i <= NG; i++) {
        gh[i] = h[i - 2] < h[i - 1] ? (uint8_t)(1 - gh[h[i - 1]]) : 1;
        /* definition: g(n) = 1 - g(m) if floor(n phi) = b_m + 1, else 1 */
        uint64_t c1 = lower64(i) - 1;
        gd[i] = c1 <= P->lim && P->cls[c1] == 1 ? (uint8_t)(1 - gd[P->idx[c1]]) : 1;
    }
    for (uint32_t i = 0; i < NG && gg.failed <= TK_SHOW_FAILS; i++) {
        mpz_set_ui(n, i);
        int ge = wyi_ex_g001(n);
        gg.cases++;
        if (ge != gh[i] || ge != gd[i]) {
            printf("FAIL %s: n = %u: wyi_ex_g001 %d, Hofstadter form %d, definition %d\n", gg.name, i, ge, gh[i],
                   gd[i]);
            gg.failed++;
        }
    }
    snprintf(label, sizeof label, "n < %u: wyi_ex_g001 = paper 001's Hofstadter form = paper 001's definition", NG);
    group_end(&gg, label);
    for (uint32_t i = 0; i < NG && gH.failed <= TK_SHOW_FAILS; i++) {
        uint64_t m = (uint64_t)i + 1, want = (isqrt64(5 * m * m) - m) / 2;
        gH.cases++;
        if (h[i] != want) {
            printf("FAIL %s: h(%u) = %u, floor((n+1)/phi) = %llu\n", gH.name, i, h[i], (unsigned long long)want);
            gH.failed++;
        }
    }
    snprintf(label, sizeof label, "h(n) = n - h(h(n-1)) equals (isqrt(5(n+1)^2) - (n+1))/2 for n < %u", NG);
    group_end(&gH, label);
    free(h);
    free(gh);
    free(gd);
    mpz_clears(n, a, z, k, pt, b, NULL);
}

/* ------------------------------------------------------------------ */
/* Group 4: published sequences                                         */
/* ------------------------------------------------------------------ */

/* The first k P-positions a <= b of `text` from 0; returns the count. */
static size_t first_ppos(const char *text, size_t k, uint64_t *out, char *err, size_t errlen)
{
    wy_rules r;
    wy_exact *e = NULL;
    if (wy_rules_parse(&r, text, err, errlen) != WY_OK || wy_exact_new(&e, &r, 0, err, errlen) != WY_OK)
        return 0;
    mpz_t *a = malloc(k * sizeof *a), *b = malloc(k * sizeof *b), from;
    for (size_t i = 0; i < k; i++)
        mpz_inits(a[i], b[i], NULL);
    mpz_init_set_ui(from, 0);
    size_t got = 0;
    if (wy_exact_ppos(e, a, b, NULL, k, &got, from, (wy_side){0, 0}, err, errlen) != WY_OK)
        got = 0;
    for (size_t i = 0; i < got; i++) {
        out[2 * i] = mpz_get_ui(a[i]);
        out[2 * i + 1] = mpz_get_ui(b[i]);
    }
    for (size_t i = 0; i < k; i++)
        mpz_clears(a[i], b[i], NULL);
    mpz_clear(from);
    free(a);
    free(b);
    wy_exact_free(e);
    return got;
}

static void group4(void)
{
    char err[WY_ERRLEN] = "", why[400] = "";
    uint64_t got[64];
    /* OEIS A000201 (lower Wythoff sequence, floor(n phi), n >= 1) and
     * A001950 (upper, floor(n phi^2)), first 20 terms.  Paper 000 states
     * the P-positions as (floor(n phi), floor(n phi) + n) (Section 2,
     * Theorem 2) and prints those with x, y <= 8 as set A (Section 4,
     * Definition 12: (0,0), (1,2), (3,5), (4,7) and
     * mirrors); paper 002 lists the cold positions (1,2), (3,5), (4,7),
     * (6,10), (8,13) (Section 1, Introduction). */
    static const uint64_t A000201[20] = {1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32};
    static const uint64_t A001950[20] = {2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52};
    static const uint64_t paper002[5][2] = {{1, 2}, {3, 5}, {4, 7}, {6, 10}, {8, 13}};
    size_t n = first_ppos("wythoff", 21, got, err, sizeof err);
    int ok = n == 21 && got[0] == 0 && got[1] == 0;
    for (size_t i = 0; ok && i < 20; i++) {
        ok = got[2 * (i + 1)] == A000201[i] && got[2 * (i + 1) + 1] == A001950[i];
        if (!ok)
            snprintf(why, sizeof why, "pair %zu: ppos gives (%llu,%llu), OEIS (%llu,%llu)", i + 1,
                     (unsigned long long)got[2 * (i + 1)], (unsigned long long)got[2 * (i + 1) + 1],
                     (unsigned long long)A000201[i], (unsigned long long)A001950[i]);
    }
    for (size_t i = 0; ok && i < 5; i++)
        ok = got[2 * (i + 1)] == paper002[i][0] && got[2 * (i + 1) + 1] == paper002[i][1];
    mpz_t m, a, b;
    mpz_inits(m, a, b, NULL);
    for (unsigned long i = 1; ok && i <= 20; i++) {
        mpz_set_ui(m, i);
        wy_wythoff_pair(a, b, m);
        ok = mpz_cmp_ui(a, A000201[i - 1]) == 0 && mpz_cmp_ui(b, A001950[i - 1]) == 0;
        if (!ok)
            snprintf(why, sizeof why, "wy_wythoff_pair(%lu) differs from OEIS", i);
    }
    check(ok, "published: wythoff ppos from 0 and wy_wythoff_pair = OEIS A000201/A001950 (n <= 20) and the pairs "
              "printed in papers 000 (Def. 12 set A) and 002 (Section 1)",
          why[0] ? why : err);

    /* paper 004: the table of Section 3.2 lists the P-positions of
     * m-Modular Wythoff for m = 2..5; Section 4 the table of a_m (the
     * number of lower Wythoff numbers below m). */
    static const uint64_t p004[4][4][2] = {{{0, 0}, {1, 2}}, {{0, 0}, {1, 2}}, {{0, 0}, {1, 2}, {3, 5}},
                                           {{0, 0}, {1, 2}, {3, 5}, {4, 7}}};
    static const size_t p004n[4] = {2, 2, 3, 4};
    static const unsigned a_m[16] = {0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9};
    ok = 1;
    why[0] = 0;
    for (unsigned mm = 1; ok && mm <= 16; mm++) {
        char text[40];
        snprintf(text, sizeof text, "wythoff+mod=%u", mm);
        n = first_ppos(text, 30, got, err, sizeof err);
        ok = n == a_m[mm - 1] + 1u;
        if (!ok)
            snprintf(why, sizeof why, "%s: %zu P-positions with a <= b, paper 004's a_m = %u gives %u", text, n,
                     a_m[mm - 1], a_m[mm - 1] + 1);
        if (ok && mm >= 2 && mm <= 5) {
            ok = n == p004n[mm - 2];
            for (size_t i = 0; ok && i < n; i++)
                ok = got[2 * i] == p004[mm - 2][i][0] && got[2 * i + 1] == p004[mm - 2][i][1];
            if (!ok)
                snprintf(why, sizeof why, "%s: P-positions differ from paper 004 line %u", text, 146 + mm);
        }
    }
    check(ok, "published: wythoff+mod=m ppos = paper 004's lists (m = 2..5, the table of Section 3.2) and its a_m table "
              "(m = 1..16, the a_m table of Section 4)",
          why[0] ? why : err);

    /* paper 004 Section 4, Corollary 6: 2 floor(M / phi) + 1 P-positions */
    tk_group g = {"corollary6-count", 0, 0};
    const size_t K = 2000;
    mpz_t *pa = malloc(K * sizeof *pa), *pb = malloc(K * sizeof *pb), from;
    for (size_t i = 0; i < K; i++)
        mpz_inits(pa[i], pb[i], NULL);
    mpz_init_set_ui(from, 0);
    const unsigned MMAX = san ? 300 : 2000;
    for (unsigned M = 1; M <= MMAX && g.failed <= TK_SHOW_FAILS; M++) {
        wy_rules r;
        wy_exact *e = NULL;
        char text[40];
        snprintf(text, sizeof text, "wythoff+mod=%u", M);
        size_t gotn = 0;
        g.cases++;
        if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK || wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK ||
            wy_exact_ppos(e, pa, pb, NULL, K, &gotn, from, (wy_side){0, 0}, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: %s", text, err);
            wy_exact_free(e);
            continue;
        }
        uint64_t want = 2 * ((isqrt64(5 * (uint64_t)M * M) - M) / 2) + 1, count = 0;
        for (size_t i = 0; i < gotn; i++)
            count += mpz_cmp(pa[i], pb[i]) == 0 ? 1 : 2;
        int inset = gotn < K;
        for (size_t i = 0; i < gotn && inset; i++)
            inset = wy_wythoff_is_p(pa[i], pb[i]) && mpz_cmp_ui(pa[i], M) < 0;
        if (count != want || !inset)
            tk_fail(&g, "%s: %llu P-positions (from %zu listed with a <= b%s), Corollary 6 says 2 floor(M/phi) + 1 = %llu",
                    text, (unsigned long long)count, gotn, inset ? "" : ", not all Wythoff pairs with a < M",
                    (unsigned long long)want);
        wy_exact_free(e);
    }
    char label[160];
    snprintf(label, sizeof label, "paper 004 Section 4, Corollary 6, M = 1..%u, floor(M/phi) by integer square root", MMAX);
    group_end(&g, label);
    for (size_t i = 0; i < K; i++)
        mpz_clears(pa[i], pb[i], NULL);
    mpz_clear(from);
    free(pa);
    free(pb);
    mpz_clears(m, a, b, NULL);
}

/* ------------------------------------------------------------------ */
/* Group 6: robustness                                                  */
/* ------------------------------------------------------------------ */

static void group6(fibs_t *F, gmp_randstate_t rs)
{
    char err[WY_ERRLEN];
    tk_group g = {"robustness", 0, 0};
    mpz_t x, y, neg, big, from;
    mpz_inits(x, y, neg, big, from, NULL);
    mpz_set_si(neg, -1);
    mpz_ui_pow_ui(big, 10, 50);
    wy_answer ans;
    wy_answer_init(&ans);
    wy_bigmove *bm = NULL;
    size_t bn = 0;
    const char *method = NULL;
    static const char *all[] = {"wythoff",     "nim",         "wythoff+pass",     "nim+pass",           "wythoff+heap=1",
                                "nim+heap=3", "wythoff+mod=3", "wythoff+max=5", "wythoff+terminal=2", "nim+max=3+pass"};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        wy_rules r;
        wy_exact *e = NULL;
        wy_rules_parse(&r, all[i], err, sizeof err);
        if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "wy_exact_new %s: %s", all[i], err);
            continue;
        }
        wy_side s0 = wy_side_start(&r), sp = s0, sh = s0;
        sp.pass++;
        sh.heap++;
        mpz_set_ui(x, 3);
        /* negative coordinates */
        wy_status st1 = wy_exact_eval(e, &ans, neg, x, s0, err, sizeof err);
        wy_status st2 = wy_exact_eval(e, &ans, x, neg, s0, err, sizeof err);
        wy_status st3 = wy_exact_winning(e, &bm, &bn, &method, neg, x, s0, err, sizeof err);
        wy_bigmoves_free(bm, bn);
        bm = NULL;
        wy_status st4 = wy_exact_ppos(e, &x, &y, NULL, 1, &bn, neg, s0, err, sizeof err);
        g.cases += 4;
        if (st1 != WY_EINVAL || st2 != WY_EINVAL || st3 != WY_EINVAL || st4 != WY_EINVAL)
            tk_fail(&g, "%s: negative coordinate / from: statuses %d %d %d %d, want %d", all[i], (int)st1, (int)st2,
                    (int)st3, (int)st4, WY_EINVAL);
        /* side states above the ruleset's */
        mpz_set_ui(x, 3);
        wy_side bad[2] = {sp, sh};
        for (int j = 0; j < 2; j++) {
            wy_status a1 = wy_exact_eval(e, &ans, x, x, bad[j], err, sizeof err);
            wy_status a2 = wy_exact_winning(e, &bm, &bn, &method, x, x, bad[j], err, sizeof err);
            wy_bigmoves_free(bm, bn);
            bm = NULL;
            mpz_set_ui(from, 0);
            wy_status a3 = wy_exact_ppos(e, &x, &y, NULL, 1, &bn, from, bad[j], err, sizeof err);
            mpz_set_ui(x, 3);
            g.cases += 3;
            if (a1 != WY_EINVAL || a2 != WY_EINVAL || a3 != WY_EINVAL)
                tk_fail(&g, "%s: side pass %u heap %u (above the ruleset's): statuses %d %d %d, want %d", all[i],
                        bad[j].pass, bad[j].heap, (int)a1, (int)a2, (int)a3, WY_EINVAL);
        }
        wy_exact_free(e);
    }
    /* rulesets with no exact method: huge positions are refused with a reason
     * (pass=3 with all passes left is the game of one pass, docs/exact.md
     * "Passes: p and p mod 2": with heap=1 it still has no method) */
    static const char *none[] = {"wythoff+pass=3+heap=1", "wythoff+heap=1+pass", "wythoff+mod=3+max=5",
                                 "wythoff+terminal=3", "wythoff+pass+heap=2+misere", "wythoff+mod=4+pass",
                                 "nim+pass=3+heap=1"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        wy_rules r;
        wy_exact *e = NULL;
        wy_rules_parse(&r, none[i], err, sizeof err);
        if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "wy_exact_new %s: %s", none[i], err);
            continue;
        }
        wy_side s0 = wy_side_start(&r);
        mpz_add_ui(x, big, 7);
        mpz_add_ui(y, big, 123);
        err[0] = 0;
        g.cases += 2;
        wy_status st = wy_exact_eval(e, &ans, x, y, s0, err, sizeof err);
        if (st != WY_EUNDECIDED || !err[0])
            tk_fail(&g, "%s (10^50+7, 10^50+123): status %d, message '%s'; want %d with a message", none[i], (int)st,
                    err, WY_EUNDECIDED);
        err[0] = 0;
        st = wy_exact_winning(e, &bm, &bn, &method, x, y, s0, err, sizeof err);
        wy_bigmoves_free(bm, bn);
        bm = NULL;
        if (st != WY_EUNDECIDED || !err[0])
            tk_fail(&g, "%s: winning moves of (10^50+7, 10^50+123): status %d, message '%s'; want %d with a message",
                    none[i], (int)st, err, WY_EUNDECIDED);
        wy_exact_free(e);
    }
    /* max=N has no P-position sequence */
    {
        wy_rules r;
        wy_exact *e = NULL;
        wy_rules_parse(&r, "wythoff+max=5", err, sizeof err);
        if (wy_exact_new(&e, &r, 0, err, sizeof err) == WY_OK) {
            mpz_set_ui(from, 0);
            g.cases++;
            wy_status st = wy_exact_ppos(e, &x, &y, NULL, 1, &bn, from, (wy_side){0, 0}, err, sizeof err);
            if (st != WY_EUNDECIDED)
                tk_fail(&g, "wythoff+max=5: wy_exact_ppos status %d, want %d (doubly periodic, not a sequence)", (int)st,
                        WY_EUNDECIDED);
        }
        wy_exact_free(e);
    }
    group_end(&g, "negative coordinates, side states above the ruleset's, rulesets without a method");

    /* 5000-digit Wythoff positions */
    tk_group gb = {"huge-wythoff", 0, 0};
    wy_rules r;
    wy_exact *e = NULL;
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    double worst = 0;
    if (wy_exact_new(&e, &r, 0, err, sizeof err) == WY_OK) {
        mpz_t n, a, b;
        mpz_inits(n, a, b, NULL);
        for (int rep = 0; rep < 3; rep++) {
            random_digits(n, rs, 5000);
            zeck_lower(a, F, n);
            mpz_add(b, a, n);
            wy_side s0 = {0, 0};
            /* (a_n, b_n) and its mirror are P, (a_n, b_n + 1) is N */
            for (int j = 0; j < 4; j++) {
                mpz_set(x, j == 1 ? b : a);
                mpz_set(y, j == 1 ? a : b);
                if (j == 2)
                    mpz_add_ui(y, y, 1);
                if (j == 3)
                    mpz_add_ui(x, x, 1);
                double t0 = now_s();
                wy_status st = wy_exact_eval(e, &ans, x, y, s0, err, sizeof err);
                double dt = now_s() - t0;
                worst = dt > worst ? dt : worst;
                char want = j < 2 ? 'P' : 'N';
                gb.cases++;
                if (st != WY_OK || ans.outcome != want || dt > 1.0)
                    tk_fail(&gb, "5000-digit n (rep %d, case %d): status %d outcome %c, want %c; %.3f s", rep, j, (int)st,
                            st == WY_OK ? ans.outcome : '?', want, dt);
            }
            /* the winning moves of (a_n, b_n + 1): among them the row move to (a_n, b_n) */
            mpz_set(x, a);
            mpz_add_ui(y, b, 1);
            double t0 = now_s();
            wy_status st = wy_exact_winning(e, &bm, &bn, &method, x, y, (wy_side){0, 0}, err, sizeof err);
            double dt = now_s() - t0;
            worst = dt > worst ? dt : worst;
            int found = 0, allp = 1;
            for (size_t i = 0; st == WY_OK && i < bn; i++) {
                found |= bm[i].kind == WY_MOVE_ROW && mpz_cmp(bm[i].x, a) == 0 && mpz_cmp(bm[i].y, b) == 0;
                allp &= wy_wythoff_is_p(bm[i].x, bm[i].y);
            }
            gb.cases++;
            if (st != WY_OK || !found || !allp || dt > 1.0)
                tk_fail(&gb, "winning moves of (a_n, b_n + 1), 5000 digits: status %d, %zu moves, row move to (a_n, b_n) "
                        "%s, all targets P: %s; %.3f s (%s)", (int)st, bn, found ? "found" : "missing", allp ? "yes" : "no",
                        dt, st == WY_OK ? "" : err);
            wy_bigmoves_free(bm, bn);
            bm = NULL;
        }
        mpz_clears(n, a, b, NULL);
    } else {
        tk_fail(&gb, "wy_exact_new wythoff: %s", err);
    }
    wy_exact_free(e);
    char label[200];
    snprintf(label, sizeof label, "P-test of pairs with 5000-digit n, b_n + 1 and a_n + 1 are N, winning moves; slowest %.4f s",
             worst);
    group_end(&gb, label);
    wy_answer_clear(&ans);
    mpz_clears(x, y, neg, big, from, NULL);
}

/* Under a tight memory limit the engine refuses what it cannot prove, with
 * a message, and never answers wrongly. */
static void group_memlimit(void)
{
    tk_group g = {"tight-memory-limit", 0, 0};
    char err[WY_ERRLEN];
    static const char *rs[] = {"wythoff", "wythoff+pass", "nim+pass", "wythoff+terminal=2", "wythoff+max=5",
                               "wythoff+max=3+pass", "nim+max=31+pass", "wythoff+heap=1"};
    static const uint64_t lims[] = {1u << 20};
    unsigned long value = 0, outcome = 0, refused = 0, newref = 0;
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    wy_answer a;
    wy_answer_init(&a);
    /* rows 0..45 to MC columns, every 18th or so cell; a MW x MW window,
     * every third cell */
    const uint32_t MC = san ? 2000 : 8000, MW = san ? 100 : 200;
    for (size_t i = 0; i < sizeof rs / sizeof rs[0]; i++) {
        wy_rules r;
        wy_rules_parse(&r, rs[i], err, sizeof err);
        wy_side top = wy_side_start(&r);
        /* the windows of run_case when they hold these, else computed here */
        const wy_table *t = kept_find(rs[i], STRIP_ROWS, MC), *tw = kept_find(rs[i], MW, MW);
        wy_table *own = NULL, *ownw = NULL;
        if ((!t && wy_table_compute(&own, &r, STRIP_ROWS, MC, top, 0, err, sizeof err) != WY_OK) ||
            (!tw && wy_table_compute(&ownw, &r, MW, MW, top, 0, err, sizeof err) != WY_OK)) {
            tk_fail(&g, "%s: table: %s", rs[i], err);
            wy_table_free(own);
            continue;
        }
        if (!t)
            t = own;
        if (!tw)
            tw = ownw;
        /* far too little memory for the small table: refused with a message */
        wy_exact *e = NULL;
        err[0] = 0;
        g.cases++;
        wy_status st = wy_exact_new(&e, &r, 1000, err, sizeof err);
        if (st != WY_ERANGE || !err[0] || e)
            tk_fail(&g, "%s: wy_exact_new with 1000 bytes: status %d, '%s' (want %d with a message)", rs[i], (int)st, err,
                    WY_ERANGE);
        wy_exact_free(e);
        for (size_t li = 0; li < sizeof lims / sizeof lims[0]; li++) {
            e = NULL;
            if (wy_exact_new(&e, &r, lims[li], err, sizeof err) != WY_OK) {
                newref++;
                continue;
            }
            for (uint32_t p = 0; p <= top.pass; p++)
                for (uint32_t h = 0; h <= top.heap; h++) {
                    wy_side s = {p, h};
                    for (uint32_t k = 0; k < 2 * STRIP_ROWS * MC / 37 + MW * MW / 3; k++) {
                        uint32_t xx, yy, v;
                        if (k < 2 * STRIP_ROWS * MC / 37) {
                            uint32_t cell = k * 37 / 2 + (k & 1); /* every 18th or so cell, both orientations */
                            xx = cell % STRIP_ROWS;
                            yy = cell / STRIP_ROWS;
                            v = wy_table_get(t, xx, yy, s);
                            if (k & 1) {
                                uint32_t tmp = xx;
                                xx = yy;
                                yy = tmp;
                            }
                        } else {
                            uint32_t cell = (k - 2 * STRIP_ROWS * MC / 37) * 3;
                            xx = cell % MW;
                            yy = cell / MW;
                            v = wy_table_get(tw, xx, yy, s);
                        }
                        mpz_set_ui(x, xx);
                        mpz_set_ui(y, yy);
                        err[0] = 0;
                        g.cases++;
                        st = wy_exact_eval(e, &a, x, y, s, err, sizeof err);
                        if ((st == WY_ERANGE || st == WY_EUNDECIDED) && err[0]) {
                            refused++;
                        } else if (st != WY_OK || a.outcome != (v ? 'N' : 'P') ||
                                   (a.has_value && mpz_cmp_ui(a.value, v) != 0)) {
                            tk_fail(&g, "%s mem_limit %llu (%u,%u) pass %u heap %u: table %u; exact status %d outcome "
                                    "%c%s [%s] %s", rs[i], (unsigned long long)lims[li], xx, yy, p, h, v, (int)st,
                                    st == WY_OK ? a.outcome : '?', a.has_value ? " with a value" : "",
                                    st == WY_OK ? a.method : "", err);
                        } else if (a.has_value) {
                            value++;
                        } else {
                            outcome++;
                        }
                    }
                }
            wy_exact_free(e);
        }
        wy_table_free(own);
        wy_table_free(ownw);
    }
    char label[300];
    snprintf(label, sizeof label, "mem_limit 1 MiB, %zu rulesets, rows 0..45 to %u columns and a %u x %u "
             "window: %lu with value, %lu outcome only, %lu refused with a message; %lu evaluators refused",
             sizeof rs / sizeof rs[0], MC, MW, MW, value, outcome, refused, newref);
    group_end(&g, label);
    wy_answer_clear(&a);
    mpz_clears(x, y, NULL);
}

int main(void)
{
    uint64_t seed = TK_SEED_DEFAULT, iters = 1;
    if (tk_env_u64(&seed, "WY_SEED") < 0 || tk_iters(&iters) < 0)
        return 1;
    printf("seed = %llu\n", (unsigned long long)seed);
    san = tk_test_san();
    big_sizes = tk_test_big();
    if (san || big_sizes)
        printf("sizes: %s\n", san ? "small (WY_TEST_SAN=1)" : "big (WY_TEST_BIG=1)");
    double t0 = now_s();
    ctx c;
    memset(&c, 0, sizeof c);
    c.cap = STRIP_ROWS;
    mpz_inits(c.x, c.y, c.hx, c.hy, c.ht, c.hdx, c.hdy, NULL);
    wy_answer_init(&c.ans);
    wy_answer_init(&c.a2);
    tk_rng_seed(&c.rng, seed);
    c.iters = iters;
    c.g1.name = "exact-vs-table";
    c.g2.name = "winning-moves-vs-table";
    c.g2o.name = "winning-moves-order";
    c.g5.name = "ppos-vs-table";
    c.g7.name = "huge-consistency";
    c.g7o.name = "winning-moves-order (huge positions, bounded rules)";
    c.g8.name = "huge-closed-forms";
    gmp_randinit_default(c.rs);
    gmp_randseed_ui(c.rs, (unsigned long)seed);
    fibs_t F;
    fib_init(&F);
    c.F = &F;
    pairs_t P;
    if (pairs_build(&P, san ? 170000 : 1700000) != 0) {
        printf("FAIL setup: out of memory\n");
        return 1;
    }

    /* debugging: WY_EXACT_ONLY=RULESET (groups 1, 2, 5, 7 for it) or
     * =numbers (groups 3, 4, 6) */
    const char *only = getenv("WY_EXACT_ONLY");
    for (size_t i = 0; i < NCASES; i++)
        if ((!only && !(!big_sizes && family_repeat(cases[i].text)) && !(san && san_heavy(cases[i].text))) ||
            (only && strcmp(only, cases[i].text) == 0))
            run_case(&c, &cases[i]);
    if (c.g7.cases)
        group7_end(&c);
    if (c.g8.cases) {
        char label[400];
        snprintf(label, sizeof label, "%lu huge positions (20-40 digits; %lu P) of wythoff, nim, nim+pass, wythoff+pass "
                 "(pass 0), heap rulesets (heap 0), mod=M, terminal=2 (+misere), misere M1/M2/M5, pass=K: outcome "
                 "and the complete, ordered winning moves (%lu) from Zeckendorf pairs and g(n) by Hofstadter's form",
                 c.g8.cases, c.h8_p, c.h8_moves);
        group_end(&c.g8, label);
    }
    double t1 = now_s();
    if (!only || strcmp(only, "numbers") == 0) {
        double tg = now_s();
        group3(&F, c.rs, &P, iters);
        if (getenv("WY_EXACT_TIMES"))
            printf("  (group 3: %.2f s)\n", now_s() - tg);
        tg = now_s();
        group4();
        if (getenv("WY_EXACT_TIMES"))
            printf("  (group 4: %.2f s)\n", now_s() - tg);
        tg = now_s();
        group6(&F, c.rs);
        group_memlimit();
        if (getenv("WY_EXACT_TIMES"))
            printf("  (group 6: %.2f s)\n", now_s() - tg);
    }
    if (getenv("WY_EXACT_TIMES"))
        printf("  (groups 3, 4, 6: %.2f s)\n", now_s() - t1);
    /* totals */
    if (c.g2o.failed == 0 && c.g2o.cases)
        printf("PASS winning-moves-order (all rulesets: %lu answered positions in wy_moves_list's order)\n", c.g2o.cases);
    printf("# %lu cells, %lu winning-move positions, %lu P-position lists, %lu huge positions; %.1f s\n", c.g1.cases,
           c.g2.cases, c.g5.cases, c.g7.cases, now_s() - t0);
    free(c.mv);
    for (size_t i = 0; i < c.ocap; i++)
        mpz_clears(c.o[i].x, c.o[i].y, NULL);
    free(c.o);
    free(c.seen);
    pairs_free(&P);
    fib_clear(&F);
    for (size_t i = 0; i < nkept; i++)
        wy_table_free(kept[i].t);
    gmp_randclear(c.rs);
    wy_answer_clear(&c.ans);
    wy_answer_clear(&c.a2);
    mpz_clears(c.x, c.y, c.hx, c.hy, c.ht, c.hdx, c.hdy, NULL);
    return failures ? 1 : 0;
}
