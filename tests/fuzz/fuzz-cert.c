/*
 * fuzz-cert - wythoff-certcheck (tools/certcheck.c), the independent checker
 * of the row-period certificates that `wythoff period --certificate` writes
 * (format, argument and exit codes: docs/periods.md, man/wythoff-certcheck.1).
 *
 * The checker shares no code with the library, and this harness does not
 * change that: it compiles tools/certcheck.c into itself with its main()
 * renamed (certcheck_main) and runs it in-process as the program would run
 * (the checker returns its exit code from main and never calls exit()); its
 * stdin, stdout and stderr are memory streams.  The harness alone uses the
 * library, to check what the checker says.
 *
 * Input:
 *   - "--table ARGS": the checker's second mode,
 *     wythoff-certcheck --max-work 2^20 --table ARG...  (ARGS split at
 *     spaces, at most 6 arguments; an argument ends at a NUL byte and may
 *     hold a newline, and a message that quotes it then has two lines);
 *   - anything else: a certificate, read from standard input,
 *     wythoff-certcheck --max-work 2^20 -   (2^20 units: a millisecond or
 *     two; every committed certificate of a max=N ruleset needs less).
 * Properties, against a reference reader of the format written from
 * docs/periods.md ("Certificates") and against the library's table engine
 * (wy_table_compute_run, sparse), which the checker cannot see:
 *   - no crash, no undefined behaviour, no leak; the exit code is 0, 1, 2
 *     or 3; exit 0: nothing on stderr, one line on stdout, "verified -: "
 *     with the ruleset in the library's canonical form (wy_rules_format),
 *     the rows, layers, period, shift and y0 of the file; else nothing on
 *     stdout and one line "wythoff-certcheck: -: ..." on stderr ("FALSE: "
 *     after it exactly for exit 1);
 *   - a NUL byte anywhere, or any byte after a line "end", is exit 2;
 *   - the reference finds the text malformed (a NUL byte, a carriage
 *     return, a line over 1024 bytes, a first line other than
 *     "wythoff-period-certificate 1", a ruleset not GAME('+'OPTION)* with
 *     wythoff or nim and pass, pass=K, max=N each at most once, the lines
 *     rules, rows, layers (= passes + 1), y0, period, shift, window in
 *     this order, "row p x pre q s" for every layer and row in order,
 *     fields separated by one space, the last line "end" with its newline
 *     and nothing after it; '#' lines after the first are comments): exit
 *     2; exit 0, 1 or 3 only when the reference finds it well-formed, and
 *     a well-formed one is never exit 2.  Where the documentation is
 *     silent the reference does not decide (a number with a leading zero
 *     or above 2^62, rows outside 1..4096, pass=K above 64, max=N above
 *     2^20, period 0);
 *   - exit 0, verified: the certificate is true on the window of columns
 *     0 .. max(pre, y0) + 2P of the table engine, every layer and row:
 *     G(x, y + P) = G(x, y) + d for y >= y0; every row's G(x, y + q) =
 *     G(x, y) + s from its preperiod on (over a whole joint period past
 *     max(pre, y0)), q dividing P, s P = q d, D(pre - 1) != 0, and no proper
 *     divisor r of q with an integer saltus r d / P holding on
 *     [y0, y0 + P) (docs/periods.md: the smallest period divides P; a
 *     smaller period would make such a divisor one);
 *   - exit 1, false: what the message says fails is checked: the claimed
 *     period not dividing P, a wrong saltus, a preperiod beyond y0 + P, a
 *     shift with max=N, against the file; the values of a state that
 *     differs (the two cells, or the mex and the set above it of a row up
 *     to the two columns), the column where a row's claim fails, the
 *     smaller preperiod or period that works, against the table engine.
 *     One refutation is of the method, not of the claim: "y0 is below
 *     K - 1", and a state that differs at a column below y0 (the state
 *     holds the last K values); the claim may still be true there, and the
 *     harness checks only the facts the message states;
 *   - exit 3: the message gives the estimate ("work units") or names the
 *     2^30 columns or the memory;
 *   - --table: exit 0 exactly when a reference of the arguments accepts
 *     them (3 or 4 arguments: a ruleset as above, ROWS 1..4096, COLS
 *     1..2^24, PASSES_LEFT at most K) and the work is within the limit
 *     (else 3); its CSV is the library's table of that window and side
 *     state, byte for byte ("x\y,0,1,..." then "x,G(x,0),..."); exit 2 with
 *     one message line otherwise.
 */
#define main certcheck_main
int certcheck_main(int argc, char **argv);
#include "../../tools/certcheck.c"
#undef main

