/* paper003.c - the claims of Nim with a pass (paper 003, a notebook), and
 * how each is checked. */
#include "claims.h"

typedef struct {
    uint64_t low, high; /* cells where the lower / upper bound is attained */
} bound_ctx;

static int bound_pred(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    bound_ctx *b = ctx;
    int64_t lo = (int64_t)(x > y ? x - y : y - x) - 1, hi = (int64_t)x + y + 1;
    if ((int64_t)v == lo) b->low++;
    if ((int64_t)v == hi) b->high++;
    if ((int64_t)v < lo) {
        *e = (uint64_t)lo;
        return 0;
    }
    if ((int64_t)v > hi) {
        *e = (uint64_t)hi;
        return 0;
    }
    return 1;
}

static wy_status c_003_bound(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"nim+pass", 1, -1, 0};
    bound_ctx b = {0, 0};
    wy_status st = ck_table_formula(c, &g, (uint32_t)c->n, bound_pred, &b, "|a-b|-1 <= G <= a+b+1");
    if (st != WY_OK) return st;
    ck_note(c, "The lower bound is attained at %llu cells, the upper at %llu.", (unsigned long long)b.low,
            (unsigned long long)b.high);
    return WY_OK;
}

static int xor_pred(void *ctx, uint32_t x, uint32_t y, uint32_t v, uint64_t *e)
{
    (void)ctx;
    *e = x ^ y;
    return v == (x ^ y);
}

static wy_status c_003_nim(ck *c, const void *arg)
{
    (void)arg;
    static const ck_game g = {"nim", -1, -1, 0};
    return ck_table_formula(c, &g, (uint32_t)c->n, xor_pred, NULL, "G(a,b) = a xor b");
}

/* The notebook's own recursions (NimP, Sub, SubP), run directly. */
static wy_status c_003_defs(ck *c, const void *arg)
{
    (void)arg;
    uint32_t n = (uint32_t)(c->n > 512 ? 512 : c->n);
    c->res->limit = n;
    size_t cells = (size_t)n * n;
    uint32_t *nimp = malloc(cells * 4), *sub = malloc(cells * 4), *subp = malloc(cells * 4);
    uint32_t *seen = calloc(4 * (size_t)n + 8, 4);
    if (!nimp || !sub || !subp || !seen) {
        free(nimp), free(sub), free(subp), free(seen);
        return ck_oom(c, "the notebook tables");
    }
    uint32_t stamp = 0;
    const uint32_t mx = 31;
#define MEX(expr_fill, out)                                                                                            \
    do {                                                                                                               \
        stamp++;                                                                                                       \
        expr_fill;                                                                                                     \
        uint32_t m_ = 0;                                                                                               \
        while (seen[m_] == stamp) m_++;                                                                                \
        out = m_;                                                                                                      \
    } while (0)
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            size_t k = (size_t)a * n + b;
            /* NimP[a,b] = If[a==0&&b==0, 0, Mex[{BitXor[a,b], NimP[i,b] i<a, NimP[a,j] j<b}]] */
            if (a == 0 && b == 0)
                nimp[k] = 0;
            else
                MEX({
                    seen[a ^ b] = stamp;
                    for (uint32_t i = 0; i < a; i++) seen[nimp[(size_t)i * n + b]] = stamp;
                    for (uint32_t j = 0; j < b; j++) seen[nimp[(size_t)a * n + j]] = stamp;
                }, nimp[k]);
            /* Sub[a,b,mx] = Mex[{Sub[i,b] max(0,a-mx) <= i < a, Sub[a,j] ...}] */
            MEX({
                for (uint32_t i = a > mx ? a - mx : 0; i < a; i++) seen[sub[(size_t)i * n + b]] = stamp;
                for (uint32_t j = b > mx ? b - mx : 0; j < b; j++) seen[sub[(size_t)a * n + j]] = stamp;
            }, sub[k]);
            if (a == 0 && b == 0)
                subp[k] = 0;
            else
                MEX({
                    seen[sub[k]] = stamp;
                    for (uint32_t i = a > mx ? a - mx : 0; i < a; i++) seen[subp[(size_t)i * n + b]] = stamp;
                    for (uint32_t j = b > mx ? b - mx : 0; j < b; j++) seen[subp[(size_t)a * n + j]] = stamp;
                }, subp[k]);
        }
#undef MEX
    static const char *const rules[3] = {"nim+pass", "nim+max=31", "nim+max=31+pass"};
    static const char *const names[3] = {"NimP", "Sub[.,.,31]", "SubP[.,.,31]"};
    uint32_t *mine[3] = {nimp, sub, subp};
    wy_status st = WY_OK;
    c->res->verdict = WY_CLAIM_PASS;
    for (int g = 0; g < 3 && st == WY_OK; g++) {
        wy_table *t = NULL;
        wy_side side;
        st = ck_table_of(c, rules[g], -1, -1, n, n, &t, &side);
        if (st != WY_OK) break;
        const ck_engine *e = ck_eng(c);
        for (uint32_t a = 0; a < n && c->res->verdict == WY_CLAIM_PASS; a++)
            for (uint32_t b = 0; b < n; b++)
                if (e->table_get(t, a, b, side) != mine[g][(size_t)a * n + b]) {
                    c->res->verdict = WY_CLAIM_FAIL;
                    ck_note(c, "%s[%u,%u] = %u, but %s gives %u. ", names[g], a, b, mine[g][(size_t)a * n + b],
                            rules[g], e->table_get(t, a, b, side));
                    break;
                }
        e->table_free(t);
    }
    snprintf(c->res->range, sizeof c->res->range, "0 <= a, b < %u%s", n, c->n > n ? " (capped at 512: cubic cost)" : "");
    if (st == WY_OK && c->res->verdict == WY_CLAIM_PASS)
        ck_note(c, "the notebook's NimP, Sub and SubP (mx = 31) equal nim+pass, nim+max=31 and nim+max=31+pass");
    free(nimp), free(sub), free(subp), free(seen);
    return st;
}

