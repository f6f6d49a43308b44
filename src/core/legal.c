/* legal.c - the rules of a single move at any size: whether a move exists
 * (wy_has_move) and whether a given move is legal, with the position it
 * reaches (wy_move_apply).  The play command, the engine's move and the
 * server ask here, so every front end gives one answer and one message. */
#include "internal.h"
#include "wythoff_exact.h"

#include <stdio.h>

/* A number as a message quotes it: whole up to 60 digits, else its first
 * 20 digits and its length. */
static void num_text(char *buf, size_t n, const mpz_t v)
{
    size_t d = mpz_sizeinbase(v, 10);
    if (d <= 60) {
        gmp_snprintf(buf, n, "%Zd", v);
        return;
    }
    char head[32];
    gmp_snprintf(head, sizeof head, "%Zd", v); /* truncated: its first digits */
    snprintf(buf, n, "%.20s... (%zu digits)", head, d);
}

/* A move on the two heaps exists: x + y above terminal=K (above 0). */
static int board_has_move(const wy_rules *r, const mpz_t x, const mpz_t y)
{
    mpz_t s;
    mpz_init(s);
    mpz_add(s, x, y);
    int yes = mpz_cmp_ui(s, r->has_terminal ? r->terminal : 0) > 0;
    mpz_clear(s);
    return yes;
}

int wy_has_move(const wy_rules *rules, const mpz_t x, const mpz_t y, wy_side side)
{
    /* a pass needs another move, so it never decides this */
    return side.heap > 0 || board_has_move(rules, x, y);
}

static wy_status bad(char *err, size_t errlen, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static wy_status bad(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && errlen)
        vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return WY_EINVAL;
}

/* The side moves: a pass, or stones from the extra heap (a of them). */
static wy_status side_move(wy_side *to, const wy_rules *r, const mpz_t x, const mpz_t y, wy_side s, wy_move_kind k,
                           const mpz_t a, char *err, size_t errlen)
{
    char na[96];
    if (k == WY_MOVE_PASS) {
        if (!r->passes)
            return bad(err, errlen, "this game has no pass");
        if (s.pass == 0)
            return bad(err, errlen, "no pass left (all %u used)", r->passes);
        if (!wy_has_move(r, x, y, s))
            return bad(err, errlen, "a pass is not allowed where no other move exists");
        to->pass--;
        return WY_OK;
    }
    if (!r->heap)
        return bad(err, errlen, "this game has no extra heap");
    if (mpz_sgn(a) <= 0)
        return bad(err, errlen, "a move takes at least 1 stone");
    if (mpz_cmp_ui(a, s.heap) > 0) {
        num_text(na, sizeof na, a);
        return bad(err, errlen, "cannot take %s: the extra heap has %u stone%s", na, s.heap, s.heap == 1 ? "" : "s");
    }
    to->heap -= (uint32_t)mpz_get_ui(a);
    return WY_OK;
}

/* The kind of a move on the two heaps against the ruleset's moves. */
static wy_status kind_allowed(const wy_rules *r, wy_move_kind k, const mpz_t a, const mpz_t b, char *err,
                              size_t errlen)
{
    const int two = k == WY_MOVE_DIAG || k == WY_MOVE_MOD;
    if (mpz_sgn(a) < 0 || mpz_sgn(b) < 0 || (k != WY_MOVE_ROW && mpz_sgn(a) == 0) ||
        (k != WY_MOVE_COL && mpz_sgn(b) == 0))
        return bad(err, errlen, "a move takes at least 1 stone%s", two ? " from each heap" : "");
    if (k == WY_MOVE_DIAG && r->game == WY_GAME_NIM)
        return bad(err, errlen, "nim has no move from both heaps: take from one heap");
    if (k == WY_MOVE_MOD && !r->mod)
        return bad(err, errlen,
                   "different amounts from the two heaps are a move only with mod=M "
                   "(this game takes the same from both%s)",
                   r->game == WY_GAME_NIM ? "; nim: from one heap only" : "");
    return WY_OK;
}