#include "fuzz.h"
#include "wythoff.h"

#define MAX_WORK "1048576" /* 2^20 units */

/* ------------------------------------------------------------------ */
/* The reference reader (docs/periods.md)                              */
/* ------------------------------------------------------------------ */

enum { REF_OK, REF_BAD, REF_GRAY };

typedef struct {
    wy_rules r;
    uint64_t R, L, y0, P, d, window;
    uint64_t *pre, *q, *s; /* [p * R + x] */
} refcert;

/* A number field: 1..20 digits; REF_GRAY for a leading zero or a value
 * above 2^62 (the documentation does not say), REF_BAD for anything else
 * than digits. */
static int ref_num(const char *t, size_t n, uint64_t *v)
{
    if (n == 0)
        return REF_BAD;
    for (size_t i = 0; i < n; i++)
        if (t[i] < '0' || t[i] > '9')
            return REF_BAD;
    if (n > 1 && t[0] == '0')
        return REF_GRAY;
    if (n > 19)
        return REF_GRAY;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++)
        x = x * 10 + (uint64_t)(t[i] - '0');
    if (x > (uint64_t)1 << 62)
        return REF_GRAY;
    *v = x;
    return REF_OK;
}

static int worst(int a, int b) { return a == REF_BAD || b == REF_BAD ? REF_BAD : a == REF_GRAY ? a : b; }

/* GAME('+'OPTION)*: wythoff or nim; pass, pass=K (1 <= K <= 64), max=N
 * (1 <= N <= 2^20), each at most once (pass and pass=K are one option). */
static int ref_rules(const char *t, size_t n, wy_rules *r)
{
    memset(r, 0, sizeof *r);
    size_t i = 0;
    while (i < n && t[i] != '+')
        i++;
    if (i == 7 && memcmp(t, "wythoff", 7) == 0)
        r->game = WY_GAME_WYTHOFF;
    else if (i == 3 && memcmp(t, "nim", 3) == 0)
        r->game = WY_GAME_NIM;
    else
        return REF_BAD;
    int have_pass = 0, have_max = 0, st = REF_OK;
    while (i < n) {
        const size_t b = ++i; /* past the '+' */
        while (i < n && t[i] != '+')
            i++;
        const char *o = t + b;
        const size_t k = i - b;
        uint64_t v = 0;
        if (k == 4 && memcmp(o, "pass", 4) == 0) {
            if (have_pass++)
                return REF_BAD;
            r->passes = 1;
        } else if (k >= 5 && memcmp(o, "pass=", 5) == 0) {
            if (have_pass++)
                return REF_BAD;
            int e = ref_num(o + 5, k - 5, &v);
            if (e == REF_OK && (v == 0 || v > 64))
                e = REF_GRAY;
            st = worst(st, e);
            r->passes = (uint32_t)(e == REF_OK ? v : 1);
        } else if (k >= 4 && memcmp(o, "max=", 4) == 0) {
            if (have_max++)
                return REF_BAD;
            int e = ref_num(o + 4, k - 4, &v);
            if (e == REF_OK && (v == 0 || v > ((uint64_t)1 << 20)))
                e = REF_GRAY;
            st = worst(st, e);
            r->max = (uint32_t)(e == REF_OK ? v : 1);
        } else {
            return REF_BAD; /* empty, unknown (heap=, mod=, terminal=, misere), or malformed */
        }
    }
    return st;
}

/* The lines of the input: start offsets and lengths (without '\n'). */
typedef struct {
    size_t n, cap;
    size_t *b, *len;
    int last_nl; /* the input ends with '\n' (or is empty) */
} lines;

static void split_lines(lines *L, const char *d, size_t size)
{
    memset(L, 0, sizeof *L);
    L->cap = 16;
    L->b = malloc(L->cap * sizeof *L->b);
    L->len = malloc(L->cap * sizeof *L->len);
    if (!L->b || !L->len)
        abort();
    size_t s = 0;
    while (s < size) {
        const char *nl = memchr(d + s, '\n', size - s);
        const size_t e = nl ? (size_t)(nl - d) : size;
        if (L->n == L->cap) {
            L->cap *= 2;
            L->b = realloc(L->b, L->cap * sizeof *L->b);
            L->len = realloc(L->len, L->cap * sizeof *L->len);
            if (!L->b || !L->len)
                abort();
        }
        L->b[L->n] = s;
        L->len[L->n++] = e - s;
        s = nl ? e + 1 : size;
    }
    L->last_nl = size == 0 || d[size - 1] == '\n';
}

static void free_lines(lines *L)
{
    free(L->b);
    free(L->len);
}

