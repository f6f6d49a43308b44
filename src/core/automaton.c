/*
 * automaton.c - Zeckendorf numeration, automata with output for value
 * layers (encoding diagonal-offset), their file format, the learner and the
 * checker (include/wythoff_automaton.h, docs/automata.md).
 */
#include "wythoff_automaton.h"
#include "wythoff_layer.h"

#include "automata_data.h"
#include "exact.h"
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STATES (1u << 20)
#define NONE (-1)

struct wy_automaton {
    wy_automaton_info info;
    uint32_t start;
    int64_t *out;      /* out[s] */
    int32_t *next;     /* next[2 s + digit], NONE: no move */
};

const wy_automaton_info *wy_automaton_get_info(const wy_automaton *a) { return &a->info; }

void wy_automaton_free(wy_automaton *a)
{
    if (!a)
        return;
    free(a->out);
    free(a->next);
    free(a);
}

static wy_automaton *alloc_automaton(uint32_t n)
{
    wy_automaton *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->out = calloc(n ? n : 1, sizeof *a->out);
    a->next = malloc((size_t)2 * (n ? n : 1) * sizeof *a->next);
    if (!a->out || !a->next) {
        wy_automaton_free(a);
        return NULL;
    }
    for (size_t i = 0; i < (size_t)2 * n; i++)
        a->next[i] = NONE;
    a->info.states = n;
    return a;
}

/* ------------------------------------------------------------------ */
/* Numeration                                                          */
/* ------------------------------------------------------------------ */

/* F_0 = 1, F_1 = 2, ...: the Zeckendorf weights below 2^64 */
#define FIB64 91
static uint64_t fib64[FIB64];
static void fib64_init(void)
{
    if (fib64[1])
        return;
    uint64_t a = 1, b = 2;
    for (int i = 0; i < FIB64; i++) {
        fib64[i] = a;
        uint64_t c = a + b;
        a = b;
        b = c;
    }
}

/* Digits of n (u64), most significant first, into d (at least FIB64
 * bytes); the count. */
static unsigned zeck_u64(unsigned char *d, uint64_t n)
{
    fib64_init();
    int top = FIB64 - 1;
    while (top >= 0 && fib64[top] > n)
        top--;
    unsigned len = 0;
    for (int i = top; i >= 0; i--) {
        if (fib64[i] <= n) {
            n -= fib64[i];
            d[len++] = 1;
        } else {
            d[len++] = 0;
        }
    }
    return len;
}

wy_status wy_zeck_digits(unsigned char **digits, size_t *len, const mpz_t n, char *err, size_t errlen)
{
    *digits = NULL;
    *len = 0;
    if (mpz_sgn(n) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "a Zeckendorf representation needs a number >= 0");
    if (mpz_sgn(n) == 0)
        return WY_OK;
    /* the weights up to n: about 1.44 log2(n) of them */
    size_t cap = (size_t)(mpz_sizeinbase(n, 2) * 3 / 2 + 4), k = 0;
    mpz_t *w = malloc(cap * sizeof *w);
    if (!w)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for a Zeckendorf representation");
    mpz_init_set_ui(w[0], 1);
    mpz_init_set_ui(w[1], 2);
    k = 2;
    while (mpz_cmp(w[k - 1], n) <= 0 && k < cap) {
        mpz_init(w[k]);
        mpz_add(w[k], w[k - 1], w[k - 2]);
        k++;
    }
    /* w[k - 1] > n: the digits are those of w[k - 2] ... w[0] */
    size_t top = k - 1;
    while (top > 0 && mpz_cmp(w[top], n) > 0)
        top--;
    unsigned char *d = malloc(top + 1);
    wy_status st = WY_OK;
    if (!d) {
        st = wyi_fail(WY_ERANGE, err, errlen, "out of memory for a Zeckendorf representation");
    } else {
        mpz_t r;
        mpz_init_set(r, n);
        size_t l = 0;
        for (size_t i = top + 1; i-- > 0;) {
            if (mpz_cmp(w[i], r) <= 0) {
                mpz_sub(r, r, w[i]);
                d[l++] = 1;
            } else {
                d[l++] = 0;
            }
        }
        mpz_clear(r);
        *digits = d;
        *len = l;
    }
    for (size_t i = 0; i < k; i++)
        mpz_clear(w[i]);
    free(w);
    return st;
}

void wy_zeck_value(mpz_t n, const unsigned char *digits, size_t len)
{
    mpz_t a, b, t;
    mpz_init_set_ui(a, 1); /* F_0 */
    mpz_init_set_ui(b, 2); /* F_1 */
    mpz_init(t);
    mpz_set_ui(n, 0);
    for (size_t i = len; i-- > 0;) {
        if (digits[i])
            mpz_add(n, n, a);
        mpz_add(t, a, b);
        mpz_swap(a, b);
        mpz_swap(b, t);
    }
    mpz_clears(a, b, t, NULL);
}

/* the exact engine's (exact_pairs.c: isqrt(5 n^2), exact since sqrt(5) n
 * is irrational for n > 0) */
void wy_floor_phi(mpz_t out, const mpz_t n) { wyi_ex_lower(out, n); }

void wy_floor_phi_inv(mpz_t out, const mpz_t n) { wyi_ex_floor_div_phi(out, n); }

/* floor(n phi) for n < 2^62: the Zeckendorf word of n - 1 shifted left by
 * one digit, plus 1 (tests/unit/t-automaton.c checks it against
 * wy_floor_phi). */
uint64_t wyi_floor_phi_u64(uint64_t n)
{
    if (n == 0)
        return 0;
    unsigned char d[FIB64];
    unsigned len = zeck_u64(d, n - 1);
    uint64_t s = 1;
    for (unsigned i = 0; i < len; i++)
        if (d[i])
            s += fib64[len - i]; /* digit of weight F_(len-1-i) -> F_(len-i) */
    return s;
}

/* ------------------------------------------------------------------ */
/* Running                                                             */
/* ------------------------------------------------------------------ */

static int64_t run_digits(const wy_automaton *a, const unsigned char *d, size_t len, int *ok)
{
    int64_t s = a->start;
    for (size_t i = 0; i < len; i++) {
        s = a->next[2 * s + d[i]];
        if (s == NONE) {
            *ok = 0;
            return 0;
        }
    }
    *ok = 1;
    return a->out[s];
}

