/* exact_moves.c - the winning moves of a position of any size
 * (wy_exact_winning): in each line of moves, the P-positions are found
 * from the ruleset's closed form or periodicity, then each is tested. */
#include "exact.h"
#include "wythoff_automaton.h"
#include "exact_misere.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wy_bigmoves_free(wy_bigmove *m, size_t count)
{
    if (!m)
        return;
    for (size_t i = 0; i < count; i++)
        mpz_clears(m[i].x, m[i].y, NULL);
    free(m);
}

typedef struct {
    wy_bigmove *v;
    size_t n, cap;
    int oom;
} mlist;

static void ml_add(mlist *l, wy_move_kind kind, const mpz_t x, const mpz_t y, wy_side side)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].side.pass == side.pass && l->v[i].side.heap == side.heap && mpz_cmp(l->v[i].x, x) == 0 &&
            mpz_cmp(l->v[i].y, y) == 0)
            return; /* one target, one move */
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 8;
        wy_bigmove *nv = realloc(l->v, nc * sizeof *nv);
        if (!nv) {
            l->oom = 1;
            return;
        }
        l->v = nv;
        l->cap = nc;
    }
    wy_bigmove *m = &l->v[l->n++];
    m->kind = kind;
    mpz_init_set(m->x, x);
    mpz_init_set(m->y, y);
    m->side = side;
}

/* wy_moves_list's order: column, row, diagonal, modular, heap, pass */
static int move_rank(wy_move_kind k)
{
    switch (k) {
    case WY_MOVE_COL: return 0;
    case WY_MOVE_ROW: return 1;
    case WY_MOVE_DIAG: return 2;
    case WY_MOVE_MOD: return 3;
    case WY_MOVE_HEAP: return 4;
    default: return 5;
    }
}

static int cmp_moves(const void *pa, const void *pb)
{
    const wy_bigmove *a = pa, *b = pb;
    if (move_rank(a->kind) != move_rank(b->kind))
        return move_rank(a->kind) - move_rank(b->kind);
    /* nearer targets first: larger coordinates first */
    int c = mpz_cmp(b->x, a->x);
    if (c)
        return c;
    c = mpz_cmp(b->y, a->y);
    if (c)
        return c;
    return (int)b->side.heap - (int)a->side.heap;
}

/* ------------------------------------------------------------------ */
/* The search                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_exact *e;
    mpz_srcptr x, y;   /* the position */
    wy_side side;
    wy_side cside;     /* its side state in the game that gives the candidates (p mod 2 passes) */
    uint32_t hx;       /* the extra heap of a nim-sum (G = G_base xor h) in that game, else 0 */
    mlist l;           /* the winning moves found */
    int undecided;     /* some option's outcome is not decided */
    mpz_t tx, ty, k, u; /* scratch */
} search;

/* Add the move of `kind` to (tx, ty, side) when that is a P-position. */
static void try_to(search *w, wy_move_kind kind, const mpz_t tx, const mpz_t ty, wy_side side)
{
    if (mpz_sgn(tx) < 0 || mpz_sgn(ty) < 0)
        return;
    int p = wyi_ex_is_p(w->e, tx, ty, side);
    if (p < 0)
        w->undecided = 1;
    else if (p)
        ml_add(&w->l, kind, tx, ty, side);
}

/* The move on the two heaps from (x, y) to (tx, ty): a column, row or
 * diagonal move, or -1 when one such move does not reach it. */
static int step_kind(search *w, const mpz_t tx, const mpz_t ty)
{
    mpz_sub(w->k, w->x, tx);
    mpz_sub(w->u, w->y, ty);
    if (mpz_sgn(w->k) == 0 && mpz_sgn(w->u) > 0)
        return WY_MOVE_ROW;
    if (mpz_sgn(w->u) == 0 && mpz_sgn(w->k) > 0)
        return WY_MOVE_COL;
    if (mpz_sgn(w->k) > 0 && mpz_cmp(w->k, w->u) == 0)
        return WY_MOVE_DIAG;
    return -1;
}

