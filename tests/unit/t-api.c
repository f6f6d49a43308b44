/*
 * t-api - the core functions that moved out of the command-line tool into
 * the library (issue 13), each against an independent method:
 *
 *  - wy_rules_check: hand-built rulesets the parser would reject (game 7,
 *    nim with mod=M, has_terminal 2, a terminal value without has_terminal,
 *    misere 5) are refused with WY_EINVAL by wy_rules_check and by every
 *    engine entry point; the estimates say UINT64_MAX;
 *  - wy_side_format: the words of every kind of side state (the contract
 *    written in wythoff.h), and its snprintf-like length;
 *  - wy_format_bytes: the text read back as a number brackets the bytes
 *    (N.D UNIT <= bytes < N.(D+1) UNIT), for random sizes and the edges;
 *  - wy_moves_count = the number of moves wy_moves_list lists (random
 *    rulesets and positions, huge coordinates and heaps through the exact
 *    closed form of the modular pairs counted by brute force on small
 *    windows), and a list cut at cap is the prefix of the full list;
 *  - wy_layer_positions and wy_layer_count = the cells of that value of a
 *    table computed by the table engine (random rulesets the layer engine
 *    covers, side states, values, square and rectangular windows);
 *  - wy_eval, wy_eval_positions = the table engine's values, with the
 *    method "table" where the exact engine gives no value or the window
 *    has at most 2^22 cells (the evaluator's cheapest-first order);
 *  - wy_eval_options: small positions list every option (= wy_moves_list)
 *    with the table's values; huge ones list the winning moves, each to a
 *    position the exact engine calls P;
 *  - wy_table_stream of a window with more rows than columns (computed
 *    transposed) = wy_table_compute's rows;
 *  - wy_table_estimate_run is the figure wy_table_compute_run checks: a run
 *    (threads, bands) is accepted with that limit and refused one byte
 *    below it;
 *  - cancellation reaches wy_row_periods_compute_run and the exact engine's
 *    strip proofs (wy_exact_set_run), and a canceled proof is not taken for
 *    a failed one.
 * Environment: WY_SEED (default 20261121), WY_TEST_ITERS (default 1),
 * WY_TEST_SAN=1 (fewer cases).
 */
#include "../naive/testkit.h"
#include "wythoff.h"
#include "wythoff_compare.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"
#include "wythoff_plot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static tk_rng rng;
static uint64_t iters = 1, san = 0;

static void random_rules(wy_rules *r, char *text, size_t n, int layer_only)
{
    tk_spec s;
    char err[WY_ERRLEN];
    for (;;) {
        tk_random_spec(&rng, &s);
        if (layer_only) {
            s.max = 0;
            s.mod = 0;
        }
        tk_spec_text(text, n, &s);
        if (wy_rules_parse(r, text, err, sizeof err) == WY_OK)
            return;
    }
}

/* ------------------------------------------------------------------ */

