/* exact.h - the exact engine's number theory, shared with the tests
 * (internal to the library; the public interface is wythoff_exact.h). */
#ifndef WY_EXACT_INTERNAL_H
#define WY_EXACT_INTERNAL_H

#include "wythoff_exact.h"

/* a = floor(n * phi) = (n + isqrt(5 n^2)) / 2, n >= 0. */
void wy_ex_lower(mpz_t a, const mpz_t n);

/* Where c >= 0 stands among Wythoff's pairs (a_k, b_k) = (floor(k phi), a_k + k):
 * returns 0 and k with c = a_k (k >= 1), 1 and k with c = b_k (k >= 1), or
 * 2 and k = 0 for c = 0 (the pair (0, 0)).  Every c >= 1 is exactly one of
 * a_k, b_k (Beatty's theorem). */
int wy_ex_classify(mpz_t k, const mpz_t c);

/* The other member of c's Wythoff pair: b_k for c = a_k, a_k for c = b_k, 0 for 0. */
void wy_ex_partner(mpz_t p, const mpz_t c);

/* Paper 001's g(n): g(0) = 1, g(1) = 0, g(n) = 1 - g(m) if floor(n phi) = b_m + 1
 * for some m >= 0, else 1.  O(log n) steps, each a few big-integer
 * operations. */
int wy_ex_g001(const mpz_t n);

#endif
