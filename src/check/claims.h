/* claims.h - what the claim files share (internal to libwythoff-check):
 * common.c's helpers, the claim record, and each paper's list of claims
 * (paper000.c ... paper004.c; registry.c puts them in order). */
#ifndef CK_CLAIMS_H
#define CK_CLAIMS_H

#include "check_internal.h"
#include "wythoff_layer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef wy_status (*ck_claim_fn)(ck *c, const void *arg);

/* A claim: what wythoff_check.h shows of it, how it is checked, and what
 * the engine's answers are compared against (indep: a method that does not
 * use the engine it checks; tests/unit/t-check-mutate.c lists it for every
 * claim and fails where it is missing). */
typedef struct {
    wy_claim_info info;
    ck_claim_fn fn;
    const void *arg;
    const char *indep;
} ck_claim;

/* Each paper's claims, in order of appearance (registry.c numbers them). */
extern const ck_claim ck_claims_000[], ck_claims_001[], ck_claims_002[], ck_claims_003[], ck_claims_004[];
extern const size_t ck_nclaims_000, ck_nclaims_001, ck_nclaims_002, ck_nclaims_003, ck_nclaims_004;
/* The misere closed forms of docs/exact.md (misere.c), after the papers. */
extern const ck_claim ck_claims_misere[];
extern const size_t ck_nclaims_misere;
/* The three-heap atlases of docs/heap3.md (atlas_heap3.c), after paper 003's. */
extern const ck_claim ck_claims_heap3[];
extern const size_t ck_nclaims_heap3;
/* The g-positions of Wythoff's game far out, docs/glayers.md (atlas_glayers.c), last. */
extern const ck_claim ck_claims_glayers[];
extern const size_t ck_nclaims_glayers;
/* The m-modular atlas of docs/modular.md (modular.c), the formulas of
 * docs/oeis.md (oeis.c), then the terminal sets of docs/terminal.md
 * (terminal.c), last (ids in order: modular < oeis < terminal). */
extern const ck_claim ck_claims_modular[];
extern const size_t ck_nclaims_modular;
extern const ck_claim ck_claims_oeis[];
extern const size_t ck_nclaims_oeis;
extern const ck_claim ck_claims_terminal[];
extern const size_t ck_nclaims_terminal;

/* The scales of claims (wy_claim_info: scale, default_limit, cap). */
#define FIXED WY_SCALE_FIXED, 0, 0
#define ROWS WY_SCALE_ROWS, 10000000, 0
#define TABLE(n) WY_SCALE_TABLE, n, 0
#define PARAM(n) WY_SCALE_PARAM, n, 0
#define PARAMC(n, cap) WY_SCALE_PARAM, n, cap

/* A printed table or set, checked cell by cell or position by position. */
#define FIG(id, src, stmt, arg) {{id, src, stmt, "printed table vs the table engine, every cell", NULL, FIXED}, ck_claim_printed_table, &arg, I_PRINTED_TABLE}
#define SET(id, src, stmt, arg) {{id, src, stmt, "printed set vs the positions of that value computed by the table engine in the window", NULL, FIXED}, ck_claim_printed_set, &arg, I_PRINTED_SET}
#define I_PRINTED_TABLE "the paper's printed table, cell by cell"
#define I_PRINTED_SET "the paper's printed set, position by position"
/* Methods shared by claims of several papers. */
#define I_WYTHOFF_PAIRS "Wythoff's pairs (floor(n phi), floor(n phi) + n) in exact integer arithmetic (integer square root)"
#define I_DISTANCE "the exact Wythoff pairs (integer square root) and squared distances in integers"
#define I_TWO_GAMES                                                                                                    \
    "the layer engine's positions of the statement's second game (the statement relates two games; a wrong answer "   \
    "for either makes it fail; tests/unit/t-layer.c tests the layer engine against the table engine and closed forms)"
#define PT(id, stem, rules, pass, heap) static const ck_printed_arg A_##id = {stem, {rules, pass, heap, 0}, 0};

/* The arguments of the generic claims of common.c: ck_claim_printed_table and
 * ck_claim_printed_set take a ck_printed_arg, ck_claim_iff a ck_iff_arg. */

typedef struct {
    const char *stem;
    ck_game game;
    uint32_t window; /* sets: the window (0: the printed one) */
} ck_printed_arg;
typedef struct {
    uint64_t n;
} ck_gen_state;
typedef struct {
    uint64_t n;
    int phase;       /* 0: (0,0); 1: (1,1) when corrected; 2: the family */
    int corrected;
    const uint8_t *g;
    uint64_t gcount;
} ck_gen001;
typedef struct {
    ck_game a, b;
    uint64_t threshold;
    const char *bname;
} ck_iff_arg;

/* Wythoff's game, value 0. */
extern const ck_game ck_wythoff_game;

wy_status ck_oom(ck *c, const char *what);
wy_status ck_need_mem(ck *c, uint64_t bytes, const char *what);
wy_status ck_table_of(ck *c, const char *rules, int pass, int heap, uint32_t rows, uint32_t cols, wy_table **t,
                      wy_side *side);
/* res->detail = the concatenation of up to four strings (truncated). */
void ck_detail_join(ck *c, const char *p1, const char *p2, const char *p3, const char *p4);
/* x < m phi, exactly: 2x - m < m sqrt(5). */
int ck_lt_m_phi(uint64_t x, uint64_t m);
/* y < m / phi, exactly: 2y + m < m sqrt(5). */
int ck_lt_m_over_phi(uint64_t y, uint64_t m);
/* Wythoff's greedy construction (paper 004, Section 2.2, (1)): c_i is the
 * smallest positive integer in no pair of P_{i-1}; P_i adds (c_i, c_i + i).
 * Fills c[1..k]; returns 0 on allocation failure. */
int ck_greedy_c(uint64_t *c, uint64_t k);
wy_status ck_claim_printed_table(ck *c, const void *arg);
wy_status ck_claim_printed_set(ck *c, const void *arg);
/* Wythoff's P-positions (floor(n phi), floor(n phi) + n), n >= 0. */
int ck_gen_wythoff(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y);
/* Nim's P-positions (m, m). */
int ck_gen_diag(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y);
/* floor((n+1) phi) from a = floor(n phi): a + 2 when a + 2 <= (n+1) phi,
 * i.e. (2a + 3 - n)^2 < 5 (n+1)^2 (never equal: sqrt(5) is irrational),
 * else a + 1.  Exact for n < 1.5e9. */
uint64_t ck_lower_next(uint64_t n, uint64_t a);
/* g(0..count-1).  An n >= 2 has floor(n phi) - 1 = floor(m phi) + m (an
 * upper Wythoff number B_m) for at most one m; both sequences increase, so
 * one pass with a pointer m finds it. */
uint8_t *ck_g001_direct(uint64_t count);
int ck_gen_001(void *ctx, uint64_t limit, uint64_t *x, uint64_t *y);
wy_status ck_claim_iff(ck *c, const void *arg);

#endif
