/* compare.c - two games, or a game and a set of positions, compared on a
 * window (include/wythoff_compare.h).
 *
 * Strategies, chosen by the plan:
 *  UPPER   both rulesets by the layer engine (set mode): A's positions of
 *          value g with x <= y are kept, B's scan is merged with them as it
 *          reports its own, the differences of the triangle x <= y are kept
 *          and listed with their mirror images (every ruleset is symmetric
 *          in x and y: docs/rules.md, "Moves": the column and row moves have
 *          the same bounds, diagonal and modular moves take a from the first
 *          heap and b from the second exactly when they may take b and a,
 *          terminal=K is x + y <= K, pass and heap do not look at x and y).
 *          Memory: the layer engine's bits plus 8 bytes per position of A.
 *  LISTS   a ruleset by the layer engine against a set of positions: the
 *          ruleset's whole list (both triangles) is built and merged.
 *  STREAM  one ruleset by the table engine, written row by row
 *          (wy_table_stream), against the other side kept in memory: a
 *          table (wy_table_compute_run), a list built by the layer engine,
 *          or the set of positions.
 */
#include "internal.h"
#include "positions.h"
#include "wythoff_compare.h"
#include "wythoff_layer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_UPPER = 1, S_LISTS, S_STREAM };

/* UPPER keeps the differences with x <= y (12 bytes each) and then their
 * mirror images: the plan counts room for this many of them; more may use
 * whatever the memory limit leaves. */
#define DIFF_ROOM ((uint64_t)1 << 16)

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* What is left of a memory limit (0: none) once `used` bytes are taken; never
 * 0, which would mean "no limit" to an engine. */
static uint64_t left(uint64_t limit, uint64_t used)
{
    if (!limit)
        return 0;
    return limit > used ? limit - used : 1;
}

