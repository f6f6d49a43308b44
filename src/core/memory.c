/* memory.c - the memory policy every front end shares: the default limit
 * (the machine's available memory) and the one shape of a refusal before
 * allocation. */
#include "internal.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

uint64_t wy_memory_default(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    if (f) {
        char line[256];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "MemAvailable:", 13) == 0) {
                const char *p = line + 13;
                unsigned long long kb = 0;
                while (*p == ' ')
                    p++;
                while (*p >= '0' && *p <= '9' && kb < (1ull << 53))
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

wy_status wy_memory_refusal(char *err, size_t errlen, const char *what, uint64_t need, uint64_t limit)
{
    char a[32], b[32];
    wy_format_bytes(a, sizeof a, need);
    wy_format_bytes(b, sizeof b, limit);
    return wyi_fail(WY_ERANGE, err, errlen, "%s needs about %s, more than the limit of %s", what ? what : "this", a, b);
}
