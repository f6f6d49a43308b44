/* oeis.c - the formulas of docs/oeis.md as claims: rows 3-6 of Wythoff's
 * table (OEIS A004484-A004487) satisfy a(n) = a(n - p) + s exactly from
 * their thresholds on, and the linear recurrence a(n) = a(n-1) + a(n-p) -
 * a(n-p-1) exactly from one more n (for A004484 and A004485 Chai Wah Wu's
 * conjectures of 2021, thresholds included); their inverse permutations
 * b(v) = b(v - p) + p exactly from theirs.
 *
 * Checked: the table engine's row x over columns 0 <= y < N, every n of the
 * range, and the n just below each threshold (where the relation must
 * fail).  Compared with: the engine's proof of row periodicity
 * (wy_row_periods_compute on rows 0-6, a different method: the state of a
 * strip of rows repeating), whose least preperiod, period and saltus must be
 * the statement's; that proof covers every n beyond the window, and the
 * certificate data/oeis/wythoff-rows-0-6.cert lets a reader replay it with
 * wythoff-certcheck (docs/oeis.md). */
#include "claims.h"
#include "wythoff_exact.h"

typedef struct {
    uint32_t row;
    uint32_t pre, period, saltus; /* the statement's */
    uint32_t from, rec_from;      /* a(n) = a(n-p) + s for n >= from; the recurrence for n >= rec_from */
    uint32_t inv_from;            /* the inverse permutation b: b(v) = b(v-p) + p for v >= inv_from */
} oeis_arg;

