/*
 * t-alloc-fail - every failure path of the library's allocations, walked.
 *
 * Linked with tests/fault/inject.c and the --wrap flags of
 * tests/fault/fault.mk: the Nth allocation made by the library (malloc and
 * its relatives, strdup, mmap, fopen, pthread_create: tests/fault/inject.h)
 * fails.  For each call below the walk arms N = 1, 2, ... until a run ends
 * without the armed failure firing, and checks at every N:
 *
 *  - the call returns a status; when the failure fired, either the call
 *    recovered (the same status and result as an unarmed run: a thread that
 *    could not start, a cache that is only an optimisation) or it failed
 *    with WY_ERANGE (the library's status for memory) and a message in err;
 *  - when the failure did not fire, the result is the unarmed run's;
 *  - nothing leaks: the blocks and mappings the library holds after the
 *    call (and the release of what it returned) are those before it
 *    (fault_live), at the N that leaked; LeakSanitizer checks the rest in
 *    the sanitizer build;
 *  - calls on an evaluator (wy_exact_*, wy_eval*): after the failure the
 *    same call on the same evaluator, unarmed, gives the unarmed answer (a
 *    failure leaves no half-built strip or table behind).
 *
 * Each walk runs in a child process (fork), so that a crash or a
 * sanitizer's report stops only that walk and is reported as its FAIL.
 *
 * The calls: wy_table_compute_run (one thread and two), wy_table_stream (the
 * whole table, a ring of rows forced by mem_limit, more rows than columns),
 * wy_layer_scan, wy_layer_positions, wy_layer_count, wy_exact_new,
 * wy_exact_eval, wy_exact_winning, wy_exact_ppos, wy_eval,
 * wy_eval_positions, wy_eval_options, wy_row_periods_compute, wy_compare
 * (values; set mode with the table and the layer engine; against a list of
 * positions), wy_plot (PNG and SVG; heatmap, dots, table) and
 * wy_claim_check on a few cheap claims, over the rulesets wythoff,
 * wythoff+pass, wythoff+max=3, wythoff+mod=3, nim+pass+heap=2 and
 * wythoff+terminal=2+misere (where the call covers them), and wythoff+max=2
 * for the exact engine's periodicity certificate.  Then windows with the
 * large blocks that come from mmap (the table engine's and the layer
 * engine's, 16 MiB and more; the layer engine uses calloc under ASan): the
 * run is stopped by its progress function once it has allocated, so that
 * it stays quick.
 *
 * Output: one "PASS name: N allocation points ..." line per walk, or
 * "FAIL name: ..." lines; exit 0 iff all passed.  WY_FAIL_ONLY=TEXT runs
 * only the walks whose name contains TEXT; WY_FAIL_VERBOSE=1 prints every N;
 * WY_FAIL_TIMES=1 prints the time of every walk; a walk stops at its first
 * failing N unless WY_FAIL_KEEP_GOING=1.
 */
#include "../fault/inject.h"
#include "wythoff.h"
#include "wythoff_check.h"
#include "wythoff_compare.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"
#include "wythoff_plot.h"

#include <errno.h>
#include <gmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A walk that needs more than this many points has a problem of its own. */
#define MAX_POINTS 200000ul
/* A walk stops at its first failing N (the FAIL line names N and the
 * function that failed): the next ones add little, and a failure can make
 * every later N slow (a fallback that computes much more).
 * WY_FAIL_KEEP_GOING=1 walks on, showing the first SHOW failures. */
#define SHOW 6
static int keep_going;

static int verbose, times;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ */
/* Digests of results (FNV-1a, 64 bits)                                */
/* ------------------------------------------------------------------ */

static void dg_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t v = *h ? *h : UINT64_C(14695981039346656037);
    for (size_t i = 0; i < n; i++) {
        v ^= b[i];
        v *= UINT64_C(1099511628211);
    }
    *h = v;
}

static void dg_u64(uint64_t *h, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)(v >> (8 * i));
    dg_bytes(h, b, 8);
}

static void dg_str(uint64_t *h, const char *s)
{
    if (!s)
        s = "(null)";
    dg_bytes(h, s, strlen(s) + 1);
}

static void dg_mpz(uint64_t *h, const mpz_t z)
{
    dg_u64(h, (uint64_t)(int64_t)mpz_sgn(z));
    size_t n = mpz_size(z);
    dg_u64(h, n);
    for (size_t i = 0; i < n; i++)
        dg_u64(h, (uint64_t)mpz_getlimbn(z, (mp_size_t)i));
}

/* with_method 0: wy_eval and wy_eval_positions, which may answer by the
 * table engine when the exact engine could not get the memory for a proof
 * (a recovery with another method, the same outcome and value) */
static void dg_answer(uint64_t *h, const wy_answer *a, int with_method)
{
    dg_u64(h, (uint64_t)a->outcome);
    dg_u64(h, (uint64_t)a->has_value);
    if (a->has_value)
        dg_mpz(h, a->value);
    if (!with_method)
        return;
    dg_str(h, a->method);
    dg_str(h, a->why);
}

/* ------------------------------------------------------------------ */
/* The calls                                                           */
/* ------------------------------------------------------------------ */

