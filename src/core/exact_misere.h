/* exact_misere.h - closed forms of misere play (internal to the library;
 * proofs: docs/exact.md, section "Misère play").
 *
 * Each closed form says how the misere value G- of a ruleset R+misere
 * follows from the normal-play value G of R (the same ruleset without
 * `misere`, same position, same side state), or gives G- outright:
 *
 *   M1 WYI_MIS_NIM       nim [+max=N] [+heap=H] [+terminal=0]: G- = s xor 1 when
 *                       every component is "small", else s (no normal value
 *                       needed: s = (x mod (N+1)) xor (y mod (N+1)) xor h).
 *   M2 WYI_MIS_WYT       wythoff [+mod=M] [+heap=H] [+terminal=0]
 *   M3 WYI_MIS_WMAX1     wythoff+max=1 [+mod=M] [+heap=H] [+terminal=0]
 *   M4 WYI_MIS_NIM_TERM  nim+terminal=K (K >= 1) [+heap=H]
 *   M5 WYI_MIS_NIM_PASS  nim+pass (one pass)
 *                       M2-M5: G- = G xor 1 on an explicit exceptional set E
 *                       (where G is 0 or 1 and known here), G- = G elsewhere.
 *   M6 WYI_MIS_WT2       wythoff+terminal=2: G- = sigma(G) everywhere
 *                       (sigma swaps 0 and 1); P iff G = 1.
 *
 * The functions are pure: no globals, no printing, GMP numbers of any size.
 *
 * Used by src/core/exact.c: wy_exact_new makes e->normal (the evaluator
 * of wyi_misere_normal_rules) for every form (the winning moves of
 * exact_moves.c take their candidates from it), and exact_eval asks
 * wyi_misere_eval first outside the small table, with e->normal's answers
 * (mis_normal) as the normal-play values.
 */
#ifndef WYI_EXACT_MISERE_H
#define WYI_EXACT_MISERE_H

#include "wythoff_exact.h"

enum {
    WYI_MIS_NONE = 0,
    WYI_MIS_NIM = 1,      /* M1 */
    WYI_MIS_WYT = 2,      /* M2 */
    WYI_MIS_WMAX1 = 3,    /* M3 */
    WYI_MIS_NIM_TERM = 4, /* M4 */
    WYI_MIS_NIM_PASS = 5, /* M5 */
    WYI_MIS_WT2 = 6       /* M6 */
};
#define WYI_MIS_NFORMS 7

/* The closed form covering ruleset r (which must have misere set and pass
 * wy_rules_check), or WYI_MIS_NONE. */
int wyi_misere_form(const wy_rules *r);

/* 1 when the form needs normal-play answers of wyi_misere_normal_rules (all
 * but WYI_MIS_NIM). */
int wyi_misere_needs_normal(int form);

/* The normal-play ruleset a form reduces to: r without misere. */
void wyi_misere_normal_rules(wy_rules *out, const wy_rules *r);

/* Normal-play answer of wyi_misere_normal_rules(r) at (x, y, side): returns
 * 'P' or 'N', or 0 when undecided; sets *has_value, and v when it is 1. */
typedef int (*wyi_misere_normal_fn)(void *ctx, const mpz_t x, const mpz_t y, wy_side side, mpz_t v,
                                    int *has_value);

/* The misere answer at (x, y, side) (x, y >= 0, side valid for r) by form
 * (= wyi_misere_form(r), not WYI_MIS_NONE).  Returns 1 when the outcome is
 * decided: *outcome = 'P' or 'N', *has_value = 1 with value = G- when the
 * value is known too, *method = a static text naming the theorem.  Returns
 * 0 when undecided (the normal-play answer it needs is not known; normal
 * may be NULL: then only what needs no normal value is answered), with
 * *has_value = 0 and *method = the form's method. */
int wyi_misere_eval(int form, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side side,
                    wyi_misere_normal_fn normal, void *ctx, mpz_t value, int *has_value, char *outcome,
                    const char **method);

/* Why a decided answer has no value (a static text for wy_answer.why). */
const char *wyi_misere_why(int form);

/* The form's name (for tests and claims): "M1" ... "M6", "" for none. */
const char *wyi_misere_name(int form);

#endif
