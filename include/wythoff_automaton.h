/*
 * wythoff_automaton.h - Fibonacci (Zeckendorf) numeration and automata with
 * output that describe a value layer at every size (docs/automata.md).
 *
 * Same conventions as wythoff.h (status codes, error buffers, ownership).
 *
 * Numeration.  Every n >= 0 is a sum of non-adjacent Fibonacci numbers
 * F_0 = 1, F_1 = 2, F_i = F_(i-1) + F_(i-2) in exactly one way (Zeckendorf);
 * its representation is the digit word, most significant first, with no two
 * adjacent 1s and no leading 0 (0 is the empty word).  This is Walnut's
 * msd_fib.
 *
 * Automata.  A deterministic automaton with output (a DFAO) reads the
 * digits of n, most significant first, from its start state; the output of
 * the state it ends in is the automaton's value at n.  Leading zeros do not
 * change it (the start state goes to itself on 0).  A state that was entered
 * by a 1 has no move on 1.
 *
 * Encoding "diagonal-offset" (the only one so far).  A layer (the positions
 * of one value g of one ruleset and side state) with exactly one position
 * (x, x + n), x <= x + n, on every diagonal y - x = n >= 0 is described by
 * the offsets d(n) = x - floor(n phi), phi the golden ratio: the automaton's
 * output at n is d(n).  Wythoff's game has this for every value g (each
 * value is on every diagonal once); the positions below the diagonal are the
 * mirror images.
 */
#ifndef WYTHOFF_AUTOMATON_H
#define WYTHOFF_AUTOMATON_H

#include "wythoff.h"

#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Zeckendorf numeration                                               */
/* ------------------------------------------------------------------ */

/* The Zeckendorf digits of n >= 0, most significant first, one byte (0 or
 * 1) each, no leading zero; *len 0 for n = 0.  *digits is allocated (release
 * with wy_free; NULL when *len is 0).  WY_EINVAL for n < 0, WY_ERANGE when
 * out of memory.  Cost: O(d^2 / 64) limb operations for d digits
 * (d is about 4.8 times the decimal digits): 50 us at 1000 digits. */
WY_API wy_status wy_zeck_digits(unsigned char **digits, size_t *len, const mpz_t n, char *err, size_t errlen);

/* The number a digit word represents (digits 0 or 1; adjacent 1s and
 * leading zeros are allowed: the sum of the weights). */
WY_API void wy_zeck_value(mpz_t n, const unsigned char *digits, size_t len);

/* floor(n phi) and floor(n / phi) for n >= 0, exactly (integer square
 * roots). */
WY_API void wy_floor_phi(mpz_t out, const mpz_t n);
WY_API void wy_floor_phi_inv(mpz_t out, const mpz_t n);

/* ------------------------------------------------------------------ */
/* Automata                                                            */
/* ------------------------------------------------------------------ */

typedef struct wy_automaton wy_automaton;

/* What an automaton describes and how it was made. */
typedef struct {
    wy_rules rules;      /* the ruleset */
    wy_side side;        /* its side state */
    uint64_t value;      /* the layer's value g (G- in misere play) */
    uint32_t states;     /* number of states */
    int64_t min_out, max_out; /* the smallest and largest output */
    uint64_t diagonals;  /* the data it was learned from: diagonals 0..diagonals-1 */
    uint32_t suffix;     /* the suffix length that told states apart */
    uint32_t depth;      /* the longest shortest word to a state */
    char made_by[512];   /* the command that made it ("" if unknown) */
} wy_automaton_info;

WY_API const wy_automaton_info *wy_automaton_get_info(const wy_automaton *a);
WY_API void wy_automaton_free(wy_automaton *a);

/* Read an automaton file (docs/automata.md, "The file format") from text of
 * len bytes.  Every field is checked: the header, the ruleset and side
 * state, the state count (at most 2^20), each state's output (|d| < 2^31)
 * and moves, the start state's move on 0 to itself; WY_EINVAL with the line
 * and the problem otherwise.  Cost: linear in the text. */
WY_API wy_status wy_automaton_parse(wy_automaton **out, const char *text, size_t len, char *err, size_t errlen);

/* The file's text (allocated; release with wy_free), NULL when out of
 * memory.  wy_automaton_parse of it gives the same automaton. */
WY_API char *wy_automaton_format(const wy_automaton *a);

/* The output at n >= 0.  WY_EINVAL for n < 0. */
WY_API wy_status wy_automaton_output(const wy_automaton *a, const mpz_t n, int64_t *out, char *err, size_t errlen);
/* The same for n < 2^63 without big numbers. */
WY_API int64_t wy_automaton_output_u64(const wy_automaton *a, uint64_t n);

/* The layer's position on diagonal y - x = n >= 0: x = floor(n phi) + d(n),
 * y = x + n.  WY_EINTERNAL if that x would be negative (a wrong automaton). */
WY_API wy_status wy_automaton_diagonal(const wy_automaton *a, mpz_t x, mpz_t y, const mpz_t n, char *err,
                                       size_t errlen);