static int pos_less(wy_pos a, wy_pos b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

static int pos_eq(wy_pos a, wy_pos b) { return a.x == b.x && a.y == b.y; }

/* ------------------------------------------------------------------ */
/* The plan                                                            */
/* ------------------------------------------------------------------ */

static uint64_t table_hold_bytes(const wy_compare_side *s, const wy_compare_opts *o)
{
    return wy_table_estimate(s->rules, o->rows, o->cols, s->side);
}

static uint64_t table_stream_bytes(const wy_compare_side *s, const wy_compare_opts *o, unsigned threads)
{
    return wy_table_stream_estimate(s->rules, o->rows, o->cols, s->side, threads ? threads : 1);
}

static int strategy(const wy_compare_plan *p)
{
    if (p->engine_a == WY_COMPARE_LAYER && p->engine_b == WY_COMPARE_LAYER)
        return S_UPPER;
    if (p->engine_a != WY_COMPARE_TABLE && p->engine_b != WY_COMPARE_TABLE)
        return S_LISTS;
    return S_STREAM;
}

static const char *side_name(const wy_compare_side *s, const char *which, char *buf, size_t n)
{
    char r[160];
    wy_rules_format(r, sizeof r, s->rules);
    snprintf(buf, n, "%s ('%s')", which, r);
    return buf;
}

/* The plan, with gb the value of B's positions in set mode; *hold_b (when
 * hold_b is not NULL): with tables on both sides, whether B is kept in
 * memory and A written row by row (else the reverse). */
static wy_status plan_make(wy_compare_plan *plan, int *hold_b, const wy_compare_side *a, const wy_compare_side *b,
                           const wy_compare_opts *opt, uint32_t gb, unsigned threads, char *err, size_t errlen)
{
    memset(plan, 0, sizeof *plan);
    if (hold_b)
        *hold_b = 0;
    if (!a || !b || !opt)
        return wyi_fail(WY_EINVAL, err, errlen, "missing side or options");
    if (opt->rows == 0 || opt->cols == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "empty window (%u rows, %u columns)", opt->rows, opt->cols);
    if (opt->mode != WY_COMPARE_VALUES && opt->mode != WY_COMPARE_SET)
        return wyi_fail(WY_EINVAL, err, errlen, "unknown comparison mode %d", (int)opt->mode);
    if (!a->rules)
        return wyi_fail(WY_EINVAL, err, errlen, "side A must be a ruleset (a set of positions can only be side B)");
    if (!b->rules && opt->mode != WY_COMPARE_SET)
        return wyi_fail(WY_EINVAL, err, errlen, "a set of positions is compared by membership (set mode), not by values");
    if (!b->rules && b->npos && !b->pos)
        return wyi_fail(WY_EINVAL, err, errlen, "side B: %zu positions but no array", b->npos);
    wy_status st = wy_side_check(a->rules, a->side, err, errlen);
    if (st != WY_OK)
        return st;
    if (b->rules && (st = wy_side_check(b->rules, b->side, err, errlen)) != WY_OK)
        return st;
    const wy_compare_side *sides[2] = {a, b};
    wy_compare_engine eng[2];
    char nb[200];
    const uint64_t size = max64(opt->rows, opt->cols);
    const uint64_t cells = (uint64_t)opt->rows * opt->cols;
    for (int i = 0; i < 2; i++) {
        const wy_compare_side *s = sides[i];
        if (!s->rules) {
            eng[i] = WY_COMPARE_LIST;
            continue;
        }
        char why[WY_ERRLEN];
        int layered = opt->mode == WY_COMPARE_SET && wy_layer_supported(s->rules, why, sizeof why) == WY_OK;
        switch (opt->engine) {
        case WY_COMPARE_TABLE:
            eng[i] = WY_COMPARE_TABLE;
            break;
        case WY_COMPARE_LAYER:
            if (opt->mode != WY_COMPARE_SET)
                return wyi_fail(WY_EINVAL, err, errlen,
                                "the layer engine finds the positions of one value; comparing values needs tables");
            if (!layered)
                return wyi_fail(WY_EINVAL, err, errlen, "the layer engine does not cover %s: %s",
                                side_name(s, i ? "B" : "A", nb, sizeof nb), why);
            eng[i] = WY_COMPARE_LAYER;
            break;
        case WY_COMPARE_AUTO:
            eng[i] = layered ? WY_COMPARE_LAYER : WY_COMPARE_TABLE;
            /* against a set of positions, a small window by the table engine:
             * the callback then gets the game's values */
            if (layered && !b->rules && cells <= ((uint64_t)1 << 26) &&
                (!opt->mem_limit || table_stream_bytes(s, opt, threads) <= opt->mem_limit))
                eng[i] = WY_COMPARE_TABLE;
            break;
        default:
            return wyi_fail(WY_EINVAL, err, errlen, "unknown engine %d (AUTO, TABLE or LAYER)", (int)opt->engine);
        }
    }
    plan->engine_a = eng[0];
    plan->engine_b = eng[1];
    switch (strategy(plan)) {
    case S_UPPER: {
        uint64_t la = wy_layer_estimate(a->rules, a->side, opt->g, size);
        uint64_t lb = wy_layer_estimate(b->rules, b->side, gb, size);
        plan->bytes = wyi_sat_add(max64(la, lb), wyi_sat_mul(8, wyi_upper_bound_positions(a->rules, size)));
        plan->bytes = wyi_sat_add(plan->bytes, DIFF_ROOM * 2 * 12);
        plan->work = wyi_sat_mul(2, size);
        break;
    }
    case S_LISTS: {
        const int ri = a->rules && eng[0] == WY_COMPARE_LAYER ? 0 : 1;
        const wy_compare_side *r = sides[ri];
        plan->bytes = wyi_sat_add(wy_layer_estimate(r->rules, r->side, ri ? gb : opt->g, size),
                                  wyi_full_list_bytes(r->rules, size));
        plan->work = size;
        break;
    }
    default: {
        /* one table written row by row against the other side in memory */
        if (eng[0] == WY_COMPARE_TABLE && eng[1] == WY_COMPARE_TABLE) {
            uint64_t keep_b = wyi_sat_add(table_hold_bytes(b, opt), table_stream_bytes(a, opt, threads));
            uint64_t keep_a = wyi_sat_add(table_hold_bytes(a, opt), table_stream_bytes(b, opt, threads));
            plan->bytes = keep_b < keep_a ? keep_b : keep_a;
            if (hold_b)
                *hold_b = keep_b < keep_a;
            plan->work = wyi_sat_mul(2, cells);
        } else {
            const int si = eng[0] == WY_COMPARE_TABLE ? 0 : 1; /* the streamed side */
            const wy_compare_side *s = sides[si], *h = sides[1 - si];
            uint64_t stream = table_stream_bytes(s, opt, threads);
            plan->work = cells;
            if (h->rules) { /* a list built by the layer engine, then kept (2/3 of it) */
                uint64_t fl = wyi_full_list_bytes(h->rules, size);
                uint64_t build = wyi_sat_add(wy_layer_estimate(h->rules, h->side, si ? opt->g : gb, size), fl);
                plan->bytes = max64(build, wyi_sat_add(fl / 3 * 2, stream));
                plan->work = wyi_sat_add(cells, size);
            } else {
                plan->bytes = stream;
            }
        }
        break;
    }
    }
    return WY_OK;
}

wy_status wy_compare_plan_make(wy_compare_plan *plan, const wy_compare_side *a, const wy_compare_side *b,
                               const wy_compare_opts *opt, unsigned threads, char *err, size_t errlen)
{
    return plan_make(plan, NULL, a, b, opt, opt ? opt->g : 0, threads, err, errlen);
}

static wy_status check_gb(wy_compare_plan *plan, const wy_compare_opts *opt, char *err, size_t errlen)
{
    if (plan)
        memset(plan, 0, sizeof *plan);
    if (opt && opt->mode != WY_COMPARE_SET)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "a value of its own for side B compares sets of positions (set mode), not values");
    return WY_OK;
}

