/* atlas_heap3.c - the findings of the three-heap atlases (docs/heap3.md):
 * Nim with a pass and Wythoff with a pass plus a third Nim heap, computed by
 * the atlas's sweep (wythoff_atlas.h) and compared with the layer engine
 * (one scan per slice) and with the two-heap values (the table engine).
 * Each claim covers 0 <= a, b, c < N. */
#include "claims.h"
#include "wythoff_atlas.h"

enum { H_ENGINES = 1, H_G2, H_SYM, H_BOUNDS, H_UPPER, H_PASS2, H_SMALL };

typedef struct {
    int what;
    const char *const *rules; /* NULL-terminated */
} h3_arg;

static wy_status h3_atlas(ck *c, const char *text, wy_heap3_method m, wy_heap3 **a)
{
    wy_rules r;
    wy_status st = wy_rules_parse(&r, text, c->err, c->errlen);
    if (st != WY_OK)
        return st;
    return ck_eng(c)->heap3_compute(a, &r, (uint32_t)c->n, m, c->mem_limit, c->run, c->err, c->errlen);
}

/* The atlases of two computations, cell by cell. */
static uint64_t h3_diff(const wy_heap3 *x, const wy_heap3 *y, wy_heap3_cell *first)
{
    const uint32_t n = x->size;
    uint64_t bad = 0;
    memset(first, 0, sizeof *first);
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            const uint32_t u = x->f[(size_t)a * n + b], v = y->f[(size_t)a * n + b];
            if (u == v)
                continue;
            /* the smallest in a + b + c (none as N), then a, then b */
            const uint64_t cu = u == WY_HEAP3_NONE ? n : u, cv = v == WY_HEAP3_NONE ? n : v;
            const uint64_t s = (uint64_t)a + b + (cu < cv ? cu : cv);
            const uint64_t fc = first->c == WY_HEAP3_NONE ? n : first->c;
            if (!bad++ || s < (uint64_t)first->a + first->b + fc)
                first->found = 1, first->a = a, first->b = b, first->c = u, first->expected = v;
        }
    return bad;
}

/* The slices c <= 3 of nim+pass in closed form (003.heap3.small): the b
 * with (a, b, c) a P-position.  Each is an involution of the naturals. */
static uint64_t small_partner(uint32_t c, uint64_t a)
{
    static const uint8_t s2[9] = {1, 0, 2, 5, 7, 3, 8, 4, 6}, s3[10] = {4, 3, 5, 1, 0, 2, 7, 6, 9, 8};
    switch (c) {
    case 0:
        return a == 0 ? 0 : (a & 1) ? a + 1 : a - 1;
    case 1:
        return a == 0 ? 2 : a == 2 ? 0 : a;
    case 2:
        if (a < 9)
            return s2[a];
        return a % 4 == 1 ? a + 3 : a % 4 == 0 ? a - 3 : a % 4 == 2 ? a + 1 : a - 1;
    default:
        if (a < 10)
            return s3[a];
        return a % 4 == 2 || a % 4 == 3 ? a + 2 : a - 2;
    }
}

static uint64_t h3_small(const wy_heap3 *x, wy_heap3_cell *first)
{
    const uint32_t n = x->size;
    uint64_t bad = 0;
    memset(first, 0, sizeof *first);
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            const uint32_t f = x->f[(size_t)a * n + b];
            for (uint32_t c = 0; c <= 3; c++) {
                const int want = small_partner(c, a) == b, got = f == c;
                if (want == got)
                    continue;
                const uint64_t s = (uint64_t)a + b + c;
                if (!bad++ || s < (uint64_t)first->a + first->b + first->expected)
                    first->found = 1, first->a = a, first->b = b, first->c = f, first->expected = c;
            }
        }
    return bad;
}

