/* eval.c - one position (or a batch, or its options) by the best method
 * that applies: the exact engine, then the table engine, then a refusal
 * (include/wythoff_exact.h, "Positions by the best method that applies").
 * `value` and `moves` are thin clients of this file. */
#include "exact.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Listing every option from the table: at most this many cells ... */
#define OPTIONS_CELLS ((uint64_t)1 << 26)
/* ... and this many options. */
#define OPTIONS_MAX 10000000u

/* The table engine answers (x, y) when the window up to it fits in memory
 * (and, cells_cap > 0, holds at most cells_cap cells). */
static int table_fits(const wy_exact *e, const mpz_t x, const mpz_t y, wy_side side, uint64_t cells_cap)
{
    if (mpz_cmp_ui(x, UINT32_MAX - 1) > 0 || mpz_cmp_ui(y, UINT32_MAX - 1) > 0)
        return 0;
    uint64_t r = mpz_get_ui(x) + 1, c = mpz_get_ui(y) + 1;
    if (cells_cap && (unsigned __int128)r * c > cells_cap)
        return 0;
    uint64_t need = wy_table_estimate(&e->rules, (uint32_t)r, (uint32_t)c, side);
    return !e->mem_limit || need <= e->mem_limit;
}

void wy_eval_item_init(wy_eval_item *it)
{
    mpz_inits(it->x, it->y, NULL);
    wy_answer_init(&it->ans);
}

void wy_eval_item_clear(wy_eval_item *it)
{
    mpz_clears(it->x, it->y, NULL);
    wy_answer_clear(&it->ans);
}

static void from_table(wy_answer *a, const wy_table *t, const mpz_t x, const mpz_t y, wy_side side)
{
    uint32_t v = wy_table_get(t, (uint32_t)mpz_get_ui(x), (uint32_t)mpz_get_ui(y), side);
    mpz_set_ui(a->value, v);
    a->has_value = 1;
    a->outcome = v ? 'N' : 'P';
    a->method = "table";
    a->why[0] = '\0';
}

wy_status wy_eval_positions(wy_exact *e, wy_eval_item *items, size_t n, wy_side side, const wy_run *run,
                            size_t *failed, char *err, size_t errlen)
{
    if (failed)
        *failed = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    /* 1. the exact engine; 2. one table for the positions it leaves open */
    unsigned char *need = calloc(n ? n : 1, 1);
    if (!need)
        return wy_fail(WY_ERANGE, err, errlen, "out of memory");
    uint64_t mx = 0, my = 0;
    int any = 0;
    for (size_t i = 0; i < n && st == WY_OK; i++) {
        wy_eval_item *q = &items[i];
        st = wy_exact_eval(e, &q->ans, q->x, q->y, side, err, errlen);
        if ((st == WY_OK && q->ans.has_value) || (st != WY_OK && st != WY_ERANGE))
            continue;
        if (table_fits(e, q->x, q->y, side, 0)) {
            need[i] = 1;
            any = 1;
            if (mpz_get_ui(q->x) > mx)
                mx = mpz_get_ui(q->x);
            if (mpz_get_ui(q->y) > my)
                my = mpz_get_ui(q->y);
            st = WY_OK;
        }
        if (st != WY_OK && failed)
            *failed = i;
    }
    wy_table *t = NULL;
    if (st == WY_OK && any)
        st = wy_table_compute_run(&t, &e->rules, (uint32_t)(mx + 1), (uint32_t)(my + 1), side, e->mem_limit,
                                  WY_LAYOUT_AUTO, run, err, errlen);
    for (size_t i = 0; i < n && st == WY_OK; i++)
        if (need[i])
            from_table(&items[i].ans, t, items[i].x, items[i].y, side);
    wy_table_free(t);
    free(need);
    return st;
}

wy_status wy_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, const wy_run *run,
                  char *err, size_t errlen)
{
    wy_status st = wy_exact_eval(e, ans, x, y, side, err, errlen);
    if ((st == WY_OK && ans->has_value) || (st != WY_OK && st != WY_ERANGE) || !table_fits(e, x, y, side, 0))
        return st;
    wy_table *t = NULL;
    st = wy_table_compute_run(&t, &e->rules, (uint32_t)mpz_get_ui(x) + 1, (uint32_t)mpz_get_ui(y) + 1, side,
                              e->mem_limit, WY_LAYOUT_AUTO, run, err, errlen);
    if (st == WY_OK)
        from_table(ans, t, x, y, side);
    wy_table_free(t);
    return st;
}

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