wy_status wy_compare_plan_make_gb(wy_compare_plan *plan, const wy_compare_side *a, const wy_compare_side *b,
                                  const wy_compare_opts *opt, uint32_t g_b, unsigned threads, char *err,
                                  size_t errlen)
{
    wy_status st = check_gb(plan, opt, err, errlen);
    return st != WY_OK ? st : plan_make(plan, NULL, a, b, opt, g_b, threads, err, errlen);
}

/* ------------------------------------------------------------------ */
/* Reporting differences                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_compare_summary *sum;
    wy_compare_fn fn;
    void *ctx;
    wy_compare_mode mode;
    uint32_t g, gb; /* set mode: A's value, B's value */
    int stop;
} emitter;

static int emit(emitter *e, uint32_t x, uint32_t y, uint32_t va, uint32_t vb)
{
    wy_compare_summary *s = e->sum;
    wy_pos p = {x, y};
    if (s->count == 0) {
        s->min_x = s->max_x = x;
        s->min_y = s->max_y = y;
        s->first = s->nearest = p;
    } else {
        if (x < s->min_x)
            s->min_x = x;
        if (x > s->max_x)
            s->max_x = x;
        if (y < s->min_y)
            s->min_y = y;
        if (y > s->max_y)
            s->max_y = y;
        uint32_t m = x > y ? x : y, n = s->nearest.x > s->nearest.y ? s->nearest.x : s->nearest.y;
        if (m < n || (m == n && pos_less(p, s->nearest)))
            s->nearest = p;
    }
    s->last = p;
    s->count++;
    if (e->mode == WY_COMPARE_SET) {
        if (va == e->g)
            s->only_a++;
        else
            s->only_b++;
    }
    if (e->fn && e->fn(e->ctx, x, y, va, vb))
        e->stop = 1;
    return e->stop;
}

/* ------------------------------------------------------------------ */
/* Progress over several phases                                        */
/* ------------------------------------------------------------------ */

typedef struct {
    const wy_run *user;
    uint64_t base, span, total;
} phase;

/* done / total of this phase, in units of span (no overflow, no floats). */
static uint64_t scale(uint64_t done, uint64_t total, uint64_t span)
{
    if (!total)
        return 0;
    if (done >= total)
        return span;
    unsigned k = 0;
    while ((total >> k) >= ((uint64_t)1 << 40))
        k++;
    uint64_t t = total >> k ? total >> k : 1;
    uint64_t frac = (done >> k) * ((uint64_t)1 << 20) / t; /* < 2^20 */
    return span < ((uint64_t)1 << 43) ? span * frac >> 20 : (span >> 20) * frac;
}