/* The amounts against the heaps, max=N and mod=M. */
static wy_status amounts_allowed(const wy_rules *r, const mpz_t x, const mpz_t y, wy_move_kind k, const mpz_t a,
                                 const mpz_t b, char *err, size_t errlen)
{
    char na[96], nb[96], nx[96], ny[96];
    if (k != WY_MOVE_ROW && mpz_cmp(a, x) > 0) {
        num_text(na, sizeof na, a), num_text(nx, sizeof nx, x);
        return bad(err, errlen, "cannot take %s from the first heap: it has %s", na, nx);
    }
    if (k != WY_MOVE_COL && mpz_cmp(b, y) > 0) {
        num_text(nb, sizeof nb, b), num_text(ny, sizeof ny, y);
        return bad(err, errlen, "cannot take %s from the second heap: it has %s", nb, ny);
    }
    if (r->max && ((k != WY_MOVE_ROW && mpz_cmp_ui(a, r->max) > 0) || (k != WY_MOVE_COL && mpz_cmp_ui(b, r->max) > 0)))
        return bad(err, errlen, "at most %u stone%s from a heap (max=%u)", r->max, r->max == 1 ? "" : "s", r->max);
    if (k == WY_MOVE_MOD) {
        mpz_t d;
        mpz_init(d);
        mpz_sub(d, a, b);
        int ok = mpz_divisible_ui_p(d, r->mod);
        mpz_clear(d);
        if (!ok) {
            num_text(na, sizeof na, a), num_text(nb, sizeof nb, b);
            return bad(err, errlen, "taking %s and %s is not a move: the amounts must be equal modulo %u (mod=%u)", na,
                       nb, r->mod, r->mod);
        }
    }
    return WY_OK;
}

wy_status wy_move_apply(mpz_t tx, mpz_t ty, wy_side *to, const wy_rules *rules, const mpz_t x, const mpz_t y,
                        wy_side side, wy_move_kind kind, const mpz_t a, const mpz_t b, char *err, size_t errlen)
{
    wy_status st = wy_side_check(rules, side, err, errlen);
    if (st != WY_OK)
        return st;
    if (mpz_sgn(x) < 0 || mpz_sgn(y) < 0)
        return bad(err, errlen, "a position has no negative heap");
    if ((unsigned)kind > WY_MOVE_PASS)
        return bad(err, errlen, "unknown kind of move %u", (unsigned)kind);
    if (kind == WY_MOVE_MOD && mpz_cmp(a, b) == 0) /* "take 2 and 2" */
        kind = WY_MOVE_DIAG;
    else if (kind == WY_MOVE_DIAG && mpz_cmp(a, b) != 0) /* different amounts: a modular move or none */
        kind = WY_MOVE_MOD;
    *to = side;
    if (kind == WY_MOVE_PASS || kind == WY_MOVE_HEAP) {
        if ((st = side_move(to, rules, x, y, side, kind, a, err, errlen)) != WY_OK)
            return st;
        mpz_set(tx, x);
        mpz_set(ty, y);
        return WY_OK;
    }
    const uint32_t K = rules->has_terminal ? rules->terminal : 0;
    if (!board_has_move(rules, x, y) && mpz_sgn(x) + mpz_sgn(y) > 0)
        return bad(err, errlen, "no move on the two heaps here: x + y <= %u is terminal (terminal=%u)%s", K, K,
                   side.heap ? "; the extra heap can still be played" : "");
    if ((st = kind_allowed(rules, kind, a, b, err, errlen)) != WY_OK ||
        (st = amounts_allowed(rules, x, y, kind, a, b, err, errlen)) != WY_OK)
        return st;
    if (kind != WY_MOVE_ROW)
        mpz_sub(tx, x, a);
    else
        mpz_set(tx, x);
    if (kind != WY_MOVE_COL)
        mpz_sub(ty, y, b);
    else
        mpz_set(ty, y);
    return WY_OK;
}
