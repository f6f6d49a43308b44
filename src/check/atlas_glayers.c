/* atlas_glayers.c - the findings of docs/glayers.md on the g-positions of
 * Wythoff's game far out, as claims: the offsets of every value g <= 64 from
 * the P-positions (Blass and Fraenkel 1990 prove them bounded for g = 1,
 * Nivasch 2009 for every g) stay within the ranges measured by
 * `wythoff glayers wythoff --size 1e9 --value 64`, and around the Fibonacci
 * indices they do not settle.  One wy_layer_scan_all of the values 0..64 in
 * the window 0 <= x, y < N (N the claim's limit); the offsets are computed
 * here again from floor(n phi) in exact integer arithmetic (ck_floor_phi),
 * independently of app/cmd_glayers.c.
 *
 * What is independent of the layer engine: every g-position with both
 * coordinates below T = min(N, 2048) against the table engine (a different
 * algorithm: the whole window's values), cell by cell, and the one position
 * per value and diagonal.  Beyond T the offsets and radii are compared with
 * the figures the same layer engine measured at 10^9: a consistency check
 * of the engine with itself, which the claims' texts say.
 *
 * Indexing: every diagonal y - x = n >= 0 holds each value exactly once, so
 * the g-position (a_n^g, b_n^g) with b_n^g - a_n^g = n is unique, and its
 * offset is d_n^g = a_n^g - a_n = b_n^g - b_n, (a_n, b_n) = (floor(n phi),
 * floor(n phi) + n). */
#include "claims.h"

#define GMAX 64
#define FWIN 4096 /* the radius of agreement is measured up to this */
#define NFIB 60
#define TWIN 2048 /* the table engine's window */

/* The ranges measured at N = 10^9 (docs/glayers.md, data/glayers/
 * summary-1e9.csv): the least and largest offset of each value. */
static const int8_t lo_1e9[GMAX + 1] = {
    0, -3, -4, -6, -8, -9, -10, -12, -13, -15, -16, -17, -20, -21, -22, -24, -25,
    -27, -29, -30, -32, -34, -35, -37, -39, -40, -42, -44, -45, -46, -49, -50, -51, -54,
    -55, -56, -58, -59, -61, -63, -64, -66, -68, -69, -71, -73, -74, -76, -78, -79, -80,
    -83, -84, -85, -87, -88, -90, -92, -93, -95, -97, -98, -100, -102, -103,
};
static const int8_t hi_1e9[GMAX + 1] = {
    0, 8, 10, 14, 19, 22, 22, 23, 25, 27, 28, 29, 31, 32, 33, 36, 35,
    35, 37, 41, 40, 42, 41, 42, 44, 47, 47, 47, 49, 51, 52, 56, 51, 55,
    56, 53, 55, 56, 62, 58, 60, 60, 63, 62, 67, 66, 69, 64, 69, 76, 70,
    75, 74, 75, 73, 74, 73, 75, 77, 80, 77, 82, 82, 79, 81,
};
/* The largest agreement radius r(k, s) over s = 1, 2 and every k compared
 * at N = 10^9 (k = 12..41; radii cut short by the end of the data left
 * out). */
static const uint16_t rad_1e9[GMAX + 1] = {
    0, 2, 2, 0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0,
    0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0,
    0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1,
};

