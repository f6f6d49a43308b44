/* strip.c - the first rows of a ruleset as eventually (additively) periodic
 * sequences, with a proof (see strip.h for the interface).
 *
 * Notation: R rows x = 0 .. R-1, layers p = 0 .. passes (passes left), T the
 * terminal bound (x + y <= T: no component moves; T = 0 without terminal=,
 * which makes (0, 0) the only terminal cell), N the move bound (max=N) or
 * "unbounded".  r_p,x[y] = G(x, y) in layer p.
 *
 * 1. Why a finite state determines the next column.
 *    Take a column y + 1 with y + 1 > T, y + 1 >= N and y + 1 >= R - 1.  No
 *    cell of that column is terminal, so the options of (x, y + 1) in layer
 *    p are exactly these (heap= is refused; mod=M adds the moves of section
 *    1b):
 *      - row:      (x, y + 1 - b), 1 <= b <= min(y + 1, N): with max=N the
 *                  last N values of the row (b <= N <= y + 1); unbounded, the
 *                  set of every value of the row in columns 0 .. y;
 *      - column:   (x - a, y + 1), 1 <= a <= min(x, N): cells of the same
 *                  column and layer in lower rows, computed before (x, y + 1);
 *      - diagonal (wythoff only): (x - a, y + 1 - a), 1 <= a <= min(x, N)
 *                  (min(x, y + 1, N) = min(x, N) because y + 1 >= R - 1 >= x):
 *                  columns y + 2 - R .. y, i.e. among the last R - 1 values
 *                  of the lower rows (last min(N, R-1) with max=N);
 *      - pass (p > 0): (x, y + 1) in layer p - 1, computed before (layers are
 *                  done in increasing p); the cell always has another move
 *                  since it is not terminal, so the pass is always there.
 *    Misere play only changes cells without any option (terminal cells with
 *    no pass, which all lie in columns <= T); an option landing on a terminal
 *    cell contributes that cell's stored value like any other.  The value of
 *    (x, y + 1) is the mex of those option values.  So, processing layers
 *    p = 0, 1, .. and rows x = 0, 1, .. in order, column y + 1 is a function
 *    F of the STATE at column y:
 *      - for every (p, x), the last K values r[y - K + 1 .. y], with K = R
 *        unbounded and K = max(N, R) with max=N;
 *      - unbounded only: for every (p, x), the set S of values in r[0 .. y],
 *        written as its mex m and the finite set A of its elements above m.
 *    F does not depend on y (beyond the conditions above).  This is the state
 *    of strip.h; nothing had to be added to it.
 *
 * 1b. mod=M (unbounded moves only): (x, y + 1) also moves to every (u, v),
 *    u < x, v <= y, v = y + 1 - x + u (mod M) (a >= 1, b >= 1, a = b
 *    (mod M); the diagonal moves among them).  These reach back to column
 *    0, so the state also holds, per (p, x), the values of each class of
 *    columns v mod M, and P is a multiple of M so that columns y and y + P
 *    read the same classes.  A row need not hold every small value (row 3
 *    of mod=3 never has 0, 1, 2), so section 2's condition is put on the
 *    union U(x, t) of the sets a cell (x, y), y = t (mod M), reads: its row
 *    set and, of each row u < x, the class y - x + u (mod M).  The state
 *    is "moved by d" when every U(x, t) holds [0, d) and, cut to [d, oo),
 *    is the old one plus d (mod_state_matches); then the option set is
 *    (X + d) u [0, d) again, and adding the column keeps both conditions.
 *
 * 2. Why F commutes with the shift by d.
 *    max=N: d = 0, nothing to show.  Unbounded: write S + d for the shifted
 *    state, whose row sets are [0, m + d) u (A + d) = (S + d) u [0, d).  If
 *    every option value of a cell in the shifted state is the old one plus d,
 *    the option set is (X + d) u [0, d) with X the old option set (the row
 *    set contributes [0, d)), and mex((X + d) u [0, d)) = mex(X) + d.  By
 *    induction over (p, x) the new column is the old one plus d, and the new
 *    state again is the old new state shifted: last K values move by d, and
 *    the row set S u {g} becomes (S u {g}) + d u [0, d).
 *
 * 3. The proof.  If state(y0 + P) = state(y0) + d, with y0 satisfying the
 *    conditions of 1 (y0 >= K, y0 > T, y0 >= N), then by induction
 *    state(y0 + P + k) = state(y0 + k) + d for every k >= 0, hence
 *    G(x, y + P) = G(x, y) + d for every y > y0 - K, every x < R, every layer.
 *    The table engine (for unbounded moves, after the first columns,
 *    strip_ext.c) gives the values of the window; the check compares the
 *    two states cell for cell and set for set.  Nothing is inferred from the
 *    window beyond column y0 + P: the detection (section 4) only proposes
 *    (y0, P, d), the state equality proves them.
 *
 * 4. Detection.  Per (p, x), a q and the smallest preperiod pre for it
 *    with r[y + q] - r[y] constant on [pre, C - q), the tail at least
 *    2q + 64 columns long (the difference seen constant over a whole period
 *    and 64 more columns); among those, the one with the least pre + 2q
 *    (see detect()).  (An earlier version asked for 3q + 64
 *    and pre < C/2 and so missed periods the window held: nim+pass, rows
 *    0..41, period 921,600 from column 1,615,605 in 2^22 columns.)  A q
 *    proposed from a coincidence only costs a failed check.  The joint P is
 *    the lcm of the q; y0 is the largest preperiod plus K - 1, since the
 *    state's oldest column y0 - K + 1 must already be periodic for the check
 *    to pass (starting from max(pre, K) and stepping by P fails when P is
 *    much smaller than K: wythoff+terminal=7, rows 0..7), and at least K,
 *    T + 2 and N.  A failed check moves y0 by P (a row set may still hold a
 *    stray value above its mex) up to STRIP_RETRIES times.  The window must
 *    reach column y0 + P (the check reads up to it; section 5 reads below
 *    it and takes later values from the proved period); otherwise the next,
 *    doubled window is tried, and the final message says what was searched.
 *
 * 5. Per-row minimal periods.  Once (y0, P, d) is proved, a row's sequence
 *    minus y * d / P is periodic with period P from y0 on; any period q of
 *    the row (with any constant shift e) must have e = q * d / P (the
 *    difference is bounded) and then gcd(q, P) is a period too, so the
 *    smallest period divides P.  For a divisor q, r[y + q] - r[y] is itself
 *    P-periodic from y0 on, so checking it on [y0, y0 + P) proves it for all
 *    y >= y0 (values at y0 + P and beyond are r[y - P] + d, proved); the
 *    preperiod is then found by scanning down from y0.
 */
