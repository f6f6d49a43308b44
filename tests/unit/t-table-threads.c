/*
 * t-table-threads - the table engine gives the same values whatever the
 * number of threads, the band height, the layout, and whether the table is
 * kept in memory or streamed row by row; and it agrees with the naive
 * reference (tests/naive) on small windows computed that way.
 *
 * For each ruleset and window below, the reference is the table computed on
 * one thread with the automatic band height.  Every other run (threads 1, 2,
 * 3, 5 and 8 -- more than the cores, so threads wait on each other -- and
 * band heights 1, 3, 7 and 64 in seven pairs, each with the three layouts
 * and as a stream) must
 * give every cell of every side state identical.  Windows include R > C
 * (stored transposed), R < C, odd sizes, and sizes below one band.
 * Then: progress is reported and reaches the total; a progress function that
 * returns nonzero stops the computation with WY_ECANCELED (no leak under
 * ASan); a row function that returns nonzero stops a stream the same way.
 *
 * The sparse layout (O(rows) per cell) is forced on windows of at most
 * 70000 cells (200000 with WY_TEST_BIG=1).  Under the sanitizers
 * (WY_TEST_SAN=1, tk_test_san) the windows above 100 rows or columns are
 * halved (the same shapes: R > C, R < C, odd, below one band), the runs
 * on 5 and 8 threads use 3 (more threads than cores are there for the
 * waits, not for ASan) and the progress window is 350 instead of 700.
 *
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/naive.h"
#include "../naive/testkit.h"
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
static int san;                    /* tk_test_san(): smaller windows */
static uint64_t sparse_max = 70000; /* the largest window (cells) of a forced sparse layout */

/* A window side: halved under the sanitizers when above 100. */
static uint32_t side(uint32_t n) { return san && n > 100 ? (n + 1) / 2 : n; }

static void check(int ok, const char *name, const char *why)
{
    if (ok)
        printf("PASS %s\n", name);
    else {
        printf("FAIL %s: %s\n", name, why);
        failures++;
    }
    fflush(stdout);
}

typedef struct {
    const wy_table *ref;
    wy_side side;
    uint32_t next;
    int bad;
    char why[256];
} stream_check;

static int on_row(void *ctx, uint32_t x, const uint32_t *v, uint32_t cols)
{
    stream_check *c = ctx;
    if (x != c->next && !c->bad) {
        c->bad = 1;
        snprintf(c->why, sizeof c->why, "row %u handed out where %u was due", x, c->next);
    }
    c->next = x + 1;
    for (uint32_t y = 0; y < cols && !c->bad; y++) {
        uint32_t want = wy_table_get(c->ref, x, y, c->side);
        if (v[y] != want) {
            c->bad = 1;
            snprintf(c->why, sizeof c->why, "stream cell (%u, %u) = %u, reference %u", x, y, v[y], want);
        }
    }
    return 0;
}

/* First difference between two tables over every side state <= top. */
static int same_tables(const wy_table *a, const wy_table *b, wy_side top, char *why, size_t n)
{
    uint32_t R = wy_table_rows(a), C = wy_table_cols(a);
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t h = 0; h <= top.heap; h++)
            for (uint32_t x = 0; x < R; x++)
                for (uint32_t y = 0; y < C; y++) {
                    wy_side s = {p, h};
                    uint32_t u = wy_table_get(a, x, y, s), v = wy_table_get(b, x, y, s);
                    if (u != v) {
                        snprintf(why, n, "(%u, %u) pass %u heap %u: %u vs reference %u", x, y, p, h, v, u);
                        return 0;
                    }
                }
    return 1;
}

