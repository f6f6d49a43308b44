/* eval_count.c - the number of positions of value g in a window of any size,
 * where the layer is known along every diagonal (wy_eval_count; `wythoff
 * ppos --count`): Wythoff's P-positions (the closed form, x = floor(m phi)
 * on diagonal m) and its value-1 layer (the Fibonacci automaton proved by
 * Walnut, x = floor(m phi) + d(m)); and through the latter the P-positions
 * of wythoff+pass with the pass left (paper 000, Corollary 2).  O(hi - lo + 1) evaluations of the
 * layer, however large the window (docs/exact.md, "Counting positions"). */
#include "exact.h"
#include "internal.h"
#include "wythoff_automaton.h"

/* The layer: on diagonal m >= 0 its one position (A(m), A(m) + m), A(m) =
 * floor(m phi) + d(m), lo <= d(m) <= hi.  No automaton: d = 0. */
typedef struct {
    const wy_automaton *a;
    long lo, hi;
} dlayer;

static wy_status layer_at(const dlayer *L, mpz_t x, mpz_t y, const mpz_t m, char *err, size_t errlen)
{
    if (L->a)
        return wy_automaton_diagonal(L->a, x, y, m, err, errlen);
    wy_floor_phi(x, m);
    mpz_add(y, x, m);
    return WY_OK;
}

/* #{m >= 0 : floor(m phi) < T}: floor(m phi) < T iff m phi < T (T an
 * integer), iff m < T / phi, irrational for T >= 1: floor(T / phi) + 1;
 * none for T <= 0. */
