/*
 * t-layer - the layer engine (include/wythoff_layer.h) against independent
 * references.
 *
 *  1. The table engine, on every position of a window: for a list of
 *     rulesets (the papers' games, passes, heaps, misere, terminal sets,
 *     large terminal sets, heaps of 8+ stones) and random supported rulesets
 *     (tk_random_spec with max=0, mod=0), every side state and the values
 *     0, 1, 2, 3, 5, 8, 13, 40 and one above every value of the window: the
 *     positions the scan reports, with their mirror images, must be exactly
 *     the table's cells of that value, reported once each, x <= y, in
 *     increasing (x, y) order, and the count must match.  Window 600 (300
 *     under the sanitizers); 15 random rulesets (30 with WY_TEST_BIG=1).  Then `wythoff` and `wythoff+pass` (both side
 *     states), values 0-3, on every position of a 2048 window (the table
 *     engine on two threads; 16384 with WY_TEST_BIG=1: about 30 s and
 *     1.7 GB; WY_LAYER_BIG=N sets any size).
 *  2. Closed forms, theorems and the exact engine: wythoff value 0 at size
 *     3 10^5 (10^7 with WY_TEST_BIG=1, 2 10^5 under the sanitizers) must be
 *     exactly the Wythoff pairs (a_n, b_n), n = 0, 1, ...
 *     (wy_wythoff_pair), with the count of the closed form; paper 000's
 *     Theorem 3 (value-1 positions lie in Blass-Fraenkel boxes) and
 *     Corollary 2 (wythoff+pass's P-positions are Wythoff's value-1
 *     positions beyond x, y < 9) at the same size; nim value g must be (x, x XOR g);
 *     wythoff+terminal=2 (normal and misere) and nim+pass value 0 must be
 *     the P-positions of wy_exact_ppos (in a 3 10^5 window; 10^6 with
 *     WY_TEST_BIG=1, 10^5 under the sanitizers), and wy_exact_eval must call every
 *     reported position of wythoff+terminal=2 P; wythoff+pass value 0 is
 *     checked against wy_exact_eval on every reported position and on a
 *     sample of the others (refusals inside Blass-Fraenkel boxes skipped;
 *     positions with 32 <= min(x, y) < 46 < 64 <= max(x, y), 16 under the
 *     sanitizers, left out unless WY_TEST_BIG=1: they make the engine prove
 *     its 46-row strip of wythoff+pass, seconds).
 *  3. Refusals and the run contract: max=N and mod=M give WY_EINVAL naming
 *     them, a small mem_limit WY_ERANGE before allocating, size 0 and a bad
 *     side state WY_EINVAL; a progress function or a callback returning
 *     nonzero gives WY_ECANCELED (ASan checks that nothing leaks); progress
 *     counts rows and ends with (size, size); fn = NULL counts the same.
 *  4. Threads: the pipeline (2-4 threads) reports the same positions in the
 *     same order with the same count as one thread, at 2^24 + 12345 rows
 *     (wythoff on 2 threads and wythoff+pass, two layers, on 3; wythoff
 *     only under the sanitizers; with WY_TEST_BIG=1 also six layers on 4
 *     threads and nim+pass+heap=2+misere); cancellation while it runs.
 *  5. wy_layer_scan_all: every value 0..g of one scan against one
 *     wy_layer_scan per value (positions, order, counts) on wythoff, nim,
 *     passes, heaps (the heap shortcut: values in the order v XOR h),
 *     terminal sets and misere (window 700, 200 under the sanitizers); at
 *     2^25 + 77 rows (2^21 + 77 under the sanitizers), where the mapped
 *     bitsets give back their pages below the scan's frontiers: wythoff
 *     values 0..2 against wy_layer_scan (WY_TEST_BIG=1 only: both give
 *     pages back the same way), wythoff value 0 against the Wythoff
 *     pairs and nim values 0..9 (row bitsets too) against (x, x XOR v); its
 *     estimate refuses below itself and is below a third of the full
 *     bitsets for 0..64 at 10^9.
 *  6. The pipeline of wy_layer_scan_all with row bitsets (more than 8
 *     values, each thread past the first with a row bitset of its own), at
 *     2^24 + 99 rows: wythoff values 0..9 on 2 threads (with WY_TEST_BIG=1
 *     also wythoff+terminal=2+misere values 0..9 on 3 and nim values 0..8
 *     on 2; none under the sanitizers), against one thread: each value's
 *     positions, order and count the same, each value reported from one
 *     thread; a callback of a worker thread's value returning nonzero
 *     cancels.
 * The rows beyond the terminal region go through the engine's fast rows
 * (windows of the bitsets in registers, docs/engines.md), so 1-5 test them
 * against the table engine, the closed forms and the exact engine.
 *
 * Environment: WY_SEED, WY_TEST_ITERS (random rulesets: 15 per iteration, 30
 * with WY_TEST_BIG=1, 10 under the sanitizers), WY_TEST_BIG=1, WY_TEST_SAN=1 (tk_test_san: set by
 * tests/run in the sanitizer build), WY_LAYER_BIG=N.
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/testkit.h"

#include <pthread.h>
#include "wythoff.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The sizes: smaller under the sanitizers (tk_test_san), bigger with
 * WY_TEST_BIG=1 (tk_test_big). */
static int san;

