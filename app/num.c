/* num.c - numbers on the command line, parsed with range checks. */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LIMIT ((uint64_t)1 << 63)

static int digits(uint64_t *out, const char *s, size_t n)
{
    uint64_t v = 0;
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        if (v > (LIMIT - (uint64_t)(s[i] - '0')) / 10)
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    *out = v;
    return 1;
}

int cli_parse_size(uint64_t *out, const char *text, const char *what, char *err, size_t errlen)
{
    size_t n = strlen(text);
    const char *e = strpbrk(text, "eE^");
    uint64_t a = 0, b = 0;
    int ra, rb = 1;
    if (!e) {
        ra = digits(&a, text, n);
    } else {
        ra = digits(&a, text, (size_t)(e - text));
        rb = digits(&b, e + 1, n - (size_t)(e - text) - 1);
    }
    if (ra == 0 || rb == 0) {
        snprintf(err, errlen, "bad %s '%s' (expected a non-negative integer such as 1000, 1e6 or 2^20)", what, text);
        return 0;
    }
    if (ra < 0 || rb < 0) {
        snprintf(err, errlen, "%s '%s' is too large (at most 2^63)", what, text);
        return 0;
    }
    if (e) {
        uint64_t base = (*e == '^') ? a : 10, v = (*e == '^') ? 1 : a;
        for (uint64_t i = 0; i < b; i++) {
            if (v != 0 && base != 0 && v > LIMIT / base) {
                snprintf(err, errlen, "%s '%s' is too large (at most 2^63)", what, text);
                return 0;
            }
            v *= base;
            if (v == 0 || base == 1)
                break;
        }
        a = v;
    }
    *out = a;
    return 1;
}

int cli_parse_coord(uint32_t *out, int *fits, const char *text, const char *what, char *err, size_t errlen)
{
    size_t n = strlen(text);
    if (n == 0 || strspn(text, "0123456789") != n) {
        snprintf(err, errlen, "bad %s '%s' (expected a non-negative decimal integer)", what, text);
        return 0;
    }
    while (n > 1 && *text == '0') {
        text++;
        n--;
    }
    uint64_t v = 0;
    *fits = 0;
    if (n <= 10) {
        for (size_t i = 0; i < n; i++)
            v = v * 10 + (uint64_t)(text[i] - '0');
        if (v <= UINT32_MAX) {
            *out = (uint32_t)v;
            *fits = 1;
        }
    }
    return 1;
}

int cli_parse_bytes(uint64_t *out, const char *text, char *err, size_t errlen)
{
    size_t n = strlen(text);
    uint64_t mult = 1, v;
    if (n > 0) {
        switch (text[n - 1]) {
        case 'k': case 'K': mult = (uint64_t)1 << 10; n--; break;
        case 'm': case 'M': mult = (uint64_t)1 << 20; n--; break;
        case 'g': case 'G': mult = (uint64_t)1 << 30; n--; break;
        case 't': case 'T': mult = (uint64_t)1 << 40; n--; break;
        default: break;
        }
    }
    int r = digits(&v, text, n);
    if (r <= 0 || (v && v > UINT64_MAX / mult)) {
        snprintf(err, errlen, "bad memory limit '%s' (expected bytes, or a number with K, M, G or T)", text);
        return 0;
    }
    *out = v * mult;
    return 1;
}

uint64_t cli_available_memory(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        unsigned long long kb;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "MemAvailable:", 13) == 0) {
                char *p = line + 13;
                while (*p == ' ')
                    p++;
                kb = 0;
                while (*p >= '0' && *p <= '9')
                    kb = kb * 10 + (unsigned long long)(*p++ - '0');
                fclose(f);
                return (uint64_t)kb * 1024;
            }
        }
        fclose(f);
    }
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0)
        return (uint64_t)pages * (uint64_t)size;
    return 0;
}