/* The positions (px, py), px, py < lim (and px + py <= sum_max), that are
 * P-positions of the small table (or all of them: terminal sets), reached
 * by one move on the heaps. */
static void try_region(search *w, uint32_t lim, uint32_t sum_max, int all_p)
{
    for (uint32_t px = 0; px < lim; px++)
        for (uint32_t py = 0; py < lim && px + py <= sum_max; py++) {
            mpz_set_ui(w->tx, px);
            mpz_set_ui(w->ty, py);
            int kind = step_kind(w, w->tx, w->ty);
            if (kind < 0)
                continue;
            if (all_p)
                ml_add(&w->l, (wy_move_kind)kind, w->tx, w->ty, w->side);
            else
                try_to(w, (wy_move_kind)kind, w->tx, w->ty, w->side);
        }
}

/* The move on the heaps of e's rules from (x, y) to (tx, ty) (take
 * a = x - tx and b = y - ty), or -1 when no single move does it. */
static int reach_kind(search *w, const mpz_t tx, const mpz_t ty)
{
    const wy_rules *r = &w->e->rules;
    mpz_add(w->k, w->x, w->y);
    if (mpz_cmp_ui(w->k, wyi_terminal_bound(r)) <= 0)
        return -1; /* a terminal position: no move on the heaps */
    mpz_sub(w->k, w->x, tx);
    mpz_sub(w->u, w->y, ty);
    const int a = mpz_sgn(w->k), b = mpz_sgn(w->u);
    if (a < 0 || b < 0 || (a == 0 && b == 0))
        return -1;
    if (r->max && (mpz_cmp_ui(w->k, r->max) > 0 || mpz_cmp_ui(w->u, r->max) > 0))
        return -1;
    if (a == 0)
        return WY_MOVE_ROW;
    if (b == 0)
        return WY_MOVE_COL;
    if (r->game != WY_GAME_WYTHOFF)
        return -1;
    if (mpz_cmp(w->k, w->u) == 0)
        return WY_MOVE_DIAG;
    if (!r->mod)
        return -1;
    mpz_sub(w->k, w->k, w->u);
    return mpz_divisible_ui_p(w->k, r->mod) ? WY_MOVE_MOD : -1;
}

/* Misere play: every cell (px, py), px, py < lim, of the exceptional set's
 * corner that one move on the heaps reaches, tested. */
static void try_corner(search *w, uint32_t lim)
{
    for (uint32_t px = 0; px < lim; px++)
        for (uint32_t py = 0; py < lim; py++) {
            mpz_set_ui(w->tx, px);
            mpz_set_ui(w->ty, py);
            int kind = reach_kind(w, w->tx, w->ty);
            if (kind >= 0)
                try_to(w, (wy_move_kind)kind, w->tx, w->ty, w->side);
        }
}

/* Small positions: every move on the heaps, from the move lister. */
static wy_status win_small(search *w, char *err, size_t errlen)
{
    const wy_side none = {0, 0};
    uint32_t xs = (uint32_t)mpz_get_ui(w->x), ys = (uint32_t)mpz_get_ui(w->y);
    size_t n = (size_t)wy_moves_count(&w->e->rules, xs, ys, none);
    wy_move *mv = malloc((n ? n : 1) * sizeof *mv);
    if (!mv)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    wy_moves_list(mv, n, &n, &w->e->rules, xs, ys, none, NULL, 0);
    for (size_t i = 0; i < n; i++) {
        mpz_set_ui(w->tx, mv[i].x);
        mpz_set_ui(w->ty, mv[i].y);
        try_to(w, mv[i].kind, w->tx, w->ty, w->side);
    }
    free(mv);
    return WY_OK;
}

/* Heap moves, to (x, y, h') for h' < h, and the pass.  With the heap added
 * by nim-sum (G = G_base xor h; n: the normal-play evaluator of that game)
 * the one candidate is h' = G_base: found from the base value when it is
 * known, without testing every h' (a heap of 10^8 stones).  In misere play
 * (mis) every candidate is tested: G- = G off the form's set E, and
 * h' = 0, 1 are the candidates on E. */