int64_t wy_automaton_output_u64(const wy_automaton *a, uint64_t n)
{
    unsigned char d[FIB64];
    unsigned len = zeck_u64(d, n);
    int ok;
    return run_digits(a, d, len, &ok);
}

wy_status wy_automaton_output(const wy_automaton *a, const mpz_t n, int64_t *out, char *err, size_t errlen)
{
    if (mpz_sgn(n) < 0)
        return wyi_fail(WY_EINVAL, err, errlen, "an automaton reads numbers >= 0");
    if (mpz_fits_ulong_p(n) && mpz_get_ui(n) < ((uint64_t)1 << 62)) {
        *out = wy_automaton_output_u64(a, mpz_get_ui(n));
        return WY_OK;
    }
    /* the digits greedily from the largest weight down, two weights at a
     * time (F_(k-2) = F_k - F_(k-1)): no array, nothing that can fail but
     * GMP's own allocation */
    mpz_t cur, prev, r, t;
    mpz_init_set_ui(cur, 2); /* F_1 */
    mpz_init_set_ui(prev, 1); /* F_0 */
    mpz_init(t);
    mpz_init_set(r, n);
    while (mpz_cmp(cur, n) <= 0) { /* up to the first weight above n */
        mpz_add(t, cur, prev);
        mpz_swap(prev, cur);
        mpz_swap(cur, t);
    }
    /* cur = F_k > n >= prev = F_(k-1): the digits are those of F_(k-1) .. F_0 */
    int64_t s = a->start;
    for (;;) {
        mpz_sub(t, cur, prev); /* F_(k-2) */
        mpz_swap(cur, prev);   /* cur = F_(k-1) */
        mpz_swap(prev, t);     /* prev = F_(k-2) */
        int dgt = mpz_cmp(cur, r) <= 0;
        if (dgt)
            mpz_sub(r, r, cur);
        int32_t nx = a->next[2 * s + dgt];
        if (nx != NONE)
            s = nx;
        if (mpz_cmp_ui(cur, 1) == 0)
            break;
    }
    mpz_clears(cur, prev, r, t, NULL);
    *out = a->out[s];
    return WY_OK;
}

wy_status wy_automaton_diagonal(const wy_automaton *a, mpz_t x, mpz_t y, const mpz_t n, char *err, size_t errlen)
{
    int64_t d;
    wy_status st = wy_automaton_output(a, n, &d, err, errlen);
    if (st != WY_OK)
        return st;
    wy_floor_phi(x, n);
    if (d >= 0)
        mpz_add_ui(x, x, (unsigned long)d);
    else
        mpz_sub_ui(x, x, (unsigned long)-d);
    if (mpz_sgn(x) < 0)
        return wyi_fail(WY_EINTERNAL, err, errlen, "the automaton puts a diagonal at a negative x (a wrong automaton)");
    mpz_add(y, x, n);
    return WY_OK;
}

int wy_automaton_contains(const wy_automaton *a, const mpz_t x, const mpz_t y)
{
    const mpz_srcptr lo = mpz_cmp(x, y) <= 0 ? x : y, hi = lo == x ? y : x;
    if (mpz_sgn(lo) < 0)
        return 0;
    mpz_t n, px, py;
    mpz_inits(n, px, py, NULL);
    mpz_sub(n, hi, lo);
    int in = wy_automaton_diagonal(a, px, py, n, NULL, 0) == WY_OK && mpz_cmp(px, lo) == 0;
    mpz_clears(n, px, py, NULL);
    return in;
}

static void put_y(mpz_t *ys, size_t cap, size_t *count, const mpz_t y)
{
    /* insertion in increasing order, duplicates dropped */
    size_t n = *count < cap ? *count : cap, i = 0;
    while (i < n && mpz_cmp(ys[i], y) < 0)
        i++;
    if (i < n && mpz_cmp(ys[i], y) == 0)
        return;
    if (i < cap) {
        size_t last = n < cap ? n : cap - 1;
        for (size_t j = last; j > i; j--)
            mpz_set(ys[j], ys[j - 1]);
        mpz_set(ys[i], y);
    }
    (*count)++;
}

void wy_automaton_row(const wy_automaton *a, mpz_t *ys, size_t cap, size_t *count, const mpz_t x)
{
    *count = 0;
    if (mpz_sgn(x) < 0)
        return;
    const int64_t lo = a->info.min_out, hi = a->info.max_out;
    mpz_t t, n, n1, px, py;
    mpz_inits(t, n, n1, px, py, NULL);
    /* (x, x + n): floor(n phi) = x - d lies in [x - hi, x - lo], so n lies
     * in [floor((x - hi) / phi) - 1, floor((x - lo) / phi) + 2] */
    for (int side = 0; side < 2; side++) {
        /* side 1: (y, x) with y < x, x = floor(n phi) + d + n = floor(n phi^2) + d:
         * n = (x - d) / phi^2 = (x - d) - (x - d) / phi, roughly */
        mpz_set(t, x);
        if (hi >= 0)
            mpz_sub_ui(t, t, (unsigned long)hi);
        else
            mpz_add_ui(t, t, (unsigned long)-hi);
        if (mpz_sgn(t) < 0)
            mpz_set_ui(t, 0);
        wy_floor_phi_inv(n, t);
        if (side)
            mpz_sub(n, t, n); /* t / phi^2 = t - t / phi */
        mpz_sub_ui(n, n, 2);
        if (mpz_sgn(n) < 0)
            mpz_set_ui(n, 0);
        mpz_set(t, x);
        if (lo >= 0)
            mpz_sub_ui(t, t, (unsigned long)lo);
        else
            mpz_add_ui(t, t, (unsigned long)-lo);
        wy_floor_phi_inv(n1, t);
        if (side)
            mpz_sub(n1, t, n1);
        mpz_add_ui(n1, n1, 3);
        for (; mpz_cmp(n, n1) <= 0; mpz_add_ui(n, n, 1)) {
            if (wy_automaton_diagonal(a, px, py, n, NULL, 0) != WY_OK)
                continue;
            if (!side && mpz_cmp(px, x) == 0)
                put_y(ys, cap, count, py);
            if (side && mpz_cmp(py, x) == 0 && mpz_cmp(px, x) < 0)
                put_y(ys, cap, count, px);
        }
    }
    mpz_clears(t, n, n1, px, py, NULL);
}