static int phase_progress(void *ctx, uint64_t done, uint64_t total)
{
    phase *p = ctx;
    if (!p->user || !p->user->progress)
        return 0;
    return p->user->progress(p->user->progress_ctx, p->base + scale(done, total, p->span), p->total);
}

/* The run to hand an engine for a phase of `span` units. */
static wy_run phase_run(phase *ph, const wy_run *user, uint64_t base, uint64_t span, uint64_t total)
{
    wy_run r = {1, NULL, NULL, 0};
    if (user)
        r = *user;
    ph->user = user;
    ph->base = base;
    ph->span = span;
    ph->total = total;
    r.progress = phase_progress;
    r.progress_ctx = ph;
    return r;
}

/* ------------------------------------------------------------------ */
/* UPPER: two layer scans compared on the triangle x <= y               */
/* ------------------------------------------------------------------ */

typedef struct {
    uint32_t x, y;
    uint32_t in_a; /* of value g in A (else in B) */
} diff;

static int diff_cmp(const void *p, const void *q)
{
    const diff *a = p, *b = q;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return a->y < b->y ? -1 : a->y > b->y;
}

typedef struct {
    const wy_pos *a;
    size_t na, i;
    diff *d;
    size_t nd, cap;
    uint64_t maxbytes; /* 0: no limit */
    int nomem;
} upper_merge;

static int dpush(upper_merge *u, wy_pos p, int in_a)
{
    if (u->nd == u->cap) {
        size_t nc = u->cap ? u->cap * 2 : 1024;
        if (nc > SIZE_MAX / 2 / sizeof *u->d || (u->maxbytes && nc * sizeof *u->d > u->maxbytes)) {
            nc = u->maxbytes ? (size_t)(u->maxbytes / sizeof *u->d) : 0;
            if (nc <= u->cap) {
                u->nomem = 1;
                return 1;
            }
        }
        diff *q = realloc(u->d, nc * sizeof *q);
        if (!q) {
            u->nomem = 1;
            return 1;
        }
        u->d = q;
        u->cap = nc;
    }
    u->d[u->nd].x = p.x;
    u->d[u->nd].y = p.y;
    u->d[u->nd].in_a = (uint32_t)in_a;
    u->nd++;
    return 0;
}

/* B's scan, position by position, against A's list. */
static int merge_b(void *ctx, uint64_t x, uint64_t y)
{
    upper_merge *u = ctx;
    wy_pos p = {(uint32_t)x, (uint32_t)y};
    while (u->i < u->na && pos_less(u->a[u->i], p)) {
        if (dpush(u, u->a[u->i], 1))
            return 1;
        u->i++;
    }
    if (u->i < u->na && pos_eq(u->a[u->i], p)) {
        u->i++;
        return 0;
    }
    return dpush(u, p, 0);
}

