/* wythoff_check.h - the papers' claims, checked by computation.
 *
 * Every checkable statement of the five source papers (theorems, lemmas,
 * corollaries, printed tables and sets, observations stated as facts) is a
 * claim with an id such as "000.thm4".  wy_claim_check() decides it by
 * computation with the table, layer and exact engines (or, for statements
 * about integer sequences, by direct integer arithmetic), over a range that
 * grows with a limit, and returns a verdict with the range covered and, on
 * failure, the smallest counterexample with its values.  Nothing is looked
 * up: printed values are compared with freshly computed ones.
 *
 * The library never prints; the command `wythoff check` formats results.
 * Nothing here allocates anything that outlives a call: wy_claim_info and
 * its strings are static, wy_claim_result is the caller's.  Claims may be
 * checked in several threads at once. */
#ifndef WYTHOFF_CHECK_H
#define WYTHOFF_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "wythoff.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    WY_CLAIM_PASS = 0,    /* the statement holds on the range covered                 */
    WY_CLAIM_FAIL = 1,    /* a counterexample was found (and no recorded correction)  */
    WY_CLAIM_ERRATUM = 2, /* the statement as printed is false, and the corrected
                             statement (wy_claim_info.corrected) holds on the range   */
    WY_CLAIM_PROVED = 3   /* the statement holds on the range, and a Walnut proof
                             decides it for every position (wy_claim_proof)          */
} wy_verdict;

/* How the limit of a run is read for a claim. */
typedef enum {
    WY_SCALE_FIXED = 0,   /* a printed figure: its window; the limit does not apply   */
    WY_SCALE_ROWS = 1,    /* positions 0 <= x, y < N (layer / exact engines, or pure
                             arithmetic): N = the limit                               */
    WY_SCALE_TABLE = 2,   /* positions 0 <= x, y < N through the table engine: N = the
                             limit, at most WY_CHECK_TABLE_CAP                        */
    WY_SCALE_PARAM = 3    /* a family: parameter 1..N (n, m, q, ...): N = the limit, at
                             most WY_CHECK_PARAM_CAP                                  */
} wy_scale;

#define WY_CHECK_TABLE_CAP 16384u
#define WY_CHECK_PARAM_CAP 400u
#define WY_CHECK_ROWS_CAP  1500000000ull

typedef struct {
    const char *id;        /* "000.thm4"                                              */
    const char *source;    /* "paper 000, Section 5, Theorem 4"                       */
    const char *statement; /* the statement in words, as printed                      */
    const char *method;    /* how it is checked                                       */
    const char *corrected; /* NULL, or the corrected statement checked when the
                              printed one is false                                    */
    wy_scale scale;
    uint64_t default_limit;/* the N of a default run (0 for WY_SCALE_FIXED)           */
    uint64_t cap;          /* the largest N; 0: the scale's cap (WY_CHECK_*_CAP)       */
} wy_claim_info;

typedef struct {
    wy_verdict verdict;
    uint64_t limit;        /* the N actually used (after caps)                        */
    char range[256];       /* the range covered, in words                             */
    char detail[2048];     /* counterexample with values, erratum evidence, sharpness
                              of thresholds, extremes observed                        */
} wy_claim_result;

/* The number of claims and the i-th (0 <= i < count), in a fixed order
 * (paper, then order of appearance). */
WY_API size_t wy_claim_count(void);
WY_API const wy_claim_info *wy_claim_get(size_t i);

/* The index of the claim with this id, or -1. */
WY_API long wy_claim_find(const char *id);

/* Names as the tool prints them: "PASS", "FAIL", "ERRATUM", "PROVED"; "fixed",
 * "rows", "table", "parameter" (static text; an unknown value: "?"). */
WY_API const char *wy_verdict_name(wy_verdict v);
WY_API const char *wy_scale_name(wy_scale s);

/* Check claim i.  limit 0: the claim's default; otherwise N as described by
 * its scale (capped; the cap and the range used are reported in res).
 * mem_limit bounds the engines' memory (0: none; too much is WY_ERANGE with
 * the estimate in err).  run: threads and progress (may be NULL); a nonzero
 * progress return cancels (WY_ECANCELED).  WY_OK means res holds a verdict. */
WY_API wy_status wy_claim_check(size_t i, uint64_t limit, uint64_t mem_limit, const wy_run *run, wy_claim_result *res,
                         char *err, size_t errlen);

/* The Walnut proof that decides claim i for every position (docs/automata.md),
 * NULL when it has none: the shipped automaton ("wythoff-v1"), its word
 * automaton's name in Walnut, and what the proof's statements give.  Static.
 * wy_claim_check gives such a claim the verdict PROVED (an ERRATUM stays one,
 * its corrected statement proved) when the bounded check passes and the
 * recorded log of the proof's Walnut run matches the files this build writes
 * for it; the detail says so. */
typedef struct {
    const char *automaton, *walnut_name, *how;
} wy_claim_proof_info;
WY_API const wy_claim_proof_info *wy_claim_proof(size_t i);

#ifdef __cplusplus
}
#endif

#endif