static void win_side(search *w, wy_exact *n, int mis)
{
    wy_exact *e = w->e;
    const wy_side side = w->side;
    if (side.heap > 0 && n->heap_xor) {
        wy_answer base;
        wy_answer_init(&base);
        wy_side b0 = {w->cside.pass, 0};
        int known = wyi_ex_sub_eval(e, n, &base, w->x, w->y, b0, NULL, 0) == WY_OK;
        if (known && (base.has_value || base.outcome == 'P')) {
            if (!base.has_value)
                mpz_set_ui(base.value, 0);
            if (mpz_cmp_ui(base.value, side.heap) < 0) {
                wy_side s2 = {side.pass, (uint32_t)mpz_get_ui(base.value)};
                if (mis)
                    try_to(w, WY_MOVE_HEAP, w->x, w->y, s2);
                else
                    ml_add(&w->l, WY_MOVE_HEAP, w->x, w->y, s2);
            }
            for (uint32_t h = 0; mis && h < 2 && h < side.heap; h++) {
                wy_side s2 = {side.pass, h};
                try_to(w, WY_MOVE_HEAP, w->x, w->y, s2);
            }
        } else {
            /* G_base unknown: h' = 0 and 1 may still be decided */
            for (uint32_t h = side.heap < 2 ? side.heap : 2; h-- > 0;) {
                wy_side s2 = {side.pass, h};
                try_to(w, WY_MOVE_HEAP, w->x, w->y, s2);
            }
            if (side.heap > 2)
                w->undecided = 1;
        }
        wy_answer_clear(&base);
    } else {
        /* every smaller heap; one undecided option decides the call (not
         * decided), and a heap of 2^32 - 1 stones takes a while: the run
         * may stop it */
        for (uint32_t h = side.heap; h-- > 0 && !w->undecided;) {
            if ((side.heap - h) % POLL_EVERY == 0 && wyi_run_stop(e->run, side.heap - h, side.heap)) {
                e->canceled = 1;
                w->undecided = 1;
                break;
            }
            wy_side s2 = {side.pass, h};
            try_to(w, WY_MOVE_HEAP, w->x, w->y, s2);
        }
    }
    /* a pass only from a position with another move: a heap move, or a
     * move on the heaps (x + y above the terminal bound) */
    mpz_add(w->k, w->x, w->y);
    if (side.pass > 0 && (side.heap > 0 || mpz_cmp_ui(w->k, wyi_terminal_bound(&e->rules)) > 0)) {
        wy_side s2 = {side.pass - 1, side.heap};
        try_to(w, WY_MOVE_PASS, w->x, w->y, s2);
    }
}

/* Wythoff-like lines: in the row and the column of (x, y), the one
 * P-position is the partner of the fixed coordinate (Wythoff), the same
 * number (Nim) or its Nim-with-pass counterpart; on the diagonal, the pair
 * with the same difference; modular moves reach the pairs whose difference
 * is congruent.  Each candidate is tested with the P-test. */
