/* exact.c - the exact engine (DESIGN.md engine 3): answers for positions of
 * any size from closed forms, the papers' theorems and periodicity the
 * engine proves itself.  Methods and their sources: docs/exact.md.
 *
 * A ruleset is first split as BASE + heap=H (normal play, no pass: the extra
 * heap adds by nim-sum, G = G_base xor h).  The base is matched to a kind
 * below; each kind says what it can decide:
 *   - positions with x, y < SMALL: a small table computed once (exact);
 *   - the outcome from a closed form or theorem (kind-specific);
 *   - the value where a closed form gives it, else from a row strip (rows
 *     0..STRIP_ROWS-1 proved periodic by src/strip.c) when min(x, y) is small,
 *     else from a periodicity certificate (bounded rules, see cert_*).
 * When nothing decides a position the answer is WY_ERANGE with the reason.
 */
#include "exact.h"
#include "internal.h"
#include "strip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL 64          /* the small table covers 0 <= x, y < SMALL */
#define STRIP_ROWS 46     /* row strips cover min(x, y) < STRIP_ROWS (rows 0..45) */
#define STRIP_COLS (1u << 17)
#define CERT_MAX 2048     /* largest window a periodicity certificate computes */

enum {
    K_NONE,      /* nothing beyond small table and strips */
    K_NIM,       /* nim: G = x xor y */
    K_NIMMAX,    /* nim+max=M: G = (x mod (M+1)) xor (y mod (M+1)) */
    K_NIMPASS,   /* nim+pass (one pass) */
    K_WYT,       /* wythoff */
    K_WMAX,      /* wythoff+max=N (paper 002) */
    K_WMOD,      /* wythoff+mod=M (paper 004) */
    K_WT2,       /* wythoff+terminal=2 (paper 001) */
    K_WT2M,      /* wythoff+terminal=2+misere (paper 001) */
    K_WPASS,     /* wythoff+pass (paper 000, G1) */
    K_BOUNDED    /* any other ruleset with max=N: periodicity certificate */
};

struct wy_exact {
    wy_rules rules;     /* as given */
    wy_rules base;      /* without the extra heap when it adds by nim-sum */
    int heap_xor;       /* rules.heap > 0 and G = G_base xor h */
    int kind;
    uint64_t mem_limit;
    wy_table *small;    /* base rules, SMALL x SMALL, all side states */
    wy_strip *strip;    /* the largest strip built so far (lazy) */
    int strip_fail_tier; /* first tier that failed (NTIERS: none) */
    char strip_err[WY_ERRLEN];
    /* periodicity certificate for bounded rules */
    int cert_state;     /* 0 not tried, 1 values periodic, 2 outcomes periodic, -1 failed */
    uint64_t cert_s, cert_d, cert_p;
    wy_table *cert;
    char cert_err[WY_ERRLEN];
    mpz_t t[8];         /* scratch */
};

/* ------------------------------------------------------------------ */
/* Wythoff pairs                                                       */
/* ------------------------------------------------------------------ */

void wy_ex_lower(mpz_t a, const mpz_t n)
{
    mpz_t s;
    mpz_init(s);
    mpz_mul(s, n, n);
    mpz_mul_ui(s, s, 5);
    mpz_sqrt(s, s); /* floor(n sqrt 5) */
    mpz_add(a, s, n);
    mpz_fdiv_q_2exp(a, a, 1);
    mpz_clear(s);
}

/* floor(c / phi) = floor(c (sqrt5 - 1) / 2) = (isqrt(5 c^2) - c) / 2. */
static void floor_div_phi(mpz_t q, const mpz_t c)
{
    mpz_t s;
    mpz_init(s);
    mpz_mul(s, c, c);
    mpz_mul_ui(s, s, 5);
    mpz_sqrt(s, s);
    mpz_sub(q, s, c);
    mpz_fdiv_q_2exp(q, q, 1);
    mpz_clear(s);
}

int wy_ex_classify(mpz_t k, const mpz_t c)
{
    if (mpz_sgn(c) == 0) {
        mpz_set_ui(k, 0);
        return 2;
    }
    /* c = a_k iff k phi in [c, c + 1): k = floor(c / phi) + 1 is the only
     * candidate (c / phi is irrational). */
    mpz_t f, a;
    mpz_inits(f, a, NULL);
    floor_div_phi(f, c);
    mpz_add_ui(k, f, 1);
    wy_ex_lower(a, k);
    int r = 0;
    if (mpz_cmp(a, c) != 0) {
        /* c = b_j with j = floor(c / phi^2) + 1 = c - floor(c / phi). */
        mpz_sub(k, c, f);
        r = 1;
    }
    mpz_clears(f, a, NULL);
    return r;
}

void wy_ex_partner(mpz_t p, const mpz_t c)
{
    mpz_t k;
    mpz_init(k);
    int r = wy_ex_classify(k, c);
    if (r == 0)
        mpz_add(p, c, k);
    else if (r == 1)
        mpz_sub(p, c, k);
    else
        mpz_set_ui(p, 0);
    mpz_clear(k);
}

void wy_wythoff_pair(mpz_t a, mpz_t b, const mpz_t n)
{
    mpz_t t;
    mpz_init(t);
    wy_ex_lower(t, n);
    mpz_add(b, t, n);
    mpz_set(a, t);
    mpz_clear(t);
}

int wy_wythoff_is_p(const mpz_t x, const mpz_t y)
{
    const mpz_srcptr lo = mpz_cmp(x, y) <= 0 ? x : y, hi = lo == x ? y : x;
    mpz_t n, a;
    mpz_inits(n, a, NULL);
    mpz_sub(n, hi, lo);
    wy_ex_lower(a, n);
    int p = mpz_cmp(a, lo) == 0;
    mpz_clears(n, a, NULL);
    return p;
}

int wy_ex_g001(const mpz_t n)
{
    mpz_t cur, c, m;
    mpz_inits(cur, c, m, NULL);
    mpz_set(cur, n);
    int flips = 0, base;
    for (;;) {
        if (mpz_cmp_ui(cur, 0) == 0) {
            base = 1;
            break;
        }
        if (mpz_cmp_ui(cur, 1) == 0) {
            base = 0;
            break;
        }
        wy_ex_lower(c, cur);
        mpz_sub_ui(c, c, 1); /* a_n - 1 >= 2 for n >= 2 */
        if (wy_ex_classify(m, c) != 1) {
            base = 1;
            break;
        }
        flips++;
        mpz_set(cur, m); /* g(n) = 1 - g(m), m < n */
    }
    mpz_clears(cur, c, m, NULL);
    return base ^ (flips & 1);
}

/* ------------------------------------------------------------------ */
/* Answers and moves                                                   */
/* ------------------------------------------------------------------ */

void wy_answer_init(wy_answer *a)
{
    a->outcome = 'N';
    a->has_value = 0;
    mpz_init(a->value);
    a->method = "";
}

