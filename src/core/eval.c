/* eval.c - the one evaluator: one position (or a batch, or its options)
 * by every method that can decide it, cheapest first (docs/exact.md,
 * "The evaluator"):
 *   1. the exact engine's closed forms and theorems, no strip or
 *      certificate (so the method chosen does not depend on what earlier
 *      calls proved): O(log) big-integer operations;
 *   2. the table engine when the window 0..x, 0..y is small (TABLE_FIRST);
 *   3. the exact engine with new proofs (row strips on demand, periodicity
 *      certificates): seconds, cached on disk;
 *   4. the table engine for the value when the outcome is known and the
 *      window is affordable (TABLE_VALUE), or when nothing else could
 *      decide the outcome; an N-position known otherwise gets its value
 *      from the value layers of step 5 (layer_value) where they reach it;
 *   5. the layer engine for the outcome (rows 0..min(x, y) of the
 *      P-positions, a few bits per column), and for such an N-position its
 *      value from the layers 1, 2, ... within LAYER_VALUE_BUDGET, else from
 *      the table within TABLE_VALUE;
 *   6. a refusal: WY_ERANGE when a method applies but needs more memory
 *      than allowed, WY_EUNDECIDED when none applies; the message names
 *      what would decide the position.
 * The exact engine answers p passes left as p mod 2 (wyi_ex_pass_sub).
 * `value`, `moves` and `ppos --from` are thin clients of this file. */
#include "exact.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The windows below are counted in cells times side-state layers (work_of):
 * the table engine's time grows with both. */
/* Listing every option from the table: at most this many cells ... */
#define OPTIONS_CELLS ((uint64_t)1 << 26)
/* ... and this many options. */
#define OPTIONS_MAX 10000000u
/* A window of at most this many cells: the table before any proof. */
#define TABLE_FIRST ((uint64_t)1 << 22)
/* The outcome known, the value not: the table up to this many cells. */
#define TABLE_VALUE ((uint64_t)1 << 30)
/* An N-position whose outcome the layer engine decided (near the
 * P-positions, where values are small): its value from the layers 1, 2, ...
 * while the rows times the layers scanned stay below this (at most about
 * 1 s here). */
#define LAYER_VALUE_BUDGET ((uint64_t)1 << 26)

/* Cells of the window 0..x, 0..y (UINT64_MAX beyond the table engine). */
static uint64_t cells_of(const mpz_t x, const mpz_t y)
{
    if (mpz_cmp_ui(x, UINT32_MAX - 1) > 0 || mpz_cmp_ui(y, UINT32_MAX - 1) > 0)
        return UINT64_MAX;
    return (mpz_get_ui(x) + 1) * (mpz_get_ui(y) + 1);
}

/* The table engine's work for that window: its cells times the side-state
 * layers it computes (wy_table_work), the figure the thresholds above are
 * in (a ruleset without side state: the cells; wythoff+heap=H in misere
 * play: H + 1 times more). */
static uint64_t work_of(const wy_exact *e, const mpz_t x, const mpz_t y, wy_side side)
{
    return wyi_sat_mul(cells_of(x, y), wy_table_work(&e->rules, 1, 1, side));
}

/* The table engine's memory for that window (0 when beyond it). */
static uint64_t table_need(const wy_exact *e, const mpz_t x, const mpz_t y, wy_side side)
{
    if (cells_of(x, y) == UINT64_MAX)
        return 0;
    return wy_table_estimate(&e->rules, (uint32_t)mpz_get_ui(x) + 1, (uint32_t)mpz_get_ui(y) + 1, side);
}