static void win_partners(search *w, int ek)
{
    const wy_rules *b = &w->e->base;
    mpz_srcptr x = w->x, y = w->y;
    mpz_ptr tx = w->tx, ty = w->ty, k = w->k, u = w->u;
    const int nim = ek == K_NIM || ek == K_NIMPASS;
    const int nimpass = ek == K_NIMPASS && w->cside.pass == 1;
    for (int line = 0; line < 2; line++) { /* 0: column move (x changes), 1: row move */
        mpz_srcptr fixed = line == 0 ? y : x, moving = line == 0 ? x : y;
        if (nimpass) {
            if (mpz_sgn(fixed) == 0)
                mpz_set_ui(u, 0);
            else if (mpz_odd_p(fixed))
                mpz_add_ui(u, fixed, 1);
            else
                mpz_sub_ui(u, fixed, 1);
        } else if (nim) {
            mpz_set_ui(u, w->hx); /* x xor y xor h = 0 */
            mpz_xor(u, u, fixed);
        } else {
            wyi_ex_partner(u, fixed);
        }
        if (mpz_cmp(u, moving) < 0)
            try_to(w, line ? WY_MOVE_ROW : WY_MOVE_COL, line ? x : u, line ? u : y, w->side);
    }
    if (!nim) {
        /* diagonal: the pair with the same difference */
        mpz_sub(k, y, x);
        mpz_abs(u, k);
        wyi_ex_lower(tx, u);
        mpz_add(ty, tx, u);
        if (mpz_sgn(k) < 0)
            mpz_swap(tx, ty);
        mpz_sub(u, x, tx);
        if (mpz_sgn(u) > 0)
            try_to(w, WY_MOVE_DIAG, tx, ty, w->side);
    }
    if (ek == K_WMOD) {
        /* modular moves: targets (p, q) with q - p = y - x (mod M), |q - p| < M */
        mpz_sub(k, y, x);
        unsigned long M = b->mod, r = (unsigned long)mpz_fdiv_ui(k, M);
        long cand[2] = {(long)r, (long)r - (long)M};
        for (int i = 0; i < 2; i++) {
            mpz_set_si(u, cand[i]);
            if (mpz_cmp(u, k) == 0)
                continue; /* that is the diagonal */
            mpz_abs(u, u);
            wyi_ex_lower(tx, u);
            mpz_add(ty, tx, u);
            if (cand[i] < 0)
                mpz_swap(tx, ty);
            if (mpz_cmp(tx, x) < 0 && mpz_cmp(ty, y) < 0)
                try_to(w, WY_MOVE_MOD, tx, ty, w->side);
        }
    }
    if (ek == K_WT2M)
        try_region(w, 8, 14, 0); /* the small region's P-positions (x, y < 8) */
}

/* Wythoff's value-1 layer as the P-positions (wythoff+heap=1 with the heap,
 * wythoff+pass with the pass; docs/automata.md): in the row of x and the
 * column of y, the layer's positions the automaton gives (one each); on the
 * diagonal, the layer's position with the same difference; and, for the pass
 * game, the P-positions of x, y <= 8 that one move reaches.  Each candidate
 * is tested with the P-test. */
static void win_v1(search *w, const wy_automaton *v1, int pass_game)
{
    mpz_t c[4];
    for (int i = 0; i < 4; i++)
        mpz_init(c[i]);
    for (int line = 0; line < 2; line++) { /* 0: column move (x changes), 1: row move */
        mpz_srcptr fixed = line == 0 ? w->y : w->x, moving = line == 0 ? w->x : w->y;
        size_t n = 0;
        wy_automaton_row(v1, c, 4, &n, fixed);
        for (size_t i = 0; i < n && i < 4; i++)
            if (mpz_cmp(c[i], moving) < 0)
                try_to(w, line ? WY_MOVE_ROW : WY_MOVE_COL, line ? w->x : c[i], line ? c[i] : w->y, w->side);
        if (n > 4)
            w->undecided = 1; /* not a layer of one position per row: never for the proved automaton */
    }
    mpz_sub(w->k, w->y, w->x);
    mpz_abs(w->u, w->k);
    if (wy_automaton_diagonal(v1, w->tx, w->ty, w->u, NULL, 0) == WY_OK) {
        if (mpz_sgn(w->k) < 0)
            mpz_swap(w->tx, w->ty);
        if (mpz_cmp(w->tx, w->x) < 0)
            try_to(w, WY_MOVE_DIAG, w->tx, w->ty, w->side);
    }
    if (pass_game)
        try_region(w, 9, 16, 0);
    for (int i = 0; i < 4; i++)
        mpz_clear(c[i]);
}

/* wythoff+terminal=2 (paper 001): the P-positions in the row of c are
 * c = a_n + g(n) - 1 (partner b_n + g(n)) or c = b_n + g(n) (partner
 * a_n + g(n) - 1); on the diagonal, difference n + 1; and the terminal set. */