static wy_status compare_upper(emitter *e, const wy_compare_side *a, const wy_compare_side *b,
                               const wy_compare_opts *o, const wy_compare_plan *pl, const wy_run *run, char *err,
                               size_t errlen)
{
    const uint64_t size = max64(o->rows, o->cols);
    const uint64_t list_bytes = wyi_sat_mul(8, wyi_upper_bound_positions(a->rules, size));
    const uint64_t limit = left(o->mem_limit, list_bytes);
    phase ph;
    wy_run r = phase_run(&ph, run, 0, size, pl->work);
    wyi_pos_vec va;
    wy_status st = wyi_layer_upper(&va, a->rules, a->side, o->g, size, limit, &r, err, errlen);
    if (st != WY_OK)
        return st;
    upper_merge u;
    memset(&u, 0, sizeof u);
    u.a = va.p;
    u.na = va.n;
    /* the differences may use what the plan left free; listing them in order
     * needs them twice (with their mirror images) */
    u.maxbytes = o->mem_limit ? (o->mem_limit - pl->bytes) / 2 + DIFF_ROOM * 12 : 0;
    r = phase_run(&ph, run, size, size, pl->work);
    st = wy_layer_scan(b->rules, b->side, e->gb, size, limit, merge_b, &u, NULL, &r, err, errlen);
    if (st == WY_OK) {
        while (u.i < u.na && !dpush(&u, u.a[u.i], 1))
            u.i++;
    }
    free(va.p);
    if (u.nomem) {
        free(u.d);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "more than %zu differences with x <= y: keeping them to list them in order needs more memory "
                        "than allowed",
                        u.nd);
    }
    if (st != WY_OK) {
        free(u.d);
        return st;
    }
    /* the differences with x <= y are sorted; their mirror images, sorted,
     * are merged in, and each is reported when it lies in the window */
    size_t nm = 0;
    for (size_t i = 0; i < u.nd; i++)
        nm += u.d[i].x != u.d[i].y;
    diff *m = malloc((nm ? nm : 1) * sizeof *m);
    if (!m) {
        free(u.d);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory sorting %zu differences", u.nd);
    }
    size_t k = 0;
    for (size_t i = 0; i < u.nd; i++)
        if (u.d[i].x != u.d[i].y) {
            m[k].x = u.d[i].y;
            m[k].y = u.d[i].x;
            m[k].in_a = u.d[i].in_a;
            k++;
        }
    qsort(m, nm, sizeof *m, diff_cmp);
    size_t i = 0, j = 0;
    while ((i < u.nd || j < nm) && !e->stop) {
        const diff *p;
        if (j == nm || (i < u.nd && diff_cmp(&u.d[i], &m[j]) < 0))
            p = &u.d[i++];
        else
            p = &m[j++];
        if (p->x < o->rows && p->y < o->cols)
            emit(e, p->x, p->y, p->in_a ? o->g : WY_COMPARE_OTHER, p->in_a ? WY_COMPARE_OTHER : e->gb);
    }
    free(m);
    free(u.d);
    if (e->stop)
        return wyi_fail(WY_ECANCELED, err, errlen, "comparison stopped by the caller");
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* LISTS: a ruleset's list against a set of positions                   */
/* ------------------------------------------------------------------ */

static int in_window(wy_pos p, const wy_compare_opts *o) { return p.x < o->rows && p.y < o->cols; }

