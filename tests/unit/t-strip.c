/*
 * t-strip - the strip module (src/core/strip.h): the first rows of a ruleset as
 * proved eventually additively periodic sequences.
 *
 * For each ruleset of the list below, wy_strip_build's extrapolation
 * (wy_strip_value_u64) is compared with an independent table-engine window
 * three times as wide as the strip's stored part (at least 65536 columns):
 * every cell, every row, every pass layer.  The per-row minimal periods and
 * preperiods are checked against the same window (the relation holds from
 * the preperiod on, fails just before it, and no smaller divisor of the
 * joint period holds over a whole joint period past y0), and the first
 * columns against the naive reference.  The GMP entry point is checked
 * against the 64-bit one and, at y = 10^40 + 17, against the periodicity
 * formula evaluated separately.  Closed forms: Wythoff row 0 is G = y,
 * rows 1 and 2 have period 3 and shift 3 (values as in the naive
 * reference).  Bad arguments give WY_EINVAL, no period within max_cols WY_EDIFF, memory WY_ERANGE.
 *
 * Environment: WY_STRIP_PRINT=1 prints "row x: pre P period Q" for every
 * sequence of every strip, and the build time of each.  Under the sanitizers
 * (WY_TEST_SAN=1, tk_test_san) the strips have at most 16 rows (wythoff's
 * 46 and wythoff+pass's 21 rows: their proofs and check windows take seconds
 * there).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../../src/core/strip.h"
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


static int parse(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        printf("FAIL parse %s: %s\n", text, err);
        return 0;
    }
    return 1;
}

/* Decimal text of z in buf (for messages). */
static const char *zstr(char *buf, size_t n, const mpz_t z)
{
    gmp_snprintf(buf, n, "%Zd", z);
    return buf;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Signed difference of two table values. */
static int64_t tdiff(const wy_table *t, uint32_t x, uint64_t a, uint64_t b, wy_side s)
{
    return (int64_t)wy_table_get(t, x, (uint32_t)a, s) - (int64_t)wy_table_get(t, x, (uint32_t)b, s);
}

/* Every check of one strip against an independent window and the naive
 * reference.  Returns the number of failed groups. */
static int check_strip(const char *text, const wy_rules *r, const wy_strip *s, int print)
{
    int bad = 0;
    char name[256];
    const uint32_t R = s->nrows, L = s->nlayers;
    const uint64_t P = s->period, d = s->shift, y0 = s->y0;

    /* structure */
    snprintf(name, sizeof name, "%s rows 0..%u: strip fields are consistent", text, R - 1);
    tk_group gs = {name, 0, 0};
    gs.cases++;
    if (L != r->passes + 1 || P == 0 || s->ncols != y0 + P || d != (r->max ? 0 : P) || s->cols_computed < s->ncols)
        tk_fail(&gs, "nlayers %u period %llu shift %llu y0 %llu ncols %llu cols_computed %llu", L,
                (unsigned long long)P, (unsigned long long)d, (unsigned long long)y0, (unsigned long long)s->ncols,
                (unsigned long long)s->cols_computed);
    for (uint32_t i = 0; i < L * R; i++) {
        gs.cases++;
        if (s->row_period[i] == 0 || P % s->row_period[i] != 0 || s->row_pre[i] > y0)
            tk_fail(&gs, "sequence %u: period %llu pre %llu (joint period %llu, y0 %llu)", i,
                    (unsigned long long)s->row_period[i], (unsigned long long)s->row_pre[i], (unsigned long long)P,
                    (unsigned long long)y0);
    }
    bad += tk_group_end(&gs);

    /* the independent window */
    uint64_t W64 = 3 * s->ncols > 65536 ? 3 * s->ncols : 65536;
    uint32_t W = (uint32_t)W64;
    wy_table *t = NULL;
    char err[WY_ERRLEN];
    snprintf(name, sizeof name, "%s rows 0..%u: strip (y0 %llu, period %llu) = table engine on %u columns", text,
             R - 1, (unsigned long long)y0, (unsigned long long)P, W);
    tk_group gv = {name, 0, 0};
    if (wy_table_compute(&t, r, R, W, (wy_side){r->passes, 0}, (uint64_t)1 << 32, err, sizeof err) != WY_OK) {
        tk_fail(&gv, "wy_table_compute: %s", err);
        return bad + tk_group_end(&gv);
    }
    for (uint32_t p = 0; p < L; p++)
        for (uint32_t x = 0; x < R; x++)
            for (uint32_t y = 0; y < W; y++) {
                gv.cases++;
                uint64_t a = wy_strip_value_u64(s, p, x, y), b = wy_table_get(t, x, y, (wy_side){p, 0});
                if (a != b)
                    tk_fail(&gv, "layer %u (%u,%u): strip %llu, table %llu", p, x, y, (unsigned long long)a,
                            (unsigned long long)b);
            }
    bad += tk_group_end(&gv);

    /* per-row minimal period and preperiod, against the window */
    snprintf(name, sizeof name, "%s rows 0..%u: per-row periods and preperiods are minimal", text, R - 1);
    tk_group gm = {name, 0, 0};
    for (uint32_t p = 0; p < L; p++)
        for (uint32_t x = 0; x < R; x++) {
            size_t i = (size_t)p * R + x;
            uint64_t q = s->row_period[i], pre = s->row_pre[i];
            int64_t e = (int64_t)(q * d / P);
            wy_side sd = {p, 0};
            if (print)
                printf("  layer %u row %u: pre %llu period %llu\n", p, x, (unsigned long long)pre,
                       (unsigned long long)q);
            gm.cases++;
            uint64_t y;
            for (y = pre; y + q < W && tdiff(t, x, y + q, y, sd) == e; y++)
                ;
            if (y + q < W)
                tk_fail(&gm, "layer %u row %u: G(y+%llu)-G(y) != %lld at y = %llu >= pre %llu", p, x,
                        (unsigned long long)q, (long long)e, (unsigned long long)y, (unsigned long long)pre);
            gm.cases++;
            if (pre > 0 && tdiff(t, x, pre - 1 + q, pre - 1, sd) == e)
                tk_fail(&gm, "layer %u row %u: the relation holds at pre - 1 = %llu too", p, x,
                        (unsigned long long)(pre - 1));
            for (uint64_t q2 = 1; q2 < q; q2++) {
                if (P % q2)
                    continue;
                gm.cases++;
                int64_t e2 = (int64_t)(q2 * d / P);
                for (y = y0; y < y0 + P && tdiff(t, x, y + q2, y, sd) == e2; y++)
                    ;
                if (y == y0 + P)
                    tk_fail(&gm, "layer %u row %u: %llu is a smaller period than %llu", p, x,
                            (unsigned long long)q2, (unsigned long long)q);
            }
        }
    bad += tk_group_end(&gm);
    wy_table_free(t);

    /* the first columns against the naive reference */
    uint32_t nc = 40;
    uint32_t *all = malloc(naive_all_cells(R, nc, r->passes, 0) * sizeof *all);
    snprintf(name, sizeof name, "%s rows 0..%u: first %u columns = naive reference", text, R - 1, nc);
    tk_group gn = {name, 0, 0};
    if (!all || naive_table_all(all, r, R, nc, r->passes, 0) != 0)
        tk_fail(&gn, "naive_table_all failed");
    else
        for (uint32_t p = 0; p < L; p++)
            for (uint32_t x = 0; x < R; x++)
                for (uint32_t y = 0; y < nc; y++) {
                    gn.cases++;
                    uint64_t a = wy_strip_value_u64(s, p, x, y), b = all[naive_all_index(R, nc, 0, x, y, p, 0)];
                    if (a != b)
                        tk_fail(&gn, "layer %u (%u,%u): strip %llu, naive %llu", p, x, y, (unsigned long long)a,
                                (unsigned long long)b);
                }
    free(all);
    bad += tk_group_end(&gn);

    /* GMP: agrees with the 64-bit entry point, and with the formula at 10^40 + 17 */
    snprintf(name, sizeof name, "%s rows 0..%u: wy_strip_value (GMP) = 64-bit value and the formula at 10^40+17",
             text, R - 1);
    tk_group gg = {name, 0, 0};
    mpz_t y, v, big, yp, k, tmp;
    char zb1[128], zb2[128];
    mpz_inits(y, v, big, yp, k, tmp, NULL);
    const uint64_t ys[] = {0, 1, 2, y0, s->ncols - 1, s->ncols, s->ncols + 1, s->ncols + 12345, (uint64_t)1 << 40,
                           ((uint64_t)1 << 62) - 1, (uint64_t)1 << 62};
    mpz_ui_pow_ui(big, 10, 40);
    mpz_add_ui(big, big, 17);
    for (uint32_t p = 0; p < L; p++)
        for (uint32_t x = 0; x < R; x++) {
            for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++) {
                gg.cases++;
                mpz_set_ui(y, (unsigned long)(ys[j] >> 32));
                mpz_mul_2exp(y, y, 32);
                mpz_add_ui(y, y, (unsigned long)(ys[j] & 0xffffffffu));
                wy_strip_value(v, s, p, x, y);
                uint64_t u = ys[j] < ((uint64_t)1 << 62) ? wy_strip_value_u64(s, p, x, ys[j])
                                                         : wy_strip_value_u64(s, p, x, ys[j] - P) + d;
                /* u64 < 2^62 on every platform: compare through two halves */
                mpz_set_ui(tmp, (unsigned long)(u >> 32));
                mpz_mul_2exp(tmp, tmp, 32);
                mpz_add_ui(tmp, tmp, (unsigned long)(u & 0xffffffffu));
                if (mpz_cmp(v, tmp) != 0)
                    tk_fail(&gg, "layer %u row %u y %llu: GMP %s, 64-bit %llu", p, x, (unsigned long long)ys[j],
                            zstr(zb1, sizeof zb1, v), (unsigned long long)u);
            }
            /* y' = y0 + ((big - y0) mod P); expected = G(y') + d * (big - y') / P */
            gg.cases++;
            mpz_sub_ui(tmp, big, (unsigned long)y0); /* y0, P are small here */
            mpz_fdiv_r_ui(yp, tmp, (unsigned long)P);
            mpz_add_ui(yp, yp, (unsigned long)y0);
            uint64_t gyp = wy_strip_value_u64(s, p, x, mpz_get_ui(yp));
            mpz_sub(k, big, yp);
            mpz_divexact_ui(k, k, (unsigned long)P);
            mpz_mul_ui(k, k, (unsigned long)d);
            mpz_add_ui(k, k, (unsigned long)gyp);
            wy_strip_value(v, s, p, x, big);
            if (mpz_cmp(v, k) != 0)
                tk_fail(&gg, "layer %u row %u at 10^40+17: %s, expected %s", p, x, zstr(zb1, sizeof zb1, v),
                        zstr(zb2, sizeof zb2, k));
        }
    mpz_clears(y, v, big, yp, k, tmp, NULL);
    bad += tk_group_end(&gg);
    return bad;
}