static void one_case(const char *text, uint32_t R, uint32_t C)
{
    R = side(R);
    C = side(C);
    char err[WY_ERRLEN], name[160], why[1200];
    wy_rules r;
    if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK) {
        snprintf(why, sizeof why, "parse: %s", err);
        check(0, text, why);
        return;
    }
    wy_side top = wy_side_start(&r);
    wy_table *ref = NULL;
    if (wy_table_compute(&ref, &r, R, C, top, 0, err, sizeof err) != WY_OK) {
        check(0, text, err);
        return;
    }
    /* (threads, band) pairs: one thread with other bands, several threads
     * with the automatic band and with odd ones */
    static const unsigned threads[] = {1, 1, 2, 3, 5, 8, 2};
    static const unsigned bands[] = {0, 3, 0, 1, 7, 3, 64};
    int ok = 1, runs = 0, rings = 0;
    why[0] = '\0';
    for (size_t i = 0; i < sizeof threads / sizeof *threads && ok; i++)
        for (size_t j = i; j == i && ok; j++) {
            wy_run run = {san && threads[i] > 3 ? 3 : threads[i], NULL, NULL, bands[j]};
            for (int layout = WY_LAYOUT_AUTO; layout <= WY_LAYOUT_SPARSE && ok; layout++) {
                if (layout == WY_LAYOUT_SPARSE && (uint64_t)R * C > sparse_max)
                    continue; /* the sparse layout is O(rows) per cell */
                wy_table *t = NULL;
                wy_status st = wy_table_compute_run(&t, &r, R, C, top, 0, (wy_layout)layout, &run, err, sizeof err);
                if (st != WY_OK) {
                    snprintf(why, sizeof why, "threads %u band %u layout %d: %s", run.threads, bands[j], layout, err);
                    ok = 0;
                } else {
                    char diff[300];
                    if (!same_tables(ref, t, top, diff, sizeof diff)) {
                        snprintf(why, sizeof why, "threads %u band %u layout %d: %s", run.threads, bands[j], layout,
                                 diff);
                        ok = 0;
                    }
                }
                wy_table_free(t);
                runs++;
            }
            /* the stream: with no limit the whole table is kept (symmetric);
             * with the automatic band and a limit just above the ring's
             * need, below the table's, only a ring of rows is kept */
            for (int ring = 0; ring <= (bands[j] == 0) && ok; ring++) {
                uint64_t lim = 0;
                if (ring) {
                    lim = wy_table_stream_estimate(&r, R, C, top, run.threads) + 65536;
                    if (lim >= wy_table_estimate(&r, R, C, top))
                        continue; /* the ring would not be smaller */
                }
                stream_check sc = {ref, top, 0, 0, ""};
                wy_status st = wy_table_stream(&r, R, C, top, lim, &run, on_row, &sc, err, sizeof err);
                if (st != WY_OK) {
                    snprintf(why, sizeof why, "stream%s threads %u band %u: %s", ring ? " (ring)" : "", run.threads,
                             bands[j], err);
                    ok = 0;
                } else if (sc.bad || sc.next != R) {
                    snprintf(why, sizeof why, "stream%s threads %u band %u: %s%s", ring ? " (ring)" : "",
                             run.threads, bands[j], sc.why, sc.bad ? "" : "not every row handed out");
                    ok = 0;
                }
                runs++;
                rings += ring;
            }
        }
    snprintf(name, sizeof name, "threads-bands-stream %s %ux%u (%d runs, %d with a ring of rows)", text, R, C, runs,
             rings);
    check(ok, name, why);
    wy_table_free(ref);
}

typedef struct {
    uint64_t last, total, calls;
    int monotone;
    uint64_t stop_after;
} prog_rec;

static int on_progress(void *ctx, uint64_t done, uint64_t total)
{
    prog_rec *p = ctx;
    if (done < p->last)
        p->monotone = 0;
    p->last = done;
    p->total = total;
    p->calls++;
    return p->stop_after && p->calls >= p->stop_after;
}

static int stop_rows(void *ctx, uint32_t x, const uint32_t *v, uint32_t cols)
{
    (void)v;
    (void)cols;
    return x >= *(uint32_t *)ctx;
}