typedef enum {
    K_TABLE,        /* wy_table_compute_run: a = rows, b = cols, threads */
    K_STREAM,       /* wy_table_stream: a = rows, b = cols, mode, threads */
    K_LAYER_SCAN,   /* wy_layer_scan: g, a = size */
    K_LAYER_POS,    /* wy_layer_positions: g, a = rows, b = cols */
    K_LAYER_COUNT,  /* wy_layer_count: g, a = rows, b = cols */
    K_EXACT_NEW,    /* wy_exact_new (and free) */
    K_EXACT_EVAL,   /* wy_exact_eval of position pos */
    K_EXACT_WIN,    /* wy_exact_winning of position pos */
    K_EXACT_PPOS,   /* wy_eval_ppos (wy_exact_ppos, the layer engine, rows): from pos's x, a terms */
    K_EVAL,         /* wy_eval of position pos */
    K_EVAL_POS,     /* wy_eval_positions of every position of the list */
    K_EVAL_OPT,     /* wy_eval_options of position pos */
    K_PERIODS,      /* wy_row_periods_compute: a = rows, b = max_cols */
    K_CMP_VALUES,   /* wy_compare values mode, B = other: a = rows, b = cols */
    K_CMP_SET,      /* wy_compare set mode, value g, engine mode, B = other */
    K_CMP_LIST,     /* wy_compare set mode against a list of positions */
    K_PLOT,         /* wy_plot: mode = style, threads = format, a = size */
    K_CLAIM,        /* wy_claim_check: id, a = limit */
    K_MMAP_TABLE,   /* wy_table_compute_run of a big window (mmap), stopped at the first progress */
    K_MMAP_STREAM,  /* wy_table_stream the same */
    K_MMAP_LAYER    /* wy_layer_scan the same */
} kind;

typedef struct {
    const char *x, *y, *label;
} xy;

/* Positions for the exact engine and wy_eval: a small one (the
 * evaluator's small table), one beyond it (wy_eval's table engine), a big
 * one with a small x (row strips), a huge one (closed forms), one near a
 * Wythoff pair at 40000, of value 2 with the pass (the layer engine and
 * its value layers; windows beyond the tables the evaluator computes). */
static const xy POSITIONS[] = {{"7", "6", "(7, 6)"},
                               {"70", "90", "(70, 90)"},
                               {"2", "1000000000000000000000000000000", "(2, 10^30)"},
                               {"1000000000000000000000000000000", "1600000000000000000000000000000",
                                "(10^30, 1.6 10^30)"},
                               {"40000", "64721", "(40000, 64721)"}};
#define NPOSITIONS (sizeof POSITIONS / sizeof POSITIONS[0])

typedef struct {
    char name[200];
    kind k;
    const char *rules_text;
    const char *other;   /* the second ruleset of a comparison or dot plot */
    const char *id;      /* a claim */
    wy_rules rules, orules;
    wy_side side, oside;
    uint64_t a, b, g;
    unsigned mode, threads;
    size_t pos;
    wy_exact *e;         /* the evaluator of the exact and eval calls */
} wcase;

/* wy_table_stream's modes */
enum { S_WHOLE, S_RING, S_TRANSPOSED };

/* wy_layer_scan's callback: the positions into the digest */
static int layer_fn(void *ctx, uint64_t x, uint64_t y)
{
    dg_u64(ctx, x);
    dg_u64(ctx, y);
    return 0;
}

static int row_fn(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    dg_u64(ctx, x);
    dg_bytes(ctx, values, (size_t)cols * sizeof *values);
    return 0;
}

static int cmp_fn(void *ctx, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    dg_u64(ctx, x);
    dg_u64(ctx, y);
    dg_u64(ctx, va);
    dg_u64(ctx, vb);
    return 0;
}

static int write_fn(void *ctx, const void *data, size_t len)
{
    dg_bytes(ctx, data, len);
    return 0;
}

/* Progress that stops the run at once (the mmap walks). */
static int stop_fn(void *ctx, uint64_t done, uint64_t total)
{
    (void)ctx;
    (void)done;
    (void)total;
    return 1;
}

static void dg_table(uint64_t *h, const wy_table *t, wy_side top)
{
    uint32_t R = wy_table_rows(t), C = wy_table_cols(t);
    dg_u64(h, R);
    dg_u64(h, C);
    for (uint32_t p = 0; p <= top.pass; p++)
        for (uint32_t hh = 0; hh <= top.heap; hh++) {
            wy_side s = {p, hh};
            for (uint32_t x = 0; x < R; x++)
                for (uint32_t y = 0; y < C; y++)
                    dg_u64(h, wy_table_get(t, x, y, s));
        }
}

static void dg_summary(uint64_t *h, const wy_compare_summary *s)
{
    uint64_t v[] = {s->compared, s->count, s->only_a, s->only_b, s->min_x, s->max_x, s->min_y, s->max_y,
                    s->first.x, s->first.y, s->last.x, s->last.y, s->nearest.x, s->nearest.y,
                    (uint64_t)s->engine_a, (uint64_t)s->engine_b};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        dg_u64(h, v[i]);
}

/* Made before the armed call, unarmed: the evaluator of the exact calls. */
static wy_status setup(wcase *c, char *err, size_t errlen)
{
    switch (c->k) {
    case K_EXACT_EVAL:
    case K_EXACT_WIN:
    case K_EXACT_PPOS:
    case K_EVAL:
    case K_EVAL_POS:
    case K_EVAL_OPT:
        return wy_exact_new(&c->e, &c->rules, 0, err, errlen);
    default:
        return WY_OK;
    }
}

static void teardown(wcase *c)
{
    wy_exact_free(c->e);
    c->e = NULL;
}