static void count_phi(mpz_t out, const mpz_t T)
{
    if (mpz_sgn(T) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    wy_floor_phi_inv(out, T);
    mpz_add_ui(out, out, 1);
}

/* #{m >= 0 : floor(m phi) + m < T}: floor(m phi) + m = floor(m phi^2) < T
 * iff m < T / phi^2 = T - T / phi, whose floor is T - floor(T / phi) - 1
 * (T / phi irrational for T >= 1): T - floor(T / phi); none for T <= 0. */
static void count_phi2(mpz_t out, const mpz_t T)
{
    if (mpz_sgn(T) <= 0) {
        mpz_set_ui(out, 0);
        return;
    }
    wy_floor_phi_inv(out, T);
    mpz_sub(out, T, out);
}

static void sub_si(mpz_t out, const mpz_t a, long b)
{
    if (b >= 0)
        mpz_sub_ui(out, a, (unsigned long)b);
    else
        mpz_add_ui(out, a, (unsigned long)-(b + 1) + 1);
}

/* U(R, C) = #{m >= 0 : A(m) < R and A(m) + m < C}, the positions x <= y.
 * A(m) < R holds for every m < t1 = #{m : floor(m phi) < R - hi} and for no
 * m >= u1 = #{m : floor(m phi) < R - lo}; likewise A(m) + m < C below t2 and
 * from u2 on, with floor(m phi^2).  Below min(t1, t2) both hold; from
 * min(u1, u2) on one fails; the m between (at most hi - lo + 1 of them:
 * floor(m phi) and floor(m phi^2) rise by at least 1 a step) are evaluated
 * one by one. */
static wy_status count_upper(mpz_t out, const dlayer *L, const mpz_t R, const mpz_t C, char *err, size_t errlen)
{
    mpz_t T, t1, u1, t2, u2, m, x, y;
    mpz_inits(T, t1, u1, t2, u2, m, x, y, NULL);
    sub_si(T, R, L->hi);
    count_phi(t1, T);
    sub_si(T, R, L->lo);
    count_phi(u1, T);
    sub_si(T, C, L->hi);
    count_phi2(t2, T);
    sub_si(T, C, L->lo);
    count_phi2(u2, T);
    mpz_t *lo = mpz_cmp(t1, t2) <= 0 ? &t1 : &t2;
    mpz_t *hi = mpz_cmp(u1, u2) <= 0 ? &u1 : &u2;
    wy_status st = WY_OK;
    mpz_sub(T, *hi, *lo);
    if (mpz_sgn(T) < 0 || mpz_cmp_ui(T, (unsigned long)(L->hi - L->lo) + 1) > 0)
        st = wyi_fail(WY_EINTERNAL, err, errlen, "the count's boundary is wider than the layer's offsets allow");
    mpz_set(out, *lo);
    for (mpz_set(m, *lo); st == WY_OK && mpz_cmp(m, *hi) < 0; mpz_add_ui(m, m, 1)) {
        st = layer_at(L, x, y, m, err, errlen);
        if (st == WY_OK && mpz_cmp(x, R) < 0 && mpz_cmp(y, C) < 0)
            mpz_add_ui(out, out, 1);
    }
    mpz_clears(T, t1, u1, t2, u2, m, x, y, NULL);
    return st;
}

wy_status wy_eval_count(wy_exact *e, mpz_t count, const mpz_t rows, const mpz_t cols, wy_side side, uint64_t g,
                        char *err, size_t errlen)
{
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(rows) < 0 || mpz_sgn(cols) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "the window's sides must be non-negative");
    wy_side rs = side; /* p passes left: the game of p mod 2 passes, the same values */
    wy_exact *sub = wyi_ex_pass_sub(e, &rs);
    if (sub)
        return wy_eval_count(sub, count, rows, cols, rs, g, err, errlen);
    const wy_rules *r = &e->rules;
    /* Wythoff's game itself: no pass left (wythoff+pass=K at p = 0), no
     * other option */
    int plain = r->game == WY_GAME_WYTHOFF && rs.pass == 0 && !r->heap && !r->max && !r->mod && !r->has_terminal &&
                !r->misere;
    /* paper 000's game with the pass left (Corollary 2, proved with the
     * automaton): a position with x >= 9 or y >= 9 is a P-position iff
     * Wythoff's value there is 1; the 9 x 9 corner from the small table,
     * whose layer p = 0 is Wythoff's game itself */
    int pass_p = r->game == WY_GAME_WYTHOFF && r->passes == 1 && rs.pass == 1 && !r->heap && !r->max && !r->mod &&
                 !r->has_terminal && !r->misere && g == 0 && e->v1 && e->small;
    dlayer L = {NULL, 0, 0};
    if ((plain && g == 1 && e->v1) || pass_p) {
        const wy_automaton_info *in = wy_automaton_get_info(e->v1);
        L.a = e->v1;
        L.lo = (long)in->min_out;
        L.hi = (long)in->max_out;
    } else if (!(plain && g == 0)) {
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "a count in closed form covers Wythoff's values 0 and 1 and the P-positions of wythoff+pass "
                        "only (the layer engine counts the rest)");
    }
    /* the positions x <= y, then their mirror images x > y (m >= 1): the
     * second count with R and C exchanged, less its m = 0 term, which is
     * the first count's (A(0) < R and A(0) < C) */
    mpz_t u, zero, x, y;
    mpz_inits(u, zero, x, y, NULL);
    st = count_upper(count, &L, rows, cols, err, errlen);
    if (st == WY_OK)
        st = count_upper(u, &L, cols, rows, err, errlen);
    if (st == WY_OK)
        st = layer_at(&L, x, y, zero, err, errlen);
    if (st == WY_OK) {
        mpz_add(count, count, u);
        if (mpz_cmp(x, rows) < 0 && mpz_cmp(x, cols) < 0)
            mpz_sub_ui(count, count, 1);
    }
    if (st == WY_OK && pass_p) {
        /* the corner x, y < 9 of the window: Wythoff's value-1 positions
         * out, the pass game's P-positions in */
        const wy_side p0 = {0, 0}, p1 = {1, 0};
        for (uint32_t i = 0; i < 9 && mpz_cmp_ui(rows, i) > 0; i++)
            for (uint32_t j = 0; j < 9 && mpz_cmp_ui(cols, j) > 0; j++) {
                if (wy_table_get(e->small, i, j, p0) == 1)
                    mpz_sub_ui(count, count, 1);
                if (wy_table_get(e->small, i, j, p1) == 0)
                    mpz_add_ui(count, count, 1);
            }
    }
    mpz_clears(u, zero, x, y, NULL);
    return st;
}

wy_status wy_count_positions(mpz_t count, const wy_rules *rules, wy_side side, uint64_t g, const mpz_t rows,
                             const mpz_t cols, uint64_t mem_limit, char *err, size_t errlen)
{
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    /* only Wythoff's game itself and wythoff+pass with the pass left (value
     * 0) have a closed form: decided before an evaluator is made (its small
     * table holds every side state: costly for pass=K or heap=H with a large
     * K or H); p passes left play as p mod 2 (docs/exact.md, "Passes: p and
     * p mod 2"), so the evaluator is that of wythoff or wythoff+pass */
    const unsigned odd = side.pass % 2;
    if (g > 1 || (odd && g != 0) || rules->game != WY_GAME_WYTHOFF || rules->heap || rules->max || rules->mod ||
        rules->has_terminal || rules->misere)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "a count in closed form covers Wythoff's values 0 and 1 and the P-positions of wythoff+pass "
                        "only (the layer engine counts the rest)");
    wy_rules base = *rules;
    base.passes = odd;
    wy_exact *e = NULL;
    st = wy_exact_new(&e, &base, mem_limit, err, errlen);
    if (st == WY_OK)
        st = wy_eval_count(e, count, rows, cols, (wy_side){odd, 0}, g, err, errlen);
    wy_exact_free(e);
    return st;
}
