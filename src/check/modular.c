/* modular.c - the findings of docs/modular.md on m-modular Wythoff (paper
 * 004) as claims, for m = 1..N, each m in the window 0 <= x, y < W(m),
 * W(m) = 32 max(m, 1) (the table engine, wythoff+mod=m):
 *  - modular.offset: G(x, y) <= x + y everywhere (a mex of values below
 *    x + y); for odd m the largest x + y - G of the window is reached inside
 *    0 <= x, y < W/2 (x + y - G looks bounded); for even m the largest
 *    x + y - 2G is reached inside W/2 (2G - (x + y) looks bounded below)
 *    while x + y - G reaches W/2 (it is not bounded);
 *  - modular.rows: rows 0..15 (columns 0 <= y < 4096) are
 *    arithmetic-periodic with saltus equal to the period: the least period
 *    p <= 512 with a constant difference from a preperiod <= 1024, found on
 *    the first half of the row, holds on the whole row, and its saltus is p
 *    (further rows need wider windows: their preperiods grow).
 * Both are checked, not proved: "looks bounded" means the largest value of
 * the window is already in its first quarter (by area), so a window twice
 * as wide would be a stronger check (docs/modular.md has 4096). */
#include "claims.h"

#define ROWS_N 16u     /* modular.rows: rows 0..15 */
#define ROWS_COLS 4096u /* over 0 <= y < 4096 */

static uint32_t mod_window(uint64_t m)
{
    return (uint32_t)(32 * (m ? m : 1));
}

/* The table of wythoff+mod=m on rows x cols. */
static wy_status mod_table(ck *c, uint64_t m, uint32_t rows, uint32_t cols, wy_table **t, wy_side *side)
{
    char rules[64];
    snprintf(rules, sizeof rules, "wythoff+mod=%llu", (unsigned long long)m);
    return ck_table_of(c, rules, -1, -1, rows, cols, t, side);
}

static wy_status c_modular_offset(ck *c, const void *arg)
{
    (void)arg;
    const uint64_t mmax = c->n;
    const ck_engine *e = ck_eng(c);
    wy_status st = WY_OK;
    uint64_t nbad = 0;
    c->res->verdict = WY_CLAIM_PASS;
    char odd[200] = "", even[200] = "";
    size_t ol = 0, el = 0;
    for (uint64_t m = 1; m <= mmax && st == WY_OK; m++) {
        const uint32_t w = mod_window(m), h = w / 2;
        wy_table *t = NULL;
        wy_side side;
        st = mod_table(c, m, w, w, &t, &side);
        if (st != WY_OK)
            break;
        /* d = x + y - G, q = x + y - 2G: the largest in the window and in
         * its first half; a value above x + y is a failure at once */
        int64_t dmax = INT64_MIN, dhalf = INT64_MIN, qmax = INT64_MIN, qhalf = INT64_MIN;
        uint32_t ax = 0, ay = 0, above = 0;
        for (uint32_t x = 0; x < w; x++)
            for (uint32_t y = 0; y < w; y++) {
                const int64_t g = e->table_get(t, x, y, side);
                const int64_t d = (int64_t)x + y - g, q = (int64_t)x + y - 2 * g;
                if (d < 0 && !above++)
                    ax = x, ay = y;
                if (d > dmax)
                    dmax = d;
                if (q > qmax)
                    qmax = q;
                if (x < h && y < h) {
                    if (d > dhalf)
                        dhalf = d;
                    if (q > qhalf)
                        qhalf = q;
                }
            }
        e->table_free(t);
        const int odd_m = m % 2 == 1;
        if (above) {
            if (nbad++ < 3)
                ck_note(c, "m = %llu: G(%u, %u) is above x + y. ", (unsigned long long)m, ax, ay);
        } else if (odd_m && dmax != dhalf) {
            if (nbad++ < 3)
                ck_note(c, "m = %llu: the largest x + y - G is %lld in 0 <= x, y < %u but %lld in the first half. ",
                        (unsigned long long)m, (long long)dmax, w, (long long)dhalf);
        } else if (!odd_m && (qmax != qhalf || dmax < (int64_t)h)) {
            if (nbad++ < 3)
                ck_note(c,
                        "m = %llu: the largest x + y - 2G is %lld in 0 <= x, y < %u and %lld in the first half; "
                        "the largest x + y - G is %lld (at least %u was expected). ",
                        (unsigned long long)m, (long long)qmax, w, (long long)qhalf, (long long)dmax, h);
        }
        if (odd_m && ol + 24 < sizeof odd)
            ol += (size_t)snprintf(odd + ol, sizeof odd - ol, "%s%llu:%lld", ol ? " " : "", (unsigned long long)m,
                                   (long long)dmax);
        if (!odd_m && el + 24 < sizeof even)
            el += (size_t)snprintf(even + el, sizeof even - el, "%s%llu:%lld", el ? " " : "", (unsigned long long)m,
                                   (long long)qmax);
    }
    if (st != WY_OK)
        return st;
    snprintf(c->res->range, sizeof c->res->range, "m = 1..%llu, 0 <= x, y < 32 m", (unsigned long long)mmax);
    if (nbad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu values of m fail.", (unsigned long long)nbad);
    } else {
        ck_note(c, "G <= x + y everywhere. Odd m, largest x + y - G (m:value) %s; even m, largest x + y - 2G %s; "
                   "each reached in the first half of its window.",
                odd, mmax >= 2 ? even : "(none)");
    }
    return WY_OK;
}

