/* certcheck.c - wythoff-certcheck: an independent checker of the row-period
 * certificates written by `wythoff period RULES --rows R --certificate FILE`
 * (format and argument: docs/periods.md).
 *
 * It shares no code with the library: no header of the project, no object
 * of it, only the C library.  It reads a certificate, computes the values
 * of rows 0..R-1 of every layer for columns 0..y0+P by its own plain mex
 * recursion, and re-verifies from scratch
 *   (a) the state equality: state(y0 + P) = state(y0) + d, which proves
 *       G(x, y + P) = G(x, y) + d for every y >= y0, x < R, every layer;
 *   (b) for every layer and row, the claimed period p, preperiod pre and
 *       saltus s: G(x, y + p) = G(x, y) + s for all y >= pre (checked on
 *       [pre, max(pre, y0) + P), enough by (a)), p is the smallest (p
 *       divides P, and no smaller divisor of P is a period: the smallest
 *       period of a row always divides P) and pre is the smallest for p.
 *
 * Rulesets: wythoff or nim, optionally with pass or pass=K (K passes in
 * all, layer k = k passes left; a pass is never allowed from (0, 0), the
 * only position without another move) and max=N (take at most N from a
 * heap, a diagonal move at most N from each), and for wythoff without max=N
 * mod=M (paper 004: also a >= 1 and b >= 1 tokens from the two heaps with
 * a = b (mod M)).  Anything else is refused.
 *
 * The work is estimated from the certificate before anything is computed
 * (layers x rows x columns x the options of a cell, cert_cost) and refused
 * above --max-work (default 2^37 units, a few minutes), as is memory above
 * the machine's.  The text is read line by line with a bound (a NUL byte,
 * a carriage return, a line over 1024 bytes or anything after "end" is a
 * malformed file), and the ruleset is printed back as parsed, in canonical
 * form.
 *
 * Exit status: 0 every certificate verified; 1 some certificate is false
 * (the message says what fails); 2 bad usage, an unreadable or malformed
 * certificate, or a ruleset the checker does not know; 3 a resource limit
 * (the estimate above the limit, with the estimate; out of memory).
 */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define FORMAT_LINE "wythoff-period-certificate 1"
#define MAX_ROWS 4096u
#define MAX_LAYERS 65u     /* pass=64 at most */
#define MAX_COLS (1u << 30) /* columns 0..y0+P: values stay below 2^31 */

typedef struct {
    int diag;        /* wythoff: diagonal moves */
    uint32_t passes; /* K: layers 0..K */
    uint32_t max;    /* N, or 0: unbounded */
    uint32_t mod;    /* M (wythoff, unbounded: also a >= 1 and b >= 1 with a = b (mod M)), or 0 */
} rules;

typedef struct {
    char text[256];
    rules r;
    uint32_t R, L;
    uint64_t y0, P, d, window;
    uint64_t *pre, *per, *sal; /* [p * R + x] */
} cert;

/* The row set of a row at one column: its mex m and the elements above m. */
typedef struct {
    uint64_t m;
    uint32_t *A;
    size_t nA;
} rowset;

static const char *prog = "wythoff-certcheck";

static int msg(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

/* A decimal number without sign, at most max.  1 on success. */
static int parse_u64(uint64_t *out, const char *s, uint64_t max)
{
    uint64_t v = 0;
    if (!*s || (s[0] == '0' && s[1]))
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        unsigned dgt = (unsigned)(*s - '0');
        if (dgt > max || v > (max - dgt) / 10) /* dgt > max: max - dgt would wrap around */
            return 0;
        v = v * 10 + dgt;
    }
    *out = v;
    return 1;
}

/* GAME('+'OPTION)*, GAME wythoff or nim, OPTION pass, pass=K or max=N,
 * each option once, in any order; every part non-empty (no '+' first,
 * last or twice).  1 on success. */
static int parse_rules(rules *r, const char *text, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    const size_t len = strlen(text);
    if (len >= 256)
        return snprintf(err, errlen, "ruleset '%.60s...': too long", text), 0;
    const char *p = text;
    size_t n = strcspn(p, "+");
    if (!(n == 7 && strncmp(p, "wythoff", 7) == 0) && !(n == 3 && strncmp(p, "nim", 3) == 0))
        return snprintf(err, errlen, "ruleset '%.60s': it must start with the game, wythoff or nim", text), 0;
    r->diag = n == 7;
    int have_pass = 0, have_max = 0, have_mod = 0;
    for (p += n; *p == '+';) {
        p++;
        n = strcspn(p, "+");
        char tok[256];
        memcpy(tok, p, n);
        tok[n] = '\0';
        p += n;
        uint64_t v;
        if (n == 0)
            return snprintf(err, errlen, "ruleset '%.60s': an empty option (a '+' with nothing after it)", text), 0;
        if (strcmp(tok, "pass") == 0 && !have_pass) {
            r->passes = 1;
            have_pass = 1;
        } else if (strncmp(tok, "pass=", 5) == 0 && !have_pass) {
            if (!parse_u64(&v, tok + 5, MAX_LAYERS - 1) || v == 0)
                return snprintf(err, errlen, "ruleset '%.60s': pass=K needs 1 <= K <= %u", text, MAX_LAYERS - 1), 0;
            r->passes = (uint32_t)v;
            have_pass = 1;
        } else if (strncmp(tok, "max=", 4) == 0 && !have_max) {
            if (!parse_u64(&v, tok + 4, 1u << 20) || v == 0)
                return snprintf(err, errlen, "ruleset '%.60s': max=N needs 1 <= N <= 2^20", text), 0;
            r->max = (uint32_t)v;
            have_max = 1;
        } else if (strncmp(tok, "mod=", 4) == 0 && !have_mod) {
            if (!parse_u64(&v, tok + 4, 1u << 20) || v == 0)
                return snprintf(err, errlen, "ruleset '%.60s': mod=M needs 1 <= M <= 2^20", text), 0;
            r->mod = (uint32_t)v;
            have_mod = 1;
        } else {
            return snprintf(err, errlen,
                             "ruleset '%.60s': option '%.30s' is not one the checker knows or is repeated (it knows "
                             "pass, pass=K, max=N, mod=M)",
                             text, tok),
                   0;
        }
    }
    if (r->mod && (!r->diag || r->max))
        return snprintf(err, errlen, "ruleset '%.60s': the checker takes mod=M with wythoff and without max=N", text),
               0;
    return 1;
}

/* The ruleset in the tool's canonical text (game, pass, max): what the
 * checker parsed, printed back. */