static uint64_t now_ms(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int parse(wy_rules *r, const char *text)
{
    char err[WY_ERRLEN];
    if (wy_rules_parse(r, text, err, sizeof err) != WY_OK) {
        printf("FAIL parse %s: %s\n", text, err);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ */
/* Collecting the reported positions                                   */
/* ------------------------------------------------------------------ */

/* Marks mark[x * W + y] and its mirror with `tag`; checks the order and the
 * range of the reports. */
typedef struct {
    tk_group *grp;
    const char *what;
    uint8_t *mark;
    uint64_t W;
    uint8_t tag;
    int started;
    uint64_t lx, ly;
    uint64_t calls;
} collect;

static int collect_fn(void *ctx, uint64_t x, uint64_t y)
{
    collect *c = ctx;
    c->calls++;
    if (x > y || y >= c->W) {
        tk_fail(c->grp, "%s: reported (%llu, %llu) outside x <= y < %llu", c->what, (unsigned long long)x,
                (unsigned long long)y, (unsigned long long)c->W);
        return 0;
    }
    if (c->started && (x < c->lx || (x == c->lx && y <= c->ly)))
        tk_fail(c->grp, "%s: (%llu, %llu) reported after (%llu, %llu)", c->what, (unsigned long long)x,
                (unsigned long long)y, (unsigned long long)c->lx, (unsigned long long)c->ly);
    c->started = 1;
    c->lx = x;
    c->ly = y;
    uint8_t *a = &c->mark[x * c->W + y], *b = &c->mark[y * c->W + x];
    if (*a != 0xFF)
        tk_fail(c->grp, "%s: (%llu, %llu) already holds value #%u", c->what, (unsigned long long)x,
                (unsigned long long)y, *a);
    *a = c->tag;
    *b = c->tag;
    return 0;
}

/* ------------------------------------------------------------------ */
/* 1. Against the table engine                                         */
/* ------------------------------------------------------------------ */

#define NG 9
static const uint64_t base_values[NG - 1] = {0, 1, 2, 3, 5, 8, 13, 40};

/* One side state of a computed table: scan every value of vals[0..nv-1]
 * and compare with every cell.  mark is W * W bytes. */
static void compare_side(tk_group *grp, const char *text, const wy_rules *r, const wy_table *t, uint32_t W,
                         wy_side s, const uint64_t *vals, unsigned nv, uint8_t *mark)
{
    char what[256], err[WY_ERRLEN];
    uint64_t cnt[16] = {0}, tcnt[16] = {0};
    memset(mark, 0xFF, (size_t)W * W);
    for (unsigned i = 0; i < nv; i++) {
        snprintf(what, sizeof what, "%s side (%u, %u) value %llu", text, s.pass, s.heap, (unsigned long long)vals[i]);
        collect c = {grp, what, mark, W, (uint8_t)i, 0, 0, 0, 0};
        grp->cases++;
        wy_status st = wy_layer_scan(r, s, vals[i], W, 0, collect_fn, &c, &cnt[i], NULL, err, sizeof err);
        if (st != WY_OK) {
            tk_fail(grp, "%s: wy_layer_scan status %d: %s", what, st, err);
            return;
        }
    }
    for (uint32_t x = 0; x < W; x++)
        for (uint32_t y = 0; y < W; y++) {
            uint32_t v = wy_table_get(t, x, y, s);
            unsigned want = 0xFF;
            for (unsigned i = 0; i < nv; i++)
                if (vals[i] == v) {
                    want = i;
                    tcnt[i]++;
                }
            uint8_t got = mark[(size_t)x * W + y];
            grp->cases++;
            if (got != want)
            {
                char gbuf[32] = "none of the values scanned";
                if (got != 0xFF)
                    snprintf(gbuf, sizeof gbuf, "value %llu", (unsigned long long)vals[got]);
                tk_fail(grp, "%s side (%u, %u) cell (%u, %u): table value %u, layer scans: %s", text, s.pass, s.heap,
                        x, y, v, gbuf);
            }
        }
    for (unsigned i = 0; i < nv; i++) {
        grp->cases++;
        if (cnt[i] != tcnt[i])
            tk_fail(grp, "%s side (%u, %u) value %llu: count %llu, table %llu", text, s.pass, s.heap,
                    (unsigned long long)vals[i], (unsigned long long)cnt[i], (unsigned long long)tcnt[i]);
    }
}

/* Every side state of a ruleset on a W window; values: base_values plus
 * one above every value of the window (or vals/nv when given). */
static int vs_table(const char *text, uint32_t W, const uint64_t *vals, unsigned nv, uint8_t *mark)
{
    wy_rules r;
    if (!parse(&r, text))
        return 1;
    char name[300], err[WY_ERRLEN];
    uint64_t all[NG];
    if (!vals) {
        memcpy(all, base_values, sizeof base_values);
        all[NG - 1] = 3 * (uint64_t)W + r.heap + 2; /* above every value of the window */
        vals = all;
        nv = NG;
    }
    snprintf(name, sizeof name, "%s: layer scan = table engine on every cell of a %u x %u window, every side state",
             text, W, W);
    tk_group grp = {name, 0, 0};
    wy_table *t = NULL;
    wy_side top = wy_side_start(&r);
    if (wy_table_compute(&t, &r, W, W, top, 0, err, sizeof err) != WY_OK) {
        tk_fail(&grp, "wy_table_compute: %s", err);
        return tk_group_end(&grp);
    }
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t h = 0; h <= top.heap; h++)
            compare_side(&grp, text, &r, t, W, (wy_side){p, h}, vals, nv, mark);
    wy_table_free(t);
    return tk_group_end(&grp);
}

/* The large window: values 0-3, both side states, the table computed once. */
static int vs_table_big(const char *text, uint32_t W, uint8_t *mark)
{
    wy_rules r;
    if (!parse(&r, text))
        return 1;
    char name[300], err[WY_ERRLEN];
    static const uint64_t vals[4] = {0, 1, 2, 3};
    snprintf(name, sizeof name, "%s: layer scan of values 0-3 = table engine on every cell of a %u x %u window", text,
             W, W);
    tk_group grp = {name, 0, 0};
    wy_table *t = NULL;
    wy_side top = wy_side_start(&r);
    uint64_t t0 = now_ms();
    wy_run two = {.threads = 2}; /* the table engine's result does not depend on its threads */
    if (wy_table_compute_run(&t, &r, W, W, top, 0, WY_LAYOUT_AUTO, &two, err, sizeof err) != WY_OK) {
        tk_fail(&grp, "wy_table_compute_run: %s", err);
        return tk_group_end(&grp);
    }
    uint64_t t1 = now_ms();
    for (uint32_t p = 0; p <= top.pass; p++)
        compare_side(&grp, text, &r, t, W, (wy_side){p, 0}, vals, 4, mark);
    uint64_t t2 = now_ms();
    printf("  %s %u: table %llu ms, layer scans and comparison %llu ms\n", text, W, (unsigned long long)(t1 - t0),
           (unsigned long long)(t2 - t1));
    wy_table_free(t);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 2. Closed forms and the exact engine                                */
/* ------------------------------------------------------------------ */

/* The reported positions as a list. */
typedef struct {
    uint64_t *x, *y;
    size_t n, cap;
    int oom;
} plist;

static int plist_fn(void *ctx, uint64_t x, uint64_t y)
{
    plist *l = ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint64_t *nx = realloc(l->x, cap * sizeof *nx);
        if (!nx) {
            l->oom = 1;
            return 1;
        }
        l->x = nx;
        uint64_t *ny = realloc(l->y, cap * sizeof *ny);
        if (!ny) {
            l->oom = 1;
            return 1;
        }
        l->y = ny;
        l->cap = cap;
    }
    l->x[l->n] = x;
    l->y[l->n] = y;
    l->n++;
    return 0;
}

static void plist_free(plist *l)
{
    free(l->x);
    free(l->y);
    memset(l, 0, sizeof *l);
}

/* Scan into a list; 0 on failure (reported in grp). */
static int scan_list(tk_group *grp, const wy_rules *r, wy_side s, uint64_t g, uint64_t size, plist *l,
                     uint64_t *count)
{
    char err[WY_ERRLEN];
    memset(l, 0, sizeof *l);
    grp->cases++;
    wy_status st = wy_layer_scan(r, s, g, size, 0, plist_fn, l, count, NULL, err, sizeof err);
    if (st != WY_OK || l->oom) {
        tk_fail(grp, "wy_layer_scan status %d: %s%s", st, err, l->oom ? " (out of memory in the test)" : "");
        plist_free(l);
        return 0;
    }
    return 1;
}

/* Count of a list with mirror images. */
static uint64_t plist_count(const plist *l)
{
    uint64_t c = 0;
    for (size_t i = 0; i < l->n; i++)
        c += l->x[i] == l->y[i] ? 1 : 2;
    return c;
}

static int wythoff_pairs(uint64_t size, plist *keep)
{
    char name[200];
    snprintf(name, sizeof name, "wythoff value 0 in a %llu window = the Wythoff pairs (a_n, b_n), closed form",
             (unsigned long long)size);
    tk_group grp = {name, 0, 0};
    wy_rules r;
    if (!parse(&r, "wythoff"))
        return 1;
    plist l;
    uint64_t count = 0;
    if (!scan_list(&grp, &r, (wy_side){0, 0}, 0, size, &l, &count))
        return tk_group_end(&grp);
    mpz_t n, a, b;
    mpz_inits(n, a, b, NULL);
    uint64_t want = 0, i = 0;
    for (uint64_t k = 0;; k++) {
        mpz_set_ui(n, k);
        wy_wythoff_pair(a, b, n);
        if (mpz_cmp_ui(b, size) >= 0)
            break;
        want += k == 0 ? 1 : 2;
        grp.cases++;
        if (i >= l.n) {
            tk_fail(&grp, "pair n = %llu (%lu, %lu) not reported", (unsigned long long)k, mpz_get_ui(a),
                    mpz_get_ui(b));
            continue;
        }
        if (mpz_cmp_ui(a, l.x[i]) != 0 || mpz_cmp_ui(b, l.y[i]) != 0)
            tk_fail(&grp, "report #%llu is (%llu, %llu), pair n = %llu is (%lu, %lu)", (unsigned long long)i,
                    (unsigned long long)l.x[i], (unsigned long long)l.y[i], (unsigned long long)k, mpz_get_ui(a),
                    mpz_get_ui(b));
        i++;
    }
    grp.cases++;
    if (i != l.n)
        tk_fail(&grp, "%zu positions reported, %llu pairs with b_n < %llu", l.n, (unsigned long long)i,
                (unsigned long long)size);
    grp.cases++;
    if (count != want)
        tk_fail(&grp, "count %llu, closed form %llu", (unsigned long long)count, (unsigned long long)want);
    mpz_clears(n, a, b, NULL);
    if (keep && !grp.failed)
        *keep = l;
    else
        plist_free(&l);
    return tk_group_end(&grp);
}

/* Paper 000 on a window, with the Wythoff pairs (a_n, b_n) of `pairs`
 * (checked above against the closed form):
 *  - Theorem 3 (Blass-Fraenkel): every Wythoff value-1 position x <= y has
 *    an n with a_n - 1 <= x <= a_n + 2 and |y - b_n| <= 4;
 *  - Corollary 2: for x >= 9 or y >= 9, (x, y) is a P-position of
 *    wythoff+pass with the pass available iff its Wythoff value is 1.
 * The first is a layer of `wythoff` (value 1), the second compares it with
 * a layer of `wythoff+pass` (side (1, 0), value 0), computed separately. */
static int paper000(uint64_t size, const plist *pairs)
{
    char name[300];
    snprintf(name, sizeof name,
             "paper 000 in a %llu window: Wythoff value 1 lies in Blass-Fraenkel's boxes (Theorem 3) and is "
             "wythoff+pass's value 0 beyond x, y < 9 (Corollary 2)",
             (unsigned long long)size);
    tk_group grp = {name, 0, 0};
    wy_rules w, wp;
    if (!parse(&w, "wythoff") || !parse(&wp, "wythoff+pass"))
        return 1;
    plist one, pz;
    uint64_t c1 = 0, c0 = 0;
    if (!scan_list(&grp, &w, (wy_side){0, 0}, 1, size, &one, &c1))
        return tk_group_end(&grp);
    if (!scan_list(&grp, &wp, (wy_side){1, 0}, 0, size, &pz, &c0)) {
        plist_free(&one);
        return tk_group_end(&grp);
    }
    for (size_t i = 0; i < one.n; i++) {
        uint64_t x = one.x[i], y = one.y[i];
        int ok = 0;
        uint64_t d = y - x;
        for (uint64_t n = d > 6 ? d - 6 : 0; n <= d + 6 && n < pairs->n && !ok; n++) {
            uint64_t a = pairs->x[n], b = pairs->y[n];
            ok = a <= x + 1 && x <= a + 2 && y + 4 >= b && y <= b + 4;
        }
        grp.cases++;
        if (!ok && d + 6 < pairs->n)
            tk_fail(&grp, "value-1 position (%llu, %llu) is in no Blass-Fraenkel box", (unsigned long long)x,
                    (unsigned long long)y);
    }
    /* both lists sorted by (x, y); compare them beyond x, y < 9 */
    size_t i = 0, j = 0;
    for (;;) {
        while (i < one.n && one.y[i] < 9)
            i++;
        while (j < pz.n && pz.y[j] < 9)
            j++;
        if (i == one.n && j == pz.n)
            break;
        grp.cases++;
        if (i < one.n && j < pz.n && one.x[i] == pz.x[j] && one.y[i] == pz.y[j]) {
            i++;
            j++;
            continue;
        }
        int take_one = j == pz.n || (i < one.n && (one.x[i] < pz.x[j] || (one.x[i] == pz.x[j] && one.y[i] < pz.y[j])));
        if (take_one) {
            tk_fail(&grp, "(%llu, %llu) has Wythoff value 1 but is not a P-position of wythoff+pass",
                    (unsigned long long)one.x[i], (unsigned long long)one.y[i]);
            i++;
        } else {
            tk_fail(&grp, "(%llu, %llu) is a P-position of wythoff+pass but has not Wythoff value 1",
                    (unsigned long long)pz.x[j], (unsigned long long)pz.y[j]);
            j++;
        }
    }
    grp.cases += 2;
    if (c1 != plist_count(&one) || c0 != plist_count(&pz))
        tk_fail(&grp, "counts %llu, %llu differ from the lists", (unsigned long long)c1, (unsigned long long)c0);
    plist_free(&one);
    plist_free(&pz);
    return tk_group_end(&grp);
}

static int nim_closed(uint64_t size)
{
    char name[200];
    snprintf(name, sizeof name, "nim values 0-5, 17 in a %llu window = (x, x XOR g)", (unsigned long long)size);
    tk_group grp = {name, 0, 0};
    wy_rules r;
    if (!parse(&r, "nim"))
        return 1;
    static const uint64_t gs[] = {0, 1, 2, 3, 4, 5, 17};
    for (size_t k = 0; k < sizeof gs / sizeof gs[0]; k++) {
        uint64_t g = gs[k], count = 0, want = 0;
        plist l;
        if (!scan_list(&grp, &r, (wy_side){0, 0}, g, size, &l, &count))
            continue;
        size_t i = 0;
        for (uint64_t x = 0; x < size; x++) {
            uint64_t y = x ^ g;
            if (y >= size)
                continue;
            want++;
            if (y < x)
                continue;
            grp.cases++;
            if (i >= l.n || l.x[i] != x || l.y[i] != y) {
                tk_fail(&grp, "value %llu: expected (%llu, %llu) as report #%zu", (unsigned long long)g,
                        (unsigned long long)x, (unsigned long long)y, i);
                break;
            }
            i++;
        }
        grp.cases += 2;
        if (i != l.n)
            tk_fail(&grp, "value %llu: %zu reports, expected %zu", (unsigned long long)g, l.n, i);
        if (count != want)
            tk_fail(&grp, "value %llu: count %llu, expected %llu", (unsigned long long)g, (unsigned long long)count,
                    (unsigned long long)want);
        plist_free(&l);
    }
    return tk_group_end(&grp);
}

/* Value 0 against wy_exact_ppos (and, with eval_all, wy_exact_eval on every
 * reported position). */
static int vs_exact_ppos(const char *text, wy_side s, uint64_t size, int eval_all)
{
    char name[300], err[WY_ERRLEN];
    snprintf(name, sizeof name, "%s side (%u, %u) value 0 in a %llu window = wy_exact_ppos%s", text, s.pass, s.heap,
             (unsigned long long)size, eval_all ? " and wy_exact_eval" : "");
    tk_group grp = {name, 0, 0};
    wy_rules r;
    if (!parse(&r, text))
        return 1;
    plist l;
    uint64_t count = 0;
    if (!scan_list(&grp, &r, s, 0, size, &l, &count))
        return tk_group_end(&grp);
    wy_exact *e = NULL;
    if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
        tk_fail(&grp, "wy_exact_new: %s", err);
        plist_free(&l);
        return tk_group_end(&grp);
    }
    enum { CH = 256 };
    mpz_t a[CH], b[CH], from;
    for (int i = 0; i < CH; i++)
        mpz_init2(a[i], 64), mpz_init2(b[i], 64);
    mpz_init_set_ui(from, 0);
    size_t i = 0, got = 0;
    int done = 0;
    while (!done) {
        grp.cases++;
        if (wy_exact_ppos(e, a, b, NULL, CH, &got, from, s, err, sizeof err) != WY_OK) {
            tk_fail(&grp, "wy_exact_ppos: %s", err);
            break;
        }
        if (got == 0)
            break;
        for (size_t j = 0; j < got; j++) {
            if (mpz_cmp_ui(a[j], size) >= 0) {
                done = 1;
                break;
            }
            if (mpz_cmp_ui(b[j], size) >= 0)
                continue;
            grp.cases++;
            uint64_t ax = mpz_get_ui(a[j]), by = mpz_get_ui(b[j]);
            if (i >= l.n || l.x[i] != ax || l.y[i] != by) {
                tk_fail(&grp, "exact P-position (%llu, %llu), layer report #%zu is %s", (unsigned long long)ax,
                        (unsigned long long)by, i, i < l.n ? "different" : "missing");
                done = 1;
                break;
            }
            i++;
        }
        if (got < CH)
            break;
        mpz_add_ui(from, a[got - 1], 1);
        /* pairs with the same a as the last one are at most 1 here (a <= b, one P per row) */
    }
    grp.cases++;
    if (!grp.failed && i != l.n)
        tk_fail(&grp, "%zu reported, %zu exact P-positions", l.n, i);
    grp.cases++;
    if (count != plist_count(&l))
        tk_fail(&grp, "count %llu, list %llu", (unsigned long long)count, (unsigned long long)plist_count(&l));
    if (eval_all) {
        wy_answer ans;
        wy_answer_init(&ans);
        mpz_t x, y;
        mpz_inits(x, y, NULL);
        for (size_t k = 0; k < l.n; k++) {
            mpz_set_ui(x, l.x[k]);
            mpz_set_ui(y, l.y[k]);
            grp.cases++;
            wy_status st = wy_exact_eval(e, &ans, x, y, s, err, sizeof err);
            if (st != WY_OK || ans.outcome != 'P')
                tk_fail(&grp, "(%llu, %llu): wy_exact_eval status %d outcome %c: %s", (unsigned long long)l.x[k],
                        (unsigned long long)l.y[k], st, st == WY_OK ? ans.outcome : '?', st == WY_OK ? "" : err);
        }
        mpz_clears(x, y, NULL);
        wy_answer_clear(&ans);
    }
    for (int k = 0; k < CH; k++)
        mpz_clear(a[k]), mpz_clear(b[k]);
    mpz_clear(from);
    wy_exact_free(e);
    plist_free(&l);
    return tk_group_end(&grp);
}

/* wythoff+pass value 0 (pass 1): wy_exact_eval on every reported position
 * and on `samples` random others; refusals (WY_ERANGE) are skipped.  Positions
 * with cap <= min(x, y) < 46 and max(x, y) >= 64 are left out when cap < 46:
 * the engine would prove its 46-row strip of wythoff+pass for them (46 x
 * 65536 cells in two layers: seconds, tens under ASan). */
static int wpass_exact(uint64_t size, uint64_t samples, uint32_t cap, tk_rng *rng)
{
    char name[300], err[WY_ERRLEN], capt[80] = "";
    if (cap < 46)
        snprintf(capt, sizeof capt, "; rows %u..45 only up to column 63", cap);
    snprintf(name, sizeof name,
             "wythoff+pass side (1, 0) value 0 in a %llu window = wy_exact_eval (all reported, %llu others%s)",
             (unsigned long long)size, (unsigned long long)samples, capt);
    tk_group grp = {name, 0, 0};
    wy_rules r;
    if (!parse(&r, "wythoff+pass"))
        return 1;
    wy_side s = {1, 0};
    plist l;
    uint64_t count = 0;
    if (!scan_list(&grp, &r, s, 0, size, &l, &count))
        return tk_group_end(&grp);
    wy_exact *e = NULL;
    if (wy_exact_new(&e, &r, 0, err, sizeof err) != WY_OK) {
        tk_fail(&grp, "wy_exact_new: %s", err);
        plist_free(&l);
        return tk_group_end(&grp);
    }
    wy_answer ans;
    wy_answer_init(&ans);
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    unsigned long decided = 0, refused = 0, decided_rep = 0, left_out = 0;
#define LEFT_OUT(px, py) ((px) < (py) ? (px) >= cap && (px) < 46 && (py) >= 64 : (py) >= cap && (py) < 46 && (px) >= 64)
    for (size_t k = 0; k < l.n; k++) {
        if (LEFT_OUT(l.x[k], l.y[k])) {
            left_out++;
            continue;
        }
        mpz_set_ui(x, l.x[k]);
        mpz_set_ui(y, l.y[k]);
        wy_status st = wy_exact_eval(e, &ans, x, y, s, err, sizeof err);
        if (st == WY_EUNDECIDED) {
            refused++;
            continue;
        }
        grp.cases++;
        decided++;
        if (st != WY_OK || ans.outcome != 'P')
            tk_fail(&grp, "reported (%llu, %llu): wy_exact_eval status %d outcome %c", (unsigned long long)l.x[k],
                    (unsigned long long)l.y[k], st, st == WY_OK ? ans.outcome : '?');
    }
    decided_rep = decided;
    /* others: random positions, a quarter of them just right of a reported one */
    for (uint64_t k = 0; k < samples; k++) {
        uint64_t px = tk_rng_next(rng) % size, py = tk_rng_next(rng) % size;
        if (k % 4 == 0 && l.n) { /* near a reported position */
            size_t j = (size_t)(tk_rng_next(rng) % l.n);
            px = l.x[j];
            py = l.y[j] + 1 + tk_rng_next(rng) % 3;
            if (py >= size)
                continue;
        }
        uint64_t lo = px < py ? px : py, hi = px < py ? py : px;
        /* binary search for (lo, hi) in the list */
        size_t a = 0, b = l.n;
        while (a < b) {
            size_t m = a + (b - a) / 2;
            if (l.x[m] < lo || (l.x[m] == lo && l.y[m] < hi))
                a = m + 1;
            else
                b = m;
        }
        int reported = a < l.n && l.x[a] == lo && l.y[a] == hi;
        if (LEFT_OUT(px, py)) {
            left_out++;
            continue;
        }
        mpz_set_ui(x, px);
        mpz_set_ui(y, py);
        wy_status st = wy_exact_eval(e, &ans, x, y, s, err, sizeof err);
        if (st == WY_EUNDECIDED) {
            refused++;
            continue;
        }
        grp.cases++;
        decided++;
        if (st != WY_OK || (ans.outcome == 'P') != reported)
            tk_fail(&grp, "(%llu, %llu): layer scan %s, wy_exact_eval status %d outcome %c",
                    (unsigned long long)px, (unsigned long long)py, reported ? "P" : "not P", st,
                    st == WY_OK ? ans.outcome : '?');
    }
    grp.cases++;
    if (count != plist_count(&l))
        tk_fail(&grp, "count %llu, list %llu", (unsigned long long)count, (unsigned long long)plist_count(&l));
    printf("  wythoff+pass exact: %lu of %zu reported and %lu of %llu others decided, %lu refused (inside "
           "Blass-Fraenkel boxes), %lu left out (rows %u..45)\n",
           decided_rep, l.n, decided - decided_rep, (unsigned long long)samples, refused, left_out, cap);
    grp.cases += 2;
    if (decided_rep < 20) /* the reported ones lie near Wythoff pairs: mostly rows 0-45 are decided */
        tk_fail(&grp, "only %lu of the %zu reported positions were decided by the exact engine", decided_rep, l.n);
#undef LEFT_OUT
    if (decided - decided_rep < samples / 2)
        tk_fail(&grp, "only %lu of the %llu other positions were decided by the exact engine", decided - decided_rep,
                (unsigned long long)samples);
    mpz_clears(x, y, NULL);
    wy_answer_clear(&ans);
    wy_exact_free(e);
    plist_free(&l);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 3. Refusals and the run contract                                    */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t calls, last_done, last_total;
    int bad;
    uint64_t stop_after; /* return 1 at this call (0: never) */
} prog;

static int prog_fn(void *ctx, uint64_t done, uint64_t total)
{
    prog *p = ctx;
    p->calls++;
    if (done < p->last_done || done > total || (p->last_total && total != p->last_total))
        p->bad = 1;
    p->last_done = done;
    p->last_total = total;
    return p->stop_after && p->calls >= p->stop_after;
}

static int stop_fn(void *ctx, uint64_t x, uint64_t y)
{
    (void)x;
    (void)y;
    uint64_t *n = ctx;
    return ++*n >= 1000;
}

static int refusals(void)
{
    tk_group grp = {"refusals: max=N, mod=M, size 0, side state, memory limit; cancellation; progress", 0, 0};
    char err[WY_ERRLEN];
    wy_rules r;
    uint64_t count = 7;
    struct {
        const char *text, *word;
    } bad[] = {{"wythoff+max=3", "max=3"}, {"wythoff+mod=2", "mod=2"}, {"nim+max=31+pass", "max=31"},
               {"wythoff+pass+max=5+mod=3", "max=5"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!parse(&r, bad[i].text))
            return 1;
        err[0] = 0;
        grp.cases += 2;
        if (wy_layer_supported(&r, err, sizeof err) != WY_EINVAL || !strstr(err, bad[i].word))
            tk_fail(&grp, "wy_layer_supported(%s): message '%s'", bad[i].text, err);
        err[0] = 0;
        if (wy_layer_scan(&r, wy_side_start(&r), 0, 100, 0, NULL, NULL, &count, NULL, err, sizeof err) !=
                WY_EINVAL ||
            !strstr(err, bad[i].word))
            tk_fail(&grp, "wy_layer_scan(%s): message '%s'", bad[i].text, err);
    }
    static const char *good[] = {"wythoff", "nim", "wythoff+pass=3+heap=2+terminal=4+misere", "nim+heap=3+misere"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        if (!parse(&r, good[i]))
            return 1;
        grp.cases++;
        if (wy_layer_supported(&r, err, sizeof err) != WY_OK)
            tk_fail(&grp, "wy_layer_supported(%s) refuses: %s", good[i], err);
    }
    if (!parse(&r, "wythoff+pass"))
        return 1;
    /* size 0, bad side state */
    grp.cases += 2;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 0, 0, 0, NULL, NULL, &count, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&grp, "size 0 is not refused");
    if (wy_layer_scan(&r, (wy_side){2, 0}, 0, 10, 0, NULL, NULL, &count, NULL, err, sizeof err) != WY_EINVAL)
        tk_fail(&grp, "side state pass 2 on wythoff+pass is not refused");
    /* memory limit: refused before allocating, estimate in the message */
    uint64_t est = wy_layer_estimate(&r, (wy_side){1, 0}, 0, (uint64_t)1 << 40);
    grp.cases += 3;
    if (est < ((uint64_t)1 << 40) / 2) /* 2 layers, 2 bitsets of 2^40 bits */
        tk_fail(&grp, "estimate %llu for 2^40 is below 2^39", (unsigned long long)est);
    err[0] = 0;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 0, (uint64_t)1 << 40, (uint64_t)1 << 30, NULL, NULL, &count, NULL, err,
                      sizeof err) != WY_ERANGE ||
        !strstr(err, "MiB"))
        tk_fail(&grp, "2^40 window with a 1 GiB limit: '%s'", err);
    err[0] = 0;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 3, 100000, 1000, NULL, NULL, &count, NULL, err, sizeof err) !=
            WY_ERANGE ||
        !strstr(err, "MiB"))
        tk_fail(&grp, "mem_limit 1000: '%s'", err);
    /* the estimate grows with the layers and the size; saturates */
    grp.cases += 3;
    if (wy_layer_estimate(&r, (wy_side){1, 0}, 3, 1000000) <= wy_layer_estimate(&r, (wy_side){1, 0}, 0, 1000000) ||
        wy_layer_estimate(&r, (wy_side){1, 0}, 0, 2000000) <= wy_layer_estimate(&r, (wy_side){1, 0}, 0, 1000000))
        tk_fail(&grp, "the estimate does not grow with the value or the size");
    wy_rules big;
    if (!parse(&big, "wythoff+pass=4294967295+heap=4294967295+misere"))
        return 1;
    if (wy_layer_estimate(&big, wy_side_start(&big), (uint64_t)1 << 20, (uint64_t)1 << 40) != UINT64_MAX)
        tk_fail(&grp, "the estimate does not saturate");
    if (wy_layer_scan(&big, wy_side_start(&big), (uint64_t)1 << 20, (uint64_t)1 << 40, 0, NULL, NULL, &count, NULL,
                      err, sizeof err) != WY_ERANGE)
        tk_fail(&grp, "a saturated estimate without a limit is not refused: %s", err);
    /* a value above every value of the window: empty, no memory */
    grp.cases += 2;
    count = 7;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 1000, 100, 1 << 16, NULL, NULL, &count, NULL, err, sizeof err) != WY_OK ||
        count != 0)
        tk_fail(&grp, "value 1000 in a 100 window: count %llu (%s)", (unsigned long long)count, err);
    uint64_t e1000 = wy_layer_estimate(&r, (wy_side){1, 0}, 1000, 100);
    if (e1000 > 65536)
        tk_fail(&grp, "value 1000 in a 100 window: estimate %llu", (unsigned long long)e1000);

    /* progress: counts rows, ends with (size, size); returning 1 cancels */
    prog pg = {0, 0, 0, 0, 0};
    wy_run run = {.threads = 1, .progress = prog_fn, .progress_ctx = &pg};
    uint64_t c1 = 0, c2 = 0;
    grp.cases += 3;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 1, 300000, 0, NULL, NULL, &c1, &run, err, sizeof err) != WY_OK)
        tk_fail(&grp, "scan with progress: %s", err);
    if (pg.bad || pg.last_done != 300000 || pg.last_total != 300000 || pg.calls < 4 || pg.calls > 6)
        tk_fail(&grp, "progress: %llu calls, last (%llu, %llu), bad %d", (unsigned long long)pg.calls,
                (unsigned long long)pg.last_done, (unsigned long long)pg.last_total, pg.bad);
    plist l;
    memset(&l, 0, sizeof l);
    if (wy_layer_scan(&r, (wy_side){1, 0}, 1, 300000, 0, plist_fn, &l, &c2, NULL, err, sizeof err) != WY_OK ||
        c1 != c2 || c2 != plist_count(&l))
        tk_fail(&grp, "fn = NULL counts %llu, with fn %llu, list %llu", (unsigned long long)c1,
                (unsigned long long)c2, (unsigned long long)plist_count(&l));
    plist_free(&l);
    prog pc = {0, 0, 0, 0, 2};
    run.progress_ctx = &pc;
    grp.cases += 2;
    err[0] = 0;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 2, 1000000, 0, NULL, NULL, &c1, &run, err, sizeof err) != WY_ECANCELED ||
        pc.calls != 2 || !err[0])
        tk_fail(&grp, "progress returning 1: calls %llu, '%s'", (unsigned long long)pc.calls, err);
    uint64_t n = 0;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 0, 1000000, 0, stop_fn, &n, &c1, NULL, err, sizeof err) != WY_ECANCELED ||
        n != 1000)
        tk_fail(&grp, "fn returning 1: %llu calls", (unsigned long long)n);
    /* the same through the terminal region's many reports */
    wy_rules tr;
    if (!parse(&tr, "wythoff+terminal=100000"))
        return 1;
    n = 0;
    grp.cases++;
    if (wy_layer_scan(&tr, (wy_side){0, 0}, 0, 1000000, 0, stop_fn, &n, &c1, NULL, err, sizeof err) !=
            WY_ECANCELED ||
        n != 1000)
        tk_fail(&grp, "fn returning 1 in the terminal region: %llu calls", (unsigned long long)n);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 4. Threads: the pipeline gives what one thread gives                */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t h, n, lx, ly;
    int bad_order;
} digest;

