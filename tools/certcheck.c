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
 * heap, a diagonal move at most N from each).  Anything else is refused.
 *
 * Exit status: 0 every certificate verified; 1 some certificate is false
 * (the message says what fails); 2 bad usage, an unreadable or malformed
 * certificate, or a ruleset the checker does not know; 3 out of memory.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define FORMAT_LINE "wythoff-period-certificate 1"
#define MAX_ROWS 4096u
#define MAX_LAYERS 65u     /* pass=64 at most */
#define MAX_COLS (1u << 30) /* columns 0..y0+P: values stay below 2^31 */

typedef struct {
    int diag;        /* wythoff: diagonal moves */
    uint32_t passes; /* K: layers 0..K */
    uint32_t max;    /* N, or 0: unbounded */
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
        if (v > (max - dgt) / 10)
            return 0;
        v = v * 10 + dgt;
    }
    *out = v;
    return 1;
}

/* GAME('+'OPTION)*, GAME wythoff or nim, OPTION pass, pass=K or max=N. */
static int parse_rules(rules *r, const char *text, char *err, size_t errlen)
{
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return snprintf(err, errlen, "ruleset too long"), 0;
    strcpy(buf, text);
    memset(r, 0, sizeof *r);
    char *save = NULL, *tok = strtok_r(buf, "+", &save);
    if (!tok || (strcmp(tok, "wythoff") != 0 && strcmp(tok, "nim") != 0))
        return snprintf(err, errlen, "ruleset '%.60s': the game must be wythoff or nim", text), 0;
    r->diag = strcmp(tok, "wythoff") == 0;
    int have_pass = 0, have_max = 0;
    if (text[strlen(text) - 1] == '+' || strstr(text, "++"))
        return snprintf(err, errlen, "ruleset '%.60s': an empty option", text), 0;
    while ((tok = strtok_r(NULL, "+", &save))) {
        uint64_t v;
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
        } else {
            return snprintf(err, errlen,
                             "ruleset '%.60s': option '%.30s' is not one the checker knows or is repeated (it knows "
                             "pass, pass=K, max=N)",
                             text, tok),
                   0;
        }
    }
    return 1;
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

/* Fill t (t->v allocated by the caller) by the mex recursion, column by
 * column, layers in increasing order, rows in increasing order.  When
 * cap1/cap2 are given, the row sets after columns c1 and c2 are recorded
 * there (L * R entries each).  0 on success, 3 out of memory. */