void wy_answer_clear(wy_answer *a) { mpz_clear(a->value); }

void wy_bigmoves_free(wy_bigmove *m, size_t count)
{
    if (!m)
        return;
    for (size_t i = 0; i < count; i++)
        mpz_clears(m[i].x, m[i].y, NULL);
    free(m);
}

typedef struct {
    wy_bigmove *v;
    size_t n, cap;
    int oom;
} mlist;

static void ml_add(mlist *l, wy_move_kind kind, const mpz_t x, const mpz_t y, wy_side side)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].side.pass == side.pass && l->v[i].side.heap == side.heap && mpz_cmp(l->v[i].x, x) == 0 &&
            mpz_cmp(l->v[i].y, y) == 0)
            return; /* one target, one move */
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 8;
        wy_bigmove *nv = realloc(l->v, nc * sizeof *nv);
        if (!nv) {
            l->oom = 1;
            return;
        }
        l->v = nv;
        l->cap = nc;
    }
    wy_bigmove *m = &l->v[l->n++];
    m->kind = kind;
    mpz_init_set(m->x, x);
    mpz_init_set(m->y, y);
    m->side = side;
}

/* wy_moves_list's order: column, row, diagonal, modular, heap, pass */
static int move_rank(wy_move_kind k)
{
    switch (k) {
    case WY_MOVE_COL: return 0;
    case WY_MOVE_ROW: return 1;
    case WY_MOVE_DIAG: return 2;
    case WY_MOVE_MOD: return 3;
    case WY_MOVE_HEAP: return 4;
    default: return 5;
    }
}

static int cmp_moves(const void *pa, const void *pb)
{
    const wy_bigmove *a = pa, *b = pb;
    if (move_rank(a->kind) != move_rank(b->kind))
        return move_rank(a->kind) - move_rank(b->kind);
    /* nearer targets first: larger coordinates first */
    int c = mpz_cmp(b->x, a->x);
    if (c)
        return c;
    c = mpz_cmp(b->y, a->y);
    if (c)
        return c;
    return (int)b->side.heap - (int)a->side.heap;
}

/* ------------------------------------------------------------------ */
/* Setup                                                               */
/* ------------------------------------------------------------------ */

static int classify_kind(const wy_rules *b)
{
    const int term = b->has_terminal && b->terminal > 0, mis = b->misere;
    if (b->heap || term || mis) {
        if (b->game == WY_GAME_WYTHOFF && !b->heap && term && b->terminal == 2 && !b->max && !b->mod &&
            !b->passes)
            return mis ? K_WT2M : K_WT2;
        return (b->max && !b->mod && !b->heap) ? K_BOUNDED : K_NONE;
    }
    if (b->game == WY_GAME_NIM) {
        if (!b->passes)
            return b->max ? K_NIMMAX : K_NIM;
        if (b->passes == 1 && !b->max)
            return K_NIMPASS;
        return b->max ? K_BOUNDED : K_NONE;
    }
    if (b->mod)
        return (!b->max && !b->passes) ? K_WMOD : K_NONE;
    if (b->passes) {
        if (b->passes == 1 && !b->max)
            return K_WPASS;
        return b->max ? K_BOUNDED : K_NONE;
    }
    return b->max ? K_WMAX : K_WYT;
}

wy_status wy_exact_new(wy_exact **out, const wy_rules *rules, uint64_t mem_limit, char *err, size_t errlen)
{
    *out = NULL;
    wy_exact *e = calloc(1, sizeof *e);
    if (!e)
        return wy_fail(WY_ERANGE, err, errlen, "out of memory");
    e->rules = *rules;
    e->base = *rules;
    e->heap_xor = rules->heap && !rules->misere && rules->passes == 0;
    if (e->heap_xor)
        e->base.heap = 0;
    e->kind = classify_kind(&e->base);
    e->mem_limit = mem_limit;
    e->strip_fail_tier = 4;
    for (int i = 0; i < 8; i++)
        mpz_init(e->t[i]);
    wy_side top = wy_side_start(&e->base);
    wy_status st = wy_table_compute(&e->small, &e->base, SMALL, SMALL, top, mem_limit, err, errlen);
    if (st != WY_OK) {
        wy_exact_free(e);
        return st;
    }
    *out = e;
    return WY_OK;
}

void wy_exact_free(wy_exact *e)
{
    if (!e)
        return;
    wy_table_free(e->small);
    wy_table_free(e->cert);
    wy_strip_free(e->strip);
    for (int i = 0; i < 8; i++)
        mpz_clear(e->t[i]);
    free(e);
}

/* A strip covering row lo, built on first use.  Strips come in tiers of
 * 8, 16, 32 and 46 rows; a tier that cannot be proved within STRIP_COLS
 * columns is not tried again, nor is any larger one. */
static const int strip_tier[] = {8, 16, 32, STRIP_ROWS};
#define NTIERS 4

static const wy_strip *get_strip(wy_exact *e, uint32_t lo)
{
    int t = 0;
    while (t < NTIERS && (uint32_t)strip_tier[t] <= lo)
        t++;
    if (t == NTIERS || t >= e->strip_fail_tier)
        return NULL;
    if (e->strip && e->strip->nrows > lo)
        return e->strip;
    if (e->base.heap || e->base.mod)
        return NULL;
    wy_strip *s = NULL;
    if (wy_strip_build(&s, &e->base, (uint32_t)strip_tier[t], STRIP_COLS, e->mem_limit, e->strip_err,
                       sizeof e->strip_err) != WY_OK) {
        e->strip_fail_tier = t;
        return NULL;
    }
    wy_strip_free(e->strip);
    e->strip = s;
    return s;
}

/* ------------------------------------------------------------------ */
/* Periodicity certificate for bounded rules (max = N)                 */
/* ------------------------------------------------------------------ */
/*
 * Let f be the value (mode 1) or the outcome (mode 2) of every side layer,
 * m = min(x, y) and d = y - x.  Suppose that on the window W = [0, L)^2
 *   (D) f(x, y) = f(x - P, y - P) whenever m >= s + P, and
 *   (B) f(x, y) = f(x, y - P) whenever d >= D + P (and, by the symmetry of
 *       the rules, f(x, y) = f(x - P, y) whenever -d >= D + P),
 * with L >= s + D + 2P + 2N and s > the terminal bound.  Let red(x, y)
 * subtract multiples of (P, P) until m < s + P, then multiples of P from the
 * larger coordinate until |d| < D + P; set F = f o red.  Then F is
 * invariant under (D) and (B) everywhere.  At a position with
 * m >= s + P + N, every option (each coordinate moves down by at most N)
 * has m >= s + P, so the options of (x, y) and of (x - P, y - P) have the
 * same F-values, and both positions have all their options.  Likewise at
 * |d| >= D + P + N with the larger coordinate lowered by P.  So the
 * recursion for F at any position is the recursion at a position with
 * m < s + P + N and |d| < D + P + N, inside W, where F = f (by (D), (B))
 * and f satisfies it.  So F satisfies the game's recursion everywhere (value:
 * mex; outcome: P iff no option is P), and F = f by induction on x + y.
 * Pure double periodicity is the case D = 0.
 */
