/* util.c - the library's general helpers: a failure's message, the release
 * of what the library handed out, the version, a number of bytes in words. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

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