typedef struct {
    uint64_t n;             /* the window */
    uint64_t fib[NFIB];     /* F_2 = 1, F_3 = 2, ...: fib[i] = F_(i+2) */
    int nfib;
    /* per value: the offsets of the diagonals within FWIN of a Fibonacci
     * number >= 100: win[g][i][FWIN + m] = d_(fib[i] + m), m in [-FWIN, FWIN) */
    int8_t *win;            /* (GMAX + 1) nfib 2 FWIN; 127: not found */
    uint64_t seen[GMAX + 1];/* g-positions x <= y */
    uint64_t maxn[GMAX + 1];/* diagonals 0..maxn-1 each found once (below: checked after) */
    uint8_t *found;         /* per value, a bit per diagonal < fbits */
    uint64_t fbytes, fbits;
    uint64_t bad, bx, by, bg; /* offsets outside the measured range; the first */
    int64_t bd;
    int lo[GMAX + 1], hi[GMAX + 1];
    int dup;
    uint64_t dx, dy, dg;
    /* the table engine's window 0 <= x, y < tw: its values, the positions
     * the scan reported there (a bit per cell), the reports whose value
     * differs from the table's (the first) */
    const ck *ck;
    const wy_table *t;
    wy_side side;
    uint32_t tw;
    uint8_t *tmark;
    uint64_t tbad, tbx, tby, tbg, tbv;
    /* the table's cells x <= y < tw of values 0..64 (tcells), those the scan
     * did not report (tmiss; the first) */
    uint64_t tcells, tmiss, tmx, tmy, tmv;
} gl_ctx;

static int gl_fn(void *ctx, uint64_t g, uint64_t x, uint64_t y)
{
    gl_ctx *c = ctx;
    uint64_t n = y - x;
    int64_t d = (int64_t)x - (int64_t)ck_floor_phi(n);
    c->seen[g]++;
    if (x < c->tw && y < c->tw) {
        uint32_t v = ck_eng(c->ck)->table_get(c->t, (uint32_t)x, (uint32_t)y, c->side);
        size_t k = (size_t)x * c->tw + y;
        c->tmark[k >> 3] |= (uint8_t)(1u << (k & 7));
        if (v != g) {
            if (!c->tbad)
                c->tbx = x, c->tby = y, c->tbg = g, c->tbv = v;
            c->tbad++;
        }
    }
    uint8_t *f = c->found + g * c->fbytes;
    if (n >= c->fbits || (f[n >> 3] & (1u << (n & 7)))) {
        if (!c->dup) {
            c->dup = 1;
            c->dx = x;
            c->dy = y;
            c->dg = g;
        }
    }
    if (n < c->fbits)
        f[n >> 3] |= (uint8_t)(1u << (n & 7));
    if (d < c->lo[g])
        c->lo[g] = (int)d;
    if (d > c->hi[g])
        c->hi[g] = (int)d;
    if (d < lo_1e9[g] || d > hi_1e9[g]) {
        if (!c->bad || x < c->bx) {
            c->bx = x;
            c->by = y;
            c->bg = g;
            c->bd = d;
        }
        c->bad++;
    }
    /* the nearest Fibonacci number >= 100 within FWIN */
    int lo = 0, hi = c->nfib;
    while (lo < hi) { /* first fib[i] > n */
        int mid = (lo + hi) / 2;
        if (c->fib[mid] > n)
            hi = mid;
        else
            lo = mid + 1;
    }
    for (int i = lo - 1; i <= lo; i++) {
        if (i < 0 || i >= c->nfib || c->fib[i] < 100)
            continue;
        int64_t m = (int64_t)n - (int64_t)c->fib[i];
        if (m >= -FWIN && m < FWIN)
            c->win[((size_t)g * c->nfib + i) * 2 * FWIN + (size_t)(m + FWIN)] = (int8_t)d;
    }
    return 0;
}

/* The first diagonal of value g not found (every one below it was). */
static uint64_t first_missing(const gl_ctx *c, uint64_t g)
{
    const uint8_t *f = c->found + g * c->fbytes;
    uint64_t n = 0;
    while (n < c->fbits && (f[n >> 3] & (1u << (n & 7))))
        n++;
    return n;
}

/* r(k, s) of value g: the least r with a difference at m = r or m = -r - 1
 * between the windows of fib[i] and fib[i + s]; capped (*cap) where either
 * leaves the diagonals found (count) or FWIN. */