static void format_rules(char *buf, size_t len, const rules *r)
{
    int n = snprintf(buf, len, "%s", r->diag ? "wythoff" : "nim");
    if (r->passes == 1)
        n += snprintf(buf + n, len - (size_t)n, "+pass");
    else if (r->passes > 1)
        n += snprintf(buf + n, len - (size_t)n, "+pass=%u", r->passes);
    if (r->max)
        n += snprintf(buf + n, len - (size_t)n, "+max=%u", r->max);
    if (r->mod)
        snprintf(buf + n, len - (size_t)n, "+mod=%u", r->mod);
}

/* ------------------------------------------------------------------ */
/* The values: rows 0..R-1, layers 0..K, columns 0..Y-1                 */
/* ------------------------------------------------------------------ */

typedef struct {
    rules r;
    uint32_t R, L;
    uint64_t Y;
    uint32_t *v; /* v[(p * R + x) * Y + y] */
} values;

static uint32_t *cell(const values *t, uint32_t p, uint32_t x) { return t->v + ((size_t)p * t->R + x) * t->Y; }

static int bitset_get(const uint64_t *b, uint64_t i) { return (int)((b[i >> 6] >> (i & 63)) & 1); }

static rowset capture(const uint64_t *bits, uint64_t m, uint64_t top)
{
    rowset s = {m, NULL, 0};
    size_t cap = 0;
    for (uint64_t v = m + 1; v <= top; v++)
        if (bitset_get(bits, v)) {
            if (s.nA == cap) {
                cap = cap ? 2 * cap : 16;
                uint32_t *n = realloc(s.A, cap * sizeof *n);
                if (!n) {
                    free(s.A);
                    s.A = NULL;
                    s.nA = (size_t)-1; /* out of memory */
                    return s;
                }
                s.A = n;
            }
            s.A[s.nA++] = (uint32_t)v;
        }
    return s;
}

/* The options of cell (x, y) of layer p besides its row: the column cells
 * (x - a, y) cs[0..amax), the diagonal cells (x - a, y - a) ds[0..dmax),
 * and the pass, the cell one layer down pv (when has_pass). */
typedef struct {
    const uint32_t *cs, *ds;
    uint32_t amax, dmax;
    int has_pass;
    uint32_t pv;
} cell_opts;

/* max=N: the mex of the cell's options, marked in stamp[0..nstamp) with a
 * new generation *gen; its row's options are row[y - b], b <= min(y, N). */
static uint64_t mex_bounded(uint32_t *stamp, size_t nstamp, uint32_t *gen, const uint32_t *row, uint64_t y,
                            uint32_t N, const cell_opts *o)
{
    if (++*gen == 0) {
        memset(stamp, 0, nstamp * sizeof *stamp);
        *gen = 1;
    }
    const uint32_t g0 = *gen;
    /* every value is at most maxopt */
    uint64_t bmax = N < y ? N : y;
    for (uint64_t b = 1; b <= bmax; b++)
        stamp[row[y - b]] = g0;
    for (uint32_t a = 0; a < o->amax; a++)
        stamp[o->cs[a]] = g0;
    for (uint32_t a = 0; a < o->dmax; a++)
        stamp[o->ds[a]] = g0;
    if (o->has_pass)
        stamp[o->pv] = g0;
    uint64_t g = 0;
    while (stamp[g] == g0)
        g++;
    return g;
}

/* Unbounded: the row is every earlier value, as the bitset b with its mex
 * *mrow and largest value *top; the cell's value is the first value >= that
 * mex in neither the row nor the other options, looked for in a window of
 * NW words and beyond it value by value.  Enters it into the row. */
static uint64_t mex_unbounded(uint64_t *b, uint64_t *mrow, uint64_t *top, size_t NW, const cell_opts *o)
{
    uint64_t win[64];
    const uint64_t base = *mrow, w0 = base >> 6, lo = w0 << 6, span = (uint64_t)NW << 6;
#define WIN_SET(v)                                                                                                 \
    do {                                                                                                           \
        uint64_t o_ = (uint64_t)(v) - lo;                                                                          \
        if (o_ < span)                                                                                             \
            win[o_ >> 6] |= (uint64_t)1 << (o_ & 63);                                                              \
    } while (0)
    memcpy(win, b + w0, NW * sizeof *win);
    for (uint32_t a = 0; a < o->amax; a++)
        WIN_SET(o->cs[a]);
    for (uint32_t a = 0; a < o->dmax; a++)
        WIN_SET(o->ds[a]);
    if (o->has_pass)
        WIN_SET(o->pv);
#undef WIN_SET
    uint64_t g = UINT64_MAX;
    for (size_t w = 0; w < NW; w++)
        if (~win[w]) {
            g = ((w0 + w) << 6) + (uint64_t)__builtin_ctzll(~win[w]);
            break;
        }
    if (g == UINT64_MAX) { /* a full window: go on value by value */
        for (g = lo + span;; g++) {
            int in = bitset_get(b, g) || (o->has_pass && o->pv == g);
            for (uint32_t a = 0; !in && a < o->amax; a++)
                in = o->cs[a] == g;
            for (uint32_t a = 0; !in && a < o->dmax; a++)
                in = o->ds[a] == g;
            if (!in)
                break;
        }
    }
    b[g >> 6] |= (uint64_t)1 << (g & 63);
    if (g == base) {
        uint64_t m = base + 1;
        while (bitset_get(b, m))
            m++;
        *mrow = m;
    }
    if (g > *top)
        *top = g;
    return g;
}

/* compute's memory: the marks of the bounded rules (stamp), the row
 * bitsets of the unbounded ones (bits, words each, with each row's mex and
 * largest value), the current column and the diagonals of options. */
typedef struct {
    uint32_t *stamp;
    uint64_t *bits, *mrow, *top;
    size_t words;
    uint32_t *colv, *diagv;
} scratch;

static void scratch_free(scratch *w)
{
    free(w->bits), free(w->mrow), free(w->top), free(w->stamp), free(w->colv), free(w->diagv);
}

/* Fill t (t->v allocated by the caller) by the mex recursion, column by
 * column, layers in increasing order, rows in increasing order.  When
 * cap1/cap2 are given, the row sets after columns c1 and c2 are recorded
 * there (L * R entries each).  0 on success, 3 out of memory. */
