/*
 * fuzz-rules - the rules language (wy_rules_parse, wy_rules_format,
 * wy_rules_check, wy_side_format; docs/rules.md).
 *
 * Input: the ruleset text (up to the first NUL byte).
 * Properties:
 *   - wy_rules_parse accepts exactly what an independent parser written
 *     from docs/rules.md accepts (GAME ('+' OPTION)*, each option once,
 *     decimal values from the option's least value to 4294967295, no mod
 *     with nim), with the same fields;
 *   - accepted: wy_rules_check agrees; wy_rules_format gives the canonical
 *     text (built here independently), at most 120 bytes, which parses
 *     again to the identical ruleset and formats to the identical text;
 *     a short buffer gets a NUL-terminated prefix and the same length;
 *   - rejected: the message is NUL-terminated within WY_ERRLEN, not empty,
 *     without the "wythoff:" prefix; a short error buffer gets a
 *     NUL-terminated prefix of it, and NULL / 0 is allowed;
 *   - wy_side_format of every side state of an accepted ruleset is the
 *     documented text ("passes left P", "extra heap H", both, or ""),
 *     at most 45 bytes.
 */
#include "fuzz.h"

#include "wythoff.h"

/* The reference parser: 1 with *r set, 0 rejected. */
static int ref_parse(wy_rules *r, const char *t)
{
    memset(r, 0, sizeof *r);
    static const char *const names[] = {"pass", "heap", "max", "mod", "terminal", "misere"};
    int seen[6] = {0};
    const char *p = t, *end = t + strlen(t);
    const char *plus = memchr(p, '+', (size_t)(end - p));
    size_t n = plus ? (size_t)(plus - p) : (size_t)(end - p);
    if (n == 7 && strncmp(p, "wythoff", 7) == 0)
        r->game = WY_GAME_WYTHOFF;
    else if (n == 3 && strncmp(p, "nim", 3) == 0)
        r->game = WY_GAME_NIM;
    else
        return 0;
    while (plus) {
        p = plus + 1;
        plus = memchr(p, '+', (size_t)(end - p));
        n = plus ? (size_t)(plus - p) : (size_t)(end - p);
        const char *eq = memchr(p, '=', n);
        size_t nn = eq ? (size_t)(eq - p) : n;
        int o = -1;
        for (int i = 0; i < 6; i++)
            if (strlen(names[i]) == nn && strncmp(names[i], p, nn) == 0)
                o = i;
        if (o < 0 || seen[o])
            return 0;
        seen[o] = 1;
        uint64_t v = 1;
        if (eq) {
            size_t nv = n - nn - 1;
            if (o == 5 || nv == 0)
                return 0;
            v = 0;
            for (size_t i = 0; i < nv; i++) {
                char c = eq[1 + i];
                if (c < '0' || c > '9')
                    return 0;
                v = v * 10 + (uint64_t)(c - '0');
                if (v > UINT32_MAX)
                    return 0;
            }
            if (v < (o == 4 ? 0u : 1u))
                return 0;
        } else if (o != 0 && o != 5) {
            return 0; /* heap, max, mod, terminal need a value */
        }
        switch (o) {
        case 0: r->passes = (uint32_t)v; break;
        case 1: r->heap = (uint32_t)v; break;
        case 2: r->max = (uint32_t)v; break;
        case 3: r->mod = (uint32_t)v; break;
        case 4: r->has_terminal = 1; r->terminal = (uint32_t)v; break;
        default: r->misere = 1; break;
        }
    }
    if (r->mod && r->game == WY_GAME_NIM)
        return 0;
    return 1;
}

