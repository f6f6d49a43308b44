/* eval_ppos.c - the positions of a value g from any start, for every
 * ruleset (wy_eval_ppos; `wythoff ppos --from`): the closed-form sequences
 * of the exact engine (exact_ppos.c), else the layer engine, else the rows
 * one by one through the exact engine's periodic structure (max=N). */
#include "exact.h"
#include "internal.h"
#include "wythoff_automaton.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The layer engine                                                    */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t from;
    mpz_t *a, *b, *index;
    size_t k, got;
} lcollect;

static int on_pos(void *p, uint64_t x, uint64_t y)
{
    lcollect *c = p;
    if (x < c->from)
        return 0;
    mpz_set_ui(c->a[c->got], x);
    mpz_set_ui(c->b[c->got], y);
    if (c->index)
        mpz_set_si(c->index[c->got], -1);
    return ++c->got == c->k;
}

/* Rows from..last are scanned in B(last) + 1 columns, which holds the cell
 * of each of them (eval_layer.c), so the positions found with a <= last
 * are all there are; too few: the rows double. */
static wy_status layer_from(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got, const mpz_t from,
                            wy_side side, uint64_t g, const wy_run *run, char *err, size_t errlen)
{
    const uint64_t lim = (uint64_t)1 << 40;
    if (mpz_cmp_ui(from, lim) >= 0)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "listing from row %s needs the layer engine beyond its 2^40 rows", "X >= 2^40");
    lcollect c = {mpz_get_ui(from), a, b, index, k, 0};
    uint64_t span = wyi_sat_add(wyi_sat_mul(2, k), 64);
    for (;;) {
        uint64_t last = wyi_sat_add(c.from, span);
        if (last >= lim)
            last = lim - 1;
        /* every row up to last needs its B(last) + 1 columns: beyond 2^40
         * the scan refuses (WY_EUNDECIDED), never lists a row cut short */
        uint64_t cols = wyi_sat_add(wyi_ex_layer_bound(&e->rules, side, g, last), 1);
        c.got = 0;
        wy_status st = wyi_ex_layer_rows(e, side, g, last, cols, on_pos, &c, run, err, errlen);
        if (st != WY_OK)
            return st;
        if (c.got == k || last == lim - 1) {
            *got = c.got;
            return WY_OK;
        }
        span = wyi_sat_mul(span, 2);
    }
}

/* ------------------------------------------------------------------ */
/* Wythoff's value-1 layer by its proved automaton                     */
/* ------------------------------------------------------------------ */

/* The layer's positions (A(m), A(m) + m), A(m) = floor(m phi) + d(m), d in
 * [lo, hi], D = hi - lo, with A(m) >= from, in increasing A.  Every such m
 * has floor(m phi) >= from - hi, so m >= m0 = floor((from - hi) / phi) - 1;
 * A(m') > A(m) once m' >= m + D + 1 (floor(m' phi) - floor(m phi) >= m' - m).
 * The window m0 <= m < E sorted by A: its first k elements at or above from
 * are the answer when each has m < E - D (nothing beyond E comes before it). */
typedef struct {
    mpz_t x, y;
    uint64_t i;
} v1pos;

static int cmp_v1(const void *a, const void *b)
{
    return mpz_cmp(((const v1pos *)a)->x, ((const v1pos *)b)->x);
}

static wy_status v1_from(const wy_automaton *v1, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got,
                         const mpz_t from, char *err, size_t errlen)
{
    const wy_automaton_info *in = wy_automaton_get_info(v1);
    const uint64_t D = (uint64_t)(in->max_out - in->min_out);
    if (k > ((size_t)1 << 24))
        return wyi_fail(WY_ERANGE, err, errlen, "at most 2^24 positions at a time");
    mpz_t m0, m, t;
    mpz_inits(m0, m, t, NULL);
    mpz_set(t, from);
    if (in->max_out >= 0)
        mpz_sub_ui(t, t, (unsigned long)in->max_out);
    else
        mpz_add_ui(t, t, (unsigned long)-in->max_out);
    if (mpz_sgn(t) < 0)
        mpz_set_ui(t, 0);
    wy_floor_phi_inv(m0, t);
    if (mpz_cmp_ui(m0, 1) >= 0)
        mpz_sub_ui(m0, m0, 1);
    const size_t n = k + 6 * (size_t)D + 16;
    v1pos *w = malloc(n * sizeof *w);
    if (!w) {
        mpz_clears(m0, m, t, NULL);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    }
    wy_status st = WY_OK;
    size_t made = 0;
    for (; made < n && st == WY_OK; made++) {
        mpz_inits(w[made].x, w[made].y, NULL);
        w[made].i = made;
        mpz_add_ui(m, m0, made);
        st = wy_automaton_diagonal(v1, w[made].x, w[made].y, m, err, errlen);
    }
    if (st == WY_OK) {
        qsort(w, n, sizeof *w, cmp_v1);
        size_t j = 0;
        for (size_t i = 0; i < n && j < k; i++) {
            if (mpz_cmp(w[i].x, from) < 0)
                continue;
            if (w[i].i + D + 1 >= n) {
                st = wyi_fail(WY_EINTERNAL, err, errlen, "the value-1 window was too narrow");
                break;
            }
            mpz_set(a[j], w[i].x);
            mpz_set(b[j], w[i].y);
            if (index)
                mpz_set_si(index[j], -1);
            j++;
        }
        *got = j;
    }
    for (size_t i = 0; i < made; i++)
        mpz_clears(w[i].x, w[i].y, NULL);
    free(w);
    mpz_clears(m0, m, t, NULL);
    return st;
}