static uint64_t radius(const gl_ctx *c, uint64_t g, int i, int s, uint64_t count, int *cap)
{
    const int8_t *a = c->win + ((size_t)g * c->nfib + i) * 2 * FWIN + FWIN;
    const int8_t *b = c->win + ((size_t)g * c->nfib + i + s) * 2 * FWIN + FWIN;
    uint64_t f = c->fib[i], f2 = c->fib[i + s];
    *cap = 0;
    for (uint64_t r = 0;; r++) {
        if (r >= FWIN || f2 + r >= count || r + 1 > f) {
            *cap = 1;
            return r;
        }
        if (a[r] != b[r] || a[-(int64_t)r - 1] != b[-(int64_t)r - 1])
            return r;
    }
}

/* The scan of the window 0 <= x, y < n (g->n) for values 0..64 into g, and
 * the table engine's window 0 <= x, y < tw against it (g->tcells,
 * g->tmiss).  g->win and g->found stay allocated, whatever the status. */
static wy_status gl_scan(ck *c, gl_ctx *g, const wy_rules *r)
{
    const uint64_t n = g->n;
    g->fib[0] = 1;
    g->fib[1] = 2;
    g->nfib = 2;
    while (g->nfib < NFIB && g->fib[g->nfib - 1] < n) {
        g->fib[g->nfib] = g->fib[g->nfib - 1] + g->fib[g->nfib - 2];
        g->nfib++;
    }
    /* a g-position x <= y < n lies on a diagonal below (n + 128) / phi^2
     * (its offset is at least -128), below 2 n / 5 + 256 */
    g->fbits = n / 5 * 2 + 256;
    g->fbytes = g->fbits / 8 + 1;
    uint64_t winb = (uint64_t)(GMAX + 1) * g->nfib * 2 * FWIN;
    const ck_engine *e = ck_eng(c);
    wy_side side = {0, 0};
    g->ck = c;
    g->side = side;
    g->tw = (uint32_t)(n < TWIN ? n : TWIN);
    const size_t tbytes = ((size_t)g->tw * g->tw + 7) / 8;
    uint64_t need = wy_layer_all_estimate(r, side, GMAX, n) + winb + (GMAX + 1) * g->fbytes +
                    wy_table_estimate(r, g->tw, g->tw, side) + tbytes;
    wy_status st = ck_need_mem(c, need, "the layer scan of values 0..64");
    wy_table *t = NULL;
    if (st == WY_OK) {
        g->win = malloc(winb);
        g->found = calloc((GMAX + 1) * g->fbytes, 1);
        g->tmark = calloc(tbytes, 1);
        if (!g->win || !g->found || !g->tmark)
            st = ck_oom(c, "the layer scan of values 0..64");
    }
    if (st == WY_OK)
        st = e->table_compute(&t, r, g->tw, g->tw, side, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
    if (st == WY_OK) {
        g->t = t;
        memset(g->win, 127, winb);
        for (int v = 0; v <= GMAX; v++) {
            g->lo[v] = INT32_MAX;
            g->hi[v] = INT32_MIN;
        }
        st = e->layer_scan_all(r, side, GMAX, n, c->mem_limit, gl_fn, g, NULL, c->run, c->err, c->errlen);
    }
    if (st == WY_OK)
        for (uint32_t x = 0; x < g->tw; x++)
            for (uint32_t y = x; y < g->tw; y++) {
                uint32_t v = e->table_get(t, x, y, side);
                size_t k = (size_t)x * g->tw + y;
                if (v > GMAX)
                    continue;
                g->tcells++;
                if (!(g->tmark[k >> 3] & (1u << (k & 7)))) {
                    if (!g->tmiss)
                        g->tmx = x, g->tmy = y, g->tmv = v;
                    g->tmiss++;
                }
            }
    if (t)
        e->table_free(t);
    g->t = NULL;
    free(g->tmark);
    g->tmark = NULL;
    return st;
}

/* Both claims: one position per value and diagonal, and the table engine's
 * cells. */
static void gl_table_notes(ck *c, const gl_ctx *g)
{
    if (g->dup) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "Value %llu has two positions on diagonal %llu (or one beyond 2 N / 5 + 256), one at (%llu, %llu). ", (unsigned long long)g->dg,
                (unsigned long long)(g->dy - g->dx), (unsigned long long)g->dx, (unsigned long long)g->dy);
    }
    if (g->tbad || g->tmiss) {
        c->res->verdict = WY_CLAIM_FAIL;
        if (g->tbad)
            ck_note(c, "%llu g-position(s) with x <= y < %u differ from the table engine; the first: value %llu at (%llu, %llu), where the table engine has %llu. ",
                    (unsigned long long)g->tbad, g->tw, (unsigned long long)g->tbg, (unsigned long long)g->tbx,
                    (unsigned long long)g->tby, (unsigned long long)g->tbv);
        if (g->tmiss)
            ck_note(c, "%llu cell(s) x <= y < %u of value at most 64 in the table engine were not found by the layer scan; the first: (%llu, %llu), value %llu. ",
                    (unsigned long long)g->tmiss, g->tw, (unsigned long long)g->tmx, (unsigned long long)g->tmy,
                    (unsigned long long)g->tmv);
    } else {
        ck_note(c, "The %llu cells x <= y < %u of value at most 64 are exactly the table engine's. ", (unsigned long long)g->tcells,
                g->tw);
    }
}