static int digest_fn(void *ctx, uint64_t x, uint64_t y)
{
    digest *d = ctx;
    if (d->n && (x < d->lx || (x == d->lx && y <= d->ly)))
        d->bad_order = 1;
    d->lx = x;
    d->ly = y;
    d->n++;
    d->h = (d->h ^ x) * UINT64_C(0x100000001B3);
    d->h = (d->h ^ y) * UINT64_C(0x100000001B3);
    return 0;
}

static int threads_same(uint64_t size, size_t ncases)
{
    static const struct {
        const char *text;
        wy_side s;
        uint64_t g;
        unsigned threads;
    } cases[] = {
        {"wythoff", {0, 0}, 1, 2},
        {"wythoff+pass", {1, 0}, 2, 3},                             /* two layers, an odd number of threads */
        {"wythoff+pass=2+heap=1+terminal=3+misere", {2, 1}, 1, 4}, /* six layers: WY_TEST_BIG=1 */
        {"nim+pass+heap=2+misere", {1, 1}, 2, 2},
    };
    char name[200], err[WY_ERRLEN];
    snprintf(name, sizeof name, "threads: the pipeline reports what one thread reports, in a %llu window",
             (unsigned long long)size);
    tk_group grp = {name, 0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0] && i < ncases; i++) {
        wy_rules r;
        if (!parse(&r, cases[i].text))
            return 1;
        digest d1 = {UINT64_C(0xCBF29CE484222325), 0, 0, 0, 0}, d2 = d1;
        uint64_t c1 = 0, c2 = 0;
        prog pg = {0, 0, 0, 0, 0};
        wy_run one = {.threads = 1};
        wy_run many = {.threads = cases[i].threads, .progress = prog_fn, .progress_ctx = &pg};
        grp.cases += 4;
        uint64_t t0 = now_ms();
        wy_status s1 = wy_layer_scan(&r, cases[i].s, cases[i].g, size, 0, digest_fn, &d1, &c1, &one, err, sizeof err);
        uint64_t t1 = now_ms();
        wy_status s2 = wy_layer_scan(&r, cases[i].s, cases[i].g, size, 0, digest_fn, &d2, &c2, &many, err, sizeof err);
        uint64_t t2 = now_ms();
        printf("  %s side (%u, %u) value %llu: 1 thread %llu ms, %u threads %llu ms\n", cases[i].text, cases[i].s.pass,
               cases[i].s.heap, (unsigned long long)cases[i].g, (unsigned long long)(t1 - t0), cases[i].threads,
               (unsigned long long)(t2 - t1));
        if (s1 != WY_OK || s2 != WY_OK)
            tk_fail(&grp, "%s: status %d / %d: %s", cases[i].text, s1, s2, err);
        if (d1.h != d2.h || d1.n != d2.n || c1 != c2)
            tk_fail(&grp, "%s side (%u, %u) value %llu: 1 thread: %llu reports, count %llu; %u threads: %llu reports, "
                          "count %llu (or the positions differ)",
                    cases[i].text, cases[i].s.pass, cases[i].s.heap, (unsigned long long)cases[i].g,
                    (unsigned long long)d1.n, (unsigned long long)c1, cases[i].threads, (unsigned long long)d2.n,
                    (unsigned long long)c2);
        if (d1.bad_order || d2.bad_order)
            tk_fail(&grp, "%s: reports out of order", cases[i].text);
        if (pg.bad || pg.last_done != size || pg.calls != (size + 65535) / 65536)
            tk_fail(&grp, "%s: progress %llu calls, last %llu", cases[i].text, (unsigned long long)pg.calls,
                    (unsigned long long)pg.last_done);
    }
    /* cancellation while the pipeline runs (ASan: nothing leaks, threads joined) */
    wy_rules r;
    if (!parse(&r, "wythoff+pass"))
        return 1;
    prog pc = {0, 0, 0, 0, 3};
    wy_run run = {.threads = 2, .progress = prog_fn, .progress_ctx = &pc};
    uint64_t c = 0, n = 0;
    grp.cases += 2;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 1, size, 0, NULL, NULL, &c, &run, err, sizeof err) != WY_ECANCELED ||
        pc.calls != 3)
        tk_fail(&grp, "threads: progress returning 1: %llu calls", (unsigned long long)pc.calls);
    run.progress = NULL;
    if (wy_layer_scan(&r, (wy_side){1, 0}, 1, size, 0, stop_fn, &n, &c, &run, err, sizeof err) != WY_ECANCELED ||
        n != 1000)
        tk_fail(&grp, "threads: fn returning 1: %llu calls", (unsigned long long)n);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* wy_layer_scan_all against one wy_layer_scan per value                */