/* ------------------------------------------------------------------ */
/* Rows one by one (max=N: periodic rows)                              */
/* ------------------------------------------------------------------ */

/* Every row's outcomes repeat with period P once y - x >= D, and the rows
 * themselves repeat (shifted along the diagonal) with period P once
 * x >= S: paper 002's Theorem 1.2 (wythoff+max=N, nim+max=N: D = 0,
 * P = N + 1, S = 0) or the periodicity certificate (exact.c, cert_*). */
static int row_structure(wy_exact *e, uint64_t *D, uint64_t *P, uint64_t *S)
{
    if (e->heap_xor || e->rules.heap || e->rules.mod || !e->rules.max)
        return 0;
    if (e->kind == K_WMAX || e->kind == K_NIMMAX) {
        *D = 0;
        *P = (uint64_t)e->base.max + 1;
        *S = 0;
        return 1;
    }
    if (e->kind != K_BOUNDED || !wyi_ex_cert(e))
        return 0;
    *D = e->cert_d;
    *P = e->cert_p;
    *S = e->cert_s + e->cert_p;
    return 1;
}

static wy_status rows_from(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got, const mpz_t from,
                           wy_side side, char *err, size_t errlen)
{
    uint64_t D, P, S;
    if (!row_structure(e, &D, &P, &S))
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "no method lists the P-positions of this ruleset from a start: no closed form, the layer "
                        "engine does not cover max=N or mod=M, and no periodicity certificate was found (use "
                        "--size for a window)");
    mpz_t y, row;
    mpz_inits(y, row, NULL);
    wy_answer ans;
    wy_answer_init(&ans);
    size_t n = 0;
    wy_status st = WY_OK;
    /* rows from, from + 1, ...: after S + P rows without a P-position none
     * follows (the rows repeat) */
    uint64_t empty = 0;
    uint64_t pat[4096];
    for (mpz_set(row, from); n < k && empty <= S + P; mpz_add_ui(row, row, 1)) {
        /* the P cells of the row at d = y - x in [0, D + P) */
        size_t np = 0;
        int periodic = 0;
        for (uint64_t d = 0; d < D + P; d++) {
            mpz_add_ui(y, row, d);
            st = wy_exact_eval(e, &ans, row, y, side, err, errlen);
            if (st != WY_OK)
                goto out; /* undecided, or memory for a proof */
            const int p = ans.outcome == 'P';
            if (p) {
                if (np == sizeof pat / sizeof pat[0]) {
                    st = wyi_fail(WY_EUNDECIDED, err, errlen, "a row's period is too long to list");
                    goto out;
                }
                pat[np++] = d;
                periodic |= d >= D;
            }
        }
        empty = np ? 0 : empty + 1;
        /* then every j >= 1: the cells d + j P with d >= D */
        for (uint64_t j = 0; n < k && np; j++) {
            for (size_t i = 0; i < np && n < k; i++) {
                if (j && pat[i] < D)
                    continue;
                mpz_set(a[n], row);
                mpz_set_ui(y, P);
                mpz_mul_ui(y, y, j);
                mpz_add_ui(y, y, pat[i]);
                mpz_add(b[n], row, y);
                if (index)
                    mpz_set_si(index[n], -1);
                n++;
            }
            if (!periodic)
                break;
        }
    }
out:
    *got = st == WY_OK ? n : 0;
    wy_answer_clear(&ans);
    mpz_clears(y, row, NULL);
    return st;
}

wy_status wy_eval_ppos(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got, const mpz_t from,
                       wy_side side, uint64_t g, const wy_run *run, char *err, size_t errlen)
{
    *got = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(from) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "the start must be non-negative");
    if (k == 0)
        return WY_OK;
    wy_side rs = side; /* p passes left: the game of p mod 2 passes, the same values */
    wy_exact *sub = wyi_ex_pass_sub(e, &rs);
    if (sub)
        return wy_eval_ppos(sub, a, b, index, k, got, from, rs, g, run, err, errlen);
    if (g == 0) {
        st = wy_exact_ppos(e, a, b, index, k, got, from, side, err, errlen);
        if (st != WY_EUNDECIDED)
            return st;
    }
    /* Wythoff's value 1, and the P-positions of wythoff+pass with the pass
     * from row 9 on (paper 000's Corollary 2, proved): the automaton */
    if (e->v1 && !e->rules.heap &&
        ((e->kind == K_WYT && g == 1) || (e->kind == K_WPASS && side.pass == 1 && g == 0 && mpz_cmp_ui(from, 9) >= 0)))
        return v1_from(e->v1, a, b, index, k, got, from, err, errlen);
    if (wy_layer_supported(&e->rules, NULL, 0) == WY_OK)
        return layer_from(e, a, b, index, k, got, from, side, g, run, err, errlen);
    if (g != 0)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "positions of a value other than 0 from a start need the layer engine, which does not cover "
                        "max=N or mod=M (use --size for a window)");
    const wy_run *saved = e->run;
    if (run)
        e->run = run;
    st = rows_from(e, a, b, index, k, got, from, side, err, errlen);
    e->run = saved;
    return st;
}