static wy_status c_heap3(ck *c, const void *arg)
{
    const h3_arg *h = arg;
    const uint32_t n = (uint32_t)(c->n > WY_HEAP3_MAX_SIZE ? WY_HEAP3_MAX_SIZE : c->n);
    c->n = n;
    uint64_t total = 0, bad = 0;
    int nrules = 0;
    char first[600] = "";
    for (const char *const *t = h->rules; *t; t++, nrules++) {
        wy_heap3 *a = NULL, *b = NULL;
        wy_status st = h3_atlas(c, *t, WY_HEAP3_SWEEP, &a);
        if (st != WY_OK)
            return st;
        total += a->total;
        wy_heap3_cell k;
        memset(&k, 0, sizeof k);
        uint64_t nb = 0;
        const char *what = "";
        if (h->what == H_SMALL) {
            nb = h3_small(a, &k);
            what = "the closed form of slice c = expected, at";
        } else if (h->what == H_ENGINES || h->what == H_PASS2) {
            if (h->what == H_ENGINES) {
                st = h3_atlas(c, *t, WY_HEAP3_LAYER, &b);
                what = "sweep vs layer scans";
            } else {
                wy_rules r;
                st = wy_rules_parse(&r, *t, c->err, c->errlen);
                r.passes %= 2;
                if (st == WY_OK)
                    st = ck_eng(c)->heap3_compute(&b, &r, n, WY_HEAP3_SWEEP, c->mem_limit, c->run, c->err, c->errlen);
                what = "passes K vs K mod 2";
            }
            if (st != WY_OK) {
                wy_heap3_free(a);
                return st;
            }
            nb = h3_diff(a, b, &k);
            wy_heap3_free(b);
        } else {
            wy_heap3_findings fd;
            st = wy_heap3_findings_compute(&fd, a, c->mem_limit, c->run, c->err, c->errlen);
            if (st != WY_OK) {
                wy_heap3_free(a);
                return st;
            }
            switch (h->what) {
            case H_G2:
                nb = fd.g2_bad + fd.g0_equal;
                k = fd.g2_bad ? fd.g2_first : fd.g0_first;
                what = fd.g2_bad ? "f != G2 at" : "f = G0 at";
                break;
            case H_SYM:
                nb = fd.sym_bad + fd.swap_bad;
                k = fd.sym_first;
                what = "f(a, c) != b at";
                break;
            case H_BOUNDS:
                nb = fd.lo_bad + fd.hi_bad;
                k = fd.lo_bad ? fd.lo_bad_first : fd.hi_bad_first;
                what = fd.lo_bad ? "c < |a - b| - 1 at" : "c > a + b + 1 at";
                break;
            case H_UPPER:
                nb = fd.hi_bad;
                k = fd.hi_bad_first;
                what = "c > a + b + 1 at";
                if (!nb)
                    ck_note(c, "%s: c - (a + b) at most %lld (first at (%u, %u, %u)); c - |a - b| down to %lld. ", *t,
                            (long long)fd.hi_max, fd.hi_first.a, fd.hi_first.b, fd.hi_first.c,
                            (long long)fd.lo_min);
                break;
            }
            if (h->what == H_G2 && !nb)
                ck_note(c, "%s: %llu cells (a, b) have G2 >= N, and no c there; largest G2 %u. ", *t,
                        (unsigned long long)fd.g2_beyond, fd.g2_max);
        }
        if (nb && !bad) {
            char cell[96];
            if (k.c == WY_HEAP3_NONE)
                snprintf(cell, sizeof cell, "(%u, %u): no c", k.a, k.b);
            else
                snprintf(cell, sizeof cell, "(%u, %u, %u)", k.a, k.b, k.c);
            snprintf(first, sizeof first, "first in %s: %s %s (expected %llu). ", *t, what, cell,
                     (unsigned long long)k.expected);
        }
        bad += nb;
        wy_heap3_free(a);
    }
    snprintf(c->res->range, sizeof c->res->range, "0 <= a, b, c < %u, %d ruleset(s) plus a third heap", n, nrules);
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu cell(s) break the statement; %s", (unsigned long long)bad, first);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "%llu P-positions (a, b, c) in all. Rulesets:", (unsigned long long)total);
        for (const char *const *t = h->rules; *t; t++)
            ck_note(c, " %s", *t);
        ck_note(c, ".");
    }
    return WY_OK;
}

static const char *const R_BOTH[] = {"nim+pass", "wythoff+pass", "nim+pass+misere", "wythoff+pass+terminal=2", NULL};
static const char *const R_NIM[] = {"nim+pass", NULL};
static const char *const R_WYT[] = {"wythoff+pass", NULL};
static const char *const R_G2[] = {"nim+pass", "wythoff+pass", NULL};
static const char *const R_PASS2[] = {"nim+pass=2", "wythoff+pass=2", "nim+pass=3", "wythoff+pass=3", NULL};

static const h3_arg A_SMALL = {H_SMALL, R_NIM};
static const h3_arg A_ENG = {H_ENGINES, R_BOTH}, A_G2 = {H_G2, R_G2}, A_SYM = {H_SYM, R_NIM},
                    A_BND = {H_BOUNDS, R_NIM}, A_UP = {H_UPPER, R_WYT}, A_P2 = {H_PASS2, R_PASS2};

#define SRC "docs/heap3.md, "
/* The findings checked on the sweep's atlas alone. */
#define ON_SWEEP " (003.heap3.engines checks the sweep against the layer engine)"