#include "strip.h"
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STRIP_FIRST_COLS 4096u
#define STRIP_RETRIES 4
#define STRIP_SPARSE_ROWS 256u /* up to this many rows, always the sparse layout */
#define STRIP_MIN_TAIL 64u     /* detection: columns seen beyond one period (section 4) */

static uint64_t max_u64(uint64_t a, uint64_t b) { return a > b ? a : b; }

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* lcm(a, b) into *out; 0 if it does not fit in 64 bits. */
static int lcm_u64(uint64_t *out, uint64_t a, uint64_t b)
{
    uint64_t g = gcd_u64(a, b), a1 = a / g;
    if (b && a1 > UINT64_MAX / b)
        return 0;
    *out = a1 * b;
    return 1;
}

/* Everything one attempt at a window width needs. */
typedef struct {
    const wy_rules *r;
    const wy_table *t;
    uint32_t R, L;    /* rows, layers */
    uint64_t C;       /* window width */
    uint64_t K;       /* state width (columns of values kept per row) */
    int unbounded;
    uint32_t M;       /* mod=M, or 0 */
    uint32_t *row;    /* C values: the row being looked at (table windows) */
    wyi_strip_ext *ext; /* or the columns computed one at a time (strip_ext.c): rows read in place */
    char why[200];    /* why the last attempt found no proof (for the final message) */
    const wy_run *run; /* asked between rows (a row of 2^21 columns: milliseconds) */
} ctx;

/* The C values of row x in layer p. */
static const uint32_t *read_row(ctx *c, uint32_t p, uint32_t x)
{
    if (c->ext)
        return wyi_strip_ext_row(c->ext, p, x);
    wy_side s = {p, 0};
    for (uint64_t y = 0; y < c->C; y++)
        c->row[y] = wy_table_get(c->t, x, (uint32_t)y, s);
    return c->row;
}

/* Signed difference of two values (values are < 2^32). */
static int64_t diff(const uint32_t *r, uint64_t a, uint64_t b) { return (int64_t)r[a] - (int64_t)r[b]; }

