/*
 * t-le - the little-endian integers of wythoff.h (wy_put_le32,
 * wy_put_le64, wy_get_le32, wy_get_le64), which the strip cache and the
 * tool's stored layers write their files with:
 *   - fixed values against their bytes written out by hand (the least
 *     significant byte first, whatever the machine's order);
 *   - put then get gives the value back, for random values and the edges,
 *     and writes exactly 4 or 8 bytes (the bytes around are untouched).
 * Environment: WY_SEED (default 20261121), WY_TEST_ITERS (default 1).
 * Output: "PASS name" / "FAIL name: why" lines; exit 0 iff all passed.
 */
#include "../naive/testkit.h"
#include "wythoff.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int fails;

static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    fails += !ok;
}

int main(void)
{
    static const unsigned char b32[4] = {0x78, 0x56, 0x34, 0x12};
    static const unsigned char b64[8] = {0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01};
    unsigned char p[12];
    memset(p, 0, sizeof p);
    wy_put_le32(p, 0x12345678u);
    check(memcmp(p, b32, 4) == 0 && wy_get_le32(b32) == 0x12345678u, "le32: 0x12345678 is 78 56 34 12");
    wy_put_le64(p, UINT64_C(0x0123456789abcdef));
    check(memcmp(p, b64, 8) == 0 && wy_get_le64(b64) == UINT64_C(0x0123456789abcdef),
          "le64: 0x0123456789abcdef is ef cd ab 89 67 45 23 01");

    uint64_t seed, iters;
    if (tk_seed(&seed) != 0 || tk_iters(&iters) != 0)
        return 2;
    tk_rng g;
    tk_rng_seed(&g, seed);
    int bad = 0;
    for (uint64_t i = 0; i < 100000 * iters && !bad; i++) {
        uint64_t v = i < 4 ? (uint64_t[]){0, 1, UINT32_MAX, UINT64_MAX}[i] : tk_rng_next(&g) >> (i % 64);
        memset(p, 0xa5, sizeof p);
        wy_put_le64(p + 2, v);
        int ok64 = wy_get_le64(p + 2) == v && p[0] == 0xa5 && p[1] == 0xa5 && p[10] == 0xa5 && p[11] == 0xa5;
        memset(p, 0xa5, sizeof p);
        wy_put_le32(p + 2, (uint32_t)v);
        int ok32 = wy_get_le32(p + 2) == (uint32_t)v && p[1] == 0xa5 && p[6] == 0xa5;
        if (!ok64 || !ok32) {
            printf("FAIL round trip of %" PRIu64 " (0x%" PRIx64 "): le64 %s, le32 %s\n", v, v, ok64 ? "ok" : "wrong",
                   ok32 ? "ok" : "wrong");
            bad = 1;
        }
    }
    fails += bad;
    if (!bad)
        printf("PASS round trip: le32 and le64 give back %" PRIu64 " values, 4 and 8 bytes written\n",
               100000 * iters);
    return fails != 0;
}
