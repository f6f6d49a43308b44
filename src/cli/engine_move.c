/* engine_move.c - the engine's move: what `wythoff play` plays and what
 * `wythoff serve` answers at its engine endpoint (docs/play.md, "How the engine
 * chooses").  One evaluator per call, no state of its own: any number of
 * threads may call it at once, each with its own wy_exact. */
#include "cli.h"

#include <string.h>

/* splitmix64's finaliser: the seed's choices look random but are fixed. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t cli_engine_hash(uint64_t seed, const mpz_t x, const mpz_t y, wy_side side)
{
    /* residues, not the low limb: the same choice on 32- and 64-bit machines */
    uint64_t h = mix(seed);
    h = mix(h ^ (uint64_t)mpz_fdiv_ui(x, 4294967291u));
    h = mix(h ^ ((uint64_t)mpz_fdiv_ui(y, 4294967291u) << 1));
    return mix(h ^ ((uint64_t)side.pass << 32) ^ side.heap);
}

/* The legal moves that remove the fewest stones: a pass (none), else one
 * stone from the first heap, the second or the extra heap (wy_moves_list's
 * order); the seed picks among the ties.  Requires a move to exist. */
static void fewest(wy_bigmove *out, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side side, uint64_t h)
{
    mpz_set(out->x, x);
    mpz_set(out->y, y);
    out->side = side;
    int board = wy_has_move(r, x, y, (wy_side){0, 0});
    if (side.pass > 0) { /* wy_has_move holds: another move exists */
        out->kind = WY_MOVE_PASS;
        out->side.pass--;
        return;
    }
    wy_move_kind k[3];
    int n = 0;
    if (board && mpz_sgn(x) > 0)
        k[n++] = WY_MOVE_COL;
    if (board && mpz_sgn(y) > 0)
        k[n++] = WY_MOVE_ROW;
    if (side.heap > 0)
        k[n++] = WY_MOVE_HEAP;
    out->kind = k[h % (uint64_t)n];
    if (out->kind == WY_MOVE_COL)
        mpz_sub_ui(out->x, out->x, 1);
    else if (out->kind == WY_MOVE_ROW)
        mpz_sub_ui(out->y, out->y, 1);
    else
        out->side.heap--;
}

static void set_small(wy_bigmove *out, const wy_move *m)
{
    out->kind = m->kind;
    mpz_set_ui(out->x, m->x);
    mpz_set_ui(out->y, m->y);
    out->side = m->side;
}

wy_status cli_engine_move(wy_exact *e, const cli_game *g, const mpz_t x, const mpz_t y, wy_side side, uint64_t seed,
                          const wy_run *run, wy_bigmove *out, int *has_move, int *winning, const char **method,
                          char *err, size_t errlen)
{
    const wy_rules *r = &g->rules;
    *has_move = 0;
    *winning = 0;
    *method = "no move";
    if (mpz_sgn(x) < 0 || mpz_sgn(y) < 0) {
        snprintf(err, errlen, "a position has no negative coordinate");
        return WY_EINVAL;
    }
    wy_status st = wy_side_check(r, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (!wy_has_move(r, x, y, side))
        return WY_OK;
    const uint64_t h = cli_engine_hash(seed, x, y, side);
    char why[WY_ERRLEN];
    wy_options o;
    wy_options_init(&o);
    st = wy_eval_options(e, &o, x, y, side, run, why, sizeof why);
    if (st == WY_OK) {
        *method = o.pos.method;
        *has_move = 1;
        size_t wins = 0;
        if (o.complete) {
            for (size_t i = 0; i < o.count; i++)
                wins += o.values[i] == 0;
            if (wins) {
                size_t k = (size_t)(h % wins);
                for (size_t i = 0; i < o.count; i++)
                    if (o.values[i] == 0 && k-- == 0) {
                        set_small(out, &o.moves[i]);
                        break;
                    }
            }
        } else if ((wins = o.count) > 0) {
            const wy_bigmove *m = &o.wins[h % wins];
            out->kind = m->kind;
            mpz_set(out->x, m->x);
            mpz_set(out->y, m->y);
            out->side = m->side;
        }
        if (wins)
            *winning = 1;
        else /* a P-position: every move loses; the longest game */
            fewest(out, r, x, y, side, h);
        wy_options_clear(&o);
        return WY_OK;
    }
    wy_options_clear(&o);
    if (st != WY_EUNDECIDED) {
        snprintf(err, errlen, "%s", why);
        return st;
    }
    /* Some option is undecided.  A P-position needs no more (every move
     * loses); otherwise the fallback, and say why. */
    wy_answer a;
    wy_answer_init(&a);
    char why2[WY_ERRLEN];
    wy_status s2 = wy_eval(e, &a, x, y, side, run, why2, sizeof why2);
    if (s2 == WY_ECANCELED) {
        wy_answer_clear(&a);
        snprintf(err, errlen, "%s", why2);
        return s2;
    }
    fewest(out, r, x, y, side, h);
    *has_move = 1;
    if (s2 == WY_OK && a.outcome == 'P') {
        *method = a.method;
        wy_answer_clear(&a);
        return WY_OK;
    }
    if (s2 == WY_OK) {
        *method = a.method;
        snprintf(err, errlen, "an N-position by %s, but no method finds a winning move: %s", a.method, why);
    } else {
        *method = "fallback";
        snprintf(err, errlen, "%s", why);
    }
    wy_answer_clear(&a);
    return WY_EUNDECIDED;
}