static int bad_rules(void)
{
    tk_group g = {"wy_rules_check: hand-built rulesets the parser rejects are refused everywhere", 0, 0};
    wy_rules good;
    char err[WY_ERRLEN];
    wy_rules_parse(&good, "wythoff+pass+max=3", err, sizeof err);
    wy_rules bad[5];
    for (int i = 0; i < 5; i++)
        bad[i] = good;
    bad[0].game = (wy_game)7;
    bad[1].game = WY_GAME_NIM;
    bad[1].mod = 3;
    bad[1].max = 0;
    bad[2].has_terminal = 2;
    bad[3].terminal = 4; /* has_terminal 0 */
    bad[4].misere = 5;
    for (int i = 0; i < 5; i++) {
        const wy_rules *r = &bad[i];
        wy_side s = {0, 0};
        g.cases++;
        err[0] = '\0';
        if (wy_rules_check(r, err, sizeof err) != WY_EINVAL || !err[0])
            tk_fail(&g, "case %d: wy_rules_check accepts it", i);
        wy_table *t = NULL;
        if (wy_table_compute(&t, r, 4, 4, s, 0, err, sizeof err) != WY_EINVAL || t)
            tk_fail(&g, "case %d: wy_table_compute", i);
        wy_exact *e = NULL;
        if (wy_exact_new(&e, r, 0, err, sizeof err) != WY_EINVAL || e)
            tk_fail(&g, "case %d: wy_exact_new", i);
        size_t n = 0;
        if (wy_moves_list(NULL, 0, &n, r, 3, 3, s, err, sizeof err) != WY_EINVAL)
            tk_fail(&g, "case %d: wy_moves_list", i);
        if (wy_moves_count(r, 3, 3, s) != 0)
            tk_fail(&g, "case %d: wy_moves_count is not 0", i);
        if (wy_table_estimate(r, 4, 4, s) != UINT64_MAX || wy_table_stream_estimate(r, 4, 4, s, 1) != UINT64_MAX)
            tk_fail(&g, "case %d: a table estimate is not UINT64_MAX", i);
        wy_row_periods rp;
        if (wy_row_periods_compute(&rp, r, 2, 1024, 0, err, sizeof err) != WY_EINVAL)
            tk_fail(&g, "case %d: wy_row_periods_compute", i);
        wy_compare_side a = {r, s, NULL, 0}, b = {&good, s, NULL, 0};
        wy_compare_opts o = {WY_COMPARE_VALUES, 0, 4, 4, WY_COMPARE_AUTO, 0};
        wy_compare_plan pl;
        if (wy_compare_plan_make(&pl, &a, &b, &o, 1, err, sizeof err) != WY_EINVAL)
            tk_fail(&g, "case %d: wy_compare_plan_make", i);
        wy_plot_spec sp;
        memset(&sp, 0, sizeof sp);
        sp.rows = sp.cols = 4;
        sp.ngames = 1;
        sp.games[0].rules = r;
        wy_plot_geometry geo;
        if (wy_plot_layout(&sp, &geo, err, sizeof err) != WY_EINVAL)
            tk_fail(&g, "case %d: wy_plot_layout", i);
        if (r->game == WY_GAME_WYTHOFF || r->game == WY_GAME_NIM) {
            wy_rules lr = *r;
            lr.max = 0;
            if (wy_layer_scan(&lr, s, 0, 8, 0, NULL, NULL, NULL, NULL, err, sizeof err) != WY_EINVAL)
                tk_fail(&g, "case %d: wy_layer_scan", i);
        }
    }
    return tk_group_end(&g);
}

