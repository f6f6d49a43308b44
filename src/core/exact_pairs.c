/* exact_pairs.c - the number theory of the exact engine: Wythoff's pairs
 * (floor(n phi) by the integer square root, never floating point), where a
 * number stands among them, and paper 001's g(n). */
#include "exact.h"

/* ------------------------------------------------------------------ */
/* Wythoff pairs                                                       */
/* ------------------------------------------------------------------ */

void wyi_ex_lower(mpz_t a, const mpz_t n)
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
void wyi_ex_floor_div_phi(mpz_t q, const mpz_t c)
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

int wyi_ex_classify(mpz_t k, const mpz_t c)
{
    if (mpz_sgn(c) == 0) {
        mpz_set_ui(k, 0);
        return 2;
    }
    /* c = a_k iff k phi in [c, c + 1): k = floor(c / phi) + 1 is the only
     * candidate (c / phi is irrational). */
    mpz_t f, a;
    mpz_inits(f, a, NULL);
    wyi_ex_floor_div_phi(f, c);
    mpz_add_ui(k, f, 1);
    wyi_ex_lower(a, k);
    int r = 0;
    if (mpz_cmp(a, c) != 0) {
        /* c = b_j with j = floor(c / phi^2) + 1 = c - floor(c / phi). */
        mpz_sub(k, c, f);
        r = 1;
    }
    mpz_clears(f, a, NULL);
    return r;
}

void wyi_ex_partner(mpz_t p, const mpz_t c)
{
    mpz_t k;
    mpz_init(k);
    int r = wyi_ex_classify(k, c);
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
    wyi_ex_lower(t, n);
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
    wyi_ex_lower(a, n);
    int p = mpz_cmp(a, lo) == 0;
    mpz_clears(n, a, NULL);
    return p;
}

int wyi_ex_g001(const mpz_t n)
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
        wyi_ex_lower(c, cur);
        mpz_sub_ui(c, c, 1); /* a_n - 1 >= 2 for n >= 2 */
        if (wyi_ex_classify(m, c) != 1) {
            base = 1;
            break;
        }
        flips++;
        mpz_set(cur, m); /* g(n) = 1 - g(m), m < n */
    }
    mpz_clears(cur, c, m, NULL);
    return base ^ (flips & 1);
}
