/*
 * t-side - the side-state layers at large extra heaps and pass counts
 * (issue 26): the table engine against the naive reference (tests/naive),
 * every cell of every layer, where the engine's own shortcuts for many
 * layers matter:
 *   - the terminal region's values in O(layers) (wyi_terminal_values, shared
 *     with the layer engine), misere and normal, with passes;
 *   - the extra heap's options as one bitset of the mex search, and the
 *     search starting above the smaller heaps' mex (a prefix of 0, 1, ...
 *     that reaches past the first 64-bit word only with heaps above 64);
 *   - the poll for a stop every few layers (a progress function that never
 *     stops must not change a value; one that stops must give WY_ECANCELED
 *     and no table, also when it stops inside the first cell's layers);
 *   - wy_table_work: the cells (x <= y by symmetry when the table is kept)
 *     times the layers, against a count written here.
 * The windows are small (the naive reference lists every option of every
 * state); the heaps and pass counts are large.  The rulesets and sizes are
 * fixed (no random choice); WY_TEST_SAN=1 takes the smaller half.
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/naive.h"
#include "wythoff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

typedef struct {
    long calls, stop_at;
} prog;

static int progress(void *ctx, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    prog *p = ctx;
    p->calls++;
    return p->stop_at && p->calls >= p->stop_at;
}

/* Every cell of every layer (p <= pass, h <= heap) of rules on an n x n
 * window against the naive reference; 1 if all agree. */
static int against_naive(const char *text, uint32_t n, uint32_t pass, uint32_t heap)
{
    wy_rules r;
    char err[WY_ERRLEN];
    if (wy_rules_parse(&r, text, err, sizeof err) != WY_OK) {
        printf("FAIL %s: does not parse: %s\n", text, err);
        fails++;
        return 0;
    }
    size_t cells = naive_all_cells(n, n, pass, heap);
    uint32_t *all = malloc(cells * sizeof *all);
    if (!all || naive_table_all(all, &r, n, n, pass, heap) != 0) {
        free(all);
        printf("FAIL %s: the naive reference failed\n", text);
        fails++;
        return 0;
    }
    prog pg = {0, 0};
    wy_run run = {1, progress, &pg, 0};
    wy_table *t = NULL;
    wy_side top = {pass, heap};
    int ok = 1;
    if (wy_table_compute_run(&t, &r, n, n, top, 0, WY_LAYOUT_AUTO, &run, err, sizeof err) != WY_OK) {
        printf("FAIL %s: the engine failed: %s\n", text, err);
        fails++;
        ok = 0;
    }
    for (uint32_t p = 0; ok && p <= pass; p++)
        for (uint32_t h = 0; ok && h <= heap; h++)
            for (uint32_t x = 0; ok && x < n; x++)
                for (uint32_t y = 0; ok && y < n; y++) {
                    wy_side s = {p, h};
                    uint32_t got = wy_table_get(t, x, y, s);
                    uint32_t want = all[naive_all_index(n, n, heap, x, y, p, h)];
                    if (got != want) {
                        printf("FAIL %s: G(%u, %u) with %u passes left and heap %u: engine %u, naive %u\n", text,
                               x, y, p, h, got, want);
                        fails++;
                        ok = 0;
                    }
                }
    wy_table_free(t);
    free(all);
    if (ok)
        printf("PASS %s on %u x %u: every cell of the %u x %u layers equals the naive reference (%ld progress "
               "calls)\n",
               text, n, n, pass + 1, heap + 1, pg.calls);
    return ok;
}

/* A progress function that stops after k calls: WY_ECANCELED, no table. */
static void stop_after(const char *text, uint32_t n, long k)
{
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, text, err, sizeof err);
    prog pg = {0, k};
    wy_run run = {1, progress, &pg, 0};
    wy_table *t = NULL;
    wy_status st = wy_table_compute_run(&t, &r, n, n, wy_side_start(&r), 0, WY_LAYOUT_AUTO, &run, err, sizeof err);
    if (st == WY_ECANCELED && !t && pg.calls == k)
        printf("PASS %s on %u x %u: a stop at progress call %ld is WY_ECANCELED, no table\n", text, n, n, k);
    else
    {
        printf("FAIL %s: a stop at progress call %ld: status %d, %ld calls\n", text, k, (int)st, pg.calls);
        fails++;
    }
    wy_table_free(t);
}

/* wy_table_work: cells (x <= y when the table is kept by symmetry: R <= C,
 * no mod=M) times the layers (passes + 1) (heap + 1), the heap counted only
 * when it is not added by nim-sum (misere play or passes). */
static void work(const char *text, uint32_t R, uint32_t C, uint32_t pass, uint32_t heap, uint64_t want)
{
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, text, err, sizeof err);
    wy_side s = {pass, heap};
    uint64_t got = wy_table_work(&r, R, C, s);
    if (got == want)
        printf("PASS wy_table_work(%s, %u x %u, pass %u, heap %u) = %llu\n", text, R, C, pass, heap,
               (unsigned long long)got);
    else {
        printf("FAIL wy_table_work(%s, %u x %u, pass %u, heap %u) = %llu, want %llu\n", text, R, C, pass, heap,
               (unsigned long long)got, (unsigned long long)want);
        fails++;
    }
}

int main(void)
{
    const int san = getenv("WY_TEST_SAN") && strcmp(getenv("WY_TEST_SAN"), "1") == 0;
    /* heaps past 64 and 128 (the smaller heaps' values fill more than one
     * word), misere and with passes, both games, with bounded and modular
     * moves and a terminal set */
    against_naive("wythoff+heap=70+misere", 6, 0, 70);
    against_naive("nim+heap=130+misere", 5, 0, 130);
    against_naive("wythoff+pass=3+heap=66", 5, 3, 66);
    against_naive("wythoff+pass=2+heap=40+misere+max=3", 6, 2, 40);
    against_naive("wythoff+pass=40", 8, 40, 0);
    if (!san) {
        against_naive("wythoff+heap=200+misere+terminal=2", 7, 0, 200);
        against_naive("wythoff+pass=5+heap=65+mod=3+misere", 6, 5, 65);
        against_naive("nim+pass=130+heap=3", 6, 130, 3);
    }
    /* stops inside the first cell's layers (every POLL_LAYERS = 8 layers
     * there) and later */
    stop_after("wythoff+heap=3000+misere", 4, 1);
    stop_after("wythoff+heap=3000+misere", 4, 40);
    stop_after("wythoff+pass=500", 40, 7);
    /* the work: symmetric tables count x <= y; a window with more rows than
     * columns is kept transposed; the heap is a layer only in misere play
     * or with passes; mod=M tables are not symmetric when M fits the window */
    work("wythoff", 10, 10, 0, 0, 55);
    work("wythoff", 10, 20, 0, 0, 155);
    work("wythoff", 20, 10, 0, 0, 155);
    work("wythoff+heap=100000+misere", 2, 2, 0, 100000, 3ull * 100001);
    work("wythoff+heap=100000", 2, 2, 0, 100000, 3);
    work("wythoff+pass=7+heap=9", 4, 4, 7, 9, 10ull * 8 * 10);
    work("wythoff+mod=3", 10, 10, 0, 0, 100);
    return fails ? 1 : 0;
}