/* ------------------------------------------------------------------ */

#define ALL_MAXG 20

typedef struct {
    digest d[ALL_MAXG + 1];
    uint64_t gmax, vxor; /* within a row, values ascending after XOR vxor */
    int bad_v, bad_order;
    uint64_t lx, lv, ly, n;
} all_digest;

static int all_fn(void *ctx, uint64_t v, uint64_t x, uint64_t y)
{
    all_digest *a = ctx;
    if (v > a->gmax) {
        a->bad_v = 1;
        return 1;
    }
    /* rows ascending, then values ascending, then columns */
    const uint64_t w = v ^ a->vxor, lw = a->lv ^ a->vxor;
    if (a->n && (x < a->lx || (x == a->lx && (w < lw || (v == a->lv && y <= a->ly)))))
        a->bad_order = 1;
    a->lx = x;
    a->lv = v;
    a->ly = y;
    a->n++;
    return digest_fn(&a->d[v], x, y);
}

/* Every value 0..g of one scan_all = wy_layer_scan of that value: the same
 * positions in the same order, the same counts. */
static int all_vs_scan(tk_group *grp, const char *text, wy_side s, uint64_t g, uint64_t size)
{
    wy_rules r;
    char err[WY_ERRLEN];
    if (!parse(&r, text))
        return 1;
    all_digest a;
    memset(&a, 0, sizeof a);
    a.gmax = g;
    a.vxor = !r.misere && !r.passes ? s.heap : 0;
    uint64_t counts[ALL_MAXG + 1];
    for (uint64_t v = 0; v <= g; v++)
        a.d[v].h = UINT64_C(0xCBF29CE484222325);
    wy_status st = wy_layer_scan_all(&r, s, g, size, 0, all_fn, &a, counts, NULL, err, sizeof err);
    grp->cases++;
    if (st != WY_OK || a.bad_v || a.bad_order) {
        tk_fail(grp, "%s side (%u, %u) values 0..%llu, size %llu: status %d (%s), value out of range %d, order %d",
                text, s.pass, s.heap, (unsigned long long)g, (unsigned long long)size, st, st ? err : "", a.bad_v,
                a.bad_order);
        return 1;
    }
    for (uint64_t v = 0; v <= g; v++) {
        digest d = {UINT64_C(0xCBF29CE484222325), 0, 0, 0, 0};
        uint64_t c = 0;
        grp->cases++;
        st = wy_layer_scan(&r, s, v, size, 0, digest_fn, &d, &c, NULL, err, sizeof err);
        if (st != WY_OK || d.h != a.d[v].h || d.n != a.d[v].n || c != counts[v])
            tk_fail(grp, "%s side (%u, %u) value %llu of 0..%llu, size %llu: scan_all %llu reports, count %llu; scan "
                         "%llu reports, count %llu (or the positions differ)",
                    text, s.pass, s.heap, (unsigned long long)v, (unsigned long long)g, (unsigned long long)size,
                    (unsigned long long)a.d[v].n, (unsigned long long)counts[v], (unsigned long long)d.n,
                    (unsigned long long)c);
    }
    return 0;
}