static int compute(values *t, uint64_t c1, rowset *cap1, uint64_t c2, rowset *cap2)
{
    const uint32_t R = t->R, L = t->L, N = t->r.max;
    const uint64_t Y = t->Y;
    const size_t nseq = (size_t)L * R;
    scratch m;
    memset(&m, 0, sizeof m);
    /* options of one cell: at most N + 2N + 1 bounded, 2R + 1 besides the row unbounded */
    const size_t maxopt = N ? (size_t)3 * N + 2 : (size_t)2 * R + 2;
    const size_t NW = maxopt / 64 + 2 < 64 ? maxopt / 64 + 2 : 64; /* the mex window, in words */
    if (N) {
        m.stamp = calloc(maxopt + 2, sizeof *m.stamp);
        if (!m.stamp)
            return 3;
    } else {
        /* a value is at most its number of options: y + x + min(x, y) + 1 */
        const uint64_t V = Y + 2 * (uint64_t)R + 2;
        m.words = (size_t)(V / 64 + NW + 2);
        m.bits = calloc(nseq * m.words, sizeof *m.bits);
        m.mrow = calloc(nseq, sizeof *m.mrow);
        m.top = calloc(nseq, sizeof *m.top);
        if (!m.bits || !m.mrow || !m.top) {
            scratch_free(&m);
            return 3;
        }
    }
    /* The options in contiguous memory: colv holds the current column
     * (layer p, row x at p * R + x), diagv one slot per diagonal d = y - x
     * (slot (d + R) mod R; R diagonals meet the rows at any column, and the
     * slot of d is reused by d + R only after d's last row), so that the
     * column options of (x, y) are colv[p * R + x - a] and the diagonal
     * options diagv[slot][p][x - a], a = 1, 2, ... */
    m.colv = malloc(nseq * sizeof *m.colv);
    m.diagv = t->r.diag ? malloc((size_t)R * nseq * sizeof *m.diagv) : NULL;
    if (!m.colv || (t->r.diag && !m.diagv)) {
        scratch_free(&m);
        return 3;
    }
    uint32_t gen = 0;
    for (uint64_t y = 0; y < Y; y++) {
        for (uint32_t p = 0; p < L; p++)
            for (uint32_t x = 0; x < R; x++) {
                const size_t i = (size_t)p * R + x;
                cell_opts o;
                o.amax = N && N < x ? N : x;
                o.dmax = !t->r.diag ? 0 : o.amax < y ? o.amax : (uint32_t)y;
                const size_t slot = (size_t)((y + R - x) % R);
                uint32_t *dg = t->r.diag ? m.diagv + (slot * L + p) * R : NULL;
                o.cs = m.colv + i - o.amax;
                o.ds = dg ? dg + x - o.dmax : NULL;
                /* pass: (x, y) one layer down, unless (x, y) = (0, 0) */
                o.has_pass = p > 0 && (x > 0 || y > 0);
                o.pv = o.has_pass ? m.colv[i - R] : 0;
                uint32_t *row = cell(t, p, x);
                uint64_t g = N ? mex_bounded(m.stamp, maxopt + 2, &gen, row, y, N, &o)
                               : mex_unbounded(m.bits + i * m.words, &m.mrow[i], &m.top[i], NW, &o);
                row[y] = (uint32_t)g;
                m.colv[i] = (uint32_t)g;
                if (dg)
                    dg[x] = (uint32_t)g;
            }
        if (!N && ((cap1 && y == c1) || (cap2 && y == c2))) {
            rowset *dst = y == c1 && cap1 ? cap1 : cap2;
            for (size_t i = 0; i < nseq; i++) {
                dst[i] = capture(m.bits + i * m.words, m.mrow[i], m.top[i]);
                if (dst[i].nA == (size_t)-1) {
                    scratch_free(&m);
                    return 3;
                }
            }
        }
    }
    scratch_free(&m);
    return 0;
}

/* mod=M (wythoff, unbounded): the options of (x, y) in layer p are its row
 * (columns before y), its column (rows before x, this column), the pass,
 * and the cells (u, v), u < x, v < y, v = y - x + u (mod M) (a >= 1 and
 * b >= 1 tokens with a = b (mod M); Wythoff's diagonal among them): kept as
 * each row's set of values per class of columns v mod M, with its mex
 * (the first value not in it), the column's values joining their classes
 * once the column is done.  A value is at most x + y + p (its options'
 * values are smaller: by induction), so the bitsets have (Y + R + L) / 64
 * + 2 words.  The mex starts at the largest mex of the sets the cell reads
 * and goes a word at a time.
 *
 * With c2 < Y, the state check (a) of docs/periods.md for mod=M: at column
 * c1 the sets are kept; at c2 = c1 + P, for every layer p, row x and
 * residue t of a later column, the union U of the row's set and the class
 * sets of the rows u < x that a cell (x, y), y = t (mod M), reads must
 * satisfy: U(c2) holds [0, d), and U(c2) cut to [d, oo) is U(c1) plus d.
 * *state_ok says whether it does (why in err).  0, or 3 out of memory. */
