/*
 * fuzz-num - the numbers of the command line (src/cli/num.c: cli_num_big,
 * cli_num_u64, cli_num_size, cli_num_bytes; the grammar in src/cli/cli.h).
 *
 * Input: byte 0 chooses the bound of cli_num_u64 (bits 0..2, with bytes
 * 1..8 when it is "any") and the bound on digits (bits 3..4: the command
 * line's 1000000, the server's 16384, 20 or 1, set by cli_num_set_digits);
 * the rest, up to a NUL byte, is the number's text.
 * Properties, against fz_num_ref (tests/fuzz/fuzz.h), a reference written
 * from the grammar (digits, A e B, A ^ B, B <= 100000, at most the bound's
 * digits counted before computing):
 *   - cli_num_big accepts exactly the well-formed texts with an exponent
 *     of at most 100000 and digits within the bound; its value equals the
 *     reference's (exactly below 2^64, and at least 2^64 when the
 *     reference saturates);
 *   - a rejection has a message: "bad WHAT ..." for a malformed text,
 *     "... too large ..." for a too large exponent or too many digits;
 *   - cli_num_u64(max) accepts exactly the well-formed values <= max, with
 *     that value; "too large (at most MAX)" above it; cli_num_size is
 *     cli_num_u64 with max 2^63;
 *   - cli_num_bytes accepts exactly NUMBER or NUMBER followed by one of
 *     K M G T (either case; powers of 1024) whose bytes fit in 64 bits,
 *     with the value NUMBER * 1024^k; else "bad memory limit" for a
 *     malformed text and "too large" for a well-formed one;
 *   - every message is NUL-terminated within the buffer, not empty, and
 *     without the "wythoff:" prefix.
 */
#include "fuzz.h"

#include "../../src/cli/cli.h"

/* The value of v when it fits in 64 bits (1), else 0. */
static int mpz_u64(const mpz_t v, uint64_t *out)
{
    if (mpz_sgn(v) < 0 || mpz_sizeinbase(v, 2) > 64)
        return 0;
    uint64_t x = 0;
    if (mpz_sgn(v) != 0)
        mpz_export(&x, NULL, -1, sizeof x, 0, 0, v);
    *out = x;
    return 1;
}

static void check_big(const char *text, int nl)
{
    fz_sat want = {0, 0};
    const int r = fz_num_ref(text, &want);
    mpz_t v;
    mpz_init(v);
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    int ok = cli_num_big(v, text, "X", err, sizeof err);
    FZ_CHECK(ok == (r == 1), "cli_num_big('%.80s') = %d, the reference says %d (%s)", text, ok, r,
             ok ? "" : err);
    if (ok) {
        uint64_t got = 0;
        int small = mpz_u64(v, &got);
        FZ_CHECK(mpz_sgn(v) >= 0, "cli_num_big('%.80s') is negative", text);
        if (want.big)
            FZ_CHECK(!small, "cli_num_big('%.80s') = %llu, the reference says at least 2^64", text,
                     (unsigned long long)got);
        else
            FZ_CHECK(small && got == want.v, "cli_num_big('%.80s') = %s, the reference says %llu", text,
                     small ? "a different value" : "at least 2^64", (unsigned long long)want.v);
    } else {
        fz_check_msg(err, sizeof err, nl, "cli_num_big");
        if (r == 0)
            FZ_CHECK(strncmp(err, "bad X '", 7) == 0, "malformed '%.80s': message '%s'", text, err);
        else
            FZ_CHECK(strstr(err, "too large") != NULL, "exponent too large in '%.80s': message '%s'", text, err);
    }
    mpz_clear(v);
}