static void win_t2(search *w)
{
    mpz_srcptr x = w->x, y = w->y;
    mpz_ptr tx = w->tx, ty = w->ty, k = w->k, u = w->u;
    for (int line = 0; line < 2; line++) {
        mpz_srcptr c = line == 0 ? y : x, moving = line == 0 ? x : y;
        for (int d = 0; d <= 1; d++) {
            /* a_n = c + d with g(n) = 1 - d, partner b_n + g(n) */
            mpz_add_ui(u, c, (unsigned long)d);
            if (wyi_ex_classify(k, u) == 0 && wyi_ex_g001(k) == 1 - d) {
                mpz_add(u, u, k);
                mpz_add_ui(u, u, (unsigned long)(1 - d));
                if (mpz_cmp(u, moving) < 0)
                    try_to(w, line ? WY_MOVE_ROW : WY_MOVE_COL, line ? x : u, line ? u : y, w->side);
            }
            /* b_n = c - d with g(n) = d, partner a_n + g(n) - 1 */
            if (mpz_cmp_ui(c, (unsigned long)d + 1) < 0)
                continue;
            mpz_sub_ui(u, c, (unsigned long)d);
            if (wyi_ex_classify(k, u) == 1 && wyi_ex_g001(k) == d) {
                mpz_sub(u, u, k);
                if (d == 0) {
                    if (mpz_sgn(u) == 0)
                        continue;
                    mpz_sub_ui(u, u, 1);
                }
                if (mpz_cmp(u, moving) < 0)
                    try_to(w, line ? WY_MOVE_ROW : WY_MOVE_COL, line ? x : u, line ? u : y, w->side);
            }
        }
    }
    /* diagonal: difference n + 1 */
    mpz_sub(k, y, x);
    mpz_abs(u, k);
    if (mpz_sgn(u) > 0) {
        mpz_sub_ui(u, u, 1);
        wyi_ex_lower(tx, u);
        int g = wyi_ex_g001(u);
        mpz_add(ty, tx, u);
        mpz_add_ui(ty, ty, (unsigned long)g);
        if (!g)
            mpz_sub_ui(tx, tx, 1);
        if (mpz_sgn(k) < 0)
            mpz_swap(tx, ty);
        mpz_sub(u, x, tx);
        if (mpz_sgn(tx) >= 0 && mpz_sgn(u) > 0)
            try_to(w, WY_MOVE_DIAG, tx, ty, w->side);
    }
    try_region(w, 3, 2, 1); /* the terminal set x + y <= 2: all P */
}

/* max=N (paper 002): P-positions by residues mod q = N + 1.  In a line the
 * residue of the moving coordinate is fixed, and a move of 1..N reaches
 * each residue at most once. */
static void win_residues(search *w, int ek)
{
    const wy_rules *b = &w->e->base;
    mpz_srcptr x = w->x, y = w->y;
    mpz_ptr tx = w->tx, ty = w->ty, k = w->k, u = w->u;
    const unsigned long q = (unsigned long)b->max + 1, N = b->max;
    const unsigned long ru = mpz_fdiv_ui(x, q), rv = mpz_fdiv_ui(y, q);
    for (int line = 0; line < 2; line++) { /* 0: column move, 1: row move */
        const unsigned long mine = line == 0 ? ru : rv, other = line == 0 ? rv : ru;
        unsigned long target = other ^ w->hx; /* r(x) xor r(y) xor h = 0 */
        if (target > N)
            continue;
        if (ek == K_WMAX) {
            mpz_set_ui(k, other);
            wyi_ex_partner(tx, k);
            if (mpz_cmp_ui(tx, N) > 0)
                continue;
            target = mpz_get_ui(tx);
        }
        unsigned long step = (mine + q - target) % q;
        mpz_srcptr moving = line == 0 ? x : y;
        if (step == 0 || mpz_cmp_ui(moving, step) < 0)
            continue;
        mpz_set(tx, x);
        mpz_set(ty, y);
        mpz_sub_ui(line == 0 ? tx : ty, moving, step);
        try_to(w, line ? WY_MOVE_ROW : WY_MOVE_COL, tx, ty, w->side);
    }
    if (ek != K_WMAX)
        return;
    /* diagonal: residue pairs (u', v') with v' - u' = v - u (mod q) */
    const unsigned long d = (rv + q - ru) % q;
    for (int c = 0; c < 2; c++) {
        unsigned long n = c == 0 ? d : q - d;
        if (c == 1 && d == 0)
            continue;
        mpz_set_ui(k, n);
        wyi_ex_lower(u, k);
        unsigned long an = mpz_get_ui(u);
        if (an + n > N)
            continue;
        unsigned long up = c == 0 ? an : an + n; /* target residues (up, up + d mod q) */
        unsigned long step = (ru + q - up) % q;
        if (step == 0 || mpz_cmp_ui(x, step) < 0 || mpz_cmp_ui(y, step) < 0)
            continue;
        mpz_sub_ui(tx, x, step);
        mpz_sub_ui(ty, y, step);
        try_to(w, WY_MOVE_DIAG, tx, ty, w->side);
    }
}

