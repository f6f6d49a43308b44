/*
 * t-strip - the strip module (src/core/strip.h): the first rows of a ruleset as
 * proved eventually additively periodic sequences.
 *
 * For each ruleset of the list below, wyi_strip_build's extrapolation
 * (wyi_strip_value_u64) is compared with an independent table-engine window
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
 * The cache of proved strips (strip_cache.c) and its trust rule (issue 26):
 * a strip of Wythoff's rows 0..47, made without the engine's proof from a
 * table-engine window and the joint period of those rows in the certified
 * atlas (data/periods/wythoff.csv: every row x <= 47 has a period dividing
 * 1536 and a preperiod <= 17230), is written by wyi_strip_cache_save and read
 * through the exact evaluator (wy_exact_eval, which proves nothing beyond
 * row 45): from a trusted directory it is used (value = the table's, method
 * "read from its cache"); tampered beyond column 512 with a valid checksum
 * (a value changed, or row 47's period halved) it is not used from a group-
 * or world-writable (even sticky) directory, below a world-writable parent,
 * as a group-writable file, through a symbolic link, as a file or directory
 * of another user (as root only, else "skip:"), and a file damaged by
 * accident (its checksum) or a FIFO in its place are skipped; each time the
 * note (wy_exact_cache_note) says why, and nothing is written into an
 * untrusted directory.  Skipped as a whole ("skip:") when the temporary
 * directory's own parents fail the rule.
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
#include "wythoff_exact.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


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
static int check_strip(const char *text, const wy_rules *r, const wyi_strip *s, int print)
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
                uint64_t a = wyi_strip_value_u64(s, p, x, y), b = wy_table_get(t, x, y, (wy_side){p, 0});
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
                    uint64_t a = wyi_strip_value_u64(s, p, x, y), b = all[naive_all_index(R, nc, 0, x, y, p, 0)];
                    if (a != b)
                        tk_fail(&gn, "layer %u (%u,%u): strip %llu, naive %llu", p, x, y, (unsigned long long)a,
                                (unsigned long long)b);
                }
    free(all);
    bad += tk_group_end(&gn);

    /* GMP: agrees with the 64-bit entry point, and with the formula at 10^40 + 17 */
    snprintf(name, sizeof name, "%s rows 0..%u: wyi_strip_value (GMP) = 64-bit value and the formula at 10^40+17",
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
                wyi_strip_value(v, s, p, x, y);
                uint64_t u = ys[j] < ((uint64_t)1 << 62) ? wyi_strip_value_u64(s, p, x, ys[j])
                                                         : wyi_strip_value_u64(s, p, x, ys[j] - P) + d;
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
            uint64_t gyp = wyi_strip_value_u64(s, p, x, mpz_get_ui(yp));
            mpz_sub(k, big, yp);
            mpz_divexact_ui(k, k, (unsigned long)P);
            mpz_mul_ui(k, k, (unsigned long)d);
            mpz_add_ui(k, k, (unsigned long)gyp);
            wyi_strip_value(v, s, p, x, big);
            if (mpz_cmp(v, k) != 0)
                tk_fail(&gg, "layer %u row %u at 10^40+17: %s, expected %s", p, x, zstr(zb1, sizeof zb1, v),
                        zstr(zb2, sizeof zb2, k));
        }
    mpz_clears(y, v, big, yp, k, tmp, NULL);
    bad += tk_group_end(&gg);
    return bad;
}

/* Wythoff rows 0, 1, 2 in closed form, far out. */
static int check_closed_forms(const wyi_strip *s)
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
        uint64_t a = wyi_strip_value_u64(s, 0, 0, y), b = wyi_strip_value_u64(s, 0, 1, y),
                 c = wyi_strip_value_u64(s, 0, 2, y);
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
        wyi_strip_value(v, s, 0, x, y);
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
        {"wythoff+mod=3+max=2", 5, 1 << 20, 0, WY_EINVAL, "mod"},
        {"wythoff", 0, 1 << 20, 0, WY_EINVAL, "rows"},
        {"wythoff", 46, 8192, 0, WY_EDIFF, "rows 0..45 of wythoff: no period found in the first 8192 columns"},
        {"wythoff", 46, 5000, 0, WY_EDIFF, "no period found in the first 5000 columns"},
        {"wythoff", 46, 0, 0, WY_EDIFF, "no period found"},
        {"wythoff", 46, 1 << 20, 1000, WY_ERANGE, "needs about"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wy_rules r;
        if (!parse(&r, cases[i].text))
            continue;
        g.cases++;
        char err[WY_ERRLEN] = "";
        static wyi_strip dummy;
        wyi_strip *s = &dummy; /* wyi_strip_build must reset it to NULL */
        wy_status st = wyi_strip_build(&s, &r, cases[i].rows, cases[i].max_cols, cases[i].mem, err, sizeof err);
        if (st != cases[i].want || s != NULL || !strstr(err, cases[i].needle))
            tk_fail(&g, "%s rows %u max_cols %llu mem %llu: status %d (want %d), message '%s'", cases[i].text,
                    cases[i].rows, (unsigned long long)cases[i].max_cols, (unsigned long long)cases[i].mem, st,
                    cases[i].want, err);
        if (st == WY_OK)
            wyi_strip_free(s);
    }
    wyi_strip_free(NULL);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */
/* The cache and its trust rule                                        */
/* ------------------------------------------------------------------ */

#define CR 48u          /* rows 0..47: the smallest strip the evaluator reads from the cache (rows >= 46) */
#define CY0 17277u      /* 17230 (row 47's preperiod, the largest) + R - 1 */
#define CP 1536u        /* the joint period of rows 0..47 (data/periods/wythoff.csv) */
#define CNCOLS (CY0 + CP)
#define TAMPER_Y 18000u /* beyond column 512, inside row 47's stored part */

static char cache_base[512];
static int cache_fails; /* setup steps that failed (each printed as a FAIL line) */

/* Does every directory from path up to / pass the trust rule as a parent
 * (root's or ours, not writable by others unless sticky)?  The test's own
 * check, written apart from strip_cache.c. */
static int parents_trusted(const char *path)
{
    char p[512];
    snprintf(p, sizeof p, "%s", path);
    for (;;) {
        struct stat st;
        if (stat(p, &st) != 0 || (st.st_uid != 0 && st.st_uid != geteuid()) ||
            ((st.st_mode & 022) && !(st.st_mode & 01000)))
            return 0;
        char *sl = strrchr(p, '/');
        if (!sl || sl == p)
            break;
        *sl = '\0';
    }
    return 1;
}

/* A fresh directory cache_base/NAME of the given mode (chmod after mkdir:
 * the umask does not apply); its path into buf. */
static const char *mkdir_mode(char *buf, size_t len, const char *name, mode_t mode)
{
    snprintf(buf, len, "%s/%s", cache_base, name);
    if (mkdir(buf, 0700) != 0 || chmod(buf, mode) != 0) {
        printf("FAIL cache: cannot make %s\n", buf);
        cache_fails++;
    }
    return buf;
}

/* Copy file a to b (mode 0600). */
static int copy_file(const char *a, const char *b)
{
    FILE *f = fopen(a, "rb"), *g = fopen(b, "wb");
    int ok = f && g;
    char buf[65536];
    for (size_t n; ok && (n = fread(buf, 1, sizeof buf, f)) > 0;)
        ok = fwrite(buf, 1, n, g) == n;
    if (f)
        fclose(f);
    if (g && fclose(g) != 0)
        ok = 0;
    ok = ok && chmod(b, 0600) == 0;
    if (!ok) {
        printf("FAIL cache: cannot copy %s to %s\n", a, b);
        cache_fails++;
    }
    return ok;
}

typedef struct {
    int has_value;
    char method[200], note[WY_ERRLEN], value[80];
} probe;

/* G(47, y) by a fresh exact evaluator whose cache is dir (y decimal text). */
static void probe_at(probe *pr, const char *dir, uint32_t x, const char *y)
{
    char err[WY_ERRLEN];
    wy_rules r;
    wy_exact *e = NULL;
    memset(pr, 0, sizeof *pr);
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
        snprintf(pr->note, sizeof pr->note, "wy_exact_new: %.400s", err);
        return;
    }
    wy_exact_set_cache(e, dir);
    mpz_t X, Y;
    mpz_init_set_ui(X, x);
    mpz_init_set_str(Y, y, 10);
    wy_answer a;
    wy_answer_init(&a);
    if (wy_exact_eval(e, &a, X, Y, (wy_side){0, 0}, err, sizeof err) == WY_OK) {
        pr->has_value = a.has_value;
        snprintf(pr->method, sizeof pr->method, "%s", a.method);
        if (a.has_value)
            gmp_snprintf(pr->value, sizeof pr->value, "%Zd", a.value);
    }
    wy_exact_cache_note(pr->note, sizeof pr->note, e);
    wy_answer_clear(&a);
    mpz_clears(X, Y, NULL);
    wy_exact_free(e);
}