void wy_options_init(wy_options *o)
{
    memset(o, 0, sizeof *o);
    wy_answer_init(&o->pos);
}

/* Drop the lists (the answer stays initialised). */
static void options_reset(wy_options *o)
{
    free(o->moves);
    free(o->values);
    wy_bigmoves_free(o->wins, o->complete ? 0 : o->count);
    o->moves = NULL;
    o->values = NULL;
    o->wins = NULL;
    o->count = 0;
    o->complete = 0;
}

void wy_options_clear(wy_options *o)
{
    options_reset(o);
    wy_answer_clear(&o->pos);
}

/* Every option from one table of the window up to (x, y). */
static wy_status options_table(wy_exact *e, wy_options *o, uint32_t x, uint32_t y, wy_side side, uint64_t count,
                               const wy_run *run, char *err, size_t errlen)
{
    uint64_t list = wy_sat_mul(count ? count : 1, sizeof(wy_move) + sizeof(uint32_t));
    uint64_t need = wy_sat_add(wy_table_estimate(&e->rules, x + 1, y + 1, side), list);
    if (e->mem_limit && need > e->mem_limit) {
        char a[32], b[32];
        wy_format_bytes(a, sizeof a, need);
        wy_format_bytes(b, sizeof b, e->mem_limit);
        return wy_fail(WY_ERANGE, err, errlen,
                       "listing the %llu options of (%u, %u) with their values needs about %s, more than the "
                       "limit of %s",
                       (unsigned long long)count, x, y, a, b);
    }
    o->moves = malloc((size_t)(count ? count : 1) * sizeof *o->moves);
    o->values = malloc((size_t)(count ? count : 1) * sizeof *o->values);
    if (!o->moves || !o->values)
        return wy_fail(WY_ERANGE, err, errlen, "out of memory listing %llu options", (unsigned long long)count);
    size_t n = 0;
    wy_status st = wy_moves_list(o->moves, (size_t)count, &n, &e->rules, x, y, side, err, errlen);
    if (st != WY_OK)
        return st;
    wy_table *t = NULL;
    st = wy_table_compute_run(&t, &e->rules, x + 1, y + 1, side, e->mem_limit, WY_LAYOUT_AUTO, run, err, errlen);
    if (st != WY_OK)
        return st;
    uint32_t v0 = wy_table_get(t, x, y, side);
    mpz_set_ui(o->pos.value, v0);
    o->pos.has_value = 1;
    o->pos.outcome = v0 ? 'N' : 'P';
    o->pos.method = "table";
    for (size_t i = 0; i < n; i++)
        o->values[i] = wy_table_get(t, o->moves[i].x, o->moves[i].y, o->moves[i].side);
    wy_table_free(t);
    o->complete = 1;
    o->count = n;
    return WY_OK;
}

wy_status wy_eval_options(wy_exact *e, wy_options *o, const mpz_t x, const mpz_t y, wy_side side, const wy_run *run,
                          char *err, size_t errlen)
{
    options_reset(o);
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    const uint32_t N = e->rules.max;
    /* small positions: every option from the table engine (for max=N above
     * 10^7, only small coordinates: the table's cost grows with N there) */
    if (table_fits(e, x, y, side, OPTIONS_CELLS) &&
        (!N || N <= 10000000u || (mpz_cmp_ui(x, 10000000) < 0 && mpz_cmp_ui(y, 10000000) < 0))) {
        uint32_t px = (uint32_t)mpz_get_ui(x), py = (uint32_t)mpz_get_ui(y);
        uint64_t count = wy_moves_count(&e->rules, px, py, side);
        if (count > OPTIONS_MAX)
            return wy_fail(WY_ERANGE, err, errlen, "position (%u, %u) has %llu moves, too many to list (at most %u)",
                           px, py, (unsigned long long)count, OPTIONS_MAX);
        st = options_table(e, o, px, py, side, count, run, err, errlen);
        if (st != WY_OK)
            options_reset(o);
        return st;
    }
    /* larger ones: the winning moves from the exact engine */
    st = wy_exact_eval(e, &o->pos, x, y, side, err, errlen);
    if (st != WY_OK)
        return st;
    const char *method = "";
    st = wy_exact_winning(e, &o->wins, &o->count, &method, x, y, side, err, errlen);
    if (st != WY_OK) {
        options_reset(o);
        return st;
    }
    o->pos.method = method;
    return WY_OK;
}