/* The table engine answers (x, y) within the memory limit. */
static int table_fits(const wy_exact *e, const mpz_t x, const mpz_t y, wy_side side)
{
    uint64_t need = table_need(e, x, y, side);
    return need && (!e->mem_limit || need <= e->mem_limit);
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

static wy_status one_table(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side,
                           const wy_run *run, char *err, size_t errlen)
{
    wy_table *t = NULL;
    wy_status st = wy_table_compute_run(&t, &e->rules, (uint32_t)mpz_get_ui(x) + 1, (uint32_t)mpz_get_ui(y) + 1,
                                        side, e->mem_limit, WY_LAYOUT_AUTO, run, err, errlen);
    if (st == WY_OK)
        from_table(ans, t, x, y, side);
    wy_table_free(t);
    return st;
}

/* What the evaluator decided to do with one position. */
enum { DONE, NEED_TABLE };

static const char *M_LAYER = "layer engine (the P-positions of rows 0..min(x, y))";
static const char *M_LAYER_VALUE = "layer engine (the value layers of rows 0..min(x, y))";

/* An N-position's value by layer scans of values 1, 2, ... while the rows
 * times the layers scanned stay below LAYER_VALUE_BUDGET and the scans'
 * memory below the limit.  1: found (ans->value set); 0: not found
 * (nothing changed); -1: a scan failed (an allocation, or a stop): *st and
 * err say why.  *none: the values 1..*none are excluded (by a scan, or by
 * the bound B(x)), so that the value is above it. */
static int layer_value(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, const wy_run *run,
                       wy_status *st, uint64_t *none, char *err, size_t errlen)
{
    mpz_srcptr lo, hi;
    wyi_ex_order(&lo, &hi, x, y);
    *none = 0;
    if (mpz_sizeinbase(lo, 2) > 40)
        return 0;
    const uint64_t rows = mpz_get_ui(lo) + 1, sides = ((uint64_t)side.pass + 1) * ((uint64_t)side.heap + 1);
    uint64_t spent = 0;
    for (uint64_t g = 1; g <= 64; g++) {
        if (mpz_cmp_ui(hi, wyi_ex_layer_bound(&e->rules, side, g, rows - 1)) > 0) {
            *none = g; /* beyond B(x): not of value g, without a scan (eval_layer.c) */
            continue;
        }
        uint64_t cost = wyi_sat_mul(rows, wyi_sat_mul(sides, g + 1));
        if (wyi_sat_add(spent, cost) > LAYER_VALUE_BUDGET)
            return 0;
        spent += cost;
        /* within the limit by the estimate (a scan refused by it ends the
         * search; it is not a failure of this call) */
        if (e->mem_limit &&
            wy_layer_estimate(&e->rules, side, g, wyi_ex_layer_cols(&e->rules, side, g, rows - 1, hi)) > e->mem_limit)
            return 0;
        int is = 0;
        *st = wyi_ex_layer_member(e, &is, x, y, side, g, run, err, errlen);
        if (*st != WY_OK)
            return -1;
        if (is) {
            mpz_set_ui(ans->value, g);
            ans->has_value = 1;
            ans->outcome = 'N';
            ans->method = M_LAYER_VALUE;
            ans->why[0] = '\0';
            return 1;
        }
        *none = g;
    }
    return 0;
}

/* "; G > N: ..." after why, when the value layers excluded 1..N. */
static void why_above(wy_answer *ans, uint64_t none)
{
    size_t k = strlen(ans->why);
    if (none && none + 1 > ans->value_min)
        ans->value_min = none + 1;
    if (none && k < sizeof ans->why)
        snprintf(ans->why + k, sizeof ans->why - k,
                 "; G > %llu: the layer engine's value layers 1..%llu do not hold it (those its budget allows, or "
                 "beyond their bound B(x))", (unsigned long long)none, (unsigned long long)none);
}

/* Steps 1-5 for one position, except the table itself (NEED_TABLE).  One
 * function of about 120 lines: the steps in their order, each a few lines
 * that read what the earlier ones found. */
static wy_status decide(wy_exact *e, wy_answer *ans, int *todo, const mpz_t x, const mpz_t y, wy_side side,
                        const wy_run *run, char *err, size_t errlen)
{
    *todo = DONE;
    const wy_run *saved = e->run;
    if (run)
        e->run = run;
    /* 1. what is known */
    e->no_prove = 1;
    wy_status st = wy_exact_eval(e, ans, x, y, side, err, errlen);
    e->no_prove = 0;
    if ((st == WY_OK && ans->has_value) || (st != WY_OK && st != WY_EUNDECIDED && st != WY_ERANGE))
        goto out;
    const uint64_t cells = cells_of(x, y), work = work_of(e, x, y, side);
    const int fits = table_fits(e, x, y, side);
    /* 2. a small window */
    if (fits && work <= TABLE_FIRST) {
        *todo = NEED_TABLE;
        st = WY_OK;
        goto out;
    }
    /* 3. new proofs */
    char why[WY_ERRLEN];
    e->demand = 1;
    st = wy_exact_eval(e, ans, x, y, side, why, sizeof why);
    e->demand = 0;
    if ((st == WY_OK && ans->has_value) || (st != WY_OK && st != WY_EUNDECIDED)) {
        /* WY_ERANGE: a proof it needed did not fit: the call fails rather
         * than answer less than it would with the memory */
        if (st != WY_OK)
            wyi_fail(st, err, errlen, "%s", why);
        goto out;
    }
    const int known = st == WY_OK; /* the outcome */
    const int layer = wy_layer_supported(&e->rules, NULL, 0) == WY_OK;
    /* 4. the table for the value (an unknown outcome goes to the layer
     * engine first where it applies: faster, and it may give the value) */
    if (fits && ((known && work <= TABLE_VALUE) || (!known && !layer))) {
        *todo = NEED_TABLE;
        st = WY_OK;
        goto out;
    }
    char tneed[32] = "";
    uint64_t none = 0; /* values 1..none excluded by the layer engine */
    if (cells != UINT64_MAX)
        wy_format_bytes(tneed, sizeof tneed, table_need(e, x, y, side));
    if (known && ans->outcome == 'N' && layer) {
        /* 5'. the outcome known, the value not: the layer engine's value
         * layers 1, 2, ... within their budget (an N-position near the
         * P-positions has a small value) */
        const int lv = layer_value(e, ans, x, y, side, run, &st, &none, err, errlen);
        if (lv < 0)
            goto out; /* st and err: the failed scan (a stop, an allocation) */
        if (lv > 0) {
            st = WY_OK;
            goto out;
        }
    }
    if (known) {
        size_t k = strlen(ans->why);
        if (tneed[0] && k < sizeof ans->why)
            snprintf(ans->why + k, sizeof ans->why - k, "; the table engine would need the %lu x %lu window (about %s)",
                     mpz_get_ui(x) + 1, mpz_get_ui(y) + 1, tneed);
        why_above(ans, none);
        st = WY_OK;
        goto out;
    }
    /* 5. the layer engine for the outcome */
    char lerr[WY_ERRLEN] = "";
    wy_status ls = WY_EINVAL;
    if (layer) {
        int is = 0;
        ls = wyi_ex_layer_member(e, &is, x, y, side, 0, run, lerr, sizeof lerr);
        if (ls == WY_OK) {
            ans->outcome = is ? 'P' : 'N';
            ans->has_value = is;
            mpz_set_ui(ans->value, 0);
            ans->method = M_LAYER;
            const int lv = is ? 0 : layer_value(e, ans, x, y, side, run, &st, &none, err, errlen);
            if (lv < 0)
                goto out; /* st and err: the failed scan */
            if (lv) {
                st = WY_OK;
                goto out;
            }
            if (!is && fits && work <= TABLE_VALUE) { /* the value from the table after all */
                *todo = NEED_TABLE;
                st = WY_OK;
                goto out;
            }
            if (!is)
                snprintf(ans->why, sizeof ans->why,
                         "the layer engine gives the outcome only; the value needs the table engine on the window "
                         "0..x, 0..y%s%s%s", tneed[0] ? ": about " : ", beyond its 2^32 - 1 per side",
                         tneed, tneed[0] && !fits ? ", more than the limit" : "");
            if (!is)
                why_above(ans, none);
            st = WY_OK;
            goto out;
        }
        if (ls == WY_ECANCELED) {
            st = wyi_fail(ls, err, errlen, "%s", lerr);
            goto out;
        }
    }
    /* 6. a refusal that says what would decide it */
    {
        char tb[160] = "";
        if (cells == UINT64_MAX)
            snprintf(tb, sizeof tb, "the table engine handles coordinates below 2^32 - 1");
        else if (!fits)
            snprintf(tb, sizeof tb, "the table engine would need the %lu x %lu window: about %s, more than the limit",
                     mpz_get_ui(x) + 1, mpz_get_ui(y) + 1, tneed);
        const int mem = ls == WY_ERANGE || (cells != UINT64_MAX && !fits);
        st = wyi_fail(mem ? WY_ERANGE : WY_EUNDECIDED, err, errlen, "%s; %s; %s", why,
                      layer ? lerr : "the layer engine does not cover max=N or mod=M", tb);
    }
out:
    e->run = saved;
    return st;
}

wy_status wy_eval_positions(wy_exact *e, wy_eval_item *items, size_t n, wy_side side, const wy_run *run,
                            size_t *failed, char *err, size_t errlen)
{
    if (failed)
        *failed = 0;
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    unsigned char *need = calloc(n ? n : 1, 1);
    if (!need)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    uint64_t mx = 0, my = 0, sum = 0;
    int any = 0;
    for (size_t i = 0; i < n && st == WY_OK; i++) {
        wy_eval_item *q = &items[i];
        int todo;
        st = decide(e, &q->ans, &todo, q->x, q->y, side, run, err, errlen);
        if (st != WY_OK) {
            if (failed)
                *failed = i;
            break;
        }
        if (todo == NEED_TABLE) {
            need[i] = any = 1;
            mx = mpz_get_ui(q->x) > mx ? mpz_get_ui(q->x) : mx;
            my = mpz_get_ui(q->y) > my ? mpz_get_ui(q->y) : my;
            sum = wyi_sat_add(sum, work_of(e, q->x, q->y, side));
        }
    }
    /* one table for all when its window is not much more than theirs, else one each */
    if (st == WY_OK && any) {
        uint64_t all = wyi_sat_mul((mx + 1) * (my + 1), wy_table_work(&e->rules, 1, 1, side));
        uint64_t all_need = wy_table_estimate(&e->rules, (uint32_t)(mx + 1), (uint32_t)(my + 1), side);
        if ((all <= TABLE_FIRST || all <= wyi_sat_mul(sum, 2)) && (!e->mem_limit || all_need <= e->mem_limit)) {
            wy_table *t = NULL;
            st = wy_table_compute_run(&t, &e->rules, (uint32_t)(mx + 1), (uint32_t)(my + 1), side, e->mem_limit,
                                      WY_LAYOUT_AUTO, run, err, errlen);
            for (size_t i = 0; i < n && st == WY_OK; i++)
                if (need[i])
                    from_table(&items[i].ans, t, items[i].x, items[i].y, side);
            wy_table_free(t);
        } else {
            for (size_t i = 0; i < n && st == WY_OK; i++)
                if (need[i]) {
                    st = one_table(e, &items[i].ans, items[i].x, items[i].y, side, run, err, errlen);
                    if (st != WY_OK && failed)
                        *failed = i;
                }
        }
    }
    free(need);
    return st;
}

wy_status wy_eval(wy_exact *e, wy_answer *ans, const mpz_t x, const mpz_t y, wy_side side, const wy_run *run,
                  char *err, size_t errlen)
{
    wy_status st = wy_side_check(&e->rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    int todo;
    st = decide(e, ans, &todo, x, y, side, run, err, errlen);
    if (st == WY_OK && todo == NEED_TABLE)
        st = one_table(e, ans, x, y, side, run, err, errlen);
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
    uint64_t list = wyi_sat_mul(count ? count : 1, sizeof(wy_move) + sizeof(uint32_t));
    uint64_t need = wyi_sat_add(wy_table_estimate(&e->rules, x + 1, y + 1, side), list);
    if (e->mem_limit && need > e->mem_limit) {
        char a[32], b[32];
        wy_format_bytes(a, sizeof a, need);
        wy_format_bytes(b, sizeof b, e->mem_limit);
        return wyi_fail(WY_ERANGE, err, errlen,
                        "listing the %llu options of (%u, %u) with their values needs about %s, more than the "
                        "limit of %s",
                        (unsigned long long)count, x, y, a, b);
    }
    o->moves = malloc((size_t)(count ? count : 1) * sizeof *o->moves);
    o->values = malloc((size_t)(count ? count : 1) * sizeof *o->values);
    if (!o->moves || !o->values)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory listing %llu options", (unsigned long long)count);
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
    if (table_fits(e, x, y, side) && work_of(e, x, y, side) <= OPTIONS_CELLS &&
        (!N || N <= 10000000u || (mpz_cmp_ui(x, 10000000) < 0 && mpz_cmp_ui(y, 10000000) < 0))) {
        uint32_t px = (uint32_t)mpz_get_ui(x), py = (uint32_t)mpz_get_ui(y);
        uint64_t count = wy_moves_count(&e->rules, px, py, side);
        if (count > OPTIONS_MAX)
            return wyi_fail(WY_ERANGE, err, errlen, "position (%u, %u) has %llu moves, too many to list (at most %u)",
                            px, py, (unsigned long long)count, OPTIONS_MAX);
        st = options_table(e, o, px, py, side, count, run, err, errlen);
        if (st != WY_OK)
            options_reset(o);
        return st;
    }
    /* larger ones: the winning moves from the exact engine ... */
    const wy_run *saved = e->run;
    if (run)
        e->run = run;
    char why[WY_ERRLEN] = "";
    const char *method = "";
    e->demand = 1; /* the position's own value may prove rows; its options need outcomes only */
    const wy_status pos_st = wy_exact_eval(e, &o->pos, x, y, side, why, sizeof why);
    e->demand = 0;
    st = pos_st;
    if (st == WY_OK)
        st = wy_exact_winning(e, &o->wins, &o->count, &method, x, y, side, why, sizeof why);
    e->run = saved;
    if (st == WY_OK) {
        o->pos.method = method;
        return WY_OK;
    }
    options_reset(o);
    if (st != WY_EUNDECIDED || wy_layer_supported(&e->rules, NULL, 0) != WY_OK)
        return wyi_fail(st, err, errlen, "%s", why);
    /* ... or from layer scans of the P-positions */
    int is_p = 0;
    char lerr[WY_ERRLEN];
    st = wyi_ex_layer_winning(e, &o->wins, &o->count, &is_p, x, y, side, run, lerr, sizeof lerr);
    if (st != WY_OK) {
        options_reset(o);
        return st == WY_ECANCELED || st == WY_EINTERNAL ? wyi_fail(st, err, errlen, "%s", lerr)
                                                        : wyi_fail(st, err, errlen, "%s; %s", why, lerr);
    }
    /* the position itself: the exact engine's answer where it had one */
    if (pos_st != WY_OK) {
        o->pos.outcome = is_p ? 'P' : 'N';
        o->pos.has_value = is_p;
        mpz_set_ui(o->pos.value, 0);
        snprintf(o->pos.why, sizeof o->pos.why, "%s", is_p ? "" : "the layer engine gives the outcome only");
    } else if ((o->pos.outcome == 'P') != is_p) {
        options_reset(o);
        return wyi_fail(WY_EINTERNAL, err, errlen, "the exact engine and the layer engine disagree on the outcome of "
                        "this position");
    }
    o->pos.method = M_LAYER;
    return WY_OK;
}