/* "KEY NUMBER" */
static int ref_key(const char *l, size_t n, const char *key, uint64_t *v)
{
    const size_t k = strlen(key);
    if (n < k + 1 || memcmp(l, key, k) != 0 || l[k] != ' ')
        return REF_BAD;
    return ref_num(l + k + 1, n - k - 1, v);
}

static int ref_read(refcert *c, const char *d, size_t size)
{
    memset(c, 0, sizeof *c);
    /* the text: no NUL, no CR, no line over 1024 bytes */
    if (memchr(d, '\0', size) || memchr(d, '\r', size))
        return REF_BAD;
    lines L;
    split_lines(&L, d, size);
    int st = REF_OK;
    for (size_t i = 0; i < L.n; i++)
        if (L.len[i] > 1024)
            st = REF_BAD;
    /* the lines of the format, comments skipped after the first */
    size_t i = 0;
#define NEXT()                                                                                                     \
    do {                                                                                                           \
        i++;                                                                                                       \
        while (i < L.n && L.len[i] > 0 && d[L.b[i]] == '#')                                                        \
            i++;                                                                                                   \
    } while (0)
#define LINE (d + L.b[i])
#define LEN (L.len[i])
    static const char first[] = "wythoff-period-certificate 1";
    if (st == REF_BAD || L.n == 0 || LEN != sizeof first - 1 || memcmp(LINE, first, LEN) != 0) {
        st = REF_BAD;
        goto out;
    }
    NEXT();
    if (i >= L.n || LEN < 6 || memcmp(LINE, "rules ", 6) != 0) {
        st = REF_BAD;
        goto out;
    }
    st = worst(st, ref_rules(LINE + 6, LEN - 6, &c->r));
    if (st == REF_BAD)
        goto out;
    static const char *keys[] = {"rows", "layers", "y0", "period", "shift", "window"};
    uint64_t *dst[] = {&c->R, &c->L, &c->y0, &c->P, &c->d, &c->window};
    for (int k = 0; k < 6; k++) {
        NEXT();
        if (i >= L.n) {
            st = REF_BAD;
            goto out;
        }
        st = worst(st, ref_key(LINE, LEN, keys[k], dst[k]));
        if (st != REF_OK)
            goto out; /* BAD, or GRAY: the rest depends on the number */
    }
    if (c->R == 0 || c->R > 4096 || c->P == 0) {
        st = REF_GRAY;
        goto out;
    }
    if (c->L != (uint64_t)c->r.passes + 1) {
        st = REF_BAD;
        goto out;
    }
    const size_t nseq = (size_t)(c->L * c->R);
    c->pre = calloc(nseq, sizeof *c->pre);
    c->q = calloc(nseq, sizeof *c->q);
    c->s = calloc(nseq, sizeof *c->s);
    if (!c->pre || !c->q || !c->s)
        abort();
    for (size_t j = 0; j < nseq; j++) {
        NEXT();
        if (i >= L.n) {
            st = REF_BAD;
            goto out;
        }
        /* "row p x pre q s": six fields, one space between them */
        const char *f[6];
        size_t fl[6], nf = 0, a = 0;
        for (size_t e = 0; e <= LEN; e++)
            if (e == LEN || LINE[e] == ' ') {
                if (nf == 6) {
                    nf = 7;
                    break;
                }
                f[nf] = LINE + a;
                fl[nf++] = e - a;
                a = e + 1;
            }
        if (nf != 6 || fl[0] != 3 || memcmp(f[0], "row", 3) != 0) {
            st = REF_BAD;
            goto out;
        }
        uint64_t p, x;
        const int ep = ref_num(f[1], fl[1], &p), ex = ref_num(f[2], fl[2], &x);
        if (ep == REF_BAD || ex == REF_BAD || (ep == REF_OK && p != j / c->R) || (ex == REF_OK && x != j % c->R)) {
            st = REF_BAD;
            goto out;
        }
        st = worst(st, worst(ep, ex));
        for (int k = 0; k < 3; k++)
            st = worst(st, ref_num(f[3 + k], fl[3 + k], k == 0 ? &c->pre[j] : k == 1 ? &c->q[j] : &c->s[j]));
        if (st != REF_OK)
            goto out;
    }
    NEXT();
    if (i >= L.n || LEN != 3 || memcmp(LINE, "end", 3) != 0 || i + 1 != L.n || !L.last_nl)
        st = REF_BAD; /* no end, something after it, or no newline after it */
#undef NEXT
#undef LINE
#undef LEN
out:
    free_lines(&L);
    return st;
}

static void ref_free(refcert *c)
{
    free(c->pre);
    free(c->q);
    free(c->s);
}