/* ------------------------------------------------------------------ */
/* The file format                                                     */
/* ------------------------------------------------------------------ */

#define FORMAT_NAME "wythoff-automaton"
#define FORMAT_VERSION 1

static size_t grow_printf(char **buf, size_t *cap, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static size_t grow_printf(char **buf, size_t *cap, size_t len, const char *fmt, ...)
{
    if (!*buf)
        return len;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(*buf + len, *cap - len, fmt, ap);
        va_end(ap);
        if (k < 0) {
            free(*buf);
            *buf = NULL;
            return len;
        }
        if ((size_t)k < *cap - len)
            return len + (size_t)k;
        size_t nc = *cap * 2 + (size_t)k;
        char *t = realloc(*buf, nc);
        if (!t) {
            free(*buf);
            *buf = NULL;
            return len;
        }
        *buf = t;
        *cap = nc;
    }
}

char *wy_automaton_format(const wy_automaton *a)
{
    size_t cap = 4096, len = 0;
    char *b = malloc(cap);
    char rules[128];
    wy_rules_format(rules, sizeof rules, &a->info.rules);
    const wy_automaton_info *in = &a->info;
    len = grow_printf(&b, &cap, len,
                      "%s %d\n"
                      "# A deterministic automaton with output: it reads the Zeckendorf digits of n (msd_fib,\n"
                      "# most significant first) and its state's output is d(n) = x - floor(n phi), where\n"
                      "# (x, x + n) is the layer's position on diagonal n (docs/automata.md).\n"
                      "rules %s\n"
                      "side %" PRIu32 " %" PRIu32 "\n"
                      "value %" PRIu64 "\n"
                      "numeration msd_fib\n"
                      "encoding diagonal-offset\n"
                      "made-by %s\n"
                      "learned %" PRIu64 " %" PRIu32 " %" PRIu32 "\n"
                      "states %" PRIu32 "\n"
                      "start %" PRIu32 "\n"
                      "# state output next-on-0 next-on-1 ('-': no move)\n",
                      FORMAT_NAME, FORMAT_VERSION, rules, in->side.pass, in->side.heap, in->value,
                      in->made_by[0] ? in->made_by : "-", in->diagonals, in->suffix, in->depth, in->states,
                      a->start);
    for (uint32_t s = 0; s < in->states; s++) {
        char n0[16] = "-", n1[16] = "-";
        if (a->next[2 * s] != NONE)
            snprintf(n0, sizeof n0, "%" PRId32, a->next[2 * s]);
        if (a->next[2 * s + 1] != NONE)
            snprintf(n1, sizeof n1, "%" PRId32, a->next[2 * s + 1]);
        len = grow_printf(&b, &cap, len, "%" PRIu32 " %" PRId64 " %s %s\n", s, a->out[s], n0, n1);
    }
    len = grow_printf(&b, &cap, len, "end\n");
    (void)len;
    return b;
}

typedef struct {
    const char *p, *end;
    unsigned line;
    char buf[600];
} lines;

/* The next line that is neither blank nor a comment, into L->buf (NUL
 * ended, no newline, one trailing CR dropped).  0 at the end of the text; -1
 * for a line too long or holding a control character (a NUL byte, a CR
 * inside the line, ...; tabs are blanks). */
static int next_line(lines *L)
{
    while (L->p < L->end) {
        const char *e = memchr(L->p, '\n', (size_t)(L->end - L->p));
        size_t n = e ? (size_t)(e - L->p) : (size_t)(L->end - L->p);
        const char *s = L->p;
        L->p = e ? e + 1 : L->end;
        L->line++;
        if (n && s[n - 1] == '\r')
            n--;
        if (n >= sizeof L->buf)
            return -1;
        for (size_t i = 0; i < n; i++)
            if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
                return -1; /* NUL, CR inside, and other control characters */
        memcpy(L->buf, s, n);
        L->buf[n] = '\0';
        size_t i = 0;
        while (L->buf[i] == ' ' || L->buf[i] == '\t')
            i++;
        if (L->buf[i] == '\0' || L->buf[i] == '#')
            continue;
        return 1;
    }
    return 0;
}

/* A decimal number (optional '-' when neg_ok) in [lo, hi], the whole word
 * *p up to a space or the end; advances *p past it and the spaces after. */
static int word_int(const char **p, int64_t lo, int64_t hi, int64_t *v)
{
    const char *s = *p;
    int neg = 0;
    if (*s == '-' && s[1] >= '0' && s[1] <= '9') {
        neg = 1;
        s++;
    }
    if (*s < '0' || *s > '9')
        return 0;
    uint64_t a = 0;
    int digits = 0;
    while (*s >= '0' && *s <= '9') {
        if (++digits > 19)
            return 0;
        a = a * 10 + (uint64_t)(*s - '0');
        s++;
    }
    if (*s && *s != ' ' && *s != '\t')
        return 0;
    if (a > (uint64_t)INT64_MAX)
        return 0;
    int64_t x = neg ? -(int64_t)a : (int64_t)a;
    if (x < lo || x > hi)
        return 0;
    while (*s == ' ' || *s == '\t')
        s++;
    *p = s;
    *v = x;
    return 1;
}

static int word_u64(const char **p, uint64_t *v)
{
    const char *s = *p;
    if (*s < '0' || *s > '9')
        return 0;
    uint64_t a = 0;
    int digits = 0;
    while (*s >= '0' && *s <= '9') {
        if (++digits > 20)
            return 0;
        uint64_t d = (uint64_t)(*s - '0');
        if (a > (UINT64_MAX - d) / 10)
            return 0;
        a = a * 10 + d;
        s++;
    }
    if (*s && *s != ' ' && *s != '\t')
        return 0;
    while (*s == ' ' || *s == '\t')
        s++;
    *p = s;
    *v = a;
    return 1;
}

/* "KEY rest": 1 with *rest at the value when the line starts with key */
static int key(const char *line, const char *k, const char **rest)
{
    size_t n = strlen(k);
    if (strncmp(line, k, n) != 0 || (line[n] != ' ' && line[n] != '\t'))
        return 0;
    const char *s = line + n;
    while (*s == ' ' || *s == '\t')
        s++;
    *rest = s;
    return 1;
}