/* Detection on r[0 .. C).  A candidate is a q with r[y + q] - r[y] = e
 * constant for y in [pre, C - q), pre the smallest such, and C - pre >=
 * 2q + STRIP_MIN_TAIL (the difference seen constant over a whole period and
 * a margin).  The proof needs the window to reach about pre + q, so the
 * candidate with the least pre + 2q is taken (the smallest q among equals):
 * a small q that holds only on the window's last columns by coincidence
 * loses to the true period with its early preperiod (which may be a
 * multiple of it: a row can follow q on its last columns but not from its
 * true preperiod on).  The scan stops at q >= (least pre + 2q) / 2.
 * 1 if a candidate was found.  A wrong q usually fails within a few steps of
 * the scan from the right end, so this costs about C + (true q)^2. */
static int detect(uint64_t *q_out, uint64_t *pre_out, int64_t *e_out, const uint32_t *r, uint64_t C)
{
    uint64_t best = UINT64_MAX, bq = 0;
    for (uint64_t q = 1; 2 * q + STRIP_MIN_TAIL <= C && 2 * q < best; q++) {
        uint64_t y = C - 1 - q; /* last y with r[y + q] in the window */
        int64_t e = diff(r, y + q, y);
        while (y > 0 && diff(r, y - 1 + q, y - 1) == e)
            y--;
        if (C - y >= 2 * q + STRIP_MIN_TAIL && y + 2 * q < best) {
            best = y + 2 * q;
            bq = q;
            *q_out = q;
            *pre_out = y;
            *e_out = e;
        }
    }
    return bq != 0;
}

static int bit(const uint64_t *b, uint64_t v) { return (int)((b[v >> 6] >> (v & 63)) & 1); }

/* Smallest value >= 0 missing from bitset b (which has a clear bit at the end). */
static uint64_t mex_bits(const uint64_t *b)
{
    uint64_t i = 0;
    while (!~b[i])
        i++;
    return i * 64 + (uint64_t)__builtin_ctzll(~b[i]);
}

/* Does the state of row r at column y0 + P equal its state at y0 moved by d?
 * (With mod=M only the last K values here; the sets: mod_state_matches.)
 * Returns 1 yes, 0 no, -1 out of memory. */
static int row_state_matches(const ctx *c, const uint32_t *r, uint64_t y0, uint64_t P, uint64_t d)
{
    /* last K values */
    for (uint64_t i = y0 + 1 - c->K; i <= y0; i++)
        if ((uint64_t)r[i] + d != (uint64_t)r[i + P])
            return 0;
    if (!c->unbounded || c->M)
        return 1;
    /* the row set of columns 0..y0 (b1) and 0..y0+P (b2) */
    uint64_t maxv = 0;
    for (uint64_t y = 0; y <= y0 + P; y++)
        maxv = max_u64(maxv, r[y]);
    size_t W = (size_t)(maxv / 64 + 2); /* a spare word: mex_bits stops */
    uint64_t *b1 = calloc(2 * W, sizeof *b1);
    if (!b1)
        return -1;
    uint64_t *b2 = b1 + W;
    for (uint64_t y = 0; y <= y0; y++)
        b1[r[y] >> 6] |= (uint64_t)1 << (r[y] & 63);
    memcpy(b2, b1, W * sizeof *b1);
    for (uint64_t y = y0 + 1; y <= y0 + P; y++)
        b2[r[y] >> 6] |= (uint64_t)1 << (r[y] & 63);
    uint64_t m1 = mex_bits(b1), m2 = mex_bits(b2);
    int ok = m2 == m1 + d;
    /* A2 = A1 + d: every element of A1 moved by d is in A2, and the sizes agree */
    uint64_t n1 = 0, n2 = 0;
    for (uint64_t v = m1 + 1; ok && v <= maxv; v++)
        if (bit(b1, v)) {
            n1++;
            if (v + d > maxv || !bit(b2, v + d))
                ok = 0;
        }
    for (uint64_t v = m2 + 1; ok && v <= maxv; v++)
        n2 += (uint64_t)bit(b2, v);
    ok = ok && n1 == n2;
    free(b1);
    return ok;
}