/* The least p <= pmax with a constant difference s on [pre, half) of the
 * row, pre <= premax: 1 with *p, *s, *pre, else 0. */
static int row_period(const int64_t *row, uint32_t half, uint32_t pmax, uint32_t premax, uint32_t *p, int64_t *s,
                      uint32_t *pre)
{
    for (uint32_t q = 1; q <= pmax && q < half; q++) {
        const int64_t d = row[half - 1] - row[half - 1 - q];
        uint32_t y = half - 1;
        while (y >= q && row[y] - row[y - q] == d)
            y--;
        /* row[y'] - row[y' - q] = d for every y' > y: the preperiod is y - q + 1 */
        const uint32_t from = y < q ? 0 : y - q + 1;
        if (from <= premax) {
            *p = q, *s = d, *pre = from;
            return 1;
        }
    }
    return 0;
}

static wy_status c_modular_rows(ck *c, const void *arg)
{
    (void)arg;
    const uint64_t mmax = c->n;
    const ck_engine *e = ck_eng(c);
    wy_status st = WY_OK;
    uint64_t nbad = 0, nrows = 0, nper = 0;
    uint32_t maxp = 0, maxpre = 0;
    int64_t *row = malloc((size_t)ROWS_COLS * sizeof *row);
    if (!row)
        return ck_oom(c, "a row");
    c->res->verdict = WY_CLAIM_PASS;
    for (uint64_t m = 1; m <= mmax && st == WY_OK; m++) {
        const uint32_t w = ROWS_COLS, rows = ROWS_N;
        wy_table *t = NULL;
        wy_side side;
        st = mod_table(c, m, rows, w, &t, &side);
        if (st != WY_OK)
            break;
        for (uint32_t x = 0; x < rows; x++) {
            for (uint32_t y = 0; y < w; y++)
                row[y] = e->table_get(t, x, y, side);
            nrows++;
            uint32_t p = 0, pre = 0;
            int64_t s = 0;
            int why = 0; /* 1 none found, 2 broken in the second half, 3 saltus != period */
            if (!row_period(row, w / 2, w / 8, w / 4, &p, &s, &pre))
                why = 1;
            else {
                for (uint32_t y = pre + p; y < w && !why; y++)
                    if (row[y] - row[y - p] != s)
                        why = 2;
                if (!why && s != (int64_t)p)
                    why = 3;
            }
            if (!why) {
                nper++;
                if (p > maxp)
                    maxp = p;
                if (pre > maxpre)
                    maxpre = pre;
            } else if (nbad++ < 3) {
                ck_note(c, "m = %llu, row %u: %s. ", (unsigned long long)m, x,
                        why == 1   ? "no period found in the first half of the row"
                        : why == 2 ? "the period of the first half fails in the second"
                                   : "the saltus differs from the period");
            }
        }
        e->table_free(t);
    }
    free(row);
    if (st != WY_OK)
        return st;
    snprintf(c->res->range, sizeof c->res->range,
             "m = 1..%llu, rows 0..15, columns 0 <= y < 4096 (%llu rows)", (unsigned long long)mmax,
             (unsigned long long)nrows);
    if (nbad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu of %llu rows fail.", (unsigned long long)nbad, (unsigned long long)nrows);
    } else {
        ck_note(c, "Every row is arithmetic-periodic with saltus = period; the largest period %u, the largest "
                   "preperiod %u.",
                maxp, maxpre);
    }
    return WY_OK;
}

const ck_claim ck_claims_modular[] = {
    {{"modular.offset", "docs/modular.md, Findings F1-F3 (found in this project)",
      "In m-modular Wythoff, G(x, y) <= x + y; for odd m, x + y - G(x, y) is bounded (its largest value in the "
      "window 0 <= x, y < 32m is reached in 0 <= x, y < 16m); for even m, x + y - 2G(x, y) is bounded likewise "
      "while x + y - G(x, y) is not (it reaches 16m in the window).",
      "table engine (wythoff+mod=m), every cell of 0 <= x, y < 32m, m = 1..N", NULL, PARAMC(16, 64)},
     c_modular_offset, NULL, "the bound x + y and the halves of the window, in integers"},
    {{"modular.rows", "docs/modular.md, Finding F4 (found in this project)",
      "In m-modular Wythoff the rows x <= 15 are arithmetic-periodic with saltus equal to its period: "
      "G(x, y + p) = G(x, y) + p for y >= a preperiod.",
      "table engine (wythoff+mod=m), rows 0..15 over 0 <= y < 4096, m = 1..N: the least period found on the first "
      "half of a row must hold on all of it",
      NULL, PARAMC(32, 64)},
     c_modular_rows, NULL, "the period of the first half of each row, tested on the second half, in integers"},
};
const size_t ck_nclaims_modular = sizeof ck_claims_modular / sizeof ck_claims_modular[0];