/* Wythoff rows 0, 1, 2 in closed form, far out. */
static int check_closed_forms(const wy_strip *s)
{
    tk_group g = {"wythoff: row 0 is G = y, rows 1 and 2 have period 3 and shift 3", 0, 0};
    static const int r1[3] = {1, 1, -2}, r2[3] = {2, -1, -1};
    /* the offsets agree with the naive reference on the first columns */
    wy_rules w;
    parse(&w, "wythoff");
    uint32_t nv[3 * 30];
    if (naive_table(nv, &w, 3, 30, 0, 0) != 0)
        tk_fail(&g, "naive_table failed");
    for (uint32_t y = 0; y < 30; y++) {
        g.cases++;
        if (nv[y] != y || nv[30 + y] != (uint32_t)((int)y + r1[y % 3]) || nv[60 + y] != (uint32_t)((int)y + r2[y % 3]))
            tk_fail(&g, "naive G(.,%u) = %u %u %u does not fit the closed forms", y, nv[y], nv[30 + y], nv[60 + y]);
    }
    g.cases++;
    if (s->row_period[0] != 1 || s->row_pre[0] != 0 || s->row_period[1] != 3 || s->row_period[2] != 3 ||
        s->row_pre[1] != 0 || s->row_pre[2] != 0)
        tk_fail(&g, "per-row (pre, period): row 0 (%llu,%llu), row 1 (%llu,%llu), row 2 (%llu,%llu)",
                (unsigned long long)s->row_pre[0], (unsigned long long)s->row_period[0],
                (unsigned long long)s->row_pre[1], (unsigned long long)s->row_period[1],
                (unsigned long long)s->row_pre[2], (unsigned long long)s->row_period[2]);
    const uint64_t ys[] = {0, 5, 1000003, (uint64_t)1 << 40, ((uint64_t)1 << 62) - 3};
    for (size_t j = 0; j < sizeof ys / sizeof ys[0]; j++) {
        uint64_t y = ys[j];
        g.cases++;
        uint64_t a = wy_strip_value_u64(s, 0, 0, y), b = wy_strip_value_u64(s, 0, 1, y),
                 c = wy_strip_value_u64(s, 0, 2, y);
        if (a != y || b != (uint64_t)((int64_t)y + r1[y % 3]) || c != (uint64_t)((int64_t)y + r2[y % 3]))
            tk_fail(&g, "y = %llu: rows 0-2 give %llu %llu %llu", (unsigned long long)y, (unsigned long long)a,
                    (unsigned long long)b, (unsigned long long)c);
    }
    /* at 10^40 + 17 (= 2 mod 3) with GMP */
    mpz_t y, v, e;
    char zb1[128];
    mpz_inits(y, v, e, NULL);
    mpz_ui_pow_ui(y, 10, 40);
    mpz_add_ui(y, y, 17);
    unsigned long m3 = mpz_fdiv_ui(y, 3);
    for (uint32_t x = 0; x < 3; x++) {
        g.cases++;
        wy_strip_value(v, s, 0, x, y);
        int off = x == 0 ? 0 : x == 1 ? r1[m3] : r2[m3];
        if (off >= 0)
            mpz_add_ui(e, y, (unsigned long)off);
        else
            mpz_sub_ui(e, y, (unsigned long)-off);
        if (mpz_cmp(v, e) != 0)
            tk_fail(&g, "G(%u, 10^40+17) = %s", x, zstr(zb1, sizeof zb1, v));
    }
    mpz_clears(y, v, e, NULL);
    return tk_group_end(&g);
}

