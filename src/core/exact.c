/* exact.c - the exact engine (docs/exact.md): answers for positions of
 * any size from closed forms, the papers' theorems and periodicity the
 * engine proves itself.  Methods and their sources: docs/exact.md.
 *
 * A ruleset is first split as BASE + heap=H (normal play, no pass: the extra
 * heap adds by nim-sum, G = G_base xor h).  The base is matched to a kind
 * below; each kind says what it can decide:
 *   - positions with x, y < SMALL: a small table computed once (exact);
 *   - the outcome from a closed form or theorem (kind-specific);
 *   - the value where a closed form gives it, else from a row strip (rows
 *     0..STRIP_ROWS-1 proved periodic by src/core/strip.c) when min(x, y) is small,
 *     else from a periodicity certificate (bounded rules, see cert_*).
 * When nothing decides a position the answer is WY_ERANGE with the reason.
 */
#include "exact.h"
#include "exact_misere.h"
#include "internal.h"
#include "wythoff_automaton.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Answers                                                                 */
/* ------------------------------------------------------------------ */

void wy_answer_init(wy_answer *a)
{
    a->outcome = 'N';
    a->has_value = 0;
    mpz_init(a->value);
    a->method = "";
    a->why[0] = '\0';
    a->value_min = 0;
}

void wy_answer_clear(wy_answer *a) { mpz_clear(a->value); }

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
    return wy_exact_new_run(out, rules, mem_limit, NULL, err, errlen);
}

wy_status wy_exact_new_run(wy_exact **out, const wy_rules *rules, uint64_t mem_limit, const wy_run *run, char *err,
                           size_t errlen)
{
    *out = NULL;
    wy_status rs = wy_rules_check(rules, err, errlen);
    if (rs != WY_OK)
        return rs;
    wy_exact *e = calloc(1, sizeof *e);
    if (!e)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
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
    if (top.pass > 1) /* p >= 2 passes left is answered as p mod 2 by pass_red (wyi_ex_pass_sub) */
        top.pass = 1;
    wy_status st = wy_table_compute_run(&e->small, &e->base, SMALL, SMALL, top, mem_limit, WY_LAYOUT_AUTO, run, err,
                                        errlen);
    if (st == WY_OK && rules->misere) {
        e->mis_form = wyi_misere_form(rules);
        /* every form gets its normal-play evaluator: M1 answers without it,
         * but its winning moves take their candidates from it */
        if (e->mis_form) {
            wy_rules nr;
            wyi_misere_normal_rules(&nr, rules);
            st = wy_exact_new_run(&e->normal, &nr, mem_limit, run, err, errlen);
        }
    }
    /* Wythoff's value-1 layer: the proved automaton compiled in */
    if (st == WY_OK && (e->kind == K_WYT || e->kind == K_WPASS)) {
        wy_status as = wy_automaton_builtin(&e->v1, "wythoff-v1", NULL, 0);
        if (as == WY_ERANGE)
            st = wyi_fail(WY_ERANGE, err, errlen, "out of memory");
        else if (as != WY_OK)
            st = wyi_fail(WY_EINTERNAL, err, errlen, "the compiled-in automaton wythoff-v1 does not parse");
    }
    /* the same game with 0 and 1 passes (wyi_ex_pass_sub) */
    for (uint32_t q = 0; st == WY_OK && q < 2 && q < rules->passes; q++) {
        wy_rules pr = *rules;
        pr.passes = q;
        st = wy_exact_new_run(&e->pass_red[q], &pr, mem_limit, run, err, errlen);
    }
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
    wyi_strip_free(e->strip);
    wyi_strip_free(e->big);
    wy_exact_free(e->normal);
    wy_exact_free(e->pass_red[0]);
    wy_exact_free(e->pass_red[1]);
    wy_automaton_free(e->v1);
    free(e->cache_dir);
    for (int i = 0; i < 8; i++)
        mpz_clear(e->t[i]);
    free(e);
}

/* A strip covering row lo, built on first use.  Strips come in tiers of
 * 8, 16, 32 and 46 rows; a tier that cannot be proved within STRIP_COLS
 * columns is not tried again, nor is any larger one. */
static const int strip_tier[] = {8, 16, 32, STRIP_ROWS};
#define NTIERS 4

