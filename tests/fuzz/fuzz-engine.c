/*
 * fuzz-engine - the engines on a random ruleset and a small window: the
 * table engine against the naive reference (tests/naive), the layer engine
 * against the table, the moves against the naive reference.
 *
 * Input (missing bytes read as 0):
 *   byte 0  game (bit 0), misere (bit 1), terminal present (bit 2),
 *           layout auto / dense / sparse (bits 3-4), threads 0..3 (bits 5-6)
 *   byte 1  passes 0..3 (bits 0-1), heap 0..3 (bits 2-3), max 0..6 (rest)
 *   byte 2  mod 0..7 (bits 0-2; wythoff only), terminal 0..6 (rest)
 *   byte 3  rows 1..16; byte 4  cols 1..16
 *   byte 5  the side state asked for: passes left, stones in the heap
 *   byte 6  rows per band 0..79 (0 automatic; above 64 the engine caps it)
 *   byte 7  flags: mem_limit = the estimate (bit 0), the refusal one byte
 *           below it (bit 1), the streamed table (bit 2), the moves of a
 *           larger position (bit 3)
 *   bytes 8, 9  that position (0..255 each)
 * Properties:
 *   - the ruleset built passes wy_rules_check and formats to a text that
 *     parses back to it;
 *   - wy_table_compute_run succeeds (limit 0, or the estimate on one thread
 *     with automatic bands, as wy_table_compute runs); one byte below the
 *     estimate it refuses with WY_ERANGE, no table, a message;
 *   - every cell of every side state up to the one asked for equals the
 *     naive reference; wy_table_max is the largest of them; wy_table_row
 *     agrees with wy_table_get; wy_table_value_bound is not below the max;
 *     a forced layout is the one reported;
 *   - every cell's value is the mex of its options' values from the table
 *     (misere: 1 for a state without options), with the options of
 *     wy_moves_list: as many as wy_moves_count and as the naive reference
 *     lists, the same multiset of (kind, position, side state) as the
 *     reference, in the documented order (column, row, diagonal, modular,
 *     heap, pass; nearer first), nothing written past the count, and a
 *     shorter buffer gets exactly the prefix;
 *   - wy_table_stream hands out rows 0..rows-1 in order, equal to the table;
 *   - where the layer engine applies (no max, no mod): for every side state
 *     and every value g up to the table's max + 1, wy_layer_positions lists
 *     exactly the table's cells of value g (by x, then y) and wy_layer_count
 *     counts them; elsewhere wy_layer_supported refuses with a message;
 *   - Wythoff's game with passes only: wy_eval_count (the closed form) =
 *     the table's count of values 0 and 1 in every side state, or
 *     WY_EUNDECIDED for value 1 with the pass left;
 *   - the larger position: wy_moves_count = wy_moves_list's count = the
 *     number of moves listed = the naive count.
 */
#include "fuzz.h"

#include "../naive/naive.h"
#include "wythoff.h"
#include "wythoff_exact.h"
#include "wythoff_layer.h"

#define MAXN 16

typedef struct {
    wy_rules r;
    char text[160];
    uint32_t rows, cols;
    wy_side side;
} req;

#define REQ_FMT "rules=%s window=%lux%lu side=(pass %lu, heap %lu)"
#define REQ_ARGS(q)                                                                                                   \
    (q)->text, (unsigned long)(q)->rows, (unsigned long)(q)->cols, (unsigned long)(q)->side.pass,                     \
        (unsigned long)(q)->side.heap

/* The rank of a kind in wy_moves_list's order. */
static int rank(wy_move_kind k)
{
    switch (k) {
    case WY_MOVE_COL: return 0;
    case WY_MOVE_ROW: return 1;
    case WY_MOVE_DIAG: return 2;
    case WY_MOVE_MOD: return 3;
    case WY_MOVE_HEAP: return 4;
    case WY_MOVE_PASS: return 5;
    }
    return 99;
}

typedef struct {
    int kind;
    uint32_t x, y, p, h;
} mv;