/* The first line and the header's keys, in their order, into *in and
 * *start. */
static wy_status parse_header(lines *L, wy_automaton_info *in, uint32_t *start, char *err, size_t errlen)
{
    static const char *const keys[] = {"rules", "side", "value", "numeration", "encoding", "made-by", "learned",
                                       "states", "start"};
    const char *rest;
    int r = next_line(L);
    int64_t v;
    const char *p;
    if (r <= 0 || !key(L->buf, FORMAT_NAME, &rest))
        return wyi_fail(WY_EINVAL, err, errlen, "line %u: not an automaton file (the first line must be '%s %d')",
                        L->line, FORMAT_NAME, FORMAT_VERSION);
    p = rest;
    if (!word_int(&p, 1, 1000, &v) || *p)
        return wyi_fail(WY_EINVAL, err, errlen, "line %u: bad format version '%s'", L->line, rest);
    if (v != FORMAT_VERSION)
        return wyi_fail(WY_EINVAL, err, errlen, "line %u: format version %" PRId64 " is not known (this is version %d)",
                        L->line, v, FORMAT_VERSION);
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        r = next_line(L);
        if (r < 0)
            return wyi_fail(WY_EINVAL, err, errlen,
                            "line %u: too long (600 bytes or more) or holds a control character", L->line);
        if (r == 0)
            return wyi_fail(WY_EINVAL, err, errlen, "the file ends before '%s'", keys[k]);
        if (!key(L->buf, keys[k], &rest))
            return wyi_fail(WY_EINVAL, err, errlen, "line %u: expected '%s ...'", L->line, keys[k]);
        p = rest;
        uint64_t u;
        switch (k) {
        case 0: {
            char e2[WY_ERRLEN];
            if (wy_rules_parse(&in->rules, rest, e2, sizeof e2) != WY_OK)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: ruleset: %s", L->line, e2);
            break;
        }
        case 1: {
            int64_t a, b;
            if (!word_int(&p, 0, UINT32_MAX, &a) || !word_int(&p, 0, UINT32_MAX, &b) || *p)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: side: expected two numbers (passes left, heap)",
                                L->line);
            in->side.pass = (uint32_t)a;
            in->side.heap = (uint32_t)b;
            char e2[WY_ERRLEN];
            if (wy_side_check(&in->rules, in->side, e2, sizeof e2) != WY_OK)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: side: %s", L->line, e2);
            break;
        }
        case 2:
            if (!word_u64(&p, &u) || *p)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: value: expected a number >= 0", L->line);
            in->value = u;
            break;
        case 3:
            if (strcmp(rest, "msd_fib") != 0)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: numeration '%.40s' is not known (msd_fib is)",
                                L->line, rest);
            break;
        case 4:
            if (strcmp(rest, "diagonal-offset") != 0)
                return wyi_fail(WY_EINVAL, err, errlen,
                                "line %u: encoding '%.40s' is not known (diagonal-offset is)", L->line, rest);
            break;
        case 5:
            snprintf(in->made_by, sizeof in->made_by, "%s", strcmp(rest, "-") ? rest : "");
            break;
        case 6: {
            int64_t s, d;
            if (!word_u64(&p, &u) || !word_int(&p, 0, 1000, &s) || !word_int(&p, 0, 1000, &d) || *p)
                return wyi_fail(WY_EINVAL, err, errlen,
                                "line %u: learned: expected three numbers (diagonals, suffix length, depth)", L->line);
            in->diagonals = u;
            in->suffix = (uint32_t)s;
            in->depth = (uint32_t)d;
            break;
        }
        case 7:
            if (!word_int(&p, 1, MAX_STATES, &v) || *p)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: states: expected a number from 1 to %u", L->line,
                                MAX_STATES);
            in->states = (uint32_t)v;
            break;
        case 8:
            if (!word_int(&p, 0, (int64_t)in->states - 1, &v) || *p)
                return wyi_fail(WY_EINVAL, err, errlen, "line %u: start: expected a state from 0 to %" PRIu32, L->line,
                                in->states - 1);
            *start = (uint32_t)v;
            break;
        }
    }
    return WY_OK;
}

/* The states' lines, in order, into a (its outputs and moves), then 'end'
 * and nothing after it. */
static wy_status parse_states(lines *L, wy_automaton *a, uint32_t states, char *err, size_t errlen)
{
    for (uint32_t s = 0; s < states; s++) {
        int r = next_line(L);
        if (r < 0)
            return wyi_fail(WY_EINVAL, err, errlen,
                            "line %u: too long (600 bytes or more) or holds a control character", L->line);
        if (r == 0)
            return wyi_fail(WY_EINVAL, err, errlen, "the file ends after %" PRIu32 " of %" PRIu32 " states", s, states);
        const char *p = L->buf;
        while (*p == ' ' || *p == '\t')
            p++;
        int64_t id, o, v;
        if (!word_int(&p, 0, MAX_STATES, &id) || (uint64_t)id != s)
            return wyi_fail(WY_EINVAL, err, errlen, "line %u: expected state %" PRIu32 " (states are listed in order)",
                            L->line, s);
        if (!word_int(&p, -(int64_t)INT32_MAX, INT32_MAX, &o))
            return wyi_fail(WY_EINVAL, err, errlen,
                            "line %u: state %" PRIu32 ": bad output (a number of absolute value below 2^31)", L->line,
                            s);
        a->out[s] = o;
        for (int dgt = 0; dgt < 2; dgt++) {
            if (*p == '-' && (p[1] == '\0' || p[1] == ' ' || p[1] == '\t')) {
                p++;
                while (*p == ' ' || *p == '\t')
                    p++;
                continue;
            }
            if (!word_int(&p, 0, (int64_t)states - 1, &v))
                return wyi_fail(WY_EINVAL, err, errlen,
                                "line %u: state %" PRIu32 ": its move on %d must be a state from 0 to %" PRIu32
                                " or '-'",
                                L->line, s, dgt, states - 1);
            a->next[2 * s + dgt] = (int32_t)v;
        }
        if (*p)
            return wyi_fail(WY_EINVAL, err, errlen, "line %u: state %" PRIu32 ": unexpected '%.20s' after the moves",
                            L->line, s, p);
    }
    int r = next_line(L);
    if (r <= 0 || strcmp(L->buf, "end") != 0)
        return wyi_fail(WY_EINVAL, err, errlen, "line %u: expected 'end' after the %" PRIu32 " states", L->line,
                        states);
    if (next_line(L) != 0)
        return wyi_fail(WY_EINVAL, err, errlen, "line %u: text after 'end'", L->line);
    return WY_OK;
}