static int same_f(const wy_table *t, const wy_rules *b, int mode, uint32_t x1, uint32_t y1, uint32_t x2,
                  uint32_t y2)
{
    for (uint32_t p = 0; p <= b->passes; p++) {
        wy_side sd = {p, 0};
        uint32_t u = wy_table_get(t, x1, y1, sd), v = wy_table_get(t, x2, y2, sd);
        if (mode == 1 ? u != v : (u == 0) != (v == 0))
            return 0;
    }
    return 1;
}

static int cert_try(wy_exact *e, int values_only)
{
    if (e->cert_state)
        return e->cert_state > 0;
    e->cert_state = -1;
    const wy_rules *b = &e->base;
    const uint64_t N = b->max, q = N + 1, kt = wy_terminal_bound(b);
    if (!N || b->mod || b->heap) {
        snprintf(e->cert_err, sizeof e->cert_err, "the periodicity certificate needs max=N without mod=M or heap=H");
        return 0;
    }
    for (int mode = 1; mode <= (values_only ? 1 : 2); mode++) {
        for (uint64_t L = 256; L <= CERT_MAX; L *= 2) {
            if (2 * q + 2 * N + kt + 2 > L)
                continue;
            wy_table *t = NULL;
            if (wy_table_compute(&t, b, (uint32_t)L, (uint32_t)L, wy_side_start(b), e->mem_limit, NULL, 0) != WY_OK)
                break;
            for (uint64_t P = q; 2 * P + 2 * N < L && P <= 16 * q; P += q) {
                /* s: 1 + the largest m - P over points (m >= P) breaking (D) */
                uint64_t s = kt + 1, D = 0;
                for (uint64_t x = P; x < L; x++)
                    for (uint64_t y = x; y < L; y++) /* m = x; symmetric */
                        if (x - P + 1 > s && !same_f(t, b, mode, (uint32_t)x, (uint32_t)y, (uint32_t)(x - P),
                                                     (uint32_t)(y - P)))
                            s = x - P + 1;
                if (s + 2 * P + 2 * N > L)
                    continue;
                /* D: 1 + the largest d - P over points (d >= P) breaking (B) */
                for (uint64_t x = 0; x < L; x++)
                    for (uint64_t y = x + P; y < L; y++)
                        if (y - x - P + 1 > D &&
                            !same_f(t, b, mode, (uint32_t)x, (uint32_t)y, (uint32_t)x, (uint32_t)(y - P)))
                            D = y - x - P + 1;
                if (s + D + 2 * P + 2 * N > L)
                    continue;
                e->cert_state = mode;
                e->cert_s = s;
                e->cert_d = D;
                e->cert_p = P;
                e->cert = t;
                return 1;
            }
            wy_table_free(t);
        }
    }
    snprintf(e->cert_err, sizeof e->cert_err,
             "no periodicity certificate (periodic along the diagonal and away from it) found in windows up to "
             "%u x %u", CERT_MAX, CERT_MAX);
    return 0;
}

/* red(x, y) of the certificate, as table indices. */
static void cert_red(wy_exact *e, uint32_t *rx, uint32_t *ry, const mpz_t x, const mpz_t y)
{
    mpz_ptr a = e->t[2], c = e->t[3], k = e->t[1];
    mpz_set(a, x);
    mpz_set(c, y);
    const int swap = mpz_cmp(a, c) > 0;
    if (swap)
        mpz_swap(a, c); /* a <= c */
    const uint64_t s = e->cert_s, P = e->cert_p, D = e->cert_d;
    if (mpz_cmp_ui(a, s + P) >= 0) { /* subtract k (P, P), k = floor((a - s) / P) */
        mpz_sub_ui(k, a, s);
        mpz_fdiv_q_ui(k, k, P);
        mpz_mul_ui(k, k, P);
        mpz_sub(a, a, k);
        mpz_sub(c, c, k);
    }
    mpz_sub(k, c, a); /* d >= 0 */
    if (mpz_cmp_ui(k, D + P) >= 0) {
        mpz_sub_ui(k, k, D);
        mpz_fdiv_q_ui(k, k, P);
        mpz_mul_ui(k, k, P);
        mpz_sub(c, c, k);
    }
    *rx = (uint32_t)mpz_get_ui(swap ? c : a);
    *ry = (uint32_t)mpz_get_ui(swap ? a : c);
}

/* ------------------------------------------------------------------ */
/* Evaluation of the base ruleset                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    int outcome;       /* 0 P, 1 N, -1 unknown */
    int has_value;
    const char *method;
} res;

static const char *M_SMALL = "table"; /* the small table: the table engine itself */
static const char *M_STRIP = "row periodicity (the first rows proved periodic by the engine)";

static int fits_small(const mpz_t x, const mpz_t y)
{
    return mpz_cmp_ui(x, SMALL) < 0 && mpz_cmp_ui(y, SMALL) < 0;
}

/* Blass and Fraenkel (paper 000, Theorem 3): every position (x, y), x <= y,
 * of Wythoff value 1 has some n with floor(n phi) - 1 <= x <= floor(n phi) + 2
 * and |y - (floor(n phi) + n)| <= 4.  Returns 1 when (x, y) is outside every
 * such box, so that G(x, y) != 1.  Requires x >= 7 (then the box of n
 * holds only positions with x <= y). */
static int bf_not_one(wy_exact *e, const mpz_t x, const mpz_t y)
{
    mpz_ptr n = e->t[4], a = e->t[5], d = e->t[6];
    if (mpz_cmp_ui(x, 7) < 0)
        return 0; /* small boxes may hold mirrored positions: undecided */
    mpz_sub_ui(d, x, 3);
    floor_div_phi(n, d); /* a_n < x - 2 for n below this */
    if (mpz_cmp_ui(n, 0) > 0)
        mpz_sub_ui(n, n, 1);
    for (;; mpz_add_ui(n, n, 1)) {
        wy_ex_lower(a, n);
        mpz_sub(d, x, a); /* x - a_n */
        if (mpz_cmp_si(d, -1) < 0)
            break; /* a_n > x + 1 from here on */
        if (mpz_cmp_si(d, 2) > 0)
            continue;
        mpz_add(d, a, n);
        mpz_sub(d, y, d);
        if (mpz_cmpabs_ui(d, 4) <= 0)
            return 0;
    }
    return 1;
}

/* x <= y after this; the rules are symmetric. */
static void order(mpz_srcptr *lo, mpz_srcptr *hi, const mpz_t x, const mpz_t y)
{
    if (mpz_cmp(x, y) <= 0) {
        *lo = x;
        *hi = y;
    } else {
        *lo = y;
        *hi = x;
    }
}