/* One case: G(x, y) read through the cache dir is want (the file used), or
 * not known (want NULL: the file not used, the note naming why). */
static int expect_cache(const char *name, const char *dir, uint32_t x, const char *y, const char *want,
                        const char *note_has)
{
    probe pr;
    probe_at(&pr, dir, x, y);
    int ok;
    if (want)
        ok = pr.has_value && strcmp(pr.value, want) == 0 && strstr(pr.method, "read from its cache") && !pr.note[0];
    else
        ok = !pr.has_value && strstr(pr.note, note_has) != NULL;
    if (ok)
        printf("PASS cache: %s: G(%u, %s) %s%s%s\n", name, x, y, want ? "= " : "not read from the file; note: ",
               want ? want : pr.note, want ? " read from the cache" : "");
    else
        printf("FAIL cache: %s: G(%u, %s): value %s, method '%s', note '%s'; want %s%s\n", name, x, y,
               pr.has_value ? pr.value : "unknown", pr.method, pr.note, want ? want : "no value, a note naming ",
               want ? "" : note_has);
    return !ok;
}

/* The number of entries of dir other than . and .. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *de; d && (de = readdir(d));)
        n += strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

static int check_cache(void)
{
    char err[WY_ERRLEN], note[WY_ERRLEN];
    const char *tmp = getenv("TMPDIR");
    snprintf(cache_base, sizeof cache_base, "%s/wythoff-t-strip-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(cache_base)) {
        printf("FAIL cache: mkdtemp %s failed\n", cache_base);
        return 1;
    }
    if (!parents_trusted(cache_base)) {
        printf("skip: cache: %s or a directory above it is writable by others or belongs to another user, so no "
               "cache below it can pass the trust rule\n", cache_base);
        rmdir(cache_base);
        return 0;
    }
    int failed = 0;
    wy_rules r;
    parse(&r, "wythoff");
    /* the strip, from the table engine and the atlas's joint period: every
     * row's relation G(x, y + 1536) = G(x, y) + 1536 from y0 on */
    wy_table *t = NULL;
    if (wy_table_compute_run(&t, &r, CR, CNCOLS, (wy_side){0, 0}, 0, WY_LAYOUT_SPARSE, NULL, err, sizeof err) !=
        WY_OK) {
        printf("FAIL cache: table %u x %u: %s\n", CR, CNCOLS, err);
        return 1;
    }
    wyi_strip *s = wyi_strip_new(&r, CR, 1, CY0, CP, CP);
    for (uint32_t x = 0; x < CR; x++) {
        s->row_pre[x] = CY0;
        s->row_period[x] = CP;
        for (uint32_t y = 0; y < CNCOLS; y++)
            s->vals[(size_t)x * CNCOLS + y] = wy_table_get(t, x, y, (wy_side){0, 0});
    }
    char truth[80], far[80], far_y[80], y_t[16], y_h[16] = "";
    const uint32_t g47 = wy_table_get(t, 47, TAMPER_Y, (wy_side){0, 0});
    snprintf(truth, sizeof truth, "%u", g47);
    snprintf(y_t, sizeof y_t, "%u", TAMPER_Y);
    /* the position: (47, 1536 * 10^20 + 18000), 18000 >= row 47's preperiod 17230 */
    snprintf(far_y, sizeof far_y, "153600000000000000018000");
    snprintf(far, sizeof far, "1536000000000000000%05u", g47);
    if (g47 >= 100000)
        printf("FAIL cache: G(47, %u) = %u, more digits than the test expects\n", TAMPER_Y, g47), failed++;

    /* a trusted directory (mode 0700, ours): the file is used */
    char d0[640], d[640], path[1024], path2[1024];
    mkdir_mode(d0, sizeof d0, "ok", 0700);
    note[0] = '\0';
    int rc = wyi_strip_cache_save(s, d0, note, sizeof note);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d0);
    struct stat st;
    if (rc != 0 || note[0] || stat(path, &st) != 0 || (st.st_mode & 0777) != 0600 || st.st_uid != geteuid()) {
        printf("FAIL cache: save into %s: %d, note '%s', file mode %o\n", d0, rc, note, (unsigned)st.st_mode);
        failed++;
    } else {
        printf("PASS cache: a strip saved into a trusted directory: a file of mode 0600\n");
    }
    failed += expect_cache("trusted directory", d0, 47, y_t, truth, NULL);
    failed += expect_cache("trusted directory", d0, 47, far_y, far, NULL);
    /* missing directories are made with mode 0700 */
    snprintf(d, sizeof d, "%s/new/sub", cache_base);
    note[0] = '\0';
    rc = wyi_strip_cache_save(s, d, note, sizeof note);
    struct stat a, b;
    snprintf(path2, sizeof path2, "%s/new", cache_base);
    if (rc == 0 && stat(path2, &a) == 0 && stat(d, &b) == 0 && (a.st_mode & 0777) == 0700 && (b.st_mode & 0777) == 0700)
        printf("PASS cache: missing directories created with mode 0700\n");
    else {
        printf("FAIL cache: save into %s: %d, note '%s'\n", d, rc, note);
        failed++;
    }

    /* the tampered strips, each written with a valid checksum: G(47, 18000) + 5,
     * and row 47's period halved (its values from 17277 + 768 on wrong) */
    char dt[640], dh[640], ft[1024], fh[1024];
    s->vals[(size_t)47 * CNCOLS + TAMPER_Y] += 5;
    mkdir_mode(dt, sizeof dt, "tampered", 0700);
    failed += wyi_strip_cache_save(s, dt, NULL, 0) != 0;
    s->vals[(size_t)47 * CNCOLS + TAMPER_Y] -= 5;
    s->row_period[47] = CP / 2;
    mkdir_mode(dh, sizeof dh, "halved", 0700);
    failed += wyi_strip_cache_save(s, dh, NULL, 0) != 0;
    s->row_period[47] = CP;
    for (uint32_t y = CY0 + CP / 2; y < CNCOLS && !y_h[0]; y++)
        if (wy_table_get(t, 47, y, (wy_side){0, 0}) != wy_table_get(t, 47, y - CP / 2, (wy_side){0, 0}) + CP / 2)
            snprintf(y_h, sizeof y_h, "%u", y);
    snprintf(ft, sizeof ft, "%s/wythoff.rows48.strip", dt);
    snprintf(fh, sizeof fh, "%s/wythoff.rows48.strip", dh);
    if (!y_h[0]) {
        printf("FAIL cache: row 47 has period %u (the atlas says 1536)\n", CP / 2);
        failed++;
    }
    {
        /* the tampered file really differs where it was changed (a check of the test) */
        probe pr;
        probe_at(&pr, dt, 47, y_t);
        char want[32];
        snprintf(want, sizeof want, "%u", g47 + 5);
        if (!pr.has_value || strcmp(pr.value, want) != 0) {
            printf("FAIL cache: the tampered file, where trusted, does not give %s (%s)\n", want, pr.value);
            failed++;
        }
    }
    /* a group-writable, a world-writable, a world-writable sticky cache directory */
    static const struct {
        const char *name;
        mode_t mode;
        const char *why;
    } dmodes[] = {{"group-writable directory", 0770, "is writable by its group"},
                  {"world-writable directory", 0707, "is writable by others"},
                  {"world-writable sticky directory", 01777, "is writable by its group and others"}};
    for (size_t i = 0; i < sizeof dmodes / sizeof dmodes[0]; i++) {
        char name[80];
        snprintf(name, sizeof name, "d%zu", i);
        mkdir_mode(d, sizeof d, name, dmodes[i].mode);
        snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
        copy_file(ft, path);
        failed += expect_cache(dmodes[i].name, d, 47, y_t, NULL, dmodes[i].why);
        failed += expect_cache(dmodes[i].name, d, 47, far_y, NULL, dmodes[i].why);
        snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
        copy_file(fh, path);
        failed += expect_cache(dmodes[i].name, d, 47, y_h, NULL, dmodes[i].why);
    }
    /* a parent writable by others (not sticky), then sticky (accepted: the
     * untampered file there is used) */
    char par[600];
    mkdir_mode(par, sizeof par, "open", 0777);
    snprintf(d, sizeof d, "%s/cache", par);
    mkdir(d, 0700);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
    copy_file(ft, path);
    failed += expect_cache("a parent writable by others", d, 47, y_t, NULL, "/open' is writable by");
    chmod(par, 01777);
    snprintf(path2, sizeof path2, "%s/ok/wythoff.rows48.strip", cache_base);
    copy_file(path2, path);
    failed += expect_cache("a sticky world-writable parent (as /tmp)", d, 47, y_t, truth, NULL);
    /* the file: writable by its group; a symbolic link; a FIFO */
    mkdir_mode(d, sizeof d, "gw", 0700);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
    copy_file(ft, path);
    chmod(path, 0620);
    failed += expect_cache("a group-writable file", d, 47, y_t, NULL, "writable by its group or others");
    mkdir_mode(d, sizeof d, "link", 0700);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
    if (symlink(ft, path) != 0)
        printf("FAIL cache: symlink %s\n", path), failed++;
    failed += expect_cache("a symbolic link", d, 47, y_t, NULL, "a symbolic link");
    mkdir_mode(d, sizeof d, "fifo", 0700);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
    if (mkfifo(path, 0600) != 0)
        printf("FAIL cache: mkfifo %s\n", path), failed++;
    failed += expect_cache("a FIFO (not opened for reading)", d, 47, y_t, NULL, "not a regular file");
    /* another user's file, another user's directory (root only) */
    if (geteuid() == 0) {
        mkdir_mode(d, sizeof d, "foreign", 0700);
        snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
        copy_file(ft, path);
        if (chown(path, 65534, 65534) != 0)
            printf("FAIL cache: chown %s\n", path), failed++;
        failed += expect_cache("a file of user 65534", d, 47, y_t, NULL, "belongs to another user");
        mkdir_mode(d, sizeof d, "foreigndir", 0700);
        snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
        copy_file(ft, path);
        if (chown(d, 65534, 65534) != 0)
            printf("FAIL cache: chown %s\n", d), failed++;
        failed += expect_cache("a directory of user 65534", d, 47, y_t, NULL, "belongs to user 65534");
    } else {
        printf("skip: cache: a file and a directory of another user (chown needs root)\n");
    }
    /* accidental damage in a trusted directory: one bit of a value, the checksum not updated */
    mkdir_mode(d, sizeof d, "damaged", 0700);
    snprintf(path, sizeof path, "%s/wythoff.rows48.strip", d);
    copy_file(path2, path);
    FILE *f = fopen(path, "r+b");
    if (f) {
        fseek(f, -4000, SEEK_END);
        int c = fgetc(f);
        fseek(f, -4000, SEEK_END);
        fputc(c ^ 4, f);
        fclose(f);
    }
    failed += expect_cache("a damaged file (bad checksum)", d, 47, y_t, NULL, "its checksum is wrong");
    /* nothing is written into an untrusted directory */
    mkdir_mode(d, sizeof d, "nowrite", 0770);
    note[0] = '\0';
    rc = wyi_strip_cache_save(s, d, note, sizeof note);
    if (rc != 0 && entries(d) == 0 && strstr(note, "is writable by its group"))
        printf("PASS cache: nothing written into a group-writable directory (note: %s)\n", note);
    else {
        printf("FAIL cache: save into a group-writable directory: %d, %d entries, note '%s'\n", rc, entries(d), note);
        failed++;
    }
    wyi_strip_free(s);
    wy_table_free(t);
    /* clean up: our own tree (root can remove what it gave away) */
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "chmod -R u+rwx '%s' 2>/dev/null; rm -rf '%s'", cache_base, cache_base);
    if (system(cmd) != 0)
        printf("FAIL cache: cannot remove %s\n", cache_base), failed++;
    return failed + cache_fails;
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
        {"wythoff+mod=3", 9},
        {"wythoff+mod=5", 12},
        {"wythoff+mod=7+pass", 8},
        {"wythoff+mod=4+terminal=2", 8},
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
        wyi_strip *s = NULL;
        uint64_t t0 = now_ms();
        wy_status st = wyi_strip_build(&s, &r, rows, (uint64_t)1 << 22, (uint64_t)1 << 32, err, sizeof err);
        uint64_t ms = now_ms() - t0;
        if (st != WY_OK) {
            printf("FAIL %s rows 0..%u: wyi_strip_build: status %d: %s\n", cases[i].text, rows - 1, st, err);
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
        wyi_strip_free(s);
    }
    failed += check_errors();
    failed += check_cache();
    return failed ? 1 : 0;
}
