/* exact_moves.c - the winning moves of a position of any size
 * (wy_exact_winning): in each line of moves, the P-positions are found
 * from the ruleset's closed form or periodicity, then each is tested. */
#include "exact.h"
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

/* Add (tx, ty) if it is reachable from (x, y) by kind and is a P-position. */
static int try_target(wy_exact *e, mlist *l, wy_move_kind kind, const mpz_t x, const mpz_t y, const mpz_t tx,
                      const mpz_t ty, wy_side side)
{
    if (mpz_sgn(tx) < 0 || mpz_sgn(ty) < 0)
        return 0;
    int p = wy_ex_is_p(e, tx, ty, side);
    if (p < 0)
        return -1;
    (void)x;
    (void)y;
    if (p)
        ml_add(l, kind, tx, ty, side);
    return 0;
}

wy_status wy_exact_winning(wy_exact *e, wy_bigmove **moves, size_t *count, const char **method, const mpz_t x,
                           const mpz_t y, wy_side side, char *err, size_t errlen)
{
    *moves = NULL;
    *count = 0;
    wy_answer self;
    wy_answer_init(&self);
    wy_status st = wy_exact_eval(e, &self, x, y, side, err, errlen);
    if (st != WY_OK) {
        wy_answer_clear(&self);
        return st;
    }
    *method = self.method;
    int is_pos_p = self.outcome == 'P';
    wy_answer_clear(&self);
    if (is_pos_p)
        return WY_OK;
    const wy_rules *b = &e->base;
    mlist l = {0};
    mpz_t tx, ty, k, u;
    mpz_inits(tx, ty, k, u, NULL);
    int undecided = 0;
    if (wy_ex_fits_small(x, y) && (!e->rules.max || e->rules.max < 1000)) {
        /* small positions: every option, from the move lister */
        size_t n = 0;
        uint32_t xs = (uint32_t)mpz_get_ui(x), ys = (uint32_t)mpz_get_ui(y);
        wy_moves_list(NULL, 0, &n, &e->rules, xs, ys, side, NULL, 0);
        wy_move *mv = malloc((n ? n : 1) * sizeof *mv);
        if (!mv) {
            st = wy_fail(WY_ERANGE, err, errlen, "out of memory");
            goto done;
        }
        wy_moves_list(mv, n, &n, &e->rules, xs, ys, side, NULL, 0);
        for (size_t i = 0; i < n; i++) {
            mpz_set_ui(tx, mv[i].x);
            mpz_set_ui(ty, mv[i].y);
            int p = wy_ex_is_p(e, tx, ty, mv[i].side);
            if (p < 0)
                undecided = 1;
            else if (p)
                ml_add(&l, mv[i].kind, tx, ty, mv[i].side);
        }
        free(mv);
        goto sorted;
    }
    /* Heap moves: to (x, y, h') for h' < h. */
    if (e->rules.heap) {
        for (uint32_t h = side.heap; h-- > 0;) {
            wy_side s2 = {side.pass, h};
            if (try_target(e, &l, WY_MOVE_HEAP, x, y, x, y, s2) < 0)
                undecided = 1;
        }
    }
    if (side.pass > 0) { /* a huge position always has another move */
        wy_side s2 = {side.pass - 1, side.heap};
        if (try_target(e, &l, WY_MOVE_PASS, x, y, x, y, s2) < 0)
            undecided = 1;
    }
    int ek = e->kind;
    if ((e->heap_xor && side.heap > 0) || (ek == K_WPASS && side.pass > 0))
        ek = K_NONE; /* the P-positions in a line are not known in closed form */
    switch (ek) {
    case K_NIM:
    case K_WYT:
    case K_WMOD:
    case K_WT2M:
    case K_NIMPASS:
    case K_WPASS: {
        /* Every P-position in the row of x: the partner of x (Wythoff) or its
         * Nim / Nim-with-pass counterpart; for the misere variant also the
         * small region.  Then test each candidate with the P-test. */
        const int nim = ek == K_NIM || ek == K_NIMPASS;
        const int nimpass = ek == K_NIMPASS && side.pass == 1;
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
                mpz_set(u, fixed);
            } else {
                wy_ex_partner(u, fixed);
            }
            if (mpz_cmp(u, moving) < 0) {
                if (try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y, line ? x : u, line ? u : y,
                               side) < 0)
                    undecided = 1;
            }
        }
        if (!nim) {
            /* diagonal: the pair with the same difference */
            mpz_sub(k, y, x);
            mpz_abs(u, k);
            wy_ex_lower(tx, u);
            mpz_add(ty, tx, u);
            if (mpz_sgn(k) < 0)
                mpz_swap(tx, ty);
            mpz_sub(u, x, tx);
            if (mpz_sgn(u) > 0 && try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        if (ek == K_WMOD) {
            /* modular moves: targets (p, q) with q - p = y - x (mod M), |q - p| < M */
            unsigned long M = b->mod, r = (unsigned long)mpz_fdiv_ui(k, M); /* k = y - x */
            long cand[2] = {(long)r, (long)r - (long)M};
            for (int i = 0; i < 2; i++) {
                mpz_set_si(u, cand[i]);
                if (mpz_cmp(u, k) == 0)
                    continue; /* that is the diagonal */
                mpz_abs(u, u);
                wy_ex_lower(tx, u);
                mpz_add(ty, tx, u);
                if (cand[i] < 0)
                    mpz_swap(tx, ty);
                if (mpz_cmp(tx, x) < 0 && mpz_cmp(ty, y) < 0 &&
                    try_target(e, &l, WY_MOVE_MOD, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        if (ek == K_WT2M) {
            /* the small region's P-positions, reachable by one move */
            for (uint32_t px = 0; px < 8; px++)
                for (uint32_t py = 0; py < 8; py++) {
                    mpz_set_ui(tx, px);
                    mpz_set_ui(ty, py);
                    wy_move_kind kind;
                    mpz_sub(k, x, tx);
                    mpz_sub(u, y, ty);
                    if (mpz_sgn(k) == 0 && mpz_sgn(u) > 0)
                        kind = WY_MOVE_ROW;
                    else if (mpz_sgn(u) == 0 && mpz_sgn(k) > 0)
                        kind = WY_MOVE_COL;
                    else if (mpz_sgn(k) > 0 && mpz_cmp(k, u) == 0)
                        kind = WY_MOVE_DIAG;
                    else
                        continue;
                    if (try_target(e, &l, kind, x, y, tx, ty, side) < 0)
                        undecided = 1;
                }
        }
        break;
    }
    case K_WT2: {
        /* P-positions in the row of c: c = a_n + g(n) - 1 (partner b_n + g(n))
         * or c = b_n + g(n) (partner a_n + g(n) - 1); the terminal set. */
        for (int line = 0; line < 2; line++) {
            mpz_srcptr c = line == 0 ? y : x, moving = line == 0 ? x : y;
            for (int d = 0; d <= 1; d++) {
                /* a_n = c + d with g(n) = 1 - d, partner b_n + g(n) */
                mpz_add_ui(u, c, (unsigned long)d);
                if (wy_ex_classify(k, u) == 0 && wy_ex_g001(k) == 1 - d) {
                    mpz_add(u, u, k);
                    mpz_add_ui(u, u, (unsigned long)(1 - d));
                    if (mpz_cmp(u, moving) < 0 && try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y,
                                                              line ? x : u, line ? u : y, side) < 0)
                        undecided = 1;
                }
                /* b_n = c - d with g(n) = d, partner a_n + g(n) - 1 */
                if (mpz_cmp_ui(c, (unsigned long)d + 1) < 0)
                    continue;
                mpz_sub_ui(u, c, (unsigned long)d);
                if (wy_ex_classify(k, u) == 1 && wy_ex_g001(k) == d) {
                    mpz_sub(u, u, k);
                    if (d == 0) {
                        if (mpz_sgn(u) == 0)
                            continue;
                        mpz_sub_ui(u, u, 1);
                    }
                    if (mpz_cmp(u, moving) < 0 && try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y,
                                                              line ? x : u, line ? u : y, side) < 0)
                        undecided = 1;
                }
            }
        }
        /* diagonal: difference n + 1 */
        mpz_sub(k, y, x);
        mpz_abs(u, k);
        if (mpz_sgn(u) > 0) {
            mpz_sub_ui(u, u, 1);
            wy_ex_lower(tx, u);
            int g = wy_ex_g001(u);
            mpz_add(ty, tx, u);
            mpz_add_ui(ty, ty, (unsigned long)g);
            if (!g)
                mpz_sub_ui(tx, tx, 1);
            if (mpz_sgn(k) < 0)
                mpz_swap(tx, ty);
            mpz_sub(u, x, tx);
            if (mpz_sgn(tx) >= 0 && mpz_sgn(u) > 0 && try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        /* the terminal set x + y <= 2 */
        for (uint32_t px = 0; px <= 2; px++)
            for (uint32_t py = 0; px + py <= 2; py++) {
                mpz_set_ui(tx, px);
                mpz_set_ui(ty, py);
                mpz_sub(k, x, tx);
                mpz_sub(u, y, ty);
                wy_move_kind kind;
                if (mpz_sgn(k) == 0 && mpz_sgn(u) > 0)
                    kind = WY_MOVE_ROW;
                else if (mpz_sgn(u) == 0 && mpz_sgn(k) > 0)
                    kind = WY_MOVE_COL;
                else if (mpz_sgn(k) > 0 && mpz_cmp(k, u) == 0)
                    kind = WY_MOVE_DIAG;
                else
                    continue;
                ml_add(&l, kind, tx, ty, side);
            }
        break;
    }
    case K_WMAX:
    case K_NIMMAX: {
        /* P-positions by residues mod q = N + 1 (paper 002): in a line, the
         * residue of the moving coordinate is fixed, and a move of 1..N
         * reaches each residue at most once. */
        const unsigned long q = (unsigned long)b->max + 1, N = b->max;
        const unsigned long ru = mpz_fdiv_ui(x, q), rv = mpz_fdiv_ui(y, q);
        for (int line = 0; line < 2; line++) { /* 0: column move, 1: row move */
            const unsigned long mine = line == 0 ? ru : rv, other = line == 0 ? rv : ru;
            unsigned long w = other;
            if (ek == K_WMAX) {
                mpz_set_ui(k, other);
                wy_ex_partner(tx, k);
                if (mpz_cmp_ui(tx, N) > 0)
                    continue;
                w = mpz_get_ui(tx);
            }
            unsigned long step = (mine + q - w) % q;
            mpz_srcptr moving = line == 0 ? x : y;
            if (step == 0 || mpz_cmp_ui(moving, step) < 0)
                continue;
            mpz_set(tx, x);
            mpz_set(ty, y);
            mpz_sub_ui(line == 0 ? tx : ty, moving, step);
            if (try_target(e, &l, line ? WY_MOVE_ROW : WY_MOVE_COL, x, y, tx, ty, side) < 0)
                undecided = 1;
        }
        if (ek == K_WMAX) {
            /* diagonal: residue pairs (u', v') with v' - u' = v - u (mod q) */
            const unsigned long d = (rv + q - ru) % q;
            for (int c = 0; c < 2; c++) {
                unsigned long n = c == 0 ? d : q - d, up;
                if (c == 1 && d == 0)
                    continue;
                mpz_set_ui(k, n);
                wy_ex_lower(u, k);
                unsigned long an = mpz_get_ui(u);
                if (an + n > N)
                    continue;
                up = c == 0 ? an : an + n; /* target residues (up, up + d mod q) */
                unsigned long step = (ru + q - up) % q;
                if (step == 0 || mpz_cmp_ui(x, step) < 0 || mpz_cmp_ui(y, step) < 0)
                    continue;
                mpz_sub_ui(tx, x, step);
                mpz_sub_ui(ty, y, step);
                if (try_target(e, &l, WY_MOVE_DIAG, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        break;
    }
    case K_BOUNDED: {
        /* bounded moves: every option, at most 3N of them */
        const unsigned long N = b->max;
        if (N > 100000) {
            st = wy_fail(WY_ERANGE, err, errlen, "listing the moves of max=%lu at this size is too slow", N);
            goto done;
        }
        for (int kind = 0; kind < 3; kind++) {
            for (unsigned long a = 1; a <= N; a++) {
                mpz_set(tx, x);
                mpz_set(ty, y);
                if (kind != WY_MOVE_ROW) {
                    if (mpz_cmp_ui(x, a) < 0)
                        break;
                    mpz_sub_ui(tx, tx, a);
                }
                if (kind != WY_MOVE_COL) {
                    if (mpz_cmp_ui(y, a) < 0)
                        break;
                    mpz_sub_ui(ty, ty, a);
                }
                if (kind == WY_MOVE_DIAG && b->game != WY_GAME_WYTHOFF)
                    break;
                if (try_target(e, &l, (wy_move_kind)kind, x, y, tx, ty, side) < 0)
                    undecided = 1;
            }
        }
        break;
    }
    default:
        undecided = 1;
        break;
    }
sorted:
    if (l.oom) {
        st = wy_fail(WY_ERANGE, err, errlen, "out of memory");
        goto done;
    }
    if (undecided) {
        st = wy_fail(WY_ERANGE, err, errlen,
                     "the outcome of some option of this position is not decided by any exact method");
        goto done;
    }
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, cmp_moves);
    *moves = l.v;
    *count = l.n;
    l.v = NULL;
    l.n = 0;
done:
    wy_bigmoves_free(l.v, l.n);
    mpz_clears(tx, ty, k, u, NULL);
    return st;
}