/* A failure of this call only (memory), not a fact about the ruleset. */
static void transient(wy_exact *e, const char *why)
{
    if (!e->transient)
        snprintf(e->transient_err, sizeof e->transient_err, "%s", why);
    e->transient = 1;
}

static const wyi_strip *get_strip(wy_exact *e, uint32_t lo);

/* The rulesets whose rows the strips prove: no heap=H; mod=M (m-modular
 * Wythoff, docs/periods.md) without max=N and with M at most STRIP_MOD_MAX
 * (the joint period is a multiple of M, and a larger M makes the strip's
 * windows and their class sets large for a question about one position). */
#define STRIP_MOD_MAX 64u
static int strip_rules(const wy_rules *b)
{
    return !b->heap && (!b->mod || (!b->max && b->mod <= STRIP_MOD_MAX));
}

/* Rows lo >= STRIP_ROWS: a strip of at least lo + 1 rows, read from the
 * cache directory or proved now (rows 0..lo, then written there). */
static const wyi_strip *get_big(wy_exact *e, uint32_t lo)
{
    if (e->big && e->big->nrows > lo)
        return e->big;
    if (lo >= DEMAND_ROWS || !strip_rules(&e->base) || (e->big_fail && lo + 1 >= e->big_fail))
        return NULL;
    const uint32_t R = (lo + 8) / 8 * 8; /* a multiple of 8: a batch of rows reuses it */
    char note[WY_ERRLEN];
    wyi_strip *s = wyi_strip_cache_load(e->cache_dir, &e->base, R, DEMAND_ROWS, e->mem_limit, note, sizeof note);
    if (note[0]) /* a directory or a file skipped (trust rule, damage): kept for wy_exact_cache_note */
        snprintf(e->cache_note, sizeof e->cache_note, "%s", note);
    const int cached = s != NULL;
    if (!s) {
        if (e->no_prove || !e->demand)
            return NULL;
        /* only above a proved tier of 46 rows: a ruleset whose first rows
         * are not periodic within 2^17 columns is not tried with more */
        if (!(e->strip && e->strip->nrows >= STRIP_ROWS) && !get_strip(e, STRIP_ROWS - 1))
            return NULL;
        wy_status st = wyi_strip_build_run(&s, &e->base, R, DEMAND_COLS, e->mem_limit, e->run, e->strip_err,
                                           sizeof e->strip_err);
        if (st == WY_ECANCELED) {
            e->canceled = 1;
            return NULL;
        }
        if (st == WY_EDIFF) {
            e->big_fail = R;
            return NULL;
        }
        if (st != WY_OK) {
            transient(e, e->strip_err);
            return NULL;
        }
        if (wyi_strip_cache_save(s, e->cache_dir, note, sizeof note) != 0 && note[0])
            snprintf(e->cache_note, sizeof e->cache_note, "%s", note);
    }
    wyi_strip_free(e->big);
    e->big = s;
    e->big_cached = cached;
    return s;
}

void wy_exact_set_cache(wy_exact *e, const char *dir)
{
    if (e->normal)
        wy_exact_set_cache(e->normal, dir);
    for (int q = 0; q < 2; q++)
        if (e->pass_red[q])
            wy_exact_set_cache(e->pass_red[q], dir);
    free(e->cache_dir);
    e->cache_dir = NULL;
    e->cache_note[0] = '\0';
    if (dir && *dir) {
        size_t n = strlen(dir) + 1;
        e->cache_dir = malloc(n);
        if (e->cache_dir)
            memcpy(e->cache_dir, dir, n);
    }
}

int wy_exact_cache_note(char *buf, size_t len, const wy_exact *e)
{
    const char *n = e->cache_note[0] || !e->normal ? e->cache_note : e->normal->cache_note;
    if (buf && len)
        snprintf(buf, len, "%s", n);
    return n[0] != '\0';
}

const char *wy_exact_cache_default(char *buf, size_t len)
{
    const char *w = getenv("WYTHOFF_CACHE");
    if (w)
        return *w && strcmp(w, "off") != 0 && snprintf(buf, len, "%s", w) < (int)len ? buf : NULL;
    const char *x = getenv("XDG_CACHE_HOME"); /* the XDG spec: only an absolute path counts */
    if (x && x[0] == '/')
        return snprintf(buf, len, "%s/wythoff", x) < (int)len ? buf : NULL;
    const char *h = getenv("HOME");
    if (h && h[0] == '/')
        return snprintf(buf, len, "%s/.cache/wythoff", h) < (int)len ? buf : NULL;
    return NULL;
}