/* ------------------------------------------------------------------ */
/* Running the checker                                                 */
/* ------------------------------------------------------------------ */

typedef struct {
    int rc;
    char *out, *err;
    size_t nout, nerr;
} run_result;

static void run_checker(run_result *res, int argc, char **argv, const uint8_t *in, size_t n)
{
    char *copy = malloc(n ? n : 1);
    if (!copy)
        abort();
    if (n)
        memcpy(copy, in, n);
    FILE *saved_in = stdin, *f = fmemopen(copy, n ? n : 1, "r");
    if (!f)
        abort();
    if (!n)
        fgetc(f); /* an empty input: at its end */
    stdin = f;
    fz_capture co, ce;
    fz_capture_out_begin(&co);
    fz_capture_begin(&ce);
    res->rc = certcheck_main(argc, argv);
    fz_capture_end(&ce);
    fz_capture_end(&co);
    stdin = saved_in;
    fclose(f);
    free(copy);
    res->out = co.buf;
    res->nout = co.len;
    res->err = ce.buf;
    res->nerr = ce.len;
}

/* One line "wythoff-certcheck: PREFIX..." on stderr (more only when the
 * arguments it may quote have a newline: input_nl), nothing on stdout. */
static void check_message(const run_result *res, const char *prefix, int input_nl)
{
    const size_t k = strlen(prefix);
    FZ_CHECK(res->nout == 0, "exit %d with output on stdout: '%.*s'", res->rc, (int)res->nout, res->out);
    FZ_CHECK(res->nerr > k && strncmp(res->err, prefix, k) == 0 && res->err[res->nerr - 1] == '\n' &&
                 (input_nl || memchr(res->err, '\n', res->nerr) == res->err + res->nerr - 1) &&
                 !memchr(res->err, '\0', res->nerr),
             "exit %d: stderr '%.*s' is not one line '%s...'", res->rc, (int)res->nerr, res->err, prefix);
}

/* ------------------------------------------------------------------ */
/* The truth, by the table engine                                      */
/* ------------------------------------------------------------------ */

typedef struct {
    wy_table *t;
    uint32_t cols;
} window;

static void window_make(window *w, const wy_rules *r, uint64_t rows, uint64_t cols)
{
    char err[WY_ERRLEN];
    FZ_CHECK(rows <= 4096 && cols < ((uint64_t)1 << 31), "window %llu x %llu: too large for the harness",
             (unsigned long long)rows, (unsigned long long)cols);
    w->cols = (uint32_t)cols;
    w->t = NULL;
    FZ_CHECK(wy_table_compute_run(&w->t, r, (uint32_t)rows, (uint32_t)cols, wy_side_start(r), 0, WY_LAYOUT_SPARSE,
                                  NULL, err, sizeof err) == WY_OK,
             "table engine, %llu x %llu: %s", (unsigned long long)rows, (unsigned long long)cols, err);
}

static uint64_t G(const window *w, uint64_t p, uint64_t x, uint64_t y)
{
    FZ_CHECK(y < w->cols, "the harness's window of %u columns is too small for column %llu", w->cols,
             (unsigned long long)y);
    return wy_table_get(w->t, (uint32_t)x, (uint32_t)y, (wy_side){(uint32_t)p, 0});
}

/* G(x, y + q) = G(x, y) + s for from <= y < to?  The first y where not, or
 * UINT64_MAX. */
static uint64_t fails_at(const window *w, uint64_t p, uint64_t x, uint64_t q, uint64_t s, uint64_t from, uint64_t to)
{
    for (uint64_t y = from; y < to; y++)
        if (G(w, p, x, y + q) != G(w, p, x, y) + s)
            return y;
    return UINT64_MAX;
}

static uint64_t K_of(const refcert *c)
{
    return c->r.max ? (c->r.max > c->R ? c->r.max : c->R) : c->R;
}

/* The mex of row x's values in columns 0..col, and how many distinct
 * values above it; the values above the mex into *above (sorted). */
static void row_set(const window *w, uint64_t p, uint64_t x, uint64_t col, uint64_t *mex, uint64_t **above,
                    size_t *nabove)
{
    uint64_t top = 0;
    for (uint64_t y = 0; y <= col; y++)
        if (G(w, p, x, y) > top)
            top = G(w, p, x, y);
    unsigned char *seen = calloc(top + 2, 1);
    if (!seen)
        abort();
    for (uint64_t y = 0; y <= col; y++)
        seen[G(w, p, x, y)] = 1;
    uint64_t m = 0;
    while (seen[m])
        m++;
    size_t n = 0;
    for (uint64_t v = m + 1; v <= top; v++)
        n += seen[v];
    uint64_t *a = malloc((n + 1) * sizeof *a);
    if (!a)
        abort();
    n = 0;
    for (uint64_t v = m + 1; v <= top; v++)
        if (seen[v])
            a[n++] = v;
    free(seen);
    *mex = m;
    *above = a;
    *nabove = n;
}