static int cmp_mv(const void *a, const void *b)
{
    const mv *s = a, *t = b;
    if (s->kind != t->kind)
        return s->kind < t->kind ? -1 : 1;
    if (s->x != t->x)
        return s->x < t->x ? -1 : 1;
    if (s->y != t->y)
        return s->y < t->y ? -1 : 1;
    if (s->p != t->p)
        return s->p < t->p ? -1 : 1;
    return s->h < t->h ? -1 : s->h > t->h;
}

static int naive_kind_of(naive_kind k)
{
    switch (k) {
    case NAIVE_ROW: return WY_MOVE_ROW;
    case NAIVE_COL: return WY_MOVE_COL;
    case NAIVE_DIAG: return WY_MOVE_DIAG;
    case NAIVE_MOD: return WY_MOVE_MOD;
    case NAIVE_HEAP: return WY_MOVE_HEAP;
    case NAIVE_PASS: return WY_MOVE_PASS;
    }
    return -1;
}

/* The moves of (x, y, s) by wy_moves_list against the naive reference and
 * wy_moves_count; returns their number, the list in *list (free it). */
static size_t check_moves(const req *q, uint32_t x, uint32_t y, wy_side s, wy_move **list)
{
    char err[WY_ERRLEN];
    size_t count = 0;
    wy_status st = wy_moves_list(NULL, 0, &count, &q->r, x, y, s, err, sizeof err);
    FZ_CHECK(st == WY_OK, REQ_FMT " (%lu, %lu): wy_moves_list: %s", REQ_ARGS(q), (unsigned long)x,
             (unsigned long)y, err);
    uint64_t c64 = wy_moves_count(&q->r, x, y, s);
    size_t nn = naive_options(NULL, 0, &q->r, x, y, s.pass, s.heap);
    FZ_CHECK(c64 == count && nn == count,
             REQ_FMT " (%lu, %lu; pass %lu, heap %lu): wy_moves_list counts %zu, wy_moves_count %llu, naive %zu",
             REQ_ARGS(q), (unsigned long)x, (unsigned long)y, (unsigned long)s.pass, (unsigned long)s.heap, count,
             (unsigned long long)c64, nn);
    const size_t extra = 4;
    wy_move *m = malloc((count + extra) * sizeof *m);
    naive_move *nm = malloc((count + 1) * sizeof *nm);
    mv *a = malloc((count + 1) * sizeof *a), *b = malloc((count + 1) * sizeof *b);
    if (!m || !nm || !a || !b)
        abort();
    memset(m, 0xEE, (count + extra) * sizeof *m);
    size_t count2 = 0;
    st = wy_moves_list(m, count + extra, &count2, &q->r, x, y, s, err, sizeof err);
    FZ_CHECK(st == WY_OK && count2 == count, "wy_moves_list with a buffer: status %d, count %zu (%zu before)",
             (int)st, count2, count);
    const unsigned char *tail = (const unsigned char *)(m + count);
    for (size_t i = 0; i < extra * sizeof *m; i++)
        FZ_CHECK(tail[i] == 0xEE, REQ_FMT " (%lu, %lu): wy_moves_list wrote past its %zu moves", REQ_ARGS(q),
                 (unsigned long)x, (unsigned long)y, count);
    naive_options(nm, count, &q->r, x, y, s.pass, s.heap);
    for (size_t i = 0; i < count; i++) {
        a[i] = (mv){(int)m[i].kind, m[i].x, m[i].y, m[i].side.pass, m[i].side.heap};
        b[i] = (mv){naive_kind_of(nm[i].kind), nm[i].x, nm[i].y, nm[i].p, nm[i].h};
        if (i == 0)
            continue;
        const wy_move *u = &m[i - 1], *v = &m[i];
        FZ_CHECK(rank(u->kind) <= rank(v->kind), REQ_FMT " (%lu, %lu): move %zu (kind %d) after kind %d",
                 REQ_ARGS(q), (unsigned long)x, (unsigned long)y, i, (int)v->kind, (int)u->kind);
        if (u->kind != v->kind)
            continue;
        int order = 1;
        switch (v->kind) {
        case WY_MOVE_COL: order = v->x < u->x; break;
        case WY_MOVE_ROW: order = v->y < u->y; break;
        case WY_MOVE_DIAG: order = v->x < u->x && v->y < u->y; break;
        case WY_MOVE_MOD: order = v->x < u->x || (v->x == u->x && v->y < u->y); break;
        case WY_MOVE_HEAP: order = v->side.heap < u->side.heap; break;
        default: order = 0; /* one pass move at most */
        }
        FZ_CHECK(order, REQ_FMT " (%lu, %lu): move %zu of kind %d out of order", REQ_ARGS(q), (unsigned long)x,
                 (unsigned long)y, i, (int)v->kind);
    }
    qsort(a, count, sizeof *a, cmp_mv);
    qsort(b, count, sizeof *b, cmp_mv);
    for (size_t i = 0; i < count; i++)
        FZ_CHECK(cmp_mv(&a[i], &b[i]) == 0,
                 REQ_FMT " (%lu, %lu; pass %lu, heap %lu): the moves differ from the naive reference's: "
                 "(kind %d -> %lu, %lu; %lu, %lu) vs naive (kind %d -> %lu, %lu; %lu, %lu)",
                 REQ_ARGS(q), (unsigned long)x, (unsigned long)y, (unsigned long)s.pass, (unsigned long)s.heap,
                 a[i].kind, (unsigned long)a[i].x, (unsigned long)a[i].y, (unsigned long)a[i].p,
                 (unsigned long)a[i].h, b[i].kind, (unsigned long)b[i].x, (unsigned long)b[i].y,
                 (unsigned long)b[i].p, (unsigned long)b[i].h);
    free(nm);
    free(a);
    free(b);
    *list = m;
    return count;
}