/* glayers.offsets: every offset within the range measured at 10^9 (the
 * diagonals n < least found for every value; ns: the window). */
static void gl_offsets(ck *c, const gl_ctx *g, uint64_t least, const char *ns)
{
    snprintf(c->res->range, sizeof c->res->range,
             "every g-position x <= y of every value g <= 64 with 0 <= x, y < %s (every diagonal n < %llu)", ns,
             (unsigned long long)least);
    if (g->bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu offset(s) outside the measured range; the first (smallest row): value %llu at (%llu, %llu), "
                   "diagonal %llu, offset %lld, outside %d..%d. ",
                (unsigned long long)g->bad, (unsigned long long)g->bg, (unsigned long long)g->bx,
                (unsigned long long)g->by, (unsigned long long)(g->by - g->bx), (long long)g->bd,
                lo_1e9[g->bg], hi_1e9[g->bg]);
    }
    ck_note(c, "Offsets in this window: g = 1: %d..%d, g = 2: %d..%d, g = 16: %d..%d, g = 64: %d..%d (at 10^9: "
               "%d..%d, %d..%d, %d..%d, %d..%d). ",
            g->lo[1], g->hi[1], g->lo[2], g->hi[2], g->lo[16], g->hi[16], g->lo[64], g->hi[64], lo_1e9[1],
            hi_1e9[1], lo_1e9[2], hi_1e9[2], lo_1e9[16], hi_1e9[16], lo_1e9[64], hi_1e9[64]);
}

/* glayers.fibonacci: no radius of agreement around the Fibonacci indices
 * above the one measured at 10^9. */
static void gl_fibonacci(ck *c, const gl_ctx *g, uint64_t least, const char *ns)
{
    uint64_t worst = 0, compared = 0, wg = 0, wk = 0, over = 0;
    for (uint64_t v = 1; v <= GMAX; v++) {
        uint64_t count = first_missing(g, v), vmax = 0;
        for (int s = 1; s <= 2; s++)
            for (int i = 0; i + s < g->nfib; i++) {
                if (g->fib[i] < 100 || g->fib[i + s] >= count)
                    continue;
                int cap;
                uint64_t rr = radius(g, v, i, s, count, &cap);
                if (cap) /* the data ends before the windows differ: no radius (as at 10^9) */
                    continue;
                compared++;
                if (rr > vmax)
                    vmax = rr;
                if (rr > worst) {
                    worst = rr;
                    wg = v;
                    wk = (uint64_t)i + 2;
                }
            }
        if (vmax > rad_1e9[v])
            over++;
    }
    snprintf(c->res->range, sizeof c->res->range,
             "values 1 <= g <= 64, every k with 100 <= F_k and F_(k+s) < %llu, s = 1, 2 (window 0 <= x, y < %s)",
             (unsigned long long)least, ns);
    if (over) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu value(s) with a radius above the one measured at 10^9. ", (unsigned long long)over);
    }
    ck_note(c, "%llu windows compared; the largest radius r(k, s) is %llu (value %llu, k = %llu). ",
            (unsigned long long)compared, (unsigned long long)worst, (unsigned long long)wg, (unsigned long long)wk);
}

