/* util.c - the library's general helpers: a failure's message, the release
 * of what the library handed out, the version, a number of bytes in words,
 * the name a mistyped word meant (edit distance). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wy_status wyi_fail(wy_status status, char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return status;
}

void wy_free(void *p) { free(p); }

const char *wy_version(void) { return WY_VERSION; }

int wy_format_bytes(char *buf, size_t len, uint64_t b)
{
    static const char *const unit[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (b < 1024)
        return snprintf(buf, len, "%llu byte%s", (unsigned long long)b, b == 1 ? "" : "s");
    int u = 0;
    while (u < 5 && (b >> (10 * (u + 1))) >= 1024)
        u++;
    uint64_t whole = b >> (10 * (u + 1)), rest = b - (whole << (10 * (u + 1)));
    unsigned tenth = (unsigned)(((unsigned __int128)rest * 10) >> (10 * (u + 1))); /* rounded down */
    if (tenth)
        return snprintf(buf, len, "%llu.%u %s", (unsigned long long)whole, tenth, unit[u]);
    return snprintf(buf, len, "%llu %s", (unsigned long long)whole, unit[u]);
}

/* The optimal string alignment distance (Damerau-Levenshtein without edits
 * of a transposed pair): insertions, deletions, substitutions and swaps of
 * two adjacent bytes, each one edit.  Three rows of the usual table. */
size_t wyi_edit_distance(const char *a, size_t na, const char *b, size_t nb)
{
    if (na > WYI_EDIT_MAX || nb > WYI_EDIT_MAX)
        return SIZE_MAX;
    size_t rows[3][WYI_EDIT_MAX + 1];
    size_t *pp = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= nb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= na; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t d = prev[j - 1] + (a[i - 1] != b[j - 1]);
            if (prev[j] + 1 < d)
                d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
                d = pp[j - 2] + 1;
            cur[j] = d;
        }
        size_t *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    return prev[nb];
}

long wy_suggest(const char *word, size_t len, const char *const *names, size_t n)
{
    long best = -1;
    size_t dbest = SIZE_MAX;
    int tie = 0;
    if (!word || !names || len > WYI_EDIT_MAX)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!names[i])
            continue;
        size_t d = wyi_edit_distance(word, len, names[i], strlen(names[i]));
        if (d == 0 || d > 2 || 2 * d >= strlen(names[i]))
            continue; /* the word itself, or too far to be a slip */
        if (d < dbest) {
            best = (long)i;
            dbest = d;
            tie = 0;
        } else if (d == dbest && strcmp(names[i], names[best]) != 0) {
            tie = 1;
        }
    }
    return tie ? -1 : best;
}