static void check_u64(const char *text, uint64_t max, int size_fn, int nl)
{
    fz_sat want = {0, 0};
    const int r = fz_num_ref(text, &want);
    const int fits = r == 1 && !want.big && want.v <= max;
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    uint64_t got = 0xdeadbeef;
    int ok = size_fn ? cli_num_size(&got, text, "--size", err, sizeof err)
                     : cli_num_u64(&got, text, "--size", max, err, sizeof err);
    FZ_CHECK(ok == fits, "cli_num_%s('%.80s', max %llu) = %d; the reference: %d, %llu%s (%s)",
             size_fn ? "size" : "u64", text, (unsigned long long)max, ok, r, (unsigned long long)want.v,
             want.big ? " (at least 2^64)" : "", ok ? "" : err);
    if (ok) {
        FZ_CHECK(got == want.v, "cli_num_u64('%.80s') = %llu, want %llu", text, (unsigned long long)got,
                 (unsigned long long)want.v);
        return;
    }
    fz_check_msg(err, sizeof err, nl, "cli_num_u64");
    if (r == 0) {
        FZ_CHECK(strncmp(err, "bad --size '", 12) == 0, "malformed '%.80s': message '%s'", text, err);
    } else {
        FZ_CHECK(strstr(err, "too large") != NULL, "'%.80s' above %llu: message '%s'", text,
                 (unsigned long long)max, err);
        if (r == 1) {
            char most[40];
            if (max == (uint64_t)1 << 63)
                snprintf(most, sizeof most, "(at most 2^63)");
            else
                snprintf(most, sizeof most, "(at most %llu)", (unsigned long long)max);
            FZ_CHECK(strstr(err, most) != NULL, "'%.80s' above %llu: message '%s' without '%s'", text,
                     (unsigned long long)max, err, most);
        }
    }
}

static void check_bytes(const char *text, int nl)
{
    size_t n = strlen(text);
    unsigned shift = 0;
    if (n > 0) {
        const char *units = "kKmMgGtT", *u = strchr(units, text[n - 1]);
        if (u && *u)
            shift = 10 * (unsigned)(1 + (u - units) / 2);
    }
    char *num = strndup(text, n - (shift ? 1 : 0));
    if (!num)
        abort();
    fz_sat want = {0, 0};
    const int r = fz_num_ref(num, &want);
    free(num);
    int fits = 0;
    if (r == 1 && !want.big) {
        fits = want.v <= (UINT64_MAX >> shift);
        want.v <<= shift;
    }
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    uint64_t got = 0xdeadbeef;
    int ok = cli_num_bytes(&got, text, err, sizeof err);
    FZ_CHECK(ok == fits, "cli_num_bytes('%.80s') = %d; the reference: %d (%s) (%s)", text, ok, r,
             fits ? "fits" : "does not fit", ok ? "" : err);
    if (ok) {
        FZ_CHECK(got == want.v, "cli_num_bytes('%.80s') = %llu, want %llu", text, (unsigned long long)got,
                 (unsigned long long)want.v);
        return;
    }
    fz_check_msg(err, sizeof err, nl, "cli_num_bytes");
    if (r == 0)
        FZ_CHECK(strncmp(err, "bad memory limit '", 18) == 0, "malformed '%.80s': message '%s'", text, err);
    else
        FZ_CHECK(strstr(err, "too large") != NULL, "'%.80s' too large: message '%s'", text, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    const unsigned sel = fz_byte(&in);
    static const uint64_t bounds[8] = {0, 1, 255, 4096, UINT32_MAX, (uint64_t)1 << 63, UINT64_MAX, 0};
    uint64_t max = bounds[sel % 8];
    if (sel % 8 == 7)
        max = fz_u64(&in);
    static const uint64_t digit_bounds[4] = {1000000, 16384, 20, 1};
    fz_num_digits_max = digit_bounds[(sel >> 3) % 4];
    cli_num_set_digits(fz_num_digits_max);
    char *text = fz_text(in.p, in.n);
    const int nl = strchr(text, '\n') != NULL;
    check_big(text, nl);
    check_u64(text, max, 0, nl);
    check_u64(text, (uint64_t)1 << 63, 1, nl);
    check_bytes(text, nl);
    free(text);
    cli_num_set_digits(0);
    FZ_CHECK(cli_num_digits() == 1000000, "cli_num_set_digits(0): the bound is %llu, not the command line's 1000000",
             (unsigned long long)cli_num_digits());
    fz_num_digits_max = 1000000;
    return 0;
}