const ck_claim ck_claims_heap3[] = {
    {{"003.heap3.engines", SRC "the atlas's two methods",
      "The atlas of a ruleset plus a third Nim heap (for each (a, b) the c with (a, b, c) a P-position) is the same "
      "by the sweep and by one layer scan per slice c of RULES+heap=c, and no heap line holds two P-positions.",
      "wythoff_atlas.h: the sweep against the layer engine, every cell", NULL, WY_SCALE_TABLE, 128, 1024},
     c_heap3, &A_ENG, "the layer engine, one scan per slice c (a different algorithm from the sweep)"},
    {{"003.heap3.g2", SRC "F1, F2 (paper 003, \"Setup and Visualizations\": the three-pile game through the two-pile "
      "values)",
      "For each (a, b) exactly one c makes (a, b, c) a P-position with the pass left: c = G2(a, b), the value of the "
      "two-heap game with the pass left; and G2(a, b) differs from G0(a, b), the value once the pass is used (a xor "
      "b; Wythoff's value), except at (0, 0).",
      "the atlas (sweep) against the table engine's two-heap tables (pass left, pass used), every cell", NULL,
      WY_SCALE_TABLE, 512, 8192},
     c_heap3, &A_G2, "the table engine's two-heap values (a different algorithm from the sweep)"},
    {{"003.heap3.symmetric", SRC "F4",
      "Three-heap Nim with a pass: the P-set is symmetric in a, b and c; so G2(a, G2(a, b)) = b for nim+pass.",
      "the atlas (sweep) of nim+pass: f(a, c) = b whenever f(a, b) = c, and f(a, b) = f(b, a)", NULL,
      WY_SCALE_TABLE, 512, 8192},
     c_heap3, &A_SYM, "the statement's symmetry, on the sweep's atlas" ON_SWEEP},
    {{"003.heap3.bounds", SRC "F6 (paper 003, \"Full Proof of Nim With a Pass Bounds and Additive Periodicity\")",
      "Three-heap Nim with a pass: every P-position (a, b, c) has |a - b| - 1 <= c <= a + b + 1.",
      "the atlas (sweep) of nim+pass, every P-position", NULL, WY_SCALE_TABLE, 512, 8192},
     c_heap3, &A_BND, "the bounds, in integers, on the sweep's atlas" ON_SWEEP},
    {{"003.heap3.wythoff-upper", SRC "F7 (observed)",
      "Wythoff with a pass plus a third heap: every P-position (a, b, c) has c <= a + b + 1 (the lower bound of "
      "nim, c >= |a - b| - 1, fails).",
      "the atlas (sweep) of wythoff+pass, every P-position", NULL, WY_SCALE_TABLE, 512, 8192},
     c_heap3, &A_UP, "the bound, in integers, on the sweep's atlas" ON_SWEEP},
    {{"003.heap3.small", SRC "F9 (the range of Low and Chan's atlas: a heap of at most 3)",
      "Three-heap Nim with a pass, the slices c <= 3 (pairs {a, b} stand for (a, b) and (b, a)): c = 0: (0, 0) and "
      "{2k - 1, 2k}, k >= 1; c = 1: (1, 1), (a, a) for a >= 3, and {0, 2}; c = 2: {0, 1}, (2, 2), {3, 5}, {4, 7}, "
      "{6, 8} and {4k + 1, 4k + 4}, {4k + 2, 4k + 3} for k >= 2; c = 3: {0, 4}, {1, 3}, {2, 5}, {6, 7}, {8, 9} and "
      "{4k + 2, 4k + 4}, {4k + 3, 4k + 5} for k >= 2.  By the symmetry (003.heap3.symmetric) these are all the "
      "P-positions with a heap of at most 3.",
      "the atlas (sweep) of nim+pass, the slices c <= 3 cell by cell against the closed forms", NULL, WY_SCALE_TABLE,
      1024, 8192},
     c_heap3, &A_SMALL, "the closed forms of the slices c <= 3, in integers"},
    {{"003.heap3.pass2", SRC "F8",
      "With K passes the atlas is that of K mod 2 passes: two passes cancel (nim+pass=2: a xor b xor c = 0; "
      "wythoff+pass=2: G_W(a, b) = c).",
      "the atlas (sweep) of pass=K against that of pass=K mod 2, every cell", NULL, WY_SCALE_TABLE, 256, 4096},
     c_heap3, &A_P2, "the sweep's atlas of a second game, pass=K mod 2 (the statement relates two games)"},
};
const size_t ck_nclaims_heap3 = sizeof ck_claims_heap3 / sizeof ck_claims_heap3[0];