/* Every Zeckendorf word must run to the end: the start goes to itself on 0,
 * a move on 0 from every state, and a move on 1 from the start and from
 * every state entered by a 0 (a 1 may follow a 0); no state entered by a 1
 * moves on 1 (Zeckendorf words have no adjacent 1s), so no state is entered
 * both ways.  Also the outputs' range into *in, for the row search. */
static wy_status check_moves(const wy_automaton *a, wy_automaton_info *in, uint32_t start, char *err, size_t errlen)
{
    if (a->next[2 * start] != (int32_t)start)
        return wyi_fail(WY_EINVAL, err, errlen,
                        "the start state %" PRIu32 " must go to itself on 0 (leading zeros do not change a number)",
                        start);
    unsigned char *by0 = calloc(in->states, 1);
    if (!by0)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory");
    by0[start] = 1;
    for (uint32_t s = 0; s < in->states; s++)
        if (a->next[2 * s] != NONE)
            by0[a->next[2 * s]] = 1;
    wy_status st = WY_OK;
    for (uint32_t s = 0; s < in->states && st == WY_OK; s++) {
        if (a->next[2 * s] == NONE)
            st = wyi_fail(WY_EINVAL, err, errlen,
                          "state %" PRIu32 " has no move on 0 (every state needs one: a 0 may always follow)", s);
        else if (by0[s] && a->next[2 * s + 1] == NONE)
            st = wyi_fail(WY_EINVAL, err, errlen,
                          "state %" PRIu32 " is entered by a 0 (or is the start) and has no move on 1 (a Zeckendorf "
                          "word could stop there)",
                          s);
    }
    free(by0);
    if (st != WY_OK)
        return st;
    in->min_out = INT64_MAX;
    in->max_out = INT64_MIN;
    for (uint32_t s = 0; s < in->states; s++) {
        int32_t t = a->next[2 * s + 1];
        if (t != NONE && a->next[2 * t + 1] != NONE)
            return wyi_fail(WY_EINVAL, err, errlen,
                            "state %" PRId32 " is entered by a 1 and has a move on 1 (adjacent 1s are not Zeckendorf)",
                            t);
        if (a->out[s] < in->min_out)
            in->min_out = a->out[s];
        if (a->out[s] > in->max_out)
            in->max_out = a->out[s];
    }
    return WY_OK;
}

wy_status wy_automaton_parse(wy_automaton **out, const char *text, size_t len, char *err, size_t errlen)
{
    *out = NULL;
    lines L = {text, text + len, 0, {0}};
    wy_automaton_info in;
    memset(&in, 0, sizeof in);
    uint32_t start = 0;
    wy_status st = parse_header(&L, &in, &start, err, errlen);
    if (st != WY_OK)
        return st;
    wy_automaton *a = alloc_automaton(in.states);
    if (!a)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for %" PRIu32 " states", in.states);
    st = parse_states(&L, a, in.states, err, errlen);
    if (st == WY_OK)
        st = check_moves(a, &in, start, err, errlen);
    if (st != WY_OK) {
        wy_automaton_free(a);
        return st;
    }
    a->start = start;
    a->info = in;
    *out = a;
    return WY_OK;
}

/* ------------------------------------------------------------------ */
/* The layer's positions on the diagonals 0..N-1                       */
/* ------------------------------------------------------------------ */

typedef struct {
    uint64_t N;
    uint64_t skip;     /* terminal=K: the region x + y <= K is left out, and with it diagonals 0..K */
    uint64_t *x;       /* x[n]: UINT64_MAX until found */
    uint64_t found;
    uint64_t dup;      /* a diagonal with two positions (UINT64_MAX: none) */
    const wy_automaton *check; /* verify: compare instead of storing */
    uint64_t bad;      /* verify: the first n that differs (UINT64_MAX: none) */
    unsigned char *seen; /* verify: bitmap */
} diag_ctx;

static int on_pos(void *ctx, uint64_t x, uint64_t y)
{
    diag_ctx *c = ctx;
    uint64_t n = y - x;
    if (n >= c->N || (c->skip != UINT64_MAX && x + y <= c->skip))
        return 0;
    if (c->check) {
        if (c->seen[n >> 3] & (1u << (n & 7))) {
            c->dup = n;
            return 1;
        }
        c->seen[n >> 3] |= (unsigned char)(1u << (n & 7));
        c->found++;
        int64_t d = wy_automaton_output_u64(c->check, n);
        if ((int64_t)(x - wyi_floor_phi_u64(n)) != d && c->bad > n)
            c->bad = n;
        return 0;
    }
    if (c->x[n] != UINT64_MAX) {
        c->dup = n;
        return 1;
    }
    c->x[n] = x;
    c->found++;
    return 0;
}

/* WY_ERANGE: "VERB N diagonals needs about M, more than the limit of L". */
static wy_status refuse_memory(char *err, size_t errlen, const char *verb, uint64_t diagonals, uint64_t need,
                               uint64_t limit)
{
    char what[96];
    snprintf(what, sizeof what, "%s %" PRIu64 " diagonals", verb, diagonals);
    return wy_memory_refusal(err, errlen, what, need, limit);
}

/* Scan windows of growing size until every diagonal below N has its
 * position (the window 2.7 N + 64 holds them for Wythoff's game). */