/* Any other max=N: every move on the heaps, at most 3N of them. */
static wy_status win_bounded(search *w, char *err, size_t errlen)
{
    const wy_rules *b = &w->e->base;
    const unsigned long N = b->max;
    if (N > 100000)
        return wyi_fail(WY_EUNDECIDED, err, errlen, "listing the moves of max=%lu at this size is too slow", N);
    for (int kind = 0; kind < 3; kind++) {
        if (kind == WY_MOVE_DIAG && b->game != WY_GAME_WYTHOFF)
            break;
        for (unsigned long a = 1; a <= N; a++) {
            if ((kind != WY_MOVE_ROW && mpz_cmp_ui(w->x, a) < 0) || (kind != WY_MOVE_COL && mpz_cmp_ui(w->y, a) < 0))
                break;
            mpz_set(w->tx, w->x);
            mpz_set(w->ty, w->y);
            if (kind != WY_MOVE_ROW)
                mpz_sub_ui(w->tx, w->tx, a);
            if (kind != WY_MOVE_COL)
                mpz_sub_ui(w->ty, w->ty, a);
            try_to(w, (wy_move_kind)kind, w->tx, w->ty, w->side);
        }
    }
    return WY_OK;
}

/* Positions below this many moves on the heaps, all in the small table,
 * have their moves listed one by one. */
#define SMALL_MOVES 8192