static wy_status c_oeis_row(ck *c, const void *arg)
{
    const oeis_arg *a = arg;
    const uint32_t p = a->period;
    /* the window reaches past both thresholds whatever the limit */
    const uint32_t n = c->n > a->rec_from + p + 1 ? (uint32_t)c->n : a->rec_from + p + 1;
    const int64_t s = a->saltus;
    wy_rules r;
    wy_status st = wy_rules_parse(&r, "wythoff", c->err, c->errlen);
    if (st != WY_OK)
        return st;
    const wy_side none = {0, 0};
    const ck_engine *e = ck_eng(c);
    wy_table *t = NULL;
    st = e->table_compute(&t, &r, a->row + 1, n, none, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
    if (st != WY_OK)
        return st;
    int64_t *v = malloc((size_t)n * sizeof *v);
    if (!v) {
        e->table_free(t);
        snprintf(c->err, c->errlen, "out of memory (%u columns)", n);
        return WY_ERANGE;
    }
    for (uint32_t y = 0; y < n; y++)
        v[y] = e->table_get(t, a->row, y, none);
    e->table_free(t);
    /* the inverse b(w) = the column of value w, for the values w < V whose
     * column lies in the window (every w < n - 2 row: G(x, y) >= y - 2x,
     * so the value w sits at y <= w + 2x; a value found twice, or one
     * below V not found, is reported) */
    const uint32_t V = n - 2 * a->row - 1;
    int64_t *b = malloc((size_t)V * sizeof *b);
    if (!b) {
        free(v);
        snprintf(c->err, c->errlen, "out of memory (%u values)", V);
        return WY_ERANGE;
    }
    for (uint32_t w = 0; w < V; w++)
        b[w] = -1;
    uint64_t twice = 0;
    for (uint32_t y = 0; y < n; y++)
        if (v[y] >= 0 && v[y] < (int64_t)V)
            twice += b[v[y]] >= 0, b[v[y]] = y;
    uint64_t missing = 0, bad_inv = 0, first_inv = 0;
    for (uint32_t w = 0; w < V; w++)
        missing += b[w] < 0;
    for (uint32_t w = a->inv_from; !missing && w < V; w++)
        if (b[w] - b[w - p] != (int64_t)p && bad_inv++ == 0)
            first_inv = w;
    const int sharp_inv = !missing && a->inv_from - 1 >= p && b[a->inv_from - 1] - b[a->inv_from - 1 - p] != (int64_t)p;
    /* the start the row's periodicity proves: every w >= 1 + max(a(0..pre-1))
     * has its column at or beyond the preperiod */
    int64_t v0 = 0;
    for (uint32_t y = 0; y < a->pre; y++)
        v0 = v[y] + 1 > v0 ? v[y] + 1 : v0;
    free(b);
    /* the relation from its threshold on, and not just below it */
    uint64_t bad = 0, first = 0, bad_rec = 0, first_rec = 0;
    for (uint32_t m = a->from; m < n; m++)
        if (v[m] - v[m - p] != s && bad++ == 0)
            first = m;
    for (uint32_t m = a->rec_from; m < n; m++)
        if (v[m] != v[m - 1] + v[m - p] - v[m - p - 1] && bad_rec++ == 0)
            first_rec = m;
    const int sharp = a->from - 1 >= p && v[a->from - 1] - v[a->from - 1 - p] != s;
    const int sharp_rec = a->rec_from - 1 >= p + 1 &&
                          v[a->rec_from - 1] != v[a->rec_from - 2] + v[a->rec_from - 1 - p] - v[a->rec_from - 2 - p];
    free(v);
    /* the engine's proof of row periodicity: the row's least preperiod,
     * period and saltus */
    wy_row_periods rp;
    st = wy_row_periods_compute(&rp, &r, 7, (uint64_t)1 << 16, c->mem_limit, c->err, c->errlen);
    if (st != WY_OK)
        return st;
    const uint64_t ppre = rp.row_pre[a->row], pper = rp.row_period[a->row],
                   psal = (uint64_t)((unsigned __int128)rp.row_period[a->row] * rp.shift / rp.period);
    wy_row_periods_clear(&rp);
    snprintf(c->res->range, sizeof c->res->range, "row %u, columns 0 <= y < %u; the row's periodicity proved for every y",
             a->row, n);
    const int proof_ok = ppre == a->pre && pper == a->period && psal == a->saltus;
    const int inv_ok = !twice && !missing && !bad_inv && sharp_inv && (int64_t)a->inv_from <= v0 + p;
    if (bad || bad_rec || !sharp || !sharp_rec || !proof_ok || !inv_ok) {
        c->res->verdict = WY_CLAIM_FAIL;
        if (bad)
            ck_note(c, "a(n) - a(n-%u) = %lld fails at %llu n of the window, the first n = %llu. ", p, (long long)s,
                    (unsigned long long)bad, (unsigned long long)first);
        if (bad_rec)
            ck_note(c, "The recurrence fails at %llu n, the first n = %llu. ", (unsigned long long)bad_rec,
                    (unsigned long long)first_rec);
        if (!sharp)
            ck_note(c, "a(n) = a(n-%u) + %lld already holds at n = %u: the threshold is not the least. ", p,
                    (long long)s, a->from - 1);
        if (!sharp_rec)
            ck_note(c, "The recurrence already holds at n = %u: the threshold is not the least. ", a->rec_from - 1);
        if (twice || missing)
            ck_note(c, "The row's values below %u: %llu found twice, %llu not found in the window. ", V,
                    (unsigned long long)twice, (unsigned long long)missing);
        else if (bad_inv)
            ck_note(c, "The inverse's b(v) = b(v-%u) + %u fails at %llu v, the first v = %llu. ", p, p,
                    (unsigned long long)bad_inv, (unsigned long long)first_inv);
        else if (!sharp_inv)
            ck_note(c, "The inverse's relation already holds at v = %u: the threshold is not the least. ",
                    a->inv_from - 1);
        else if (!inv_ok)
            ck_note(c, "The inverse's threshold %u is above the start the periodicity proves, %lld. ", a->inv_from,
                    (long long)(v0 + p));
        if (!proof_ok)
            ck_note(c, "The periodicity proof gives preperiod %llu, period %llu, saltus %llu; the statement %u, %u, %u. ",
                    (unsigned long long)ppre, (unsigned long long)pper, (unsigned long long)psal, a->pre, a->period,
                    a->saltus);
        return WY_OK;
    }
    c->res->verdict = WY_CLAIM_PASS;
    ck_note(c,
            "The relations hold for every n of the window (the inverse's for the values below %u) and fail just "
            "below their thresholds; the engine's proof of row periodicity (rows 0-6) gives preperiod %u, period %u, "
            "saltus %u, so they hold for every n, the inverse's for every v >= %lld and below that in the window "
            "(the certificate data/oeis/wythoff-rows-0-6.cert replays with wythoff-certcheck; docs/oeis.md).",
            V, a->pre, a->period, a->saltus, (long long)(v0 + p));
    return WY_OK;
}

static const oeis_arg A_4484 = {3, 8, 6, 6, 14, 15, 16}, A_4485 = {4, 9, 12, 12, 21, 22, 22},
                      A_4486 = {5, 27, 24, 24, 51, 52, 45}, A_4487 = {6, 37, 12, 12, 49, 50, 46};

#define HOW_OEIS                                                                                                       \
    "table engine: row x over columns 0..N-1, each relation at every n of the window and just below its threshold, "  \
    "the inverse's for the values whose column the window holds; the engine's proof of row periodicity (rows 0-6) "   \
    "for the preperiod, period and saltus"
#define I_OEIS                                                                                                         \
    "the engine's proof of row periodicity (wy_row_periods_compute: a strip of rows whose state repeats; its "        \
    "certificate replays with wythoff-certcheck), against the table engine's row"
#define OEIS_SCALE WY_SCALE_ROWS, 100000, 16777216

const ck_claim ck_claims_oeis[] = {
    {{"oeis.A004484", "OEIS A004484 (row 3 of A004481), conjecture of Chai Wah Wu (Apr 05 2021); docs/oeis.md",
      "Row 3 of Wythoff's table: a(n) = a(n-6) + 6 for n >= 14 (not at n = 13), and a(n) = a(n-1) + a(n-6) - a(n-7) for n > 14 (not "
      "at n = 14); its inverse permutation b(v) (the column of value v) = b(v-6) + 6 for v >= 16 (not at v = 15).",
      HOW_OEIS, NULL, OEIS_SCALE},
     c_oeis_row, &A_4484, I_OEIS},
    {{"oeis.A004485", "OEIS A004485 (row 4 of A004481), conjecture of Chai Wah Wu (Apr 05 2021); docs/oeis.md",
      "Row 4 of Wythoff's table: a(n) = a(n-12) + 12 for n >= 21 (not at n = 20), and a(n) = a(n-1) + a(n-12) - a(n-13) for n > 21 "
      "(not at n = 21); its inverse b(v) = b(v-12) + 12 for v >= 22 (not at v = 21).",
      HOW_OEIS, NULL, OEIS_SCALE},
     c_oeis_row, &A_4485, I_OEIS},
    {{"oeis.A004486", "OEIS A004486 (row 5 of A004481); docs/oeis.md",
      "Row 5 of Wythoff's table: a(n) = a(n-24) + 24 for n >= 51 (not at n = 50), and a(n) = a(n-1) + a(n-24) - "
      "a(n-25) for n >= 52 (not at n = 51); its inverse b(v) = b(v-24) + 24 for v >= 45 (not at v = 44).",
      HOW_OEIS, NULL, OEIS_SCALE},
     c_oeis_row, &A_4486, I_OEIS},
    {{"oeis.A004487", "OEIS A004487 (row 6 of A004481); docs/oeis.md",
      "Row 6 of Wythoff's table: a(n) = a(n-12) + 12 for n >= 49 (not at n = 48), and a(n) = a(n-1) + a(n-12) - "
      "a(n-13) for n >= 50 (not at n = 49); its inverse b(v) = b(v-12) + 12 for v >= 46 (not at v = 45).",
      HOW_OEIS, NULL, OEIS_SCALE},
     c_oeis_row, &A_4487, I_OEIS},
};
const size_t ck_nclaims_oeis = sizeof ck_claims_oeis / sizeof ck_claims_oeis[0];
