/* misere.c - the misere closed forms of docs/exact.md ("Misere play",
 * M1-M6; proofs in docs/exact.md, "Misère play"), checked by computation: for each
 * ruleset of a family and each side state, every cell of the misere table
 * (table engine) against the statement applied to the normal-play table
 * (table engine, the ruleset without misere).  The statements are written
 * out here again, independently of src/core/exact_misere.c. */
#include "claims.h"

enum { F_NIM = 1, F_WYT, F_KING, F_NIMT, F_NIMP, F_T2 };

typedef struct {
    int form;
    const char *const *rules; /* misere rulesets, NULL-terminated */
} mis_arg;

static uint32_t sigma(uint32_t v) { return v <= 1 ? v ^ 1u : v; }

/* The misere value the statement predicts at (x, y, side) from the normal
 * value g there. */
static uint32_t predict(int form, const wy_rules *r, uint32_t x, uint32_t y, wy_side s, uint32_t g)
{
    const uint32_t lo = x < y ? x : y, hi = x < y ? y : x, h = s.heap;
    int in_e = 0;
    switch (form) {
    case F_NIM: {
        uint32_t q = r->max ? r->max + 1 : 0;
        uint32_t rx = q ? x % q : x, ry = q ? y % q : y;
        return rx ^ ry ^ h ^ (rx <= 1 && ry <= 1 && h <= 1 ? 1u : 0u);
    }
    case F_WYT: /* (0,0), (0,1), (1,2), (2,2) and mirrors; mod=1: (0,0), (0,1) */
        in_e = (lo == 0 && hi <= 1) || (r->mod != 1 && ((lo == 1 && hi == 2) || (lo == 2 && hi == 2)));
        break;
    case F_KING:
        in_e = lo == 0;
        break;
    case F_NIMT: {
        uint64_t K = r->terminal;
        in_e = (uint64_t)x + y <= K + 1 || (x == K + 1 && y == K + 1);
        break;
    }
    case F_NIMP:
        in_e = s.pass == 0 ? hi <= 1 : ((lo == 0 && (hi == 0 || hi == 2)) || (lo == 1 && (hi == 1 || hi == 2)));
        break;
    case F_T2:
        return sigma(g);
    }
    return in_e && h <= 1 ? g ^ 1u : g;
}

static wy_status c_misere(ck *c, const void *arg)
{
    const mis_arg *a = arg;
    const uint32_t n = (uint32_t)c->n;
    uint64_t cells = 0, bad = 0;
    int nrules = 0;
    char first[512] = "";
    for (const char *const *t = a->rules; *t; t++, nrules++) {
        wy_rules mr, nr;
        wy_status st = wy_rules_parse(&mr, *t, c->err, c->errlen);
        if (st != WY_OK)
            return st;
        nr = mr;
        nr.misere = 0;
        for (uint32_t p = 0; p <= mr.passes; p++)
            for (uint32_t h = 0; h <= mr.heap; h++) {
                wy_side s = {p, h};
                const ck_engine *e = ck_eng(c);
                wy_table *tm = NULL, *tn = NULL;
                st = e->table_compute(&tm, &mr, n, n, s, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
                if (st == WY_OK)
                    st = e->table_compute(&tn, &nr, n, n, s, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
                if (st != WY_OK) {
                    if (tm) e->table_free(tm);
                    return st;
                }
                for (uint32_t x = 0; x < n; x++)
                    for (uint32_t y = 0; y < n; y++) {
                        uint32_t g = e->table_get(tn, x, y, s), m = e->table_get(tm, x, y, s);
                        uint32_t pv = predict(a->form, &mr, x, y, s, g);
                        cells++;
                        if (pv != m && bad++ == 0)
                            snprintf(first, sizeof first,
                                     "first: %s at (%u, %u), passes left %u, heap %u: normal value %u, misere value %u, "
                                     "predicted %u. ",
                                     *t, x, y, p, h, g, m, pv);
                    }
                e->table_free(tm);
                e->table_free(tn);
            }
    }
    snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %u, every side state of %d ruleset(s) (%llu cells)", n,
             nrules, (unsigned long long)cells);
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu cell(s) break the statement; %s", (unsigned long long)bad, first);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "Rulesets:");
        for (const char *const *t = a->rules; *t; t++)
            ck_note(c, " %s", *t);
        ck_note(c, ".");
    }
    return WY_OK;
}