wy_status wy_exact_winning(wy_exact *e, wy_bigmove **moves, size_t *count, const char **method, const mpz_t x,
                           const mpz_t y, wy_side side, char *err, size_t errlen)
{
    *moves = NULL;
    *count = 0;
    wy_answer self;
    wy_answer_init(&self);
    wy_status st = wy_exact_eval(e, &self, x, y, side, err, errlen);
    *method = self.method;
    const int is_pos_p = self.outcome == 'P';
    wy_answer_clear(&self);
    if (st != WY_OK || is_pos_p)
        return st;
    search w;
    memset(&w, 0, sizeof w);
    w.e = e;
    w.x = x;
    w.y = y;
    w.side = side;
    mpz_inits(w.tx, w.ty, w.k, w.u, NULL);
    /* The candidates come from the structure of the game in its reduced form
     * (every candidate is then tested in e's own game): c, the same game with
     * p mod 2 passes (wyi_ex_pass_sub); for a misere form M1-M5, n, its
     * normal-play version: off the form's set E, G- = G, so every misere
     * P-option off E is a normal P-option, and the options in E are tested
     * one by one (docs/exact.md, "Winning moves in misere play"). */
    w.cside = side;
    wy_exact *c = wyi_ex_pass_sub(e, &w.cside), *n;
    if (!c)
        c = e;
    n = c;
    int ek = c->kind, mis = 0;
    uint32_t corner = 0; /* misere: E lies in x, y < corner */
    if (c->mis_form && c->mis_form != WYI_MIS_WT2 && c->normal) {
        mis = 1;
        n = c->normal;
        ek = c->rules.max ? K_BOUNDED : n->kind; /* max=N: every option (M1 with max=N, M3) */
        corner = c->mis_form == WYI_MIS_NIM ? 2 : c->mis_form == WYI_MIS_WYT || c->mis_form == WYI_MIS_NIM_PASS ? 3 : 0;
    }
    w.hx = n->heap_xor ? w.cside.heap : 0;
    int v1 = n->v1 && !mis && ((ek == K_WYT && w.hx == 1) || (ek == K_WPASS && w.cside.pass == 1));
    if ((w.hx && ek != K_NIM && ek != K_NIMMAX && ek != K_BOUNDED) || (ek == K_WPASS && w.cside.pass > 0))
        ek = K_NONE; /* the P-positions in a line are not known in closed form */
    if (v1)
        ek = K_V1; /* ... but those of the value-1 layer are (docs/automata.md) */
    const wy_side none = {0, 0};
    if (wyi_ex_fits_small(x, y) &&
        wy_moves_count(&e->rules, mpz_get_ui(x), mpz_get_ui(y), none) <= SMALL_MOVES) {
        st = win_small(&w, err, errlen);
    } else {
        if (corner && ek != K_BOUNDED && ek != K_NONE)
            try_corner(&w, corner);
        switch (ek) {
        case K_NIM:
        case K_WYT:
        case K_WMOD:
        case K_WT2M:
        case K_NIMPASS:
        case K_WPASS: win_partners(&w, ek); break;
        case K_WT2: win_t2(&w); break;
        case K_V1: win_v1(&w, n->v1, n->kind == K_WPASS); break;
        case K_WMAX:
        case K_NIMMAX: win_residues(&w, ek); break;
        case K_BOUNDED: st = win_bounded(&w, err, errlen); break;
        default: w.undecided = 1; break;
        }
    }
    if (st == WY_OK) {
        e->canceled = 0;
        win_side(&w, n, mis);
        if (e->canceled)
            st = wyi_fail(WY_ECANCELED, err, errlen, "stopped");
    }
    if (st == WY_OK && w.l.oom)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    else if (st == WY_OK && w.undecided)
        st = wyi_fail(WY_EUNDECIDED, err, errlen,
                      "the outcome of some option of this position is not decided by any exact method");
    if (st == WY_OK) {
        if (w.l.n > 1)
            qsort(w.l.v, w.l.n, sizeof *w.l.v, cmp_moves);
        *moves = w.l.v;
        *count = w.l.n;
    } else {
        wy_bigmoves_free(w.l.v, w.l.n);
    }
    mpz_clears(w.tx, w.ty, w.k, w.u, NULL);
    return st;
}

/* ------------------------------------------------------------------ */
/* Winning moves from layer scans                                      */
/* ------------------------------------------------------------------ */
/*
 * Every option of (x, y) on the heaps has min <= lo = min(x, y) and both
 * coordinates <= hi = max(x, y), so the P-positions of rows 0..lo (with
 * their mirror images) contain every P-option; a cell (a, b) of such a row
 * with b > B(lo) does not exist, so the scan needs min(hi, B(lo)) + 1
 * columns.  The pass and the extra heap lead to the same cell in another
 * side state: one membership scan each.
 */
typedef struct {
    uint64_t x, y, lo;
    int wythoff, is_p;
    wy_side side;
    mlist *l;
    mpz_t tx, ty;
} lwin;

static void lwin_try(lwin *w, uint64_t a, uint64_t b)
{
    wy_move_kind k;
    if (a == w->x && b < w->y)
        k = WY_MOVE_ROW;
    else if (b == w->y && a < w->x)
        k = WY_MOVE_COL;
    else if (w->wythoff && a < w->x && b < w->y && w->x - a == w->y - b)
        k = WY_MOVE_DIAG;
    else
        return;
    mpz_set_ui(w->tx, a);
    mpz_set_ui(w->ty, b);
    ml_add(w->l, k, w->tx, w->ty, w->side);
}

static int on_p(void *p, uint64_t a, uint64_t b)
{
    lwin *w = p;
    if ((a == w->x && b == w->y) || (a == w->y && b == w->x))
        w->is_p = 1;
    lwin_try(w, a, b);
    if (a != b)
        lwin_try(w, b, a);
    return 0;
}