static int compute_mod(values *t, uint64_t c1, uint64_t c2, uint64_t d, int *state_ok, char *err, size_t errlen)
{
    const uint32_t R = t->R, L = t->L, M = t->r.mod;
    const uint64_t Y = t->Y;
    const size_t nseq = (size_t)L * R, words = (size_t)((Y + R + L) / 64 + 2), nset = nseq * (M + 1);
    /* sets[(i * (M + 1) + 0) * words]: row i's set; + 1 + k: its class k */
    uint64_t *sets = calloc(nset * words, sizeof *sets), *mexv = calloc(nset, sizeof *mexv);
    uint64_t *snap = c2 < Y ? malloc(nset * words * sizeof *snap) : NULL;
    uint64_t *u1 = calloc(2 * words, sizeof *u1), *u2 = u1 ? u1 + words : NULL;
    uint32_t *colv = malloc(nseq * sizeof *colv);
    size_t *rd = malloc(R * sizeof *rd); /* the sets cell (x, y) reads: its row, then a class of each u < x */
    int rc = 3;
    *state_ok = 1;
    if (!sets || !mexv || (c2 < Y && !snap) || !u1 || !colv || !rd)
        goto out;
#define SET(j) (sets + (size_t)(j) * words)
    for (uint64_t y = 0; y < Y; y++) {
        for (uint32_t p = 0; p < L; p++)
            for (uint32_t x = 0; x < R; x++) {
                const size_t i = (size_t)p * R + x;
                uint64_t lb = mexv[i * (M + 1)];
                for (uint32_t u = 0; u < x; u++) {
                    const uint64_t k = (y % M + M - x % M + u % M) % M;
                    rd[u] = ((size_t)p * R + u) * (M + 1) + 1 + (size_t)k;
                    if (mexv[rd[u]] > lb)
                        lb = mexv[rd[u]];
                }
                const int has_pass = p > 0 && (x > 0 || y > 0);
                uint64_t g = lb;
                for (;;) {
                    const size_t w = (size_t)(g >> 6);
                    if (w >= words) /* above every bound: cannot happen */
                        goto out;
                    uint64_t acc = SET(i * (M + 1))[w];
                    for (uint32_t u = 0; u < x; u++)
                        acc |= SET(rd[u])[w];
                    for (uint32_t a = 0; a < x; a++)
                        if ((colv[(size_t)p * R + a] >> 6) == w)
                            acc |= (uint64_t)1 << (colv[(size_t)p * R + a] & 63);
                    if (has_pass && (colv[i - R] >> 6) == w)
                        acc |= (uint64_t)1 << (colv[i - R] & 63);
                    if ((uint64_t)w == (g >> 6) && (g & 63))
                        acc |= ((uint64_t)1 << (g & 63)) - 1;
                    if (~acc) {
                        g = ((uint64_t)w << 6) + (uint64_t)__builtin_ctzll(~acc);
                        break;
                    }
                    g = ((uint64_t)w + 1) << 6;
                }
                cell(t, p, x)[y] = (uint32_t)g;
                colv[i] = (uint32_t)g;
                uint64_t *rs = SET(i * (M + 1));
                rs[g >> 6] |= (uint64_t)1 << (g & 63);
                while (bitset_get(rs, mexv[i * (M + 1)]))
                    mexv[i * (M + 1)]++;
            }
        /* the column joins its classes */
        for (size_t i = 0; i < nseq; i++) {
            const size_t j = i * (M + 1) + 1 + (size_t)(y % M);
            uint64_t *cs = SET(j);
            cs[colv[i] >> 6] |= (uint64_t)1 << (colv[i] & 63);
            while (bitset_get(cs, mexv[j]))
                mexv[j]++;
        }
        if (y == c1 && snap)
            memcpy(snap, sets, nset * words * sizeof *snap);
        if (y == c2 && snap)
            for (uint32_t p = 0; p < L && *state_ok; p++)
                for (uint32_t x = 0; x < R && *state_ok; x++)
                    for (uint32_t tt = 0; tt < M && *state_ok; tt++) {
                        const size_t i = (size_t)p * R + x;
                        memcpy(u1, snap + i * (M + 1) * words, words * sizeof *u1);
                        memcpy(u2, SET(i * (M + 1)), words * sizeof *u2);
                        for (uint32_t u = 0; u < x; u++) {
                            const size_t j = ((size_t)p * R + u) * (M + 1) + 1 + (tt + M - x % M + u % M) % M;
                            for (size_t w = 0; w < words; w++) {
                                u1[w] |= snap[j * words + w];
                                u2[w] |= SET(j)[w];
                            }
                        }
                        const uint64_t top = (uint64_t)words * 64;
                        for (uint64_t v = 0; v < top && *state_ok; v++) {
                            const int in2 = bitset_get(u2, v);
                            const int want = v < d ? 1 : bitset_get(u1, v - d);
                            if (in2 != want) {
                                *state_ok = 0;
                                snprintf(err, errlen,
                                         "state: layer %u row %u, columns = %u (mod %u): value %" PRIu64
                                         " is %s the options' sets at column %" PRIu64 " but %s%s",
                                         p, x, tt, M, v, in2 ? "in" : "not in", c2,
                                         v < d ? "every value below the shift must be" : "its value minus the shift is ",
                                         v < d ? "" : (want ? "in them at y0" : "not in them at y0"));
                            }
                        }
                        /* U(c1) + d must not reach past the bitsets' end */
                        for (uint64_t v = top - (d < top ? d : top); v < top && *state_ok; v++)
                            if (bitset_get(u1, v)) {
                                *state_ok = 0;
                                snprintf(err, errlen, "state: layer %u row %u: value %" PRIu64 " at y0 has no match",
                                         p, x, v);
                            }
                    }
    }
#undef SET
    rc = 0;
out:
    free(sets), free(mexv), free(snap), free(u1), free(colv), free(rd);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The certificate                                                      */
/* ------------------------------------------------------------------ */

/* Lines of a certificate, read with a bound: no line of the format is
 * longer than LINE_CAP bytes (the longest, a row line, has at most 5
 * numbers), so a longer one is an error found after LINE_CAP + 1 bytes,
 * not a read of the whole file into memory. */
#define LINE_CAP 1024

typedef struct {
    FILE *f;
    char buf[LINE_CAP + 2];
    uint64_t ln;     /* lines read */
    int trunc;       /* the last line had no newline */
    char bad[96];    /* why the last line is not text ("" none) */
} reader;

/* The next line without its newline, or NULL at the end of the file or on
 * a bad line (r->bad says which: a NUL byte, a carriage return, a line
 * longer than LINE_CAP).  Comment lines ('#' first, after the first line)
 * are skipped. */
static const char *next_line(reader *r)
{
    for (;;) {
        size_t n = 0;
        int ch;
        while ((ch = getc(r->f)) != EOF && ch != '\n') {
            if (ch == '\0' || ch == '\r' || n == LINE_CAP) {
                r->ln++;
                snprintf(r->bad, sizeof r->bad, "line %" PRIu64 ": %s", r->ln,
                         ch == '\0'   ? "a NUL byte (a certificate is text)"
                         : ch == '\r' ? "a carriage return (the certificate format has plain newlines)"
                                      : "longer than " "1024" " bytes");
                return NULL;
            }
            r->buf[n++] = (char)ch;
        }
        if (ch == EOF && n == 0)
            return NULL;
        r->buf[n] = '\0';
        r->ln++;
        if (ch == EOF)
            r->trunc = 1;
        if (r->buf[0] == '#' && r->ln > 1)
            continue;
        return r->buf;
    }
}

/* "KEY NUMBER" into *v. */
static int key_u64(const char *line, const char *key, uint64_t *v, uint64_t max)
{
    size_t k = strlen(key);
    return line && strncmp(line, key, k) == 0 && line[k] == ' ' && parse_u64(v, line + k + 1, max);
}

static void cert_free(cert *c)
{
    free(c->pre), free(c->per), free(c->sal);
    c->pre = c->per = c->sal = NULL;
}

/* 1, with the reason in err, when the last line read was not text. */
static int bad_line(const reader *rd, char *err, size_t errlen)
{
    if (!rd->bad[0])
        return 0;
    snprintf(err, errlen, "%s", rd->bad);
    return 1;
}

/* The format line, the ruleset and the numbers up to the window: 0, or 2
 * with the reason in err. */
static int read_header(cert *c, reader *rd, char *err, size_t errlen)
{
    const char *l = next_line(rd);
    if (!l || strcmp(l, FORMAT_LINE) != 0)
        return snprintf(err, errlen, "not a certificate: the first line is not '%s'%s%s", FORMAT_LINE,
                        rd->bad[0] ? ": " : "", rd->bad),
               2;
    l = next_line(rd);
    if (bad_line(rd, err, errlen))
        return 2;
    if (!l || strncmp(l, "rules ", 6) != 0)
        return snprintf(err, errlen, "line %" PRIu64 ": 'rules RULES' expected", rd->ln), 2;
    if (!parse_rules(&c->r, l + 6, err, errlen)) {
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "line %" PRIu64 ": %.400s", rd->ln, why);
        return 2;
    }
    format_rules(c->text, sizeof c->text, &c->r);
    static const char *keys[] = {"rows", "layers", "y0", "period", "shift", "window"};
    uint64_t *dst[] = {NULL, NULL, &c->y0, &c->P, &c->d, &c->window};
    for (int k = 0; k < 6; k++) {
        uint64_t v;
        l = next_line(rd);
        if (bad_line(rd, err, errlen))
            return 2;
        if (!key_u64(l, keys[k], &v, (uint64_t)1 << 62))
            return snprintf(err, errlen, "line %" PRIu64 ": '%s NUMBER' expected%s", rd->ln, keys[k],
                            l ? "" : " (the file ends early)"),
                   2;
        if (k == 0)
            c->R = v <= MAX_ROWS ? (uint32_t)v : 0;
        else if (k == 1)
            c->L = v <= MAX_LAYERS ? (uint32_t)v : 0;
        else
            *dst[k] = v;
        if ((k == 0 && (v < 1 || v > MAX_ROWS)) || (k == 1 && v != c->r.passes + 1))
            return snprintf(err, errlen, "line %" PRIu64 ": %s %" PRIu64 " out of range (%s)", rd->ln, keys[k], v,
                            k == 0 ? "1 to 4096" : "the ruleset's passes + 1"),
                   2;
    }
    if (c->P < 1)
        return snprintf(err, errlen, "period 0"), 2;
    return 0;
}