/* mod=M (section 1b), layer p: the persistent options of a later cell
 * (x, y), y > y0 + P, are U(x, t), t = y mod M: the values of row x in
 * columns before y, and of each row u < x in the columns v < y with
 * v = y - x + u (mod M) (a move of a >= 1 and b >= 1 tokens, a = b (mod M),
 * reaches (u, v) exactly then; Wythoff's diagonal moves are among them).
 * The state holds these sets; it is the old one moved by d when for every
 * x < R and t < M the set U2 at column y0 + P, cut to [d, oo), is U1 at y0
 * plus d, and U2 holds [0, d).  Then the options of the moved cell are
 * (X + d) u [0, d) (its column and pass values move by d by induction), so
 * its value moves by d, and adding it keeps both conditions (section 2).
 * Returns 1 yes, 0 no, -1 out of memory. */
static int mod_state_matches(ctx *c, uint32_t p, uint64_t y0, uint64_t P, uint64_t d)
{
    const uint32_t R = c->R, M = c->M;
    uint64_t maxv = 0;
    for (uint32_t x = 0; x < R; x++) {
        const uint32_t *r = read_row(c, p, x);
        for (uint64_t y = 0; y <= y0 + P; y++)
            maxv = max_u64(maxv, r[y]);
    }
    const size_t W = (size_t)(maxv / 64 + 2), per = (size_t)(M + 1) * W;
    if ((uint64_t)R * per + 2 * (uint64_t)W > (uint64_t)SIZE_MAX / 16)
        return -1;
    /* s1, s2: for each row its row set, then its M class sets */
    uint64_t *s1 = calloc(2 * (size_t)R * per + 2 * W, sizeof *s1);
    if (!s1)
        return -1;
    uint64_t *s2 = s1 + (size_t)R * per, *u1 = s2 + (size_t)R * per, *u2 = u1 + W;
    for (uint32_t x = 0; x < R; x++) {
        const uint32_t *r = read_row(c, p, x);
        for (uint64_t y = 0; y <= y0 + P; y++) {
            const uint64_t w = r[y] >> 6, b = (uint64_t)1 << (r[y] & 63);
            uint64_t *t = y <= y0 ? s1 : s2;
            t[x * per + w] |= b;
            t[x * per + (size_t)(1 + y % M) * W + w] |= b;
        }
        for (size_t i = 0; i < per; i++)
            s2[x * per + i] |= s1[x * per + i];
    }
    int ok = 1;
    for (uint32_t x = 0; ok && x < R; x++)
        for (uint32_t t = 0; ok && t < M; t++) {
            memcpy(u1, s1 + x * per, W * sizeof *u1);
            memcpy(u2, s2 + x * per, W * sizeof *u2);
            for (uint32_t u = 0; u < x; u++) {
                const size_t k = 1 + ((uint64_t)t + M - x % M + u) % M;
                for (size_t i = 0; i < W; i++) {
                    u1[i] |= s1[u * per + k * W + i];
                    u2[i] |= s2[u * per + k * W + i];
                }
            }
            uint64_t n1 = 0, n2 = 0;
            for (uint64_t v = 0; ok && v < d; v++)
                ok = v <= maxv && bit(u2, v);
            for (uint64_t v = 0; ok && v <= maxv; v++) {
                if (bit(u1, v)) {
                    n1++;
                    ok = v + d <= maxv && bit(u2, v + d);
                }
                if (v >= d)
                    n2 += (uint64_t)bit(u2, v);
            }
            ok = ok && n1 == n2;
        }
    free(s1);
    return ok;
}

/* r[y] for y < y0 + 2P, reading only r[0 .. y0 + P): beyond, the proved
 * period gives r[y] = r[y - P] + d. */
static int64_t val(const uint32_t *r, uint64_t y, uint64_t y0, uint64_t P, uint64_t d)
{
    return y < y0 + P ? (int64_t)r[y] : (int64_t)r[y - P] + (int64_t)d;
}

/* Per-row smallest period (a divisor of P, section 5) and its preperiod.
 * Reads r[0 .. y0 + P) only. */
static int row_minimal(uint64_t *q_out, uint64_t *pre_out, const uint32_t *r, uint64_t y0, uint64_t P, uint64_t d)
{
    for (uint64_t q = 1; q <= P; q++) {
        if (P % q)
            continue;
        int64_t e = (int64_t)(q * d / P);
        uint64_t y;
        for (y = y0; y < y0 + P && val(r, y + q, y0, P, d) - (int64_t)r[y] == e; y++)
            ;
        if (y < y0 + P)
            continue;
        uint64_t pre = y0; /* pre - 1 + q < y0 + P: inside the window */
        while (pre > 0 && diff(r, pre - 1 + q, pre - 1) == e)
            pre--;
        *q_out = q;
        *pre_out = pre;
        return 1;
    }
    return 0; /* q = P holds by the proof: unreachable */
}