typedef struct {
    const req *q;
    const wy_table *t;
    uint32_t next;
    uint32_t *row;
} stream_ctx;

static int on_row(void *ctx, uint32_t x, const uint32_t *values, uint32_t cols)
{
    stream_ctx *c = ctx;
    FZ_CHECK(x == c->next && cols == c->q->cols, REQ_FMT ": wy_table_stream gave row %lu (%lu columns), want %lu",
             REQ_ARGS(c->q), (unsigned long)x, (unsigned long)cols, (unsigned long)c->next);
    wy_table_row(c->t, x, c->q->side, c->row);
    FZ_CHECK(memcmp(values, c->row, cols * sizeof *values) == 0, REQ_FMT ": streamed row %lu differs from the table",
             REQ_ARGS(c->q), (unsigned long)x);
    c->next++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned b0 = fz_byte(&in), b1 = fz_byte(&in), b2 = fz_byte(&in);
    req q;
    memset(&q, 0, sizeof q);
    q.r.game = (b0 & 1) ? WY_GAME_NIM : WY_GAME_WYTHOFF;
    q.r.misere = b0 >> 1 & 1;
    q.r.has_terminal = b0 >> 2 & 1;
    const wy_layout layout = (wy_layout)((b0 >> 3 & 3) % 3);
    const unsigned threads = b0 >> 5 & 3;
    q.r.passes = b1 & 3;
    q.r.heap = b1 >> 2 & 3;
    q.r.max = (b1 >> 4) % 7;
    q.r.mod = q.r.game == WY_GAME_WYTHOFF ? (b2 & 7) : 0;
    q.r.terminal = q.r.has_terminal ? (b2 >> 3) % 7 : 0;
    q.rows = 1 + fz_below(&in, MAXN);
    q.cols = 1 + fz_below(&in, MAXN);
    const unsigned b5 = fz_byte(&in);
    q.side.pass = (b5 & 15) % (q.r.passes + 1);
    q.side.heap = (b5 >> 4) % (q.r.heap + 1);
    const unsigned band = fz_below(&in, 80), flags = fz_byte(&in);
    const uint32_t bx = fz_byte(&in), by = fz_byte(&in);
    char err[WY_ERRLEN];

    /* the ruleset */
    FZ_CHECK(wy_rules_check(&q.r, err, sizeof err) == WY_OK, "wy_rules_check: %s", err);
    wy_rules_format(q.text, sizeof q.text, &q.r);
    wy_rules back;
    FZ_CHECK(wy_rules_parse(&back, q.text, err, sizeof err) == WY_OK && memcmp(&back, &q.r, sizeof back) == 0,
             "'%s' does not parse back to its ruleset", q.text);

    /* the table */
    wy_run run = {threads, NULL, NULL, band};
    const uint64_t est = wy_table_estimate_layout(&q.r, q.rows, q.cols, q.side, layout);
    FZ_CHECK(est > 0, REQ_FMT ": estimate 0", REQ_ARGS(&q));
    wy_table *t = NULL;
    /* The estimate is the need of one thread with automatic bands (what
     * wy_table_compute does); more threads or other bands need more. */
    const int plain_run = threads <= 1 && band == 0;
    if ((flags & 2) && est > 1 && plain_run) {
        memset(err, 0, sizeof err);
        wy_status st = wy_table_compute_run(&t, &q.r, q.rows, q.cols, q.side, est - 1, layout, &run, err, sizeof err);
        FZ_CHECK(st == WY_ERANGE && t == NULL, REQ_FMT ": mem_limit one byte below the estimate %llu: status %d",
                 REQ_ARGS(&q), (unsigned long long)est, (int)st);
        fz_check_msg(err, sizeof err, 0, "wy_table_compute_run");
    }
    const uint64_t limit = (flags & 1) && plain_run ? est : 0;
    wy_status st = wy_table_compute_run(&t, &q.r, q.rows, q.cols, q.side, limit, layout, &run, err, sizeof err);
    FZ_CHECK(st == WY_OK && t, REQ_FMT " layout %d threads %u band %u: status %d: %s", REQ_ARGS(&q), (int)layout,
             threads, band, (int)st, err);
    FZ_CHECK(wy_table_rows(t) == q.rows && wy_table_cols(t) == q.cols, REQ_FMT ": the table is %lux%lu",
             REQ_ARGS(&q), (unsigned long)wy_table_rows(t), (unsigned long)wy_table_cols(t));
    if (layout != WY_LAYOUT_AUTO)
        FZ_CHECK(wy_table_layout(t) == layout, REQ_FMT ": layout %d asked, %d used", REQ_ARGS(&q), (int)layout,
                 (int)wy_table_layout(t));

    /* against the naive reference */
    size_t cells = naive_all_cells(q.rows, q.cols, q.side.pass, q.side.heap);
    uint32_t *all = malloc(cells * sizeof *all), *row = malloc(q.cols * sizeof *row);
    if (!all || !row || naive_table_all(all, &q.r, q.rows, q.cols, q.side.pass, q.side.heap) != 0)
        abort();
    for (uint32_t p = 0; p <= q.side.pass; p++)
        for (uint32_t h = 0; h <= q.side.heap; h++) {
            const wy_side s = {p, h};
            uint32_t nmax = 0;
            for (uint32_t x = 0; x < q.rows; x++) {
                wy_table_row(t, x, s, row);
                for (uint32_t y = 0; y < q.cols; y++) {
                    const uint32_t want = all[naive_all_index(q.rows, q.cols, q.side.heap, x, y, p, h)];
                    const uint32_t got = wy_table_get(t, x, y, s);
                    FZ_CHECK(got == want, REQ_FMT " layout %d threads %u band %u: G(%lu, %lu; pass %lu, heap %lu) = %lu, "
                             "naive %lu", REQ_ARGS(&q), (int)layout, threads, band, (unsigned long)x,
                             (unsigned long)y, (unsigned long)p, (unsigned long)h, (unsigned long)got,
                             (unsigned long)want);
                    FZ_CHECK(row[y] == got, REQ_FMT ": wy_table_row and wy_table_get differ at (%lu, %lu)",
                             REQ_ARGS(&q), (unsigned long)x, (unsigned long)y);
                    if (want > nmax)
                        nmax = want;
                    /* the value is the mex of the options' values */
                    wy_move *m = NULL;
                    size_t n = check_moves(&q, x, y, s, &m);
                    unsigned char *seen = calloc(n + 2, 1); /* a mex is at most n */
                    if (!seen)
                        abort();
                    for (size_t i = 0; i < n; i++) {
                        FZ_CHECK(m[i].x <= x && m[i].y <= y && m[i].side.pass <= p && m[i].side.heap <= h,
                                 REQ_FMT ": a move of (%lu, %lu) goes up", REQ_ARGS(&q), (unsigned long)x,
                                 (unsigned long)y);
                        uint32_t v = wy_table_get(t, m[i].x, m[i].y, m[i].side);
                        if (v <= n)
                            seen[v] = 1;
                    }
                    uint32_t mex = 0;
                    while (seen[mex])
                        mex++;
                    free(seen);
                    if (n == 0 && q.r.misere)
                        mex = 1;
                    FZ_CHECK(got == mex, REQ_FMT ": G(%lu, %lu; pass %lu, heap %lu) = %lu, the mex of its %zu "
                             "options' values is %lu", REQ_ARGS(&q), (unsigned long)x, (unsigned long)y,
                             (unsigned long)p, (unsigned long)h, (unsigned long)got, n, (unsigned long)mex);
                    /* a short buffer: the prefix */
                    if (n > 1 && x == q.rows - 1 && y == q.cols - 1) {
                        size_t k = n / 2, c2 = 0;
                        wy_move *pre = malloc(k * sizeof *pre);
                        if (!pre)
                            abort();
                        FZ_CHECK(wy_moves_list(pre, k, &c2, &q.r, x, y, s, err, sizeof err) == WY_OK && c2 == n,
                                 "wy_moves_list with cap %zu: count %zu, want %zu", k, c2, n);
                        for (size_t i = 0; i < k; i++)
                            FZ_CHECK(pre[i].kind == m[i].kind && pre[i].x == m[i].x && pre[i].y == m[i].y &&
                                         pre[i].side.pass == m[i].side.pass && pre[i].side.heap == m[i].side.heap,
                                     REQ_FMT ": wy_moves_list with cap %zu differs at move %zu", REQ_ARGS(&q), k,
                                     i);
                        free(pre);
                    }
                    free(m);
                }
            }
            FZ_CHECK(wy_table_max(t, s) == nmax, REQ_FMT ": wy_table_max(pass %lu, heap %lu) = %lu, naive %lu",
                     REQ_ARGS(&q), (unsigned long)p, (unsigned long)h, (unsigned long)wy_table_max(t, s),
                     (unsigned long)nmax);
            FZ_CHECK(wy_table_value_bound(&q.r, q.rows, q.cols, s) >= nmax,
                     REQ_FMT ": wy_table_value_bound(pass %lu, heap %lu) = %llu below the max %lu", REQ_ARGS(&q),
                     (unsigned long)p, (unsigned long)h,
                     (unsigned long long)wy_table_value_bound(&q.r, q.rows, q.cols, s), (unsigned long)nmax);
        }

    /* the streamed table */
    if (flags & 4) {
        stream_ctx sc = {&q, t, 0, row};
        st = wy_table_stream(&q.r, q.rows, q.cols, q.side, 0, &run, on_row, &sc, err, sizeof err);
        FZ_CHECK(st == WY_OK && sc.next == q.rows, REQ_FMT ": wy_table_stream: status %d after %lu rows: %s",
                 REQ_ARGS(&q), (int)st, (unsigned long)sc.next, err);
    }

    /* the layer engine against the table */
    memset(err, 0, sizeof err);
    if (wy_layer_supported(&q.r, err, sizeof err) == WY_OK) {
        wy_pos *want = malloc((size_t)q.rows * q.cols * sizeof *want);
        if (!want)
            abort();
        for (uint32_t p = 0; p <= q.side.pass; p++)
            for (uint32_t h = 0; h <= q.side.heap; h++) {
                const wy_side s = {p, h};
                const uint32_t vmax = wy_table_max(t, s);
                for (uint32_t g = 0; g <= vmax + 1; g++) {
                    size_t nw = 0;
                    for (uint32_t x = 0; x < q.rows; x++)
                        for (uint32_t y = 0; y < q.cols; y++)
                            if (wy_table_get(t, x, y, s) == g)
                                want[nw++] = (wy_pos){x, y};
                    wy_pos *got = NULL;
                    size_t n = 0;
                    st = wy_layer_positions(&got, &n, &q.r, s, g, q.rows, q.cols, 0, &run, err, sizeof err);
                    FZ_CHECK(st == WY_OK, REQ_FMT ": wy_layer_positions(g %lu, pass %lu, heap %lu): %s", REQ_ARGS(&q),
                             (unsigned long)g, (unsigned long)p, (unsigned long)h, err);
                    FZ_CHECK(n == nw, REQ_FMT ": the layer engine finds %zu positions of value %lu (pass %lu, heap "
                             "%lu), the table %zu", REQ_ARGS(&q), n, (unsigned long)g, (unsigned long)p,
                             (unsigned long)h, nw);
                    for (size_t i = 0; i < n; i++)
                        FZ_CHECK(got[i].x == want[i].x && got[i].y == want[i].y,
                                 REQ_FMT ": value %lu (pass %lu, heap %lu): position %zu is (%lu, %lu) by the layer "
                                 "engine, (%lu, %lu) by the table", REQ_ARGS(&q), (unsigned long)g, (unsigned long)p,
                                 (unsigned long)h, i, (unsigned long)got[i].x, (unsigned long)got[i].y,
                                 (unsigned long)want[i].x, (unsigned long)want[i].y);
                    wy_free(got);
                    uint64_t cnt = 0;
                    st = wy_layer_count(&cnt, &q.r, s, g, q.rows, q.cols, 0, &run, err, sizeof err);
                    FZ_CHECK(st == WY_OK && cnt == nw, REQ_FMT ": wy_layer_count(g %lu, pass %lu, heap %lu) = %llu "
                             "(status %d), the table has %zu", REQ_ARGS(&q), (unsigned long)g, (unsigned long)p,
                             (unsigned long)h, (unsigned long long)cnt, (int)st, nw);
                }
            }
        free(want);
    } else {
        FZ_CHECK(q.r.max || q.r.mod, REQ_FMT ": the layer engine refuses: %s", REQ_ARGS(&q), err);
        fz_check_msg(err, sizeof err, 0, "wy_layer_supported");
    }

    /* the count in closed form (wy_eval_count) against the table: Wythoff's
     * game with passes, values 0 and 1 in every side state */
    if (q.r.game == WY_GAME_WYTHOFF && !q.r.heap && !q.r.max && !q.r.mod && !q.r.has_terminal && !q.r.misere) {
        wy_exact *e = NULL;
        st = wy_exact_new(&e, &q.r, 0, err, sizeof err);
        FZ_CHECK(st == WY_OK, REQ_FMT ": wy_exact_new: status %d: %s", REQ_ARGS(&q), (int)st, err);
        mpz_t n, R, C;
        mpz_inits(n, R, C, NULL);
        mpz_set_ui(R, q.rows);
        mpz_set_ui(C, q.cols);
        for (uint32_t p = 0; e && p <= q.side.pass; p++)
            for (uint32_t g = 0; g <= 1; g++) {
                const wy_side s = {p, 0};
                uint64_t nw = 0;
                for (uint32_t x = 0; x < q.rows; x++)
                    for (uint32_t y = 0; y < q.cols; y++)
                        nw += wy_table_get(t, x, y, s) == g;
                st = wy_eval_count(e, n, R, C, s, g, err, sizeof err);
                /* closed forms: no pass left (p even), or value 0 with the
                 * pass left (p odd) */
                const int known = p % 2 == 0 || g == 0;
                FZ_CHECK(known ? st == WY_OK && mpz_cmp_ui(n, nw) == 0 : st == WY_EUNDECIDED,
                         REQ_FMT ": wy_eval_count(g %lu, pass %lu) = %lu (status %d), the table has %llu",
                         REQ_ARGS(&q), (unsigned long)g, (unsigned long)p, mpz_get_ui(n), (int)st,
                         (unsigned long long)nw);
            }
        mpz_clears(n, R, C, NULL);
        wy_exact_free(e);
    }

    /* a larger position's moves */
    if (flags & 8) {
        wy_move *m = NULL;
        check_moves(&q, bx, by, q.side, &m);
        free(m);
    }
    free(all);
    free(row);
    wy_table_free(t);
    return 0;
}