/* The row lines, layer by layer, into c->pre, c->per, c->sal: 0, or 2
 * with the reason in err. */
static int read_rows(cert *c, reader *rd, char *err, size_t errlen)
{
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++) {
            size_t i = (size_t)p * c->R + x;
            char want[48], num[LINE_CAP + 2];
            snprintf(want, sizeof want, "row %u %u ", p, x);
            const char *l = next_line(rd);
            if (bad_line(rd, err, errlen))
                return 2;
            if (!l)
                return snprintf(err, errlen, "truncated: the file ends before the row of layer %u, x = %u", p, x), 2;
            const char *s = l + strlen(want), *t1, *t2;
            if (strncmp(l, want, strlen(want)) != 0 || !(t1 = strchr(s, ' ')) || !(t2 = strchr(t1 + 1, ' ')))
                return snprintf(err, errlen, "line %" PRIu64 ": 'row %u %u PREPERIOD PERIOD SALTUS' expected", rd->ln,
                                p, x),
                       2;
            snprintf(num, sizeof num, "%s", s);
            num[t1 - s] = num[t2 - s] = '\0';
            if (!parse_u64(&c->pre[i], num, (uint64_t)1 << 62) ||
                !parse_u64(&c->per[i], num + (t1 - s) + 1, (uint64_t)1 << 62) ||
                !parse_u64(&c->sal[i], num + (t2 - s) + 1, (uint64_t)1 << 62))
                return snprintf(err, errlen, "line %" PRIu64 ": bad number in the row of layer %u, x = %u", rd->ln, p,
                                x),
                       2;
        }
    return 0;
}

/* The 'end' line, the last of the file: 0, or 2 with the reason in err. */
static int read_end(reader *rd, char *err, size_t errlen)
{
    const char *l = next_line(rd);
    if (bad_line(rd, err, errlen))
        return 2;
    if (!l || strcmp(l, "end") != 0)
        return snprintf(err, errlen, "%s", l ? "'end' expected after the rows" : "truncated: no 'end' line"), 2;
    if (rd->trunc)
        return snprintf(err, errlen, "truncated: the last line has no newline"), 2;
    /* 'end' is the last line: nothing follows it, not even a comment */
    if (getc(rd->f) != EOF)
        return snprintf(err, errlen, "line %" PRIu64 ": text after 'end' (the format has no other part)", rd->ln + 1),
               2;
    if (ferror(rd->f))
        return snprintf(err, errlen, "read error"), 2;
    return 0;
}

/* 0, or 2 with the reason in err (3 out of memory). */
static int cert_read(cert *c, const char *path, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!rd.f)
        return snprintf(err, errlen, "cannot read (%s)", strerror(errno)), 2;
    int rc = read_header(c, &rd, err, errlen);
    if (rc == 0) {
        size_t n = (size_t)c->L * c->R;
        c->pre = malloc(n * sizeof *c->pre);
        c->per = malloc(n * sizeof *c->per);
        c->sal = malloc(n * sizeof *c->sal);
        if (!c->pre || !c->per || !c->sal)
            rc = 3, snprintf(err, errlen, "out of memory");
    }
    if (rc == 0)
        rc = read_rows(c, &rd, err, errlen);
    if (rc == 0)
        rc = read_end(&rd, err, errlen);
    if (rd.f != stdin)
        fclose(rd.f);
    if (rc)
        cert_free(c);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The verification                                                     */
/* ------------------------------------------------------------------ */

/* G(x, y) for any y, by the proved periodicity beyond the stored columns. */
static uint64_t val(const values *t, const cert *c, uint32_t p, uint32_t x, uint64_t y)
{
    const uint32_t *r = cell(t, p, x);
    if (y < t->Y)
        return r[y];
    uint64_t k = (y - c->y0) / c->P;
    return r[y - k * c->P] + k * c->d;
}

/* Does G(x, y + q) = G(x, y) + e hold for every y in [from, to)?  The
 * first y where it fails into *bad. */