/* One attempt with the computed window c->t.  Returns WY_OK with *out set
 * (proved), WY_EDIFF when this window does not give a proof, or an error. */
static wy_status attempt(wyi_strip **out, ctx *c, char *err, size_t errlen)
{
    const uint64_t C = c->C;
    const uint32_t R = c->R, L = c->L;
    uint64_t P = 1, maxpre = 0;

    /* detection (highest rows first: they settle last) */
    for (uint32_t p = 0; p < L; p++)
        for (uint32_t x = R; x-- > 0;) {
            uint64_t q, pre;
            int64_t e;
            if (wyi_run_stop(c->run, 0, 0))
                return wyi_fail(WY_ECANCELED, err, errlen, "stopped");
            if (!detect(&q, &pre, &e, read_row(c, p, x), C)) {
                snprintf(c->why, sizeof c->why, "row %u%s shows no period q with G(x, y + q) - G(x, y) constant "
                         "over q + %u columns or more", x, p ? " (a pass layer)" : "", STRIP_MIN_TAIL);
                return WY_EDIFF;
            }
            if (e != (c->unbounded ? (int64_t)q : 0)) {
                snprintf(c->why, sizeof c->why, "row %u repeats with period %llu but saltus %lld, not %llu", x,
                         (unsigned long long)q, (long long)e, (unsigned long long)(c->unbounded ? q : 0));
                return WY_EDIFF;
            }
            if (!lcm_u64(&P, P, q) || P >= C) {
                snprintf(c->why, sizeof c->why, "the rows' periods have a common period beyond the window");
                return WY_EDIFF;
            }
            maxpre = max_u64(maxpre, pre);
        }
    if (c->M && (!lcm_u64(&P, P, c->M) || P >= C)) { /* the class sets line up only every M columns */
        snprintf(c->why, sizeof c->why, "the rows' joint period times mod=%u reaches beyond the window", c->M);
        return WY_EDIFF;
    }
    const uint64_t d = c->unbounded ? P : 0;
    uint64_t y0 = max_u64(maxpre + c->K - 1, c->K);
    y0 = max_u64(y0, wyi_terminal_bound(c->r) + 2);
    y0 = max_u64(y0, c->r->max);

    /* the proof: state(y0 + P) == state(y0) + d, every layer and row */
    int proved = 0;
    for (int a = 0; !proved && a <= STRIP_RETRIES; a++, y0 += P) {
        if (y0 + P >= C) { /* the check reads columns y0 - K + 1 .. y0 + P */
            snprintf(c->why, sizeof c->why,
                     "the rows look periodic with joint period %llu from column %llu on, which a proof checks at "
                     "column %llu, beyond the window", (unsigned long long)P, (unsigned long long)(maxpre),
                     (unsigned long long)(y0 + P));
            return WY_EDIFF;
        }
        proved = 1;
        for (uint32_t p = 0; proved && p < L; p++) {
            for (uint32_t x = R; proved && x-- > 0;) {
                if (wyi_run_stop(c->run, 0, 0))
                    return wyi_fail(WY_ECANCELED, err, errlen, "stopped");
                int m = row_state_matches(c, read_row(c, p, x), y0, P, d);
                if (m < 0)
                    return wyi_fail(WY_ERANGE, err, errlen, "out of memory checking the period of a %u-row strip", R);
                proved = m;
            }
            if (proved && c->M) {
                int m = mod_state_matches(c, p, y0, P, d);
                if (m < 0)
                    return wyi_fail(WY_ERANGE, err, errlen, "out of memory checking the period of a %u-row strip", R);
                proved = m;
            }
        }
        if (proved)
            break;
    }
    if (!proved) {
        snprintf(c->why, sizeof c->why, "the state at column %llu differs from the state %llu columns later",
                 (unsigned long long)(y0 - P), (unsigned long long)P);
        return WY_EDIFF;
    }

    /* store the strip */
    const uint64_t ncols = y0 + P;
    wyi_strip *s = wyi_strip_new(c->r, R, L, y0, P, d);
    if (!s)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory storing a %u x %llu strip", R,
                        (unsigned long long)ncols);
    s->cols_computed = C;
    for (uint32_t p = 0; p < L; p++)
        for (uint32_t x = 0; x < R; x++) {
            size_t i = (size_t)p * R + x;
            if (wyi_run_stop(c->run, 0, 0)) {
                wyi_strip_free(s);
                return wyi_fail(WY_ECANCELED, err, errlen, "stopped");
            }
            const uint32_t *row = s->vals + i * (size_t)ncols;
            memcpy(s->vals + i * (size_t)ncols, read_row(c, p, x), (size_t)ncols * sizeof *s->vals);
            if (c->ext) /* the strip holds the row now: the memory stays about one window */
                wyi_strip_ext_drop_row(c->ext, p, x);
            if (!row_minimal(&s->row_period[i], &s->row_pre[i], row, y0, P, d)) {
                wyi_strip_free(s);
                return wyi_fail(WY_EINTERNAL, err, errlen, "row %u layer %u: the proved period %llu does not hold",
                                x, p, (unsigned long long)P);
            }
        }
    *out = s;
    return WY_OK;
}

