/* kinds.c - the generic checks of wythoff check (see check_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "wythoff_layer.h"

/* ------------------------------------------------------------------ */
/* Integers                                                            */
/* ------------------------------------------------------------------ */

uint64_t ck_isqrt(uint64_t v)
{
    uint64_t r = 0, bit = (uint64_t)1 << 62;
    while (bit > v) bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* floor(n phi) = (n + floor(sqrt(5 n^2))) / 2 (docs/exact.md); 5 n^2 < 2^64. */
uint64_t ck_floor_phi(uint64_t n) { return (n + ck_isqrt(5 * n * n)) / 2; }

/* floor(n / phi) = floor((sqrt(5) n - n) / 2) = floor((isqrt(5 n^2) - n) / 2). */
uint64_t ck_floor_over_phi(uint64_t n) { return (ck_isqrt(5 * n * n) - n) / 2; }

uint64_t ck_wythoff_partner(uint64_t x)
{
    if (x == 0) return 0;
    /* lower number: x = floor(k phi) for k = floor(x / phi) + 1 or so */
    uint64_t k0 = ck_floor_over_phi(x);
    for (uint64_t k = k0 ? k0 - 1 : 0; k <= k0 + 2; k++)
        if (k && ck_floor_phi(k) == x) return x + k;
    /* upper number: x = floor(k phi) + k, k about x / phi^2 */
    uint64_t k2 = x - ck_floor_over_phi(x); /* about x / phi^2 */
    for (uint64_t k = k2 > 2 ? k2 - 2 : 1; k <= k2 + 2; k++)
        if (ck_floor_phi(k) + k == x) return ck_floor_phi(k);
    return UINT64_MAX; /* unreachable: every x >= 1 is lower or upper (Beatty) */
}

void ck_note(ck *c, const char *fmt, ...)
{
    size_t len = strlen(c->res->detail);
    if (len + 1 >= sizeof c->res->detail) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->res->detail + len, sizeof c->res->detail - len, fmt, ap);
    va_end(ap);
}

static wy_status game_setup(ck *c, const ck_game *g, wy_rules *r, wy_side *s)
{
    wy_status st = wy_rules_parse(r, g->rules, c->err, c->errlen);
    if (st != WY_OK) return st;
    *s = wy_side_start(r);
    if (g->pass >= 0) s->pass = (uint32_t)g->pass;
    if (g->heap >= 0) s->heap = (uint32_t)g->heap;
    return wy_side_check(r, *s, c->err, c->errlen);
}

/* "wythoff+pass (p=1)" */
static const char *game_name(const ck_game *g, char *buf, size_t len)
{
    int k = snprintf(buf, len, "%s", g->rules);
    if (g->pass >= 0 && k > 0 && (size_t)k < len) k += snprintf(buf + k, len - (size_t)k, " p=%d", g->pass);
    if (g->heap >= 0 && k > 0 && (size_t)k < len) snprintf(buf + k, len - (size_t)k, " h=%d", g->heap);
    return buf;
}