/* The columns the checks need: a row's claim is checked to
 * max(pre, y0) + P, its values to P further, and pre <= y0 + P. */
static uint64_t cols_of(const refcert *c) { return c->y0 + 3 * c->P + 1; }

/* Exit 0: the certificate is true on the window. */
static void check_true(const refcert *c)
{
    const uint64_t W = cols_of(c);
    for (uint64_t i = 0; i < c->L * c->R; i++)
        FZ_CHECK(c->pre[i] <= c->y0 + c->P, "verified, but row line %llu has preperiod %llu beyond y0 + P",
                 (unsigned long long)i, (unsigned long long)c->pre[i]);
    window w;
    window_make(&w, &c->r, c->R, W);
    for (uint64_t p = 0; p < c->L; p++)
        for (uint64_t x = 0; x < c->R; x++) {
            uint64_t y = fails_at(&w, p, x, c->P, c->d, c->y0, W - c->P);
            FZ_CHECK(y == UINT64_MAX, "verified, but G(%llu, %llu + %llu) != G(%llu, %llu) + %llu (layer %llu)",
                     (unsigned long long)x, (unsigned long long)y, (unsigned long long)c->P, (unsigned long long)x,
                     (unsigned long long)y, (unsigned long long)c->d, (unsigned long long)p);
            const size_t i = (size_t)(p * c->R + x);
            const uint64_t pre = c->pre[i], q = c->q[i], s = c->s[i];
            FZ_CHECK(q >= 1 && c->P % q == 0 && (unsigned __int128)s * c->P == (unsigned __int128)q * c->d,
                     "verified, but layer %llu row %llu: period %llu, saltus %llu (P %llu, d %llu)",
                     (unsigned long long)p, (unsigned long long)x, (unsigned long long)q, (unsigned long long)s,
                     (unsigned long long)c->P, (unsigned long long)c->d);
            const uint64_t from = pre > c->y0 ? pre : c->y0;
            y = fails_at(&w, p, x, q, s, pre, from + c->P);
            FZ_CHECK(y == UINT64_MAX, "verified, but layer %llu row %llu: G(x, y + %llu) = G(x, y) + %llu fails at "
                     "y = %llu (preperiod %llu)", (unsigned long long)p, (unsigned long long)x, (unsigned long long)q,
                     (unsigned long long)s, (unsigned long long)y, (unsigned long long)pre);
            FZ_CHECK(pre == 0 || fails_at(&w, p, x, q, s, pre - 1, pre) != UINT64_MAX,
                     "verified, but layer %llu row %llu: preperiod %llu is not the smallest", (unsigned long long)p,
                     (unsigned long long)x, (unsigned long long)pre);
            for (uint64_t r = 1; r < q; r++) {
                if (q % r || (unsigned __int128)r * c->d % c->P)
                    continue;
                FZ_CHECK(fails_at(&w, p, x, r, r * c->d / c->P, c->y0, c->y0 + c->P) != UINT64_MAX,
                         "verified, but layer %llu row %llu: %llu is a smaller period than %llu",
                         (unsigned long long)p, (unsigned long long)x, (unsigned long long)r, (unsigned long long)q);
            }
        }
    wy_table_free(w.t);
}

