/* moves.c - the options of one state, listed explicitly (docs/rules.md). */
#include "internal.h"

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Largest amount one heap move may take from a heap of size s. */
static uint32_t take_limit(const wy_rules *r, uint32_t s) { return r->max ? min_u32(s, r->max) : s; }

static void put(wy_move *out, size_t cap, size_t *k, wy_move_kind kind, uint32_t x, uint32_t y, wy_side side)
{
    if (*k < cap) {
        out[*k].kind = kind;
        out[*k].x = x;
        out[*k].y = y;
        out[*k].side = side;
    }
    (*k)++;
}

wy_status wy_moves_list(wy_move *out, size_t cap, size_t *count, const wy_rules *r, uint32_t x, uint32_t y,
                        wy_side side, char *err, size_t errlen)
{
    wy_status st = wy_side_check(r, side, err, errlen);
    if (st != WY_OK)
        return st;
    size_t k = 0;
    int component = (uint64_t)x + y > wy_terminal_bound(r);
    if (component) {
        uint32_t ax = take_limit(r, x), by = take_limit(r, y);
        for (uint32_t a = 1; a <= ax; a++)
            put(out, cap, &k, WY_MOVE_COL, x - a, y, side);
        for (uint32_t b = 1; b <= by; b++)
            put(out, cap, &k, WY_MOVE_ROW, x, y - b, side);
        if (r->game == WY_GAME_WYTHOFF) {
            uint32_t t = min_u32(ax, by);
            for (uint32_t a = 1; a <= t; a++)
                put(out, cap, &k, WY_MOVE_DIAG, x - a, y - a, side);
            if (r->mod) {
                for (uint32_t a = 1; a <= ax; a++) {
                    /* b = a (mod M), 1 <= b <= by, b != a */
                    uint32_t b = (a - 1) % r->mod + 1;
                    for (; b <= by; b += r->mod) {
                        if (b != a)
                            put(out, cap, &k, WY_MOVE_MOD, x - a, y - b, side);
                        if (by - b < r->mod)
                            break;
                    }
                }
            }
        }
    }
    for (uint32_t h = side.heap; h-- > 0;) {
        wy_side s2 = {side.pass, h};
        put(out, cap, &k, WY_MOVE_HEAP, x, y, s2);
    }
    if (side.pass > 0 && k > 0) {
        wy_side s2 = {side.pass - 1, side.heap};
        put(out, cap, &k, WY_MOVE_PASS, x, y, s2);
    }
    *count = k;
    return WY_OK;
}