/* scan_all of values 0..g against closed forms: wythoff value 0, the
 * pairs (a_n, a_n + n), a_n = floor(n phi) stepped exactly: a_(n+1) = a_n + 2
 * iff a_n + 2 <= (n + 1) phi, i.e. (2 a_n + 3 - n)^2 < 5 (n + 1)^2 (128-bit);
 * nim value v, (x, x XOR v). */
static void all_closed(tk_group *grp, const char *text, uint64_t g, uint64_t size)
{
    wy_rules r;
    char err[WY_ERRLEN];
    if (!parse(&r, text))
        return;
    all_digest a;
    memset(&a, 0, sizeof a);
    a.gmax = g;
    for (uint64_t v = 0; v <= g; v++)
        a.d[v].h = UINT64_C(0xCBF29CE484222325);
    wy_status st = wy_layer_scan_all(&r, (wy_side){0, 0}, g, size, 0, all_fn, &a, NULL, NULL, err, sizeof err);
    grp->cases++;
    if (st != WY_OK || a.bad_v || a.bad_order) {
        tk_fail(grp, "%s values 0..%llu, size %llu: status %d (%s)", text, (unsigned long long)g,
                (unsigned long long)size, st, st ? err : "");
        return;
    }
    const int nim = r.game == WY_GAME_NIM;
    for (uint64_t v = 0; v <= (nim ? g : 0); v++) {
        digest d = {UINT64_C(0xCBF29CE484222325), 0, 0, 0, 0};
        if (nim) {
            for (uint64_t x = 0; x < size; x++)
                if ((x ^ v) >= x && (x ^ v) < size)
                    digest_fn(&d, x, x ^ v);
        } else {
            for (uint64_t n = 0, an = 0; an + n < size; n++) {
                digest_fn(&d, an, an + n);
                unsigned __int128 l = 2 * an + 3 - n, m = n + 1;
                an += l * l < 5 * m * m ? 2 : 1;
            }
        }
        grp->cases++;
        if (d.h != a.d[v].h || d.n != a.d[v].n)
            tk_fail(grp, "%s value %llu of 0..%llu, size %llu: scan_all %llu positions, the closed form %llu (or "
                         "they differ)",
                    text, (unsigned long long)v, (unsigned long long)g, (unsigned long long)size,
                    (unsigned long long)a.d[v].n, (unsigned long long)d.n);
    }
}