/* The call, its result into *h, everything it returned released. */
static wy_status call(wcase *c, uint64_t *h, char *err, size_t errlen)
{
    wy_status st = WY_OK;
    wy_run run = {c->threads, NULL, NULL, 0};
    const wy_run *rp = c->threads ? &run : NULL;
    switch (c->k) {
    case K_TABLE: {
        wy_table *t = NULL;
        st = wy_table_compute_run(&t, &c->rules, (uint32_t)c->a, (uint32_t)c->b, c->side, 0, WY_LAYOUT_AUTO, rp,
                                  err, errlen);
        if (st == WY_OK)
            dg_table(h, t, c->side);
        else if (t)
            dg_str(h, "a table returned with a failure");
        wy_table_free(t);
        break;
    }
    case K_STREAM: {
        uint64_t limit = 0;
        if (c->mode == S_RING) /* room for the ring of rows, not the whole table */
            limit = wy_table_stream_estimate(&c->rules, (uint32_t)c->a, (uint32_t)c->b, c->side,
                                             c->threads ? c->threads : 1);
        st = wy_table_stream(&c->rules, (uint32_t)c->a, (uint32_t)c->b, c->side, limit, rp, row_fn, h, err, errlen);
        break;
    }
    case K_LAYER_SCAN: {
        uint64_t n = 0;
        st = wy_layer_scan(&c->rules, c->side, c->g, c->a, 0, layer_fn, h, &n, rp, err, errlen);
        dg_u64(h, n);
        break;
    }
    case K_LAYER_POS: {
        wy_pos *p = NULL;
        size_t n = 0;
        st = wy_layer_positions(&p, &n, &c->rules, c->side, c->g, (uint32_t)c->a, (uint32_t)c->b, 0, rp, err,
                                errlen);
        if (st == WY_OK) {
            dg_u64(h, n);
            dg_bytes(h, p, n * sizeof *p);
        } else if (p) {
            dg_str(h, "positions returned with a failure");
        }
        wy_free(p);
        break;
    }
    case K_LAYER_COUNT: {
        uint64_t n = 0;
        st = wy_layer_count(&n, &c->rules, c->side, c->g, c->a, c->b, 0, rp, err, errlen);
        dg_u64(h, n);
        break;
    }
    case K_EXACT_NEW: {
        wy_exact *e = NULL;
        st = wy_exact_new(&e, &c->rules, 0, err, errlen);
        if (st != WY_OK && e)
            dg_str(h, "an evaluator returned with a failure");
        wy_exact_free(e);
        break;
    }
    case K_EXACT_EVAL:
    case K_EVAL: {
        mpz_t x, y;
        wy_answer a;
        mpz_init_set_str(x, POSITIONS[c->pos].x, 10);
        mpz_init_set_str(y, POSITIONS[c->pos].y, 10);
        wy_answer_init(&a);
        if (c->k == K_EVAL)
            st = wy_eval(c->e, &a, x, y, c->side, rp, err, errlen);
        else
            st = wy_exact_eval(c->e, &a, x, y, c->side, err, errlen);
        if (st == WY_OK)
            dg_answer(h, &a, c->k != K_EVAL);
        wy_answer_clear(&a);
        mpz_clear(x);
        mpz_clear(y);
        break;
    }
    case K_EXACT_WIN: {
        mpz_t x, y;
        mpz_init_set_str(x, POSITIONS[c->pos].x, 10);
        mpz_init_set_str(y, POSITIONS[c->pos].y, 10);
        wy_bigmove *m = NULL;
        size_t n = 0;
        const char *method = NULL;
        st = wy_exact_winning(c->e, &m, &n, &method, x, y, c->side, err, errlen);
        if (st == WY_OK) {
            dg_u64(h, n);
            dg_str(h, method);
            for (size_t i = 0; i < n; i++) {
                dg_u64(h, (uint64_t)m[i].kind);
                dg_mpz(h, m[i].x);
                dg_mpz(h, m[i].y);
                dg_u64(h, m[i].side.pass);
                dg_u64(h, m[i].side.heap);
            }
        }
        if (m)
            wy_bigmoves_free(m, n);
        mpz_clear(x);
        mpz_clear(y);
        break;
    }
    case K_EXACT_PPOS: {
        mpz_t a[8], b[8], idx[8], from;
        size_t k = c->a > 8 ? 8 : (size_t)c->a, got = 0;
        for (size_t i = 0; i < 8; i++) {
            mpz_init(a[i]);
            mpz_init(b[i]);
            mpz_init(idx[i]);
        }
        mpz_init_set_str(from, POSITIONS[c->pos].x, 10);
        st = wy_eval_ppos(c->e, a, b, idx, k, &got, from, c->side, 0, NULL, err, errlen);
        if (st == WY_OK) {
            dg_u64(h, got);
            for (size_t i = 0; i < got && i < k; i++) {
                dg_mpz(h, a[i]);
                dg_mpz(h, b[i]);
                dg_mpz(h, idx[i]);
            }
        }
        for (size_t i = 0; i < 8; i++) {
            mpz_clear(a[i]);
            mpz_clear(b[i]);
            mpz_clear(idx[i]);
        }
        mpz_clear(from);
        break;
    }
    case K_EVAL_POS: {
        /* the small table, the table engine (one window for the last two),
         * a closed form; the row strips have walks of their own */
        static const xy list[] = {{"7", "6", ""},  {"3", "5", ""},   {"10", "20", ""},
                                  {"0", "0", ""},  {"12", "3", ""},  {"70", "90", ""},
                                  {"81", "66", ""}, {"1000000000000000000000000000000", "1600000000000000000000000000000", ""}};
        enum { NL = sizeof list / sizeof list[0] };
        wy_eval_item it[NL];
        for (size_t i = 0; i < NL; i++) {
            wy_eval_item_init(&it[i]);
            mpz_set_str(it[i].x, list[i].x, 10);
            mpz_set_str(it[i].y, list[i].y, 10);
        }
        size_t failed = SIZE_MAX;
        st = wy_eval_positions(c->e, it, NL, c->side, rp, &failed, err, errlen);
        if (st == WY_OK)
            for (size_t i = 0; i < NL; i++)
                dg_answer(h, &it[i].ans, 0);
        for (size_t i = 0; i < NL; i++)
            wy_eval_item_clear(&it[i]);
        break;
    }
    case K_EVAL_OPT: {
        mpz_t x, y;
        mpz_init_set_str(x, POSITIONS[c->pos].x, 10);
        mpz_init_set_str(y, POSITIONS[c->pos].y, 10);
        wy_options o;
        wy_options_init(&o);
        st = wy_eval_options(c->e, &o, x, y, c->side, rp, err, errlen);
        if (st == WY_OK) {
            dg_answer(h, &o.pos, 1);
            dg_u64(h, (uint64_t)o.complete);
            dg_u64(h, o.count);
            for (size_t i = 0; i < o.count; i++) {
                if (o.complete) {
                    dg_u64(h, (uint64_t)o.moves[i].kind);
                    dg_u64(h, o.moves[i].x);
                    dg_u64(h, o.moves[i].y);
                    dg_u64(h, o.moves[i].side.pass);
                    dg_u64(h, o.moves[i].side.heap);
                    dg_u64(h, o.values[i]);
                } else {
                    dg_u64(h, (uint64_t)o.wins[i].kind);
                    dg_mpz(h, o.wins[i].x);
                    dg_mpz(h, o.wins[i].y);
                    dg_u64(h, o.wins[i].side.pass);
                    dg_u64(h, o.wins[i].side.heap);
                }
            }
        }
        wy_options_clear(&o);
        mpz_clear(x);
        mpz_clear(y);
        break;
    }
    case K_PERIODS: {
        wy_row_periods p;
        memset(&p, 0, sizeof p);
        st = wy_row_periods_compute(&p, &c->rules, (uint32_t)c->a, c->b, 0, err, errlen);
        if (st == WY_OK) {
            uint64_t v[] = {p.rows, p.layers, p.y0, p.period, p.shift, p.cols_computed};
            for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
                dg_u64(h, v[i]);
            for (size_t i = 0; i < (size_t)p.rows * p.layers; i++) {
                dg_u64(h, p.row_pre[i]);
                dg_u64(h, p.row_period[i]);
            }
        }
        wy_row_periods_clear(&p);
        break;
    }
    case K_CMP_VALUES:
    case K_CMP_SET:
    case K_CMP_LIST: {
        /* Wythoff's P-positions in the window 0..15, and one that is not */
        static const wy_pos plist[] = {{0, 0}, {1, 2}, {2, 1}, {3, 5}, {4, 7}, {5, 3}, {6, 6}, {6, 10}, {7, 4}, {8, 13}, {10, 6}, {13, 8}};
        wy_compare_side A = {&c->rules, c->side, NULL, 0};
        wy_compare_side B = {&c->orules, c->oside, NULL, 0};
        if (c->k == K_CMP_LIST) {
            B.rules = NULL;
            B.side = (wy_side){0, 0};
            B.pos = plist;
            B.npos = sizeof plist / sizeof plist[0];
        }
        wy_compare_opts o;
        memset(&o, 0, sizeof o);
        o.mode = c->k == K_CMP_VALUES ? WY_COMPARE_VALUES : WY_COMPARE_SET;
        o.g = (uint32_t)c->g;
        o.rows = (uint32_t)c->a;
        o.cols = (uint32_t)c->b;
        o.engine = (wy_compare_engine)c->mode;
        wy_compare_summary s;
        memset(&s, 0, sizeof s);
        st = wy_compare(&s, &A, &B, &o, rp, cmp_fn, h, err, errlen);
        if (st == WY_OK)
            dg_summary(h, &s);
        break;
    }
    case K_PLOT: {
        wy_plot_spec sp;
        memset(&sp, 0, sizeof sp);
        sp.style = (wy_plot_style)c->mode;
        sp.format = (wy_plot_format)c->g;
        sp.rows = sp.cols = (uint32_t)c->a;
        sp.ngames = 1;
        sp.games[0].rules = &c->rules;
        sp.games[0].side = c->side;
        if (c->other) {
            sp.ngames = 2;
            sp.games[1].rules = &c->orules;
            sp.games[1].side = c->oside;
        }
        st = wy_plot(&sp, rp, write_fn, h, err, errlen);
        break;
    }
    case K_CLAIM: {
        long i = wy_claim_find(c->id);
        if (i < 0) {
            snprintf(err, errlen, "no claim %s", c->id);
            return WY_EINVAL;
        }
        wy_claim_result res;
        memset(&res, 0, sizeof res);
        st = wy_claim_check((size_t)i, c->a, 0, rp, &res, err, errlen);
        if (st == WY_OK) {
            dg_u64(h, (uint64_t)res.verdict);
            dg_u64(h, res.limit);
            dg_str(h, res.range);
            dg_str(h, res.detail);
        }
        break;
    }
    case K_MMAP_TABLE: {
        wy_table *t = NULL;
        wy_run r = {c->threads ? c->threads : 1, stop_fn, NULL, 0};
        st = wy_table_compute_run(&t, &c->rules, (uint32_t)c->a, (uint32_t)c->b, c->side, 0, WY_LAYOUT_AUTO, &r,
                                  err, errlen);
        if (t)
            dg_str(h, "a table returned with a failure");
        wy_table_free(t);
        break;
    }
    case K_MMAP_STREAM: {
        wy_run r = {c->threads ? c->threads : 1, stop_fn, NULL, 0};
        st = wy_table_stream(&c->rules, (uint32_t)c->a, (uint32_t)c->b, c->side, 0, &r, row_fn, h, err, errlen);
        break;
    }
    case K_MMAP_LAYER: {
        wy_run r = {1, stop_fn, NULL, 0};
        st = wy_layer_scan(&c->rules, c->side, c->g, c->a, 0, NULL, NULL, NULL, &r, err, errlen);
        break;
    }
    }
    return st;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

static const char *st_name(wy_status st)
{
    switch (st) {
    case WY_OK: return "WY_OK";
    case WY_EDIFF: return "WY_EDIFF";
    case WY_EINVAL: return "WY_EINVAL";
    case WY_ERANGE: return "WY_ERANGE";
    case WY_EINTERNAL: return "WY_EINTERNAL";
    case WY_ECANCELED: return "WY_ECANCELED";
    case WY_EUNDECIDED: return "WY_EUNDECIDED";
    }
    return "(not a wy_status)";
}

typedef struct {
    const wcase *c;
    unsigned long shown, failed;
} report;

static void fail(report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void fail(report *r, const char *fmt, ...)
{
    r->failed++;
    if (r->shown >= SHOW)
        return;
    r->shown++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL %s: ", r->c->name);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

static int is_exact_call(kind k)
{
    return k == K_EXACT_EVAL || k == K_EXACT_WIN || k == K_EXACT_PPOS || k == K_EVAL || k == K_EVAL_POS ||
           k == K_EVAL_OPT;
}

/* The walk of one call.  Returns 0 when it passed. */
static int walk(wcase *c)
{
    report r = {c, 0, 0};
    char err[WY_ERRLEN];
    int big = c->k == K_MMAP_TABLE || c->k == K_MMAP_STREAM || c->k == K_MMAP_LAYER;
    fault_kinds(FAULT_ALL);

    /* the unarmed run */
    long live0 = fault_live(), maps0 = fault_live_maps();
    err[0] = '\0';
    wy_status st0 = setup(c, err, sizeof err);
    if (st0 != WY_OK) {
        fail(&r, "setup: %s: %s", st_name(st0), err);
        teardown(c);
        return 1;
    }
    uint64_t ref = 0;
    fault_arm(0);
    err[0] = '\0';
    st0 = call(c, &ref, err, sizeof err);
    unsigned long total = fault_count();
    teardown(c);
    wy_status expect = big ? WY_ECANCELED : WY_OK;
    if (st0 != expect) {
        fail(&r, "unarmed: %s, expected %s: %s", st_name(st0), st_name(expect), err);
        return 1;
    }
    if (fault_live() != live0 || fault_live_maps() != maps0) {
        fail(&r, "unarmed: %ld blocks and %ld mappings not released", fault_live() - live0,
             fault_live_maps() - maps0);
        return 1;
    }

    unsigned long n, failed = 0, recovered = 0;
    char rec_what[128] = "";
    for (n = 1;; n++) {
        if (n > MAX_POINTS) {
            fail(&r, "still firing at N = %lu", n);
            break;
        }
        live0 = fault_live();
        maps0 = fault_live_maps();
        err[0] = '\0';
        wy_status st = setup(c, err, sizeof err);
        if (st != WY_OK) {
            fail(&r, "N = %lu: setup: %s: %s", n, st_name(st), err);
            teardown(c);
            break;
        }
        uint64_t d = 0;
        err[0] = '\0';
        fault_arm(n);
        st = call(c, &d, err, sizeof err);
        int fired = fault_fired();
        const char *what = fault_fired_what();
        fault_arm(0);
        if (verbose)
            printf("  %s N=%lu %s -> %s %s\n", c->name, n, fired ? what : "(none)", st_name(st), err);
        if (!fired) {
            if (st != st0 || d != ref)
                fail(&r, "N = %lu (nothing failed): %s and a result %s the unarmed run's (%s)", n, st_name(st),
                     d == ref ? "equal to" : "different from", err);
        } else if (st == st0 && d == ref) {
            /* recovered: the same status and result */
            recovered++;
            if (is_exact_call(c->k)) {
                /* and the evaluator still answers as an unarmed one */
                uint64_t d2 = 0;
                err[0] = '\0';
                wy_status st2 = call(c, &d2, err, sizeof err);
                if (st2 != st0 || d2 != ref)
                    fail(&r,
                         "N = %lu (%s failed, recovered): the same call again on the same evaluator gives %s and a "
                         "result %s the unarmed run's (%s)",
                         n, what, st_name(st2), d2 == ref ? "equal to" : "different from", err);
            }
            if (!strstr(rec_what, what) && strlen(rec_what) + strlen(what) + 2 < sizeof rec_what)
                snprintf(rec_what + strlen(rec_what), sizeof rec_what - strlen(rec_what), "%s%s",
                         rec_what[0] ? " " : "", what);
        } else if (st == st0) {
            fail(&r, "N = %lu (%s failed): %s but a result different from the unarmed run's", n, what,
                 st_name(st));
        } else {
            failed++;
            if (st != WY_ERANGE)
                fail(&r, "N = %lu (%s failed): %s, expected WY_ERANGE (message: '%s')", n, what, st_name(st), err);
            else if (!err[0])
                fail(&r, "N = %lu (%s failed): %s without a message", n, what, st_name(st));
            if (is_exact_call(c->k)) {
                /* the evaluator after the failure: the same call, unarmed */
                uint64_t d2 = 0;
                err[0] = '\0';
                wy_status st2 = call(c, &d2, err, sizeof err);
                if (st2 != st0 || d2 != ref)
                    fail(&r,
                         "N = %lu (%s failed): the same call again on the same evaluator gives %s and a result "
                         "%s the unarmed run's (%s)",
                         n, what, st_name(st2), d2 == ref ? "equal to" : "different from", err);
            }
        }
        teardown(c);
        long lb = fault_live() - live0, lm = fault_live_maps() - maps0;
        if (lb || lm)
            fail(&r, "N = %lu (%s failed, %s): %ld blocks and %ld mappings not released", n,
                 fired ? what : "nothing", st_name(st), lb, lm);
        if (!fired)
            break;
        if (r.failed && !keep_going) {
            printf("  %s: the walk stops at its first failure (WY_FAIL_KEEP_GOING=1 walks on)\n", c->name);
            break;
        }
    }
    if (keep_going && r.failed > r.shown)
        printf("FAIL %s: %lu failures in all (the first %lu shown)\n", c->name, r.failed, r.shown);
    if (!r.failed) {
        printf("PASS %s: %lu allocation points (%lu calls unarmed), %lu failed with WY_ERANGE", c->name, n - 1, total,
               failed);
        if (recovered)
            printf(", %lu recovered (%s)", recovered, rec_what);
        printf("\n");
    }
    fflush(stdout);
    return r.failed != 0;
}

/* Run a walk in a child process: a crash or a sanitizer's report (a leak
 * at exit) is that walk's failure. */
static int walk_isolated(wcase *c)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) /* no process to spare: in this one */
        return walk(c);
    if (pid == 0)
        exit(walk(c));
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR) {
            printf("FAIL %s: waitpid: %s\n", c->name, strerror(errno));
            return 1;
        }
    if (WIFEXITED(ws) && WEXITSTATUS(ws) <= 1)
        return WEXITSTATUS(ws);
    if (WIFSIGNALED(ws))
        printf("FAIL %s: crashed with signal %d (see the report above)\n", c->name, WTERMSIG(ws));
    else
        printf("FAIL %s: exited with status %d (a sanitizer's report above)\n", c->name, WEXITSTATUS(ws));
    fflush(stdout);
    return 1;
}

