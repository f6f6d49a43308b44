/* exact_ppos.c - the P-positions of a ruleset along their sequence, from
 * any start (wy_exact_ppos; `wythoff ppos --from`). */
#include "exact.h"
#include "exact_misere.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* P-positions along the sequence                                      */
/* ------------------------------------------------------------------ */

/* Each sequence writes its pairs from the first with a >= from, at most k,
 * into a, b (and index when not NULL) and returns how many; n, x, y are
 * scratch numbers. */

/* nim: (n, n) */
static size_t ppos_nim(mpz_t *a, mpz_t *b, mpz_t *index, size_t k, const mpz_t from, mpz_t n)
{
    size_t g = 0;
    for (mpz_set(n, from); g < k; mpz_add_ui(n, n, 1), g++) {
        mpz_set(a[g], n);
        mpz_set(b[g], n);
        if (index)
            mpz_set(index[g], n);
    }
    return g;
}

/* nim+pass with the pass: (0, 0), then (2m+1, 2m+2), index m + 1 */
static size_t ppos_nim_pass(mpz_t *a, mpz_t *b, mpz_t *index, size_t k, const mpz_t from, mpz_t n, mpz_t x)
{
    size_t g = 0;
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
    return g;
}

/* The P-positions x <= y of the small region with x >= from, in order, from
 * the small table: paper 001's terminal set (K_WT2) or x, y < 8 in misere
 * play (K_WT2M); none for the other kinds.  Returns how many. */
static size_t ppos_small(const wy_exact *e, int kind, const mpz_t from, uint32_t sm[64][2])
{
    size_t ns = 0;
    if (kind != K_WT2 && kind != K_WT2M)
        return 0;
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
    return ns;
}

/* Wythoff's pairs (K_WYT), those with smaller heap < M (K_WMOD), paper
 * 001's pairs moved by g(n) (K_WT2) and the misere pairs (K_WT2M), each
 * merged in order with its small region (index -1). */
static size_t ppos_wythoff(wy_exact *e, int kind, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, const mpz_t from,
                           mpz_t n, mpz_t x, mpz_t y)
{
    /* first n with a_n >= from (n = 0 for from = 0) */
    if (mpz_sgn(from) == 0) {
        mpz_set_ui(n, 0);
    } else {
        wyi_ex_floor_div_phi(n, from);
        if (mpz_sgn(n) > 0)
            mpz_sub_ui(n, n, 1);
    }
    uint32_t sm[64][2];
    size_t ns = ppos_small(e, kind, from, sm), is = 0, g = 0;
    int have = 0; /* x, y hold the next pair of the sequence */
    while (g < k) {
        while (!have) {
            wy_wythoff_pair(x, y, n);
            mpz_set(e->t[7], n);
            mpz_add_ui(n, n, 1);
            if (kind == K_WT2) {
                if (mpz_cmp_ui(e->t[7], 2) < 0)
                    continue; /* n = 0, 1 lie in the terminal set */
                if (wyi_ex_g001(e->t[7]))
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
    return g;
}

wy_status wy_exact_ppos(wy_exact *e, mpz_t *a, mpz_t *b, mpz_t *index, size_t k, size_t *got, const mpz_t from,
                        wy_side side, char *err, size_t errlen)
{
    *got = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(from) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "--from must be non-negative");
    wy_side rs = side; /* p passes left: the game of p mod 2 passes */
    wy_exact *sub = wyi_ex_pass_sub(e, &rs);
    if (sub)
        return wy_exact_ppos(sub, a, b, index, k, got, from, rs, err, errlen);
    /* misere forms M1 (unbounded), M2, M5: the exceptional set E lies in
     * x, y <= 2 (docs/exact.md, Misere play), so from 3 on the misere
     * P-positions are the normal ones (G- = G off E) */
    if (e->normal && mpz_cmp_ui(from, 3) >= 0 && side.heap == 0 &&
        ((e->mis_form == WYI_MIS_NIM && !e->rules.max) || e->mis_form == WYI_MIS_WYT ||
         e->mis_form == WYI_MIS_NIM_PASS))
        return wy_exact_ppos(e->normal, a, b, index, k, got, from, side, err, errlen);
    int kind = e->kind;
    if (e->rules.heap && side.heap)
        kind = K_NONE;
    if ((kind == K_WPASS || kind == K_NIMPASS) && side.pass == 0)
        kind = kind == K_WPASS ? K_WYT : K_NIM;
    if (kind != K_NIM && kind != K_NIMPASS && kind != K_WYT && kind != K_WMOD && kind != K_WT2M && kind != K_WT2)
        return wyi_fail(WY_EUNDECIDED, err, errlen, "the P-positions of this ruleset are not a sequence with a "
                        "closed form");
    mpz_t n, x, y;
    mpz_inits(n, x, y, NULL);
    if (kind == K_NIM)
        *got = ppos_nim(a, b, index, k, from, n);
    else if (kind == K_NIMPASS)
        *got = ppos_nim_pass(a, b, index, k, from, n, x);
    else
        *got = ppos_wythoff(e, kind, a, b, index, k, from, n, x, y);
    mpz_clears(n, x, y, NULL);
    return WY_OK;
}