static int side_words(void)
{
    tk_group g = {"wy_side_format: the words of every kind of side state", 0, 0};
    static const struct {
        const char *rules;
        wy_side s;
        const char *want;
    } cases[] = {
        {"wythoff", {0, 0}, ""},
        {"wythoff+pass", {1, 0}, "passes left 1"},
        {"nim+pass=3", {0, 0}, "passes left 0"},
        {"wythoff+heap=2", {0, 2}, "extra heap 2"},
        {"wythoff+pass=2+heap=9", {1, 7}, "passes left 1, extra heap 7"},
        {"wythoff+pass=4294967295+heap=4294967295", {4294967295u, 4294967295u},
         "passes left 4294967295, extra heap 4294967295"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        wy_rules r;
        char buf[64], err[WY_ERRLEN];
        g.cases++;
        wy_rules_parse(&r, cases[i].rules, err, sizeof err);
        int n = wy_side_format(buf, sizeof buf, &r, cases[i].s);
        if (strcmp(buf, cases[i].want) != 0 || n != (int)strlen(cases[i].want))
            tk_fail(&g, "%s: '%s' (%d), expected '%s'", cases[i].rules, buf, n, cases[i].want);
        char small[5];
        int m = wy_side_format(small, sizeof small, &r, cases[i].s);
        if (m != n || strncmp(small, cases[i].want, 4) != 0)
            tk_fail(&g, "%s: truncated to 5 bytes: '%s' (%d)", cases[i].rules, small, m);
    }
    return tk_group_end(&g);
}

/* Read "N bytes", "N UNIT" or "N.D UNIT" back: lo <= bytes < hi. */
static int bracket(const char *t, uint64_t b)
{
    static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    unsigned long long n = 0;
    unsigned d = 0;
    char u[8];
    if (sscanf(t, "%llu byte", &n) == 1 && strstr(t, "byte"))
        return n == b && b < 1024 && strcmp(t + strlen(t) - (b == 1 ? 4 : 5), b == 1 ? "byte" : "bytes") == 0;
    int k = sscanf(t, "%llu.%u %7s", &n, &d, u);
    if (k != 3) {
        d = 0;
        if (sscanf(t, "%llu %7s", &n, u) != 2)
            return 0;
    } else if (d == 0 || d > 9) {
        return 0;
    }
    for (int i = 0; i < 6; i++)
        if (strcmp(u, unit[i]) == 0) {
            /* in tenths of the unit: 10 b / scale lies in [10 n + d, 10 n + d + 1) */
            unsigned __int128 scale = (unsigned __int128)1 << (10 * (i + 1)), tb = (unsigned __int128)b * 10;
            unsigned __int128 lo = (10 * (unsigned __int128)n + d) * scale, hi = lo + scale;
            /* the unit is the largest with a whole part of at least 1 (and below 1024 except EiB) */
            return lo <= tb && tb < hi && n >= 1 && (n < 1024 || i == 5);
        }
    return 0;
}

static int bytes_text(void)
{
    tk_group g = {"wy_format_bytes: the text brackets the bytes", 0, 0};
    uint64_t edge[] = {0, 1, 2, 1023, 1024, 1025, 1536, 1048575, 1048576, (uint64_t)1 << 30, ((uint64_t)1 << 40) - 1,
                       UINT64_MAX, UINT64_MAX - 1, (uint64_t)1 << 63};
    char buf[64];
    for (size_t i = 0; i < sizeof edge / sizeof edge[0] + 2000 * iters; i++) {
        uint64_t b = i < sizeof edge / sizeof edge[0] ? edge[i] : tk_rng_next(&rng) >> (tk_rng_next(&rng) % 64);
        g.cases++;
        int n = wy_format_bytes(buf, sizeof buf, b);
        if (n != (int)strlen(buf) || n > 31 || !bracket(buf, b))
            tk_fail(&g, "%llu -> '%s'", (unsigned long long)b, buf);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int moves_counted(void)
{
    tk_group g = {"wy_moves_count = wy_moves_list's count; a list cut at cap is a prefix", 0, 0};
    wy_move *full = malloc(20000 * sizeof *full), *cut = malloc(20000 * sizeof *cut);
    for (uint64_t it = 0; it < (san ? 300 : 3000) * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        random_rules(&r, text, sizeof text, 0);
        uint32_t x = tk_rng_range(&rng, 0, 90), y = tk_rng_range(&rng, 0, 90);
        wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
        size_t n = 0, m = 0;
        g.cases++;
        if (wy_moves_list(full, 20000, &n, &r, x, y, s, err, sizeof err) != WY_OK || n > 20000) {
            tk_fail(&g, "%s (%u, %u): %s", text, x, y, err);
            continue;
        }
        uint64_t c = wy_moves_count(&r, x, y, s);
        if (c != n)
            tk_fail(&g, "%s (%u, %u) p%u h%u: count %llu, listed %zu", text, x, y, s.pass, s.heap,
                    (unsigned long long)c, n);
        size_t cap = n ? tk_rng_range(&rng, 0, (uint32_t)n) : 0;
        if (wy_moves_list(cut, cap, &m, &r, x, y, s, err, sizeof err) != WY_OK || m != n ||
            memcmp(cut, full, cap * sizeof *cut) != 0)
            tk_fail(&g, "%s (%u, %u): the list cut at %zu is not the prefix", text, x, y, cap);
    }
    /* huge heaps and coordinates: O(1), and the closed form's parts */
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, "wythoff+heap=4294967295+pass", err, sizeof err);
    wy_side s = {1, 4294967295u};
    g.cases++;
    uint64_t c = wy_moves_count(&r, (uint64_t)1 << 40, 5, s);
    /* column 2^40, row 5, diagonal 5, heap 2^32 - 1, and the pass */
    if (c != ((uint64_t)1 << 40) + 5 + 5 + 4294967295u + 1)
        tk_fail(&g, "wythoff+heap+pass at (2^40, 5): %llu", (unsigned long long)c);
    size_t n = 0;
    if (wy_moves_list(NULL, 0, &n, &r, 4294967295u, 4294967295u, s, err, sizeof err) != WY_OK ||
        n != (size_t)3 * 4294967295u + 4294967295u + 1)
        tk_fail(&g, "wy_moves_list(NULL, 0) of (2^32-1, 2^32-1): %zu", n);
    free(full);
    free(cut);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int layer_positions(void)
{
    tk_group g = {"wy_layer_positions and wy_layer_count = the table's cells of that value", 0, 0};
    for (uint64_t it = 0; it < (san ? 40 : 300) * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        random_rules(&r, text, sizeof text, 1);
        uint32_t R = tk_random_dim(&rng, 60), C = tk_random_dim(&rng, 60);
        wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
        uint32_t v = tk_rng_range(&rng, 0, 4);
        wy_table *t = NULL;
        g.cases++;
        if (wy_table_compute(&t, &r, R, C, s, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: table: %s", text, err);
            continue;
        }
        wy_pos *p = NULL;
        size_t n = 0, k = 0;
        uint64_t count = 0;
        wy_status st = wy_layer_positions(&p, &n, &r, s, v, R, C, 0, NULL, err, sizeof err);
        wy_status st2 = wy_layer_count(&count, &r, s, v, R, C, 0, NULL, err, sizeof err);
        if (st != WY_OK || st2 != WY_OK) {
            tk_fail(&g, "%s %ux%u p%u h%u value %u: status %d %d: %s", text, R, C, s.pass, s.heap, v, st, st2, err);
        } else {
            int bad = 0;
            for (uint32_t x = 0; x < R && !bad; x++)
                for (uint32_t y = 0; y < C && !bad; y++)
                    if (wy_table_get(t, x, y, s) == v) {
                        if (k >= n || p[k].x != x || p[k].y != y)
                            bad = 1;
                        k++;
                    }
            if (bad || k != n || count != n)
                tk_fail(&g, "%s %ux%u p%u h%u value %u: %zu listed, %llu counted, %zu in the table", text, R, C,
                        s.pass, s.heap, v, n, (unsigned long long)count, k);
        }
        wy_free(p);
        wy_table_free(t);
    }
    /* refused before allocating, with the estimate */
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    wy_pos *p = (wy_pos *)&r;
    size_t n = 7;
    g.cases++;
    if (wy_layer_positions(&p, &n, &r, (wy_side){0, 0}, 0, 100000, 100000, 1000, NULL, err, sizeof err) !=
            WY_ERANGE ||
        p || n || !strstr(err, "limit of 1000 bytes"))
        tk_fail(&g, "a 1000-byte limit: %s", err);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int eval_positions(void)
{
    tk_group g = {"wy_eval, wy_eval_positions = the table engine; \"table\" where the exact engine has no value", 0,
                  0};
    static const char *const rules[] = {"wythoff", "wythoff+pass", "wythoff+heap=2", "wythoff+max=3", "wythoff+mod=3",
                                        "nim+pass+heap=1", "wythoff+terminal=2+misere", "wythoff+pass=2+misere"};
    for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++) {
        wy_rules r;
        char err[WY_ERRLEN];
        wy_rules_parse(&r, rules[ri], err, sizeof err);
        const uint32_t N = san ? 90 : 200;
        wy_table *t = NULL;
        wy_side top = wy_side_start(&r);
        if (wy_table_compute(&t, &r, N, N, top, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: table: %s", rules[ri], err);
            continue;
        }
        wy_exact *e = NULL;
        if (wy_exact_new(&e, &r, (uint64_t)1 << 30, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: wy_exact_new: %s", rules[ri], err);
            wy_table_free(t);
            continue;
        }
        enum { K = 40 };
        wy_eval_item it[K];
        wy_answer a, b;
        wy_answer_init(&a);
        wy_answer_init(&b);
        /* min(x, y) below 8 or from 46 on: the exact engine's strips of 8 rows
         * are proved in milliseconds, those of 16 to 46 rows take seconds
         * (t-exact covers them) */
        for (int i = 0; i < K; i++) {
            wy_eval_item_init(&it[i]);
            uint32_t lo = tk_rng_chance(&rng, 1, 2) ? tk_rng_range(&rng, 0, 7) : tk_rng_range(&rng, 46, N - 1);
            uint32_t hi = tk_rng_range(&rng, lo, N - 1);
            int swap = tk_rng_chance(&rng, 1, 2);
            mpz_set_ui(it[i].x, swap ? hi : lo);
            mpz_set_ui(it[i].y, swap ? lo : hi);
        }
        size_t failed = 99;
        wy_status st = wy_eval_positions(e, it, K, top, NULL, &failed, err, sizeof err);
        for (int i = 0; i < K && st == WY_OK; i++) {
            uint32_t x = (uint32_t)mpz_get_ui(it[i].x), y = (uint32_t)mpz_get_ui(it[i].y);
            uint32_t v = wy_table_get(t, x, y, top);
            g.cases++;
            wy_status ste = wy_exact_eval(e, &b, it[i].x, it[i].y, top, err, sizeof err);
            int exact_value = ste == WY_OK && b.has_value;
            if (!it[i].ans.has_value || mpz_cmp_ui(it[i].ans.value, v) != 0 || it[i].ans.outcome != (v ? 'N' : 'P'))
                tk_fail(&g, "%s (%u, %u): value %u, the batch says otherwise", rules[ri], x, y, v);
            /* the table where the exact engine gives no value, or where the
             * window is small (2^22 cells: cheaper than proving rows) */
            const int by_table = strcmp(it[i].ans.method, "table") == 0;
            const uint64_t cells = (uint64_t)(x + 1) * (y + 1);
            if ((by_table && exact_value && cells > ((uint64_t)1 << 22) && strcmp(b.method, "table") != 0) ||
                (!by_table && !exact_value))
                tk_fail(&g, "%s (%u, %u): method '%s' (the exact engine %s a value; %llu cells)", rules[ri], x, y,
                        it[i].ans.method, exact_value ? "gives" : "does not give", (unsigned long long)cells);
            if (wy_eval(e, &a, it[i].x, it[i].y, top, NULL, err, sizeof err) != WY_OK || !a.has_value ||
                mpz_cmp_ui(a.value, v) != 0)
                tk_fail(&g, "%s (%u, %u): wy_eval differs", rules[ri], x, y);
        }
        if (st != WY_OK)
            tk_fail(&g, "%s: wy_eval_positions: status %d at %zu: %s", rules[ri], st, failed, err);
        for (int i = 0; i < K; i++)
            wy_eval_item_clear(&it[i]);
        wy_answer_clear(&a);
        wy_answer_clear(&b);
        wy_exact_free(e);
        wy_table_free(t);
    }
    return tk_group_end(&g);
}

static int eval_options(void)
{
    tk_group g = {"wy_eval_options: every option with its table value; huge positions: moves to P-positions", 0, 0};
    static const char *const rules[] = {"wythoff", "wythoff+pass", "wythoff+heap=3", "wythoff+max=4", "nim+pass",
                                        "wythoff+terminal=2"};
    wy_move *mv = malloc(4096 * sizeof *mv);
    for (size_t ri = 0; ri < sizeof rules / sizeof rules[0]; ri++) {
        wy_rules r;
        char err[WY_ERRLEN];
        wy_rules_parse(&r, rules[ri], err, sizeof err);
        wy_side top = wy_side_start(&r);
        wy_exact *e = NULL;
        wy_table *t = NULL;
        if (wy_exact_new(&e, &r, (uint64_t)1 << 30, err, sizeof err) != WY_OK ||
            wy_table_compute(&t, &r, 120, 120, top, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: %s", rules[ri], err);
            wy_exact_free(e);
            continue;
        }
        wy_options o;
        wy_options_init(&o);
        mpz_t x, y;
        mpz_inits(x, y, NULL);
        for (int i = 0; i < (san ? 5 : 25); i++) {
            uint32_t px = tk_rng_range(&rng, 0, 119), py = tk_rng_range(&rng, 0, 119); /* the table path */
            mpz_set_ui(x, px);
            mpz_set_ui(y, py);
            g.cases++;
            size_t n = 0;
            wy_moves_list(mv, 4096, &n, &r, px, py, top, err, sizeof err);
            if (wy_eval_options(e, &o, x, y, top, NULL, err, sizeof err) != WY_OK || !o.complete || o.count != n ||
                memcmp(o.moves, mv, n * sizeof *mv) != 0) {
                tk_fail(&g, "%s (%u, %u): not the full list: %s", rules[ri], px, py, err);
                continue;
            }
            for (size_t k = 0; k < n; k++)
                if (o.values[k] != wy_table_get(t, mv[k].x, mv[k].y, mv[k].side))
                    tk_fail(&g, "%s (%u, %u): option %zu has value %u", rules[ri], px, py, k, o.values[k]);
            if (mpz_cmp_ui(o.pos.value, wy_table_get(t, px, py, top)) != 0)
                tk_fail(&g, "%s (%u, %u): the position's value", rules[ri], px, py);
        }
        /* a huge position: the winning moves reach P-positions */
        mpz_ui_pow_ui(x, 10, 30);
        mpz_add_ui(y, x, 12345);
        g.cases++;
        wy_status st = wy_eval_options(e, &o, x, y, top, NULL, err, sizeof err);
        if (st == WY_OK) {
            wy_answer a;
            wy_answer_init(&a);
            if (o.complete || (o.pos.outcome == 'N') != (o.count > 0))
                tk_fail(&g, "%s 10^30: complete %d, outcome %c, %zu winning moves", rules[ri], o.complete,
                        o.pos.outcome, o.count);
            for (size_t k = 0; k < o.count; k++)
                if (wy_exact_eval(e, &a, o.wins[k].x, o.wins[k].y, o.wins[k].side, err, sizeof err) != WY_OK ||
                    a.outcome != 'P')
                    tk_fail(&g, "%s 10^30: winning move %zu does not reach a P-position", rules[ri], k);
            wy_answer_clear(&a);
        } else if (st != WY_ERANGE && st != WY_EUNDECIDED) {
            tk_fail(&g, "%s 10^30: status %d: %s", rules[ri], st, err);
        }
        mpz_clears(x, y, NULL);
        wy_options_clear(&o);
        wy_table_free(t);
        wy_exact_free(e);
    }
    free(mv);
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

typedef struct {
    const wy_table *t;
    wy_side s;
    uint32_t next, bad, cols;
    uint32_t *row;
} stream_check;

static int on_row(void *ctx, uint32_t x, const uint32_t *v, uint32_t cols)
{
    stream_check *c = ctx;
    wy_table_row(c->t, x, c->s, c->row);
    if (x != c->next++ || cols != c->cols || memcmp(v, c->row, cols * sizeof *v) != 0)
        c->bad = 1;
    return 0;
}

static int tall_streams(void)
{
    tk_group g = {"wy_table_stream of tall windows (transposed) = wy_table_compute's rows", 0, 0};
    uint32_t *row = malloc(64 * sizeof *row);
    for (uint64_t it = 0; it < (san ? 20 : 200) * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        random_rules(&r, text, sizeof text, 0);
        uint32_t C = tk_random_dim(&rng, 40), R = C + tk_random_dim(&rng, 300);
        wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
        wy_table *t = NULL;
        g.cases++;
        if (wy_table_compute(&t, &r, R, C, s, 0, err, sizeof err) != WY_OK) {
            tk_fail(&g, "%s: %s", text, err);
            continue;
        }
        stream_check c = {t, s, 0, 0, C, row};
        wy_run run = {(unsigned)tk_rng_range(&rng, 1, 3), NULL, NULL, 0};
        if (wy_table_stream(&r, R, C, s, 0, &run, on_row, &c, err, sizeof err) != WY_OK || c.bad || c.next != R)
            tk_fail(&g, "%s %ux%u p%u h%u: the stream differs (%s)", text, R, C, s.pass, s.heap, err);
        wy_table_free(t);
    }
    free(row);
    return tk_group_end(&g);
}

static int run_estimates(void)
{
    tk_group g = {"wy_table_estimate_run: accepted at the estimate, refused one byte below", 0, 0};
    for (uint64_t it = 0; it < (san ? 20 : 100) * iters; it++) {
        wy_rules r;
        char text[128], err[WY_ERRLEN];
        random_rules(&r, text, sizeof text, 0);
        uint32_t R = tk_random_dim(&rng, 64), C = tk_random_dim(&rng, 64);
        wy_side s = {tk_rng_range(&rng, 0, r.passes), tk_rng_range(&rng, 0, r.heap)};
        wy_run run = {(unsigned)tk_rng_range(&rng, 1, 4), NULL, NULL, (unsigned)tk_rng_range(&rng, 0, 8)};
        wy_layout lay = (wy_layout)tk_rng_range(&rng, 0, 2);
        uint64_t need = wy_table_estimate_run(&r, R, C, s, lay, &run);
        wy_table *t = NULL;
        g.cases++;
        wy_status below = wy_table_compute_run(&t, &r, R, C, s, need - 1, lay, &run, err, sizeof err);
        wy_table_free(t);
        t = NULL;
        wy_status at = wy_table_compute_run(&t, &r, R, C, s, need, lay, &run, err, sizeof err);
        wy_table_free(t);
        /* a value above 65535 may need 4-byte cells, more than the first estimate: never in these windows */
        if (below != WY_ERANGE || at != WY_OK)
            tk_fail(&g, "%s %ux%u threads %u band %u layout %d: estimate %llu: below %d, at %d (%s)", text, R, C,
                    run.threads, run.band, (int)lay, (unsigned long long)need, below, at, err);
    }
    return tk_group_end(&g);
}

/* ------------------------------------------------------------------ */

static int stop_after(void *ctx, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    int *calls = ctx;
    return ++*calls > 2;
}

static int cancellation(void)
{
    tk_group g = {"cancellation reaches row periods and the exact engine's strip proofs", 0, 0};
    wy_rules r;
    char err[WY_ERRLEN];
    wy_rules_parse(&r, "wythoff", err, sizeof err);
    int calls = 0;
    wy_run run = {1, stop_after, &calls, 0};
    wy_row_periods rp;
    g.cases++;
    if (wy_row_periods_compute_run(&rp, &r, 30, (uint64_t)1 << 20, 0, &run, err, sizeof err) != WY_ECANCELED)
        tk_fail(&g, "wy_row_periods_compute_run was not stopped");
    wy_exact *e = NULL;
    wy_exact_new(&e, &r, 0, err, sizeof err);
    wy_answer a;
    wy_answer_init(&a);
    mpz_t x, y;
    mpz_init_set_ui(x, 20);
    mpz_init(y);
    mpz_ui_pow_ui(y, 10, 20);
    calls = 0;
    wy_exact_set_run(e, &run);
    g.cases++;
    if (wy_exact_eval(e, &a, x, y, wy_side_start(&r), err, sizeof err) != WY_ECANCELED)
        tk_fail(&g, "the strip proof of row 20 was not stopped");
    wy_exact_set_run(e, NULL);
    g.cases++;
    if (wy_exact_eval(e, &a, x, y, wy_side_start(&r), err, sizeof err) != WY_OK || !a.has_value)
        tk_fail(&g, "after a stopped proof, row 20 has no value: %s", err);
    mpz_clears(x, y, NULL);
    wy_answer_clear(&a);
    wy_exact_free(e);
    return tk_group_end(&g);
}

int main(void)
{
    uint64_t seed;
    if (tk_seed(&seed) || tk_iters(&iters) || tk_env_u64(&san, "WY_TEST_SAN") < 0)
        return 2;
    tk_rng_seed(&rng, seed);
    int bad = 0;
    bad |= bad_rules();
    bad |= side_words();
    bad |= bytes_text();
    bad |= moves_counted();
    bad |= layer_positions();
    bad |= eval_positions();
    bad |= eval_options();
    bad |= tall_streams();
    bad |= run_estimates();
    bad |= cancellation();
    return bad;
}