static int check_errors(void)
{
    tk_group g = {"bad arguments give WY_EINVAL, no period WY_EDIFF, memory WY_ERANGE, with a message", 0, 0};
    struct {
        const char *text;
        uint32_t rows;
        uint64_t max_cols, mem;
        wy_status want;
        const char *needle;
    } cases[] = {
        {"wythoff+heap=2", 5, 1 << 20, 0, WY_EINVAL, "heap"},
        {"wythoff+mod=3", 5, 1 << 20, 0, WY_EINVAL, "mod"},
        {"wythoff", 0, 1 << 20, 0, WY_EINVAL, "rows"},
        {"wythoff", 46, 8192, 0, WY_EDIFF, "rows 0..45 of wythoff: no period found in the first 8192 columns"},
        {"wythoff", 46, 5000, 0, WY_EDIFF, "no period found in the first 5000 columns"},
        {"wythoff", 46, 0, 0, WY_EDIFF, "no period found"},
        {"wythoff", 46, 1 << 20, 1000, WY_ERANGE, "MiB"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wy_rules r;
        if (!parse(&r, cases[i].text))
            continue;
        g.cases++;
        char err[WY_ERRLEN] = "";
        static wy_strip dummy;
        wy_strip *s = &dummy; /* wy_strip_build must reset it to NULL */
        wy_status st = wy_strip_build(&s, &r, cases[i].rows, cases[i].max_cols, cases[i].mem, err, sizeof err);
        if (st != cases[i].want || s != NULL || !strstr(err, cases[i].needle))
            tk_fail(&g, "%s rows %u max_cols %llu mem %llu: status %d (want %d), message '%s'", cases[i].text,
                    cases[i].rows, (unsigned long long)cases[i].max_cols, (unsigned long long)cases[i].mem, st,
                    cases[i].want, err);
        if (st == WY_OK)
            wy_strip_free(s);
    }
    wy_strip_free(NULL);
    return tk_group_end(&g);
}

int main(void)
{
    static const struct {
        const char *text;
        uint32_t rows;
    } cases[] = {
        {"wythoff", 46},
        {"wythoff+max=1", 10},
        {"wythoff+max=2", 10},
        {"wythoff+max=3", 10},
        {"wythoff+max=4", 10},
        {"wythoff+max=5", 10},
        {"wythoff+max=6", 10},
        {"nim+pass", 13},
        {"wythoff+pass", 21},
        {"nim+max=3+pass", 9},
        {"wythoff+terminal=2", 13},
        {"wythoff+terminal=2+misere", 13},
        {"wythoff+misere", 13},
        {"nim", 9},
    };
    uint64_t pr = 0;
    int print = tk_env_u64(&pr, "WY_STRIP_PRINT") > 0 && pr;
    int failed = 0;
    const int san = tk_test_san();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint32_t rows = san && cases[i].rows > 16 ? 16 : cases[i].rows;
        wy_rules r;
        if (!parse(&r, cases[i].text)) {
            failed++;
            continue;
        }
        char err[WY_ERRLEN] = "";
        wy_strip *s = NULL;
        uint64_t t0 = now_ms();
        wy_status st = wy_strip_build(&s, &r, rows, (uint64_t)1 << 22, (uint64_t)1 << 32, err, sizeof err);
        uint64_t ms = now_ms() - t0;
        if (st != WY_OK) {
            printf("FAIL %s rows 0..%u: wy_strip_build: status %d: %s\n", cases[i].text, rows - 1, st, err);
            failed++;
            continue;
        }
        if (print)
            printf("%s rows 0..%u: y0 %llu period %llu shift %llu, window %llu columns, %llu ms\n", cases[i].text,
                   rows - 1, (unsigned long long)s->y0, (unsigned long long)s->period,
                   (unsigned long long)s->shift, (unsigned long long)s->cols_computed, (unsigned long long)ms);
        failed += check_strip(cases[i].text, &r, s, print);
        if (i == 0)
            failed += check_closed_forms(s);
        wy_strip_free(s);
    }
    failed += check_errors();
    return failed ? 1 : 0;
}
