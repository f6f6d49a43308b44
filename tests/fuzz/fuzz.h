/*
 * fuzz.h - what the harnesses of tests/fuzz share (tests/fuzz/README.md):
 *   - FZ_CHECK(cond, fmt, ...): a property; when it fails, a line on stderr
 *     naming the harness's file and line, then abort() (libFuzzer records a
 *     crash; the replay driver exits non-zero);
 *   - a reader of the fuzz input as bytes (fz_in) and as text (fz_text: an
 *     exact-size NUL-terminated copy, so that AddressSanitizer sees a read
 *     past its end);
 *   - the checks every error message of the library and the tool must pass
 *     (fz_check_msg);
 *   - an independent reference of the command line's number grammar
 *     (fz_num_ref), shared by fuzz-num and fuzz-xy;
 *   - stderr or stdout captured into memory (fz_capture_*), for the tool's
 *     functions that print "wythoff: MESSAGE" lines and for a whole program
 *     run in the harness's process (fuzz-cert: wythoff-certcheck's main).
 * Everything is static inline: each harness is one translation unit, built
 * by gcc (make: tests/fuzz/replay.c drives it) or by clang with libFuzzer
 * (tests/fuzz/run).
 */
#ifndef WY_FUZZ_H
#define WY_FUZZ_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entry point of every harness (libFuzzer's, or tests/fuzz/replay.c's). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 3, 4)))
#endif
static inline void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s:%d: property failed: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

#define FZ_CHECK(cond, ...)                                                                                           \
    do {                                                                                                              \
        if (!(cond))                                                                                                  \
            fz_fail(__FILE__, __LINE__, __VA_ARGS__);                                                                 \
    } while (0)

/* ------------------------------------------------------------------ */
/* The input                                                           */
/* ------------------------------------------------------------------ */

typedef struct {
    const uint8_t *p;
    size_t n;
} fz_in;

/* The next byte, 0 when the input is used up. */
static inline unsigned fz_byte(fz_in *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

/* 0 .. k - 1 from the next byte (k >= 1). */
static inline uint32_t fz_below(fz_in *in, uint32_t k)
{
    return k ? (uint32_t)(fz_byte(in) % k) : 0;
}

/* A uint64 from the next 8 bytes (little endian; missing bytes are 0). */
static inline uint64_t fz_u64(fz_in *in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)fz_byte(in) << (8 * i);
    return v;
}

/* The bytes p[0..n) as a C string in a buffer of exactly n + 1 bytes (the
 * string ends at the first NUL byte, if any).  Never NULL. */
static inline char *fz_text(const uint8_t *p, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    if (n)
        memcpy(s, p, n);
    s[n] = '\0';
    return s;
}

/* ------------------------------------------------------------------ */
/* Error messages                                                      */
/* ------------------------------------------------------------------ */

/* A message written into err[0..errlen) by a failing call: NUL-terminated
 * within the buffer, not empty, one line unless the input it quotes had a
 * newline (input_nl), and without the tool's "wythoff:" prefix (the caller
 * adds it). */
static inline void fz_check_msg_at(const char *file, int line, const char *err, size_t errlen, int input_nl,
                                   const char *what)
{
    const char *nul = memchr(err, '\0', errlen);
    if (!nul)
        fz_fail(file, line, "%s: the message is not NUL-terminated within %zu bytes", what, errlen);
    if (err[0] == '\0')
        fz_fail(file, line, "%s: failed with an empty message", what);
    if (strncmp(err, "wythoff:", 8) == 0)
        fz_fail(file, line, "%s: the message starts with the tool's prefix: '%s'", what, err);
    if (!input_nl && strchr(err, '\n'))
        fz_fail(file, line, "%s: the message has a newline: '%s'", what, err);
}
#define fz_check_msg(err, errlen, input_nl, what) fz_check_msg_at(__FILE__, __LINE__, err, errlen, input_nl, what)

/* ------------------------------------------------------------------ */
/* The number grammar (app/cli.h, docs/commands.md "Numbers")          */
/* ------------------------------------------------------------------ */

/* A value that saturates: v exact when !big, else at least 2^64. */
typedef struct {
    uint64_t v;
    int big;
} fz_sat;

static inline fz_sat fz_sat_mul(fz_sat a, fz_sat b)
{
    fz_sat r = {0, 0};
    if ((a.v == 0 && !a.big) || (b.v == 0 && !b.big))
        return r;
    if (a.big || b.big || (b.v && a.v > UINT64_MAX / b.v)) {
        r.big = 1;
        return r;
    }
    r.v = a.v * b.v;
    return r;
}

