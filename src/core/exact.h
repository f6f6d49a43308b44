/* exact.h - the exact engine's number theory, shared with the tests
 * (internal to the library; the public interface is wythoff_exact.h). */
#ifndef WYI_EXACT_INTERNAL_H
#define WYI_EXACT_INTERNAL_H

#include "wythoff_exact.h"
#include "wythoff_layer.h"
#include "strip.h"

/* ------------------------------------------------------------------ */
/* The evaluator's state (exact.c; read by exact_moves.c, exact_ppos.c) */
/* ------------------------------------------------------------------ */

#define SMALL 64          /* the small table covers 0 <= x, y < SMALL */
#define STRIP_ROWS 46     /* row strips cover min(x, y) < STRIP_ROWS (rows 0..45) */
#define STRIP_COLS (1u << 17)
#define CERT_MAX 2048     /* largest window a periodicity certificate computes */
#define DEMAND_ROWS 256   /* rows proved on demand: 0..255 at most */
#define DEMAND_COLS (1u << 21) /* ... within this many columns */

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
    K_BOUNDED,   /* any other ruleset with max=N: periodicity certificate */
    K_V1         /* winning moves only (exact_moves.c): P-positions = Wythoff's value-1 layer */
};

struct wy_exact {
    wy_rules rules;     /* as given */
    wy_rules base;      /* without the extra heap when it adds by nim-sum */
    int heap_xor;       /* rules.heap > 0 and G = G_base xor h */
    int kind;
    uint64_t mem_limit;
    wy_table *small;    /* base rules, SMALL x SMALL, all side states */
    wyi_strip *strip;    /* the largest strip built so far (lazy) */
    int strip_fail_tier; /* first tier that failed (NTIERS: none) */
    char strip_err[WY_ERRLEN];
    wyi_strip *big;      /* rows beyond the tiers, proved on demand (or read from the cache) */
    uint32_t big_fail;  /* 0, or the row count whose proof found no period (not tried again at or above it) */
    char *cache_dir;    /* where proved strips are kept (NULL: nowhere) */
    int big_cached;     /* 1: big was read from the cache directory (not proved by this evaluator) */
    char cache_note[WY_ERRLEN]; /* why the cache was last not used or not written ("" none; wy_exact_cache_note) */
    char why[WY_ERRLEN]; /* strip_why's text */
    char why2[WY_ERRLEN]; /* no_value's text */
    int no_prove;       /* 1: closed forms only, no strip or certificate (the evaluator's cheap first pass) */
    int demand;         /* 1: rows beyond the tiers may be proved now (the evaluator's step 3); else only read from the cache */
    int mis_form;       /* misere closed form (exact_misere.h), 0: none */
    struct wy_exact *normal; /* the normal-play evaluator of a ruleset with a misere form (NULL: none) */
    struct wy_exact *pass_red[2]; /* the same game with q = 0, 1 passes (q < rules.passes; else NULL): a side
                                     state with p passes left is answered there with p mod 2 (wyi_ex_pass_sub) */
    /* periodicity certificate for bounded rules */
    int cert_state;     /* 0 not tried, 1 values periodic, 2 outcomes periodic, -1 failed */
    uint64_t cert_s, cert_d, cert_p;
    wy_table *cert;
    char cert_err[WY_ERRLEN];
    const wy_run *run;  /* threads, progress, cancellation for the tables it computes (NULL: none) */
    int canceled;       /* run->progress stopped the current call */
    int transient;      /* the current call could not afford a proof (memory) */
    char transient_err[WY_ERRLEN];
    struct wy_automaton *v1; /* wythoff (base game without options) and wythoff+pass: Wythoff's value-1
                                layer, the automaton proved by Walnut (data/automata/wythoff-v1.aut,
                                docs/automata.md); NULL for other games */
    mpz_t t[8];         /* scratch */
};

/* The value-1 method's name (docs/exact.md, docs/automata.md). */
#define M_V1 "Wythoff's value-1 layer by its Fibonacci automaton (188 states), proved for every position by Walnut (docs/automata.md)"

/* (x, y) lies in the small table. */
static inline int wyi_ex_fits_small(const mpz_t x, const mpz_t y)
{
    return mpz_cmp_ui(x, SMALL) < 0 && mpz_cmp_ui(y, SMALL) < 0;
}

/* *lo <= *hi: x and y in order (every ruleset is symmetric). */
static inline void wyi_ex_order(mpz_srcptr *lo, mpz_srcptr *hi, const mpz_t x, const mpz_t y)
{
    int le = mpz_cmp(x, y) <= 0;
    *lo = le ? x : y;
    *hi = le ? y : x;
}