/* ------------------------------------------------------------------ */
/* The list                                                            */
/* ------------------------------------------------------------------ */

static const char *const RULESETS[] = {"wythoff",        "wythoff+pass",        "wythoff+max=3",
                                       "wythoff+mod=3",  "nim+pass+heap=2",     "wythoff+terminal=2+misere"};
#define NRULESETS (sizeof RULESETS / sizeof RULESETS[0])

static int layer_ok(const wy_rules *r)
{
    return wy_layer_supported(r, NULL, 0) == WY_OK;
}

/* A mem_limit of wy_table_stream_estimate (the ring's need) leaves no
 * room for the whole table. */
static int ring_forced(const wy_rules *r, uint32_t rows, uint32_t cols, unsigned threads)
{
    wy_side s = wy_side_start(r);
    return wy_table_estimate(r, rows, cols, s) > wy_table_stream_estimate(r, rows, cols, s, threads);
}

static const char *only;
static int failures, walks;

static void run_case(wcase *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void run_case(wcase *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->name, sizeof c->name, fmt, ap);
    va_end(ap);
    if (only && !strstr(c->name, only))
        return;
    char err[WY_ERRLEN];
    if (wy_rules_parse(&c->rules, c->rules_text, err, sizeof err) != WY_OK) {
        printf("FAIL %s: %s\n", c->name, err);
        failures++;
        return;
    }
    c->side = wy_side_start(&c->rules);
    if (c->other) {
        if (wy_rules_parse(&c->orules, c->other, err, sizeof err) != WY_OK) {
            printf("FAIL %s: %s\n", c->name, err);
            failures++;
            return;
        }
        c->oside = wy_side_start(&c->orules);
    }
    walks++;
    double t0 = now_s();
    failures += walk_isolated(c);
    if (times)
        printf("  time %.3f s %s\n", now_s() - t0, c->name);
}