static const wyi_strip *get_strip(wy_exact *e, uint32_t lo)
{
    if (lo >= STRIP_ROWS)
        return get_big(e, lo);
    int t = 0;
    while (t < NTIERS && (uint32_t)strip_tier[t] <= lo)
        t++;
    if (t == NTIERS || t >= e->strip_fail_tier)
        return NULL;
    if (e->strip && e->strip->nrows > lo)
        return e->strip;
    if (!strip_rules(&e->base) || e->no_prove)
        return NULL;
    wyi_strip *s = NULL;
    wy_status st = wyi_strip_build_run(&s, &e->base, (uint32_t)strip_tier[t], STRIP_COLS, e->mem_limit, e->run,
                                       e->strip_err, sizeof e->strip_err);
    if (st == WY_ECANCELED) {
        e->canceled = 1; /* not a failed proof: the caller stopped it */
        return NULL;
    }
    if (st == WY_EDIFF) { /* no period: remembered, not tried again */
        e->strip_fail_tier = t;
        return NULL;
    }
    if (st != WY_OK) { /* memory: this call is answered without it, a later one tries again */
        transient(e, e->strip_err);
        return NULL;
    }
    wyi_strip_free(e->strip);
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
    if (e->no_prove) /* the cheap first pass: closed forms only, whatever is known */
        return 0;
    if (e->cert_state)
        return e->cert_state > 0;
    e->cert_state = -1;
    char terr[WY_ERRLEN];
    const wy_rules *b = &e->base;
    const uint64_t N = b->max, q = N + 1, kt = wyi_terminal_bound(b);
    if (!N || b->mod || b->heap) {
        snprintf(e->cert_err, sizeof e->cert_err, "the periodicity certificate needs max=N without mod=M or heap=H");
        return 0;
    }
    for (int mode = 1; mode <= (values_only ? 1 : 2); mode++) {
        for (uint64_t L = 256; L <= CERT_MAX; L *= 2) {
            if (2 * q + 2 * N + kt + 2 > L)
                continue;
            wy_table *t = NULL;
            if (e->mem_limit && wy_table_estimate(b, (uint32_t)L, (uint32_t)L, wy_side_start(b)) > e->mem_limit)
                break; /* beyond the limit: as final as a search that failed */
            wy_status ts = wy_table_compute_run(&t, b, (uint32_t)L, (uint32_t)L, wy_side_start(b), e->mem_limit,
                                                WY_LAYOUT_AUTO, e->run, terr, sizeof terr);
            if (ts == WY_ECANCELED) { /* stopped: tried again by a later call */
                e->cert_state = 0;
                e->canceled = 1;
                return 0;
            }
            if (ts != WY_OK) {
                /* memory: not tried, as far as later calls are concerned */
                e->cert_state = 0;
                transient(e, terr);
                return 0;
            }
            for (uint64_t P = q; 2 * P + 2 * N < L && P <= 16 * q; P += q) {
                if (e->run && e->run->progress && e->run->progress(e->run->progress_ctx, 0, 0)) {
                    wy_table_free(t);
                    e->cert_state = 0;
                    e->canceled = 1;
                    return 0;
                }
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

int wyi_ex_cert(wy_exact *e) { return cert_try(e, 0); }

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
    uint64_t vmin;     /* has_value 0: a proved lower bound of the value, 0: none */
} res;

static const char *M_SMALL = "table"; /* the small table: the table engine itself */
/* A value from a row strip: proved by this evaluator (the tiers, or rows
 * proved on demand now), or read from the cache directory (rows proved on
 * demand by an earlier run; docs/exact.md, "Rows proved on demand"). */
#define STRIP_TEXT "row periodicity (the first rows proved periodic by the engine)"
#define STRIP_TEXT_CACHED "row periodicity (the first rows proved periodic by the engine, read from its cache)"
/* the two methods of a strip value, after a prefix */
#define STRIP_METHODS(prefix) prefix STRIP_TEXT, prefix STRIP_TEXT_CACHED
static const char *M_STRIP = STRIP_TEXT, *M_STRIP_CACHED = STRIP_TEXT_CACHED;

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
    wyi_ex_floor_div_phi(n, d); /* a_n < x - 2 for n below this */
    if (mpz_cmp_ui(n, 0) > 0)
        mpz_sub_ui(n, n, 1);
    for (;; mpz_add_ui(n, n, 1)) {
        wyi_ex_lower(a, n);
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

/* paper 001: (lo, hi), lo <= hi, lo + hi > 2, is a P-position of
 * wythoff+terminal=2 iff n = hi - lo - 1 >= 0 and lo = a_n + g(n) - 1. */
static int t2_is_p(wy_exact *e, const mpz_t lo, const mpz_t hi)
{
    mpz_ptr n = e->t[4], a = e->t[5];
    mpz_sub(n, hi, lo);
    if (mpz_sgn(n) <= 0)
        return 0;
    mpz_sub_ui(n, n, 1);
    wyi_ex_lower(a, n);
    if (wyi_ex_g001(n) == 0)
        mpz_sub_ui(a, a, 1);
    return mpz_cmp(a, lo) == 0;
}

/* Why no strip gives the value in row lo (after strip_value failed). */
static const char *strip_why(wy_exact *e, const mpz_t lo)
{
    if (mpz_cmp_ui(lo, DEMAND_ROWS) >= 0)
        snprintf(e->why, sizeof e->why, "row periodicity is proved on demand for rows 0..%d only (min(x, y) is "
                 "larger)", DEMAND_ROWS - 1);
    else if (!strip_rules(&e->base))
        snprintf(e->why, sizeof e->why, "row periodicity is not proved for rulesets with heap=H, nor with mod=M "
                 "beyond M = %u or with max=N", STRIP_MOD_MAX);
    else if (mpz_cmp_ui(lo, STRIP_ROWS) >= 0 && e->strip_fail_tier < 4)
        snprintf(e->why, sizeof e->why, "rows from 46 on are proved on demand only where rows 0..45 are periodic "
                 "within %u columns; here: %.300s", STRIP_COLS, e->strip_err);
    else if (e->big_fail && mpz_cmp_ui(lo, STRIP_ROWS) >= 0)
        snprintf(e->why, sizeof e->why, "no period of rows 0..%u was found within %u columns", e->big_fail - 1,
                 DEMAND_COLS);
    else if (mpz_cmp_ui(lo, STRIP_ROWS) < 0 && e->strip_fail_tier < 4)
        snprintf(e->why, sizeof e->why, "%s", e->strip_err);
    else if (e->no_prove || (!e->demand && !e->big_fail && mpz_cmp_ui(lo, STRIP_ROWS) >= 0))
        snprintf(e->why, sizeof e->why, "rows 0..%lu are not proved periodic yet (wy_eval proves them on demand)",
                 mpz_get_ui(lo));
    else
        snprintf(e->why, sizeof e->why, "%s", e->strip_err[0] ? e->strip_err : "no row periodicity proved here");
    return e->why;
}

/* "WHAT; " and why no strip gives the value (into e->why2). */
static const char *no_value(wy_exact *e, const char *what, const mpz_t lo)
{
    snprintf(e->why2, sizeof e->why2, "%s; %.400s", what, strip_why(e, lo));
    return e->why2;
}

/* The value of a strip row, if min(x, y) is within the strip: 0 none, 1
 * from a strip this evaluator proved, 2 from one read from the cache. */
static int strip_value(wy_exact *e, mpz_t v, const mpz_t lo, const mpz_t hi, uint32_t pass)
{
    if (mpz_cmp_ui(lo, DEMAND_ROWS) >= 0 || e->no_prove)
        return 0; /* no_prove: the cheap first pass uses closed forms only, so that the method does not depend on
                     what earlier calls proved */
    const wyi_strip *s = get_strip(e, (uint32_t)mpz_get_ui(lo));
    if (!s)
        return 0;
    wyi_strip_value(v, s, pass, (uint32_t)mpz_get_ui(lo), hi);
    return s == e->big && e->big_cached ? 2 : 1;
}

/* After an outcome is known: value 0 for a P-position, else the strip's
 * value when min(x, y) lies in a proved strip (method strip_method, or
 * cached_method when the strip was read from the cache).  Returns 1 when
 * a value was found. */
static int p_or_strip(wy_exact *e, res *r, mpz_t v, const mpz_t lo, const mpz_t hi, uint32_t pass,
                      const char *strip_method, const char *cached_method)
{
    if (r->outcome == 0) {
        mpz_set_ui(v, 0);
        return r->has_value = 1;
    }
    const int sv = strip_value(e, v, lo, hi, pass);
    if (!sv)
        return 0;
    r->method = sv == 2 ? cached_method : strip_method;
    return r->has_value = 1;
}

/* The value of a proved strip when min(x, y) lies in one: 1 then. */
static int strip_answer(wy_exact *e, res *r, mpz_t v, const mpz_t lo, const mpz_t hi, uint32_t pass)
{
    const int sv = strip_value(e, v, lo, hi, pass);
    if (!sv)
        return 0;
    r->outcome = mpz_sgn(v) != 0;
    r->has_value = 1;
    r->method = sv == 2 ? M_STRIP_CACHED : M_STRIP;
    return 1;
}

/* The kinds of base_eval with more than a line or two: each sets r (and v
 * when r->has_value) and returns why what is missing is unknown (NULL: no
 * reason to give). */
static const char *eval_wythoff(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, mpz_srcptr lo,
                                mpz_srcptr hi)
{
    r->outcome = !wy_wythoff_is_p(x, y);
    r->method = "closed form: Wythoff pairs (floor(n phi) by integer square root)";
    if (r->outcome && e->v1 && wy_automaton_contains(e->v1, lo, hi)) {
        mpz_set_ui(v, 1);
        r->has_value = 1;
        r->method = M_V1;
        return NULL;
    }
    if (p_or_strip(e, r, v, lo, hi, 0, M_STRIP, M_STRIP_CACHED))
        return NULL;
    if (!e->v1)
        return no_value(e, "Wythoff's values have no known closed form beyond the P-positions", lo);
    r->method = "closed form: Wythoff pairs, and the value-1 layer by its Fibonacci automaton proved by "
                "Walnut (docs/automata.md)";
    r->vmin = 2;
    return "G >= 2: neither a P-position nor on the value-1 layer (" M_V1 "); Wythoff's values "
           "2 and above have no known closed form";
}

static const char *eval_wythoff_max(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, mpz_srcptr lo,
                                    mpz_srcptr hi)
{
    unsigned long q = (unsigned long)e->base.max + 1;
    mpz_set_ui(e->t[0], mpz_fdiv_ui(x, q));
    mpz_set_ui(e->t[1], mpz_fdiv_ui(y, q));
    r->outcome = !wy_wythoff_is_p(e->t[0], e->t[1]);
    r->method = "periodic P-positions (paper 002, Theorem 1.2): (x mod (N+1), y mod (N+1)) a Wythoff pair";
    if (p_or_strip(e, r, v, lo, hi, 0, STRIP_METHODS("paper 002 Thm 1.2 for the outcome; value by ")))
        return NULL;
    if (!(cert_try(e, 1) && e->cert_state == 1))
        return no_value(e, "the values of this max=N have no periodicity certificate", lo);
    uint32_t a, c;
    cert_red(e, &a, &c, x, y);
    mpz_set_ui(v, wy_table_get(e->cert, a, c, (wy_side){0, 0}));
    r->has_value = 1;
    r->method = "paper 002 Thm 1.2 for the outcome; value by a periodicity certificate (docs/exact.md)";
    return NULL;
}

static const char *eval_terminal2(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, mpz_srcptr lo,
                                  mpz_srcptr hi)
{
    r->outcome = !t2_is_p(e, lo, hi);
    r->method = "P-positions through g(n) and Hofstadter's G-sequence (paper 001, Theorem 1)";
    if (r->outcome == 0)
        return NULL; /* value 0, set by base_eval */
    if (wy_wythoff_is_p(x, y)) {
        /* x >= SMALL or y >= SMALL here, so x >= 8 or y >= 8 */
        mpz_set_ui(v, 1);
        r->has_value = 1;
        r->method = "paper 001, Theorems 1-2: G = 1 exactly at Wythoff's P-positions when x >= 8 or y >= 8";
        return NULL;
    }
    if (p_or_strip(e, r, v, lo, hi, 0, STRIP_METHODS("paper 001 for the outcome; value by ")))
        return NULL;
    return no_value(e, "values other than 0 and 1 have no known closed form here", lo);
}

static const char *eval_wythoff_pass(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, mpz_srcptr lo,
                                     mpz_srcptr hi, uint32_t pass)
{
    static const char cor2_walnut[] =
        "paper 000 Corollary 2 (P iff Wythoff value 1 when x >= 9 or y >= 9), proved for every position by Walnut "
        "with Wythoff's value-1 automaton (docs/automata.md)";
    if (pass == 0) {
        r->outcome = !wy_wythoff_is_p(x, y);
        r->method = "closed form: Wythoff pairs (pass used: plain Wythoff)";
        if (!p_or_strip(e, r, v, lo, hi, 0, M_STRIP, M_STRIP_CACHED))
            return no_value(e, "Wythoff's values have no known closed form beyond the P-positions", lo);
        return NULL;
    }
    /* x >= 9 or y >= 9 here (not both below SMALL): a P-position by the
     * proved automaton needs no strip (winning moves test their
     * candidates this way) */
    if (e->v1 && wy_automaton_contains(e->v1, lo, hi)) {
        r->outcome = 0;
        r->method = cor2_walnut;
        return NULL;
    }
    if (strip_answer(e, r, v, lo, hi, 1))
        return NULL;
    /* not both below SMALL = 64, so x >= 9 or y >= 9: paper 000 Corollary 2,
     * P iff G_Wythoff = 1; bf_not_one needs x >= 7, true when min >= 7,
     * and a smaller min lies in the strip unless the strip failed */
    if (e->v1) {
        r->outcome = !wy_automaton_contains(e->v1, lo, hi);
        r->method = cor2_walnut;
        return r->outcome ? "the value of an N-position of the pass game has no known closed form" : NULL;
    }
    if (wy_wythoff_is_p(x, y) || bf_not_one(e, lo, hi)) {
        r->outcome = 1;
        r->method = "paper 000 Corollary 2 (P iff Wythoff value 1) and Blass-Fraenkel's bound on "
                    "value-1 positions (paper 000 Theorem 3)";
        return NULL;
    }
    return "deciding it needs to know whether Wythoff's value there is 1 (paper 000, Corollary 2), "
           "and the position lies near a Wythoff pair, where no known method decides that";
}

static const char *eval_bounded(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, mpz_srcptr lo,
                                mpz_srcptr hi, uint32_t pass)
{
    if (strip_answer(e, r, v, lo, hi, pass))
        return NULL;
    if (!cert_try(e, 0))
        return e->cert_err;
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
    return NULL;
}

static wy_status base_eval(wy_exact *e, res *r, mpz_t v, const mpz_t x, const mpz_t y, uint32_t pass, char *err,
                           size_t errlen)
{
    const wy_rules *b = &e->base;
    r->outcome = -1;
    r->has_value = 0;
    r->vmin = 0;
    r->method = "";
    if (wyi_ex_fits_small(x, y)) {
        mpz_set_ui(v, wy_table_get(e->small, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), (wy_side){pass, 0}));
        r->outcome = mpz_sgn(v) != 0;
        r->has_value = 1;
        r->method = M_SMALL;
        return WY_OK;
    }
    mpz_srcptr lo, hi;
    wyi_ex_order(&lo, &hi, x, y);
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
        p_or_strip(e, r, v, lo, hi, 1, STRIP_METHODS("closed form for the outcome; value by "));
        break;
    case K_WYT: why = eval_wythoff(e, r, v, x, y, lo, hi); break;
    case K_WMAX: why = eval_wythoff_max(e, r, v, x, y, lo, hi); break;
    case K_WMOD:
        /* paper 004: the P-positions are Wythoff's pairs with smaller heap < M */
        r->outcome = !(wy_wythoff_is_p(x, y) && mpz_cmp_ui(lo, b->mod) < 0);
        r->method = "finite P-set (paper 004): Wythoff pairs with smaller heap < M";
        if (!p_or_strip(e, r, v, lo, hi, 0, STRIP_METHODS("finite P-set (paper 004) for the outcome; value by ")))
            why = no_value(e, "the values of mod=M have no known closed form", lo);
        break;
    case K_WT2: why = eval_terminal2(e, r, v, x, y, lo, hi); break;
    case K_WT2M:
        /* paper 001: for x >= 8 or y >= 8, P-positions = Wythoff's */
        r->outcome = !wy_wythoff_is_p(x, y);
        r->method = "paper 001: misere P-positions are Wythoff's when x >= 8 or y >= 8";
        if (!p_or_strip(e, r, v, lo, hi, 0, STRIP_METHODS("paper 001 for the outcome; value by ")))
            why = no_value(e, "misere values other than 0 have no known closed form here", lo);
        break;
    case K_WPASS: why = eval_wythoff_pass(e, r, v, x, y, lo, hi, pass); break;
    case K_BOUNDED: why = eval_bounded(e, r, v, x, y, lo, hi, pass); break;
    default:
        if (!strip_answer(e, r, v, lo, hi, pass))
            why = no_value(e, "no closed form is known for this ruleset", lo);
        break;
    }
    if (r->outcome < 0 && r->has_value)
        r->outcome = mpz_sgn(v) != 0;
    if (r->outcome == 0 && !r->has_value) {
        mpz_set_ui(v, 0); /* a P-position has value 0 */
        r->has_value = 1;
    }
    if (r->outcome < 0)
        return wyi_fail(WY_EUNDECIDED, err, errlen, "%s", why ? why : "no exact method applies");
    if (!r->has_value && why && err && errlen)
        snprintf(err, errlen, "%s", why); /* outcome known, value not: the reason (into the answer's why) */
    return WY_OK;
}

void wy_exact_set_run(wy_exact *e, const wy_run *run)
{
    e->run = run;
    if (e->normal)
        wy_exact_set_run(e->normal, run);
    for (int q = 0; q < 2; q++)
        if (e->pass_red[q])
            wy_exact_set_run(e->pass_red[q], run);
}

wy_exact *wyi_ex_pass_sub(const wy_exact *e, wy_side *side)
{
    if (!e->rules.passes)
        return NULL;
    if (side->pass == 0)
        return e->kind == K_WPASS || e->kind == K_NIMPASS || e->mis_form ? NULL : e->pass_red[0];
    if (e->rules.passes == 1)
        return NULL;
    side->pass &= 1;
    return e->pass_red[side->pass];
}

wy_status wyi_ex_sub_eval(wy_exact *e, wy_exact *sub, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side,
                          char *err, size_t errlen)
{
    if (sub == e)
        return wy_exact_eval(e, ans, x, y, side, err, errlen);
    const int no_prove = sub->no_prove, demand = sub->demand;
    const wy_run *run = sub->run;
    sub->no_prove = e->no_prove;
    sub->demand = e->demand;
    sub->run = e->run;
    wy_status st = wy_exact_eval(sub, ans, x, y, side, err, errlen);
    sub->no_prove = no_prove; /* sub may be asked directly later (wy_eval_ppos) */
    sub->demand = demand;
    sub->run = run;
    if (sub->canceled)
        e->canceled = 1;
    if (sub->transient)
        transient(e, sub->transient_err);
    return st;
}

/* The normal-play answers a misere closed form needs (exact_misere.h). */
static int mis_normal(void *ctx, const mpz_t x, const mpz_t y, wy_side side, mpz_t v, int *has_value)
{
    wy_exact *e = ctx;
    wy_answer a;
    wy_answer_init(&a);
    int r = 0;
    *has_value = 0;
    if (wyi_ex_sub_eval(e, e->normal, &a, x, y, side, NULL, 0) == WY_OK) {
        r = a.outcome;
        if (a.has_value) {
            mpz_set(v, a.value);
            *has_value = 1;
        }
    }
    wy_answer_clear(&a);
    return r;
}

static wy_status exact_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, char *err,
                            size_t errlen);

wy_status wy_exact_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, char *err,
                        size_t errlen)
{
    e->canceled = 0;
    e->transient = 0;
    wy_status st = exact_eval(e, ans, x, y, side, err, errlen);
    if (e->canceled)
        return wyi_fail(WY_ECANCELED, err, errlen, "stopped while proving row periodicity");
    /* a proof this call could not afford (memory): the call fails, with that
     * reason, rather than answer less than it would with the memory */
    if (e->transient && (st == WY_EUNDECIDED || (st == WY_OK && !ans->has_value)))
        return wyi_fail(WY_ERANGE, err, errlen, "%s", e->transient_err);
    return st;
}