static int scan_all_same(void)
{
    static const struct {
        const char *text;
        wy_side s;
        uint64_t g;
    } cases[] = {
        {"wythoff", {0, 0}, 20},          {"nim", {0, 0}, 9},
        {"wythoff+pass", {1, 0}, 9},      {"wythoff+heap=3", {0, 3}, 6},
        {"wythoff+heap=3", {0, 1}, 10},   {"wythoff+terminal=3+misere", {0, 0}, 12},
        {"nim+pass+heap=2", {1, 2}, 5},   {"wythoff+pass=2+heap=9+misere", {2, 9}, 3},
    };
    tk_group grp = {"wy_layer_scan_all: every value 0..g = wy_layer_scan of that value (positions, order, counts); "
                    "a window whose bitsets give back their pages",
                    0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        all_vs_scan(&grp, cases[i].text, cases[i].s, cases[i].g, san ? 200 : 700);
    /* large enough that the column and diagonal bitsets give back grains
     * (2 MiB each: 2^24 bits) as the rows pass: against wy_layer_scan
     * (which gives back its pages the same way), and against closed forms
     * that share nothing with the engine: wythoff value 0 = the Wythoff
     * pairs, nim value v = (x, x XOR v) for v = 0..9 (G >= 8: the row
     * bitsets give back their pages too) */
    const uint64_t big = san ? ((uint64_t)1 << 21) + 77 : ((uint64_t)1 << 25) + 77;
    /* wy_layer_scan gives its pages back the same way, so against it the
     * big window is a consistency check only (WY_TEST_BIG); the closed forms
     * below are the independent ones */
    if (tk_test_big())
        all_vs_scan(&grp, "wythoff", (wy_side){0, 0}, 2, big);
    all_closed(&grp, "wythoff", 2, big);
    all_closed(&grp, "nim", 9, big);
    /* the estimate: refused before allocating; 0..64 at 10^9 comfortably
     * below the full bitsets (mapped windows; not under the sanitizers) */
    wy_rules r;
    char err[WY_ERRLEN];
    if (!parse(&r, "wythoff"))
        return 1;
    grp.cases += 2;
    uint64_t e = wy_layer_all_estimate(&r, (wy_side){0, 0}, 64, 1000000000);
    if (wy_layer_scan_all(&r, (wy_side){0, 0}, 64, 1000000000, e - 1, NULL, NULL, NULL, NULL, err, sizeof err) !=
            WY_ERANGE ||
        !strstr(err, "MiB"))
        tk_fail(&grp, "scan_all below its estimate: not refused (%s)", err);
    if (!san && !(e < wy_layer_estimate(&r, (wy_side){0, 0}, 64, 1000000000) / 3 && e < ((uint64_t)6 << 30)))
        tk_fail(&grp, "scan_all 0..64 at 10^9: estimate %llu MiB, not below a third of the full bitsets' %llu MiB",
                (unsigned long long)(e >> 20),
                (unsigned long long)(wy_layer_estimate(&r, (wy_side){0, 0}, 64, 1000000000) >> 20));
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */
/* 6. The pipeline of scan_all with row bitsets (more than 8 values)   */
/* ------------------------------------------------------------------ */

/* Per value: its digest and the thread that reported it (the contract: a
 * value always from one thread, rows ascending within it).  The callback
 * touches only its value's entry: no data race (ThreadSanitizer). */
typedef struct {
    digest d[ALL_MAXG + 1];
    pthread_t tid[ALL_MAXG + 1];
    int seen[ALL_MAXG + 1], two_threads[ALL_MAXG + 1];
    uint64_t gmax, stop_v, stop_after; /* stop_after > 0: return 1 at that call of value stop_v */
} pall;

static int pall_fn(void *ctx, uint64_t v, uint64_t x, uint64_t y)
{
    pall *a = ctx;
    if (v > a->gmax)
        return 1;
    if (!a->seen[v]) {
        a->seen[v] = 1;
        a->tid[v] = pthread_self();
    } else if (!pthread_equal(a->tid[v], pthread_self()))
        a->two_threads[v] = 1;
    digest_fn(&a->d[v], x, y);
    return a->stop_after && v == a->stop_v && a->d[v].n == a->stop_after;
}

static wy_status pall_run(const wy_rules *r, uint64_t g, uint64_t size, unsigned threads, pall *a, uint64_t *counts,
                          char *err)
{
    memset(a, 0, sizeof *a);
    a->gmax = g;
    for (uint64_t v = 0; v <= g; v++)
        a->d[v].h = UINT64_C(0xCBF29CE484222325);
    wy_run run = {.threads = threads};
    return wy_layer_scan_all(r, (wy_side){0, 0}, g, size, 0, pall_fn, a, counts, &run, err, WY_ERRLEN);
}

static int pipe_all_same(void)
{
    static const struct {
        const char *text;
        uint64_t g;
        unsigned threads;
    } cases[] = {
        {"wythoff", 9, 2},                    /* 10 layers: row bitsets, split in two */
        {"wythoff+terminal=2+misere", 9, 3},  /* the terminal region's rows; three threads */
        {"nim", 8, 2},                        /* no diagonals */
    };
    const uint64_t size = ((uint64_t)1 << 24) + 99; /* the pipeline starts at 2^24 rows */
    char name[200], err[WY_ERRLEN];
    snprintf(name, sizeof name,
             "scan_all on the pipeline with row bitsets (values 0..8 and more): the positions, order and counts of "
             "one thread, each value from one thread, in a %llu window",
             (unsigned long long)size);
    tk_group grp = {name, 0, 0};
    static pall a1, a2;
    /* one case (none under the sanitizers); all with WY_TEST_BIG=1 */
    const size_t ncases = tk_test_big() ? sizeof cases / sizeof cases[0] : san ? 0 : 1;
    for (size_t i = 0; i < ncases; i++) {
        wy_rules r;
        if (!parse(&r, cases[i].text))
            return 1;
        uint64_t c1[ALL_MAXG + 1], c2[ALL_MAXG + 1];
        const uint64_t g = cases[i].g;
        uint64_t t0 = now_ms();
        wy_status s1 = pall_run(&r, g, size, 1, &a1, c1, err);
        uint64_t t1 = now_ms();
        wy_status s2 = pall_run(&r, g, size, cases[i].threads, &a2, c2, err);
        uint64_t t2 = now_ms();
        printf("  %s values 0..%llu: 1 thread %llu ms, %u threads %llu ms\n", cases[i].text, (unsigned long long)g,
               (unsigned long long)(t1 - t0), cases[i].threads, (unsigned long long)(t2 - t1));
        grp.cases++;
        if (s1 != WY_OK || s2 != WY_OK) {
            tk_fail(&grp, "%s: status %d / %d: %s", cases[i].text, s1, s2, err);
            continue;
        }
        for (uint64_t v = 0; v <= g; v++) {
            grp.cases++;
            if (a1.d[v].h != a2.d[v].h || a1.d[v].n != a2.d[v].n || c1[v] != c2[v] || a1.d[v].bad_order ||
                a2.d[v].bad_order || a2.two_threads[v] || !a1.d[v].n)
                tk_fail(&grp,
                        "%s value %llu: 1 thread %llu reports, count %llu; %u threads %llu reports, count %llu (or "
                        "the positions differ, rows out of order, the value from two threads)",
                        cases[i].text, (unsigned long long)v, (unsigned long long)a1.d[v].n,
                        (unsigned long long)c1[v], cases[i].threads, (unsigned long long)a2.d[v].n,
                        (unsigned long long)c2[v]);
        }
    }
    /* the callback of a value on a worker thread asks to stop: canceled,
     * every thread joined (ASan: nothing leaks) */
    wy_rules r;
    if (!parse(&r, "wythoff"))
        return 1;
    uint64_t c[ALL_MAXG + 1];
    memset(&a2, 0, sizeof a2);
    a2.gmax = 10;
    a2.stop_v = 1;
    a2.stop_after = 100000;
    for (uint64_t v = 0; v <= 10; v++)
        a2.d[v].h = UINT64_C(0xCBF29CE484222325);
    wy_run run = {.threads = 2};
    grp.cases++;
    wy_status st = wy_layer_scan_all(&r, (wy_side){0, 0}, 10, size, 0, pall_fn, &a2, c, &run, err, sizeof err);
    if (st != WY_ECANCELED || a2.d[1].n != 100000)
        tk_fail(&grp, "fn of value 1 returning 1 on the pipeline: status %d, %llu calls", st,
                (unsigned long long)a2.d[1].n);
    return tk_group_end(&grp);
}

/* ------------------------------------------------------------------ */

int main(void)
{
    uint64_t seed, iters, bigsize = 0;
    if (tk_seed(&seed) || tk_iters(&iters) || tk_env_u64(&bigsize, "WY_LAYER_BIG") < 0)
        return 1;
    san = tk_test_san();
    const int big = tk_test_big();
    tk_rng rng;
    tk_rng_seed(&rng, seed);
    const uint32_t W = san ? 300 : 600;
    uint32_t BW = big ? 16384 : 2048; /* the same paths as 4096 (two threads, below 2^24 rows) */
    if (bigsize)
        BW = (uint32_t)(bigsize > 65536 ? 65536 : bigsize);
    int failed = 0;
    uint64_t t0 = now_ms();

    failed += refusals();
    failed += scan_all_same();

    uint8_t *mark = malloc((size_t)BW * BW > (size_t)W * W ? (size_t)BW * BW : (size_t)W * W);
    if (!mark) {
        printf("FAIL t-layer: out of memory\n");
        return 1;
    }
    static const char *fixed[] = {
        "wythoff", "nim", "wythoff+pass", "wythoff+pass=2", "wythoff+heap=1", "wythoff+heap=2",
        "wythoff+pass+heap=1", "wythoff+misere", "wythoff+pass+misere", "wythoff+terminal=2",
        "wythoff+terminal=2+misere", "wythoff+terminal=5+pass", "nim+pass", "nim+heap=3+misere",
        /* beyond the list of the brief: large terminal sets, heaps of 8+ stones */
        "wythoff+terminal=0", "wythoff+terminal=700", "wythoff+pass+terminal=1500+misere", "wythoff+heap=9+misere",
        "nim+pass+heap=9", "wythoff+pass=2+heap=8", "wythoff+heap=12", "wythoff+pass=3+heap=3+terminal=3+misere",
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        failed += vs_table(fixed[i], W, NULL, 0, mark);
    uint64_t t1 = now_ms();

    /* random supported rulesets */
    unsigned nrand = 0;
    for (uint64_t it = 0; it < iters; it++)
        for (int k = 0; k < (san ? 10 : big ? 30 : 15);) {
            tk_spec sp;
            tk_random_spec(&rng, &sp);
            if (sp.max || sp.mod)
                continue;
            char text[200], err[WY_ERRLEN];
            tk_spec_text(text, sizeof text, &sp);
            wy_rules r;
            if (tk_spec_rules(&r, &sp, text, err, sizeof err)) {
                printf("FAIL random ruleset %s: %s\n", text, err);
                failed++;
            }
            failed += vs_table(text, W, NULL, 0, mark);
            k++;
            nrand++;
        }
    uint64_t t2 = now_ms();

    /* the large window */
    failed += vs_table_big("wythoff", BW, mark);
    failed += vs_table_big("wythoff+pass", BW, mark);
    free(mark);
    uint64_t t3 = now_ms();

    /* closed forms and the exact engine */
    plist pairs;
    memset(&pairs, 0, sizeof pairs);
    const uint64_t PS = big ? 10000000 : san ? 200000 : 300000;
    failed += wythoff_pairs(PS, &pairs);
    if (pairs.n)
        failed += paper000(PS, &pairs);
    plist_free(&pairs);
    failed += nim_closed(san ? 20000 : 100000);
    /* (10^6 with WY_TEST_BIG=1: the same paths, below the pipeline's 2^24 rows) */
    const uint64_t XS = big ? 1000000 : san ? 100000 : 300000;
    failed += vs_exact_ppos("wythoff+terminal=2", (wy_side){0, 0}, XS, 1);
    failed += vs_exact_ppos("wythoff+terminal=2+misere", (wy_side){0, 0}, XS, 0);
    failed += vs_exact_ppos("nim+pass", (wy_side){1, 0}, XS, 0);
    failed += vs_exact_ppos("wythoff", (wy_side){0, 0}, XS, 0);
    /* rows 32..45 (16..45 under the sanitizers) of wythoff+pass beyond the
     * small table only with WY_TEST_BIG=1: see wpass_exact */
    failed += wpass_exact(san ? 20000 : 100000, san ? 2000 : 20000, big ? 46 : san ? 16 : 32, &rng);
    uint64_t t4 = now_ms();
    failed += threads_same(((uint64_t)1 << 24) + 12345, big ? 4 : san ? 1 : 2); /* the pipeline starts at 2^24 rows */
    failed += pipe_all_same();
    uint64_t t5 = now_ms();
    printf("  times: refusals and fixed rulesets %llu ms, %u random rulesets %llu ms, %u window %llu ms, "
           "exact %llu ms, threads %llu ms\n",
           (unsigned long long)(t1 - t0), nrand, (unsigned long long)(t2 - t1), BW, (unsigned long long)(t3 - t2),
           (unsigned long long)(t4 - t3), (unsigned long long)(t5 - t4));
    return failed ? 1 : 0;
}