wy_status ck_value_at(ck *c, const ck_game *game, uint64_t x, uint64_t y, uint32_t *v)
{
    if (x >= 4096 || y >= 4096) return WY_EDIFF; /* not looked up */
    wy_rules r;
    wy_side s;
    wy_status st = game_setup(c, game, &r, &s);
    if (st != WY_OK) return st;
    const ck_engine *e = ck_eng(c);
    wy_table *t = NULL;
    st = e->table_compute(&t, &r, (uint32_t)x + 1, (uint32_t)y + 1, s, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err,
                          c->errlen);
    if (st != WY_OK) return st;
    *v = e->table_get(t, (uint32_t)x, (uint32_t)y, s);
    e->table_free(t);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Printed tables and sets                                             */
/* ------------------------------------------------------------------ */

const ck_printed_table *ck_printed_table_find(const char *name)
{
    for (const ck_printed_table *t = ck_printed_tables; t->name; t++)
        if (strcmp(t->name, name) == 0) return t;
    return NULL;
}

const ck_printed_set *ck_printed_set_find(const char *name)
{
    for (const ck_printed_set *s = ck_printed_sets; s->name; s++)
        if (strcmp(s->name, name) == 0) return s;
    return NULL;
}

wy_status ck_table_printed(ck *c, const ck_game *game, uint32_t rows, uint32_t cols, const uint16_t *cells)
{
    wy_rules r;
    wy_side s;
    wy_status st = game_setup(c, game, &r, &s);
    if (st != WY_OK) return st;
    const ck_engine *e = ck_eng(c);
    wy_table *t = NULL;
    st = e->table_compute(&t, &r, rows, cols, s, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
    if (st != WY_OK) return st;
    uint64_t bad = 0;
    uint32_t bx = 0, by = 0;
    for (uint32_t x = 0; x < rows; x++)
        for (uint32_t y = 0; y < cols; y++)
            if (e->table_get(t, x, y, s) != cells[(size_t)x * cols + y]) {
                if (!bad) bx = x, by = y;
                bad++;
            }
    char nb[128];
    snprintf(c->res->range, sizeof c->res->range, "all %u x %u printed cells (0 <= x < %u, 0 <= y < %u)", rows,
             cols, rows, cols);
    if (bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu of %llu cells differ; first at (%u, %u): printed %u, computed %u (%s)",
                (unsigned long long)bad, (unsigned long long)rows * cols, bx, by,
                cells[(size_t)bx * cols + by], e->table_get(t, bx, by, s), game_name(game, nb, sizeof nb));
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "every printed cell equals the value computed for %s", game_name(game, nb, sizeof nb));
    }
    e->table_free(t);
    return WY_OK;
}

static int cmp_pair(const void *a, const void *b)
{
    const uint32_t *p = a, *q = b;
    if (p[0] != q[0]) return p[0] < q[0] ? -1 : 1;
    if (p[1] != q[1]) return p[1] < q[1] ? -1 : 1;
    return 0;
}