/* paper 001: (lo, hi), lo <= hi, lo + hi > 2, is a P-position of
 * wythoff+terminal=2 iff n = hi - lo - 1 >= 0 and lo = a_n + g(n) - 1. */
static int t2_is_p(wy_exact *e, const mpz_t lo, const mpz_t hi)
{
    mpz_ptr n = e->t[4], a = e->t[5];
    mpz_sub(n, hi, lo);
    if (mpz_sgn(n) <= 0)
        return 0;
    mpz_sub_ui(n, n, 1);
    wy_ex_lower(a, n);
    if (wy_ex_g001(n) == 0)
        mpz_sub_ui(a, a, 1);
    return mpz_cmp(a, lo) == 0;
}

/* The value of a strip row, if min(x, y) is within the strip. */
static int strip_value(wy_exact *e, mpz_t v, const mpz_t lo, const mpz_t hi, uint32_t pass)
{
    if (mpz_cmp_ui(lo, STRIP_ROWS) >= 0)
        return 0;
    const wy_strip *s = get_strip(e, (uint32_t)mpz_get_ui(lo));
    if (!s)
        return 0;
    wy_strip_value(v, s, pass, (uint32_t)mpz_get_ui(lo), hi);
    return 1;
}

/* After an outcome is known: value 0 for a P-position, else the strip's
 * value when min(x, y) lies in a proved strip (method strip_method).
 * Returns 1 when a value was found. */
static int p_or_strip(wy_exact *e, res *r, mpz_t v, const mpz_t lo, const mpz_t hi, uint32_t pass,
                      const char *strip_method)
{
    if (r->outcome == 0) {
        mpz_set_ui(v, 0);
        return r->has_value = 1;
    }
    if (!strip_value(e, v, lo, hi, pass))
        return 0;
    r->method = strip_method;
    return r->has_value = 1;
}

static wy_status base_eval(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, uint32_t pass, char *err,
                           size_t errlen)
{
    const wy_rules *b = &e->base;
    r->outcome = -1;
    r->has_value = 0;
    r->method = "";
    if (fits_small(x, y)) {
        mpz_set_ui(v, wy_table_get(e->small, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), (wy_side){pass, 0}));
        r->outcome = mpz_sgn(v) != 0;
        r->has_value = 1;
        r->method = M_SMALL;
        return WY_OK;
    }
    mpz_srcptr lo, hi;
    order(&lo, &hi, x, y);
    const char *why = NULL;
    switch (e->kind) {
    case K_NIM:
        mpz_xor(v, x, y);
        r->has_value = 1;
        r->method = "closed form: G = x xor y (Nim)";
        break;
    case K_NIMMAX: {
        unsigned long q = (unsigned long)b->max + 1;
        mpz_set_ui(v, mpz_fdiv_ui(x, q) ^ mpz_fdiv_ui(y, q));
        r->has_value = 1;
        r->method = "closed form: G = (x mod (M+1)) xor (y mod (M+1)) (subtraction games, paper 002 Thm 2.3)";
        break;
    }
    case K_NIMPASS:
        if (pass == 0) {
            mpz_xor(v, x, y);
            r->has_value = 1;
            r->method = "closed form: G = x xor y (Nim, pass used)";
            break;
        }
        /* P-positions with the pass: (0, 0) and {2k+1, 2k+2} (docs/exact.md) */
        mpz_sub(e->t[0], hi, lo);
        r->outcome = !(mpz_cmp_ui(e->t[0], 1) == 0 && mpz_odd_p(lo));
        r->method = "closed form: P-positions (0,0) and {2k+1, 2k+2} (docs/exact.md)";
        p_or_strip(e, r, v, lo, hi, 1, "closed form for the outcome; value by row periodicity (the first rows proved periodic by the engine)");
        break;
    case K_WYT:
        r->outcome = !wy_wythoff_is_p(x, y);
        r->method = "closed form: Wythoff pairs (floor(n phi) by integer square root)";
        if (!p_or_strip(e, r, v, lo, hi, 0, M_STRIP))
            why = "Wythoff values beyond row 45 have no known closed form or proved periodicity";
        break;
    case K_WMAX: {
        unsigned long q = (unsigned long)b->max + 1;
        mpz_set_ui(e->t[0], mpz_fdiv_ui(x, q));
        mpz_set_ui(e->t[1], mpz_fdiv_ui(y, q));
        r->outcome = !wy_wythoff_is_p(e->t[0], e->t[1]);
        r->method = "periodic P-positions (paper 002, Theorem 1.2): (x mod (N+1), y mod (N+1)) a Wythoff pair";
        if (p_or_strip(e, r, v, lo, hi, 0,
                       "paper 002 Thm 1.2 for the outcome; value by row periodicity (the first rows proved periodic by the engine)"))
            break;
        if (cert_try(e, 1) && e->cert_state == 1) {
            uint32_t a, c;
            cert_red(e, &a, &c, x, y);
            mpz_set_ui(v, wy_table_get(e->cert, a, c, (wy_side){0, 0}));
            r->has_value = 1;
            r->method = "paper 002 Thm 1.2 for the outcome; value by a periodicity certificate (docs/exact.md)";
        } else {
            why = "values of wythoff+max=N beyond the first rows are not known to be periodic for this N";
        }
        break;
    }
    case K_WMOD:
        /* paper 004: the P-positions are Wythoff's pairs with smaller heap < M */
        r->outcome = !(wy_wythoff_is_p(x, y) && mpz_cmp_ui(lo, b->mod) < 0);
        r->method = "finite P-set (paper 004): Wythoff pairs with smaller heap < M";
        if (r->outcome)
            why = "values of wythoff+mod=M have no known closed form";
        break;
    case K_WT2:
        r->outcome = !t2_is_p(e, lo, hi);
        r->method = "P-positions through g(n) and Hofstadter's G-sequence (paper 001, Theorem 1)";
        if (r->outcome == 0)
            break; /* value 0, set after the switch */
        if (wy_wythoff_is_p(x, y)) {
            /* x >= SMALL or y >= SMALL here, so x >= 8 or y >= 8 */
            mpz_set_ui(v, 1);
            r->has_value = 1;
            r->method = "paper 001, Theorems 1-2: G = 1 exactly at Wythoff's P-positions when x >= 8 or y >= 8";
        } else if (!p_or_strip(e, r, v, lo, hi, 0,
                               "paper 001 for the outcome; value by row periodicity (the first rows proved periodic by the engine)")) {
            why = "values other than 0 and 1 have no known closed form here";
        }
        break;
    case K_WT2M:
        /* paper 001: for x >= 8 or y >= 8, P-positions = Wythoff's */
        r->outcome = !wy_wythoff_is_p(x, y);
        r->method = "paper 001: misere P-positions are Wythoff's when x >= 8 or y >= 8";
        if (!p_or_strip(e, r, v, lo, hi, 0, "paper 001 for the outcome; value by row periodicity (the first rows proved periodic by the engine)"))
            why = "misere values other than 0 have no known closed form here";
        break;
    case K_WPASS:
        if (pass == 0) {
            r->outcome = !wy_wythoff_is_p(x, y);
            r->method = "closed form: Wythoff pairs (pass used: plain Wythoff)";
            if (!p_or_strip(e, r, v, lo, hi, 0, M_STRIP))
                why = "Wythoff values beyond row 45 have no known closed form or proved periodicity";
            break;
        }
        if (strip_value(e, v, lo, hi, 1)) {
            r->outcome = mpz_sgn(v) != 0;
            r->has_value = 1;
            r->method = M_STRIP;
            break;
        }
        /* not both below SMALL = 64, so x >= 9 or y >= 9: paper 000 Corollary 2,
         * P iff G_Wythoff = 1; bf_not_one needs x >= 7, true when min >= 7,
         * and a smaller min lies in the strip unless the strip failed */
        if (wy_wythoff_is_p(x, y) || bf_not_one(e, lo, hi)) {
            r->outcome = 1;
            r->method = "paper 000 Corollary 2 (P iff Wythoff value 1) and Blass-Fraenkel's bound on "
                        "value-1 positions (paper 000 Theorem 3)";
        } else {
            why = "deciding it needs to know whether Wythoff's value there is 1 (paper 000, Corollary 2), "
                  "and the position lies near a Wythoff pair, where no known method decides that";
        }
        break;
    case K_BOUNDED:
        if (strip_value(e, v, lo, hi, pass)) {
            r->outcome = mpz_sgn(v) != 0;
            r->has_value = 1;
            r->method = M_STRIP;
            break;
        }
        if (cert_try(e, 0)) {
            uint32_t a, c;
            cert_red(e, &a, &c, x, y);
            uint32_t g = wy_table_get(e->cert, a, c, (wy_side){pass, 0});
            r->outcome = g != 0;
            if (e->cert_state == 1) {
                mpz_set_ui(v, g);
                r->has_value = 1;
                r->method = "periodic values, proved by a periodicity certificate (docs/exact.md)";
            } else {
                r->method = "periodic outcomes, proved by a periodicity certificate (docs/exact.md)";
            }
        } else {
            why = e->cert_err;
        }
        break;
    default:
        if (strip_value(e, v, lo, hi, pass)) {
            r->outcome = mpz_sgn(v) != 0;
            r->has_value = 1;
            r->method = M_STRIP;
        } else {
            why = "no closed form or proved periodicity is known for this ruleset beyond the first rows";
        }
        break;
    }
    if (r->outcome < 0 && r->has_value)
        r->outcome = mpz_sgn(v) != 0;
    if (r->outcome == 0 && !r->has_value) {
        mpz_set_ui(v, 0); /* a P-position has value 0 */
        r->has_value = 1;
    }
    if (r->outcome < 0)
        return wy_fail(WY_ERANGE, err, errlen, "%s", why ? why : "no exact method applies");
    if (!r->has_value && why)
        snprintf(err, errlen, "%s", why); /* outcome known, value not: the reason */
    return WY_OK;
}