/* The layout of a window.  Strip windows are narrow (R rows, C >= 4096
 * columns, R << C): the sparse layout costs O(R) per cell and 4 bytes per
 * cell, the dense one O(C^2) bytes of line bitsets (263 MiB for 46 x 32768,
 * which the table engine's AUTO rule still accepts, and there it is 4.5
 * times slower than sparse).  So: sparse for up to STRIP_SPARSE_ROWS rows,
 * otherwise AUTO unless that would exceed mem_limit where sparse would not. */
static wy_layout window_layout(const wy_rules *r, uint32_t R, uint32_t C, uint64_t mem_limit)
{
    wy_side top = {r->passes, 0};
    if (R <= STRIP_SPARSE_ROWS)
        return WY_LAYOUT_SPARSE;
    if (mem_limit && wy_table_estimate(r, R, C, top) > mem_limit &&
        wy_table_estimate_layout(r, R, C, top, WY_LAYOUT_SPARSE) <= mem_limit)
        return WY_LAYOUT_SPARSE;
    return WY_LAYOUT_AUTO;
}

wy_status wyi_strip_build(wyi_strip **out, const wy_rules *rules, uint32_t nrows, uint64_t max_cols,
                          uint64_t mem_limit, char *err, size_t errlen)
{
    return wyi_strip_build_run(out, rules, nrows, max_cols, mem_limit, NULL, err, errlen);
}