wy_status ck_set_printed(ck *c, const ck_game *game, uint32_t window, const uint32_t *xy, size_t n, int *equal)
{
    wy_rules r;
    wy_side s;
    wy_status st = game_setup(c, game, &r, &s);
    if (st != WY_OK) return st;
    const ck_engine *e = ck_eng(c);
    wy_table *t = NULL;
    st = e->table_compute(&t, &r, window, window, s, c->mem_limit, WY_LAYOUT_AUTO, c->run, c->err, c->errlen);
    if (st != WY_OK) return st;
    uint32_t *p = malloc((n ? n : 1) * 2 * sizeof *p);
    if (!p) {
        e->table_free(t);
        snprintf(c->err, c->errlen, "out of memory");
        return WY_ERANGE;
    }
    memcpy(p, xy, n * 2 * sizeof *p);
    qsort(p, n, 2 * sizeof *p, cmp_pair);
    uint64_t missing = 0, extra = 0, outside = 0;
    uint32_t mx = 0, my = 0, ex = 0, ey = 0, ev = 0;
    size_t k = 0;
    for (uint32_t x = 0; x < window; x++)
        for (uint32_t y = 0; y < window; y++) {
            while (k < n && (p[2 * k] < x || (p[2 * k] == x && p[2 * k + 1] < y))) k++;
            int printed = k < n && p[2 * k] == x && p[2 * k + 1] == y;
            uint32_t v = e->table_get(t, x, y, s);
            int is = v == game->g;
            if (is && !printed) {
                if (!missing) mx = x, my = y;
                missing++;
            } else if (!is && printed) {
                if (!extra) ex = x, ey = y, ev = v;
                extra++;
            }
        }
    for (size_t i = 0; i < n; i++)
        if (p[2 * i] >= window || p[2 * i + 1] >= window) outside++;
    char nb[128];
    game_name(game, nb, sizeof nb);
    snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %u", window);
    *equal = !missing && !extra && !outside;
    c->res->verdict = *equal ? WY_CLAIM_PASS : WY_CLAIM_FAIL;
    if (*equal) ck_note(c, "the %zu printed positions are exactly the positions of value %llu of %s", n,
                        (unsigned long long)game->g, nb);
    if (missing)
        ck_note(c, "%llu position(s) of value %llu missing from the printed set, first (%u, %u); ",
                (unsigned long long)missing, (unsigned long long)game->g, mx, my);
    if (extra)
        ck_note(c, "%llu printed position(s) not of value %llu, first (%u, %u) with value %u (%s); ",
                (unsigned long long)extra, (unsigned long long)game->g, ex, ey, ev, nb);
    if (outside) ck_note(c, "%llu printed position(s) outside the window; ", (unsigned long long)outside);
    free(p);
    e->table_free(t);
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Position sets through the layer engine                              */
/* ------------------------------------------------------------------ */

#define NONE UINT32_MAX

typedef struct {
    uint32_t *up;     /* up[x] = y >= x of the position in row x, or NONE */
    uint8_t *mark;    /* bit x: matched by B */
    uint64_t n, threshold;
    ck_diff *d;
    /* rows with more than one position of A (terminal sets: row 0 holds
     * (0,0), (0,1), (0,2)): the extra ones, with a matched flag */
    uint64_t *ex;     /* x, y, matched */
    size_t nex, capex;
    int oom;
} sets_ctx;

static void diff_add(sets_ctx *s, uint64_t x, uint64_t y, int side)
{
    ck_diff *d = s->d;
    if (x > y) {
        uint64_t t = x;
        x = y;
        y = t;
    }
    /* keep the CK_KEEP smallest (x, then y) */
    size_t have = d->count < CK_KEEP ? (size_t)d->count : CK_KEEP;
    size_t pos = have;
    while (pos > 0 && (d->first_x[pos - 1] > x || (d->first_x[pos - 1] == x && d->first_y[pos - 1] > y))) pos--;
    if (pos < CK_KEEP) {
        size_t last = have < CK_KEEP ? have : CK_KEEP - 1;
        for (size_t i = last; i > pos; i--) {
            d->first_x[i] = d->first_x[i - 1];
            d->first_y[i] = d->first_y[i - 1];
            d->first_side[i] = d->first_side[i - 1];
        }
        d->first_x[pos] = x;
        d->first_y[pos] = y;
        d->first_side[pos] = side;
    }
    if (!d->count || y > d->max_coord || (y == d->max_coord && x < d->maxc_x))
        d->max_coord = y, d->maxc_x = x, d->maxc_y = y;
    d->count++;
    if (y >= s->threshold) {
        if (!d->in_region || x < d->reg_x || (x == d->reg_x && y < d->reg_y))
            d->reg_x = x, d->reg_y = y, d->reg_side = side;
        d->in_region++;
    }
}

static int collect_a(void *ctx, uint64_t x, uint64_t y)
{
    sets_ctx *s = ctx;
    s->d->count_a++;
    if (s->up[x] == NONE) {
        s->up[x] = (uint32_t)y;
        return 0;
    }
    if (s->nex == s->capex) {
        size_t cap = s->capex ? 2 * s->capex : 64;
        uint64_t *p = cap <= ((size_t)1 << 20) ? realloc(s->ex, cap * 3 * sizeof *p) : NULL;
        if (!p) {
            s->oom = 1;
            return 1;
        }
        s->ex = p;
        s->capex = cap;
    }
    s->ex[3 * s->nex] = x;
    s->ex[3 * s->nex + 1] = y;
    s->ex[3 * s->nex + 2] = 0;
    s->nex++;
    return 0;
}

static void match_b(sets_ctx *s, uint64_t x, uint64_t y)
{
    if (x > y) {
        uint64_t t = x;
        x = y;
        y = t;
    }
    if (x >= s->n || y >= s->n) return;
    s->d->count_b++;
    /* a position B gives twice (both orientations, say) counts once */
    if (s->up[x] == y) {
        if (s->mark[x >> 3] & (1u << (x & 7))) s->d->count_b--;
        s->mark[x >> 3] |= (uint8_t)(1u << (x & 7));
        return;
    }
    for (size_t i = 0; i < s->nex; i++)
        if (s->ex[3 * i] == x && s->ex[3 * i + 1] == y) {
            if (s->ex[3 * i + 2]) s->d->count_b--;
            s->ex[3 * i + 2] = 1;
            return;
        }
    diff_add(s, x, y, 2);
}

static int collect_b(void *ctx, uint64_t x, uint64_t y)
{
    match_b(ctx, x, y);
    return 0;
}

wy_status ck_sets_compare(ck *c, const ck_game *a, const ck_game *gb, ck_gen_fn gen, void *gen_ctx, uint64_t n,
                          uint64_t threshold, ck_diff *d)
{
    memset(d, 0, sizeof *d);
    if (n == 0 || n > WY_CHECK_ROWS_CAP) {
        snprintf(c->err, c->errlen, "window %llu out of range", (unsigned long long)n);
        return WY_EINVAL;
    }
    wy_rules ra, rb;
    wy_side sa, sb;
    wy_status st = game_setup(c, a, &ra, &sa);
    if (st != WY_OK) return st;
    if (gb && (st = game_setup(c, gb, &rb, &sb)) != WY_OK) return st;
    uint64_t need = n * 4 + n / 8 + 1 + wy_layer_estimate(&ra, sa, a->g, n);
    if (gb) {
        uint64_t eb = wy_layer_estimate(&rb, sb, gb->g, n);
        if (eb > wy_layer_estimate(&ra, sa, a->g, n)) need += eb - wy_layer_estimate(&ra, sa, a->g, n);
    }
    if (c->mem_limit && need > c->mem_limit) {
        char nb[32], lb[32];
        wy_format_bytes(nb, sizeof nb, need);
        wy_format_bytes(lb, sizeof lb, c->mem_limit);
        snprintf(c->err, c->errlen, "needs about %s for the window 0 <= x, y < %llu, more than the limit of %s", nb,
                 (unsigned long long)n, lb);
        return WY_ERANGE;
    }
    sets_ctx s = {0};
    s.n = n;
    s.threshold = threshold;
    s.d = d;
    s.up = malloc(n * sizeof *s.up);
    s.mark = calloc(n / 8 + 1, 1);
    if (!s.up || !s.mark) {
        free(s.up);
        free(s.mark);
        snprintf(c->err, c->errlen, "out of memory for the window 0 <= x, y < %llu", (unsigned long long)n);
        return WY_ERANGE;
    }
    memset(s.up, 0xff, n * sizeof *s.up);
    st = ck_eng(c)->layer_scan(&ra, sa, a->g, n, c->mem_limit, collect_a, &s, NULL, c->run, c->err, c->errlen);
    if (s.oom) {
        snprintf(c->err, c->errlen, "more than 2^20 rows hold several positions of value %llu",
                 (unsigned long long)a->g);
        st = WY_ERANGE;
    }
    if (st == WY_OK && gb)
        st = ck_eng(c)->layer_scan(&rb, sb, gb->g, n, c->mem_limit, collect_b, &s, NULL, c->run, c->err, c->errlen);
    if (st == WY_OK && gen) {
        uint64_t x, y;
        while (gen(gen_ctx, n, &x, &y)) match_b(&s, x, y);
    }
    if (st == WY_OK) {
        for (uint64_t x = 0; x < n; x++)
            if (s.up[x] != NONE && !(s.mark[x >> 3] & (1u << (x & 7)))) diff_add(&s, x, s.up[x], 1);
        for (size_t i = 0; i < s.nex; i++)
            if (!s.ex[3 * i + 2]) diff_add(&s, s.ex[3 * i], s.ex[3 * i + 1], 1);
    }
    free(s.ex);
    free(s.up);
    free(s.mark);
    return st;
}

/* n as 10^k when it is a power of ten from 10^4 on, else in decimal. */
void ck_num(char *buf, size_t len, uint64_t n)
{
    uint64_t p = 1;
    int e = 0;
    while (p < n && e < 19) p *= 10, e++;
    if (p == n && e >= 4)
        snprintf(buf, len, "10^%d", e);
    else
        snprintf(buf, len, "%llu", (unsigned long long)n);
}

wy_status ck_threshold_verdict(ck *c, const ck_diff *d, const ck_game *a, const ck_game *b, const char *bname,
                               uint64_t threshold)
{
    char nb[128], ns[32];
    game_name(a, nb, sizeof nb);
    ck_num(ns, sizeof ns, c->n);
    if (threshold)
        snprintf(c->res->range, sizeof c->res->range, "x >= %llu or y >= %llu, with 0 <= x, y < %s",
                 (unsigned long long)threshold, (unsigned long long)threshold, ns);
    else
        snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %s", ns);
    if (d->in_region) {
        c->res->verdict = WY_CLAIM_FAIL;
        uint32_t v;
        ck_note(c, "%llu counterexample(s) (counting x <= y); smallest (%llu, %llu): ",
                (unsigned long long)d->in_region, (unsigned long long)d->reg_x, (unsigned long long)d->reg_y);
        if (d->reg_side == 1)
            ck_note(c, "value %llu in %s, but not in %s", (unsigned long long)a->g, nb, bname);
        else
            ck_note(c, "in %s, but not of value %llu in %s", bname, (unsigned long long)a->g, nb);
        /* the value in the set that lacks the position: B's for one only in
         * A (none when B is a formula), A's for one only in B */
        const ck_game *lack = d->reg_side == 1 ? b : a;
        wy_status st = lack ? ck_value_at(c, lack, d->reg_x, d->reg_y, &v) : WY_EDIFF;
        if (st == WY_OK)
            ck_note(c, " (value there: %u)", v);
        else if (st != WY_EDIFF)
            return st; /* a verdict does not depend on the memory left */
        ck_note(c, ". ");
    } else {
        c->res->verdict = WY_CLAIM_PASS;
        ck_note(c, "%llu positions of value %llu of %s (x <= y) agree with %s. ", (unsigned long long)d->count_a,
                (unsigned long long)a->g, nb, bname);
    }
    if (threshold) {
        if (!d->count)
            ck_note(c, "Threshold not sharp: the two sets agree everywhere in the window. ");
        else if (d->max_coord + 1 < threshold)
            ck_note(c, "Threshold not sharp: every difference has max(x, y) <= %llu, so the statement holds for x >= %llu or y >= %llu, and no smaller threshold works: (%llu, %llu) differs. ",
                    (unsigned long long)d->max_coord, (unsigned long long)d->max_coord + 1,
                    (unsigned long long)d->max_coord + 1, (unsigned long long)d->maxc_x,
                    (unsigned long long)d->maxc_y);
        else if (!d->in_region)
            ck_note(c, "Threshold sharp: %llu differences in all, the largest at max(x, y) = %llu. ",
                    (unsigned long long)d->count, (unsigned long long)d->max_coord);
        if (d->count && !d->in_region) {
            ck_note(c, "Differences (x <= y) below the threshold: %llu:", (unsigned long long)d->count);
            for (uint64_t i = 0; i < d->count && i < CK_KEEP; i++)
                ck_note(c, " (%llu,%llu)%s", (unsigned long long)d->first_x[i], (unsigned long long)d->first_y[i],
                        d->first_side[i] == 1 ? "A" : "B");
            ck_note(c, "%s (A: only in %s; B: only in %s). ", d->count > CK_KEEP ? " ..." : "", nb, bname);
        }
    }
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* Distance to Wythoff's P-positions                                   */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t d2, worst, wx, wy, bad, bx, by, bd, seen;
    const uint32_t *partner; /* partner[x]: the y of the Wythoff P-position in row x */
} dist_ctx;

static int dist_fn(void *ctx, uint64_t x, uint64_t y)
{
    dist_ctx *s = ctx;
    uint64_t best = UINT64_MAX;
    s->seen++;
    for (uint64_t r = x > 4 ? x - 4 : 0; r <= x + 4; r++) {
        uint64_t p = s->partner[r];
        uint64_t dx = r > x ? r - x : x - r, dy = p > y ? p - y : y - p;
        if (dy > 4) continue;
        uint64_t d2 = dx * dx + dy * dy;
        if (d2 < best) best = d2;
    }
    /* none with |dx|, |dy| <= 4: the nearest is at squared distance >= 25 */
    if (best == UINT64_MAX) best = 25;
    if (best > s->worst) s->worst = best, s->wx = x, s->wy = y;
    if (best > s->d2) {
        if (!s->bad) s->bx = x, s->by = y, s->bd = best;
        s->bad++;
    }
    return 0;
}

wy_status ck_distance(ck *c, const ck_game *a, uint64_t n, uint64_t d2)
{
    wy_rules r;
    wy_side s;
    wy_status st = game_setup(c, a, &r, &s);
    if (st != WY_OK) return st;
    uint64_t rows = n + 5, need = rows * 4 + wy_layer_estimate(&r, s, a->g, n);
    if (n > WY_CHECK_ROWS_CAP || (c->mem_limit && need > c->mem_limit)) {
        char nb[32];
        wy_format_bytes(nb, sizeof nb, need);
        snprintf(c->err, c->errlen, "needs about %s for the window 0 <= x, y < %llu%s", nb, (unsigned long long)n,
                 n > WY_CHECK_ROWS_CAP ? ", beyond the 64-bit formulas" : ", more than the memory limit");
        return WY_ERANGE;
    }
    uint32_t *partner = malloc(rows * sizeof *partner);
    if (!partner) {
        snprintf(c->err, c->errlen, "out of memory for the window 0 <= x, y < %llu", (unsigned long long)n);
        return WY_ERANGE;
    }
    for (uint64_t k = 0;; k++) {
        uint64_t lo = ck_floor_phi(k), hi = lo + k;
        if (lo >= rows) break;
        partner[lo] = (uint32_t)hi;
        if (hi < rows) partner[hi] = (uint32_t)lo;
    }
    dist_ctx dc = {0};
    dc.d2 = d2;
    dc.partner = partner;
    st = ck_eng(c)->layer_scan(&r, s, a->g, n, c->mem_limit, dist_fn, &dc, NULL, c->run, c->err, c->errlen);
    free(partner);
    if (st != WY_OK) return st;
    char nb[128], ns[32];
    game_name(a, nb, sizeof nb);
    ck_num(ns, sizeof ns, n);
    snprintf(c->res->range, sizeof c->res->range, "every position of value %llu of %s with 0 <= x, y < %s",
             (unsigned long long)a->g, nb, ns);
    if (dc.bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu position(s) (x <= y) farther than sqrt(%llu) from every Wythoff P-position; smallest (%llu, %llu): nearest squared distance %s%llu. ",
                (unsigned long long)dc.bad, (unsigned long long)d2, (unsigned long long)dc.bx,
                (unsigned long long)dc.by, dc.bd >= 25 ? "at least " : "", (unsigned long long)dc.bd);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    ck_note(c, "%llu positions (x <= y) checked; the largest nearest squared distance is %llu, first at (%llu, %llu)%s. ",
            (unsigned long long)dc.seen, (unsigned long long)dc.worst, (unsigned long long)dc.wx,
            (unsigned long long)dc.wy,
            dc.worst == d2 ? " (the bound is attained)" : dc.worst < d2 ? " (the bound is not attained)" : "");
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* A formula for every cell                                            */
/* ------------------------------------------------------------------ */

typedef struct {
    ck_cell_fn pred;
    void *pctx;
    uint64_t bad;
    uint32_t bx, by, bv;
    uint64_t be;
} cell_ctx;

static int cell_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    cell_ctx *s = ctx;
    for (uint32_t y = 0; y < cols; y++) {
        uint64_t e = 0;
        if (!s->pred(s->pctx, x, y, values[y], &e)) {
            if (!s->bad) s->bx = x, s->by = y, s->bv = values[y], s->be = e;
            s->bad++;
        }
    }
    return 0;
}

wy_status ck_table_formula(ck *c, const ck_game *game, uint32_t n, ck_cell_fn pred, void *pctx, const char *what)
{
    wy_rules r;
    wy_side s;
    wy_status st = game_setup(c, game, &r, &s);
    if (st != WY_OK) return st;
    cell_ctx cc = {pred, pctx, 0, 0, 0, 0, 0};
    st = ck_eng(c)->table_stream(&r, n, n, s, c->mem_limit, c->run, cell_row, &cc, c->err, c->errlen);
    if (st != WY_OK) return st;
    char nb[128];
    game_name(game, nb, sizeof nb);
    snprintf(c->res->range, sizeof c->res->range, "0 <= x, y < %u (%llu cells of %s)", n,
             (unsigned long long)n * n, nb);
    if (cc.bad) {
        c->res->verdict = WY_CLAIM_FAIL;
        ck_note(c, "%llu cell(s) break %s; first (%u, %u): value %u, expected %llu. ", (unsigned long long)cc.bad,
                what, cc.bx, cc.by, cc.bv, (unsigned long long)cc.be);
    } else {
        c->res->verdict = WY_CLAIM_PASS;
    }
    return WY_OK;
}