static wy_status compare_lists(emitter *e, const wy_compare_side *a, const wy_compare_side *b,
                               const wy_compare_opts *o, const wy_compare_plan *pl, const wy_run *run, char *err,
                               size_t errlen)
{
    const uint64_t size = max64(o->rows, o->cols);
    const uint64_t limit = left(o->mem_limit, wyi_full_list_bytes(a->rules, size));
    phase ph;
    wy_run r = phase_run(&ph, run, 0, size, pl->work);
    wyi_pos_vec va;
    wy_status st = wyi_layer_full(&va, a->rules, a->side, o->g, o->rows, o->cols, limit, &r, err, errlen);
    if (st != WY_OK)
        return st;
    size_t i = 0, j = 0;
    while (!e->stop) {
        while (j < b->npos && !in_window(b->pos[j], o))
            j++;
        if (i == va.n && j == b->npos)
            break;
        if (j == b->npos || (i < va.n && pos_less(va.p[i], b->pos[j]))) {
            emit(e, va.p[i].x, va.p[i].y, o->g, WY_COMPARE_OTHER);
            i++;
        } else if (i == va.n || pos_less(b->pos[j], va.p[i])) {
            emit(e, b->pos[j].x, b->pos[j].y, WY_COMPARE_OTHER, e->gb);
            j++;
        } else {
            i++;
            j++;
        }
    }
    free(va.p);
    if (e->stop)
        return wyi_fail(WY_ECANCELED, err, errlen, "comparison stopped by the caller");
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* STREAM: one table row by row against the other side in memory        */
/* ------------------------------------------------------------------ */

typedef struct {
    emitter *e;
    int s_is_a;                /* the streamed table is A */
    uint32_t gs, gh;           /* set mode: the streamed side's value, the held side's */
    const wy_table *ht;        /* held table, or NULL */
    wy_side hside;
    uint32_t *hrow;
    const wy_pos *L;   /* held list (when ht is NULL) */
    size_t nL, j;
} stream_cmp;

static int report(stream_cmp *c, uint32_t x, uint32_t y, uint32_t sv, uint32_t hv)
{
    return c->s_is_a ? emit(c->e, x, y, sv, hv) : emit(c->e, x, y, hv, sv);
}

static int on_row(void *ctx, uint32_t x, const uint32_t *v, uint32_t cols)
{
    stream_cmp *c = ctx;
    emitter *e = c->e;
    const uint32_t gs = c->gs, gh = c->gh;
    if (c->ht) {
        wy_table_row(c->ht, x, c->hside, c->hrow);
        const uint32_t *h = c->hrow;
        if (e->mode == WY_COMPARE_VALUES) {
            for (uint32_t y = 0; y < cols; y++)
                if (v[y] != h[y] && report(c, x, y, v[y], h[y]))
                    return 1;
        } else {
            for (uint32_t y = 0; y < cols; y++)
                if ((v[y] == gs) != (h[y] == gh) && report(c, x, y, v[y], h[y]))
                    return 1;
        }
        return e->stop;
    }
    while (c->j < c->nL && c->L[c->j].x < x)
        c->j++;
    for (uint32_t y = 0; y < cols; y++) {
        int in = c->j < c->nL && c->L[c->j].x == x && c->L[c->j].y == y;
        c->j += (size_t)in;
        if ((v[y] == gs) != in && report(c, x, y, v[y], in ? gh : WY_COMPARE_OTHER))
            return 1;
    }
    return e->stop;
}

static wy_status compare_stream(emitter *e, const wy_compare_side *a, const wy_compare_side *b,
                                const wy_compare_opts *o, const wy_compare_plan *pl, int hold_b, const wy_run *run,
                                char *err, size_t errlen)
{
    const uint64_t size = max64(o->rows, o->cols);
    const uint64_t cells = (uint64_t)o->rows * o->cols;
    const unsigned threads = run && run->threads ? run->threads : 1;
    int s_is_a;
    if (pl->engine_a == WY_COMPARE_TABLE && pl->engine_b == WY_COMPARE_TABLE)
        s_is_a = hold_b;
    else
        s_is_a = pl->engine_a == WY_COMPARE_TABLE;
    const wy_compare_side *s = s_is_a ? a : b, *h = s_is_a ? b : a;
    stream_cmp c;
    memset(&c, 0, sizeof c);
    c.e = e;
    c.s_is_a = s_is_a;
    c.gs = s_is_a ? e->g : e->gb;
    c.gh = s_is_a ? e->gb : e->g;
    wy_table *t = NULL;
    wyi_pos_vec hv;
    memset(&hv, 0, sizeof hv);
    phase ph;
    uint64_t base = 0, held = 0;
    wy_status st = WY_OK;
    const uint64_t sbytes = wy_table_stream_estimate(s->rules, o->rows, o->cols, s->side, threads);
    if (h->rules && (pl->engine_a == WY_COMPARE_LAYER || pl->engine_b == WY_COMPARE_LAYER)) {
        const uint64_t fl = wyi_full_list_bytes(h->rules, size);
        wy_run r = phase_run(&ph, run, 0, size, pl->work);
        st = wyi_layer_full(&hv, h->rules, h->side, c.gh, o->rows, o->cols, left(o->mem_limit, fl), &r, err, errlen);
        c.L = hv.p;
        c.nL = hv.n;
        base = size;
        held = wyi_sat_mul(hv.n, sizeof *hv.p);
    } else if (h->rules) {
        wy_run r = phase_run(&ph, run, 0, cells, pl->work);
        held = wy_table_estimate(h->rules, o->rows, o->cols, h->side);
        st = wy_table_compute_run(&t, h->rules, o->rows, o->cols, h->side,
                                  left(o->mem_limit, sbytes), WY_LAYOUT_AUTO, &r, err, errlen);
        c.ht = t;
        c.hside = h->side;
        base = cells;
        if (st == WY_OK && !(c.hrow = malloc((size_t)o->cols * sizeof *c.hrow)))
            st = wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    } else {
        c.L = h->pos;
        c.nL = h->npos;
    }
    if (st == WY_OK) {
        wy_run r = phase_run(&ph, run, base, cells, pl->work);
        st = wy_table_stream(s->rules, o->rows, o->cols, s->side, left(o->mem_limit, held), &r, on_row, &c, err, errlen);
    }
    free(c.hrow);
    wy_table_free(t);
    free(hv.p);
    return st;
}

/* ------------------------------------------------------------------ */

static const char *engine_word(wy_compare_engine e)
{
    return e == WY_COMPARE_TABLE ? "the table engine" : e == WY_COMPARE_LAYER ? "the layer engine" : "a list";
}

static wy_status compare(wy_compare_summary *sum, const wy_compare_side *a, const wy_compare_side *b,
                         const wy_compare_opts *opt, uint32_t gb, const wy_run *run, wy_compare_fn fn, void *ctx,
                         char *err, size_t errlen)
{
    wy_compare_plan pl;
    int hold_b;
    wy_status st = plan_make(&pl, &hold_b, a, b, opt, gb, run ? run->threads : 1, err, errlen);
    if (st != WY_OK)
        return st;
    sum->compared = (uint64_t)opt->rows * opt->cols;
    sum->engine_a = pl.engine_a;
    sum->engine_b = pl.engine_b;
    if (!b->rules)
        for (size_t i = 1; i < b->npos; i++)
            if (!pos_less(b->pos[i - 1], b->pos[i]))
                return wyi_fail(WY_EINVAL, err, errlen,
                                "the positions of side B are not sorted by x then y without repeats: (%u, %u) "
                                "follows (%u, %u)",
                                b->pos[i].x, b->pos[i].y, b->pos[i - 1].x, b->pos[i - 1].y);
    if (opt->mem_limit && pl.bytes > opt->mem_limit) {
        char ra[160], rb[160] = "the positions given", need[32], lim[32];
        wy_rules_format(ra, sizeof ra, a->rules);
        if (b->rules)
            wy_rules_format(rb, sizeof rb, b->rules);
        wy_format_bytes(need, sizeof need, pl.bytes);
        wy_format_bytes(lim, sizeof lim, opt->mem_limit);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "comparing '%s' (by %s) with '%s' (by %s) in a %u x %u window needs about %s, more than the "
                        "limit of %s",
                        ra, engine_word(pl.engine_a), rb, engine_word(pl.engine_b), opt->rows, opt->cols, need, lim);
    }
    emitter e = {sum, fn, ctx, opt->mode, opt->g, gb, 0};
    switch (strategy(&pl)) {
    case S_UPPER: return compare_upper(&e, a, b, opt, &pl, run, err, errlen);
    case S_LISTS: return compare_lists(&e, a, b, opt, &pl, run, err, errlen);
    default: return compare_stream(&e, a, b, opt, &pl, hold_b, run, err, errlen);
    }
}

wy_status wy_compare(wy_compare_summary *sum, const wy_compare_side *a, const wy_compare_side *b,
                     const wy_compare_opts *opt, const wy_run *run, wy_compare_fn fn, void *ctx, char *err,
                     size_t errlen)
{
    memset(sum, 0, sizeof *sum);
    return compare(sum, a, b, opt, opt ? opt->g : 0, run, fn, ctx, err, errlen);
}

wy_status wy_compare_gb(wy_compare_summary *sum, const wy_compare_side *a, const wy_compare_side *b,
                        const wy_compare_opts *opt, uint32_t g_b, const wy_run *run, wy_compare_fn fn, void *ctx,
                        char *err, size_t errlen)
{
    memset(sum, 0, sizeof *sum);
    wy_status st = check_gb(NULL, opt, err, errlen);
    return st != WY_OK ? st : compare(sum, a, b, opt, g_b, run, fn, ctx, err, errlen);
}