static wy_status scan_diagonals(diag_ctx *c, const wy_rules *rules, wy_side side, uint64_t g, uint64_t mem_limit,
                                const wy_run *run, char *err, size_t errlen)
{
    uint64_t size = c->N / 10 * 27 + c->N % 10 * 3 + 64;
    for (int round = 0;; round++) {
        if (size > ((uint64_t)1 << 40))
            size = (uint64_t)1 << 40;
        c->found = 0;
        c->dup = UINT64_MAX;
        c->bad = UINT64_MAX;
        if (c->x)
            memset(c->x, 0xff, c->N * sizeof *c->x);
        if (c->seen)
            memset(c->seen, 0, (c->N + 7) / 8);
        /* terminal=K: the diagonals n <= K hold no position outside the
         * region (each (x, x + n), x >= 1, moves along its diagonal to the
         * terminal (0, n)); they count as found, at x = floor(n phi) (an
         * offset 0 that the proofs never read) */
        for (uint64_t n = 0; c->skip != UINT64_MAX && n <= c->skip && n < c->N; n++) {
            if (c->x)
                c->x[n] = wyi_floor_phi_u64(n);
            else
                c->seen[n >> 3] |= (unsigned char)(1u << (n & 7));
            c->found++;
        }
        wy_status st = wy_layer_scan(rules, side, g, size, mem_limit, on_pos, c, NULL, run, err, errlen);
        if (c->dup != UINT64_MAX)
            return wyi_fail(WY_EINVAL, err, errlen,
                            "the layer has two positions on diagonal %" PRIu64 " (y - x = %" PRIu64
                            "): the encoding diagonal-offset needs one on each diagonal",
                            c->dup, c->dup);
        if (st != WY_OK)
            return st;
        if (c->found == c->N)
            return WY_OK;
        if (round >= 3 || size == ((uint64_t)1 << 40)) {
            uint64_t n = 0;
            if (c->x)
                while (n < c->N && c->x[n] != UINT64_MAX)
                    n++;
            else
                while (n < c->N && (c->seen[n >> 3] & (1u << (n & 7))))
                    n++;
            return wyi_fail(WY_EINVAL, err, errlen,
                            "the layer has no position on diagonal %" PRIu64 " within the window of side %" PRIu64
                            ": the encoding diagonal-offset needs one on each diagonal",
                            n, size);
        }
        size *= 4;
    }
}

/* ------------------------------------------------------------------ */
/* Learning                                                            */
/* ------------------------------------------------------------------ */

#define INVALID INT32_MIN

typedef struct {
    const int32_t *d; /* d[n], n < N */
    uint64_t N;
    unsigned maxlen;  /* words of up to maxlen digits are below N */
    unsigned L;       /* suffix length */
    size_t siglen;
    /* the valid suffixes of length k = 0..L: their values and first digits */
    uint64_t *sv;
    unsigned char *sfirst;
    unsigned char *slen;
    /* states */
    uint32_t n, cap;
    int32_t *sig;     /* n * siglen */
    unsigned char *rep; /* n * 92 digits of the representative */
    unsigned char *replen;
    int32_t *next;
    /* hash of signatures */
    uint32_t *hash;
    size_t hcap;
} learner;

static uint64_t sig_hash(const int32_t *s, size_t n) { return wy_fnv1a(s, n * sizeof *s); }

/* The signature of the word w (len digits): the outputs at w v for every
 * valid suffix v of length up to L.  0: a value reached N (too deep). */
static int signature(learner *l, const unsigned char *w, unsigned len, int32_t *sig)
{
    int last1 = len && w[len - 1];
    for (size_t i = 0; i < l->siglen; i++) {
        if (last1 && l->sfirst[i]) {
            sig[i] = INVALID;
            continue;
        }
        unsigned k = l->slen[i];
        uint64_t v = l->sv[i];
        for (unsigned j = 0; j < len; j++)
            if (w[j])
                v += fib64[len - 1 - j + k];
        if (v >= l->N)
            return 0;
        sig[i] = l->d[v];
    }
    return 1;
}

static int learner_grow(learner *l)
{
    if (l->n < l->cap)
        return 1;
    uint32_t nc = l->cap ? l->cap * 2 : 64;
    int32_t *sig = realloc(l->sig, (size_t)nc * l->siglen * sizeof *sig);
    if (sig)
        l->sig = sig;
    unsigned char *rep = realloc(l->rep, (size_t)nc * FIB64);
    if (rep)
        l->rep = rep;
    unsigned char *rl = realloc(l->replen, nc);
    if (rl)
        l->replen = rl;
    int32_t *nx = realloc(l->next, (size_t)nc * 2 * sizeof *nx);
    if (nx)
        l->next = nx;
    if (!sig || !rep || !rl || !nx)
        return 0;
    l->cap = nc;
    /* rehash */
    size_t hc = (size_t)nc * 4;
    uint32_t *h = malloc(hc * sizeof *h);
    if (!h)
        return 0;
    for (size_t i = 0; i < hc; i++)
        h[i] = UINT32_MAX;
    for (uint32_t s = 0; s < l->n; s++) {
        size_t i = sig_hash(l->sig + (size_t)s * l->siglen, l->siglen) & (hc - 1);
        while (h[i] != UINT32_MAX)
            i = (i + 1) & (hc - 1);
        h[i] = s;
    }
    free(l->hash);
    l->hash = h;
    l->hcap = hc;
    return 1;
}

/* The state whose signature is sig, adding it (with representative w) when
 * new.  -1: out of memory; -2: too many states. */
static int64_t state_of(learner *l, const int32_t *sig, const unsigned char *w, unsigned len)
{
    if (l->hash) {
        size_t i = sig_hash(sig, l->siglen) & (l->hcap - 1);
        while (l->hash[i] != UINT32_MAX) {
            uint32_t s = l->hash[i];
            if (!memcmp(l->sig + (size_t)s * l->siglen, sig, l->siglen * sizeof *sig))
                return s;
            i = (i + 1) & (l->hcap - 1);
        }
    }
    if (l->n >= MAX_STATES)
        return -2;
    if (!learner_grow(l))
        return -1;
    uint32_t s = l->n++;
    memcpy(l->sig + (size_t)s * l->siglen, sig, l->siglen * sizeof *sig);
    memcpy(l->rep + (size_t)s * FIB64, w, len);
    l->replen[s] = (unsigned char)len;
    l->next[2 * s] = l->next[2 * s + 1] = NONE;
    size_t i = sig_hash(sig, l->siglen) & (l->hcap - 1);
    while (l->hash[i] != UINT32_MAX)
        i = (i + 1) & (l->hcap - 1);
    l->hash[i] = s;
    return s;
}