/* One scan for both claims (which = 0: offsets, 1: Fibonacci). */
static wy_status c_glayers(ck *c, const void *arg)
{
    const int which = *(const int *)arg;
    wy_rules r;
    wy_status st = wy_rules_parse(&r, "wythoff", c->err, c->errlen);
    if (st != WY_OK)
        return st;
    gl_ctx *g = calloc(1, sizeof *g);
    if (!g)
        return ck_oom(c, "the layer scan of values 0..64");
    g->n = c->n;
    st = gl_scan(c, g, &r);
    if (st == WY_OK) {
        char ns[32];
        ck_num(ns, sizeof ns, g->n);
        uint64_t least = UINT64_MAX;
        for (uint64_t v = 0; v <= GMAX; v++) {
            uint64_t m = first_missing(g, v);
            if (m < least)
                least = m;
        }
        c->res->verdict = WY_CLAIM_PASS;
        gl_table_notes(c, g);
        if (which == 0)
            gl_offsets(c, g, least, ns);
        else
            gl_fibonacci(c, g, least, ns);
    }
    free(g->win);
    free(g->found);
    free(g);
    return st;
}

static const int W_OFFSETS = 0, W_FIB = 1;

#define I_GL                                                                                                           \
    "the table engine (a different algorithm) on every cell x <= y < min(N, 2048); beyond it none: the figures the "   \
    "same layer engine measured at 10^9 (a self-consistency check)"

const ck_claim ck_claims_glayers[] = {
    {{"glayers.offsets", "docs/glayers.md (Nivasch 2009, Theorem: bounded distance; Blass and Fraenkel 1990 for g = 1)",
      "For every value g <= 64 of Wythoff's game and every n >= 0, the g-position (a_n^g, b_n^g) on diagonal "
      "b - a = n is unique, and its offset a_n^g - a_n = b_n^g - b_n from the P-position (a_n, b_n) lies in the "
      "range measured for g up to 10^9 (the table of docs/glayers.md, Findings)",
      "one wy_layer_scan_all of the values 0..64 in the window; every g-position with x <= y < min(N, 2048) against "
      "the table engine, cell by cell; each offset from floor(n phi) in exact integer arithmetic, against the table "
      "of ranges the same layer engine measured at 10^9 (beyond the table engine's window a self-consistency check "
      "of the layer engine, not an independent one); each diagonal seen at most once",
      NULL, WY_SCALE_ROWS, 200000, 1000000000},
     c_glayers, &W_OFFSETS, I_GL},
    {{"glayers.fibonacci", "docs/glayers.md (Nivasch 2009, convergence conjecture: what the offsets do near F_k)",
      "The offsets do not settle around the Fibonacci indices: for every value 1 <= g <= 64 and every k with "
      "F_k >= 100, the offsets d_(F_k + m) and d_(F_(k+s) + m), s = 1, 2, agree for |m| < r(k, s) only, with "
      "r(k, s) at most the largest radius measured up to 10^9 (docs/glayers.md)",
      "the same scan, with the same comparison against the table engine below min(N, 2048); the offsets of the "
      "diagonals within 4096 of each Fibonacci number kept and compared outward from m = 0, against the largest "
      "radii the same layer engine measured at 10^9 (a self-consistency check of the layer engine, not an "
      "independent one)",
      NULL, WY_SCALE_ROWS, 200000, 1000000000},
     c_glayers, &W_FIB, I_GL},
};
const size_t ck_nclaims_glayers = sizeof ck_claims_glayers / sizeof ck_claims_glayers[0];