int main(void)
{
    san = tk_test_san();
    if (tk_test_big())
        sparse_max = 200000;
    /* the papers' games and a few combinations; windows around band sizes */
    one_case("wythoff", 300, 300);
    one_case("wythoff", 257, 1000);
    one_case("wythoff", 1000, 130);
    one_case("wythoff", 3, 500);
    one_case("wythoff+pass", 333, 333);
    one_case("wythoff+heap=1", 200, 260);
    one_case("wythoff+pass=2+heap=2", 120, 150);
    one_case("wythoff+terminal=2", 300, 300);
    one_case("wythoff+terminal=2+misere", 250, 310);
    one_case("wythoff+max=5", 300, 300);
    one_case("wythoff+max=40+pass", 200, 220);
    one_case("wythoff+max=40", 600, 600);     /* a ring of rows with deletions reaching back */
    one_case("wythoff+max=3+pass", 500, 520);
    one_case("wythoff+mod=4", 150, 150);
    one_case("wythoff+mod=3+max=9", 200, 200);
    one_case("nim+pass", 300, 300);
    one_case("nim+max=31+pass", 200, 200);
    one_case("wythoff+misere+heap=3", 150, 170);

    /* random rulesets */
    uint64_t seed;
    if (tk_seed(&seed) < 0)
        return 1;
    tk_rng g;
    tk_rng_seed(&g, seed);
    for (int i = 0; i < 8; i++) {
        tk_spec sp;
        char text[128];
        tk_random_spec(&g, &sp);
        tk_spec_text(text, sizeof text, &sp);
        one_case(text, tk_rng_range(&g, 1, 90), tk_rng_range(&g, 1, 90));
    }

    /* naive reference at one odd window, computed with 3 threads and band 5 */
    {
        const char *text = "wythoff+pass+heap=1";
        char err[WY_ERRLEN] = "", why[800] = "";
        wy_rules r;
        wy_rules_parse(&r, text, err, sizeof err);
        wy_side top = wy_side_start(&r);
        wy_run run = {3, NULL, NULL, 5};
        wy_table *t = NULL;
        int ok = wy_table_compute_run(&t, &r, 40, 57, top, 0, WY_LAYOUT_AUTO, &run, err, sizeof err) == WY_OK;
        uint32_t *nv = malloc(naive_all_cells(40, 57, top.pass, top.heap) * sizeof *nv);
        int have = ok && nv && naive_table_all(nv, &r, 40, 57, top.pass, top.heap) == 0;
        for (uint32_t p = 0; have && ok && p <= top.pass; p++)
            for (uint32_t h = 0; ok && h <= top.heap; h++)
                for (uint32_t x = 0; ok && x < 40; x++)
                    for (uint32_t y = 0; ok && y < 57; y++) {
                        uint32_t want = nv[naive_all_index(40, 57, top.heap, x, y, p, h)];
                        uint32_t got = wy_table_get(t, x, y, (wy_side){p, h});
                        if (want != got) {
                            snprintf(why, sizeof why, "(%u, %u, pass %u, heap %u): engine %u, naive %u", x, y, p, h,
                                     got, want);
                            ok = 0;
                        }
                    }
        if (!have)
            snprintf(why, sizeof why, "could not set up (%s)", ok ? "naive reference failed" : err);
        check(ok && have, "threaded table vs naive reference wythoff+pass+heap=1 40x57", why);
        free(nv);
        wy_table_free(t);
    }

    /* progress: reported, monotone, reaches the total; cancellation */
    {
        wy_rules r;
        char err[WY_ERRLEN] = "", why[800] = "";
        wy_rules_parse(&r, "wythoff", err, sizeof err);
        const uint64_t P = san ? 350 : 700;
        /* two threads: monotone and complete (worker 0 reports, so how often
         * depends on which worker takes the bands); one thread: reported
         * during the computation too, not only at its end */
        for (unsigned th = 2; th >= 1; th--) {
            prog_rec pr = {0, 0, 0, 1, 0};
            wy_run run = {th, on_progress, &pr, 0};
            wy_table *t = NULL;
            wy_status st = wy_table_compute_run(&t, &r, (uint32_t)P, (uint32_t)P, wy_side_start(&r), 0,
                                                WY_LAYOUT_AUTO, &run, err, sizeof err);
            snprintf(why, sizeof why, "threads %u: status %d, %llu calls, last %llu of %llu, monotone %d", th, (int)st,
                     (unsigned long long)pr.calls, (unsigned long long)pr.last, (unsigned long long)pr.total,
                     pr.monotone);
            check(st == WY_OK && pr.calls > (th == 1 ? 1u : 0u) && pr.monotone && pr.last == pr.total &&
                      pr.total == P * (P + 1) / 2,
                  th == 1 ? "progress reaches the total (cells x <= y), one thread: several reports"
                          : "progress reaches the total (cells x <= y), two threads",
                  why);
            wy_table_free(t);
        }

        prog_rec stop = {0, 0, 0, 1, 3};
        wy_run run2 = {2, on_progress, &stop, 0};
        wy_table *t = NULL;
        wy_status st = wy_table_compute_run(&t, &r, 2000, 2000, wy_side_start(&r), 0, WY_LAYOUT_AUTO, &run2, err, sizeof err);
        snprintf(why, sizeof why, "status %d (%s), table %p", (int)st, err, (void *)t);
        check(st == WY_ECANCELED && t == NULL, "progress function cancels a table", why);
        wy_table_free(t);

        uint32_t upto = 37;
        wy_run run3 = {2, NULL, NULL, 4};
        st = wy_table_stream(&r, 500, 600, wy_side_start(&r), 0, &run3, stop_rows, &upto, err, sizeof err);
        snprintf(why, sizeof why, "status %d (%s)", (int)st, err);
        check(st == WY_ECANCELED, "row function stops a stream", why);

        /* a stream within a memory limit far below the full table */
        uint64_t full = wy_table_estimate(&r, 3000, 3000, wy_side_start(&r));
        uint64_t ring = wy_table_stream_estimate(&r, 3000, 3000, wy_side_start(&r), 2);
        snprintf(why, sizeof why, "full %llu bytes, stream %llu bytes", (unsigned long long)full,
                 (unsigned long long)ring);
        check(ring * 2 < full, "a stream needs far less memory than the table", why);
    }
    printf("%s\n", failures ? "some checks failed" : "all checks passed");
    return failures != 0;
}
