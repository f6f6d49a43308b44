/* exact_misere.c - closed forms of misere play (header: exact_misere.h;
 * statements and proofs: section "Misère play" of
 * docs/exact.md).
 *
 * sigma swaps 0 and 1 and fixes every other value.  The forms:
 *   M1 nim [+max=N] [+heap=H]: with r(n) = n mod (N+1) (r(n) = n unbounded)
 *      and s = r(x) xor r(y) xor h, G- = s xor 1 when r(x), r(y), h <= 1,
 *      else G- = s.
 *   M2-M5: G- = G xor 1 on an exceptional set E (below; G in {0, 1} there),
 *      G- = G off E.  With heap=H, E is E_base x {h <= 1} and
 *      G = G_base xor h on it.
 *   M6 wythoff+terminal=2: G- = sigma(G) everywhere.
 */
#include "exact_misere.h"

#include <stddef.h>

static int no_terminal(const wy_rules *r) { return !r->has_terminal || r->terminal == 0; }

int wyi_misere_form(const wy_rules *r)
{
    if (!r || !r->misere)
        return WYI_MIS_NONE;
    if (r->game == WY_GAME_NIM) {
        if (r->passes == 0 && no_terminal(r))
            return WYI_MIS_NIM;
        if (r->passes == 0 && r->max == 0)
            return WYI_MIS_NIM_TERM; /* terminal >= 1 here */
        if (r->passes == 1 && r->heap == 0 && r->max == 0 && no_terminal(r))
            return WYI_MIS_NIM_PASS;
        return WYI_MIS_NONE;
    }
    if (r->passes)
        return WYI_MIS_NONE;
    if (no_terminal(r)) {
        if (r->max == 0)
            return WYI_MIS_WYT;
        if (r->max == 1)
            return WYI_MIS_WMAX1; /* max=1 leaves no modular move: mod= changes nothing */
        return WYI_MIS_NONE;
    }
    if (r->terminal == 2 && !r->heap && !r->max && !r->mod)
        return WYI_MIS_WT2;
    return WYI_MIS_NONE;
}

int wyi_misere_needs_normal(int form) { return form != WYI_MIS_NONE && form != WYI_MIS_NIM; }

void wyi_misere_normal_rules(wy_rules *out, const wy_rules *r)
{
    *out = *r;
    out->misere = 0;
}

static const char *const M_NAME[WYI_MIS_NFORMS] = {"", "M1", "M2", "M3", "M4", "M5", "M6"};

static const char *const M_METHOD[WYI_MIS_NFORMS] = {
    "",
    "misere closed form (docs/exact.md, Misere play, M1): G- = r(x) xor r(y) xor h, xor 1 when all three are "
    "at most 1 (r(n) = n mod (N+1) under max=N)",
    "misere = normal play off {x, y <= 2} (docs/exact.md, Misere play, M2): G- = G except G- = G xor 1 at "
    "(0,0), (0,1), (1,2), (2,2) and mirrors with h <= 1",
    "misere = normal play off the axes (docs/exact.md, Misere play, M3): G- = G xor 1 where x = 0 or y = 0 "
    "and h <= 1, else G- = G",
    "misere = normal play off x + y <= K + 1 (docs/exact.md, Misere play, M4): G- = G xor 1 where x + y <= K + 1 "
    "or x = y = K + 1, and h <= 1; else G- = G",
    "misere = normal play off {x, y <= 2} (docs/exact.md, Misere play, M5): G- = G xor 1 at x, y <= 1 (pass "
    "used) and at (0,0), (0,2), (1,1), (1,2) and mirrors (pass left); else G- = G",
    "misere = normal play with 0 and 1 swapped (docs/exact.md, Misere play, M6; paper 001 Theorems 1-2): "
    "G- = sigma(G), P iff G = 1, and for x >= 8 or y >= 8 G = 1 iff (x, y) is a Wythoff pair",
};

const char *wyi_misere_name(int form) { return form > 0 && form < WYI_MIS_NFORMS ? M_NAME[form] : ""; }

const char *wyi_misere_why(int form)
{
    if (form == WYI_MIS_WT2)
        return "the misere value is sigma(G) and no exact method gives the normal-play value G here";
    return "the misere value equals the normal-play value here, and no exact method gives that";
}

/* M1: the value outright. */
static void eval_nim(const wy_rules *r, const mpz_t x, const mpz_t y, wy_side side, mpz_t value)
{
    mpz_t rx, ry;
    mpz_init(rx);
    mpz_init(ry);
    if (r->max) {
        mpz_fdiv_r_ui(rx, x, (unsigned long)r->max + 1);
        mpz_fdiv_r_ui(ry, y, (unsigned long)r->max + 1);
    } else {
        mpz_set(rx, x);
        mpz_set(ry, y);
    }
    const int small = mpz_cmp_ui(rx, 1) <= 0 && mpz_cmp_ui(ry, 1) <= 0 && side.heap <= 1;
    mpz_xor(value, rx, ry);
    mpz_set_ui(rx, side.heap ^ (small ? 1u : 0u));
    mpz_xor(value, value, rx);
    mpz_clear(rx);
    mpz_clear(ry);
}