/* Exit 1: what the message says fails does fail. */
static void check_false(const refcert *c, const char *m)
{
    unsigned long long a1, a2, a3, a4, a5, a6, a7, a8, a9;
    size_t z1, z2;
    int n = 0;
    const uint64_t K = K_of(c);
#define CF(cond, ...) FZ_CHECK(cond, "'%s': " __VA_ARGS__)
    if (sscanf(m, "shift %llu with max=%llu: bounded values repeat without shift%n", &a1, &a2, &n) == 2 && !m[n]) {
        CF(c->r.max && c->d && a1 == c->d && a2 == c->r.max, "the file has max=%u, shift %llu", m, c->r.max,
           (unsigned long long)c->d);
        return;
    }
    if (sscanf(m, "y0 = %llu is below K - 1 = %llu (the state needs the last K values of a row)%n", &a1, &a2, &n) ==
            2 && !m[n]) {
        /* the method's condition, not a refutation of the claim */
        CF(a1 == c->y0 && a2 == K - 1 && c->y0 + 1 < K, "y0 %llu, K %llu", m, (unsigned long long)c->y0,
           (unsigned long long)K);
        return;
    }
    if (sscanf(m, "layer %llu row %llu: period %llu does not divide the joint period %llu (a row's smallest period "
               "always does)%n", &a1, &a2, &a3, &a4, &n) == 4 && !m[n]) {
        CF(a1 < c->L && a2 < c->R && a3 == c->q[a1 * c->R + a2] && a4 == c->P && (a3 == 0 || a4 % a3),
           "not so in the file", m);
        return;
    }
    if (sscanf(m, "layer %llu row %llu: saltus %llu is not period * shift / joint period = %llu%n", &a1, &a2, &a3, &a4,
               &n) == 4 && !m[n]) {
        CF(a1 < c->L && a2 < c->R && a3 == c->s[a1 * c->R + a2] &&
               (unsigned __int128)a3 * c->P != (unsigned __int128)c->q[a1 * c->R + a2] * c->d,
           "not so in the file", m);
        return;
    }
    if (sscanf(m, "layer %llu row %llu: preperiod %llu beyond y0 + period%n", &a1, &a2, &a3, &n) == 3 && !m[n]) {
        CF(a1 < c->L && a2 < c->R && a3 == c->pre[a1 * c->R + a2] && a3 > c->y0 + c->P, "not so in the file", m);
        return;
    }
    /* the rest rests on values: the table engine (the checker computed
     * them, so the window is within --max-work) */
    window w;
    window_make(&w, &c->r, c->R, cols_of(c));
    if (sscanf(m, "state: layer %llu row %llu: G(%llu, %llu) = %llu but G(%llu, %llu) = %llu, not + %llu%n", &a1, &a2,
               &a3, &a4, &a5, &a6, &a7, &a8, &a9, &n) == 9 && !m[n]) {
        CF(a1 < c->L && a2 < c->R && a3 == a2 && a6 == a2 && a4 == a7 + c->P && a9 == c->d && a7 + K >= c->y0 + 1 &&
               a7 <= c->y0,
           "the cells are not those of the state", m);
        CF(G(&w, a1, a2, a4) == a5 && G(&w, a1, a2, a7) == a8 && a5 != a8 + a9,
           "the table engine has G(%llu, %llu) = %llu, G(%llu, %llu) = %llu", m, a2, a4,
           (unsigned long long)G(&w, a1, a2, a4), a2, a7, (unsigned long long)G(&w, a1, a2, a7));
    } else if (sscanf(m, "state: layer %llu row %llu: the row's values up to column %llu (mex %llu, %zu above) are "
                      "not those up to column %llu (mex %llu, %zu above) moved by %llu%n", &a1, &a2, &a3, &a4, &z1,
                      &a5, &a6, &z2, &a7, &n) == 9 && !m[n]) {
        CF(a1 < c->L && a2 < c->R && c->r.max == 0 && a3 == c->y0 + c->P && a5 == c->y0 && a7 == c->d,
           "not the columns of the state", m);
        uint64_t m1, m2, *A1, *A2;
        size_t n1, n2;
        row_set(&w, a1, a2, a5, &m1, &A1, &n1);
        row_set(&w, a1, a2, a3, &m2, &A2, &n2);
        CF(m2 == a4 && n2 == z1 && m1 == a6 && n1 == z2, "the table engine's row sets: mex %llu, %zu above; mex %llu, "
           "%zu above", m, (unsigned long long)m2, n2, (unsigned long long)m1, n1);
        int same = m2 == m1 + c->d && n1 == n2;
        for (size_t k = 0; same && k < n1; k++)
            same = A2[k] == A1[k] + c->d;
        CF(!same, "the table engine's two row sets are the same up to the shift", m);
        free(A1);
        free(A2);
    } else if (sscanf(m, "layer %llu row %llu: G(%llu, y + %llu) = G(%llu, y) + %llu fails at y = %llu%n", &a1, &a2,
                      &a3, &a4, &a5, &a6, &a7, &n) == 7 && !m[n]) {
        const size_t i = (size_t)(a1 * c->R + a2);
        CF(a1 < c->L && a2 < c->R && a3 == a2 && a5 == a2 && a4 == c->q[i] && a6 == c->s[i] && a7 >= c->pre[i],
           "not the row's claim", m);
        CF(G(&w, a1, a2, a7 + a4) != G(&w, a1, a2, a7) + a6, "the table engine has it hold there", m);
    } else if (sscanf(m, "layer %llu row %llu: preperiod %llu is not the smallest (%llu works)%n", &a1, &a2, &a3, &a4,
                      &n) == 4 && !m[n]) {
        const size_t i = (size_t)(a1 * c->R + a2);
        CF(a1 < c->L && a2 < c->R && a3 == c->pre[i] && a3 > 0 && a4 == a3 - 1, "not the row's claim", m);
        CF(G(&w, a1, a2, a4 + c->q[i]) == G(&w, a1, a2, a4) + c->s[i], "the table engine has it fail there", m);
    } else if (sscanf(m, "layer %llu row %llu: period %llu is not the smallest (%llu works)%n", &a1, &a2, &a3, &a4,
                      &n) == 4 && !m[n]) {
        const size_t i = (size_t)(a1 * c->R + a2);
        CF(a1 < c->L && a2 < c->R && a3 == c->q[i] && a4 >= 1 && a4 < a3 && a3 % a4 == 0 &&
               (unsigned __int128)a4 * c->d % c->P == 0,
           "not a smaller divisor", m);
        CF(fails_at(&w, a1, a2, a4, a4 * c->d / c->P, c->y0, c->y0 + c->P) == UINT64_MAX,
           "the table engine has period %llu fail", m, a4);
    } else {
        CF(0, "exit 1 with a message the harness does not know", m);
    }
#undef CF
    wy_table_free(w.t);
}