wy_status wyi_strip_build_run(wyi_strip **out, const wy_rules *rules, uint32_t nrows, uint64_t max_cols,
                              uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    *out = NULL;
    if (rules->heap != 0)
        return wyi_fail(WY_EINVAL, err, errlen, "strip: heap=%u is not supported (only wythoff or nim with pass, max, "
                        "terminal, misere)", rules->heap);
    if (rules->mod != 0 && rules->max != 0)
        return wyi_fail(WY_EINVAL, err, errlen, "strip: mod=%u with max=%u is not supported (mod=M only with "
                        "unbounded moves)", rules->mod, rules->max);
    if (nrows == 0)
        return wyi_fail(WY_EINVAL, err, errlen, "strip: no rows asked for (nrows = 0)");
    wy_status rs = wy_rules_check(rules, err, errlen);
    if (rs != WY_OK)
        return rs;
    if (rules->passes == UINT32_MAX) /* the layers would not fit in 32 bits, nor in any memory */
        return wyi_fail(WY_ERANGE, err, errlen,
                        "rows of pass=%u need %llu side layers, more than any memory holds", rules->passes,
                        (unsigned long long)rules->passes + 1);

    const uint64_t cap = max_cols < UINT32_MAX ? max_cols : UINT32_MAX;
    if (rules->mod && (uint64_t)rules->mod >= cap) { /* P is a multiple of M and below the window */
        char rt[160];
        wy_rules_format(rt, sizeof rt, rules);
        return wyi_fail(WY_EDIFF, err, errlen,
                        "rows 0..%u of %s: no period can be proved within %llu columns: with mod=M the joint period "
                        "is a multiple of M",
                        nrows - 1, rt, (unsigned long long)cap);
    }
    ctx c;
    memset(&c, 0, sizeof c);
    c.r = rules;
    c.R = nrows;
    c.L = rules->passes + 1;
    c.run = run;
    c.unbounded = rules->max == 0;
    c.M = rules->mod;
    c.K = c.unbounded ? nrows : max_u64(rules->max, nrows);

    uint64_t C = cap < STRIP_FIRST_COLS ? cap : STRIP_FIRST_COLS;
    uint64_t tried = 0;
    const wy_side top = {rules->passes, 0};
    /* Unbounded moves: the first C0 columns (as few as strip_ext.c can
     * start from) from the table engine, and every window extended from
     * them column by column (strip_ext.c) instead of computed afresh; the
     * windows looked at, and so the proof, are the same.  Otherwise (max=N,
     * or a terminal bound or R beyond the first window, or a memory limit
     * the first window would not fit) every window from the table engine,
     * which also refuses a first window beyond the limit. */
    const uint64_t C0 = wyi_strip_ext_first(rules, nrows);
    const int use_ext =
        wyi_strip_ext_usable(rules, nrows, C) && C0 <= C &&
        (!mem_limit ||
         (wy_table_estimate_run(rules, nrows, (uint32_t)C, top, window_layout(rules, nrows, (uint32_t)C, mem_limit),
                                run) <= mem_limit &&
          wyi_sat_add(wy_table_estimate_run(rules, nrows, (uint32_t)C0, top,
                                            window_layout(rules, nrows, (uint32_t)C0, mem_limit), run),
                      wyi_strip_ext_bytes(rules, nrows, C)) <= mem_limit));
    wy_status st = WY_EDIFF;
    while (C > 0) {
        wy_table *t = NULL;
        const wy_layout lay = window_layout(rules, nrows, (uint32_t)C, mem_limit);
        if (c.ext && mem_limit && wyi_strip_ext_bytes(rules, nrows, C) > mem_limit) {
            /* 4 bytes a cell here, where the table engine may store 2: from
             * this window on the table engine's windows, as before */
            wyi_strip_ext_free(c.ext);
            c.ext = NULL;
        }
        if (tried && mem_limit && wy_table_estimate_layout(rules, nrows, (uint32_t)C, top, lay) > mem_limit) {
            /* the next window does not fit the limit: no proof within it, as
             * surely as within max_cols (WY_EDIFF), not a failed allocation */
            char rt[160], lim[32];
            wy_rules_format(rt, sizeof rt, rules);
            wy_format_bytes(lim, sizeof lim, mem_limit);
            wyi_strip_ext_free(c.ext);
            return wyi_fail(WY_EDIFF, err, errlen,
                            "rows 0..%u of %s: no period found in the first %llu columns, and %llu columns need more "
                            "than the limit of %s",
                            nrows - 1, rt, (unsigned long long)tried, (unsigned long long)C, lim);
        }
        if (use_ext && !tried) {
            const wy_layout lay0 = window_layout(rules, nrows, (uint32_t)C0, mem_limit);
            st = wy_table_compute_run(&t, rules, nrows, (uint32_t)C0, top, mem_limit, lay0, run, err, errlen);
            if (st != WY_OK)
                return st;
            st = wyi_strip_ext_start(&c.ext, rules, nrows, t, C0, err, errlen);
            wy_table_free(t);
            t = NULL;
            if (st != WY_OK)
                return st;
        }
        if (c.ext) {
            st = wyi_strip_ext_extend(c.ext, C, run, err, errlen);
            if (st != WY_OK) {
                wyi_strip_ext_free(c.ext);
                return st;
            }
        } else {
            st = wy_table_compute_run(&t, rules, nrows, (uint32_t)C, top, mem_limit, lay, run, err, errlen);
            if (st != WY_OK)
                return st;
        }
        tried = C;
        c.t = t;
        c.C = C;
        if (!c.ext) {
            c.row = malloc((size_t)C * sizeof *c.row);
            if (!c.row) {
                wy_table_free(t);
                return wyi_fail(WY_ERANGE, err, errlen, "out of memory reading a %llu-column window",
                                (unsigned long long)C);
            }
        }
        st = attempt(out, &c, err, errlen);
        free(c.row);
        c.row = NULL;
        wy_table_free(t);
        c.t = NULL;
        if (st != WY_EDIFF || C >= cap)
            break;
        C = C > cap / 2 ? cap : 2 * C;
    }
    wyi_strip_ext_free(c.ext);
    if (st != WY_EDIFF)
        return st;
    char rt[160];
    wy_rules_format(rt, sizeof rt, rules);
    /* WY_EDIFF: searched and found none (a fact about the ruleset, which the
     * exact engine may remember); other failures are about this run.  The
     * message says what was searched: a joint period P from column y0 on is
     * found in a window of C columns whenever y0 + P < C and every row shows
     * its own period over one period and STRIP_MIN_TAIL more columns. */
    return wyi_fail(WY_EDIFF, err, errlen,
                    "rows 0..%u of %s: no period found in the first %llu columns (%s; searched: for each row a "
                    "period q with a constant difference G(x, y + q) - G(x, y) over its last q + %u columns or more, "
                    "their joint period P and preperiod y0 with y0 + P inside the window, proved by the state at y0 "
                    "and y0 + P)",
                    nrows - 1, rt, (unsigned long long)tried, c.why[0] ? c.why : "no window computed",
                    STRIP_MIN_TAIL);
}