static inline int fz_digits(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

static inline fz_sat fz_dec(const char *s, size_t n)
{
    fz_sat r = {0, 0};
    for (size_t i = 0; i < n; i++) {
        unsigned d = (unsigned)(s[i] - '0');
        if (r.big)
            continue;
        if (r.v > (UINT64_MAX - d) / 10)
            r.big = 1;
        else
            r.v = r.v * 10 + d;
    }
    return r;
}

/* The most digits a number may have: the command line's bound (1000000),
 * or what a harness sets (cli_num_set_digits with the same value). */
static uint64_t fz_num_digits_max = 1000000;

/* The digits of s[0..n) that count: without leading zeros, at least 1. */
static inline uint64_t fz_sig(const char *s, size_t n)
{
    size_t i = 0;
    while (i + 1 < n && s[i] == '0')
        i++;
    return n - i;
}

/* The grammar, written from its description rather than from app/num.c:
 * DIGITS | DIGITS ('e'|'E'|'^') DIGITS, the exponent (leading zeros
 * ignored) at most 100000; A e B = A * 10^B, A ^ B = A^B (0^0 = 1); at most
 * fz_num_digits_max digits, counted without computing: DIGITS its digits
 * without leading zeros; A e B: 1 when A = 0, else A's digits + B; A ^ B:
 * 1 when A is 0 or 1 or B = 0, else A's digits times B.
 * Returns 1 (value in *out), 0 malformed, -1 too large (the exponent or
 * the digits). */
static inline int fz_num_ref(const char *t, fz_sat *out)
{
    size_t n = strlen(t), k;
    for (k = 0; k < n; k++)
        if (t[k] == 'e' || t[k] == 'E' || t[k] == '^')
            break;
    if (k == n) {
        if (!fz_digits(t, n))
            return 0;
        if (fz_sig(t, n) > fz_num_digits_max)
            return -1;
        *out = fz_dec(t, n);
        return 1;
    }
    const char *b = t + k + 1;
    size_t nb = n - k - 1;
    if (!fz_digits(t, k) || !fz_digits(b, nb))
        return 0;
    while (nb > 1 && *b == '0')
        b++, nb--;
    fz_sat e = fz_dec(b, nb);
    if (e.big || e.v > 100000)
        return -1;
    fz_sat a = fz_dec(t, k), r = {1, 0};
    const uint64_t da = fz_sig(t, k);
    uint64_t digits;
    if (t[k] == '^')
        digits = (!a.big && a.v <= 1) || e.v == 0 ? 1 : da * e.v;
    else
        digits = !a.big && a.v == 0 ? 1 : da + e.v;
    if (digits > fz_num_digits_max)
        return -1;
    fz_sat base = t[k] == '^' ? a : (fz_sat){10, 0};
    /* at most 64 factors >= 2 reach 2^64; factors 0 and 1 settle at once */
    for (uint64_t i = 0; i < e.v && !r.big; i++) {
        r = fz_sat_mul(r, base);
        if (!r.big && (r.v == 0 || base.v == 1))
            break;
    }
    if (t[k] != '^')
        r = fz_sat_mul(a, r);
    *out = r;
    return 1;
}

/* ------------------------------------------------------------------ */
/* stderr into memory                                                  */
/* ------------------------------------------------------------------ */

/* The tool prints its messages with fprintf(stderr, ...).  glibc's stderr
 * is a variable: pointed at a memory stream, the messages land there, while
 * the sanitizers and libFuzzer keep writing to file descriptor 2.  The same
 * works for stdout (fz_capture_out_begin: a program's printf output). */
typedef struct {
    FILE *saved, *mem;
    FILE **which; /* &stderr or &stdout */
    char *buf;
    size_t len;
} fz_capture;

static inline void fz_capture_stream(fz_capture *c, FILE **which)
{
    c->buf = NULL;
    c->len = 0;
    c->which = which;
    c->saved = *which;
    c->mem = open_memstream(&c->buf, &c->len);
    if (!c->mem)
        abort();
    fflush(*which);
    *which = c->mem;
}

static inline void fz_capture_begin(fz_capture *c) { fz_capture_stream(c, &stderr); }
static inline void fz_capture_out_begin(fz_capture *c) { fz_capture_stream(c, &stdout); }

/* Ends the capture: c->buf (free it) holds what was printed. */
static inline void fz_capture_end(fz_capture *c)
{
    fflush(c->mem);
    *c->which = c->saved;
    fclose(c->mem);
    if (!c->buf)
        abort();
}

/* What the tool printed is exactly one message line "wythoff: ...\n" (one
 * line unless the input it quotes had a newline: input_nl). */
static inline void fz_check_die_at(const char *file, int line, const fz_capture *c, int input_nl, const char *what)
{
    const char *nl = memchr(c->buf, '\n', c->len);
    if (c->len < 10 || strncmp(c->buf, "wythoff: ", 9) != 0 || !nl || c->buf[c->len - 1] != '\n' ||
        (!input_nl && nl != c->buf + c->len - 1) || memchr(c->buf, '\0', c->len))
        fz_fail(file, line, "%s: printed '%.*s', not one line 'wythoff: MESSAGE'", what, (int)c->len, c->buf);
}
#define fz_check_die(c, input_nl, what) fz_check_die_at(__FILE__, __LINE__, c, input_nl, what)

#endif