/* M2-M5: is (x, y, pass) in E_base?  Sets *g to the normal value G_base there. */
static int in_e(int form, const wy_rules *r, const mpz_t x, const mpz_t y, uint32_t pass, unsigned *g)
{
    const int le = mpz_cmp(x, y) <= 0;
    mpz_srcptr lo = le ? x : y, hi = le ? y : x;
    switch (form) {
    case WYI_MIS_WMAX1: /* the axes; G(0, y) = y mod 2 (each move takes one stone) */
        if (mpz_sgn(lo) != 0)
            return 0;
        *g = (unsigned)mpz_odd_p(hi);
        return 1;
    case WYI_MIS_NIM_TERM: {
        const unsigned long K = r->terminal;
        if (mpz_cmp_ui(hi, K + 1) > 0)
            return 0;
        const unsigned long s = mpz_get_ui(lo) + mpz_get_ui(hi); /* both <= K + 1 < 2^32 */
        if (s <= K)
            *g = 0; /* terminal */
        else if (s == K + 1)
            *g = 1; /* every option terminal */
        else if (mpz_cmp_ui(lo, K + 1) == 0)
            *g = 0; /* (K+1, K+1) */
        else
            return 0;
        return 1;
    }
    case WYI_MIS_WYT:
    case WYI_MIS_NIM_PASS: {
        if (mpz_cmp_ui(hi, 2) > 0)
            return 0;
        const unsigned a = (unsigned)mpz_get_ui(lo), b = (unsigned)mpz_get_ui(hi);
        if (form == WYI_MIS_NIM_PASS && pass == 0) { /* plain Nim: {0,1}^2 */
            if (b > 1)
                return 0;
            *g = a ^ b;
            return 1;
        }
        /* (lo, hi) -> G, -1 outside E: Wythoff (mod=M >= 2 changes nothing
         * here) and nim+pass with the pass left */
        static const int wyt[3][3] = {{0, 1, -1}, {-1, -1, 0}, {-1, -1, 1}};
        static const int wmod1[3][3] = {{0, 1, -1}, {-1, -1, -1}, {-1, -1, -1}};
        static const int npass[3][3] = {{0, -1, 1}, {-1, 1, 0}, {-1, -1, -1}};
        const int v = form == WYI_MIS_NIM_PASS ? npass[a][b] : r->mod == 1 ? wmod1[a][b] : wyt[a][b];
        if (v < 0)
            return 0;
        *g = (unsigned)v;
        return 1;
    }
    default:
        return 0;
    }
}

int wyi_misere_eval(int form, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side side,
                    wyi_misere_normal_fn normal, void *ctx, mpz_t value, int *has_value, char *outcome,
                    const char **method)
{
    *has_value = 0;
    *method = form > 0 && form < WYI_MIS_NFORMS ? M_METHOD[form] : "";
    if (form <= WYI_MIS_NONE || form >= WYI_MIS_NFORMS || mpz_sgn(x) < 0 || mpz_sgn(y) < 0)
        return 0;
    if (form == WYI_MIS_NIM) {
        eval_nim(r, x, y, side, value);
        *has_value = 1;
        *outcome = mpz_sgn(value) ? 'N' : 'P';
        return 1;
    }
    unsigned g;
    if (form != WYI_MIS_WT2 && side.heap <= 1 && in_e(form, r, x, y, side.pass, &g)) {
        mpz_set_ui(value, g ^ side.heap ^ 1u); /* G = g xor h in {0, 1}; G- = G xor 1 */
        *has_value = 1;
        *outcome = mpz_sgn(value) ? 'N' : 'P';
        return 1;
    }
    if (!normal)
        return 0;
    int hv = 0;
    const int oc = normal(ctx, x, y, side, value, &hv);
    if (oc != 'P' && oc != 'N')
        return 0;
    if (form != WYI_MIS_WT2) { /* off E: G- = G */
        *has_value = hv;
        *outcome = (char)oc;
        return 1;
    }
    /* M6: G- = sigma(G) */
    if (oc == 'P') {
        mpz_set_ui(value, 1);
        *has_value = 1;
        *outcome = 'N';
        return 1;
    }
    if (hv) {
        if (mpz_cmp_ui(value, 1) == 0)
            mpz_set_ui(value, 0);
        *has_value = 1;
        *outcome = mpz_sgn(value) ? 'N' : 'P';
        return 1;
    }
    /* G >= 1, value unknown: paper 001 Theorem 2 (erratum 5): for x >= 8 or
     * y >= 8, G = 1 exactly at Wythoff's P-positions */
    if (mpz_cmp_ui(x, 8) < 0 && mpz_cmp_ui(y, 8) < 0)
        return 0;
    if (wy_wythoff_is_p(x, y)) {
        mpz_set_ui(value, 0);
        *has_value = 1;
        *outcome = 'P';
    } else {
        *outcome = 'N'; /* G >= 2: G- = G, not known */
    }
    return 1;
}