wy_status wyi_ex_layer_winning(wy_exact *e, wy_bigmove **moves, size_t *count, int *is_p, const mpz_t x,
                               const mpz_t y, wy_side side, const wy_run *run, char *err, size_t errlen)
{
    *moves = NULL;
    *count = 0;
    *is_p = 0;
    mpz_srcptr lo_z, hi_z;
    wyi_ex_order(&lo_z, &hi_z, x, y);
    if (mpz_sizeinbase(lo_z, 2) > 40)
        return wyi_fail(WY_EUNDECIDED, err, errlen,
                        "listing the winning moves by the layer engine needs min(x, y) below 2^40");
    mlist l = {0};
    lwin w;
    /* a coordinate of 2^40 or more stands as UINT64_MAX: every cell the
     * scan reports lies below 2^40, so no test below changes */
    w.x = mpz_sizeinbase(x, 2) > 40 ? UINT64_MAX : mpz_get_ui(x);
    w.y = mpz_sizeinbase(y, 2) > 40 ? UINT64_MAX : mpz_get_ui(y);
    w.lo = w.x < w.y ? w.x : w.y;
    w.wythoff = e->rules.game == WY_GAME_WYTHOFF;
    w.is_p = 0;
    w.side = side;
    w.l = &l;
    mpz_inits(w.tx, w.ty, NULL);
    const uint64_t hi = w.x < w.y ? w.y : w.x;
    const int terminal = hi <= wyi_terminal_bound(&e->rules) && w.x + w.y <= wyi_terminal_bound(&e->rules);
    const uint64_t cols = wyi_ex_layer_cols(&e->rules, side, 0, w.lo, hi_z);
    wy_status st = wyi_ex_layer_rows(e, side, 0, w.lo, cols, terminal ? NULL : on_p, &w, run, err, errlen);
    if (st == WY_OK && terminal) /* no move on the heaps: the membership alone */
        st = wyi_ex_layer_member(e, &w.is_p, x, y, side, 0, run, err, errlen);
    /* the pass: the same cell with one pass fewer (a non-terminal cell) */
    if (st == WY_OK && side.pass > 0 && !terminal) {
        wy_side s2 = {side.pass - 1, side.heap};
        int p = wyi_ex_is_p(e, x, y, s2); /* a closed form where there is one (the pass used: plain Wythoff) */
        if (p < 0)
            st = wyi_ex_layer_member(e, &p, x, y, s2, 0, run, err, errlen);
        if (st == WY_OK && p)
            ml_add(&l, WY_MOVE_PASS, x, y, s2);
    }
    /* the extra heap: the same cell with fewer stones */
    for (uint32_t h = 0; st == WY_OK && h < side.heap; h++) {
        if (h % POLL_EVERY == POLL_EVERY - 1 && wyi_run_stop(run, h, side.heap)) {
            st = wyi_fail(WY_ECANCELED, err, errlen, "stopped");
            break;
        }
        wy_side s2 = {side.pass, h};
        int p = wyi_ex_is_p(e, x, y, s2);
        if (p < 0)
            st = wyi_ex_layer_member(e, &p, x, y, s2, 0, run, err, errlen);
        if (st == WY_OK && p)
            ml_add(&l, WY_MOVE_HEAP, x, y, s2);
    }
    if (st == WY_OK && l.oom)
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    if (st == WY_OK && w.is_p && l.n)
        st = wyi_fail(WY_EINTERNAL, err, errlen, "layer scan: a P-position (%llu, %llu) with a move to a P-position",
                      (unsigned long long)w.x, (unsigned long long)w.y);
    if (st == WY_OK && !w.is_p && !l.n && !terminal)
        st = wyi_fail(WY_EINTERNAL, err, errlen, "layer scan: an N-position (%llu, %llu) without a winning move",
                      (unsigned long long)w.x, (unsigned long long)w.y);
    if (st == WY_OK) {
        if (l.n > 1)
            qsort(l.v, l.n, sizeof *l.v, cmp_moves);
        *moves = l.v;
        *count = l.n;
        *is_p = w.is_p;
    } else {
        wy_bigmoves_free(l.v, l.n);
    }
    mpz_clears(w.tx, w.ty, NULL);
    return st;
}