static wcase mk(kind k, const char *rules)
{
    wcase c;
    memset(&c, 0, sizeof c);
    c.k = k;
    c.rules_text = rules;
    return c;
}

/* The walks of the exact engine and wy_eval on position p, for the calls
 * that the unarmed evaluator answers. */
static void exact_walks(const char *rs, const wy_rules *r, size_t p)
{
    wcase c;
    wy_exact *e = NULL;
    mpz_t x, y;
    mpz_init_set_str(x, POSITIONS[p].x, 10);
    mpz_init_set_str(y, POSITIONS[p].y, 10);
    wy_answer a;
    wy_answer_init(&a);
    wy_side s = wy_side_start(r);
    int ok_exact = 0, ok_eval = 0, ok_win = 0, ok_opt = 0;
    if (wy_exact_new(&e, r, 0, NULL, 0) == WY_OK) {
        ok_exact = wy_exact_eval(e, &a, x, y, s, NULL, 0) == WY_OK;
        ok_eval = wy_eval(e, &a, x, y, s, NULL, NULL, 0) == WY_OK;
        wy_bigmove *m = NULL;
        size_t nm = 0;
        const char *meth;
        ok_win = wy_exact_winning(e, &m, &nm, &meth, x, y, s, NULL, 0) == WY_OK;
        if (m)
            wy_bigmoves_free(m, nm);
        wy_options o;
        wy_options_init(&o);
        ok_opt = wy_eval_options(e, &o, x, y, s, NULL, NULL, 0) == WY_OK;
        wy_options_clear(&o);
    }
    wy_exact_free(e);
    wy_answer_clear(&a);
    mpz_clear(x);
    mpz_clear(y);
    const char *where = POSITIONS[p].label;
    if (ok_exact) {
        c = mk(K_EXACT_EVAL, rs), c.pos = p;
        run_case(&c, "wy_exact_eval %s %s", rs, where);
    }
    if (ok_win) {
        c = mk(K_EXACT_WIN, rs), c.pos = p;
        run_case(&c, "wy_exact_winning %s %s", rs, where);
    }
    if (ok_eval) {
        c = mk(K_EVAL, rs), c.pos = p;
        run_case(&c, "wy_eval %s %s", rs, where);
    }
    if (ok_opt) {
        c = mk(K_EVAL_OPT, rs), c.pos = p;
        run_case(&c, "wy_eval_options %s %s", rs, where);
    }
}

