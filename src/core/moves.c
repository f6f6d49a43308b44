/* moves.c - the options of one state: counted in O(1), and listed
 * (docs/rules.md, "Moves"). */
#include "internal.h"

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint64_t min_u64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The moves of (x, y) on the two heaps.  Column and row: min(s, N) each
 * (N = max, or unbounded); diagonal (wythoff): min of the two; modular
 * (mod=M): the pairs 1 <= a <= A, 1 <= b <= B with a = b (mod M), less the
 * min(A, B) pairs a = b.  With A = qa M + ra, B = qb M + rb, the residue
 * class r in 1..M holds qa + [r <= ra] values a and qb + [r <= rb] values
 * b, so the pairs number M qa qb + qa rb + qb ra + min(ra, rb).  The
 * arithmetic saturates: a count beyond 2^64 reads UINT64_MAX. */
static uint64_t board_moves(const wy_rules *r, uint64_t x, uint64_t y)
{
    if (x + y <= wyi_terminal_bound(r))
        return 0;
    uint64_t A = r->max ? min_u64(x, r->max) : x, B = r->max ? min_u64(y, r->max) : y;
    uint64_t n = A + B;
    if (r->game == WY_GAME_WYTHOFF) {
        n += min_u64(A, B);
        if (r->mod) {
            uint64_t M = r->mod, qa = A / M, ra = A % M, qb = B / M, rb = B % M;
            uint64_t pairs = wyi_sat_add(wyi_sat_mul(wyi_sat_mul(M, qa), qb),
                                         wyi_sat_add(wyi_sat_mul(qa, rb), wyi_sat_mul(qb, ra)));
            pairs = wyi_sat_add(pairs, min_u64(ra, rb));
            n = wyi_sat_add(n, pairs - min_u64(A, B)); /* pairs >= min(A, B): the pairs a = b */
        }
    }
    return n;
}

uint64_t wy_moves_count(const wy_rules *r, uint64_t x, uint64_t y, wy_side side)
{
    if (wy_side_check(r, side, NULL, 0) != WY_OK)
        return 0;
    uint64_t n = wyi_sat_add(board_moves(r, x, y), side.heap);
    return wyi_sat_add(n, side.pass > 0 && n > 0);
}

/* Largest amount one heap move may take from a heap of size s. */
static uint32_t take_limit(const wy_rules *r, uint32_t s) { return r->max ? min_u32(s, r->max) : s; }

typedef struct {
    wy_move *out;
    size_t cap, k;
} sink;

/* 1 when the sink is full (the caller stops listing). */
static int put(sink *o, wy_move_kind kind, uint32_t x, uint32_t y, wy_side side)
{
    if (o->k == o->cap)
        return 1;
    o->out[o->k].kind = kind;
    o->out[o->k].x = x;
    o->out[o->k].y = y;
    o->out[o->k].side = side;
    return ++o->k == o->cap;
}

static void list_board(sink *o, const wy_rules *r, uint32_t x, uint32_t y, wy_side side)
{
    uint32_t ax = take_limit(r, x), by = take_limit(r, y);
    for (uint32_t a = 1; a <= ax; a++)
        if (put(o, WY_MOVE_COL, x - a, y, side))
            return;
    for (uint32_t b = 1; b <= by; b++)
        if (put(o, WY_MOVE_ROW, x, y - b, side))
            return;
    if (r->game != WY_GAME_WYTHOFF)
        return;
    uint32_t t = min_u32(ax, by);
    for (uint32_t a = 1; a <= t; a++)
        if (put(o, WY_MOVE_DIAG, x - a, y - a, side))
            return;
    if (!r->mod)
        return;
    for (uint32_t a = 1; a <= ax; a++) {
        /* b = a (mod M), 1 <= b <= by, b != a */
        for (uint32_t b = (a - 1) % r->mod + 1; b <= by; b += r->mod) {
            if (b != a && put(o, WY_MOVE_MOD, x - a, y - b, side))
                return;
            if (by - b < r->mod)
                break;
        }
    }
}

wy_status wy_moves_list(wy_move *out, size_t cap, size_t *count, const wy_rules *r, uint32_t x, uint32_t y,
                        wy_side side, char *err, size_t errlen)
{
    wy_status st = wy_side_check(r, side, err, errlen);
    if (st != WY_OK)
        return st;
    uint64_t n = wy_moves_count(r, x, y, side);
    if (n > SIZE_MAX)
        return wyi_fail(WY_ERANGE, err, errlen, "(%u, %u) has more options than a size_t counts", x, y);
    *count = (size_t)n;
    sink o = {out, out ? cap : 0, 0};
    if (o.cap == 0)
        return WY_OK;
    uint64_t b = n - side.heap - (side.pass > 0 && n > 0);
    if (b && (list_board(&o, r, x, y, side), o.k == o.cap))
        return WY_OK;
    for (uint32_t h = side.heap; h-- > 0;) {
        wy_side s2 = {side.pass, h};
        if (put(&o, WY_MOVE_HEAP, x, y, s2))
            return WY_OK;
    }
    if (side.pass > 0 && n > 0) {
        wy_side s2 = {side.pass - 1, side.heap};
        put(&o, WY_MOVE_PASS, x, y, s2);
    }
    return WY_OK;
}