/* ------------------------------------------------------------------ */
/* The modes                                                           */
/* ------------------------------------------------------------------ */

/* WY_FUZZ_VERBOSE=1: what the checker said, and the reference's verdict. */
static void say(const run_result *res, int ref)
{
    static int verbose = -1;
    if (verbose < 0)
        verbose = getenv("WY_FUZZ_VERBOSE") && *getenv("WY_FUZZ_VERBOSE") == '1';
    if (!verbose)
        return;
    const char *t = res->rc ? res->err : res->out;
    const size_t n = res->rc ? res->nerr : res->nout, k = strcspn(t, "\n");
    fprintf(stderr, "fuzz-cert: exit %d, reference %s: %.*s\n", res->rc,
            ref == REF_OK ? "well-formed" : ref == REF_BAD ? "malformed" : "undecided", (int)(k < n ? k : n), t);
}

static void certificate(const uint8_t *data, size_t size)
{
    char *argv[] = {"wythoff-certcheck", "--max-work", MAX_WORK, "-", NULL};
    run_result res;
    run_checker(&res, 4, argv, data, size);
    refcert c;
    const int ref = ref_read(&c, (const char *)data, size);
    const int rc = res.rc;
    say(&res, ref);
    FZ_CHECK(rc >= 0 && rc <= 3, "exit %d", rc);
    /* a NUL byte anywhere, anything after a line "end": malformed */
    const char *nul = memchr(data, '\0', size);
    FZ_CHECK(!nul || rc == 2, "a NUL byte at offset %zu, exit %d", (size_t)(nul - (const char *)data), rc);
    for (size_t i = 0; i + 4 <= size; i++)
        if ((i == 0 || data[i - 1] == '\n') && memcmp(data + i, "end\n", 4) == 0 && i + 4 < size)
            FZ_CHECK(rc == 2, "%zu bytes after the line 'end' at offset %zu, exit %d", size - i - 4, i, rc);
    FZ_CHECK(ref != REF_BAD || rc == 2, "malformed by the reference, exit %d: '%.*s'", rc, (int)res.nerr, res.err);
    FZ_CHECK(ref != REF_OK || rc != 2, "well-formed by the reference, exit 2: '%.*s'", (int)res.nerr, res.err);
    FZ_CHECK(rc == 2 || ref == REF_OK, "exit %d, the reference does not find it well-formed", rc);
    if (rc == 0) {
        FZ_CHECK(res.nerr == 0, "verified, with '%.*s' on stderr", (int)res.nerr, res.err);
        char text[160], want[512];
        wy_rules_format(text, sizeof text, &c.r);
        snprintf(want, sizeof want, "verified -: %s, rows 0-%llu, %llu layer%s: G(x, y + %llu) = G(x, y) + %llu for "
                 "y >= %llu; ", text, (unsigned long long)c.R - 1, (unsigned long long)c.L, c.L == 1 ? "" : "s",
                 (unsigned long long)c.P, (unsigned long long)c.d, (unsigned long long)c.y0);
        FZ_CHECK(res.nout > strlen(want) && strncmp(res.out, want, strlen(want)) == 0 &&
                     memchr(res.out, '\n', res.nout) == res.out + res.nout - 1,
                 "verified, but stdout '%.*s' is not one line '%s...'", (int)res.nout, res.out, want);
        check_true(&c);
    } else if (rc == 1) {
        check_message(&res, "wythoff-certcheck: -: FALSE: ", 0);
        res.err[res.nerr - 1] = '\0';
        check_false(&c, res.err + strlen("wythoff-certcheck: -: FALSE: "));
    } else {
        check_message(&res, "wythoff-certcheck: -: ", 0);
        FZ_CHECK(strncmp(res.err + 22, "FALSE", 5) != 0, "exit %d with 'FALSE'", rc);
        if (rc == 3)
            FZ_CHECK(strstr(res.err, "work units") || strstr(res.err, "2^30 columns") || strstr(res.err, "memory"),
                     "exit 3 without the estimate: '%.*s'", (int)res.nerr, res.err);
    }
    ref_free(&c);
    free(res.out);
    free(res.err);
}