/* wy_eval_positions, when the unarmed evaluator answers. */
static void eval_positions_walk(const char *rs, const wy_rules *r)
{
    wcase t = mk(K_EVAL_POS, rs);
    uint64_t h = 0;
    t.rules = *r;
    t.side = wy_side_start(r);
    int ok = setup(&t, NULL, 0) == WY_OK && call(&t, &h, NULL, 0) == WY_OK;
    teardown(&t);
    if (ok)
        run_case(&t, "wy_eval_positions %s (8 positions)", rs);
}

int main(void)
{
    verbose = getenv("WY_FAIL_VERBOSE") && strcmp(getenv("WY_FAIL_VERBOSE"), "1") == 0;
    keep_going = getenv("WY_FAIL_KEEP_GOING") && strcmp(getenv("WY_FAIL_KEEP_GOING"), "1") == 0;
    times = getenv("WY_FAIL_TIMES") && strcmp(getenv("WY_FAIL_TIMES"), "1") == 0;
    only = getenv("WY_FAIL_ONLY");
    if (only && !*only)
        only = NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);

    for (size_t i = 0; i < NRULESETS; i++) {
        const char *rs = RULESETS[i];
        wy_rules r;
        if (wy_rules_parse(&r, rs, NULL, 0) != WY_OK) {
            printf("FAIL parse %s\n", rs);
            failures++;
            continue;
        }
        wcase c;

        /* the table engine */
        c = mk(K_TABLE, rs), c.a = 12, c.b = 9;
        run_case(&c, "wy_table_compute_run %s 12x9", rs);
        c = mk(K_TABLE, rs), c.a = 40, c.b = 70, c.threads = 2;
        run_case(&c, "wy_table_compute_run %s 40x70 threads=2", rs);
        c = mk(K_STREAM, rs), c.a = 10, c.b = 14, c.mode = S_WHOLE;
        run_case(&c, "wy_table_stream %s 10x14 whole table", rs);
        c = mk(K_STREAM, rs), c.a = 14, c.b = 9, c.mode = S_TRANSPOSED;
        run_case(&c, "wy_table_stream %s 14x9 transposed", rs);
        /* a ring of rows, forced by a mem_limit that the whole table exceeds
         * (not possible where the whole table is the smaller: max=N's
         * sparse layout) */
        if (ring_forced(&r, 20, 24, 1)) {
            c = mk(K_STREAM, rs), c.a = 20, c.b = 24, c.mode = S_RING;
            run_case(&c, "wy_table_stream %s 20x24 ring", rs);
        }
        if (ring_forced(&r, 70, 80, 2)) {
            c = mk(K_STREAM, rs), c.a = 70, c.b = 80, c.mode = S_RING, c.threads = 2;
            run_case(&c, "wy_table_stream %s 70x80 ring threads=2", rs);
        }

        /* the layer engine */
        if (layer_ok(&r)) {
            c = mk(K_LAYER_SCAN, rs), c.g = 0, c.a = 50;
            run_case(&c, "wy_layer_scan %s g=0 size 50", rs);
            c = mk(K_LAYER_SCAN, rs), c.g = 3, c.a = 30;
            run_case(&c, "wy_layer_scan %s g=3 size 30", rs);
            c = mk(K_LAYER_POS, rs), c.g = 1, c.a = 30, c.b = 20;
            run_case(&c, "wy_layer_positions %s g=1 30x20", rs);
            c = mk(K_LAYER_POS, rs), c.g = 0, c.a = 25, c.b = 25;
            run_case(&c, "wy_layer_positions %s g=0 25x25", rs);
            c = mk(K_LAYER_COUNT, rs), c.g = 2, c.a = 40, c.b = 33;
            run_case(&c, "wy_layer_count %s g=2 40x33", rs);
        }

        /* the exact engine and wy_eval */
        c = mk(K_EXACT_NEW, rs);
        run_case(&c, "wy_exact_new %s", rs);
        for (size_t p = 0; p < NPOSITIONS; p++)
            /* (70, 90) of max=3: no certificate of periodicity exists, and
             * each N searches for one (0.2 s); max=2 below has one.  (2,
             * 10^30) of max=3: each N proves a strip of bounded rows again
             * (0.3 s); wythoff's rows stand for the strips */
            if (!(r.max == 3 && (p == 1 || p == 2)) && (p != 4 || (layer_ok(&r) && !r.heap)))
                exact_walks(rs, &r, p); /* (40000, 64721): the layer engine's rulesets without a heap (with one, each point scans many value layers) */
        for (int q = 0; q < 2; q++) { /* from 7 (pos 0), from 10^30 (pos 3): where the unarmed call answers */
            wy_exact *e = NULL;
            int ok = 0;
            if (wy_exact_new(&e, &r, 0, NULL, 0) == WY_OK) {
                mpz_t a[4], b[4], from;
                for (int j = 0; j < 4; j++)
                    mpz_init(a[j]), mpz_init(b[j]);
                mpz_init_set_str(from, POSITIONS[q ? 3 : 0].x, 10);
                size_t got;
                ok = wy_eval_ppos(e, a, b, NULL, 3, &got, from, wy_side_start(&r), 0, NULL, NULL, 0) == WY_OK;
                for (int j = 0; j < 4; j++)
                    mpz_clear(a[j]), mpz_clear(b[j]);
                mpz_clear(from);
            }
            wy_exact_free(e);
            if (ok && !q) {
                c = mk(K_EXACT_PPOS, rs), c.pos = 0, c.a = 6;
                run_case(&c, "wy_eval_ppos %s from 7, 6 terms", rs);
            } else if (ok && r.max != 3) { /* max=3: a certificate search per allocation point (0.3 s) */
                c = mk(K_EXACT_PPOS, rs), c.pos = 3, c.a = 3;
                run_case(&c, "wy_eval_ppos %s from 10^30, 3 terms", rs);
            }
        }
        if (r.max != 3) /* as above: (70, 90) */
            eval_positions_walk(rs, &r);

        /* row periods */
        if (!r.heap && !r.mod) {
            c = mk(K_PERIODS, rs), c.a = 3, c.b = 4096;
            run_case(&c, "wy_row_periods_compute %s 3 rows", rs);
        }

        /* comparisons */
        c = mk(K_CMP_VALUES, rs), c.other = "wythoff", c.a = 16, c.b = 20;
        run_case(&c, "wy_compare values %s vs wythoff 16x20", rs);
        c = mk(K_CMP_SET, rs), c.other = "wythoff+pass", c.a = 30, c.b = 30, c.mode = WY_COMPARE_TABLE;
        run_case(&c, "wy_compare set table %s vs wythoff+pass 30x30", rs);
        if (layer_ok(&r)) {
            c = mk(K_CMP_SET, rs), c.other = "wythoff+pass", c.a = 40, c.b = 30, c.mode = WY_COMPARE_LAYER;
            run_case(&c, "wy_compare set layer %s vs wythoff+pass 40x30", rs);
            c = mk(K_CMP_SET, rs), c.other = "wythoff", c.a = 30, c.b = 30, c.g = 1, c.mode = WY_COMPARE_AUTO;
            run_case(&c, "wy_compare set auto %s vs wythoff value 1 30x30", rs);
        }
        c = mk(K_CMP_LIST, rs), c.a = 16, c.b = 16, c.mode = WY_COMPARE_AUTO;
        run_case(&c, "wy_compare list %s vs 12 positions 16x16", rs);
        if (layer_ok(&r)) {
            c = mk(K_CMP_LIST, rs), c.a = 16, c.b = 16, c.mode = WY_COMPARE_LAYER;
            run_case(&c, "wy_compare list layer %s vs 12 positions 16x16", rs);
        }

        /* pictures: every style and format for two rulesets (the dots of
         * the layer engine and of the table engine), two for the others */
        int all_plots = i == 0 || strcmp(rs, "wythoff+max=3") == 0;
        for (unsigned f = 0; f < 2; f++) {
            const char *fn = f ? "svg" : "png";
            if (all_plots || f == 0) {
                c = mk(K_PLOT, rs), c.mode = WY_PLOT_HEATMAP, c.g = f, c.a = 20;
                run_case(&c, "wy_plot %s heatmap %s 20", rs, fn);
            }
            if (all_plots || f == 1) {
                c = mk(K_PLOT, rs), c.mode = WY_PLOT_PPOS, c.g = f, c.a = 30, c.other = "wythoff";
                run_case(&c, "wy_plot %s ppos+wythoff %s 30", rs, fn);
            }
            if (all_plots) {
                c = mk(K_PLOT, rs), c.mode = WY_PLOT_TABLE, c.g = f, c.a = 6;
                run_case(&c, "wy_plot %s table %s 6", rs, fn);
            }
        }
    }

    /* a value by the periodicity certificate of max=N (docs/exact.md) */
    {
        wy_rules r;
        if (wy_rules_parse(&r, "wythoff+max=2", NULL, 0) == WY_OK) {
            exact_walks("wythoff+max=2", &r, 1);
            eval_positions_walk("wythoff+max=2", &r);
        }
    }

    /* claims */
    static const struct {
        const char *id;
        uint64_t limit;
    } claims[] = {{"000.thm1", 24}, {"000.thm2", 1000}, {"000.thm3", 500}, {"000.lem1.ii", 0},
                  {"000.fig4", 0},  {"000.thm4", 40},   {"001.thm1", 40},  {"002.thm1.1", 40},
                  {"003.rows", 16}, {"003.bound", 16},  {"002.lem2.2", 16}, {"004.table1", 0}};
    for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
        wcase c = mk(K_CLAIM, "wythoff");
        c.id = claims[i].id;
        c.a = claims[i].limit;
        run_case(&c, "wy_claim_check %s limit %llu", c.id, (unsigned long long)c.a);
    }

    /* the blocks that come from mmap (16 MiB and more), every run stopped
     * at its first progress call */
    {
        wcase c = mk(K_MMAP_TABLE, "wythoff");
        c.a = 4096, c.b = 4096, c.threads = 2;
        run_case(&c, "big blocks wy_table_compute_run wythoff 4096x4096 threads=2");
        c = mk(K_MMAP_STREAM, "wythoff");
        c.a = 4096, c.b = 4096;
        run_case(&c, "big blocks wy_table_stream wythoff 4096x4096");
        c = mk(K_MMAP_LAYER, "wythoff");
        c.g = 63, c.a = (uint64_t)1 << 20;
        run_case(&c, "big blocks wy_layer_scan wythoff g=63 size 2^20");
    }

    if (only && !walks) {
        printf("FAIL no walk matches WY_FAIL_ONLY='%s'\n", only);
        return 1;
    }
    return failures ? 1 : 0;
}
