/* side.c - the side game alone: passes and an extra Nim heap with no move
 * left on the two heaps (the terminal region), shared by the table and
 * layer engines. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int wyi_terminal_values(uint64_t *tv, uint64_t P, uint64_t H, int misere)
{
    const uint64_t NONE = UINT64_MAX;
    unsigned char *seen = malloc((size_t)(H + 3));
    if (!seen)
        return 0;
    for (uint64_t p = 0; p <= P; p++) {
        memset(seen, 0, (size_t)(H + 3));
        uint64_t m = 0; /* mex of the values seen at this p */
        for (uint64_t h = 0; h <= H; h++) {
            uint64_t v;
            if (h == 0) {
                v = misere ? 1 : 0;
            } else {
                uint64_t pass = p > 0 ? tv[(p - 1) * (H + 1) + h] : NONE;
                v = m;
                while (v == pass || (v < H + 3 && seen[v]))
                    v++;
            }
            tv[p * (H + 1) + h] = v;
            if (v < H + 3)
                seen[v] = 1;
            while (m < H + 3 && seen[m])
                m++;
        }
    }
    free(seen);
    return 1;
}