static const char *const R_NIM[] = {"nim+misere",           "nim+max=1+misere",        "nim+max=2+misere",
                                    "nim+max=3+misere",     "nim+max=7+misere",        "nim+heap=3+misere",
                                    "nim+heap=2+max=3+misere", NULL};
static const char *const R_WYT[] = {"wythoff+misere",        "wythoff+mod=1+misere",         "wythoff+mod=2+misere",
                                    "wythoff+mod=5+misere",  "wythoff+heap=2+misere",        "wythoff+heap=1+mod=1+misere",
                                    NULL};
static const char *const R_KING[] = {"wythoff+max=1+misere", "wythoff+heap=2+max=1+misere", NULL};
static const char *const R_NIMT[] = {"nim+terminal=1+misere", "nim+terminal=2+misere", "nim+terminal=3+misere",
                                     "nim+terminal=6+misere", "nim+heap=2+terminal=2+misere", NULL};
static const char *const R_NIMP[] = {"nim+pass+misere", NULL};
static const char *const R_T2[] = {"wythoff+terminal=2+misere", NULL};

static const mis_arg A_NIM = {F_NIM, R_NIM}, A_WYT = {F_WYT, R_WYT}, A_KING = {F_KING, R_KING},
                     A_NIMT = {F_NIMT, R_NIMT}, A_NIMP = {F_NIMP, R_NIMP}, A_T2 = {F_T2, R_T2};

#define I_MIS                                                                                                          \
    "the statement, written out in the check library (not src/core's misere code), applied to the table engine's "     \
    "normal-play table"
#define HOW "table engine, every cell of the misere table against the statement applied to the normal-play table"

const ck_claim ck_claims_misere[] = {
    {{"exact.misere-nim", "docs/exact.md, Misere play, M1",
      "nim+misere with max=N (r(n) = n mod (N+1); r(n) = n without max) and heap=H: G- = r(x) xor r(y) xor h, "
      "xor 1 exactly when r(x), r(y) and h are all at most 1.",
      HOW, NULL, TABLE(192)},
     c_misere, &A_NIM, I_MIS},
    {{"exact.misere-wythoff", "docs/exact.md, Misere play, M2",
      "wythoff+misere (also with mod=M and heap=H): G- = G xor 1 at (0,0), (0,1), (1,2), (2,2) and their mirror "
      "images (mod=1: (0,0), (0,1), (1,0)) when h <= 1, and G- = G everywhere else.",
      HOW, NULL, TABLE(256)},
     c_misere, &A_WYT, I_MIS},
    {{"exact.misere-king", "docs/exact.md, Misere play, M3",
      "wythoff+max=1+misere (also with heap=H): G- = G xor 1 on the axes (x = 0 or y = 0) when h <= 1, and G- = G "
      "everywhere else.",
      HOW, NULL, TABLE(256)},
     c_misere, &A_KING, I_MIS},
    {{"exact.misere-nim-terminal", "docs/exact.md, Misere play, M4",
      "nim+terminal=K+misere, K >= 1 (also with heap=H): G- = G xor 1 where x + y <= K + 1 or x = y = K + 1 (when "
      "h <= 1), and G- = G everywhere else.",
      HOW, NULL, TABLE(256)},
     c_misere, &A_NIMT, I_MIS},
    {{"exact.misere-nim-pass", "docs/exact.md, Misere play, M5",
      "nim+pass+misere: G- = G xor 1 at x, y <= 1 once the pass is used, and at (0,0), (0,2), (1,1), (1,2) and "
      "mirrors while it is left; G- = G everywhere else.",
      HOW, NULL, TABLE(384)},
     c_misere, &A_NIMP, I_MIS},
    {{"exact.misere-terminal2", "docs/exact.md, Misere play, M6",
      "wythoff+terminal=2+misere: G- = sigma(G) everywhere, where sigma swaps 0 and 1 and fixes every other value; "
      "so the misere P-positions are the positions of normal value 1.",
      HOW, NULL, TABLE(512)},
     c_misere, &A_T2, I_MIS},
};
const size_t ck_nclaims_misere = sizeof ck_claims_misere / sizeof ck_claims_misere[0];