/* Largest square window the table engine reaches within the memory limit. */
static uint64_t table_reach(const wy_exact *e)
{
    uint64_t lo = 1, hi = UINT32_MAX;
    wy_side s = wy_side_start(&e->rules);
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        uint64_t need = wy_table_estimate(&e->rules, (uint32_t)mid, (uint32_t)mid, s);
        if (e->mem_limit && need > e->mem_limit)
            hi = mid - 1;
        else
            lo = mid;
    }
    return lo;
}

wy_status wy_exact_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, char *err,
                        size_t errlen)
{
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(x) < 0 || mpz_sgn(y) < 0)
        return wy_fail(WY_EINVAL, err, errlen, "coordinates must be non-negative");
    if (!e->heap_xor && e->rules.heap) {
        /* heap with a pass or misere: only the small table */
        if (fits_small(x, y)) {
            uint32_t g = wy_table_get(e->small, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), side);
            mpz_set_ui(ans->value, g);
            ans->has_value = 1;
            ans->outcome = g ? 'N' : 'P';
            ans->method = M_SMALL;
            return WY_OK;
        }
        goto refuse_plain;
    }
    res r;
    char why[WY_ERRLEN] = "";
    st = base_eval(e, &r, ans->value, x, y, side.pass, why, sizeof why);
    if (st != WY_OK && st != WY_ERANGE)
        return wy_fail(st, err, errlen, "%s", why);
    ans->method = r.method;
    if (!e->heap_xor || side.heap == 0) {
        if (st == WY_ERANGE)
            goto refuse;
        ans->outcome = r.outcome ? 'N' : 'P';
        ans->has_value = r.has_value;
        if (!r.has_value && err && errlen)
            snprintf(err, errlen, "%s", why); /* why the value is not known */
        return WY_OK;
    }
    /* G = G_base xor h */
    if (st == WY_OK && r.has_value) {
        mpz_set_ui(e->t[0], side.heap);
        mpz_xor(ans->value, ans->value, e->t[0]);
        ans->has_value = 1;
        ans->outcome = mpz_sgn(ans->value) ? 'N' : 'P';
        return WY_OK;
    }
    ans->has_value = 0;
    if (st == WY_OK && r.outcome == 0) { /* G_base = 0: G = h */
        mpz_set_ui(ans->value, side.heap);
        ans->has_value = 1;
        ans->outcome = 'N';
        return WY_OK;
    }
    if (side.heap == 1 && (e->kind == K_WYT) && mpz_cmp_ui(x, 7) >= 0 && mpz_cmp_ui(y, 7) >= 0) {
        mpz_srcptr lo, hi;
        order(&lo, &hi, x, y);
        if (bf_not_one(e, lo, hi)) {
            ans->outcome = 'N';
            if (err && errlen)
                snprintf(err, errlen, "the value needs Wythoff's value there, which no known method gives");
            ans->method = "nim-sum with the heap (G = G_Wythoff xor 1) and Blass-Fraenkel's bound on value-1 "
                          "positions (paper 000 Theorem 3)";
            return WY_OK;
        }
        snprintf(why, sizeof why,
                 "deciding it needs to know whether Wythoff's value there is %u, and the position lies near a "
                 "Wythoff pair, where no known method decides that", side.heap);
    } else if (!why[0]) {
        snprintf(why, sizeof why, "deciding it needs the base game's value there, which no exact method gives");
    }
refuse:
    return wy_fail(WY_ERANGE, err, errlen,
                   "no exact method decides this position: %s; the table engine reaches positions up to about "
                   "%llu x %llu within the memory limit",
                   why, (unsigned long long)table_reach(e), (unsigned long long)table_reach(e));
refuse_plain:
    return wy_fail(WY_ERANGE, err, errlen,
                   "no exact method covers heap=H with a pass or misere play beyond 0 <= x, y < %d; the table "
                   "engine reaches positions up to about %llu x %llu within the memory limit",
                   SMALL, (unsigned long long)table_reach(e), (unsigned long long)table_reach(e));
}