static wy_status exact_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, char *err,
                            size_t errlen)
{
    ans->why[0] = '\0';
    ans->has_value = 0;
    ans->value_min = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(x) < 0 || mpz_sgn(y) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "coordinates must be non-negative");
    /* p passes left: the game of p mod 2 passes (docs/exact.md, "Passes: p and p mod 2") */
    wy_side rs = side;
    wy_exact *sub = wyi_ex_pass_sub(e, &rs);
    if (sub)
        return wyi_ex_sub_eval(e, sub, ans, x, y, rs, err, errlen);
    if (e->mis_form && e->kind != K_WT2M && !wyi_ex_fits_small(x, y)) {
        char oc;
        int hv;
        if (wyi_misere_eval(e->mis_form, &e->rules, x, y, side, mis_normal, e, ans->value, &hv, &oc,
                            &ans->method)) {
            ans->outcome = oc;
            ans->has_value = hv;
            if (!hv)
                snprintf(ans->why, sizeof ans->why, "%s", wyi_misere_why(e->mis_form));
            return WY_OK;
        }
    }
    if (!e->heap_xor && e->rules.heap) {
        /* heap with a pass or misere: only the small table */
        if (wyi_ex_fits_small(x, y)) {
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
    if (st != WY_OK && st != WY_EUNDECIDED)
        return wyi_fail(st, err, errlen, "%s", why);
    ans->method = r.method;
    if (!e->heap_xor || side.heap == 0) {
        if (st == WY_EUNDECIDED)
            goto refuse;
        ans->outcome = r.outcome ? 'N' : 'P';
        ans->has_value = r.has_value;
        if (!r.has_value) {
            snprintf(ans->why, sizeof ans->why, "%.400s", why[0] ? why : "no exact method gives it");
            ans->value_min = r.vmin;
        }
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
    if (st == WY_OK && side.heap == 1 && e->kind == K_WYT && e->v1) {
        /* G_base is neither 0 nor 1 here (the automaton decides 1): G = G_base xor 1 >= 2 */
        ans->outcome = 'N';
        snprintf(ans->why, sizeof ans->why,
                 "G >= 2: G = G_Wythoff xor 1 and G_Wythoff >= 2 here, whose exact value has no known closed form");
        ans->method = "nim-sum with the heap (G = G_Wythoff xor 1) and " M_V1;
        ans->value_min = 2;
        return WY_OK;
    }
    if (side.heap == 1 && (e->kind == K_WYT) && mpz_cmp_ui(x, 7) >= 0 && mpz_cmp_ui(y, 7) >= 0) {
        mpz_srcptr lo, hi;
        wyi_ex_order(&lo, &hi, x, y);
        if (bf_not_one(e, lo, hi)) {
            ans->outcome = 'N';
            snprintf(ans->why, sizeof ans->why, "the value needs Wythoff's value there, which no known method gives");
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
    return wyi_fail(WY_EUNDECIDED, err, errlen, "no closed form or proved periodicity decides this position: %s", why);
refuse_plain:
    if (e->mis_form && e->normal) {
        /* the misere form needed the normal-play outcome there: say why it is not known */
        char nerr[WY_ERRLEN] = "";
        wy_answer na;
        wy_answer_init(&na);
        st = wyi_ex_sub_eval(e, e->normal, &na, x, y, side, nerr, sizeof nerr);
        wy_answer_clear(&na);
        if (st != WY_OK)
            return wyi_fail(st, err, errlen,
                            "%s%.400s", st == WY_EUNDECIDED ? "misere play is normal play here (docs/exact.md, "
                                                             "Misere play), whose outcome is not decided: " : "", nerr);
    }
    return wyi_fail(WY_EUNDECIDED, err, errlen,
                    "no closed form covers heap=H with a pass or misere play beyond 0 <= x, y < %d", SMALL);
}

/* ------------------------------------------------------------------ */
/* Winning moves                                                       */
/* ------------------------------------------------------------------ */

int wyi_ex_is_p(wy_exact *e, const mpz_t x, const mpz_t y, wy_side side)
{
    wy_answer a;
    wy_answer_init(&a);
    /* the outcome only: a value this call could not afford (a strip proof
     * out of memory, e->transient) does not make the outcome unknown, as it
     * does for wy_exact_eval's answer */
    e->canceled = 0;
    e->transient = 0;
    const wy_status st = exact_eval(e, &a, x, y, side, NULL, 0);
    const int r = st == WY_OK && !e->canceled ? a.outcome == 'P' : -1;
    wy_answer_clear(&a);
    return r;
}