static int holds(const values *t, const cert *c, uint32_t p, uint32_t x, uint64_t q, uint64_t e, uint64_t from,
                 uint64_t to, uint64_t *bad)
{
    const uint32_t *r = cell(t, p, x);
    uint64_t y = from;
    for (; y < to && y + q < t->Y; y++)
        if ((uint64_t)r[y + q] != (uint64_t)r[y] + e)
            return *bad = y, 0;
    for (; y < to; y++)
        if (val(t, c, p, x, y + q) != val(t, c, p, x, y) + e)
            return *bad = y, 0;
    return 1;
}

/* ------------------------------------------------------------------ */
/* The cost of a check, estimated before anything is computed           */
/* ------------------------------------------------------------------ */

/* The default limit on the work (--max-work): 2^37 units, 1 to 5 minutes
 * (docs/periods.md measures 0.5 ns a unit with max=N, 2 ns unbounded).
 * Every committed certificate of data/periods/ stays below it (nim+pass,
 * the largest: 7.5 * 10^10). */
#define DEFAULT_MAX_WORK ((uint64_t)1 << 37)

typedef unsigned __int128 u128;

static uint64_t sat64(u128 v) { return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v; }

/* sum of min(N, y) for 0 <= y < Y */
static u128 sum_min(uint64_t N, uint64_t Y)
{
    if (Y <= N)
        return (u128)Y * (Y ? Y - 1 : 0) / 2;
    return (u128)N * (N - 1) / 2 + (u128)N + (u128)(Y - N - 1) * N;
}

/* The work of compute() on rows 0..R-1, L layers, columns 0..Y-1, in units
 * of about one option read (its loops: per cell the options it looks at and
 * the mex search), and the bytes it allocates (with the values). */
static void compute_cost(u128 *work, u128 *bytes, const rules *r, uint32_t R, uint32_t L, uint64_t Y)
{
    const uint64_t N = r->max;
    const u128 nseq = (u128)L * R;
    u128 w = 0, b = nseq * Y * 4 + nseq * 4 + (r->diag ? (u128)R * nseq * 4 : 0);
    if (r->mod) {
        /* the sets of the cell's row and one class of each row above, a
         * word each for a few words of search, its column and the pass; the
         * sets (M + 1 per row) twice (the copy at y0) */
        const u128 words = ((u128)Y + R + L) / 64 + 2;
        for (uint32_t x = 0; x < R; x++)
            w += (u128)Y * (4 * ((u128)x + 1) + 2 * (u128)x + 4);
        b += 2 * nseq * ((u128)r->mod + 1) * words * 8 + nseq * ((u128)r->mod + 1) * 8 + (u128)R * 8 + 2 * words * 8;
        /* the check at y0 + P: for each row and residue the union of up to R
         * sets, then every value of it tested (per layer) */
        w += (u128)r->mod * words * ((u128)R * (R + 1) + 64 * (u128)R);
    } else if (N) {
        /* row min(N, y), column and diagonal at most min(N, x) each, the
         * pass; the mex search at most as many steps again */
        for (uint32_t x = 0; x < R; x++)
            w += 2 * (sum_min(N, Y) + (u128)Y * ((1 + (r->diag != 0)) * (u128)(N < x ? N : x) + 1)) + 2 * (u128)Y;
        b += (u128)(3 * N + 4) * 4;
    } else {
        /* column and diagonal x each, the pass, the mex window of NW
         * words copied and searched */
        const uint64_t maxopt = 2 * (uint64_t)R + 2, NW = maxopt / 64 + 2 < 64 ? maxopt / 64 + 2 : 64;
        for (uint32_t x = 0; x < R; x++)
            w += (u128)Y * ((1 + (r->diag != 0)) * (u128)x + 2 * NW + 4);
        b += nseq * (((u128)Y + 2 * (u128)R + 2) / 64 + NW + 2) * 8 + nseq * 16;
    }
    *work = w * L;
    *bytes = b;
}

/* The distinct primes of v (v <= 2^30: trial division), into p[]; how many. */
static int primes_of(uint64_t v, uint64_t p[16])
{
    int n = 0;
    for (uint64_t q = 2; q * q <= v; q++)
        if (v % q == 0) {
            p[n++] = q;
            while (v % q == 0)
                v /= q;
        }
    if (v > 1)
        p[n++] = v;
    return n;
}

/* The work of the whole check of c (compute() and the checks (a), (b) of
 * verify()) and its bytes. */
static void cert_cost(u128 *work, u128 *bytes, const cert *c, uint64_t K)
{
    compute_cost(work, bytes, &c->r, c->R, c->L, c->y0 + c->P + 1);
    uint64_t pr[16];
    const int np = primes_of(c->P, pr);
    const size_t nseq = (size_t)c->L * c->R;
    for (size_t i = 0; i < nseq; i++) {
        const uint64_t pre = c->pre[i], q = c->per[i];
        int w = 0; /* the divisors q / p checked for minimality */
        for (int k = 0; k < np; k++)
            w += q && q % pr[k] == 0;
        *work += K + (pre > c->y0 ? 0 : c->y0 - pre) + c->P + 1 + (u128)w * c->P;
    }
}

/* "123456789 (1.2e8)": a count in digits and, for a reader, its size. */
static const char *count_text(char *buf, size_t len, uint64_t v)
{
    uint64_t m = v;
    int e = 0;
    while (m >= 100) {
        m /= 10;
        e++;
    }
    if (e)
        snprintf(buf, len, "%" PRIu64 " (about %" PRIu64 ".%" PRIu64 "e%d)", v, m / 10, m % 10, e + 1);
    else
        snprintf(buf, len, "%" PRIu64, v);
    return buf;
}

/* The physical memory of the machine (0: unknown). */
static uint64_t phys_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : 0;
}

/* 0 when a check of this work and memory may start, else 3 with the
 * estimate in err. */
static int refuse(u128 work, u128 bytes, uint64_t max_work, const char *what, char *err, size_t errlen)
{
    char w[64], m[64];
    const uint64_t ram = phys_memory();
    if (work > max_work)
        return snprintf(err, errlen,
                        "%s needs about %s work units (options read) and %s bytes of memory, more than the "
                        "limit of %" PRIu64 " units (--max-work N raises it; docs/periods.md)",
                        what, count_text(w, sizeof w, sat64(work)), count_text(m, sizeof m, sat64(bytes)), max_work),
               3;
    if (ram && bytes > ram)
        return snprintf(err, errlen, "%s needs about %s bytes of memory, more than this machine's %" PRIu64 " MiB",
                        what, count_text(m, sizeof m, sat64(bytes)), ram >> 20),
               3;
    return 0;
}