/* Row a of nim+pass: G(a, b + p) = G(a, b) + s for all b >= b0 in the
 * window, with at least three periods seen (W - b0 >= 3p) and b0 <= W/2. */
static int row_period(const uint32_t *row, uint32_t w, uint32_t *b0, uint32_t *per, int64_t *salt)
{
    for (uint32_t p = 1; 3 * p <= w; p++) {
        int64_t s = (int64_t)row[w - 1] - (int64_t)row[w - 1 - p];
        uint32_t b = w - 1 - p;
        while (b > 0 && (int64_t)row[b - 1 + p] - (int64_t)row[b - 1] == s) b--;
        if (w - b >= 3 * p && b <= w / 2) {
            *b0 = b, *per = p, *salt = s;
            return 1;
        }
    }
    return 0;
}

static wy_status c_003_rows(ck *c, const void *arg)
{
    (void)arg;
    uint32_t w = (uint32_t)c->n, rows = w / 64 < 8 ? 8 : w / 64;
    if (rows > w) rows = w;
    wy_table *t = NULL;
    wy_side side;
    wy_status st = ck_table_of(c, "nim+pass", -1, -1, rows, w, &t, &side);
    if (st != WY_OK) return st;
    const ck_engine *e = ck_eng(c);
    uint32_t *row = malloc((size_t)w * 4);
    if (!row) {
        e->table_free(t);
        return ck_oom(c, "a row");
    }
    uint32_t a;
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c, "row: preperiod, period, saltus:");
    for (a = 0; a < rows; a++) {
        e->table_row(t, a, side, row);
        uint32_t b0, p;
        int64_t s;
        if (!row_period(row, w, &b0, &p, &s)) break;
        if (a < 24) ck_note(c, " %u: %u,%u,%lld;", a, b0, p, (long long)s);
    }
    if (a == 0) c->res->verdict = WY_CLAIM_FAIL;
    snprintf(c->res->range, sizeof c->res->range, "rows a = 0..%u, columns b < %u", a ? a - 1 : 0, w);
    if (a < rows)
        ck_note(c, " Row %u shows no period with three repetitions in b < %u; a longer window (--limit) confirms more rows.", a, w);
    free(row);
    e->table_free(t);
    return WY_OK;
}

const ck_claim ck_claims_003[] = {
    {{"003.nim", "paper 003, \"Setup and Visualizations\"",
      "The Grundy value of two-pile Nim is a xor b.", "table engine (nim) against a xor b", NULL, TABLE(1024)},
     c_003_nim, NULL, "a xor b, in integers"},
    {{"003.defs", "paper 003, the notebook's NimP (\"Setup and Visualizations\"), Sub and SubP (\"Similar Games\", \"Subtraction Games\")",
      "The notebook's recursions define Nim with a pass and the 31-subtraction game with and without a pass (no pass from (0,0)).",
      "the three recursions run as written, against nim+pass, nim+max=31 and nim+max=31+pass", NULL, TABLE(128)},
     c_003_defs, NULL, "the notebook's recursions run as written, option by option, in the check library"},
    {{"003.bound", "paper 003, \"Plots and Conjectures\" (the conjecture) and \"Full Proof of Nim With a Pass Bounds and Additive Periodicity\"",
      "For Nim with a pass on two piles, |a - b| - 1 <= G(a, b) <= a + b + 1.",
      "table engine (nim+pass, pass available), every cell; counts where each bound is attained", NULL, TABLE(1024)},
     c_003_bound, NULL, "the bounds |a - b| - 1 and a + b + 1, in integers"},
    {{"003.rows", "paper 003, \"Plots and Conjectures\" (last paragraph) and \"Full Proof of Nim With a Pass Bounds and Additive Periodicity\" (last claim)",
      "Along any row of the Grundy table of Nim with a pass the values are arithmetic periodic.",
      "table engine: each row a searched for a preperiod b0 <= W/2, period p and saltus s with G(a, b+p) = G(a, b) + s for all b >= b0 in the window (at least three periods); rows confirmed in order",
      NULL, TABLE(4096)},
     c_003_rows, NULL,
     "none beyond the statement: a period search on the table engine's values (003.defs checks the engine's nim+pass against the notebook's recursion)"},
};

const size_t ck_nclaims_003 = sizeof ck_claims_003 / sizeof ck_claims_003[0];