wyi_strip *wyi_strip_new(const wy_rules *rules, uint32_t nrows, uint32_t nlayers, uint64_t y0, uint64_t period,
                         uint64_t shift)
{
    wyi_strip *s = calloc(1, sizeof *s);
    const uint64_t ncols = y0 + period;
    const size_t nseq = (size_t)nlayers * nrows;
    if (!s)
        return NULL;
    s->vals = malloc(nseq * (size_t)ncols * sizeof *s->vals);
    s->row_pre = malloc(nseq * sizeof *s->row_pre);
    s->row_period = malloc(nseq * sizeof *s->row_period);
    if (!s->vals || !s->row_pre || !s->row_period) {
        wyi_strip_free(s);
        return NULL;
    }
    s->rules = *rules;
    s->nrows = nrows;
    s->nlayers = nlayers;
    s->y0 = y0;
    s->period = period;
    s->shift = shift;
    s->ncols = ncols;
    return s;
}

void wyi_strip_free(wyi_strip *s)
{
    if (!s)
        return;
    free(s->vals);
    free(s->row_pre);
    free(s->row_period);
    free(s);
}

static const uint32_t *seq(const wyi_strip *s, uint32_t p, uint32_t x)
{
    return s->vals + ((size_t)p * s->nrows + x) * (size_t)s->ncols;
}

uint64_t wyi_strip_value_u64(const wyi_strip *s, uint32_t p, uint32_t x, uint64_t y)
{
    const uint32_t *r = seq(s, p, x);
    if (y < s->ncols)
        return r[y];
    uint64_t k = (y - s->y0) / s->period;
    return (uint64_t)r[s->y0 + (y - s->y0) % s->period] + s->shift * k;
}

/* mpz from / to uint64_t without assuming unsigned long is 64 bits. */
static void mpz_set_u64(mpz_t z, uint64_t v) { mpz_import(z, 1, 1, sizeof v, 0, 0, &v); }

static uint64_t mpz_get_u64(const mpz_t z)
{
    uint64_t v = 0;
    size_t n = 0;
    mpz_export(&v, &n, 1, sizeof v, 0, 0, z); /* callers ensure 0 <= z < 2^64 */
    return n ? v : 0;
}

void wyi_strip_value(mpz_t out, const wyi_strip *s, uint32_t p, uint32_t x, const mpz_t y)
{
    if (mpz_sgn(y) >= 0 && mpz_sizeinbase(y, 2) <= 62) {
        mpz_set_u64(out, wyi_strip_value_u64(s, p, x, mpz_get_u64(y)));
        return;
    }
    /* y >= 2^62 > ncols: y' = y0 + ((y - y0) mod P), value = r[y'] + d * floor((y - y0) / P) */
    mpz_t t, P, k, rem;
    mpz_inits(t, P, k, rem, NULL);
    mpz_set_u64(t, s->y0);
    mpz_sub(t, y, t);
    mpz_set_u64(P, s->period);
    mpz_fdiv_qr(k, rem, t, P); /* 0 <= rem < P even for a (meaningless) negative y */
    uint64_t yp = s->y0 + mpz_get_u64(rem);
    mpz_set_u64(t, s->shift);
    mpz_mul(k, k, t);
    mpz_set_u64(t, seq(s, p, x)[yp]);
    mpz_add(out, k, t);
    mpz_clears(t, P, k, rem, NULL);
}