/* (a) state(y0 + P) = state(y0) + d: the last K values of every row, and
 * for the unbounded rules the rows' sets s1 and s2 (at columns y0 and
 * y0 + P).  0, or 1 with what fails in err. */
static int check_state(const values *t, const cert *c, uint64_t K, const rowset *s1, const rowset *s2, char *err,
                       size_t errlen)
{
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++) {
            const uint32_t *row = cell(t, p, x);
            for (uint64_t y = c->y0 + 1 - K; y <= c->y0; y++)
                if ((uint64_t)row[y + c->P] != (uint64_t)row[y] + c->d)
                    return snprintf(err, errlen,
                                    "state: layer %u row %u: G(%u, %" PRIu64 ") = %u but G(%u, %" PRIu64
                                    ") = %u, not + %" PRIu64,
                                    p, x, x, y + c->P, row[y + c->P], x, y, row[y], c->d),
                           1;
            if (c->r.max || c->r.mod) /* mod=M: the sets were checked by compute_mod */
                continue;
            const rowset *a = &s1[(size_t)p * c->R + x], *b = &s2[(size_t)p * c->R + x];
            int same = b->m == a->m + c->d && b->nA == a->nA;
            for (size_t k = 0; same && k < a->nA; k++)
                same = (uint64_t)b->A[k] == (uint64_t)a->A[k] + c->d;
            if (!same)
                return snprintf(err, errlen,
                                "state: layer %u row %u: the row's values up to column %" PRIu64 " (mex %" PRIu64
                                ", %zu above) are not those up to column %" PRIu64 " (mex %" PRIu64
                                ", %zu above) moved by %" PRIu64,
                                p, x, c->y0 + c->P, b->m, b->nA, c->y0, a->m, a->nA, c->d),
                       1;
        }
    return 0;
}

/* (b) the period, preperiod and saltus of row x of layer p (pr[0..np): the
 * primes of the joint period).  0, or 1 with what fails in err. */
static int check_row(const values *t, const cert *c, uint32_t p, uint32_t x, const uint64_t *pr, int np, char *err,
                     size_t errlen)
{
    const size_t i = (size_t)p * c->R + x;
    const uint64_t q = c->per[i], pre = c->pre[i], s = c->sal[i];
    uint64_t bad;
    if (q == 0 || c->P % q != 0)
        return snprintf(err, errlen,
                        "layer %u row %u: period %" PRIu64 " does not divide the joint period %" PRIu64
                        " (a row's smallest period always does)",
                        p, x, q, c->P),
               1;
    if ((unsigned __int128)s * c->P != (unsigned __int128)q * c->d)
        return snprintf(err, errlen,
                        "layer %u row %u: saltus %" PRIu64 " is not period * shift / joint period = %" PRIu64, p, x,
                        s, q * c->d / c->P),
               1;
    if (pre > c->y0 + c->P)
        return snprintf(err, errlen, "layer %u row %u: preperiod %" PRIu64 " beyond y0 + period", p, x, pre), 1;
    const uint64_t to = (pre > c->y0 ? pre : c->y0) + c->P;
    if (!holds(t, c, p, x, q, s, pre, to, &bad))
        return snprintf(err, errlen,
                        "layer %u row %u: G(%u, y + %" PRIu64 ") = G(%u, y) + %" PRIu64 " fails at y = %" PRIu64, p,
                        x, x, q, x, s, bad),
               1;
    if (pre > 0 && holds(t, c, p, x, q, s, pre - 1, pre, &bad))
        return snprintf(err, errlen, "layer %u row %u: preperiod %" PRIu64 " is not the smallest (%" PRIu64 " works)",
                        p, x, pre, pre - 1),
               1;
    /* q is the smallest: the periods of the row that divide P are closed
     * under gcd and under multiples that divide P (docs/periods.md), so
     * were some e < q one, so would be q / p for a prime p of q; each q / p
     * is checked */
    for (int k = 0; k < np; k++) {
        if (q % pr[k])
            continue;
        const uint64_t e = q / pr[k];
        if (((unsigned __int128)e * c->d) % c->P)
            continue; /* no integer saltus: not a period */
        if (holds(t, c, p, x, e, e * c->d / c->P, c->y0, c->y0 + c->P, &bad))
            return snprintf(err, errlen,
                            "layer %u row %u: period %" PRIu64 " is not the smallest (%" PRIu64 " works)", p, x, q,
                            e),
                   1;
    }
    return 0;
}

/* 0 verified, 1 false (err says why), 2 not checkable, 3 a resource limit
 * (the estimate above max_work or the machine's memory, or out of memory). */
static int verify(const cert *c, uint64_t max_work, char *err, size_t errlen)
{
    const rules *r = &c->r;
    const uint64_t K = r->max ? (r->max > c->R ? r->max : c->R) : c->R;
    if (r->max && c->d != 0)
        return snprintf(err, errlen, "shift %" PRIu64 " with max=%u: bounded values repeat without shift", c->d,
                        r->max),
               1;
    if (c->y0 + 1 < K)
        return snprintf(err, errlen,
                        "y0 = %" PRIu64 " is below K - 1 = %" PRIu64 " (the state needs the last K values of a row)",
                        c->y0, K - 1),
               1;
    if (c->y0 + c->P + 1 > MAX_COLS)
        return snprintf(err, errlen, "y0 + period = %" PRIu64 ": more than the checker computes (2^30 columns)",
                        c->y0 + c->P),
               3;
    {
        u128 work, bytes;
        cert_cost(&work, &bytes, c, K);
        int rc = refuse(work, bytes, max_work, "the check", err, errlen);
        if (rc)
            return rc;
    }
    values t = {*r, c->R, c->L, c->y0 + c->P + 1, NULL};
    const size_t nseq = (size_t)c->L * c->R;
    t.v = malloc(nseq * (size_t)t.Y * sizeof *t.v);
    rowset *s1 = calloc(nseq, sizeof *s1), *s2 = calloc(nseq, sizeof *s2);
    int rc = 3;
    if (!t.v || !s1 || !s2) {
        snprintf(err, errlen, "out of memory (%zu MB of values)", nseq * (size_t)t.Y * 4 >> 20);
        goto out;
    }
    int state_ok = 1;
    if (r->mod ? compute_mod(&t, c->y0, c->y0 + c->P, c->d, &state_ok, err, errlen)
               : compute(&t, c->y0, r->max ? NULL : s1, c->y0 + c->P, r->max ? NULL : s2)) {
        snprintf(err, errlen, "out of memory computing the values");
        goto out;
    }
    rc = 1;
    if (!state_ok || check_state(&t, c, K, s1, s2, err, errlen))
        goto out;
    uint64_t pr[16];
    const int np = primes_of(c->P, pr);
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++)
            if (check_row(&t, c, p, x, pr, np, err, errlen))
                goto out;
    rc = 0;