/* The canonical text, from docs/rules.md "Canonical order". */
static void ref_format(char *buf, size_t len, const wy_rules *r)
{
    int k = snprintf(buf, len, "%s", r->game == WY_GAME_NIM ? "nim" : "wythoff");
    if (r->passes == 1)
        k += snprintf(buf + k, len - (size_t)k, "+pass");
    else if (r->passes)
        k += snprintf(buf + k, len - (size_t)k, "+pass=%lu", (unsigned long)r->passes);
    if (r->heap)
        k += snprintf(buf + k, len - (size_t)k, "+heap=%lu", (unsigned long)r->heap);
    if (r->max)
        k += snprintf(buf + k, len - (size_t)k, "+max=%lu", (unsigned long)r->max);
    if (r->mod)
        k += snprintf(buf + k, len - (size_t)k, "+mod=%lu", (unsigned long)r->mod);
    if (r->has_terminal)
        k += snprintf(buf + k, len - (size_t)k, "+terminal=%lu", (unsigned long)r->terminal);
    if (r->misere)
        snprintf(buf + k, len - (size_t)k, "+misere");
}

static int same_rules(const wy_rules *a, const wy_rules *b)
{
    return a->game == b->game && a->passes == b->passes && a->heap == b->heap && a->max == b->max &&
           a->mod == b->mod && a->has_terminal == b->has_terminal && a->terminal == b->terminal &&
           a->misere == b->misere;
}

#define RULES_FMT "game=%d passes=%lu heap=%lu max=%lu mod=%lu has_terminal=%d terminal=%lu misere=%d"
#define RULES_ARGS(r)                                                                                                 \
    (int)(r).game, (unsigned long)(r).passes, (unsigned long)(r).heap, (unsigned long)(r).max,                        \
        (unsigned long)(r).mod, (r).has_terminal, (unsigned long)(r).terminal, (r).misere

