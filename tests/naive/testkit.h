/*
 * testkit.h - small helpers shared by the differential tests
 * (tests/unit/t-*-vs-naive.c): a deterministic PRNG, environment numbers,
 * random rulesets.  No floating point, no globals.
 */
#ifndef WY_TESTKIT_H
#define WY_TESTKIT_H

#include <stddef.h>
#include <stdint.h>

#include "wythoff.h"

/* splitmix64: tiny, deterministic, good enough for test case generation. */
typedef struct {
    uint64_t state;
} tk_rng;

void tk_rng_seed(tk_rng *g, uint64_t seed);
uint64_t tk_rng_next(tk_rng *g);
/* Uniform in [lo, hi] (inclusive; requires lo <= hi). */
uint32_t tk_rng_range(tk_rng *g, uint32_t lo, uint32_t hi);
/* 1 with probability num/den. */
int tk_rng_chance(tk_rng *g, uint32_t num, uint32_t den);

/* The value of environment variable `name` as a decimal uint64 (digits only).
 * Returns 0 if it is unset (leaves *out alone), 1 if it was read into *out,
 * -1 if it is set but not a valid number (a message goes to stdout). */
int tk_env_u64(uint64_t *out, const char *name);

/* The default seed: every run checks the same cases unless WY_SEED says
 * otherwise (tests/run exports WY_SEED, printing it). */
#define TK_SEED_DEFAULT UINT64_C(20261121)

/* The seed: WY_SEED if set, else TK_SEED_DEFAULT.  Prints "seed = N".
 * Returns 0, or -1 if WY_SEED is malformed. */
int tk_seed(uint64_t *seed);

/* WY_TEST_ITERS (default 1, at least 1).  Returns 0, or -1 if malformed. */
int tk_iters(uint64_t *iters);

/* The size knobs (tests/run documents them):
 *  tk_test_san(): 1 when the test runs in the sanitizer build: WY_TEST_SAN=1
 *    (tests/run sets it there); when WY_TEST_SAN is unset, 1 if this file was
 *    compiled with AddressSanitizer.  Tests then check smaller windows and
 *    fewer random cases, every code path still running.
 *  tk_test_big(): 1 when WY_TEST_BIG=1 asks for the big windows and long
 *    runs (default 0). */
int tk_test_san(void);
int tk_test_big(void);

/* A ruleset in the spec's terms, before parsing. */
typedef struct {
    int nim;          /* game nim (else wythoff) */
    uint32_t passes;  /* 0..: 0 = no pass */
    uint32_t heap;    /* 0 = no heap */
    uint32_t max;     /* 0 = unbounded */
    uint32_t mod;     /* 0 = none (wythoff only) */
    int has_terminal; /* terminal= present */
    uint32_t terminal;
    int misere;
    int pass_short;   /* write pass=1 as "+pass" */
} tk_spec;

/* Random spec: game wythoff/nim, passes 0..3, heap 0..3, max 0 or 1..6,
 * mod 0 or 1..7 (wythoff only), terminal absent or 0..6, misere on/off. */
void tk_random_spec(tk_rng *g, tk_spec *s);

/* The ruleset text of a spec, e.g. "wythoff+pass=2+max=3".  Returns the
 * length (like snprintf). */
int tk_spec_text(char *buf, size_t len, const tk_spec *s);

/* Parse text with wy_rules_parse and check the result matches the spec
 * field by field.  Returns 0 if all is well; otherwise writes why into err. */
int tk_spec_rules(wy_rules *r, const tk_spec *s, const char *text, char *err, size_t errlen);

/* Next spec in an enumeration of every combination of the ranges used by
 * tk_random_spec (start with *s zeroed and *started 0).  Returns 0 when
 * the enumeration is over. */
int tk_spec_next(tk_spec *s, int *started);

/* A window dimension in 1..hi, biased towards the edge cases 1, 2 and hi. */
uint32_t tk_random_dim(tk_rng *g, uint32_t hi);

/* A group of checks: one PASS line, or FAIL lines for its first
 * TK_SHOW_FAILS failures. */
#define TK_SHOW_FAILS 20
typedef struct {
    const char *name;
    unsigned long cases;
    unsigned long failed;
} tk_group;

/* Count a failure of group g and print it (the first TK_SHOW_FAILS only). */
void tk_fail(tk_group *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* End group g: "PASS name (N checks)" when nothing failed, or one summary
 * FAIL line when more failures happened than were shown.  Returns 1 iff
 * some check failed. */
int tk_group_end(tk_group *g);

#endif /* WY_TESTKIT_H */
