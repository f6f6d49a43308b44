/* num.c - numbers on the command line: one grammar for all of them
 * (docs/commands.md, "Numbers"), parsed exactly with GMP and then range
 * checked, so that a malformed number is called malformed and a well-formed
 * one too large is called too large, whatever its length. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXP_MAX 100000ul /* largest B of A e B and A ^ B */

/* The most decimal digits a number may have (cli_num_set_digits); read by
 * every thread, written once before any starts. */
static uint64_t digits_max = CLI_NUM_DIGITS;

void cli_num_set_digits(uint64_t max) { digits_max = max ? max : CLI_NUM_DIGITS; }

uint64_t cli_num_digits(void) { return digits_max; }

/* The text as quoted in a message: at most 40 bytes, then "...". */
static void quoted(char *buf, size_t n, const char *text)
{
    size_t len = strlen(text), k = len > 40 ? 40 : len;
    /* cut before a UTF-8 continuation byte, not inside a character */
    while (k < len && k > 0 && ((unsigned char)text[k] & 0xc0) == 0x80)
        k--;
    snprintf(buf, n, "%.*s%s", (int)k, text, len > k ? "..." : "");
}

static int all_digits(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/* The digits of s[0..n) without its leading zeros (at least 1). */
static uint64_t sig_digits(const char *s, size_t n)
{
    while (n > 1 && *s == '0')
        s++, n--;
    return n;
}

/* 1: v set; 0: malformed; -1: exponent too large; -2: more digits than
 * digits_max, *digits the count (A^B: an upper bound), nothing computed. */
static int parse(mpz_t v, const char *text, uint64_t *digits)
{
    size_t n = strlen(text);
    const char *op = strpbrk(text, "eE^");
    if (!op) {
        if (!all_digits(text, n))
            return 0;
        if ((*digits = sig_digits(text, n)) > digits_max)
            return -2;
        mpz_set_str(v, text, 10);
        return 1;
    }
    size_t na = (size_t)(op - text), nb = n - na - 1;
    if (!all_digits(text, na) || !all_digits(op + 1, nb))
        return 0;
    const char *b = op + 1;
    while (nb > 1 && *b == '0')
        b++, nb--;
    if (nb > 6)
        return -1;
    unsigned long ex = 0;
    for (size_t i = 0; i < nb; i++)
        ex = ex * 10 + (unsigned long)(b[i] - '0');
    if (ex > EXP_MAX)
        return -1;
    /* the size before the value: A < 10^da, so A^B < 10^(da B) and A 10^B
     * has da + B digits; A = 0 or 1 gives 0 or 1 */
    const uint64_t da = sig_digits(text, na);
    const int small = da == 1 && (text[na - 1] == '0' || (text[na - 1] == '1' && *op == '^'));
    *digits = small ? 1 : *op == '^' ? (ex ? da * ex : 1) : da + ex;
    if (*digits > digits_max)
        return -2;
    mpz_t base;
    mpz_init(base);
    char *a = strndup(text, na);
    if (!a) {
        mpz_clear(base);
        return -1;
    }
    mpz_set_str(base, a, 10);
    free(a);
    if (*op == '^') {
        mpz_pow_ui(v, base, ex);
    } else {
        mpz_ui_pow_ui(v, 10, ex);
        mpz_mul(v, v, base);
    }
    mpz_clear(base);
    return 1;
}

int cli_num_big(mpz_t out, const char *text, const char *what, char *err, size_t errlen)
{
    char q[48];
    quoted(q, sizeof q, text);
    uint64_t digits = 0;
    int r = parse(out, text, &digits);
    if (r == 0)
        snprintf(err, errlen, "bad %s '%s' (expected a non-negative integer such as 1000, 1e6 or 2^20)", what, q);
    else if (r == -1)
        snprintf(err, errlen, "%s '%s' is too large (exponent above %lu)", what, q, EXP_MAX);
    else if (r == -2)
        snprintf(err, errlen, "%s '%s' is too large (%s%llu digits; at most %llu)", what, q,
                 strchr(text, '^') ? "up to " : "", (unsigned long long)digits, (unsigned long long)digits_max);
    return r > 0;
}

int cli_num_u64(uint64_t *out, const char *text, const char *what, uint64_t max, char *err, size_t errlen)
{
    mpz_t v;
    mpz_init(v);
    int ok = cli_num_big(v, text, what, err, errlen);
    if (ok && (mpz_sizeinbase(v, 2) > 64 || mpz_cmp_ui(v, 0) < 0)) {
        ok = 0;
    } else if (ok) {
        uint64_t x = 0;
        mpz_export(&x, NULL, -1, sizeof x, 0, 0, v);
        if (x > max)
            ok = 0;
        else
            *out = x;
    }
    if (!ok && mpz_sgn(v) > 0) {
        char q[48], m[32];
        quoted(q, sizeof q, text);
        if (max == (uint64_t)1 << 63)
            snprintf(m, sizeof m, "2^63");
        else
            snprintf(m, sizeof m, "%llu", (unsigned long long)max);
        snprintf(err, errlen, "%s '%s' is too large (at most %s)", what, q, m);
    }
    mpz_clear(v);
    return ok;
}

int cli_num_size(uint64_t *out, const char *text, const char *what, char *err, size_t errlen)
{
    return cli_num_u64(out, text, what, (uint64_t)1 << 63, err, errlen);
}

int cli_num_bytes(uint64_t *out, const char *text, char *err, size_t errlen)
{
    size_t n = strlen(text);
    unsigned shift = 0;
    if (n > 0) {
        switch (text[n - 1]) {
        case 'k': case 'K': shift = 10; break;
        case 'm': case 'M': shift = 20; break;
        case 'g': case 'G': shift = 30; break;
        case 't': case 'T': shift = 40; break;
        default: break;
        }
    }
    char q[48];
    quoted(q, sizeof q, text);
    size_t nn = n - (shift ? 1 : 0);
    char *num = strndup(text, nn); /* the number without its suffix, of any length */
    mpz_t v;
    mpz_init(v);
    uint64_t digits;
    int r = nn > 0 && num ? parse(v, num, &digits) : 0;
    free(num);
    if (r == 1) {
        mpz_mul_2exp(v, v, shift);
        if (mpz_sizeinbase(v, 2) <= 64) {
            uint64_t x = 0;
            mpz_export(&x, NULL, -1, sizeof x, 0, 0, v);
            *out = x;
            mpz_clear(v);
            return 1;
        }
    }
    if (r != 0)
        snprintf(err, errlen, "memory limit '%s' is too large (at most 2^64 - 1 bytes)", q);
    else
        snprintf(err, errlen, "bad memory limit '%s' (expected bytes, or a number with K, M, G or T)", q);
    mpz_clear(v);
    return 0;
}