static void check_side_format(const wy_rules *r, wy_side s)
{
    char got[64], want[64];
    if (r->passes && r->heap)
        snprintf(want, sizeof want, "passes left %lu, extra heap %lu", (unsigned long)s.pass, (unsigned long)s.heap);
    else if (r->passes)
        snprintf(want, sizeof want, "passes left %lu", (unsigned long)s.pass);
    else if (r->heap)
        snprintf(want, sizeof want, "extra heap %lu", (unsigned long)s.heap);
    else
        want[0] = '\0';
    memset(got, 'X', sizeof got);
    int n = wy_side_format(got, sizeof got, r, s);
    FZ_CHECK(n >= 0 && n <= 45 && (size_t)n == strlen(want), "wy_side_format returned %d for '%s'", n, want);
    FZ_CHECK(strcmp(got, want) == 0, "wy_side_format gave '%s', want '%s'", got, want);
    char small[8];
    n = wy_side_format(small, sizeof small, r, s);
    FZ_CHECK((size_t)n == strlen(want) && strncmp(small, want, sizeof small - 1) == 0 &&
                 memchr(small, '\0', sizeof small),
             "wy_side_format into 8 bytes: '%.8s' (returned %d), want a prefix of '%s'", small, n, want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_text(data, size);
    const int nl = strchr(text, '\n') != NULL;
    wy_rules ref, r, r2;
    char err[WY_ERRLEN];
    memset(err, 'X', sizeof err);
    memset(&r, 0xA5, sizeof r);
    const int want = ref_parse(&ref, text);
    wy_status st = wy_rules_parse(&r, text, err, sizeof err);
    FZ_CHECK(st == WY_OK || st == WY_EINVAL, "wy_rules_parse('%s') returned status %d", text, (int)st);
    if (st != WY_OK) {
        FZ_CHECK(!want, "wy_rules_parse rejected '%s' (%s); the reference accepts it: " RULES_FMT, text, err,
                 RULES_ARGS(ref));
        fz_check_msg(err, sizeof err, nl, "wy_rules_parse");
        /* a short buffer: a NUL-terminated prefix of the message */
        for (size_t len = 1; len <= 16; len += 5) {
            char small[16];
            memset(small, 'X', sizeof small);
            FZ_CHECK(wy_rules_parse(&r2, text, small, len) == st, "status depends on the error buffer's length");
            FZ_CHECK(memchr(small, '\0', len) && strncmp(small, err, len - 1) == 0,
                     "message into %zu bytes: '%.*s', want a prefix of '%s'", len, (int)len, small, err);
            FZ_CHECK(len == sizeof small || small[len] == 'X', "message written past %zu bytes", len);
        }
        FZ_CHECK(wy_rules_parse(&r2, text, NULL, 0) == st, "status with no error buffer");
        free(text);
        return 0;
    }
    FZ_CHECK(want, "wy_rules_parse accepted '%s' as " RULES_FMT "; the reference rejects it", text, RULES_ARGS(r));
    FZ_CHECK(same_rules(&r, &ref), "wy_rules_parse('%s') gave " RULES_FMT ", want " RULES_FMT, text, RULES_ARGS(r),
             RULES_ARGS(ref));
    FZ_CHECK(wy_rules_check(&r, err, sizeof err) == WY_OK, "wy_rules_check refuses a parsed ruleset: %s", err);

    /* format, parse again, format again */
    char canon[200], want_text[200], again[200];
    memset(canon, 'X', sizeof canon);
    int n = wy_rules_format(canon, sizeof canon, &r);
    ref_format(want_text, sizeof want_text, &r);
    FZ_CHECK(n > 0 && n <= 120 && (size_t)n == strlen(canon), "wy_rules_format returned %d for '%s'", n, canon);
    FZ_CHECK(strcmp(canon, want_text) == 0, "wy_rules_format gave '%s', want '%s'", canon, want_text);
    memset(&r2, 0x5A, sizeof r2);
    st = wy_rules_parse(&r2, canon, err, sizeof err);
    FZ_CHECK(st == WY_OK, "the canonical text '%s' of '%s' does not parse: %s", canon, text, err);
    FZ_CHECK(same_rules(&r, &r2), "'%s' parses to " RULES_FMT ", its canonical text '%s' to " RULES_FMT, text,
             RULES_ARGS(r), canon, RULES_ARGS(r2));
    int n2 = wy_rules_format(again, sizeof again, &r2);
    FZ_CHECK(n2 == n && strcmp(again, canon) == 0, "format(parse('%s')) = '%s'", canon, again);
    /* a short buffer: a NUL-terminated prefix, the full length returned */
    size_t len = (size_t)(data[0] % 24) + 1;
    char small[32];
    memset(small, 'X', sizeof small);
    n2 = wy_rules_format(small, len, &r);
    FZ_CHECK(n2 == n && memchr(small, '\0', len) && strncmp(small, canon, len - 1) == 0 && small[len] == 'X',
             "wy_rules_format into %zu bytes: '%.*s' (returned %d), want a prefix of '%s'", len, (int)len, small, n2,
             canon);
    FZ_CHECK(wy_rules_format(NULL, 0, &r) == n, "wy_rules_format(NULL, 0) does not return the length");

    /* the side states' words: the start, none, and one from the input */
    check_side_format(&r, wy_side_start(&r));
    check_side_format(&r, (wy_side){0, 0});
    wy_side s = {r.passes ? (uint32_t)(size % ((uint64_t)r.passes + 1)) : 0,
                 r.heap ? (uint32_t)(data[size - 1] % ((uint64_t)r.heap + 1)) : 0};
    FZ_CHECK(wy_side_check(&r, s, err, sizeof err) == WY_OK, "wy_side_check refuses pass %lu heap %lu: %s",
             (unsigned long)s.pass, (unsigned long)s.heap, err);
    check_side_format(&r, s);
    if (r.passes < UINT32_MAX) {
        wy_side bad = {r.passes + 1, 0};
        FZ_CHECK(wy_side_check(&r, bad, err, sizeof err) == WY_EINVAL, "wy_side_check accepts pass %lu",
                 (unsigned long)bad.pass);
        fz_check_msg(err, sizeof err, 0, "wy_side_check");
    }
    free(text);
    return 0;
}