/* ------------------------------------------------------------------ */
/* Winning moves                                                       */
/* ------------------------------------------------------------------ */

/* Is (x, y, side) a P-position?  1 yes, 0 no, -1 undecided. */
static int is_p(wy_exact *e, const mpz_t x, const mpz_t y, wy_side side)
{
    wy_answer a;
    wy_answer_init(&a);
    int r = -1;
    if (wy_exact_eval(e, &a, x, y, side, NULL, 0) == WY_OK)
        r = a.outcome == 'P';
    wy_answer_clear(&a);
    return r;
}

/* Add (tx, ty) if it is reachable from (x, y) by kind and is a P-position. */
static int try_target(wy_exact *e, mlist *l, wy_move_kind kind, const mpz_t x, const mpz_t y, const mpz_t tx,
                      const mpz_t ty, wy_side side)
{
    if (mpz_sgn(tx) < 0 || mpz_sgn(ty) < 0)
        return 0;
    int p = is_p(e, tx, ty, side);
    if (p < 0)
        return -1;
    (void)x;
    (void)y;
    if (p)
        ml_add(l, kind, tx, ty, side);
    return 0;
}

wy_status wy_exact_winning(wy_exact *e, wy_bigmove **moves, size_t *count, const char **method, const mpz_t x,
                           const mpz_t y, wy_side side, char *err, size_t errlen)
{
    *moves = NULL;
    *count = 0;
    wy_answer self;
    wy_answer_init(&self);
    wy_status st = wy_exact_eval(e, &self, x, y, side, err, errlen);
    if (st != WY_OK) {
        wy_answer_clear(&self);
        return st;
    }
    *method = self.method;
    int is_pos_p = self.outcome == 'P';
    wy_answer_clear(&self);
    if (is_pos_p)
        return WY_OK;
    const wy_rules *b = &e->base;
    mlist l = {0};
    mpz_t tx, ty, k, u;
    mpz_inits(tx, ty, k, u, NULL);
    int undecided = 0;
    if (fits_small(x, y) && (!e->rules.max || e->rules.max < 1000)) {
        /* small positions: every option, from the move lister */
        size_t n = 0;
        uint32_t xs = (uint32_t)mpz_get_ui(x), ys = (uint32_t)mpz_get_ui(y);
        wy_moves_list(NULL, 0, &n, &e->rules, xs, ys, side, NULL, 0);
        wy_move *mv = malloc((n ? n : 1) * sizeof *mv);
        if (!mv) {
            st = wy_fail(WY_ERANGE, err, errlen, "out of memory");
            goto done;
        }
        wy_moves_list(mv, n, &n, &e->rules, xs, ys, side, NULL, 0);
        for (size_t i = 0; i < n; i++) {
            mpz_set_ui(tx, mv[i].x);
            mpz_set_ui(ty, mv[i].y);
            int p = is_p(e, tx, ty, mv[i].side);
            if (p < 0)
                undecided = 1;
            else if (p)
                ml_add(&l, mv[i].kind, tx, ty, mv[i].side);
        }
        free(mv);
        goto sorted;
    }
    /* Heap moves: to (x, y, h') for h' < h. */
    if (e->rules.heap) {
        for (uint32_t h = side.heap; h-- > 0;) {
            wy_side s2 = {side.pass, h};
            if (try_target(e, &l, WY_MOVE_HEAP, x, y, x, y, s2) < 0)
                undecided = 1;
        }
    }
    if (side.pass > 0) { /* a huge position always has another move */
        wy_side s2 = {side.pass - 1, side.heap};
        if (try_target(e, &l, WY_MOVE_PASS, x, y, x, y, s2) < 0)
            undecided = 1;
    }
    int ek = e->kind;
    if ((e->heap_xor && side.heap > 0) || (ek == K_WPASS && side.pass > 0))
        ek = K_NONE; /* the P-positions in a line are not known in closed form */
    switch (ek) {
    case K_NIM:
    case K_WYT:
    case K_WMOD:
    case K_WT2M:
    case K_NIMPASS:
    case K_WPASS: {
        /* Every P-position in the row of x: the partner of x (Wythoff) or its
         * Nim / Nim-with-pass counterpart; for the misere variant also the
         * small region.  Then test each candidate with the P-test. */
        const int nim = ek == K_NIM || ek == K_NIMPASS;
        const int nimpass = ek == K_NIMPASS && side.pass == 1;
        for (int line = 0; line < 2; line++) { /* 0: column move (x changes), 1: row move */
            mpz_srcptr fixed = line == 0 ? y : x, moving = line == 0 ? x : y;
            if (nimpass) {
                if (mpz_sgn(fixed) == 0)
                    mpz_set_ui(u, 0);
                else if (mpz_odd_p(fixed))
                    mpz_add_ui(u, fixed, 1);
                else
                    mpz_sub_ui(u, fixed, 1);
            } else if (nim) {
                mpz_set(u, fixed);
            } else {
                wy_ex_partner(u, fixed);
            }
            if (mpz_cmp(u, moving) < 0) {
                if (try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y, line ? x : u, line ? u : y,
                               side) < 0)
                    undecided = 1;
            }
        }
        if (!nim) {
            /* diagonal: the pair with the same difference */
            mpz_sub(k, y, x);
            mpz_abs(u, k);
            wy_ex_lower(tx, u);
            mpz_add(ty, tx, u);
            if (mpz_sgn(k) < 0)
                mpz_swap(tx, ty);
            mpz_sub(u, x, tx);
            if (mpz_sgn(u) > 0 && try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        if (ek == K_WMOD) {
            /* modular moves: targets (p, q) with q - p = y - x (mod M), |q - p| < M */
            unsigned long M = b->mod, r = (unsigned long)mpz_fdiv_ui(k, M); /* k = y - x */
            long cand[2] = {(long)r, (long)r - (long)M};
            for (int i = 0; i < 2; i++) {
                mpz_set_si(u, cand[i]);
                if (mpz_cmp(u, k) == 0)
                    continue; /* that is the diagonal */
                mpz_abs(u, u);
                wy_ex_lower(tx, u);
                mpz_add(ty, tx, u);
                if (cand[i] < 0)
                    mpz_swap(tx, ty);
                if (mpz_cmp(tx, x) < 0 && mpz_cmp(ty, y) < 0 &&
                    try_target(e, &l, WY_MOVE_MOD, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        if (ek == K_WT2M) {
            /* the small region's P-positions, reachable by one move */
            for (uint32_t px = 0; px < 8; px++)
                for (uint32_t py = 0; py < 8; py++) {
                    mpz_set_ui(tx, px);
                    mpz_set_ui(ty, py);
                    wy_move_kind kind;
                    mpz_sub(k, x, tx);
                    mpz_sub(u, y, ty);
                    if (mpz_sgn(k) == 0 && mpz_sgn(u) > 0)
                        kind = WY_MOVE_ROW;
                    else if (mpz_sgn(u) == 0 && mpz_sgn(k) > 0)
                        kind = WY_MOVE_COL;
                    else if (mpz_sgn(k) > 0 && mpz_cmp(k, u) == 0)
                        kind = WY_MOVE_DIAG;
                    else
                        continue;
                    if (try_target(e, &l, kind, x, y, tx, ty, side) < 0)
                        undecided = 1;
                }
        }
        break;
    }
    case K_WT2: {
        /* P-positions in the row of c: c = a_n + g(n) - 1 (partner b_n + g(n))
         * or c = b_n + g(n) (partner a_n + g(n) - 1); the terminal set. */
        for (int line = 0; line < 2; line++) {
            mpz_srcptr c = line == 0 ? y : x, moving = line == 0 ? x : y;
            for (int d = 0; d <= 1; d++) {
                /* a_n = c + d with g(n) = 1 - d, partner b_n + g(n) */
                mpz_add_ui(u, c, (unsigned long)d);
                if (wy_ex_classify(k, u) == 0 && wy_ex_g001(k) == 1 - d) {
                    mpz_add(u, u, k);
                    mpz_add_ui(u, u, (unsigned long)(1 - d));
                    if (mpz_cmp(u, moving) < 0 && try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y,
                                                              line ? x : u, line ? u : y, side) < 0)
                        undecided = 1;
                }
                /* b_n = c - d with g(n) = d, partner a_n + g(n) - 1 */
                if (mpz_cmp_ui(c, (unsigned long)d + 1) < 0)
                    continue;
                mpz_sub_ui(u, c, (unsigned long)d);
                if (wy_ex_classify(k, u) == 1 && wy_ex_g001(k) == d) {
                    mpz_sub(u, u, k);
                    if (d == 0) {
                        if (mpz_sgn(u) == 0)
                            continue;
                        mpz_sub_ui(u, u, 1);
                    }
                    if (mpz_cmp(u, moving) < 0 && try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y,
                                                              line ? x : u, line ? u : y, side) < 0)
                        undecided = 1;
                }
            }
        }
        /* diagonal: difference n + 1 */
        mpz_sub(k, y, x);
        mpz_abs(u, k);
        if (mpz_sgn(u) > 0) {
            mpz_sub_ui(u, u, 1);
            wy_ex_lower(tx, u);
            int g = wy_ex_g001(u);
            mpz_add(ty, tx, u);
            mpz_add_ui(ty, ty, (unsigned long)g);
            if (!g)
                mpz_sub_ui(tx, tx, 1);
            if (mpz_sgn(k) < 0)
                mpz_swap(tx, ty);
            mpz_sub(u, x, tx);
            if (mpz_sgn(tx) >= 0 && mpz_sgn(u) > 0 && try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        /* the terminal set x + y <= 2 */
        for (uint32_t px = 0; px <= 2; px++)
            for (uint32_t py = 0; px + py <= 2; py++) {
                mpz_set_ui(tx, px);
                mpz_set_ui(ty, py);
                mpz_sub(k, x, tx);
                mpz_sub(u, y, ty);
                wy_move_kind kind;
                if (mpz_sgn(k) == 0 && mpz_sgn(u) > 0)
                    kind = WY_MOVE_ROW;
                else if (mpz_sgn(u) == 0 && mpz_sgn(k) > 0)
                    kind = WY_MOVE_COL;
                else if (mpz_sgn(k) > 0 && mpz_cmp(k, u) == 0)
                    kind = WY_MOVE_DIAG;
                else
                    continue;
                ml_add(&l, kind, tx, ty, side);
            }
        break;
    }
    case K_WMAX:
    case K_NIMMAX: {
        /* P-positions by residues mod q = N + 1 (paper 002): in a line, the
         * residue of the moving coordinate is fixed, and a move of 1..N
         * reaches each residue at most once. */
        const unsigned long q = (unsigned long)b->max + 1, N = b->max;
        const unsigned long ru = mpz_fdiv_ui(x, q), rv = mpz_fdiv_ui(y, q);
        for (int line = 0; line < 2; line++) { /* 0: column move, 1: row move */
            const unsigned long mine = line == 0 ? ru : rv, other = line == 0 ? rv : ru;
            unsigned long w = other;
            if (ek == K_WMAX) {
                mpz_set_ui(k, other);
                wy_ex_partner(tx, k);
                if (mpz_cmp_ui(tx, N) > 0)
                    continue;
                w = mpz_get_ui(tx);
            }
            unsigned long step = (mine + q - w) % q;
            mpz_srcptr moving = line == 0 ? x : y;
            if (step == 0 || mpz_cmp_ui(moving, step) < 0)
                continue;
            mpz_set(tx, x);
            mpz_set(ty, y);
            mpz_sub_ui(line == 0 ? tx : ty, moving, step);
            if (try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        if (ek == K_WMAX) {
            /* diagonal: residue pairs (u', v') with v' - u' = v - u (mod q) */
            const unsigned long d = (rv + q - ru) % q;
            for (int c = 0; c < 2; c++) {
                unsigned long n = c == 0 ? d : q - d, up;
                if (c == 1 && d == 0)
                    continue;
                mpz_set_ui(k, n);
                wy_ex_lower(u, k);
                unsigned long an = mpz_get_ui(u);
                if (an + n > N)
                    continue;
                up = c == 0 ? an : an + n; /* target residues (up, up + d mod q) */
                unsigned long step = (ru + q - up) % q;
                if (step == 0 || mpz_cmp_ui(x, step) < 0 || mpz_cmp_ui(y, step) < 0)
                    continue;
                mpz_sub_ui(tx, x, step);
                mpz_sub_ui(ty, y, step);
                if (try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        break;
    }
    case K_BOUNDED: {
        /* bounded moves: every option, at most 3N of them */
        const unsigned long N = b->max;
        if (N > 100000) {
            st = wy_fail(WY_ERANGE, err, errlen, "listing the moves of max=%lu at this size is too slow", N);
            goto done;
        }
        for (int kind = 0; kind < 3; kind++) {
            for (unsigned long a = 1; a <= N; a++) {
                mpz_set(tx, x);
                mpz_set(ty, y);
                if (kind != WY_MOVE_ROW) {
                    if (mpz_cmp_ui(x, a) < 0)
                        break;
                    mpz_sub_ui(tx, tx, a);
                }
                if (kind != WY_MOVE_COL) {
                    if (mpz_cmp_ui(y, a) < 0)
                        break;
                    mpz_sub_ui(ty, ty, a);
                }
                if (kind == WY_MOVE_DIAG && b->game != WY_GAME_WYTHOFF)
                    break;
                if (try_target(e, &l, (wy_move_kind)kind, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        break;
    }
    default:
        undecided = 1;
        break;
    }
sorted:
    if (l.oom) {
        st = wy_fail(WY_ERANGE, err, errlen, "out of memory");
        goto done;
    }
    if (undecided) {
        st = wy_fail(WY_ERANGE, err, errlen,
                     "the outcome of some option of this position is not decided by any exact method");
        goto done;
    }
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, cmp_moves);
    *moves = l.v;
    *count = l.n;
    l.v = NULL;
    l.n = 0;
done:
    wy_bigmoves_free(l.v, l.n);
    mpz_clears(tx, ty, k, u, NULL);
    return st;
}

/* ------------------------------------------------------------------ */
/* P-positions along the sequence                                      */
/* ------------------------------------------------------------------ */

wy_status wy_exact_ppos(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got, const mpz_t from,
                        wy_side side, char *err, size_t errlen)
{
    *got = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(from) < 0)
        return wy_fail(WY_EINVAL, err, errlen, "--from must be non-negative");
    int kind = e->kind;
    if (e->rules.heap && side.heap)
        kind = K_NONE;
    if ((kind == K_WPASS || kind == K_NIMPASS) && side.pass == 0)
        kind = kind == K_WPASS ? K_WYT : K_NIM;
    mpz_t n, x, y;
    mpz_inits(n, x, y, NULL);
    size_t g = 0;
    switch (kind) {
    case K_NIM:
        /* (n, n) */
        for (mpz_set(n, from); g < k; mpz_add_ui(n, n, 1), g++) {
            mpz_set(a[g], n);
            mpz_set(b[g], n);
            if (index)
                mpz_set(index[g], n);
        }
        break;
    case K_NIMPASS:
        /* (0, 0), then (2m+1, 2m+2), index m + 1 */
        if (mpz_sgn(from) == 0 && g < k) {
            mpz_set_ui(a[g], 0);
            mpz_set_ui(b[g], 0);
            if (index)
                mpz_set_ui(index[g], 0);
            g++;
        }
        mpz_fdiv_q_2exp(n, from, 1); /* m = floor(from / 2): 2m + 2 > from */
        if (mpz_sgn(n) > 0)
            mpz_sub_ui(n, n, 1);
        for (; g < k; mpz_add_ui(n, n, 1)) {
            mpz_mul_2exp(x, n, 1);
            mpz_add_ui(x, x, 1);
            if (mpz_cmp(x, from) < 0)
                continue;
            mpz_set(a[g], x);
            mpz_add_ui(b[g], x, 1);
            if (index)
                mpz_add_ui(index[g], n, 1);
            g++;
        }
        break;
    case K_WYT:
    case K_WMOD:
    case K_WT2M:
    case K_WT2: {
        /* first n with a_n >= from (n = 0 for from = 0) */
        if (mpz_sgn(from) == 0) {
            mpz_set_ui(n, 0);
        } else {
            floor_div_phi(n, from);
            if (mpz_sgn(n) > 0)
                mpz_sub_ui(n, n, 1);
        }
        /* the small region (terminal set; misere: x, y < 8), merged in order */
        uint32_t sm[64][2];
        size_t ns = 0, is = 0;
        if (kind == K_WT2 || kind == K_WT2M) {
            uint32_t lim = kind == K_WT2 ? 3 : 8;
            for (uint32_t px = 0; px < lim; px++)
                for (uint32_t py = px; py < lim; py++) {
                    if (kind == K_WT2 && px + py > 2)
                        continue;
                    if (mpz_cmp_ui(from, px) > 0 || wy_table_get(e->small, px, py, (wy_side){0, 0}) != 0)
                        continue;
                    sm[ns][0] = px;
                    sm[ns][1] = py;
                    ns++;
                }
        }
        int have = 0; /* x, y hold the next pair of the sequence */
        while (g < k) {
            while (!have) {
                wy_wythoff_pair(x, y, n);
                mpz_set(e->t[7], n);
                mpz_add_ui(n, n, 1);
                if (kind == K_WT2) {
                    if (mpz_cmp_ui(e->t[7], 2) < 0)
                        continue; /* n = 0, 1 lie in the terminal set */
                    if (wy_ex_g001(e->t[7]))
                        mpz_add_ui(y, y, 1);
                    else
                        mpz_sub_ui(x, x, 1);
                }
                if (kind == K_WT2M && mpz_cmp_ui(y, 8) < 0)
                    continue; /* small region, listed from the table */
                if (kind == K_WMOD && mpz_cmp_ui(x, e->base.mod) >= 0) {
                    have = -1; /* the finite set ends here */
                    break;
                }
                if (mpz_cmp(x, from) < 0)
                    continue;
                have = 1;
            }
            int take_small = is < ns && (have < 0 || mpz_cmp_ui(x, sm[is][0]) > 0 ||
                                         (mpz_cmp_ui(x, sm[is][0]) == 0 && mpz_cmp_ui(y, sm[is][1]) > 0));
            if (take_small) {
                mpz_set_ui(a[g], sm[is][0]);
                mpz_set_ui(b[g], sm[is][1]);
                if (index)
                    mpz_set_si(index[g], -1);
                is++;
            } else if (have > 0) {
                mpz_set(a[g], x);
                mpz_set(b[g], y);
                if (index)
                    mpz_set(index[g], e->t[7]);
                have = 0;
            } else {
                break;
            }
            g++;
        }
        break;
    }
    default:
        mpz_clears(n, x, y, NULL);
        return wy_fail(WY_EINVAL, err, errlen,
                       "the P-positions of this ruleset are not a sequence with a closed form (use --size for a "
                       "window)");
    }
    *got = g;
    mpz_clears(n, x, y, NULL);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Row periods (public view of a strip)                                */
/* ------------------------------------------------------------------ */

wy_status wy_row_periods_compute(wy_row_periods *out, const wy_rules *rules, uint32_t rows, uint64_t max_cols,
                                 uint64_t mem_limit, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    wy_strip *s = NULL;
    wy_status st = wy_strip_build(&s, rules, rows, max_cols, mem_limit, err, errlen);
    if (st != WY_OK)
        return st;
    size_t n = (size_t)s->nlayers * s->nrows;
    out->row_pre = malloc(n * sizeof *out->row_pre);
    out->row_period = malloc(n * sizeof *out->row_period);
    if (!out->row_pre || !out->row_period) {
        wy_strip_free(s);
        wy_row_periods_clear(out);
        return wy_fail(WY_ERANGE, err, errlen, "out of memory");
    }
    memcpy(out->row_pre, s->row_pre, n * sizeof *out->row_pre);
    memcpy(out->row_period, s->row_period, n * sizeof *out->row_period);
    out->rows = s->nrows;
    out->layers = s->nlayers;
    out->y0 = s->y0;
    out->period = s->period;
    out->shift = s->shift;
    out->cols_computed = s->cols_computed;
    wy_strip_free(s);
    return WY_OK;
}

void wy_row_periods_clear(wy_row_periods *p)
{
    free(p->row_pre);
    free(p->row_period);
    p->row_pre = p->row_period = NULL;
}