out:
    for (size_t i = 0; i < nseq; i++) {
        if (s1)
            free(s1[i].A);
        if (s2)
            free(s2[i].A);
    }
    free(s1), free(s2), free(t.v);
    return rc;
}

/* --table RULES ROWS COLS [PASSES_LEFT]: the checker's own values as CSV,
 * in the layout of `wythoff table --format csv` (for the tests). */
static int table_mode(int argc, char **argv, uint64_t max_work)
{
    char err[512];
    rules r;
    uint64_t R, C, P;
    if (argc < 3 || argc > 4)
        return msg(2, "usage: %s --table RULES ROWS COLS [PASSES_LEFT]", prog);
    if (!parse_rules(&r, argv[0], err, sizeof err))
        return msg(2, "%s", err);
    if (!parse_u64(&R, argv[1], MAX_ROWS) || R == 0 || !parse_u64(&C, argv[2], 1u << 24) || C == 0)
        return msg(2, "--table: ROWS 1 to 4096 and COLS 1 to 2^24 expected");
    P = r.passes;
    if (argc == 4 && (!parse_u64(&P, argv[3], r.passes)))
        return msg(2, "--table: PASSES_LEFT 0 to %u expected", r.passes);
    u128 work, bytes;
    compute_cost(&work, &bytes, &r, (uint32_t)R, r.passes + 1, C);
    if (refuse(work, bytes, max_work, "the table", err, sizeof err))
        return msg(3, "%s", err);
    values t = {r, (uint32_t)R, r.passes + 1, C, NULL};
    t.v = malloc((size_t)t.L * R * C * sizeof *t.v);
    int state_ok = 1;
    if (!t.v || (t.r.mod ? compute_mod(&t, UINT64_MAX, UINT64_MAX, 0, &state_ok, NULL, 0) : compute(&t, 0, NULL, 0, NULL)))
        return free(t.v), msg(3, "out of memory");
    printf("x\\y");
    for (uint64_t y = 0; y < C; y++)
        printf(",%" PRIu64, y);
    putchar('\n');
    for (uint32_t x = 0; x < R; x++) {
        printf("%u", x);
        const uint32_t *row = cell(&t, (uint32_t)P, x);
        for (uint64_t y = 0; y < C; y++)
            printf(",%u", row[y]);
        putchar('\n');
    }
    free(t.v);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : msg(2, "write error");
}

static int usage(FILE *f, int code)
{
    fprintf(f,
            "usage: %s [--max-work N] FILE...   (FILE '-': standard input)\n"
            "       %s [--max-work N] --table RULES ROWS COLS [PASSES_LEFT]\n"
            "Re-verifies row-period certificates written by 'wythoff period RULES --rows R --certificate FILE'\n"
            "from scratch, sharing no code with the engine (docs/periods.md).  One line per verified\n"
            "certificate; exit 0 all verified, 1 a certificate is false, 2 unreadable or malformed,\n"
            "3 a resource limit: the work estimated before starting is above --max-work (default 2^37\n"
            "units, a few minutes), or the memory above the machine's, or out of memory.\n"
            "--table prints the checker's own values (CSV, as 'wythoff table').\n",
            prog, prog);
    return code;
}

/* N, A^B or AeB (at most 2^64 - 1); 1 on success. */
static int parse_work(uint64_t *out, const char *s)
{
    const char *op = strpbrk(s, "^e");
    if (!op)
        return parse_u64(out, s, UINT64_MAX);
    char a[32];
    uint64_t base, ex, v = 1;
    if ((size_t)(op - s) >= sizeof a)
        return 0;
    memcpy(a, s, (size_t)(op - s));
    a[op - s] = '\0';
    if (!parse_u64(&base, a, UINT64_MAX) || !parse_u64(&ex, op + 1, 64))
        return 0;
    if (*op == 'e') {
        for (uint64_t k = 0; k < ex; k++) {
            if (v > UINT64_MAX / 10)
                return 0;
            v *= 10;
        }
        if (base && v > UINT64_MAX / base)
            return 0;
        *out = base * v;
        return 1;
    }
    for (uint64_t k = 0; k < ex; k++) {
        if (base && v > UINT64_MAX / base)
            return 0;
        v *= base;
    }
    *out = v;
    return 1;
}

int main(int argc, char **argv)
{
    uint64_t max_work = DEFAULT_MAX_WORK;
    int i = 1;
    if (argc < 2)
        return usage(stderr, 2);
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
            return usage(stdout, 0);
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strcmp(a, "--table") == 0)
            return table_mode(argc - i - 1, argv + i + 1, max_work);
        if (strcmp(a, "--max-work") == 0 || strncmp(a, "--max-work=", 11) == 0) {
            const char *v = a[10] == '=' ? a + 11 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v || !parse_work(&max_work, v) || max_work == 0)
                return msg(2, "--max-work needs a positive number of work units (N, A^B or AeB, at most 2^64 - 1), "
                           "not '%.40s'", v ? v : ""),
                       usage(stderr, 2);
            continue;
        }
        return msg(2, "unknown option '%.40s'", a), usage(stderr, 2);
    }
    if (i >= argc)
        return usage(stderr, 2);
    int worst = 0;
    for (; i < argc; i++) {
        char err[512];
        cert c;
        int rc = cert_read(&c, argv[i], err, sizeof err);
        if (!rc) {
            rc = verify(&c, max_work, err, sizeof err);
            if (!rc)
                printf("verified %s: %s, rows 0-%u, %u layer%s: G(x, y + %" PRIu64 ") = G(x, y) + %" PRIu64
                       " for y >= %" PRIu64 "; every row's preperiod, period and saltus smallest and right\n",
                       argv[i], c.text, c.R - 1, c.L, c.L == 1 ? "" : "s", c.P, c.d, c.y0);
            cert_free(&c);
        }
        if (rc) {
            msg(rc, "%s: %s%s", argv[i], rc == 1 ? "FALSE: " : "", err);
            worst = worst > rc ? worst : rc;
        }
        fflush(stdout);
    }
    return worst;
}