static int compute(values *t, uint64_t c1, rowset *cap1, uint64_t c2, rowset *cap2)
{
    const uint32_t R = t->R, L = t->L, N = t->r.max;
    const uint64_t Y = t->Y;
    const size_t nseq = (size_t)L * R;
    uint64_t *bits = NULL, *mrow = NULL, *top = NULL;
    uint32_t *stamp = NULL;
    size_t words = 0;
    /* options of one cell: at most N + 2N + 1 bounded, 2R + 1 besides the row unbounded */
    const size_t maxopt = N ? (size_t)3 * N + 2 : (size_t)2 * R + 2;
    const size_t NW = maxopt / 64 + 2 < 64 ? maxopt / 64 + 2 : 64; /* the mex window, in words */
    if (N) {
        stamp = calloc(maxopt + 2, sizeof *stamp);
        if (!stamp)
            return 3;
    } else {
        /* a value is at most its number of options: y + x + min(x, y) + 1 */
        const uint64_t V = Y + 2 * (uint64_t)R + 2;
        words = (size_t)(V / 64 + NW + 2);
        bits = calloc(nseq * words, sizeof *bits);
        mrow = calloc(nseq, sizeof *mrow);
        top = calloc(nseq, sizeof *top);
        if (!bits || !mrow || !top) {
            free(bits), free(mrow), free(top);
            return 3;
        }
    }
    /* The options in contiguous memory: colv holds the current column
     * (layer p, row x at p * R + x), diagv one slot per diagonal d = y - x
     * (slot (d + R) mod R; R diagonals meet the rows at any column, and the
     * slot of d is reused by d + R only after d's last row), so that the
     * column options of (x, y) are colv[p * R + x - a] and the diagonal
     * options diagv[slot][p][x - a], a = 1, 2, ... */
    uint32_t *colv = malloc(nseq * sizeof *colv);
    uint32_t *diagv = t->r.diag ? malloc((size_t)R * nseq * sizeof *diagv) : NULL;
    if (!colv || (t->r.diag && !diagv)) {
        free(bits), free(mrow), free(top), free(stamp), free(colv), free(diagv);
        return 3;
    }
    uint32_t gen = 0;
    uint64_t win[64];
    for (uint64_t y = 0; y < Y; y++) {
        for (uint32_t p = 0; p < L; p++)
            for (uint32_t x = 0; x < R; x++) {
                const size_t i = (size_t)p * R + x;
                const uint32_t amax = N && N < x ? N : x;
                const uint32_t dmax = !t->r.diag ? 0 : amax < y ? amax : (uint32_t)y;
                const size_t slot = (size_t)((y + R - x) % R);
                uint32_t *dg = t->r.diag ? diagv + (slot * L + p) * R : NULL;
                /* column (x - a, y), a <= amax; diagonal (x - a, y - a), a <= dmax */
                const uint32_t *cs = colv + i - amax, *ds = dg ? dg + x - dmax : NULL;
                /* pass: (x, y) one layer down, unless (x, y) = (0, 0) */
                const int has_pass = p > 0 && (x > 0 || y > 0);
                const uint32_t pv = has_pass ? colv[i - R] : 0;
                uint32_t *row = cell(t, p, x);
                uint64_t g;
                if (N) {
                    if (++gen == 0) {
                        memset(stamp, 0, (maxopt + 2) * sizeof *stamp);
                        gen = 1;
                    }
                    /* row: (x, y - b), b <= min(y, N); every value is at most maxopt */
                    uint64_t bmax = N < y ? N : y;
                    for (uint64_t b = 1; b <= bmax; b++)
                        stamp[row[y - b]] = gen;
                    for (uint32_t a = 0; a < amax; a++)
                        stamp[cs[a]] = gen;
                    for (uint32_t a = 0; a < dmax; a++)
                        stamp[ds[a]] = gen;
                    if (has_pass)
                        stamp[pv] = gen;
                    g = 0;
                    while (stamp[g] == gen)
                        g++;
                } else {
                    /* the row: every earlier value, as a bitset with its mex;
                     * the mex of the cell is the first value >= that mex in
                     * neither the row nor the other options */
                    uint64_t *b = bits + i * words;
                    const uint64_t base = mrow[i], w0 = base >> 6, lo = w0 << 6, span = (uint64_t)NW << 6;
#define WIN_SET(v)                                                                                                 \
    do {                                                                                                           \
        uint64_t o_ = (uint64_t)(v) - lo;                                                                          \
        if (o_ < span)                                                                                             \
            win[o_ >> 6] |= (uint64_t)1 << (o_ & 63);                                                              \
    } while (0)
                    memcpy(win, b + w0, NW * sizeof *win);
                    for (uint32_t a = 0; a < amax; a++)
                        WIN_SET(cs[a]);
                    for (uint32_t a = 0; a < dmax; a++)
                        WIN_SET(ds[a]);
                    if (has_pass)
                        WIN_SET(pv);
#undef WIN_SET
                    g = UINT64_MAX;
                    for (size_t w = 0; w < NW; w++)
                        if (~win[w]) {
                            g = ((w0 + w) << 6) + (uint64_t)__builtin_ctzll(~win[w]);
                            break;
                        }
                    if (g == UINT64_MAX) { /* a full window: go on value by value */
                        for (g = lo + span;; g++) {
                            int in = bitset_get(b, g) || (has_pass && pv == g);
                            for (uint32_t a = 0; !in && a < amax; a++)
                                in = cs[a] == g;
                            for (uint32_t a = 0; !in && a < dmax; a++)
                                in = ds[a] == g;
                            if (!in)
                                break;
                        }
                    }
                    b[g >> 6] |= (uint64_t)1 << (g & 63);
                    if (g == base) {
                        uint64_t m = base + 1;
                        while (bitset_get(b, m))
                            m++;
                        mrow[i] = m;
                    }
                    if (g > top[i])
                        top[i] = g;
                }
                row[y] = (uint32_t)g;
                colv[i] = (uint32_t)g;
                if (dg)
                    dg[x] = (uint32_t)g;
            }
        if (!N && ((cap1 && y == c1) || (cap2 && y == c2))) {
            rowset *dst = y == c1 && cap1 ? cap1 : cap2;
            for (size_t i = 0; i < nseq; i++) {
                dst[i] = capture(bits + i * words, mrow[i], top[i]);
                if (dst[i].nA == (size_t)-1) {
                    free(bits), free(mrow), free(top), free(stamp), free(colv), free(diagv);
                    return 3;
                }
            }
        }
    }
    free(bits), free(mrow), free(top), free(stamp), free(colv), free(diagv);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The certificate                                                      */
/* ------------------------------------------------------------------ */

/* The next line without its newline, or NULL at the end of the file.
 * *trunc is set when the last line had no newline. */
static char *next_line(FILE *f, char **buf, size_t *cap, int *trunc, uint64_t *lineno)
{
    for (;;) {
        ssize_t n = getline(buf, cap, f);
        if (n < 0)
            return NULL;
        ++*lineno;
        if ((*buf)[n - 1] == '\n')
            (*buf)[--n] = 0;
        else
            *trunc = 1;
        if (memchr(*buf, 0, (size_t)n) || (n && (*buf)[n - 1] == '\r'))
            return *buf; /* the caller's comparison fails on it */
        if ((*buf)[0] == '#' && *lineno > 1)
            continue;
        return *buf;
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

/* 0, or 2 with the reason in err (3 out of memory). */
static int cert_read(cert *c, const char *path, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        return snprintf(err, errlen, "cannot read (%s)", strerror(errno)), 2;
    char *line = NULL, *l;
    size_t cap = 0;
    int trunc = 0, rc = 2;
    uint64_t ln = 0, v;
    l = next_line(f, &line, &cap, &trunc, &ln);
    if (!l || strcmp(l, FORMAT_LINE) != 0) {
        snprintf(err, errlen, "not a certificate: the first line is not '%s'", FORMAT_LINE);
        goto out;
    }
    l = next_line(f, &line, &cap, &trunc, &ln);
    if (!l || strncmp(l, "rules ", 6) != 0) {
        snprintf(err, errlen, "line %" PRIu64 ": 'rules RULES' expected", ln);
        goto out;
    }
    snprintf(c->text, sizeof c->text, "%s", l + 6);
    if (!parse_rules(&c->r, c->text, err, errlen))
        goto out;
    static const char *keys[] = {"rows", "layers", "y0", "period", "shift", "window"};
    uint64_t *dst[] = {NULL, NULL, &c->y0, &c->P, &c->d, &c->window};
    for (int k = 0; k < 6; k++) {
        l = next_line(f, &line, &cap, &trunc, &ln);
        if (!key_u64(l, keys[k], &v, (uint64_t)1 << 62)) {
            snprintf(err, errlen, "line %" PRIu64 ": '%s NUMBER' expected%s", ln, keys[k],
                     l ? "" : " (the file ends early)");
            goto out;
        }
        if (k == 0)
            c->R = v <= MAX_ROWS ? (uint32_t)v : 0;
        else if (k == 1)
            c->L = v <= MAX_LAYERS ? (uint32_t)v : 0;
        else
            *dst[k] = v;
        if ((k == 0 && (v < 1 || v > MAX_ROWS)) || (k == 1 && v != c->r.passes + 1)) {
            snprintf(err, errlen, "line %" PRIu64 ": %s %" PRIu64 " out of range (%s)", ln, keys[k], v,
                     k == 0 ? "1 to 4096" : "the ruleset's passes + 1");
            goto out;
        }
    }
    if (c->P < 1) {
        snprintf(err, errlen, "period 0");
        goto out;
    }
    size_t n = (size_t)c->L * c->R;
    c->pre = malloc(n * sizeof *c->pre);
    c->per = malloc(n * sizeof *c->per);
    c->sal = malloc(n * sizeof *c->sal);
    if (!c->pre || !c->per || !c->sal) {
        rc = 3;
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++) {
            size_t i = (size_t)p * c->R + x;
            char want[48];
            snprintf(want, sizeof want, "row %u %u ", p, x);
            l = next_line(f, &line, &cap, &trunc, &ln);
            if (!l) {
                snprintf(err, errlen, "truncated: the file ends before the row of layer %u, x = %u", p, x);
                goto out;
            }
            char *s = l + strlen(want), *t1, *t2;
            if (strncmp(l, want, strlen(want)) != 0 || !(t1 = strchr(s, ' ')) || !(t2 = strchr(t1 + 1, ' '))) {
                snprintf(err, errlen, "line %" PRIu64 ": 'row %u %u PREPERIOD PERIOD SALTUS' expected", ln, p, x);
                goto out;
            }
            *t1 = *t2 = 0;
            if (!parse_u64(&c->pre[i], s, (uint64_t)1 << 62) || !parse_u64(&c->per[i], t1 + 1, (uint64_t)1 << 62) ||
                !parse_u64(&c->sal[i], t2 + 1, (uint64_t)1 << 62)) {
                snprintf(err, errlen, "line %" PRIu64 ": bad number in the row of layer %u, x = %u", ln, p, x);
                goto out;
            }
        }
    l = next_line(f, &line, &cap, &trunc, &ln);
    if (!l || strcmp(l, "end") != 0) {
        snprintf(err, errlen, "%s", l ? "'end' expected after the rows" : "truncated: no 'end' line");
        goto out;
    }
    if (trunc) {
        snprintf(err, errlen, "truncated: the last line has no newline");
        goto out;
    }
    if (next_line(f, &line, &cap, &trunc, &ln)) {
        snprintf(err, errlen, "line %" PRIu64 ": text after 'end'", ln);
        goto out;
    }
    if (ferror(f)) {
        snprintf(err, errlen, "read error");
        goto out;
    }
    rc = 0;
out:
    free(line);
    if (f != stdin)
        fclose(f);
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

/* 0 verified, 1 false (err says why), 2 not checkable, 3 memory. */
static int verify(const cert *c, char *err, size_t errlen)
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
               2;
    values t = {*r, c->R, c->L, c->y0 + c->P + 1, NULL};
    const size_t nseq = (size_t)c->L * c->R;
    t.v = malloc(nseq * (size_t)t.Y * sizeof *t.v);
    rowset *s1 = calloc(nseq, sizeof *s1), *s2 = calloc(nseq, sizeof *s2);
    int rc = 3;
    if (!t.v || !s1 || !s2) {
        snprintf(err, errlen, "out of memory (%zu MB of values)", nseq * (size_t)t.Y * 4 >> 20);
        goto out;
    }
    if (compute(&t, c->y0, r->max ? NULL : s1, c->y0 + c->P, r->max ? NULL : s2)) {
        snprintf(err, errlen, "out of memory computing the values");
        goto out;
    }
    rc = 1;
    /* (a) state(y0 + P) = state(y0) + d */
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++) {
            const uint32_t *row = cell(&t, p, x);
            for (uint64_t y = c->y0 + 1 - K; y <= c->y0; y++)
                if ((uint64_t)row[y + c->P] != (uint64_t)row[y] + c->d) {
                    snprintf(err, errlen,
                             "state: layer %u row %u: G(%u, %" PRIu64 ") = %u but G(%u, %" PRIu64 ") = %u, not + %" PRIu64,
                             p, x, x, y + c->P, row[y + c->P], x, y, row[y], c->d);
                    goto out;
                }
            if (r->max)
                continue;
            const rowset *a = &s1[(size_t)p * c->R + x], *b = &s2[(size_t)p * c->R + x];
            int same = b->m == a->m + c->d && b->nA == a->nA;
            for (size_t k = 0; same && k < a->nA; k++)
                same = (uint64_t)b->A[k] == (uint64_t)a->A[k] + c->d;
            if (!same) {
                snprintf(err, errlen,
                         "state: layer %u row %u: the row's values up to column %" PRIu64 " (mex %" PRIu64
                         ", %zu above) are not those up to column %" PRIu64 " (mex %" PRIu64 ", %zu above) moved by %" PRIu64,
                         p, x, c->y0 + c->P, b->m, b->nA, c->y0, a->m, a->nA, c->d);
                goto out;
            }
        }
    /* (b) every row's period, preperiod and saltus */
    for (uint32_t p = 0; p < c->L; p++)
        for (uint32_t x = 0; x < c->R; x++) {
            const size_t i = (size_t)p * c->R + x;
            const uint64_t q = c->per[i], pre = c->pre[i], s = c->sal[i];
            uint64_t bad;
            if (q == 0 || c->P % q != 0) {
                snprintf(err, errlen,
                         "layer %u row %u: period %" PRIu64 " does not divide the joint period %" PRIu64
                         " (a row's smallest period always does)",
                         p, x, q, c->P);
                goto out;
            }
            if ((unsigned __int128)s * c->P != (unsigned __int128)q * c->d) {
                snprintf(err, errlen,
                         "layer %u row %u: saltus %" PRIu64 " is not period * shift / joint period = %" PRIu64, p, x,
                         s, q * c->d / c->P);
                goto out;
            }
            if (pre > c->y0 + c->P) {
                snprintf(err, errlen, "layer %u row %u: preperiod %" PRIu64 " beyond y0 + period", p, x, pre);
                goto out;
            }
            const uint64_t to = (pre > c->y0 ? pre : c->y0) + c->P;
            if (!holds(&t, c, p, x, q, s, pre, to, &bad)) {
                snprintf(err, errlen,
                         "layer %u row %u: G(%u, y + %" PRIu64 ") = G(%u, y) + %" PRIu64 " fails at y = %" PRIu64, p,
                         x, x, q, x, s, bad);
                goto out;
            }
            if (pre > 0 && holds(&t, c, p, x, q, s, pre - 1, pre, &bad)) {
                snprintf(err, errlen, "layer %u row %u: preperiod %" PRIu64 " is not the smallest (%" PRIu64 " works)",
                         p, x, pre, pre - 1);
                goto out;
            }
            for (uint64_t e = 1; e < q; e++) {
                if (c->P % e || ((unsigned __int128)e * c->d) % c->P)
                    continue;
                if (holds(&t, c, p, x, e, e * c->d / c->P, c->y0, c->y0 + c->P, &bad)) {
                    snprintf(err, errlen, "layer %u row %u: period %" PRIu64 " is not the smallest (%" PRIu64 " works)",
                             p, x, q, e);
                    goto out;
                }
            }
        }
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
static int table_mode(int argc, char **argv)
{
    char err[256];
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
    values t = {r, (uint32_t)R, r.passes + 1, C, NULL};
    t.v = malloc((size_t)t.L * R * C * sizeof *t.v);
    if (!t.v || compute(&t, 0, NULL, 0, NULL))
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
            "usage: %s FILE...   (FILE '-': standard input)\n"
            "       %s --table RULES ROWS COLS [PASSES_LEFT]\n"
            "Re-verifies row-period certificates written by 'wythoff period RULES --rows R --certificate FILE'\n"
            "from scratch, sharing no code with the engine (docs/periods.md).  One line per verified\n"
            "certificate; exit 0 all verified, 1 a certificate is false, 2 unreadable or malformed,\n"
            "3 out of memory.  --table prints the checker's own values (CSV, as 'wythoff table').\n",
            prog, prog);
    return code;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, 2);
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return usage(stdout, 0);
    if (strcmp(argv[1], "--table") == 0)
        return table_mode(argc - 2, argv + 2);
    int worst = 0, i = 1;
    if (strcmp(argv[1], "--") == 0)
        i++;
    else if (argv[1][0] == '-' && argv[1][1])
        return msg(2, "unknown option '%.40s'", argv[1]), usage(stderr, 2);
    if (i >= argc)
        return usage(stderr, 2);
    for (; i < argc; i++) {
        char err[512];
        cert c;
        int rc = cert_read(&c, argv[i], err, sizeof err);
        if (!rc) {
            rc = verify(&c, err, sizeof err);
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