static void table(const uint8_t *data, size_t size)
{
    /* the arguments: the text after "--table ", split at spaces */
    char *text = fz_text(data + 8, size - 8);
    char *argv[16] = {"wythoff-certcheck", "--max-work", MAX_WORK, "--table"};
    int argc = 4;
    for (char *p = text;; p++) {
        char *e = strchr(p, ' ');
        if (argc == 10)
            break;
        argv[argc++] = p;
        if (!e)
            break;
        *e = '\0';
        p = e;
    }
    argv[argc] = NULL;
    run_result res;
    run_checker(&res, argc, argv, NULL, 0);
    const int rc = res.rc, na = argc - 4;
    /* the reference of the arguments */
    wy_rules r;
    uint64_t R = 0, C = 0, P = 0;
    int ref = na == 3 || na == 4 ? REF_OK : REF_BAD;
    if (ref == REF_OK)
        ref = worst(ref, ref_rules(argv[4], strlen(argv[4]), &r));
    if (ref == REF_OK) {
        ref = worst(ref_num(argv[5], strlen(argv[5]), &R), ref_num(argv[6], strlen(argv[6]), &C));
        if (ref == REF_OK && (R == 0 || R > 4096 || C == 0 || C > (1u << 24)))
            ref = REF_GRAY;
        P = r.passes;
        if (ref == REF_OK && na == 4) {
            ref = ref_num(argv[7], strlen(argv[7]), &P);
            if (ref == REF_OK && P > r.passes)
                ref = REF_BAD;
        }
    }
    say(&res, ref);
    FZ_CHECK(rc == 0 || rc == 2 || rc == 3, "--table: exit %d", rc);
    FZ_CHECK(ref != REF_BAD || rc == 2, "--table: bad arguments, exit %d", rc);
    FZ_CHECK(ref != REF_OK || rc != 2, "--table: good arguments, exit 2: '%.*s'", (int)res.nerr, res.err);
    FZ_CHECK(rc == 2 || ref == REF_OK, "--table: exit %d, the reference does not accept the arguments", rc);
    if (rc == 0) {
        FZ_CHECK(res.nerr == 0, "--table: exit 0 with '%.*s' on stderr", (int)res.nerr, res.err);
        window w;
        window_make(&w, &r, R, C);
        char *want = NULL;
        size_t nw = 0;
        FILE *f = open_memstream(&want, &nw);
        if (!f)
            abort();
        fputs("x\\y", f);
        for (uint64_t y = 0; y < C; y++)
            fprintf(f, ",%llu", (unsigned long long)y);
        fputc('\n', f);
        for (uint64_t x = 0; x < R; x++) {
            fprintf(f, "%llu", (unsigned long long)x);
            for (uint64_t y = 0; y < C; y++)
                fprintf(f, ",%llu", (unsigned long long)G(&w, P, x, y));
            fputc('\n', f);
        }
        fclose(f);
        size_t at = 0;
        while (at < nw && at < res.nout && want[at] == res.out[at])
            at++;
        FZ_CHECK(nw == res.nout && at == nw, "--table %s %llu %llu (passes left %llu): the checker's CSV differs "
                 "from the table engine's at byte %zu of %zu", argv[4], (unsigned long long)R, (unsigned long long)C,
                 (unsigned long long)P, at, nw);
        free(want);
        wy_table_free(w.t);
    } else {
        check_message(&res, "wythoff-certcheck: ", memchr(data, '\n', size) != NULL);
        if (rc == 3)
            FZ_CHECK(strstr(res.err, "work units") || strstr(res.err, "memory"), "--table: exit 3 without the "
                     "estimate: '%.*s'", (int)res.nerr, res.err);
    }
    free(text);
    free(res.out);
    free(res.err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 8 && memcmp(data, "--table ", 8) == 0)
        table(data, size);
    else
        certificate(data, size);
    return 0;
}