/* 1 when (x, y) (any order) is a position of the layer, 0 when not. */
WY_API int wy_automaton_contains(const wy_automaton *a, const mpz_t x, const mpz_t y);

/* The positions (x, y) of the layer in row x (both sides of the diagonal:
 * y >= x from the diagonals whose position has smaller coordinate x, y < x
 * from those whose larger coordinate is x), in increasing y; at most
 * `cap` are written to ys and *count gets how many there are (a layer of
 * one value of Wythoff's game has exactly one in each row).  Cost: a few
 * runs of the automaton (the offsets are bounded: the candidates are the
 * diagonals whose floor(n phi) or floor(n phi) + n lies within the outputs'
 * range of x). */
WY_API void wy_automaton_row(const wy_automaton *a, mpz_t *ys, size_t cap, size_t *count, const mpz_t x);

/* The automata proved and shipped in data/automata/, compiled into the
 * library: wy_automaton_builtin loads one by name ("wythoff-v1": Wythoff's
 * value-1 layer); WY_EINVAL for an unknown name.  wy_automaton_builtin_text
 * gives a shipped file's text by its file name ("wythoff-v1.aut", and the
 * log of the Walnut run that proved it, "wythoff-v1.log"), NULL if there is
 * none; static text. */
WY_API wy_status wy_automaton_builtin(wy_automaton **out, const char *name, char *err, size_t errlen);
WY_API const char *wy_automaton_builtin_text(const char *file);

/* 64-bit FNV-1a of n bytes (offset basis 14695981039346656037, prime
 * 1099511628211): how the log of a Walnut run names the files it ran (`wythoff
 * automaton prove`, wythoff_check.h's PROVED), and the proof cache's
 * checksum.  A fingerprint, not a protection: replaying the proof is. */
WY_API uint64_t wy_fnv1a(const void *p, size_t n);

/* ------------------------------------------------------------------ */
/* Learning and checking                                               */
/* ------------------------------------------------------------------ */

/* Learn the minimal automaton (encoding diagonal-offset) of the layer of
 * value g, side state `side`, from the layer engine's positions on the
 * diagonals 0..diagonals-1 (Myhill-Nerode: two words lead to the same
 * state when every suffix of length up to L gives the same output; the
 * smallest L whose automaton agrees with every diagonal of the data is
 * taken).  WY_EINVAL: the layer engine does not cover the ruleset, or the
 * layer has no position or two positions on some diagonal (the encoding
 * does not apply; the message names the diagonal); WY_EUNDECIDED: no
 * automaton agrees with the data with states told apart within it (more
 * diagonals may fix it: the message says); WY_ERANGE: more memory than
 * mem_limit (0: none); WY_ECANCELED: run->progress asked to stop.
 * made_by is copied into the info.  Cost: the layer scan of a window of
 * about 2.7 diagonals (wy_layer_scan) and O(diagonals * digits) steps. */
WY_API wy_status wy_automaton_learn(wy_automaton **out, const wy_rules *rules, wy_side side, uint64_t g,
                                    uint64_t diagonals, uint64_t mem_limit, const char *made_by,
                                    const wy_run *run, char *err, size_t errlen);

/* Compare an automaton with a fresh layer scan of its ruleset, side state
 * and value on the diagonals 0..diagonals-1.  WY_OK: all agree; WY_EDIFF:
 * the first diagonal that differs is named in err (*bad_n gets it when
 * bad_n is not NULL); other errors as wy_automaton_learn. */
WY_API wy_status wy_automaton_verify(const wy_automaton *a, uint64_t diagonals, uint64_t mem_limit,
                                     const wy_run *run, uint64_t *bad_n, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Proofs with Walnut                                                  */
/* ------------------------------------------------------------------ */

/* Walnut's word-automaton file for this automaton (its "Word Automata
 * Library" format, numeration msd_fib), allocated (wy_free); NULL when out
 * of memory. */
WY_API char *wy_automaton_walnut_word(const wy_automaton *a);

/* The Walnut command file that proves the layer is exactly what the
 * automaton says, for Wythoff's game (no options) and value 1: that
 * Wythoff's P-positions are the pairs (floor(n phi), floor(n phi) + n),
 * and that the automaton's set is disjoint from them, holds no two
 * positions joined by a move and can be reached by a move from every
 * other position (docs/automata.md, "What is proved").  name is the word
 * automaton's name in Walnut's library (letters and digits, starting with an
 * upper-case letter).  With pass_small (n_pass_small positions; NULL: those the table engine gives) it also
 * proves the P-positions of wythoff+pass with the pass available: the
 * layer outside x, y <= 8 plus the listed positions inside.  Every `eval`
 * is expected TRUE.  Allocated (wy_free); NULL when out of memory.
 * WY_EINVAL (in *status) when the automaton is not of Wythoff's value 1. */
WY_API char *wy_automaton_walnut_proof(const wy_automaton *a, const char *name, const wy_pos *pass_small,
                                       size_t n_pass_small, wy_status *status, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