static void learner_reset(learner *l)
{
    free(l->sv);
    free(l->sfirst);
    free(l->slen);
    free(l->sig);
    free(l->rep);
    free(l->replen);
    free(l->next);
    free(l->hash);
    const int32_t *d = l->d;
    uint64_t N = l->N;
    unsigned m = l->maxlen;
    memset(l, 0, sizeof *l);
    l->d = d;
    l->N = N;
    l->maxlen = m;
}

/* Build the automaton for suffix length L.  1: built (l->n states);
 * 0: a state needs words longer than the data allows; -1: out of memory;
 * -2: too many states. */
static int learn_L(learner *l, unsigned L)
{
    learner_reset(l);
    l->L = L;
    /* suffixes: every word of length k <= L without adjacent 1s */
    size_t cnt = 0;
    for (unsigned k = 0; k <= L; k++)
        cnt += (size_t)fib64[k]; /* words of length k: F_k (F_0 = 1) */
    l->siglen = cnt;
    l->sv = malloc(cnt * sizeof *l->sv);
    l->sfirst = malloc(cnt);
    l->slen = malloc(cnt);
    if (!l->sv || !l->sfirst || !l->slen)
        return -1;
    size_t i = 0;
    for (unsigned k = 0; k <= L; k++)
        for (uint64_t v = 0; v < fib64[k]; v++) {
            unsigned char d[FIB64];
            unsigned len = zeck_u64(d, v);
            l->sv[i] = v;
            l->sfirst[i] = (unsigned char)(len == k && k > 0); /* its first digit (of k) is 1 */
            l->slen[i] = (unsigned char)k;
            i++;
        }
    int32_t *sig = malloc(cnt * sizeof *sig);
    if (!sig)
        return -1;
    unsigned char w[FIB64];
    if (!signature(l, w, 0, sig)) {
        free(sig);
        return 0;
    }
    int64_t s0 = state_of(l, sig, w, 0);
    if (s0 < 0) {
        free(sig);
        return (int)s0;
    }
    int rc = 1;
    for (uint32_t s = 0; s < l->n && rc == 1; s++) { /* breadth first: l->n grows */
        unsigned len = l->replen[s];
        memcpy(w, l->rep + (size_t)s * FIB64, len);
        for (int dgt = 0; dgt < 2; dgt++) {
            if (dgt == 1 && len && w[len - 1])
                continue;
            if (len + 1 >= FIB64) {
                rc = 0;
                break;
            }
            w[len] = (unsigned char)dgt;
            if (!signature(l, w, len + 1, sig)) {
                rc = 0;
                break;
            }
            int64_t t = state_of(l, sig, w, len + 1);
            if (t < 0) {
                rc = (int)t;
                break;
            }
            l->next[2 * s + dgt] = (int32_t)t;
        }
    }
    free(sig);
    return rc;
}

/* *out[n] = the layer's position on diagonal n minus floor(n phi), for the
 * diagonals 0..N-1 (a layer scan; *out allocated, NULL on failure);
 * WY_EUNDECIDED when an offset is not bounded. */
static wy_status diagonal_offsets(int32_t **out, const wy_rules *rules, wy_side side, uint64_t g, uint64_t diagonals,
                                  uint64_t mem_limit, const wy_run *run, char *err, size_t errlen)
{
    *out = NULL;
    diag_ctx c;
    memset(&c, 0, sizeof c);
    c.N = diagonals;
    c.skip = rules->has_terminal ? rules->terminal : UINT64_MAX;
    c.x = malloc(diagonals * sizeof *c.x);
    int32_t *d = malloc(diagonals * sizeof *d);
    if (!c.x || !d) {
        free(c.x);
        free(d);
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for %" PRIu64 " diagonals", diagonals);
    }
    wy_status st = scan_diagonals(&c, rules, side, g, mem_limit, run, err, errlen);
    for (uint64_t n = 0; st == WY_OK && n < diagonals; n++) {
        int64_t off = (int64_t)(c.x[n] - wyi_floor_phi_u64(n));
        if (off < -(int64_t)INT32_MAX || off > INT32_MAX)
            st = wyi_fail(WY_EUNDECIDED, err, errlen,
                          "diagonal %" PRIu64 ": the position is %" PRId64 " from floor(n phi): not a bounded offset",
                          n, off);
        else
            d[n] = (int32_t)off;
    }
    free(c.x);
    if (st != WY_OK) {
        free(d);
        return st;
    }
    *out = d;
    return WY_OK;
}

/* The learner's automaton (start 0, outputs' range set; *depth the longest
 * representative word); NULL when out of memory. */
static wy_automaton *candidate(const learner *l, uint32_t *depth)
{
    wy_automaton *a = alloc_automaton(l->n);
    if (!a)
        return NULL;
    *depth = 0;
    for (uint32_t s = 0; s < l->n; s++) {
        a->out[s] = l->sig[(size_t)s * l->siglen]; /* the empty suffix comes first */
        a->next[2 * s] = l->next[2 * s];
        a->next[2 * s + 1] = l->next[2 * s + 1];
        if (l->replen[s] > *depth)
            *depth = l->replen[s];
    }
    a->start = 0;
    a->info.min_out = INT64_MAX;
    a->info.max_out = INT64_MIN;
    for (uint32_t s = 0; s < l->n; s++) {
        if (a->out[s] < a->info.min_out)
            a->info.min_out = a->out[s];
        if (a->out[s] > a->info.max_out)
            a->info.max_out = a->out[s];
    }
    return a;
}