/* The evaluator that answers (x, y, side) of e's game in its place, with
 * *side changed to its state there, or NULL when e answers it itself: a
 * side state with p passes left is the same game as one with p mod 2
 * (docs/exact.md, "Passes: p and p mod 2"), so p >= 2 goes to
 * e->pass_red[p mod 2], and p = 0 to e->pass_red[0] (the ruleset without
 * pass) unless e's own kind has the closed forms of the pass used
 * (wythoff+pass, nim+pass, nim+pass+misere). */
wy_exact *wyi_ex_pass_sub(const wy_exact *e, wy_side *side);

/* wy_exact_eval on an evaluator e relies on (e->normal, e->pass_red[q], or
 * e itself): e's step of the evaluator (no_prove, demand) and run go down,
 * a stop and a proof that did not fit in memory come back up to e. */
wy_status wyi_ex_sub_eval(wy_exact *e, wy_exact *sub, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side,
                          char *err, size_t errlen);

/* Is (x, y, side) a P-position by an exact method?  1 yes, 0 no, -1
 * undecided (or an error).  (exact.c) */
int wyi_ex_is_p(wy_exact *e, const mpz_t x, const mpz_t y, wy_side side);

/* 1 when the periodicity certificate of a bounded ruleset holds (it is
 * searched on first use unless e->no_prove): e->cert_s, cert_d, cert_p. */
int wyi_ex_cert(wy_exact *e);

/* ------------------------------------------------------------------ */
/* The layer engine up to a row (eval_layer.c)                         */
/* ------------------------------------------------------------------ */

/* B(x): every row up to x has its upper-triangle cell of value g (if any)
 * in a column <= B(x) (eval_layer.c's header proves it). */
uint64_t wyi_ex_layer_bound(const wy_rules *r, wy_side side, uint64_t g, uint64_t x);

/* The columns a scan of rows 0..lo needs to decide every position (lo, y),
 * y <= hi: min(hi, B(lo)) + 1. */
uint64_t wyi_ex_layer_cols(const wy_rules *r, wy_side side, uint64_t g, uint64_t lo, const mpz_t hi);

/* Called for each cell (a, b), a <= b, of the layer with a <= last, in
 * order; nonzero stops the scan (not an error). */
typedef int (*wyi_ex_cell_fn)(void *ctx, uint64_t a, uint64_t b);

/* Scan rows 0..last of layer (side, g) of e->rules in `cols` columns
 * (raised to last + 1).  WY_OK (done, or stopped by fn), WY_ECANCELED
 * (run->progress), WY_ERANGE (over e->mem_limit: the message gives the
 * rows, the memory and the time), WY_EUNDECIDED (beyond 2^40 columns),
 * WY_EINVAL (the layer engine does not cover the ruleset). */
wy_status wyi_ex_layer_rows(wy_exact *e, wy_side side, uint64_t g, uint64_t last, uint64_t cols, wyi_ex_cell_fn fn,
                            void *ctx, const wy_run *run, char *err, size_t errlen);

/* *is = 1 iff (x, y, side) has value g, by a scan of rows 0..min(x, y). */
wy_status wyi_ex_layer_member(wy_exact *e, int *is, const mpz_t x, const mpz_t y, wy_side side, uint64_t g,
                              const wy_run *run, char *err, size_t errlen);

/* The winning moves of (x, y, side) from layer scans of the P-positions
 * (exact_moves.c); *is_p: the position itself is a P-position. */
wy_status wyi_ex_layer_winning(wy_exact *e, wy_bigmove **moves, size_t *count, int *is_p, const mpz_t x,
                               const mpz_t y, wy_side side, const wy_run *run, char *err, size_t errlen);

/* ------------------------------------------------------------------ */
/* Number theory (exact_pairs.c)                                       */
/* ------------------------------------------------------------------ */

/* floor(c / phi) = (isqrt(5 c^2) - c) / 2, c >= 0. */
void wyi_ex_floor_div_phi(mpz_t q, const mpz_t c);

/* a = floor(n * phi) = (n + isqrt(5 n^2)) / 2, n >= 0. */
void wyi_ex_lower(mpz_t a, const mpz_t n);

/* Where c >= 0 stands among Wythoff's pairs (a_k, b_k) = (floor(k phi), a_k + k):
 * returns 0 and k with c = a_k (k >= 1), 1 and k with c = b_k (k >= 1), or
 * 2 and k = 0 for c = 0 (the pair (0, 0)).  Every c >= 1 is exactly one of
 * a_k, b_k (Beatty's theorem). */
int wyi_ex_classify(mpz_t k, const mpz_t c);

/* The other member of c's Wythoff pair: b_k for c = a_k, a_k for c = b_k, 0 for 0. */
void wyi_ex_partner(mpz_t p, const mpz_t c);

/* Paper 001's g(n): g(0) = 1, g(1) = 0, g(n) = 1 - g(m) if floor(n phi) = b_m + 1
 * for some m >= 0, else 1.  O(log n) steps, each a few big-integer
 * operations. */
int wyi_ex_g001(const mpz_t n);

#endif