wy_status wy_automaton_learn(wy_automaton **out, const wy_rules *rules, wy_side side, uint64_t g,
                             uint64_t diagonals, uint64_t mem_limit, const char *made_by, const wy_run *run,
                             char *err, size_t errlen)
{
    *out = NULL;
    wy_status st = wy_layer_supported(rules, err, errlen);
    if (st != WY_OK)
        return st;
    if ((st = wy_side_check(rules, side, err, errlen)) != WY_OK)
        return st;
    if (diagonals < 16 || diagonals > ((uint64_t)1 << 36))
        return wyi_fail(WY_EINVAL, err, errlen, "the diagonals to learn from must be from 16 to 2^36");
    uint64_t need =
        wyi_sat_add(wyi_sat_mul(diagonals, 12), wy_layer_estimate(rules, side, g, diagonals / 10 * 27 + 64));
    if (mem_limit && need > mem_limit)
        return refuse_memory(err, errlen, "learning from", diagonals, need, mem_limit);
    fib64_init();
    int32_t *d;
    if ((st = diagonal_offsets(&d, rules, side, g, diagonals, mem_limit, run, err, errlen)) != WY_OK)
        return st;
    learner l;
    memset(&l, 0, sizeof l);
    l.d = d;
    l.N = diagonals;
    unsigned maxlen = 0;
    while (maxlen + 1 < FIB64 && fib64[maxlen + 1] <= diagonals)
        maxlen++; /* every word of maxlen + 1 digits is below F_(maxlen+1) <= N */
    l.maxlen = maxlen;
    st = WY_EUNDECIDED;
    wy_automaton *a = NULL;
    for (unsigned L = 1; L <= maxlen && L <= 24; L++) {
        if (wyi_run_stop(run, L, maxlen)) {
            st = wyi_fail(WY_ECANCELED, err, errlen, "stopped");
            break;
        }
        int rc = learn_L(&l, L);
        if (rc == -1) {
            st = wyi_fail(WY_ERANGE, err, errlen, "out of memory while learning (suffix length %u)", L);
            break;
        }
        if (rc == -2) {
            st = wyi_fail(WY_EUNDECIDED, err, errlen, "more than %u states at suffix length %u: no finite automaton "
                          "is in sight", MAX_STATES, L);
            break;
        }
        if (rc == 0) {
            st = wyi_fail(WY_EUNDECIDED, err, errlen,
                          "no automaton agrees with the %" PRIu64 " diagonals with every state told apart within "
                          "them (at suffix length %u the states need longer words than the data has, %u states so "
                          "far): more diagonals may fix it",
                          diagonals, L, l.n);
            break;
        }
        /* the candidate: does it give every diagonal of the data? */
        uint32_t depth;
        a = candidate(&l, &depth);
        if (!a) {
            st = wyi_fail(WY_ERANGE, err, errlen, "out of memory for %u states", l.n);
            break;
        }
        uint64_t n = 0;
        for (; n < diagonals; n++)
            if (wy_automaton_output_u64(a, n) != d[n])
                break;
        if (n == diagonals && a->next[0] == 0) {
            a->info.rules = *rules;
            a->info.side = side;
            a->info.value = g;
            a->info.diagonals = diagonals;
            a->info.suffix = L;
            a->info.depth = depth;
            snprintf(a->info.made_by, sizeof a->info.made_by, "%s", made_by ? made_by : "");
            st = WY_OK;
            break;
        }
        wy_automaton_free(a);
        a = NULL;
    }
    if (st == WY_EUNDECIDED && !a && err && !err[0])
        wyi_fail(WY_EUNDECIDED, err, errlen, "no automaton agrees with the %" PRIu64 " diagonals", diagonals);
    learner_reset(&l);
    free(d);
    if (st != WY_OK) {
        wy_automaton_free(a);
        return st;
    }
    *out = a;
    return WY_OK;
}

wy_status wy_automaton_verify(const wy_automaton *a, uint64_t diagonals, uint64_t mem_limit, const wy_run *run,
                              uint64_t *bad_n, char *err, size_t errlen)
{
    if (diagonals < 1 || diagonals > ((uint64_t)1 << 38))
        return wyi_fail(WY_EINVAL, err, errlen, "the diagonals to check must be from 1 to 2^38");
    wy_status st = wy_layer_supported(&a->info.rules, err, errlen);
    if (st != WY_OK)
        return st;
    uint64_t need = wyi_sat_add(diagonals / 8 + 1,
                                wy_layer_estimate(&a->info.rules, a->info.side, a->info.value, diagonals / 10 * 27 + 64));
    if (mem_limit && need > mem_limit)
        return refuse_memory(err, errlen, "checking", diagonals, need, mem_limit);
    fib64_init();
    diag_ctx c;
    memset(&c, 0, sizeof c);
    c.N = diagonals;
    c.skip = a->info.rules.has_terminal ? a->info.rules.terminal : UINT64_MAX;
    c.check = a;
    c.seen = malloc(diagonals / 8 + 1);
    if (!c.seen)
        return wyi_fail(WY_ERANGE, err, errlen, "out of memory for %" PRIu64 " diagonals", diagonals);
    st = scan_diagonals(&c, &a->info.rules, a->info.side, a->info.value, mem_limit, run, err, errlen);
    free(c.seen);
    if (st != WY_OK)
        return st;
    if (c.bad != UINT64_MAX) {
        if (bad_n)
            *bad_n = c.bad;
        return wyi_fail(WY_EDIFF, err, errlen, "diagonal %" PRIu64 ": the automaton gives offset %" PRId64
                        " (position (%" PRIu64 ", %" PRIu64 ")), the layer engine another position",
                        c.bad, wy_automaton_output_u64(a, c.bad),
                        wyi_floor_phi_u64(c.bad) + (uint64_t)wy_automaton_output_u64(a, c.bad),
                        wyi_floor_phi_u64(c.bad) + (uint64_t)wy_automaton_output_u64(a, c.bad) + c.bad);
    }
    return WY_OK;
}

uint64_t wy_fnv1a(const void *p, size_t n) { return wyi_fnv1a_from(14695981039346656037ull, p, n); }

/* ------------------------------------------------------------------ */
/* The shipped automata                                                */
/* ------------------------------------------------------------------ */

const char *wy_automaton_builtin_text(const char *file)
{
    for (const wyi_automaton_text *t = wyi_automata_data; file && t->name; t++)
        if (!strcmp(t->name, file))
            return t->text;
    return NULL;
}

wy_status wy_automaton_builtin(wy_automaton **out, const char *name, char *err, size_t errlen)
{
    *out = NULL;
    char file[96];
    if (!name || strlen(name) > 80)
        return wyi_fail(WY_EINVAL, err, errlen, "no such shipped automaton");
    snprintf(file, sizeof file, "%s.aut", name);
    for (const wyi_automaton_text *t = wyi_automata_data; t->name; t++)
        if (!strcmp(t->name, file))
            return wy_automaton_parse(out, t->text, t->len, err, errlen);
    return wyi_fail(WY_EINVAL, err, errlen, "no shipped automaton '%.80s' (data/automata/: wythoff-v1)", name);
}
